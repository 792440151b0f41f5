//! A challenge in play: a scenario level's `[challenge]` driven by the player. Each
//! scenario run a goal measures is played in turn, each in a fresh world as
//! `run --mode challenge` plays it ([`RunSteps`]: the car at the run's spawn, half a second
//! settling on no input, launched at the run's speed, measured by the modes' `Recorder`),
//! but on the player's controls instead of the script's. After the last run the goals are
//! scored by the modes' `score_challenge` and the medal kept through the `RecordStore`.
//! Its HUD is `panel`, its results page `results`; `run --mode challenge` plays the
//! level's script instead (`scripted`).
//!
//! Each run's inputs (what the world stepped with, from the run's first tick) are
//! recorded, and the attempt is kept with the record when it is the best
//! (`modes::keep_medal_and_runs`): a run is its own world, so each is its own replay, and
//! [`replay_challenge_run`] plays one back to its state hash and figures.
//!
//! A run watched only for a stopping distance ends once the car has stopped (the figure
//! cannot change after), so the player does not wait out the script's seconds. Fed the
//! script's inputs, every goal's figure is the headless runner's to the bit
//! (`tests/alloc/play_challenge.rs`); if they part, look at the tick order in
//! `app/scenario/steps.rs`.

use super::panel::{ChallengeBoard, LiveFigure, MAX_FIGURES};
use super::results::{challenge_lines, ChallengeOutcome};
use super::scripted;
use crate::app::game_mode::seam::{GameMode, ModeReport, ModeResults, TickGate, TickPlan, WorldHost};
use crate::app::scenario::{run_car, run_world, RunSteps};
use crate::app::setup::Setup;
use crate::assists::AssistSet;
use crate::content::challenge::Challenge;
use crate::content::scenario::{Run, METRICS};
use crate::content::ContentRoot;
use crate::error::Error;
use crate::modes::{keep_medal_and_runs, score_challenge, Medal, Mode, PlayedRun, RecordKey, RecordStore, RunResult};
use crate::replay::{Replay, ReplayHeader};
use crate::sim::{SimWorld, TickInput};
use crate::vehicle::CarDef;
use std::collections::BTreeMap;

/// A run to play: the scenario's run and the car it drives.
struct Leg {
    run: Run,
    car: CarDef,
    /// The goals' metrics on this run (the figures the HUD leads with).
    figures: Vec<&'static str>,
}

/// A challenge as a game mode.
pub struct ChallengeMode {
    setup: Setup,
    /// Where content is read from (each run's car, and `run --mode challenge`'s script).
    root: ContentRoot,
    challenge: Challenge,
    legs: Vec<Leg>,
    /// The leg being played.
    index: usize,
    steps: Option<RunSteps>,
    results: Vec<RunResult>,
    /// The world was replaced since the driving screen last asked.
    world_replaced: bool,
    store: Option<RecordStore>,
    key: RecordKey,
    outcome: Option<ChallengeOutcome>,
    /// The run being played's inputs, reserved for its longest at its start (a tick
    /// allocates nothing).
    inputs: Vec<TickInput>,
    /// The runs played so far, as replays.
    played: Vec<PlayedRun>,
}

/// The metric's name as `METRICS` holds it ('static), if known.
fn known(metric: &str) -> Option<&'static str> {
    METRICS.iter().copied().find(|m| *m == metric)
}

/// Figures shown beside a goal's, for what the level exists for: a stop's deceleration,
/// a jump's airtime and distance, a crash's impact speed.
fn companions(metric: &str) -> &'static [&'static str] {
    match metric {
        "stop_distance_m" => &["peak_decel_g"],
        "jump_distance_m" | "landing_pitch_deg" | "max_airtime_s" => &["max_airtime_s", "jump_distance_m"],
        "props_toppled" => &["impact_speed_mps", "peak_decel_g"],
        "grounded_fraction" | "distance_m" => &["max_compression_ratio"],
        _ => &[],
    }
}

