//! The resident chunks' meshes on the GPU, with each chunk as baked kept so switching the
//! ground's view (look or friction) can upload them again coloured the other way.
//!
//! Chunks enter and leave on the game loop's thread as the cars move, so nothing here
//! allocates once [`GroundChunks::reserve`] has sized it for the level (issue 21: the
//! window profile's streaming phase allocated 0.02–0.19 times a tick when this was a map
//! and each upload built its mesh in fresh vectors): the resident chunks sit in a table
//! with room for every chunk of the level, and each mesh is interleaved and reordered in
//! buffers sized for the level's largest chunk. The table's order is not the draw order
//! (`draw_order::NearFirst` sorts by distance, ties by key), so a chunk leaving may move
//! another into its slot.

use super::draw_order::ChunkKey;
use super::friction_view::{friction_color, GroundView};
use super::mesh::{BaseCasters, Mesh, UploadScratch};
use crate::content::{ChunkMeshSizes, MaterialTable};
use skidpad_bake::chunk::{BakedChunk, ChunkCoord};
use std::sync::Arc;

/// One resident chunk: as baked, and its mesh as uploaded for the current view.
struct Resident {
    key: ChunkKey,
    baked: Arc<BakedChunk>,
    mesh: Mesh,
}

/// The resident chunks and how the ground is coloured.
#[derive(Default)]
pub struct GroundChunks {
    view: GroundView,
    materials: Option<MaterialTable>,
    resident: Vec<Resident>,
    scratch: UploadScratch,
}

impl GroundChunks {
    /// Room for every chunk of a level and for its largest mesh: chunks entering and
    /// leaving then allocate nothing.
    pub fn reserve(&mut self, sizes: ChunkMeshSizes) {
        self.resident.reserve(sizes.chunks.saturating_sub(self.resident.len()));
        self.scratch.reserve(sizes.max_vertices, sizes.max_indices);
    }

    /// Keeps `chunk` and uploads its mesh coloured for the current view (replacing the
    /// chunk's mesh if it was resident already).
    pub fn enter(&mut self, chunk: &Arc<BakedChunk>) {
        let key = (chunk.coord.x, chunk.coord.y);
        let mesh = self.mesh_of(chunk);
        let resident = Resident {
            key,
            baked: Arc::clone(chunk),
            mesh,
        };
        match self.resident.iter_mut().find(|r| r.key == key) {
            Some(slot) => *slot = resident,
            None => self.resident.push(resident),
        }
    }

    /// Frees the chunk at `coord`'s mesh (it left the world).
    pub fn leave(&mut self, coord: ChunkCoord) {
        if let Some(i) = self.resident.iter().position(|r| r.key == (coord.x, coord.y)) {
            self.resident.swap_remove(i);
        }
    }

    /// Frees every chunk's mesh (the level is over); the table keeps its room.
    pub fn forget_all(&mut self) {
        self.resident.clear();
    }

    /// Switches to `view`, colouring by `materials` (the level's), and uploads the resident
    /// chunks again.
    pub fn set_view(&mut self, view: GroundView, materials: &MaterialTable) {
        self.view = view;
        self.materials = Some(materials.clone());
        for i in 0..self.resident.len() {
            let baked = Arc::clone(&self.resident[i].baked);
            self.resident[i].mesh = self.mesh_of(&baked);
        }
    }

    /// The view in force.
    pub fn view(&self) -> GroundView {
        self.view
    }

    /// The mesh of the chunk `key`, if it is resident.
    pub fn get(&self, key: ChunkKey) -> Option<&Mesh> {
        self.resident.iter().find(|r| r.key == key).map(|r| &r.mesh)
    }

    /// Every resident chunk's key and mesh, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (ChunkKey, &Mesh)> {
        self.resident.iter().map(|r| (r.key, &r.mesh))
    }

    /// How many chunks are resident.
    pub fn len(&self) -> usize {
        self.resident.len()
    }

    fn mesh_of(&mut self, chunk: &BakedChunk) -> Mesh {
        let mesh = &chunk.mesh;
        let terrain = |x: f32, z: f32| chunk.ground_height_at(x, z);
        let base = (BaseCasters::Tiled, &terrain as &dyn Fn(f32, f32) -> Option<f32>);
        match (self.view, &self.materials) {
            (GroundView::Friction, Some(m)) => Mesh::from_mesh_data(
                mesh,
                // A vertex without a material (a mesh baked before materials were
                // recorded) keeps its colour.
                |i, c| mesh.materials.get(i).map_or(c, |id| friction_color(m, *id)),
                base,
                &mut self.scratch,
            ),
            _ => Mesh::from_mesh_data(mesh, |_, c| c, base, &mut self.scratch),
        }
    }
}
