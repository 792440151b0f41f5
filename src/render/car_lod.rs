//! Level of detail for car bodies and wheels. A body draws with its model's far body
//! (`car_body_lod1`, 0.7 k triangles where the near one has 3.2–3.4 k) once it is under
//! [`FAR_BODY_MAX_PX`] long on screen, and with its distant body (`car_body_lod2`, 0.47 k)
//! under [`DISTANT_BODY_MAX_PX`]. Its shadow is the far body's, or the distant body's for
//! a distant car: each triangle costs llvmpipe 1.3–2 k instructions in each pass, and a
//! field spread out ahead is mostly distant. A far car's shadow stays the far body's: a
//! coarser caster than the body it falls on darkens pixels of that body (checked on
//! Nürburgring's start at 160 × 120: 113 → 96 red pixels on the player's far-drawn car).
//!
//! Wheels (issue 20): a far wheel of [`FAR_WHEEL_SIDES`] sides
//! made from each model's wheel at upload, drawn for a wheel under [`FAR_WHEEL_MAX_PX`] on
//! screen and for every wheel in the shadow pass.
//!
//! A model's wheel is 200 triangles drawn four times a car, about three quarters of a
//! car's triangles; llvmpipe runs the vertex stage on the thread that draws, so seven AI
//! cars in view cost the render phase milliseconds. A wheel 14 px across shows an
//! octagon's corners no more than a 20-sided one's, so far away the prism stands in: tread
//! in the tyre's colour, each cap a disc in the rim's colour (as wide as the model's rim)
//! ringed by tyre. If a distant car's wheels look faceted, raise [`FAR_WHEEL_SIDES`] or
//! lower [`FAR_WHEEL_MAX_PX`].
//!
//! In the sun's shadow map the octagon is always enough: its outline strays from a round
//! wheel's by at most r·(1 − cos 22.5°), 2.5 cm for a 0.33 m radius and 3.8 cm for the big
//! wheeler's 0.5 m, under a texel of every profile's map (8.8 cm at 1024² over 90 m, 4.4 cm
//! at the desktop's 2048²), inside the filter's blur. Choosing by screen size there drew
//! every car beside or behind the camera (depth ≤ 0 reads as "large") with the model's
//! wheels: at a race's start, 8 cars' shadows were 8 280 triangles (PERFORMANCE.md).

use super::camera::Camera;
use glam::Vec3;
use skidpad_bake::model::{CarPart, PartMesh};

/// Sides of the far wheel's prism: 8 × 8 triangles (tread 2 a side, each cap 3).
pub const FAR_WHEEL_SIDES: usize = 8;

/// A wheel whose diameter projects under this many pixels of the viewport's height draws
/// with the far mesh (about 20 m from the chase camera at 480 px for a 0.66 m wheel).
pub const FAR_WHEEL_MAX_PX: f32 = 14.0;

/// A body whose length projects under this many pixels of the viewport's height draws
/// with its model's far body (`car_body_lod1`): 12 m from the camera at 480 px, 18 m at
/// 720 (a 4.6 m car, the 60° chase camera), past which a body of a few hundred triangles
/// shows the same outline. Every body in the shadow pass is far.
pub const FAR_BODY_MAX_PX: f32 = 160.0;

/// A body whose length projects under this many pixels of the viewport's height draws
/// with its model's distant body (`car_body_lod2`): 35 m from the camera at 480 px, 53 m
/// at 720 (a 4.6 m car, the 60° chase camera). Its lamps are still there, a few pixels.
pub const DISTANT_BODY_MAX_PX: f32 = 60.0;

/// Which of a model's bodies a car draws with (the coarsest the model has at or above).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum BodyDetail {
    /// `car_body`.
    Near,
    /// `car_body_lod1`.
    Far,
    /// `car_body_lod2`.
    Distant,
}

/// Views a shared shadow map's detail follows (split screen's most).
const MAX_SHADOW_VIEWS: usize = 4;

/// The far rim's radius over the wheel's when the model's wheel has no rim vertices.
const DEFAULT_RIM_FRACTION: f32 = 0.62;

