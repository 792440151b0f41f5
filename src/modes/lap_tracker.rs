//! One car's laps on a [`Course`]: the start/finish and sector lines crossed in order,
//! each crossing timed to a fraction of a tick, splits, last and best lap, and the delta
//! of each split to the best lap's.
//!
//! The rules, so a lap is a lap:
//! - **Direction**: a line counts when crossed forwards (distance along the course
//!   rising); crossing the line last passed backwards un-passes it, so a car wiggling
//!   across a line scores it once.
//! - **Order**: a lap ends at the finish line only when every sector line was passed in
//!   order since it began; a car that cuts the course past a sector line has not passed
//!   it and must go back for it.
//! - **Continuity**: a tick's move counts only if the distance along the course changed
//!   by at most `2 × distance driven + 1 m` (the centre line's length grows on the
//!   outside of a bend; twice covers a car up to half a radius off the line). A bigger
//!   jump means the car left the course's neighbourhood (cut across, or was put back)
//!   and crosses no line.
//!
//! Crossing times are linear interpolations between the positions before and after the
//! tick, in ticks; everything is deterministic (no clock).

use super::course::{Course, MAX_SECTORS};
use glam::Vec2;

/// How a car's first lap starts (`run --start` takes it by name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Start {
    /// The clock runs from the go (tick 0), wherever the car stands; a car on a grid
    /// behind the line crosses it and carries on in its first lap.
    #[value(help = "The clock runs from the first tick.")]
    Standing,
    /// The clock starts when the car first crosses the start/finish line (an out-lap
    /// first: `run --ai-driver`, time trials).
    #[value(help = "An out-lap to the line first.")]
    Rolling,
}

/// A completed lap.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LapTime {
    /// The lap's time, s.
    pub lap_s: f64,
    /// Time from the lap's start to each sector line and (last) the finish, s: entry `k`
    /// is the end of sector `k + 1`; `sectors` of them are used.
    pub splits_s: [f64; MAX_SECTORS],
    /// Sectors used in `splits_s`.
    pub sectors: usize,
    /// The tick during which the lap began (the world's tick count after it; 0 for a
    /// standing start's first lap).
    pub start_tick: u64,
    /// The tick during which the lap ended (the world's tick count after it).
    pub end_tick: u64,
    /// Whether the lap covered the whole course from the line: false for a standing
    /// start's first lap when the car stood ahead of the line (it counts towards a race's
    /// total, never as a best lap).
    pub full: bool,
}

impl LapTime {
    /// The time of sector `k` (0-based) alone, s.
    pub fn sector_s(&self, k: usize) -> f64 {
        let before = if k == 0 { 0.0 } else { self.splits_s[k - 1] };
        self.splits_s[k] - before
    }
}

/// One car's lap timing.
#[derive(Debug, Clone)]
pub struct LapTracker {
    tick_s: f64,
    sectors: usize,
    hint: Option<usize>,
    last: Option<(f32, Vec2)>,
    /// The gate to pass next: 0 the line (not yet reached), 1.. the sector lines, then
    /// `sectors` the finish.
    next_gate: usize,
    /// When the current lap began, in ticks (fractional); None before the clock runs.
    lap_start_ticks: Option<f64>,
    /// The world tick during which the current lap began.
    lap_start_tick: u64,
    /// The current lap began ahead of the line (a standing start there): not a full lap.
    partial_lap: bool,
    /// This lap's split at each gate passed, ticks since the lap's start.
    splits_ticks: [f64; MAX_SECTORS],
    laps_done: u32,
    last_lap: Option<LapTime>,
    best_lap: Option<LapTime>,
    /// Every completed lap, up to the capacity given at set-up (further laps are counted
    /// but not listed, so a tick never allocates).
    laps: Vec<LapTime>,
    /// When every gate of the run was passed (ticks), in order, up to capacity: what
    /// race gaps compare.
    gate_ticks: Vec<f64>,
}

