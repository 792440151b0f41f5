//! The `arcade` vehicle model: the HARFANG raycast car on rapier3d.
//!
//! Per tick, per wheel, a ray along −chassis-up (see [`super::suspension`]); on a hit the
//! three wheel terms of the HARFANG raycast car act: the two normal ones along the ground
//! normal through the ray origin, the lateral friction at the contact patch, the point
//! where the ray meets the ground, as the PhysX vehicle applies its tire forces. (HARFANG's car
//! applies them all at the ray origin, at wheel-centre height: the side forces' roll moment
//! arm is then the centre of mass's height above the wheel centres, not above the ground,
//! and a car given a realistic, low centre of mass spun at full lock from rest.)
//! - **spring bounce**: an impulse along the ground normal `n` against the wheel's closing
//!   speed, only while closing;
//! - **tire reaction**: a force `n·sqrt(compression)·Tr·m/N` (N wheels; HARFANG's m/4);
//! - **lateral friction**: an impulse along the wheel's axle against its sideways speed.
//!
//! Thrust acts at each grounded front wheel's contact patch along the steered direction,
//! its share of HARFANG's one thrust at the front-axle midpoint (×0.5 each of two), raised
//! by the car's anti-lift share of the centre of mass's height (`drive.anti_lift`); the
//! brake acts at the centre of mass against the velocity, scaled by the share of wheels on
//! the ground (×0.25 each of four) and ramped down near rest like HARFANG's `min(|v|, 1)`.
//! How HARFANG's Sf and Ta map to our rate constants is documented in
//! [`super::arcade_params`].
//!
//! Surfaces (our extension; HARFANG's car drives on one ground): a wheel's lateral adhesion rate
//! is scaled by the surface's μ, and its share of thrust and braking by min(μ, 1).
//!
//! Roll-over (our extensions, each a key of the car file; absent, HARFANG's behaviour):
//! - **steering curve**: full lock narrows with forward speed, CARLA's `steering_curve`
//!   (the sim model's key, same meaning);
//! - **Coulomb limit** (`tires.tire_friction`): HARFANG's lateral friction is viscous and
//!   unbounded, so at speed a held lock pushed the car sideways at several g and tipped it
//!   over. A tire cannot push sideways harder than μ times its load: a wheel's lateral
//!   impulse is capped at `tire_friction·μ_surface·F_n·dt`, with `F_n` its tire reaction
//!   (plus its anti-roll bar force). The car then slides at about μ·g instead, below its
//!   tipping threshold (the static stability factor: track / (2 × centre-of-mass height)
//!   in g, as the lateral impulses act at the contact patches);
//! - **anti-roll bars** per axle ([`super::anti_roll`]), acting on the tire-reaction term:
//!   each wheel's reaction gains `±k·(m/N)·(c_a − c_b)` from its axle partner's
//!   compression (k per kg of the wheel's share, so the car stays mass-free).
//!
//! Tuning: a car that bounces after a landing wants more `spring_bounce_per_s`; one that
//! slides like soap wants more `lateral_adhesion_per_s`; one that sits too low wants more
//! `tire_reaction` (rest compression is (g/Tr)²).

use super::arcade_params::ArcadeParams;
use super::chassis::{extent_half_m, MAX_WHEELS};
use super::control::VehicleControl;
use super::definition::CarDef;
use super::mass_distribution::box_inertia;
use super::shared_steps::{ease_steer_rad, forget_faulty_wheels, put_body_at_rest};
use super::suspension::{cast_wheel_rays, Surfaces, WheelContact};
use super::wheel_state::WheelState;
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

/// Spin decay of a wheel in the air: ×0.95 per 60 Hz frame in HARFANG's car, as a rate.
const AIR_SPIN_DECAY_PER_S: f32 = 3.077_6; // −ln(0.95) × 60

/// A raycast car in the world.
#[derive(Debug, Clone)]
pub struct ArcadeCar {
    /// The chassis rigid body.
    pub body: RigidBodyHandle,
    def: CarDef,
    tuning: ArcadeParams,
    steer_rad: f32,
    wheels: [WheelState; MAX_WHEELS],
    /// Each wheel's tire reaction in the latest tick (anti-roll bar included), N.
    loads_n: [f32; MAX_WHEELS],
    thrust_n: f32,
}