/// Which wheel mesh a pass draws.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WheelDetail {
    /// Every wheel with the far mesh and every body far: a pass with no view to judge by.
    Far,
    /// The shadow pass of a view seen from `eye` along `forward` (as [`OnScreen`]): every
    /// wheel far (a wheel's shadow is a few texels of the sun's map), each body far, or
    /// distant where that view draws it distant.
    ///
    /// [`OnScreen`]: WheelDetail::OnScreen
    ShadowOf {
        /// The camera's position.
        eye: Vec3,
        /// Unit view direction.
        forward: Vec3,
        /// Half the viewport's height over the tangent of half the vertical FOV.
        focal_px: f32,
    },
    /// The shadow pass of a map several views read (split screen): every wheel far, each
    /// body far, or distant where every one of those views draws it distant (the finest
    /// body any of them draws, as [`ShadowOf`] for one).
    ///
    /// [`ShadowOf`]: WheelDetail::ShadowOf
    ShadowOfViews {
        /// Each view's eye, unit view direction and focal length in pixels; the first
        /// `len` are used.
        views: [(Vec3, Vec3, f32); MAX_SHADOW_VIEWS],
        /// Views used.
        len: usize,
    },
    /// By the wheel's size on screen, seen from `eye` looking along `forward` (unit),
    /// `focal_px` pixels for a metre at a metre's depth.
    OnScreen {
        /// The camera's position.
        eye: Vec3,
        /// Unit view direction.
        forward: Vec3,
        /// Half the viewport's height over the tangent of half the vertical FOV.
        focal_px: f32,
    },
}

impl WheelDetail {
    /// Wheels by their size on screen as `camera` sees them in a viewport
    /// `viewport_height_px` high (the scene's height, after dynamic resolution).
    pub fn on_screen(camera: &Camera, viewport_height_px: u32) -> WheelDetail {
        let forward = (camera.target - camera.eye).normalize_or(Vec3::NEG_Z);
        let half_tan = (camera.fov_y_rad * 0.5).tan().max(1e-4);
        WheelDetail::OnScreen {
            eye: camera.eye,
            forward,
            focal_px: viewport_height_px as f32 * 0.5 / half_tan,
        }
    }

    /// The shadow pass's detail for a map the views of `details` share (each an
    /// [`WheelDetail::OnScreen`]; others are left out, and with none every body is far).
    pub fn for_shared_shadows(details: impl IntoIterator<Item = WheelDetail>) -> WheelDetail {
        let mut views = [(Vec3::ZERO, Vec3::NEG_Z, 0.0); MAX_SHADOW_VIEWS];
        let mut len = 0;
        for d in details {
            if let (WheelDetail::OnScreen { eye, forward, focal_px }, Some(slot)) = (d, views.get_mut(len)) {
                *slot = (eye, forward, focal_px);
                len += 1;
            }
        }
        if len == 0 {
            return WheelDetail::Far;
        }
        WheelDetail::ShadowOfViews { views, len }
    }

    /// The shadow pass's detail for this view: [`WheelDetail::ShadowOf`] it.
    pub fn for_shadows(&self) -> WheelDetail {
        match *self {
            WheelDetail::OnScreen { eye, forward, focal_px } => WheelDetail::ShadowOf { eye, forward, focal_px },
            other => other,
        }
    }

    /// The size in pixels something `size_m` across centred at `centre` (world) projects
    /// to in the view; 0 for a pass with none. Measured at the centre's depth along the
    /// view (not its distance, which would shrink wheels at the screen's edge); anything
    /// beside or behind the camera reads as large.
    pub fn projected_px(&self, centre: Vec3, size_m: f32) -> f32 {
        match *self {
            WheelDetail::Far => 0.0,
            WheelDetail::OnScreen { eye, forward, focal_px } | WheelDetail::ShadowOf { eye, forward, focal_px } => {
                let depth = (centre - eye).dot(forward).max(1e-3);
                size_m * focal_px / depth
            }
            WheelDetail::ShadowOfViews { views, len } => views[..len]
                .iter()
                .map(|&(eye, forward, focal_px)| size_m * focal_px / (centre - eye).dot(forward).max(1e-3))
                .fold(0.0, f32::max),
        }
    }

    /// Whether a wheel `diameter_m` across at `centre` draws with the far mesh.
    pub fn is_far(&self, centre: Vec3, diameter_m: f32) -> bool {
        match self {
            WheelDetail::OnScreen { .. } => self.projected_px(centre, diameter_m) < FAR_WHEEL_MAX_PX,
            WheelDetail::Far | WheelDetail::ShadowOf { .. } | WheelDetail::ShadowOfViews { .. } => true,
        }
    }

