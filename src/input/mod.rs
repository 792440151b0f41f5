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
pub mod seats;
mod settings;
pub mod shaping;

pub use rumble::rumble_for;
pub use settings::InputSettings;

use crate::assists::gearbox::GearboxMode;
use crate::assists::AssistSettings;
use crate::sim::{TickInput, VehicleControl};
use bindings::Action;
use skidpad_platform::{PadAxis, PadEvent, PadEventKind, PadId, PlatformEvent};
use std::collections::BTreeSet;

pub use shaping::apply_deadzone;

/// Below this speed (m/s, either way) the car counts as stopped: holding the brake there
/// for the settings' `reverse_hold_s` engages reverse, and above minus it the throttle
/// takes the car out of reverse.
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
    /// Switch the ground between its look and the friction view (F3).
    pub toggle_friction_view: bool,
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

/// Held keys and pad axes, folded into one [`TickInput`] per tick.
#[derive(Debug, Clone, Default)]
pub struct InputState {
    settings: InputSettings,
    assists: AssistSettings,
    keys: KeysHeld,
    key_steer: shaping::KeyboardSteer,
    /// How long the brake has been held with the car stopped, s (reverse engages at the
    /// settings' `reverse_hold_s`).
    brake_held_stopped_s: f32,
    pad: PadState,
    pads: BTreeSet<PadId>,
    active_pad: Option<PadId>,
    controller_lost: bool,
    reset_requested: bool,
    restart_requested: bool,
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

    /// The same input with the player's assists and gearbox choice.
    pub fn with_assists(self, assists: AssistSettings) -> Self {
        Self { assists, ..self }
    }

    fn press(&mut self, action: Action, pressed: bool) {
        match action {
            Action::Throttle => self.keys.throttle = pressed,
            Action::Brake => self.keys.brake = pressed,
            Action::SteerLeft => self.keys.left = pressed,
            Action::SteerRight => self.keys.right = pressed,
            Action::HandBrake => self.keys.hand_brake = pressed,
            Action::Reset if pressed => self.reset_requested = true,
            Action::Restart if pressed => self.restart_requested = true,
            Action::Pause if pressed => self.ui.toggle_pause = true,
            Action::FrameGraph if pressed => self.ui.toggle_frame_graph = true,
            Action::Telemetry if pressed => self.ui.toggle_telemetry = true,
            Action::Camera if pressed => self.ui.next_camera = true,
            Action::FrictionView if pressed => self.ui.toggle_friction_view = true,
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
                    PadAxis::LeftStickX => self.pad.steer = shaping::stick_steer(value, s),
                    PadAxis::RightTrigger => self.pad.throttle = shaping::trigger(value, s),
                    PadAxis::LeftTrigger => self.pad.brake = shaping::trigger(value, s),
                    _ => {}
                }
                if value.abs() > 0.5 {
                    self.active_pad = Some(event.pad);
                }
            }
        }
    }

    /// The assists this input's ticks carry.
    pub fn assists(&self) -> AssistSettings {
        self.assists
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

    /// Menu-key presses since the last [`InputState::take_ui`], left in place.
    pub fn peek_ui(&self) -> UiRequests {
        self.ui
    }

    /// Menu-key presses since the last call.
    pub fn take_ui(&mut self) -> UiRequests {
        std::mem::take(&mut self.ui)
    }

    /// The player's input settings in force.
    pub fn settings(&self) -> &InputSettings {
        &self.settings
    }

    /// New settings from the options, taking effect at once; what is held stays held.
    pub fn set_settings(&mut self, settings: InputSettings, assists: AssistSettings) {
        self.settings = settings;
        self.assists = assists;
    }

    /// This player's own pad was unplugged (split screen, where each player has one): the
    /// game pauses until they press a button on a pad, as if it were the pad in use.
    pub fn lose_pad(&mut self) {
        self.active_pad = None;
        self.controller_lost = true;
        self.pad = PadState::default();
    }

    /// The player chose to go on with the keyboard after the pad in use was unplugged.
    pub fn continue_on_keyboard(&mut self) {
        self.controller_lost = false;
        self.active_pad = None;
        self.pad = PadState::default();
    }

    /// Puts the car back at the start on the next tick (the pause menu's "Reset car").
    pub fn request_reset(&mut self) {
        self.reset_requested = true;
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

    /// The input for the next tick (`dt_s` long) of a car moving at `forward_speed_mps`
    /// along its heading. A reset or restart request is consumed by the first tick that takes it.
    ///
    /// Reverse, the same on keyboard and pad: with the car stopped (under
    /// [`REVERSE_ENGAGE_SPEED_MPS`]), holding the brake alone for `reverse_hold_s` engages
    /// reverse; until then the brake just holds the car, and a car still moving never
    /// reverses however long the brake is held. While reversing the brake pedal drives
    /// backwards and the throttle pedal brakes, until the throttle is pressed with the car
    /// stopped or rolling forward. With the manual gearbox reverse is also the gear below
    /// neutral.
    pub fn take_tick_input(&mut self, forward_speed_mps: f32, dt_s: f32) -> TickInput {
        let k = self.keys;
        let key_target = (k.right as i32 - k.left as i32) as f32;
        let key_steer = self.key_steer.step(key_target, forward_speed_mps, dt_s, &self.settings);
        let throttle = self.pad.throttle.max(k.throttle as u8 as f32);
        let brake = self.pad.brake.max(k.brake as u8 as f32);
        self.update_reverse(throttle, brake, forward_speed_mps, dt_s);
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
            // Per-wheel brakes are the anti-lock assist's, never a device's.
            wheel_brake_scale: None,
        };
        let reset = std::mem::take(&mut self.reset_requested);
        let restart = std::mem::take(&mut self.restart_requested);
        if reset || restart {
            // A reset car starts in its automatic again (or first, with the manual box),
            // wheel straight, going forward.
            self.manual_gear = None;
            self.reversing = false;
            self.key_steer.centre();
        }
        TickInput {
            control: control.sanitized(),
            reset,
            restart,
            assists: self.assists.set(),
        }
    }

    fn update_reverse(&mut self, throttle: f32, brake: f32, forward_speed_mps: f32, dt_s: f32) {
        let (_, top) = self.gear_now;
        let manual = self.assists.gearbox == GearboxMode::Manual && top > 0;
        if manual && self.manual_gear.is_none() {
            self.manual_gear = Some(1);
        }
        let stopped = forward_speed_mps.abs() < REVERSE_ENGAGE_SPEED_MPS;
        if !self.reversing && brake > 0.0 && throttle == 0.0 && stopped {
            self.brake_held_stopped_s += dt_s;
            if self.brake_held_stopped_s >= self.settings.reverse_hold_s {
                self.reversing = true;
                if manual {
                    self.manual_gear = Some(-1);
                }
            }
        } else {
            self.brake_held_stopped_s = 0.0;
            if self.reversing && throttle > 0.0 && forward_speed_mps > -REVERSE_ENGAGE_SPEED_MPS {
                self.reversing = false;
                if manual {
                    self.manual_gear = Some(1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
