//! Gamepads through gilrs, translated into [`PadEvent`]s in the platform's own terms.
//!
//! The game consumes only `PadEvent`s, so tests inject pad input by building the same
//! events this module produces from gilrs. A whole run can be driven the same way: with
//! [`PAD_SCRIPT_ENV`] naming a pad script, [`Pads`] delivers the script's timed events from
//! its queue instead of gilrs' (pads plugged in, unplugged, sticks and buttons, frame by
//! frame), so the real game loop sees exactly what a real pad would give it.
//!
//! A pad script is text, one event a line, `#` starting a comment:
//!
//! ```text
//! # poll  pad  event
//! 0       0    connected
//! 1       0    axis RightTrigger 1.0
//! 10      0    disconnected
//! 30      1    connected
//! 45      1    press South
//! 46      1    release South
//! ```
//!
//! `poll` is the index of the [`Pads::poll`] call (the game polls once a frame, so: the
//! frame) at which the event arrives, non-decreasing down the file. Buttons and axes are
//! named as in [`PadButton`] and [`PadAxis`].
//!
//! A line whose pad is `key` presses or releases a keyboard key instead (`45 key press
//! Escape`, keys named as in [`Key`]): [`Pads::take_script_keys`] hands them out as the
//! window's key events of the same poll, so one script drives pad and keyboard together
//! (the monkey test).

use crate::events::{Key, PlatformEvent};

/// A connected pad, stable while it stays plugged in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PadId(pub usize);

/// Buttons of the Xbox layout.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PadButton {
    South,
    East,
    West,
    North,
    LeftBumper,
    RightBumper,
    Select,
    Start,
    Guide,
    LeftStick,
    RightStick,
    DPadUp,
    DPadDown,
    DPadLeft,
    DPadRight,
}

/// Analog inputs. Sticks run −1..1 (up and right positive); triggers 0..1.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PadAxis {
    LeftStickX,
    LeftStickY,
    RightStickX,
    RightStickY,
    LeftTrigger,
    RightTrigger,
}

/// What happened on a pad.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PadEventKind {
    /// The pad was plugged in (or was present at start).
    Connected,
    /// The pad was unplugged.
    Disconnected,
    /// A digital button changed.
    Button {
        /// Which button.
        button: PadButton,
        /// Down (true) or up.
        pressed: bool,
    },
    /// An analog axis moved.
    Axis {
        /// Which axis.
        axis: PadAxis,
        /// New raw value (no deadzone applied: that is the game's job).
        value: f32,
    },
}

/// One pad event.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PadEvent {
    /// Which pad.
    pub pad: PadId,
    /// What happened.
    pub kind: PadEventKind,
}

/// Environment variable naming a pad script (format in the module docs): when set, pads
/// come from the script and real pads are ignored.
pub const PAD_SCRIPT_ENV: &str = "SKIDPAD_PAD_SCRIPT";

/// A pad script that cannot be used: which file, which line, what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct PadScriptError {
    /// The script's path.
    pub file: String,
    /// 1-based line (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

impl std::fmt::Display for PadScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => write!(f, "pad script {}: {}", self.file, self.problem),
            n => write!(f, "pad script {}:{n}: {}", self.file, self.problem),
        }
    }
}

impl std::error::Error for PadScriptError {}

/// Timed pad events from a script, handed out poll by poll.
#[derive(Debug, Clone, PartialEq)]
pub struct PadScript {
    /// (poll index, event), in order.
    events: Vec<(u64, PadEvent)>,
    next: usize,
    /// (poll index, key, pressed), in order: `key` lines.
    keys: Vec<(u64, Key, bool)>,
    next_key: usize,
    /// Key events due at the polls so far, until taken.
    keys_due: Vec<PlatformEvent>,
    polls: u64,
}

