//! The results of a time trial: what was driven (laps, best lap, a new record, the medal
//! against the author time when one is known), then Retry (the same level and car at
//! once: the new best is the one to beat) or Main menu (also Back).

use super::{Outcome, Step};
use crate::app::menu::{Item, Menu, MenuEvent};
use crate::modes::Medal;

/// What the results page reports.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Summary {
    /// The level's name.
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
        let clock = |s: Option<f64>| s.map_or("—".to_string(), super::lap_clock);
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
            (Some(a), Some(m)) => format!("Medal: {} (author time {})", m.name(), super::lap_clock(a)),
            (Some(a), None) => format!("No medal (author time {})", super::lap_clock(a)),
            (None, _) => "No author time yet: run --ai-driver sets one".to_string(),
        });
        lines
    }
}

/// Retry, then Main menu.
pub fn menu() -> Menu {
    Menu::new(vec![Item::button("Retry"), Item::button("Main menu")])
}

/// Retry restarts the level; Main menu leaves for it.
pub fn on(event: MenuEvent) -> Step {
    match event {
        MenuEvent::Activated(0) => Step::Out(Outcome::Restart),
        MenuEvent::Activated(1) => Step::Out(Outcome::QuitToMenu),
        _ => Step::Stay,
    }
}
