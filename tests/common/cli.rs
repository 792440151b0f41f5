//! The `skidpad` binary as the tests run it: quiet logs, and a report read as JSON.

use std::process::{Command, Output};

/// Runs the binary with `args`, logging warnings only.
pub fn skidpad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the skidpad binary runs")
}

/// A successful run's stdout as its one JSON report; fails the test with the run's
/// stderr otherwise.
pub fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("stdout is one JSON object")
}
