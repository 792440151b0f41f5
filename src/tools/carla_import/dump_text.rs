//! Reading a CARLA physics dump's text into a tree of values, before any of it means
//! anything: the Python repr `print(vehicle.get_physics_control())` gives
//! (`VehiclePhysicsControl(torque_curve=[Vector2D(x=.., y=..), ...], ...)`), or the same
//! data as JSON (objects become nameless calls, arrays lists). A text whose first
//! non-blank character is `{` is read as JSON, anything else as a repr.
//!
//! Errors name the dump and the position (`line L col C`) and say what was expected and
//! what was found; nesting deeper than [`MAX_DEPTH`] is refused rather than recursed into.
//! `tools::carla_import` gives the tree its meaning.

use crate::content::ContentError;

/// Deepest nesting of lists and calls the reader accepts.
pub const MAX_DEPTH: usize = 64;

/// A parsed value of the repr (or of the JSON, mapped onto the same shapes).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A number (Python int or float, JSON number).
    Num(f64),
    /// `True` / `False` (JSON `true` / `false`).
    Bool(bool),
    /// A quoted string.
    Str(String),
    /// `None` (JSON `null`).
    Null,
    /// `[...]` or a tuple `(...)`.
    List(Vec<Value>),
    /// `Name(key=value, ...)`, or a JSON object (empty name).
    Call(String, Vec<(String, Value)>),
}

impl Value {
    /// What it is, for "expected X, found Y".
    pub fn describe(&self) -> String {
        match self {
            Value::Num(x) => format!("the number {x}"),
            Value::Bool(true) => "`True`".to_string(),
            Value::Bool(false) => "`False`".to_string(),
            Value::Str(_) => "a string".to_string(),
            Value::Null => "`None`".to_string(),
            Value::List(_) => "a list".to_string(),
            Value::Call(name, _) if name.is_empty() => "an object".to_string(),
            Value::Call(name, _) => format!("`{name}(...)`"),
        }
    }
}

/// Reads `text` (from `file`, named in errors) into a value tree.
pub fn parse_dump(file: &str, text: &str) -> Result<Value, ContentError> {
    let start = text.len()
        - text
            .trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
            .len();
    let rest = text.get(start..).unwrap_or("");
    if rest.is_empty() {
        return Err(ContentError::new(
            file,
            position(text, start),
            "expected a CARLA dump (`VehiclePhysicsControl(...)` or a JSON object), found an empty text",
        ));
    }
    if rest.starts_with('{') {
        parse_json(file, text, start)
    } else {
        let mut p = Repr { file, text, pos: start };
        let v = p.value(0)?;
        p.skip_ws();
        if p.pos < text.len() {
            return Err(p.expected("the end of the dump"));
        }
        Ok(v)
    }
}

/// "line L col C" of byte offset `at` (columns count characters, from 1).
fn position(text: &str, at: usize) -> String {
    let bytes = text.as_bytes();
    let before = bytes.get(..at).unwrap_or(bytes);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let col = before
        .get(line_start..)
        .unwrap_or(&[])
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count()
        + 1;
    format!("line {line} col {col}")
}

/// The hand-written recursive-descent reader of Python reprs: numbers (with exponents,
/// signs, `nan`, `inf`), `True`/`False`/`None`, quoted strings, lists `[...]`, tuples
/// `(...)` and constructor calls `Name(key=value, ...)` (dotted names allowed).
struct Repr<'a> {
    file: &'a str,
    text: &'a str,
    pos: usize,
}

