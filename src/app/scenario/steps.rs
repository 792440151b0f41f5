//! One scenario run (a level's `[scenario]` run) as steps a caller drives tick by tick: the car put at the run's spawn,
//! settled onto its wheels for half a second on no input, launched at the run's speed,
//! then measured after every tick for the run's seconds. `skidpad scenario` and
//! `run --mode challenge` drive it with the script's inputs; play's challenge
//! (`crate::app::game_mode::challenge`) with the player's, so both measure with the same code.
//!
//! The order within a tick is the contract: [`RunSteps::before_tick`] (which launches the
//! car on the first measured tick), then the caller's controls, then the step, then
//! [`RunSteps::after_tick`]. If play and the headless runner disagree on a figure for the
//! same inputs, look here first.

use crate::app::setup::Setup;
use crate::content::scenario::Run;
use crate::content::{ContentRoot, LoadedLevel};
use crate::error::Error;
use crate::modes::{Recorder, RunResult};
use crate::sim::SimWorld;
use crate::vehicle::CarDef;
use glam::{Quat, Vec3};

/// A fresh world of `setup`'s level for one run with `car` (each run starts from one, so a
/// run never sees another's debris).
pub fn run_world(setup: &Setup, car: &CarDef) -> SimWorld {
    SimWorld::new(&setup.level, car, &setup.parked, setup.profile.loop_config.tick_rate_hz)
}

/// The car a run drives: its own when it names one, else the setup's.
pub fn run_car(setup: &Setup, root: &ContentRoot, run: &Run) -> Result<CarDef, Error> {
    match &run.car {
        Some(name) => Ok(CarDef::load(root, name)?),
        None => Ok(setup.car.clone()),
    }
}

/// A run in progress.
pub struct RunSteps {
    heading: Quat,
    speed_mps: f32,
    settle_ticks: u64,
    measure_ticks: u64,
    /// Ticks done since the car was placed.
    done: u64,
    recorder: Option<Recorder>,
}

impl RunSteps {
    /// Puts `world`'s player car at `run`'s spawn of `level` at rest. Bad input: a spawn
    /// the level does not have.
    pub fn start(level: &LoadedLevel, run: &Run, world: &mut SimWorld, tick_rate_hz: u32) -> Result<Self, Error> {
        let spawn = level
            .level
            .spawn(&run.spawn)
            .ok_or_else(|| Error::runtime(format!("run `{}`: no spawn `{}`", run.name, run.spawn)))?;
        let heading = Quat::from_rotation_y(spawn.heading_rad);
        world.teleport_player(spawn.position_m, heading);
        Ok(Self {
            heading,
            speed_mps: run.speed_mps,
            settle_ticks: u64::from(tick_rate_hz / 2),
            measure_ticks: (run.seconds * tick_rate_hz as f32).round() as u64,
            done: 0,
            recorder: None,
        })
    }

    /// Whether the car is still settling (the tick about to run takes no input).
    pub fn settling(&self) -> bool {
        self.done < self.settle_ticks
    }

    /// Before a tick: on the first measured tick, launches the car at the run's speed and
    /// starts measuring.
    pub fn before_tick(&mut self, world: &mut SimWorld) {
        if self.done == self.settle_ticks && self.recorder.is_none() {
            world.set_player_velocity(self.heading * Vec3::Z * self.speed_mps, Vec3::ZERO);
            self.recorder = Some(Recorder::new(world, self.heading * Vec3::Z));
        }
    }

    /// After a tick: measures it (once launched).
    pub fn after_tick(&mut self, world: &SimWorld) {
        self.done += 1;
        if let Some(r) = self.recorder.as_mut() {
            r.record(world);
        }
    }

    /// The ticks measured so far (0 while settling).
    pub fn measured_ticks(&self) -> u64 {
        self.done.saturating_sub(self.settle_ticks)
    }

    /// The seconds measured so far (0 while settling).
    pub fn measured_s(&self, world: &SimWorld) -> f64 {
        self.measured_ticks() as f64 * f64::from(world.dt_s())
    }

    /// The run's length once launched, s.
    pub fn length_s(&self, world: &SimWorld) -> f64 {
        self.measure_ticks as f64 * f64::from(world.dt_s())
    }

    /// The most ticks the run takes, settling included (a recording of it needs no more).
    pub fn total_ticks(&self) -> u64 {
        self.settle_ticks + self.measure_ticks
    }

    /// Whether every tick of the run has been measured.
    pub fn finished(&self) -> bool {
        self.done >= self.settle_ticks + self.measure_ticks
    }

    /// One metric as measured so far (`skidpad_bake::scenario::METRICS` names them); NaN
    /// before the launch or for an unknown name. Allocates nothing.
    pub fn metric(&self, world: &SimWorld, name: &str) -> f64 {
        self.recorder.as_ref().map_or(f64::NAN, |r| r.metric(world, name))
    }

    /// Whether `name`'s value can no longer change (a stop, once the car has stopped), so a
    /// run watched only for it may end early.
    pub fn settled(&self, name: &str) -> bool {
        self.recorder.as_ref().is_some_and(|r| r.settled(name))
    }

    /// The run's measurements, named `name`.
    pub fn result(&self, name: &str, world: &SimWorld) -> RunResult {
        RunResult {
            name: name.to_string(),
            metrics: self.recorder.as_ref().map(|r| r.finish(world)).unwrap_or_default(),
            state_hash: format!("{:016x}", world.state_hash()),
        }
    }
}
