//! The front ends: interactive play, headless runs and screenshots, each built from a
//! [`Setup`] (as are the profiler and the soak, in `tools`). [`Race`] is the one
//! world-plus-opponents set-up they share; [`Session`] adds what a drawn game needs;
//! [`flow`] holds play's screens.

mod chase_camera;
mod damage_smoke;
// Namespaces callers read through: `flow::Screen` (the screens of play), `headless::run`
// and its options and report, `hud::compose` (what the overlay shows).
pub mod flow;
pub mod headless;
pub mod hud;
mod play;
mod race;
mod screenshot;
mod session;
mod setup;
mod streaming;

pub use chase_camera::ChaseCamera;
pub use play::{play, PlayOptions};
pub use race::{grid_slot, AiPlayer, AiRace, Opponents, Race};
pub use screenshot::{capture, screenshot, ShotOptions};
pub use session::Session;
pub use setup::Setup;
pub use streaming::ThreadedChunks;
