//! `skidpad run`: a level simulated with no window, as fast as the machine goes; with
//! `--telemetry`, the player car's telemetry of every tick as CSV.

use super::race::{AiRace, Race};
use super::track_borders::{PastBorder, TrackBorders};
use super::Setup;
use crate::error::Error;
use crate::raceline::RaceLine;
use crate::sim::{SimWorld, TickInput, VehicleControl};
use crate::vehicle::Telemetry;
use serde::Serialize;
use skidpad_platform::{Clock, WallClock};
use std::path::Path;

/// What drives the run.
#[derive(Debug, Clone)]
pub enum RunInput {
    /// The same controls for `ticks` ticks.
    Held {
        /// Ticks to simulate.
        ticks: u64,
        /// Controls held for the whole run.
        control: VehicleControl,
    },
    /// A recorded input per tick (a replay).
    Recorded(Vec<TickInput>),
    /// The AI drives the player's car along `race`'s line until `laps` laps are timed (the
    /// out-lap to the start is not) or `max_ticks` pass.
    AiDriven {
        /// The line and its profile.
        race: RaceLine,
        /// Timed laps to drive.
        laps: u32,
        /// Give up after this many ticks.
        max_ticks: u64,
    },
}

/// How long to run and with what input.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The inputs.
    pub input: RunInput,
    /// Keep every tick's input (for `--record`).
    pub record: bool,
    /// Keep the player car's telemetry after every tick (for `--telemetry`).
    pub telemetry: bool,
}

/// The player car's telemetry after one tick.
#[derive(Debug, Clone, Copy)]
pub struct TelemetryRow {
    /// The tick just simulated (the first is 1).
    pub tick: u64,
    /// Simulated time after it, s.
    pub time_s: f64,
    /// The car's telemetry.
    pub telemetry: Telemetry,
}

/// What `skidpad run --json` prints.
#[derive(Debug, Clone, Serialize)]
pub struct RunReport {
    /// Level name.
    pub level: String,
    /// Car name.
    pub car: String,
    /// Platform profile name.
    pub platform: String,
    /// Simulation rate.
    pub tick_rate_hz: u32,
    /// Ticks simulated.
    pub ticks: u64,
    /// Simulated time, seconds.
    pub sim_seconds: f64,
    /// Final state hash, 16 hex digits (a string, so JSON readers keep all 64 bits).
    pub state_hash: String,
    /// Wall time the run took, seconds.
    pub wall_seconds: f64,
    /// With `--replay`: whether the final state hash equals the recorded one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay_matches: Option<bool>,
    /// AI opponents on the track.
    pub ai_opponents: usize,
    /// With `--ai-driver`: the first timed lap, s (absent when none was completed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lap_time_s: Option<f64>,
    /// With `--ai-driver`: every timed lap, s.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lap_times_s: Vec<f64>,
    /// With `--ai-driver`: the speed profile's lap time for the line driven, s.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted_lap_time_s: Option<f64>,
    /// With `--ai-driver`: where the line came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// On a level with a track: how far the player's car got outside the track's borders
    /// (centre of mass beyond the border), m; 0 when it stayed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_off_track_m: Option<f64>,
    /// On a level with a track: how far the player's car's footprint (the box of its
    /// overall width and length, at each of its four corners) got outside the track's
    /// borders, m; 0 when the whole car stayed on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_footprint_off_track_m: Option<f64>,
    /// The inputs run, when recording.
    #[serde(skip)]
    pub recorded: Vec<TickInput>,
    /// The player car's telemetry after every tick, when asked for.
    #[serde(skip)]
    pub telemetry: Vec<TelemetryRow>,
    /// Wheels of the player car (the telemetry's columns).
    #[serde(skip)]
    pub wheel_count: usize,
    /// The final state hash as a number.
    #[serde(skip)]
    pub final_hash: u64,
}

/// What a game mode watches in a headless run: the world as set up, then after every
/// tick. It only reads the world, so a watched run ends on the same state hash.
pub trait RunWatch {
    /// The world as set up, before its first tick.
    fn start(&mut self, world: &SimWorld);
    /// The world after a tick; true when the mode is over (held controls and the AI driver
    /// stop there; a replay runs all its inputs).
    fn after_tick(&mut self, world: &SimWorld) -> bool;
}

/// Simulates `level` for `opts.ticks` ticks.
pub fn run(setup: &Setup, opts: RunOptions) -> Result<RunReport, Error> {
    run_watched(setup, opts, None)
}

