//! The AI's pace against its speed profile, per shipped car and difficulty, on the circuit
//! and on the real circuits `montreal` and `spielberg`, whether the car stays inside the
//! borders there, and races at a lower difficulty replaying to the same state.
//!
//! The speed profile (src/raceline/profile.rs) is the friction limit of the line for the
//! car, with the grip the car measurably holds (a headless skidpad run on a slow and a fast
//! circle, src/raceline/grip.rs): no driver beats it. Issue #22's goal is a top-difficulty
//! flying lap within 3 % of it with every shipped car; ace aims at the whole profile.

use crate::common::cli::{json, skidpad};
use std::process::Command;

/// Every shipped car.
const CARS: [&str; 4] = ["coupe", "big_wheeler", "sedan", "electric"];

/// The report of two AI laps of `level` in `car` at `difficulty`. A level without a
/// shipped line gets one searched at load: kept in the test target's own cache
/// (`CARGO_TARGET_TMPDIR`, never the user's), so only the first run after a change searches.
fn two_laps(level: &str, car: &str, difficulty: &str) -> serde_json::Value {
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args([
            "run",
            "--level",
            level,
            "--car",
            car,
            "--ai-driver",
            "--ai-difficulty",
            difficulty,
            "--laps",
            "2",
            "--json",
        ])
        .env("RUST_LOG", "warn")
        .env("XDG_CACHE_HOME", concat!(env!("CARGO_TARGET_TMPDIR"), "/ai_pace_cache"))
        .output()
        .expect("the skidpad binary runs");
    json(&o)
}

/// The AI's second timed lap on `level` (flying: the first starts from the standing start
/// on the grid) and the profile's predicted lap, s, from [`two_laps`]' report `r`.
fn flying_lap_of(r: &serde_json::Value, level: &str, car: &str, difficulty: &str) -> (f64, f64) {
    assert_eq!(
        r["max_off_track_m"], 0.0,
        "{car} at {difficulty} on {level} left the track: {r}"
    );
    let laps = r["lap_times_s"].as_array().unwrap_or_else(|| panic!("{car}: {r}"));
    assert_eq!(laps.len(), 2, "{car} at {difficulty} on {level}: two laps timed: {r}");
    (laps[1].as_f64().unwrap(), r["predicted_lap_time_s"].as_f64().unwrap())
}

/// The flying lap on `level` and its prediction ([`flying_lap_of`]).
fn flying_lap_on(level: &str, car: &str, difficulty: &str) -> (f64, f64) {
    flying_lap_of(&two_laps(level, car, difficulty), level, car, difficulty)
}

/// [`flying_lap_on`] the circuit.
fn flying_lap(car: &str, difficulty: &str) -> (f64, f64) {
    flying_lap_on("circuit", car, difficulty)
}

#[test]
fn the_ace_laps_every_shipped_car_within_its_bound_of_the_profile() {
    for car in CARS {
        let (lap, predicted) = flying_lap(car, "ace");
        // Never faster than the friction limit (a lap under it means the profile is wrong
        // about the car). Above it by the driver's tracking losses: measured +0.5 %
        // (electric, coupe) to +0.9 % (big_wheeler); the bound of 3 % fails a
        // driver that loses a further 2.5 s on the big wheeler's 121 s.
        assert!(
            lap > predicted && lap < predicted * 1.03,
            "{car}: flying lap {lap:.2} s vs predicted {predicted:.2} s"
        );
    }
}

/// [`two_laps`] at the top difficulty on `level` with each of `cars`, the runs at once (each
/// its own process): the test's wall time is the slowest car's, not the sum.
fn ace_laps(level: &str, cars: &[&str]) -> Vec<serde_json::Value> {
    std::thread::scope(|scope| {
        let runs: Vec<_> = cars
            .iter()
            .map(|car| scope.spawn(move || two_laps(level, car, "ace")))
            .collect();
        runs.into_iter().map(|r| r.join().expect("a run's thread")).collect()
    })
}

/// Issue #22's bound on a real circuit: the ace's flying lap slower than the profile (the
/// friction limit) by less than 3 % with each of `cars`, its centre never past a border.
fn the_ace_laps_within_3_percent_on(level: &str, cars: &[&str]) {
    let reports = ace_laps(level, cars);
    let laps: Vec<(&str, f64, f64)> = cars
        .iter()
        .zip(&reports)
        .map(|(car, r)| {
            let (lap, predicted) = flying_lap_of(r, level, car, "ace");
            (*car, lap, predicted)
        })
        .collect();
    let report: Vec<String> = laps
        .iter()
        .map(|(car, lap, p)| format!("{car}: {lap:.2} s vs {p:.2} s ({:+.1} %)", (lap / p - 1.0) * 100.0))
        .collect();
    eprintln!("{level}: {}", report.join("; "));
    for (car, lap, predicted) in &laps {
        assert!(
            lap > predicted && *lap < predicted * 1.03,
            "{level}, {car}: flying lap {lap:.2} s vs predicted {predicted:.2} s\n{}",
            report.join("\n")
        );
    }
}

