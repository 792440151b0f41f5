//! The front ends: interactive play, headless runs and screenshots, each built from a
//! [`Setup`] (as are the profiler and the soak, in `tools`). [`Race`] is the one
//! world-plus-opponents set-up they share; [`Session`] adds what a drawn game needs;
//! [`flow`] holds play's screens, [`frontend`] the menus they show.

mod car_preview;
pub mod challenge_hud;
pub mod challenge_run;
mod chase_camera;
mod damage_smoke;
mod field_camera;
mod scuff_marks;
// Namespaces callers read through: `flow::Screen` (the screens of play), `headless::run`
// and its options and report, `hud::compose` (what the overlay shows), `mode_run`.
pub mod flow;
// `frontend`: the title, menus and pause menu as pages without GL; `menu`: the widget model
// and device mapping under them. Namespaces: `frontend::FrontEnd`, `menu::Menu`.
pub mod frontend;
pub mod graph_hud;
pub mod headless;
pub mod hud;
// Where every HUD element goes, inside the title-safe area, none overlapping.
pub mod hud_layout;
// `mode_run::run` and its mode, options and reports: the game modes headless.
pub mod lap_hud;
mod launcher;
mod level_preview;
pub mod menu;
pub mod mode_run;
mod play;
mod race;
pub mod race_hud;
pub mod race_minimap;
pub mod race_run;
mod run_prep;
mod scenario_steps;
mod screenshot;
mod session;
mod setup;
pub mod speedo_hud;
mod streaming;
pub mod telemetry_hud;
mod track_borders;
pub mod trial_run;

pub use car_preview::CarPreview;
pub use chase_camera::ChaseCamera;
pub use field_camera::field_camera;
pub use launcher::Launcher;
pub use level_preview::{draw_level_preview, overview_camera, LevelPreviews, PreviewStep, PREVIEW_SIZE};
pub use play::{play, PlayOptions};
pub use race::{grid_slot, AiPlayer, AiRace, Opponents, Race};
pub use run_prep::{draw_prep_screen, prep_label, PrepOutcome, PrepScreen, Prepared, RunPrep, CANCELLED};
pub use scenario_steps::{run_car, run_world, RunSteps};
pub use screenshot::{capture, capture_screen, screenshot, MenuShot, ShotCamera, ShotOptions};
pub use session::Session;
pub use setup::Setup;
pub use streaming::ThreadedChunks;
pub use track_borders::{PastBorder, TrackBorders};
