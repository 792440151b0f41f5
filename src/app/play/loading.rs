//! The loading screen: the level's chunks around the start decode on the loader thread
//! while a bar shows how many are in, and the work a run needs first (a time trial's
//! author lap, and the racing-line search it may need; the opponents' racing line, searched
//! on a level that ships none: [`RunPrep`]) runs on its own worker while the bar shows its
//! step and progress; then the race starts with both done (the opponents set in the setup).
//!
//! While that work runs the player may back out (B / Esc: [`Loading::backed_out`], the
//! flow returns to the main menu) or close the window: either cancels the work
//! ([`RunPrep::cancel`]) and neither waits for it.

use super::run_prep::{draw_prep_screen, PrepOutcome, PrepScreen, Prepared, RunPrep};
use super::stage::Stage;
use crate::app::menu::{NavAction, NavInput, Pressed};
use crate::app::session::{Session, ThreadedChunks};
use crate::app::setup::Setup;
use crate::sim::ChunkProvider;
use crate::sim::{chunks_near, StreamRadii};
use glam::Vec3;
use skidpad_bake::chunk::ChunkCoord;
use skidpad_platform::Clock;
use std::time::Duration;

/// How often the loading screen looks at the loader again.
const POLL_EVERY: Duration = Duration::from_millis(5);

/// The level's first chunks decoding; [`Loading::end_frame`] hands the session over once
/// they are all in.
pub struct Loading {
    /// The loader; taken when the session is built.
    loader: Option<ThreadedChunks>,
    /// The chunks around the player's and the parked cars' spawns.
    first: Vec<ChunkCoord>,
    /// How many of them were decoded at this frame's update.
    ready: usize,
    /// When loading started, on the stage's clock.
    started: Duration,
    /// The work before the run, while it is under way (None when there is none).
    prep: Option<Box<RunPrep>>,
    /// The opponents the work found, until the session is built with them (boxed: the
    /// screen is moved about, mostly without).
    opponents: Option<Box<Prepared>>,
    /// Reads Back (B / Esc) while the work runs.
    nav: NavInput,
    /// This frame's presses.
    pressed: Vec<Pressed>,
    /// The player backed out while the work ran: the flow goes back to the menus.
    backed_out: bool,
}

impl Loading {
    /// Nothing loading: a placeholder while the flow picks its first screen.
    pub fn empty() -> Loading {
        Loading {
            loader: None,
            first: Vec::new(),
            ready: 0,
            started: Duration::ZERO,
            prep: None,
            opponents: None,
            nav: NavInput::default(),
            pressed: Vec::new(),
            backed_out: false,
        }
    }

    /// The screen also waits for `prep`, showing its step and progress meanwhile.
    pub fn with_prep(mut self, prep: RunPrep) -> Loading {
        self.prep = Some(Box::new(prep));
        self
    }

    /// Starts `setup`'s chunks around the start decoding on the loader thread. None when
    /// there is no loader thread (one log line): the caller then loads on the game thread.
    pub fn start(setup: &Setup, stage: &Stage) -> Option<Loading> {
        let level = &setup.level.level;
        let mut positions: Vec<Vec3> = vec![level.player_spawn().position_m];
        positions.extend(level.parked_cars.iter().map(|p| p.position_m));
        let radii = StreamRadii::for_chunk_size(level.chunk_size_m);
        let first = chunks_near(
            &setup.level.chunks.coords(),
            &positions,
            radii.resident_m,
            level.chunk_size_m,
        );
        let mut loader = match ThreadedChunks::new(setup.level.chunks.clone()) {
            Ok(t) => t,
            Err(e) => {
                log::warn!("no loader thread ({e}); chunks load on the game thread");
                return None;
            }
        };
        for c in &first {
            loader.prefetch(*c);
        }
        Some(Loading {
            loader: Some(loader),
            first,
            ready: 0,
            started: stage.clock.now(),
            prep: None,
            opponents: None,
            nav: NavInput::default(),
            pressed: Vec::with_capacity(16),
            backed_out: false,
        })
    }

    /// Whether the screen reads the pads this frame: while the work runs, for Back. Not a
    /// pad script's while watched: its polls are frames, and how many frames the work takes
    /// varies from run to run; unattended, the work is waited for in one frame, which
    /// polls once.
    pub fn takes_pads(&self, stage: &Stage) -> bool {
        self.prep.is_some() && (stage.clock.is_stepped() || !stage.pads.is_scripted())
    }

    /// Whether the player backed out while the work ran (it is cancelled).
    pub fn backed_out(&self) -> bool {
        self.backed_out
    }

