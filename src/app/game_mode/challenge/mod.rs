//! A challenge in play: a scenario level's `[challenge]` driven by the player. Each
//! scenario run a goal measures is played in turn, each in a fresh world as
//! `run --mode challenge` plays it ([`RunSteps`]: the car at the run's spawn, half a second
//! settling on no input, launched at the run's speed, measured by the modes' `Recorder`),
//! but on the player's controls instead of the script's. After the last run the goals are
//! scored by the modes' `score_challenge` and the medal kept through the `RecordStore`.
//! Its HUD is `panel`, its results page `results`; `run --mode challenge` plays the
//! level's script instead (`scripted`).
//!
//! Each run's inputs (what the world stepped with, from the run's first tick) are
//! recorded, and the attempt is kept with the record when it is the best
//! (`modes::keep_medal_and_runs`): a run is its own world, so each is its own replay, and
//! [`replay_challenge_run`] plays one back to its state hash and figures.
//!
//! A run watched only for a stopping distance ends once the car has stopped (the figure
//! cannot change after), so the player does not wait out the script's seconds. Fed the
//! script's inputs, every goal's figure is the headless runner's to the bit
//! (`tests/alloc/play_challenge.rs`); if they part, look at the tick order in
//! `app/scenario/steps.rs`.

mod mode;
mod panel;
mod results;
mod scripted;

pub use mode::{replay_challenge_run, ChallengeMode};
pub use panel::{presentation, write_run, write_targets, write_value, ChallengeBoard, LiveFigure, MAX_FIGURES};
pub use results::{challenge_lines, ChallengeOutcome};
