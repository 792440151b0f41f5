//! `SDL_GAMECONTROLLERCONFIG`: SDL mappings for pads SDL's database does not know, read by
//! gilrs' rules and reported in the log before any pad is plugged in.
//!
//! The variable holds SDL mapping lines, one a pad (`GUID,NAME,a:b0,leftx:a0,dpup:h0.1,…`,
//! `platform:Linux` optional), as Steam and handheld launchers set it and SDL2 Gamepad Tool
//! or SDL's `controllermap` write it. gilrs is what applies it at run time: it reads the
//! variable itself, after its copy of SDL's database (so a line here wins over the
//! database, as in SDL), keeps the last line per GUID, and parses that line only when a pad
//! with the GUID connects. A line whose GUID it cannot read and a line for another platform
//! it drops without a word; a field it cannot read it reports only at connection, falling
//! back to its default mapping for that pad.
//!
//! [`SdlMappings::parse`] reads the same text by the same rules (gilrs 0.11's mapping
//! database and mapping parser) so that [`Pads::open`](crate::Pads::open) can say at start
//! which lines were taken, which were skipped for another platform, and which were refused
//! and why. For each taken line it also works out what the game gets from each raw input
//! ([`SdlMapping::game_input`]): the SDL name the line gives the input, as gilrs names it
//! ([`AxisOrBtn`]), then the table (`pad_input`) that turns gilrs' buttons and axes into
//! the game's for every pad event at run time. Where gilrs reads a line otherwise than SDL
//! would (`~` inversion, half axes, hats), the mapping carries a note saying so, and the log
//! shows it.
//!
//! What cannot be checked without a pad: which evdev code gilrs finds at a line's `b3` or
//! `a2`. gilrs numbers a pad's buttons and axes in SDL's order except on a few pads (buttons
//! `BTN_0`…`BTN_9` beside joystick buttons; axes after a digital hat, which SDL leaves out
//! of its count).

use crate::pad_input::{pad_input, PadInput};
use gilrs::ev::AxisOrBtn;
use gilrs::{Axis, Button};

/// The environment variable SDL (and gilrs) read mapping lines from.
pub const SDL_MAPPINGS_ENV: &str = "SDL_GAMECONTROLLERCONFIG";

/// The name this platform goes by in a line's `platform:` field (gilrs' names: a line for
/// any other platform is skipped).
#[cfg(any(target_os = "linux", target_os = "dragonfly", target_os = "freebsd"))]
pub const SDL_PLATFORM: &str = "Linux";
/// The name this platform goes by in a line's `platform:` field (gilrs' names: a line for
/// any other platform is skipped).
#[cfg(target_os = "macos")]
pub const SDL_PLATFORM: &str = "Mac OS X";
/// The name this platform goes by in a line's `platform:` field (gilrs' names: a line for
/// any other platform is skipped).
#[cfg(target_os = "windows")]
pub const SDL_PLATFORM: &str = "Windows";
/// The name this platform goes by in a line's `platform:` field (gilrs' names: a line for
/// any other platform is skipped).
#[cfg(not(any(
    target_os = "linux",
    target_os = "dragonfly",
    target_os = "freebsd",
    target_os = "macos",
    target_os = "windows"
)))]
pub const SDL_PLATFORM: &str = "Unknown";