impl ChallengeMode {
    /// The challenge of `setup`'s level, its records under `assists` in `store` (None:
    /// not kept). Bad input: a level without a `[challenge]`, or a run's car that does not
    /// load.
    pub fn new(
        setup: &Setup,
        root: &ContentRoot,
        assists: AssistSet,
        store: Option<RecordStore>,
    ) -> Result<Self, Error> {
        let level = &setup.level.level;
        let challenge = level.challenge.clone().ok_or_else(|| {
            Error::bad_argument(
                "--mode",
                format!(
                    "level `{}` has no [challenge] (slip, jump, crash and bump have one)",
                    level.name
                ),
            )
        })?;
        let script = level.scenario.as_ref().ok_or_else(|| {
            Error::bad_argument(
                "--mode",
                format!("level `{}` has a challenge but no [scenario]", level.name),
            )
        })?;
        // The runs the goals measure, in the script's order.
        let mut legs = Vec::new();
        for run in &script.runs {
            let figures: Vec<&'static str> = challenge
                .goals
                .iter()
                .filter(|g| g.figure.run == run.name)
                .filter_map(|g| known(&g.figure.metric))
                .collect();
            if !figures.is_empty() {
                legs.push(Leg {
                    run: run.clone(),
                    car: run_car(setup, root, run)?,
                    figures,
                });
            }
        }
        let key = RecordKey {
            mode: Mode::Challenge,
            level: level.name.clone(),
            car: setup.car.name.clone(),
            assists,
        };
        log::info!(
            "challenge on {} in the {}: {} ({} run{})",
            level.name,
            setup.car.name,
            challenge.description,
            legs.len(),
            if legs.len() == 1 { "" } else { "s" }
        );
        Ok(Self {
            setup: setup.clone(),
            root: root.clone(),
            challenge,
            legs,
            index: 0,
            steps: None,
            results: Vec::new(),
            world_replaced: false,
            store,
            key,
            outcome: None,
            inputs: Vec::new(),
            played: Vec::new(),
        })
    }

    /// Before a tick of `host`'s world: starts the next run in a fresh world when one is
    /// due, and launches the car when its settling is over. Returns whether the player's
    /// controls are ignored this tick (settling, or the challenge over).
    pub fn before_run_tick(&mut self, host: &mut dyn WorldHost) -> Result<bool, Error> {
        if self.outcome.is_some() {
            return Ok(true);
        }
        if self.steps.is_none() {
            let Some(leg) = self.legs.get(self.index) else {
                return Ok(true);
            };
            let mut world = run_world(&self.setup, &leg.car);
            let rate = self.setup.profile.loop_config.tick_rate_hz;
            let steps = RunSteps::start(&self.setup.level, &leg.run, &mut world, rate)?;
            host.replace_world(world);
            self.world_replaced = true;
            self.inputs = Vec::with_capacity(usize::try_from(steps.total_ticks()).unwrap_or(0));
            self.steps = Some(steps);
            log::info!(
                "challenge run {} of {}: {}",
                self.index + 1,
                self.legs.len(),
                leg.run.name
            );
        }
        let Some(steps) = self.steps.as_mut() else {
            return Ok(true);
        };
        steps.before_tick(host.world_between_ticks());
        Ok(steps.settling())
    }

