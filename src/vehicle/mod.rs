//! Vehicles: car definitions (content) and the models that drive them.
//!
//! - `arcade` is the HARFANG raycast car: one ray per wheel, three wheel terms, thrust at
//!   the front axle; its tuning in `arcade_params`.
//! - `sim` is the CARLA/PhysX car: engine, clutch, gearbox and differential
//!   (`drivetrain`), wheels that spin and tires that slip (`tire`), a spring-damper
//!   suspension and Ackermann steering (`steering`), parameters in `sim_params`.
//!
//! A car file becomes a [`CarDef`] one way (`definition`): the keys every car has, then
//! the model's own. Both models take the controls in `control` (this module depends on
//! no simulation), cast their rays through `suspension` and share their steering easing
//! and teleport (`shared_steps`); [`Car`] is either, as the world holds it.
//! `bicycle` is the linear bicycle model of a car and `longitudinal` a point-mass
//! straight-line model (the car tools and the validation expect by them); `ackermann`
//! drives a car to a target speed and steer angle. `slipstream` is the wake a car leaves
//! and the drag it takes off a car behind (the world sums it; both models take the result
//! as a drag scale). Turning a CARLA dump into a car file
//! is a tool: `tools::carla_import`.

mod ackermann;
mod anti_roll;
mod arcade;
mod arcade_params;
mod bicycle;
mod car;
mod chassis;
mod control;
mod curve;
mod definition;
mod drivetrain;
mod ground_cache;
mod longitudinal;
mod mass_distribution;
mod shared_steps;
mod sim_car;
mod sim_params;
mod slipstream;
mod steering;
mod suspension;
mod telemetry;
mod tire;
mod wheel_state;

pub use ackermann::{AckermannControl, AckermannController};
pub use arcade::ArcadeCar;
pub use bicycle::BicycleModel;
pub use car::Car;
pub use chassis::MAX_WHEELS;
pub use control::VehicleControl;
pub use definition::{ArcadeParams, DEFAULT_CAR};
pub use definition::{CarDef, VehicleModel};
pub use drivetrain::Gearbox;
pub use ground_cache::GroundCache;
pub use longitudinal::PointMass;
pub use sim_car::SimCar;
pub use slipstream::{sheltered_by, Wake, WakeProbe};
pub use suspension::Surfaces;
pub use telemetry::{Telemetry, WheelTelemetry};
pub use wheel_state::WheelState;
