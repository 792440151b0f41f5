//! Work a run needs before it starts that takes seconds — a time trial's author lap, and
//! the racing-line search that lap may need first; the opponents' racing line, searched
//! on a level that ships none — done on the platform's worker thread so the loading
//! screen keeps drawing, with how far it is shared for the screen's bar.
//!
//! The work is the same function `run --mode time-trial`, `--ai N` and the tests call
//! (`game_mode::time_trial::author_time_kept_reporting`, `raceline::level_line_reporting`):
//! deterministic, so where it runs changes nothing it finds. If the bar stalls, the log's
//! racing-line progress lines and `skidpad run --ai-driver` on the level and car show
//! which step is slow.
//!
//! The work can be cancelled ([`RunPrep::cancel`]; dropping a `RunPrep` cancels it): the
//! window closed, or the player backed out of the loading screen. The work hears of it at
//! its next progress report — after each generation of the line's search, every few ticks
//! of the author lap — and stops there by unwinding to the worker's edge, where the work
//! already catches a panic (the search and the lap take a progress callback that returns
//! nothing, shared with the command line and the tools). Unwinding runs the destructors
//! of what the work held and skips the writes that follow a finished step, so a
//! cancelled author lap keeps no record; files are only ever written whole
//! (`write_atomically`). The one stretch with no report, the search's final polish (a
//! tenth of its bar), is not waited for either: a cancelled `RunPrep` lets its thread go
//! ([`Worker::detach`]), which ends at the polish's end, keeping the line it found in the
//! cache as a finished search does. If closing still hangs, a step reports too seldom:
//! see where `on_progress` is called.

use crate::app::game_mode::time_trial::{author_time_kept_reporting, PrepStep};
use crate::app::menu::Device;
use crate::app::setup::Setup;
use crate::content::ContentRoot;
use crate::content::LoadedLevel;
use crate::error::Error;
use crate::modes::{RecordKey, RecordStore};
use crate::raceline::{level_line_reporting, LineCache, RaceLine};
use crate::render::{Hud, Renderer, TextSize};
use crate::vehicle::CarDef;
use skidpad_platform::Worker;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
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
///
/// It also carries the other way the player's cancel ([`SharedProgress::cancelled`]),
/// which the work reads at each report, and counts the reports (how far the work went
/// after a cancel, for the tests).
#[derive(Debug, Default)]
struct SharedProgress(AtomicU32, AtomicBool, AtomicU32);

/// What a cancelled piece of work unwinds with, to its worker's `catch_unwind`.
struct Cancelled;

/// What the outcome of cancelled work says.
pub const CANCELLED: &str = "cancelled: the player left the loading screen";

impl SharedProgress {
    fn raise(&self, step: PrepStep, fraction: f32) {
        let f = (fraction.clamp(0.0, 1.0) * STEPS_PER_UNIT as f32).round() as u32;
        self.0
            .fetch_max(REPORTED | (step_index(step) << 16) | f, Ordering::Relaxed);
        // Sequentially consistent, with the cancel flag's store and load: a report counted
        // before the flag was read is counted before a reader's count after its cancel, so
        // "at most the report under way and the next" after a cancel holds (with relaxed
        // orders the count could be read before the flag went up, and a busy machine let
        // the work run on between the two).
        self.2.fetch_add(1, Ordering::SeqCst);
    }

    /// [`SharedProgress::raise`], from the work: then stops the work if it was cancelled,
    /// unwinding to the worker's edge with [`Cancelled`] (`resume_unwind`: no panic
    /// message, as nothing went wrong).
    fn report(&self, step: PrepStep, fraction: f32) {
        self.raise(step, fraction);
        if self.cancelled() {
            std::panic::resume_unwind(Box::new(Cancelled));
        }
    }

    fn cancel(&self) {
        self.1.store(true, Ordering::SeqCst);
    }

    fn cancelled(&self) -> bool {
        self.1.load(Ordering::SeqCst)
    }

