//! Prop models placed in a level: the models a level file names (`[[props]] kind =
//! "model"`, the circuit's trees), read once each through the level's [`LevelFiles`], and
//! a placed model as pieces: its render mesh as one render-only decor piece, each
//! `col_shape*` box as a collider-only box of the prop's material.
//!
//! If a placed model draws but a car drives through it, its file has no `col_shape*` node
//! (or the level says `solid = false`); if a car hits something unseen, a `col_shape` box
//! is larger than the `prop_body` mesh: open the file in a glTF viewer.

use crate::material::MaterialId;
use crate::model::{PropMesh, PropModel};
use crate::piece::{DetailSection, Piece, PieceShape, PlacedModel};
use crate::{ContentError, LevelFiles};
use glam::{Quat, Vec3};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The shipped broad-leaved tree the circuit lines its track with.
pub const TREE_BROADLEAF: &str = "tree_broadleaf";
/// The shipped conifer the circuit lines its track with.
pub const TREE_PINE: &str = "tree_pine";

/// The shipped bush planted between a circuit's trees.
pub const BUSH: &str = "bush";

/// The shipped tyre that tyre walls are stacked from.
pub const TYRE: &str = "tyre";

/// The shipped traffic cone that dynamic cones are drawn as.
pub const CONE: &str = "cone";

/// The prop models a level parse has read so far, by name: each file read and baked once
/// however many times the level places it.
pub(crate) struct PropModels<'a> {
    files: &'a dyn LevelFiles,
    read: BTreeMap<String, Arc<PropModel>>,
}

impl<'a> PropModels<'a> {
    pub fn new(files: &'a dyn LevelFiles) -> Self {
        Self {
            files,
            read: BTreeMap::new(),
        }
    }

    /// The model called `name` (already checked to be a plain name, not a path).
    pub fn get(&mut self, name: &str) -> Result<Arc<PropModel>, ContentError> {
        if let Some(m) = self.read.get(name) {
            return Ok(m.clone());
        }
        let model = Arc::new(self.files.prop_model(name)?);
        self.read.insert(name.to_string(), model.clone());
        Ok(model)
    }

    /// Every model read, sorted by name.
    pub fn into_sorted(self) -> Vec<Arc<PropModel>> {
        self.read.into_values().collect()
    }
}

pub use crate::piece::Placement;

/// Appends `model` placed at `at` as pieces: the render mesh (render only, reporting
/// `material` in the friction view) and, when `solid`, a collider-only box per `col_shape`.
pub fn model_pieces(model: &Arc<PropModel>, at: Placement, material: MaterialId, solid: bool, out: &mut Vec<Piece>) {
    let rotation = Quat::from_rotation_y(at.yaw_rad);
    let (mut vertices, mut indices, mut colors) = (Vec::new(), Vec::new(), Vec::new());
    let mut add = |mesh: &PropMesh| {
        let base = vertices.len() as u32;
        vertices.extend(mesh.positions.iter().map(|p| Vec3::from(*p) * at.scale));
        colors.extend(
            mesh.colors
                .iter()
                .map(|c| [c[0] * at.shade, c[1] * at.shade, c[2] * at.shade, 0.0]),
        );
        indices.extend(
            mesh.indices
                .chunks_exact(3)
                .map(|t| [base + t[0], base + t[1], base + t[2]]),
        );
        indices.len()
    };
    let near = add(&model.body);
    // The far stand-in, when the model has one: drawn instead of the body once what it
    // leaves out (its departure, at this placement's scale) projects under a pixel.
    let details = match &model.far {
        Some(far) => vec![DetailSection {
            feature_m: far.departure_m * at.scale,
            near: 0..near,
            far: near..add(&far.mesh),
            casts_shadow: true,
        }],
        None => Vec::new(),
    };
    out.push(Piece {
        shape: PieceShape::Decor {
            vertices,
            indices,
            colors,
            details,
            placed: Some(PlacedModel {
                model: model.clone(),
                at,
            }),
        },
        position: at.position,
        rotation,
        material,
        color: Vec3::ONE,
        pattern: 0.0,
    });
    if !solid {
        return;
    }
    for b in &model.col_boxes {
        out.push(Piece {
            shape: PieceShape::Collider(Vec3::from(b.size_m) * (0.5 * at.scale)),
            position: at.position + rotation * (Vec3::from(b.centre_m) * at.scale),
            rotation,
            material,
            color: Vec3::ONE,
            pattern: 0.0,
        });
    }
}
