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
use crate::pad_input::{pad_input, PadAxis, PadButton, PadInput};
use crate::pad_mapping::{LineOutcome, SdlMappings, SDL_MAPPINGS_ENV};

/// A connected pad, stable while it stays plugged in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PadId(pub usize);

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
    /// What gilrs made of `SDL_GAMECONTROLLERCONFIG`, to say which line maps a pad when it
    /// connects.
    sdl_mappings: Option<SdlMappings>,
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
            sdl_mappings: None,
        }
    }

    /// Starts gilrs. Never fails: a missing backend leaves an empty, silent pad list.
    ///
    /// Pads SDL's database does not know work with a mapping line in
    /// `SDL_GAMECONTROLLERCONFIG`, which gilrs applies (after its copy of the database, so
    /// the line wins); this logs first what became of each line
    /// ([`SdlMappings::report`]), and later which line maps a pad as it connects.
    pub fn open() -> Pads {
        let sdl_mappings = SdlMappings::from_env();
        let built = gilrs::GilrsBuilder::new()
            // The filters turn a hat the mapping names as the d-pad into d-pad buttons.
            .with_default_filters(true)
            .add_included_mappings(true)
            .add_env_mappings(true)
            .build();
        // `announced`: whether the one start-up line about pads has been logged.
        let (gilrs, announced) = match built {
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
            sdl_mappings,
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
        // Pads gilrs reports plugged in during this poll, for the mapping's log line.
        let mut plugged = Vec::new();
        if let Some(script) = self.script.as_mut() {
            script.poll(out);
        } else if let Some(gilrs) = self.gilrs.as_mut() {
            if !self.announced {
                self.announced = true;
                for (id, pad) in gilrs.gamepads() {
                    log::info!("gamepad {}: {} connected", usize::from(id), pad.name());
                    log_sdl_mapping(self.sdl_mappings.as_ref(), id.into(), &pad);
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
                    if kind == PadEventKind::Connected {
                        plugged.push(id);
                    }
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
        if let Some(gilrs) = self.gilrs.as_ref() {
            for id in plugged {
                if let Some(pad) = gilrs.connected_gamepad(id) {
                    log_sdl_mapping(self.sdl_mappings.as_ref(), id.into(), &pad);
                }
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

/// Logs which `SDL_GAMECONTROLLERCONFIG` line maps `pad` (gamepad `id`), if one names it:
/// taken and applied by gilrs, or refused (then gilrs' default mapping).
fn log_sdl_mapping(mappings: Option<&SdlMappings>, id: usize, pad: &gilrs::Gamepad) {
    let Some(line) = mappings.and_then(|m| m.for_guid(pad.uuid())) else {
        return;
    };
    let n = line.line;
    match &line.outcome {
        LineOutcome::Taken(m) if pad.mapping_source() == gilrs::MappingSource::SdlMappings => {
            log::info!("gamepad {id}: mapped by {SDL_MAPPINGS_ENV} line {n} (\"{}\")", m.name)
        }
        LineOutcome::Taken(_) => log::warn!(
            "gamepad {id}: {SDL_MAPPINGS_ENV} line {n} names this pad, but gilrs did not apply it \
             (gilrs' own warning says why)"
        ),
        LineOutcome::Refused { problem, .. } => log::warn!(
            "gamepad {id}: {SDL_MAPPINGS_ENV} line {n} names this pad but was refused ({problem}); \
             gilrs' default mapping"
        ),
        LineOutcome::OtherPlatform(_) | LineOutcome::Replaced { .. } => {}
    }
}

fn translate(event: gilrs::EventType) -> Option<PadEventKind> {
    use gilrs::ev::AxisOrBtn as E;
    use gilrs::EventType as G;
    let button = |b, pressed| match pad_input(E::Btn(b))? {
        PadInput::Button(button) => Some(PadEventKind::Button { button, pressed }),
        // A trigger's value comes with `ButtonChanged`.
        PadInput::Axis(_) => None,
    };
    let axis = |element, value| match pad_input(element)? {
        PadInput::Axis(axis) => Some(PadEventKind::Axis { axis, value }),
        // A button's state comes with `ButtonPressed` and `ButtonReleased`.
        PadInput::Button(_) => None,
    };
    match event {
        G::Connected => Some(PadEventKind::Connected),
        G::Disconnected => Some(PadEventKind::Disconnected),
        G::ButtonPressed(b, _) => button(b, true),
        G::ButtonReleased(b, _) => button(b, false),
        G::ButtonChanged(b, value, _) => axis(E::Btn(b), value),
        G::AxisChanged(a, value, _) => axis(E::Axis(a), value),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
