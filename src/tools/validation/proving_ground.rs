//! The validation suite's ground: a long flat asphalt strip built in code, so the checks
//! depend on no level file's layout.

use crate::content::bake_now;
use crate::content::level::Level;
use crate::content::{ContentError, MaterialTable};
use crate::sim::SimWorld;
use crate::vehicle::CarDef;
use glam::{Vec2, Vec3};

/// Width of the strip, m (room for a 40 m circle and for drift on long runs).
pub const WIDTH_M: f32 = 240.0;
/// Length of the strip, m (a top-speed run covers several kilometres).
pub const LENGTH_M: f32 = 12_000.0;
/// The surface every check runs on.
pub const SURFACE: &str = "asphalt";

/// Where the car starts: near the −Z end, facing +Z along the strip.
pub fn start_m() -> Vec3 {
    Vec3::new(0.0, 0.05, -LENGTH_M * 0.5 + 60.0)
}

/// A world with `car` at the start of the strip, integrated at `rate_hz`.
pub fn world(materials: &MaterialTable, car: &CarDef, rate_hz: u32) -> Result<SimWorld, ContentError> {
    let level = Level::flat(
        "proving-ground",
        "flat asphalt strip for `skidpad validate`",
        240.0,
        Vec2::new(WIDTH_M, LENGTH_M),
        materials.id(SURFACE, "proving ground", "terrain")?,
        materials.clone(),
        start_m(),
    );
    Ok(SimWorld::new(&bake_now(level), car, &[], rate_hz))
}