    /// Which body a car `length_m` long at `centre` draws with.
    pub fn body(&self, centre: Vec3, length_m: f32) -> BodyDetail {
        let px = self.projected_px(centre, length_m);
        let lit = if px >= FAR_BODY_MAX_PX {
            BodyDetail::Near
        } else if px >= DISTANT_BODY_MAX_PX {
            BodyDetail::Far
        } else {
            BodyDetail::Distant
        };
        match (self, lit) {
            (WheelDetail::Far, _) => BodyDetail::Far,
            (WheelDetail::OnScreen { .. }, lit) => lit,
            (WheelDetail::ShadowOf { .. } | WheelDetail::ShadowOfViews { .. }, lit) => lit.max(BodyDetail::Far),
        }
    }
}

/// The far wheel of a model whose wheel mesh is `wheel` (centred, axle along X) with
/// radius `radius_m`: a prism as wide as `wheel`, its caps' rim as wide as the widest
/// `Rim` vertex of `wheel` from the axle.
pub fn far_wheel(wheel: &PartMesh, radius_m: f32) -> PartMesh {
    let (lo, hi) = wheel.bounds();
    let half_w = (hi[0] - lo[0]) * 0.5;
    let centre_x = (hi[0] + lo[0]) * 0.5;
    let rim_r = wheel
        .positions
        .iter()
        .zip(&wheel.parts)
        .filter(|(_, part)| **part == CarPart::Rim)
        .map(|(p, _)| (p[1] * p[1] + p[2] * p[2]).sqrt())
        .fold(0.0f32, f32::max);
    let rim_r = if rim_r > 0.0 && rim_r < radius_m {
        rim_r
    } else {
        radius_m * DEFAULT_RIM_FRACTION
    };
    prism(centre_x, half_w, radius_m, rim_r)
}

