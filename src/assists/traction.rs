//! Traction control: eases the throttle while the driven wheels spin.
//!
//! Why a slip-ratio target: in the PhysX tire model the drive force grows with slip ratio
//! until it meets the friction circle (`F_X = K_X·s_X`, `K_X = long_stiff_value·g`, scaled
//! onto `μ·F_Z` and flat from `k = 3`). For the shipped sim cars (`K_X` ≈ 49 kN, a driven
//! wheel's load ≈ 3.4 kN) the force is flat from a slip ratio of about 0.2 on asphalt and
//! 0.15 on wet: more slip only heats the tire and loses side grip. So the throttle is held
//! back to keep the slip near [`TARGET_SLIP`]. If launches feel sluggish, raise the target;
//! if the car still fishtails out of corners, lower it.

use super::CarReading;
use crate::vehicle::VehicleControl;

/// Slip ratio the driven wheels are held near.
pub const TARGET_SLIP: f32 = 0.12;
/// How fast the throttle limit closes per unit of slip above the target, 1/s.
const CLOSE_PER_S: f32 = 30.0;
/// How fast the throttle limit opens again while the slip is under the target, 1/s.
const OPEN_PER_S: f32 = 1.5;
/// The limit never shuts the throttle completely: the car must still creep off on ice.
const FLOOR: f32 = 0.05;

/// Traction control's state: the throttle limit it has learned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TractionControl {
    limit: f32,
}

impl Default for TractionControl {
    fn default() -> Self {
        Self { limit: 1.0 }
    }
}

impl TractionControl {
    /// Eases `control.throttle`; true if it was lowered this tick.
    pub fn apply(&mut self, control: &mut VehicleControl, car: &CarReading, dt_s: f32) -> bool {
        if !car.grounded || control.throttle <= 0.0 {
            self.limit = 1.0;
            return false;
        }
        let excess = car.drive_slip_ratio - TARGET_SLIP;
        self.limit = if excess > 0.0 {
            self.limit - CLOSE_PER_S * excess * dt_s
        } else {
            self.limit + OPEN_PER_S * dt_s
        }
        .clamp(FLOOR, 1.0);
        let acted = control.throttle > self.limit;
        control.throttle = control.throttle.min(self.limit);
        acted
    }
}
