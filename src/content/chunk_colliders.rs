//! The collision shapes of every chunk of a level, decoded once per loaded level and shared
//! by every world built on it: the pool streamed chunks draw their colliders from, so a
//! chunk entering the world in a tick costs reference counts, not a decode and a deep copy
//! of its height fields, meshes and BVHs (which allocated hundreds of times a lap).
//!
//! The render side still decodes chunks as it streams (it needs the meshes, which this pool
//! drops); the pool keeps only each mesh's size, so a renderer can size its upload buffers
//! at load ([`ChunkColliders::mesh_sizes`]). If a chunk's colliders look wrong in the world, compare with
//! `ChunkSource::load` of the same chunk: both come from the same bytes.

use glam::{Quat, Vec3};
use rapier3d::prelude::SharedShape;
use skidpad_bake::chunk::{BakedChunk, BakedShape, ChunkCoord};
use skidpad_bake::material::MaterialId;
use skidpad_bake::ContentError;
use std::sync::{Arc, OnceLock};

/// One collider of a chunk, ready to insert: its shape is shared, so inserting it again
/// allocates nothing.
#[derive(Clone)]
pub struct PooledCollider {
    /// The shape (reference-counted).
    pub shape: SharedShape,
    /// Where it sits.
    pub translation: Vec3,
    /// How it is turned.
    pub rotation: Quat,
    /// Its surface.
    pub material: MaterialId,
}

/// One chunk's colliders and the memory the chunk holds while resident.
pub struct ChunkShapes {
    /// Its colliders, in bake order (the order they are inserted in, which fixes their
    /// handles and so the simulation's results).
    pub colliders: Vec<PooledCollider>,
    /// The chunk's estimated resident memory, bytes (`BakedChunk::resident_bytes`, mesh
    /// included, as the streaming counters always reported it).
    pub resident_bytes: usize,
    /// Its render mesh's vertices.
    pub mesh_vertices: usize,
    /// Its render mesh's indices (three a triangle).
    pub mesh_indices: usize,
}

/// What a renderer needs to hold a level's chunk meshes without growing anything in play:
/// how many chunks can be resident at most and the largest mesh's size.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChunkMeshSizes {
    /// The level's chunks (more than are ever resident at once).
    pub chunks: usize,
    /// The most vertices one chunk's mesh has.
    pub max_vertices: usize,
    /// The most indices one chunk's mesh has.
    pub max_indices: usize,
}

/// Every chunk's colliders, in `ChunkSource::coords` order; a chunk that failed to decode
/// keeps its error, to be logged when the chunk would enter.
pub struct ChunkColliders {
    chunks: Vec<Result<ChunkShapes, ContentError>>,
}

impl ChunkColliders {
    /// Loads every chunk of `coords` with `load` (a level's `ChunkSource::coords` and
    /// `ChunkSource::load`) and keeps its colliders.
    pub fn build(
        coords: Vec<ChunkCoord>,
        load: impl Fn(ChunkCoord) -> Result<Arc<BakedChunk>, ContentError>,
    ) -> ChunkColliders {
        let chunks = coords
            .into_iter()
            .map(|c| load(c).map(|chunk| shapes_of(&chunk)))
            .collect();
        ChunkColliders { chunks }
    }

    /// Chunk `index` (in `ChunkSource::coords` order): its colliders, or why it failed to
    /// load. None for an index past the level's chunks.
    pub fn chunk(&self, index: usize) -> Option<&Result<ChunkShapes, ContentError>> {
        self.chunks.get(index)
    }

    /// How many chunks the level has.
    pub fn len(&self) -> usize {
        self.chunks.len()
    }

    /// True for a level without chunks.
    pub fn is_empty(&self) -> bool {
        self.chunks.is_empty()
    }

    /// The most colliders any one chunk has: what a resident slot's handle list is sized
    /// for.
    pub fn max_colliders_per_chunk(&self) -> usize {
        self.chunks
            .iter()
            .filter_map(|c| c.as_ref().ok())
            .map(|c| c.colliders.len())
            .max()
            .unwrap_or(0)
    }

    /// The level's chunk count and its largest chunk mesh: what a renderer reserves at load
    /// (`Renderer::reserve_chunks`) so chunks entering and leaving allocate nothing.
    pub fn mesh_sizes(&self) -> ChunkMeshSizes {
        let ok = || self.chunks.iter().filter_map(|c| c.as_ref().ok());
        ChunkMeshSizes {
            chunks: self.chunks.len(),
            max_vertices: ok().map(|c| c.mesh_vertices).max().unwrap_or(0),
            max_indices: ok().map(|c| c.mesh_indices).max().unwrap_or(0),
        }
    }

    /// Colliders over all chunks.
    pub fn total_colliders(&self) -> usize {
        self.chunks
            .iter()
            .filter_map(|c| c.as_ref().ok())
            .map(|c| c.colliders.len())
            .sum()
    }
}

/// A chunk's colliders as shared shapes. The shapes are cloned out of the decoded chunk
/// once, here, instead of at every entry.
fn shapes_of(chunk: &BakedChunk) -> ChunkShapes {
    let colliders = chunk
        .colliders
        .iter()
        .map(|c| PooledCollider {
            shape: match &c.shape {
                BakedShape::Slab(s) => SharedShape::new(*s),
                BakedShape::Heights(h) => SharedShape::new(h.clone()),
                BakedShape::Compound(comp) => SharedShape::new(comp.clone()),
                BakedShape::Triangles(t) => SharedShape::new(t.clone()),
            },
            translation: c.translation,
            rotation: c.rotation,
            material: c.material,
        })
        .collect();
    ChunkShapes {
        colliders,
        resident_bytes: chunk.resident_bytes(),
        mesh_vertices: chunk.mesh.positions.len(),
        // Near and far triangles go up in one buffer.
        mesh_indices: chunk.mesh.indices.len() + chunk.mesh.far_indices.len(),
    }
}

/// The pool of a loaded level, built by the first world that asks and shared by its clones
/// (a time trial's ghost worlds, a challenge's runs), so only the first world pays the
/// decode.
#[derive(Clone, Default)]
pub struct SharedChunkColliders(Arc<OnceLock<Arc<ChunkColliders>>>);

impl SharedChunkColliders {
    /// The pool, made now by `build` if no world asked before.
    pub fn get_or_build(&self, build: impl FnOnce() -> ChunkColliders) -> Arc<ChunkColliders> {
        self.0.get_or_init(|| Arc::new(build())).clone()
    }
}
