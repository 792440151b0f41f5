//! The rules of the game modes, written once for play, `skidpad run` and the tests: lap
//! and sector timing on a course, time trials with ghosts and medals, races to a number of
//! laps, and the records kept per level + car + assist set.
//!
//! This sits below `app` (the front ends drive it) and above `sim`, `ai` and `replay`: it
//! only reads the world after each tick (a mode never changes a run's state hash: a race's
//! countdown holds the world rather than stepping it), and a tick of it allocates nothing
//! (the per-car tables are sized at set-up).
//!
//! - [`Mode`]: the one list of modes (menus, `run --mode`, records).
//! - [`Course`]: the start/finish line and the sector lines along a closed centre line.
//! - [`LapTracker`]: one car's laps, crossings in order and direction, splits and deltas.
//! - [`TimeTrial`], [`Ghost`], [`LapTargets`]/[`Medal`]: time trials.
//! - [`RaceRules`]: countdown, positions, gaps, finish order, results.
//! - [`score_challenge`]: a scenario level's `[challenge]` goals against its runs' figures.
//! - [`Recorder`]: what a scenario run measures (stopping distance, airtime, peak
//!   deceleration, ...), read after each tick by the scenario runner and play's challenge.
//! - [`RecordStore`]: records and ghosts on disk, checksummed and versioned
//!   (`checked_file`: the save files' format, shared with championships).
//! - [`championship`]: cups, seasons, standings, trophies.

mod challenge;
pub mod championship;
mod checked_file;
mod course;
mod ghost;
mod lap_tracker;
mod medals;
mod mode;
mod race_rules;
mod records;
mod run_metrics;
mod time_trial;

pub use challenge::{
    keep_medal, keep_medal_and_runs, score as score_challenge, ChallengeResult, GoalResult, MedalKept, PlayedRun,
};
pub use course::{Course, DEFAULT_SECTORS, MAX_SECTORS};
pub use ghost::Ghost;
pub use lap_tracker::{LapTime, LapTracker, Start};
pub use medals::{award_at_most, LapTargets, Medal, BRONZE_MARGIN, GOLD_MARGIN, SILVER_MARGIN};
pub use mode::{LevelNeeds, Mode};
pub use race_rules::{RaceRules, ResultRow, COUNTDOWN_S};
pub use records::{decode as decode_record, encode as encode_record};
pub use records::{ChallengeRunFile, Loaded, Record, RecordKey, RecordStore, SetAside, RECORD_VERSION};
pub use run_metrics::{Recorder, RunResult};
pub use time_trial::TimeTrial;
