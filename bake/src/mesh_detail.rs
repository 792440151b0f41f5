//! A chunk mesh's fine decor as detail groups: each [`DetailSection`] of a decor piece (a
//! stretch of a stand's crowd, a board's lettering, a band of chequers) becomes a group
//! with its own bounds, its near triangles at the end of the mesh's `indices` and its far
//! stand-in in `far_indices`. The renderer culls each group by its bounds and draws its
//! far triangles once its features project under a pixel (issue 20: the circuit's start
//! chunk is 200 m across, so the chunk's own distance and box say nothing about a crowd
//! 20 m to the side of the camera or behind it).
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
}

/// How many detail groups `piece` brings (0 for every piece but decor with sections).
pub fn groups_in(piece: &Piece) -> usize {
    match &piece.shape {
        PieceShape::Decor { details, .. } => details.len(),
        _ => 0,
    }
}

impl MeshData {
    /// Adds `piece`'s triangles that are drawn at every distance: all of them but for a
    /// decor piece's detail sections, which [`MeshData::add_detail_groups`] adds after
    /// every such triangle of the chunk.
    pub fn add_piece_base(&mut self, piece: &Piece) {
        let PieceShape::Decor {
            vertices,
            indices,
            colors,
            details,
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
        let PieceShape::Decor {
            vertices,
            indices,
            colors,
            details,
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
            let (centre, radius_m) = sphere_around(&self.positions[first_vertex..]);
            self.detail.push(DetailGroup {
                near: [near_start, self.indices.len() as u32],
                far: [far_start, self.far_indices.len() as u32],
                centre: centre.to_array(),
                radius_m,
                feature_m: d.feature_m,
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
