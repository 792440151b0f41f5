//! The base of a chunk's mesh — what the bake put in no detail group: barriers, walls,
//! ramps, the stands' and gantry's frames, box stacks — has its shadow casters cut into
//! tiles at upload, each culled by its own bounds in both passes.
//!
//! Chunks are 200 m across on the circuit: the shadow pass drew the whole start chunk's
//! base casters whenever the light's box touched the chunk, most of them outside that
//! box (18 M of a race start's 118 M instructions a frame, PERFORMANCE.md "The shadow pass"),
//! and the lit pass drew those behind the camera. llvmpipe shades every vertex of a draw on
//! the thread that draws, in view or not. Tiles are an 8 × 8 grid over the casters'
//! footprint; a triangle belongs to the tile of its centroid, and a tile's bounds are its
//! triangles' own, so culling by them is exact, never by the grid. Tiles are numbered in a
//! serpentine over the grid's rows so that tiles side by side are mostly next to each other
//! in the index buffer, and runs of visible tiles draw as one call.
//!
//! If a caster goes missing from the shadow map, look at [`CasterTiles::casting`]'s sweep
//! (`shadow_reach.rs`), which the detail groups share.

use super::frustum::{Aabb, Frustum};
use super::shadow_reach::casts_into_any_view;
use glam::Vec3;
use std::ops::Range;

/// Tiles along each side of the grid.
const TILES_PER_SIDE: usize = 8;
/// Most tiles a mesh's base is cut into: one bit each of a `u64` mask.
pub const MAX_CASTER_TILES: usize = TILES_PER_SIDE * TILES_PER_SIDE;

/// One tile's casters: a run of the index buffer and the sphere around its triangles.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CasterTile {
    /// First index.
    pub first: u32,
    /// Indices.
    pub count: u32,
    /// The sphere around the tile's triangles, world space.
    pub centre: Vec3,
    /// Its radius, m.
    pub radius_m: f32,
}

/// A mesh base's casters as tiles, in index order. A fixed array: a chunk entering
/// allocates nothing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CasterTiles {
    tiles: [CasterTile; MAX_CASTER_TILES],
    len: usize,
}

impl Default for CasterTiles {
    fn default() -> Self {
        CasterTiles {
            tiles: [CasterTile::default(); MAX_CASTER_TILES],
            len: 0,
        }
    }
}

/// Reusable buffers of [`CasterTiles::sort_into_tiles`].
#[derive(Debug, Default)]
pub struct TileScratch {
    /// Each caster triangle's tile and its place in the run.
    keyed: Vec<(u16, u32)>,
    /// The casters in their original order.
    original: Vec<u32>,
}

impl TileScratch {
    /// Room for `indices` caster indices, so no upload grows the buffers in play.
    pub fn reserve(&mut self, indices: usize) {
        self.keyed.reserve((indices / 3).saturating_sub(self.keyed.len()));
        self.original.reserve(indices.saturating_sub(self.original.len()));
    }
}

