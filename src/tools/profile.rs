//! `skidpad profile`: drives a level from its scenario script (or a circle where it has
//! none) for a number of frames, headless or in the window, and reports where the frame
//! budget went: percentiles, lows, frames and time over budget with the phase to blame,
//! per-phase means, ticks per frame, allocations per tick, peak heap; optionally a Chrome
//! Trace Event file that opens in Perfetto.

use super::profile_driver::ProfileDriver;
pub use super::profile_trace::{chrome_trace, TracedScene};
use crate::app::split_screen::{frame_views, player_cameras, split_views, TwoPlayerSplit};
use crate::app::Motion;
use crate::app::{AiPlayer, Session, Setup, ThreadedChunks};
use crate::audio::{sound_feed, Mixer};
use crate::error::Error;
use crate::render::wait_for_gpu;
use crate::render::Renderer;
use crate::sim::{TickInput, TickPart, MAX_PLAYERS};
use crate::time::{FramePacing, FramePhases, Phase, PhaseTimer};
use serde::Serialize;
use skidpad_platform::{Clock, Platform, WallClock, WindowConfig};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// What to profile.
#[derive(Debug, Clone)]
pub struct ProfileOptions {
    /// Frames to measure (after a one-second warm-up).
    pub frames: u64,
    /// No window and no rendering: the simulation and audio only.
    pub headless: bool,
    /// Write a Chrome Trace Event JSON here.
    pub trace: Option<PathBuf>,
    /// Frustum culling on (off only to measure what it saves).
    pub culling: bool,
    /// Sun shadows drawn (the options' setting; off to measure what they cost).
    pub shadows: bool,
    /// Particles drawn (the options' setting; off to measure what they cost).
    pub particles: bool,
    /// The scene's resolution follows its GPU time (dynamic resolution).
    pub dynamic_resolution: bool,
    /// One tick per frame whatever the frame took, so two builds or two machines draw
    /// the same frames and their exact counts (fragments, draws) compare frame for frame.
    pub fixed_step: bool,
    /// The AI at the player's wheel instead of the level's scenario script: whole laps of
    /// a track with the field around the camera (`profile --ai-driver`).
    pub ai_driver: Option<AiPlayer>,
    /// The AIs at the guests' wheels (split screen, `--players N` with `--ai-driver`), in
    /// player order; a guest without one drives on the first player's input.
    pub guest_drivers: Vec<AiPlayer>,
    /// How two players share the screen.
    pub two_player_split: TwoPlayerSplit,
}

impl ProfileOptions {
    /// `frames` headless frames, as `skidpad profile --headless` measures them: what the
    /// allocation tests and `alloc_sites` play.
    pub fn headless(frames: u64) -> ProfileOptions {
        ProfileOptions {
            frames,
            headless: true,
            trace: None,
            culling: true,
            shadows: true,
            particles: true,
            dynamic_resolution: false,
            fixed_step: false,
            ai_driver: None,
            guest_drivers: Vec::new(),
            two_player_split: TwoPlayerSplit::default(),
        }
    }
}

/// A frame over budget and the phase that overran.
#[derive(Debug, Clone, Serialize)]
pub struct OverBudget {
    /// Frame number (0 = first measured).
    pub frame: usize,
    /// Its time, ms.
    pub ms: f64,
    /// Its longest phase.
    pub phase: &'static str,
}

