//! What each key and pad button does, remappable in the settings file by name.

use skidpad_platform::{Key, PadButton};
use std::collections::BTreeMap;

/// A game action a key or button can be bound to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Accelerate (keyboard; the pad uses its right trigger).
    Throttle,
    /// Brake, or reverse once stopped (keyboard; the pad uses its left trigger).
    Brake,
    /// Steer left (keyboard).
    SteerLeft,
    /// Steer right (keyboard).
    SteerRight,
    /// Handbrake.
    HandBrake,
    /// Put the car upright, at rest, at the nearest free place behind it (on the track,
    /// facing the racing direction; elsewhere the nearest spawn or checkpoint).
    Reset,
    /// Restart the level: the car back at the start, upright.
    Restart,
    /// Pause or resume.
    Pause,
    /// Frame-time graph.
    FrameGraph,
    /// Telemetry page.
    Telemetry,
    /// Next camera view.
    Camera,
    /// Leave the game (keyboard).
    Quit,
    /// Shift up a gear (a car with a gearbox goes to manual shifting until reset).
    ShiftUp,
    /// Shift down a gear (below first: neutral, then reverse).
    ShiftDown,
    /// Colour the ground by the friction the physics uses, or by its look again.
    FrictionView,
}

impl Action {
    /// Every action with its settings-file name.
    pub const NAMES: [(Action, &'static str); 15] = [
        (Action::Throttle, "throttle"),
        (Action::Brake, "brake"),
        (Action::SteerLeft, "steer_left"),
        (Action::SteerRight, "steer_right"),
        (Action::HandBrake, "hand_brake"),
        (Action::Reset, "reset"),
        (Action::Restart, "restart"),
        (Action::Pause, "pause"),
        (Action::FrameGraph, "frame_graph"),
        (Action::Telemetry, "telemetry"),
        (Action::Camera, "camera"),
        (Action::Quit, "quit"),
        (Action::ShiftUp, "shift_up"),
        (Action::ShiftDown, "shift_down"),
        (Action::FrictionView, "friction_view"),
    ];

    /// The action called `name` in the settings file.
    pub fn from_name(name: &str) -> Option<Action> {
        Self::NAMES.iter().find(|(_, n)| *n == name).map(|(a, _)| *a)
    }
}

const KEYS: &[(Key, &str)] = &[
    (Key::Up, "Up"),
    (Key::Down, "Down"),
    (Key::Left, "Left"),
    (Key::Right, "Right"),
    (Key::W, "W"),
    (Key::A, "A"),
    (Key::S, "S"),
    (Key::D, "D"),
    (Key::Q, "Q"),
    (Key::E, "E"),
    (Key::R, "R"),
    (Key::C, "C"),
    (Key::P, "P"),
    (Key::Space, "Space"),
    (Key::Enter, "Enter"),
    (Key::Escape, "Escape"),
    (Key::Tab, "Tab"),
    (Key::Backspace, "Backspace"),
    (Key::LeftShift, "LeftShift"),
    (Key::LeftCtrl, "LeftCtrl"),
    (Key::F1, "F1"),
    (Key::F2, "F2"),
    (Key::F3, "F3"),
    (Key::F4, "F4"),
    (Key::F12, "F12"),
];

const BUTTONS: &[(PadButton, &str)] = &[
    (PadButton::South, "South"),
    (PadButton::East, "East"),
    (PadButton::West, "West"),
    (PadButton::North, "North"),
    (PadButton::LeftBumper, "LeftBumper"),
    (PadButton::RightBumper, "RightBumper"),
    (PadButton::Select, "Select"),
    (PadButton::Start, "Start"),
    (PadButton::Guide, "Guide"),
    (PadButton::LeftStick, "LeftStick"),
    (PadButton::RightStick, "RightStick"),
    (PadButton::DPadUp, "DPadUp"),
    (PadButton::DPadDown, "DPadDown"),
    (PadButton::DPadLeft, "DPadLeft"),
    (PadButton::DPadRight, "DPadRight"),
];

/// A key by its settings-file name.
pub fn key_named(name: &str) -> Option<Key> {
    KEYS.iter().find(|(_, n)| *n == name).map(|(k, _)| *k)
}

/// A pad button by its settings-file name.
pub fn button_named(name: &str) -> Option<PadButton> {
    BUTTONS.iter().find(|(_, n)| *n == name).map(|(b, _)| *b)
}

/// The settings-file name of `key`.
pub fn key_name(key: Key) -> &'static str {
    KEYS.iter().find(|(k, _)| *k == key).map_or("Other", |(_, n)| n)
}

/// The settings-file name of `button`.
pub fn button_name(button: PadButton) -> &'static str {
    BUTTONS.iter().find(|(b, _)| *b == button).map_or("Other", |(_, n)| n)
}

/// Keys and buttons → actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bindings {
    /// Keyboard.
    pub keys: BTreeMap<Action, Vec<Key>>,
    /// Pad buttons.
    pub buttons: BTreeMap<Action, Vec<PadButton>>,
}

impl Default for Bindings {
    fn default() -> Self {
        use Action::*;
        let keys = BTreeMap::from([
            (Throttle, vec![Key::Up, Key::W]),
            (Brake, vec![Key::Down, Key::S]),
            (SteerLeft, vec![Key::Left, Key::A]),
            (SteerRight, vec![Key::Right, Key::D]),
            (HandBrake, vec![Key::Space]),
            (Reset, vec![Key::R]),
            (Restart, vec![Key::Backspace]),
            (Pause, vec![Key::P]),
            (FrameGraph, vec![Key::F1]),
            (Telemetry, vec![Key::F2]),
            (Camera, vec![Key::C]),
            (Quit, vec![Key::Escape]),
            (ShiftUp, vec![Key::E]),
            (ShiftDown, vec![Key::Q]),
            (FrictionView, vec![Key::F3]),
        ]);
        let buttons = BTreeMap::from([
            (HandBrake, vec![PadButton::South]),
            (Reset, vec![PadButton::North]),
            (Restart, vec![PadButton::DPadDown]),
            (Pause, vec![PadButton::Start]),
            (FrameGraph, vec![PadButton::Select]),
            (Camera, vec![PadButton::West]),
            (ShiftUp, vec![PadButton::RightBumper]),
            (ShiftDown, vec![PadButton::LeftBumper]),
        ]);
        Self { keys, buttons }
    }
}

impl Bindings {
    /// The action `key` triggers.
    pub fn key_action(&self, key: Key) -> Option<Action> {
        self.keys.iter().find(|(_, ks)| ks.contains(&key)).map(|(a, _)| *a)
    }

    /// The action `button` triggers.
    pub fn button_action(&self, button: PadButton) -> Option<Action> {
        self.buttons
            .iter()
            .find(|(_, bs)| bs.contains(&button))
            .map(|(a, _)| *a)
    }
}
