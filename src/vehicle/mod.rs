//! Vehicles: car definitions (content) and the models that drive them.
//!
//! `arcade` is the HARFANG raycast car: one ray per wheel, three wheel terms, thrust at
//! the front axle. The ray casting is shared in [`suspension`] so later models reuse it.

pub mod arcade;
pub mod definition;
pub mod suspension;

pub use arcade::{ArcadeCar, WheelState};
pub use definition::{CarDef, MAX_WHEELS};
pub use suspension::Surfaces;
