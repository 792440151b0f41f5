//! A scenario level's challenge (`[challenge]`): goals on the figures its scenario runs
//! measure, each with the value a bronze, silver and gold medal need.
//!
//! ```toml
//! [challenge]
//! description = "Stop from 72 km/h inside the marks on every surface"
//! [[challenge.goals]]
//! figure = "asphalt_stop.stop_distance_m"   # a scenario run's metric
//! better = "lower"                          # or "higher"
//! bronze = 21.0
//! silver = 19.5
//! gold = 18.9
//! ```

use crate::scenario::{MetricRef, Scenario, METRICS};
use crate::validate::Validator;
use crate::ContentError;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawChallenge {
    description: String,
    goals: Vec<RawGoal>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGoal {
    figure: String,
    better: String,
    bronze: f64,
    silver: f64,
    gold: f64,
}

/// Which way a figure improves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    /// Smaller is better (a stopping distance, a time).
    Lower,
    /// Larger is better (a jump's distance, props toppled).
    Higher,
}

/// One goal: a figure and the value each medal needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Goal {
    /// The scenario run's measurement.
    pub figure: MetricRef,
    /// Which way it improves.
    pub better: Better,
    /// `[gold, silver, bronze]`: the value each needs (at most for `Lower`, at least for
    /// `Higher`).
    pub targets: [f64; 3],
}

/// A level's challenge.
#[derive(Debug, Clone, PartialEq)]
pub struct Challenge {
    /// What the player is asked to do.
    pub description: String,
    /// Every goal (the medal is the lowest earned across them).
    pub goals: Vec<Goal>,
}

impl Challenge {
    pub(crate) fn validate(
        raw: &RawChallenge,
        v: &Validator,
        scenario: Option<&Scenario>,
    ) -> Result<Challenge, ContentError> {
        let scenario =
            scenario.ok_or_else(|| v.fail("challenge", "a challenge measures scenario runs: add a [scenario]"))?;
        if raw.goals.is_empty() {
            return Err(v.fail("challenge.goals", "a challenge needs at least one goal"));
        }
        let goals = raw
            .goals
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let f = |field: &str| format!("challenge.goals[{i}].{field}");
                let (run, metric) = g
                    .figure
                    .split_once('.')
                    .ok_or_else(|| v.fail(&f("figure"), format!("`{}` is not `run.metric`", g.figure)))?;
                if !scenario.runs.iter().any(|r| r.name == run) {
                    return Err(v.fail(&f("figure"), format!("no scenario run named `{run}`")));
                }
                if !METRICS.contains(&metric) {
                    return Err(v.fail(
                        &f("figure"),
                        format!("unknown metric `{metric}` (known: {})", METRICS.join(", ")),
                    ));
                }
                let better = match g.better.as_str() {
                    "lower" => Better::Lower,
                    "higher" => Better::Higher,
                    other => return Err(v.fail(&f("better"), format!("`{other}`: give `lower` or `higher`"))),
                };
                let targets = [
                    v.finite(&f("gold"), g.gold)?,
                    v.finite(&f("silver"), g.silver)?,
                    v.finite(&f("bronze"), g.bronze)?,
                ];
                let ordered = match better {
                    Better::Lower => targets[0] <= targets[1] && targets[1] <= targets[2],
                    Better::Higher => targets[0] >= targets[1] && targets[1] >= targets[2],
                };
                if !ordered {
                    return Err(v.fail(
                        &f("gold"),
                        format!(
                            "gold {}, silver {}, bronze {} are out of order for `better = \"{}\"` (gold is the hardest)",
                            targets[0], targets[1], targets[2], g.better
                        ),
                    ));
                }
                Ok(Goal {
                    figure: MetricRef {
                        run: run.into(),
                        metric: metric.into(),
                    },
                    better,
                    targets,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;
        Ok(Challenge {
            description: raw.description.clone(),
            goals,
        })
    }
}
