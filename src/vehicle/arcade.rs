//! The `arcade` vehicle model: the HARFANG raycast car on rapier3d.
//!
//! Per tick, per wheel, a ray along −chassis-up (see [`super::suspension`]); on a hit the
//! three wheel terms of the HARFANG raycast car act at the ray origin:
//! - **spring bounce**: an impulse along the ground normal `n` against the wheel's closing
//!   speed, only while closing;
//! - **tire reaction**: a force `n·sqrt(compression)·Tr·m/N` (N wheels; the seed's m/4);
//! - **lateral friction**: an impulse along the wheel's axle against its sideways speed.
//!
//! Thrust acts at the front-axle midpoint along the steered direction, scaled by the share
//! of front wheels on the ground (×0.5 each of two); the brake acts at the centre of mass
//! against the velocity, scaled by the share of wheels on the ground (×0.25 each of four)
//! and ramped down near rest like the seed's `min(|v|, 1)`. How the seed's Sf and Ta map to
//! our rate constants is documented in [`super::arcade_params`].
//!
//! Surfaces (our extension; the seed drives on one ground): a wheel's lateral adhesion rate
//! is scaled by the surface's μ, and its share of thrust and braking by min(μ, 1).
//!
//! Tuning: a car that bounces after a landing wants more `spring_bounce_per_s`; one that
//! slides like soap wants more `lateral_adhesion_per_s`; one that sits too low wants more
//! `tire_reaction` (rest compression is (g/Tr)²).

use super::arcade_params::ArcadeParams;
use super::chassis::MAX_WHEELS;
use super::control::VehicleControl;
use super::definition::CarDef;
use super::suspension::{cast_wheel_ray, Surfaces, WheelContact};
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

/// Spin decay of a wheel in the air: ×0.95 per 60 Hz frame in the seed, as a rate.
const AIR_SPIN_DECAY_PER_S: f32 = 3.077_6; // −ln(0.95) × 60

/// One wheel's state after the latest tick.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct WheelState {
    /// The ray hit the ground within reach.
    pub grounded: bool,
    /// reach − hit distance, m (0 in the air).
    pub compression_m: f32,
    /// Wheel centre height in the chassis frame: on the ground, or fully drooped.
    pub center_y_m: f32,
    /// Steering angle, radians about chassis +Y (positive turns left).
    pub steer_rad: f32,
    /// Spin rate, rad/s (positive rolling forward).
    pub spin_rate_rad_per_s: f32,
    /// Spin angle for drawing, radians in [0, 2π).
    pub spin_angle_rad: f32,
    /// Power the tire dissipates sliding (sideways and under braking), W: what makes
    /// smoke and squeal.
    pub slip_power_w: f32,
    /// Where the ray met the ground (world), when grounded.
    pub contact_m: Vec3,
    /// The ground under it is loose (throws dust).
    pub on_loose: bool,
}

impl WheelState {
    /// Whether every number in it is finite.
    pub fn is_finite(&self) -> bool {
        [
            self.compression_m,
            self.center_y_m,
            self.steer_rad,
            self.spin_rate_rad_per_s,
            self.spin_angle_rad,
            self.slip_power_w,
        ]
        .iter()
        .all(|v| v.is_finite())
            && self.contact_m.is_finite()
    }
}

/// A raycast car in the world.
#[derive(Debug, Clone)]
pub struct ArcadeCar {
    /// The chassis rigid body.
    pub body: RigidBodyHandle,
    def: CarDef,
    tuning: ArcadeParams,
    steer_rad: f32,
    wheels: [WheelState; MAX_WHEELS],
    thrust_n: f32,
}