impl ArcadeCar {
    /// Inserts the chassis (compound boxes, mass by volume) at `pose`.
    pub fn spawn(physics: &mut PhysicsWorld, def: &CarDef, pose: Pose) -> ArcadeCar {
        let tuning = def.arcade().expect("ArcadeCar::spawn takes an arcade car").clone();
        // With a centre of mass given, the body carries the mass there and the boxes'
        // inertia (as the sim model does); otherwise each box carries its share by volume.
        let mut builder = RigidBodyBuilder::dynamic();
        if let Some(com) = tuning.center_of_mass_m {
            builder = builder.additional_mass_properties(MassProperties::new(
                com,
                def.mass_kg,
                box_inertia(def.mass_kg, &def.chassis),
            ));
        }
        let box_share = if tuning.center_of_mass_m.is_some() { 0.0 } else { 1.0 };
        let body = physics.insert_body(
            builder
                .pose(pose)
                .linear_damping(tuning.linear_damping)
                .angular_damping(tuning.angular_damping)
                // HARFANG's car wakes the chassis every frame: a car never sleeps.
                .can_sleep(false)
                .ccd_enabled(true),
        );
        let total_volume: f32 = def.chassis.iter().map(|b| b.volume_m3()).sum();
        for b in &def.chassis {
            let half = b.size_m * 0.5;
            physics.insert_collider(
                ColliderBuilder::cuboid(half.x, half.y, half.z)
                    .translation(b.position_m)
                    .mass(box_share * def.mass_kg * b.volume_m3() / total_volume)
                    .friction(0.4),
                Some(body),
            );
        }
        // CCD judged against the whole car, not its thinnest box (see `extent_half_m`).
        physics.bodies[body].set_ccd_extent_box(Some(extent_half_m(&def.chassis)));
        let mut wheels = [WheelState::default(); MAX_WHEELS];
        for (w, d) in wheels.iter_mut().zip(&def.wheels) {
            w.center_y_m = d.origin_m.y - def.droop_m;
        }
        ArcadeCar {
            body,
            tuning,
            def: def.clone(),
            steer_rad: 0.0,
            wheels,
            loads_n: [0.0; MAX_WHEELS],
            thrust_n: 0.0,
        }
    }

    /// The definition this car was built from.
    pub fn def(&self) -> &CarDef {
        &self.def
    }

    /// Wheel states after the latest tick, in definition order.
    pub fn wheels(&self) -> &[WheelState] {
        &self.wheels[..self.def.wheels.len()]
    }

    /// Each wheel's tire reaction (the ground's push along its normal, anti-roll bar
    /// included) in the latest tick, N, in definition order; 0 in the air.
    pub fn loads_n(&self) -> &[f32] {
        &self.loads_n[..self.def.wheels.len()]
    }

    /// Thrust force applied in the latest tick, N (negative in reverse).
    pub fn thrust_n(&self) -> f32 {
        self.thrust_n
    }

    /// Puts the car at `pose`, at rest, wheels straight.
    pub fn teleport(&mut self, physics: &mut PhysicsWorld, pose: Pose) {
        put_body_at_rest(physics, self.body, pose);
        self.steer_rad = 0.0;
        self.thrust_n = 0.0;
        for w in &mut self.wheels {
            w.spin_rate_rad_per_s = 0.0;
        }
        forget_faulty_wheels(&mut self.wheels);
    }

    /// Whether the model's own state (steering, thrust, wheels) is finite.
    pub fn state_is_finite(&self) -> bool {
        self.steer_rad.is_finite() && self.thrust_n.is_finite() && self.wheels.iter().all(WheelState::is_finite)
    }

