//! `skidpad play`: the interactive game loop. The platform supplies events, pads, the GL
//! context and the clock; the [`Session`] does the rest.

use super::{Failure, Setup};
use crate::app::hud::{self, HudState};
use crate::app::streaming::ThreadedChunks;
use crate::app::Session;
use crate::input::InputState;
use crate::render::hud::Hud;
use crate::render::Renderer;
use crate::sim::streaming::{chunks_near, StreamRadii};
use crate::sim::ChunkProvider;
use crate::time::{FrameHistory, Phase, PhaseTimer};
use glam::Vec3;
use skidpad_platform::{AudioOutput, Clock, Pads, Platform, VideoBackend, WallClock, WindowConfig};
use std::time::Duration;

/// Frames kept in the always-on frame-time history (about 10 s at 60 Hz).
const HISTORY_FRAMES: usize = 600;

/// Play options.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlayOptions {
    /// Quit after this many frames (smoke tests, unattended runs).
    pub max_frames: Option<u64>,
}

/// Runs the game until the player quits.
pub fn play(setup: &Setup, opts: PlayOptions) -> Result<(), Failure> {
    let profile = &setup.profile;
    let mut platform = Platform::open(&WindowConfig {
        title: format!("Skidpad — {} — {}", setup.level.level.name, setup.car.name),
        width: profile.width,
        height: profile.height,
        vsync: profile.vsync,
        offscreen: false,
    })?;
    if platform.backend() == VideoBackend::Offscreen && opts.max_frames.is_none() {
        log::warn!("no display: the game runs offscreen with nothing shown; close it with Ctrl-C or pass --max-frames");
    }
    let mut renderer = Renderer::new(profile.shadow_map_size, profile.max_particles as usize)?;
    let mut pads = Pads::open();
    let _audio = AudioOutput::open();
    let clock = WallClock::new();

    let mut hud = Hud::new()?;
    let mut hud_state = HudState::default();
    let mut hud_text = String::with_capacity(128);
    let Some(mut session) = load_with_progress(setup, &mut platform, &renderer, &mut hud, &clock)? else {
        return Ok(());
    };
    let mut chunk_events = Vec::with_capacity(64);
    let mut input = InputState::default();
    let mut history = FrameHistory::new(HISTORY_FRAMES);
    let (mut platform_events, mut pad_events) = (Vec::with_capacity(64), Vec::with_capacity(64));
    let tick_duration = profile.loop_config.tick_duration();
    let mut last_frame_start = clock.now();
    let mut frames = 0u64;
    let mut over_budget = 0u64;

    loop {
        let mut timer = PhaseTimer::start(&clock);
        let frame_start = clock.now();
        platform_events.clear();
        pad_events.clear();
        platform.poll_events(&mut platform_events);
        pads.poll(&mut pad_events);
        platform_events.iter().for_each(|e| input.on_platform_event(e));
        pad_events.iter().for_each(|e| input.on_pad_event(e));
        if input.quit_requested() {
            break;
        }
        let ui = input.take_ui();
        hud_state.paused ^= ui.toggle_pause;
        hud_state.frame_graph ^= ui.toggle_frame_graph;
        hud_state.telemetry ^= ui.toggle_telemetry;
        timer.mark(&clock, Phase::Input);

        // Paused, no time reaches the simulation (the frame still draws, at alpha 0).
        let delta = if hud_state.paused {
            Duration::ZERO
        } else {
            frame_start - last_frame_start
        };
        let plan = session.plan_frame(delta);
        last_frame_start = frame_start;
        for _ in 0..plan.ticks {
            let tick_input = input.take_tick_input(session.world().player_forward_speed());
            session.tick(&tick_input);
        }
        timer.set_ticks(plan.ticks);
        timer.mark(&clock, Phase::Sim);
        session.drain_chunk_events(&mut chunk_events);
        renderer.apply_chunk_events(&chunk_events);
        chunk_events.clear();
        timer.mark(&clock, Phase::Streaming);

        let (w, h) = platform.drawable_size();
        let camera = session.camera(plan.alpha);
        renderer.draw(&session.frame_view(plan.alpha, &camera), w, h);
        hud::compose(
            &mut hud,
            &mut hud_text,
            hud::HudInputs {
                session: &session,
                history: &history,
                budget: profile.frame_budget,
                state: hud_state,
            },
            w,
            h,
        );
        hud.flush(w, h);
        timer.mark(&clock, Phase::Render);
        platform.swap();
        timer.mark(&clock, Phase::Swap);
        timer.mark(&clock, Phase::Audio);

        let frame = timer.finish(&clock);
        if frame.total > profile.frame_budget {
            over_budget += 1;
            log::debug!(
                "frame {frames} over budget: {:.2} ms (longest phase: {})",
                frame.total.as_secs_f64() * 1e3,
                frame.longest().name()
            );
        }
        history.push(frame);
        frames += 1;
        if !platform.vsync() {
            // No vblank to wait on: cap the frame rate at the tick rate instead of spinning
            // (outside the frame's accounting: idle time is not over budget).
            clock.sleep_until(frame_start + tick_duration);
        }
        if opts.max_frames.is_some_and(|n| frames >= n) {
            break;
        }
    }
    log::info!(
        "played {frames} frames, {} ticks; {over_budget} over the {:.2} ms budget",
        session.world().tick(),
        profile.frame_budget.as_secs_f64() * 1e3
    );
    Ok(())
}

/// Starts the level's chunks decoding on the loader thread and shows the loading screen
/// until the ones around the start are in; then builds the session (which finds them
/// ready). `None` when the player closed the window while loading.
fn load_with_progress(
    setup: &Setup,
    platform: &mut Platform,
    renderer: &Renderer,
    hud: &mut Hud,
    clock: &WallClock,
) -> Result<Option<Session>, Failure> {
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
    let mut threaded = match ThreadedChunks::new(setup.level.chunks.clone()) {
        Ok(t) => t,
        Err(e) => {
            log::warn!("no loader thread ({e}); chunks load on the game thread");
            return Ok(Some(setup.session()));
        }
    };
    for c in &first {
        threaded.prefetch(*c);
    }
    let started = clock.now();
    let mut events = Vec::new();
    loop {
        let ready = threaded.ready_count(&first);
        events.clear();
        platform.poll_events(&mut events);
        if events
            .iter()
            .any(|e| matches!(e, skidpad_platform::PlatformEvent::Quit))
        {
            return Ok(None);
        }
        let (w, h) = platform.drawable_size();
        let progress = ready as f32 / first.len().max(1) as f32;
        renderer.draw_loading(progress, w, h);
        let scale = (h as f32 / 240.0).floor().max(1.0);
        let label = format!("LOADING {}  {:3.0}%", level.name.to_uppercase(), progress * 100.0);
        hud.text(
            (w as f32 - label.len() as f32 * 8.0 * scale) * 0.5,
            h as f32 * 0.5 + 16.0 * scale,
            scale,
            &label,
            [1.0; 4],
        );
        hud.flush(w, h);
        platform.swap();
        if ready == first.len() {
            break;
        }
        clock.sleep_until(clock.now() + std::time::Duration::from_millis(5));
    }
    log::info!(
        "loaded {} chunks around the start in {:.1} ms",
        first.len(),
        (clock.now() - started).as_secs_f64() * 1e3
    );
    let provider: Box<dyn ChunkProvider> = Box::new(threaded);
    Ok(Some(Session::with_provider(
        &setup.level,
        &setup.car,
        &setup.parked,
        &setup.profile,
        provider,
    )))
}