/// The figures.
#[derive(Debug, Clone, Serialize)]
pub struct ProfileReport {
    /// Level.
    pub level: String,
    /// Platform profile.
    pub platform: String,
    /// Headless or in a window.
    pub headless: bool,
    /// The window's OpenGL API, `core` or `es` (`--gl`); none headless.
    pub gl_api: Option<&'static str>,
    /// With `--ai-driver`: the laps the AI completed, warm-up included, s (simulated time).
    pub ai_laps_s: Option<Vec<f64>>,
    /// People playing (split screen with more than one: a view each).
    pub players: usize,
    /// Frames measured.
    pub frames: usize,
    /// The profile's frame budget, ms.
    pub budget_ms: f64,
    /// Frame time percentiles, ms.
    pub p50_ms: f64,
    /// 95th percentile, ms.
    pub p95_ms: f64,
    /// 99th percentile, ms.
    pub p99_ms: f64,
    /// 99.9th percentile, ms.
    pub p99_9_ms: f64,
    /// Average frame rate of the slowest 1 % of frames, fps.
    pub low_1pct_fps: f64,
    /// Average frame rate of the slowest 0.1 % of frames, fps.
    pub low_0_1pct_fps: f64,
    /// Slowest frame, ms.
    pub max_ms: f64,
    /// How evenly the frames came (spread, frame-to-frame change, vsync repeats).
    pub pacing: FramePacing,
    /// Frames over the budget.
    pub frames_over_budget: usize,
    /// Time spent beyond the budget in those frames, ms.
    pub time_over_budget_ms: f64,
    /// The first over-budget frames, with the phase that overran.
    pub over_budget: Vec<OverBudget>,
    /// Mean time per frame in each phase, ms.
    pub phase_means_ms: BTreeMap<&'static str, f64>,
    /// 99th percentile of each phase's time per frame, ms (a phase's spikes, which the
    /// mean hides).
    pub phase_p99_ms: BTreeMap<&'static str, f64>,
    /// Mean draw calls per frame and meshes culled per frame, per pass (window only).
    pub draws: Option<DrawMeans>,
    /// With `--dynamic-resolution`: the scene's mean and lowest resolution scale.
    pub resolution_scale: Option<ScaleFigures>,
    /// Simulation ticks per frame, mean.
    pub ticks_per_frame: f64,
    /// Heap allocations per tick in the measured frames (the whole frame's work on the game
    /// loop's thread: the chunk loader decodes on its worker beside it, as in play; needs
    /// the counting allocator, which the `skidpad` binary installs).
    pub allocations_per_tick: f64,
    /// The same by phase, phases that allocated only (the culprit when the total is not 0).
    pub phase_allocations_per_tick: BTreeMap<&'static str, f64>,
    /// Heap allocations by the game's workers (the chunk loader decoding what streams in)
    /// over the measured frames, per chunk that entered or left: the work ticks hand to
    /// other threads, counted apart from the tick's own thread. Process-wide: meaningful
    /// when no other game runs in the process.
    pub worker_allocations_per_chunk: f64,
    /// Highest heap use seen, MB.
    pub peak_heap_mb: f64,
    /// Chunks that entered or left the world in the measured frames (what the streaming
    /// phase's allocation figure was measured over).
    pub chunks_streamed: u64,
    /// GPU memory at its highest over the measured frames, against the platform
    /// profile's memory budget (window only).
    pub memory: Option<MemoryFigures>,
}

/// GPU memory the renderer held at its highest over the measured frames, by kind, and what
/// it and the heap's peak are of the platform profile's memory budget.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct MemoryFigures {
    /// Ground textures with their mip chains, MB.
    pub textures_mb: f64,
    /// Resident chunk meshes, MB.
    pub chunk_meshes_mb: f64,
    /// Car models and the shared prop and wheel meshes, MB.
    pub models_mb: f64,
    /// The sun's shadow map, MB.
    pub shadow_map_mb: f64,
    /// Skid marks' ring buffer, MB.
    pub skid_marks_mb: f64,
    /// All of the above, MB.
    pub gpu_total_mb: f64,
    /// The platform profile's memory budget, MB.
    pub budget_mb: f64,
    /// GPU total plus the heap's peak, as a fraction of the budget (above 1: over).
    pub budget_share: f64,
}

/// The resolution scale the scene was drawn at over the measured frames.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ScaleFigures {
    /// Mean scale.
    pub mean: f64,
    /// Lowest scale.
    pub min: f64,
    /// Mean steps taken down the detail ladder (taken at the scale's floor).
    pub steps_down_mean: f64,
    /// The most steps taken down the ladder in a frame, of `ladder_steps`.
    pub steps_down_max: u8,
    /// The steps the renderer's ladder has.
    pub ladder_steps: u8,
}