impl PadScript {
    /// Parses script text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<PadScript, PadScriptError> {
        let mut events = Vec::new();
        let mut keys = Vec::new();
        let mut last = 0u64;
        for (i, raw) in text.lines().enumerate() {
            let fail = |problem: String| PadScriptError {
                file: file.to_string(),
                line: i + 1,
                problem,
            };
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let [at, pad, kind, args @ ..] = words.as_slice() else {
                return Err(fail(format!("expected `POLL PAD EVENT [ARGS]`, got `{line}`")));
            };
            let at: u64 = at
                .parse()
                .map_err(|_| fail(format!("poll index `{at}` is not a whole number")))?;
            if at < last {
                return Err(fail(format!("poll index {at} comes before the previous line's {last}")));
            }
            last = at;
            if *pad == "key" {
                let [updown @ ("press" | "release"), name] = &words[2..] else {
                    return Err(fail(format!("expected `POLL key press|release KEY`, got `{line}`")));
                };
                let key = key_named(name).ok_or_else(|| fail(format!("unknown key `{name}`")))?;
                keys.push((at, key, *updown == "press"));
                continue;
            }
            let pad: usize = pad
                .parse()
                .map_err(|_| fail(format!("pad `{pad}` is not a whole number")))?;
            let kind = match (*kind, args) {
                ("connected", []) => PadEventKind::Connected,
                ("disconnected", []) => PadEventKind::Disconnected,
                ("press" | "release", [b]) => PadEventKind::Button {
                    button: button_named(b).ok_or_else(|| fail(format!("unknown button `{b}`")))?,
                    pressed: *kind == "press",
                },
                ("axis", [a, v]) => {
                    let axis = axis_named(a).ok_or_else(|| fail(format!("unknown axis `{a}`")))?;
                    let value: f32 = v
                        .parse()
                        .ok()
                        .filter(|v: &f32| v.is_finite() && (-1.0..=1.0).contains(v))
                        .ok_or_else(|| fail(format!("axis value `{v}` is not a number from -1 to 1")))?;
                    PadEventKind::Axis { axis, value }
                }
                _ => {
                    return Err(fail(format!(
                        "unknown event `{}`: one of `connected`, `disconnected`, `press BUTTON`, \
                         `release BUTTON`, `axis AXIS VALUE`",
                        words[2..].join(" ")
                    )))
                }
            };
            events.push((at, PadEvent { pad: PadId(pad), kind }));
        }
        Ok(PadScript {
            events,
            next: 0,
            keys,
            next_key: 0,
            keys_due: Vec::new(),
            polls: 0,
        })
    }

    /// Reads and parses a script file.
    pub fn load(path: &std::path::Path) -> Result<PadScript, PadScriptError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| PadScriptError {
            file: file.clone(),
            line: 0,
            problem: format!("cannot read ({e})"),
        })?;
        Self::parse(&file, &text)
    }

    /// How many events (pad and key) the script holds.
    pub fn len(&self) -> usize {
        self.events.len() + self.keys.len()
    }

    /// Whether the script holds no events.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Moves this poll's events into `out`, then counts the poll.
    fn poll(&mut self, out: &mut Vec<PadEvent>) {
        while let Some((at, e)) = self.events.get(self.next) {
            if *at > self.polls {
                break;
            }
            out.push(*e);
            self.next += 1;
        }
        while let Some(&(at, key, pressed)) = self.keys.get(self.next_key) {
            if at > self.polls {
                break;
            }
            self.keys_due.push(PlatformEvent::Key {
                key,
                pressed,
                repeat: false,
            });
            self.next_key += 1;
        }
        self.polls += 1;
    }
}

fn button_named(name: &str) -> Option<PadButton> {
    use PadButton as B;
    [
        B::South,
        B::East,
        B::West,
        B::North,
        B::LeftBumper,
        B::RightBumper,
        B::Select,
        B::Start,
        B::Guide,
        B::LeftStick,
        B::RightStick,
        B::DPadUp,
        B::DPadDown,
        B::DPadLeft,
        B::DPadRight,
    ]
    .into_iter()
    .find(|b| format!("{b:?}") == name)
}

fn key_named(name: &str) -> Option<Key> {
    use Key as K;
    [
        K::Up,
        K::Down,
        K::Left,
        K::Right,
        K::W,
        K::A,
        K::S,
        K::D,
        K::Q,
        K::E,
        K::R,
        K::C,
        K::P,
        K::Space,
        K::Enter,
        K::Escape,
        K::Tab,
        K::Backspace,
        K::LeftShift,
        K::LeftCtrl,
        K::F1,
        K::F2,
        K::F3,
        K::F4,
        K::F12,
    ]
    .into_iter()
    .find(|k| format!("{k:?}") == name)
}

