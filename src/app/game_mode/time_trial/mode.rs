//! A time trial, in play and headless: the player's laps timed by the mode's rules
//! ([`crate::modes::TimeTrial`]) after every tick, each split's delta to the best lap (the
//! record's when there is one, then this run's best), and a lap that beats the record
//! saved at once through the [`RecordStore`] with its ghost (the run's inputs from the
//! first tick to the lap's end: the simulation is deterministic, so a ghost is a replay).
//!
//! The best lap's ghost (`modes::Ghost`: its recorded inputs stepped in a world of its
//! own) races each lap; with no best lap's ghost on record yet, the author's (the AI's
//! lap that set the gold target, recorded when it was timed) races instead, until the
//! player's first record replaces it at the next line. The ghost waits at its lap's start
//! until the player's lap clock runs, then steps once per player tick, so both cross the
//! line together. The next lap's ghost
//! is prepared while the player drives this one: a fresh world built at the line and
//! fast-forwarded through the best lap's out-lap a bounded number of ticks per tick
//! ([`TimeTrialMode::ghost_budget_ticks`]), so at the next line it is swapped in with no
//! catch-up work (issue 18: the whole out-lap in one frame hitched the line). After a new
//! record (whose ghost cannot be ready yet) or a lap faster than the preparation, the
//! ghost is hidden and caught up within the same budget, shown once it is level with the
//! player's lap. Only the trial's start fast-forwards a ghost at once.
//!
//! The rules only read the world, so a time trial never changes a run's state hash. A tick
//! allocates nothing in steady state but what the ghost worlds' sim steps do; a lap's end
//! allocates (a new record writes two files; the next ghost's world is built).

use super::panel::LapBoard;
use super::results::Summary;
use crate::app::game_mode::seam::{GameMode, GhostView, ModeParams, ModeReport, ModeResults, RunEnd};
use crate::app::hud::HudPanel;
use crate::app::race::Race;
use crate::app::setup::Setup;
use crate::error::Error;
use crate::modes::{Course, Ghost, LapTime, Mode, Record, RecordKey, RecordStore, SetAside, TimeTrial, MAX_SECTORS};
use crate::replay::{build_identity, Replay, ReplayHeader};
use crate::sim::{CarPose, SimWorld, SyncProvider, TickInput};
use std::sync::Arc;

/// Laps a trial lists (further laps are timed but not listed, so a tick never allocates).
const LISTED_LAPS: usize = 64;

/// The fewest ghost ticks a play tick may fast-forward while a ghost is prepared (short
/// out-laps then still finish well within a lap).
const MIN_GHOST_BUDGET_TICKS: u32 = 8;

/// What a replay header names of the run.
struct RunNames {
    level: String,
    car: String,
    profile: String,
    tick_rate_hz: u32,
}

/// A time trial as a game mode.
pub struct TimeTrialMode {
    pub(super) trial: TimeTrial,
    /// Where the record goes (None: no data directory; laps are timed, not kept).
    pub(super) store: Option<RecordStore>,
    pub(super) key: RecordKey,
    /// The record as it stands (loaded at the start, updated by each new best).
    record: Option<Record>,
    /// The best lap's splits the deltas compare to, s (up to `MAX_SECTORS`).
    best_splits_s: Vec<f64>,
    /// The best lap's time, s (the record's, then this run's).
    best_lap_s: Option<f64>,
    /// The last lap's time minus the best before it, s.
    last_delta_s: Option<f64>,
    /// Whether a lap of this run beat the record.
    new_record: bool,
    /// The best lap on record before the run, s.
    previous_best_s: Option<f64>,
    /// The record as it was before the run (a headless run's end is measured against it).
    pub(super) previous_record: Option<Record>,
    /// A corrupt or foreign record found and moved aside when the trial loaded.
    pub(super) set_aside: Option<SetAside>,
    names: RunNames,
    /// The best lap's ghost: its inputs from its run's first tick and the tick its lap
    /// starts, to set it off again at each of the player's laps.
    ghost_lap: Option<(Arc<[TickInput]>, u64)>,
    /// Whether `ghost_lap` is the author's (no personal best ghost yet) rather than the
    /// player's best: drawn gold instead of the player's ghost blue.
    ghost_is_authors: bool,
    /// The ghost racing the player's current lap (held at its line until the player's
    /// lap starts), and its car's pose a tick before its latest (for interpolation; a copy,
    /// so a tick allocates nothing).
    ghost: Option<Ghost>,
    ghost_prev: CarPose,
    /// The ghost being prepared (fast-forwarded a budget a tick): for the next lap, or
    /// for this one while no ghost races (after a record).
    next_ghost: Option<Ghost>,
    /// Ticks the player's current lap has run (how far into its lap a ghost must be).
    lap_ticks: u64,
    /// Ghost ticks a play tick may fast-forward (see [`TimeTrialMode::ghost_budget_ticks`]).
    ghost_budget_ticks: u32,
    /// Ghost ticks stepped in the latest play tick (racing and preparing), and the most
    /// in any one play tick of the run.
    ghost_ticks_last: u32,
    ghost_ticks_max: u32,
    /// The level and car, for the ghost's worlds.
    setup: Setup,
    /// Timed laps before the results.
    laps: u32,
    /// The current lap's splits with their deltas, for the HUD (reused each frame).
    splits: Vec<(f64, Option<f64>)>,
}

