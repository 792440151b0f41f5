//! A level's scenario script: scripted runs (a spawn, a start speed, timed inputs) and the
//! checks their measurements must pass. The game's scenario runner executes it.

use crate::spawn::Spawn;
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
    "peak_decel_g",
    "jump_distance_m",
    "impact_speed_mps",
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
    #[serde(default)]
    target_speed_mps: Option<f64>,
    #[serde(default)]
    target_steer_rad: Option<f64>,
    #[serde(default)]
    target_acceleration_mps2: Option<f64>,
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
    /// Drive by Ackermann control instead of pedals and steering.
    pub target: Option<AckermannTarget>,
}

/// An Ackermann-control target for a stretch of a run (CARLA's `apply_ackermann_control`):
/// the car's controller works the pedals and the steering to reach it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AckermannTarget {
    /// Speed along the heading, m/s (negative reverses).
    pub speed_mps: f32,
    /// Front road-wheel angle, radians, positive right.
    pub steer_rad: f32,
    /// Acceleration limit on the way, m/s² (0 = none).
    pub acceleration_mps2: f32,
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
                    let target = if inp.target_speed_mps.is_some()
                        || inp.target_steer_rad.is_some()
                        || inp.target_acceleration_mps2.is_some()
                    {
                        if inp.throttle != 0.0 || inp.brake != 0.0 || inp.steer != 0.0 {
                            return Err(v.fail(
                                &g("target_speed_mps"),
                                "an Ackermann target drives the pedals and steering itself: leave throttle, brake and steer out",
                            ));
                        }
                        Some(AckermannTarget {
                            speed_mps: v.range(&g("target_speed_mps"), inp.target_speed_mps.unwrap_or(0.0), -100.0, 200.0)?
                                as f32,
                            steer_rad: v.range(&g("target_steer_rad"), inp.target_steer_rad.unwrap_or(0.0), -1.5, 1.5)?
                                as f32,
                            acceleration_mps2: v.range(
                                &g("target_acceleration_mps2"),
                                inp.target_acceleration_mps2.unwrap_or(0.0),
                                0.0,
                                100.0,
                            )? as f32,
                        })
                    } else {
                        None
                    };
                    Ok(ScriptInput {
                        target,
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
                car: match &r.car {
                    Some(c) => Some(v.content_name(&f("car"), c, "car")?.to_string()),
                    None => None,
                },
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

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;

    fn scenario(text: &str) -> Result<Scenario, ContentError> {
        let raw: RawScenario = toml::from_str(text).expect("test TOML parses");
        let spawns = [Spawn {
            name: "start".into(),
            position_m: Vec3::ZERO,
            heading_rad: 0.0,
        }];
        Scenario::validate(&raw, &Validator::new("level.toml"), &spawns)
    }

    #[test]
    fn ackermann_targets_are_read() {
        let s = scenario(
            r#"[[runs]]
name = "a"
spawn = "start"
seconds = 5.0
inputs = [{ at_s = 0.0, target_speed_mps = 12.0, target_steer_rad = 0.1 }, { at_s = 3.0, brake = 1.0 }]"#,
        )
        .unwrap();
        let t = s.runs[0].inputs[0].target.expect("a target");
        assert_eq!((t.speed_mps, t.steer_rad, t.acceleration_mps2), (12.0, 0.1, 0.0));
        assert!(s.runs[0].inputs[1].target.is_none());
    }

    #[test]
    fn a_target_mixed_with_pedals_is_refused() {
        let e = scenario(
            r#"[[runs]]
name = "a"
spawn = "start"
seconds = 5.0
inputs = [{ at_s = 0.0, target_speed_mps = 12.0, throttle = 1.0 }]"#,
        )
        .unwrap_err();
        assert_eq!(e.field, "scenario.runs[0].inputs[0].target_speed_mps");
    }
}
