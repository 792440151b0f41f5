//! The `sim` vehicle model: the CARLA vehicle model (PhysX) on the shared raycast
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

use super::chassis::{extent_half_m, MAX_WHEELS};
use super::control::VehicleControl;
use super::definition::CarDef;
use super::drivetrain::{Gearbox, RAD_PER_S_PER_RPM};
use super::shared_steps::{forget_faulty_wheels, put_body_at_rest};
use super::sim_params::SimParams;
use super::suspension::{cast_wheel_rays, Surfaces};
use super::telemetry::Telemetry;
use super::wheel_state::WheelState;
use glam::Vec3;
use rapier3d::prelude::*;
use tick::Tick;
use tire_step::{drag, WheelsOut};

// One step (or two close ones) a file; `update` below calls them in order.
mod drivetrain_step;
mod suspension_step;
mod tick;
mod tire_step;

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
        // CCD judged against the whole car, not its thinnest box (see `extent_half_m`).
        physics.bodies[body].set_ccd_extent_box(Some(extent_half_m(&def.chassis)));
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

    /// The gearbox's state (engaged gear, the gear it is shifting into), for a readout.
    pub fn gearbox(&self) -> &Gearbox {
        &self.gearbox
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
    /// Every number's product with zero summed ([`WheelState::finite_probe`]): finite
    /// exactly when each number is, in one test.
    pub fn state_is_finite(&self) -> bool {
        let numbers = self.omega.iter().chain(&self.scale);
        let probe = numbers.fold(self.steer_rad * 0.0 + self.engine_omega * 0.0, |probe, v| {
            probe + v * 0.0
        });
        self.wheels
            .iter()
            .fold(probe, |probe, w| probe + w.finite_probe())
            .is_finite()
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
    /// gearbox, wheel rays, suspension, drivetrain spin solve, tire forces, drag (times
    /// `drag_scale`: 1 in clean air, less in another car's wake).
    pub fn update(
        &mut self,
        physics: &mut PhysicsWorld,
        control: &VehicleControl,
        surfaces: &Surfaces,
        drag_scale: f32,
        dt_s: f32,
    ) {
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
        drag(body, p, drag_scale);
        self.telemetry = telemetry;
    }
}
