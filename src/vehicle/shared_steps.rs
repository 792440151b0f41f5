//! Steps both car models take the same way, written once: the road wheels eased toward the
//! driver's request at a rate, and a car put back at a pose at rest. (The third, the wheel
//! rays, is [`super::suspension::cast_wheel_rays`].)

use super::wheel_state::WheelState;
use glam::Vec3;
use rapier3d::prelude::*;

/// The steering angle one tick later: `steer_rad` moved toward `target_rad` by at most
/// `rate_rad_per_s · dt_s` (a steering rack that turns at a finite rate; the HARFANG car
/// and CARLA's `steering_rate` alike). A car that steers too lazily wants a higher rate.
pub fn ease_steer_rad(steer_rad: f32, target_rad: f32, rate_rad_per_s: f32, dt_s: f32) -> f32 {
    let max_step = rate_rad_per_s * dt_s;
    steer_rad + (target_rad - steer_rad).clamp(-max_step, max_step)
}

/// Puts the chassis `body` at `pose`, at rest, with no forces pending: the body's half of
/// a teleport (each model then resets its own state).
pub fn put_body_at_rest(physics: &mut PhysicsWorld, body: RigidBodyHandle, pose: Pose) {
    let body = &mut physics.bodies[body];
    body.set_position(pose, true);
    body.set_linvel(Vec3::ZERO, true);
    body.set_angvel(Vec3::ZERO, true);
    body.reset_forces(false);
    body.reset_torques(false);
}

/// After a teleport: a wheel whose state is no longer finite (a fault) starts over from
/// the default; the others keep theirs (spin angle for drawing, last contact).
pub fn forget_faulty_wheels(wheels: &mut [WheelState]) {
    for w in wheels.iter_mut().filter(|w| !w.is_finite()) {
        // After a fault: nothing of the old state is worth keeping.
        *w = WheelState::default();
    }
}
