//! A chunk mesh's fine decor as detail groups: each [`DetailSection`] of a decor piece (a
//! stretch of a stand's crowd, a board's lettering, a band of chequers) becomes a group
//! with its own bounds, its near triangles at the end of the mesh's `indices` and its far
//! stand-in in `far_indices`. The renderer culls each group by its bounds and draws its
//! far triangles once its features project under a pixel (issue 20: the circuit's start
//! chunk is 200 m across, so the chunk's own distance and box say nothing about a crowd
//! 20 m to the side of the camera or behind it).
//!
//! A height patch (washboard, potholes, rough ground) is split the same way into tiles of
//! [`HEIGHT_TILE_M`], each a group whose stand-in is itself: what it brings is its bounds,
//! so the tiles beside and behind the camera are not submitted (llvmpipe shades every
//! vertex of a draw on the thread that draws, on screen or not: `bump`'s three 8 × 60 m
//! strips are most of its triangles).
//!
//! A chunk keeps at most [`MAX_DETAIL_GROUPS`] (the renderer holds them in a fixed array,
//! so a chunk entering allocates nothing); detail beyond that is drawn as near at every
//! distance, as before there were groups.

use crate::geometry::MeshData;
use crate::piece::{Piece, PieceShape};
use glam::Vec3;
use serde::{Deserialize, Serialize};

/// Detail groups a chunk keeps at most.
pub const MAX_DETAIL_GROUPS: usize = 32;

/// Fine decor in a chunk mesh and its far stand-in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DetailGroup {
    /// Its near triangles: `indices[near[0]..near[1]]` of the chunk's mesh.
    pub near: [u32; 2],
    /// Its far stand-in: `far_indices[far[0]..far[1]]`.
    pub far: [u32; 2],
    /// The centre of the sphere around both, world space.
    pub centre: [f32; 3],
    /// That sphere's radius, m.
    pub radius_m: f32,
    /// The smallest feature the stand-in leaves out, m (see `DetailSection::feature_m`).
    pub feature_m: f32,
    /// Whether it draws into the sun's shadow map (see `DetailSection::casts_shadow`).
    pub casts_shadow: bool,
}

/// Edge of a height patch's tiles, m: a few tiles a patch, so most of a long strip can be
/// left out when the camera looks along it from one end, and few enough to leave a chunk
/// room for its decor's groups.
pub const HEIGHT_TILE_M: f32 = 16.0;

/// A height patch's tiles across and along (x, z): at least one each way.
fn height_tiles(size_m: glam::Vec2) -> (usize, usize) {
    let n = |m: f32| ((m / HEIGHT_TILE_M).ceil() as usize).max(1);
    (n(size_m.x), n(size_m.y))
}

/// How many detail groups `piece` brings (0 for every piece but decor with sections and
/// height patches; at most that many: a tile the decimation leaves empty brings none).
pub fn groups_in(piece: &Piece) -> usize {
    match &piece.shape {
        PieceShape::Decor { details, .. } => details.len(),
        PieceShape::Heights { size_m, .. } => {
            let (x, z) = height_tiles(*size_m);
            x * z
        }
        _ => 0,
    }
}

impl MeshData {
    /// Adds `piece`'s triangles that are drawn at every distance: all of them but for a
    /// decor piece's detail sections, which [`MeshData::add_detail_groups`] adds after
    /// every such triangle of the chunk.
    pub fn add_piece_base(&mut self, piece: &Piece) {
        if matches!(piece.shape, PieceShape::Heights { .. }) {
            return; // All of it in its tiles' groups.
        }
        let PieceShape::Decor {
            vertices,
            indices,
            colors,
            details,
            ..
        } = &piece.shape
        else {
            return self.add_piece(piece);
        };
        for (t, tri) in indices.iter().enumerate() {
            if !details.iter().any(|d| d.near.contains(&t) || d.far.contains(&t)) {
                let i = self.push_piece_triangle(piece, vertices, colors, *tri);
                self.indices.extend_from_slice(&i);
            }
        }
    }

