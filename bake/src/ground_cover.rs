//! Ground drawn over the terrain, and the terrain's render triangles cut away under it.
//!
//! A height patch (washboard, potholes) lies over the terrain, which used to be drawn whole
//! beneath it: every pixel of the patch was rasterised twice, once for
//! the patch and once for the terrain the depth test then threw away, or shaded first and
//! then shaded over where a nearer chunk's terrain was drawn before the patch. The bake now
//! leaves out the part of each terrain triangle that a patch covers, less an overlap along
//! the patch's border ([`overlap_m`]) so no crack and no gap seen past a raised edge can open
//! between the two. On `bump` that is 5 % fewer lit fragments and 0.8 % fewer instructions a
//! frame on llvmpipe (PERFORMANCE.md, "The terrain cut under the patches"): hidden area that
//! the depth test rejects costs llvmpipe little, thin triangles cost it more.
//!
//! Render only: the terrain's collider is built from the full grid and slab
//! ([`crate::chunk`]), so what is driven on does not change.

use crate::ground::HeightPatch;
use crate::level::Level;
use crate::polygon::{clip, left_of, signed_area, subtract, SLIVER_M2};
use glam::Vec2;

/// How far the terrain reaches under a cover's border per metre its edge stands over the
/// terrain, m/m. Seen from outside at a grazing angle, a raised edge hides the ground just
/// behind it no further than its height over the tangent of the angle; with the terrain
/// reaching 33 × the edge's height under it, a gap shows only where a ray grazes at under
/// 1/33 rad (1.7°), and then at most a tenth of a pixel at 640 × 480 with a camera 2 m up.
pub const OVERLAP_PER_EDGE_M: f32 = 33.0;

/// The least the terrain reaches under a cover's border, m: the cut's new vertices then lie
/// under the cover, which hides any pinhole where they meet the next triangle's.
pub const MIN_OVERLAP_M: f32 = 0.1;

/// A region of ground drawn over the terrain, everywhere at least `lowest_m` high.
#[derive(Debug, Clone, PartialEq)]
pub struct Cover {
    /// The part of the terrain it hides: its outline shrunk by [`overlap_m`], convex and
    /// counter-clockwise in (x, z).
    pub hides: Vec<Vec2>,
    /// Its lowest point, m: terrain at or below it is hidden under the outline.
    pub lowest_m: f32,
}

/// How far the terrain reaches under a cover's border whose edge stands `edge_m` over it.
pub fn overlap_m(edge_m: f32) -> f32 {
    (edge_m.max(0.0) * OVERLAP_PER_EDGE_M).max(MIN_OVERLAP_M)
}

/// Every cover of `level` that reaches into the rectangle `lo`..`hi`: each height patch whose
/// samples are all at or above y = 0 (where it sits).
///
/// Not the flush surface patches, nor the track's road, kerbs and run-offs: both were tried
/// and cost llvmpipe more in the triangles the cut adds than they saved in hidden area the
/// depth test already rejected (slip 0.6 % and the circuit 1.2 % more instructions a frame;
/// PERFORMANCE.md). A height patch pays because a chunk nearer the eye drew the terrain
/// under it before the patch was drawn, so that terrain was shaded, then shaded over.
pub fn covers(level: &Level, lo: Vec2, hi: Vec2) -> Vec<Cover> {
    let mut out = Vec::new();
    for p in &level.height_patches {
        if let Some(c) = height_patch_cover(p) {
            out.push(c);
        }
    }
    out.retain(|c| c.hides.len() >= 3 && overlaps_rect(&c.hides, lo, hi));
    out
}

fn height_patch_cover(p: &HeightPatch) -> Option<Cover> {
    let map = &p.heights;
    let lowest = map.heights_m.iter().copied().fold(f32::INFINITY, f32::min);
    if lowest.is_nan() || lowest < 0.0 {
        // Dips below the terrain: the terrain must show there.
        return None;
    }
    let edge = (0..map.rows)
        .flat_map(|r| [map.at(r, 0), map.at(r, map.cols - 1)])
        .chain((0..map.cols).flat_map(|c| [map.at(0, c), map.at(map.rows - 1, c)]))
        .fold(0.0f32, f32::max);
    let (a, b) = (p.center_m - p.size_m * 0.5, p.center_m + p.size_m * 0.5);
    let rect = [a, Vec2::new(b.x, a.y), b, Vec2::new(a.x, b.y)];
    Some(Cover {
        hides: shrink(&rect, overlap_m(edge)),
        lowest_m: lowest,
    })
}

