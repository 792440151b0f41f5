//! What a level's static geometry is made of: pieces (shape, pose, material, look), below
//! the modules that make them (`geometry`, `scenery`, `track_dressing`, `decor`), so each
//! of those can build pieces without importing another.

use crate::heightmap::Heightmap;
use crate::material::MaterialId;
pub use crate::placed::{PlacedModel, Placement};
use glam::{Quat, Vec2, Vec3};
use std::ops::Range;

/// Track points per road piece (about 20 m at the usual 5 m spacing): pieces are what
/// chunks are cut from, so a long road, and the dressing along it, is spread over the
/// chunks it crosses.
pub(crate) const TRACK_POINTS_PER_PIECE: usize = 4;
/// The road's surface above the terrain, m (run-off lies below it, kerb tops above).
pub(crate) const ROAD_Y_M: f32 = 0.03;

/// The shape of one static piece, in its own frame.
#[derive(Debug, Clone, PartialEq)]
pub enum PieceShape {
    /// A box with these half extents, centred on the origin.
    Cuboid(Vec3),
    /// A box with these half extents that collides but is never drawn (a prop model's
    /// `col_shape`: its look is the model's render mesh, a [`PieceShape::Decor`]).
    Collider(Vec3),
    /// A slice of a ramp (a convex prism).
    RampSlice(RampSlice),
    /// Triangles (road, kerbs, run-offs), vertices relative to the piece's position, with
    /// a colour per vertex.
    Mesh {
        /// Vertices.
        vertices: Vec<Vec3>,
        /// Triangles.
        indices: Vec<[u32; 3]>,
        /// RGB + tile pattern per vertex.
        colors: Vec<[f32; 4]>,
        /// Whether render draws these triangles; `false` for a collider whose look is a
        /// [`PieceShape::Decor`] laid on the same surface (the road: its markings cut its
        /// look into more triangles than cars need to drive on).
        drawn: bool,
    },
    /// Triangles drawn but never collided (painted markings, lettering, the look of
    /// scenery whose collider is a simpler piece), vertices relative to the piece's
    /// position, with a colour per vertex. Made by [`crate::decor::Decor`].
    Decor {
        /// Vertices.
        vertices: Vec<Vec3>,
        /// Triangles.
        indices: Vec<[u32; 3]>,
        /// RGB + tile pattern per vertex.
        colors: Vec<[f32; 4]>,
        /// Runs of `indices` that are fine detail with a far stand-in; the triangles in
        /// none of them are drawn at every distance.
        details: Vec<DetailSection>,
        /// The prop model and placement these triangles are, when they are one model
        /// placed whole: a chunk then stores the placement, not the triangles
        /// ([`crate::mesh_instances`]).
        placed: Option<PlacedModel>,
    },
    /// A height grid spanning `size_m` (X, Z) centred on the origin.
    Heights {
        /// Heights in metres.
        map: Heightmap,
        /// Extent along X and Z.
        size_m: Vec2,
    },
}

/// Fine detail in a [`PieceShape::Decor`] (a stand's crowd, a board's lettering, chequers)
/// and the few triangles that stand in for it far away: beyond the distance where its
/// features shrink under a pixel, the renderer draws `far` instead of `near` (issue 20:
/// the circuit's crowd alone was 1.9 k of its start chunk's 3.7 k triangles).
#[derive(Debug, Clone, PartialEq)]
pub struct DetailSection {
    /// The size of the smallest feature `far` leaves out (a crowd figure's width, a
    /// letter's cell, a chequer), m: what the renderer projects to choose.
    pub feature_m: f32,
    /// The detailed triangles (a range of the piece's `indices`).
    pub near: Range<usize>,
    /// Their stand-in's triangles (a range of the piece's `indices`).
    pub far: Range<usize>,
    /// Whether it draws into the sun's shadow map: false for a decal (lettering, chequers)
    /// lying on a face that casts the same shadow already.
    pub casts_shadow: bool,
}

impl DetailSection {
    /// Whether triangle `t` of the piece is a far stand-in's.
    pub fn is_far(&self, t: usize) -> bool {
        self.far.contains(&t)
    }
}

/// A piece of static geometry placed in the world.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// Its shape.
    pub shape: PieceShape,
    /// Position of its frame.
    pub position: Vec3,
    /// Orientation of its frame.
    pub rotation: Quat,
    /// Its surface.
    pub material: MaterialId,
    /// Albedo.
    pub color: Vec3,
    /// Tile-pattern strength for render, 0..1.
    pub pattern: f32,
}

/// One straight slice of a ramp: a prism standing on the ground whose top runs from
/// height `y0_m` at `z0_m` to `y1_m` at `z1_m` (ramp frame), `width_m` across.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RampSlice {
    /// Start, along +Z.
    pub z0_m: f32,
    /// End, along +Z.
    pub z1_m: f32,
    /// Top height at the start.
    pub y0_m: f32,
    /// Top height at the end.
    pub y1_m: f32,
    /// Across.
    pub width_m: f32,
}

impl RampSlice {
    /// The slice's corners: bottom (−x, +x at z0, z1), then top.
    pub fn points(&self) -> Vec<Vec3> {
        let w = self.width_m * 0.5;
        let mut p = vec![
            Vec3::new(-w, 0.0, self.z0_m),
            Vec3::new(w, 0.0, self.z0_m),
            Vec3::new(-w, 0.0, self.z1_m),
            Vec3::new(w, 0.0, self.z1_m),
            Vec3::new(-w, self.y1_m, self.z1_m),
            Vec3::new(w, self.y1_m, self.z1_m),
        ];
        if self.y0_m > 0.0 {
            p.push(Vec3::new(-w, self.y0_m, self.z0_m));
            p.push(Vec3::new(w, self.y0_m, self.z0_m));
        }
        p
    }
}
