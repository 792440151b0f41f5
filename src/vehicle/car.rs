//! A car in the world, whichever model drives it: what the simulation, the renderer and
//! the tools ask of every car.

use super::arcade::ArcadeCar;
use super::control::VehicleControl;
use super::definition::{CarDef, VehicleModel};
use super::sim_car::SimCar;
use super::suspension::Surfaces;
use super::telemetry::{Telemetry, WheelTelemetry};
use super::wheel_state::WheelState;
use rapier3d::prelude::*;

/// A car of either model.
#[derive(Debug, Clone)]
pub enum Car {
    /// The HARFANG raycast car.
    Arcade(Box<ArcadeCar>),
    /// The drivetrain-and-tires car. (Both boxed: their per-wheel state is large.)
    Sim(Box<SimCar>),
}

impl Car {
    /// Inserts a car of `def`'s model at `pose`.
    pub fn spawn(physics: &mut PhysicsWorld, def: &CarDef, pose: Pose) -> Car {
        match def.model {
            VehicleModel::Arcade(_) => Car::Arcade(Box::new(ArcadeCar::spawn(physics, def, pose))),
            VehicleModel::Sim(_) => Car::Sim(Box::new(SimCar::spawn(physics, def, pose))),
        }
    }

    /// The chassis rigid body.
    pub fn body(&self) -> RigidBodyHandle {
        match self {
            Car::Arcade(c) => c.body,
            Car::Sim(c) => c.body,
        }
    }

    /// The definition.
    pub fn def(&self) -> &CarDef {
        match self {
            Car::Arcade(c) => c.def(),
            Car::Sim(c) => c.def(),
        }
    }

    /// Wheel states after the latest tick.
    pub fn wheels(&self) -> &[WheelState] {
        match self {
            Car::Arcade(c) => c.wheels(),
            Car::Sim(c) => c.wheels(),
        }
    }

    /// The arcade car, if this is one.
    pub fn as_arcade(&self) -> Option<&ArcadeCar> {
        match self {
            Car::Arcade(c) => Some(&**c),
            Car::Sim(_) => None,
        }
    }

    /// The sim car, if this is one.
    pub fn as_sim(&self) -> Option<&SimCar> {
        match self {
            Car::Sim(c) => Some(&**c),
            Car::Arcade(_) => None,
        }
    }

    /// Applies this tick's forces (before the physics step), its aerodynamic drag times
    /// `drag_scale` (1 in clean air; less in another car's wake: [`super::slipstream`]).
    pub fn update(
        &mut self,
        physics: &mut PhysicsWorld,
        control: &VehicleControl,
        surfaces: &Surfaces,
        drag_scale: f32,
        dt_s: f32,
    ) {
        match self {
            Car::Arcade(c) => c.update(physics, control, surfaces, drag_scale, dt_s),
            Car::Sim(c) => c.update(physics, control, surfaces, drag_scale, dt_s),
        }
    }

    /// After its body was given a velocity: wheels rolling with it (sim; the arcade car's
    /// wheels follow the body on their own).
    pub fn roll_with_body(&mut self, physics: &PhysicsWorld) {
        if let Car::Sim(c) = self {
            c.roll_with_body(physics);
        }
    }

    /// Whether the model's own state (steering, wheel spins, engine) is finite. False means
    /// a fault upstream (a NaN that got past the edge, a solver blow-up): the world resets
    /// the car.
    pub fn state_is_finite(&self) -> bool {
        match self {
            Car::Arcade(c) => c.state_is_finite(),
            Car::Sim(c) => c.state_is_finite(),
        }
    }

    /// Puts the car at `pose`, at rest.
    pub fn teleport(&mut self, physics: &mut PhysicsWorld, pose: Pose) {
        match self {
            Car::Arcade(c) => c.teleport(physics, pose),
            Car::Sim(c) => c.teleport(physics, pose),
        }
    }

    /// Telemetry of the latest tick. The arcade car has no engine, slip or tire forces of
    /// the sim kind: it reports its suspension compression, its tire reaction (anti-roll
    /// bar included) as load and suspension force, and its wheel speeds.
    pub fn telemetry(&self, physics: &PhysicsWorld) -> Telemetry {
        match self {
            Car::Sim(c) => *c.telemetry(),
            Car::Arcade(c) => {
                let body = &physics.bodies[c.body];
                let mut t = Telemetry {
                    forward_speed_mps: body.linvel().dot(*body.rotation() * glam::Vec3::Z),
                    wheel_count: c.wheels().len(),
                    ..Telemetry::default()
                };
                let def = c.def();
                for ((out, w), &reaction) in t.wheels.iter_mut().zip(c.wheels()).zip(c.loads_n()) {
                    *out = WheelTelemetry {
                        load_n: reaction,
                        compression_m: w.compression_m,
                        suspension_force_n: reaction,
                        wheel_speed_mps: w.spin_rate_rad_per_s * def.wheel_radius_m,
                        ..WheelTelemetry::default()
                    };
                }
                t
            }
        }
    }
}
