//! Car models on the GPU: each baked [`CarModel`] uploaded once (its body as one mesh with
//! a part code per vertex, its far and distant bodies if it has them, its wheel as another, and a
//! low-poly wheel for far away made from it: `car_lod.rs`), found again by the model's identity (the
//! `Arc` every look of that car shares), so a frame looks models up without allocating.
//!
//! If a car still draws as boxes, its car file has no `look_model` or was parsed without
//! [`CarDef::with_model`](crate::vehicle::CarDef::with_model).

use super::car_lod::{far_wheel, BodyDetail};
use super::car_paint::part_color;
use super::mesh::Mesh;
use super::scene_desc::WheelSize;
use glam::Vec3;
use skidpad_bake::model::{CarModel, PartMesh};
use std::sync::Arc;

/// One uploaded model.
pub struct CarMeshes {
    /// The body, in the car frame.
    pub body: Mesh,
    /// The body far away and in the shadow pass (the model's `car_body_lod1`), if it has one.
    pub far_body: Option<Mesh>,
    /// The body distant and its shadow then (the model's `car_body_lod2`), if it has one.
    pub distant_body: Option<Mesh>,
    /// The body's length, m (what its size on screen is measured by).
    pub body_length_m: f32,
    /// The wheel, in its own frame (axle along X), radius `wheel_radius_m`.
    pub wheel: Mesh,
    /// The wheel far away and in the shadow pass: a low-poly prism as wide and tall as
    /// `wheel` ([`far_wheel`]), scaled as it is.
    pub far_wheel: Mesh,
    /// The wheel mesh's radius, m (a wheel of another radius scales it).
    pub wheel_radius_m: f32,
    /// The wheel mesh's width along its axle, m (a wheel of another width scales it).
    pub wheel_width_m: f32,
}

/// The scale that draws a wheel mesh of `mesh_radius_m` and `mesh_width_m` (the model's
/// `wheel_0`) as a wheel of `size`: radius along Y and Z, width along the axle (X). One
/// mesh serves every axle; if a wheel looks squashed, its car file's radius or width
/// disagrees with the model's wheel (`skidpad cars` checks they agree).
pub fn wheel_scale(mesh_radius_m: f32, mesh_width_m: f32, size: WheelSize) -> Vec3 {
    let r = size.radius_m / mesh_radius_m.max(1e-3);
    Vec3::new(size.width_m / mesh_width_m.max(1e-3), r, r)
}

impl CarMeshes {
    /// The body to draw at `detail`: the coarsest the model has at or above it.
    pub fn body_for(&self, detail: BodyDetail) -> &Mesh {
        let distant = self.distant_body.as_ref().filter(|_| detail >= BodyDetail::Distant);
        let far = self.far_body.as_ref().filter(|_| detail >= BodyDetail::Far);
        distant.or(far).unwrap_or(&self.body)
    }
}

/// The models uploaded so far.
#[derive(Default)]
pub struct CarModels {
    uploaded: Vec<(Arc<CarModel>, CarMeshes)>,
}

impl CarModels {
    /// GPU memory of every model uploaded, bytes.
    pub fn bytes(&self) -> usize {
        self.uploaded
            .iter()
            .map(|(_, m)| {
                m.body.bytes()
                    + m.far_body.as_ref().map_or(0, Mesh::bytes)
                    + m.distant_body.as_ref().map_or(0, Mesh::bytes)
                    + m.wheel.bytes()
                    + m.far_wheel.bytes()
            })
            .sum()
    }

    /// Uploads `model` unless it already is.
    pub fn ensure(&mut self, model: &Arc<CarModel>) {
        if self.get(model).is_none() {
            let meshes = CarMeshes {
                body: upload(&model.body),
                far_body: model.body_far.as_ref().map(upload),
                distant_body: model.body_distant.as_ref().map(upload),
                body_length_m: {
                    let (lo, hi) = model.body.bounds();
                    (0..3).map(|k| hi[k] - lo[k]).fold(0.0, f32::max)
                },
                wheel: upload(&model.wheel),
                far_wheel: upload(&far_wheel(&model.wheel, model.wheel_mesh_radius_m)),
                wheel_radius_m: model.wheel_mesh_radius_m,
                wheel_width_m: mesh_width_m(&model.wheel),
            };
            self.uploaded.push((model.clone(), meshes));
        }
    }

    /// The meshes of `model`, if uploaded.
    pub fn get(&self, model: &Arc<CarModel>) -> Option<&CarMeshes> {
        self.uploaded
            .iter()
            .find(|(m, _)| Arc::ptr_eq(m, model))
            .map(|(_, meshes)| meshes)
    }
}

/// `mesh`'s extent along the axle (X), m.
pub fn mesh_width_m(mesh: &PartMesh) -> f32 {
    let (lo, hi) = mesh.bounds();
    hi[0] - lo[0]
}

fn upload(mesh: &PartMesh) -> Mesh {
    let vertices: Vec<[f32; 10]> = mesh
        .positions
        .iter()
        .zip(&mesh.normals)
        .zip(&mesh.parts)
        .map(|((p, n), part)| {
            let c = part_color(*part);
            [p[0], p[1], p[2], n[0], n[1], n[2], c[0], c[1], c[2], c[3]]
        })
        .collect();
    Mesh::with_colors(&vertices, &mesh.indices)
}