    /// Whether the frame's events press Back (B, Esc).
    fn back_pressed(&mut self, stage: &Stage) -> bool {
        let now = stage.clock.now();
        self.pressed.clear();
        for e in &stage.events {
            self.nav.on_platform_event(e, now, &mut self.pressed);
        }
        for e in &stage.pad_events {
            self.nav.on_pad_event(e, now, &mut self.pressed);
        }
        self.pressed.iter().any(|p| p.action() == Some(NavAction::Back))
    }

    /// Counts the chunks decoded so far. False when the player closed the window (the work
    /// is cancelled as the screen is dropped, not waited for).
    pub fn update(&mut self, stage: &mut Stage) -> bool {
        if let Some(loader) = self.loader.as_mut() {
            self.ready = loader.ready_count(&self.first);
        }
        stage.hold_pad_connections();
        if self.prep.is_some() && !stage.quit_event() && self.back_pressed(stage) {
            if let Some(prep) = self.prep.take() {
                let (step, fraction) = prep.progress();
                log::info!(
                    "back to the menus from the loading screen: {} cancelled at {}",
                    prep.what(),
                    super::run_prep::prep_label(step, fraction)
                );
                prep.cancel();
            }
            self.backed_out = true;
        }
        if let Some(prep) = self.prep.as_mut() {
            // Unattended, frames are counted, not watched: the work is waited for in one.
            if stage.clock.is_stepped() {
                prep.wait();
            }
            if prep.poll() {
                let what = prep.what();
                self.opponents = prep.take_outcome().and_then(|o| logged(what, o)).map(Box::new);
                self.prep = None;
            }
        }
        !stage.quit_event()
    }

    /// The bar and "Loading NAME  NN %" under it; while the work before the run is under
    /// way, its progress and what it is ("Timing the author lap… NN %") instead.
    pub fn draw(&self, stage: &mut Stage, level_name: &str) {
        let (w, h) = stage.platform.drawable_size();
        if let Some(prep) = self.prep.as_ref().filter(|p| p.shows_progress()) {
            let (step, fraction) = prep.progress();
            let screen = PrepScreen {
                step,
                fraction,
                back: stage.last_device,
                title_safe: stage.title_safe,
            };
            draw_prep_screen(&stage.renderer, &mut stage.hud, &screen, w, h);
            return;
        }
        let progress = self.ready as f32 / self.first.len().max(1) as f32;
        stage.renderer.draw_loading(progress, w, h);
        // The name players know, in the text font (it has their accents: "Nürburgring").
        let label = format!("Loading {level_name}  {:3.0} %", progress * 100.0);
        let size = crate::render::TextSize::Body;
        let lw = stage.hud.label_width(size, &label);
        let y = h as f32 * 0.5 + stage.hud.line_height(size) * 0.6;
        stage.hud.label((w as f32 - lw) * 0.5, y, size, &label, [1.0; 4]);
        stage.hud.flush(w, h);
    }

    /// After the frame is shown: the session of `setup`, with chunks from the loader (the
    /// first ones ready) and the opponents the work found set in `setup`, once every first
    /// chunk is in and the work is done; else waits a moment and None.
    pub fn end_frame(&mut self, setup: &mut Setup, stage: &Stage) -> Option<Session> {
        let clock = &stage.clock;
        if self.backed_out {
            return None;
        }
        if self.ready != self.first.len() || self.prep.is_some() {
            clock.sleep_until(clock.now() + POLL_EVERY);
            return None;
        }
        let loader = self.loader.take()?;
        if let Some(Prepared::Opponents { car, count, line }) = self.opponents.take().map(|o| *o) {
            setup.set_opponents(*car, count, line);
        }
        log::info!(
            "loaded {} chunks around the start in {:.1} ms",
            self.first.len(),
            (clock.now() - self.started).as_secs_f64() * 1e3
        );
        let provider: Box<dyn ChunkProvider> = Box::new(loader);
        Some(Session::with_provider(setup, provider))
    }
}

/// The log line of finished work before a run, finding `what`; the opponents it found, if
/// any. A failure costs only the medals or the opponents: it is logged and play goes on
/// (a race without opponents is a lone run of its laps).
fn logged(what: &str, outcome: PrepOutcome) -> Option<Prepared> {
    match outcome {
        Ok(Prepared::AuthorTime(Some(s))) => log::info!("author time: {s:.3} s"),
        Ok(Prepared::AuthorTime(None)) => log::warn!("no author time: the AI completed no lap"),
        Ok(Prepared::Opponents { car, count, line }) => {
            log::info!(
                "{count} opponents on {} (predicted lap {:.2} s)",
                line.source,
                line.predicted_lap_s
            );
            return Some(Prepared::Opponents { car, count, line });
        }
        Err(e) => log::error!("no {what}: {e}; play goes on without"),
    }
    None
}
