//! Gamepads through gilrs, translated into [`PadEvent`]s in the platform's own terms.
//!
//! The game consumes only `PadEvent`s, so tests inject pad input by building the same
//! events this module produces from gilrs.

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

/// The gamepad subsystem. When gilrs cannot start (no udev, unsupported OS) the game runs
/// keyboard-only with one log line.
pub struct Pads {
    gilrs: Option<gilrs::Gilrs>,
    announced: bool,
    ids: std::collections::BTreeMap<usize, gilrs::GamepadId>,
    /// Effects playing (an effect stops when dropped); the oldest go first.
    effects: std::collections::VecDeque<gilrs::ff::Effect>,
}

impl Pads {
    /// Starts gilrs. Never fails: a missing backend leaves an empty, silent pad list.
    pub fn open() -> Pads {
        let gilrs = match gilrs::Gilrs::new() {
            Ok(g) => Some(g),
            Err(gilrs::Error::NotImplemented(g)) => {
                log::info!("gamepads: not supported on this platform; keyboard only");
                Some(g)
            }
            Err(e) => {
                log::info!("gamepads unavailable ({e}); keyboard only");
                None
            }
        };
        Pads {
            gilrs,
            announced: false,
            ids: std::collections::BTreeMap::new(),
            effects: std::collections::VecDeque::new(),
        }
    }

    /// Moves every pending pad event into `out` (not cleared). The first call also reports
    /// the pads already connected at start as `Connected`.
    pub fn poll(&mut self, out: &mut Vec<PadEvent>) {
        let Some(gilrs) = self.gilrs.as_mut() else { return };
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
        }
        while let Some(gilrs::Event { id, event, .. }) = gilrs.next_event() {
            let pad = PadId(id.into());
            self.ids.insert(id.into(), id);
            if let Some(kind) = translate(event) {
                out.push(PadEvent { pad, kind });
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
