//! How a chunk's render mesh is written into its baked bytes: every vertex attribute on a
//! fixed grid and each value as its step from the vertex before, so the many pieces built
//! alike (trees, tyre stacks, barrier blocks, the faces of a quad) come out as the same bytes
//! and deflate finds them. Positions on a 1/4096 m grid, normals as 16-bit signed and colours
//! as 16-bit unsigned fractions; the same for indices, each as its step from the one before.
//!
//! Prop models placed whole ([`crate::mesh_instances`]) are written as their placements
//! only, and [`MeshSeed`] places them again as it reads, from the level's models.
//!
//! [`MeshData::snap_to_wire`] puts a mesh on those grids, and the bake calls it on every
//! chunk, so a mesh read back is bit-for-bit the mesh baked and a level baked at load time
//! equals the one embedded. If a mesh drawn from a chunk shows cracks or banding, look here
//! first: a step coarser than these makes them.
//!
//! Reading allocates each array once, at the length the writer recorded for it with its
//! placed models included, so the loader's thread makes as few allocations a chunk as
//! with a plain serde `Vec`.

use crate::geometry::MeshData;
use crate::material::MaterialId;
use crate::mesh_detail::DetailGroup;
use crate::model::PropModel;
use crate::placed::{MeshInstance, PlacedTail};
use serde::de::{DeserializeSeed, Error, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, SerializeTuple};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

/// Grid steps a metre: 0.24 mm, far under a pixel at any distance the camera draws and
/// fine enough that road paint 4 mm over the asphalt keeps its gap.
const POSITION_STEPS_PER_M: f64 = 4096.0;
/// A normal's component as a fraction of this (a signed 16-bit fraction).
const NORMAL_STEPS: f64 = 32767.0;
/// A colour channel (albedo or pattern strength, each in 0..1) as a fraction of this.
const COLOR_STEPS: f64 = 65535.0;
/// Rows a corrupt length may make the reader reserve at once; a longer array grows as it
/// is read (no shipped chunk comes near it).
const MAX_RESERVED_ROWS: usize = 1 << 18;
/// Most vertices a chunk's mesh may say it has, placed models included: a bound on what
/// a corrupt chunk's placements may make the reader build (40 MB). The largest shipped
/// chunk has under a tenth of it.
pub const MAX_CHUNK_VERTICES: usize = 1 << 20;

/// A way of putting one kind of value on its grid and back.
trait Grid {
    fn to_steps(v: f32) -> i64;
    fn from_steps(s: i64) -> f32;
}

struct Position;
impl Grid for Position {
    fn to_steps(v: f32) -> i64 {
        (f64::from(v) * POSITION_STEPS_PER_M).round() as i64
    }
    fn from_steps(s: i64) -> f32 {
        (s as f64 / POSITION_STEPS_PER_M) as f32
    }
}

struct Normal;
impl Grid for Normal {
    fn to_steps(v: f32) -> i64 {
        (f64::from(v.clamp(-1.0, 1.0)) * NORMAL_STEPS).round() as i64
    }
    fn from_steps(s: i64) -> f32 {
        (s as f64 / NORMAL_STEPS) as f32
    }
}

struct Color;
impl Grid for Color {
    fn to_steps(v: f32) -> i64 {
        (f64::from(v.clamp(0.0, 1.0)) * COLOR_STEPS).round() as i64
    }
    fn from_steps(s: i64) -> f32 {
        (s as f64 / COLOR_STEPS) as f32
    }
}

fn snap<G: Grid, const N: usize>(rows: &mut [[f32; N]]) {
    for v in rows.iter_mut().flatten() {
        *v = G::from_steps(G::to_steps(*v));
    }
}

impl MeshData {
    /// Puts every position, normal and colour on the grid the baked bytes keep, so that
    /// writing the mesh and reading it back changes nothing.
    pub fn snap_to_wire(&mut self) {
        snap::<Position, 3>(&mut self.positions);
        snap::<Normal, 3>(&mut self.normals);
        snap::<Color, 4>(&mut self.colors);
    }
}

/// `rows` as the wire writes them: flattened, each value as its grid steps less the same
/// column's in the row before.
struct Rows<'a, G, const N: usize>(&'a [[f32; N]], PhantomData<G>);