/// The names a field may give, sorted, and what gilrs calls each: SDL's names plus gilrs'
/// `c`, `z`, `leftz` and `rightz` (gilrs 0.11's own table). Those gilrs has no button for
/// (`misc1`, `paddle1`, `touchpad`…) come out as `Button::Unknown`, which the game ignores.
const SDL_NAMES: [(&str, AxisOrBtn); 35] = [
    ("a", AxisOrBtn::Btn(Button::South)),
    ("b", AxisOrBtn::Btn(Button::East)),
    ("back", AxisOrBtn::Btn(Button::Select)),
    ("c", AxisOrBtn::Btn(Button::C)),
    ("dpdown", AxisOrBtn::Btn(Button::DPadDown)),
    ("dpleft", AxisOrBtn::Btn(Button::DPadLeft)),
    ("dpright", AxisOrBtn::Btn(Button::DPadRight)),
    ("dpup", AxisOrBtn::Btn(Button::DPadUp)),
    ("guide", AxisOrBtn::Btn(Button::Mode)),
    ("leftshoulder", AxisOrBtn::Btn(Button::LeftTrigger)),
    ("leftstick", AxisOrBtn::Btn(Button::LeftThumb)),
    ("lefttrigger", AxisOrBtn::Btn(Button::LeftTrigger2)),
    ("leftx", AxisOrBtn::Axis(Axis::LeftStickX)),
    ("lefty", AxisOrBtn::Axis(Axis::LeftStickY)),
    ("leftz", AxisOrBtn::Axis(Axis::LeftZ)),
    ("misc1", AxisOrBtn::Btn(Button::Unknown)),
    ("misc2", AxisOrBtn::Btn(Button::Unknown)),
    ("misc3", AxisOrBtn::Btn(Button::Unknown)),
    ("misc4", AxisOrBtn::Btn(Button::Unknown)),
    ("misc5", AxisOrBtn::Btn(Button::Unknown)),
    ("paddle1", AxisOrBtn::Btn(Button::Unknown)),
    ("paddle2", AxisOrBtn::Btn(Button::Unknown)),
    ("paddle3", AxisOrBtn::Btn(Button::Unknown)),
    ("paddle4", AxisOrBtn::Btn(Button::Unknown)),
    ("rightshoulder", AxisOrBtn::Btn(Button::RightTrigger)),
    ("rightstick", AxisOrBtn::Btn(Button::RightThumb)),
    ("righttrigger", AxisOrBtn::Btn(Button::RightTrigger2)),
    ("rightx", AxisOrBtn::Axis(Axis::RightStickX)),
    ("righty", AxisOrBtn::Axis(Axis::RightStickY)),
    ("rightz", AxisOrBtn::Axis(Axis::RightZ)),
    ("start", AxisOrBtn::Btn(Button::Start)),
    ("touchpad", AxisOrBtn::Btn(Button::Unknown)),
    ("x", AxisOrBtn::Btn(Button::West)),
    ("y", AxisOrBtn::Btn(Button::North)),
    ("z", AxisOrBtn::Btn(Button::Z)),
];

/// A raw input of a pad, numbered as a mapping line numbers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SdlInput {
    /// `bN`: button N.
    Button(u16),
    /// `aN` (also `+aN`, `-aN`, `aN~`): axis N.
    Axis(u16),
    /// `hN.M`: hat N pushed towards M (1 up, 2 right, 4 down, 8 left).
    Hat {
        /// Which hat.
        hat: u16,
        /// Which way.
        direction: u16,
    },
}

/// One `NAME:INPUT` field of a taken line.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    /// The field as written, e.g. `lefty:a1~`.
    pub field: String,
    /// The raw input it reads.
    pub input: SdlInput,
    /// What gilrs makes of the name (`a` is `Button::South`).
    pub element: AxisOrBtn,
}

/// One mapping line as gilrs applies it to pads with its GUID.
#[derive(Debug, Clone, PartialEq)]
pub struct SdlMapping {
    /// The pad's GUID, as gilrs' `Gamepad::uuid` gives it.
    pub guid: [u8; 16],
    /// The name the line gives the pad (gilrs reports it as the pad's name).
    pub name: String,
    /// The fields that bind an input, in line order.
    pub bindings: Vec<Binding>,
    /// Where gilrs reads the line otherwise than SDL would, one sentence each.
    pub notes: Vec<String>,
    /// Directions of hat 0 bound, as bits (gilrs reads hat 0 as the d-pad only when all
    /// four are).
    hats_mapped: u8,
}

impl SdlMapping {
    /// Reads one line as gilrs does when a pad with its GUID connects; `Err` says why gilrs
    /// would refuse the whole line (a bad GUID, an unknown field, a malformed field).
    /// Never panics, whatever the text.
    pub fn parse(line: &str) -> Result<SdlMapping, String> {
        let (guid_field, rest) = match line.split_once(',') {
            Some((guid, rest)) => (guid, Some(rest)),
            None => (line, None),
        };
        let guid = parse_guid(guid_field)?;
        let rest = rest.ok_or("nothing after the GUID (a mapping is `GUID,NAME,NAME:INPUT,…`)")?;
        let (name, fields) = rest.split_once(',').unwrap_or((rest, ""));
        let mut mapping = SdlMapping {
            guid,
            name: name.to_string(),
            bindings: Vec::new(),
            notes: Vec::new(),
            hats_mapped: 0,
        };
        if !fields.is_empty() {
            // One trailing comma ends the line; any other empty field is an error to gilrs.
            for field in fields.strip_suffix(',').unwrap_or(fields).split(',') {
                mapping.read_field(field)?;
            }
        }
        mapping.note_what_gilrs_does_otherwise();
        Ok(mapping)
    }