    /// Adds each detail section of `piece` as a group: its near triangles to `indices`,
    /// its stand-in to `far_indices`. Call after every piece's [`MeshData::add_piece_base`].
    pub fn add_detail_groups(&mut self, piece: &Piece) {
        if let PieceShape::Heights { size_m, .. } = &piece.shape {
            return self.add_height_tiles(piece, *size_m);
        }
        let PieceShape::Decor {
            vertices,
            indices,
            colors,
            details,
            ..
        } = &piece.shape
        else {
            return;
        };
        for d in details {
            let first_vertex = self.positions.len();
            let near_start = self.indices.len() as u32;
            for tri in &indices[d.near.clone()] {
                let i = self.push_piece_triangle(piece, vertices, colors, *tri);
                self.indices.extend_from_slice(&i);
            }
            let far_start = self.far_indices.len() as u32;
            for tri in &indices[d.far.clone()] {
                let i = self.push_piece_triangle(piece, vertices, colors, *tri);
                self.far_indices.extend_from_slice(&i);
            }
            self.close_group(first_vertex, near_start, far_start, d.feature_m, d.casts_shadow);
        }
    }

    /// Records the group whose vertices start at `first_vertex` and whose near and far
    /// triangles start at `near_start` and `far_start` and run to the ends of `indices` and
    /// `far_indices`, bounded by the sphere around those vertices.
    pub(crate) fn close_group(
        &mut self,
        first_vertex: usize,
        near_start: u32,
        far_start: u32,
        feature_m: f32,
        casts_shadow: bool,
    ) {
        let (centre, radius_m) = sphere_around(&self.positions[first_vertex..]);
        self.detail.push(DetailGroup {
            near: [near_start, self.indices.len() as u32],
            far: [far_start, self.far_indices.len() as u32],
            centre: centre.to_array(),
            radius_m,
            feature_m,
            casts_shadow,
        });
    }

    /// A height patch's triangles as one group per tile of [`HEIGHT_TILE_M`] (by the tile
    /// its triangle's centre falls in), near and far alike: the group is for its bounds.
    fn add_height_tiles(&mut self, piece: &Piece, size_m: glam::Vec2) {
        let first = self.indices.len();
        self.add_piece(piece);
        let added = self.indices.split_off(first);
        let (across, along) = height_tiles(size_m);
        let corner = piece.position - Vec3::new(size_m.x * 0.5, 0.0, size_m.y * 0.5);
        let tile_of = |tri: &[u32]| {
            let c = tri
                .iter()
                .map(|&i| Vec3::from(self.positions[i as usize]))
                .sum::<Vec3>()
                / 3.0
                - corner;
            let cell = |v: f32, n: usize| ((v / HEIGHT_TILE_M).floor().max(0.0) as usize).min(n - 1);
            cell(c.z, along) * across + cell(c.x, across)
        };
        let mut tiles: Vec<Vec<&[u32]>> = vec![Vec::new(); across * along];
        for tri in added.chunks_exact(3) {
            tiles[tile_of(tri)].push(tri);
        }
        for tris in tiles.into_iter().filter(|t| !t.is_empty()) {
            let near_start = self.indices.len() as u32;
            let far_start = self.far_indices.len() as u32;
            for tri in &tris {
                self.indices.extend_from_slice(tri);
                self.far_indices.extend_from_slice(tri);
            }
            let corners: Vec<[f32; 3]> = tris
                .iter()
                .flat_map(|t| t.iter().map(|&i| self.positions[i as usize]))
                .collect();
            let (centre, radius_m) = sphere_around(&corners);
            self.detail.push(DetailGroup {
                near: [near_start, self.indices.len() as u32],
                far: [far_start, self.far_indices.len() as u32],
                centre: centre.to_array(),
                radius_m,
                // Its stand-in is itself: nothing is left out.
                feature_m: 0.0,
                // What of it stands above the ground's relief casts (`shadow_casters`).
                casts_shadow: true,
            });
        }
    }

    /// The triangles drawn at every distance: `indices` before the first detail group's.
    pub fn base_indices(&self) -> &[u32] {
        let end = self.detail.first().map_or(self.indices.len(), |g| g.near[0] as usize);
        &self.indices[..end]
    }
}

/// The sphere around the box around `points` (centre, radius).
fn sphere_around(points: &[[f32; 3]]) -> (Vec3, f32) {
    let (lo, hi) = points
        .iter()
        .fold((Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)), |(lo, hi), p| {
            (lo.min(Vec3::from(*p)), hi.max(Vec3::from(*p)))
        });
    if lo.x > hi.x {
        return (Vec3::ZERO, 0.0);
    }
    ((lo + hi) * 0.5, (hi - lo).length() * 0.5)
}