impl CasterTiles {
    /// Reorders `casters` (triangles indexing `positions`, which will land at index
    /// `first` of the buffer) tile by tile, each tile's triangles in their original order,
    /// and returns the tiles. Allocates nothing once `scratch` holds a run this large.
    pub fn sort_into_tiles(
        positions: &[[f32; 3]],
        casters: &mut [u32],
        first: u32,
        scratch: &mut TileScratch,
    ) -> CasterTiles {
        let mut tiles = CasterTiles::default();
        let corner = |i: u32| positions.get(i as usize).map_or(Vec3::ZERO, |p| Vec3::from_array(*p));
        let centroid = |tri: &[u32]| (corner(tri[0]) + corner(tri[1]) + corner(tri[2])) / 3.0;
        let Some(footprint) = Aabb::around(casters.chunks_exact(3).map(centroid)) else {
            return tiles;
        };
        let side = TILES_PER_SIDE as f32;
        let cell = ((footprint.max - footprint.min) / side).max(Vec3::splat(1e-3));
        let tile_of = |p: Vec3| {
            let q = ((p - footprint.min) / cell).clamp(Vec3::ZERO, Vec3::splat(side - 1.0));
            let (x, z) = (q.x as usize, q.z as usize);
            // Serpentine: odd rows run back, so a row's last tile meets the next row's first.
            let x = if z % 2 == 1 { TILES_PER_SIDE - 1 - x } else { x };
            (z * TILES_PER_SIDE + x) as u16
        };
        scratch.keyed.clear();
        scratch.keyed.extend(
            casters
                .chunks_exact(3)
                .enumerate()
                .map(|(t, tri)| (tile_of(centroid(tri)), t as u32)),
        );
        // Keys are unique (the triangle's place breaks ties), so unstable is stable here.
        scratch.keyed.sort_unstable();
        scratch.original.clear();
        scratch.original.extend_from_slice(casters);
        let mut at = 0usize;
        for (k, &(key, t)) in scratch.keyed.iter().enumerate() {
            let tri = &scratch.original[t as usize * 3..t as usize * 3 + 3];
            casters[k * 3..k * 3 + 3].copy_from_slice(tri);
            let starts = k == 0 || scratch.keyed[k - 1].0 != key;
            if starts {
                tiles.len += 1;
                tiles.tiles[tiles.len - 1] = CasterTile {
                    first: first + at as u32,
                    ..CasterTile::default()
                };
            }
            at += 3;
            tiles.tiles[tiles.len - 1].count += 3;
        }
        for tile in tiles.tiles[..tiles.len].iter_mut() {
            let start = (tile.first - first) as usize;
            let run = &casters[start..start + tile.count as usize];
            if let Some(b) = Aabb::around(run.iter().map(|&i| corner(i))) {
                tile.centre = (b.min + b.max) * 0.5;
                tile.radius_m = (b.max - b.min).length() * 0.5;
            }
        }
        tiles
    }

    /// The tiles, in index order.
    pub fn tiles(&self) -> &[CasterTile] {
        &self.tiles[..self.len]
    }

    /// Whether the base was cut into tiles (a baked chunk's with casters).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tiles `frustum` may see (bit `i` for tile `i`).
    pub fn visible(&self, frustum: &Frustum) -> u64 {
        self.mask(|t| frustum.sees_sphere(t.centre, t.radius_m))
    }

    /// The tiles that draw into the shadow map: those the light's `frustum` sees whose
    /// shadow may fall where any of the cameras (`views`) looks (`shadow_reach.rs`, as the
    /// detail groups).
    pub fn casting(&self, frustum: &Frustum, views: &[Frustum], sun_dir: Vec3) -> u64 {
        self.mask(|t| casts_into_any_view(frustum, views, sun_dir, t.centre, t.radius_m))
    }

    fn mask(&self, keep: impl Fn(&CasterTile) -> bool) -> u64 {
        self.tiles()
            .iter()
            .enumerate()
            .filter(|(_, t)| keep(t))
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The index runs of the tiles in `mask`, tiles next to each other in the buffer
    /// merged into one run; every index of a run is a caster.
    pub fn runs(&self, mask: u64) -> impl Iterator<Item = Range<u32>> + '_ {
        let mut left = mask & low_bits(self.len);
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let start = left.trailing_zeros() as usize;
            let len = (left >> start).trailing_ones() as usize;
            left &= !(low_bits(len) << start);
            let (a, b) = (self.tiles[start], self.tiles[start + len - 1]);
            Some(a.first..b.first + b.count)
        })
    }
}

