//! The game modes as the front ends play them: one type per mode, each implementing
//! [`GameMode`] once, and [`build`], the one place a [`Mode`] becomes its type. Play's
//! driving screen, `skidpad run --mode` (`app::headless`), `skidpad screenshot` and the
//! tests all drive a mode through this trait, so no mode is written twice.
//!
//! A mode reads the world after each tick through the rules in `crate::modes` and never
//! changes it (a countdown holds the world rather than stepping it; a challenge's next run
//! is a fresh world it hands over before a tick), so a mode never changes a run's state
//! hash. Its per-tick hooks allocate nothing.
//!
//! - `free_drive`: no goal.
//! - `time_trial/`: laps timed, the best kept with its ghost, the ghost raced, medals
//!   against the author lap (`author_lap`, the AI's lap timed headless).
//! - `race/`: a grid, a countdown, positions and gaps, the finishing order.
//! - `challenge/`: a scenario level's runs played and scored; `run --mode challenge`
//!   plays its script (`scripted`).
//! - `championship/`: a season's rounds, each a race on the grid the table gives, counted
//!   and saved as the player's run ends; one object carried from round to round.
//!
//! - `seam`: the trait and what passes through it; `build`: the one place a mode is made.
//!
//! A new mode: its folder here (its type, its panel, its results), its `mod` line below,
//! its variant in `crate::modes::Mode` and its row in [`build`] (`build.rs`); see
//! ARCHITECTURE.md, "Where things go".

mod build;
pub mod challenge;
pub mod championship;
mod free_drive;
pub mod race;
mod seam;
pub mod time_trial;

pub use build::build;
pub use free_drive::FreeDriveMode;
pub use seam::{
    GameMode, GhostView, ModeParams, ModeReport, ModeResults, NextRound, RoundGuest, RunEnd, StandingsPage, TickGate,
    TickPlan, WorldHost,
};
