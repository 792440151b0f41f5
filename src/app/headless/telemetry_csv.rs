//! `run --telemetry`: the player car's telemetry of every tick as CSV, written atomically.

use super::runner::{RunReport, TelemetryRow};
use crate::error::Error;
use std::path::Path;

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