impl TimeTrialMode {
    /// A trial of `params.laps` timed laps of `setup` from `params.start` for the car in
    /// `world` (before its first tick), keyed by `params.assists`; its record loaded from
    /// `params.store`, its best lap's ghost raced when `params.on_screen`. An error when the
    /// level has no course.
    pub fn new(setup: &Setup, world: &SimWorld, params: ModeParams) -> Result<Self, Error> {
        let ModeParams {
            laps,
            start,
            assists,
            store,
            on_screen,
            ..
        } = params;
        let rate = setup.profile.loop_config.tick_rate_hz;
        let listed = if on_screen { LISTED_LAPS } else { laps.max(1) as usize };
        let trial = TimeTrial::new(Course::of_level(&setup.level.level)?, world, start, rate, listed);
        let key = RecordKey {
            mode: Mode::TimeTrial,
            level: setup.level.level.name.clone(),
            car: setup.car.name.clone(),
            assists,
        };
        if !setup.opponents.is_empty() {
            return Err(Error::bad_argument(
                "--ai",
                "a time trial is driven alone: leave out --ai",
            ));
        }
        let loaded = store.as_ref().map(|s| s.load(&key));
        let set_aside = loaded.as_ref().and_then(|l| l.set_aside.clone());
        if let Some(a) = &set_aside {
            a.log();
        }
        let record = loaded.and_then(|l| l.record);
        let previous_record = record.clone();
        let mut best_splits_s = Vec::with_capacity(MAX_SECTORS);
        best_splits_s.extend(
            record
                .iter()
                .flat_map(|r| r.best_splits_s.iter().copied())
                .take(MAX_SECTORS),
        );
        let best_lap_s = record.as_ref().and_then(|r| r.best_lap_s);
        // The player's best lap's ghost; with none yet, the author's (the AI's lap that set
        // the gold target), so a first run has a ghost to chase.
        let load = |what: &str, loaded: Result<Option<(Replay, u64)>, Error>| match loaded {
            Ok(g) => g.map(|(replay, start)| (Arc::<[TickInput]>::from(replay.inputs), start)),
            Err(e) => {
                log::warn!("no {what} ghost to race: {e}");
                None
            }
        };
        let (ghost_lap, ghost_is_authors) = match (store.as_ref().filter(|_| on_screen), record.as_ref()) {
            (Some(s), Some(r)) => match load("personal", s.load_ghost(r)) {
                Some(own) => (Some(own), false),
                None => {
                    let author = load("author", s.load_author_ghost(r));
                    let is_author = author.is_some();
                    (author, is_author)
                }
            },
            _ => (None, false),
        };
        log::info!(
            "time trial on {} in the {}: best lap on record {}",
            key.level,
            key.car,
            best_lap_s.map_or("none".to_string(), |s| format!("{s:.3} s"))
        );
        Ok(Self {
            trial,
            store,
            best_lap_s,
            record,
            key,
            best_splits_s,
            last_delta_s: None,
            new_record: false,
            previous_best_s: best_lap_s,
            previous_record,
            set_aside,
            ghost_lap,
            ghost_is_authors,
            ghost: None,
            ghost_prev: CarPose::default(),
            next_ghost: None,
            lap_ticks: 0,
            ghost_budget_ticks: MIN_GHOST_BUDGET_TICKS,
            ghost_ticks_last: 0,
            ghost_ticks_max: 0,
            setup: setup.clone(),
            laps: laps.max(1),
            splits: Vec::with_capacity(MAX_SECTORS),
            names: RunNames {
                level: setup.level.level.name.clone(),
                car: setup.car.name.clone(),
                profile: setup.profile.name.clone(),
                tick_rate_hz: rate,
            },
        }
        .with_ghost_at_its_line())
    }

