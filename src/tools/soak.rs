//! `skidpad soak`: the long-run test. On each level, the AI drives the player's car and AI
//! opponents round the level's line for a given number of ticks (an hour of simulated time
//! by default, 216 000 ticks at 60 Hz), checking after every tick that every body's state
//! is finite; it mixes every tick's sound as play does and checks the feed never ran dry
//! and every sample stayed finite and in range; it watches the heap for growth once warmed
//! up, then replays the recorded inputs (through the replay file format) and checks the
//! final state hash comes out the same.
//!
//! What to do when it fails: a non-finite tick or a fault reset names the level and tick
//! (run `skidpad run --replay` on the saved replay with `RUST_LOG=info` to see the log
//! lines); heap growth means something accumulates per tick (a log, an event list, a
//! chunk cache: bisect with `--ticks`); a replay mismatch is a determinism bug
//! (`tests/sim/determinism.rs` is the place to pin it).

use crate::alloc_count;
use crate::app::headless::{self, RunInput, RunOptions};
use crate::app::AiRace;
use crate::app::Setup;
use crate::content::{ContentRoot, PlatformProfile};
use crate::error::Error;
use crate::replay::{Replay, ReplayHeader};
use crate::report::emit;
use crate::tools::soak_sound::{SoakAudio, SoakSound};
use serde::Serialize;
use skidpad_platform::{Clock, WallClock};
use std::path::PathBuf;

/// Growth of the heap's peak from the first to the second half of the run after warm-up
/// that still counts as flat, bytes. Streaming moves the live total by a few hundred
/// kilobytes on the circuit, but the same in both halves once each spans a lap; a leak of
/// 16 bytes a tick passes this within 17 000 ticks.
pub const FLAT_HEAP_BYTES: u64 = 256 * 1024;
/// Share of the run counted as warm-up before the heap is watched; the warm-up also lasts
/// until the player's car has completed a lap (every chunk on the line visited once,
/// rapier's pools grown).
const WARM_UP_SHARE: f64 = 0.1;

/// What to soak.
#[derive(Debug, Clone)]
pub struct SoakOptions {
    /// Level names or paths.
    pub levels: Vec<String>,
    /// The player's car (driven by the AI).
    pub car: String,
    /// AI opponents per level.
    pub ai: usize,
    /// The opponents' car.
    pub ai_car: String,
    /// Ticks per level.
    pub ticks: u64,
    /// Keep each level's replay here (atomically written), named `soak-LEVEL.rpl`.
    pub replay_dir: Option<PathBuf>,
    /// Fault injection for the soak's own test: hold on to this many more bytes every
    /// tick, so the heap check can be seen to fail. 0 in any real run.
    pub leak_bytes_per_tick: usize,
}

/// One level's soak.
#[derive(Debug, Clone, Serialize)]
pub struct LevelSoak {
    /// Level name.
    pub level: String,
    /// Cars on track (the player's and the opponents').
    pub cars: usize,
    /// Ticks simulated.
    pub ticks: u64,
    /// Simulated time, hours.
    pub sim_hours: f64,
    /// Laps the player's car completed.
    pub laps: usize,
    /// Ticks after which some body's state was not finite (must be 0).
    pub non_finite_ticks: u64,
    /// Cars or props the simulation put back after a non-finite state (must be 0).
    pub fault_resets: u64,
    /// Times the AI put the player's car back after it was overturned or stuck.
    pub player_put_back: u64,
    /// The tick the warm-up ended (the first lap done and a tenth of the run gone); absent
    /// when the player never completed a lap, and then the heap was not watched.
    pub warm_up_ticks: Option<u64>,
    /// Laps the player's car completed after the warm-up: at least 2, so each half of the
    /// watched stretch spans about a lap.
    pub laps_watched: usize,
    /// Live heap when the warm-up ended, bytes.
    pub heap_after_warm_up_bytes: u64,
    /// Lowest and highest live heap sampled after warm-up, bytes.
    pub heap_min_bytes: u64,
    /// See `heap_min_bytes`.
    pub heap_max_bytes: u64,
    /// Live heap at the end, bytes.
    pub heap_end_bytes: u64,
    /// Highest live heap in the first and in the second half of the run after warm-up.
    /// The heap wobbles with which chunks are resident (where the cars are on the level);
    /// over laps both halves see the same wobble, so a higher second half is growth.
    pub heap_first_half_max_bytes: u64,
    /// See `heap_first_half_max_bytes`.
    pub heap_second_half_max_bytes: u64,
    /// `heap_second_half_max_bytes − heap_first_half_max_bytes` (0 when lower): what the
    /// run grew by.
    pub heap_growth_bytes: u64,
    /// Lowest and highest resident level-chunk bytes sampled after warm-up (bounded by
    /// the streaming radii; they wobble with where the cars are).
    pub chunk_bytes_min: u64,
    /// See `chunk_bytes_min`.
    pub chunk_bytes_max: u64,
    /// Final state hash.
    pub state_hash: String,
    /// The hash the replay of the recorded inputs ended on.
    pub replay_state_hash: String,
    /// Wall time of the soak and of its replay, s.
    pub wall_seconds: f64,
    /// Where the replay was saved, if asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay_file: Option<String>,
    /// The sound of the run, mixed a tick at a time as play mixes it.
    pub audio: SoakAudio,
    /// Every check held.
    pub pass: bool,
}

