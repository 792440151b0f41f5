//! The `sim` vehicle model: the CARLA/PhysX car (seeds 001/004) on the shared raycast
//! suspension.
//!
//! Per tick:
//! 1. steering eases toward `steer × max angle × steering_curve(speed)`, spread over the
//!    wheels by Ackermann geometry (`vehicle::steering`);
//! 2. the gearbox shifts (autobox, manual or reverse; neutral for `gear_switch_time`);
//! 3. one ray per wheel along −chassis-up; on a hit the suspension is a spring-damper,
//!    `F = m_s·g + k·(jounce) + c·(jounce rate)` (≥ 0), with a stiff bump stop past full
//!    compression; its force is the tire load and acts along the ground normal;
//! 4. engine, clutch, differential and wheel spins are solved together, implicitly, with
//!    each tire's longitudinal stiffness linearised (`vehicle::drivetrain`), three passes
//!    so that the combined-slip scaling settles;
//! 5. tire forces from slip bounded by the friction circle (`vehicle::tire`), applied at
//!    the contact point; aerodynamic drag ½ρC_dAv² at the centre of mass.
//!
//! Tuning: a car that wallows wants more `suspension_damper`; one that sits on its bump
//! stops wants more `suspension_spring_rate`; one that spins its wheels at every launch
//! wants a lower first gear or more `tire_friction`; one that understeers wants more front
//! `lat_stiff_value` (see `skidpad analyze`).

use super::chassis::{WheelDef, MAX_WHEELS};
use super::control::VehicleControl;
use super::definition::CarDef;
use super::drivetrain::{solve_spin, Gearbox, SpinEngine, SpinResult, SpinWheel, RAD_PER_S_PER_RPM};
use super::shared_steps::{ease_steer_rad, forget_faulty_wheels, put_body_at_rest};
use super::sim_params::{SimParams, SimWheel};
use super::steering;
use super::suspension::{cast_wheel_rays, Surfaces, WheelContact};
use super::telemetry::{Telemetry, WheelTelemetry};
use super::tire::{combined_scale, slip_angle_rad, slip_ratio};
use super::wheel_state::WheelState;
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

/// Bump-stop stiffness as a multiple of the spring rate.
const BUMP_STOP_FACTOR: f32 = 10.0;
/// Passes of the spin solve per tick.
const SPIN_PASSES: usize = 3;
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

/// A sim-model car in the world.
#[derive(Debug, Clone)]
pub struct SimCar {
    /// The chassis rigid body.
    pub body: RigidBodyHandle,
    def: CarDef,
    steer_rad: f32,
    engine_omega: f32,
    gearbox: Gearbox,
    /// Combined-slip scale of each tire from the previous tick (the solve's first guess).
    scale: [f32; MAX_WHEELS],
    omega: [f32; MAX_WHEELS],
    wheels: [WheelState; MAX_WHEELS],
    telemetry: Telemetry,
}

impl SimCar {
    /// Inserts the chassis at `pose`: the collision boxes carry no mass; the mass, centre of
    /// mass and inertia come from the definition.
    pub fn spawn(physics: &mut PhysicsWorld, def: &CarDef, pose: Pose) -> SimCar {
        let p = def.sim().expect("SimCar::spawn takes a sim car");
        let body = physics.insert_body(
            RigidBodyBuilder::dynamic()
                .pose(pose)
                .additional_mass_properties(MassProperties::new(p.center_of_mass_m, def.mass_kg, p.inertia_kg_m2))
                .angular_damping(p.angular_damping)
                .can_sleep(false)
                .ccd_enabled(true),
        );
        for b in &def.chassis {
            let half = b.size_m * 0.5;
            physics.insert_collider(
                ColliderBuilder::cuboid(half.x, half.y, half.z)
                    .translation(b.position_m)
                    .density(0.0)
                    .friction(0.4),
                Some(body),
            );
        }
        let mut wheels = [WheelState::default(); MAX_WHEELS];
        for (w, d) in wheels.iter_mut().zip(&p.wheels) {
            w.center_y_m = d.position_m.y - d.max_droop_m;
        }
        let idle = p.engine.idle_rpm * RAD_PER_S_PER_RPM;
        SimCar {
            body,
            def: def.clone(),
            steer_rad: 0.0,
            engine_omega: idle,
            gearbox: Gearbox {
                gear: 1,
                target: 1,
                ..Gearbox::default()
            },
            scale: [1.0; MAX_WHEELS],
            omega: [0.0; MAX_WHEELS],
            wheels,
            telemetry: Telemetry {
                wheel_count: p.wheels.len(),
                gear: 1,
                ..Telemetry::default()
            },
        }
    }