/// Mean draw calls and culled meshes per frame, per pass.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct DrawMeans {
    /// The sun's depth pass: draws issued.
    pub shadow_drawn: f64,
    /// The sun's depth pass: meshes outside the light's view.
    pub shadow_culled: f64,
    /// The lit pass: draws issued.
    pub lit_drawn: f64,
    /// The lit pass: meshes outside the camera's view.
    pub lit_culled: f64,
    /// The sun's depth pass: triangles drawn into the map (the casters).
    pub shadow_triangles: f64,
    /// The lit pass: triangles of the meshes drawn.
    pub lit_triangles: f64,
    /// The sun's depth pass: texels of the map casters were drawn into, the part the lit
    /// pass reads.
    pub shadow_texels: f64,
    /// The share of frames that kept the shadow map the frame before drew (nothing it is
    /// drawn from had changed: a still picture).
    pub shadow_map_kept: f64,
    /// Shadow maps drawn a frame (split screen: one a view, or one the views share).
    pub shadow_maps: f64,
    /// The lit pass: fragments shaded (passing the depth test), the work a software
    /// rasterizer's frame mostly is; exact from run to run.
    pub lit_fragments: f64,
    /// `lit_fragments` over the pixels the scene was drawn at: how often a pixel was shaded.
    pub overdraw: f64,
    /// Particle puffs drawn (every view's, those it sees within the fill budget).
    pub puffs: f64,
}

impl DrawMeans {
    fn add(&mut self, s: crate::render::FrameDrawStats) {
        self.shadow_drawn += f64::from(s.shadow.drawn);
        self.shadow_culled += f64::from(s.shadow.culled);
        self.lit_drawn += f64::from(s.lit.drawn);
        self.lit_culled += f64::from(s.lit.culled);
        self.shadow_triangles += f64::from(s.shadow.triangles);
        self.lit_triangles += f64::from(s.lit.triangles);
        self.shadow_texels += f64::from(s.shadow_texels);
        self.shadow_map_kept += f64::from(u8::from(s.shadow_map_kept));
        self.shadow_maps += f64::from(s.shadow_maps);
        self.puffs += f64::from(s.puffs);
    }

    /// Adds one frame's lit fragments, shaded over `pixels`.
    fn add_fragments(&mut self, fragments: u64, pixels: f64) {
        self.lit_fragments += fragments as f64;
        self.overdraw += fragments as f64 / pixels.max(1.0);
    }

    fn divided(self, n: f64) -> DrawMeans {
        DrawMeans {
            shadow_drawn: self.shadow_drawn / n,
            shadow_culled: self.shadow_culled / n,
            lit_drawn: self.lit_drawn / n,
            lit_culled: self.lit_culled / n,
            shadow_triangles: self.shadow_triangles / n,
            lit_triangles: self.lit_triangles / n,
            shadow_texels: self.shadow_texels / n,
            shadow_map_kept: self.shadow_map_kept / n,
            shadow_maps: self.shadow_maps / n,
            lit_fragments: self.lit_fragments / n,
            overdraw: self.overdraw / n,
            puffs: self.puffs / n,
        }
    }
}

