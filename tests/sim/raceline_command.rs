//! The `raceline` command end to end: it searches, writes the CSV and plots, evaluates a
//! given line, and refuses bad input with exit code 2. The search itself is
//! tests/raceline/.

use skidpad::content::load_level;
use skidpad::content::track::Track;
use skidpad::content::ContentRoot;
use skidpad::raceline::load_line_csv;
use skidpad::vehicle::CarDef;
use std::process::Command;

fn car(name: &str) -> CarDef {
    CarDef::load(&ContentRoot::Embedded, name).expect("shipped car loads")
}

fn circuit() -> Track {
    load_level(&ContentRoot::Embedded, "circuit")
        .expect("circuit loads")
        .level
        .track
        .expect("the circuit has a track")
        .track
}

fn skidpad(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the skidpad binary runs")
}

#[test]
fn the_raceline_command_searches_writes_plots_and_evaluates() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, png) = (dir.path().join("line.csv"), dir.path().join("line.png"));
    let o = skidpad(&[
        "raceline",
        "--track",
        "circuit",
        "--generations",
        "3",
        "--population",
        "8",
        "--islands",
        "2",
        "--json",
        "--out",
        csv.to_str().unwrap(),
        "--plot",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    for key in [
        "lap_time_s",
        "centerline_lap_time_s",
        "min_curvature_lap_time_s",
        "gain_over_min_curvature_pct",
        "length_m",
        "max_speed_mps",
        "mu",
        "generations",
    ] {
        assert!(j[key].is_number(), "{key} missing: {j}");
    }
    assert_eq!(j["generations"], 3);
    // Two islands, each refined, then relinked: never slower than the faster of them.
    let islands: Vec<f64> = j["island_fitness"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_f64().unwrap())
        .collect();
    assert_eq!(islands.len(), 2, "{j}");
    assert!(
        j["lap_time_s"].as_f64().unwrap() <= islands[0].min(islands[1]) + 1e-3,
        "{j}"
    );
    assert!(j["lap_time_s"].as_f64().unwrap() <= j["centerline_lap_time_s"].as_f64().unwrap());
    // The minimum-curvature QP line seeds the first population and elitism and the polish
    // never lose the best, so the search's line is never slower than it; the gain is that
    // difference as a share of the QP line's lap.
    let (lap, qp) = (
        j["lap_time_s"].as_f64().unwrap(),
        j["min_curvature_lap_time_s"].as_f64().unwrap(),
    );
    assert!(lap <= qp, "{lap} s slower than the minimum-curvature line's {qp} s");
    let gain = j["gain_over_min_curvature_pct"].as_f64().unwrap();
    assert!((gain - 100.0 * (1.0 - lap / qp)).abs() < 1e-3, "{gain}");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.starts_with("# x_m,y_m,s_m,curvature_per_m,speed_mps,gear\n"));
    assert_eq!(text.lines().nth(1).unwrap().split(',').count(), 6);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // The written line through --evaluate gives the same lap time, and loads for the AI;
    // the circuit's track exports to the centre-line CSV it came from.
    let exported = dir.path().join("track.csv");
    let e = skidpad(&[
        "raceline",
        "--track",
        "circuit",
        "--evaluate",
        csv.to_str().unwrap(),
        "--export-track",
        exported.to_str().unwrap(),
        "--json",
    ]);
    let back = Track::parse_csv("track.csv", &std::fs::read_to_string(&exported).unwrap()).unwrap();
    assert_eq!(back.len(), circuit().len());
    assert!(back
        .centre
        .iter()
        .zip(&circuit().centre)
        .all(|(a, b)| a.distance(*b) < 1e-3));
    let ej: serde_json::Value = serde_json::from_slice(&e.stdout).expect("one JSON object");
    let (a, b) = (j["lap_time_s"].as_f64().unwrap(), ej["lap_time_s"].as_f64().unwrap());
    assert!((a - b).abs() < 1e-3 * a, "{a} vs {b}");
    assert_eq!(ej["mode"], "evaluate");
    let loaded = load_line_csv("line.csv", &text, &car("sedan"), 1.0).unwrap();
    assert!((loaded.lap_time_s as f64 - a).abs() < 1e-3 * a);
}

#[test]
fn the_raceline_command_refuses_bad_input_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, "# x_m,y_m,w_tr_right_m,w_tr_left_m\n1,2,3\n").unwrap();
    let bad_line = dir.path().join("bad_line.csv");
    std::fs::write(&bad_line, "# x_m,y_m\n1,2\nfoo\n").unwrap();
    for (args, needle) in [
        (vec!["raceline", "--track", "nosuch"], "nosuch"),
        (vec!["raceline", "--track", "slip"], "no track"),
        (vec!["raceline", "--track", bad.to_str().unwrap()], "line 2"),
        (vec!["raceline", "--population", "1"], "--population"),
        (vec!["raceline", "--spacing", "0"], "spacing_m"),
        (vec!["raceline", "--evaluate", bad_line.to_str().unwrap()], "line 3"),
    ] {
        let o = skidpad(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked") && err.contains(needle), "{args:?}: {err}");
    }
}
