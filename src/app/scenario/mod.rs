//! A scenario level's script run headless: `steps` is one run as steps a caller drives
//! tick by tick (the car at the run's spawn, settled, launched, measured), which play's
//! challenge drives on the player's controls; `script` runs every run of a level's
//! `[scenario]` on the script's controls and judges its checks (`skidpad scenario`,
//! `run --mode challenge`).

mod script;
mod steps;

pub use script::{run_scenario, CheckResult, ScenarioReport};
pub use steps::{run_car, run_world, RunSteps};
