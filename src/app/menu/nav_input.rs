//! Pad, keyboard and pointer events → menu actions: D-pad or left stick + A/B (Xbox
//! layout), arrows/WASD + Enter/Esc, the mouse (hover focuses a row, a left click
//! chooses it). Directions repeat while held ([`NavRepeat`]); the
//! device used last decides which prompts the screens show.

use super::model::NavAction;
use super::repeat::NavRepeat;
use skidpad_platform::{Key, PadAxis, PadButton, PadEvent, PadEventKind, PlatformEvent};
use std::time::Duration;

/// How far the stick must lean to count as a direction, and how far back it must come to
/// let go (the gap keeps a stick resting near the threshold from chattering).
const STICK_ON: f32 = 0.6;
const STICK_OFF: f32 = 0.35;

/// The kind of device the player used last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Device {
    /// Keyboard (and mouse).
    #[default]
    Keyboard,
    /// A gamepad.
    Pad,
}

/// One input a menu screen acts on: a press with the navigation action it means (a
/// binding capture takes the raw button or key instead), or an action alone (a held
/// direction's repeat, the pointer). One press is one `Pressed`, so nothing acts twice.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pressed {
    /// A navigation action alone.
    Nav(NavAction),
    /// A pad button went down, and what it means in a menu.
    Button(PadButton, Option<NavAction>),
    /// A key went down (not a repeat), and what it means in a menu.
    Key(Key, Option<NavAction>),
}

impl Pressed {
    /// The navigation action this press means, if any.
    pub fn action(self) -> Option<NavAction> {
        match self {
            Pressed::Nav(a) => Some(a),
            Pressed::Button(_, a) | Pressed::Key(_, a) => a,
        }
    }
}

impl Device {
    /// The device whose prompts show before any is used, and after a pad is unplugged: the
    /// pad on a platform played with a pad alone (a profile's `[input] pad_only`: a
    /// console, a handheld PC), else the keyboard.
    pub fn at_start(pad_only: bool) -> Device {
        if pad_only {
            Device::Pad
        } else {
            Device::Keyboard
        }
    }
}

/// The menus' view of the devices.
#[derive(Debug, Clone, Default)]
pub struct NavInput {
    repeat: NavRepeat,
    stick: (Option<NavAction>, Option<NavAction>),
    last_device: Device,
    /// What the prompts fall back to when the pad in use is unplugged
    /// ([`Device::at_start`]).
    home: Device,
    repeats: Vec<NavAction>,
}

impl NavInput {
    /// Prompts for `device` until another is used (`Device::at_start` of the profile, or
    /// the device the screen before last saw); after an unplugged pad, for the profile's
    /// `home` device.
    pub fn starting_on(device: Device, home: Device) -> NavInput {
        NavInput {
            last_device: device,
            home,
            ..NavInput::default()
        }
    }

    /// The device used last.
    pub fn device(&self) -> Device {
        self.last_device
    }

    /// A window event at `now`, onto `out`.
    pub fn on_platform_event(&mut self, event: &PlatformEvent, now: Duration, out: &mut Vec<Pressed>) {
        if let PlatformEvent::Pointer { x, y, click } = *event {
            self.last_device = Device::Keyboard;
            out.push(Pressed::Nav(NavAction::Pointer { x, y, click }));
            return;
        }
        if let PlatformEvent::Key { key, pressed, repeat } = *event {
            let action = key_action(key);
            if !pressed {
                if let Some(a) = action {
                    self.repeat.release(a);
                }
                return;
            }
            if repeat {
                // The OS's auto-repeat: our own repeat times held keys.
                return;
            }
            self.last_device = Device::Keyboard;
            out.push(Pressed::Key(key, action));
            if let Some(a) = action {
                self.hold(a, now);
            }
        }
    }

    /// A pad event at `now`, onto `out`.
    pub fn on_pad_event(&mut self, event: &PadEvent, now: Duration, out: &mut Vec<Pressed>) {
        match event.kind {
            PadEventKind::Button { button, pressed } => {
                let action = button_action(button);
                if !pressed {
                    if let Some(a) = action {
                        self.repeat.release(a);
                    }
                    return;
                }
                self.last_device = Device::Pad;
                out.push(Pressed::Button(button, action));
                if let Some(a) = action {
                    self.hold(a, now);
                }
            }
            PadEventKind::Axis { axis, value } => {
                let (neg, pos, slot) = match axis {
                    PadAxis::LeftStickX => (NavAction::Left, NavAction::Right, 0),
                    // Sticks are up-positive.
                    PadAxis::LeftStickY => (NavAction::Down, NavAction::Up, 1),
                    _ => return,
                };
                let held = if slot == 0 { self.stick.0 } else { self.stick.1 };
                let lean = if value >= STICK_ON {
                    Some(pos)
                } else if value <= -STICK_ON {
                    Some(neg)
                } else if value.abs() < STICK_OFF || !value.is_finite() {
                    None
                } else {
                    held
                };
                if lean == held {
                    return;
                }
                if let Some(a) = held {
                    self.repeat.release(a);
                }
                if let Some(a) = lean {
                    self.last_device = Device::Pad;
                    out.push(Pressed::Nav(a));
                    self.hold(a, now);
                }
                if slot == 0 {
                    self.stick.0 = lean;
                } else {
                    self.stick.1 = lean;
                }
            }
            PadEventKind::Disconnected => {
                // An unplugged pad sends no release: whatever it held (a leaning stick, a
                // D-pad direction) would repeat for ever. Let go of it all, and prompt for
                // the keyboard until a pad is used again (the pad still, on a platform played
                // with a pad alone: another one is what the player will pick up).
                self.repeat = NavRepeat::default();
                self.stick = (None, None);
                self.last_device = self.home;
            }
            PadEventKind::Connected => {}
        }
    }

    /// The held direction's repeats due by `now`, onto `out` (once per frame, after the
    /// frame's events).
    pub fn end_events(&mut self, now: Duration, out: &mut Vec<Pressed>) {
        self.repeats.clear();
        self.repeat.due(now, &mut self.repeats);
        out.extend(self.repeats.iter().map(|a| Pressed::Nav(*a)));
    }

    /// A direction repeats while held.
    fn hold(&mut self, action: NavAction, now: Duration) {
        if matches!(
            action,
            NavAction::Up | NavAction::Down | NavAction::Left | NavAction::Right
        ) {
            self.repeat.press(action, now);
        }
    }
}

/// What a key does in a menu.
fn key_action(key: Key) -> Option<NavAction> {
    Some(match key {
        Key::Up | Key::W => NavAction::Up,
        Key::Down | Key::S => NavAction::Down,
        Key::Left | Key::A => NavAction::Left,
        Key::Right | Key::D => NavAction::Right,
        Key::Enter | Key::Space => NavAction::Accept,
        Key::Escape => NavAction::Back,
        _ => return None,
    })
}

/// What a pad button does in a menu (Xbox layout: A accepts, B goes back).
fn button_action(button: PadButton) -> Option<NavAction> {
    Some(match button {
        PadButton::DPadUp => NavAction::Up,
        PadButton::DPadDown => NavAction::Down,
        PadButton::DPadLeft => NavAction::Left,
        PadButton::DPadRight => NavAction::Right,
        PadButton::South => NavAction::Accept,
        PadButton::East => NavAction::Back,
        _ => return None,
    })
}
