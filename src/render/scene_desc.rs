//! What render needs to know about a level and its cars beyond the snapshots and the
//! chunks: each car's look (boxes or its model, paint, wheels), the props' shapes, the sun
//! and sky, and how each material is textured. Built once per level; data only, no GL.

use super::car_paint::{ai_paint, ai_paint_slot};
use crate::content::level::{DynamicShape, Level};
use crate::vehicle::CarDef;
use glam::Vec3;
use skidpad_bake::model::{CarModel, PropModel};
use skidpad_bake::GroundTexture;
use std::sync::Arc;

/// A car as render draws it: boxes in the chassis frame, and wheels.
#[derive(Debug, Clone, PartialEq)]
pub struct CarLook {
    /// Body boxes: (full size, centre in the chassis frame).
    pub boxes: Vec<(Vec3, Vec3)>,
    /// Body colour.
    pub color: Vec3,
    /// Wheel ray origins in the chassis frame (x and z place the wheel; y comes from the
    /// snapshot's suspension).
    pub wheel_origins: Vec<Vec3>,
    /// The largest wheel's radius, m.
    pub wheel_radius_m: f32,
    /// The widest wheel's width, m.
    pub wheel_width_m: f32,
    /// Each wheel's own size, in `wheel_origins` order: a car whose axles differ draws
    /// each wheel at its own radius and width.
    pub wheel_sizes: Vec<WheelSize>,
    /// The car's model, when it has one: drawn by the car shader instead of the boxes.
    pub model: Option<Arc<CarModel>>,
}

impl CarLook {
    /// The look of `car`.
    pub fn from_def(car: &CarDef) -> Self {
        Self {
            boxes: car.chassis.iter().map(|b| (b.size_m, b.position_m)).collect(),
            color: car.color,
            wheel_origins: car.wheels.iter().map(|w| w.origin_m).collect(),
            wheel_radius_m: car.wheel_radius_m,
            wheel_width_m: car.wheel_width_m,
            wheel_sizes: car
                .wheels
                .iter()
                .enumerate()
                .map(|(i, w)| WheelSize {
                    radius_m: w.radius_m,
                    // The arcade model has one width for every wheel; the sim model one each.
                    width_m: car
                        .sim()
                        .and_then(|s| s.wheels.get(i))
                        .map_or(car.wheel_width_m, |s| s.width_m),
                })
                .collect(),
            model: car.model_mesh.clone(),
        }
    }

    /// The size of wheel `i` (the largest wheel's for an index past the list).
    pub fn wheel_size(&self, i: usize) -> WheelSize {
        self.wheel_sizes.get(i).copied().unwrap_or(WheelSize {
            radius_m: self.wheel_radius_m,
            width_m: self.wheel_width_m,
        })
    }
}

/// One wheel's size as drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WheelSize {
    /// Radius, m (the physics' radius, so the tyre meets the road where the ray does).
    pub radius_m: f32,
    /// Width along the axle, m.
    pub width_m: f32,
}

/// What render needs to know about a level that the snapshots and chunks do not carry.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneDesc {
    /// Shape and albedo of each dynamic prop, in snapshot order.
    pub props: Vec<(DynamicShape, Vec3)>,
    /// The model the cones among them draw as, in its own colours (None: plain cones in
    /// their albedo).
    pub cone_model: Option<Arc<PropModel>>,
    /// Each car's look, in snapshot order (the player's first).
    pub cars: Vec<CarLook>,
    /// Direction the sunlight travels (pointing down).
    pub sun_dir: Vec3,
    /// Sky and fog colour.
    pub sky_color: Vec3,
    /// The level's horizon hills, as the sky function's `u_hills` holds them
    /// (`sky::hills_uniform`).
    pub hills: super::sky::HillsUniform,
    /// Share of the sky's cloud layer clouded, 0..1 (`[sky] cloud_cover`).
    pub cloud_cover: f32,
    /// How each material's ground is textured, by material id (see [`SurfaceTexture`]).
    pub surfaces: Vec<SurfaceTexture>,
    /// Each material's colour, by material id: the ground a car's paint reflects below
    /// the horizon and is lit by from below.
    pub ground_rgb: Vec<Vec3>,
    /// The terrain's material: the ground under a car that stands on none (airborne).
    pub terrain_material: usize,
}

