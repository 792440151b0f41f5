//! The game modes run headless (`skidpad run --mode ...`): a [`RunWatch`] per mode that
//! reads the world after every tick through the mode's rules (`crate::modes`), and what
//! each reports, saves and loads. Play will drive the same rules.

use super::headless::{self, RunInput, RunOptions, RunReport, RunWatch};
use super::Setup;
use crate::assists::AssistSet;
use crate::error::Error;
use crate::modes::{
    Course, LapTargets, LapTime, Medal, RaceRules, Record, RecordKey, RecordStore, ResultRow, SetAside, Start,
    TimeTrial,
};
use crate::replay::{build_identity, Replay, ReplayHeader};
use crate::sim::SimWorld;
use glam::Vec2;
use serde::Serialize;
use std::path::PathBuf;

/// A game mode, as `run --mode` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Drive, no goal (the proving ground's mode; what `run` always did).
    Free,
    /// Laps timed from a rolling (or standing) start; the best lap, its ghost and a medal
    /// are kept.
    TimeTrial,
    /// A race to `--laps` laps against the `--ai N` opponents from a standing start.
    Race,
}

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

/// What a race reports.
#[derive(Debug, Clone, Serialize)]
pub struct RaceReport {
    /// Laps raced.
    pub laps: u32,
    /// Ticks the countdown held the world (3-2-1-go).
    pub countdown_ticks: u32,
    /// Whether every car finished.
    pub all_finished: bool,
    /// The results table, in finishing order.
    pub results: Vec<ResultRow>,
}

/// What `run --mode` adds to the run's report.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "snake_case", tag = "name")]
pub enum ModeReport {
    /// `--mode time-trial`.
    TimeTrial(Box<TimeTrialReport>),
    /// `--mode race`.
    Race(RaceReport),
}

/// The course laps are timed on: the level's track (its `sectors`, else thirds), else its
/// AI loop (thirds).
pub fn course_of(setup: &Setup) -> Result<Course, Error> {
    let level = &setup.level.level;
    let (centre, sectors) = match (&level.track, &level.ai_line) {
        (Some(t), _) => (t.track.centre.clone(), t.sector_fractions.as_slice()),
        (None, Some(line)) => (line.points_m.clone(), &[][..]),
        (None, None) => {
            return Err(Error::bad_argument(
                "--mode",
                format!(
                    "level `{}` has no track and no ai_line: laps need a closed course (try circuit)",
                    level.name
                ),
            ))
        }
    };
    Course::new(centre, sectors).ok_or_else(|| {
        Error::bad_argument(
            "--mode",
            format!("level `{}`: its course is not a usable closed line", level.name),
        )
    })
}

/// Watches a time trial.
struct TrialWatch {
    course: Option<Course>,
    start: Start,
    rate_hz: u32,
    laps: u32,
    trial: Option<TimeTrial>,
}

impl RunWatch for TrialWatch {
    fn start(&mut self, world: &SimWorld) {
        if let Some(course) = self.course.take() {
            self.trial = Some(TimeTrial::new(
                course,
                world,
                self.start,
                self.rate_hz,
                self.laps as usize,
            ));
        }
    }

    fn after_tick(&mut self, world: &SimWorld) -> bool {
        self.trial.as_mut().is_some_and(|t| {
            t.after_tick(world);
            t.tracker().laps_done() >= self.laps
        })
    }
}

/// Watches a race.
struct RaceWatch {
    course: Option<Course>,
    rate_hz: u32,
    laps: u32,
    countdown_ticks: u32,
    rules: Option<RaceRules>,
}

fn car_positions(world: &SimWorld) -> impl Iterator<Item = Vec2> + '_ {
    (0..world.cars().len()).map(|i| {
        let p = world.car_body(i).translation();
        Vec2::new(p.x, p.z)
    })
}

impl RunWatch for RaceWatch {
    fn start(&mut self, world: &SimWorld) {
        let Some(course) = self.course.take() else {
            return;
        };
        let grid: Vec<Vec2> = car_positions(world).collect();
        let mut rules = RaceRules::new(course, self.laps, &grid, self.rate_hz);
        // 3-2-1-go: the world is not stepped while the countdown runs, so nobody moves.
        while rules.hold() {
            self.countdown_ticks += 1;
        }
        self.rules = Some(rules);
    }

