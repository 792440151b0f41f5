//! The rules of a race to a number of laps: a countdown the world waits through (3-2-1-go:
//! nothing steps, so nobody moves before the go), every car's laps timed on the course,
//! positions from laps and distance along the course, gaps at the latest line passed, the
//! finish order, and the results table.
//!
//! Difficulty is not a rule of the race: how fast and how cleanly the opponents drive is
//! their drivers' setting (`ai::AiSettings`, given where `app::race::Opponents` spawns
//! them); the AI's difficulty type goes there, and these rules time whoever drives.

use super::course::Course;
use super::lap_tracker::{LapTracker, Start};
use glam::Vec2;
use serde::Serialize;

/// Seconds of countdown before the go (3-2-1).
pub const COUNTDOWN_S: u32 = 3;

/// One car's line in the results table.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ResultRow {
    /// 1 for the winner.
    pub position: usize,
    /// The car's index in the world (0 the player, then the opponents).
    pub car_index: usize,
    /// The car's name.
    pub car: String,
    /// Laps completed.
    pub laps: u32,
    /// Time from the go to the finish, s; None for a car that did not finish.
    pub total_time_s: Option<f64>,
    /// The car's fastest lap, s.
    pub best_lap_s: Option<f64>,
    /// Behind the car ahead at the latest line both passed, s (None for the leader).
    pub gap_ahead_s: Option<f64>,
}

/// A race in progress: per-car lap timing (sized at set-up), the order, the countdown.
#[derive(Debug, Clone)]
pub struct RaceRules {
    course: Course,
    laps: u32,
    countdown_ticks: u32,
    tick_s: f64,
    trackers: Vec<LapTracker>,
    finish_s: Vec<Option<f64>>,
    order: Vec<usize>,
}

impl RaceRules {
    /// A race of `laps` laps on `course` for cars standing at `positions` (world x, z; the
    /// player first) at `tick_rate_hz`: a standing start after the countdown.
    pub fn new(course: Course, laps: u32, positions: &[Vec2], tick_rate_hz: u32) -> Self {
        let laps = laps.max(1);
        let trackers = positions
            .iter()
            .map(|p| LapTracker::new(&course, Start::Standing, *p, tick_rate_hz, laps as usize))
            .collect();
        Self {
            laps,
            countdown_ticks: COUNTDOWN_S * tick_rate_hz,
            tick_s: 1.0 / tick_rate_hz.max(1) as f64,
            finish_s: vec![None; positions.len()],
            order: (0..positions.len()).collect(),
            trackers,
            course,
        }
    }

    /// During the countdown: counts one tick down and returns true — the caller does not
    /// step the world this tick. False from the go on.
    pub fn hold(&mut self) -> bool {
        if self.countdown_ticks == 0 {
            return false;
        }
        self.countdown_ticks -= 1;
        true
    }

    /// The countdown's number to show (3, 2, 1), or None once it is go.
    pub fn countdown_shown(&self) -> Option<u32> {
        (self.countdown_ticks > 0).then(|| (self.countdown_ticks as f64 * self.tick_s).ceil() as u32)
    }

    /// Times every car after world tick `tick` (counted from the go) from its position
    /// (world x, z; same order as at set-up), and orders the field. Allocates nothing.
    pub fn after_tick(&mut self, positions: impl Iterator<Item = Vec2>, tick: u64) {
        for (i, p) in positions.enumerate().take(self.trackers.len()) {
            if self.finish_s[i].is_some() {
                continue;
            }
            if self.trackers[i].update(&self.course, p, tick).is_some() && self.trackers[i].laps_done() >= self.laps {
                // The finish crossing's time, to a fraction of a tick.
                let at = self.trackers[i].gate_time_s(self.trackers[i].gates_passed() - 1);
                self.finish_s[i] = Some(at.unwrap_or(tick as f64 * self.tick_s));
            }
        }
        self.order_field();
    }

