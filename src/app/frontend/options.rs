//! Options: volumes, pad response, assists and the gearbox, and the pad buttons rebound by
//! "press the button you want". Every change is written into the settings at once (the
//! flow applies and saves them).

use super::{Outcome, Step};
use crate::app::menu::{Item, Menu, MenuEvent, Widget};
use crate::assists::gearbox::GearboxMode;
use crate::input::bindings::{button_name, key_name, Action};
use crate::settings::Settings;
use skidpad_platform::{Key, PadButton};

/// One row of the options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    MasterVolume,
    EngineVolume,
    EffectsVolume,
    StickDeadzone,
    TriggerDeadzone,
    SteerCurve,
    Rumble,
    RumbleStrength,
    TractionControl,
    Abs,
    StabilityControl,
    SteeringAssist,
    Gearbox,
    Bind(Action),
    Shadows,
    Particles,
    DynamicResolution,
    FrameCap,
    Fullscreen,
    WindowSize,
}

/// The rows, in order.
const ROWS: [Row; 25] = [
    Row::MasterVolume,
    Row::EngineVolume,
    Row::EffectsVolume,
    Row::StickDeadzone,
    Row::TriggerDeadzone,
    Row::SteerCurve,
    Row::Rumble,
    Row::RumbleStrength,
    Row::TractionControl,
    Row::Abs,
    Row::StabilityControl,
    Row::SteeringAssist,
    Row::Gearbox,
    Row::Bind(Action::HandBrake),
    Row::Bind(Action::Reset),
    Row::Bind(Action::Camera),
    Row::Bind(Action::ShiftUp),
    Row::Bind(Action::ShiftDown),
    Row::Bind(Action::Pause),
    Row::Shadows,
    Row::Particles,
    Row::DynamicResolution,
    // Last, so the rows above keep their places: the frame cap where the profile offers
    // caps, then the window's rows where it can change.
    Row::FrameCap,
    Row::Fullscreen,
    Row::WindowSize,
];

/// Rows shown where the window cannot be changed and no frame cap is offered.
const FIXED_DISPLAY_ROWS: usize = ROWS.len() - 3;

/// Window heights offered (16:9 windows), px; 0 is the profile's own size.
const WINDOW_HEIGHTS: [u32; 4] = [0, 720, 900, 1080];

fn slider(value: f32, min: f32, max: f32, step: f32) -> Widget {
    Widget::Slider { value, min, max, step }
}

/// The rows with the values of `s`; the window's rows with `window_options`, the frame
/// cap's with `frame_caps_hz` (the profile's caps; a profile with window options offers
/// them too).
pub fn menu(s: &Settings, window_options: bool, frame_caps_hz: &[u32]) -> Menu {
    let shown = match (window_options, frame_caps_hz.is_empty()) {
        (true, _) => ROWS.len(),
        (false, false) => FIXED_DISPLAY_ROWS + 1,
        (false, true) => FIXED_DISPLAY_ROWS,
    };
    let items = ROWS[..shown]
        .iter()
        .map(|row| match *row {
            Row::MasterVolume => Item::new("Master volume", slider(s.volumes.master, 0.0, 1.0, 0.05)),
            Row::EngineVolume => Item::new("Engine volume", slider(s.volumes.engine, 0.0, 1.0, 0.05)),
            Row::EffectsVolume => Item::new("Effects volume", slider(s.volumes.tires, 0.0, 1.0, 0.05)),
            Row::StickDeadzone => Item::new("Stick deadzone", slider(s.input.stick_deadzone, 0.0, 0.5, 0.05)),
            Row::TriggerDeadzone => Item::new("Trigger deadzone", slider(s.input.trigger_deadzone, 0.0, 0.5, 0.05)),
            Row::SteerCurve => Item::new("Steering curve", slider(s.input.steer_exponent, 1.0, 3.0, 0.1)),
            Row::Rumble => Item::new("Rumble", Widget::Toggle(s.input.rumble)),
            Row::RumbleStrength => Item::new("Rumble strength", slider(s.input.rumble_strength, 0.1, 1.0, 0.1)),
            Row::TractionControl => Item::new("Traction control", Widget::Toggle(s.assists.traction_control)),
            Row::Abs => Item::new("ABS", Widget::Toggle(s.assists.abs)),
            Row::StabilityControl => Item::new("Stability control", Widget::Toggle(s.assists.stability_control)),
            Row::SteeringAssist => Item::new("Steering assist", Widget::Toggle(s.assists.steering_assist)),
            Row::Gearbox => Item::new(
                "Gearbox",
                Widget::Choice {
                    index: (s.assists.gearbox == GearboxMode::Manual) as usize,
                    options: vec!["Automatic".into(), "Manual".into()],
                },
            ),
            Row::Bind(a) => Item::new(action_label(a), Widget::Binding(binding_text(s, a))),
            Row::Shadows => Item::new("Shadows", Widget::Toggle(s.display.shadows)),
            Row::Particles => Item::new("Particles", Widget::Toggle(s.display.particles)),
            Row::DynamicResolution => Item::new("Dynamic resolution", Widget::Toggle(s.display.dynamic_resolution)),
            Row::FrameCap => Item::new(
                "Frame rate cap",
                Widget::Choice {
                    index: frame_caps_hz
                        .iter()
                        .position(|c| *c == s.display.frame_cap_hz)
                        .map_or(0, |i| i + 1),
                    options: std::iter::once("Off".to_string())
                        .chain(frame_caps_hz.iter().map(|c| format!("{c} fps")))
                        .collect(),
                },
            ),
            Row::Fullscreen => Item::new("Fullscreen", Widget::Toggle(s.display.fullscreen)),
            Row::WindowSize => Item::new(
                "Window size",
                Widget::Choice {
                    index: WINDOW_HEIGHTS
                        .iter()
                        .position(|h| *h == s.display.window_height_px)
                        .unwrap_or(0),
                    options: WINDOW_HEIGHTS
                        .iter()
                        .map(|h| match h {
                            0 => "Default".to_string(),
                            h => format!("{} × {h}", h * 16 / 9),
                        })
                        .collect(),
                },
            ),
        })
        .collect();
    Menu::new(items)
}

