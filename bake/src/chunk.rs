//! Streaming chunks: a level's static geometry cut into a square grid, each chunk baked
//! into ready-to-use collision shapes (compounds with their BVH and part bounds, height
//! fields with their bounds) and one render mesh, serialized with postcard.
//!
//! [`bake_level`] is what `build.rs` runs once per shipped level and what the game runs at
//! load time for a level read from disk; both produce byte-identical chunks.

use crate::geometry::{pieces, MeshData, Piece, PieceShape, TERRAIN_SLAB_M};
use crate::heightmap::Heightmap;
use crate::level::Level;
use crate::material::MaterialId;
use crate::mesh_detail::{groups_in, MAX_DETAIL_GROUPS};
use crate::mesh_wire::MeshSeed;
use crate::model::PropModel;
use crate::placed::MeshInstance;
use crate::ContentError;
use glam::{IVec2, Quat, Vec2, Vec3};
use parry3d::math::Pose;
use parry3d::shape::{Compound, ConvexPolyhedron, Cuboid, HeightField, SharedShape, TriMesh};
use parry3d::utils::Array2;
use serde::de::{DeserializeSeed, Error, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::sync::Arc;

/// Version of the baked format; a baked file of another version is refused.
pub const FORMAT_VERSION: u32 = 5;

/// A chunk's grid coordinates: chunk (i, j) covers x ∈ [i·s, (i+1)·s), z ∈ [j·s, (j+1)·s).
pub type ChunkCoord = IVec2;

/// The chunk containing the ground point (x, z).
pub fn chunk_of(x: f32, z: f32, chunk_size_m: f32) -> ChunkCoord {
    IVec2::new((x / chunk_size_m).floor() as i32, (z / chunk_size_m).floor() as i32)
}

/// One collision shape of a chunk.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum BakedShape {
    /// The flat terrain slab under the chunk.
    Slab(Cuboid),
    /// The terrain's heights over the chunk, or a patch of uneven ground.
    Heights(HeightField),
    /// Every other piece of one material, with its BVH.
    Compound(Compound),
    /// Road, kerb and run-off triangles of one material, with their BVH.
    Triangles(TriMesh),
}

/// A collider ready to insert: shape, pose, and the material its surface reports.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BakedCollider {
    /// The shape.
    pub shape: BakedShape,
    /// Where it sits.
    pub translation: Vec3,
    /// How it is turned.
    pub rotation: Quat,
    /// Its surface.
    pub material: MaterialId,
}

/// Everything static in one chunk. Read back with [`BakedChunk::decode`], which needs the
/// level's prop models to place the ones its mesh stores as placements.
#[derive(Debug, Clone, Serialize)]
pub struct BakedChunk {
    /// Which chunk.
    pub coord: ChunkCoord,
    /// Colliders, in a fixed order (terrain first, then patches, then compounds by
    /// material id).
    pub colliders: Vec<BakedCollider>,
    /// What render draws.
    pub mesh: MeshData,
}

#[derive(Serialize)]
struct Envelope<'a> {
    version: u32,
    chunk: &'a BakedChunk,
}

/// Reads a [`BakedChunk`] (after its envelope's version), its mesh with [`MeshSeed`].
struct ChunkSeed<'a> {
    models: &'a [Arc<PropModel>],
}

impl<'de> DeserializeSeed<'de> for ChunkSeed<'_> {
    type Value = BakedChunk;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<BakedChunk, D::Error> {
        d.deserialize_tuple(3, self)
    }
}

impl<'de> Visitor<'de> for ChunkSeed<'_> {
    type Value = BakedChunk;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a baked chunk")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BakedChunk, A::Error> {
        let missing = |what: &str| A::Error::custom(format!("its {what} are missing"));
        let coord = seq.next_element()?.ok_or_else(|| missing("coordinates"))?;
        let colliders = seq.next_element()?.ok_or_else(|| missing("colliders"))?;
        let mesh = seq
            .next_element_seed(MeshSeed { models: self.models })?
            .ok_or_else(|| missing("mesh"))?;
        Ok(BakedChunk { coord, colliders, mesh })
    }
}

/// How hard the embedded chunks are deflated: zlib's default level. The baked meshes and
/// collider tables are 4–9× smaller (18.5 MB → 4.1 MB for the eight levels of 2026-11),
/// and inflating a chunk on the loader's thread takes well under a millisecond.
const DEFLATE_LEVEL: u8 = 6;

/// The largest chunk inflated, bytes: a bound on what a corrupt or hostile deflate stream
/// may make the loader allocate (the largest baked chunk is under 1 MB).
pub const MAX_INFLATED_BYTES: usize = 64 << 20;

