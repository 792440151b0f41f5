//! Input shaping: how keys and sticks become steer, throttle and brake travel.
//!
//! A key is all or nothing, so keyboard steering ramps toward full lock at a rate and
//! back to the centre faster, both falling with speed (`rate(v) = rate₀ / (1 + v/v½)`):
//! at a standstill the wheel snaps across, at motorway speed a tap is a small correction.
//! A stick is mapped through a deadzone, then a response curve that mixes a power curve
//! (fine near the centre) with a straight line (`linearity`). If the car darts on the
//! keyboard, lower `key_steer_rate_per_s` or `key_steer_halving_speed_mps`; if a pad feels
//! numb near the centre, lower `steer_exponent` or raise `stick_linearity`.

use super::InputSettings;

/// Keyboard steer rate (lock fractions per second) at `speed_mps` for a rest rate
/// `rate_per_s` that halves at `halving_speed_mps`.
pub fn key_rate_per_s(rate_per_s: f32, halving_speed_mps: f32, speed_mps: f32) -> f32 {
    rate_per_s / (1.0 + speed_mps.abs() / halving_speed_mps.max(0.1))
}

/// Keyboard steering: where the wheel is now, eased toward what the keys ask.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct KeyboardSteer {
    steer: f32,
}

impl KeyboardSteer {
    /// The steer after one tick of `dt_s` with the keys asking for `target` (−1, 0, 1) at
    /// `speed_mps`.
    pub fn step(&mut self, target: f32, speed_mps: f32, dt_s: f32, s: &InputSettings) -> f32 {
        // Back toward the centre (releasing, or reversing the lock) uses the centring rate.
        let centring = target == 0.0 || target.signum() != self.steer.signum() && self.steer != 0.0;
        let rest_rate = if centring {
            s.key_centre_rate_per_s
        } else {
            s.key_steer_rate_per_s
        };
        let max_step = key_rate_per_s(rest_rate, s.key_steer_halving_speed_mps, speed_mps) * dt_s;
        self.steer += (target - self.steer).clamp(-max_step, max_step);
        self.steer
    }

    /// The steer now.
    pub fn steer(&self) -> f32 {
        self.steer
    }

    /// Back to centre at once (a reset).
    pub fn centre(&mut self) {
        self.steer = 0.0;
    }
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

/// A stick's steer: deadzone, then `linearity·x + (1 − linearity)·sign(x)·|x|^exponent`.
pub fn stick_steer(raw: f32, s: &InputSettings) -> f32 {
    let x = apply_deadzone(raw, s.stick_deadzone);
    let curved = x.signum() * x.abs().powf(s.steer_exponent);
    s.stick_linearity * x + (1.0 - s.stick_linearity) * curved
}

/// A trigger's travel after its deadzone, 0..1.
pub fn trigger(raw: f32, s: &InputSettings) -> f32 {
    apply_deadzone(raw, s.trigger_deadzone).max(0.0)
}
