//! `skidpad run --mode`: a game mode played headless through its [`GameMode`] type, built
//! by `game_mode::build` as play builds it: the run's ticks with the mode after each, then
//! what the mode keeps and reports at the run's end. A mode that plays its level's own
//! script (a challenge) reports that instead of a run.

use super::runner::{run_race, RunInput, RunOptions, RunReport};
use crate::app::game_mode::{self, GameMode, ModeParams, ModeReport, RunEnd};
use crate::app::race::Race;
use crate::app::setup::Setup;
use crate::assists::AssistSet;
use crate::content::ContentRoot;
use crate::error::Error;
use crate::modes::{Mode, RecordStore, Start};
use std::path::PathBuf;

/// What a mode run needs beyond the run's own options.
pub struct ModeOptions {
    /// The mode.
    pub mode: Mode,
    /// Laps to time or race.
    pub laps: u32,
    /// A time trial's start (a race's is standing).
    pub start: Start,
    /// Where records and ghosts go (None: the per-user data directory).
    pub save_dir: Option<PathBuf>,
    /// Where content is read from.
    pub root: ContentRoot,
}

/// How a mode run ended: the run's report and the mode's, or (a mode that plays its own
/// script) the mode's report alone.
pub enum ModeRun {
    /// The run's ticks were played: its report, and the mode's (None in free drive).
    Ticked(Box<RunReport>, Option<ModeReport>),
    /// The mode played its level's script: its report in place of a run's.
    Scripted(ModeReport),
}

/// Runs `setup` headless in `mode`.
pub fn run(setup: &Setup, mut opts: RunOptions, mode: &ModeOptions) -> Result<ModeRun, Error> {
    if mode.mode == Mode::FreeDrive {
        return Ok(ModeRun::Ticked(Box::new(super::run(setup, opts)?), None));
    }
    let store = match &mode.save_dir {
        _ if !mode.mode.keeps_records() => None,
        Some(d) => Some(RecordStore::new(d)),
        None => Some(RecordStore::per_user()?),
    };
    // A replay's records are kept under the assists it was driven with.
    let assists = match &opts.input {
        RunInput::Recorded(inputs) => inputs.first.first().map_or(AssistSet::default(), |i| i.assists),
        _ => AssistSet::default(),
    };
    let params = ModeParams {
        laps: mode.laps.max(1),
        start: mode.start,
        assists,
        store,
        on_screen: false,
        root: mode.root.clone(),
    };
    let race = Race::headless(setup);
    let mut played: Box<dyn GameMode> = game_mode::build(mode.mode, params, setup, &race.world)?;
    if let Some(report) = played.run_scripted(setup) {
        return Ok(ModeRun::Scripted(report?));
    }
    // A mode that keeps ghosts needs the run's inputs: kept, and dropped after unless
    // `--record` asked for them.
    let keep_recording = opts.record;
    opts.record |= played.records_inputs();
    let ai_driven = matches!(opts.input, RunInput::AiDriven { .. });
    let mut report = run_race(setup, race, opts, Some(played.as_mut()))?;
    let end = RunEnd {
        recorded: &report.recorded,
        ai_driven,
    };
    let mode_report = played.finish_headless(setup, &end)?;
    if !keep_recording {
        report.recorded = Vec::new();
    }
    Ok(ModeRun::Ticked(Box::new(report), mode_report))
}
