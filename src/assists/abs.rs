//! Anti-lock brakes: eases the brake while a wheel is locking.
//!
//! A locked wheel (slip ratio −1) gives no side force, so the car goes straight whatever
//! the steering. In the PhysX tire model the braking force meets the friction circle at a
//! slip ratio of about −0.07 (k = 1) and is flat from about −0.2 to −0.27 (k = 3, for the
//! shipped sim cars' wheel loads under braking) on asphalt, so the brake is held back to
//! keep every wheel's slip above −[`TARGET_SLIP`]: the car stops
//! about as short as the friction allows and still steers. If stops are long, raise the
//! target; if the car still pushes straight on, lower it.
//!
//! Limit: there is one brake control for all four wheels, so ABS can only hold the pedal
//! where the first wheel starts to lock. A car whose rear brakes are strong for the load
//! left on the rear axle under braking (the sedan: 1200 N·m rear against 2500 N·m front,
//! its rear wheels lock at about 0.55 pedal) then stops some 10–15 % longer than the
//! friction allows, against a locked car's shortest stop with no steering at all.

use super::CarReading;
use crate::vehicle::VehicleControl;

/// Slip ratio (magnitude) a braked wheel is held under.
pub const TARGET_SLIP: f32 = 0.2;
/// How fast the brake limit closes per unit of slip beyond the target, 1/s.
const CLOSE_PER_S: f32 = 8.0;
/// How fast the brake limit opens again while no wheel locks, 1/s.
const OPEN_PER_S: f32 = 2.0;
/// Some brake always remains.
const FLOOR: f32 = 0.05;
/// Below this speed (m/s) ABS lets the wheels stop: a parked car must hold.
const ACTIVE_ABOVE_MPS: f32 = 2.0;

/// ABS state: the brake limit it has learned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AntiLock {
    limit: f32,
}

impl Default for AntiLock {
    fn default() -> Self {
        Self { limit: 1.0 }
    }
}

impl AntiLock {
    /// Eases `control.brake`; true if it was lowered this tick.
    pub fn apply(&mut self, control: &mut VehicleControl, car: &CarReading, dt_s: f32) -> bool {
        if !car.grounded || control.brake <= 0.0 || car.forward_speed_mps.abs() < ACTIVE_ABOVE_MPS {
            self.limit = 1.0;
            return false;
        }
        let excess = -car.brake_slip_ratio - TARGET_SLIP;
        self.limit = if excess > 0.0 {
            self.limit - CLOSE_PER_S * excess * dt_s
        } else {
            self.limit + OPEN_PER_S * dt_s
        }
        .clamp(FLOOR, 1.0);
        let acted = control.brake > self.limit;
        control.brake = control.brake.min(self.limit);
        acted
    }
}
