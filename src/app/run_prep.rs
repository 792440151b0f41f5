//! Work a run needs before it starts that takes seconds — a time trial's author lap, and
//! the racing-line search that lap may need first; the opponents' racing line, searched
//! on a level that ships none — done on the platform's worker thread so the loading
//! screen keeps drawing, with how far it is shared for the screen's bar.
//!
//! The work is the same function `run --mode time-trial`, `--ai N` and the tests call
//! (`mode_run::author_time_kept_reporting`, `raceline::level_line_reporting`):
//! deterministic, so where it runs changes nothing it finds. If the bar stalls, the log's
//! racing-line progress lines and `skidpad run --ai-driver` on the level and car show
//! which step is slow.

use super::mode_run::{author_time_kept_reporting, PrepStep};
use super::Setup;
use crate::content::ContentRoot;
use crate::content::LoadedLevel;
use crate::error::Error;
use crate::modes::{RecordKey, RecordStore};
use crate::raceline::{level_line_reporting, LineCache, RaceLine};
use crate::render::{Hud, Renderer, TextSize};
use crate::vehicle::CarDef;
use skidpad_platform::Worker;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// What the work found.
pub type PrepOutcome = Result<Prepared, Error>;

/// What a piece of work before a run found.
#[derive(Debug, Clone)]
pub enum Prepared {
    /// The author time (None when the AI completed no lap), kept in the record.
    AuthorTime(Option<f64>),
    /// The racing line of `count` opponents in `car`, for [`super::Setup::set_opponents`].
    Opponents {
        /// The opponents' car (boxed: the outcome is mostly moved empty).
        car: Box<CarDef>,
        /// How many.
        count: usize,
        /// The level's racing line for that car.
        line: RaceLine,
    },
}

/// Steps of progress within a step (the fraction's resolution).
const STEPS_PER_UNIT: u32 = 10_000;

/// The top bit of [`SharedProgress`]: set by every raise (so a report at 0 % still counts).
const REPORTED: u32 = 1 << 31;

/// The step and its fraction packed in one number that only grows: the step in the high
/// half, the fraction in ten-thousandths in the low half, raised with `fetch_max` — so
/// a reader never sees a later step with an earlier step's fraction, nor the bar going
/// back.
#[derive(Debug, Default)]
struct SharedProgress(AtomicU32);

impl SharedProgress {
    fn raise(&self, step: PrepStep, fraction: f32) {
        let f = (fraction.clamp(0.0, 1.0) * STEPS_PER_UNIT as f32).round() as u32;
        self.0
            .fetch_max(REPORTED | (step_index(step) << 16) | f, Ordering::Relaxed);
    }

    /// Whether any progress was raised yet.
    fn reported(&self) -> bool {
        self.0.load(Ordering::Relaxed) & REPORTED != 0
    }

    fn read(&self) -> (PrepStep, f32) {
        let v = self.0.load(Ordering::Relaxed);
        let step = if (v & !REPORTED) >> 16 == 0 {
            PrepStep::SearchingLine
        } else {
            PrepStep::TimingAuthorLap
        };
        (step, (v & 0xffff) as f32 / STEPS_PER_UNIT as f32)
    }
}

/// The steps in the order they run.
fn step_index(step: PrepStep) -> u32 {
    match step {
        PrepStep::SearchingLine => 0,
        PrepStep::TimingAuthorLap => 1,
    }
}

/// The work before a run, under way on its worker thread.
pub struct RunPrep {
    worker: Worker<(), PrepOutcome>,
    progress: Arc<SharedProgress>,
    outcome: Option<PrepOutcome>,
    /// Whether the work reports nothing unless it takes seconds (the opponents' line read
    /// from a file or the cache): the screen then shows its bar only once it reports.
    quiet_when_quick: bool,
}