/// How render textures one material: its layer in the ground texture array (none: flat
/// colour and tiles), the texture's repeat, and how much it mirrors the sky.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurfaceTexture {
    /// Layer of [`GroundTexture`] drawn on it, or `None`.
    pub texture: Option<GroundTexture>,
    /// Side of one texture repeat, m.
    pub texture_scale_m: f32,
    /// Sky mirrored, 0..1.
    pub sheen: f32,
}

impl SurfaceTexture {
    /// What the lit shader's `u_surface` holds for it: (layer or −1, repeats per metre,
    /// sheen, 0).
    pub(super) fn uniform(&self) -> [f32; 4] {
        match self.texture {
            Some(t) => [t.layer() as f32, 1.0 / self.texture_scale_m, self.sheen, 0.0],
            None => [-1.0, 0.0, 0.0, 0.0],
        }
    }
}

/// Materials the lit shader textures: ids from this on draw flat (tiles), as does a chunk
/// vertex baked without a material.
pub const MAX_TEXTURED_MATERIALS: usize = 32;

/// The direction sunlight travels in every level (not normalised): 54.6° above the
/// horizon. Shadows' reach (`shadow_casters.rs`) is worked out from it.
pub const SUN_TRAVEL: Vec3 = Vec3::new(-0.45, -1.0, 0.55);

impl SceneDesc {
    /// The scene of `level` with the player in `player` and its parked cars in `parked`.
    pub fn new(level: &Level, player: &CarDef, parked: &[CarDef]) -> Self {
        let mut cars = vec![CarLook::from_def(player)];
        cars.extend(parked.iter().map(CarLook::from_def));
        Self {
            props: level.dynamic.iter().map(|d| (d.shape, d.color)).collect(),
            cone_model: level.cone_model.clone(),
            cars,
            sun_dir: SUN_TRAVEL.normalize(),
            sky_color: Vec3::new(0.55, 0.70, 0.90),
            hills: super::sky::hills_uniform(level.terrain.horizon_hills_deg, &level.name),
            cloud_cover: level.sky.cloud_cover,
            surfaces: level
                .materials
                .iter()
                .map(|(_, m)| SurfaceTexture {
                    texture: m.texture,
                    texture_scale_m: m.texture_scale_m,
                    sheen: m.sheen,
                })
                .collect(),
            ground_rgb: level.materials.iter().map(|(_, m)| Vec3::from(m.color)).collect(),
            terrain_material: level.terrain.material.0 as usize,
        }
    }

    /// The colour of the ground under a car standing on `ground` (the terrain's when
    /// `None`), lit by the sun (Lambert, its height above the horizon) and the sky, as the
    /// lit pass lights flat ground: what a car's paint sees below it.
    pub fn lit_ground(&self, ground: Option<usize>) -> Vec3 {
        let id = ground.unwrap_or(self.terrain_material);
        let albedo = self.ground_rgb.get(id).copied().unwrap_or(Vec3::splat(0.3));
        let sun = (-self.sun_dir.y).max(0.0);
        albedo * (Vec3::new(1.0, 0.96, 0.88) * sun * 0.85 + self.sky_color * 0.35)
    }

    /// Paints the player's car (the first) `player` and every other car from the AI
    /// palette, which leaves out colours near `player`: the player's car is the one of its
    /// colour on the grid.
    pub fn paint(&mut self, player: Vec3) {
        self.paint_with_slots(player, 0, &[]);
    }

    /// As [`SceneDesc::paint`], the cars from index `first_slotted` on wearing the AI
    /// palette's slots `slots` in turn (a championship's drivers keep their paint whatever
    /// their place on the grid); cars past the slots, and before, in the palette's order.
    pub fn paint_with_slots(&mut self, player: Vec3, first_slotted: usize, slots: &[usize]) {
        for (k, look) in self.cars.iter_mut().enumerate() {
            look.color = if k == 0 {
                player
            } else {
                ai_paint(ai_paint_slot(k, first_slotted, slots), player)
            };
        }
    }
}
