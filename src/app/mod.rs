//! The front ends, each a folder by job, all built from a [`Setup`] (the level, the cars
//! and the profile, loaded and validated):
//!
//! - `play/`: interactive play — the game loop, the screens and which follows which.
//! - `headless/`: `skidpad run`, with or without a game mode.
//! - `screenshot/`: frames and screens drawn offscreen.
//! - `game_mode/`: the game modes, one type each behind the one [`GameMode`] seam that
//!   play, the headless runner and the screenshots all drive.
//! - `hud/`: the heads-up display; `frontend/` the menu pages and `menu/` their widgets;
//!   `split_screen/`: where each player's view goes when several play.
//! - `session/`: a level being played and drawn; `race/`: the world and the AI opponents
//!   ([`Race`]), which every front end steps; `scenario/`: a scenario level's runs.
//!
//! Imports run down these floors, top first: `screenshot`; `play`, `headless`; `frontend`;
//! `game_mode`; `split_screen`; `hud`, `menu`; `session`, `scenario`; `race`; `setup`. A folder uses
//! folders on lower floors by their own paths (`crate::app::race::Race`), never through
//! the re-exports below, which are for callers outside `app` (`tests/sim/architecture.rs`).

pub mod frontend;
pub mod game_mode;
pub mod headless;
pub mod hud;
pub mod menu;
mod play;
mod race;
pub mod scenario;
mod screenshot;
mod session;
mod setup;
pub mod split_screen;

pub use game_mode::GameMode;
pub use play::Launcher;
pub use play::{
    draw_level_preview, draw_prep_screen, overview_camera, play, prep_label, CarPreview, LevelPreviews, PlayOptions,
    PrepOutcome, PrepScreen, Prepared, PreviewStep, RunPrep, CANCELLED, PREVIEW_SIZE,
};
pub use race::{grid_slot, AiPlayer, AiRace, Opponents, PastBorder, Race, TrackBorders};
pub use screenshot::{capture, capture_screen, screenshot, MenuShot, ShotCamera, ShotOptions};
pub use session::{
    engine_sound_rpm, field_camera, impact_loudness, world_sound_frame, ChaseCamera, Motion, Session, ThreadedChunks,
};
pub use setup::{Guest, ReplayGrid, Setup};