impl RunPrep {
    /// Starts measuring `setup`'s author time for `key` (searching the level's racing line
    /// first if it has none) and keeping it in `store`. An error when the OS refuses the
    /// thread: the caller then does the work on its own thread.
    pub fn author_time(
        root: ContentRoot,
        setup: Setup,
        store: RecordStore,
        key: RecordKey,
    ) -> std::io::Result<RunPrep> {
        let progress = Arc::new(SharedProgress::default());
        let shared = Arc::clone(&progress);
        let mut work = Some((root, setup, store, key));
        let worker = Worker::spawn("run-prep", move |(): ()| -> PrepOutcome {
            let Some((root, setup, store, key)) = work.take() else {
                return Err(Error::runtime("run prep: the work was asked for twice"));
            };
            // A panic would leave the loading screen polling a dead thread: it becomes an
            // error (play goes on without medals).
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                author_time_kept_reporting(&root, &setup, &store, &key, &mut |step, f| shared.raise(step, f))
                    .map(Prepared::AuthorTime)
            }))
            .unwrap_or_else(|_| Err(Error::runtime("timing the author lap panicked (see the log above)")))
        })?;
        RunPrep::started(worker, progress, false)
    }

    /// Starts finding `level`'s racing line for `count` opponents in `car`: the shipped
    /// line, or the one kept in the per-user cache, or else searched (seconds, with
    /// progress). An error when the OS refuses the thread: the caller then finds it on its
    /// own thread ([`super::Setup::add_opponents`]).
    pub fn opponents_line(
        root: ContentRoot,
        level: LoadedLevel,
        car: CarDef,
        count: usize,
    ) -> std::io::Result<RunPrep> {
        let progress = Arc::new(SharedProgress::default());
        let shared = Arc::clone(&progress);
        let mut work = Some((root, level, car));
        let worker = Worker::spawn("line-prep", move |(): ()| -> PrepOutcome {
            let Some((root, level, car)) = work.take() else {
                return Err(Error::runtime("line prep: the work was asked for twice"));
            };
            // A panic becomes an error, as in `author_time` (play goes on without opponents).
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let line = level_line_reporting(&root, &level, &car, &LineCache::per_user(), &mut |f| {
                    shared.raise(PrepStep::SearchingLine, f)
                })?;
                Ok(Prepared::Opponents {
                    car: Box::new(car),
                    count,
                    line,
                })
            }))
            .unwrap_or_else(|_| Err(Error::runtime("searching the racing line panicked (see the log above)")))
        })?;
        RunPrep::started(worker, progress, true)
    }

    /// The work submitted to its `worker`.
    fn started(
        worker: Worker<(), PrepOutcome>,
        progress: Arc<SharedProgress>,
        quiet_when_quick: bool,
    ) -> std::io::Result<RunPrep> {
        if !worker.submit(()) {
            return Err(std::io::Error::other("the run-prep thread is gone"));
        }
        Ok(RunPrep {
            worker,
            progress,
            outcome: None,
            quiet_when_quick,
        })
    }

    /// The step under way and how far it is, 0 to 1; neither goes back between calls.
    pub fn progress(&self) -> (PrepStep, f32) {
        self.progress.read()
    }

    /// Whether the loading screen shows this work's bar now: always for the author lap;
    /// for the opponents' line once its search reports (a line read back shows nothing).
    pub fn shows_progress(&self) -> bool {
        !self.quiet_when_quick || self.progress.reported()
    }

    /// Collects the outcome if the work is done; true once it is.
    pub fn poll(&mut self) -> bool {
        if self.outcome.is_none() {
            self.outcome = self.worker.try_recv();
        }
        self.outcome.is_some()
    }

    /// Waits for the work to end (`play --unattended`, where nobody watches and frames run
    /// on a stepped clock: polling would only spin through frames).
    pub fn wait(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(
                self.worker
                    .recv()
                    .unwrap_or_else(|| Err(Error::runtime("the run-prep thread is gone"))),
            );
        }
    }

    /// What the work found, once [`RunPrep::poll`] said it is done.
    pub fn outcome(&self) -> Option<&PrepOutcome> {
        self.outcome.as_ref()
    }

    /// What the work found, taken (None until [`RunPrep::poll`] said it is done).
    pub fn take_outcome(&mut self) -> Option<PrepOutcome> {
        self.outcome.take()
    }

    /// What the work finds, for the log when it fails ("no {what}: …").
    pub fn what(&self) -> &'static str {
        if self.quiet_when_quick {
            "opponents (their racing line)"
        } else {
            "author time"
        }
    }
}

/// The loading screen while the work runs: the bar at `fraction` and what the step is
/// under it ([`prep_label`]), over a `w × h` window.
pub fn draw_prep_screen(renderer: &Renderer, hud: &mut Hud, step: PrepStep, fraction: f32, w: u32, h: u32) {
    renderer.draw_loading(fraction, w, h);
    let label = prep_label(step, fraction);
    let width = hud.label_width(TextSize::Body, &label);
    // Under the bar, which is h/24 tall around the middle.
    let y = h as f32 * 0.5 + (h as f32 / 24.0).max(6.0);
    hud.label((w as f32 - width) * 0.5, y, TextSize::Body, &label, [1.0; 4]);
    hud.flush(w, h);
}

/// What the loading screen says of `step` at `fraction`: "Timing the author lap… 42 %".
pub fn prep_label(step: PrepStep, fraction: f32) -> String {
    let what = match step {
        PrepStep::SearchingLine => "Searching the racing line…",
        PrepStep::TimingAuthorLap => "Timing the author lap…",
    };
    format!("{what} {:.0} %", (fraction.clamp(0.0, 1.0) * 100.0).floor())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_never_goes_back_across_or_within_steps() {
        let p = SharedProgress::default();
        p.raise(PrepStep::SearchingLine, 0.5);
        p.raise(PrepStep::SearchingLine, 0.3);
        assert_eq!(p.read(), (PrepStep::SearchingLine, 0.5));
        p.raise(PrepStep::TimingAuthorLap, 0.1);
        p.raise(PrepStep::SearchingLine, 1.0);
        assert_eq!(p.read(), (PrepStep::TimingAuthorLap, 0.1));
        p.raise(PrepStep::TimingAuthorLap, 2.0);
        assert_eq!(p.read(), (PrepStep::TimingAuthorLap, 1.0));
    }

    #[test]
    fn a_report_at_zero_counts_as_reported() {
        let p = SharedProgress::default();
        assert!(!p.reported());
        assert_eq!(p.read(), (PrepStep::SearchingLine, 0.0));
        p.raise(PrepStep::SearchingLine, 0.0);
        assert!(p.reported());
        assert_eq!(p.read(), (PrepStep::SearchingLine, 0.0));
    }

    #[test]
    fn the_label_names_the_step_and_its_whole_percent() {
        assert_eq!(
            prep_label(PrepStep::TimingAuthorLap, 0.429),
            "Timing the author lap… 42 %"
        );
        assert_eq!(
            prep_label(PrepStep::SearchingLine, 1.0),
            "Searching the racing line… 100 %"
        );
    }
}