impl Repr<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b) if b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn error_at(&self, at: usize, problem: impl Into<String>) -> ContentError {
        ContentError::new(self.file, position(self.text, at), problem)
    }

    /// What is at the current position, in words.
    fn found(&self) -> String {
        match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            None => "the end of the dump".to_string(),
            Some(c) if c.is_control() => format!("the character U+{:04X}", c as u32),
            Some(c) => format!("`{c}`"),
        }
    }

    fn expected(&self, what: &str) -> ContentError {
        self.error_at(self.pos, format!("expected {what}, found {}", self.found()))
    }

    fn value(&mut self, depth: usize) -> Result<Value, ContentError> {
        self.skip_ws();
        if depth >= MAX_DEPTH {
            return Err(self.error_at(self.pos, format!("nested deeper than {MAX_DEPTH} levels")));
        }
        match self.peek() {
            Some(b'[') => self.list(b']', depth),
            Some(b'(') => self.list(b')', depth),
            Some(q @ (b'"' | b'\'')) => self.string(q),
            Some(b'-' | b'+' | b'.' | b'0'..=b'9') => self.number(),
            Some(b) if b.is_ascii_alphabetic() || b == b'_' => self.word(depth),
            _ => Err(self.expected("a value (a number, True, False, a string, a list or `Name(...)`)")),
        }
    }

    fn list(&mut self, close: u8, depth: usize) -> Result<Value, ContentError> {
        let open_at = self.pos;
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(close) {
                self.pos += 1;
                return Ok(Value::List(items));
            }
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b) if b == close => {}
                _ => {
                    let what = format!(
                        "`,` or `{}` (closing the list opened at {})",
                        close as char,
                        position(self.text, open_at)
                    );
                    return Err(self.expected(&what));
                }
            }
        }
    }

    fn string(&mut self, quote: u8) -> Result<Value, ContentError> {
        let start = self.pos;
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            match self.peek() {
                None => return Err(self.error_at(start, "this string is not closed")),
                Some(b) if b == quote => {
                    self.pos += 1;
                    return Ok(Value::Str(String::from_utf8_lossy(&bytes).into_owned()));
                }
                Some(b'\\') => {
                    self.pos += 1;
                    match self.peek() {
                        None => return Err(self.error_at(start, "this string is not closed")),
                        Some(b'n') => bytes.push(b'\n'),
                        Some(b't') => bytes.push(b'\t'),
                        Some(b) => bytes.push(b),
                    }
                    self.pos += 1;
                }
                Some(b) => {
                    bytes.push(b);
                    self.pos += 1;
                }
            }
        }
    }

    fn identifier(&mut self) -> &str {
        let start = self.pos;
        while matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric() || b == b'_' || b == b'.') {
            self.pos += 1;
        }
        self.text.get(start..self.pos).unwrap_or("")
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Value, ContentError> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if matches!(self.peek(), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        if matches!(self.peek(), Some(b) if b.is_ascii_alphabetic()) {
            let word = self.identifier().to_ascii_lowercase();
            let x = match word.as_str() {
                "nan" => f64::NAN,
                "inf" | "infinity" => f64::INFINITY,
                _ => return Err(self.error_at(start, format!("expected a number, found `{word}` after the sign"))),
            };
            return Ok(Value::Num(if negative { -x } else { x }));
        }
        let whole = self.digits();
        let mut fraction = 0;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            fraction = self.digits();
        }
        if whole + fraction == 0 {
            return Err(self.expected("the digits of a number"));
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'-' | b'+')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.expected("the digits of an exponent"));
            }
        }
        let s = self.text.get(start..self.pos).unwrap_or("");
        s.parse::<f64>()
            .map(Value::Num)
            .map_err(|_| self.error_at(start, format!("`{s}` is not a number")))
    }

    /// `True`, `False`, `None`, `nan`, `inf`, or a call `Name(key=value, ...)`.
    fn word(&mut self, depth: usize) -> Result<Value, ContentError> {
        let start = self.pos;
        let name = self.identifier().to_string();
        match name.as_str() {
            "True" | "true" => return Ok(Value::Bool(true)),
            "False" | "false" => return Ok(Value::Bool(false)),
            "None" | "null" => return Ok(Value::Null),
            "nan" | "NaN" => return Ok(Value::Num(f64::NAN)),
            "inf" | "Infinity" => return Ok(Value::Num(f64::INFINITY)),
            _ => {}
        }
        self.skip_ws();
        if self.peek() != Some(b'(') {
            let what =
                format!("`(` after `{name}` (a value is a number, True, False, a string, a list or `Name(...)`)");
            return Err(self.expected(&what));
        }
        self.pos += 1;
        let mut fields = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(b')') {
                self.pos += 1;
                return Ok(Value::Call(name, fields));
            }
            if !matches!(self.peek(), Some(b) if b.is_ascii_alphabetic() || b == b'_') {
                let what = format!(
                    "a `key=value` field or `)` in `{name}(...)` (opened at {})",
                    position(self.text, start)
                );
                return Err(self.expected(&what));
            }
            let key = self.identifier().to_string();
            self.skip_ws();
            if self.peek() != Some(b'=') {
                return Err(self.expected(&format!("`=` after `{key}`")));
            }
            self.pos += 1;
            let value = self.value(depth + 1)?;
            fields.push((key, value));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b')') => {}
                _ => {
                    let what = format!("`,` or `)` (closing `{name}(` at {})", position(self.text, start));
                    return Err(self.expected(&what));
                }
            }
        }
    }
}

fn parse_json(file: &str, text: &str, start: usize) -> Result<Value, ContentError> {
    let body = text.get(start..).unwrap_or("");
    let json: serde_json::Value = serde_json::from_str(body).map_err(|e| {
        // serde_json counts lines and byte columns from `start`; make them ours.
        let line_start = body
            .split('\n')
            .take(e.line().saturating_sub(1))
            .map(|l| l.len() + 1)
            .sum::<usize>();
        let at = start + line_start + e.column().saturating_sub(1);
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or(&message).to_string();
        let near = text.get(at.saturating_sub(1)..).unwrap_or("");
        let near = near.get(..near.len().min(10)).unwrap_or(near);
        let problem = if near.contains("NaN") || near.contains("Infinity") {
            "NaN and Infinity are not JSON numbers, and the dump's values must be finite: fix this value".to_string()
        } else {
            format!("not valid JSON: {message}")
        };
        ContentError::new(file, position(text, at), problem)
    })?;
    from_json(file, json, 0)
}

fn from_json(file: &str, json: serde_json::Value, depth: usize) -> Result<Value, ContentError> {
    use serde_json::Value as J;
    if depth >= MAX_DEPTH {
        return Err(ContentError::new(
            file,
            "(whole dump)",
            format!("nested deeper than {MAX_DEPTH} levels"),
        ));
    }
    Ok(match json {
        J::Null => Value::Null,
        J::Bool(b) => Value::Bool(b),
        J::Number(n) => Value::Num(n.as_f64().unwrap_or(f64::NAN)),
        J::String(s) => Value::Str(s),
        J::Array(items) => Value::List(
            items
                .into_iter()
                .map(|v| from_json(file, v, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        J::Object(map) => Value::Call(
            String::new(),
            map.into_iter()
                .map(|(k, v)| Ok((k, from_json(file, v, depth + 1)?)))
                .collect::<Result<_, ContentError>>()?,
        ),
    })
}
