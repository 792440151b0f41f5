//! The rules of a time trial: the player's laps timed on the course from a rolling start
//! (an out-lap to the line first) or a standing one, the best lap kept with the world's state hash at its
//! end (what its ghost must replay to), and medals against the author time.

use super::course::Course;
use super::lap_tracker::{LapTime, LapTracker, Start};
use super::medals::{LapTargets, Medal};
use crate::sim::SimWorld;
use glam::Vec2;

/// A time trial in progress.
#[derive(Debug, Clone)]
pub struct TimeTrial {
    course: Course,
    tracker: LapTracker,
    /// The state hash after each completed lap's last tick (sized at set-up).
    lap_end_hashes: Vec<u64>,
}

impl TimeTrial {
    /// A time trial on `course` for the player's car in `world` (as set up, before its
    /// first tick, stepping at `tick_rate_hz`) from a `start` (rolling: an out-lap to the
    /// line first; standing: the clock runs from the first tick), listing up to `max_laps`
    /// laps.
    pub fn new(course: Course, world: &SimWorld, start: Start, tick_rate_hz: u32, max_laps: usize) -> Self {
        let p = world.player_body().translation();
        let tracker = LapTracker::new(&course, start, Vec2::new(p.x, p.z), tick_rate_hz, max_laps);
        Self {
            course,
            tracker,
            lap_end_hashes: Vec::with_capacity(max_laps),
        }
    }

    /// Times the player's car after a world tick; the lap completed in it, if one was.
    pub fn after_tick(&mut self, world: &SimWorld) -> Option<LapTime> {
        let p = world.player_body().translation();
        let lap = self.tracker.update(&self.course, Vec2::new(p.x, p.z), world.tick())?;
        if self.lap_end_hashes.len() < self.lap_end_hashes.capacity() {
            self.lap_end_hashes.push(world.state_hash());
        }
        Some(lap)
    }

    /// The player's lap timing.
    pub fn tracker(&self) -> &LapTracker {
        &self.tracker
    }

    /// The best lap and the state hash at its end (None when its hash was not kept).
    pub fn best_with_hash(&self) -> Option<(LapTime, u64)> {
        let best = self.tracker.best_lap()?;
        let i = self.tracker.laps().iter().position(|l| *l == best)?;
        Some((best, *self.lap_end_hashes.get(i)?))
    }

    /// The medal the best lap earns against `targets`.
    pub fn medal(&self, targets: &LapTargets) -> Option<Medal> {
        targets.award(self.tracker.best_lap()?.lap_s)
    }
}