    /// The definition this car was built from.
    pub fn def(&self) -> &CarDef {
        &self.def
    }

    fn params(&self) -> &SimParams {
        self.def.sim().expect("a SimCar holds a sim definition")
    }

    /// Wheel states after the latest tick.
    pub fn wheels(&self) -> &[WheelState] {
        &self.wheels[..self.def.wheels.len()]
    }

    /// Telemetry of the latest tick.
    pub fn telemetry(&self) -> &Telemetry {
        &self.telemetry
    }

    /// Puts the car at `pose`, at rest, wheels straight, in first gear.
    pub fn teleport(&mut self, physics: &mut PhysicsWorld, pose: Pose) {
        put_body_at_rest(physics, self.body, pose);
        self.steer_rad = 0.0;
        self.omega = [0.0; MAX_WHEELS];
        self.scale = [1.0; MAX_WHEELS];
        self.gearbox = Gearbox {
            gear: 1,
            target: 1,
            ..Gearbox::default()
        };
        self.engine_omega = self.params().engine.idle_rpm * RAD_PER_S_PER_RPM;
        forget_faulty_wheels(&mut self.wheels);
    }

    /// Whether the model's own state (steering, engine, wheel spins, slip scales) is
    /// finite.
    pub fn state_is_finite(&self) -> bool {
        self.steer_rad.is_finite()
            && self.engine_omega.is_finite()
            && self.omega.iter().chain(&self.scale).all(|v| v.is_finite())
            && self.wheels.iter().all(WheelState::is_finite)
    }

    /// Spins every wheel at the speed of the ground under it and puts the gearbox in the
    /// gear the autobox would hold there: for a car launched at a speed (scenario runs,
    /// tests), so it does not start with locked wheels.
    pub fn roll_with_body(&mut self, physics: &PhysicsWorld) {
        let body = &physics.bodies[self.body];
        let rot = *body.rotation();
        let forward = rot * Vec3::Z;
        let Some(p) = self.def.sim() else { return };
        for (i, w) in p.wheels.iter().enumerate().take(MAX_WHEELS) {
            let point = body.translation() + rot * w.position_m;
            self.omega[i] = body.velocity_at_point(point).dot(forward) / w.radius_m;
        }
        let diff: f32 = p.wheels.iter().zip(&self.omega).map(|(w, o)| w.drive_share * o).sum();
        let top = p.gearbox.forward.len() as i8;
        let mut gear = 1;
        while gear < top {
            let rpm = (p.overall_ratio(gear as usize) * diff).abs() / RAD_PER_S_PER_RPM;
            if rpm <= p.gearbox.forward[gear as usize - 1].up_ratio * p.engine.max_rpm {
                break;
            }
            gear += 1;
        }
        self.gearbox = Gearbox {
            gear,
            target: gear,
            ..Gearbox::default()
        };
        let idle = p.engine.idle_rpm * RAD_PER_S_PER_RPM;
        self.engine_omega = (p.overall_ratio(gear as usize) * diff).abs().max(idle);
    }