fn axis_named(name: &str) -> Option<PadAxis> {
    use PadAxis as A;
    [
        A::LeftStickX,
        A::LeftStickY,
        A::RightStickX,
        A::RightStickY,
        A::LeftTrigger,
        A::RightTrigger,
    ]
    .into_iter()
    .find(|a| format!("{a:?}") == name)
}

/// The gamepad subsystem. When gilrs cannot start (no udev, unsupported OS) the game runs
/// keyboard-only with one log line; so it does, with one line, when no pad is plugged in.
pub struct Pads {
    gilrs: Option<gilrs::Gilrs>,
    /// Events from a pad script instead of gilrs.
    script: Option<PadScript>,
    announced: bool,
    ids: std::collections::BTreeMap<usize, gilrs::GamepadId>,
    /// Effects playing (an effect stops when dropped); the oldest go first.
    effects: std::collections::VecDeque<gilrs::ff::Effect>,
}

impl Pads {
    /// The pads the game should use: the script [`PAD_SCRIPT_ENV`] names when it is set
    /// (an unreadable or malformed script is an error naming file and line), else the real
    /// pads through gilrs ([`Pads::open`]).
    pub fn from_env() -> Result<Pads, PadScriptError> {
        match std::env::var_os(PAD_SCRIPT_ENV).filter(|v| !v.is_empty()) {
            Some(path) => {
                let path = std::path::PathBuf::from(path);
                let script = PadScript::load(&path)?;
                log::info!(
                    "gamepads: scripted from {} ({} events, {PAD_SCRIPT_ENV}); real pads ignored",
                    path.display(),
                    script.len()
                );
                Ok(Pads::scripted(script))
            }
            None => Ok(Pads::open()),
        }
    }

    /// Pads driven by `script` alone.
    pub fn scripted(script: PadScript) -> Pads {
        Pads {
            gilrs: None,
            script: Some(script),
            announced: true,
            ids: std::collections::BTreeMap::new(),
            effects: std::collections::VecDeque::new(),
        }
    }

    /// Starts gilrs. Never fails: a missing backend leaves an empty, silent pad list.
    pub fn open() -> Pads {
        // `announced`: whether the one start-up line about pads has been logged.
        let (gilrs, announced) = match gilrs::Gilrs::new() {
            Ok(g) => (Some(g), false),
            Err(gilrs::Error::NotImplemented(g)) => {
                log::info!("gamepads: not supported on this platform; keyboard only");
                (Some(g), true)
            }
            Err(e) => {
                log::info!("gamepads unavailable ({e}); keyboard only");
                (None, true)
            }
        };
        Pads {
            announced,
            gilrs,
            script: None,
            ids: std::collections::BTreeMap::new(),
            effects: std::collections::VecDeque::new(),
        }
    }

    /// Whether the pads come from a pad script (which counts polls: a screen whose number
    /// of frames varies from run to run must not poll it, or the script's timing drifts).
    pub fn is_scripted(&self) -> bool {
        self.script.is_some()
    }

    /// Moves the key events of a pad script's `key` lines due by the last [`Pads::poll`]
    /// into `out` (not cleared), as the window would give them. Nothing without a script.
    pub fn take_script_keys(&mut self, out: &mut Vec<PlatformEvent>) {
        if let Some(script) = self.script.as_mut() {
            out.append(&mut script.keys_due);
        }
    }