    /// A rolling-start trial as play drives it (the ghost raced beside the player): `laps`
    /// timed laps of `setup` for the car in `world`, keyed by `assists`, kept in `store`.
    pub fn in_play(
        setup: &Setup,
        world: &SimWorld,
        assists: crate::assists::AssistSet,
        laps: u32,
        store: Option<RecordStore>,
    ) -> Result<Self, Error> {
        let params = ModeParams {
            laps,
            start: crate::modes::Start::Rolling,
            assists,
            store,
            on_screen: true,
            root: crate::content::ContentRoot::Embedded,
        };
        Self::new(setup, world, params)
    }

    /// Puts the record's ghost at its lap's start, waiting there for the player (its
    /// out-lap stepped at once: the trial is loading, no frame is being played), and
    /// starts preparing the next lap's.
    fn with_ghost_at_its_line(mut self) -> Self {
        self.ghost_budget_ticks = self.budget_for_ghost_lap();
        if let Some(mut ghost) = self.fresh_ghost() {
            ghost.skip_to_lap_start();
            self.race(ghost);
        }
        self.next_ghost = self.fresh_ghost();
        self
    }

    /// The best lap's ghost in a fresh world of its own (the ghost is a replay from its
    /// run's first tick), not stepped yet. The level's chunks come through the same
    /// source the player's world uses.
    fn fresh_ghost(&self) -> Option<Ghost> {
        self.ghost_lap.as_ref().map(|(inputs, start)| {
            let provider = Box::new(SyncProvider::new(self.setup.level.chunks.clone()));
            let world = Race::level_world(&self.setup, provider);
            Ghost::new(world, inputs.clone(), *start)
        })
    }

    /// Ghost ticks per play tick that bring the next ghost to its lap's start within half
    /// of the best lap: out-lap ticks / (best-lap ticks / 2), at least
    /// `MIN_GHOST_BUDGET_TICKS`. Behind the player, a ghost gains budget − 1 ticks a tick.
    fn budget_for_ghost_lap(&self) -> u32 {
        let Some((inputs, start)) = &self.ghost_lap else {
            return MIN_GHOST_BUDGET_TICKS;
        };
        let lap_ticks = (inputs.len() as u64).saturating_sub(*start).max(2);
        let ticks = (2 * start).div_ceil(lap_ticks);
        u32::try_from(ticks).unwrap_or(u32::MAX).max(MIN_GHOST_BUDGET_TICKS)
    }

    /// Makes `ghost` the one racing the player (drawn from its pose as it stands).
    fn race(&mut self, ghost: Ghost) {
        if let Some(car) = ghost.snapshot().cars.first() {
            self.ghost_prev = *car;
        }
        self.ghost = Some(ghost);
    }

    /// At the line: the prepared ghost races the new lap if it is at its lap's start (no
    /// stepping here), and the next lap's is set up; otherwise none races until the one
    /// being prepared catches up.
    fn start_lap(&mut self) {
        self.lap_ticks = 0;
        match self.next_ghost.take() {
            Some(ready) if ready.ready_at(0) => {
                self.race(ready);
                self.next_ghost = self.fresh_ghost();
            }
            behind => {
                self.ghost = None;
                self.next_ghost = behind.or_else(|| self.fresh_ghost());
            }
        }
    }

    /// Fast-forwards the ghost being prepared by at most the budget: to its lap's start
    /// for the next lap, or level with the player's lap while none races (then it races).
    fn prepare_ghost(&mut self) {
        let behind = self.ghost.is_none();
        let lap_ticks = if behind { self.lap_ticks } else { 0 };
        let Some(next) = self.next_ghost.as_mut() else {
            return;
        };
        self.ghost_ticks_last += next.prepare(lap_ticks, self.ghost_budget_ticks);
        if behind && self.lap_ticks > 0 && next.ready_at(lap_ticks) {
            if let Some(caught_up) = self.next_ghost.take() {
                self.race(caught_up);
            }
            self.next_ghost = self.fresh_ghost();
        }
    }

    /// Ghost ticks one play tick may fast-forward while a ghost is prepared (the racing
    /// ghost's own tick comes on top).
    pub fn ghost_budget_ticks(&self) -> u32 {
        self.ghost_budget_ticks
    }

    /// Ghost ticks stepped in the latest play tick: the racing ghost's and the preparation's.
    pub fn ghost_ticks_last(&self) -> u32 {
        self.ghost_ticks_last
    }

    /// The most ghost ticks stepped in any one play tick of the run.
    pub fn ghost_ticks_max(&self) -> u32 {
        self.ghost_ticks_max
    }

