//! Issue 23: long surface lanes across a large level keep their grip everywhere along them.
//! For every shipped sim car, straight-line stops on a 1000 m ice lane, a 1000 m wet lane
//! beside it and an ice lane turned 90° across the level stop within ±5 % of the
//! point-mass braking distance v²/(2μg). Before the fix, a lane existed in the physics only
//! in the chunk holding its centre, so a car braking 450 m from it stopped as on asphalt
//! (11.6 m instead of 114.7 m on ice).
//!
//! The level is built here, not shipped: `content/levels/` need not change.

use skidpad::app::scenario::run_scenario;
use skidpad::app::Setup;
use skidpad::content::{ContentRoot, PlatformProfile};

const G_MPS2: f64 = 9.81;
/// Allowed departure from v²/(2μg): the sim cars' tires peak a little above the material's
/// μ at the slip they brake at, and the point-mass figure ignores load transfer.
const TOLERANCE: f64 = 0.05;

/// Every shipped car of the sim model (`model = "sim"` in `content/cars/`).
fn sim_cars() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/content/cars");
    let mut cars: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            let text = std::fs::read_to_string(&path).ok()?;
            text.lines()
                .any(|l| l.trim().replace(' ', "") == "model=\"sim\"")
                .then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    cars.sort();
    cars
}

/// (run, spawn, speed m/s, μ) for each lane.
const STOPS: [(&str, &str, f64, f64); 3] = [
    ("ice", "ice", 15.0, 0.1),
    ("wet", "wet", 25.0, 0.7),
    ("cross_ice", "cross_ice", 15.0, 0.1),
];

fn level_toml(cars: &[String]) -> String {
    let mut t = String::from(
        r#"description = "Issue 23: 1000 m lanes on a 1024 m level"
[terrain]
size_m = [1024.0, 1024.0]
material = "asphalt"

[[surfaces]]
material = "ice"
center_m = [40.0, 0.0]
size_m = [16.0, 1000.0]

[[surfaces]]
material = "wet"
center_m = [60.0, 0.0]
size_m = [16.0, 1000.0]

# Across the level along +X, off-centre, crossing both lanes above (later wins: ice).
[[surfaces]]
material = "ice"
center_m = [0.0, 300.0]
size_m = [16.0, 1000.0]
yaw_deg = 90.0

[[spawns]]
name = "ice"
position_m = [40.0, 0.5, -450.0]

[[spawns]]
name = "wet"
position_m = [60.0, 0.5, -450.0]

[[spawns]]
name = "cross_ice"
position_m = [-450.0, 0.5, 300.0]
heading_deg = 90.0

[scenario]
"#,
    );
    for car in cars {
        for (run, spawn, v, mu) in STOPS {
            let d = v * v / (2.0 * mu * G_MPS2);
            t += &format!(
                "[[scenario.runs]]\nname = \"{car}_{run}\"\nspawn = \"{spawn}\"\ncar = \"{car}\"\nspeed_mps = {v}\n\
                 seconds = {}\ninputs = [{{ at_s = 0.0, brake = 1.0 }}]\n\n\
                 [[scenario.checks]]\nkind = \"range\"\nmetric = \"{car}_{run}.stop_distance_m\"\nmin = {}\nmax = {}\n\n",
                (v / (mu * G_MPS2) * 1.5).ceil(),
                d * (1.0 - TOLERANCE),
                d * (1.0 + TOLERANCE)
            );
        }
    }
    t
}

#[test]
fn every_sim_car_stops_as_v2_over_2mug_on_long_lanes_anywhere_on_a_large_level() {
    let cars = sim_cars();
    assert!(cars.len() >= 2, "expected the shipped sim cars, found {cars:?}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lanes/level.toml");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, level_toml(&cars)).unwrap();
    let root = ContentRoot::Embedded;
    let setup = Setup::load(
        &root,
        path.to_str().unwrap(),
        &cars[0],
        PlatformProfile::load("desktop").unwrap(),
    )
    .unwrap();
    let report = run_scenario(&setup, &root).unwrap();
    println!("{}", report.text());
    assert_eq!(report.checks.len(), cars.len() * STOPS.len());
    for c in &report.checks {
        assert!(c.pass, "{}: measured {}, expected {}", c.name, c.measured, c.expected);
    }
}
