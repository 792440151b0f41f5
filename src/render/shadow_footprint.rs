//! The part of the sun's shadow map a frame's lit pass can read: the shadow pass draws
//! casters only there (a scissor); the rest of the map stays cleared.
//!
//! The map is a square around the player's car, but the chase camera looks ahead: the part
//! behind the camera, and beside the view further out, is never looked up. On llvmpipe
//! the lit pass cannot begin until the shadow map's scene is done, so its casters'
//! rasterising is part of the `render` phase (PERFORMANCE.md, "Scenes the driver waits
//! on"). The clear stays whole: scissored, it cost more than it saved.
//!
//! Which texels: every surface the lit pass shades lies inside the camera's frustum and
//! between the lowest and highest points of what is drawn (`ReceiverSlab`); the sun's
//! projection is orthographic, so the frustum cut by that slab (a convex solid whose corners
//! are the frustum's corners inside the slab and its edges' crossings of the slab's planes)
//! projects inside the rectangle around its corners' projections. The lookup's filter reads
//! up to 2.5 texels around a point; [`MARGIN_TEXELS`] covers it. If a shadow is missing or
//! wrong at the screen's edge, or on something high above the ground, look at the slab
//! first (`culling_skips_what_is_out_of_view_and_changes_no_pixel` compares frames drawn
//! with and without this).

use glam::{Mat4, Vec3, Vec4Swizzles};

/// Texels added around the projected footprint: the widest filter's reach (2×2 taps 1.5
/// texels apart, each a bilinear 2×2) is 2.5 texels; one more for rounding.
pub const MARGIN_TEXELS: i32 = 4;

/// Heights between which every surface the lit pass shades lies, m.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReceiverSlab {
    /// The lowest.
    pub min_y_m: f32,
    /// The highest.
    pub max_y_m: f32,
}

/// A rectangle of shadow-map texels, lower-left origin (as `glScissor` takes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TexelRect {
    /// Left column.
    pub x: i32,
    /// Bottom row.
    pub y: i32,
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
}

impl TexelRect {
    /// The whole `size` × `size` map.
    pub fn whole(size: u32) -> TexelRect {
        TexelRect {
            x: 0,
            y: 0,
            width: size as i32,
            height: size as i32,
        }
    }

