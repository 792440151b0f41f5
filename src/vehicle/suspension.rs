//! The raycast suspension shared by the vehicle models: one ray per wheel from a point
//! fixed on the chassis along −chassis-up, reaching the wheel radius plus the droop
//! (HARFANG raycast car: "le raycast").

use glam::Vec3;
use rapier3d::prelude::*;

/// Where a wheel's ray met the ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WheelContact {
    /// Distance from the ray origin to the hit, m (< reach).
    pub distance_m: f32,
    /// Ground normal at the hit (unit).
    pub normal: Vec3,
    /// The collider hit (its material gives the surface).
    pub collider: ColliderHandle,
}

/// Casts one wheel ray, ignoring the car's own colliders and every sensor.
pub fn cast_wheel_ray(
    physics: &PhysicsWorld,
    car_body: RigidBodyHandle,
    origin: Vec3,
    direction: Vec3,
    reach_m: f32,
) -> Option<WheelContact> {
    let filter = QueryFilter::default().exclude_rigid_body(car_body).exclude_sensors();
    let ray = Ray::new(origin, direction);
    let (collider, hit) = physics.cast_ray_and_get_normal(&ray, reach_m, true, filter)?;
    // A ray starting inside a solid reports distance 0 and no meaningful normal: treat the
    // ground as straight up along the ray, fully compressed.
    let normal = if hit.normal.length_squared() > 0.5 {
        hit.normal
    } else {
        -direction
    };
    Some(WheelContact {
        distance_m: hit.time_of_impact,
        normal,
        collider,
    })
}
