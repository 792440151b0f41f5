//! The chase camera: follows the player's car on a critically damped spring (never a rigid
//! attach), looks at the car, is pulled in front of any wall or hill between it and the
//! car (a sphere swept against the level) so it never goes into level geometry, and keeps a gap to the car so a crash that
//! stops the car dead does not carry the camera into it.
//!
//! Updated once per tick from the simulation (so it is as deterministic as the sim) and
//! interpolated with the loop's alpha like everything else render draws.

use crate::audio::Listener;
use crate::render::Camera;
use crate::sim::{SimEvent, SimWorld};
use glam::Vec3;

/// The views the camera button cycles through: (distance behind, height above), m.
pub const VIEWS: [(f32, f32); 3] = [(7.5, 2.6), (4.8, 1.7), (13.0, 4.5)];
/// Point looked at, above the car's origin, m.
const LOOK_HEIGHT_M: f32 = 1.0;
/// Spring stiffness as a natural frequency, rad/s: higher follows tighter. At 3 rad/s the
/// camera trails a car accelerating at 7 m/s² by a/ω² ≈ 0.8 m and swings wide in turns.
const SPRING_RAD_PER_S: f32 = 3.0;
/// Kept between the camera and a wall or the ground, m: the radius of the sphere swept
/// against the level (wider than the near plane's half-diagonal: 0.12 m at 0.1 m, 60° high, 16:9).
const CLEARANCE_M: f32 = 0.35;
/// Further than this from where it should be (a reset, a teleport), the camera jumps.
const SNAP_DISTANCE_M: f32 = 40.0;
/// Nearest the camera comes to the car, across the ground, as a fraction of the view's
/// distance behind it. The spring follows the car's velocity, so when a crash stops the car
/// dead the camera, still moving at the car's old speed, would overshoot by v/(e·ω) (6 m
/// at 50 m/s) into the car; held at 70 % of the distance (3.4 m in the nearest view, the
/// coupe's tail 2.05 m behind its origin), it stops short and settles back.
const MIN_GAP_FRACTION: f32 = 0.7;
/// Impact impulse that shakes the camera fully, N·s (the sound's and rumble's full scale).
const FULL_SHAKE_NS: f32 = 18_000.0;
/// Largest shake, m: felt, but well inside the gap the camera keeps to the car.
const MAX_SHAKE_M: f32 = 0.12;
/// How fast a shake dies away, 1/s (to 2 % in 0.5 s).
const SHAKE_DECAY_PER_S: f32 = 8.0;
/// The shake's two frequencies across and up, Hz: incommensurate, so it does not read as
/// a circle.
const SHAKE_HZ: (f32, f32) = (9.0, 13.0);

/// Camera state: eye position and velocity, and the previous tick's view for
/// interpolation.
#[derive(Debug, Clone, Copy)]
pub struct ChaseCamera {
    /// The world index of the car it follows (0, the first player's).
    car: usize,
    view: usize,
    eye: Vec3,
    velocity: Vec3,
    target: Vec3,
    prev_eye: Vec3,
    prev_target: Vec3,
    /// Shake amplitude now, m, and the time it has run, s.
    shake_m: f32,
    shake_s: f32,
    /// The shake's offset of the eye at the latest tick and the one before.
    shake: Vec3,
    prev_shake: Vec3,
}

/// How far an impact of `impulse_ns` shakes the camera, m: in proportion up to
/// [`FULL_SHAKE_NS`], then [`MAX_SHAKE_M`] (the same scaling as the impact's sound and
/// rumble, so the three agree).
pub fn shake_amplitude_m(impulse_ns: f32) -> f32 {
    (impulse_ns.max(0.0) / FULL_SHAKE_NS).min(1.0) * MAX_SHAKE_M
}

impl ChaseCamera {
    /// A camera already in place behind the player.
    pub fn new(world: &SimWorld) -> Self {
        Self::following(world, 0)
    }

    /// A camera already in place behind world car `car` (a split-screen guest's).
    pub fn following(world: &SimWorld, car: usize) -> Self {
        Self::with_view(world, car, 0)
    }

    fn with_view(world: &SimWorld, car: usize, view: usize) -> Self {
        let (eye, target) = Self::desired(world, car, view);
        let eye = Self::clip(world, target, eye);
        Self {
            car,
            view,
            eye,
            velocity: Vec3::ZERO,
            target,
            prev_eye: eye,
            prev_target: target,
            shake_m: 0.0,
            shake_s: 0.0,
            shake: Vec3::ZERO,
            prev_shake: Vec3::ZERO,
        }
    }

    /// Where the camera wants to be (behind the car's heading, above it) and what it looks
    /// at. Heading only, not pitch or roll, so the view stays level over bumps and flips.
    fn desired(world: &SimWorld, car: usize, view: usize) -> (Vec3, Vec3) {
        let (distance, height) = VIEWS[view % VIEWS.len()];
        let body = world.car_body(car);
        let pos = body.translation();
        let fwd = *body.rotation() * Vec3::Z;
        let flat = Vec3::new(fwd.x, 0.0, fwd.z).try_normalize().unwrap_or(Vec3::Z);
        let target = pos + Vec3::Y * LOOK_HEIGHT_M;
        (pos - flat * distance + Vec3::Y * height, target)
    }

