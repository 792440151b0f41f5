//! A race in play: runs the race's rules ([`crate::modes::RaceRules`]) after every tick of
//! a [`crate::app::flow`] session — the grid where the cars stand, the 3-2-1 countdown the
//! world is held through (nothing steps, so nobody moves before the go), every car's laps,
//! positions and the gaps around the player — and hands the HUD its figures
//! ([`RaceBoard`]). Like `trial_run.rs`, but for a field of cars.

use super::frontend::LevelMap;
use super::mode_run::course_of;
use super::setup::Setup;
use crate::error::Error;
use crate::modes::RaceRules;
use crate::sim::SimWorld;
use glam::Vec2;

/// The player's car's index in the world (then the opponents).
const PLAYER: usize = 0;

/// The race's figures for the HUD.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RaceBoard {
    /// The countdown's number (3, 2, 1) until the go.
    pub countdown: Option<u32>,
    /// The player's position, 1-based.
    pub position: usize,
    /// The cars in the race.
    pub cars: usize,
    /// The lap the player is on, 1-based (the last lap once finished).
    pub lap: u32,
    /// The laps raced.
    pub laps: u32,
    /// How far the player is behind the car ahead, s, at the latest line both passed.
    pub gap_ahead_s: Option<f64>,
    /// How far the car behind is behind the player, s.
    pub gap_behind_s: Option<f64>,
    /// Whether the player has finished.
    pub finished: bool,
}

/// The countdown's beep at each number (3, 2, 1), Hz: the mixer's generated blip.
pub const COUNT_BEEP_HZ: f32 = 440.0;
/// The beep at the go, Hz: an octave above the count's.
pub const GO_BEEP_HZ: f32 = 880.0;

/// A race being driven.
pub struct RaceRun {
    rules: RaceRules,
    /// The level's top-down map, for the minimap (made once, here).
    map: LevelMap,
    /// The countdown as last announced (None: nothing yet; Some(None): the go).
    announced: Option<Option<u32>>,
    /// The world's tick at the go (ticks are counted from it for the rules).
    go_tick: Option<u64>,
}

fn positions(world: &SimWorld) -> impl Iterator<Item = Vec2> + '_ {
    (0..world.cars().len()).map(|i| {
        let p = world.car_body(i).translation();
        Vec2::new(p.x, p.z)
    })
}

impl RaceRun {
    /// A race of `laps` laps on `setup`'s course for the cars of `world` where they stand
    /// (the grid). Bad input: a level without a course.
    pub fn new(setup: &Setup, world: &SimWorld, laps: u32) -> Result<Self, Error> {
        let grid: Vec<Vec2> = positions(world).collect();
        let rate = setup.profile.loop_config.tick_rate_hz;
        Ok(Self {
            rules: RaceRules::new(course_of(setup)?, laps, &grid, rate),
            map: LevelMap::of(&setup.level.level),
            go_tick: None,
            announced: None,
        })
    }

    /// Before a tick: true while the countdown holds the world (the caller does not step
    /// it); counts the countdown down.
    pub fn hold(&mut self) -> bool {
        self.rules.hold()
    }

    /// After `hold`: the beep to play when the countdown shows a new number (or the go),
    /// once each.
    pub fn beep_hz(&mut self) -> Option<f32> {
        let shown = self.rules.countdown_shown();
        if self.announced == Some(shown) {
            return None;
        }
        self.announced = Some(shown);
        Some(if shown.is_some() { COUNT_BEEP_HZ } else { GO_BEEP_HZ })
    }

    /// After a tick of `world`: times every car and orders the field. Allocates nothing.
    pub fn after_tick(&mut self, world: &SimWorld) {
        let go = *self.go_tick.get_or_insert(world.tick().saturating_sub(1));
        self.rules.after_tick(positions(world), world.tick() - go);
    }

    /// The figures the HUD shows.
    pub fn board(&self) -> RaceBoard {
        let position = self.rules.position_of(PLAYER);
        let (gap_ahead_s, gap_behind_s) = self.rules.gaps_around(position);
        let laps = self.rules.laps();
        RaceBoard {
            countdown: self.rules.countdown_shown(),
            position,
            cars: self.rules.order().len(),
            lap: (self.rules.tracker(PLAYER).laps_done() + 1).min(laps),
            laps,
            gap_ahead_s,
            gap_behind_s,
            finished: self.rules.finished(PLAYER),
        }
    }

    /// Whether the player has finished.
    pub fn finished(&self) -> bool {
        self.rules.finished(PLAYER)
    }

    /// The level's map the minimap draws the cars on.
    pub fn map(&self) -> &LevelMap {
        &self.map
    }

    /// The rules, for the results table.
    pub fn rules(&self) -> &RaceRules {
        &self.rules
    }
}
