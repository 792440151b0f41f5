//! A perspective camera. Y up, right-handed, looking down its own −Z (OpenGL convention).

use super::fog::FOG_SCALE_M;
use glam::{Mat4, Vec3};

/// What a camera's haze leaves of a surface at its far plane once [`Camera::seeing`] has
/// brought the plane in: 2 %, a shade of the sky's colour no player picks out.
pub const HAZE_LEFT_AT_FAR: f32 = 0.02;

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

/// The share of a narrowed view's lost field that comes off its top (the rest off its
/// bottom): a chase camera aimed 12° down at its car keeps the horizon a third of the way
/// up a 37° view and the whole car a third of the way down (a half would fill the view
/// with sky and cut the car's tail; none would lose the horizon).
pub const NARROWED_OFF_TOP: f32 = 0.25;

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
    /// The haze's distance scale, m (`render::fog_amount_in`): thicker in a view that sees
    /// less far ([`Camera::seeing`]).
    pub haze_m: f32,
}

/// Where a camera is and how thick its haze: what a shader that fogs by distance needs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Viewer {
    /// The camera's position.
    pub eye: Vec3,
    /// Its haze's distance scale, m.
    pub haze_m: f32,
}

impl Camera {
    /// Its position and haze.
    pub fn viewer(&self) -> Viewer {
        Viewer {
            eye: self.eye,
            haze_m: self.haze_m,
        }
    }

    /// A camera at `eye` looking at `target` with a 60° vertical field of view.
    pub fn looking_at(eye: Vec3, target: Vec3) -> Self {
        Self {
            eye,
            target,
            fov_y_rad: 60f32.to_radians(),
            near_m: 0.1,
            far_m: 2000.0,
            haze_m: FOG_SCALE_M,
        }
    }

    /// This camera with its vertical field of view chosen for an image of `aspect`
    /// (width / height): the usual 60° unless the image is so wide that the horizontal
    /// field would pass [`MAX_FOV_X_DEG`] (a split screen's view across the top half),
    /// then whatever keeps it at that. Split-screen racers keep the horizontal view and
    /// narrow the vertical: the road ahead stays as wide as in one player's view. What the
    /// narrower field loses comes mostly off the bottom, the ground just behind the car
    /// ([`NARROWED_OFF_TOP`] of it off the top): the camera tilts up, so the horizon and the
    /// road ahead stay in view and the car sits lower in it.
    pub fn fitted_to(self, aspect: f32) -> Self {
        let fov_y_rad = fov_y_for_aspect(aspect);
        // Off the top: half the loss less the tilt; off the bottom: half plus the tilt.
        let tilt = (self.fov_y_rad - fov_y_rad).max(0.0) * (0.5 - NARROWED_OFF_TOP);
        let look = self.target - self.eye;
        let right = look.cross(Vec3::Y);
        let target = if tilt > 0.0 && right.length_squared() > 1e-8 {
            // Never past straight up: a camera looking nearly straight down or up keeps
            // its aim.
            let up = glam::Quat::from_axis_angle(right.normalize(), tilt) * look;
            let lifted = up.normalize().dot(Vec3::Y) < 0.99;
            if lifted {
                self.eye + up
            } else {
                self.target
            }
        } else {
            self.target
        };
        Self {
            fov_y_rad,
            target,
            ..self
        }
    }

    /// This camera seeing no further than `far_m` (a split-screen view's shorter draw
    /// distance; never further than it already did), its haze thick enough to hide all
    /// but [`HAZE_LEFT_AT_FAR`] of a surface at the far plane (never thinner than it was):
    /// nothing the haze still shows is cut off there.
    pub fn seeing(self, far_m: f32) -> Self {
        let far_m = self.far_m.min(far_m.max(self.near_m * 2.0));
        // 1 − e^−(far/haze)² = 1 − HAZE_LEFT_AT_FAR ⇔ haze = far / √(−ln HAZE_LEFT_AT_FAR).
        let haze_at_far_m = far_m / (-HAZE_LEFT_AT_FAR.ln()).sqrt();
        Self {
            far_m,
            haze_m: self.haze_m.min(haze_at_far_m),
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
    fn a_narrowed_view_gives_up_mostly_the_ground_behind_and_keeps_the_horizon() {
        // A chase camera 6 m behind and 2.5 m above the car, aimed 1 m over it.
        let c = Camera::looking_at(Vec3::new(0.0, 2.5, -6.0), Vec3::new(0.0, 1.0, 0.0));
        let elevation = |c: &Camera| (c.target - c.eye).normalize().y.asin();
        let wide = c.fitted_to(1280.0 / 360.0);
        let top = |c: &Camera| elevation(c) + c.fov_y_rad * 0.5;
        let bottom = |c: &Camera| elevation(c) - c.fov_y_rad * 0.5;
        // 60° − 37° = 23° lost: a quarter off the top, three quarters off the bottom.
        let off_top = (top(&c) - top(&wide)).to_degrees();
        let off_bottom = (bottom(&wide) - bottom(&c)).to_degrees();
        assert!((off_top - 5.75).abs() < 0.2, "{off_top}");
        assert!((off_bottom - 17.25).abs() < 0.2, "{off_bottom}");
        // The horizon (0°) and the car (the old aim) are both in view, the car below the
        // middle.
        let car = (c.target - wide.eye).normalize().y.asin();
        assert!(top(&wide) > 0.0, "the horizon shows");
        assert!(car > bottom(&wide) && car < elevation(&wide));
        // A view that keeps 60° keeps its aim.
        assert_eq!(c.fitted_to(16.0 / 9.0), c);
    }

    #[test]
    fn a_shorter_draw_distance_never_lengthens_it() {
        let c = Camera::looking_at(Vec3::ZERO, Vec3::Z);
        assert_eq!(c.seeing(480.0).far_m, 480.0);
        assert_eq!(c.seeing(5000.0).far_m, c.far_m);
        // Never inside the near plane.
        assert!(c.seeing(0.0).far_m > c.near_m);
    }

    #[test]
    fn a_view_that_sees_less_far_hazes_what_it_leaves_out() {
        use crate::render::fog::{fog_amount_in, FOG_SCALE_M};
        let c = Camera::looking_at(Vec3::ZERO, Vec3::Z);
        // Far enough for the shared haze to hide 98 % there: the haze is the shared one
        // (so a half-screen view at 360 m looks as one player's view).
        assert_eq!(c.seeing(360.0).haze_m, FOG_SCALE_M);
        assert_eq!(c.seeing(5000.0).haze_m, FOG_SCALE_M);
        // Nearer, it thickens so exactly 2 % is left at the far plane, and no more
        // anywhere beyond what is drawn.
        for far_m in [270.0, 200.0, 60.0] {
            let seen = c.seeing(far_m);
            assert!(seen.haze_m < FOG_SCALE_M);
            let left = 1.0 - fog_amount_in(seen.far_m, seen.haze_m);
            assert!((left - HAZE_LEFT_AT_FAR).abs() < 1e-4, "{far_m} m: {left}");
        }
        // Never thinned again by a longer distance.
        assert_eq!(c.seeing(270.0).seeing(360.0).haze_m, c.seeing(270.0).haze_m);
    }
}