    /// Applies this tick's wheel, thrust and brake terms. Call once per tick, before the
    /// physics step. The steps, in order (the module doc says what each does): steering,
    /// wheel rays, the three wheel terms, thrust, brake, and in another car's wake
    /// (`drag_scale` under 1) the tow.
    pub fn update(
        &mut self,
        physics: &mut PhysicsWorld,
        control: &VehicleControl,
        surfaces: &Surfaces,
        drag_scale: f32,
        dt_s: f32,
    ) {
        let def = &self.def;
        let pose = *physics.bodies[self.body].position();
        // Positive steer input turns right, i.e. a negative angle about +Y; the lock
        // narrows with forward speed (the steering curve).
        let forward_mps = (pose.rotation * Vec3::Z).dot(physics.bodies[self.body].linvel());
        let target = -control.steer * def.max_steer_at_rad(forward_mps);
        self.steer_rad = ease_steer_rad(self.steer_rad, target, def.steer_rate_rad_per_s, dt_s);

        let tick = Tick {
            def,
            t: &self.tuning,
            control,
            pose,
            down: -(pose.rotation * Vec3::Y),
            reach_m: def.reach_m(),
            gravity: physics.gravity,
            dt_s,
        };
        let contacts = cast_wheel_rays(physics, self.body, &def.wheels, |_| tick.reach_m, surfaces);
        let body = &mut physics.bodies[self.body];
        body.reset_forces(false);
        body.reset_torques(false);
        let grip = tick.wheel_terms(body, &contacts, self.steer_rad, &mut self.wheels, &mut self.loads_n);
        self.thrust_n = tick.thrust(body, &grip, self.steer_rad, &self.wheels);
        tick.brake(body, &grip, &mut self.wheels);
        if drag_scale < 1.0 {
            tow(body, self.tuning.linear_damping, drag_scale);
        }
    }
}

/// The arcade car's aerodynamic drag is its chassis' linear damping (rapier's, m·c·v
/// against the velocity; it sets the top speed): in a wake, the fraction `1 − drag_scale`
/// of it given back as a force along the velocity. Only called in a wake, so a car in
/// clean air is stepped exactly as before.
fn tow(body: &mut RigidBody, linear_damping_per_s: f32, drag_scale: f32) {
    let given_back = (1.0 - drag_scale) * linear_damping_per_s * body.mass();
    body.add_force(body.linvel() * given_back, false);
}

/// What every step of one arcade car's tick reads, taken once before any force is applied.
struct Tick<'a> {
    def: &'a CarDef,
    t: &'a ArcadeParams,
    control: &'a VehicleControl,
    /// The chassis pose before the step.
    pose: Pose,
    /// −chassis-up, world frame: the rays' direction.
    down: Vec3,
    /// Every wheel's ray reach (the definition's longest).
    reach_m: f32,
    gravity: Vec3,
    dt_s: f32,
}

/// The wheels on the ground after the wheel terms: how many, their mean normal, each
/// one's grip (min(μ, 1); 0 in the air) and the steered wheels' grip summed.
struct Grip {
    normal_sum: Vec3,
    grounded: usize,
    wheel: [f32; MAX_WHEELS],
    front: f32,
}

