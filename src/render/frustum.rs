//! View-frustum culling: which meshes a view can see at all, so the CPU does not issue
//! draws (and llvmpipe does not transform vertices) for what lands outside the image.
//!
//! The planes come from the combined projection × view matrix (Gribb and Hartmann, "Fast
//! Extraction of Viewing Frustum Planes from the World-View-Projection Matrix"), which
//! works for the camera's perspective and for the sun's orthographic shadow view alike.
//! Tests are conservative: a bound that touches a plane is kept, so culling never removes
//! a pixel GL would have drawn (checked pixel for pixel in `tests/render/render_frames.rs`).

use glam::{Mat4, Vec3, Vec4};

/// An axis-aligned box, in whatever space its owner says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aabb {
    /// Smallest corner.
    pub min: Vec3,
    /// Largest corner.
    pub max: Vec3,
}

impl Aabb {
    /// The box around `points`, or `None` when there are none.
    pub fn around(points: impl IntoIterator<Item = Vec3>) -> Option<Aabb> {
        let mut points = points.into_iter();
        let first = points.next()?;
        Some(points.fold(Aabb { min: first, max: first }, |b, p| Aabb {
            min: b.min.min(p),
            max: b.max.max(p),
        }))
    }

    /// Centre and radius of the sphere around this box after `model` (rotation, translation
    /// and per-axis scale): cheaper to test than the transformed box, and as safe.
    pub fn bounding_sphere(&self, model: &Mat4) -> (Vec3, f32) {
        let centre = model.transform_point3((self.min + self.max) * 0.5);
        let half = (self.max - self.min) * 0.5;
        let scale = model
            .x_axis
            .truncate()
            .length()
            .max(model.y_axis.truncate().length())
            .max(model.z_axis.truncate().length());
        (centre, half.length() * scale)
    }
}

/// The six half-spaces a view sees, each `n · p + d ≥ 0` inside.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frustum {
    planes: [Vec4; 6],
}

impl Frustum {
    /// The frustum of clip-space matrix `view_proj` (OpenGL's −w ≤ x, y, z ≤ w).
    pub fn from_view_proj(view_proj: &Mat4) -> Frustum {
        let r = [view_proj.row(0), view_proj.row(1), view_proj.row(2), view_proj.row(3)];
        let planes = [
            r[3] + r[0],
            r[3] - r[0],
            r[3] + r[1],
            r[3] - r[1],
            r[3] + r[2],
            r[3] - r[2],
        ]
        .map(|p| p / p.truncate().length().max(f32::MIN_POSITIVE));
        Frustum { planes }
    }

    /// A frustum that sees everything (culling off).
    pub fn everything() -> Frustum {
        Frustum {
            planes: [Vec4::new(0.0, 0.0, 0.0, 1.0); 6],
        }
    }

    /// Whether any part of the sphere at `centre` of `radius` may be inside.
    pub fn sees_sphere(&self, centre: Vec3, radius: f32) -> bool {
        self.planes.iter().all(|p| p.truncate().dot(centre) + p.w >= -radius)
    }

    /// Whether any part of `b` may be inside: for each plane, the box's corner furthest
    /// along the plane's normal is tested.
    pub fn sees_box(&self, b: &Aabb) -> bool {
        self.planes.iter().all(|p| {
            let n = p.truncate();
            let far = Vec3::select(n.cmpge(Vec3::ZERO), b.max, b.min);
            n.dot(far) + p.w >= 0.0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn camera_down_minus_z() -> Frustum {
        let proj = glam::camera::rh::proj::opengl::perspective(60f32.to_radians(), 1.0, 0.1, 100.0);
        let view = glam::camera::rh::view::look_at_mat4(Vec3::ZERO, Vec3::NEG_Z, Vec3::Y);
        Frustum::from_view_proj(&(proj * view))
    }

    fn cube_at(c: Vec3) -> Aabb {
        Aabb {
            min: c - Vec3::splat(0.5),
            max: c + Vec3::splat(0.5),
        }
    }

    #[test]
    fn a_box_ahead_is_seen_behind_beside_and_beyond_far_are_not() {
        let f = camera_down_minus_z();
        assert!(f.sees_box(&cube_at(Vec3::new(0.0, 0.0, -10.0))));
        assert!(!f.sees_box(&cube_at(Vec3::new(0.0, 0.0, 10.0))));
        // 60° vertical and horizontal field: at 10 m the edge is 5.77 m off axis.
        assert!(f.sees_box(&cube_at(Vec3::new(6.0, 0.0, -10.0))), "straddles the edge");
        assert!(!f.sees_box(&cube_at(Vec3::new(7.0, 0.0, -10.0))));
        assert!(!f.sees_box(&cube_at(Vec3::new(0.0, 0.0, -101.0))));
    }

    #[test]
    fn spheres_follow_the_same_planes() {
        let f = camera_down_minus_z();
        assert!(f.sees_sphere(Vec3::new(0.0, 0.0, -10.0), 0.1));
        assert!(!f.sees_sphere(Vec3::new(0.0, 0.0, 5.0), 1.0));
        // Just behind the near plane but reaching over it.
        assert!(f.sees_sphere(Vec3::new(0.0, 0.0, 0.5), 1.0));
    }

    #[test]
    fn an_orthographic_light_view_culls_to_its_square() {
        let proj = glam::camera::rh::proj::opengl::orthographic(-45.0, 45.0, -45.0, 45.0, -150.0, 150.0);
        let view = glam::camera::rh::view::look_at_mat4(Vec3::ZERO, Vec3::NEG_Y, Vec3::Z);
        let f = Frustum::from_view_proj(&(proj * view));
        assert!(f.sees_box(&cube_at(Vec3::new(40.0, 0.0, 40.0))));
        assert!(!f.sees_box(&cube_at(Vec3::new(60.0, 0.0, 0.0))));
        assert!(Frustum::everything().sees_box(&cube_at(Vec3::splat(1e6))));
    }

    #[test]
    fn the_sphere_of_a_scaled_rotated_box_covers_its_corners() {
        let b = cube_at(Vec3::ZERO);
        let model = Mat4::from_scale_rotation_translation(
            Vec3::new(4.0, 1.0, 2.0),
            glam::Quat::from_rotation_y(0.7),
            Vec3::new(3.0, 1.0, -2.0),
        );
        let (c, r) = b.bounding_sphere(&model);
        for corner in [
            Vec3::new(-0.5, -0.5, -0.5),
            Vec3::new(0.5, 0.5, 0.5),
            Vec3::new(0.5, -0.5, 0.5),
        ] {
            assert!(model.transform_point3(corner).distance(c) <= r + 1e-4);
        }
    }
}
