//! A time trial's results page: laps, the best lap, a new record, the medal against the
//! author time when one is known.

use crate::app::hud::lap_clock;
use crate::modes::Medal;

/// What the results page reports.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Summary {
    /// The level's name as players know it (`[info] name`).
    pub level: String,
    /// The car's name.
    pub car: String,
    /// Full laps timed.
    pub laps: u32,
    /// The run's best lap, s.
    pub best_lap_s: Option<f64>,
    /// The best lap on record before the run, s.
    pub previous_best_s: Option<f64>,
    /// Whether the run's best lap beat the record (and was saved).
    pub new_record: bool,
    /// The author time (the AI's lap at its top setting), s, when one is on record.
    pub author_s: Option<f64>,
    /// The medal the run's best lap earns against it.
    pub medal: Option<Medal>,
}

impl Summary {
    /// The page's lines, in order.
    pub fn lines(&self) -> Vec<String> {
        let clock = |s: Option<f64>| s.map_or("—".to_string(), lap_clock);
        let mut lines = vec![
            format!("{} in the {}", self.level, self.car),
            format!("Laps: {}", self.laps),
            format!(
                "Best lap: {}{}",
                clock(self.best_lap_s),
                if self.new_record { "  NEW RECORD" } else { "" }
            ),
            format!("Record before: {}", clock(self.previous_best_s)),
        ];
        lines.push(match (self.author_s, self.medal) {
            (Some(a), Some(m)) => format!("Medal: {} (author time {})", m.name(), lap_clock(a)),
            (Some(a), None) => format!("No medal (author time {})", lap_clock(a)),
            (None, _) => "No author time yet: run --ai-driver sets one".to_string(),
        });
        lines
    }
}