    fn after_tick(&mut self, world: &SimWorld) -> bool {
        self.rules.as_mut().is_some_and(|r| {
            r.after_tick(car_positions(world), world.tick());
            r.all_finished()
        })
    }
}

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
}

/// Runs `setup` headless in `mode`: the run's report with the mode's added.
pub fn run(setup: &Setup, opts: RunOptions, mode: &ModeOptions) -> Result<(RunReport, Option<ModeReport>), Error> {
    let rate_hz = setup.profile.loop_config.tick_rate_hz;
    let laps = mode.laps.max(1);
    match mode.mode {
        Mode::Free => Ok((headless::run(setup, opts)?, None)),
        Mode::Race => {
            let mut w = RaceWatch {
                course: Some(course_of(setup)?),
                rate_hz,
                laps,
                countdown_ticks: 0,
                rules: None,
            };
            let report = headless::run_watched(setup, opts, Some(&mut w))?;
            let rules = w.rules.expect("start() set the race up");
            let mut names = vec![setup.car.name.as_str()];
            names.extend(setup.opponents.iter().map(|d| d.name.as_str()));
            let race = RaceReport {
                laps,
                countdown_ticks: w.countdown_ticks,
                all_finished: rules.all_finished(),
                results: rules.results(&names),
            };
            Ok((report, Some(ModeReport::Race(race))))
        }
        Mode::TimeTrial => time_trial(setup, opts, laps, mode),
    }
}

fn time_trial(
    setup: &Setup,
    mut opts: RunOptions,
    laps: u32,
    mode: &ModeOptions,
) -> Result<(RunReport, Option<ModeReport>), Error> {
    if !setup.opponents.is_empty() {
        return Err(Error::bad_argument(
            "--ai",
            "a time trial is driven alone: leave out --ai",
        ));
    }
    let store = match &mode.save_dir {
        Some(d) => RecordStore::new(d),
        None => RecordStore::per_user()?,
    };
    let assists = match &opts.input {
        RunInput::Recorded(inputs) => inputs.first().map_or(AssistSet::default(), |i| i.assists),
        _ => AssistSet::default(),
    };
    let ai_driven = matches!(opts.input, RunInput::AiDriven { .. });
    let key = RecordKey {
        mode: crate::modes::RecordMode::TimeTrial,
        level: setup.level.level.name.clone(),
        car: setup.car.name.clone(),
        assists,
    };
    let loaded = store.load(&key);
    let previous = loaded.record.clone();
    // The ghost is the run's inputs: keep them.
    let keep_recording = opts.record;
    opts.record = true;
    let mut w = TrialWatch {
        course: Some(course_of(setup)?),
        start: mode.start,
        rate_hz: setup.profile.loop_config.tick_rate_hz,
        laps,
        trial: None,
    };
    let mut report = headless::run_watched(setup, opts, Some(&mut w))?;
    let trial = w.trial.expect("start() set the trial up");
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
        std::fs::create_dir_all(store.dir()).map_err(|e| {
            Error::runtime(format!(
                "{}: cannot create the records directory: {e}",
                store.dir().display()
            ))
        })?;
        let inputs = report.recorded[..(lap.end_tick as usize).min(report.recorded.len())].to_vec();
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
        let inputs = report.recorded[..(lap.end_tick as usize).min(report.recorded.len())].to_vec();
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
    if !keep_recording {
        report.recorded = Vec::new();
    }
    let tt = TimeTrialReport {
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
        set_aside: loaded.set_aside,
    };
    Ok((report, Some(ModeReport::TimeTrial(Box::new(tt)))))
}

/// Seconds as `m:ss.mmm`.
fn clock(s: f64) -> String {
    format!("{}:{:06.3}", (s / 60.0).floor() as u64, s % 60.0)
}