    /// After a tick of `world` stepped with `input`: records the input, measures the
    /// tick; ends the run when its time is up (or its figures can no longer change), and
    /// the challenge after the last run.
    pub fn measure(&mut self, world: &SimWorld, input: &TickInput) {
        let (Some(steps), Some(leg)) = (self.steps.as_mut(), self.legs.get(self.index)) else {
            return;
        };
        // Within the capacity reserved for the run's longest: no allocation.
        if self.inputs.len() < self.inputs.capacity() {
            self.inputs.push(*input);
        }
        steps.after_tick(world);
        let settled = leg.figures.iter().all(|m| steps.settled(m));
        if !(steps.finished() || settled) {
            return;
        }
        let result = steps.result(&leg.run.name, world);
        log::info!(
            "challenge run {}: {}",
            leg.run.name,
            leg.figures
                .iter()
                .map(|m| format!("{m} = {:.3}", result.metrics.get(m).copied().unwrap_or(f64::NAN)))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let header = ReplayHeader::new(
            &self.setup.level.level.name,
            &leg.car.name,
            &self.setup.profile.name,
            self.setup.profile.loop_config.tick_rate_hz,
            0,
            "",
            world.state_hash(),
        );
        let figures: BTreeMap<String, f64> = result
            .metrics
            .iter()
            .filter(|(_, v)| v.is_finite())
            .map(|(k, v)| ((*k).to_string(), *v))
            .collect();
        let inputs = std::mem::take(&mut self.inputs);
        self.played.push((
            leg.run.name.clone(),
            Replay {
                header,
                inputs,
                guest_inputs: Vec::new(),
            },
            figures,
        ));
        self.results.push(result);
        self.steps = None;
        self.index += 1;
        if self.index == self.legs.len() {
            self.finish();
        }
    }

    /// Scores the runs and keeps the medal.
    fn finish(&mut self) {
        let result = score_challenge(&self.challenge, |run, metric| {
            self.results
                .iter()
                .find(|r| r.name == run)
                .and_then(|r| r.metrics.get(metric).copied())
        });
        let kept = self
            .store
            .as_ref()
            .map(|s| keep_medal_and_runs(s, &self.key, result.medal, &self.played));
        let (previous_medal, new_record) = match kept {
            Some(Ok(k)) => {
                if let Some(a) = &k.set_aside {
                    a.log();
                }
                log::info!(
                    "challenge medal {} kept in {}{}",
                    k.record.map_or("none", Medal::name),
                    k.file.display(),
                    if k.runs_kept { ", with this attempt's runs" } else { "" }
                );
                (k.previous, k.new_record)
            }
            Some(Err(e)) => {
                log::warn!("challenge medal not kept: {e}");
                (None, false)
            }
            None => (None, false),
        };
        log::info!(
            "challenge on {}: medal {}",
            self.key.level,
            result.medal.map_or("none", Medal::name)
        );
        self.outcome = Some(ChallengeOutcome {
            result,
            previous_medal,
            new_record,
        });
    }

    /// Whether every run has been played and scored.
    pub fn finished(&self) -> bool {
        self.outcome.is_some()
    }

    /// The outcome, once finished.
    pub fn outcome(&self) -> Option<&ChallengeOutcome> {
        self.outcome.as_ref()
    }

    /// Every run played so far as a replay, in play order, with what it measured.
    pub fn played_runs(&self) -> &[PlayedRun] {
        &self.played
    }

    /// Every run's measurements so far, in play order.
    pub fn run_results(&self) -> &[RunResult] {
        &self.results
    }

    /// The challenge.
    pub fn challenge(&self) -> &Challenge {
        &self.challenge
    }

    /// What the HUD shows, reading `world` (the run's). Allocates nothing.
    pub fn board(&self, world: &SimWorld) -> ChallengeBoard<'_> {
        let leg = self.legs.get(self.index.min(self.legs.len().saturating_sub(1)));
        let mut figures = [None; MAX_FIGURES];
        let mut n = 0;
        if let Some(leg) = leg {
            let companions = leg.figures.iter().flat_map(|m| companions(m).iter().copied());
            for metric in leg.figures.iter().copied().chain(companions) {
                if n == MAX_FIGURES || figures[..n].iter().flatten().any(|f: &LiveFigure| f.metric == metric) {
                    continue;
                }
                let targets = self
                    .challenge
                    .goals
                    .iter()
                    .find(|g| g.figure.run == leg.run.name && g.figure.metric == metric)
                    .map(|g| (g.targets, g.better));
                let value = self.steps.as_ref().map_or(f64::NAN, |s| s.metric(world, metric));
                figures[n] = Some(LiveFigure { metric, value, targets });
                n += 1;
            }
        }
        let steps = self.steps.as_ref();
        ChallengeBoard {
            run: (self.index + 1).min(self.legs.len()),
            runs: self.legs.len(),
            run_name: leg.map_or("", |l| l.run.name.as_str()),
            settling: steps.is_none_or(RunSteps::settling),
            elapsed_s: steps.map_or(0.0, |s| s.measured_s(world)),
            length_s: steps.map_or(0.0, |s| s.length_s(world)),
            figures,
        }
    }
}

