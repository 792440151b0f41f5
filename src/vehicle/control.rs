//! What a driver asks of a car for one tick: the controls both vehicle models consume.
//!
//! They live with the vehicles, not the simulation, because the models read them and the
//! simulation depends on the vehicles (never the other way); the simulation re-exports them.

use super::chassis::MAX_WHEELS;

/// Driver controls for one tick. Axes are clamped and a non-finite value becomes 0 at the
/// edge ([`VehicleControl::sanitized`]), so the simulation never sees NaN from input.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct VehicleControl {
    /// Accelerator, 0..1.
    pub throttle: f32,
    /// Steering, −1 (full left) .. 1 (full right).
    pub steer: f32,
    /// Service brake, 0..1.
    pub brake: f32,
    /// Handbrake held.
    pub hand_brake: bool,
    /// Drive backwards (the arcade car reverses its thrust; the sim car selects reverse).
    pub reverse: bool,
    /// The sim car's gearbox takes `gear` instead of shifting by itself.
    pub manual_gear_shift: bool,
    /// Gear for manual shifting: −1 reverse, 0 neutral, 1.. forward.
    pub gear: i8,
    /// Per-wheel share of `brake`, 0..1, in definition order (anti-lock brakes ease each
    /// wheel's brake on its own, as a real ABS modulates each wheel's pressure). `None`:
    /// every wheel brakes with the whole pedal, which is what a driver's input always is.
    /// If one wheel brakes oddly with an assist on, look here first: without assists it is
    /// `None` and the models brake as before.
    pub wheel_brake_scale: Option<[f32; MAX_WHEELS]>,
}

impl VehicleControl {
    /// The same controls with axes clamped to their ranges and NaN/∞ replaced by 0.
    pub fn sanitized(self) -> Self {
        let clamp = |v: f32, lo: f32, hi: f32| if v.is_finite() { v.clamp(lo, hi) } else { 0.0 };
        Self {
            throttle: clamp(self.throttle, 0.0, 1.0),
            steer: clamp(self.steer, -1.0, 1.0),
            brake: clamp(self.brake, 0.0, 1.0),
            // A non-finite share becomes the whole pedal: braking less than asked because
            // of a bad number is the worse failure.
            wheel_brake_scale: self
                .wheel_brake_scale
                .map(|s| s.map(|v| if v.is_finite() { v.clamp(0.0, 1.0) } else { 1.0 })),
            ..self
        }
    }

    /// Wheel `wheel`'s share of the brake pedal, 0..1 (1 without per-wheel scales).
    pub fn wheel_brake_share(&self, wheel: usize) -> f32 {
        self.wheel_brake_scale
            .and_then(|scale| scale.get(wheel).copied())
            .unwrap_or(1.0)
    }

    /// The brake pedal wheel `wheel` gets, 0..1: `brake` times its share.
    pub fn wheel_brake(&self, wheel: usize) -> f32 {
        match self.wheel_brake_scale {
            Some(_) => self.brake * self.wheel_brake_share(wheel),
            None => self.brake,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitizing_clamps_and_zeroes_non_finite() {
        let c = VehicleControl {
            throttle: f32::NAN,
            steer: -3.0,
            brake: f32::INFINITY,
            hand_brake: true,
            ..VehicleControl::default()
        }
        .sanitized();
        assert_eq!((c.throttle, c.steer, c.brake, c.hand_brake), (0.0, -1.0, 0.0, true));
    }

    #[test]
    fn per_wheel_brake_scales_are_clamped_and_applied_per_wheel() {
        let mut scale = [1.0; MAX_WHEELS];
        scale[..4].copy_from_slice(&[0.5, f32::NAN, -1.0, 2.0]);
        let c = VehicleControl {
            brake: 0.8,
            wheel_brake_scale: Some(scale),
            ..VehicleControl::default()
        }
        .sanitized();
        let per_wheel: Vec<f32> = (0..4).map(|i| c.wheel_brake(i)).collect();
        assert_eq!(per_wheel, vec![0.4, 0.8, 0.0, 0.8]);
        let whole = VehicleControl {
            brake: 0.8,
            ..VehicleControl::default()
        };
        assert_eq!(whole.wheel_brake(3), 0.8);
    }
}