impl ArcadeCar {
    /// Inserts the chassis (compound boxes, mass by volume) at `pose`.
    pub fn spawn(physics: &mut PhysicsWorld, def: &CarDef, pose: Pose) -> ArcadeCar {
        let tuning = *def.arcade().expect("ArcadeCar::spawn takes an arcade car");
        let body = physics.insert_body(
            RigidBodyBuilder::dynamic()
                .pose(pose)
                .linear_damping(tuning.linear_damping)
                .angular_damping(tuning.angular_damping)
                // The seed wakes the chassis every frame: a car never sleeps.
                .can_sleep(false)
                .ccd_enabled(true),
        );
        let total_volume: f32 = def.chassis.iter().map(|b| b.volume_m3()).sum();
        for b in &def.chassis {
            let half = b.size_m * 0.5;
            physics.insert_collider(
                ColliderBuilder::cuboid(half.x, half.y, half.z)
                    .translation(b.position_m)
                    .mass(def.mass_kg * b.volume_m3() / total_volume)
                    .friction(0.4),
                Some(body),
            );
        }
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

    /// Thrust force applied in the latest tick, N (negative in reverse).
    pub fn thrust_n(&self) -> f32 {
        self.thrust_n
    }

    /// Puts the car at `pose`, at rest, wheels straight.
    pub fn teleport(&mut self, physics: &mut PhysicsWorld, pose: Pose) {
        let body = &mut physics.bodies[self.body];
        body.set_position(pose, true);
        body.set_linvel(Vec3::ZERO, true);
        body.set_angvel(Vec3::ZERO, true);
        body.reset_forces(false);
        body.reset_torques(false);
        self.steer_rad = 0.0;
        self.thrust_n = 0.0;
        for w in &mut self.wheels {
            w.spin_rate_rad_per_s = 0.0;
            if !w.is_finite() {
                // After a fault: nothing of the old state is worth keeping.
                *w = WheelState::default();
            }
        }
    }

    /// Whether the model's own state (steering, thrust, wheels) is finite.
    pub fn state_is_finite(&self) -> bool {
        self.steer_rad.is_finite() && self.thrust_n.is_finite() && self.wheels.iter().all(WheelState::is_finite)
    }

    /// Applies this tick's wheel, thrust and brake terms. Call once per tick, before the
    /// physics step.
    pub fn update(&mut self, physics: &mut PhysicsWorld, control: &VehicleControl, surfaces: &Surfaces, dt_s: f32) {
        let def = &self.def;
        let t = &self.tuning;
        let n_wheels = def.wheels.len();

        // Steering eased toward the request at the car's steer rate. Positive steer input
        // turns right, i.e. a negative angle about +Y.
        let target = -control.steer * def.max_steer_rad;
        let max_step = def.steer_rate_rad_per_s * dt_s;
        self.steer_rad += (target - self.steer_rad).clamp(-max_step, max_step);

        let pose = *physics.bodies[self.body].position();
        let rot = pose.rotation;
        let down = -(rot * Vec3::Y);
        let reach = def.reach_m();

        let mut contacts: [Option<WheelContact>; MAX_WHEELS] = [None; MAX_WHEELS];
        for (c, w) in contacts.iter_mut().zip(&def.wheels) {
            *c = cast_wheel_ray(
                physics,
                self.body,
                pose.translation + rot * w.origin_m,
                down,
                reach,
                surfaces,
            );
        }

        let gravity = physics.gravity;
        let body = &mut physics.bodies[self.body];
        body.reset_forces(false);
        body.reset_torques(false);
        let mass = def.mass_kg;
        let share = mass / n_wheels as f32;
        let bounce = 1.0 - (-t.spring_bounce_per_s * dt_s).exp();
        let rear_grip = if control.hand_brake {
            t.handbrake_rear_adhesion
        } else {
            1.0
        };
        // Grip of the wheels on the ground, each min(μ, 1): thrust and brakes are limited by
        // the surface below asphalt's grip, and by the car above it.
        let (mut normal_sum, mut grounded, mut grip_all, mut grip_front, mut grip_rear) =
            (Vec3::ZERO, 0, 0.0, 0.0, 0.0);
        for ((w, contact), state) in def.wheels.iter().zip(&contacts).zip(&mut self.wheels) {
            let steer = if w.steered { self.steer_rad } else { 0.0 };
            let wheel_rot = rot * Quat::from_rotation_y(steer);
            let axle = wheel_rot * Vec3::X;
            let rolling = wheel_rot * Vec3::Z;
            let origin = pose.translation + rot * w.origin_m;
            state.steer_rad = steer;
            match *contact {
                Some(hit) => {
                    let n = hit.normal;
                    let compression = (reach - hit.distance_m).max(0.0);
                    // Spring bounce: only while the wheel closes on the ground.
                    let closing = -n.dot(body.velocity_at_point(origin));
                    if closing > 0.0 {
                        body.apply_impulse_at_point(n * (closing * share * bounce), origin, false);
                    }
                    // Tire reaction: a sqrt spring carrying 1/N of the weight.
                    body.add_force_at_point(n * (compression.sqrt() * t.tire_reaction * share), origin, false);
                    // Lateral friction along the axle.
                    let lateral = axle.dot(body.velocity_at_point(origin));
                    // Surfaces scale the adhesion rate by their μ (the seed has no surfaces).
                    let rate = t.lateral_adhesion_per_s * hit.friction * if w.steered { 1.0 } else { rear_grip };
                    let fraction = 1.0 - (-rate * dt_s).exp();
                    let lateral_impulse = lateral * share * fraction;
                    body.apply_impulse_at_point(axle * -lateral_impulse, origin, false);

                    state.slip_power_w = (lateral_impulse * lateral).abs() / dt_s;
                    state.contact_m = origin + down * hit.distance_m;
                    state.on_loose = hit.loose;
                    state.grounded = true;
                    state.compression_m = compression;
                    state.center_y_m = w.origin_m.y - hit.distance_m + def.wheel_radius_m;
                    state.spin_rate_rad_per_s = rolling.dot(body.velocity_at_point(origin)) / def.wheel_radius_m;
                    normal_sum += n;
                    grounded += 1;
                    let grip = hit.friction.min(1.0);
                    grip_all += grip;
                    if w.steered {
                        grip_front += grip;
                    } else {
                        grip_rear += grip;
                    }
                }
                None => {
                    state.slip_power_w = 0.0;
                    state.on_loose = false;
                    state.grounded = false;
                    state.compression_m = 0.0;
                    state.center_y_m = w.origin_m.y - def.droop_m;
                    state.spin_rate_rad_per_s *= (-AIR_SPIN_DECAY_PER_S * dt_s).exp();
                }
            }
            state.spin_angle_rad =
                (state.spin_angle_rad + state.spin_rate_rad_per_s * dt_s).rem_euclid(std::f32::consts::TAU);
        }

        // Thrust at the front-axle midpoint along the steered wheels, by the share of front
        // wheels down (two front wheels: ×0.5 each).
        let n_front = def.wheels.iter().filter(|w| w.steered).count();
        let n_rear = n_wheels - n_front;
        let pedal = control.throttle * if control.reverse { -t.reverse_fraction } else { 1.0 };
        self.thrust_n = mass * t.thrust_mps2 * pedal * grip_front / n_front as f32;
        if self.thrust_n != 0.0 {
            let dir = rot * Quat::from_rotation_y(self.steer_rad) * Vec3::Z;
            let point = pose.translation + rot * def.thrust_point_m();
            body.add_force_at_point(dir * self.thrust_n, point, false);
        }

        // Brake and handbrake at the centre of mass, against the velocity in the ground
        // plane, by the share of wheels down (four wheels: ×0.25 each).
        let mut decel = t.brake_mps2 * control.brake * grip_all / n_wheels as f32;
        if control.hand_brake && n_rear > 0 {
            decel += t.handbrake_mps2 * grip_rear / n_rear as f32;
        }
        if decel > 0.0 && grounded > 0 {
            let n = normal_sum.normalize_or(Vec3::Y);
            // The velocity this tick would end with unbraked (gravity included), so that a
            // held brake also holds the car on a slope instead of letting it creep.
            let predicted = body.linvel() + gravity * dt_s;
            let tangential = predicted - n * n.dot(predicted);
            let speed = tangential.length();
            if speed > 0.0 {
                // The seed's min(|v|, 1) ramp, with the ramp speed from the car; and never
                // more than brings the car to rest, so it stops without trembling.
                // A force, not an impulse: rapier integrates in substeps, and a force spread
                // over the step cancels gravity's pull in each of them.
                let ramp = (speed / t.brake_ramp_speed_mps).min(1.0);
                let dv = (decel * ramp * dt_s).min(speed);
                body.add_force(tangential * (-dv / speed * mass / dt_s), false);
                // The braking power is dissipated at the tires, shared by grip.
                let power = dv / dt_s * mass * speed;
                for w in self.wheels.iter_mut().filter(|w| w.grounded) {
                    w.slip_power_w += power / grounded as f32;
                }
            }
        }
    }
}
