//! The front ends: interactive play, headless runs and screenshots, each built from a
//! [`Setup`] (as are the profiler and the soak, in `tools`). [`race::Race`] is the one
//! world-plus-opponents set-up they share; [`Session`] adds what a drawn game needs;
//! [`flow`] holds play's screens.

pub mod chase_camera;
pub mod flow;
pub mod headless;
pub mod hud;
pub mod play;
pub mod race;
pub mod screenshot;
pub mod session;
pub mod setup;
pub mod streaming;

pub use session::Session;
pub use setup::Setup;