    /// The GUID as a line writes it (32 lowercase hex digits).
    pub fn guid_hex(&self) -> String {
        hex(&self.guid)
    }

    /// What the game gets at run time when the pad moves `input`: the input the line binds
    /// it to, as gilrs applies the line and the game reads gilrs. `None`: nothing (unbound,
    /// bound to something the game does not use, or dropped by gilrs).
    pub fn game_input(&self, input: SdlInput) -> Option<PadInput> {
        match input {
            // gilrs keeps one name per raw input: the line's last for it.
            SdlInput::Button(_) | SdlInput::Axis(_) => {
                pad_input(self.bindings.iter().rev().find(|b| b.input == input)?.element)
            }
            SdlInput::Hat { hat: 0, direction } => self.hat_input(direction),
            SdlInput::Hat { .. } => None,
        }
    }

    /// Hat 0 as gilrs reads it: a pad reports the hat as two axes (evdev's `ABS_HAT0X`,
    /// `ABS_HAT0Y`); a field on the hat names what the axis of its direction is (a d-pad
    /// button names the d-pad's axis, any other button nothing), the line's last such field
    /// winning; gilrs turns the d-pad's axes into d-pad buttons, its own way round, only
    /// when all four directions are bound.
    fn hat_input(&self, direction: u16) -> Option<PadInput> {
        // Which axis of the hat, and the raw value it takes (evdev's y grows downwards).
        let (vertical, raw) = match direction {
            1 => (true, -1.0),
            4 => (true, 1.0),
            2 => (false, 1.0),
            8 => (false, -1.0),
            _ => return None,
        };
        let element = self.bindings.iter().rev().find_map(|b| match b.input {
            SdlInput::Hat { hat: 0, direction: d } if matches!(d, 1 | 4) == vertical => match b.element {
                AxisOrBtn::Btn(Button::DPadLeft | Button::DPadRight) => Some(AxisOrBtn::Axis(Axis::DPadX)),
                AxisOrBtn::Btn(Button::DPadUp | Button::DPadDown) => Some(AxisOrBtn::Axis(Axis::DPadY)),
                AxisOrBtn::Btn(_) => None,
                axis @ AxisOrBtn::Axis(_) => Some(axis),
            },
            _ => None,
        })?;
        match element {
            AxisOrBtn::Axis(axis @ (Axis::DPadX | Axis::DPadY)) if self.hats_mapped == 0b1111 => {
                // gilrs turns y axes upside down, then presses the d-pad button on the
                // value's side.
                let value = if axis == Axis::DPadY { -raw } else { raw };
                let button = match (axis == Axis::DPadY, value > 0.0) {
                    (false, true) => Button::DPadRight,
                    (false, false) => Button::DPadLeft,
                    (true, true) => Button::DPadUp,
                    (true, false) => Button::DPadDown,
                };
                pad_input(AxisOrBtn::Btn(button))
            }
            other => pad_input(other),
        }
    }

