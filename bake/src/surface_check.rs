//! Where a flush surface patch (`[[surfaces]]`) lies and whether it can be honoured:
//! its corners, the ground height under it, and the load-time check (inside the terrain,
//! flush with a heightmap, off height patches). Below the level file's parser, which runs
//! the check on every level it reads; errors name the file and `surfaces[i]`.

use crate::ground::{HeightPatch, SurfacePatch, Terrain, PATCH_THICKNESS_M};
use crate::polygon::{intersect, signed_area, SLIVER_M2};
use crate::ContentError;
use glam::{Quat, Vec2, Vec3};

/// How far the ground under a surface may stray from the height at its centre: a quarter
/// of the patch's thickness, so the ground never reaches the patch's top.
pub const FLUSH_TOLERANCE_M: f32 = PATCH_THICKNESS_M * 0.25;

/// The most height samples taken under one surface when checking it is flush.
const MAX_FLUSH_SAMPLES_PER_SIDE: f32 = 512.0;

/// The four corners of `s`, counter-clockwise in (x, z).
pub fn corners(s: &SurfacePatch) -> [Vec2; 4] {
    let rot = Quat::from_rotation_y(s.yaw_rad);
    let h = s.size_m * 0.5;
    let c = [(-h.x, -h.y), (h.x, -h.y), (h.x, h.y), (-h.x, h.y)].map(|(x, z)| {
        let p = rot * Vec3::new(x, 0.0, z);
        s.center_m + Vec2::new(p.x, p.z)
    });
    if signed_area(&c) < 0.0 {
        [c[3], c[2], c[1], c[0]]
    } else {
        c
    }
}

/// Whether ground point `p` lies on `s` (its border included).
pub fn contains(s: &SurfacePatch, p: Vec2) -> bool {
    let d = p - s.center_m;
    let local = Quat::from_rotation_y(-s.yaw_rad) * Vec3::new(d.x, 0.0, d.y);
    local.x.abs() <= s.size_m.x * 0.5 && local.z.abs() <= s.size_m.y * 0.5
}

/// Height of the terrain (not counting height patches) at ground point `p`.
pub fn terrain_height_m(terrain: &Terrain, p: Vec2) -> f32 {
    terrain.heights.as_ref().map_or(0.0, |map| {
        map.sample(p.x / terrain.size_m.x + 0.5, p.y / terrain.size_m.y + 0.5)
    })
}

/// Height of the top of surface `s`: half its thickness above the ground at its centre.
pub fn top_m(terrain: &Terrain, s: &SurfacePatch) -> f32 {
    terrain_height_m(terrain, s.center_m) + PATCH_THICKNESS_M * 0.5
}

/// Checks that every surface can be honoured: inside the terrain, flush with the ground
/// under it (a heightmap must be flat there), and off the uneven ground of height patches.
/// Errors name `file` and the surface (`surfaces[2]`).
pub fn check(
    file: &str,
    terrain: &Terrain,
    surfaces: &[SurfacePatch],
    patches: &[HeightPatch],
) -> Result<(), ContentError> {
    let half = terrain.size_m * 0.5;
    for (i, s) in surfaces.iter().enumerate() {
        let field = format!("surfaces[{i}]");
        for c in corners(s) {
            if c.x.abs() > half.x + 1e-3 || c.y.abs() > half.y + 1e-3 {
                return Err(ContentError::new(
                    file,
                    &field,
                    format!(
                        "lies partly outside the terrain (its corner [{:.2}, {:.2}] is beyond ±{} × ±{} m): move or shrink it",
                        c.x, c.y, half.x, half.y
                    ),
                ));
            }
        }
        for (j, h) in patches.iter().enumerate() {
            let hh = h.size_m * 0.5;
            let rect = [
                h.center_m + Vec2::new(-hh.x, -hh.y),
                h.center_m + Vec2::new(hh.x, -hh.y),
                h.center_m + Vec2::new(hh.x, hh.y),
                h.center_m + Vec2::new(-hh.x, hh.y),
            ];
            if signed_area(&intersect(corners(s).to_vec(), &rect)) > SLIVER_M2 {
                return Err(ContentError::new(
                    file,
                    &field,
                    format!("overlaps heightfields[{j}], which is uneven ground: a flush surface cannot lie on it"),
                ));
            }
        }
        if let Some(map) = &terrain.heights {
            let (lo, hi) = ground_range(terrain, s, map.rows.max(map.cols));
            let centre = terrain_height_m(terrain, s.center_m);
            if hi - centre > FLUSH_TOLERANCE_M || centre - lo > FLUSH_TOLERANCE_M {
                return Err(ContentError::new(
                    file,
                    &field,
                    format!(
                        "is not flush with the terrain: the heightmap under it runs from {lo:.3} to {hi:.3} m \
                         (a surface is flat; put it where the heightmap is flat to within {FLUSH_TOLERANCE_M} m)"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Lowest and highest terrain height under `s`, sampled at half the heightmap's spacing.
fn ground_range(terrain: &Terrain, s: &SurfacePatch, samples_across: usize) -> (f32, f32) {
    let spacing = terrain.size_m / samples_across.max(2) as f32 * 0.5;
    let n = |len: f32, step: f32| ((len / step).ceil()).clamp(1.0, MAX_FLUSH_SAMPLES_PER_SIDE) as usize;
    let (nx, nz) = (
        n(s.size_m.x, spacing.x.min(spacing.y)),
        n(s.size_m.y, spacing.x.min(spacing.y)),
    );
    let rot = Quat::from_rotation_y(s.yaw_rad);
    let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
    for a in 0..=nx {
        for b in 0..=nz {
            let local = Vec3::new(
                (a as f32 / nx as f32 - 0.5) * s.size_m.x,
                0.0,
                (b as f32 / nz as f32 - 0.5) * s.size_m.y,
            );
            let p = rot * local;
            let h = terrain_height_m(terrain, s.center_m + Vec2::new(p.x, p.z));
            lo = lo.min(h);
            hi = hi.max(h);
        }
    }
    (lo, hi)
}

/// The terrain's rectangle, counter-clockwise: `within` for a surface's whole visible part.
pub fn terrain_outline(terrain: &Terrain) -> [Vec2; 4] {
    let h = terrain.size_m * 0.5;
    [-h, Vec2::new(h.x, -h.y), h, Vec2::new(-h.x, h.y)]
}