/// A mask of the `n` lowest bits (all 64 for `n` ≥ 64).
fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1 m upright triangle at (x, z).
    fn triangle(positions: &mut Vec<[f32; 3]>, x: f32, z: f32) -> [u32; 3] {
        let i = positions.len() as u32;
        positions.extend([[x, 0.0, z], [x + 1.0, 0.0, z], [x, 1.0, z]]);
        [i, i + 1, i + 2]
    }

    /// 400 triangles on a 20 × 20 grid 10 m apart, in a scrambled order.
    fn field() -> (Vec<[f32; 3]>, Vec<u32>) {
        let mut positions = Vec::new();
        let mut indices = Vec::new();
        for k in 0..400u32 {
            let k = (k * 37) % 400;
            indices.extend(triangle(&mut positions, (k % 20) as f32 * 10.0, (k / 20) as f32 * 10.0));
        }
        (positions, indices)
    }

    #[test]
    fn tiles_hold_every_caster_once_and_bound_their_triangles() {
        let (positions, original) = field();
        let mut casters = original.clone();
        let tiles = CasterTiles::sort_into_tiles(&positions, &mut casters, 100, &mut TileScratch::default());
        assert_eq!(tiles.tiles().len(), MAX_CASTER_TILES);
        // The same triangles, each whole, reordered.
        let sorted = |v: &[u32]| {
            let mut t: Vec<&[u32]> = v.chunks(3).collect();
            t.sort();
            t.into_iter().flatten().copied().collect::<Vec<u32>>()
        };
        assert_eq!(sorted(&casters), sorted(&original));
        // Back to back from index 100, and each tile's sphere holds its triangles.
        let mut next = 100;
        for t in tiles.tiles() {
            assert_eq!(t.first, next);
            next += t.count;
            for &i in &casters[(t.first - 100) as usize..(t.first - 100 + t.count) as usize] {
                let p = Vec3::from_array(positions[i as usize]);
                assert!(p.distance(t.centre) <= t.radius_m + 1e-4);
            }
        }
        assert_eq!(next, 100 + original.len() as u32);
    }

    #[test]
    fn only_tiles_in_view_draw_and_neighbours_draw_as_one_run() {
        let (positions, mut casters) = field();
        let tiles = CasterTiles::sort_into_tiles(&positions, &mut casters, 0, &mut TileScratch::default());
        // A camera at the field's corner looking along +x, 30° wide, 40 m deep.
        let view = glam::camera::rh::view::look_at_mat4(Vec3::new(-5.0, 2.0, 5.0), Vec3::new(30.0, 2.0, 5.0), Vec3::Y);
        let proj = glam::camera::rh::proj::opengl::perspective(30f32.to_radians(), 1.0, 0.1, 40.0);
        let frustum = Frustum::from_view_proj(&(proj * view));
        let drawn: Vec<Range<u32>> = tiles.runs(tiles.visible(&frustum)).collect();
        let count: u32 = drawn.iter().map(|r| r.end - r.start).sum();
        // Some, not all: the first tiles of the near row.
        assert!(count > 0 && (count as usize) < casters.len() / 8, "{count}");
        // Every triangle with a corner in view is in a drawn run.
        let mut in_view = 0;
        for (t, tri) in casters.chunks(3).enumerate() {
            if tri
                .iter()
                .any(|&i| frustum.sees_sphere(Vec3::from_array(positions[i as usize]), 0.0))
            {
                in_view += 1;
                let i = t as u32 * 3;
                assert!(drawn.iter().any(|r| r.contains(&i)), "{tri:?}");
            }
        }
        assert!(in_view > 0);
        // Everything in view: all tiles, one run.
        let all: Vec<Range<u32>> = tiles.runs(tiles.visible(&Frustum::everything())).collect();
        assert_eq!(all, vec![0..casters.len() as u32]);
    }

    #[test]
    fn no_casters_no_tiles() {
        let tiles = CasterTiles::sort_into_tiles(&[], &mut [], 0, &mut TileScratch::default());
        assert!(tiles.is_empty());
        assert_eq!(tiles.runs(u64::MAX).count(), 0);
    }
}
