//! Work a run needs before it starts that takes seconds — a time trial's author lap, and
//! the racing-line search that lap may need first — done on the platform's worker thread
//! so the loading screen keeps drawing, with how far it is shared for the screen's bar.
//!
//! The work is the same function `run --mode time-trial` and the tests call
//! (`mode_run::author_time_kept_reporting`): deterministic, so where it runs changes
//! nothing it finds. If the bar stalls, the log's racing-line progress lines and
//! `skidpad run --ai-driver` on the level and car show which step is slow.

use super::mode_run::{author_time_kept_reporting, PrepStep};
use super::Setup;
use crate::content::ContentRoot;
use crate::error::Error;
use crate::modes::{RecordKey, RecordStore};
use crate::render::{Hud, Renderer, TextSize};
use skidpad_platform::Worker;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// What the work found: the author time (None when the AI completed no lap).
pub type PrepOutcome = Result<Option<f64>, Error>;

/// Steps of progress within a step (the fraction's resolution).
const STEPS_PER_UNIT: u32 = 10_000;

/// The step and its fraction packed in one number that only grows: the step in the high
/// half, the fraction in ten-thousandths in the low half, raised with `fetch_max` — so
/// a reader never sees a later step with an earlier step's fraction, nor the bar going
/// back.
#[derive(Debug, Default)]
struct SharedProgress(AtomicU32);

impl SharedProgress {
    fn raise(&self, step: PrepStep, fraction: f32) {
        let f = (fraction.clamp(0.0, 1.0) * STEPS_PER_UNIT as f32).round() as u32;
        self.0.fetch_max((step_index(step) << 16) | f, Ordering::Relaxed);
    }

    fn read(&self) -> (PrepStep, f32) {
        let v = self.0.load(Ordering::Relaxed);
        let step = if v >> 16 == 0 {
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
            }))
            .unwrap_or_else(|_| Err(Error::runtime("timing the author lap panicked (see the log above)")))
        })?;
        if !worker.submit(()) {
            return Err(std::io::Error::other("the run-prep thread is gone"));
        }
        Ok(RunPrep {
            worker,
            progress,
            outcome: None,
        })
    }

    /// The step under way and how far it is, 0 to 1; neither goes back between calls.
    pub fn progress(&self) -> (PrepStep, f32) {
        self.progress.read()
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