    /// Reads one `NAME:INPUT` field as gilrs does: `Err` when gilrs refuses the line for it.
    fn read_field(&mut self, field: &str) -> Result<(), String> {
        let mut parts = field.split(':');
        let (Some(key), Some(value), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(if field.is_empty() {
                "malformed: an empty field (two commas in a row)".to_string()
            } else {
                format!("malformed field `{}`: not NAME:INPUT", clip(field))
            });
        };
        // An empty input binds nothing (gilrs and SDL skip it); `platform:` was read before.
        if value.is_empty() || key == "platform" {
            return Ok(());
        }
        let (half_output, name) = match key.as_bytes().first() {
            Some(b'+' | b'-') => (Some(&key[..1]), &key[1..]),
            _ => (None, key),
        };
        let Some(element) = sdl_element(name) else {
            return Err(match name {
                "crc" | "hint" | "sdk>=" | "sdk<=" => format!(
                    "field `{name}` (SDL's own, from SDL 2.26 on) is unknown to gilrs, which \
                     applies these lines here: remove it"
                ),
                _ => format!("unknown field `{}` (not an SDL button or axis name)", clip(name)),
            });
        };
        let Some(raw) = parse_input(value) else {
            return Err(format!(
                "malformed field `{}`: `{}` is not an input (bN, aN, +aN, -aN, aN~ or hN.M)",
                clip(field),
                clip(value)
            ));
        };
        match raw.input {
            SdlInput::Hat { hat, direction } => {
                if hat != 0 {
                    self.notes
                        .push(format!("`{field}`: gilrs reads no hat but hat 0; ignored"));
                    return Ok(());
                }
                match direction {
                    0 => {
                        self.notes
                            .push(format!("`{field}`: direction 0 is no direction; ignored"));
                        return Ok(());
                    }
                    1 | 2 | 4 | 8 => self.hats_mapped |= direction as u8,
                    _ => {
                        return Err(format!(
                            "malformed field `{field}`: hat direction {direction} is not 1 (up), \
                             2 (right), 4 (down) or 8 (left)"
                        ))
                    }
                }
            }
            SdlInput::Axis(index) | SdlInput::Button(index) => {
                if raw.inverted {
                    self.notes.push(format!(
                        "`{field}`: gilrs ignores the `~`: axis a{index} is not inverted"
                    ));
                }
                if let Some(half) = raw.half {
                    self.notes.push(format!(
                        "`{field}`: gilrs reads all of axis a{index}, not only its {half} half"
                    ));
                }
                if let (Some(half), AxisOrBtn::Axis(_)) = (half_output, element) {
                    self.notes.push(format!(
                        "`{field}`: gilrs drives all of {name}, not only its {half} half"
                    ));
                }
            }
        }
        self.bindings.push(Binding {
            field: field.to_string(),
            input: raw.input,
            element,
        });
        Ok(())
    }

    /// Notes the fields the game will not get as written: one overridden by a later field
    /// on the same input (SDL would apply both), a hat direction gilrs reads otherwise.
    fn note_what_gilrs_does_otherwise(&mut self) {
        let mut notes = Vec::new();
        for (i, b) in self.bindings.iter().enumerate() {
            if let SdlInput::Hat { .. } = b.input {
                let written = pad_input(b.element);
                let got = self.game_input(b.input);
                if written.is_some() && got != written {
                    let why = if self.hats_mapped == 0b1111 {
                        "gilrs makes hat 0 the d-pad its own way round"
                    } else {
                        "gilrs reads hat 0 as the d-pad only when all four directions are bound"
                    };
                    notes.push(format!(
                        "`{}`: the game gets {} from it, not {} ({why})",
                        b.field,
                        describe(got),
                        describe(written)
                    ));
                }
            } else if let Some(later) = self.bindings[i + 1..].iter().find(|l| l.input == b.input) {
                notes.push(format!(
                    "`{}` is overridden by `{}` (gilrs keeps one name per input)",
                    b.field, later.field
                ));
            }
        }
        self.notes.extend(notes);
    }
}

/// A field's input and how it reads it.
struct RawInput {
    input: SdlInput,
    /// `+aN` or `-aN`: `+` or `-`.
    half: Option<&'static str>,
    /// `aN~`.
    inverted: bool,
}

/// Reads `bN`, `aN`, `+aN`, `-aN` (each axis with an optional `~`) and `hN.M` as gilrs'
/// parser does (numbers as `u16`).
fn parse_input(value: &str) -> Option<RawInput> {
    let half = match value.get(..2) {
        Some("+a") => Some("+"),
        Some("-a") => Some("-"),
        _ => None,
    };
    if half.is_some() || value.starts_with('a') {
        let digits = &value[if half.is_some() { 2 } else { 1 }..];
        let (digits, inverted) = match digits.strip_suffix('~') {
            Some(digits) => (digits, true),
            None => (digits, false),
        };
        Some(RawInput {
            input: SdlInput::Axis(digits.parse().ok()?),
            half,
            inverted,
        })
    } else if let Some(digits) = value.strip_prefix('b') {
        Some(RawInput {
            input: SdlInput::Button(digits.parse().ok()?),
            half: None,
            inverted: false,
        })
    } else if let Some(hat) = value.strip_prefix('h') {
        let (hat, direction) = hat.split_once('.')?;
        Some(RawInput {
            input: SdlInput::Hat {
                hat: hat.parse().ok()?,
                direction: direction.parse().ok()?,
            },
            half: None,
            inverted: false,
        })
    } else {
        None
    }
}

