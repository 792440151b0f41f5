//! The suspension step: each grounded wheel's spring-damper plus its axle's anti-roll bar
//! ([`crate::vehicle::anti_roll`]), and the tire's contact patch under the load it carries.

use super::tick::Tick;
use crate::vehicle::chassis::{WheelDef, MAX_WHEELS};
use crate::vehicle::sim_params::SimWheel;
use crate::vehicle::suspension::WheelContact;
use crate::vehicle::tire::slip_angle_rad;
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

/// Bump-stop stiffness as a multiple of the spring rate.
const BUMP_STOP_FACTOR: f32 = 10.0;
/// Largest suspension stiffness a tick integrates, as a fraction of `m_s/dt²`, and largest
/// damping, as a fraction of `m_s/dt`. Rapier integrates the spring-damper explicitly
/// (semi-implicit Euler), which is stable for a mass `m` on stiffness `k` and damping `c`
/// only while `a = k·dt²/m` and `b = c·dt/m` satisfy `b < 2` and `a + 2b < 4`. Capping both
/// at ½ keeps every car inside that region with room for the pitch and roll modes (whose
/// effective mass differs from the sprung mass): a 1 kg car or 10⁸ N/m springs settle
/// instead of launching. Shipped cars sit far below the caps (sedan at 60 Hz: a = 0.03,
/// b = 0.15), so for them nothing changes.
const STABLE_STIFFNESS: f32 = 0.5;
/// See [`STABLE_STIFFNESS`].
const STABLE_DAMPING: f32 = 0.5;

/// One tire's contact patch, from the suspension step for the spin solve and the tire step.
#[derive(Clone, Copy, Default)]
pub(super) struct Patch {
    pub(super) load_n: f32,
    pub(super) point: Vec3,
    pub(super) forward: Vec3,
    pub(super) left: Vec3,
    pub(super) v_x: f32,
    pub(super) v_y: f32,
    pub(super) mu: f32,
    pub(super) fy_raw: f32,
    pub(super) hold_x: f32,
    pub(super) hold_y: f32,
    pub(super) suspension_n: f32,
    pub(super) compression_m: f32,
    /// The surface's rolling resistance along `forward`, N (0 on firm ground).
    pub(super) rolling_n: f32,
}

/// A wheel whose ray hit the ground this tick.
struct GroundedWheel<'a> {
    w: &'a SimWheel,
    def: &'a WheelDef,
    hit: WheelContact,
    /// Ray origin, world frame.
    origin: Vec3,
}

