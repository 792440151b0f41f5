//! How the player's devices become car controls: stick and trigger response, keyboard
//! steering rates, the reverse hold and the bindings. Saved and loaded with the rest of the
//! player's settings (`crate::settings`); defined here so the input layer needs nothing above it.

use super::bindings::Bindings;

/// Stick and trigger response, and the bindings.
#[derive(Debug, Clone, PartialEq)]
pub struct InputSettings {
    /// Stick travel ignored around the centre, 0..0.9.
    pub stick_deadzone: f32,
    /// Trigger travel ignored at rest, 0..0.9.
    pub trigger_deadzone: f32,
    /// Steering response curve: output = sign(x)·|x|^exponent (1 linear; more is finer
    /// near the centre), 1..3.
    pub steer_exponent: f32,
    /// Share of a straight line mixed into the stick's curve, 0..1 (1: linear whatever
    /// the exponent): `linearity·x + (1 − linearity)·sign(x)·|x|^exponent`.
    pub stick_linearity: f32,
    /// Keyboard steering toward full lock at a standstill, lock fractions per second.
    pub key_steer_rate_per_s: f32,
    /// Keyboard steering back toward the centre at a standstill, lock fractions per second.
    pub key_centre_rate_per_s: f32,
    /// Speed at which both keyboard steering rates have halved, m/s (they fall as
    /// 1/(1 + v/this)).
    pub key_steer_halving_speed_mps: f32,
    /// How long the brake must be held with the car stopped before it reverses, s.
    pub reverse_hold_s: f32,
    /// Pad rumble on crashes and landings.
    pub rumble: bool,
    /// How strong the rumble is, 0..1 (1: as strong as the crash earned).
    pub rumble_strength: f32,
    /// Keys and buttons.
    pub bindings: Bindings,
}

impl InputSettings {
    /// What a rumble's strength is multiplied by: 0 when rumble is off.
    pub fn rumble_scale(&self) -> f32 {
        if self.rumble {
            self.rumble_strength
        } else {
            0.0
        }
    }
}

impl Default for InputSettings {
    fn default() -> Self {
        Self {
            stick_deadzone: 0.15,
            trigger_deadzone: 0.05,
            steer_exponent: 1.5,
            stick_linearity: 0.0,
            key_steer_rate_per_s: 4.0,
            key_centre_rate_per_s: 6.0,
            key_steer_halving_speed_mps: 12.0,
            reverse_hold_s: 0.4,
            rumble: true,
            rumble_strength: 1.0,
            bindings: Bindings::default(),
        }
    }
}
