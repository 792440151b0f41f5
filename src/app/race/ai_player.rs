//! The player's car driven by the AI (`run --ai-driver`, the soak), timing its laps, and
//! [`AiRace`]: a [`Race`] with the AI at the player's wheel.

use super::opponents::footprint_m;
use super::{Opponents, Race};
use crate::ai::{AiDifficulty, AiDriver, AiSettings, DrivingLine, LapTimer, Racecraft, RacecraftSettings, StuckWatch};
use crate::app::setup::Setup;
use crate::content::ContentRoot;
use crate::error::Error;
use crate::raceline::level_line;
use crate::sim::{SimWorld, TickInput, MAX_PLAYERS};
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
    /// The player whose car it drives (0 the first; a guest's in a split-screen race).
    seat: usize,
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
            seat: 0,
        }
    }

    /// The same AI at the wheel of player `seat`'s car instead (a guest's: 1 for the
    /// second player).
    pub fn at_seat(self, seat: usize) -> Self {
        Self { seat, ..self }
    }

    /// The world index of the car it drives.
    fn car_index(&self, world: &SimWorld) -> usize {
        world.player_car_index(self.seat).unwrap_or(0)
    }

    /// The player's input for the next tick: the AI's controls, or the restart input (back
    /// to the spawn, where its lap timing began) once the car has been overturned or stuck
    /// for a while.
    pub fn input(&mut self, world: &SimWorld) -> TickInput {
        let car = self.car_index(world);
        let body = world.car_body(car);
        TickInput {
            control: self
                .driver
                .control(&self.car, body, &world.telemetry(car), world.dt_s()),
            restart: self.watch.update(body, true, world.dt_s()),
            ..Default::default()
        }
    }

    /// As [`AiPlayer::input`], racing `opponents` as they race each other (giving room to
    /// a car alongside, passing, rejoining; [`Opponents::plan_for`]); alone on its line when
    /// they only follow or there are none.
    pub fn input_among(&mut self, world: &SimWorld, opponents: &mut Opponents) -> TickInput {
        let car = self.car_index(world);
        let Some(plan) = opponents.plan_for(world, car, &mut self.racecraft, self.speed_scale, &self.driver) else {
            return self.input(world);
        };
        let body = world.car_body(car);
        TickInput {
            control: self.driver.control_located(
                &self.car,
                body,
                &world.telemetry(car),
                world.dt_s(),
                &plan,
                opponents.located(car),
            ),
            restart: self.watch.update(body, true, world.dt_s()),
            ..Default::default()
        }
    }

    /// The player's car's racecraft (what it did last tick, for logs and tests).
    pub fn racecraft(&self) -> &Racecraft {
        &self.racecraft
    }

    /// Times laps from the world after a tick; true when one was completed.
    pub fn after_tick(&mut self, world: &SimWorld) -> bool {
        let p = world.car_body(self.car_index(world)).translation();
        self.timer.update(self.driver.line(), Vec2::new(p.x, p.z), world.tick())
    }

    /// Completed laps, in ticks.
    pub fn laps_ticks(&self) -> &[u64] {
        self.timer.laps_ticks()
    }
}

/// Seeds of the guests' AIs (plus the player's number), apart from the opponents' grid
/// slots.
const GUEST_SEED: u64 = 1000;

/// A level raced by the AI alone: the setup's [`Race`] (headless: nothing draws it) with
/// an [`AiPlayer`] at the player's wheel. What `run --ai-driver`, the soak, the
/// allocation test and `alloc_sites` drive.
pub struct AiRace {
    /// The world and the AI opponents.
    pub race: Race,
    /// The player's car's AI and lap timer.
    pub player: AiPlayer,
    /// The guests' cars' AIs, in player order (none with one player).
    pub guests: Vec<AiPlayer>,
    /// Every player's input in the latest tick, the first player's first.
    inputs: [TickInput; MAX_PLAYERS],
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
    /// Each guest's AI drives the same line in their own car, seeded apart from the
    /// opponents (who are seeded by their grid slots).
    pub fn on_at(race: Race, line: &Arc<DrivingLine>, car: &CarDef, difficulty: AiDifficulty) -> Self {
        Self::on_lines(race, line, car, &[], difficulty)
    }

    /// As [`AiRace::on_at`], guest `g` (0 the second player) driving `guest_lines[g]`, the
    /// line profiled for their car (`line` where none is given).
    pub fn on_lines(
        race: Race,
        line: &Arc<DrivingLine>,
        car: &CarDef,
        guest_lines: &[Arc<DrivingLine>],
        difficulty: AiDifficulty,
    ) -> Self {
        let player = AiPlayer::racing(line, car, difficulty.settings(0), difficulty.racecraft());
        let guests = guest_ais(&race, line, guest_lines, difficulty);
        Self::seated(race, player, guests)
    }

    /// `race` with `player` at the first player's wheel, and each guest's AI at
    /// `difficulty` along `line` (a tool's own AI settings for the first player).
    pub fn with_player(race: Race, player: AiPlayer, line: &Arc<DrivingLine>, difficulty: AiDifficulty) -> Self {
        let guests = guest_ais(&race, line, &[], difficulty);
        Self::seated(race, player, guests)
    }

    fn seated(race: Race, player: AiPlayer, guests: Vec<AiPlayer>) -> Self {
        Self {
            race,
            player,
            guests,
            inputs: [TickInput::default(); MAX_PLAYERS],
        }
    }

    /// One tick: every AI chooses (the player's AI racing the opponents as they race each
    /// other), the world steps, the lap timer looks. Returns the
    /// player's input (a replay records it).
    pub fn tick(&mut self) -> TickInput {
        let players = 1 + self.guests.len();
        self.inputs[0] = self.player.input_among(&self.race.world, &mut self.race.opponents);
        for (g, guest) in self.guests.iter_mut().enumerate() {
            self.inputs[1 + g] = guest.input_among(&self.race.world, &mut self.race.opponents);
        }
        self.race.step_players(&self.inputs[..players]);
        self.player.after_tick(&self.race.world);
        for guest in &mut self.guests {
            guest.after_tick(&self.race.world);
        }
        self.inputs[0]
    }

    /// Every player's input in the latest tick, the first player's first (a replay records
    /// them all).
    pub fn inputs(&self) -> &[TickInput] {
        &self.inputs[..1 + self.guests.len()]
    }
}

/// The AI at each guest's wheel in `race`: guest `g` (0 the second player) along
/// `guest_lines[g]`, else `line`, in their own car at `difficulty`, seeded apart from the
/// opponents.
fn guest_ais(
    race: &Race,
    line: &Arc<DrivingLine>,
    guest_lines: &[Arc<DrivingLine>],
    difficulty: AiDifficulty,
) -> Vec<AiPlayer> {
    (1..race.world.player_count())
        .map(|p| {
            let def = race.world.player_car(p).def();
            let line = guest_lines.get(p - 1).unwrap_or(line);
            AiPlayer::racing(
                line,
                def,
                difficulty.settings(GUEST_SEED + p as u64),
                difficulty.racecraft(),
            )
            .at_seat(p)
        })
        .collect()
}