/// The prism: tread quads, then the +X cap and the −X cap, each a rim fan ringed by tyre.
fn prism(centre_x: f32, half_w: f32, radius_m: f32, rim_r: f32) -> PartMesh {
    let n = FAR_WHEEL_SIDES;
    let mut m = PartMesh::default();
    let ring = |k: usize| {
        let a = std::f32::consts::TAU * k as f32 / n as f32;
        (a.cos(), a.sin())
    };
    // Tread: a ring of vertices each side, normals along the radius.
    for side in [-1.0f32, 1.0] {
        for k in 0..n {
            let (c, s) = ring(k);
            m.positions.push([centre_x + side * half_w, radius_m * c, radius_m * s]);
            m.normals.push([0.0, c, s]);
            m.parts.push(CarPart::Tyre);
        }
    }
    for k in 0..n {
        let (a0, a1, b0, b1) = (k, (k + 1) % n, n + k, n + (k + 1) % n);
        m.indices.extend([a0, b1, b0, a0, a1, b1].map(|i| i as u32));
    }
    // Caps: centre, rim ring, then the tyre's inner and outer rings.
    for side in [1.0f32, -1.0] {
        let x = centre_x + side * half_w;
        let base = m.positions.len();
        let mut push = |y: f32, z: f32, part: CarPart| {
            m.positions.push([x, y, z]);
            m.normals.push([side, 0.0, 0.0]);
            m.parts.push(part);
        };
        push(0.0, 0.0, CarPart::Rim);
        for (r, part) in [(rim_r, CarPart::Rim), (rim_r, CarPart::Tyre), (radius_m, CarPart::Tyre)] {
            for k in 0..n {
                let (c, s) = ring(k);
                push(r * c, r * s, part);
            }
        }
        let (rim, inner, outer) = (base + 1, base + 1 + n, base + 1 + 2 * n);
        let mut tri = |a: usize, b: usize, c: usize| {
            // Counter-clockwise seen from +X for the +X cap; the −X cap turns the other way.
            let t = if side > 0.0 { [a, b, c] } else { [a, c, b] };
            m.indices.extend(t.map(|i| i as u32));
        };
        for k in 0..n {
            let k1 = (k + 1) % n;
            tri(base, rim + k, rim + k1);
            tri(inner + k, outer + k, outer + k1);
            tri(inner + k, outer + k1, inner + k1);
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(a: [f32; 3], b: [f32; 3]) -> Vec3 {
        Vec3::from(a) - Vec3::from(b)
    }

    #[test]
    fn far_wheel_matches_the_wheel_and_faces_out() {
        // A stand-in wheel: a rim vertex 0.2 m from the axle inside a tyre 0.33 m across
        // half, 0.22 m wide, off-centre along X by 0.01 m.
        let wheel = PartMesh {
            positions: vec![[-0.10, 0.33, 0.0], [0.12, -0.33, 0.0], [0.0, 0.2, 0.0]],
            normals: vec![[0.0, 1.0, 0.0]; 3],
            parts: vec![CarPart::Tyre, CarPart::Tyre, CarPart::Rim],
            indices: vec![0, 1, 2],
        };
        let far = far_wheel(&wheel, 0.33);
        assert_eq!(far.indices.len() / 3, 8 * FAR_WHEEL_SIDES);
        let (lo, hi) = far.bounds();
        assert!(
            (lo[0] + 0.10).abs() < 1e-6 && (hi[0] - 0.12).abs() < 1e-6,
            "{lo:?} {hi:?}"
        );
        assert!((hi[1] - 0.33).abs() < 1e-6);
        let rim_r = far
            .positions
            .iter()
            .zip(&far.parts)
            .filter(|(_, p)| **p == CarPart::Rim)
            .map(|(p, _)| Vec3::new(0.0, p[1], p[2]).length())
            .fold(0.0f32, f32::max);
        assert!((rim_r - 0.2).abs() < 1e-6, "rim radius {rim_r}");
        for t in far.indices.chunks(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| far.positions[i as usize]);
            let face = sub(b, a).cross(sub(c, a));
            let normal = Vec3::from(far.normals[t[0] as usize]);
            assert!(face.dot(normal) > 0.0, "triangle {t:?} faces in");
        }
    }

    #[test]
    fn wheels_far_by_their_size_on_screen() {
        let camera = Camera::looking_at(Vec3::ZERO, Vec3::NEG_Z);
        let detail = WheelDetail::on_screen(&camera, 480);
        // 60° vertical FOV at 480 px: 415.7 px for a metre at a metre.
        let px = detail.projected_px(Vec3::new(0.0, 0.0, -10.0), 0.66);
        assert!((px - 27.44).abs() < 0.05, "{px}");
        assert!(!detail.is_far(Vec3::new(0.0, 0.0, -10.0), 0.66));
        assert!(detail.is_far(Vec3::new(0.0, 0.0, -25.0), 0.66));
        // Behind the camera counts as huge, never far (it is culled anyway).
        assert!(!detail.is_far(Vec3::new(0.0, 0.0, 5.0), 0.66));
        assert!(WheelDetail::Far.is_far(Vec3::new(0.0, 0.0, -1.0), 0.66));
    }

    #[test]
    fn bodies_step_down_with_their_size_and_their_shadows_are_far_or_distant() {
        let camera = Camera::looking_at(Vec3::ZERO, Vec3::NEG_Z);
        let lit = WheelDetail::on_screen(&camera, 480);
        let shadow = lit.for_shadows();
        // A 4.6 m car at 480 px, 415.7 px for a metre at a metre: 160 px at 11.95 m, 60 px
        // at 31.9 m.
        let at = |z: f32| Vec3::new(0.0, 0.0, -z);
        let cases = [
            (5.0, BodyDetail::Near, BodyDetail::Far),
            (11.0, BodyDetail::Near, BodyDetail::Far),
            (13.0, BodyDetail::Far, BodyDetail::Far),
            (31.0, BodyDetail::Far, BodyDetail::Far),
            (33.0, BodyDetail::Distant, BodyDetail::Distant),
            (400.0, BodyDetail::Distant, BodyDetail::Distant),
        ];
        for (z, in_light, in_shadow) in cases {
            assert_eq!(lit.body(at(z), 4.6), in_light, "lit at {z} m");
            assert_eq!(shadow.body(at(z), 4.6), in_shadow, "shadow at {z} m");
        }
        // Beside or behind the camera reads as large: near, its shadow far.
        assert_eq!(lit.body(Vec3::new(0.0, 0.0, 3.0), 4.6), BodyDetail::Near);
        assert_eq!(shadow.body(Vec3::new(0.0, 0.0, 3.0), 4.6), BodyDetail::Far);
        // Every wheel in a shadow pass is far, however near the car.
        assert!(shadow.is_far(at(2.0), 0.66));
        // A pass with no view draws the far body, as before the distant one existed.
        assert_eq!(WheelDetail::Far.body(at(400.0), 4.6), BodyDetail::Far);
    }
}
