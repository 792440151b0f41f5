//! A level's scenario script: scripted runs (a spawn, a start speed, timed inputs) and the
//! checks their measurements must pass. The game's scenario runner executes it.

use crate::level::Spawn;
use crate::validate::Validator;
use crate::ContentError;
use serde::Deserialize;

/// What the runner measures in every run; checks refer to `run_name.metric`.
pub const METRICS: &[&str] = &[
    "distance_m",
    "stop_distance_m",
    "max_progress_m",
    "final_speed_mps",
    "max_speed_mps",
    "max_airtime_s",
    "landing_pitch_deg",
    "landing_roll_deg",
    "grounded_fraction",
    "max_compression_ratio",
    "props_toppled",
];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawScenario {
    runs: Vec<RawRun>,
    #[serde(default)]
    checks: Vec<RawCheck>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRun {
    name: String,
    spawn: String,
    #[serde(default)]
    car: Option<String>,
    #[serde(default)]
    speed_mps: f64,
    seconds: f64,
    #[serde(default)]
    inputs: Vec<RawInput>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInput {
    at_s: f64,
    #[serde(default)]
    throttle: f64,
    #[serde(default)]
    steer: f64,
    #[serde(default)]
    brake: f64,
    #[serde(default)]
    hand_brake: bool,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum RawCheck {
    Range { metric: String, min: f64, max: f64 },
    Ascending { metrics: Vec<String> },
}

/// Controls from a moment on, until the next input of the run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScriptInput {
    /// When it starts, seconds from the run's start.
    pub at_s: f32,
    /// Throttle 0..1.
    pub throttle: f32,
    /// Steer −1..1 (positive right).
    pub steer: f32,
    /// Brake 0..1.
    pub brake: f32,
    /// Handbrake.
    pub hand_brake: bool,
}

/// One scripted run.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// Name checks refer to.
    pub name: String,
    /// Spawn point name.
    pub spawn: String,
    /// Car to drive (default: the game's default car).
    pub car: Option<String>,
    /// Forward speed at the start, m/s.
    pub speed_mps: f32,
    /// Length of the run, s.
    pub seconds: f32,
    /// Inputs, by time.
    pub inputs: Vec<ScriptInput>,
}

/// A metric: `run.metric`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetricRef {
    /// Run name.
    pub run: String,
    /// One of [`METRICS`].
    pub metric: String,
}

impl std::fmt::Display for MetricRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.run, self.metric)
    }
}

/// A pass/fail condition on measurements.
#[derive(Debug, Clone, PartialEq)]
pub enum Check {
    /// `min <= metric <= max`.
    Range {
        /// Which measurement.
        metric: MetricRef,
        /// Lowest accepted.
        min: f64,
        /// Highest accepted.
        max: f64,
    },
    /// The metrics strictly increase in the order given.
    Ascending {
        /// Which measurements.
        metrics: Vec<MetricRef>,
    },
}

/// The validated script.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// Runs, in order.
    pub runs: Vec<Run>,
    /// Checks over their measurements.
    pub checks: Vec<Check>,
}

impl Scenario {
    pub(crate) fn validate(raw: &RawScenario, v: &Validator, spawns: &[Spawn]) -> Result<Scenario, ContentError> {
        if raw.runs.is_empty() {
            return Err(v.fail("scenario.runs", "a scenario needs at least one run"));
        }
        let mut runs = Vec::new();
        for (i, r) in raw.runs.iter().enumerate() {
            let f = |field: &str| format!("scenario.runs[{i}].{field}");
            if !spawns.iter().any(|s| s.name == r.spawn) {
                return Err(v.fail(&f("spawn"), format!("no spawn named `{}`", r.spawn)));
            }
            if runs.iter().any(|x: &Run| x.name == r.name) {
                return Err(v.fail(&f("name"), format!("two runs are named `{}`", r.name)));
            }
            let inputs = r
                .inputs
                .iter()
                .enumerate()
                .map(|(k, inp)| {
                    let g = |field: &str| format!("scenario.runs[{i}].inputs[{k}].{field}");
                    Ok(ScriptInput {
                        at_s: v.range(&g("at_s"), inp.at_s, 0.0, 86_400.0)? as f32,
                        throttle: v.range(&g("throttle"), inp.throttle, 0.0, 1.0)? as f32,
                        steer: v.range(&g("steer"), inp.steer, -1.0, 1.0)? as f32,
                        brake: v.range(&g("brake"), inp.brake, 0.0, 1.0)? as f32,
                        hand_brake: inp.hand_brake,
                    })
                })
                .collect::<Result<Vec<_>, ContentError>>()?;
            if inputs.windows(2).any(|w| w[1].at_s < w[0].at_s) {
                return Err(v.fail(&f("inputs"), "inputs must be in time order"));
            }
            runs.push(Run {
                name: r.name.clone(),
                spawn: r.spawn.clone(),
                car: r.car.clone(),
                speed_mps: v.range(&f("speed_mps"), r.speed_mps, -100.0, 200.0)? as f32,
                seconds: v.range(&f("seconds"), r.seconds, 0.01, 3600.0)? as f32,
                inputs,
            });
        }
        let metric = |field: &str, s: &str| -> Result<MetricRef, ContentError> {
            let (run, metric) = s
                .split_once('.')
                .ok_or_else(|| v.fail(field, format!("`{s}` is not `run.metric`")))?;
            if !runs.iter().any(|r| r.name == run) {
                return Err(v.fail(field, format!("no run named `{run}`")));
            }
            if !METRICS.contains(&metric) {
                return Err(v.fail(
                    field,
                    format!("unknown metric `{metric}` (known: {})", METRICS.join(", ")),
                ));
            }
            Ok(MetricRef {
                run: run.into(),
                metric: metric.into(),
            })
        };
        let checks = raw
            .checks
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let f = |field: &str| format!("scenario.checks[{i}].{field}");
                Ok(match c {
                    RawCheck::Range { metric: m, min, max } => Check::Range {
                        metric: metric(&f("metric"), m)?,
                        min: v.finite(&f("min"), *min)?,
                        max: v.finite(&f("max"), *max)?,
                    },
                    RawCheck::Ascending { metrics } => {
                        if metrics.len() < 2 {
                            return Err(v.fail(&f("metrics"), "needs at least two metrics"));
                        }
                        Check::Ascending {
                            metrics: metrics
                                .iter()
                                .map(|m| metric(&f("metrics"), m))
                                .collect::<Result<_, _>>()?,
                        }
                    }
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;
        Ok(Scenario { runs, checks })
    }
}