impl ModeReport {
    /// The text `run` prints after the run's summary.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        match self {
            ModeReport::TimeTrial(t) => {
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
            }
            ModeReport::Race(r) => {
                out += &format!("race of {} laps after a {}-tick countdown\n", r.laps, r.countdown_ticks);
                for row in &r.results {
                    out += &format!(
                        "{:>2}. car {} {:<12} laps {} total {} best {}{}\n",
                        row.position,
                        row.car_index,
                        row.car,
                        row.laps,
                        row.total_time_s.map_or("DNF".to_string(), clock),
                        row.best_lap_s.map_or("-".to_string(), clock),
                        row.gap_ahead_s.map_or(String::new(), |g| format!(" +{g:.3} s"))
                    );
                }
                out.pop();
            }
        }
        out
    }
}

/// The author time of `setup`'s level and car: the AI's lap at its top setting (ace) on
/// the level's racing line, timed as `play`'s time trial times a lap (one lap from a
/// rolling start, the out-lap to the line not counted). None when the AI completes no
/// lap in the time allowed (three times the line's predicted time for the out-lap and the
/// lap, plus two minutes): then check the line (`skidpad raceline`) and the car.
pub fn author_lap_s(root: &crate::content::ContentRoot, setup: &Setup) -> Result<Option<f64>, Error> {
    Ok(author_lap_reporting(root, setup, &mut |_, _| {})?.map(|lap| lap.lap_s))
}

/// The author lap: its time and its ghost. The AI's controls are the run's inputs, and
/// the simulation is deterministic, so the inputs replayed in a fresh world drive the
/// same lap: the author's ghost is a replay like the player's.
#[derive(Debug, Clone)]
pub struct AuthorLap {
    /// The lap time, s: the author time.
    pub lap_s: f64,
    /// The tick the lap starts on (after the out-lap from the spawn).
    pub lap_start_tick: u64,
    /// The world's state hash at the lap's end (where the replayed inputs must arrive).
    pub end_state_hash: u64,
    /// Every tick's input from the run's first tick to the lap's end.
    pub inputs: Vec<crate::sim::TickInput>,
}

/// The work before a time trial that takes seconds, as a loading screen names it; in the
/// order it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PrepStep {
    /// Searching the level's racing line (a level with a track but no line, and none cached).
    SearchingLine,
    /// The AI driving its lap headless.
    TimingAuthorLap,
}

/// [`author_lap_s`] with the lap's ghost ([`AuthorLap`]), telling `on_progress` which step
/// it is on and how far that step is (0 to 1, never going back within a step): the line's
/// search when one runs (`raceline::level_line_reporting`), then the lap by ticks run
/// against the ticks the line's predicted lap time says the out-lap and the lap take (held
/// under 1 until the lap is done, then 1).
pub fn author_lap_reporting(
    root: &crate::content::ContentRoot,
    setup: &Setup,
    on_progress: &mut dyn FnMut(PrepStep, f32),
) -> Result<Option<AuthorLap>, Error> {
    let race = crate::raceline::level_line_reporting(
        root,
        &setup.level,
        &setup.car,
        &crate::raceline::LineCache::per_user(),
        &mut |f| on_progress(PrepStep::SearchingLine, f),
    )?;
    let rate_hz = setup.profile.loop_config.tick_rate_hz;
    let max_ticks = ((2.0 * f64::from(race.predicted_lap_s) * 3.0 + 120.0) * f64::from(rate_hz)) as u64;
    let mut alone = setup.clone();
    alone.opponents.clear();
    alone.ai_difficulty = crate::ai::AiDifficulty::Ace;
    // The out-lap from the spawn to the line and the lap, each about the predicted lap.
    let expected_ticks = (2.0 * f64::from(race.predicted_lap_s) * f64::from(rate_hz)).max(1.0);
    let mut w = Reporting {
        watch: TrialWatch {
            course: Some(course_of(setup)?),
            start: Start::Rolling,
            rate_hz,
            laps: 1,
            trial: None,
        },
        ticks: 0,
        expected_ticks,
        on_progress: &mut |f| on_progress(PrepStep::TimingAuthorLap, f),
    };
    let opts = RunOptions {
        input: RunInput::AiDriven {
            race,
            laps: 1,
            max_ticks,
        },
        // The AI's inputs: the author's ghost.
        record: true,
        telemetry: false,
    };
    (w.on_progress)(0.0);
    let report = headless::run_watched(&alone, opts, Some(&mut w))?;
    (w.on_progress)(1.0);
    let mut recorded = report.recorded;
    Ok(w.watch.trial.and_then(|t| t.best_with_hash()).map(|(lap, hash)| {
        recorded.truncate(lap.end_tick as usize);
        AuthorLap {
            lap_s: lap.lap_s,
            lap_start_tick: lap.start_tick,
            end_state_hash: hash,
            inputs: recorded,
        }
    }))
}

