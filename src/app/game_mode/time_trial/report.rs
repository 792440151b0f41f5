//! What `run --mode time-trial` reports and keeps at the run's end: every lap with its
//! sectors and its splits against the best before it, the best lap, a new record, the
//! medal against the author time (a run the AI drove sets the author time, and keeps its
//! lap as the author's ghost), the record and ghost files.

use super::author_lap::{keep_author_ghost, AuthorLap};
use super::mode::TimeTrialMode;
use crate::app::game_mode::seam::RunEnd;
use crate::app::setup::Setup;
use crate::error::Error;
use crate::modes::{LapTargets, LapTime, Medal, Record, SetAside};
use crate::replay::{build_identity, Replay, ReplayHeader};
use serde::Serialize;
use std::path::PathBuf;

/// One lap in a report.
#[derive(Debug, Clone, Serialize)]
pub struct LapReport {
    /// Lap time, s.
    pub lap_s: f64,
    /// Whether it was a whole lap from the line (a standing start ahead of the line makes
    /// the first one short: never a best lap).
    pub full: bool,
    /// Each sector's time, s.
    pub sectors_s: Vec<f64>,
    /// Time from the lap's start to each sector line and the finish, s.
    pub splits_s: Vec<f64>,
    /// Each split minus the best lap's before this one (the record's, else the run's), s;
    /// negative is faster. Empty when there was no best yet.
    pub delta_to_best_s: Vec<f64>,
}

impl LapReport {
    fn of(lap: &LapTime, best: Option<&[f64]>) -> Self {
        let splits_s = lap.splits_s[..lap.sectors].to_vec();
        let delta_to_best_s = best
            .filter(|b| b.len() == splits_s.len())
            .map(|b| splits_s.iter().zip(b).map(|(s, b)| s - b).collect())
            .unwrap_or_default();
        Self {
            lap_s: lap.lap_s,
            full: lap.full,
            sectors_s: (0..lap.sectors).map(|k| lap.sector_s(k)).collect(),
            splits_s,
            delta_to_best_s,
        }
    }
}

/// What a time trial reports.
#[derive(Debug, Clone, Serialize)]
pub struct TimeTrialReport {
    /// The mode's name: `time_trial`.
    pub name: &'static str,
    /// Every lap completed.
    pub laps: Vec<LapReport>,
    /// The run's best lap, s.
    pub best_lap_s: Option<f64>,
    /// The best lap saved before this run, s.
    pub previous_best_lap_s: Option<f64>,
    /// Whether this run's best lap beat it (and was saved, with its ghost).
    pub new_record: bool,
    /// The medal targets (from the author time), when known.
    pub targets: Option<LapTargets>,
    /// The medal this run's best lap earns.
    pub medal: Option<Medal>,
    /// The best medal on record after this run.
    pub record_medal: Option<Medal>,
    /// The record file.
    pub record_file: PathBuf,
    /// The ghost's replay file (inputs from the start to the best lap's end; `run
    /// --replay` checks it reaches `ghost_state_hash`).
    pub ghost_file: Option<PathBuf>,
    /// The state hash at the end of this run's best lap, 16 hex digits.
    pub ghost_state_hash: Option<String>,
    /// A corrupt or foreign record found and moved aside.
    pub set_aside: Option<SetAside>,
}

/// Seconds as `m:ss.mmm`.
fn clock(s: f64) -> String {
    format!("{}:{:06.3}", (s / 60.0).floor() as u64, s % 60.0)
}

impl TimeTrialReport {
    /// The text `run` prints after the run's summary.
    pub fn text(&self) -> String {
        let t = self;
        let mut out = String::new();

        for (i, lap) in t.laps.iter().enumerate() {
            let sectors: Vec<String> = lap.sectors_s.iter().map(|s| format!("{s:.3}")).collect();
            let deltas: Vec<String> = lap.delta_to_best_s.iter().map(|d| format!("{d:+.3}")).collect();
            out += &format!(
                "lap {}{}: {} (sectors {}){}\n",
                i + 1,
                if lap.full {
                    ""
                } else {
                    " (from a standing start ahead of the line: short)"
                },
                clock(lap.lap_s),
                sectors.join(" / "),
                if deltas.is_empty() {
                    String::new()
                } else {
                    format!(", splits vs best {}", deltas.join(" / "))
                }
            );
        }
        let opt = |v: Option<f64>| v.map_or("none".to_string(), clock);
        out += &format!(
            "best lap {}; previous best {}{}\n",
            opt(t.best_lap_s),
            opt(t.previous_best_lap_s),
            if t.new_record { " (new record)" } else { "" }
        );
        if let Some(tg) = &t.targets {
            out += &format!(
                "author {}: gold {}, silver {}, bronze {}; medal {}\n",
                clock(tg.author_s),
                clock(tg.gold_s),
                clock(tg.silver_s),
                clock(tg.bronze_s),
                t.medal.map_or("none", Medal::name)
            );
        }
        out += &format!("record {}", t.record_file.display());
        if let Some(g) = &t.ghost_file {
            out += &format!(", ghost {}", g.display());
        }
        if let Some(a) = &t.set_aside {
            out += &format!(
                "\n{}: {}; moved aside to {}",
                a.file.display(),
                a.problem,
                a.moved_to.display()
            );
        }
        out
    }
}