/// Inflates an embedded chunk's bytes ([`BakedChunk::encode_deflated`]: the encoding's
/// length, 4 bytes little-endian, then its zlib stream); `file` names it in errors. The
/// output is allocated once at its known length, and the inflater lives on the stack: one
/// allocation a chunk on the loader's thread, whatever the ratio.
pub fn inflate(file: &str, bytes: &[u8]) -> Result<Vec<u8>, ContentError> {
    let corrupt = |why: String| ContentError::new(file, "baked chunk", format!("corrupt ({why}); rebuild to re-bake"));
    let (len, stream) = bytes
        .split_first_chunk::<4>()
        .ok_or_else(|| corrupt("truncated before its length".into()))?;
    let len = u32::from_le_bytes(*len) as usize;
    if len > MAX_INFLATED_BYTES {
        return Err(corrupt(format!(
            "says it inflates to {len} bytes, over {MAX_INFLATED_BYTES}"
        )));
    }
    let mut out = vec![0u8; len];
    let written = miniz_oxide::inflate::decompress_slice_iter_to_slice(&mut out, std::iter::once(stream), true, false)
        .map_err(|status| corrupt(format!("its deflate stream: {status:?}")))?;
    if written != len {
        return Err(corrupt(format!("inflated to {written} bytes, not the {len} it says")));
    }
    Ok(out)
}

impl BakedChunk {
    /// The chunk as the binary embeds it: the length of [`BakedChunk::encode`]'s bytes (4
    /// bytes little-endian) and those bytes deflated (zlib), byte-identical from build to
    /// build.
    pub fn encode_deflated(&self) -> Vec<u8> {
        let raw = self.encode();
        let len = u32::try_from(raw.len()).expect("a chunk's encoding is far under 4 GB");
        let mut out = len.to_le_bytes().to_vec();
        out.extend(miniz_oxide::deflate::compress_to_vec_zlib(&raw, DEFLATE_LEVEL));
        out
    }

    /// Reads an embedded chunk ([`BakedChunk::encode_deflated`]) of a level whose prop
    /// models are `models` (its `prop_models`); `file` names it in errors.
    pub fn decode_deflated(file: &str, bytes: &[u8], models: &[Arc<PropModel>]) -> Result<BakedChunk, ContentError> {
        Self::decode(file, &inflate(file, bytes)?, models)
    }

    /// Serializes the chunk (with a format version).
    pub fn encode(&self) -> Vec<u8> {
        postcard::to_stdvec(&Envelope {
            version: FORMAT_VERSION,
            chunk: self,
        })
        .expect("in-memory serialization of plain data cannot fail")
    }

    /// Deserializes a chunk of a level whose prop models are `models` (its
    /// `prop_models`: the chunk's placed models are drawn from them); `file` names it in
    /// errors. Refuses other format versions.
    pub fn decode(file: &str, bytes: &[u8], models: &[Arc<PropModel>]) -> Result<BakedChunk, ContentError> {
        let corrupt = |e: postcard::Error| {
            ContentError::new(
                file,
                "baked chunk",
                format!("corrupt or truncated ({e}); rebuild to re-bake"),
            )
        };
        let (version, rest) = postcard::take_from_bytes::<u32>(bytes).map_err(corrupt)?;
        if version != FORMAT_VERSION {
            return Err(ContentError::new(
                file,
                "baked chunk",
                format!("format version {version} but this build reads {FORMAT_VERSION}; rebuild to re-bake"),
            ));
        }
        let chunk = ChunkSeed { models }
            .deserialize(&mut postcard::Deserializer::from_bytes(rest))
            .map_err(corrupt)?;
        // Deserializing a height field runs none of the checks its constructor makes; the
        // size accessors assume them (fuzzing found a decoded 0-row field panicking there).
        for c in &chunk.colliders {
            if let BakedShape::Heights(h) = &c.shape {
                let (heights, cells) = (h.heights(), h.cells_statuses());
                let consistent = heights.nrows() >= 2
                    && heights.ncols() >= 2
                    && heights.nrows().checked_mul(heights.ncols()) == Some(heights.data().len())
                    && (cells.nrows(), cells.ncols()) == (heights.nrows() - 1, heights.ncols() - 1)
                    && cells.nrows() * cells.ncols() == cells.data().len();
                if !consistent {
                    return Err(ContentError::new(
                        file,
                        "baked chunk",
                        "corrupt (inconsistent height field); rebuild to re-bake",
                    ));
                }
            }
        }
        Ok(chunk)
    }