// Measured with the release binary, flying lap over the profile (PERFORMANCE.md, "Pace on
// the real circuits", 2026-11-25): Montreal coupe +1.7 %, big_wheeler +2.6 %, sedan
// +2.9 %, electric +1.5 %; Spielberg coupe +1.4 %, big_wheeler +1.6 %, sedan +2.2 %,
// electric +1.4 %; every car's centre inside the borders. Since the line keeps the
// car's yawed footprint inside the track's own borders and the driver aims from between its
// heading and its velocity (2026-11-25, wt-foot): Montreal coupe +2.05 %, big_wheeler
// +2.72 %, sedan +2.85 %, electric +1.37 %; Spielberg +1.16, +1.69, +2.14, +1.31 %; every
// footprint inside (the test below).
// Two laps cost about 8 s of CPU a car in a debug build (Montreal, coupe, its line searched
// at first load and the car's grip and drag strip measured included), and the cars run at
// once.
#[test]
fn the_ace_laps_within_3_percent_on_montreal() {
    the_ace_laps_within_3_percent_on("montreal", &["coupe", "sedan", "electric"]);
}

#[test]
fn the_ace_laps_within_3_percent_on_montreal_with_the_big_wheeler() {
    the_ace_laps_within_3_percent_on("montreal", &["big_wheeler"]);
}

#[test]
fn the_ace_laps_within_3_percent_on_spielberg_with_every_car() {
    the_ace_laps_within_3_percent_on("spielberg", &CARS);
}

/// The whole car inside the borders: no corner of its footprint past one, on either real
/// circuit with any car. The racing line keeps the car's centre `raceline::edge_margin_m`
/// inside the track's own borders (its footprint yawed 10° to its path, plus 0.2 m), so
/// this fails a driver whose lateral error toward a border is over 0.2 m plus what its
/// yaw leaves of that there, or a line that cuts inside its laterals. Measured (PERFORMANCE.md,
/// "Footprints inside the borders", flying laps): the closest is Montreal's electric,
/// 0.15 m inside at turn 3's exit (800 m along the line); every other car 0.32 m inside
/// or more.
#[test]
fn every_car_keeps_its_whole_footprint_inside_the_borders_on_the_real_circuits() {
    let mut past = Vec::new();
    for level in ["montreal", "spielberg"] {
        for (car, r) in CARS.iter().zip(ace_laps(level, &CARS)) {
            let off = r["max_footprint_off_track_m"]
                .as_f64()
                .unwrap_or_else(|| panic!("{level}, {car}: {r}"));
            past.push((format!("{level}, {car}: {off:.2} m"), off));
        }
    }
    let text: Vec<&str> = past.iter().map(|(t, _)| t.as_str()).collect();
    assert!(
        past.iter().all(|(_, off)| *off == 0.0),
        "footprint past a border:\n{}",
        text.join("\n")
    );
}

#[test]
fn lower_difficulties_are_slower_by_about_their_speed_fraction() {
    let (ace, _) = flying_lap("coupe", "ace");
    let (pro, _) = flying_lap("coupe", "pro");
    let (rookie, _) = flying_lap("coupe", "rookie");
    // Lap time scales as 1 / the fraction of the profile aimed at: pro 0.97 and rookie 0.89
    // against ace's 1.0 predict +3.1 % and +12.4 % (measured +2.8 % and +11.8 %: the
    // slower car also loses a little less in the corners). Half of each gap at least, and
    // no more than the gap plus 5 %.
    assert!(
        pro > ace * 1.015 && pro < ace * 1.081,
        "pro {pro:.2} s vs ace {ace:.2} s"
    );
    assert!(
        rookie > ace * 1.062 && rookie < ace * 1.174,
        "rookie {rookie:.2} s vs ace {ace:.2} s"
    );
}

#[test]
fn a_race_against_rookies_replays_to_the_same_state() {
    let dir = tempfile::tempdir().unwrap();
    let rpl = dir.path().join("rookies.rpl");
    let race = |difficulty: &str, record: Option<&str>| {
        let mut args = vec![
            "run",
            "--level",
            "circuit",
            "--ai",
            "3",
            "--ai-difficulty",
            difficulty,
            "--seconds",
            "20",
            "--throttle",
            "1",
            "--json",
        ];
        if let Some(path) = record {
            args.extend(["--record", path]);
        }
        json(&skidpad(&args))
    };
    let rookies = race("rookie", rpl.to_str());
    let aces = race("ace", None);
    assert_ne!(
        rookies["state_hash"], aces["state_hash"],
        "the difficulty changes how the opponents drive"
    );
    // The replay records the difficulty: replayed, the rookies drive as they did.
    let replayed = json(&skidpad(&["run", "--replay", rpl.to_str().unwrap(), "--json"]));
    assert_eq!(replayed["replay_matches"], true, "{replayed}");
}

#[test]
fn an_unknown_difficulty_is_refused_by_name() {
    let o = skidpad(&["run", "--level", "circuit", "--ai", "1", "--ai-difficulty", "godlike"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("godlike") && err.contains("rookie"), "{err}");
}
