//! The front ends: interactive play, headless runs and screenshots, each built from the same
//! [`Session`] (a level's world plus the loop that paces it).

pub mod car_tools;
pub mod chase_camera;
pub mod exit;
pub mod headless;
pub mod hud;
pub mod level_check;
pub mod play;
pub mod profile;
pub mod race;
pub mod screenshot;
pub mod session;
pub mod setup;
pub mod soak;
pub mod streaming;

pub use exit::Failure;
pub use session::Session;
pub use setup::Setup;