    /// Bytes this chunk keeps resident once loaded: its meshes, shape data and their
    /// acceleration structures (an estimate from their element counts).
    pub fn resident_bytes(&self) -> usize {
        let m = &self.mesh;
        let mesh = m.positions.len() * (12 + 12 + 16) + (m.indices.len() + m.far_indices.len()) * 4;
        let shapes: usize = self
            .colliders
            .iter()
            .map(|c| match &c.shape {
                BakedShape::Slab(_) => 64,
                BakedShape::Heights(h) => (h.nrows() + 1) * (h.ncols() + 1) * 4 + h.nrows() * h.ncols(),
                // Each part: its pose, shape (up to a few hundred bytes for a hull), AABB and
                // about two BVH nodes.
                BakedShape::Compound(c) => c.shapes().len() * (32 + 256 + 24 + 2 * 64),
                // Vertices, triangles, and a BVH node pair per triangle.
                BakedShape::Triangles(t) => t.vertices().len() * 12 + t.indices().len() * (12 + 2 * 64),
            })
            .sum();
        mesh + shapes + std::mem::size_of::<BakedChunk>()
    }
}

/// The coordinates of every chunk the terrain covers or a piece stands in, in row-major
/// order.
pub fn chunk_grid(level: &Level, pieces: &[Piece]) -> Vec<ChunkCoord> {
    let s = level.chunk_size_m;
    let half = level.terrain.size_m * 0.5;
    let lo = chunk_of(-half.x, -half.y, s);
    let hi = chunk_of(half.x - 1e-3, half.y - 1e-3, s);
    let mut set = std::collections::BTreeSet::new();
    for j in lo.y..=hi.y {
        for i in lo.x..=hi.x {
            set.insert((j, i));
        }
    }
    for p in pieces {
        let c = chunk_of(p.position.x, p.position.z, s);
        set.insert((c.y, c.x));
    }
    set.into_iter().map(|(j, i)| IVec2::new(i, j)).collect()
}

/// Bakes every chunk of `level` (those with nothing in them included: they carry terrain).
pub fn bake_level(level: &Level) -> Vec<BakedChunk> {
    let all = pieces(level);
    chunk_grid(level, &all)
        .into_iter()
        .map(|c| bake_chunk(level, &all, c))
        .collect()
}

fn terrain_rect(level: &Level, coord: ChunkCoord) -> (Vec2, Vec2) {
    let s = level.chunk_size_m;
    let half = level.terrain.size_m * 0.5;
    let lo = (coord.as_vec2() * s).max(-half);
    let hi = ((coord.as_vec2() + 1.0) * s).min(half);
    (lo, hi)
}

