//! Scenario runs: a level's script (runs and checks, from its `[scenario]`) executed
//! headless, measured, and checked. `skidpad scenario NAME|all` prints the results.

use super::steps::{run_car, run_world, RunSteps};
use crate::app::setup::Setup;
use crate::content::scenario::{Check, MetricRef, Run};
use crate::content::ContentRoot;
use crate::error::Error;
use crate::modes::RunResult;
use crate::sim::StateHasher;
use crate::sim::{SimWorld, TickInput, VehicleControl};
use crate::vehicle::CarDef;
use crate::vehicle::{AckermannControl, AckermannController};
use serde::Serialize;

/// One check's outcome.
#[derive(Debug, Clone, Serialize)]
pub struct CheckResult {
    /// What was checked, e.g. `wall.max_progress_m in [110, 117.6]`.
    pub name: String,
    /// The measured value(s).
    pub measured: String,
    /// What was expected.
    pub expected: String,
    /// Whether it holds.
    pub pass: bool,
}

/// A level's scenario outcome.
#[derive(Debug, Clone, Serialize)]
pub struct ScenarioReport {
    /// Level name.
    pub level: String,
    /// Runs, in script order.
    pub runs: Vec<RunResult>,
    /// Checks, in script order.
    pub checks: Vec<CheckResult>,
    /// A hash over every run's final state hash: the scenario's golden value.
    pub state_hash: String,
    /// Every check passed.
    pub pass: bool,
}

/// The controls the script asks for at `t_s` (the last input at or before it); an
/// Ackermann target goes through `ackermann`, which keeps its state between ticks.
fn control_at(
    run: &Run,
    t_s: f32,
    world: &SimWorld,
    car: &CarDef,
    ackermann: &mut AckermannController,
) -> VehicleControl {
    let Some(i) = run.inputs.iter().take_while(|i| i.at_s <= t_s + 1e-6).last() else {
        return VehicleControl::default();
    };
    match i.target {
        Some(t) => {
            let v = world.player_forward_speed();
            let target = AckermannControl {
                speed: t.speed_mps,
                steer: t.steer_rad,
                acceleration: t.acceleration_mps2,
                ..AckermannControl::default()
            };
            VehicleControl {
                hand_brake: i.hand_brake,
                ..ackermann.control(&target, v, car.max_steer_at_rad(v), world.dt_s())
            }
        }
        None => VehicleControl {
            throttle: i.throttle,
            steer: i.steer,
            brake: i.brake,
            hand_brake: i.hand_brake,
            ..VehicleControl::default()
        },
    }
}

fn run_one(setup: &Setup, root: &ContentRoot, run: &Run) -> Result<RunResult, Error> {
    let car = run_car(setup, root, run)?;
    let rate = setup.profile.loop_config.tick_rate_hz;
    let mut world = run_world(setup, &car);
    world.discard_chunk_events();
    let mut steps = RunSteps::start(&setup.level, run, &mut world, rate)?;
    let mut ackermann = AckermannController::default();
    while !steps.finished() {
        steps.before_tick(&mut world);
        let control = if steps.settling() {
            VehicleControl::default()
        } else {
            let t_s = steps.measured_ticks() as f32 / rate as f32;
            control_at(run, t_s, &world, &car, &mut ackermann)
        };
        let input = TickInput {
            control,
            reset: false,
            ..Default::default()
        };
        world.step(&input);
        steps.after_tick(&world);
    }
    Ok(steps.result(&run.name, &world))
}

fn lookup(runs: &[RunResult], m: &MetricRef) -> f64 {
    runs.iter()
        .find(|r| r.name == m.run)
        .and_then(|r| r.metrics.get(m.metric.as_str()))
        .copied()
        .unwrap_or(f64::NAN)
}

fn judge(runs: &[RunResult], check: &Check) -> CheckResult {
    match check {
        Check::Range { metric, min, max } => {
            let v = lookup(runs, metric);
            CheckResult {
                name: format!("{metric}"),
                measured: format!("{v:.3}"),
                expected: format!("{min} ..= {max}"),
                pass: v >= *min && v <= *max,
            }
        }
        Check::Ascending { metrics } => {
            let values: Vec<f64> = metrics.iter().map(|m| lookup(runs, m)).collect();
            CheckResult {
                name: metrics.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" < "),
                measured: values.iter().map(|v| format!("{v:.3}")).collect::<Vec<_>>().join(" < "),
                expected: "strictly increasing".into(),
                pass: values.windows(2).all(|w| w[0] < w[1]),
            }
        }
    }
}

/// Runs `setup`'s level script.
pub fn run_scenario(setup: &Setup, root: &ContentRoot) -> Result<ScenarioReport, Error> {
    let level = &setup.level.level;
    let script = level.scenario.as_ref().ok_or_else(|| {
        Error::from(crate::content::ContentError::new(
            &level.name,
            "scenario",
            "this level has no scenario script",
        ))
    })?;
    let runs = script
        .runs
        .iter()
        .map(|r| run_one(setup, root, r))
        .collect::<Result<Vec<_>, Error>>()?;
    let checks: Vec<CheckResult> = script.checks.iter().map(|c| judge(&runs, c)).collect();
    let mut h = StateHasher::new();
    for r in &runs {
        h.u64(u64::from_str_radix(&r.state_hash, 16).unwrap_or(0));
    }
    Ok(ScenarioReport {
        level: level.name.clone(),
        pass: checks.iter().all(|c| c.pass),
        runs,
        checks,
        state_hash: format!("{:016x}", h.finish()),
    })
}

impl ScenarioReport {
    /// The human-readable report.
    pub fn text(&self) -> String {
        let mut s = format!("scenario {} (state hash {})\n", self.level, self.state_hash);
        for r in &self.runs {
            let m: Vec<String> = r.metrics.iter().map(|(k, v)| format!("{k}={v:.3}")).collect();
            s += &format!("  run {:<14} {}\n", r.name, m.join(" "));
        }
        for c in &self.checks {
            s += &format!(
                "  {} {}: measured {}, expected {}\n",
                if c.pass { "PASS" } else { "FAIL" },
                c.name,
                c.measured,
                c.expected
            );
        }
        s
    }
}
