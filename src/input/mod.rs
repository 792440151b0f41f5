//! Turning keyboard and pad events into the controls a tick consumes, with the player's
//! bindings, deadzones and steering curve, and the console rules for pads coming and going.
//!
//! Events arrive in the platform's terms ([`PlatformEvent`], [`PadEvent`]); gilrs' own
//! events are translated into `PadEvent`s by the platform, so tests inject pad input
//! through exactly this path.

// `bindings` is a namespace of its own (actions, their keys and buttons, and their names):
// `settings` reads it to store the player's bindings, and this module reads `settings`, so
// settings must reach it below this file rather than through it.
pub mod bindings;
mod rumble;

pub use rumble::rumble_for;

use crate::settings::InputSettings;
use crate::sim::{TickInput, VehicleControl};
use bindings::Action;
use skidpad_platform::{PadAxis, PadEvent, PadEventKind, PadId, PlatformEvent};
use std::collections::BTreeSet;

/// Below this forward speed (m/s) the brake pedal engages reverse, and above minus it the
/// throttle takes the car out of reverse.
pub const REVERSE_ENGAGE_SPEED_MPS: f32 = 0.5;

/// Presses of the game's menu keys since the last frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UiRequests {
    /// Pause or resume (P, pad Start).
    pub toggle_pause: bool,
    /// Show or hide the frame-time graph (F1, pad Back).
    pub toggle_frame_graph: bool,
    /// Show or hide the telemetry page (F2).
    pub toggle_telemetry: bool,
    /// Next camera view (C, pad X).
    pub next_camera: bool,
}

#[derive(Debug, Clone, Copy, Default)]
struct KeysHeld {
    throttle: bool,
    brake: bool,
    left: bool,
    right: bool,
    hand_brake: bool,
}

#[derive(Debug, Clone, Copy, Default)]
struct PadState {
    steer: f32,
    throttle: f32,
    brake: f32,
    hand_brake: bool,
}

/// Maps raw axis travel through a deadzone, rescaling what is left to the full range.
pub fn apply_deadzone(value: f32, deadzone: f32) -> f32 {
    if !value.is_finite() {
        return 0.0;
    }
    let mag = value.abs();
    if mag <= deadzone {
        0.0
    } else {
        value.signum() * ((mag - deadzone) / (1.0 - deadzone)).min(1.0)
    }
}

/// Held keys and pad axes, folded into one [`TickInput`] per tick.
#[derive(Debug, Clone, Default)]
pub struct InputState {
    settings: InputSettings,
    keys: KeysHeld,
    pad: PadState,
    pads: BTreeSet<PadId>,
    active_pad: Option<PadId>,
    controller_lost: bool,
    reset_requested: bool,
    quit_requested: bool,
    reversing: bool,
    /// Manual gear once the player shifts (None: the gearbox shifts by itself).
    manual_gear: Option<i8>,
    /// The car's engaged gear and its top gear, as last observed.
    gear_now: (i8, i8),
    ui: UiRequests,
}

impl InputState {
    /// Input with the player's settings.
    pub fn new(settings: InputSettings) -> Self {
        Self {
            settings,
            ..Self::default()
        }
    }

    fn press(&mut self, action: Action, pressed: bool) {
        match action {
            Action::Throttle => self.keys.throttle = pressed,
            Action::Brake => self.keys.brake = pressed,
            Action::SteerLeft => self.keys.left = pressed,
            Action::SteerRight => self.keys.right = pressed,
            Action::HandBrake => self.keys.hand_brake = pressed,
            Action::Reset if pressed => self.reset_requested = true,
            Action::Pause if pressed => self.ui.toggle_pause = true,
            Action::FrameGraph if pressed => self.ui.toggle_frame_graph = true,
            Action::Telemetry if pressed => self.ui.toggle_telemetry = true,
            Action::Camera if pressed => self.ui.next_camera = true,
            Action::Quit if pressed => self.quit_requested = true,
            Action::ShiftUp if pressed => self.shift(1),
            Action::ShiftDown if pressed => self.shift(-1),
            _ => {}
        }
    }

    /// Folds a window/keyboard event in.
    pub fn on_platform_event(&mut self, event: &PlatformEvent) {
        match *event {
            PlatformEvent::Quit => self.quit_requested = true,
            PlatformEvent::Key { key, pressed, repeat } if !repeat => {
                if let Some(action) = self.settings.bindings.key_action(key) {
                    self.press(action, pressed);
                }
            }
            _ => {}
        }
    }

