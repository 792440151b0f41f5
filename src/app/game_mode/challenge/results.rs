//! A challenge's results page: each goal's figure and medal, the challenge's medal, the
//! medal on record before.

use super::panel::{presentation, write_value};
use crate::modes::ChallengeResult;
use crate::modes::Medal;

/// How a challenge ended, for its results page.
#[derive(Debug, Clone, PartialEq)]
pub struct ChallengeOutcome {
    /// The goals' figures and medals, and the challenge's medal.
    pub result: ChallengeResult,
    /// The medal on record before (None also when records are not kept).
    pub previous_medal: Option<Medal>,
    /// Whether the medal won beat the record (and was saved).
    pub new_record: bool,
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
        write_value(&mut value, metric, g.value);
        lines.push(format!(
            "{run}: {} {value}  {}",
            presentation(metric).0.to_lowercase(),
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