    /// Applies this tick's suspension, tire and drag forces. Call once per tick, before the
    /// physics step. The steps, in order (the module doc says what each does): steering,
    /// gearbox, wheel rays, suspension, drivetrain spin solve, tire forces, drag.
    pub fn update(&mut self, physics: &mut PhysicsWorld, control: &VehicleControl, surfaces: &Surfaces, dt_s: f32) {
        let def = &self.def;
        let Some(p) = def.sim() else { return };
        let pose = *physics.bodies[self.body].position();
        let tick = Tick {
            p,
            wheel_defs: &def.wheels,
            control,
            n: p.wheels.len().min(MAX_WHEELS),
            pose,
            up: pose.rotation * Vec3::Y,
            gravity: physics.gravity,
            dt_s,
        };
        let forward_speed = physics.bodies[self.body].linvel().dot(pose.rotation * Vec3::Z);

        let angles = tick.steer(&mut self.steer_rad, forward_speed);
        let driveline = tick.shift(&mut self.gearbox, &self.omega);
        let contacts = cast_wheel_rays(physics, self.body, &def.wheels[..tick.n], |w| w.reach_m, surfaces);
        let body = &mut physics.bodies[self.body];
        body.reset_forces(false);
        body.reset_torques(false);
        let patches = tick.suspension(body, &contacts, &angles);
        let engine = tick.engine(self.engine_omega, &driveline);
        let spins = tick.spin_solve(&engine, &self.omega, &mut self.scale, &patches);
        self.engine_omega = spins.engine_omega;
        let mut telemetry = Telemetry {
            forward_speed_mps: forward_speed,
            engine_rpm: self.engine_omega / RAD_PER_S_PER_RPM,
            gear: self.gearbox.gear,
            clutch_slip_rpm: if engine.clutch_engaged {
                (self.engine_omega - driveline.ratio * driveline.diff_omega) / RAD_PER_S_PER_RPM
            } else {
                0.0
            },
            wheel_count: tick.n,
            ..Telemetry::default()
        };
        let wheels = WheelsOut {
            omega: &mut self.omega,
            states: &mut self.wheels,
            telemetry: &mut telemetry.wheels,
        };
        tick.tire_forces(body, &contacts, &patches, &angles, &spins, wheels);
        drag(body, p);
        self.telemetry = telemetry;
    }
}

/// What every step of one sim car's tick reads, taken once before any force is applied.
struct Tick<'a> {
    p: &'a SimParams,
    wheel_defs: &'a [WheelDef],
    control: &'a VehicleControl,
    /// Wheels this tick walks (at most [`MAX_WHEELS`]).
    n: usize,
    /// The chassis pose before the step.
    pose: Pose,
    /// Chassis up, world frame.
    up: Vec3,
    gravity: Vec3,
    dt_s: f32,
}

/// The gearbox's side of the drivetrain after the shift step.
struct Driveline {
    /// The differential's input speed the wheels impose, rad/s.
    diff_omega: f32,
    /// The engine speed that imposes, rpm, at the ratio before the shift.
    driveline_rpm: f32,
    /// Overall ratio after the shift (0 in neutral).
    ratio: f32,
}

/// One tire's contact patch, from the suspension step for the spin solve and the tire step.
#[derive(Clone, Copy, Default)]
struct Patch {
    load_n: f32,
    point: Vec3,
    forward: Vec3,
    left: Vec3,
    v_x: f32,
    v_y: f32,
    mu: f32,
    fy_raw: f32,
    hold_x: f32,
    hold_y: f32,
    suspension_n: f32,
    compression_m: f32,
}

/// A wheel whose ray hit the ground this tick.
struct GroundedWheel<'a> {
    w: &'a SimWheel,
    def: &'a WheelDef,
    hit: WheelContact,
    /// Ray origin, world frame.
    origin: Vec3,
}

/// The per-wheel state the tire step writes.
struct WheelsOut<'a> {
    omega: &'a mut [f32; MAX_WHEELS],
    states: &'a mut [WheelState; MAX_WHEELS],
    telemetry: &'a mut [WheelTelemetry; MAX_WHEELS],
}