    /// Moves every pending pad event into `out` (not cleared). The first call also reports
    /// the pads already connected at start as `Connected` (or logs that there are none);
    /// pads plugged in or unplugged later are logged one line each.
    pub fn poll(&mut self, out: &mut Vec<PadEvent>) {
        let mut from = out.len();
        if let Some(script) = self.script.as_mut() {
            script.poll(out);
        } else if let Some(gilrs) = self.gilrs.as_mut() {
            if !self.announced {
                self.announced = true;
                for (id, pad) in gilrs.gamepads() {
                    log::info!("gamepad {}: {} connected", usize::from(id), pad.name());
                    self.ids.insert(id.into(), id);
                    out.push(PadEvent {
                        pad: PadId(id.into()),
                        kind: PadEventKind::Connected,
                    });
                }
                if out.len() == from {
                    log::info!("gamepads: none connected; keyboard only until one is plugged in");
                }
                // Those were announced with their names.
                from = out.len();
            }
            while let Some(gilrs::Event { id, event, .. }) = gilrs.next_event() {
                let pad = PadId(id.into());
                self.ids.insert(id.into(), id);
                if let Some(kind) = translate(event) {
                    out.push(PadEvent { pad, kind });
                }
            }
        }
        for e in &out[from..] {
            match e.kind {
                PadEventKind::Connected => log::info!("gamepad {}: connected", e.pad.0),
                PadEventKind::Disconnected => log::info!("gamepad {}: disconnected", e.pad.0),
                _ => {}
            }
        }
    }
}

impl Pads {
    /// Rumbles `pad` at `strength` (0..1) for `duration`, where the pad supports it;
    /// otherwise does nothing.
    pub fn rumble(&mut self, pad: PadId, strength: f32, duration: std::time::Duration) {
        use gilrs::ff::{BaseEffect, BaseEffectType, EffectBuilder, Replay, Ticks};
        let (Some(gilrs), Some(&id)) = (self.gilrs.as_mut(), self.ids.get(&pad.0)) else {
            return;
        };
        if !gilrs.connected_gamepad(id).is_some_and(|p| p.is_ff_supported()) {
            return;
        }
        let magnitude = (strength.clamp(0.0, 1.0) * u16::MAX as f32) as u16;
        let effect = EffectBuilder::new()
            .add_effect(BaseEffect {
                kind: BaseEffectType::Strong { magnitude },
                scheduling: Replay {
                    play_for: Ticks::from_ms(duration.as_millis().min(5000) as u32),
                    ..Default::default()
                },
                envelope: Default::default(),
            })
            .gamepads(&[id])
            .finish(gilrs);
        match effect.and_then(|e| e.play().map(|()| e)) {
            Ok(e) => {
                if self.effects.len() >= 4 {
                    self.effects.pop_front();
                }
                self.effects.push_back(e);
            }
            Err(e) => log::debug!("rumble on pad {}: {e}", pad.0),
        }
    }
}

fn translate(event: gilrs::EventType) -> Option<PadEventKind> {
    use gilrs::EventType as G;
    Some(match event {
        G::Connected => PadEventKind::Connected,
        G::Disconnected => PadEventKind::Disconnected,
        G::ButtonChanged(gilrs::Button::LeftTrigger2, v, _) => PadEventKind::Axis {
            axis: PadAxis::LeftTrigger,
            value: v,
        },
        G::ButtonChanged(gilrs::Button::RightTrigger2, v, _) => PadEventKind::Axis {
            axis: PadAxis::RightTrigger,
            value: v,
        },
        G::ButtonPressed(b, _) => PadEventKind::Button {
            button: map_button(b)?,
            pressed: true,
        },
        G::ButtonReleased(b, _) => PadEventKind::Button {
            button: map_button(b)?,
            pressed: false,
        },
        G::AxisChanged(a, v, _) => PadEventKind::Axis {
            axis: map_axis(a)?,
            value: v,
        },
        _ => return None,
    })
}

fn map_button(b: gilrs::Button) -> Option<PadButton> {
    use gilrs::Button as B;
    Some(match b {
        B::South => PadButton::South,
        B::East => PadButton::East,
        B::West => PadButton::West,
        B::North => PadButton::North,
        B::LeftTrigger => PadButton::LeftBumper,
        B::RightTrigger => PadButton::RightBumper,
        B::Select => PadButton::Select,
        B::Start => PadButton::Start,
        B::Mode => PadButton::Guide,
        B::LeftThumb => PadButton::LeftStick,
        B::RightThumb => PadButton::RightStick,
        B::DPadUp => PadButton::DPadUp,
        B::DPadDown => PadButton::DPadDown,
        B::DPadLeft => PadButton::DPadLeft,
        B::DPadRight => PadButton::DPadRight,
        _ => return None,
    })
}

