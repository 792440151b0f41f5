//! `skidpad run`: a level simulated with no window, as fast as the machine goes.

use super::{Failure, Setup};
use crate::sim::{SimWorld, TickInput, VehicleControl};
use serde::Serialize;
use skidpad_platform::{Clock, WallClock};

/// What drives the run.
#[derive(Debug, Clone)]
pub enum RunInput {
    /// The same controls for `ticks` ticks.
    Held {
        /// Ticks to simulate.
        ticks: u64,
        /// Controls held for the whole run.
        control: VehicleControl,
    },
    /// A recorded input per tick (a replay).
    Recorded(Vec<TickInput>),
}

/// How long to run and with what input.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The inputs.
    pub input: RunInput,
    /// Keep every tick's input (for `--record`).
    pub record: bool,
}

/// What `skidpad run --json` prints.
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    /// Level name.
    pub level: String,
    /// Car name.
    pub car: String,
    /// Platform profile name.
    pub platform: String,
    /// Simulation rate.
    pub tick_rate_hz: u32,
    /// Ticks simulated.
    pub ticks: u64,
    /// Simulated time, seconds.
    pub sim_seconds: f64,
    /// Final state hash, 16 hex digits (a string, so JSON readers keep all 64 bits).
    pub state_hash: String,
    /// Wall time the run took, seconds.
    pub wall_seconds: f64,
    /// With `--replay`: whether the final state hash equals the recorded one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay_matches: Option<bool>,
    /// The inputs run, when recording.
    #[serde(skip)]
    pub recorded: Vec<TickInput>,
    /// The final state hash as a number.
    #[serde(skip)]
    pub final_hash: u64,
}

/// Simulates `level` for `opts.ticks` ticks.
pub fn run(setup: &Setup, opts: RunOptions) -> Result<RunReport, Failure> {
    let (level, car, profile) = (&setup.level.level, &setup.car, &setup.profile);
    let clock = WallClock::new();
    let mut world = SimWorld::new(&setup.level, car, &setup.parked, profile.loop_config.tick_rate_hz);
    let mut recorded = Vec::new();
    let mut step = |world: &mut SimWorld, input: &TickInput| {
        world.step(input);
        if opts.record {
            recorded.push(*input);
        }
    };
    match &opts.input {
        RunInput::Held { ticks, control } => {
            let input = TickInput {
                control: control.sanitized(),
                reset: false,
            };
            for _ in 0..*ticks {
                step(&mut world, &input);
            }
        }
        RunInput::Recorded(inputs) => {
            for input in inputs {
                step(&mut world, input);
            }
        }
    }
    Ok(RunReport {
        level: level.name.clone(),
        car: car.name.clone(),
        platform: profile.name.clone(),
        tick_rate_hz: profile.loop_config.tick_rate_hz,
        ticks: world.tick(),
        sim_seconds: world.sim_seconds(),
        state_hash: format!("{:016x}", world.state_hash()),
        wall_seconds: clock.now().as_secs_f64(),
        replay_matches: None,
        recorded,
        final_hash: world.state_hash(),
    })
}

impl RunReport {
    /// The human-readable summary printed without `--json`.
    pub fn summary(&self) -> String {
        format!(
            "{} with {}: {} ticks ({:.2} s simulated at {} Hz, {} profile) in {:.3} s wall; state hash {}",
            self.level,
            self.car,
            self.ticks,
            self.sim_seconds,
            self.tick_rate_hz,
            self.platform,
            self.wall_seconds,
            self.state_hash
        )
    }
}
