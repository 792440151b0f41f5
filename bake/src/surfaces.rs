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

use crate::geometry::{Piece, PieceShape};
use crate::level::Level;
use crate::material::MaterialId;
use crate::polygon::{intersect, subtract, SLIVER_M2};
use glam::{Quat, Vec2, Vec3};

pub use crate::polygon::signed_area;
pub use crate::surface_check::{check, contains, corners, terrain_height_m, terrain_outline, top_m, FLUSH_TOLERANCE_M};

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
            drawn: true,
        },
        position: origin,
        rotation: Quat::IDENTITY,
        material,
        color: Vec3::ONE,
        pattern: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::SurfacePatch;

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