impl LevelSoak {
    fn judge(&mut self) {
        self.pass = self.non_finite_ticks == 0
            && self.fault_resets == 0
            && self.warm_up_ticks.is_some()
            && self.laps_watched >= 2
            && self.heap_growth_bytes <= FLAT_HEAP_BYTES
            && self.audio.underruns == 0
            && self.audio.bad_samples == 0
            && self.state_hash == self.replay_state_hash;
    }

    /// One line for people.
    pub fn line(&self) -> String {
        format!(
            "{:<15} {} cars {:>7} ticks ({:.2} h) {:>4} laps  non-finite {} resets {} put back {}  heap {:.1}..{:.1} MiB (chunks {:.1}..{:.1}), +{} KiB half to half  sound {:.0} s, {} underruns, {} bad samples, slowest callback {:.0} % of its time  hash {} replay {}  {}",
            self.level,
            self.cars,
            self.ticks,
            self.sim_hours,
            self.laps,
            self.non_finite_ticks,
            self.fault_resets,
            self.player_put_back,
            self.heap_min_bytes as f64 / 1048576.0,
            self.heap_max_bytes as f64 / 1048576.0,
            self.chunk_bytes_min as f64 / 1048576.0,
            self.chunk_bytes_max as f64 / 1048576.0,
            self.heap_growth_bytes / 1024,
            self.audio.seconds,
            self.audio.underruns,
            self.audio.bad_samples,
            self.audio.worst_callback_share * 100.0,
            self.state_hash,
            if self.state_hash == self.replay_state_hash { "matches" } else { "DIFFERS" },
            if self.pass { "ok" } else { "FAIL" },
        )
    }
}

/// The whole soak.
#[derive(Debug, Clone, Serialize)]
pub struct SoakReport {
    /// Per level, in the order run.
    pub levels: Vec<LevelSoak>,
    /// Whether the counting allocator was installed (heap figures are 0 without it).
    pub heap_counted: bool,
    /// Every level passed.
    pub pass: bool,
}

impl SoakReport {
    /// The report for people.
    pub fn text(&self) -> String {
        let mut s: String = self.levels.iter().map(|l| l.line() + "\n").collect();
        s += if self.pass {
            "soak: every level passed\n"
        } else {
            "soak: FAILED\n"
        };
        s
    }
}

/// Soaks every level of `opts` under `profile`.
pub fn soak(root: &ContentRoot, profile: &PlatformProfile, opts: &SoakOptions) -> Result<SoakReport, Error> {
    let mut levels = Vec::with_capacity(opts.levels.len());
    for name in &opts.levels {
        let report = soak_level(root, profile, opts, name)?;
        eprintln!("{}", report.line());
        levels.push(report);
    }
    Ok(SoakReport {
        pass: levels.iter().all(|l| l.pass),
        heap_counted: alloc_count::allocations() > 0,
        levels,
    })
}

