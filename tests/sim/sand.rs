//! Sand (`content/materials.toml`): a loose surface whose rolling resistance slows a
//! coasting car. Coasting on flat sand and on flat asphalt, the car's deceleration as it
//! passes the same speed (so engine braking, gear and drag are the same on both) differs by
//! what the material's coefficient predicts: a retarding force `C_rr · m · g` over the mass
//! the tyres must slow, the car's plus its wheels' and the engine's rotational inertia
//! reflected to the road (`Σ I_w/r² + I_e·(gear·final)²/r²`: the clutch is engaged when
//! coasting).

use crate::common::handling::launched;
use crate::common::*;
use skidpad::content::ContentRoot;
use skidpad::vehicle::CarDef;

const START_KMH: f32 = 54.0;
/// The speed both runs are compared at, m/s.
const MATCH_MPS: f32 = 13.0;
/// Ticks either side of that crossing the deceleration is measured over.
const HALF_WINDOW: usize = 6;
/// Allowed departure from the predicted extra deceleration: the tyres' small slip while
/// they follow the body, and clutch slip.
const TOLERANCE: f32 = 0.10;

/// Deceleration (m/s²) and gear of `car` coasting on `ground` as it passes [`MATCH_MPS`].
fn deceleration_at_match(car: &CarDef, ground: &str) -> (f32, i8) {
    let mut w = launched(car, ground, START_KMH);
    let mut speeds = Vec::new();
    let mut gear = None;
    // Electric cars coast far with no engine braking: up to a minute.
    for _ in 0..(60.0 / w.dt_s()) as usize {
        w.step(&idle());
        let v = w.player_body().linvel().length();
        if gear.is_none() && v < MATCH_MPS {
            gear = Some((speeds.len(), w.telemetry(0).gear));
        }
        speeds.push(v);
        if gear.is_some_and(|(k, _)| speeds.len() > k + HALF_WINDOW) {
            break;
        }
    }
    let (k, gear) = gear.expect("the car slowed past the match speed");
    assert!(
        k > HALF_WINDOW && k + HALF_WINDOW < speeds.len(),
        "{ground}: crossing at tick {k}"
    );
    let decel = (speeds[k - HALF_WINDOW] - speeds[k + HALF_WINDOW]) / (2 * HALF_WINDOW) as f32 / w.dt_s();
    (decel, gear)
}

#[test]
fn a_car_coasting_on_sand_slows_by_its_rolling_resistance() {
    let sand = table().get(material("sand")).clone();
    assert!(sand.loose && sand.rolling_resistance > 0.0, "{sand:?}");
    for name in ["sedan", "electric"] {
        let car = CarDef::load(&ContentRoot::Embedded, name).unwrap();
        let sim = car.sim().expect("a sim car");
        let (on_asphalt, gear) = deceleration_at_match(&car, "asphalt");
        let (on_sand, sand_gear) = deceleration_at_match(&car, "sand");
        assert_eq!(gear, sand_gear, "{name}: same speed, same gear");
        let r = sim.wheels[0].radius_m;
        let wheels_kg: f32 = sim
            .wheels
            .iter()
            .map(|w| w.inertia_kg_m2 / (w.radius_m * w.radius_m))
            .sum();
        let engine_kg = if gear > 0 {
            sim.engine.moi_kg_m2 * sim.overall_ratio(gear as usize).powi(2) / (r * r)
        } else {
            0.0
        };
        let predicted = sand.rolling_resistance * car.mass_kg * G / (car.mass_kg + wheels_kg + engine_kg);
        let extra = on_sand - on_asphalt;
        println!(
            "{name}: at {MATCH_MPS} m/s in gear {gear}: asphalt {on_asphalt:.3} m/s², sand {on_sand:.3} m/s², \
             extra {extra:.3} (predicted {predicted:.3})"
        );
        assert!(
            (extra - predicted).abs() <= TOLERANCE * predicted,
            "{name}: sand decelerates {extra} m/s² more than asphalt, predicted {predicted}"
        );
    }
}

#[test]
fn a_car_at_rest_on_sand_stays_at_rest() {
    // The rolling resistance fades out at low speed: it never drives a car backwards.
    let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
    let mut w = launched(&car, "sand", 0.0);
    let start = w.player_body().translation();
    run(&mut w, 5.0, &idle());
    let drift_m = (w.player_body().translation() - start).length();
    let speed_mps = w.player_body().linvel().length();
    assert!(
        drift_m < 1e-2 && speed_mps < 1e-2,
        "drift {drift_m} m, speed {speed_mps} m/s"
    );
}
