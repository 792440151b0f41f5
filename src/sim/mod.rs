//! The deterministic, headless simulation: the physics world, the inputs a tick consumes,
//! and the state hash that proves two runs are the same.
//!
//! Nothing here reads a clock, a random source, a file or a device. A tick's only inputs
//! are the world's state and a [`TickInput`].

mod assist_hook;
mod events;
mod hash;
mod input;
mod snapshot;
mod streaming;
mod world;

pub use assist_hook::read_car;
pub use events::{SimEvent, Struck, SLIP_EVENT_W, SPRAY_SPEED_MPS};
pub use hash::StateHasher;
pub use input::{TickInput, VehicleControl};
pub use snapshot::{BodyPose, CarPose, Snapshot};
pub use streaming::{chunks_near, StreamRadii};
pub use streaming::{ChunkEvent, ChunkProvider, StreamStats, SyncProvider};
pub use world::{FaultTarget, SimWorld, TickPart, MAX_PLAYERS};