fn is_finite(b: &rapier3d::prelude::RigidBody) -> bool {
    b.translation().is_finite() && b.rotation().is_finite() && b.linvel().is_finite() && b.angvel().is_finite()
}

fn soak_level(
    root: &ContentRoot,
    profile: &PlatformProfile,
    opts: &SoakOptions,
    level: &str,
) -> Result<LevelSoak, Error> {
    let clock = WallClock::new();
    let mut setup = Setup::load(root, level, &opts.car, profile.clone())?;
    setup.add_opponents(root, opts.ai, &opts.ai_car)?;
    let mut ai = AiRace::new(root, &setup)?;
    let ticks = opts.ticks;
    let mut recorded = Vec::new();
    recorded
        .try_reserve_exact(usize::try_from(ticks).unwrap_or(usize::MAX))
        .map_err(|_| Error::runtime(format!("soak: {ticks} ticks of input are too many to keep in memory")))?;

    let warm_up = ((ticks as f64 * WARM_UP_SHARE) as u64).max(1);
    let mut warm_at = None;
    let sample_every = (ticks / 1000).max(1);
    let (mut non_finite_ticks, mut player_put_back) = (0u64, 0u64);
    let (mut heap_warm, mut heap_min, mut heap_max) = (0u64, u64::MAX, 0u64);
    let (mut chunks_min, mut chunks_max) = (u64::MAX, 0u64);
    let mut half_max = [0u64; 2];
    let mut laps_at_warm = 0;
    let mut leaked: Vec<Box<[u8]>> = Vec::new();
    let mut sound = SoakSound::new(profile.loop_config.tick_rate_hz, profile.loudness_lufs);
    for t in 1..=ticks {
        let input = ai.tick();
        sound.tick(&ai.race.world, input.control.throttle, &clock);
        player_put_back += input.restart as u64;
        recorded.push(input);
        if opts.leak_bytes_per_tick > 0 {
            leaked.push(vec![1u8; opts.leak_bytes_per_tick].into_boxed_slice());
        }
        let cars_ok = (0..ai.race.world.cars().len()).all(|i| is_finite(ai.race.world.car_body(i)));
        if !(cars_ok && ai.race.world.prop_bodies().all(is_finite)) {
            non_finite_ticks += 1;
            if non_finite_ticks == 1 {
                log::error!("soak {level}: a body's state is not finite after tick {t}");
            }
        }
        if warm_at.is_none() && t >= warm_up && !ai.player.laps_ticks().is_empty() {
            warm_at = Some(t);
            laps_at_warm = ai.player.laps_ticks().len();
            heap_warm = alloc_count::live_bytes();
        }
        if let Some(w) = warm_at.filter(|_| t % sample_every == 0) {
            let live = alloc_count::live_bytes();
            heap_min = heap_min.min(live);
            heap_max = heap_max.max(live);
            // Which half of the watched stretch this sample falls in.
            let half = &mut half_max[usize::from(2 * (t - w) >= ticks - w)];
            *half = (*half).max(live);
            chunks_min = chunks_min.min(ai.race.world.stream_stats().resident_bytes as u64);
            chunks_max = chunks_max.max(ai.race.world.stream_stats().resident_bytes as u64);
        }
    }
    let heap_end = alloc_count::live_bytes();
    if warm_at.is_some() {
        heap_max = heap_max.max(heap_end);
        heap_min = heap_min.min(heap_end);
    } else {
        log::error!(
            "soak {level}: the player's car never completed a lap, so the heap was never watched; give more --ticks"
        );
    }
    let laps = ai.player.laps_ticks().len();
    if warm_at.is_some() && laps - laps_at_warm < 2 {
        log::error!(
            "soak {level}: only {} laps after the warm-up; the heap check needs 2 (give more --ticks)",
            laps - laps_at_warm
        );
    }
    let final_hash = ai.race.world.state_hash();
    let fault_resets = ai.race.world.fault_resets();
    let cars = ai.race.world.cars().len();
    drop(ai);
    drop(leaked);

    // Through the file format, exactly as `skidpad run --replay` reads a saved one.
    let replay = Replay {
        header: ReplayHeader::new(
            &setup.level.level.name,
            &setup.car.name,
            &profile.name,
            profile.loop_config.tick_rate_hz,
            setup.opponents.len(),
            setup.opponents.first().map_or("", |d| d.name.as_str()),
            final_hash,
        ),
        inputs: recorded,
        guest_inputs: Vec::new(),
    };
    let replay_file = match &opts.replay_dir {
        Some(dir) => {
            let path = dir.join(format!("soak-{}.rpl", setup.level.level.name));
            replay.save(&path)?;
            Some(path.display().to_string())
        }
        None => None,
    };
    let label = format!("soak replay of {}", setup.level.level.name);
    let decoded = Replay::decode(&label, &replay.encode())?;
    let replayed = headless::run(
        &setup,
        RunOptions {
            input: RunInput::Recorded(decoded.inputs.into()),
            record: false,
            telemetry: false,
        },
    )?;

    let mut report = LevelSoak {
        level: setup.level.level.name.clone(),
        cars,
        ticks,
        sim_hours: ticks as f64 / profile.loop_config.tick_rate_hz as f64 / 3600.0,
        laps,
        non_finite_ticks,
        fault_resets,
        player_put_back,
        warm_up_ticks: warm_at,
        laps_watched: laps - laps_at_warm,
        heap_after_warm_up_bytes: heap_warm,
        heap_min_bytes: heap_min.min(heap_max),
        heap_max_bytes: heap_max,
        heap_end_bytes: heap_end,
        heap_first_half_max_bytes: half_max[0],
        heap_second_half_max_bytes: half_max[1],
        heap_growth_bytes: half_max[1].saturating_sub(half_max[0]),
        chunk_bytes_min: chunks_min.min(chunks_max),
        chunk_bytes_max: chunks_max,
        state_hash: format!("{final_hash:016x}"),
        replay_state_hash: replayed.state_hash,
        wall_seconds: clock.now().as_secs_f64(),
        replay_file,
        audio: sound.report(),
        pass: false,
    };
    report.judge();
    Ok(report)
}

