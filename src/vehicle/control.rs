//! What a driver asks of a car for one tick: the controls both vehicle models consume.
//!
//! They live with the vehicles, not the simulation, because the models read them and the
//! simulation depends on the vehicles (never the other way); the simulation re-exports them.

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
}

impl VehicleControl {
    /// The same controls with axes clamped to their ranges and NaN/∞ replaced by 0.
    pub fn sanitized(self) -> Self {
        let clamp = |v: f32, lo: f32, hi: f32| if v.is_finite() { v.clamp(lo, hi) } else { 0.0 };
        Self {
            throttle: clamp(self.throttle, 0.0, 1.0),
            steer: clamp(self.steer, -1.0, 1.0),
            brake: clamp(self.brake, 0.0, 1.0),
            ..self
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
}