impl TimeTrialMode {
    /// At a headless run's end: the author time (a run the AI drove measures it), the
    /// medal and the best lap kept in the record against the record as it was before the
    /// run, the new best lap's ghost written, and the run's report. A write that fails is
    /// an error (the run's laps are then not kept).
    pub(super) fn keep_at_run_end(&mut self, setup: &Setup, end: &RunEnd) -> Result<TimeTrialReport, Error> {
        let ai_driven = end.ai_driven;
        let trial = &self.trial;
        let key = self.key.clone();
        let previous = self.previous_record.clone();
        let Some(store) = self.store.clone() else {
            return Err(Error::runtime("no records directory to keep the time trial in"));
        };
        let best = trial.best_with_hash();
        // The author time: the AI's lap at its top setting, the best it has driven here. A
        // run the AI drove measures it; otherwise the record's, from when the AI last drove
        // this level and car (without one there are no medal targets yet).
        let recorded_author = previous.as_ref().and_then(|r| r.author_s);
        let author_s = match best {
            Some((lap, _)) if ai_driven => Some(recorded_author.map_or(lap.lap_s, |a| a.min(lap.lap_s))),
            _ => recorded_author,
        };
        let targets = author_s.map(LapTargets::from_author);
        let medal = targets.and_then(|t| trial.medal(&t));
        let previous_best = previous.as_ref().and_then(|r| r.best_lap_s);
        let new_record = best.is_some_and(|(l, _)| previous_best.is_none_or(|p| l.lap_s < p));
        let mut prior_splits: Option<Vec<f64>> = previous.as_ref().map(|r| r.best_splits_s.clone());
        let mut lap_reports = Vec::new();
        for lap in trial.tracker().laps() {
            lap_reports.push(LapReport::of(lap, prior_splits.as_deref()));
            let beats = lap.full
                && prior_splits
                    .as_ref()
                    .is_none_or(|b| b.last().is_none_or(|last| lap.lap_s < *last));
            if beats {
                prior_splits = Some(lap.splits_s[..lap.sectors].to_vec());
            }
        }
        let record_medal = Medal::best(previous.as_ref().and_then(|r| r.medal), medal);
        let mut ghost_file = None;
        let mut record = previous.clone().unwrap_or_else(|| Record::empty(&key));
        record.medal = record_medal;
        record.author_s = author_s;
        if let (true, Some((lap, hash))) = (new_record, best) {
            let ghost_path = store.ghost_path(&key);
            store.make_dir()?;
            let inputs = end.recorded[..(lap.end_tick as usize).min(end.recorded.len())].to_vec();
            Replay {
                header: ReplayHeader::new(
                    &setup.level.level.name,
                    &setup.car.name,
                    &setup.profile.name,
                    setup.profile.loop_config.tick_rate_hz,
                    0,
                    "",
                    hash,
                ),
                inputs,
                guest_inputs: Vec::new(),
            }
            .save(&ghost_path)?;
            record.best_lap_s = Some(lap.lap_s);
            record.best_splits_s = lap.splits_s[..lap.sectors].to_vec();
            record.ghost_file = ghost_path.file_name().map(|n| n.to_string_lossy().into_owned());
            record.ghost_lap_start_tick = Some(lap.start_tick);
            record.build = build_identity();
            ghost_file = Some(ghost_path);
        }
        // A run the AI drove that set the author time keeps its lap as the author's ghost, so
        // the time and the ghost raced against it are one lap.
        if let Some((lap, hash)) = best.filter(|(l, _)| ai_driven && recorded_author.is_none_or(|a| l.lap_s < a)) {
            let inputs = end.recorded[..(lap.end_tick as usize).min(end.recorded.len())].to_vec();
            let author = AuthorLap {
                lap_s: lap.lap_s,
                lap_start_tick: lap.start_tick,
                end_state_hash: hash,
                inputs,
            };
            keep_author_ghost(&store, &key, setup, author, &mut record)?;
        }
        let record_file = if best.is_some() || previous.is_some() {
            store.save(&key, &record)?
        } else {
            store.path(&key)
        };
        Ok(TimeTrialReport {
            name: "time_trial",
            laps: lap_reports,
            best_lap_s: best.map(|(l, _)| l.lap_s),
            previous_best_lap_s: previous_best,
            new_record,
            targets,
            medal,
            record_medal,
            record_file,
            ghost_file,
            ghost_state_hash: best.map(|(_, h)| format!("{h:016x}")),
            set_aside: self.set_aside.clone(),
        })
    }
}