/// [`run`] with a mode watching: the AI driver then stops when the mode is over rather
/// than after its own timer's laps.
pub fn run_watched(setup: &Setup, opts: RunOptions, mut watch: Option<&mut dyn RunWatch>) -> Result<RunReport, Error> {
    let (level, car, profile) = (&setup.level.level, &setup.car, &setup.profile);
    let clock = WallClock::new();
    let mut race = Race::headless(setup);
    if let Some(w) = watch.as_deref_mut() {
        w.start(&race.world);
    }
    let watched = watch.is_some();
    let ticks = match &opts.input {
        RunInput::Held { ticks, .. } => usize::try_from(*ticks).unwrap_or(usize::MAX),
        RunInput::Recorded(inputs) => inputs.len(),
        RunInput::AiDriven { max_ticks, .. } => usize::try_from(*max_ticks).unwrap_or(usize::MAX),
    };
    let mut track = TrackMonitor::new(setup);
    // Reserved up front: the tick loop itself never allocates.
    let too_long = |what: &str| Error::runtime(format!("{what}: {ticks} ticks are too many to keep in memory"));
    let mut recorded = Vec::new();
    if opts.record {
        recorded.try_reserve_exact(ticks).map_err(|_| too_long("--record"))?;
    }
    let mut telemetry = Vec::new();
    if opts.telemetry {
        telemetry
            .try_reserve_exact(ticks)
            .map_err(|_| too_long("--telemetry"))?;
    }
    // What a run watches after every tick, whoever drives.
    let mut observe = |world: &SimWorld, input: &TickInput| -> bool {
        track.after_tick(world);
        if opts.record {
            recorded.push(*input);
        }
        if opts.telemetry {
            telemetry.push(TelemetryRow {
                tick: world.tick(),
                time_s: world.sim_seconds(),
                telemetry: world.telemetry(0),
            });
        }
        watch.as_deref_mut().is_some_and(|w| w.after_tick(world))
    };
    let (mut lap_times, mut predicted, mut line) = (Vec::new(), None, None);
    match &opts.input {
        RunInput::Held { ticks, control } => {
            let input = TickInput {
                control: control.sanitized(),
                reset: false,
                ..Default::default()
            };
            for _ in 0..*ticks {
                race.step(&input);
                if observe(&race.world, &input) {
                    break;
                }
            }
        }
        RunInput::Recorded(inputs) => {
            for input in inputs {
                race.step(input);
                observe(&race.world, input);
            }
        }
        RunInput::AiDriven {
            race: line_driven,
            laps,
            max_ticks,
        } => {
            let mut ai = AiRace::on_at(race, &line_driven.line, car, setup.ai_difficulty);
            for _ in 0..*max_ticks {
                let input = ai.tick();
                let mode_over = observe(&ai.race.world, &input);
                if mode_over || (!watched && ai.player.laps_ticks().len() >= *laps as usize) {
                    break;
                }
            }
            let dt = ai.race.world.dt_s() as f64;
            lap_times = ai.player.laps_ticks().iter().map(|t| *t as f64 * dt).collect();
            race = ai.race;
            predicted = Some(line_driven.predicted_lap_s as f64);
            line = Some(line_driven.source.clone());
        }
    }
    let (world, opponents) = (&race.world, &race.opponents);
    Ok(RunReport {
        level: level.name.clone(),
        car: car.name.clone(),
        platform: profile.name.clone(),
        tick_rate_hz: profile.loop_config.tick_rate_hz,
        ticks: world.tick(),
        sim_seconds: world.sim_seconds(),
        state_hash: format!("{:016x}", world.state_hash()),
        wall_seconds: clock.now().as_secs_f64(),
        replay_matches: None,
        ai_opponents: opponents.len(),
        lap_time_s: lap_times.first().copied(),
        lap_times_s: lap_times,
        predicted_lap_time_s: predicted,
        line,
        max_off_track_m: track.worst_m(),
        max_footprint_off_track_m: track.worst_footprint_m(),
        recorded,
        telemetry,
        wheel_count: car.wheels.len(),
        final_hash: world.state_hash(),
    })
}

/// Watches how far the player's car leaves the level's track, if it has one: its centre,
/// and the corners of its footprint.
struct TrackMonitor {
    borders: Option<TrackBorders>,
    worst: PastBorder,
}

impl TrackMonitor {
    fn new(setup: &Setup) -> Self {
        Self {
            borders: TrackBorders::new(&setup.level, &setup.car),
            worst: PastBorder {
                centre_m: 0.0,
                footprint_m: 0.0,
            },
        }
    }

    fn after_tick(&mut self, world: &SimWorld) {
        if let Some(borders) = &mut self.borders {
            let now = borders.past(world.player_body());
            self.worst.centre_m = self.worst.centre_m.max(now.centre_m);
            self.worst.footprint_m = self.worst.footprint_m.max(now.footprint_m);
        }
    }