/// Bakes the one chunk at `coord`, given every piece of `level` ([`pieces`]): what
/// [`bake_level`] does per chunk, for tools and tests that need only a few.
pub fn bake_chunk(level: &Level, all: &[Piece], coord: ChunkCoord) -> BakedChunk {
    let mut colliders = Vec::new();
    let mut mesh = MeshData::default();
    let terrain_mat = level.materials.get(level.terrain.material);
    let terrain_color = [
        terrain_mat.color[0],
        terrain_mat.color[1],
        terrain_mat.color[2],
        terrain_mat.pattern,
    ];

    // Terrain, less what the patches over it hide.
    let (lo, hi) = terrain_rect(level, coord);
    let size = hi - lo;
    let covers = crate::ground_cover::covers(level, lo, hi);
    let centre = (lo + hi) * 0.5;
    if size.x > 0.0 && size.y > 0.0 {
        match &level.terrain.heights {
            None => {
                let half = Vec3::new(size.x * 0.5, TERRAIN_SLAB_M * 0.5, size.y * 0.5);
                colliders.push(BakedCollider {
                    shape: BakedShape::Slab(Cuboid::new(half)),
                    translation: Vec3::new(centre.x, -TERRAIN_SLAB_M * 0.5, centre.y),
                    rotation: Quat::IDENTITY,
                    material: level.terrain.material,
                });
                let flat = Heightmap {
                    rows: 2,
                    cols: 2,
                    heights_m: vec![0.0; 4],
                };
                mesh.add_heights(&flat, size, Vec3::new(centre.x, 0.0, centre.y), terrain_color, &covers);
                mesh.tag_material(level.terrain.material);
            }
            Some(map) => {
                let sub = resample(map, level.terrain.size_m, lo, hi);
                colliders.push(BakedCollider {
                    shape: BakedShape::Heights(height_field(&sub, size)),
                    translation: Vec3::new(centre.x, 0.0, centre.y),
                    rotation: Quat::IDENTITY,
                    material: level.terrain.material,
                });
                mesh.add_heights(&sub, size, Vec3::new(centre.x, 0.0, centre.y), terrain_color, &covers);
                mesh.tag_material(level.terrain.material);
            }
        }
    }

    // Pieces whose origin lies in this chunk, and the surfaces cut to its square (every
    // chunk a surface crosses holds its part of it): height patches as their own colliders,
    // triangles and the rest grouped by material.
    let s = level.chunk_size_m;
    let surfaces = crate::surfaces::chunk_pieces(level, coord.as_vec2() * s, (coord.as_vec2() + 1.0) * s);
    let mine: Vec<&Piece> = all
        .iter()
        .filter(|p| chunk_of(p.position.x, p.position.z, level.chunk_size_m) == coord)
        .chain(&surfaces)
        .collect();
    // Fine decor goes into detail groups while the chunk has room for them, after every
    // triangle drawn at all distances; the rest is drawn as near everywhere.
    let mut room = MAX_DETAIL_GROUPS;
    let grouped: Vec<bool> = mine
        .iter()
        .map(|p| {
            let n = groups_in(p);
            let fits = n > 0 && n <= room;
            room -= if fits { n } else { 0 };
            fits
        })
        .collect();
    for (p, &grouped) in mine.iter().zip(&grouped) {
        if grouped {
            mesh.add_piece_base(p);
        } else {
            mesh.add_piece(p);
        }
        mesh.tag_material(p.material);
        if let PieceShape::Heights { map, size_m } = &p.shape {
            colliders.push(BakedCollider {
                shape: BakedShape::Heights(height_field(map, *size_m)),
                translation: p.position,
                rotation: p.rotation,
                material: p.material,
            });
        }
    }
    // Prop models placed whole go last, so the wire can leave their triangles out
    // (`crate::mesh_instances`).
    let placed: Vec<Option<MeshInstance>> = mine.iter().map(|p| placed_instance(level, p)).collect();
    for ((p, _), _) in mine
        .iter()
        .zip(&grouped)
        .zip(&placed)
        .filter(|((_, &g), i)| g && i.is_none())
    {
        mesh.add_detail_groups(p);
        mesh.tag_material(p.material);
    }
    for ((p, _), instance) in mine.iter().zip(&grouped).zip(&placed).filter(|((_, &g), _)| g) {
        if let (Some(instance), PieceShape::Decor { placed: Some(m), .. }) = (instance, &p.shape) {
            mesh.add_instance(&m.model, instance.clone());
        }
    }
    // Triangle pieces of each material merge into one mesh (with its BVH).
    let mut mesh_materials: Vec<MaterialId> = mine
        .iter()
        .filter(|p| matches!(p.shape, PieceShape::Mesh { .. }))
        .map(|p| p.material)
        .collect();
    mesh_materials.sort();
    mesh_materials.dedup();
    for m in mesh_materials {
        let group: Vec<&&Piece> = mine
            .iter()
            .filter(|p| p.material == m && matches!(p.shape, PieceShape::Mesh { .. }))
            .collect();
        let anchor = group[0].position;
        let (mut vertices, mut triangles) = (Vec::new(), Vec::new());
        for p in &group {
            if let PieceShape::Mesh {
                vertices: v, indices, ..
            } = &p.shape
            {
                let base = vertices.len() as u32;
                vertices.extend(v.iter().map(|q| p.position + p.rotation * *q - anchor));
                triangles.extend(indices.iter().map(|t| t.map(|i| i + base)));
            }
        }
        if let Ok(tri) = TriMesh::new(vertices, triangles) {
            colliders.push(BakedCollider {
                shape: BakedShape::Triangles(tri),
                translation: anchor,
                rotation: Quat::IDENTITY,
                material: m,
            });
        }
    }
    let mut materials: Vec<MaterialId> = mine
        .iter()
        .filter(|p| is_compound_part(&p.shape))
        .map(|p| p.material)
        .collect();
    materials.sort();
    materials.dedup();
    for m in materials {
        // Parts are placed relative to the first one, so the compound's numbers stay small.
        let group: Vec<&&Piece> = mine
            .iter()
            .filter(|p| p.material == m && is_compound_part(&p.shape))
            .collect();
        let anchor = group[0].position;
        let parts: Vec<(Pose, SharedShape)> = group
            .iter()
            .filter_map(|p| {
                let shape = match &p.shape {
                    PieceShape::Cuboid(h) | PieceShape::Collider(h) => SharedShape::new(Cuboid::new(*h)),
                    PieceShape::RampSlice(slice) => {
                        SharedShape::new(ConvexPolyhedron::from_convex_hull(&slice.points())?)
                    }
                    PieceShape::Heights { .. } | PieceShape::Mesh { .. } | PieceShape::Decor { .. } => return None,
                };
                Some((Pose::from_parts(p.position - anchor, p.rotation), shape))
            })
            .collect();
        if !parts.is_empty() {
            colliders.push(BakedCollider {
                shape: BakedShape::Compound(Compound::new(parts)),
                translation: anchor,
                rotation: Quat::IDENTITY,
                material: m,
            });
        }
    }
    mesh.snap_to_wire();
    BakedChunk { coord, colliders, mesh }
}