fn sdl_element(name: &str) -> Option<AxisOrBtn> {
    let i = SDL_NAMES.binary_search_by(|(n, _)| n.cmp(&name)).ok()?;
    Some(SDL_NAMES[i].1)
}

/// A GUID as gilrs reads it (the same parser).
fn parse_guid(field: &str) -> Result<[u8; 16], String> {
    uuid::Uuid::parse_str(field)
        .map(|u| *u.as_bytes())
        .map_err(|_| format!("bad GUID `{}` (SDL's GUID is 32 hex digits)", clip(field)))
}

fn hex(bytes: &[u8; 16]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// At most 40 characters of `s`, for quoting user text in a log line.
fn clip(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &s[..end]),
        None => s.to_string(),
    }
}

fn describe(input: Option<PadInput>) -> String {
    match input {
        None => "nothing".to_string(),
        Some(PadInput::Button(b)) => format!("{b:?}"),
        Some(PadInput::Axis(a)) => format!("{a:?}"),
    }
}

/// What became of one line of the variable.
#[derive(Debug, Clone, PartialEq)]
pub enum LineOutcome {
    /// gilrs applies it to pads with its GUID.
    Taken(SdlMapping),
    /// Its `platform:` names another platform (the value): skipped, as SDL and gilrs do.
    OtherPlatform(String),
    /// gilrs will not apply it; `problem` says why. `guid`: gilrs still files it under that
    /// GUID (the fields are what is wrong), so pads with it get gilrs' default mapping, not
    /// SDL's database's.
    Refused {
        /// Why.
        problem: String,
        /// The GUID gilrs files it under, if it could read one.
        guid: Option<[u8; 16]>,
    },
    /// A later line for the same GUID replaced it (gilrs keeps the last).
    Replaced {
        /// That later line (1-based).
        by: usize,
    },
}

/// One line of the variable (blank lines and `#` comments leave none).
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigLine {
    /// 1-based.
    pub line: usize,
    /// What became of it.
    pub outcome: LineOutcome,
}

/// Every line of `SDL_GAMECONTROLLERCONFIG` and what gilrs makes of it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SdlMappings {
    /// In variable order.
    pub lines: Vec<ConfigLine>,
}

impl SdlMappings {
    /// Reads the variable's text as gilrs does: line by line (`\n` or `\r\n`), a line for
    /// another platform skipped, the last line per GUID kept. Never panics.
    pub fn parse(text: &str) -> SdlMappings {
        let mut lines: Vec<ConfigLine> = Vec::new();
        // GUID → index in `lines` of the line gilrs files under it.
        let mut filed = std::collections::HashMap::new();
        for (i, text) in text.lines().enumerate() {
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            // gilrs looks for the first `platform:` anywhere on the line.
            if let Some(at) = text.find("platform:") {
                let value = &text[at + "platform:".len()..];
                let value = &value[..value.find(',').unwrap_or(value.len())];
                if value != SDL_PLATFORM {
                    lines.push(ConfigLine {
                        line: i + 1,
                        outcome: LineOutcome::OtherPlatform(clip(value)),
                    });
                    continue;
                }
            }
            let guid_field = text.split(',').next().unwrap_or("");
            let outcome = match parse_guid(guid_field) {
                Err(problem) => LineOutcome::Refused { problem, guid: None },
                Ok(guid) => {
                    if let Some(earlier) = filed.insert(guid, lines.len()) {
                        let earlier: &mut ConfigLine = &mut lines[earlier];
                        earlier.outcome = LineOutcome::Replaced { by: i + 1 };
                    }
                    match SdlMapping::parse(text) {
                        Ok(mapping) => LineOutcome::Taken(mapping),
                        Err(problem) => LineOutcome::Refused {
                            problem,
                            guid: Some(guid),
                        },
                    }
                }
            };
            lines.push(ConfigLine { line: i + 1, outcome });
        }
        SdlMappings { lines }
    }

