//! What every car has, whichever model drives it: collision boxes, wheels on raycast
//! suspension and a steering range, with the checks both models' parsers share.
//!
//! It sits below the definition and the models' parameters (both read it, it reads
//! neither), so a car file is parsed one way down: shared keys here, each model's own keys
//! in [`super::arcade_params`] / [`super::sim_params`], the whole in [`super::definition`].

use crate::content::validate::Validator;
use crate::content::ContentError;
use glam::Vec3;
use serde::Deserialize;

/// Most wheels a car may have (fixed-size wheel arrays keep ticks allocation-free).
pub const MAX_WHEELS: usize = 8;

/// A collision box as the car file spells it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBox {
    pub(super) size_m: [f64; 3],
    pub(super) position_m: [f64; 3],
}

/// A chassis collision box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChassisBox {
    /// Full size, metres.
    pub size_m: Vec3,
    /// Centre in the chassis frame.
    pub position_m: Vec3,
}

impl ChassisBox {
    /// Volume in m³.
    pub fn volume_m3(&self) -> f32 {
        self.size_m.x * self.size_m.y * self.size_m.z
    }
}

/// Half extents, metres in the chassis frame, of the smallest box around all the collision
/// boxes: the car's whole extent, which rapier's fast-body test measures the car's motion
/// against (`RigidBody::set_ccd_extent_box`) so that continuous collision detection sweeps a
/// car only when a step moves it more than half its own length, width or height along the
/// way it moves (rapier's tunnelling criterion, applied to the compound instead of its
/// thinnest box). Zero for no boxes (a car definition always has one).
pub fn extent_half_m(boxes: &[ChassisBox]) -> Vec3 {
    let mut lo = Vec3::splat(f32::INFINITY);
    let mut hi = Vec3::splat(f32::NEG_INFINITY);
    for b in boxes {
        lo = lo.min(b.position_m - b.size_m * 0.5);
        hi = hi.max(b.position_m + b.size_m * 0.5);
    }
    if boxes.is_empty() {
        Vec3::ZERO
    } else {
        (hi - lo) * 0.5
    }
}

/// One wheel: where its ray starts and whether it steers (in the arcade model steered
/// wheels also drive; the sim model names its driven wheels in its differential).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WheelDef {
    /// Ray origin in the chassis frame: the mean wheel centre (arcade) or the wheel centre
    /// at full compression (sim).
    pub origin_m: Vec3,
    /// Steers (the front axle in the HARFANG raycast car).
    pub steered: bool,
    /// Wheel radius, m.
    pub radius_m: f32,
    /// How far the ray reaches below the origin, m: radius plus suspension travel.
    pub reach_m: f32,
}

/// Mass, wheels and steering range: the physics every car has, which each model reads from
/// keys of its own (`mass_kg` and `[wheels]` for arcade, `physics.mass` and `[[wheels]]`
/// for sim). A model's parser returns it beside its own parameters; the definition puts
/// both into one `CarDef`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SharedPhysics {
    /// Total mass, kg.
    pub(super) mass_kg: f32,
    /// Wheels, in file order.
    pub(super) wheels: Vec<WheelDef>,
    /// The largest wheel's radius, m.
    pub(super) wheel_radius_m: f32,
    /// The widest wheel's width, m.
    pub(super) wheel_width_m: f32,
    /// Ray reach beyond the radius, m.
    pub(super) droop_m: f32,
    /// Full-lock steering angle, radians.
    pub(super) max_steer_rad: f32,
    /// How fast the wheels turn toward the requested angle, rad/s.
    pub(super) steer_rate_rad_per_s: f32,
}

/// Validates the collision boxes shared by both models.
pub(super) fn parse_chassis(v: &Validator, boxes: &[RawBox]) -> Result<Vec<ChassisBox>, ContentError> {
    if boxes.is_empty() {
        return Err(v.fail("chassis", "a car needs at least one collision box"));
    }
    boxes
        .iter()
        .enumerate()
        .map(|(i, b)| {
            Ok(ChassisBox {
                size_m: v.positive3(&format!("chassis[{i}].size_m"), b.size_m)?,
                position_m: v.finite3(&format!("chassis[{i}].position_m"), b.position_m)?,
            })
        })
        .collect()
}

/// A car has 1..=[`MAX_WHEELS`] wheels.
pub(super) fn check_wheel_count(v: &Validator, field: &str, n: usize) -> Result<(), ContentError> {
    if n == 0 {
        return Err(v.fail(field, "a car needs at least one wheel"));
    }
    if n > MAX_WHEELS {
        return Err(v.fail(field, format!("at most {MAX_WHEELS} wheels, got {n}")));
    }
    Ok(())
}
