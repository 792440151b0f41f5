//! The AI's pace against its speed profile, per shipped car and difficulty, on the circuit
//! and on the real circuit `montreal`, and races at a lower difficulty
//! replaying to the same state.
//!
//! The speed profile (src/raceline/profile.rs) is the friction limit of the line for the
//! car, with the grip the car measurably holds (a headless skidpad run on a slow and a fast
//! circle, src/raceline/grip.rs): no driver beats it. Issue #22's goal is a top-difficulty
//! flying lap within 3 % of it with every shipped car; ace aims at the whole profile.

mod common;
use common::cli::{json, skidpad};
use std::process::Command;

/// Every shipped car.
const CARS: [&str; 4] = ["coupe", "big_wheeler", "sedan", "electric"];

/// The AI's second timed lap on `level` (flying: the first starts from the out-lap's
/// speed) and the profile's predicted lap, s. A level without a shipped line gets one
/// searched at load: kept in the test target's own cache (`CARGO_TARGET_TMPDIR`, never
/// the user's), so only the first run after a change searches.
fn flying_lap_on(level: &str, car: &str, difficulty: &str) -> (f64, f64) {
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
    let r = json(&o);
    assert_eq!(
        r["max_off_track_m"], 0.0,
        "{car} at {difficulty} on {level} left the track: {r}"
    );
    let laps = r["lap_times_s"].as_array().unwrap_or_else(|| panic!("{car}: {r}"));
    assert_eq!(laps.len(), 2, "{car} at {difficulty} on {level}: two laps timed: {r}");
    (laps[1].as_f64().unwrap(), r["predicted_lap_time_s"].as_f64().unwrap())
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
        // about the car). Above it by the driver's tracking losses: measured +1.6 %
        // (electric) to +2.7 % (sedan); the bound of 3 % fails a driver that
        // loses a further 0.4 s on the sedan's 119 s.
        assert!(
            lap > predicted && lap < predicted * 1.03,
            "{car}: flying lap {lap:.2} s vs predicted {predicted:.2} s"
        );
    }
}

/// Issue #22's bound on a real circuit: the ace's flying lap slower than the profile (the
/// friction limit) by less than 3 % with `car`.
fn the_ace_laps_within_3_percent_on(level: &str) {
    let laps: Vec<(&str, f64, f64)> = CARS
        .iter()
        .map(|car| {
            let (lap, predicted) = flying_lap_on(level, car, "ace");
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

// Not met yet (issue #22 item 1, left open): measured with the release binary, flying lap
// over the profile on Montreal coupe +6.3 %, big_wheeler +6.5 %, sedan +8.3 %, and the
// electric car leaves the track (on Spielberg, not shipped yet, +5.0 %, +5.1 %, +7.9 %,
// the electric off too). The bound stays the issue's; `cargo test --test ai_pace -- --ignored` runs them.
#[test]
#[ignore = "issue #22 item 1 open: the ace is 5-8 % over the profile on Montreal, the electric car leaves it"]
fn the_ace_laps_every_shipped_car_within_3_percent_on_montreal() {
    the_ace_laps_within_3_percent_on("montreal");
}

#[test]
fn lower_difficulties_are_slower_by_about_their_speed_fraction() {
    let (ace, _) = flying_lap("coupe", "ace");
    let (pro, _) = flying_lap("coupe", "pro");
    let (rookie, _) = flying_lap("coupe", "rookie");
    // Lap time scales as 1 / the fraction of the profile aimed at: pro 0.97 and rookie 0.89
    // against ace's 1.0 predict +3.1 % and +12.4 % (measured +2.8 % and +11.6 %: the
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
