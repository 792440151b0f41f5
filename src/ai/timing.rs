//! Lap timing by ticks: a lap ends each time a car crosses the line's start going forward.

use super::line::DrivingLine;
use glam::Vec2;

/// Counts one car's laps on a line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LapTimer {
    hint: Option<usize>,
    last_s_m: Option<f32>,
    /// Tick of the latest crossing of the start.
    last_crossing_tick: Option<u64>,
    /// Distance driven along the line since the last crossing, m.
    since_crossing_m: f32,
    /// Completed laps' times, in ticks.
    laps_ticks: Vec<u64>,
}

impl LapTimer {
    /// A timer that starts at the first crossing of the start.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds the car's position after tick `tick`. Returns true when a lap was completed.
    pub fn update(&mut self, line: &DrivingLine, position: Vec2, tick: u64) -> bool {
        let here = line.locate(position, self.hint);
        self.hint = Some(here.index);
        let length = line.length_m();
        let mut completed = false;
        if let Some(last) = self.last_s_m {
            // Progress along the loop, unwrapped across the start.
            let mut ds = here.s_m - last;
            if ds < -0.5 * length {
                ds += length;
            } else if ds > 0.5 * length {
                ds -= length;
            }
            let crossed = ds > 0.0 && here.s_m < last;
            self.since_crossing_m += ds;
            // A crossing counts once the car has gone most of the way round (a car
            // wobbling on the line does not score laps).
            if crossed {
                if let Some(start) = self.last_crossing_tick {
                    if self.since_crossing_m > 0.75 * length {
                        self.laps_ticks.push(tick - start);
                        completed = true;
                    }
                }
                if self.last_crossing_tick.is_none() || completed {
                    self.last_crossing_tick = Some(tick);
                    self.since_crossing_m = 0.0;
                }
            }
        }
        self.last_s_m = Some(here.s_m);
        completed
    }

    /// Completed laps' times in ticks.
    pub fn laps_ticks(&self) -> &[u64] {
        &self.laps_ticks
    }

    /// Whether the timer has started (the car crossed the start once).
    pub fn started(&self) -> bool {
        self.last_crossing_tick.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laps_are_timed_from_crossing_to_crossing() {
        let pts: Vec<Vec2> = (0..64)
            .map(|i| {
                let a = i as f32 / 64.0 * std::f32::consts::TAU;
                Vec2::new(a.cos(), a.sin()) * 100.0
            })
            .collect();
        let line = DrivingLine::new(pts, vec![10.0; 64]).unwrap();
        let mut t = LapTimer::new();
        // Start a quarter lap before the start, drive 2.25 laps at 1 m per tick.
        let mut laps = 0;
        for tick in 0..(2.25 * line.length_m()) as u64 {
            let s = -0.25 * line.length_m() + tick as f32;
            laps += t.update(&line, line.point_at(s), tick) as usize;
        }
        assert_eq!(laps, 1, "out-lap arms the timer, then one full lap; a quarter left");
        let lap = t.laps_ticks()[0] as f32;
        assert!((lap - line.length_m()).abs() <= 2.0, "{lap} vs {}", line.length_m());
    }
}
