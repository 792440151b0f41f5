//! `skidpad run`: a level simulated with no window, as fast as the machine goes; with
//! `--telemetry`, the player car's telemetry of every tick as CSV.

use super::{Failure, Setup};
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

/// Simulates `level` for `opts.ticks` ticks.
pub fn run(setup: &Setup, opts: RunOptions) -> Result<RunReport, Failure> {
    let (level, car, profile) = (&setup.level.level, &setup.car, &setup.profile);
    let clock = WallClock::new();
    let mut world = SimWorld::new(&setup.level, car, &setup.parked, profile.loop_config.tick_rate_hz);
    let ticks = match &opts.input {
        RunInput::Held { ticks, .. } => usize::try_from(*ticks).unwrap_or(usize::MAX),
        RunInput::Recorded(inputs) => inputs.len(),
    };
    // Reserved up front: the tick loop itself never allocates.
    let too_long = |what: &str| Failure::runtime(format!("{what}: {ticks} ticks are too many to keep in memory"));
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
    let mut step = |world: &mut SimWorld, input: &TickInput| {
        world.step(input);
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
    };
    match &opts.input {
        RunInput::Held { ticks, control } => {
            let input = TickInput {
                control: control.sanitized(),
                reset: false,
            };
            for _ in 0..*ticks {
                step(&mut world, &input);
            }
        }
        RunInput::Recorded(inputs) => {
            for input in inputs {
                step(&mut world, input);
            }
        }
    }
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
        recorded,
        telemetry,
        wheel_count: car.wheels.len(),
        final_hash: world.state_hash(),
    })
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
pub fn save_telemetry(report: &RunReport, path: &Path) -> Result<(), Failure> {
    let cannot =
        |e: &dyn std::fmt::Display| Failure::runtime(format!("{}: cannot write telemetry: {e}", path.display()));
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
        )
    }
}