/// The window and its renderer. Field order matters: the renderer's GL objects must be
/// freed (dropped first) while the platform's GL context still exists.
struct Window {
    renderer: Renderer,
    platform: Platform,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

/// Profiles `setup`'s level.
pub fn profile(setup: &Setup, opts: &ProfileOptions) -> Result<ProfileReport, Error> {
    let profile = &setup.profile;
    let clock = WallClock::new();
    let window = if opts.headless {
        None
    } else {
        let platform = Platform::open(&WindowConfig {
            title: format!("Skidpad profile — {}", setup.level.level.name),
            width: profile.width,
            height: profile.height,
            vsync: profile.vsync,
            offscreen: false,
            gl: profile.gl,
        })?;
        let mut renderer = Renderer::for_profile(profile)?;
        // Sized for the level's chunks at load, as play does: streaming allocates nothing.
        renderer.reserve_chunks(setup.level.chunk_colliders().mesh_sizes());
        Some(Window { renderer, platform })
    };
    let mut window = window;
    // In the window chunks are decoded for the renderer on a worker, as play decodes them.
    let loader = window
        .as_ref()
        .and_then(|_| ThreadedChunks::new(setup.level.chunks.clone()).ok());
    let mut session = match loader {
        Some(loader) => Session::with_provider(setup, Box::new(loader)),
        None => Session::start(setup),
    };
    if opts.headless {
        // Nothing draws: kept chunk events would pile up (each holding a decoded chunk).
        session.world_mut_for_tools().discard_chunk_events();
    }
    let mut driver = match &opts.ai_driver {
        Some(ai) => ProfileDriver::Ai(Box::new(ai.clone())),
        None => ProfileDriver::scenario(setup),
    };
    let players = session.player_count();
    let mut inputs = [TickInput::default(); MAX_PLAYERS];
    let mut guest_drivers = opts.guest_drivers.clone();
    let (mut sound, tap) = sound_feed();
    let mut mixer = Mixer::new(tap, profile.loop_config.tick_rate_hz, profile.loudness_lufs);
    let samples_per_frame = 2 * (crate::audio::SAMPLE_RATE / profile.loop_config.tick_rate_hz) as usize;
    let mut audio_buffer = vec![0.0f32; samples_per_frame];
    let mut chunk_events = Vec::with_capacity(64);
    let mut platform_events = Vec::with_capacity(64);
    let warmup = profile.loop_config.tick_rate_hz as u64;
    let total = warmup + opts.frames;
    let mut frames: Vec<FramePhases> = Vec::with_capacity(opts.frames as usize);
    let dt = session.world().dt_s();
    let mut last_start = clock.now();
    let (mut allocs_at_start, mut worker_allocs_at_start) = (0, 0);
    let mut streamed_at_start = 0;
    let mut ticks_measured = 0u64;
    let mut draws = DrawMeans::default();
    let mut gpu_peak = crate::render::GpuMemory::default();
    if let Some(w) = window.as_mut() {
        w.renderer.set_culling(opts.culling);
        w.renderer.set_shadows(opts.shadows);
        w.renderer.set_particles(opts.particles);
        w.renderer.set_count_fragments(true);
        if setup.player_count() > 1 {
            w.renderer.prepare_split_screen(setup.player_count())?;
        }
    }
    let mut resolution = crate::render::DynamicResolution::new(profile.frame_budget);
    if let Some(w) = window.as_mut().filter(|_| opts.dynamic_resolution) {
        w.renderer.enable_detail_ladder()?;
        w.renderer.set_scene_timing(true);
        resolution.set_ladder_steps(w.renderer.detail_steps());
    }
    // Per measured frame with dynamic resolution: what its scene was drawn with, and the
    // GPU time of an earlier scene that arrived as it began (the trace's counters).
    let mut scenes: Vec<TracedScene> = Vec::with_capacity(if opts.dynamic_resolution {
        opts.frames as usize
    } else {
        0
    });
    let (mut scale_sum, mut scale_min) = (0.0f64, 1.0f64);
    let (mut steps_sum, mut steps_max) = (0u64, 0u8);
    for f in 0..total {
        if f == warmup {
            allocs_at_start = crate::alloc_count::thread_allocations();
            worker_allocs_at_start = crate::alloc_count::worker_allocations();
            let s = session.world().stream_stats();
            streamed_at_start = s.entered + s.left;
        }
        let mut timer = PhaseTimer::start_counting(&clock, crate::alloc_count::thread_allocations);
        let frame_start = clock.now();
        if let Some(w) = window.as_mut() {
            w.platform.poll_events(&mut platform_events);
            platform_events.clear();
        }
        // Headless (and fixed-step) frames run one tick each; in the window the loop paces
        // them.
        let ticks = if window.is_some() && !opts.fixed_step {
            session.plan_frame(frame_start - last_start).ticks.max(1)
        } else {
            1
        };
        last_start = frame_start;
        let input = driver.input(setup, &mut session, dt);
        inputs[0] = input;
        for (p, slot) in inputs[..players].iter_mut().enumerate().skip(1) {
            *slot = match guest_drivers.get_mut(p - 1) {
                Some(ai) => ai.input(session.world()),
                None => input,
            };
        }
        timer.mark(&clock, Phase::Input);
        for _ in 0..ticks {
            session.tick_players_timed(&inputs[..players], &mut |part| {
                let phase = match part {
                    TickPart::Streaming => Phase::Streaming,
                    TickPart::Vehicles => Phase::Vehicle,
                    TickPart::Physics => Phase::Physics,
                    TickPart::Events => Phase::Sim,
                };
                timer.mark(&clock, phase);
            });
            driver.after_tick(session.world());
            for ai in &mut guest_drivers {
                ai.after_tick(session.world());
            }
            timer.mark(&clock, Phase::Sim);
        }
        timer.set_ticks(ticks);
        if let Some(Window { renderer, platform }) = window.as_mut() {
            session.drain_chunk_events(&mut chunk_events);
            renderer.apply_chunk_events(&chunk_events);
            chunk_events.clear();
            timer.mark(&clock, Phase::Streaming);
            let (w, h) = platform.drawable_size();
            let split = split_views(players, w, h, opts.two_player_split);
            let cameras = player_cameras(&session, &split, 1.0);
            let mut gpu_scene_ms = None;
            if opts.dynamic_resolution {
                if let Some((ms, drawn)) = renderer.take_gpu_scene_time() {
                    resolution.after_scene(ms, drawn);
                    gpu_scene_ms = Some(ms);
                }
                renderer.set_scene_detail(resolution.detail());
            }
            renderer.draw_views(frame_views(&session, &split, &cameras, 1.0), w, h);
            timer.mark(&clock, Phase::Render);
            if f >= warmup {
                draws.add(renderer.last_draw_stats());
                let held = renderer.gpu_memory();
                if held.total() > gpu_peak.total() {
                    gpu_peak = held;
                }
                let detail = renderer.scene_detail();
                let s = f64::from(detail.scale);
                scale_sum += s;
                scale_min = scale_min.min(s);
                steps_sum += u64::from(detail.steps_down);
                steps_max = steps_max.max(detail.steps_down);
                if opts.dynamic_resolution {
                    scenes.push(TracedScene { detail, gpu_scene_ms });
                }
            }
            wait_for_gpu();
            timer.mark(&clock, Phase::GpuFinish);
            if let Some(fragments) = renderer.take_fragments_shaded().filter(|_| f >= warmup) {
                let scaled = |n: u32| f64::from(n) * f64::from(renderer.resolution_scale());
                draws.add_fragments(fragments, scaled(w) * scaled(h));
            }
            platform.swap();
            timer.mark(&clock, Phase::Swap);
        }
        // A frame's sound, as play sends it a tick at a time.
        sound.send(session.sound_frame(input.control.throttle, Default::default(), Motion::Running));
        mixer.render(&mut audio_buffer);
        timer.mark(&clock, Phase::Audio);
        let frame = timer.finish(&clock);
        if f >= warmup {
            ticks_measured += ticks as u64;
            frames.push(frame);
        }
    }
    let allocations = crate::alloc_count::thread_allocations() - allocs_at_start;
    let worker_allocations = crate::alloc_count::worker_allocations() - worker_allocs_at_start;
    let streamed = session.world().stream_stats();
    let chunks_streamed = streamed.entered + streamed.left - streamed_at_start;
    if let Some(path) = &opts.trace {
        let trace = chrome_trace(&frames, &scenes);
        skidpad_platform::files::write_atomically(path, trace.as_bytes())
            .map_err(|e| Error::runtime(format!("{}: cannot write trace: {e}", path.display())))?;
    }
    let draws = window.is_some().then(|| draws.divided(opts.frames.max(1) as f64));
    let ladder_steps = window.as_ref().map_or(0, |w| w.renderer.detail_steps());
    let scale = (window.is_some() && opts.dynamic_resolution).then(|| ScaleFigures {
        mean: scale_sum / opts.frames.max(1) as f64,
        min: scale_min,
        steps_down_mean: steps_sum as f64 / opts.frames.max(1) as f64,
        steps_down_max: steps_max,
        ladder_steps,
    });
    let mut figures = report(
        setup,
        opts,
        &frames,
        ticks_measured,
        [allocations, worker_allocations, chunks_streamed],
        (draws, scale),
        window.is_some().then_some(gpu_peak),
    );
    figures.gl_api = window.as_ref().map(|w| w.platform.gl_api().name());
    figures.ai_laps_s = driver.laps_s(dt);
    Ok(figures)
}

fn report(
    setup: &Setup,
    opts: &ProfileOptions,
    frames: &[FramePhases],
    ticks: u64,
    [allocations, worker_allocations, chunks_streamed]: [u64; 3],
    (draws, resolution_scale): (Option<DrawMeans>, Option<ScaleFigures>),
    gpu_peak: Option<crate::render::GpuMemory>,
) -> ProfileReport {
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    let budget = setup.profile.frame_budget;
    let mut times: Vec<f64> = frames.iter().map(|f| ms(f.total)).collect();
    times.sort_by(f64::total_cmp);
    let low = |fraction: f64| {
        let n = ((times.len() as f64 * fraction).ceil() as usize).max(1);
        let slowest = &times[times.len() - n..];
        1000.0 / (slowest.iter().sum::<f64>() / n as f64)
    };
    let over: Vec<(usize, &FramePhases)> = frames.iter().enumerate().filter(|(_, f)| f.total > budget).collect();
    let n = frames.len().max(1) as f64;
    ProfileReport {
        level: setup.level.level.name.clone(),
        platform: setup.profile.name.clone(),
        players: setup.player_count(),
        headless: opts.headless,
        gl_api: None,
        ai_laps_s: None,
        frames: frames.len(),
        budget_ms: ms(budget),
        p50_ms: percentile(&times, 0.5),
        p95_ms: percentile(&times, 0.95),
        p99_ms: percentile(&times, 0.99),
        p99_9_ms: percentile(&times, 0.999),
        low_1pct_fps: low(0.01),
        low_0_1pct_fps: low(0.001),
        max_ms: *times.last().unwrap_or(&0.0),
        pacing: FramePacing::of(frames.iter().map(|f| f.total), budget),
        frames_over_budget: over.len(),
        // (+ 0.0: an empty f64 sum is −0.0, which would print as "-0.00".)
        time_over_budget_ms: over.iter().map(|(_, f)| ms(f.total - budget)).sum::<f64>() + 0.0,
        over_budget: over
            .iter()
            .take(10)
            .map(|(i, f)| OverBudget {
                frame: *i,
                ms: ms(f.total),
                phase: f.longest().name(),
            })
            .collect(),
        phase_means_ms: Phase::ALL
            .iter()
            .map(|p| (p.name(), frames.iter().map(|f| ms(f.get(*p))).sum::<f64>() / n))
            .collect(),
        phase_p99_ms: Phase::ALL
            .iter()
            .map(|p| {
                let mut t: Vec<f64> = frames.iter().map(|f| ms(f.get(*p))).collect();
                t.sort_by(f64::total_cmp);
                (p.name(), percentile(&t, 0.99))
            })
            .collect(),
        draws,
        resolution_scale,
        ticks_per_frame: ticks as f64 / n,
        allocations_per_tick: allocations as f64 / ticks.max(1) as f64,
        phase_allocations_per_tick: Phase::ALL
            .iter()
            .map(|p| {
                let made: u64 = frames.iter().map(|f| u64::from(f.allocations_in(*p))).sum();
                (p.name(), made as f64 / ticks.max(1) as f64)
            })
            .filter(|(_, per_tick)| *per_tick > 0.0)
            .collect(),
        worker_allocations_per_chunk: worker_allocations as f64 / chunks_streamed.max(1) as f64,
        peak_heap_mb: crate::alloc_count::peak_bytes() as f64 / 1048576.0,
        chunks_streamed,
        memory: gpu_peak.map(|g| {
            let mb = |b: usize| b as f64 / 1048576.0;
            let budget_mb = setup.profile.memory_budget_bytes as f64 / 1048576.0;
            let heap_mb = crate::alloc_count::peak_bytes() as f64 / 1048576.0;
            MemoryFigures {
                textures_mb: mb(g.textures),
                chunk_meshes_mb: mb(g.chunk_meshes),
                models_mb: mb(g.models),
                shadow_map_mb: mb(g.shadow_map),
                skid_marks_mb: mb(g.skid_marks),
                gpu_total_mb: mb(g.total()),
                budget_mb,
                budget_share: (mb(g.total()) + heap_mb) / budget_mb.max(f64::MIN_POSITIVE),
            }
        }),
    }
}

impl ProfileReport {
    /// The human-readable report.
    pub fn text(&self) -> String {
        let mut s = format!(
            "profile {}{} ({} profile, {}), {} frames, budget {:.2} ms\n",
            self.level,
            if self.players > 1 {
                format!(", {} players in split screen", self.players)
            } else {
                String::new()
            },
            self.platform,
            match self.gl_api {
                Some("es") => "window, OpenGL ES",
                Some(_) => "window, OpenGL core",
                None => "headless",
            },
            self.frames,
            self.budget_ms
        );
        s += &format!(
            "  frame ms: p50 {:.3}  p95 {:.3}  p99 {:.3}  p99.9 {:.3}  max {:.3}\n",
            self.p50_ms, self.p95_ms, self.p99_ms, self.p99_9_ms, self.max_ms
        );
        s += &format!(
            "  lows: 1 % {:.1} fps, 0.1 % {:.1} fps\n",
            self.low_1pct_fps, self.low_0_1pct_fps
        );
        s += &format!(
            "  pacing: mean {:.3} ms, spread (std dev) {:.3} ms, frame-to-frame change {:.3} ms, {} vsync repeats\n",
            self.pacing.mean_ms, self.pacing.std_dev_ms, self.pacing.mean_change_ms, self.pacing.repeats
        );
        s += &format!(
            "  over budget: {} frames, {:.2} ms in all\n",
            self.frames_over_budget, self.time_over_budget_ms
        );
        for o in &self.over_budget {
            s += &format!("    frame {} {:.2} ms, longest phase {}\n", o.frame, o.ms, o.phase);
        }
        if let Some(laps) = &self.ai_laps_s {
            let times: Vec<String> = laps.iter().map(|t| format!("{t:.2} s")).collect();
            s += &format!("  AI driver: {} laps completed ({})\n", laps.len(), times.join(", "));
        }
        s += "  phase means ms:";
        for (name, v) in &self.phase_means_ms {
            s += &format!(" {name} {v:.3}");
        }
        s += "\n  phase p99 ms:";
        for (name, v) in &self.phase_p99_ms {
            s += &format!(" {name} {v:.3}");
        }
        if let Some(r) = &self.resolution_scale {
            s += &format!(
                "\n  dynamic resolution: scale mean {:.2}, lowest {:.2}; detail ladder steps down mean {:.2}, most {} of {}",
                r.mean, r.min, r.steps_down_mean, r.steps_down_max, r.ladder_steps
            );
        }
        if let Some(d) = &self.draws {
            s += &format!(
                "\n  draws/frame: shadow {:.1} into {:.2} maps (culled {:.1}; map kept from the frame before in {:.0} % of frames), lit {:.1} (culled {:.1})",
                d.shadow_drawn,
                d.shadow_maps,
                d.shadow_culled,
                d.shadow_map_kept * 100.0,
                d.lit_drawn,
                d.lit_culled
            );
            s += &format!(
                "\n  triangles/frame: shadow {:.0}, lit {:.0}; shadow map texels drawn into/frame {:.0}; particle puffs/frame {:.0}",
                d.shadow_triangles, d.lit_triangles, d.shadow_texels, d.puffs
            );
            // Not counted on ES (no samples-passed query there).
            if d.lit_fragments > 0.0 {
                s += &format!(
                    "; lit fragments/frame {:.0} ({:.2}x the scene's pixels)",
                    d.lit_fragments, d.overdraw
                );
            }
        }
        s += &format!(
            "\n  ticks/frame {:.2}, allocations/tick {:.2}, workers' allocations/chunk {:.1}, peak heap {:.1} MB\n",
            self.ticks_per_frame, self.allocations_per_tick, self.worker_allocations_per_chunk, self.peak_heap_mb
        );
        if let Some(m) = &self.memory {
            s += &format!(
                "  GPU memory {:.1} MB (textures {:.2}, chunk meshes {:.2}, models {:.2}, shadow map {:.2}, skid marks {:.2}); with the heap {:.0} % of the {:.0} MB budget\n",
                m.gpu_total_mb,
                m.textures_mb,
                m.chunk_meshes_mb,
                m.models_mb,
                m.shadow_map_mb,
                m.skid_marks_mb,
                m.budget_share * 100.0,
                m.budget_mb
            );
        }
        if !self.phase_allocations_per_tick.is_empty() {
            s += "  allocations/tick by phase:";
            for (name, v) in &self.phase_allocations_per_tick {
                s += &format!(" {name} {v:.3}");
            }
            s += "\n";
        }
        s
    }
}
