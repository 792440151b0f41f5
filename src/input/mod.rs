//! Turning keyboard and pad events into the controls a tick consumes.
//!
//! Events arrive in the platform's terms ([`PlatformEvent`], [`PadEvent`]); gilrs' own
//! events are translated into `PadEvent`s by the platform, so tests inject pad input
//! through exactly this path.

use crate::sim::{TickInput, VehicleControl};
use skidpad_platform::{Key, PadAxis, PadButton, PadEvent, PadEventKind, PlatformEvent};

/// Stick travel ignored around the centre, as a fraction of full travel.
pub const STICK_DEADZONE: f32 = 0.15;
/// Trigger travel ignored at rest.
pub const TRIGGER_DEADZONE: f32 = 0.05;

/// Held keys and pad axes, folded into one [`TickInput`] per tick.
#[derive(Debug, Clone, Default)]
pub struct InputState {
    keys: KeysHeld,
    pad: PadState,
    reset_requested: bool,
    quit_requested: bool,
    reversing: bool,
    ui: UiRequests,
}

/// Presses of the game's menu keys since the last frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UiRequests {
    /// Pause or resume (P, pad Start).
    pub toggle_pause: bool,
    /// Show or hide the frame-time graph (F1, pad Back).
    pub toggle_frame_graph: bool,
    /// Show or hide the telemetry page (F2).
    pub toggle_telemetry: bool,
}

/// Below this forward speed (m/s) the brake pedal engages reverse, and above minus it the
/// throttle takes the car out of reverse.
pub const REVERSE_ENGAGE_SPEED_MPS: f32 = 0.5;

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

impl InputState {
    /// Folds a window/keyboard event in.
    pub fn on_platform_event(&mut self, event: &PlatformEvent) {
        match *event {
            PlatformEvent::Quit => self.quit_requested = true,
            PlatformEvent::Key { key, pressed, repeat } => {
                if repeat {
                    return;
                }
                match key {
                    Key::Up | Key::W => self.keys.throttle = pressed,
                    Key::Down | Key::S => self.keys.brake = pressed,
                    Key::Left | Key::A => self.keys.left = pressed,
                    Key::Right | Key::D => self.keys.right = pressed,
                    Key::Space => self.keys.hand_brake = pressed,
                    Key::R if pressed => self.reset_requested = true,
                    Key::P if pressed => self.ui.toggle_pause = true,
                    Key::F1 if pressed => self.ui.toggle_frame_graph = true,
                    Key::F2 if pressed => self.ui.toggle_telemetry = true,
                    Key::Escape if pressed => self.quit_requested = true,
                    _ => {}
                }
            }
            _ => {}
        }
    }

    /// Folds a pad event in.
    pub fn on_pad_event(&mut self, event: &PadEvent) {
        match event.kind {
            PadEventKind::Axis { axis, value } => match axis {
                PadAxis::LeftStickX => self.pad.steer = apply_deadzone(value, STICK_DEADZONE),
                PadAxis::RightTrigger => self.pad.throttle = apply_deadzone(value, TRIGGER_DEADZONE).max(0.0),
                PadAxis::LeftTrigger => self.pad.brake = apply_deadzone(value, TRIGGER_DEADZONE).max(0.0),
                _ => {}
            },
            PadEventKind::Button { button, pressed } => match button {
                PadButton::South => self.pad.hand_brake = pressed,
                PadButton::North if pressed => self.reset_requested = true,
                PadButton::Start if pressed => self.ui.toggle_pause = true,
                PadButton::Select if pressed => self.ui.toggle_frame_graph = true,
                _ => {}
            },
            PadEventKind::Disconnected => self.pad = PadState::default(),
            PadEventKind::Connected => {}
        }
    }

    /// Menu-key presses since the last call.
    pub fn take_ui(&mut self) -> UiRequests {
        std::mem::take(&mut self.ui)
    }

    /// Whether the player asked to quit (window closed, Escape).
    pub fn quit_requested(&self) -> bool {
        self.quit_requested
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
        };
        TickInput {
            control: control.sanitized(),
            reset: std::mem::take(&mut self.reset_requested),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skidpad_platform::PadId;

    fn pad(kind: PadEventKind) -> PadEvent {
        PadEvent { pad: PadId(0), kind }
    }

    #[test]
    fn deadzone_zeroes_the_centre_and_rescales_the_rest() {
        assert_eq!(apply_deadzone(0.1, 0.15), 0.0);
        assert_eq!(apply_deadzone(1.0, 0.15), 1.0);
        assert!((apply_deadzone(-0.575, 0.15) + 0.5).abs() < 1e-6);
        assert_eq!(apply_deadzone(f32::NAN, 0.15), 0.0);
    }

    #[test]
    fn pad_and_keys_combine_into_controls() {
        let mut s = InputState::default();
        s.on_pad_event(&pad(PadEventKind::Axis {
            axis: PadAxis::RightTrigger,
            value: 0.5,
        }));
        s.on_pad_event(&pad(PadEventKind::Axis {
            axis: PadAxis::LeftStickX,
            value: -1.0,
        }));
        let c = s.take_tick_input(0.0).control;
        assert!(c.throttle > 0.45 && c.throttle < 0.5, "{c:?}");
        assert_eq!(c.steer, -1.0);
        s.on_platform_event(&PlatformEvent::Key {
            key: Key::Up,
            pressed: true,
            repeat: false,
        });
        assert_eq!(s.take_tick_input(0.0).control.throttle, 1.0);
    }

    #[test]
    fn reset_is_taken_by_one_tick_only() {
        let mut s = InputState::default();
        s.on_platform_event(&PlatformEvent::Key {
            key: Key::R,
            pressed: true,
            repeat: false,
        });
        assert!(s.take_tick_input(0.0).reset);
        assert!(!s.take_tick_input(0.0).reset);
    }

    #[test]
    fn unplugging_releases_the_pad_axes() {
        let mut s = InputState::default();
        s.on_pad_event(&pad(PadEventKind::Axis {
            axis: PadAxis::RightTrigger,
            value: 1.0,
        }));
        s.on_pad_event(&pad(PadEventKind::Disconnected));
        assert_eq!(s.take_tick_input(0.0).control.throttle, 0.0);
    }

    #[test]
    fn brake_brakes_while_moving_then_reverses_once_stopped() {
        let mut s = InputState::default();
        s.on_platform_event(&PlatformEvent::Key {
            key: Key::Down,
            pressed: true,
            repeat: false,
        });
        let moving = s.take_tick_input(10.0).control;
        assert_eq!((moving.brake, moving.throttle, moving.reverse), (1.0, 0.0, false));
        let stopped = s.take_tick_input(0.1).control;
        assert_eq!((stopped.brake, stopped.throttle, stopped.reverse), (0.0, 1.0, true));
        // Rolling backwards, the throttle now brakes; near rest it drives forward again.
        s.on_platform_event(&PlatformEvent::Key {
            key: Key::Down,
            pressed: false,
            repeat: false,
        });
        s.on_platform_event(&PlatformEvent::Key {
            key: Key::Up,
            pressed: true,
            repeat: false,
        });
        let rolling_back = s.take_tick_input(-3.0).control;
        assert_eq!((rolling_back.brake, rolling_back.reverse), (1.0, true));
        let forward = s.take_tick_input(-0.2).control;
        assert_eq!((forward.throttle, forward.reverse), (1.0, false));
    }
}