    fn worst_m(&self) -> Option<f64> {
        self.borders.as_ref().map(|_| self.worst.centre_m as f64)
    }

    fn worst_footprint_m(&self) -> Option<f64> {
        self.borders.as_ref().map(|_| self.worst.footprint_m as f64)
    }
}

/// The CSV columns for a car with `wheel_count` wheels: the car's, then each wheel's.
pub fn telemetry_header(wheel_count: usize) -> Vec<String> {
    let mut h: Vec<String> = [
        "tick",
        "time_s",
        "forward_speed_mps",
        "engine_rpm",
        "gear",
        "clutch_slip_rpm",
    ]
    .map(String::from)
    .to_vec();
    for i in 0..wheel_count {
        for q in [
            "slip_ratio",
            "slip_angle_rad",
            "load_n",
            "compression_m",
            "suspension_force_n",
            "fx_n",
            "fy_n",
            "wheel_speed_mps",
        ] {
            h.push(format!("w{i}_{q}"));
        }
    }
    h
}

/// `rows` as CSV with a header row (see [`telemetry_header`]).
pub fn telemetry_csv(rows: &[TelemetryRow], wheel_count: usize) -> Result<Vec<u8>, csv::Error> {
    let mut out = csv::Writer::from_writer(Vec::with_capacity(rows.len() * (64 + wheel_count * 96)));
    out.write_record(telemetry_header(wheel_count))?;
    let mut record = csv::ByteRecord::new();
    let mut field = String::new();
    let mut push = |record: &mut csv::ByteRecord, v: &dyn std::fmt::Display| {
        use std::fmt::Write as _;
        field.clear();
        let _ = write!(field, "{v}");
        record.push_field(field.as_bytes());
    };
    for r in rows {
        let t = &r.telemetry;
        record.clear();
        push(&mut record, &r.tick);
        push(&mut record, &r.time_s);
        push(&mut record, &t.forward_speed_mps);
        push(&mut record, &t.engine_rpm);
        push(&mut record, &t.gear);
        push(&mut record, &t.clutch_slip_rpm);
        for i in 0..wheel_count {
            // A wheel the model does not report reads as zeros.
            let w = t.wheels().get(i).copied().unwrap_or_default();
            for v in [
                w.slip_ratio,
                w.slip_angle_rad,
                w.load_n,
                w.compression_m,
                w.suspension_force_n,
                w.tire_fx_n,
                w.tire_fy_n,
                w.wheel_speed_mps,
            ] {
                push(&mut record, &v);
            }
        }
        out.write_byte_record(&record)?;
    }
    out.into_inner().map_err(|e| e.into_error().into())
}

/// Writes the telemetry of `report` to `path` as CSV, atomically (as replays are).
pub fn save_telemetry(report: &RunReport, path: &Path) -> Result<(), Error> {
    let cannot = |e: &dyn std::fmt::Display| Error::runtime(format!("{}: cannot write telemetry: {e}", path.display()));
    let bytes = telemetry_csv(&report.telemetry, report.wheel_count).map_err(|e| cannot(&e))?;
    skidpad_platform::files::write_atomically(path, &bytes).map_err(|e| cannot(&e))
}

impl RunReport {
    /// The human-readable summary printed without `--json`.
    pub fn summary(&self) -> String {
        format!(
            "{} with {}: {} ticks ({:.2} s simulated at {} Hz, {} profile) in {:.3} s wall; state hash {}",
            self.level,
            self.car,
            self.ticks,
            self.sim_seconds,
            self.tick_rate_hz,
            self.platform,
            self.wall_seconds,
            self.state_hash
        ) + &self.race_summary()
    }

    fn race_summary(&self) -> String {
        let mut s = String::new();
        if self.ai_opponents > 0 {
            s += &format!("; {} AI opponents", self.ai_opponents);
        }
        if let Some(p) = self.predicted_lap_time_s {
            let laps: Vec<String> = self.lap_times_s.iter().map(|t| format!("{t:.2} s")).collect();
            s += &format!(
                "\nAI driver on {}: laps [{}], the speed profile predicts {p:.2} s",
                self.line.as_deref().unwrap_or("?"),
                laps.join(", ")
            );
        }
        if let Some(off) = self.max_off_track_m {
            s += &format!("; furthest outside the track {off:.2} m");
        }
        if let Some(off) = self.max_footprint_off_track_m {
            s += &format!(" (its footprint {off:.2} m)");
        }
        s
    }
}
