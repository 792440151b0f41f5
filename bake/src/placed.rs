//! A prop model placed whole, at the bottom of the bake so pieces, meshes and their wire
//! format can all name it without importing one another: where and how it stands
//! ([`Placement`]), what a decor piece remembers of it ([`PlacedModel`]), and what a chunk
//! mesh records of it in place of its triangles ([`MeshInstance`], [`PlacedTail`]; see
//! `mesh_instances`).

use crate::material::MaterialId;
use crate::model::PropModel;
use glam::Vec3;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A model placed in the world.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// The model's origin (its foot), world space.
    pub position: Vec3,
    /// Its turn about +Y, radians.
    pub yaw_rad: f32,
    /// Uniform scale.
    pub scale: f32,
    /// Brightness multiplier on the model's colours (1: as authored), so rows of one
    /// model do not look stamped out.
    pub shade: f32,
}

/// A prop model placed whole, as a decor piece remembers it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedModel {
    /// The model (one of the level's [`crate::level::Level::prop_models`]).
    pub model: Arc<PropModel>,
    /// Where and how.
    pub at: Placement,
}

/// One prop model placed whole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeshInstance {
    /// Its model: an index into the level's `prop_models`.
    pub model: u16,
    /// Its foot, world space.
    pub position: [f32; 3],
    /// Its turn about +Y, radians.
    pub yaw_rad: f32,
    /// Uniform scale.
    pub scale: f32,
    /// Brightness multiplier on its colours.
    pub shade: f32,
    /// What the friction view shows it as.
    pub material: MaterialId,
}

impl MeshInstance {
    /// Where and how it stands.
    pub fn placement(&self) -> Placement {
        Placement {
            position: Vec3::from(self.position),
            yaw_rad: self.yaw_rad,
            scale: self.scale,
            shade: self.shade,
        }
    }
}

/// The placed models at the end of a mesh, and where their triangles begin.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlacedTail {
    /// Lengths of the vertex arrays (positions, normals, colours, materials), `indices`,
    /// `far_indices` and `detail` before the first placed model; all zero while there is
    /// none.
    pub starts: [u32; 4],
    /// The models, in the order their triangles follow one another.
    pub models: Vec<MeshInstance>,
}