/// Convex counter-clockwise `poly` with every edge moved `by_m` inwards (empty if nothing is
/// left).
fn shrink(poly: &[Vec2], by_m: f32) -> Vec<Vec2> {
    let mut out = poly.to_vec();
    for k in 0..poly.len() {
        let (a, b) = (poly[k], poly[(k + 1) % poly.len()]);
        let side = left_of(a, b);
        let length = a.distance(b);
        out = clip(&out, |p| side(p) - by_m * length);
        if out.is_empty() {
            break;
        }
    }
    if signed_area(&out) > SLIVER_M2 {
        out
    } else {
        Vec::new()
    }
}

fn overlaps_rect(poly: &[Vec2], lo: Vec2, hi: Vec2) -> bool {
    let (min, max) = poly
        .iter()
        .fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(a, b), p| (a.min(*p), b.max(*p)));
    min.x < hi.x && max.x > lo.x && min.y < hi.y && max.y > lo.y
}

/// What `covers` leave visible of the terrain triangle `tri` (its corners in (x, z)) whose
/// highest corner is `top_m` high, as convex counter-clockwise pieces; `None` when no cover
/// hides any of it (draw it whole).
pub fn visible_parts(tri: [Vec2; 3], top_m: f32, covers: &[Cover]) -> Option<Vec<Vec<Vec2>>> {
    let mut parts = vec![if signed_area(&tri) < 0.0 {
        vec![tri[2], tri[1], tri[0]]
    } else {
        tri.to_vec()
    }];
    let mut cut = false;
    for c in covers.iter().filter(|c| c.lowest_m >= top_m) {
        if !parts.iter().any(|p| overlaps(p, &c.hides)) {
            continue;
        }
        cut = true;
        parts = parts
            .into_iter()
            .flat_map(|p| {
                if overlaps(&p, &c.hides) {
                    subtract(p, &c.hides)
                } else {
                    vec![p]
                }
            })
            .collect();
    }
    cut.then(|| {
        parts.retain(|p| signed_area(p) > SLIVER_M2);
        parts
    })
}

/// Whether two convex counter-clockwise polygons share area (a separating edge of either
/// says they do not).
fn overlaps(a: &[Vec2], b: &[Vec2]) -> bool {
    let separated_by = |edges: &[Vec2], other: &[Vec2]| {
        (0..edges.len()).any(|k| {
            let side = left_of(edges[k], edges[(k + 1) % edges.len()]);
            other.iter().all(|&p| side(p) <= 0.0)
        })
    };
    !separated_by(a, b) && !separated_by(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(lo: f32, hi: f32) -> Vec<Vec2> {
        vec![Vec2::splat(lo), Vec2::new(hi, lo), Vec2::splat(hi), Vec2::new(lo, hi)]
    }

    fn area(parts: &[Vec<Vec2>]) -> f32 {
        parts.iter().map(|p| signed_area(p)).sum()
    }

    #[test]
    fn shrinking_a_square_moves_every_edge_in() {
        let s = shrink(&square(0.0, 10.0), 1.0);
        assert!((signed_area(&s) - 64.0).abs() < 1e-3, "{}", signed_area(&s));
        assert!(shrink(&square(0.0, 1.0), 0.6).is_empty());
    }

    #[test]
    fn a_cover_cuts_its_area_out_of_the_triangle_under_it() {
        // A right triangle of 50 m² with a 2 × 2 m cover well inside it.
        let tri = [Vec2::ZERO, Vec2::new(10.0, 0.0), Vec2::new(0.0, 10.0)];
        let cover = Cover {
            hides: square(1.0, 3.0),
            lowest_m: 0.05,
        };
        let parts = visible_parts(tri, 0.0, std::slice::from_ref(&cover)).expect("cut");
        assert!((area(&parts) - 46.0).abs() < 1e-3, "{}", area(&parts));
        assert!(parts.iter().all(|p| signed_area(p) > 0.0));
        // Clockwise in (x, z), as the terrain's triangles face up: the same cut.
        let flipped = visible_parts([tri[0], tri[2], tri[1]], 0.0, &[cover]).expect("cut");
        assert!((area(&flipped) - 46.0).abs() < 1e-3);
    }

    #[test]
    fn terrain_above_a_cover_or_beside_it_is_left_whole() {
        let tri = [Vec2::ZERO, Vec2::new(10.0, 0.0), Vec2::new(0.0, 10.0)];
        let under = Cover {
            hides: square(1.0, 3.0),
            lowest_m: 0.05,
        };
        // The terrain rises over the cover's lowest point: it may show through, keep it.
        assert_eq!(visible_parts(tri, 0.1, std::slice::from_ref(&under)), None);
        let beside = Cover {
            hides: square(20.0, 30.0),
            lowest_m: 0.05,
        };
        assert_eq!(visible_parts(tri, 0.0, &[beside]), None);
    }
}
