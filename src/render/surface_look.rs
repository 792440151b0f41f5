//! What a tire leaves on each surface, as render draws it: the particles it throws up
//! (smoke, dust, spray, snow, gravel) and their colour, and the colour of the mark it lays
//! (rubber on firm ground, a rut on loose ground, a dark-grey track in snow). Derived once
//! from the level's materials (`content/materials.toml`: `color`, `loose`, `particles`),
//! so a new material gets its look by its keys, not by code here.
//!
//! If a surface's dust or marks look wrong, check its `color` and `particles` first: every
//! colour below is a fixed blend of that colour.

use crate::content::material::{MaterialId, SurfaceParticles};
use crate::content::MaterialTable;

/// Dust where the surface is not known (a landing's, or ground with no material).
pub const DEFAULT_DUST_RGB: [f32; 3] = [0.62, 0.53, 0.40];
/// Tire smoke: white-grey whatever the road (burnt rubber, not the ground).
const SMOKE_RGB: [f32; 3] = [0.86, 0.86, 0.88];
/// Rubber laid on firm ground: near black.
const RUBBER_RGB: [f32; 3] = [0.03, 0.03, 0.035];
/// Dry earth, blended into dust so that grass throws earthy dust rather than green.
const EARTH_RGB: [f32; 3] = [0.55, 0.47, 0.36];
/// Rock grey, blended into gravel's dust (crushed stone is greyer than the bed).
const ROCK_RGB: [f32; 3] = [0.66, 0.64, 0.60];
/// Mist: water droplets scatter white.
const MIST_RGB: [f32; 3] = [0.85, 0.87, 0.90];
/// A rut's brightness against the ground it is cut into: churned, shadowed ground.
const RUT_SHADE: f32 = 0.55;
/// A snow track's brightness against the snow: packed, shadowed snow reads dark grey.
const SNOW_TRACK_SHADE: f32 = 0.42;
/// A thrown stone's brightness against the gravel bed.
const STONE_SHADE: f32 = 0.6;

/// One surface's look under a tire.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurfaceLook {
    /// What a tire throws up on it.
    pub particles: SurfaceParticles,
    /// Colour of that smoke, dust, spray or powder, linear RGB.
    pub rgb: [f32; 3],
    /// Colour of the stones gravel throws, linear RGB.
    pub stone_rgb: [f32; 3],
    /// Colour of the mark a tire leaves, linear RGB: rubber, rut or snow track.
    pub mark_rgb: [f32; 3],
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

fn shade(a: [f32; 3], k: f32) -> [f32; 3] {
    a.map(|c| c * k)
}

impl SurfaceLook {
    /// The look of a surface of albedo `rgb` throwing up `particles`.
    pub fn of(particles: SurfaceParticles, rgb: [f32; 3]) -> Self {
        let (thrown, mark) = match particles {
            SurfaceParticles::Smoke => (SMOKE_RGB, RUBBER_RGB),
            SurfaceParticles::Spray => (mix(rgb, MIST_RGB, 0.75), RUBBER_RGB),
            SurfaceParticles::Dust => (mix(rgb, EARTH_RGB, 0.4), shade(rgb, RUT_SHADE)),
            SurfaceParticles::Gravel => (mix(rgb, ROCK_RGB, 0.3), shade(rgb, RUT_SHADE)),
            SurfaceParticles::Snow => (mix(rgb, [1.0; 3], 0.3), shade(rgb, SNOW_TRACK_SHADE)),
        };
        Self {
            particles,
            rgb: thrown,
            stone_rgb: shade(rgb, STONE_SHADE),
            mark_rgb: mark,
        }
    }

    /// Firm ground of unknown material: smoke and rubber.
    pub fn smoke() -> Self {
        Self::of(SurfaceParticles::Smoke, [0.3; 3])
    }

    /// Loose ground of unknown material: brown dust and a brown rut.
    pub fn default_dust() -> Self {
        Self {
            rgb: DEFAULT_DUST_RGB,
            ..Self::of(SurfaceParticles::Dust, [0.5, 0.43, 0.33])
        }
    }
}

/// Every material's look, by [`MaterialId`]. Empty by default (every surface unknown).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SurfaceLooks {
    looks: Vec<SurfaceLook>,
}

impl SurfaceLooks {
    /// The looks of `materials` (allocates once, here).
    pub fn new(materials: &MaterialTable) -> Self {
        Self {
            looks: materials
                .iter()
                .map(|(_, m)| SurfaceLook::of(m.particles, m.color))
                .collect(),
        }
    }

    /// The look of `surface`, if it is one of these materials.
    pub fn get(&self, surface: Option<MaterialId>) -> Option<SurfaceLook> {
        surface.and_then(|id| self.looks.get(id.0 as usize)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn luma(c: [f32; 3]) -> f32 {
        0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]
    }

    #[test]
    fn snow_throws_lighter_powder_than_gravel_and_marks_are_darker_than_their_ground() {
        let snow_rgb = [0.90, 0.92, 0.95];
        let gravel_rgb = [0.55, 0.50, 0.42];
        let snow = SurfaceLook::of(SurfaceParticles::Snow, snow_rgb);
        let gravel = SurfaceLook::of(SurfaceParticles::Gravel, gravel_rgb);
        assert!(
            luma(snow.rgb) > luma(gravel.rgb) + 0.2,
            "{:?} vs {:?}",
            snow.rgb,
            gravel.rgb
        );
        assert!(luma(snow.mark_rgb) < 0.5 * luma(snow_rgb));
        assert!(luma(gravel.mark_rgb) < 0.6 * luma(gravel_rgb));
        // Smoke stays white-grey on asphalt, and rubber is near black.
        let asphalt = SurfaceLook::of(SurfaceParticles::Smoke, [0.30, 0.31, 0.32]);
        assert!(luma(asphalt.rgb) > 0.8 && luma(asphalt.mark_rgb) < 0.05);
    }
}