    /// Finishers first by finish time, then the rest by distance covered; ties by index.
    fn order_field(&mut self) {
        let (trackers, finish, course) = (&self.trackers, &self.finish_s, &self.course);
        self.order.sort_unstable_by(|&a, &b| match (finish[a], finish[b]) {
            (Some(x), Some(y)) => x.total_cmp(&y).then(a.cmp(&b)),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => trackers[b]
                .race_distance_m(course)
                .total_cmp(&trackers[a].race_distance_m(course))
                .then(a.cmp(&b)),
        });
    }

    /// Car indices by position (the leader first).
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// Car `car`'s position, 1-based.
    pub fn position_of(&self, car: usize) -> usize {
        self.order.iter().position(|&c| c == car).map_or(0, |p| p + 1)
    }

    /// Car `car`'s lap timing.
    pub fn tracker(&self, car: usize) -> &LapTracker {
        &self.trackers[car]
    }

    /// A tick's length, s.
    pub fn tick_s(&self) -> f64 {
        self.tick_s
    }

    /// Laps to race.
    pub fn laps(&self) -> u32 {
        self.laps
    }

    /// Whether every car has finished.
    pub fn all_finished(&self) -> bool {
        self.finish_s.iter().all(Option::is_some)
    }

    /// Whether car `car` has finished.
    pub fn finished(&self, car: usize) -> bool {
        self.finish_s.get(car).is_some_and(Option::is_some)
    }

    /// How far car `behind` is behind car `ahead`, s: the difference of the times each
    /// passed the latest line `behind` has passed (None if `behind` has passed none).
    pub fn gap_s(&self, ahead: usize, behind: usize) -> Option<f64> {
        let n = self.trackers[behind].gates_passed().checked_sub(1)?;
        let t_behind = self.trackers[behind].gate_time_s(n)?;
        let t_ahead = self.trackers[ahead].gate_time_s(n)?;
        Some(t_behind - t_ahead)
    }

    /// Gaps of the car in position `position` (1-based) to the car ahead and the car
    /// behind, s. None until the pair has passed a gate in this order: just after a pass
    /// the last gate still has them the other way round, and a gap of the wrong sign
    /// would read as the pass undone.
    pub fn gaps_around(&self, position: usize) -> (Option<f64>, Option<f64>) {
        let i = position.saturating_sub(1);
        let Some(&me) = self.order.get(i) else {
            return (None, None);
        };
        let in_order = |g: &f64| *g >= 0.0;
        let ahead = i
            .checked_sub(1)
            .and_then(|j| self.gap_s(self.order[j], me))
            .filter(in_order);
        let behind = self.order.get(i + 1).and_then(|&b| self.gap_s(me, b)).filter(in_order);
        (ahead, behind)
    }

    /// Car `car`'s time from the go to its finish, s: its own when it has finished, else
    /// projected at `race_s` from the go at the average speed it has kept so far (the race
    /// distance over the distance covered: how a race that ends before the field finishes
    /// classifies the cars still running). None for a car that has not left the grid.
    pub fn projected_finish_s(&self, car: usize, race_s: f64) -> Option<f64> {
        if let Some(t) = self.finish_s.get(car).copied().flatten() {
            return Some(t);
        }
        let covered_m = self.trackers.get(car)?.race_distance_m(&self.course);
        let total_m = self.laps as f64 * self.course.length_m() as f64;
        (covered_m > 1.0 && race_s > 0.0).then(|| race_s.max(race_s * total_m / covered_m))
    }

    /// The results table in finishing order; `names` names the cars by index.
    pub fn results(&self, names: &[&str]) -> Vec<ResultRow> {
        self.order
            .iter()
            .enumerate()
            .map(|(i, &car)| ResultRow {
                position: i + 1,
                car_index: car,
                car: names.get(car).copied().unwrap_or("?").to_string(),
                laps: self.trackers[car].laps_done(),
                total_time_s: self.finish_s[car],
                best_lap_s: self.trackers[car].best_race_lap().map(|l| l.lap_s),
                gap_ahead_s: self.gaps_around(i + 1).0,
            })
            .collect()
    }
}
