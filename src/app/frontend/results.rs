//! The results of a challenge (each goal's figure and medal, the medal, the best before;
//! Retry, Next challenge, Main menu), of a time trial (laps, best lap, a new record, the medal against the author
//! time when one is known) or of a race (the table in finishing order), then Retry (the
//! same level and car at once: the new best is the one to beat) or Main menu (also Back).

use super::{Catalog, Choice, Mode, Outcome, Step};
use crate::app::challenge_hud;
use crate::app::challenge_run::ChallengeOutcome;
use crate::app::menu::{Item, Menu, MenuEvent};
use crate::modes::{Medal, ResultRow};

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

/// A race's results page: a heading, then one line per car in finishing order — position,
/// who ("You" or the AI's grid number), total time (or the laps done by a car still running
/// when the player finished), best lap. Kept short enough for one line at 640×480 with
/// eight cars. `player` is the player's car index; `laps` the race's length.
pub fn race_lines(level: &str, laps: u32, rows: &[ResultRow], player: usize) -> Vec<String> {
    let mut lines = Vec::with_capacity(rows.len() + 1);
    lines.push(format!("{level}, {laps} lap{}", if laps == 1 { "" } else { "s" }));
    for r in rows {
        let who = if r.car_index == player {
            "You".to_string()
        } else {
            format!("AI {}", r.car_index)
        };
        let time = match r.total_time_s {
            Some(t) => super::lap_clock(t),
            None => format!("{}/{laps} laps", r.laps),
        };
        let best = r.best_lap_s.map_or("—".to_string(), super::lap_clock);
        lines.push(format!("P{}  {who}  {time}  best {best}", r.position));
    }
    lines
}

/// A challenge's results page: who and where, what was asked, each goal's figure and
/// medal, the challenge's medal (NEW RECORD when it beat the one on record) and the medal
/// on record before.
pub fn challenge_lines(level: &str, car: &str, outcome: &ChallengeOutcome) -> Vec<String> {
    let r = &outcome.result;
    let mut lines = vec![format!("{level} in the {car}"), r.description.clone()];
    for g in &r.goals {
        let (run, metric) = g.figure.split_once('.').unwrap_or(("", &g.figure));
        let mut value = String::new();
        challenge_hud::write_value(&mut value, metric, g.value);
        lines.push(format!(
            "{run}: {} {value}  {}",
            challenge_hud::presentation(metric).0.to_lowercase(),
            g.medal.map_or("no medal", Medal::name)
        ));
    }
    lines.push(match r.medal {
        Some(m) => format!(
            "Medal: {}{}",
            m.name(),
            if outcome.new_record { "  NEW RECORD" } else { "" }
        ),
        None => "No medal: every goal needs at least bronze".to_string(),
    });
    lines.push(format!(
        "Best before: {}",
        outcome.previous_medal.map_or("no medal", Medal::name)
    ));
    lines
}

/// The challenge after `choice`'s level in `catalog`'s order (wrapping), with the same car.
pub fn next_challenge(catalog: &Catalog, choice: &Choice) -> Option<Choice> {
    let levels: Vec<&str> = catalog
        .levels
        .iter()
        .filter(|l| l.challenge.is_some())
        .map(|l| l.name.as_str())
        .collect();
    let here = levels.iter().position(|l| *l == choice.level);
    let next = levels.get(here.map_or(0, |i| (i + 1) % levels.len()))?;
    Some(Choice {
        mode: Mode::Challenge,
        level: next.to_string(),
        car: choice.car.clone(),
        ..Choice::default()
    })
}

/// Retry, then Main menu.
pub fn menu() -> Menu {
    Menu::new(vec![Item::button("Retry"), Item::button("Main menu")])
}

/// A challenge's: Retry, Next (when there is a next challenge), Main menu.
pub fn challenge_menu(next: bool) -> Menu {
    let mut items = vec![Item::button("Retry")];
    if next {
        items.push(Item::button("Next challenge"));
    }
    items.push(Item::button("Main menu"));
    Menu::new(items)
}

/// Retry restarts the level; Next starts `next`; Main menu leaves for it.
pub fn on(event: MenuEvent, next: Option<&Choice>) -> Step {
    match (event, next) {
        (MenuEvent::Activated(0), _) => Step::Out(Outcome::Restart),
        (MenuEvent::Activated(1), Some(n)) => Step::Out(Outcome::Start(n.clone())),
        (MenuEvent::Activated(1), None) | (MenuEvent::Activated(2), Some(_)) => Step::Out(Outcome::QuitToMenu),
        _ => Step::Stay,
    }
}

#[cfg(test)]
mod race_tests {
    use super::*;

    fn row(position: usize, car_index: usize, total: Option<f64>, laps: u32) -> ResultRow {
        ResultRow {
            position,
            car_index,
            car: "sedan".into(),
            laps,
            total_time_s: total,
            best_lap_s: total.map(|t| t / laps as f64),
            gap_ahead_s: None,
        }
    }

    #[test]
    fn a_race_table_names_the_player_and_says_who_is_still_running() {
        let rows = [
            row(1, 2, Some(125.04), 3),
            row(2, 0, Some(126.5), 3),
            row(3, 1, None, 2),
        ];
        let lines = race_lines("circuit", 3, &rows, 0);
        assert_eq!(lines[0], "circuit, 3 laps");
        assert_eq!(lines.len(), 4, "a heading and one line per car");
        assert_eq!(lines[1], "P1  AI 2  2:05.040  best 0:41.680");
        assert!(lines[2].starts_with("P2  You  2:06.500"), "{}", lines[2]);
        assert_eq!(lines[3], "P3  AI 1  2/3 laps  best —");
        assert_eq!(race_lines("slip", 1, &[], 0)[0], "slip, 1 lap");
    }
}
