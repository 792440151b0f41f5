//! The friction view, for level designers: the ground coloured by the friction μ the
//! physics uses there instead of by its look, so a lane drawn as ice that grips like
//! asphalt shows at a glance (issue 23). Each chunk vertex carries the material of the
//! piece it belongs to, the same piece the chunk's colliders are made from; the colour is
//! that material's μ on a ramp from blue (μ 0) through green to red (μ ≥ 1).
//!
//! If the view and the car disagree, the bake is at fault, not this module: check the level
//! with `skidpad levels --check LEVEL`.

use super::mesh::Mesh;
use crate::content::MaterialTable;
use skidpad_bake::chunk::{BakedChunk, ChunkCoord};
use skidpad_bake::geometry::MeshData;
use std::collections::BTreeMap;
use std::sync::Arc;

/// How the ground is coloured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum GroundView {
    /// By each material's colour and tile pattern (the game's look).
    #[default]
    Albedo,
    /// By each material's friction μ, blue (low) to red (high).
    Friction,
}

impl GroundView {
    /// The other view (the play key toggles between them).
    pub fn toggled(self) -> GroundView {
        match self {
            GroundView::Albedo => GroundView::Friction,
            GroundView::Friction => GroundView::Albedo,
        }
    }
}

/// μ at which the ramp reaches full red: asphalt's.
pub const FULL_RED_MU: f32 = 1.0;

/// The ramp: blue at μ 0, green at half of [`FULL_RED_MU`], red at it and above.
pub fn friction_rgb(mu: f32) -> [f32; 3] {
    let t = (mu / FULL_RED_MU).clamp(0.0, 1.0);
    [
        (2.0 * t - 1.0).max(0.0),
        1.0 - (2.0 * t - 1.0).abs(),
        (1.0 - 2.0 * t).max(0.0),
    ]
}

/// `mesh` with every vertex coloured by its material's μ (no tile pattern). A vertex
/// without a material (a mesh baked before materials were recorded) keeps its colour.
pub fn friction_mesh(mesh: &MeshData, materials: &MaterialTable) -> MeshData {
    let mut out = mesh.clone();
    for (color, m) in out.colors.iter_mut().zip(&mesh.materials) {
        let [r, g, b] = friction_rgb(materials.get(*m).friction);
        *color = [r, g, b, 0.0];
    }
    out
}

/// The resident chunks' meshes as baked, kept so switching views can upload them again
/// coloured the other way.
#[derive(Default)]
pub struct GroundChunks {
    view: GroundView,
    materials: Option<MaterialTable>,
    baked: BTreeMap<(i32, i32), Arc<BakedChunk>>,
}

impl GroundChunks {
    /// Keeps `chunk` and uploads its mesh coloured for the current view.
    pub fn upload(&mut self, chunk: &Arc<BakedChunk>) -> Mesh {
        self.baked.insert((chunk.coord.x, chunk.coord.y), chunk.clone());
        self.mesh_of(chunk)
    }

    /// Drops the chunk at `coord` (it left the world).
    pub fn forget(&mut self, coord: ChunkCoord) {
        self.baked.remove(&(coord.x, coord.y));
    }

    /// Switches to `view`, colouring by `materials` (the level's).
    pub fn set_view(&mut self, view: GroundView, materials: &MaterialTable) {
        self.view = view;
        self.materials = Some(materials.clone());
    }

    /// The view in force.
    pub fn view(&self) -> GroundView {
        self.view
    }

    /// The chunk at `coord` uploaded again for the current view, if it is kept.
    pub fn reupload(&self, coord: (i32, i32)) -> Option<Mesh> {
        self.baked.get(&coord).map(|c| self.mesh_of(c))
    }

    fn mesh_of(&self, chunk: &BakedChunk) -> Mesh {
        match (self.view, &self.materials) {
            (GroundView::Friction, Some(m)) => Mesh::from_mesh_data(&friction_mesh(&chunk.mesh, m)),
            _ => Mesh::from_mesh_data(&chunk.mesh),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ice_is_blue_asphalt_red_and_wet_in_between() {
        assert_eq!(friction_rgb(0.0), [0.0, 0.0, 1.0]);
        assert_eq!(friction_rgb(1.0), [1.0, 0.0, 0.0]);
        let (ice, wet) = (friction_rgb(0.1), friction_rgb(0.7));
        assert!(ice[2] > ice[0] && wet[0] > wet[2], "{ice:?} {wet:?}");
    }
}
