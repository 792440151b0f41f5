//! Steering assist for the arcade cars: steering limited to what the tires can hold.
//!
//! The arcade model (HARFANG raycast car) turns as far as it is steered and its lateral
//! friction lets it; at speed full lock asks for far more lateral acceleration than a road
//! tire gives, and a keyboard only knows full lock. The limit is the kinematic steer
//! angle of a turn at [`HOLD_LATERAL_G`]: δ = atan(L·a/v²) (the bicycle model's neutral
//! steer, Ackermann angle), never below [`MIN_STEER`] of the lock so the car can always
//! turn. Sim cars have their own speed-sensitive steering curve and stability control, so
//! this assist leaves them alone. If arcade cars turn too lazily at speed, raise
//! `HOLD_LATERAL_G`.

use super::CarReading;
use crate::vehicle::VehicleControl;

/// Lateral acceleration the limit aims at, in g. More than a road tire's ~0.9 because the
/// tires need slip angle on top of the kinematic angle.
pub const HOLD_LATERAL_G: f32 = 1.6;
/// Least share of full lock the limit leaves.
pub const MIN_STEER: f32 = 0.25;
const G_MPS2: f32 = 9.81;

/// Largest steer (0..1) the assist allows `car` at its speed.
pub fn steer_limit(car: &CarReading) -> f32 {
    let v = car.forward_speed_mps.abs();
    if !car.arcade || car.max_steer_rad <= 0.0 || v < 1.0 {
        return 1.0;
    }
    let hold_rad = (car.wheelbase_m * HOLD_LATERAL_G * G_MPS2 / (v * v)).atan();
    (hold_rad / car.max_steer_rad).clamp(MIN_STEER, 1.0)
}

/// Limits `control.steer`; true if it was lowered this tick.
pub fn limit(control: &mut VehicleControl, car: &CarReading) -> bool {
    let limit = steer_limit(car);
    let acted = control.steer.abs() > limit;
    control.steer = control.steer.clamp(-limit, limit);
    acted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arcade_at(speed_mps: f32) -> CarReading {
        CarReading {
            forward_speed_mps: speed_mps,
            max_steer_rad: 35f32.to_radians(),
            wheelbase_m: 2.6,
            arcade: true,
            ..CarReading::default()
        }
    }

    #[test]
    fn the_limit_falls_with_speed_and_leaves_sim_cars_alone() {
        assert_eq!(steer_limit(&arcade_at(0.0)), 1.0);
        let (slow, fast) = (steer_limit(&arcade_at(10.0)), steer_limit(&arcade_at(30.0)));
        assert!(slow > fast && fast >= MIN_STEER, "{slow} {fast}");
        // δ = atan(L·a/v²) at 10 m/s: atan(2.6 · 1.6 · 9.81 / 100) = 0.388 rad of 0.611.
        assert!((slow - 0.388 / 0.611).abs() < 0.01, "{slow}");
        let sim = CarReading {
            arcade: false,
            ..arcade_at(30.0)
        };
        assert_eq!(steer_limit(&sim), 1.0);
        let mut c = VehicleControl {
            steer: -1.0,
            ..VehicleControl::default()
        };
        assert!(limit(&mut c, &arcade_at(30.0)));
        assert_eq!(c.steer, -fast);
    }
}
