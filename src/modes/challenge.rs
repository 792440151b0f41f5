//! Scoring a scenario level's challenge: each goal's figure (measured by the scenario
//! runs, `app::scenario`) against the bronze, silver and gold values the level's
//! `[challenge]` states; the challenge's medal is the lowest earned across its goals (every
//! goal must reach it).

use super::medals::{award_at_most, Medal};
use super::records::{Record, RecordKey, RecordStore, SetAside};
use crate::content::challenge::{Better, Challenge};
use crate::error::Error;
use serde::Serialize;
use std::path::PathBuf;

/// One goal's outcome.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct GoalResult {
    /// `run.metric`.
    pub figure: String,
    /// What was measured.
    pub value: f64,
    /// `lower` or `higher` is better.
    pub better: &'static str,
    /// `[gold, silver, bronze]`.
    pub targets: [f64; 3],
    /// The medal earned.
    pub medal: Option<Medal>,
}

/// A challenge's outcome.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ChallengeResult {
    /// What was asked.
    pub description: String,
    /// Every goal.
    pub goals: Vec<GoalResult>,
    /// The lowest medal across the goals (none if one earned none).
    pub medal: Option<Medal>,
}

/// Scores `challenge` with `measured(run, metric)`; a figure not measured earns nothing.
pub fn score(challenge: &Challenge, measured: impl Fn(&str, &str) -> Option<f64>) -> ChallengeResult {
    let goals: Vec<GoalResult> = challenge
        .goals
        .iter()
        .map(|g| {
            let value = measured(&g.figure.run, &g.figure.metric).unwrap_or(f64::NAN);
            let medal = match g.better {
                _ if value.is_nan() => None,
                Better::Lower => award_at_most(value, g.targets),
                Better::Higher => award_at_most(-value, g.targets.map(|t| -t)),
            };
            GoalResult {
                figure: g.figure.to_string(),
                value,
                better: match g.better {
                    Better::Lower => "lower",
                    Better::Higher => "higher",
                },
                targets: g.targets,
                medal,
            }
        })
        .collect();
    let medal = goals
        .iter()
        .try_fold(Some(Medal::Gold), |worst, g| g.medal.map(|m| worst.max(Some(m))))
        .flatten();
    ChallengeResult {
        description: challenge.description.clone(),
        goals,
        medal,
    }
}

/// What [`keep_medal`] found and kept.
#[derive(Debug, Clone, PartialEq)]
pub struct MedalKept {
    /// The medal on record before.
    pub previous: Option<Medal>,
    /// The medal on record now: the better of the previous one and the one won.
    pub record: Option<Medal>,
    /// Whether the medal won beat the one on record (a first medal counts).
    pub new_record: bool,
    /// The record's file.
    pub file: PathBuf,
    /// A bad record file moved aside on the way, to report once.
    pub set_aside: Option<SetAside>,
    /// Whether the attempt's runs were kept as the record's replays.
    pub runs_kept: bool,
}

/// One run of an attempt as played, for [`keep_medal_and_runs`]: its name, its inputs as a
/// replay (final hash the world's at the run's end) and the figures it measured.
pub type PlayedRun = (String, crate::replay::Replay, std::collections::BTreeMap<String, f64>);

/// Keeps `won` in `store` under `key` when it beats the medal on record (the record's file
/// is written either way, atomically, so a first try leaves one). `run --mode challenge`
/// and play's challenge both keep their medals here.
pub fn keep_medal(store: &RecordStore, key: &RecordKey, won: Option<Medal>) -> Result<MedalKept, Error> {
    keep_medal_and_runs(store, key, won, &[])
}

/// [`keep_medal`], and `runs` (the attempt that won `won`) kept as the record's replays
/// when the attempt is the best on record: its medal beat the record's, or the record has
/// no runs kept yet (a first attempt, medal or not). The replays are written before the
/// record that names them, each atomically, so a failure leaves the record as it was.
pub fn keep_medal_and_runs(
    store: &RecordStore,
    key: &RecordKey,
    won: Option<Medal>,
    runs: &[PlayedRun],
) -> Result<MedalKept, Error> {
    let loaded = store.load(key);
    let previous = loaded.record.as_ref().and_then(|r| r.medal);
    let record_medal = Medal::best(previous, won);
    let new_record = won.is_some() && record_medal != previous;
    let mut record = loaded.record.unwrap_or_else(|| Record::empty(key));
    record.medal = record_medal;
    let runs_kept = !runs.is_empty() && (new_record || record.challenge_runs.is_empty());
    if runs_kept {
        record.challenge_runs = store.save_challenge_runs(key, runs)?;
        record.build = crate::replay::build_identity();
    }
    let file = store.save(key, &record)?;
    Ok(MedalKept {
        previous,
        record: record_medal,
        new_record,
        file,
        set_aside: loaded.set_aside,
        runs_kept,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::challenge::Goal;
    use crate::content::scenario::MetricRef;

    fn goal(run: &str, better: Better, targets: [f64; 3]) -> Goal {
        Goal {
            figure: MetricRef {
                run: run.into(),
                metric: "m".into(),
            },
            better,
            targets,
        }
    }

    #[test]
    fn the_medal_is_the_lowest_across_goals_and_higher_is_better_counts_up() {
        let c = Challenge {
            description: "d".into(),
            goals: vec![
                goal("stop", Better::Lower, [10.0, 12.0, 15.0]),
                goal("jump", Better::Higher, [30.0, 25.0, 20.0]),
            ],
        };
        let at = |stop: f64, jump: f64| score(&c, |run, _| Some(if run == "stop" { stop } else { jump })).medal;
        assert_eq!(at(9.0, 31.0), Some(Medal::Gold));
        assert_eq!(at(11.0, 31.0), Some(Medal::Silver));
        assert_eq!(at(9.0, 21.0), Some(Medal::Bronze));
        assert_eq!(at(16.0, 31.0), None, "a goal missed: no medal");
        assert_eq!(at(9.0, 19.0), None);
        assert_eq!(score(&c, |_, _| None).medal, None);
    }
}
