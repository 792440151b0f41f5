//! Spawn points: where a car may start in a level. Below both the level and its scenario
//! script, which names them, so neither file has to import the other for it.
//!
//! Coordinates as in [`crate::level`]: metres, Y up; heading 0 faces +Z.

use glam::Vec3;

/// A named start position.
#[derive(Debug, Clone, PartialEq)]
pub struct Spawn {
    /// Name the scenario script refers to.
    pub name: String,
    /// Where the car's chassis origin starts (a little above its rest height).
    pub position_m: Vec3,
    /// Facing, radians about +Y (0 faces +Z).
    pub heading_rad: f32,
}
