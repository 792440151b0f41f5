//! Racing on the circuit from the command line: the AI drives the player's car round a
//! timed lap without leaving the track, AI opponents share the level, and a replay of a
//! race reproduces it (the opponents are recomputed, not recorded).

use std::process::{Command, Output};

fn skidpad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the skidpad binary runs")
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("stdout is one JSON object")
}

#[test]
fn the_ai_laps_the_circuit_on_the_track_near_its_predicted_time() {
    for car in ["sedan", "coupe", "electric"] {
        let r = json(&skidpad(&[
            "run",
            "--level",
            "circuit",
            "--car",
            car,
            "--ai-driver",
            "--laps",
            "1",
            "--json",
        ]));
        let lap = r["lap_time_s"]
            .as_f64()
            .unwrap_or_else(|| panic!("{car}: no lap timed: {r}"));
        let predicted = r["predicted_lap_time_s"].as_f64().unwrap();
        // The AI aims at 90 % of the profile's speeds (the profile is the friction limit),
        // so its lap is slower than predicted by about 1/0.9 (+11 %), plus the time the
        // speed controller lags the profile (seen: +13 to +14 % in all).
        assert!(
            lap > predicted && lap < predicted * 1.2,
            "{car}: driven {lap:.2} s vs predicted {predicted:.2} s"
        );
        assert_eq!(r["max_off_track_m"], 0.0, "{car} left the track: {r}");
    }
}

#[test]
fn opponents_race_deterministically_and_replays_reproduce_them() {
    let dir = tempfile::tempdir().unwrap();
    let rpl = dir.path().join("race.rpl");
    let args = [
        "run",
        "--level",
        "circuit",
        "--ai",
        "3",
        "--seconds",
        "20",
        "--throttle",
        "1",
        "--json",
        "--record",
        rpl.to_str().unwrap(),
    ];
    let a = json(&skidpad(&args));
    assert_eq!(a["ai_opponents"], 3);
    let b = json(&skidpad(&args));
    assert_eq!(a["state_hash"], b["state_hash"], "same race twice, same state");
    let replayed = json(&skidpad(&["run", "--replay", rpl.to_str().unwrap(), "--json"]));
    assert_eq!(replayed["replay_matches"], true, "{replayed}");
    assert_eq!(replayed["ai_opponents"], 3);
}

#[test]
fn racing_needs_a_track() {
    let o = skidpad(&["run", "--level", "slip", "--ai", "2", "--ticks", "10"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("track") && err.contains("slip"), "{err}");
}
