//! Convex polygons in the ground plane (x, z): area, clipping, intersection and
//! difference (Sutherland–Hodgman clipping against each edge). The surfaces' overlap rule
//! is built from these; a wrong cut shows as a sliver of the wrong material in
//! `skidpad screenshot --view friction`.

use glam::Vec2;

/// Pieces smaller than this (m²) are slivers left by cutting along a shared edge: dropped.
pub const SLIVER_M2: f32 = 1e-6;

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
pub fn clip(poly: &[Vec2], side: impl Fn(Vec2) -> f32) -> Vec<Vec2> {
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
pub fn left_of(a: Vec2, b: Vec2) -> impl Fn(Vec2) -> f32 {
    move |p| (b - a).perp_dot(p - a)
}

/// Convex `poly` ∩ convex counter-clockwise `with`.
pub fn intersect(mut poly: Vec<Vec2>, with: &[Vec2]) -> Vec<Vec2> {
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
pub fn subtract(poly: Vec<Vec2>, hole: &[Vec2]) -> Vec<Vec<Vec2>> {
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