// Per-wheel arrays (contacts, patches, spins, states) are walked in step by index.
#[allow(clippy::needless_range_loop)]
impl Tick<'_> {
    fn down(&self) -> Vec3 {
        -self.up
    }

    /// Steering: eased toward `steer × max angle × steering_curve(speed)` (positive steer
    /// input turns right, a negative angle about +Y), spread over the wheels by Ackermann
    /// geometry.
    fn steer(&self, steer_rad: &mut f32, forward_speed_mps: f32) -> [f32; MAX_WHEELS] {
        let p = self.p;
        let target = -self.control.steer * steering::max_angle_rad(p, forward_speed_mps);
        *steer_rad = ease_steer_rad(*steer_rad, target, p.steering.rate_rad_per_s, self.dt_s);
        let mut angles = [0.0f32; MAX_WHEELS];
        steering::wheel_angles(p, *steer_rad, &mut angles[..self.n]);
        angles
    }

    /// Gearbox, judged on the engine speed the wheels impose.
    fn shift(&self, gearbox: &mut Gearbox, omega: &[f32; MAX_WHEELS]) -> Driveline {
        let p = self.p;
        let diff_omega: f32 = (0..self.n).map(|i| p.wheels[i].drive_share * omega[i]).sum();
        let ratio_now = gearbox.overall_ratio(&p.gearbox);
        let driveline_rpm = (ratio_now * diff_omega).abs() / RAD_PER_S_PER_RPM;
        gearbox.update(&p.gearbox, p.engine.max_rpm, self.control, driveline_rpm, self.dt_s);
        Driveline {
            diff_omega,
            driveline_rpm,
            ratio: gearbox.overall_ratio(&p.gearbox),
        }
    }

    /// Suspension: each grounded wheel's spring-damper pushes the body along the ground
    /// normal; its force is the tire's load, and the tire's contact patch is read.
    fn suspension(
        &self,
        body: &mut RigidBody,
        contacts: &[Option<WheelContact>; MAX_WHEELS],
        angles: &[f32; MAX_WHEELS],
    ) -> [Patch; MAX_WHEELS] {
        let mut patches = [Patch::default(); MAX_WHEELS];
        let g_mag = self.gravity.length().max(1e-6);
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
            let spring = self.spring_damper_n(body, &wheel, center, g_mag);
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
        }
    }

    /// The engine's side of the spin solve: torque at the throttle (raised by the idle
    /// governor), damping, and the automated clutch.
    fn engine(&self, engine_omega: f32, driveline: &Driveline) -> SpinEngine {
        let (p, control) = (self.p, self.control);
        let throttle = control.throttle;
        let engine_rpm = engine_omega / RAD_PER_S_PER_RPM;
        let idle = p.engine.idle_rpm;
        let governor = if idle > 0.0 && engine_rpm < idle {
            ((idle - engine_rpm) / (0.1 * idle)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let throttle_eff = throttle.max(governor);
        // The automated clutch: closed to drive, and to engine-brake above idle; open when
        // the car is too slow for the gear, and while braking without throttle (so the
        // engine neither stalls nor fights the brakes).
        let braking = control.brake > 0.05 && throttle <= 0.01;
        let clutch_engaged = driveline.ratio != 0.0
            && !braking
            && (idle <= 0.0 || throttle > 0.01 || driveline.driveline_rpm > 1.1 * idle || control.manual_gear_shift);
        let torque = if engine_rpm >= p.engine.max_rpm {
            0.0
        } else {
            throttle_eff * p.engine.torque_curve.eval(engine_rpm)
        };
        let zero_rate = if clutch_engaged {
            p.engine.damping_zero_throttle_clutch_engaged
        } else {
            p.engine.damping_zero_throttle_clutch_disengaged
        };
        SpinEngine {
            omega: engine_omega,
            torque_nm: torque,
            damping: zero_rate + (p.engine.damping_full_throttle - zero_rate) * throttle_eff,
            ratio: driveline.ratio,
            clutch_engaged,
        }
    }

    /// Engine, clutch and wheel spins solved together, implicitly, each tire's
    /// longitudinal stiffness linearised; [`SPIN_PASSES`] passes so that the combined-slip
    /// scales (`scale`, also the next tick's first guess) settle.
    fn spin_solve(
        &self,
        engine: &SpinEngine,
        omega: &[f32; MAX_WHEELS],
        scale: &mut [f32; MAX_WHEELS],
        patches: &[Patch; MAX_WHEELS],
    ) -> SpinResult {
        let (p, control, n) = (self.p, self.control, self.n);
        let long_floor = p.low_speed.min_long_slip_denominator_mps;
        let mut spin = [SpinWheel::default(); MAX_WHEELS];
        for i in 0..n {
            let w = &p.wheels[i];
            spin[i] = SpinWheel {
                omega: omega[i],
                tire_a: 0.0,
                v_x: patches[i].v_x,
                brake_nm: control.brake * w.max_brake_torque_nm
                    + if control.hand_brake {
                        w.max_handbrake_torque_nm
                    } else {
                        0.0
                    },
            };
        }
        let mut result = SpinResult::default();
        for _ in 0..SPIN_PASSES {
            for i in 0..n {
                let w = &p.wheels[i];
                let patch = &patches[i];
                let den = patch.v_x.abs().max(long_floor);
                spin[i].tire_a = scale[i] * w.longitudinal_stiffness_n() / den;
            }
            result = solve_spin(p, engine, &spin[..n], self.dt_s);
            for i in 0..n {
                let patch = &patches[i];
                let w = &p.wheels[i];
                let fx_raw = w.longitudinal_stiffness_n()
                    * slip_ratio(patch.v_x, result.wheel_omega[i] * w.radius_m, long_floor);
                scale[i] = combined_scale(fx_raw, patch.fy_raw, patch.mu * patch.load_n);
            }
        }
        result
    }

    /// Tire forces: slip from the solved spins, bounded by the friction circle (PhysX
    /// combined slip), plus the low-speed hold, applied at the contact point; and each
    /// wheel's state and telemetry.
    fn tire_forces(
        &self,
        body: &mut RigidBody,
        contacts: &[Option<WheelContact>; MAX_WHEELS],
        patches: &[Patch; MAX_WHEELS],
        angles: &[f32; MAX_WHEELS],
        result: &SpinResult,
        out: WheelsOut,
    ) {
        let (p, dt_s) = (self.p, self.dt_s);
        let long_floor = p.low_speed.min_long_slip_denominator_mps;
        for i in 0..self.n {
            let w = &p.wheels[i];
            let wd = &self.wheel_defs[i];
            let patch = patches[i];
            let state = &mut out.states[i];
            let omega = result.wheel_omega[i];
            state.steer_rad = angles[i];
            if contacts[i].is_none() {
                out.omega[i] = omega;
                state.grounded = false;
                state.compression_m = 0.0;
                state.slip_power_w = 0.0;
                state.on_loose = false;
                state.center_y_m = w.position_m.y - w.max_droop_m;
                state.spin_rate_rad_per_s = omega;
                state.spin_angle_rad = (state.spin_angle_rad + omega * dt_s).rem_euclid(std::f32::consts::TAU);
                out.telemetry[i] = WheelTelemetry {
                    wheel_speed_mps: omega * w.radius_m,
                    ..WheelTelemetry::default()
                };
                continue;
            }
            let slip = slip_ratio(patch.v_x, omega * w.radius_m, long_floor);
            let fx_raw = w.longitudinal_stiffness_n() * slip;
            let s = combined_scale(fx_raw, patch.fy_raw, patch.mu * patch.load_n);
            let mut fx = fx_raw * s;
            let mut fy = patch.fy_raw * s;
            // The low-speed hold, lengthways only for a wheel its brake holds still.
            fy += patch.hold_y;
            if result.locked[i] {
                fx += patch.hold_x;
            }
            let limit = patch.mu * patch.load_n;
            let magnitude = fx.hypot(fy);
            if magnitude > limit && magnitude > 0.0 {
                fx *= limit / magnitude;
                fy *= limit / magnitude;
            }
            body.add_force_at_point(patch.forward * fx + patch.left * fy, patch.point, false);

            out.omega[i] = omega;
            let hit = contacts[i].map(|c| c.distance_m).unwrap_or(wd.reach_m);
            state.grounded = true;
            state.compression_m = patch.compression_m;
            state.center_y_m = wd.origin_m.y - (hit - w.radius_m);
            state.spin_rate_rad_per_s = omega;
            state.spin_angle_rad = (state.spin_angle_rad + omega * dt_s).rem_euclid(std::f32::consts::TAU);
            state.slip_power_w = (fx * (omega * w.radius_m - patch.v_x)).abs() + (fy * patch.v_y).abs();
            state.contact_m = patch.point;
            state.on_loose = contacts[i].is_some_and(|c| c.loose);
            out.telemetry[i] = WheelTelemetry {
                slip_ratio: slip,
                slip_angle_rad: slip_angle_rad(patch.v_x, patch.v_y, p.low_speed.min_lat_slip_denominator_mps),
                load_n: patch.load_n,
                compression_m: patch.compression_m,
                suspension_force_n: patch.suspension_n,
                tire_fx_n: fx,
                tire_fy_n: fy,
                wheel_speed_mps: omega * w.radius_m,
            };
        }
    }
}

/// Aerodynamic drag ½ρC_dAv² at the centre of mass, against the velocity.
fn drag(body: &mut RigidBody, p: &SimParams) {
    let v = body.linvel();
    let speed = v.length();
    if speed > 0.0 {
        body.add_force(-v / speed * p.drag_n(speed), false);
    }
}
