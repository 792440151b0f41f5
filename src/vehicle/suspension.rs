//! The raycast suspension shared by the vehicle models: one ray per wheel from a point
//! fixed on the chassis along −chassis-up, reaching the wheel radius plus the droop
//! (HARFANG raycast car: "le raycast").

use super::chassis::{WheelDef, MAX_WHEELS};
use super::ground_cache::GroundCache;
use crate::content::material::MaterialId;
use crate::content::MaterialTable;
use glam::Vec3;
use rapier3d::prelude::*;
use std::cell::RefCell;

/// What a car's wheels meet: surface lookup (a collider's `user_data` holds its material,
/// id + 1; 0 for bodies that are not ground, such as props and other cars, which grip like
/// asphalt) and, when the world gives one, the car's cache of the static ground around it.
#[derive(Clone, Copy)]
pub struct Surfaces<'a> {
    materials: &'a MaterialTable,
    /// The car's ground cache and the world's static generation (see [`GroundCache`]).
    ground: Option<(&'a RefCell<GroundCache>, u64)>,
}

impl<'a> Surfaces<'a> {
    /// Lookups into `materials`; wheel rays go through the world's query.
    pub fn new(materials: &'a MaterialTable) -> Self {
        Self {
            materials,
            ground: None,
        }
    }

    /// These lookups, with wheel rays cast against `ground` (one car's), valid for the
    /// world's static colliders as of `generation`.
    pub fn with_ground(self, ground: &'a RefCell<GroundCache>, generation: u64) -> Self {
        Self {
            ground: Some((ground, generation)),
            ..self
        }
    }

    /// The `user_data` that marks a collider as made of `material`.
    pub fn user_data(material: MaterialId) -> u128 {
        material.0 as u128 + 1
    }

    fn material(&self, collider: &Collider) -> Option<&crate::content::material::Material> {
        self.surface(collider).map(|id| self.materials.get(id))
    }

    /// Tire friction coefficient μ on `collider`.
    pub fn friction(&self, collider: &Collider) -> f32 {
        self.material(collider).map_or(1.0, |m| m.friction)
    }

    /// The rolling resistance coefficient C_rr `collider`'s surface adds (0: firm ground,
    /// props, other cars).
    pub fn rolling_resistance(&self, collider: &Collider) -> f32 {
        self.material(collider).map_or(0.0, |m| m.rolling_resistance)
    }

    /// Whether `collider` is a loose surface (gravel, snow, grass) that throws dust.
    pub fn loose(&self, collider: &Collider) -> bool {
        self.material(collider).is_some_and(|m| m.loose)
    }

    /// The material `collider` is made of (`None` for colliders no material marks: props,
    /// other cars). Only presentation reads it (particles and skid marks take their colour
    /// from it); the physics uses [`Surfaces::friction`].
    pub fn surface(&self, collider: &Collider) -> Option<MaterialId> {
        match collider.user_data {
            0 => None,
            n => Some(MaterialId((n - 1).min(u16::MAX as u128) as u16)),
        }
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
    /// Rolling resistance coefficient C_rr the surface adds (0 on firm ground).
    pub rolling_resistance: f32,
    /// The material hit, if the collider has one (what particles and skid marks colour by).
    pub surface: Option<MaterialId>,
}

/// What a wheel ray may hit: anything but the car's own colliders and sensors.
fn wheel_filter<'a>(car_body: RigidBodyHandle) -> QueryFilter<'a> {
    QueryFilter::default().exclude_rigid_body(car_body).exclude_sensors()
}

/// The contact a wheel ray's hit on `collider` makes.
fn wheel_contact(
    physics: &PhysicsWorld,
    (collider, hit): (ColliderHandle, RayIntersection),
    direction: Vec3,
    surfaces: &Surfaces,
) -> WheelContact {
    // A ray starting inside a solid reports distance 0 and no meaningful normal: treat the
    // ground as straight up along the ray, fully compressed.
    let normal = if hit.normal.length_squared() > 0.5 {
        hit.normal
    } else {
        -direction
    };
    // The collider's material, looked up once: what no material marks (props, other
    // cars, a collider gone) is firm ground of μ 1.
    let hit_collider = physics.colliders.get(collider);
    let surface = hit_collider.and_then(|c| surfaces.surface(c));
    let material = hit_collider.and_then(|c| surfaces.material(c));
    WheelContact {
        distance_m: hit.time_of_impact,
        normal,
        collider,
        friction: material.map_or(1.0, |m| m.friction),
        loose: material.is_some_and(|m| m.loose),
        rolling_resistance: material.map_or(0.0, |m| m.rolling_resistance),
        surface,
    }
}

/// Casts every wheel's ray from where `wheels` sit on `car_body` along −chassis-up, in
/// wheel order; `reach_m` says how far each reaches. Wheels past [`MAX_WHEELS`] and the
/// unused slots get `None`. Both models take this as their first wheel step.
///
/// With a ground cache in `surfaces` the rays are cast against it (the same hits as the
/// world's query, fewer tests: see [`GroundCache`]); otherwise through the world's query.
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
    let filter = wheel_filter(car_body);
    let mut rays = [(Ray::new(Vec3::ZERO, down), 0.0f32); MAX_WHEELS];
    let n = wheels.len().min(MAX_WHEELS);
    for (r, w) in rays.iter_mut().zip(wheels) {
        *r = (Ray::new(pose.translation + rot * w.origin_m, down), reach_m(w));
    }
    let ground = surfaces.ground.and_then(|(cache, generation)| {
        let mut cache = cache.borrow_mut();
        cache.prepare(physics, generation, &rays[..n], filter).then_some(cache)
    });
    let mut contacts: [Option<WheelContact>; MAX_WHEELS] = [None; MAX_WHEELS];
    for (c, (ray, reach)) in contacts.iter_mut().zip(&rays[..n]) {
        let hit = match &ground {
            Some(cache) => cache.cast(physics, ray, *reach),
            None => physics.cast_ray_and_get_normal(ray, *reach, true, filter),
        };
        *c = hit.map(|hit| wheel_contact(physics, hit, down, surfaces));
    }
    contacts
}
