//! The same chassis on the same flat ground, driven by our arcade model or by rapier's own
//! `DynamicRayCastVehicleController`, and our sim model's sedan on the same ground, for
//! side-by-side cost measurements (criterion in `benches/vehicles.rs`, instruction counts
//! in `examples/vehicle_ticks.rs`).

use glam::{Quat, Vec3};
use rapier3d::control::{DynamicRayCastVehicleController, WheelTuning};
use rapier3d::prelude::*;
use skidpad::content::materials;
use skidpad::content::ContentRoot;
use skidpad::sim::VehicleControl;
use skidpad::vehicle::{Car, CarDef, Surfaces};

/// Which vehicle model drives the chassis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// Ours: the HARFANG raycast car.
    Arcade,
    /// rapier3d's `DynamicRayCastVehicleController` (Bullet's raycast vehicle).
    RapierRaycast,
    /// Ours: the sim model (drivetrain and tires), driving the sedan.
    Sim,
}

impl Model {
    pub fn name(self) -> &'static str {
        match self {
            Model::Arcade => "arcade",
            Model::RapierRaycast => "rapier_raycast_vehicle",
            Model::Sim => "sim_sedan",
        }
    }
}

/// A world with ground and one car.
pub struct Rig {
    pub physics: PhysicsWorld,
    pub car: Car,
    rapier: Option<DynamicRayCastVehicleController>,
    pub control: VehicleControl,
    def: CarDef,
    materials: skidpad::content::MaterialTable,
    dt_s: f32,
}

impl Rig {
    /// The coupe's chassis (the sedan for the sim model) at rest height on 2 km of flat ground, driving with half
    /// throttle and a little steer, warmed up for 2 s.
    pub fn new(model: Model) -> Rig {
        let name = if model == Model::Sim { "sedan" } else { "coupe" };
        let def = CarDef::load(&ContentRoot::Embedded, name).expect("shipped car loads");
        let mut physics = PhysicsWorld::new();
        let dt_s = 1.0 / 60.0;
        physics.integration_parameters.dt = dt_s;
        physics.insert(
            RigidBodyBuilder::fixed().translation(Vec3::new(0.0, -0.5, 0.0)),
            ColliderBuilder::cuboid(1000.0, 0.5, 1000.0),
        );
        let car = Car::spawn(
            &mut physics,
            &def,
            Pose::from_parts(Vec3::new(0.0, 0.1, -800.0), Quat::IDENTITY),
        );
        let rapier = (model == Model::RapierRaycast).then(|| {
            let mut c = DynamicRayCastVehicleController::new(car.body());
            c.index_up_axis = 1;
            c.index_forward_axis = 2;
            // Rapier scales the spring by the chassis mass: k·d·m per wheel carries m·g at
            // d = g / (4k) = 0.12 m for k = 20.4.
            let tuning = WheelTuning {
                suspension_stiffness: 20.4,
                max_suspension_travel: 0.3,
                ..WheelTuning::default()
            };
            for w in &def.wheels {
                c.add_wheel(
                    w.origin_m,
                    -Vec3::Y,
                    Vec3::X,
                    def.droop_m + 0.12,
                    def.wheel_radius_m,
                    &tuning,
                );
            }
            c
        });
        let mut rig = Rig {
            physics,
            car,
            rapier,
            control: VehicleControl {
                throttle: 0.5,
                steer: 0.15,
                ..VehicleControl::default()
            },
            def,
            materials: materials(&ContentRoot::Embedded).expect("materials load"),
            dt_s,
        };
        for _ in 0..120 {
            rig.tick();
        }
        rig
    }

    /// The vehicle model's work for one tick (rays, forces), without the physics step.
    #[inline(never)]
    pub fn update_vehicle(&mut self) {
        match &mut self.rapier {
            None => self.car.update(
                &mut self.physics,
                &self.control,
                &Surfaces::new(&self.materials),
                1.0,
                self.dt_s,
            ),
            Some(c) => {
                let c_control = self.control;
                let force =
                    self.def.mass_kg * self.def.arcade().map_or(0.0, |a| a.thrust_mps2) * c_control.throttle * 0.5;
                for (i, w) in self.def.wheels.iter().enumerate() {
                    let wheel = &mut c.wheels_mut()[i];
                    if w.steered {
                        wheel.engine_force = force;
                        wheel.steering = -c_control.steer * self.def.max_steer_rad;
                    }
                }
                let p = &mut self.physics;
                let filter = QueryFilter::default().exclude_rigid_body(c.chassis);
                let queries = p.broad_phase.as_query_pipeline_mut(
                    p.narrow_phase.query_dispatcher(),
                    &mut p.bodies,
                    &mut p.colliders,
                    filter,
                );
                c.update_vehicle(self.dt_s, queries);
            }
        }
    }

    /// The rapier physics step.
    #[inline(never)]
    pub fn step_physics(&mut self) {
        self.physics.step();
    }

    /// One whole tick: vehicle, then physics.
    pub fn tick(&mut self) {
        self.update_vehicle();
        self.step_physics();
    }

    /// Chassis speed, m/s (to check both cars really drive).
    pub fn speed(&self) -> f32 {
        self.physics.bodies[self.car.body()].linvel().length()
    }
}
