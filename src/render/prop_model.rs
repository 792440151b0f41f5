//! Prop models on the GPU for props that move: a level's dynamic cones draw as the shipped
//! `cone` model (`content/props/cone.glb`: base, cone and reflective band), uploaded once
//! and found again by the model's identity (the `Arc` the level holds), so a frame looks
//! them up without allocating. Static model props (trees, tyres) are baked into the
//! chunks instead and never come here.
//!
//! If a cone still draws as a plain orange cone, its level was built in code
//! (`Level::cone_model` is None) or the scene was described without the level's model.

use super::mesh::{BaseCasters, Mesh, UploadScratch};
use glam::{Mat4, Quat, Vec3};
use skidpad_bake::geometry::MeshData;
use skidpad_bake::model::PropModel;
use std::sync::Arc;

/// One uploaded model and the box around its vertices (its frame: origin at its foot).
pub struct PropModelMesh {
    /// The render mesh, with the model's own colours.
    pub mesh: Mesh,
    /// The corner of the box with the least coordinates, m.
    pub min_m: Vec3,
    /// The corner of the box with the greatest coordinates, m.
    pub max_m: Vec3,
}

impl PropModelMesh {
    /// The model matrix that draws this model as a cone `height_m` tall and `radius_m`
    /// across its foot whose body (a cone collider, centred half way up) is at `rotation`
    /// and `position`: the model's box stretched to the collider's (its footprint to the
    /// base's diameter, its height to the cone's) and lowered so its foot is the base.
    pub fn cone_transform(&self, height_m: f32, radius_m: f32, rotation: Quat, position: Vec3) -> Mat4 {
        let size = (self.max_m - self.min_m).max(Vec3::splat(1e-3));
        let scale = Vec3::new(2.0 * radius_m / size.x, height_m / size.y, 2.0 * radius_m / size.z);
        // The model's foot centre goes to the collider's base centre.
        let foot = Vec3::new(
            0.5 * (self.min_m.x + self.max_m.x),
            self.min_m.y,
            0.5 * (self.min_m.z + self.max_m.z),
        );
        Mat4::from_rotation_translation(rotation, position)
            * Mat4::from_translation(Vec3::new(0.0, -0.5 * height_m, 0.0))
            * Mat4::from_scale(scale)
            * Mat4::from_translation(-foot)
    }
}

/// The prop models uploaded so far.
#[derive(Default)]
pub struct PropMeshes {
    uploaded: Vec<(Arc<PropModel>, PropModelMesh)>,
}

impl PropMeshes {
    /// GPU memory of every model uploaded, bytes.
    pub fn bytes(&self) -> usize {
        self.uploaded.iter().map(|(_, m)| m.mesh.bytes()).sum()
    }

    /// Uploads `model` unless it already is.
    pub fn ensure(&mut self, model: &Arc<PropModel>) {
        if self.get(model).is_some() {
            return;
        }
        let body = &model.body;
        let data = MeshData {
            positions: body.positions.clone(),
            normals: body.normals.clone(),
            // No ground tiles on a prop (the pattern strength, 0), as the baked props.
            colors: body.colors.iter().map(|c| [c[0], c[1], c[2], 0.0]).collect(),
            indices: body.indices.clone(),
            ..MeshData::default()
        };
        let (min_m, max_m) = body.bounds();
        let mesh = Mesh::from_mesh_data(
            &data,
            |_, c| c,
            (BaseCasters::Whole, &|_, _| None),
            &mut UploadScratch::default(),
        );
        self.uploaded
            .push((model.clone(), PropModelMesh { mesh, min_m, max_m }));
    }

    /// The meshes of `model`, if uploaded.
    pub fn get(&self, model: &Arc<PropModel>) -> Option<&PropModelMesh> {
        self.uploaded
            .iter()
            .find(|(m, _)| Arc::ptr_eq(m, model))
            .map(|(_, meshes)| meshes)
    }
}
