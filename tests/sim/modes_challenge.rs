//! Challenges headless: `slip`'s scenario runs measure the stopping distance on each
//! surface and its `[challenge]` awards a medal from them; a level with tighter targets
//! awards a lower medal for the same stop; a `[challenge]` with its medals out of order is
//! refused on load, naming the field.

use std::path::Path;

use crate::common::cli::{json, skidpad};
use std::process::Output;

/// A copy of the slip level in `dir` with its TOML passed through `edit`.
fn slip_copy(dir: &Path, edit: impl Fn(String) -> String) -> String {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/levels/slip");
    for e in std::fs::read_dir(&src).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), dir.join(e.file_name())).unwrap();
    }
    let toml = dir.join("level.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, edit(text)).unwrap();
    toml.to_str().unwrap().to_string()
}

fn challenge(level: &str, save: &str) -> Output {
    skidpad(&[
        "run",
        "--mode",
        "challenge",
        "--level",
        level,
        "--save-dir",
        save,
        "--json",
    ])
}

#[test]
fn slip_awards_a_medal_from_the_measured_stopping_distances() {
    let save = tempfile::tempdir().unwrap();
    let s = save.path().to_str().unwrap();
    let r = json(&challenge("slip", s));
    let mode = &r["mode"];
    let goals = mode["goals"].as_array().unwrap();
    assert_eq!(goals.len(), 5, "one stop per surface: {mode}");
    let runs = r["runs"].as_array().unwrap();
    for g in goals {
        let (run, metric) = g["figure"].as_str().unwrap().split_once('.').unwrap();
        let measured = runs.iter().find(|x| x["name"] == run).unwrap()["metrics"][metric]
            .as_f64()
            .unwrap();
        assert_eq!(
            g["value"].as_f64().unwrap(),
            measured,
            "the goal reads the run's figure"
        );
        let t: Vec<f64> = g["targets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let want = if measured <= t[0] {
            "gold"
        } else if measured <= t[1] {
            "silver"
        } else if measured <= t[2] {
            "bronze"
        } else {
            "none"
        };
        assert_eq!(g["medal"].as_str().unwrap_or("none"), want, "{g}");
    }
    // A 72 km/h stop on asphalt: v²/(2·μ·g) = 20²/(2·1.0·9.81) = 20.4 m for a point mass
    // at μ = 1; the coupe's tires grip a little better (the scenario's check: 17.5–20 m).
    let asphalt = goals[0]["value"].as_f64().unwrap();
    assert!((17.5..20.0).contains(&asphalt), "{asphalt}");
    // The scripted stops are the reference driver: gold on every surface.
    assert_eq!(mode["medal"], "gold");
    // Peak deceleration on asphalt, in g: about μ (1.0 to 1.3 with the tires' grip).
    let asphalt_run = runs.iter().find(|x| x["name"] == "asphalt_stop").unwrap();
    let g = asphalt_run["metrics"]["peak_decel_g"].as_f64().unwrap();
    assert!((0.9..1.4).contains(&g), "{g}");
    // Saved, and a second run reports it.
    let again = json(&challenge("slip", s));
    assert_eq!(again["mode"]["previous_medal"], "gold");
}

#[test]
fn tighter_targets_give_a_lower_medal_for_the_same_stop() {
    let level = tempfile::tempdir().unwrap();
    let save = tempfile::tempdir().unwrap();
    // Asphalt gold at 18.0 m (the car stops in 18.7): silver it is.
    let path = slip_copy(level.path(), |t| {
        t.replacen(
            "figure = \"asphalt_stop.stop_distance_m\"\nbetter = \"lower\"\ngold = 19.6",
            "figure = \"asphalt_stop.stop_distance_m\"\nbetter = \"lower\"\ngold = 18.0",
            1,
        )
    });
    let r = json(&challenge(&path, save.path().to_str().unwrap()));
    assert_eq!(r["mode"]["goals"][0]["medal"], "silver", "{r}");
    assert_eq!(r["mode"]["medal"], "silver", "the lowest across goals");
}

#[test]
fn a_challenge_with_medals_out_of_order_is_refused_naming_the_field() {
    let level = tempfile::tempdir().unwrap();
    let save = tempfile::tempdir().unwrap();
    let path = slip_copy(level.path(), |t| t.replacen("gold = 19.6", "gold = 30.0", 1));
    let o = challenge(&path, save.path().to_str().unwrap());
    assert_eq!(o.status.code(), Some(2), "bad input");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("challenge.goals[0].gold") && err.contains("out of order"),
        "{err}"
    );
}
