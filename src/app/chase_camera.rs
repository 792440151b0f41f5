//! The chase camera: follows the player's car on a critically damped spring (never a rigid
//! attach), looks at the car, is pulled in front of any wall or hill between it and the
//! car so it never goes into level geometry, and keeps a gap to the car so a crash that
//! stops the car dead does not carry the camera into it.
//!
//! Updated once per tick from the simulation (so it is as deterministic as the sim) and
//! interpolated with the loop's alpha like everything else render draws.

use crate::render::Camera;
use crate::sim::SimWorld;
use glam::Vec3;

/// The views the camera button cycles through: (distance behind, height above), m.
pub const VIEWS: [(f32, f32); 3] = [(7.5, 2.6), (4.8, 1.7), (13.0, 4.5)];
/// Point looked at, above the car's origin, m.
const LOOK_HEIGHT_M: f32 = 1.0;
/// Spring stiffness as a natural frequency, rad/s: higher follows tighter. At 3 rad/s the
/// camera trails a car accelerating at 7 m/s² by a/ω² ≈ 0.8 m and swings wide in turns.
const SPRING_RAD_PER_S: f32 = 3.0;
/// Kept between the camera and a wall or the ground, m.
const CLEARANCE_M: f32 = 0.35;
/// Further than this from where it should be (a reset, a teleport), the camera jumps.
const SNAP_DISTANCE_M: f32 = 40.0;
/// Nearest the camera comes to the car, across the ground, as a fraction of the view's
/// distance behind it. The spring follows the car's velocity, so when a crash stops the car
/// dead the camera, still moving at the car's old speed, would overshoot by v/(e·ω) (6 m
/// at 50 m/s) into the car; held at 70 % of the distance (3.4 m in the nearest view, the
/// coupe's tail 2.05 m behind its origin), it stops short and settles back.
const MIN_GAP_FRACTION: f32 = 0.7;

/// Camera state: eye position and velocity, and the previous tick's view for
/// interpolation.
#[derive(Debug, Clone, Copy)]
pub struct ChaseCamera {
    view: usize,
    eye: Vec3,
    velocity: Vec3,
    target: Vec3,
    prev_eye: Vec3,
    prev_target: Vec3,
}

impl ChaseCamera {
    /// A camera already in place behind the player.
    pub fn new(world: &SimWorld) -> Self {
        Self::with_view(world, 0)
    }

    fn with_view(world: &SimWorld, view: usize) -> Self {
        let (eye, target) = Self::desired(world, view);
        let eye = Self::clip(world, target, eye);
        Self {
            view,
            eye,
            velocity: Vec3::ZERO,
            target,
            prev_eye: eye,
            prev_target: target,
        }
    }

    /// Where the camera wants to be (behind the car's heading, above it) and what it looks
    /// at. Heading only, not pitch or roll, so the view stays level over bumps and flips.
    fn desired(world: &SimWorld, view: usize) -> (Vec3, Vec3) {
        let (distance, height) = VIEWS[view % VIEWS.len()];
        let body = world.player_body();
        let pos = body.translation();
        let fwd = *body.rotation() * Vec3::Z;
        let flat = Vec3::new(fwd.x, 0.0, fwd.z).try_normalize().unwrap_or(Vec3::Z);
        let target = pos + Vec3::Y * LOOK_HEIGHT_M;
        (pos - flat * distance + Vec3::Y * height, target)
    }

    /// Pulls `eye` in front of anything fixed between it and `target`, and lifts it above
    /// the ground under it.
    fn clip(world: &SimWorld, target: Vec3, eye: Vec3) -> Vec3 {
        let mut eye = eye;
        let offset = eye - target;
        let len = offset.length();
        if len > 1e-3 {
            let dir = offset / len;
            if let Some(hit) = world.cast_static_ray(target, dir, len + CLEARANCE_M) {
                eye = target + dir * (hit - CLEARANCE_M).max(0.0);
            }
        }
        let probe = 4.0;
        if let Some(hit) = world.cast_static_ray(eye + Vec3::Y * probe, -Vec3::Y, probe + CLEARANCE_M) {
            let ground_y = eye.y + probe - hit;
            eye.y = eye.y.max(ground_y + CLEARANCE_M);
        }
        eye
    }

    /// Advances the spring one tick toward the car.
    pub fn update(&mut self, world: &SimWorld, dt_s: f32) {
        self.prev_eye = self.eye;
        self.prev_target = self.target;
        let (want, target) = Self::desired(world, self.view);
        if self.eye.distance(want) > SNAP_DISTANCE_M {
            *self = Self::with_view(world, self.view);
            return;
        }
        // Critically damped spring toward the moving goal, semi-implicit Euler:
        // a = ω²(x* − x) + 2ω(v* − v), with v* the car's velocity so that a car at steady
        // speed is followed at the set distance and only changes of speed or heading lag.
        let w = SPRING_RAD_PER_S;
        let goal_velocity = world.player_body().linvel();
        let accel = (want - self.eye) * (w * w) + (goal_velocity - self.velocity) * (2.0 * w);
        self.velocity += accel * dt_s;
        let eye = self.keep_gap(target, self.eye + self.velocity * dt_s, want);
        self.eye = Self::clip(world, target, eye);
        self.target = target;
    }

    /// `eye` held at least [`MIN_GAP_FRACTION`] of the view's distance from `target` across
    /// the ground (pushed straight out, or toward `want` when it is right above the car),
    /// and the camera's velocity toward the car dropped when it is held: it stops there.
    fn keep_gap(&mut self, target: Vec3, eye: Vec3, want: Vec3) -> Vec3 {
        let min_m = VIEWS[self.view % VIEWS.len()].0 * MIN_GAP_FRACTION;
        let across = Vec3::new(eye.x - target.x, 0.0, eye.z - target.z);
        if across.length() >= min_m {
            return eye;
        }
        let fallback = Vec3::new(want.x - target.x, 0.0, want.z - target.z);
        let out = across.try_normalize().or(fallback.try_normalize()).unwrap_or(-Vec3::Z);
        let toward = self.velocity.dot(out).min(0.0);
        self.velocity -= out * toward;
        Vec3::new(target.x, eye.y, target.z) + out * min_m
    }

    /// Switches to the next of [`VIEWS`]; the spring carries the camera there.
    pub fn next_view(&mut self) {
        self.view = (self.view + 1) % VIEWS.len();
    }

    /// The view `alpha` of the way from the previous tick to the latest.
    pub fn camera(&self, alpha: f32) -> Camera {
        Camera::looking_at(
            self.prev_eye.lerp(self.eye, alpha),
            self.prev_target.lerp(self.target, alpha),
        )
    }
}
