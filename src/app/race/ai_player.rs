//! The player's car driven by the AI (`run --ai-driver`, the soak), timing its laps, and
//! [`AiRace`]: a [`Race`] with the AI at the player's wheel.

use super::opponents::footprint_m;
use super::{Opponents, Race};
use crate::ai::{AiDifficulty, AiDriver, AiSettings, DrivingLine, LapTimer, Racecraft, RacecraftSettings, StuckWatch};
use crate::app::setup::Setup;
use crate::content::ContentRoot;
use crate::error::Error;
use crate::raceline::level_line;
use crate::sim::{SimWorld, TickInput};
use crate::vehicle::CarDef;
use glam::Vec2;
use std::sync::Arc;

/// The player's car driven by the AI, timing its laps; among opponents that race, it races
/// them with its own [`Racecraft`] ([`AiPlayer::input_among`]).
#[derive(Debug, Clone)]
pub struct AiPlayer {
    driver: AiDriver,
    car: CarDef,
    timer: LapTimer,
    watch: StuckWatch,
    racecraft: Racecraft,
    /// Its driver's speed scale (the difficulty's pace), for the pace its racecraft judges.
    speed_scale: f32,
}

impl AiPlayer {
    /// An AI for the player's `car` along `line`, at the top difficulty.
    pub fn new(line: &Arc<DrivingLine>, car: &CarDef) -> Self {
        Self::with_settings(line, car, AiSettings::default())
    }

    /// An AI for the player's `car` along `line` driving with `settings` (e.g. a
    /// difficulty's, [`AiDifficulty::settings`]).
    pub fn with_settings(line: &Arc<DrivingLine>, car: &CarDef, settings: AiSettings) -> Self {
        Self::racing(line, car, settings, RacecraftSettings::default())
    }

    /// As [`AiPlayer::with_settings`], racing opponents with `racecraft` (a difficulty's,
    /// [`AiDifficulty::racecraft`]).
    pub fn racing(line: &Arc<DrivingLine>, car: &CarDef, settings: AiSettings, racecraft: RacecraftSettings) -> Self {
        let (width_m, length_m) = footprint_m(car);
        let speed_scale = settings.speed_scale;
        Self {
            driver: AiDriver::new(line.clone(), car, settings),
            car: car.clone(),
            timer: LapTimer::new(),
            watch: StuckWatch::default(),
            racecraft: Racecraft::new(racecraft, width_m, length_m),
            speed_scale,
        }
    }

    /// The player's input for the next tick: the AI's controls, or the restart input (back
    /// to the spawn, where its lap timing began) once the car has been overturned or stuck
    /// for a while.
    pub fn input(&mut self, world: &SimWorld) -> TickInput {
        TickInput {
            control: self
                .driver
                .control(&self.car, world.player_body(), &world.telemetry(0), world.dt_s()),
            restart: self.watch.update(world.player_body(), true, world.dt_s()),
            ..Default::default()
        }
    }

    /// As [`AiPlayer::input`], racing `opponents` as they race each other (giving room to
    /// a car alongside, passing, rejoining; [`Opponents::plan_for`]); alone on its line when
    /// they only follow or there are none.
    pub fn input_among(&mut self, world: &SimWorld, opponents: &mut Opponents) -> TickInput {
        let Some(plan) = opponents.plan_for(world, 0, &mut self.racecraft, self.speed_scale, &self.driver) else {
            return self.input(world);
        };
        TickInput {
            control: self.driver.control_located(
                &self.car,
                world.player_body(),
                &world.telemetry(0),
                world.dt_s(),
                &plan,
                opponents.located(0),
            ),
            restart: self.watch.update(world.player_body(), true, world.dt_s()),
            ..Default::default()
        }
    }

    /// The player's car's racecraft (what it did last tick, for logs and tests).
    pub fn racecraft(&self) -> &Racecraft {
        &self.racecraft
    }

    /// Times laps from the world after a tick; true when one was completed.
    pub fn after_tick(&mut self, world: &SimWorld) -> bool {
        let p = world.player_body().translation();
        self.timer.update(self.driver.line(), Vec2::new(p.x, p.z), world.tick())
    }

    /// Completed laps, in ticks.
    pub fn laps_ticks(&self) -> &[u64] {
        self.timer.laps_ticks()
    }
}

/// A level raced by the AI alone: the setup's [`Race`] (headless: nothing draws it) with
/// an [`AiPlayer`] at the player's wheel. What `run --ai-driver`, the soak, the
/// allocation test and `alloc_sites` drive.
pub struct AiRace {
    /// The world and the AI opponents.
    pub race: Race,
    /// The player's car's AI and lap timer.
    pub player: AiPlayer,
}

impl AiRace {
    /// Sets `setup`'s level up for the AI, at the profile's tick rate (opponents only if
    /// [`Setup::add_opponents`] added some). A level with no line for AI cars is an error.
    pub fn new(root: &ContentRoot, setup: &Setup) -> Result<Self, Error> {
        let line = level_line(root, &setup.level, &setup.car)?;
        Ok(Self::on_at(
            Race::headless(setup),
            &line.line,
            &setup.car,
            setup.ai_difficulty,
        ))
    }

    /// `race` with the AI at the wheel of the player's `car`, driving `line`
    /// (`run --ai-driver` brings its own line).
    pub fn on(race: Race, line: &Arc<DrivingLine>, car: &CarDef) -> Self {
        Self::on_at(race, line, car, AiDifficulty::Ace)
    }

    /// As [`AiRace::on`], the player's AI at `difficulty` (seed 0: the pole slot; the
    /// opponents behind it are seeded by their grid slots).
    pub fn on_at(race: Race, line: &Arc<DrivingLine>, car: &CarDef, difficulty: AiDifficulty) -> Self {
        Self {
            race,
            player: AiPlayer::racing(line, car, difficulty.settings(0), difficulty.racecraft()),
        }
    }

    /// One tick: every AI chooses (the player's AI racing the opponents as they race each
    /// other), the world steps, the lap timer looks. Returns the
    /// player's input (a replay records it).
    pub fn tick(&mut self) -> TickInput {
        let input = self.player.input_among(&self.race.world, &mut self.race.opponents);
        self.race.step(&input);
        self.player.after_tick(&self.race.world);
        input
    }
}
