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
//! where the first wheel starts to lock. Braking while turning, the inside wheels carry
//! less load and lock first: the sedan from 100 km/h with steer 0.04 (≈ 4 m/s² lateral)
//! brakes its outside front wheel to 65 % of its grip while the inside one is at 97 %, and
//! stops 12 % longer than v²/(2μg) (the friction circle alone accounts for ~9 %); with a
//! gentle steer (0.01) it stops 8 % longer (`tests/assists.rs`). Per-wheel ABS needs
//! per-wheel brake controls, which `VehicleControl` does not have.

use super::CarReading;
use crate::vehicle::VehicleControl;

/// Slip ratio (magnitude) a braked wheel is held under.
pub const TARGET_SLIP: f32 = 0.2;
/// How fast the brake limit closes per unit of slip beyond the target, 1/s.
const CLOSE_PER_S: f32 = 8.0;
/// How fast the brake limit opens again, while no wheel locks, up to [`REAPPLY_FRACTION`]
/// of where the last lock began, 1/s.
const REAPPLY_PER_S: f32 = 6.0;
/// How fast it opens beyond that, feeling for the limit again, 1/s.
const OPEN_PER_S: f32 = 2.0;
/// The fraction of the last lock's brake the limit returns to quickly.
const REAPPLY_FRACTION: f32 = 0.9;
/// Some brake always remains.
const FLOOR: f32 = 0.05;
/// Below this speed (m/s) ABS lets the wheels stop: a parked car must hold.
const ACTIVE_ABOVE_MPS: f32 = 2.0;

/// ABS state: the brake limit it has learned.
///
/// The cycle is the classic one of a pressure-modulating ABS (dump, hold, reapply; Bosch
/// Automotive Handbook, "Antilock braking system"): the limit closes while a wheel's slip
/// beyond the target grows, holds while the wheel spins back up (closing further then
/// would only leave the brake lower than the lock needs), reopens quickly to just under
/// the brake at which the wheel began to lock, and then slowly beyond it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AntiLock {
    limit: f32,
    /// The limit when the latest lock began.
    lock_limit: f32,
    /// The worst wheel's slip ratio in the previous tick.
    previous_slip: f32,
}

impl Default for AntiLock {
    fn default() -> Self {
        Self {
            limit: 1.0,
            lock_limit: 1.0,
            previous_slip: 0.0,
        }
    }
}

impl AntiLock {
    /// Eases `control.brake`; true if it was lowered this tick.
    pub fn apply(&mut self, control: &mut VehicleControl, car: &CarReading, dt_s: f32) -> bool {
        if !car.grounded || control.brake <= 0.0 || car.forward_speed_mps.abs() < ACTIVE_ABOVE_MPS {
            *self = Self::default();
            return false;
        }
        let slip = car.brake_slip_ratio;
        let excess = -slip - TARGET_SLIP;
        let was_locking = -self.previous_slip > TARGET_SLIP;
        self.limit = if excess > 0.0 {
            if !was_locking {
                self.lock_limit = self.limit.min(control.brake);
            }
            if slip < self.previous_slip {
                self.limit - CLOSE_PER_S * excess * dt_s
            } else {
                self.limit
            }
        } else if self.limit < REAPPLY_FRACTION * self.lock_limit {
            (self.limit + REAPPLY_PER_S * dt_s).min(REAPPLY_FRACTION * self.lock_limit)
        } else {
            self.limit + OPEN_PER_S * dt_s
        }
        .clamp(FLOOR, 1.0);
        self.previous_slip = slip;
        let acted = control.brake > self.limit;
        control.brake = control.brake.min(self.limit);
        acted
    }
}