/// Options of `soak`.
#[derive(Debug, clap::Args)]
pub struct SoakArgs {
    /// Level name or path; repeat for several. Default: every shipped level.
    #[arg(long, value_name = "NAME|PATH")]
    pub level: Vec<String>,
    /// Ticks per level (216000 = one hour at 60 Hz).
    #[arg(long, value_name = "N", default_value_t = 216_000)]
    pub ticks: u64,
    /// The player's car (the AI drives it).
    #[arg(long, value_name = "NAME|PATH", default_value = crate::vehicle::DEFAULT_CAR)]
    pub car: String,
    /// AI opponents per level.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub ai: usize,
    /// The opponents' car.
    #[arg(long, value_name = "NAME|PATH", default_value = "sedan")]
    pub ai_car: String,
    /// Save each level's replay here as soak-LEVEL.rpl.
    #[arg(long, value_name = "DIR")]
    pub replay_dir: Option<PathBuf>,
    /// Fault injection for the soak's own test: leak this many bytes a tick.
    #[arg(long, value_name = "BYTES", default_value_t = 0, hide = true)]
    pub leak_bytes_per_tick: usize,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `skidpad soak`: the soak with `args`, the report printed; a failed check is exit code 4.
pub fn run(root: &ContentRoot, profile: &PlatformProfile, args: &SoakArgs) -> Result<(), Error> {
    if args.ticks == 0 {
        return Err(Error::bad_argument("--ticks", "must be at least 1"));
    }
    let opts = SoakOptions {
        levels: if args.level.is_empty() {
            crate::content::level_names(root)
        } else {
            args.level.clone()
        },
        car: args.car.clone(),
        ai: args.ai,
        ai_car: args.ai_car.clone(),
        ticks: args.ticks,
        replay_dir: args.replay_dir.clone(),
        leak_bytes_per_tick: args.leak_bytes_per_tick,
    };
    let report = soak(root, profile, &opts)?;
    emit(args.json, &report, || report.text())?;
    if report.pass {
        Ok(())
    } else {
        Err(Error::check_failed("soak: a check failed (see the report)"))
    }
}