    /// Pulls `eye` in front of anything fixed between it and `target`, and lifts it above
    /// the ground under it. Both are sphere sweeps of [`CLEARANCE_M`]'s radius, not rays: a
    /// ray finds the wall straight behind the car but slips past a wall's edge or a post
    /// the view's near plane would still cut; the ball keeps the whole near plane clear.
    fn clip(world: &SimWorld, target: Vec3, eye: Vec3) -> Vec3 {
        let mut eye = eye;
        let offset = eye - target;
        let len = offset.length();
        if len > 1e-3 {
            let dir = offset / len;
            if let Some(hit) = world.cast_static_sphere(target, dir, CLEARANCE_M, len) {
                eye = target + dir * hit;
            }
        }
        // The ground is looked for from up to 4 m above the eye (a slope may have risen
        // past it), but never from above something overhead — a start gantry's beam, a
        // bridge — that the camera is passing under: found from above, its top would lift
        // the eye over it. Something met at once going up is ground the eye is already in.
        let mut probe = 4.0;
        if let Some(over) = world
            .cast_static_sphere(eye, Vec3::Y, CLEARANCE_M, probe)
            .filter(|d| *d > 0.05)
        {
            // A little short of touching it: a cast that starts touching reports a hit.
            probe = (over - 0.1).max(0.0);
        }
        if let Some(hit) = world.cast_static_sphere(eye + Vec3::Y * probe, -Vec3::Y, CLEARANCE_M, probe) {
            eye.y = eye.y.max(eye.y + probe - hit);
        }
        eye
    }

    /// Advances the spring one tick toward the car.
    pub fn update(&mut self, world: &SimWorld, dt_s: f32) {
        self.prev_eye = self.eye;
        self.prev_target = self.target;
        let (want, target) = Self::desired(world, self.car, self.view);
        if self.eye.distance(want) > SNAP_DISTANCE_M {
            *self = Self::with_view(world, self.car, self.view);
            return;
        }
        // Critically damped spring toward the moving goal, semi-implicit Euler:
        // a = ω²(x* − x) + 2ω(v* − v), with v* the car's velocity so that a car at steady
        // speed is followed at the set distance and only changes of speed or heading lag.
        let w = SPRING_RAD_PER_S;
        let goal_velocity = world.car_body(self.car).linvel();
        let accel = (want - self.eye) * (w * w) + (goal_velocity - self.velocity) * (2.0 * w);
        self.velocity += accel * dt_s;
        let eye = self.keep_gap(target, self.eye + self.velocity * dt_s, want);
        self.eye = Self::clip(world, target, eye);
        self.target = target;
        self.shake_from(world.events(), dt_s);
    }

    /// The shake after this tick's events: its car's hardest impact restarts it at its
    /// amplitude if that is more than what is left; it dies away exponentially. A function
    /// of the events and the tick length only, so a replay shakes alike.
    fn shake_from(&mut self, events: &[SimEvent], dt_s: f32) {
        self.prev_shake = self.shake;
        let hit = events
            .iter()
            .filter_map(|e| match e {
                SimEvent::Impact { car, impulse_ns, .. } if usize::from(*car) == self.car => {
                    Some(shake_amplitude_m(*impulse_ns))
                }
                _ => None,
            })
            .fold(0.0, f32::max);
        self.shake_m *= (-SHAKE_DECAY_PER_S * dt_s).exp();
        if hit > self.shake_m {
            self.shake_m = hit;
            self.shake_s = 0.0;
        }
        self.shake_s += dt_s;
        let tau = std::f32::consts::TAU * self.shake_s;
        let side = (self.target - self.eye)
            .cross(Vec3::Y)
            .try_normalize()
            .unwrap_or(Vec3::X);
        self.shake = self.shake_m * (side * (tau * SHAKE_HZ.0).sin() + Vec3::Y * (tau * SHAKE_HZ.1).sin());
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

    /// How far impacts shake the camera now, m.
    pub fn shake_m(&self) -> f32 {
        self.shake_m
    }

    /// Switches to the next of [`VIEWS`]; the spring carries the camera there.
    pub fn next_view(&mut self) {
        self.view = (self.view + 1) % VIEWS.len();
    }

    /// The ear after the latest tick: at the eye (without its shake), its right-hand side
    /// across the view, moving with the eye.
    pub fn listener(&self) -> Listener {
        let right = (self.target - self.eye).cross(Vec3::Y).normalize_or(Vec3::X);
        Listener {
            position_m: self.eye,
            right,
            velocity_mps: self.velocity,
        }
    }

    /// The view `alpha` of the way from the previous tick to the latest.
    pub fn camera(&self, alpha: f32) -> Camera {
        Camera::looking_at(
            self.prev_eye.lerp(self.eye, alpha) + self.prev_shake.lerp(self.shake, alpha),
            self.prev_target.lerp(self.target, alpha),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shake_grows_with_the_impulse_up_to_its_cap() {
        let a: Vec<f32> = [0.0, 1_000.0, 5_000.0, 18_000.0, 40_000.0]
            .iter()
            .map(|&i| shake_amplitude_m(i))
            .collect();
        assert_eq!(a[0], 0.0);
        assert!(a.windows(2).all(|w| w[0] <= w[1]), "{a:?}");
        assert!(a[1] < a[2] && a[2] < a[3], "{a:?}");
        assert_eq!(a[4], MAX_SHAKE_M);
    }
}
