//! The author time: the AI's lap at its top setting on the level's racing line, timed as a
//! time trial times a lap (one lap from a rolling start, the out-lap not counted) and kept
//! in the record with its inputs as the author's ghost, so a level and car are measured
//! once. The gold target is set from it (`crate::modes::LapTargets`).

use crate::app::race::{AiRace, Race};
use crate::app::setup::Setup;
use crate::content::ContentRoot;
use crate::error::Error;
use crate::modes::{Course, Record, RecordKey, RecordStore, Start, TimeTrial};
use crate::replay::{Replay, ReplayHeader};

/// The author time of `setup`'s level and car: the AI's lap at its top setting (ace) on
/// the level's racing line, timed as `play`'s time trial times a lap (one lap from a
/// rolling start, the out-lap to the line not counted). None when the AI completes no
/// lap in the time allowed (three times the line's predicted time for the out-lap and the
/// lap, plus two minutes): then check the line (`skidpad raceline`) and the car.
pub fn author_lap_s(root: &ContentRoot, setup: &Setup) -> Result<Option<f64>, Error> {
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
    root: &ContentRoot,
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
    let max_ticks = race.ai_run_ticks(1, rate_hz);
    let mut alone = setup.clone();
    alone.opponents.clear();
    alone.ai_difficulty = crate::ai::AiDifficulty::Ace;
    // The out-lap from the spawn to the line and the lap, each about the predicted lap.
    let expected_ticks = (2.0 * f64::from(race.predicted_lap_s) * f64::from(rate_hz)).max(1.0);
    let course = Course::of_level(&alone.level.level)?;
    let mut ai = AiRace::on_at(Race::headless(&alone), &race.line, &alone.car, alone.ai_difficulty);
    let mut trial = TimeTrial::new(course, &ai.race.world, Start::Rolling, rate_hz, 1);
    // The AI's inputs: the author's ghost. Reserved up front: the loop never allocates.
    let mut recorded = Vec::new();
    recorded
        .try_reserve_exact(usize::try_from(max_ticks).unwrap_or(usize::MAX))
        .map_err(|_| {
            Error::runtime(format!(
                "the author lap: {max_ticks} ticks are too many to keep in memory"
            ))
        })?;
    on_progress(PrepStep::TimingAuthorLap, 0.0);
    for ticks in 1..=max_ticks {
        let input = ai.tick();
        recorded.push(input);
        trial.after_tick(&ai.race.world);
        let progress = (ticks as f64 / expected_ticks).min(f64::from(OVERDUE_PROGRESS)) as f32;
        on_progress(PrepStep::TimingAuthorLap, progress);
        if trial.tracker().laps_done() >= 1 {
            break;
        }
    }
    on_progress(PrepStep::TimingAuthorLap, 1.0);
    Ok(trial.best_with_hash().map(|(lap, hash)| {
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
    store.make_dir()?;
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
        guest_inputs: Vec::new(),
    }
    .save(&path)?;
    record.author_s = Some(lap.lap_s);
    record.author_ghost_file = path.file_name().map(|n| n.to_string_lossy().into_owned());
    record.author_ghost_lap_start_tick = Some(lap.lap_start_tick);
    Ok(())
}

/// Where the bar waits when the lap takes longer than expected: short of full until it ends.
const OVERDUE_PROGRESS: f32 = 0.99;

/// The author time in `key`'s record, or, with none there, measured now
/// ([`author_lap_s`]) and kept in the record with its ghost ([`keep_author_ghost`]; a
/// record with no lap of the player's yet is made for it), so a level and car are
/// measured once: shipped levels and levels from `--content` alike get their medal
/// targets. None when the AI completes no lap.
pub fn author_time_kept(
    root: &ContentRoot,
    setup: &Setup,
    store: &RecordStore,
    key: &RecordKey,
) -> Result<Option<f64>, Error> {
    author_time_kept_reporting(root, setup, store, key, &mut |_, _| {})
}

/// [`author_time_kept`], telling `on_progress` how far the measurement is
/// ([`author_lap_reporting`]); not called when the record has the time.
pub fn author_time_kept_reporting(
    root: &ContentRoot,
    setup: &Setup,
    store: &RecordStore,
    key: &RecordKey,
    on_progress: &mut dyn FnMut(PrepStep, f32),
) -> Result<Option<f64>, Error> {
    let loaded = store.load(key);
    if let Some(a) = &loaded.set_aside {
        a.log();
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