impl GameMode for ChallengeMode {
    fn mode(&self) -> Mode {
        Mode::Challenge
    }

    /// As the scenario runner steps a run: no input while the car settles, and no reset or
    /// restart while it is measured (a run is measured from its launch). A run that cannot
    /// start (a spawn the level lacks) is an error: the flow goes on in free drive.
    fn before_tick(&mut self, host: &mut dyn WorldHost) -> Result<TickPlan, Error> {
        let holds = self.before_run_tick(host)?;
        Ok(TickPlan {
            gate: if holds {
                TickGate::StepIdle
            } else {
                TickGate::StepWithoutResets
            },
            beep_hz: None,
            world_replaced: std::mem::take(&mut self.world_replaced),
        })
    }

    fn after_tick(&mut self, world: &SimWorld, input: &TickInput, _recorded: &[TickInput]) {
        self.measure(world, input);
    }

    fn is_over(&self) -> bool {
        self.finished()
    }

    fn show_panel(&mut self, world: &SimWorld, _player: usize, show: &mut dyn FnMut(&dyn crate::app::hud::HudPanel)) {
        show(&self.board(world));
    }

    fn results(&self, setup: &Setup) -> ModeResults {
        let lines = self
            .outcome()
            .map(|o| challenge_lines(&setup.level.level.info.name, &setup.car.name, o))
            .unwrap_or_default();
        ModeResults {
            lines,
            next_label: Some("Next challenge"),
            ..ModeResults::default()
        }
    }

    fn run_scripted(&mut self, setup: &Setup) -> Option<Result<ModeReport, Error>> {
        Some(scripted::run(setup, &self.root, self.store.as_ref(), &self.key))
    }
}

/// Plays `replay`, a recording of `setup`'s challenge run named `run_name`, as play played
/// it: a fresh world, the car at the run's spawn, settled, launched, and the recorded
/// inputs. Its result's state hash is the recording's final hash and its figures are what
/// the run measured when played, bit for bit (the simulation is deterministic); if not,
/// the build or the content changed, or the tick order in `app/scenario/steps.rs` did. Bad
/// input: a run the level does not have, a recording in another car or longer than the
/// run.
pub fn replay_challenge_run(
    setup: &Setup,
    root: &ContentRoot,
    run_name: &str,
    replay: &Replay,
) -> Result<RunResult, Error> {
    let level = &setup.level.level;
    let run = level
        .scenario
        .as_ref()
        .and_then(|s| s.runs.iter().find(|r| r.name == run_name))
        .ok_or_else(|| Error::bad_argument("replay", format!("level `{}` has no run `{run_name}`", level.name)))?;
    let car = run_car(setup, root, run)?;
    if replay.header.car != car.name {
        return Err(Error::bad_argument(
            "replay",
            format!(
                "run `{run_name}` was recorded in the {}, but it drives the {}",
                replay.header.car, car.name
            ),
        ));
    }
    let mut world = run_world(setup, &car);
    let rate = setup.profile.loop_config.tick_rate_hz;
    let mut steps = RunSteps::start(&setup.level, run, &mut world, rate)?;
    if replay.inputs.len() as u64 > steps.total_ticks() {
        return Err(Error::bad_argument(
            "replay",
            format!(
                "run `{run_name}`: {} ticks recorded, but the run lasts at most {}",
                replay.inputs.len(),
                steps.total_ticks()
            ),
        ));
    }
    for input in &replay.inputs {
        steps.before_tick(&mut world);
        world.step(input);
        steps.after_tick(&world);
    }
    Ok(steps.result(run_name, &world))
}
