//! Vehicles: car definitions (content) and the models that drive them.
//!
//! - `arcade` is the HARFANG raycast car: one ray per wheel, three wheel terms, thrust at
//!   the front axle; its tuning in [`arcade_params`].
//! - `sim` is the CARLA/PhysX car: engine, clutch, gearbox and differential
//!   ([`drivetrain`]), wheels that spin and tires that slip ([`tire`]), a spring-damper
//!   suspension and Ackermann steering ([`steering`]), parameters in [`sim_params`].
//!
//! A car file becomes a [`CarDef`] one way ([`definition`]): the keys every car has, then
//! the model's own. Both models take the controls in [`control`] (this module depends on
//! no simulation), cast their rays through [`suspension`] and share their steering easing
//! and teleport ([`shared_steps`]); [`Car`] is either, as the world holds it.
//! [`bicycle`] is the linear bicycle model used to analyse a car; [`carla_import`] turns a
//! CARLA physics-control dump (read by [`carla_dump`]) into a car file; [`ackermann`] drives a car to a target
//! speed and steer angle.

pub mod ackermann;
pub mod anti_roll;
pub mod arcade;
pub mod arcade_params;
pub mod bicycle;
pub mod car;
pub mod carla_dump;
pub mod carla_import;
pub mod chassis;
pub mod control;
pub mod curve;
pub mod definition;
pub mod drivetrain;
pub mod longitudinal;
pub mod shared_steps;
pub mod sim_car;
pub mod sim_params;
pub mod steering;
pub mod suspension;
pub mod telemetry;
pub mod tire;
pub mod wheel_state;

pub use arcade::ArcadeCar;
pub use car::Car;
pub use chassis::MAX_WHEELS;
pub use control::VehicleControl;
pub use definition::{CarDef, VehicleModel};
pub use sim_car::SimCar;
pub use suspension::Surfaces;
pub use telemetry::{Telemetry, WheelTelemetry};
pub use wheel_state::WheelState;
