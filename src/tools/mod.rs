//! Tools: what designers and engine programmers run beside the game, and the game itself
//! never calls. The racing-line search writes the `raceline.csv` a level ships, the
//! validation suite and the car reports check a car file, the CARLA importer writes one,
//! the soak and the profiler drive the game for hours or frames and report, and the
//! fuzzing harnesses feed parsers arbitrary bytes.
//!
//! Imports run one way: a tool may use any part of the game; nothing in the game uses a
//! tool, except the command line (`cli`), the front door to both. A new tool goes here,
//! its command beside the others in `cli`.

pub mod car_report;
pub mod carla_import;
pub mod fuzzing;
pub mod profile;
pub mod profile_driver;
pub mod profile_trace;
pub mod raceline_search;
pub mod soak;
pub mod soak_sound;
pub mod validation;