    /// The world ticks of the ghost racing the player and of the one being prepared (None
    /// where there is none): how far into their replays they are, for measuring what
    /// their steps cost against the player's own world on the same ticks.
    pub fn ghost_world_ticks(&self) -> [Option<u64>; 2] {
        [
            self.ghost.as_ref().map(Ghost::tick),
            self.next_ghost.as_ref().map(Ghost::tick),
        ]
    }

    /// The ghost car's poses before and after its latest tick, while there is one to draw.
    pub fn ghost_poses(&self) -> Option<(&CarPose, &CarPose)> {
        let car = self.ghost.as_ref()?.snapshot().cars.first()?;
        Some((&self.ghost_prev, car))
    }

    /// Whether the ghost being raced is the author's (the AI's lap that set the gold
    /// target: the trial races it while the player has no best lap's ghost of their own).
    pub fn ghost_is_authors(&self) -> bool {
        self.ghost_is_authors
    }

    /// Steps the ghost with the player's tick inside a lap (not on the tick the lap
    /// starts: the ghost waits at its lap's start tick, where the player's car is then).
    fn step_ghost(&mut self) {
        self.lap_ticks += 1;
        if let Some(g) = self.ghost.as_mut() {
            if let Some(car) = g.snapshot().cars.first() {
                self.ghost_prev = *car;
            }
            if g.step() {
                self.ghost_ticks_last += 1;
            }
        }
    }

    /// Times the player's car after a world tick; `recorded` is every tick's input so far
    /// (the ghost of a new record). A lap that beats the best is kept.
    pub fn time_lap(&mut self, world: &SimWorld, recorded: &[TickInput]) {
        self.ghost_ticks_last = 0;
        // The ghost steps only on ticks inside a lap the clock ran before: on the tick
        // the rolling start's out-lap crosses the line, the player's car reaches the
        // tick the ghost waits at (stepping it there put the ghost a tick ahead).
        let clock_was_running = self.trial.tracker().current_lap_s(0).is_some();
        match self.trial.after_tick(world) {
            None if clock_was_running => self.step_ghost(),
            None => {}
            Some(lap) => {
                self.after_lap(lap, recorded);
                // The next lap races the best lap's ghost (the new one after a record).
                self.start_lap();
            }
        }
        self.prepare_ghost();
        self.ghost_ticks_max = self.ghost_ticks_max.max(self.ghost_ticks_last);
    }

    fn after_lap(&mut self, lap: LapTime, recorded: &[TickInput]) {
        if !lap.full {
            return;
        }
        self.last_delta_s = self.best_lap_s.map(|b| lap.lap_s - b);
        if self.best_lap_s.is_some_and(|b| lap.lap_s >= b) {
            return;
        }
        self.best_lap_s = Some(lap.lap_s);
        self.best_splits_s.clear();
        self.best_splits_s.extend_from_slice(&lap.splits_s[..lap.sectors]);
        self.new_record = true;
        if let Err(e) = self.save(lap, recorded) {
            log::warn!("new best lap not kept: {e}");
        }
    }

