//! `skidpad run --mode challenge`: a scenario level's challenge played from its script. The
//! level's scenario runs (`app::scenario`, on the script's controls) measure the figures
//! the level exists for; its `[challenge]` goals award bronze, silver or gold on them
//! (`crate::modes::score_challenge`); the best medal is kept in the records. What `run`
//! prints is this report in place of a run's.

use crate::app::game_mode::seam::ModeReport;
use crate::app::scenario::run_scenario;
use crate::app::setup::Setup;
use crate::content::ContentRoot;
use crate::error::Error;
use crate::modes::{keep_medal, score_challenge, ChallengeResult, Medal, RecordKey, RecordStore, RunResult, SetAside};
use serde::Serialize;
use std::path::PathBuf;
/// What `run --mode challenge --json` prints.
#[derive(Debug, Serialize)]
struct ChallengeReport {
    level: String,
    car: String,
    /// The scenario's golden hash over its runs.
    state_hash: String,
    /// Every run's measured figures (stopping distance, airtime, jump distance, peak
    /// deceleration in g, impact speed, ...).
    runs: Vec<RunResult>,
    mode: ModeOut,
}

#[derive(Debug, Serialize)]
struct ModeOut {
    name: &'static str,
    #[serde(flatten)]
    result: ChallengeResult,
    previous_medal: Option<Medal>,
    record_medal: Option<Medal>,
    record_file: PathBuf,
    set_aside: Option<SetAside>,
}

/// Plays `setup`'s challenge from its script and keeps the medal under `key` in `store`.
pub(super) fn run(
    setup: &Setup,
    root: &ContentRoot,
    store: Option<&RecordStore>,
    key: &RecordKey,
) -> Result<ModeReport, Error> {
    let name = setup.level.level.name.clone();
    let challenge = setup.level.level.challenge.as_ref().ok_or_else(|| {
        Error::bad_argument(
            "--mode",
            format!("level `{name}` has no [challenge] (slip, jump, crash and bump have one)"),
        )
    })?;
    let store = store.ok_or_else(|| Error::runtime("no records directory to keep the challenge's medal in"))?;
    let scenario = run_scenario(setup, root)?;
    let result = score_challenge(challenge, |run, metric| {
        scenario
            .runs
            .iter()
            .find(|r| r.name == run)
            .and_then(|r| r.metrics.get(metric).copied())
    });
    let kept = keep_medal(store, key, result.medal)?;
    let report = ChallengeReport {
        level: name,
        car: setup.car.name.clone(),
        state_hash: scenario.state_hash.clone(),
        runs: scenario.runs,
        mode: ModeOut {
            name: "challenge",
            result,
            previous_medal: kept.previous,
            record_medal: kept.record,
            record_file: kept.file,
            set_aside: kept.set_aside,
        },
    };
    let text = text(&report);
    ModeReport::new(&report, text)
}

fn text(r: &ChallengeReport) -> String {
    let m = &r.mode;
    let mut out = format!("challenge on {} with {}: {}\n", r.level, r.car, m.result.description);
    for g in &m.result.goals {
        out += &format!(
            "  {:<36} {:>9.3}  ({} is better; gold {}, silver {}, bronze {})  {}\n",
            g.figure,
            g.value,
            g.better,
            g.targets[0],
            g.targets[1],
            g.targets[2],
            g.medal.map_or("no medal", Medal::name)
        );
    }
    for run in &r.runs {
        let pick = [
            "stop_distance_m",
            "max_airtime_s",
            "jump_distance_m",
            "peak_decel_g",
            "impact_speed_mps",
        ];
        let figures: Vec<String> = pick
            .iter()
            .filter_map(|k| run.metrics.get(k).map(|v| format!("{k}={v:.3}")))
            .collect();
        out += &format!("  run {:<16} {}\n", run.name, figures.join(" "));
    }
    out += &format!(
        "medal {}; previous {}; record {}\n",
        m.result.medal.map_or("none", Medal::name),
        m.previous_medal.map_or("none", Medal::name),
        m.record_file.display()
    );
    if let Some(a) = &m.set_aside {
        out += &format!(
            "{}: {}; moved aside to {}\n",
            a.file.display(),
            a.problem,
            a.moved_to.display()
        );
    }
    out
}