impl Tick<'_> {
    /// The HARFANG raycast car's three wheel terms for each grounded wheel (spring bounce
    /// and tire reaction through the ray origin, lateral friction at the contact patch),
    /// and each wheel's state.
    fn wheel_terms(
        &self,
        body: &mut RigidBody,
        contacts: &[Option<WheelContact>; MAX_WHEELS],
        steer_rad: f32,
        wheels: &mut [WheelState; MAX_WHEELS],
        loads_n: &mut [f32; MAX_WHEELS],
    ) -> Grip {
        let (def, t, dt_s) = (self.def, self.t, self.dt_s);
        let (pose, rot, down, reach) = (self.pose, self.pose.rotation, self.down, self.reach_m);
        let n_wheels = def.wheels.len();
        let mass = def.mass_kg;
        let share = mass / n_wheels as f32;
        let bounce = 1.0 - (-t.spring_bounce_per_s * dt_s).exp();
        let rear_grip = if self.control.hand_brake {
            t.handbrake_rear_adhesion
        } else {
            1.0
        };
        // Grip of the wheels on the ground, each min(μ, 1): thrust and brakes are limited by
        // the surface below asphalt's grip, and by the car above it.
        let (mut normal_sum, mut grounded, mut grip_front) = (Vec3::ZERO, 0, 0.0);
        let mut wheel_grip = [0.0f32; MAX_WHEELS];
        // Compressions first: each anti-roll bar reads both wheels of its axle.
        let (mut compressions, mut on_ground) = ([0.0f32; MAX_WHEELS], [false; MAX_WHEELS]);
        for ((c, d), contact) in compressions.iter_mut().zip(&mut on_ground).zip(contacts) {
            if let Some(hit) = contact {
                (*c, *d) = ((reach - hit.distance_m).max(0.0), true);
            }
        }
        // The tire reaction is a force per kg (mass-free): the bar needs no stability cap.
        let bar_n = t
            .anti_roll
            .forces_n(&compressions, &on_ground, &[f32::INFINITY; MAX_WHEELS]);
        for (i, (((w, contact), state), bar_n)) in def.wheels.iter().zip(contacts).zip(wheels).zip(bar_n).enumerate() {
            let steer = if w.steered { steer_rad } else { 0.0 };
            let wheel_rot = rot * Quat::from_rotation_y(steer);
            let axle = wheel_rot * Vec3::X;
            let rolling = wheel_rot * Vec3::Z;
            let origin = pose.translation + rot * w.origin_m;
            state.steer_rad = steer;
            match *contact {
                Some(hit) => {
                    let n = hit.normal;
                    let compression = (reach - hit.distance_m).max(0.0);
                    // Where the ray meets the ground: the tire's side force acts here.
                    let patch = origin + down * hit.distance_m;
                    // The normal terms act along the ground normal through the ray origin,
                    // as in the seed: a round wheel's contact force passes through its
                    // centre, and on a slope a round wheel touches ahead of the point below
                    // its centre, where the ray hits. (At the patch, the ramp's tilted normal
                    // pitched the coupe's nose down on the jump level's 30° ramp, and it
                    // struck the slope instead of flying off the lip.)
                    // Spring bounce: only while the wheel closes on the ground.
                    let closing = -n.dot(body.velocity_at_point(origin));
                    if closing > 0.0 {
                        body.apply_impulse_at_point(n * (closing * share * bounce), origin, false);
                    }
                    // Tire reaction: a sqrt spring carrying 1/N of the weight, plus the
                    // axle's anti-roll bar; the ground pushes, never pulls.
                    let normal_n = ((compression.sqrt() * t.tire_reaction + bar_n) * share).max(0.0);
                    body.add_force_at_point(n * normal_n, origin, false);
                    loads_n[i] = normal_n;
                    // Lateral friction along the axle, against the patch's sideways speed.
                    let lateral = axle.dot(body.velocity_at_point(patch));
                    // Surfaces scale the adhesion rate by their μ (HARFANG's car has no surfaces).
                    let rate = t.lateral_adhesion_per_s * hit.friction * if w.steered { 1.0 } else { rear_grip };
                    let fraction = 1.0 - (-rate * dt_s).exp();
                    let mut lateral_impulse = lateral * share * fraction;
                    if let Some(mu) = t.tire_friction {
                        // Coulomb: no more than μ·F_n sideways (the handbrake's rear grip
                        // scales the limit as it scales the rate).
                        let limit = mu * hit.friction * normal_n * dt_s * if w.steered { 1.0 } else { rear_grip };
                        lateral_impulse = lateral_impulse.min(limit).max(-limit);
                    }
                    body.apply_impulse_at_point(axle * -lateral_impulse, patch, false);

                    state.slip_power_w = (lateral_impulse * lateral).abs() / dt_s;
                    state.contact_m = patch;
                    state.on_loose = hit.loose;
                    state.surface = hit.surface;
                    state.grounded = true;
                    state.compression_m = compression;
                    state.center_y_m = w.origin_m.y - hit.distance_m + def.wheel_radius_m;
                    state.spin_rate_rad_per_s = rolling.dot(body.velocity_at_point(origin)) / def.wheel_radius_m;
                    normal_sum += n;
                    grounded += 1;
                    let grip = hit.friction.min(1.0);
                    wheel_grip[i] = grip;
                    if w.steered {
                        grip_front += grip;
                    }
                }
                None => {
                    loads_n[i] = 0.0;
                    state.slip_power_w = 0.0;
                    state.on_loose = false;
                    state.surface = None;
                    state.grounded = false;
                    state.compression_m = 0.0;
                    state.center_y_m = w.origin_m.y - def.droop_m;
                    state.spin_rate_rad_per_s *= (-AIR_SPIN_DECAY_PER_S * dt_s).exp();
                }
            }
            state.spin_angle_rad =
                (state.spin_angle_rad + state.spin_rate_rad_per_s * dt_s).rem_euclid(std::f32::consts::TAU);
        }

        Grip {
            normal_sum,
            grounded,
            wheel: wheel_grip,
            front: grip_front,
        }
    }

    /// Thrust along the steered wheels, each grounded front wheel pushing its share at its
    /// contact patch (two front wheels: ×0.5 each, by its grip). Returns the thrust, N.
    fn thrust(&self, body: &mut RigidBody, grip: &Grip, steer_rad: f32, wheels: &[WheelState; MAX_WHEELS]) -> f32 {
        let (def, t, control) = (self.def, self.t, self.control);
        let rot = self.pose.rotation;
        let (up, com) = (rot * Vec3::Y, body.center_of_mass());
        let mass = def.mass_kg;
        let n_front = def.wheels.iter().filter(|w| w.steered).count();
        let pedal = control.throttle * if control.reverse { -t.reverse_fraction } else { 1.0 };
        let thrust_n = mass * t.thrust_mps2 * pedal * grip.front / n_front as f32;
        if thrust_n != 0.0 {
            let dir = rot * Quat::from_rotation_y(steer_rad) * Vec3::Z;
            let per_grip_n = mass * t.thrust_mps2 * pedal / n_front as f32;
            for ((w, state), g) in def.wheels.iter().zip(wheels).zip(grip.wheel) {
                if w.steered && state.grounded {
                    // Anti-lift: up from the patch by that share of the centre of mass's height.
                    let point = state.contact_m + up * (t.anti_lift * up.dot(com - state.contact_m));
                    body.add_force_at_point(dir * (per_grip_n * g), point, false);
                }
            }
        }
        thrust_n
    }

    /// Brake and handbrake at the centre of mass, against the velocity in the ground
    /// plane, by the share of wheels down (four wheels: ×0.25 each); the braking power is
    /// added to the grounded wheels' slip power. Not at the contact patches: this is
    /// HARFANG's velocity brake, which stops the car dead and holds it on a slope, and at the
    /// patches its dive rebounded once the car stood still and rolled it back.
    fn brake(&self, body: &mut RigidBody, grip: &Grip, wheels: &mut [WheelState; MAX_WHEELS]) {
        let (def, t, control, gravity, dt_s) = (self.def, self.t, self.control, self.gravity, self.dt_s);
        let mass = def.mass_kg;
        let n_wheels = def.wheels.len();
        let n_rear = n_wheels - def.wheels.iter().filter(|w| w.steered).count();
        let (normal_sum, grounded) = (grip.normal_sum, grip.grounded);
        // Each grounded wheel adds its grip times its share of the service brake, and the
        // handbrake's at the rear.
        let mut decel = 0.0;
        for (i, w) in def.wheels.iter().enumerate() {
            decel += t.brake_mps2 * control.brake * grip.wheel[i] * control.wheel_brake_share(i) / n_wheels as f32;
            if control.hand_brake && !w.steered {
                decel += t.handbrake_mps2 * grip.wheel[i] / n_rear as f32;
            }
        }
        if decel > 0.0 && grounded > 0 {
            let n = normal_sum.normalize_or(Vec3::Y);
            // The velocity this tick would end with unbraked (gravity included), so that a
            // held brake also holds the car on a slope instead of letting it creep.
            let predicted = body.linvel() + gravity * dt_s;
            let tangential = predicted - n * n.dot(predicted);
            let speed = tangential.length();
            if speed > 0.0 {
                // HARFANG's min(|v|, 1) ramp, with the ramp speed from the car; and never
                // more than brings the car to rest, so it stops without trembling.
                // A force, not an impulse: rapier integrates in substeps, and a force spread
                // over the step cancels gravity's pull in each of them.
                let ramp = (speed / t.brake_ramp_speed_mps).min(1.0);
                let dv = (decel * ramp * dt_s).min(speed);
                let force = tangential * (-dv / speed * mass / dt_s);
                body.add_force(force, false);
                // The braking power is dissipated at the tires, shared by grip.
                let power = dv / dt_s * mass * speed;
                for w in wheels.iter_mut().filter(|w| w.grounded) {
                    w.slip_power_w += power / grounded as f32;
                }
            }
        }
    }
}