fn action_label(a: Action) -> &'static str {
    match a {
        Action::HandBrake => "Handbrake",
        Action::Reset => "Reset car",
        Action::Camera => "Camera",
        Action::ShiftUp => "Shift up",
        Action::ShiftDown => "Shift down",
        Action::Pause => "Pause",
        _ => "?",
    }
}

/// "pad button / key" for an action's first bindings.
fn binding_text(s: &Settings, a: Action) -> String {
    let b = s
        .input
        .bindings
        .buttons
        .get(&a)
        .and_then(|v| v.first())
        .map_or("-", |b| button_name(*b));
    let k = s
        .input
        .bindings
        .keys
        .get(&a)
        .and_then(|v| v.first())
        .map_or("-", |k| key_name(*k));
    format!("{b} / {k}")
}

/// A change writes its row into `settings`.
pub fn on(event: MenuEvent, menu: &Menu, settings: &mut Settings) -> Step {
    let i = match event {
        MenuEvent::Changed(i) | MenuEvent::Captured(i, true) => i,
        _ => return Step::Stay,
    };
    let (Some(row), Some(item)) = (ROWS.get(i), menu.items().get(i)) else {
        return Step::Stay;
    };
    let value = match item.widget {
        Widget::Slider { value, .. } => value,
        _ => 0.0,
    };
    let on = matches!(item.widget, Widget::Toggle(true));
    let s = settings;
    match *row {
        Row::MasterVolume => s.volumes.master = value,
        Row::EngineVolume => s.volumes.engine = value,
        Row::EffectsVolume => {
            s.volumes.tires = value;
            s.volumes.impacts = value;
        }
        Row::StickDeadzone => s.input.stick_deadzone = value,
        Row::TriggerDeadzone => s.input.trigger_deadzone = value,
        Row::SteerCurve => s.input.steer_exponent = value,
        Row::Rumble => s.input.rumble = on,
        Row::RumbleStrength => s.input.rumble_strength = value,
        Row::TractionControl => s.assists.traction_control = on,
        Row::Abs => s.assists.abs = on,
        Row::StabilityControl => s.assists.stability_control = on,
        Row::SteeringAssist => s.assists.steering_assist = on,
        Row::Gearbox => {
            s.assists.gearbox = match item.widget {
                Widget::Choice { index: 1, .. } => GearboxMode::Manual,
                _ => GearboxMode::Automatic,
            }
        }
        // The capture already wrote the binding.
        Row::Bind(_) => {}
        Row::Shadows => s.display.shadows = on,
        Row::Particles => s.display.particles = on,
        Row::DynamicResolution => s.display.dynamic_resolution = on,
        Row::FrameCap => {
            if let Widget::Choice { index, ref options } = item.widget {
                // "Off", then "30 fps", "40 fps", ...: the number is the cap.
                s.display.frame_cap_hz = options
                    .get(index)
                    .and_then(|o| o.strip_suffix(" fps"))
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
            }
        }
        Row::Fullscreen => s.display.fullscreen = on,
        Row::WindowSize => {
            if let Widget::Choice { index, .. } = item.widget {
                s.display.window_height_px = WINDOW_HEIGHTS.get(index).copied().unwrap_or(0);
            }
        }
    }
    Step::Out(Outcome::SettingsChanged)
}

/// Shows every binding row's keys and buttons as `settings` has them now (a rebinding
/// takes its button or key from whichever action had it: that row changes too).
pub fn show_bindings(menu: &mut Menu, settings: &Settings) {
    for (i, row) in ROWS.iter().enumerate() {
        if let (Row::Bind(a), Some(item)) = (row, menu.item_mut(i)) {
            item.widget = Widget::Binding(binding_text(settings, *a));
        }
    }
}

/// Binds pad button `b` to the action of row `row` (taking it from any other action), and
/// returns the row's new text; None when the row is not a binding.
pub fn bind_button(settings: &mut Settings, row: usize, b: PadButton) -> Option<String> {
    let Some(Row::Bind(action)) = ROWS.get(row).copied() else {
        return None;
    };
    let buttons = &mut settings.input.bindings.buttons;
    buttons.values_mut().for_each(|v| v.retain(|x| *x != b));
    buttons.insert(action, vec![b]);
    Some(binding_text(settings, action))
}

/// Binds key `k` to the action of row `row` (taking it from any other action), and returns
/// the row's new text; None when the row is not a binding.
pub fn bind_key(settings: &mut Settings, row: usize, k: Key) -> Option<String> {
    let Some(Row::Bind(action)) = ROWS.get(row).copied() else {
        return None;
    };
    if k == Key::Other {
        return None;
    }
    let keys = &mut settings.input.bindings.keys;
    keys.values_mut().for_each(|v| v.retain(|x| *x != k));
    keys.insert(action, vec![k]);
    Some(binding_text(settings, action))
}