impl LapTracker {
    /// A tracker for a car starting at `position` (world x, z) on `course`, at
    /// `tick_rate_hz`, listing up to `max_laps` laps.
    pub fn new(course: &Course, start: Start, position: Vec2, tick_rate_hz: u32, max_laps: usize) -> Self {
        let (s, index) = course.locate(position, None);
        let sectors = course.sectors();
        let (next_gate, lap_start_ticks) = match start {
            Start::Rolling => (0, None),
            // Ahead of the line (in the lap's first half): the sector lines behind the car
            // count as passed. Behind it (on a grid): the line is still to cross.
            Start::Standing if s < 0.5 * course.length_m() => (
                (1..sectors).take_while(|&k| course.gate_m(k) <= s).count() + 1,
                Some(0.0),
            ),
            Start::Standing => (0, Some(0.0)),
        };
        let mut tracker = Self {
            tick_s: 1.0 / tick_rate_hz.max(1) as f64,
            sectors,
            hint: Some(index),
            last: Some((s, position)),
            next_gate,
            lap_start_ticks,
            lap_start_tick: 0,
            partial_lap: lap_start_ticks.is_some() && next_gate > 0,
            splits_ticks: [0.0; MAX_SECTORS],
            laps_done: 0,
            last_lap: None,
            best_lap: None,
            laps: Vec::with_capacity(max_laps),
            gate_ticks: Vec::with_capacity(max_laps * sectors + 1),
        };
        // A standing start ahead of the line passed the line and the sector lines behind
        // it at the go, so every car's n-th gate is the same line (race gaps compare them).
        if lap_start_ticks.is_some() {
            tracker.gate_ticks.extend((0..next_gate).map(|_| 0.0));
        }
        tracker
    }

    /// Feeds the car's position after tick `tick` (the world's count after stepping).
    /// Returns the lap completed in this tick, if one was.
    pub fn update(&mut self, course: &Course, position: Vec2, tick: u64) -> Option<LapTime> {
        let (s, index) = course.locate(position, self.hint);
        self.hint = Some(index);
        let (last_s, last_p) = self.last.replace((s, position))?;
        let length = course.length_m();
        let mut ds = s - last_s;
        if ds > 0.5 * length {
            ds -= length;
        } else if ds < -0.5 * length {
            ds += length;
        }
        if ds.abs() > 2.0 * position.distance(last_p) + 1.0 {
            return None;
        }
        let tick_start = tick.saturating_sub(1) as f64;
        if ds > 0.0 {
            let gate = self.gate_m(course, self.next_gate);
            if let Some(f) = crossing(last_s, ds, gate, length) {
                return self.pass_gate(tick_start + f, tick);
            }
        } else if ds < 0.0 && self.next_gate > 0 {
            let gate = self.gate_m(course, self.next_gate - 1);
            if crossing(s, -ds, gate, length).is_some() {
                self.next_gate -= 1;
                self.gate_ticks.pop();
            }
        }
        None
    }

    /// Distance along the course of gate `k` (the line for 0 and `sectors`).
    fn gate_m(&self, course: &Course, k: usize) -> f32 {
        course.gate_m(k % self.sectors)
    }

    /// The car passed gate `next_gate` forwards at `at_ticks`.
    fn pass_gate(&mut self, at_ticks: f64, tick: u64) -> Option<LapTime> {
        if self.gate_ticks.len() < self.gate_ticks.capacity() {
            self.gate_ticks.push(at_ticks);
        }
        if self.next_gate == 0 {
            // The line, starting the lap (a rolling start's clock starts here; a standing
            // start's first lap runs on).
            if self.lap_start_ticks.is_none() {
                self.lap_start_ticks = Some(at_ticks);
                self.lap_start_tick = tick;
            }
            self.next_gate = 1;
            return None;
        }
        let start = self.lap_start_ticks.unwrap_or(at_ticks);
        self.splits_ticks[self.next_gate - 1] = at_ticks - start;
        if self.next_gate < self.sectors {
            self.next_gate += 1;
            return None;
        }
        let mut lap = LapTime {
            lap_s: (at_ticks - start) * self.tick_s,
            splits_s: [0.0; MAX_SECTORS],
            sectors: self.sectors,
            start_tick: self.lap_start_tick,
            end_tick: tick,
            full: !self.partial_lap,
        };
        self.partial_lap = false;
        for (out, t) in lap.splits_s.iter_mut().zip(&self.splits_ticks[..self.sectors]) {
            *out = t * self.tick_s;
        }
        self.laps_done += 1;
        self.last_lap = Some(lap);
        if lap.full && self.best_lap.is_none_or(|b| lap.lap_s < b.lap_s) {
            self.best_lap = Some(lap);
        }
        if self.laps.len() < self.laps.capacity() {
            self.laps.push(lap);
        }
        self.lap_start_ticks = Some(at_ticks);
        self.lap_start_tick = tick;
        self.next_gate = 1;
        Some(lap)
    }

