//! `skidpad play`: the interactive game loop. The platform supplies events, pads, the GL
//! context and the clock; the [`Session`] does the rest.

use super::{Failure, Setup};
use crate::app::hud::{self, HudState};
use crate::app::streaming::ThreadedChunks;
use crate::app::Session;
use crate::audio::engine::{virtual_rpm, IDLE_RPM};
use crate::audio::{Mixer, SharedSound, SoundParams};
use crate::input::rumble::rumble_for;
use crate::input::InputState;
use crate::render::hud::Hud;
use crate::render::Renderer;
use crate::replay::{Replay, ReplayHeader};
use crate::sim::streaming::{chunks_near, StreamRadii};
use crate::sim::ChunkProvider;
use crate::sim::{SimEvent, SimWorld, TickInput};
use crate::time::{FrameHistory, Phase, PhaseTimer};
use glam::Vec3;
use skidpad_platform::{AudioOutput, Clock, PadId, Pads, Platform, VideoBackend, WallClock, WindowConfig};
use std::time::Duration;

/// Frames kept in the always-on frame-time history (about 10 s at 60 Hz).
const HISTORY_FRAMES: usize = 600;

/// Play options.
#[derive(Debug, Clone, Default)]
pub struct PlayOptions {
    /// Quit after this many frames (smoke tests, unattended runs).
    pub max_frames: Option<u64>,
    /// Write every tick's input here when the game ends (atomically).
    pub record: Option<std::path::PathBuf>,
    /// Drive from these recorded inputs instead of the player's; quit when they end.
    pub replay: Option<Vec<TickInput>>,
    /// How the recording names what was played: (level, car, platform) as given.
    pub identity: (String, String, String),
    /// The player's settings.
    pub settings: crate::settings::Settings,
}