impl<G: Grid, const N: usize> Serialize for Rows<'_, G, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len() * N))?;
        let mut before = [0i64; N];
        for row in self.0 {
            for (v, b) in row.iter().zip(&mut before) {
                let steps = G::to_steps(*v);
                seq.serialize_element(&(steps - *b))?;
                *b = steps;
            }
        }
        seq.end()
    }
}

/// Reads what [`Rows`] wrote into a `Vec` with room for `capacity` rows.
struct RowsSeed<G, const N: usize> {
    capacity: usize,
    grid: PhantomData<G>,
}

impl<G, const N: usize> RowsSeed<G, N> {
    fn new(capacity: usize) -> Self {
        Self {
            capacity,
            grid: PhantomData,
        }
    }
}

impl<'de, G: Grid, const N: usize> DeserializeSeed<'de> for RowsSeed<G, N> {
    type Value = Vec<[f32; N]>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, G: Grid, const N: usize> Visitor<'de> for RowsSeed<G, N> {
    type Value = Vec<[f32; N]>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a run of {N}-value rows as steps")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut rows = Vec::with_capacity(self.capacity.min(MAX_RESERVED_ROWS));
        let mut at = [0i64; N];
        loop {
            let mut row = [0.0f32; N];
            for (k, (v, a)) in row.iter_mut().zip(&mut at).enumerate() {
                match seq.next_element::<i64>()? {
                    Some(step) => {
                        *a = a
                            .checked_add(step)
                            .ok_or_else(|| A::Error::custom("a step overflows"))?;
                        *v = G::from_steps(*a);
                    }
                    None if k == 0 => return Ok(rows),
                    None => return Err(A::Error::custom(format!("a row of {k} values, not {N}"))),
                }
            }
            rows.push(row);
        }
    }
}

/// Indices as the wire writes them: each as its step from the one before, so a run of
/// quads (0 1 2 0 2 3, 4 5 6 4 6 7, ...) is the same few small numbers over and over.
struct Steps<'a>(&'a [u32]);

impl Serialize for Steps<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        let mut before = 0i64;
        for i in self.0 {
            seq.serialize_element(&(i64::from(*i) - before))?;
            before = i64::from(*i);
        }
        seq.end()
    }
}

/// Reads what [`Steps`] wrote into a `Vec` with room for `capacity` indices.
struct StepsSeed {
    capacity: usize,
}

impl<'de> DeserializeSeed<'de> for StepsSeed {
    type Value = Vec<u32>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for StepsSeed {
    type Value = Vec<u32>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("indices as steps")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::with_capacity(self.capacity.min(MAX_RESERVED_ROWS));
        let mut at = 0i64;
        while let Some(step) = seq.next_element::<i64>()? {
            at = at
                .checked_add(step)
                .ok_or_else(|| A::Error::custom("an index step overflows"))?;
            out.push(u32::try_from(at).map_err(|_| A::Error::custom(format!("index {at} out of range")))?);
        }
        Ok(out)
    }
}

/// A plain list read into a `Vec` with room for `capacity` items.
struct ListSeed<T> {
    capacity: usize,
    item: PhantomData<T>,
}

impl<T> ListSeed<T> {
    fn new(capacity: usize) -> Self {
        Self {
            capacity,
            item: PhantomData,
        }
    }
}

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for ListSeed<T> {
    type Value = Vec<T>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for ListSeed<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::with_capacity(self.capacity.min(MAX_RESERVED_ROWS));
        while let Some(item) = seq.next_element()? {
            out.push(item);
        }
        Ok(out)
    }
}

/// The wire's parts of a mesh, in order.
const MESH_PARTS: usize = 9;

impl Serialize for MeshData {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let full = [
            self.positions.len(),
            self.indices.len(),
            self.far_indices.len(),
            self.detail.len(),
        ];
        let [v, i, f, g] = if self.placed.models.is_empty() {
            full
        } else {
            self.placed.starts.map(|n| n as usize)
        };
        // The first n of each (all of a shorter one: a mesh built by hand may leave an
        // array short, and writing it must not fail; reading it back will).
        fn upto<T>(all: &[T], n: usize) -> &[T] {
            &all[..n.min(all.len())]
        }
        let mut t = s.serialize_tuple(MESH_PARTS)?;
        t.serialize_element(&full.map(|n| n as u32))?;
        t.serialize_element(&Rows::<Position, 3>(upto(&self.positions, v), PhantomData))?;
        t.serialize_element(&Rows::<Normal, 3>(upto(&self.normals, v), PhantomData))?;
        t.serialize_element(&Rows::<Color, 4>(upto(&self.colors, v), PhantomData))?;
        t.serialize_element(upto(&self.materials, v))?;
        t.serialize_element(&Steps(upto(&self.indices, i)))?;
        t.serialize_element(&Steps(upto(&self.far_indices, f)))?;
        t.serialize_element(upto(&self.detail, g))?;
        t.serialize_element(&self.placed.models)?;
        t.end()
    }
}

