//! The deterministic, headless simulation: the physics world, the inputs a tick consumes,
//! and the state hash that proves two runs are the same.
//!
//! Nothing here reads a clock, a random source, a file or a device. A tick's only inputs
//! are the world's state and a [`TickInput`].

pub mod assist_hook;
pub mod events;
pub mod hash;
pub mod input;
pub mod snapshot;
pub mod streaming;
pub mod world;

pub use events::SimEvent;
pub use input::{TickInput, VehicleControl};
pub use snapshot::{BodyPose, Snapshot};
pub use streaming::{ChunkEvent, ChunkProvider, StreamStats, SyncProvider};
pub use world::{FaultTarget, SimWorld, TickPart};
