//! Anti-lock brakes: eases the brake while a wheel is locking.
//!
//! A locked wheel (slip ratio −1) gives no side force, so the car goes straight whatever
//! the steering. In the PhysX tire model the braking force meets the friction circle at a
//! slip ratio of about −0.07 (k = 1) and is flat from about −0.2 to −0.27 (k = 3, for the
//! shipped sim cars' wheel loads under braking) on asphalt, so the brake is held back to
//! keep every wheel's slip above −[`TARGET_SLIP`], just short of that plateau: the car
//! stops about as short as the friction allows and still steers. If stops are long, raise
//! the target; if the car still pushes straight on, lower it. (Measured on the sedan from
//! 100 km/h, `tests/sim/assists.rs`: a target of 0.2 stopped within 3 % of v²/(2μg) but left
//! the front tires so little side force that a gentle steer hardly moved the car; 0.14
//! turned it well and stopped 11 % long at steer 0.04.)
//!
//! Each wheel is modulated on its own (the control's per-wheel brake shares), as a
//! four-channel ABS modulates each wheel's pressure: braking while turning, the unloaded
//! inside wheels lock first, and a single limit for all four would hold the loaded outside
//! wheels far below their grip. The sedan from 100 km/h with steer 0.04 (≈ 4 m/s²
//! lateral) stopped 12 % longer than v²/(2μg) with one limit, 7 % with one per wheel.

use super::CarReading;
use crate::vehicle::{VehicleControl, MAX_WHEELS};

/// Slip ratio (magnitude) a braked wheel is held under.
pub const TARGET_SLIP: f32 = 0.165;
/// How fast the brake limit closes per unit of slip beyond the target, 1/s. (Per wheel, a
/// light rear wheel under a full pedal locks before a slow close catches it: at 8 the
/// sedan's rear wheels reached slip −0.92 in the first 0.2 s of a stop from 100 km/h.)
const CLOSE_PER_S: f32 = 10.0;
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

/// One wheel's ABS channel: the brake limit it has learned.
///
/// The cycle is the classic one of a pressure-modulating ABS (dump, hold, reapply; Bosch
/// Automotive Handbook, "Antilock braking system"): the limit closes while the wheel's slip
/// beyond the target grows, holds while the wheel spins back up (closing further then
/// would only leave the brake lower than the lock needs), reopens quickly to just under
/// the brake at which the wheel began to lock, and then slowly beyond it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Channel {
    limit: f32,
    /// The limit when the latest lock began.
    lock_limit: f32,
    /// The wheel's slip ratio in the previous tick.
    previous_slip: f32,
}

impl Default for Channel {
    fn default() -> Self {
        Self {
            limit: 1.0,
            lock_limit: 1.0,
            previous_slip: 0.0,
        }
    }
}

impl Channel {
    /// The brake this wheel may have this tick, for pedal `brake` and its slip ratio.
    fn limit(&mut self, brake: f32, slip: f32, dt_s: f32) -> f32 {
        let excess = -slip - TARGET_SLIP;
        let was_locking = -self.previous_slip > TARGET_SLIP;
        self.limit = if excess > 0.0 {
            if !was_locking {
                self.lock_limit = self.limit.min(brake);
            }
            // Closing until the wheel spins back up: a wheel held locked at −1 reads
            // the same slip tick after tick and must not be taken for recovering.
            if slip <= self.previous_slip {
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
        brake.min(self.limit)
    }
}

/// ABS state: one channel per wheel.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AntiLock {
    channels: [Channel; MAX_WHEELS],
}

impl AntiLock {
    /// Eases each wheel's share of `control.brake` (`control.wheel_brake_scale`); true if
    /// any wheel's brake was lowered this tick. A wheel in the air keeps what its channel
    /// had learned (its slip says nothing there).
    pub fn apply(&mut self, control: &mut VehicleControl, car: &CarReading, dt_s: f32) -> bool {
        if !car.grounded || control.brake <= 0.0 || car.forward_speed_mps.abs() < ACTIVE_ABOVE_MPS {
            *self = Self::default();
            return false;
        }
        let brake = control.brake;
        let mut scale: [f32; MAX_WHEELS] = std::array::from_fn(|i| control.wheel_brake_share(i));
        let mut acted = false;
        for (i, channel) in self.channels.iter_mut().enumerate() {
            if !car.wheel_grounded[i] {
                continue;
            }
            let wanted = control.wheel_brake(i);
            let allowed = channel.limit(wanted, car.wheel_slip_ratios[i], dt_s);
            acted |= allowed < wanted;
            scale[i] = allowed / brake;
        }
        if acted {
            control.wheel_brake_scale = Some(scale);
        }
        acted
    }
}