    /// Folds a pad event in. The pad in use is the last one touched; if it is unplugged the
    /// game must pause (certification rule XR-115) until a pad is connected again and a
    /// button pressed on it.
    pub fn on_pad_event(&mut self, event: &PadEvent) {
        match event.kind {
            PadEventKind::Connected => {
                self.pads.insert(event.pad);
            }
            PadEventKind::Disconnected => {
                self.pads.remove(&event.pad);
                if self.active_pad == Some(event.pad) {
                    self.active_pad = None;
                    self.controller_lost = true;
                    self.pad = PadState::default();
                }
            }
            PadEventKind::Button { button, pressed } => {
                self.pads.insert(event.pad);
                if self.controller_lost {
                    // The press that brings the player back is not also a game input.
                    if pressed {
                        self.controller_lost = false;
                        self.active_pad = Some(event.pad);
                    }
                    return;
                }
                self.active_pad = Some(event.pad);
                if let Some(action) = self.settings.bindings.button_action(button) {
                    if action == Action::HandBrake {
                        self.pad.hand_brake = pressed;
                    } else {
                        self.press(action, pressed);
                    }
                }
            }
            PadEventKind::Axis { axis, value } => {
                self.pads.insert(event.pad);
                if self.controller_lost {
                    return;
                }
                let s = &self.settings;
                match axis {
                    PadAxis::LeftStickX => {
                        let v = apply_deadzone(value, s.stick_deadzone);
                        self.pad.steer = v.signum() * v.abs().powf(s.steer_exponent);
                    }
                    PadAxis::RightTrigger => self.pad.throttle = apply_deadzone(value, s.trigger_deadzone).max(0.0),
                    PadAxis::LeftTrigger => self.pad.brake = apply_deadzone(value, s.trigger_deadzone).max(0.0),
                    _ => {}
                }
                if value.abs() > 0.5 {
                    self.active_pad = Some(event.pad);
                }
            }
        }
    }

    /// The pad in use, if any.
    pub fn active_pad(&self) -> Option<PadId> {
        self.active_pad
    }

    /// The pad in use was unplugged and no button has been pressed on a pad since: the game
    /// stays paused with a "connect a controller" prompt.
    pub fn controller_lost(&self) -> bool {
        self.controller_lost
    }

    /// Whether any pad is connected.
    pub fn pad_connected(&self) -> bool {
        !self.pads.is_empty()
    }

    /// Menu-key presses since the last call.
    pub fn take_ui(&mut self) -> UiRequests {
        std::mem::take(&mut self.ui)
    }

    /// Whether the player asked to quit (window closed, Escape).
    pub fn quit_requested(&self) -> bool {
        self.quit_requested
    }

    /// Tells the input which gear the car is in and how many forward gears it has (0 for a
    /// car without a gearbox), so shifting starts from there.
    pub fn observe_gearbox(&mut self, gear: i8, top_gear: i8) {
        self.gear_now = (gear, top_gear);
    }

    fn shift(&mut self, step: i8) {
        let (now, top) = self.gear_now;
        if top <= 0 {
            return;
        }
        let from = self.manual_gear.unwrap_or(now);
        self.manual_gear = Some((from + step).clamp(-1, top));
    }

    /// The input for the next tick of a car moving at `forward_speed_mps` along its
    /// heading. A reset request is consumed by the first tick that takes it.
    ///
    /// Arcade pedals: holding the brake once the car has (nearly) stopped drives it
    /// backwards, and while reversing the throttle pedal brakes, as players expect from a
    /// console driving game with no gear lever.
    pub fn take_tick_input(&mut self, forward_speed_mps: f32) -> TickInput {
        let k = self.keys;
        let key_steer = (k.right as i32 - k.left as i32) as f32;
        let throttle = self.pad.throttle.max(k.throttle as u8 as f32);
        let brake = self.pad.brake.max(k.brake as u8 as f32);
        if !self.reversing && brake > 0.0 && throttle == 0.0 && forward_speed_mps < REVERSE_ENGAGE_SPEED_MPS {
            self.reversing = true;
        } else if self.reversing && throttle > 0.0 && forward_speed_mps > -REVERSE_ENGAGE_SPEED_MPS {
            self.reversing = false;
        }
        let (throttle, brake) = if self.reversing {
            (brake, throttle)
        } else {
            (throttle, brake)
        };
        let control = VehicleControl {
            throttle,
            steer: (self.pad.steer + key_steer).clamp(-1.0, 1.0),
            brake,
            hand_brake: k.hand_brake || self.pad.hand_brake,
            reverse: self.reversing,
            manual_gear_shift: self.manual_gear.is_some(),
            gear: self.manual_gear.unwrap_or(0),
        };
        let reset = std::mem::take(&mut self.reset_requested);
        if reset {
            // A reset car starts in its automatic again.
            self.manual_gear = None;
        }
        TickInput {
            control: control.sanitized(),
            reset,
        }
    }
}

#[cfg(test)]
mod tests;
