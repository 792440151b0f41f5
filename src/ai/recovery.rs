//! Getting an AI car going again: one that lies on its side or roof, or has hardly moved
//! for a while (wedged against a wall, beached on a ramp), is put back on its line, as a
//! racing game's marshals would. Without it a long race, or a soak run, ends up with cars
//! stuck for good after the first pile-up.

use rapier3d::prelude::RigidBody;

/// How long a car may be overturned or nearly still before it is put back, s.
pub const STUCK_AFTER_S: f32 = 4.0;
/// Below this speed a car counts as still, m/s.
pub const STILL_BELOW_MPS: f32 = 1.0;
/// A car whose up axis points less than this far up (cos 60°) counts as overturned.
pub const UPRIGHT_MIN: f32 = 0.5;

/// Watches one car, tick by tick.
#[derive(Debug, Clone, Copy, Default)]
pub struct StuckWatch {
    stuck_s: f32,
}

impl StuckWatch {
    /// Feeds one tick of `body`'s state; true when the car has been overturned, or still
    /// while its driver `wants_to_move` (a car queued behind a stopped one is not stuck),
    /// for [`STUCK_AFTER_S`] (the watch then starts again: the caller puts the car back).
    pub fn update(&mut self, body: &RigidBody, wants_to_move: bool, dt_s: f32) -> bool {
        let upright = (*body.rotation() * glam::Vec3::Y).y;
        let still = body.linvel().length() < STILL_BELOW_MPS;
        let stuck = upright < UPRIGHT_MIN || (still && wants_to_move);
        self.stuck_s = if stuck { self.stuck_s + dt_s } else { 0.0 };
        // Half a tick of slack: 240 additions of 1/60 fall just short of 4.0 in f32.
        if self.stuck_s >= STUCK_AFTER_S - 0.5 * dt_s {
            self.stuck_s = 0.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{Quat, Vec3};
    use rapier3d::prelude::RigidBodyBuilder;

    fn body(rotation: Quat, v: Vec3) -> RigidBody {
        RigidBodyBuilder::dynamic()
            .rotation(rotation.to_scaled_axis())
            .linvel(v)
            .build()
    }

    fn ticks_until_put_back(b: &RigidBody) -> Option<u32> {
        let mut w = StuckWatch::default();
        (1..=600).find(|_| w.update(b, true, 1.0 / 60.0))
    }

    #[test]
    fn an_overturned_car_is_put_back_after_four_seconds_even_while_sliding() {
        let roof = body(Quat::from_rotation_z(std::f32::consts::PI), Vec3::new(5.0, 0.0, 0.0));
        assert_eq!(ticks_until_put_back(&roof), Some(240));
    }

    #[test]
    fn a_still_car_is_put_back_and_a_moving_upright_one_never() {
        assert_eq!(ticks_until_put_back(&body(Quat::IDENTITY, Vec3::ZERO)), Some(240));
        assert_eq!(
            ticks_until_put_back(&body(Quat::IDENTITY, Vec3::new(0.0, 0.0, 3.0))),
            None
        );
        // Leaning 45° on two wheels but moving: not overturned.
        let leaning = body(Quat::from_rotation_z(0.78), Vec3::new(0.0, 0.0, 3.0));
        assert_eq!(ticks_until_put_back(&leaning), None);
        // Still because it waits behind a stopped car: not stuck.
        let mut w = StuckWatch::default();
        assert!((0..600).all(|_| !w.update(&body(Quat::IDENTITY, Vec3::ZERO), false, 1.0 / 60.0)));
    }

    #[test]
    fn moving_again_resets_the_count() {
        let mut w = StuckWatch::default();
        let still = body(Quat::IDENTITY, Vec3::ZERO);
        let moving = body(Quat::IDENTITY, Vec3::new(0.0, 0.0, 5.0));
        for _ in 0..200 {
            assert!(!w.update(&still, true, 1.0 / 60.0));
        }
        assert!(!w.update(&moving, true, 1.0 / 60.0));
        for _ in 0..200 {
            assert!(!w.update(&still, true, 1.0 / 60.0));
        }
    }
}
