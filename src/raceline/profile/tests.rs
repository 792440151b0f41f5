//! The speed profile's tests.

use super::*;
use crate::content::ContentRoot;

fn circle(r: f32, n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            Vec2::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

#[test]
fn the_sedan_model_matches_its_point_mass() {
    let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
    let model = ProfileCar::from_def(&car, 1.0, GRAVITY_MPS2);
    let pm = PointMass::new(&car, 1.0, GRAVITY_MPS2).unwrap();
    // Straight-line acceleration: the table against the point mass's own best gear.
    for v in [5.0, 12.3, 20.0, 35.0, 45.0] {
        let (a, b) = (model.acceleration_mps2(v, 0.0), pm.max_acceleration_mps2(v));
        assert!((a - b).abs() < 0.02 * b.abs().max(0.5), "{v}: {a} vs {b}");
    }
    // Braking on the flat from 30 m/s: μg plus drag and rolling over the mass with
    // the wheels (friction-limited: the brakes hold 22 kN, the tires 14.7 kN).
    let sim = car.sim().unwrap();
    let expected =
        (1500.0 * 9.81 + sim.drag_n(30.0) + model.rolling_n_per_mps * 30.0) / (1500.0 + 4.0 / 0.33f32.powi(2));
    assert!((model.braking_mps2(30.0, 0.0) - expected).abs() < 1e-3);
    // At the friction limit in a corner nothing is left for the brakes, only drag.
    let v = model.corner_speed_mps(0.02);
    let drag_only = model.resistance_n(v) / model.brake_mass_kg;
    assert!(
        (model.braking_mps2(v, 0.02) - drag_only).abs() < 0.02,
        "{}",
        model.braking_mps2(v, 0.02)
    );
}

#[test]
fn a_circle_is_driven_at_its_friction_limit_and_a_straight_needs_the_engine() {
    let car = ProfileCar::constant(1.0, 9.81, 3.0, 8.0, 60.0);
    let pts = circle(50.0, 300);
    let p = car.profile(&pts);
    let v = (9.81f32 * 50.0).sqrt();
    assert!(
        p.speed_mps.iter().all(|s| (s - v).abs() < 1e-3 * v),
        "{:?}",
        &p.speed_mps[..5]
    );
    assert!(
        (p.lap_time_s - p.length_m / v).abs() < 1e-3 * p.lap_time_s,
        "{} vs {}",
        p.lap_time_s,
        p.length_m / v
    );
    assert!(p.gear.iter().all(|g| *g == 1));
}

#[test]
fn measured_grip_fading_with_speed_slows_only_the_fast_corners() {
    let g = 9.8;
    // μ = 1 held at 10 m/s, 0.5 at 30 m/s: linear in v² between.
    let car = ProfileCar::constant(1.0, g, 3.0, 8.0, 60.0).with_measured_grip((10.0, g), (30.0, 0.5 * g));
    // A slow corner (μg/k = 50 m²/s² < 10²) keeps the full grip.
    let slow = car.corner_speed_mps(g / 50.0);
    assert!((slow * slow - 50.0).abs() < 1e-3, "{slow}");
    // Beyond the fast point the grip is the fast figure: μ = 0.5 on k = 0.002
    // (v² = 2450, under the 60 m/s top speed).
    let fast = car.corner_speed_mps(0.002);
    assert!((fast * fast - 0.5 * g / 0.002).abs() < 1e-3 * 2450.0, "{fast}");
    // On the fade, by hand: u·k = g·(1 − 0.5·(u − 100)/800) with k = 0.0098 gives
    // u (0.0098 + 9.8·0.5/800) = 9.8·(1 + 0.5·100/800), u = 10.4125/0.015925 = 653.85.
    let mid = car.corner_speed_mps(0.0098);
    assert!((mid * mid - 653.85).abs() < 0.05, "{}", mid * mid);
    // The friction circle at that point is full: next to nothing left for braking
    // (under a tenth of the faded grip's μ(u)·g = 0.68·9.8); on the straight the
    // faded circle's 6.7 m/s² caps the constant car's 8 m/s² brakes.
    assert!(
        car.braking_mps2(mid, 0.0098).abs() < 0.67,
        "{}",
        car.braking_mps2(mid, 0.0098)
    );
    let faded = car.mu_at(mid * mid) * g;
    assert!((car.braking_mps2(mid, 0.0) - faded).abs() < 1e-4, "{faded}");
}

#[test]
fn curvature_cost_prefers_the_wider_arc() {
    assert!(curvature_cost(&circle(50.0, 200)) < curvature_cost(&circle(30.0, 200)));
    // Σk²ds of a circle is 2πR/R² = 2π/R.
    let c = curvature_cost(&circle(50.0, 400));
    assert!((c - std::f32::consts::TAU / 50.0).abs() < 1e-4, "{c}");
}
