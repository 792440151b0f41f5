//! Flush surface patches (`[[surfaces]]`): the rule for which material lies at a ground
//! point, the check that every patch can be honoured, and the patches cut to one chunk.
//!
//! **Overlap rule:** where surfaces overlap, the later one in the file wins; where none lies,
//! the terrain's material does. [`material_at`] states the rule; [`chunk_pieces`] builds
//! geometry that obeys it exactly: each surface is clipped to the chunk's square and has
//! every later surface cut out of it, so the pieces of a chunk never overlap and a wheel ray
//! meets exactly one of them (or the terrain) wherever it lands, whichever chunks are
//! resident. Pieces used to be whole patches kept only in the chunk holding their centre,
//! so a long lane vanished from the physics wherever that one chunk was not streamed in
//! (issue 23). If a wheel reports a material other than [`material_at`]'s, look here first
//! (`skidpad levels --check LEVEL` prints what the bake made of each surface).

use crate::geometry::{Piece, PieceShape, PATCH_THICKNESS_M};
use crate::level::{HeightPatch, Level, SurfacePatch, Terrain};
use crate::material::MaterialId;
use crate::ContentError;
use glam::{Quat, Vec2, Vec3};

/// How far the ground under a surface may stray from the height at its centre: a quarter
/// of the patch's thickness, so the ground never reaches the patch's top.
pub const FLUSH_TOLERANCE_M: f32 = PATCH_THICKNESS_M * 0.25;

/// Pieces smaller than this (m²) are slivers left by cutting along a shared edge: dropped.
const SLIVER_M2: f32 = 1e-6;

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