/// Writes `lap`'s ghost beside `key`'s record in `store` (atomically) and sets `record`'s
/// author time and author ghost to it; the caller saves the record after (so a record
/// never names a ghost file that was not written).
pub fn keep_author_ghost(
    store: &RecordStore,
    key: &RecordKey,
    setup: &Setup,
    lap: AuthorLap,
    record: &mut Record,
) -> Result<(), Error> {
    let path = store.author_ghost_path(key);
    std::fs::create_dir_all(store.dir()).map_err(|e| {
        Error::runtime(format!(
            "{}: cannot create the records directory: {e}",
            store.dir().display()
        ))
    })?;
    Replay {
        header: ReplayHeader::new(
            &setup.level.level.name,
            &setup.car.name,
            &setup.profile.name,
            setup.profile.loop_config.tick_rate_hz,
            0,
            "",
            lap.end_state_hash,
        ),
        inputs: lap.inputs,
    }
    .save(&path)?;
    record.author_s = Some(lap.lap_s);
    record.author_ghost_file = path.file_name().map(|n| n.to_string_lossy().into_owned());
    record.author_ghost_lap_start_tick = Some(lap.lap_start_tick);
    Ok(())
}

/// A watch that tells how far a run is against the ticks it is expected to take.
struct Reporting<'a, W> {
    watch: W,
    ticks: u64,
    expected_ticks: f64,
    on_progress: &'a mut dyn FnMut(f32),
}

/// Where the bar waits when a run takes longer than expected: short of full until it ends.
const OVERDUE_PROGRESS: f32 = 0.99;

impl<W: RunWatch> RunWatch for Reporting<'_, W> {
    fn start(&mut self, world: &SimWorld) {
        self.watch.start(world);
    }

    fn after_tick(&mut self, world: &SimWorld) -> bool {
        self.ticks += 1;
        (self.on_progress)((self.ticks as f64 / self.expected_ticks).min(f64::from(OVERDUE_PROGRESS)) as f32);
        self.watch.after_tick(world)
    }
}

/// The author time in `key`'s record, or, with none there, measured now
/// ([`author_lap_s`]) and kept in the record with its ghost ([`keep_author_ghost`]; a
/// record with no lap of the player's yet is made for it), so a level and car are
/// measured once: shipped levels and levels from `--content` alike get their medal
/// targets. None when the AI completes no lap.
pub fn author_time_kept(
    root: &crate::content::ContentRoot,
    setup: &Setup,
    store: &RecordStore,
    key: &RecordKey,
) -> Result<Option<f64>, Error> {
    author_time_kept_reporting(root, setup, store, key, &mut |_, _| {})
}

/// [`author_time_kept`], telling `on_progress` how far the measurement is
/// ([`author_lap_reporting`]); not called when the record has the time.
pub fn author_time_kept_reporting(
    root: &crate::content::ContentRoot,
    setup: &Setup,
    store: &RecordStore,
    key: &RecordKey,
    on_progress: &mut dyn FnMut(PrepStep, f32),
) -> Result<Option<f64>, Error> {
    let loaded = store.load(key);
    if let Some(a) = &loaded.set_aside {
        log::warn!(
            "record {} set aside as {}: {}",
            a.file.display(),
            a.moved_to.display(),
            a.problem
        );
    }
    if let Some(author_s) = loaded.record.as_ref().and_then(|r| r.author_s) {
        return Ok(Some(author_s));
    }
    let Some(lap) = author_lap_reporting(root, setup, on_progress)? else {
        return Ok(None);
    };
    let author_s = lap.lap_s;
    let mut record = loaded.record.unwrap_or_else(|| Record::empty(key));
    keep_author_ghost(store, key, setup, lap, &mut record)?;
    store.save(key, &record)?;
    Ok(Some(author_s))
}
