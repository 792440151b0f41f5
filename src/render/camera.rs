//! A perspective camera. Y up, right-handed, looking down its own −Z (OpenGL convention).

use glam::{Mat4, Vec3};

/// The widest horizontal field of view a view gets, degrees: 16:9 at 60° vertical has
/// 91.5°; a wider image narrows its vertical field instead.
pub const MAX_FOV_X_DEG: f32 = 100.0;

/// The vertical field of view for an image of `aspect` (width / height), radians: 60°,
/// or less where that would make the horizontal field pass [`MAX_FOV_X_DEG`].
pub fn fov_y_for_aspect(aspect: f32) -> f32 {
    let default = 60f32.to_radians();
    let aspect = if aspect.is_finite() { aspect.max(1e-3) } else { 1.0 };
    let max_x = MAX_FOV_X_DEG.to_radians();
    let fov_x = 2.0 * ((default * 0.5).tan() * aspect).atan();
    if fov_x <= max_x {
        default
    } else {
        2.0 * ((max_x * 0.5).tan() / aspect).atan()
    }
}

/// Where the camera is and what it looks at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Eye position, metres.
    pub eye: Vec3,
    /// Point looked at.
    pub target: Vec3,
    /// Vertical field of view, radians.
    pub fov_y_rad: f32,
    /// Near clip plane, metres.
    pub near_m: f32,
    /// Far clip plane, metres.
    pub far_m: f32,
}

impl Camera {
    /// A camera at `eye` looking at `target` with a 60° vertical field of view.
    pub fn looking_at(eye: Vec3, target: Vec3) -> Self {
        Self {
            eye,
            target,
            fov_y_rad: 60f32.to_radians(),
            near_m: 0.1,
            far_m: 2000.0,
        }
    }

    /// This camera with its vertical field of view chosen for an image of `aspect`
    /// (width / height): the usual 60° unless the image is so wide that the horizontal
    /// field would pass [`MAX_FOV_X_DEG`] (a split screen's view across the top half),
    /// then whatever keeps it at that. Split-screen racers keep the horizontal view and
    /// narrow the vertical: the road ahead stays as wide as in one player's view.
    pub fn fitted_to(self, aspect: f32) -> Self {
        Self {
            fov_y_rad: fov_y_for_aspect(aspect),
            ..self
        }
    }

    /// This camera seeing no further than `far_m` (a split-screen view's shorter draw
    /// distance; never further than it already did).
    pub fn seeing(self, far_m: f32) -> Self {
        Self {
            far_m: self.far_m.min(far_m.max(self.near_m * 2.0)),
            ..self
        }
    }

    /// The view matrix (world → camera).
    pub fn view(&self) -> Mat4 {
        glam::camera::rh::view::look_at_mat4(self.eye, self.target, Vec3::Y)
    }

    /// Projection × view for an image of `aspect` (width / height).
    pub fn view_proj(&self, aspect: f32) -> Mat4 {
        let proj =
            glam::camera::rh::proj::opengl::perspective(self.fov_y_rad, aspect.max(1e-3), self.near_m, self.far_m);
        let view = glam::camera::rh::view::look_at_mat4(self.eye, self.target, Vec3::Y);
        proj * view
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_views_keep_their_horizontal_field_and_narrow_the_vertical() {
        // A full 16:9 view and a 4:3 one keep 60° vertically.
        assert_eq!(fov_y_for_aspect(16.0 / 9.0), 60f32.to_radians());
        assert_eq!(fov_y_for_aspect(4.0 / 3.0), 60f32.to_radians());
        // 1280 × 360 (two players, one above the other): 100° across, so
        // 2·atan(tan 50° / 3.56) = 37.0° up and down.
        let fov = fov_y_for_aspect(1280.0 / 360.0).to_degrees();
        assert!((fov - 37.0).abs() < 0.2, "{fov}");
        let fov_x = 2.0 * ((fov.to_radians() * 0.5).tan() * 1280.0 / 360.0).atan();
        assert!((fov_x.to_degrees() - MAX_FOV_X_DEG).abs() < 0.01);
        // Nonsense aspects fall back to a square image.
        assert_eq!(fov_y_for_aspect(f32::NAN), 60f32.to_radians());
    }

    #[test]
    fn a_shorter_draw_distance_never_lengthens_it() {
        let c = Camera::looking_at(Vec3::ZERO, Vec3::Z);
        assert_eq!(c.seeing(480.0).far_m, 480.0);
        assert_eq!(c.seeing(5000.0).far_m, c.far_m);
        // Never inside the near plane.
        assert!(c.seeing(0.0).far_m > c.near_m);
    }
}