/// `piece` as a prop model placed whole, when it is one: a decor piece made from a model
/// the level lists, with a far stand-in (so all of it is one detail group).
fn placed_instance(level: &Level, piece: &Piece) -> Option<MeshInstance> {
    let PieceShape::Decor { placed: Some(m), .. } = &piece.shape else {
        return None;
    };
    m.model.far.as_ref()?;
    let model = level.prop_models.iter().position(|l| Arc::ptr_eq(l, &m.model))?;
    Some(MeshInstance {
        model: u16::try_from(model).ok()?,
        position: m.at.position.to_array(),
        yaw_rad: m.at.yaw_rad,
        scale: m.at.scale,
        shade: m.at.shade,
        material: piece.material,
    })
}

/// Whether a piece joins its material's compound: boxes (drawn or not) and ramp slices do; height grids
/// and triangle meshes have colliders of their own, and decor (painted lines, lettering)
/// has none.
fn is_compound_part(shape: &PieceShape) -> bool {
    matches!(
        shape,
        PieceShape::Cuboid(_) | PieceShape::Collider(_) | PieceShape::RampSlice(_)
    )
}

/// The part of `map` (spanning `map_size` centred on the origin) over the rectangle
/// lo..hi, at the map's own sample spacing (at least 2 × 2 samples).
fn resample(map: &Heightmap, map_size: Vec2, lo: Vec2, hi: Vec2) -> Heightmap {
    let spacing = Vec2::new(map_size.x / (map.cols - 1) as f32, map_size.y / (map.rows - 1) as f32);
    let cols = (((hi.x - lo.x) / spacing.x).round() as usize).max(1) + 1;
    let rows = (((hi.y - lo.y) / spacing.y).round() as usize).max(1) + 1;
    let mut heights_m = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let x = lo.x + (hi.x - lo.x) * c as f32 / (cols - 1) as f32;
            let z = lo.y + (hi.y - lo.y) * r as f32 / (rows - 1) as f32;
            heights_m.push(map.sample(x / map_size.x + 0.5, z / map_size.y + 0.5));
        }
    }
    Heightmap { rows, cols, heights_m }
}

/// A parry height field over `size_m` (X, Z) centred on its frame's origin.
fn height_field(map: &Heightmap, size_m: Vec2) -> HeightField {
    // parry's grid is column-major with rows along Z and columns along X.
    let mut data = vec![0.0; map.rows * map.cols];
    for r in 0..map.rows {
        for c in 0..map.cols {
            data[r + c * map.rows] = map.at(r, c);
        }
    }
    HeightField::new(
        Array2::new(map.rows, map.cols, data),
        Vec3::new(size_m.x, 1.0, size_m.y),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `payload` as `encode_deflated` frames a chunk's encoding, saying it is `len` long.
    fn framed(payload: &[u8], len: u32) -> Vec<u8> {
        let mut out = len.to_le_bytes().to_vec();
        out.extend(miniz_oxide::deflate::compress_to_vec_zlib(payload, DEFLATE_LEVEL));
        out
    }

    #[test]
    fn inflate_gives_back_the_bytes_and_refuses_a_frame_that_lies() {
        let payload: Vec<u8> = (0..50_000u32).flat_map(|i| (i % 251).to_le_bytes()).collect();
        let good = framed(&payload, payload.len() as u32);
        assert!(
            good.len() < payload.len() / 4,
            "it deflates: {} of {}",
            good.len(),
            payload.len()
        );
        assert_eq!(inflate("c.bin", &good).unwrap(), payload);
        // Each fault names the file and says to re-bake.
        for bad in [
            framed(&payload, payload.len() as u32 - 1),
            framed(&payload, payload.len() as u32 + 1),
            framed(&payload, u32::MAX),
            good[..good.len() / 2].to_vec(),
            good[..3].to_vec(),
        ] {
            let e = inflate("c.bin", &bad).unwrap_err();
            assert_eq!(e.file, "c.bin");
            assert!(e.problem.contains("corrupt") && e.problem.contains("re-bake"), "{e}");
        }
    }
}