    /// Texels inside.
    pub fn area(&self) -> u32 {
        (self.width.max(0) as u32) * (self.height.max(0) as u32)
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    pub fn union(self, other: TexelRect) -> TexelRect {
        if other.area() == 0 {
            return self;
        }
        if self.area() == 0 {
            return other;
        }
        let (x0, y0) = (self.x.min(other.x), self.y.min(other.y));
        let x1 = (self.x + self.width).max(other.x + other.width);
        let y1 = (self.y + self.height).max(other.y + other.height);
        TexelRect {
            x: x0,
            y: y0,
            width: x1 - x0,
            height: y1 - y0,
        }
    }
}

/// The texels of a `size`² map under `light_vp` that a camera with `view_proj` can look up
/// on surfaces inside `slab`. Empty (zero area) when the camera sees nothing of the slab;
/// the whole map when the matrices are not finite.
pub fn lit_pass_footprint(view_proj: &Mat4, light_vp: &Mat4, slab: ReceiverSlab, size: u32) -> TexelRect {
    let whole = TexelRect::whole(size);
    let inverse = view_proj.inverse();
    if !(inverse.is_finite() && light_vp.is_finite() && slab.min_y_m <= slab.max_y_m) {
        return whole;
    }
    // The frustum's corners, world space: index bit 0 x, bit 1 y, bit 2 z (near, far).
    let corners: [Vec3; 8] = std::array::from_fn(|i| {
        let ndc = Vec3::new(
            if i & 1 == 0 { -1.0 } else { 1.0 },
            if i & 2 == 0 { -1.0 } else { 1.0 },
            if i & 4 == 0 { -1.0 } else { 1.0 },
        );
        inverse.project_point3(ndc)
    });
    let mut lo = glam::Vec2::splat(f32::INFINITY);
    let mut hi = glam::Vec2::splat(f32::NEG_INFINITY);
    let mut add = |p: Vec3| {
        let clip = *light_vp * p.extend(1.0);
        let ndc = clip.xy() / clip.w;
        lo = lo.min(ndc);
        hi = hi.max(ndc);
    };
    let inside = |p: Vec3| p.y >= slab.min_y_m && p.y <= slab.max_y_m;
    for &c in &corners {
        if inside(c) {
            add(c);
        }
    }
    // The 12 edges: corner pairs differing in one bit.
    for a in 0..8usize {
        for bit in [1usize, 2, 4] {
            let b = a | bit;
            if b == a {
                continue;
            }
            let (p, q) = (corners[a], corners[b]);
            for plane_y in [slab.min_y_m, slab.max_y_m] {
                let (dp, dq) = (p.y - plane_y, q.y - plane_y);
                if (dp < 0.0) != (dq < 0.0) {
                    add(p + (q - p) * (dp / (dp - dq)));
                }
            }
        }
    }
    if !(lo.x <= hi.x && lo.y <= hi.y) {
        return TexelRect {
            width: 0,
            height: 0,
            ..whole
        };
    }
    let to_texel = |ndc: f32| (ndc * 0.5 + 0.5) * size as f32;
    let clamp = |t: f32| t.clamp(0.0, size as f32) as i32;
    let x0 = clamp(to_texel(lo.x).floor() - MARGIN_TEXELS as f32);
    let y0 = clamp(to_texel(lo.y).floor() - MARGIN_TEXELS as f32);
    let x1 = clamp(to_texel(hi.x).ceil() + MARGIN_TEXELS as f32);
    let y1 = clamp(to_texel(hi.y).ceil() + MARGIN_TEXELS as f32);
    TexelRect {
        x: x0,
        y: y0,
        width: x1 - x0,
        height: y1 - y0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec4;

    fn light() -> Mat4 {
        // The shipped sun's direction over a 90 m square around the origin.
        let sun = Vec3::new(-0.45, -1.0, 0.55).normalize();
        let view = glam::camera::rh::view::look_at_mat4(-sun * 100.0, Vec3::ZERO, Vec3::Z);
        let proj = glam::camera::rh::proj::opengl::orthographic(-45.0, 45.0, -45.0, 45.0, -50.0, 250.0);
        proj * view
    }

    fn chase(eye: Vec3, target: Vec3) -> Mat4 {
        let proj = glam::camera::rh::proj::opengl::perspective(60f32.to_radians(), 4.0 / 3.0, 0.3, 800.0);
        proj * glam::camera::rh::view::look_at_mat4(eye, target, Vec3::Y)
    }

    const SLAB: ReceiverSlab = ReceiverSlab {
        min_y_m: -1.0,
        max_y_m: 6.0,
    };

    /// A texel of a point, as the lookup finds it.
    fn texel(light_vp: &Mat4, p: Vec3, size: u32) -> (i32, i32) {
        let c = *light_vp * Vec4::new(p.x, p.y, p.z, 1.0);
        let t = |v: f32| ((v / c.w * 0.5 + 0.5) * size as f32).floor() as i32;
        (t(c.x), t(c.y))
    }

    #[test]
    fn every_visible_point_in_the_slab_is_inside_with_the_filters_reach() {
        let (light_vp, size) = (light(), 1024);
        let cam = chase(Vec3::new(0.0, 2.5, 6.0), Vec3::new(0.0, 1.0, -10.0));
        let rect = lit_pass_footprint(&cam, &light_vp, SLAB, size);
        let inverse = cam.inverse();
        let mut checked = 0;
        // A grid over the screen and depth: points in view, kept when in the slab and in
        // the map.
        for i in 0..=20 {
            for j in 0..=20 {
                for k in 0..=40 {
                    let ndc = Vec3::new(i as f32 / 10.0 - 1.0, j as f32 / 10.0 - 1.0, k as f32 / 20.0 - 1.0);
                    let p = inverse.project_point3(ndc);
                    let (tx, ty) = texel(&light_vp, p, size);
                    let in_map = (0..size as i32).contains(&tx) && (0..size as i32).contains(&ty);
                    if p.y < SLAB.min_y_m || p.y > SLAB.max_y_m || !in_map {
                        continue;
                    }
                    checked += 1;
                    assert!(
                        tx - 3 >= rect.x
                            && tx + 3 < rect.x + rect.width
                            && ty - 3 >= rect.y
                            && ty + 3 < rect.y + rect.height,
                        "{p} (texel {tx}, {ty}) outside {rect:?}"
                    );
                }
            }
        }
        assert!(checked > 1000, "only {checked} points were in view");
    }

    #[test]
    fn a_chase_view_reads_well_under_the_whole_map() {
        let (light_vp, size) = (light(), 1024);
        // Looking along −z from behind the car at the map's centre: the half behind is unread.
        let cam = chase(Vec3::new(0.0, 2.5, 6.0), Vec3::new(0.0, 1.0, -10.0));
        let rect = lit_pass_footprint(&cam, &light_vp, SLAB, size);
        let share = rect.area() as f32 / TexelRect::whole(size).area() as f32;
        assert!(share < 0.7, "{rect:?}: {share:.2} of the map");
        assert!(
            share > 0.2,
            "{rect:?}: {share:.2} of the map is too little for the view"
        );
    }

    #[test]
    fn looking_at_the_sky_over_the_slab_reads_nothing_and_bad_matrices_read_everything() {
        let (light_vp, size) = (light(), 1024);
        let up = chase(Vec3::new(0.0, 30.0, 0.0), Vec3::new(0.0, 100.0, -1.0));
        assert_eq!(lit_pass_footprint(&up, &light_vp, SLAB, size).area(), 0);
        let nan = Mat4::from_cols_array(&[f32::NAN; 16]);
        assert_eq!(lit_pass_footprint(&nan, &light_vp, SLAB, size), TexelRect::whole(size));
    }
}
