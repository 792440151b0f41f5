//! TOML → typed content, with parse errors turned into `file: line:col key: problem`.

use crate::ContentError;
use serde::de::DeserializeOwned;

/// Parses `text` (read from `file`) into `T`. Unknown keys are errors wherever `T` says
/// `deny_unknown_fields` (all our content types do).
pub fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, ContentError> {
    toml::from_str(text).map_err(|e| {
        let (field, _) = locate(text, e.span());
        ContentError::new(file, field, e.message().trim().to_string())
    })
}

/// Parses bytes that must be UTF-8 TOML.
pub fn parse_bytes<T: DeserializeOwned>(file: &str, bytes: &[u8]) -> Result<T, ContentError> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| ContentError::new(file, format!("byte {}", e.valid_up_to()), "not UTF-8 text"))?;
    parse(file, text)
}

/// "line L col C" plus the key on that line when there is one (`key = value`), so the
/// message names the field even for type errors deep in a table.
fn locate(text: &str, span: Option<std::ops::Range<usize>>) -> (String, usize) {
    let Some(span) = span else {
        return ("(whole file)".to_string(), 0);
    };
    let start = span.start.min(text.len());
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = text[line_start..start].chars().count() + 1;
    let line_text = text[line_start..].lines().next().unwrap_or("");
    let key = line_text
        .split_once('=')
        .map(|(k, _)| k.trim())
        .filter(|k| !k.is_empty() && !k.starts_with('#') && !k.starts_with('['));
    let field = match key {
        Some(k) => format!("line {line} col {col} `{k}`"),
        None => format!("line {line} col {col}"),
    };
    (field, line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct T {
        a: u32,
        b: Option<f64>,
    }

    #[test]
    fn type_errors_name_the_key_and_line() {
        let e = parse::<T>("x.toml", "a = 1\nb = \"fast\"\n").unwrap_err();
        assert_eq!(e.file, "x.toml");
        assert!(e.field.contains("line 2") && e.field.contains("`b`"), "{e}");
        assert!(e.problem.contains("invalid type"), "{e}");
    }

    #[test]
    fn unknown_keys_are_refused() {
        let e = parse::<T>("x.toml", "a = 1\nspeed = 3\n").unwrap_err();
        assert!(e.problem.contains("unknown field `speed`"), "{e}");
        assert!(e.field.contains("line 2"), "{e}");
    }

    #[test]
    fn syntax_errors_give_a_position() {
        let e = parse::<T>("x.toml", "a = = 1\n").unwrap_err();
        assert!(e.field.starts_with("line 1"), "{e}");
    }
}