    /// Saves `lap` as the record, its ghost the inputs to its end.
    fn save(&mut self, lap: LapTime, recorded: &[TickInput]) -> Result<(), Error> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        let Some((best, hash)) = self.trial.best_with_hash().filter(|(b, _)| *b == lap) else {
            return Err(Error::runtime("the lap's end state was not kept (too many laps)"));
        };
        let mut record = self.record.clone().unwrap_or_else(|| Record::empty(&self.key));
        record.best_lap_s = Some(best.lap_s);
        record.best_splits_s = best.splits_s[..best.sectors].to_vec();
        record.build = build_identity();
        let medal = record
            .author_s
            .map(crate::modes::LapTargets::from_author)
            .and_then(|t| t.award(best.lap_s));
        record.medal = crate::modes::Medal::best(record.medal, medal);
        let n = &self.names;
        let ghost_path = store.ghost_path(&self.key);
        if recorded.len() >= best.end_tick as usize {
            store.make_dir()?;
            Replay {
                header: ReplayHeader::new(&n.level, &n.car, &n.profile, n.tick_rate_hz, 0, "", hash),
                inputs: recorded[..best.end_tick as usize].to_vec(),
                guest_inputs: Vec::new(),
            }
            .save(&ghost_path)?;
            record.ghost_file = ghost_path.file_name().map(|f| f.to_string_lossy().into_owned());
            record.ghost_lap_start_tick = Some(best.start_tick);
            self.ghost_lap = Some((Arc::from(&recorded[..best.end_tick as usize]), best.start_tick));
            // The author's ghost (if it raced) stops at this line: the player's races from now.
            self.ghost_is_authors = false;
            // The ghost being prepared is the old record's: the new one is prepared instead.
            self.next_ghost = None;
            self.ghost_budget_ticks = self.budget_for_ghost_lap();
        } else {
            // Not recorded from the first tick: no ghost can replay to this lap.
            record.ghost_file = None;
            record.ghost_lap_start_tick = None;
        }
        let path = store.save(&self.key, &record)?;
        log::info!(
            "new best lap {:.3} s on {} in the {} saved to {}",
            best.lap_s,
            n.level,
            n.car,
            path.display()
        );
        self.record = Some(record);
        Ok(())
    }

    /// The laps as the HUD shows them, after `tick`; `splits` is scratch space for the
    /// current lap's splits (reused each frame).
    pub fn board<'a>(&'a self, tick: u64, splits: &'a mut Vec<(f64, Option<f64>)>) -> LapBoard<'a> {
        let tracker = self.trial.tracker();
        splits.clear();
        splits.extend(
            tracker
                .current_splits_s()
                .enumerate()
                .map(|(k, s)| (s, self.best_splits_s.get(k).map(|b| s - b))),
        );
        LapBoard {
            lap_s: tracker.current_lap_s(tick),
            laps_done: tracker.laps_done(),
            last_lap_s: tracker.last_lap().filter(|l| l.full).map(|l| l.lap_s),
            last_delta_s: self.last_delta_s,
            best_lap_s: self.best_lap_s,
            author_s: self.author_s(),
            author_ghost: self.ghost_is_authors && self.ghost.is_some(),
            best_splits_s: &self.best_splits_s,
            splits,
        }
    }

    /// Whether a lap of this run beat the record.
    pub fn new_record(&self) -> bool {
        self.new_record
    }

    /// Whether the chosen laps are done (the results are due).
    pub fn finished(&self) -> bool {
        self.laps_done() >= self.laps
    }

    /// Laps completed (the out-lap is not one).
    pub fn laps_done(&self) -> u32 {
        self.trial.tracker().laps_done()
    }

    /// This run's best full lap, s.
    pub fn run_best_s(&self) -> Option<f64> {
        self.trial.tracker().best_lap().map(|l| l.lap_s)
    }

    /// The best lap on record before this run, s.
    pub fn previous_best_s(&self) -> Option<f64> {
        self.previous_best_s
    }

    /// The author time on record (the AI's lap at its top setting), s.
    pub fn author_s(&self) -> Option<f64> {
        self.record.as_ref().and_then(|r| r.author_s)
    }

    /// The medal this run's best lap earns against the author time.
    pub fn medal(&self) -> Option<crate::modes::Medal> {
        self.author_s()
            .map(crate::modes::LapTargets::from_author)
            .and_then(|t| self.trial.medal(&t))
    }
}

impl GameMode for TimeTrialMode {
    fn mode(&self) -> Mode {
        Mode::TimeTrial
    }

    fn after_tick(&mut self, world: &SimWorld, _input: &TickInput, recorded: &[TickInput]) {
        self.time_lap(world, recorded);
    }

    fn is_over(&self) -> bool {
        self.finished()
    }

    fn records_inputs(&self) -> bool {
        true
    }

    fn offers_finish(&self) -> bool {
        true
    }

    fn show_panel(&mut self, world: &SimWorld, _player: usize, show: &mut dyn FnMut(&dyn HudPanel)) {
        let mut splits = std::mem::take(&mut self.splits);
        show(&self.board(world.tick(), &mut splits));
        self.splits = splits;
    }

    fn ghost(&self) -> Option<GhostView<'_>> {
        self.ghost_poses().map(|(before, after)| GhostView {
            before,
            after,
            authors: self.ghost_is_authors,
        })
    }

    fn results(&self, setup: &Setup) -> ModeResults {
        ModeResults {
            lines: self.summary(setup).lines(),
            ..ModeResults::default()
        }
    }

    fn finish_headless(&mut self, setup: &Setup, end: &RunEnd) -> Result<Option<ModeReport>, Error> {
        let report = self.keep_at_run_end(setup, end)?;
        let text = report.text();
        Ok(Some(ModeReport::new(&report, text)?))
    }
}

impl TimeTrialMode {
    /// What the results page says of the run on `setup`.
    pub fn summary(&self, setup: &Setup) -> Summary {
        Summary {
            level: setup.level.level.info.name.clone(),
            car: setup.car.name.clone(),
            laps: self.laps_done(),
            best_lap_s: self.run_best_s(),
            previous_best_s: self.previous_best_s(),
            new_record: self.new_record(),
            author_s: self.author_s(),
            medal: self.medal(),
        }
    }
}