    /// Reads the variable, logs what became of each line ([`SdlMappings::report`]) and
    /// returns it; `None` (and no log) when it is unset or empty.
    pub fn from_env() -> Option<SdlMappings> {
        let value = std::env::var_os(SDL_MAPPINGS_ENV).filter(|v| !v.is_empty())?;
        let Some(text) = value.to_str() else {
            log::warn!("gamepads: {SDL_MAPPINGS_ENV} is not UTF-8 text; gilrs ignores it");
            return None;
        };
        let mappings = SdlMappings::parse(text);
        for (level, line) in mappings.report() {
            log::log!(level, "{line}");
        }
        Some(mappings)
    }

    /// The mappings gilrs applies.
    pub fn taken(&self) -> impl Iterator<Item = (usize, &SdlMapping)> {
        self.lines.iter().filter_map(|l| match &l.outcome {
            LineOutcome::Taken(m) => Some((l.line, m)),
            _ => None,
        })
    }

    /// The line gilrs files under `guid` (a pad's `Gamepad::uuid`), taken or refused.
    pub fn for_guid(&self, guid: [u8; 16]) -> Option<&ConfigLine> {
        self.lines.iter().find(|l| match &l.outcome {
            LineOutcome::Taken(m) => m.guid == guid,
            LineOutcome::Refused { guid: g, .. } => *g == Some(guid),
            _ => false,
        })
    }

    /// The log lines saying what became of the variable: first one summary line (how many
    /// mappings were taken, and which), then one line per line skipped, refused (which line
    /// and why) or replaced, and per note on a taken line.
    pub fn report(&self) -> Vec<(log::Level, String)> {
        let count = |f: fn(&LineOutcome) -> bool| self.lines.iter().filter(|l| f(&l.outcome)).count();
        let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let taken: Vec<String> = self
            .taken()
            .map(|(n, m)| format!("line {n} \"{}\"", clip(&m.name)))
            .collect();
        let mut summary = format!(
            "gamepads: {SDL_MAPPINGS_ENV}: {} taken",
            plural(taken.len(), "pad mapping", "pad mappings")
        );
        if !taken.is_empty() {
            let shown = taken.iter().take(6).cloned().collect::<Vec<_>>().join(", ");
            let more = if taken.len() > 6 { ", …" } else { "" };
            summary += &format!(" ({shown}{more})");
        }
        let skipped = count(|o| matches!(o, LineOutcome::OtherPlatform(_)));
        let refused = count(|o| matches!(o, LineOutcome::Refused { .. }));
        let replaced = count(|o| matches!(o, LineOutcome::Replaced { .. }));
        if skipped > 0 {
            summary += &format!(
                "; {} skipped",
                plural(skipped, "line for another platform", "lines for other platforms")
            );
        }
        if refused > 0 {
            summary += &format!("; {} refused", plural(refused, "line", "lines"));
        }
        if replaced > 0 {
            summary += &format!(
                "; {} replaced by a later line for the same pad",
                plural(replaced, "line", "lines")
            );
        }
        let mut out = vec![(log::Level::Info, summary)];
        for l in &self.lines {
            let n = l.line;
            match &l.outcome {
                LineOutcome::Taken(m) => {
                    for note in &m.notes {
                        out.push((log::Level::Warn, format!("{SDL_MAPPINGS_ENV} line {n}: {note}")));
                    }
                }
                LineOutcome::OtherPlatform(p) => out.push((
                    log::Level::Info,
                    format!("{SDL_MAPPINGS_ENV} line {n}: for platform {p}, skipped (this is {SDL_PLATFORM})"),
                )),
                LineOutcome::Refused { problem, guid } => {
                    let mut line = format!("{SDL_MAPPINGS_ENV} line {n} refused: {problem}");
                    if let Some(guid) = guid {
                        line += &format!(
                            "; a pad with GUID {} gets gilrs' default mapping, not SDL's database's",
                            hex(guid)
                        );
                    }
                    out.push((log::Level::Warn, line));
                }
                LineOutcome::Replaced { by } => out.push((
                    log::Level::Info,
                    format!("{SDL_MAPPINGS_ENV} line {n}: replaced by line {by} (same GUID; the last line wins)"),
                )),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