    /// Laps completed.
    pub fn laps_done(&self) -> u32 {
        self.laps_done
    }

    /// The laps completed, in order (up to the capacity given at set-up).
    pub fn laps(&self) -> &[LapTime] {
        &self.laps
    }

    /// The latest completed lap.
    pub fn last_lap(&self) -> Option<LapTime> {
        self.last_lap
    }

    /// The fastest completed full lap.
    pub fn best_lap(&self) -> Option<LapTime> {
        self.best_lap
    }

    /// What a race calls the car's best lap: the fastest full lap, or without one the
    /// first lap (a standing start ahead of the line: in a one-lap race, the only lap,
    /// short of a full one by where the car stood, but the lap the car raced).
    pub fn best_race_lap(&self) -> Option<LapTime> {
        self.best_lap.or_else(|| self.laps.first().copied())
    }

    /// Time into the current lap after `tick`, s; None before the clock runs.
    pub fn current_lap_s(&self, tick: u64) -> Option<f64> {
        self.lap_start_ticks
            .map(|start| (tick as f64 - start).max(0.0) * self.tick_s)
    }

    /// Splits passed in the current lap, s from its start (sector lines crossed so far).
    pub fn current_splits_s(&self) -> impl Iterator<Item = f64> + '_ {
        let passed = self.next_gate.saturating_sub(1);
        self.splits_ticks[..passed].iter().map(|t| t * self.tick_s)
    }

    /// The current lap's split at sector line `k` (0-based) minus the best lap's, s
    /// (negative: ahead of the best); None until both have one.
    pub fn split_delta_s(&self, k: usize) -> Option<f64> {
        let best = self.best_lap?;
        let now = self.current_splits_s().nth(k)?;
        Some(now - best.splits_s[k])
    }

    /// Gates (sector lines and the finish) passed since the start, the line's first
    /// crossing included.
    pub fn gates_passed(&self) -> usize {
        self.gate_ticks.len()
    }

    /// When gate number `n` of the run (0-based, in order) was passed, s.
    pub fn gate_time_s(&self, n: usize) -> Option<f64> {
        self.gate_ticks.get(n).map(|t| t * self.tick_s)
    }

    /// How far the car has come in the run, m, for ordering a race: whole laps, the gates
    /// of this lap, and the distance past the latest. Negative on a grid behind the line.
    pub fn race_distance_m(&self, course: &Course) -> f64 {
        let length = course.length_m();
        let s = self.last.map_or(0.0, |(s, _)| s);
        let progress = if self.next_gate == 0 {
            // Before the line: behind it (s near the end of the loop) counts negative.
            if s > 0.5 * length {
                s - length
            } else {
                s
            }
        } else {
            let from = self.gate_m(course, self.next_gate - 1);
            let to = if self.next_gate == self.sectors {
                length
            } else {
                self.gate_m(course, self.next_gate)
            };
            (from + (s - from).rem_euclid(length)).min(to)
        };
        self.laps_done as f64 * length as f64 + progress as f64
    }
}

/// Whether moving forwards `ds` (> 0) from `from_m` passes `gate_m` on a loop of `length`;
/// the fraction of the move at which it does, in (0, 1].
fn crossing(from_m: f32, ds: f32, gate_m: f32, length: f32) -> Option<f64> {
    let d = (gate_m - from_m).rem_euclid(length);
    (d > 0.0 && d <= ds).then(|| (d / ds) as f64)
}