fn map_axis(a: gilrs::Axis) -> Option<PadAxis> {
    use gilrs::Axis as A;
    Some(match a {
        A::LeftStickX => PadAxis::LeftStickX,
        A::LeftStickY => PadAxis::LeftStickY,
        A::RightStickX => PadAxis::RightStickX,
        A::RightStickY => PadAxis::RightStickY,
        A::LeftZ => PadAxis::LeftTrigger,
        A::RightZ => PadAxis::RightTrigger,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCRIPT: &str = "\
# poll pad event
0 0 connected
1 0 axis RightTrigger 1.0   # full throttle
1 0 press South
3 0 disconnected
";

    #[test]
    fn a_script_hands_out_its_events_poll_by_poll() {
        let mut pads = Pads::scripted(PadScript::parse("s", SCRIPT).unwrap());
        let mut per_poll = Vec::new();
        for _ in 0..5 {
            let mut out = Vec::new();
            pads.poll(&mut out);
            per_poll.push(out);
        }
        let pad = PadId(0);
        assert_eq!(
            per_poll[0],
            [PadEvent {
                pad,
                kind: PadEventKind::Connected
            }]
        );
        assert_eq!(
            per_poll[1],
            [
                PadEvent {
                    pad,
                    kind: PadEventKind::Axis {
                        axis: PadAxis::RightTrigger,
                        value: 1.0
                    }
                },
                PadEvent {
                    pad,
                    kind: PadEventKind::Button {
                        button: PadButton::South,
                        pressed: true
                    }
                }
            ]
        );
        assert!(per_poll[2].is_empty());
        assert_eq!(
            per_poll[3],
            [PadEvent {
                pad,
                kind: PadEventKind::Disconnected
            }]
        );
        assert!(per_poll[4].is_empty());
        // Rumble on a scripted pad is a no-op, not a crash.
        pads.rumble(pad, 1.0, std::time::Duration::from_millis(100));
    }

    #[test]
    fn key_lines_come_out_as_the_window_key_events_of_their_poll() {
        let script = "0 0 connected\n1 key press Escape\n2 key release Escape\n2 0 press South\n";
        let mut pads = Pads::scripted(PadScript::parse("s", script).unwrap());
        assert_eq!(PadScript::parse("s", script).unwrap().len(), 4);
        let key = |pressed| PlatformEvent::Key {
            key: Key::Escape,
            pressed,
            repeat: false,
        };
        let mut per_poll = Vec::new();
        for _ in 0..4 {
            let (mut pad_out, mut key_out) = (Vec::new(), Vec::new());
            pads.poll(&mut pad_out);
            pads.take_script_keys(&mut key_out);
            per_poll.push((pad_out.len(), key_out));
        }
        assert_eq!(per_poll[0], (1, vec![]));
        assert_eq!(per_poll[1], (0, vec![key(true)]));
        assert_eq!(per_poll[2], (1, vec![key(false)]));
        assert_eq!(per_poll[3], (0, vec![]));
    }

    #[test]
    fn a_bad_script_names_file_line_and_problem() {
        for (text, line, problem) in [
            ("0 0 wiggle\n", 1, "unknown event `wiggle`"),
            ("# c\n0 0 press Turbo\n", 2, "unknown button `Turbo`"),
            ("0 0 axis LeftStickX 7\n", 1, "from -1 to 1"),
            ("0 0 axis Throttle 1\n", 1, "unknown axis `Throttle`"),
            ("5 0 connected\n2 0 disconnected\n", 2, "comes before"),
            ("x 0 connected\n", 1, "not a whole number"),
            ("0 connected\n", 1, "expected `POLL PAD EVENT"),
            ("0 key press Turbo\n", 1, "unknown key `Turbo`"),
            ("0 key wiggle Up\n", 1, "expected `POLL key press|release KEY`"),
        ] {
            let e = PadScript::parse("pads.txt", text).unwrap_err();
            assert_eq!((e.file.as_str(), e.line), ("pads.txt", line), "{text:?}: {e}");
            assert!(e.problem.contains(problem), "{text:?}: {e}");
        }
        let e = PadScript::load(std::path::Path::new("/nonexistent/pads.txt")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("pad script /nonexistent/pads.txt: cannot read"),
            "{e}"
        );
    }
}