// Per-wheel arrays (contacts, patches, spins, states) are walked in step by index.
#[allow(clippy::needless_range_loop)]
impl Tick<'_> {
    /// Suspension: each grounded wheel's spring-damper pushes the body along the ground
    /// normal; its force is the tire's load, and the tire's contact patch is read.
    pub(super) fn suspension(
        &self,
        body: &mut RigidBody,
        contacts: &[Option<WheelContact>; MAX_WHEELS],
        angles: &[f32; MAX_WHEELS],
    ) -> [Patch; MAX_WHEELS] {
        let mut patches = [Patch::default(); MAX_WHEELS];
        let g_mag = self.gravity.length().max(1e-6);
        // Compressions first: each anti-roll bar reads both wheels of its axle.
        let (mut compressions, mut grounded) = ([0.0f32; MAX_WHEELS], [false; MAX_WHEELS]);
        let mut headroom = [0.0f32; MAX_WHEELS];
        for i in 0..self.n {
            if let Some(hit) = contacts[i] {
                compressions[i] = (self.wheel_defs[i].reach_m - hit.distance_m).max(0.0);
                grounded[i] = true;
            }
            // What the spring leaves of the stable stiffness (see STABLE_STIFFNESS).
            let w = &self.p.wheels[i];
            let k_max = STABLE_STIFFNESS * w.sprung_mass_kg / (self.dt_s * self.dt_s);
            headroom[i] = k_max - w.spring_n_per_m.min(k_max);
        }
        let bar_n = self.p.anti_roll.forces_n(&compressions, &grounded, &headroom);
        for i in 0..self.n {
            let Some(hit) = contacts[i] else { continue };
            let wheel = GroundedWheel {
                w: &self.p.wheels[i],
                def: &self.wheel_defs[i],
                hit,
                origin: self.pose.translation + self.pose.rotation * self.wheel_defs[i].origin_m,
            };
            // The wheel centre sits (distance − r) below the ray origin.
            let center = wheel.origin + self.down() * (hit.distance_m - wheel.w.radius_m);
            // The bar's force reaches the ground through the tire like the spring's.
            let spring = (self.spring_damper_n(body, &wheel, center, g_mag) + bar_n[i]).max(0.0);
            // The spring's force reaches the body as the ground's normal reaction: the
            // suspension links carry the rest, so a pitched or rolled body is not pushed
            // sideways by its own springs.
            body.add_force_at_point(hit.normal * spring, center, false);
            patches[i] = self.contact_patch(body, &wheel, spring, angles[i]);
        }
        patches
    }

    /// The spring-damper's force, N (≥ 0): `F = m_s·g + k·(jounce) + c·(jounce rate)`, with
    /// a stiff bump stop past full compression, `k` and `c` capped to what one explicit
    /// tick integrates stably.
    fn spring_damper_n(&self, body: &RigidBody, wheel: &GroundedWheel, center: Vec3, g_mag: f32) -> f32 {
        let (w, hit, dt_s) = (wheel.w, wheel.hit, self.dt_s);
        // Jounce from the rest position: the ray origin is max_compression above rest.
        let jounce = w.max_compression_m - (hit.distance_m - w.radius_m);
        let nrm = hit.normal;
        // Compression rate: how fast the ray's length shrinks, the wheel centre's speed
        // into the ground over the ray's slant. (Its speed along chassis-up would count
        // a pitched car's forward speed as compression: at 270 m/s a 0.01 rad pitch
        // reads 2.7 m/s and the damper bounces the car off the road.)
        let rate = -nrm.dot(body.velocity_at_point(center)) / nrm.dot(self.up).max(0.1);
        let k_max = STABLE_STIFFNESS * w.sprung_mass_kg / (dt_s * dt_s);
        let k = w.spring_n_per_m.min(k_max);
        let c = w.damper_n_s_per_m.min(STABLE_DAMPING * w.sprung_mass_kg / dt_s);
        let mut spring = w.sprung_mass_kg * g_mag + k * jounce + c * rate;
        if jounce > w.max_compression_m {
            let bump_k = ((1.0 + BUMP_STOP_FACTOR) * w.spring_n_per_m).min(k_max) - k;
            spring += bump_k * (jounce - w.max_compression_m);
        }
        spring.max(0.0)
    }

    /// The tire's contact patch under `load_n`: its axes on the ground, its slip
    /// velocities, the lateral force before the friction circle (PhysX tire model, with the
    /// low-speed cap) and the low-speed hold against gravity along the ground
    /// (`vehicle::tire`).
    fn contact_patch(&self, body: &RigidBody, wheel: &GroundedWheel, load_n: f32, angle_rad: f32) -> Patch {
        let (w, hit, dt_s, gravity) = (wheel.w, wheel.hit, self.dt_s, self.gravity);
        let low_speed = &self.p.low_speed;
        let nrm = hit.normal;
        let heading = self.pose.rotation * Quat::from_rotation_y(angle_rad) * Vec3::Z;
        let forward = (heading - nrm * nrm.dot(heading)).normalize_or(heading);
        let left = nrm.cross(forward);
        let point = wheel.origin + self.down() * hit.distance_m;
        let v = body.velocity_at_point(point);
        let load = load_n;
        let (v_x, v_y) = (forward.dot(v), left.dot(v));
        let lat_stiffness = w.lateral_stiffness_n_per_rad(load);
        let angle = slip_angle_rad(v_x, v_y, low_speed.min_lat_slip_denominator_mps);
        // The viscous low-speed part may not more than half-stop the patch in a tick.
        let cap = 0.5 * w.sprung_mass_kg * v_y.abs() / dt_s;
        // min/max, not clamp: a NaN must reach the world's fault check, not panic here.
        let fy_raw = -(lat_stiffness * angle).min(cap).max(-cap);
        // Gravity along the ground, held at low speed (see vehicle::tire).
        let speed = (v - nrm * nrm.dot(v)).length();
        let hold = low_speed.hold_below_mps;
        let blend = if hold > 0.0 {
            ((2.0 * hold - speed) / hold).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let g_normal = (-nrm.dot(gravity)).max(1e-3);
        // Rolling resistance of soft ground, C_rr·F_n against the rolling direction (the
        // rolling resistance coefficient of terramechanics: Bekker's compaction resistance
        // of a tyre sunk into sand). It fades out below the speed slip stops being defined
        // and may not more than half-stop the patch in a tick, so it never drives a car
        // backwards or rocks one at rest.
        let rolling_n = if hit.rolling_resistance > 0.0 {
            let fade = (v_x / low_speed.min_long_slip_denominator_mps.max(1e-3)).clamp(-1.0, 1.0);
            let stop_cap = 0.5 * w.sprung_mass_kg * v_x.abs() / dt_s;
            -(hit.rolling_resistance * load * fade.abs()).min(stop_cap) * v_x.signum()
        } else {
            0.0
        };
        Patch {
            load_n: load,
            point,
            forward,
            left,
            v_x,
            v_y,
            mu: hit.friction * w.tire_friction,
            fy_raw,
            hold_x: -blend * load * forward.dot(gravity) / g_normal,
            hold_y: -blend * load * left.dot(gravity) / g_normal,
            suspension_n: load_n,
            compression_m: (wheel.def.reach_m - hit.distance_m).max(0.0),
            rolling_n,
        }
    }
}