/// The overlap rule: the material at ground point `p` is that of the last surface in the
/// file that covers it, else the terrain's.
pub fn material_at(level: &Level, p: Vec2) -> MaterialId {
    level
        .surfaces
        .iter()
        .rev()
        .find(|s| contains(s, p))
        .map_or(level.terrain.material, |s| s.material)
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

/// The visible part of every surface inside the square `lo`..`hi`, as flat triangle pieces
/// on the surface's top, in file order: each clipped to the square, later surfaces cut out.
pub fn chunk_pieces(level: &Level, lo: Vec2, hi: Vec2) -> Vec<Piece> {
    let square = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
    let mut out = Vec::new();
    for (i, s) in level.surfaces.iter().enumerate() {
        let mat = level.materials.get(s.material);
        let color = [mat.color[0], mat.color[1], mat.color[2], mat.pattern];
        let y = top_m(&level.terrain, s);
        for p in visible_parts(level, i, &square) {
            out.push(polygon_piece(&p, y, s.material, color));
        }
    }
    out
}

/// What the overlap rule leaves of surface `index` inside convex counter-clockwise
/// `within`: convex pieces, every later surface cut out, slivers dropped.
pub fn visible_parts(level: &Level, index: usize, within: &[Vec2]) -> Vec<Vec<Vec2>> {
    let mut parts = vec![intersect(corners(&level.surfaces[index]).to_vec(), within)];
    for later in &level.surfaces[index + 1..] {
        let hole = corners(later);
        parts = parts.into_iter().flat_map(|p| subtract(p, &hole)).collect();
    }
    parts.retain(|p| signed_area(p) > SLIVER_M2);
    parts
}

/// The terrain's rectangle, counter-clockwise: `within` for a surface's whole visible part.
pub fn terrain_outline(terrain: &Terrain) -> [Vec2; 4] {
    let h = terrain.size_m * 0.5;
    [-h, Vec2::new(h.x, -h.y), h, Vec2::new(-h.x, h.y)]
}

/// A flat convex polygon at height `y` as a triangle-fan piece facing up (+Y).
fn polygon_piece(poly: &[Vec2], y: f32, material: MaterialId, color: [f32; 4]) -> Piece {
    let centre = poly.iter().copied().sum::<Vec2>() / poly.len() as f32;
    let origin = Vec3::new(centre.x, y, centre.y);
    let vertices: Vec<Vec3> = poly.iter().map(|p| Vec3::new(p.x, y, p.y) - origin).collect();
    // Counter-clockwise in (x, z) is clockwise seen from +Y, so each fan triangle is
    // written the other way round to face up.
    let indices = (1..poly.len() as u32 - 1).map(|k| [0, k + 1, k]).collect();
    Piece {
        shape: PieceShape::Mesh {
            colors: vec![color; vertices.len()],
            vertices,
            indices,
        },
        position: origin,
        rotation: Quat::IDENTITY,
        material,
        color: Vec3::ONE,
        pattern: 0.0,
    }
}

/// Signed area of a polygon in (x, z): positive when counter-clockwise.
pub fn signed_area(poly: &[Vec2]) -> f32 {
    if poly.len() < 3 {
        return 0.0;
    }
    let mut a = 0.0;
    for k in 0..poly.len() {
        a += poly[k].perp_dot(poly[(k + 1) % poly.len()]);
    }
    a * 0.5
}

/// Sutherland–Hodgman: the part of convex `poly` where `side(p) >= 0`, for `side` linear.
fn clip(poly: &[Vec2], side: impl Fn(Vec2) -> f32) -> Vec<Vec2> {
    let mut out = Vec::with_capacity(poly.len() + 1);
    for k in 0..poly.len() {
        let (a, b) = (poly[k], poly[(k + 1) % poly.len()]);
        let (sa, sb) = (side(a), side(b));
        if sa >= 0.0 {
            out.push(a);
        }
        if (sa >= 0.0) != (sb >= 0.0) {
            out.push(a + (b - a) * (sa / (sa - sb)));
        }
    }
    out
}

/// The side of edge a→b point `p` lies on: positive to its left (inside a
/// counter-clockwise polygon).
fn left_of(a: Vec2, b: Vec2) -> impl Fn(Vec2) -> f32 {
    move |p| (b - a).perp_dot(p - a)
}

/// Convex `poly` ∩ convex counter-clockwise `with`.
fn intersect(mut poly: Vec<Vec2>, with: &[Vec2]) -> Vec<Vec2> {
    for k in 0..with.len() {
        if poly.is_empty() {
            break;
        }
        poly = clip(&poly, left_of(with[k], with[(k + 1) % with.len()]));
    }
    poly
}

/// Convex `poly` minus convex counter-clockwise `hole`, as convex pieces: what lies outside
/// each of the hole's edges in turn.
fn subtract(poly: Vec<Vec2>, hole: &[Vec2]) -> Vec<Vec<Vec2>> {
    let mut pieces = Vec::new();
    let mut rest = poly;
    for k in 0..hole.len() {
        if signed_area(&rest) <= SLIVER_M2 {
            return pieces;
        }
        let inside = left_of(hole[k], hole[(k + 1) % hole.len()]);
        let outside = clip(&rest, |p| -inside(p));
        if signed_area(&outside) > SLIVER_M2 {
            pieces.push(outside);
        }
        rest = clip(&rest, inside);
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(pieces: &[Vec<Vec2>]) -> f32 {
        pieces.iter().map(|p| signed_area(p)).sum()
    }

    #[test]
    fn a_square_minus_its_middle_keeps_the_ring() {
        let big = vec![
            Vec2::ZERO,
            Vec2::new(4.0, 0.0),
            Vec2::new(4.0, 4.0),
            Vec2::new(0.0, 4.0),
        ];
        let hole = [Vec2::ONE, Vec2::new(3.0, 1.0), Vec2::new(3.0, 3.0), Vec2::new(1.0, 3.0)];
        let ring = subtract(big, &hole);
        assert!((area(&ring) - 12.0).abs() < 1e-4, "{}", area(&ring));
        assert!(ring.iter().all(|p| signed_area(p) > 0.0));
    }

    #[test]
    fn a_square_minus_a_disjoint_one_is_whole() {
        let a = vec![Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::ONE, Vec2::new(0.0, 1.0)];
        let far = [
            Vec2::splat(5.0),
            Vec2::new(6.0, 5.0),
            Vec2::splat(6.0),
            Vec2::new(5.0, 6.0),
        ];
        assert!((area(&subtract(a, &far)) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn corners_are_counter_clockwise_at_any_yaw() {
        for deg in [-270.0f32, -90.0, 0.0, 33.0, 180.0] {
            let s = SurfacePatch {
                material: MaterialId(0),
                center_m: Vec2::new(3.0, -2.0),
                size_m: Vec2::new(2.0, 5.0),
                yaw_rad: deg.to_radians(),
            };
            assert!((signed_area(&corners(&s)) - 10.0).abs() < 1e-3);
        }
    }
}
