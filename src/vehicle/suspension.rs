//! The raycast suspension shared by the vehicle models: one ray per wheel from a point
//! fixed on the chassis along −chassis-up, reaching the wheel radius plus the droop
//! (HARFANG raycast car: "le raycast").

use super::chassis::{WheelDef, MAX_WHEELS};
use crate::content::material::MaterialId;
use crate::content::MaterialTable;
use glam::Vec3;
use rapier3d::prelude::*;

/// Surface lookup: a collider's `user_data` holds its material (id + 1; 0 for bodies that
/// are not ground, such as props and other cars, which grip like asphalt).
#[derive(Clone, Copy)]
pub struct Surfaces<'a> {
    materials: &'a MaterialTable,
}

impl<'a> Surfaces<'a> {
    /// Lookups into `materials`.
    pub fn new(materials: &'a MaterialTable) -> Self {
        Self { materials }
    }

    /// The `user_data` that marks a collider as made of `material`.
    pub fn user_data(material: MaterialId) -> u128 {
        material.0 as u128 + 1
    }

    fn material(&self, collider: &Collider) -> Option<&crate::content::material::Material> {
        match collider.user_data {
            0 => None,
            n => Some(self.materials.get(MaterialId((n - 1).min(u16::MAX as u128) as u16))),
        }
    }

    /// Tire friction coefficient μ on `collider`.
    pub fn friction(&self, collider: &Collider) -> f32 {
        self.material(collider).map_or(1.0, |m| m.friction)
    }

    /// Whether `collider` is a loose surface (gravel, snow, grass) that throws dust.
    pub fn loose(&self, collider: &Collider) -> bool {
        self.material(collider).is_some_and(|m| m.loose)
    }
}

/// Where a wheel's ray met the ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WheelContact {
    /// Distance from the ray origin to the hit, m (< reach).
    pub distance_m: f32,
    /// Ground normal at the hit (unit).
    pub normal: Vec3,
    /// The collider hit.
    pub collider: ColliderHandle,
    /// Tire friction coefficient μ of the surface hit.
    pub friction: f32,
    /// The surface is loose (throws dust).
    pub loose: bool,
}

/// Casts one wheel ray, ignoring the car's own colliders and every sensor.
pub fn cast_wheel_ray(
    physics: &PhysicsWorld,
    car_body: RigidBodyHandle,
    origin: Vec3,
    direction: Vec3,
    reach_m: f32,
    surfaces: &Surfaces,
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
        friction: physics.colliders.get(collider).map_or(1.0, |c| surfaces.friction(c)),
        loose: physics.colliders.get(collider).is_some_and(|c| surfaces.loose(c)),
    })
}

/// Casts every wheel's ray from where `wheels` sit on `car_body` along −chassis-up, in
/// wheel order; `reach_m` says how far each reaches. Wheels past [`MAX_WHEELS`] and the
/// unused slots get `None`. Both models take this as their first wheel step.
pub fn cast_wheel_rays(
    physics: &PhysicsWorld,
    car_body: RigidBodyHandle,
    wheels: &[WheelDef],
    reach_m: impl Fn(&WheelDef) -> f32,
    surfaces: &Surfaces,
) -> [Option<WheelContact>; MAX_WHEELS] {
    let pose = *physics.bodies[car_body].position();
    let rot = pose.rotation;
    let down = -(rot * Vec3::Y);
    let mut contacts: [Option<WheelContact>; MAX_WHEELS] = [None; MAX_WHEELS];
    for (c, w) in contacts.iter_mut().zip(wheels) {
        *c = cast_wheel_ray(
            physics,
            car_body,
            pose.translation + rot * w.origin_m,
            down,
            reach_m(w),
            surfaces,
        );
    }
    contacts
}