    /// How many reports the work made so far.
    fn reports(&self) -> u32 {
        self.2.load(Ordering::SeqCst)
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
    /// The thread; None once let go ([`Drop`]).
    worker: Option<Worker<(), PrepOutcome>>,
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
            crate::alloc_count::count_as_game_worker();
            let Some((root, setup, store, key)) = work.take() else {
                return Err(Error::runtime("run prep: the work was asked for twice"));
            };
            // A panic would leave the loading screen polling a dead thread: it becomes an
            // error (play goes on without medals).
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                author_time_kept_reporting(&root, &setup, &store, &key, &mut |step, f| shared.report(step, f))
                    .map(Prepared::AuthorTime)
            }))
            .unwrap_or_else(|payload| unwound(&*payload, "timing the author lap"))
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
            crate::alloc_count::count_as_game_worker();
            let Some((root, level, car)) = work.take() else {
                return Err(Error::runtime("line prep: the work was asked for twice"));
            };
            // A panic becomes an error, as in `author_time` (play goes on without opponents).
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let line = level_line_reporting(&root, &level, &car, &LineCache::per_user(), &mut |f| {
                    shared.report(PrepStep::SearchingLine, f)
                })?;
                Ok(Prepared::Opponents {
                    car: Box::new(car),
                    count,
                    line,
                })
            }))
            .unwrap_or_else(|payload| unwound(&*payload, "searching the racing line"))
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
            worker: Some(worker),
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
            self.outcome = self.worker.as_ref().and_then(Worker::try_recv);
        }
        self.outcome.is_some()
    }

    /// Waits for the work to end (`play --unattended`, where nobody watches and frames run
    /// on a stepped clock: polling would only spin through frames; and the tests, after a
    /// [`RunPrep::cancel`]).
    pub fn wait(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(
                self.worker
                    .as_ref()
                    .and_then(Worker::recv)
                    .unwrap_or_else(|| Err(Error::runtime("the run-prep thread is gone"))),
            );
        }
    }

    /// Asks the work to stop at its next progress report; its outcome is then an error
    /// saying [`CANCELLED`]. Dropping the `RunPrep` cancels too, without waiting.
    pub fn cancel(&self) {
        self.progress.cancel();
    }

    /// How many progress reports the work made so far (how far it went after a cancel).
    pub fn reports(&self) -> u32 {
        self.progress.reports()
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

impl Drop for RunPrep {
    /// Cancels work still under way and lets its thread go without waiting (the window
    /// closes, or the menus come back, at once); a finished worker's idle thread ends.
    fn drop(&mut self) {
        self.progress.cancel();
        // A finished worker's thread is idle: let go, it ends as its job queue closes.
        if let Some(worker) = self.worker.take() {
            worker.detach();
        }
    }
}

/// The outcome of work that unwound with `payload`: cancelled ([`Cancelled`]), or
/// `what` panicked (its message is in the log above: play goes on without).
fn unwound(payload: &(dyn std::any::Any + Send), what: &str) -> PrepOutcome {
    if payload.is::<Cancelled>() {
        Err(Error::runtime(CANCELLED))
    } else {
        Err(Error::runtime(format!("{what} panicked (see the log above)")))
    }
}

/// What the loading screen shows while the work runs.
#[derive(Debug, Clone, Copy)]
pub struct PrepScreen {
    /// The step under way.
    pub step: PrepStep,
    /// How far it is, 0 to 1.
    pub fraction: f32,
    /// Whose glyph the prompt to back out shows (the device the menus saw last).
    pub back: Device,
    /// The profile's title-safe share of the screen, which the prompt keeps inside.
    pub title_safe: f32,
}

/// The loading screen while the work runs, over a `w × h` window: the bar at the
/// fraction, what the step is under it ([`prep_label`]), and near the bottom how to back
/// out ("(B) Back", "Esc Back").
pub fn draw_prep_screen(renderer: &Renderer, hud: &mut Hud, screen: &PrepScreen, w: u32, h: u32) {
    renderer.draw_loading(screen.fraction, w, h);
    let label = prep_label(screen.step, screen.fraction);
    let width = hud.label_width(TextSize::Body, &label);
    // Under the bar, which is h/24 tall around the middle.
    let y = h as f32 * 0.5 + (h as f32 / 24.0).max(6.0);
    hud.label((w as f32 - width) * 0.5, y, TextSize::Body, &label, [1.0; 4]);
    let prompt = match screen.back {
        Device::Pad => "(B) Back",
        Device::Keyboard => "Esc Back",
    };
    let width = hud.label_width(TextSize::Body, prompt);
    // A line's height above the title-safe area's bottom edge.
    let safe_bottom = h as f32 * (1.0 + screen.title_safe.clamp(0.5, 1.0)) * 0.5;
    let y = safe_bottom - h as f32 / 12.0;
    hud.label(
        (w as f32 - width) * 0.5,
        y,
        TextSize::Body,
        prompt,
        [0.75, 0.75, 0.75, 1.0],
    );
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

    /// How many reports the test's work makes unless cancelled (seconds of work).
    const REPORTS: u32 = 100_000_000;

    /// Work that would report [`REPORTS`] times unless cancelled, started as the real work
    /// is: the report through [`SharedProgress::report`], the unwind caught; `ended` hears
    /// when it ends, however it does.
    fn long_work(ended: std::sync::mpsc::Sender<()>) -> RunPrep {
        let progress = Arc::new(SharedProgress::default());
        let shared = Arc::clone(&progress);
        let worker = Worker::spawn("test-prep", move |(): ()| -> PrepOutcome {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                for i in 0..REPORTS {
                    shared.report(PrepStep::SearchingLine, i as f32 / REPORTS as f32);
                }
                Ok(Prepared::AuthorTime(None))
            }))
            .unwrap_or_else(|payload| unwound(&*payload, "the test's work"));
            let _ = ended.send(());
            outcome
        })
        .unwrap();
        RunPrep::started(worker, progress, false).unwrap()
    }

    #[test]
    fn cancelled_work_stops_at_its_next_report_with_a_cancelled_outcome() {
        let (ended, _) = std::sync::mpsc::channel();
        let mut prep = long_work(ended);
        while prep.reports() == 0 {
            std::thread::yield_now();
        }
        prep.cancel();
        let at_cancel = prep.reports();
        prep.wait();
        let after = prep.reports() - at_cancel;
        // The report under way when the flag went up, and the next, which reads it.
        assert!(after <= 2, "{after} reports after the cancel");
        let Some(Err(e)) = prep.outcome() else {
            panic!("cancelled work ended with {:?}", prep.outcome());
        };
        assert!(e.to_string().contains(CANCELLED), "{e}");
    }

    #[test]
    fn dropping_work_under_way_cancels_it() {
        let (ended, ended_rx) = std::sync::mpsc::channel();
        let prep = long_work(ended);
        let shared = Arc::clone(&prep.progress);
        while shared.reports() == 0 {
            std::thread::yield_now();
        }
        drop(prep);
        let at_drop = shared.reports();
        assert!(shared.cancelled(), "dropped without cancelling");
        // The let-go thread stops at its next report, not after its hundred million.
        ended_rx.recv().unwrap();
        let after = shared.reports() - at_drop;
        assert!(after <= 2, "{after} reports after the drop");
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