/// Runs the game until the player quits.
pub fn play(setup: &Setup, opts: PlayOptions) -> Result<(), Failure> {
    let profile = &setup.profile;
    // Before the window: a pad script that cannot be used is bad input, and nothing opens.
    let mut pads = Pads::from_env()?;
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
    let audio = AudioOutput::open();
    let sound = SharedSound::default();
    audio.play(Mixer::new(sound.clone()));
    let mut last_throttle = 0.0f32;
    let clock = WallClock::new();

    let mut hud = Hud::new()?;
    let mut hud_state = HudState::default();
    let mut hud_text = String::with_capacity(128);
    let Some(mut session) = load_with_progress(setup, &mut platform, &renderer, &mut hud, &clock)? else {
        return Ok(());
    };
    let mut chunk_events = Vec::with_capacity(64);
    let mut input = InputState::new(opts.settings.input.clone()).with_assists(opts.settings.assists);
    let mut history = FrameHistory::new(HISTORY_FRAMES);
    let (mut platform_events, mut pad_events) = (Vec::with_capacity(64), Vec::with_capacity(64));
    let tick_duration = profile.loop_config.tick_duration();
    let mut last_frame_start = clock.now();
    let mut frames = 0u64;
    let mut over_budget = 0u64;
    let mut replay_done = false;
    let mut recorded: Option<Vec<TickInput>> = opts.record.as_ref().map(|_| Vec::with_capacity(60 * 60 * 10));

    loop {
        let mut timer = PhaseTimer::start(&clock);
        let frame_start = clock.now();
        platform_events.clear();
        pad_events.clear();
        platform.poll_events(&mut platform_events);
        pads.poll(&mut pad_events);
        platform_events.iter().for_each(|e| input.on_platform_event(e));
        let (pad_in_use, was_lost) = (input.active_pad(), input.controller_lost());
        pad_events.iter().for_each(|e| input.on_pad_event(e));
        log_controller_change(pad_in_use, was_lost, &input, session.world().tick());
        if input.quit_requested() {
            break;
        }
        let ui = input.take_ui();
        hud_state.paused ^= ui.toggle_pause;
        hud_state.frame_graph ^= ui.toggle_frame_graph;
        hud_state.telemetry ^= ui.toggle_telemetry;
        if ui.next_camera {
            session.next_camera_view();
        }
        hud_state.controller_lost = input.controller_lost();
        hud_state.pad_connected = input.pad_connected();
        timer.mark(&clock, Phase::Input);

        // Paused (by the player, or because the pad in use was unplugged), no time reaches
        // the simulation; the frame still draws.
        let frozen = hud_state.paused || hud_state.controller_lost;
        let delta = if frozen {
            Duration::ZERO
        } else {
            frame_start - last_frame_start
        };
        let plan = session.plan_frame(delta);
        last_frame_start = frame_start;
        for _ in 0..plan.ticks {
            let world = session.world();
            let top_gear = world.player().def().sim().map_or(0, |p| p.gearbox.forward.len() as i8);
            input.observe_gearbox(world.telemetry(0).gear, top_gear);
            let player = input.take_tick_input(world.player_forward_speed(), world.dt_s());
            let tick_input = match &opts.replay {
                Some(inputs) => match inputs.get(session.world().tick() as usize) {
                    Some(i) => *i,
                    None => {
                        replay_done = true;
                        break;
                    }
                },
                None => player,
            };
            session.tick(&tick_input);
            last_throttle = tick_input.control.throttle;
            for e in &session.snapshot().events {
                match *e {
                    SimEvent::Impact { car: 0, impulse_ns, .. } => sound.impact(impulse_ns / 18_000.0),
                    SimEvent::Landing { car: 0, speed_mps, .. } => sound.impact(speed_mps / 12.0),
                    _ => {}
                }
            }
            if let Some(r) = recorded.as_mut() {
                r.push(tick_input);
            }
            if let (Some(pad), Some((strength, duration))) =
                (input.active_pad(), rumble_for(&session.snapshot().events))
            {
                pads.rumble(pad, strength, duration);
            }
        }
        if replay_done {
            break;
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
        let world = session.world();
        let speed = world.player_body().linvel().length();
        sound.set(SoundParams {
            engine_on: true,
            rpm: engine_sound_rpm(world),
            load: if frozen { 0.0 } else { last_throttle },
            slip_power_w: if frozen {
                0.0
            } else {
                world.player().wheels().iter().map(|w| w.slip_power_w).sum()
            },
            speed_mps: if frozen { 0.0 } else { speed },
            volumes: opts.settings.volumes,
        });
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
    if let (Some(path), Some(inputs)) = (&opts.record, recorded) {
        let (level, car, platform) = opts.identity.clone();
        Replay {
            header: ReplayHeader {
                format: crate::replay::FORMAT,
                build: crate::replay::build_identity(),
                level,
                car,
                platform,
                tick_rate_hz: profile.loop_config.tick_rate_hz,
                ai_opponents: session.opponents().len() as u32,
                ai_car: session
                    .opponents()
                    .defs()
                    .next()
                    .map_or(String::new(), |c| c.name.clone()),
                final_state_hash: session.world().state_hash(),
            },
            inputs,
        }
        .save(path)?;
        log::info!("replay written to {}", path.display());
    }
    log::info!(
        "played {frames} frames, {} ticks; {over_budget} over the {:.2} ms budget",
        session.world().tick(),
        profile.frame_budget.as_secs_f64() * 1e3
    );
    Ok(())
}

/// One log line when the pad in use is unplugged (the game pauses, and the HUD asks for a
/// controller) and one when a button press on a pad brings the player back.
fn log_controller_change(pad_in_use: Option<PadId>, was_lost: bool, input: &InputState, tick: u64) {
    match (was_lost, input.controller_lost()) {
        (false, true) => log::warn!(
            "controller {} unplugged: paused at tick {tick}; connect a controller and press a button to go on",
            pad_in_use.map_or_else(|| "?".to_string(), |p| p.0.to_string())
        ),
        (true, false) => log::info!(
            "controller {} in use: resumed at tick {tick}",
            input.active_pad().map_or_else(|| "?".to_string(), |p| p.0.to_string())
        ),
        _ => {}
    }
}

/// The rpm the engine sound plays: a sim car's own engine speed, never below its idle (so
/// the tone never stops, even as the engine stalls against the brakes); the arcade car's
/// virtual rpm from its road speed.
pub(crate) fn engine_sound_rpm(world: &SimWorld) -> f32 {
    match world.player().def().sim() {
        Some(p) => {
            let idle = if p.engine.idle_rpm > 0.0 {
                p.engine.idle_rpm
            } else {
                IDLE_RPM
            };
            world.telemetry(0).engine_rpm.max(idle)
        }
        None => virtual_rpm(world.player_body().linvel().length()).0,
    }
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
    let mut session = Session::with_provider(&setup.level, &setup.car, &setup.parked, &setup.profile, provider);
    setup.add_opponents_to(&mut session);
    Ok(Some(session))
}
