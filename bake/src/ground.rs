//! The ground a level stands on, as the level file describes it: the terrain, flush
//! surface patches of other materials, and patches of uneven ground. Plain data below the
//! level parser, the surface checks and the geometry, which all read it.

use crate::heightmap::Heightmap;
use crate::material::MaterialId;
use glam::Vec2;

/// Thickness of a surface patch: it sits half of it above the ground.
pub const PATCH_THICKNESS_M: f32 = 0.01;

/// The ground everything stands on: flat at y = 0, or a heightmap.
#[derive(Debug, Clone, PartialEq)]
pub struct Terrain {
    /// Extent along X and Z, centred on the origin, metres.
    pub size_m: Vec2,
    /// Its surface.
    pub material: MaterialId,
    /// Heights, when not flat.
    pub heights: Option<Heightmap>,
    /// How high the hills on the horizon rise, degrees above it (0: a bare horizon): a
    /// backdrop drawn with the sky, never reached.
    pub horizon_hills_deg: f32,
}

/// A flush rectangle of another material on the terrain (an ice patch, a wet lane).
#[derive(Debug, Clone, PartialEq)]
pub struct SurfacePatch {
    /// Its surface.
    pub material: MaterialId,
    /// Centre, `[x, z]`.
    pub center_m: Vec2,
    /// Extent along its own X and Z.
    pub size_m: Vec2,
    /// Rotation about +Y, radians.
    pub yaw_rad: f32,
}

/// A rectangle of uneven ground (washboard, potholes, rough ground) from a heightmap,
/// placed on the terrain.
#[derive(Debug, Clone, PartialEq)]
pub struct HeightPatch {
    /// Its surface.
    pub material: MaterialId,
    /// Centre, `[x, z]`.
    pub center_m: Vec2,
    /// Extent along X and Z.
    pub size_m: Vec2,
    /// Heights in metres (already scaled).
    pub heights: Heightmap,
}
