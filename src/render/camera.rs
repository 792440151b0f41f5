//! A perspective camera. Y up, right-handed, looking down its own −Z (OpenGL convention).

use glam::{Mat4, Vec3};

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