/// Reads a [`MeshData`] the wire wrote, placing its placed models from `models` (the
/// level's `prop_models`, the list the bake indexed).
pub struct MeshSeed<'a> {
    /// The level's prop models.
    pub models: &'a [Arc<PropModel>],
}

impl<'de> DeserializeSeed<'de> for MeshSeed<'_> {
    type Value = MeshData;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<MeshData, D::Error> {
        d.deserialize_tuple(MESH_PARTS, self)
    }
}

impl<'de> Visitor<'de> for MeshSeed<'_> {
    type Value = MeshData;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a chunk's mesh")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MeshData, A::Error> {
        fn part<T>(got: Option<T>, name: &str) -> Result<T, String> {
            got.ok_or_else(|| format!("its {name} are missing"))
        }
        let wrong = |why: String| A::Error::custom(why);
        let full: [u32; 4] = part(seq.next_element()?, "lengths").map_err(wrong)?;
        let [v, i, f, g] = full.map(|n| n as usize);
        if v > MAX_CHUNK_VERTICES {
            return Err(wrong(format!("it says {v} vertices, over {MAX_CHUNK_VERTICES}")));
        }
        let positions = part(seq.next_element_seed(RowsSeed::<Position, 3>::new(v))?, "positions").map_err(wrong)?;
        let normals = part(seq.next_element_seed(RowsSeed::<Normal, 3>::new(v))?, "normals").map_err(wrong)?;
        let colors = part(seq.next_element_seed(RowsSeed::<Color, 4>::new(v))?, "colours").map_err(wrong)?;
        let materials = part(seq.next_element_seed(ListSeed::<MaterialId>::new(v))?, "materials").map_err(wrong)?;
        let indices = part(seq.next_element_seed(StepsSeed { capacity: i })?, "indices").map_err(wrong)?;
        let far_indices = part(seq.next_element_seed(StepsSeed { capacity: f })?, "far indices").map_err(wrong)?;
        let detail = part(seq.next_element_seed(ListSeed::<DetailGroup>::new(g))?, "groups").map_err(wrong)?;
        let placed: Vec<MeshInstance> = part(seq.next_element()?, "placed models").map_err(wrong)?;
        let mut mesh = MeshData {
            positions,
            normals,
            colors,
            indices,
            materials,
            far_indices,
            detail,
            placed: PlacedTail::default(),
        };
        for instance in placed {
            let Some(model) = self.models.get(usize::from(instance.model)) else {
                return Err(wrong(format!(
                    "it places prop model {} of a level with {}",
                    instance.model,
                    self.models.len()
                )));
            };
            if !mesh.add_instance(model, instance) {
                return Err(wrong("it places whole a model with no far stand-in".into()));
            }
            if mesh.positions.len() > v {
                return Err(wrong(format!(
                    "its placed models come to more than the {v} vertices it says"
                )));
            }
        }
        let got = [
            mesh.positions.len(),
            mesh.indices.len(),
            mesh.far_indices.len(),
            mesh.detail.len(),
        ];
        if got != [v, i, f, g] || mesh.normals.len() != v || mesh.colors.len() != v {
            return Err(wrong(format!("its arrays come to {got:?}, not the {full:?} it says")));
        }
        mesh.snap_to_wire();
        Ok(mesh)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesh() -> MeshData {
        MeshData {
            positions: vec![
                [1234.5678, -0.0021, 3.0],
                [1234.9, 0.004, -812.25],
                [-5.0, 7.123_456, 0.0],
            ],
            normals: vec![[0.0, 1.0, 0.0], [0.6, 0.0, -0.8], [0.577, 0.577, 0.577]],
            colors: vec![[0.78, 0.14, 0.12, 0.0], [0.02, 0.9, 1.0, 0.5], [0.5; 4]],
            indices: vec![0, 1, 2, 2, 1, 0],
            far_indices: vec![2, 0, 1],
            ..MeshData::default()
        }
    }

    fn read(bytes: &[u8], models: &[Arc<PropModel>]) -> Result<MeshData, postcard::Error> {
        MeshSeed { models }.deserialize(&mut postcard::Deserializer::from_bytes(bytes))
    }

    #[test]
    fn a_snapped_mesh_reads_back_bit_for_bit() {
        let mut m = mesh();
        m.snap_to_wire();
        assert_eq!(read(&postcard::to_stdvec(&m).unwrap(), &[]).unwrap(), m);
    }

    #[test]
    fn placed_models_are_written_as_placements_and_read_back_whole() {
        let tree = Arc::new(crate::mesh_instances::tests::model());
        let mut m = mesh();
        for x in 0..20 {
            let instance = MeshInstance {
                model: 1,
                position: [x as f32 * 7.3, 0.25, -401.7],
                yaw_rad: x as f32 * 0.37,
                scale: 0.8 + x as f32 * 0.02,
                shade: 0.9,
                material: MaterialId(2),
            };
            assert!(m.add_instance(&tree, instance));
        }
        m.snap_to_wire();
        let bytes = postcard::to_stdvec(&m).unwrap();
        let other = PropModel {
            body: crate::model::PropMesh::default(),
            col_boxes: vec![],
            far: None,
        };
        let models = [Arc::new(other), tree];
        assert_eq!(read(&bytes, &models).unwrap(), m);
        // 20 trees of 12 corners each would be 240 vertices, several bytes each: written as
        // placements they are under 30 bytes a tree.
        let plain = postcard::to_stdvec(&MeshData {
            placed: PlacedTail::default(),
            ..m.clone()
        })
        .unwrap();
        assert!(
            bytes.len() + 20 * 30 < plain.len(),
            "{} placed, {} plain",
            bytes.len(),
            plain.len()
        );
        assert!(
            read(&bytes, &models[..1]).is_err(),
            "a level without the model cannot read it"
        );
    }

    #[test]
    fn snapping_moves_nothing_further_than_half_a_step() {
        let (before, mut after) = (mesh(), mesh());
        after.snap_to_wire();
        for (a, b) in before.positions.iter().flatten().zip(after.positions.iter().flatten()) {
            // Half of 1/4096 m, plus f32's own rounding at 1 km.
            assert!((a - b).abs() <= 0.5 / 4096.0 + 1e-4, "{a} → {b}");
        }
        for (a, b) in before.normals.iter().flatten().zip(after.normals.iter().flatten()) {
            assert!((a - b).abs() <= 0.5 / 32767.0 + 1e-7, "{a} → {b}");
        }
        for (a, b) in before.colors.iter().flatten().zip(after.colors.iter().flatten()) {
            assert!((a - b).abs() <= 0.5 / 65535.0 + 1e-7, "{a} → {b}");
        }
        assert_eq!(after.positions[0][2], 3.0, "a value on the grid stays put");
    }

    #[test]
    fn repeated_shapes_make_repeated_bytes() {
        // Two copies of one quad 10 m apart: every step after the first vertex is the same.
        let quad = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 0.5, 0.0], [0.0, 0.5, 0.0]];
        let mut m = MeshData::default();
        for x in [0.0, 10.0] {
            m.positions
                .extend(quad.iter().map(|p: &[f32; 3]| [p[0] + x, p[1], p[2]]));
        }
        let bytes = postcard::to_stdvec(&m).unwrap();
        let (_lengths, positions) = postcard::take_from_bytes::<[u32; 4]>(&bytes).unwrap();
        let steps: Vec<i64> = postcard::from_bytes::<Vec<i64>>(positions).unwrap();
        assert_eq!(
            steps[3..12],
            steps[15..24],
            "the second quad's own steps repeat the first's"
        );
    }

    #[test]
    fn a_truncated_row_is_refused() {
        let steps: Vec<i64> = vec![1, 2, 3, 4];
        let bytes = postcard::to_stdvec(&steps).unwrap();
        let r = RowsSeed::<Position, 3>::new(0).deserialize(&mut postcard::Deserializer::from_bytes(&bytes));
        assert!(r.is_err(), "four values are not rows of three");
    }
}
