//! The lap time's adjoint gradient against central differences, and the minimum-time
//! descent that follows it (only lower laps, inside the borders' box, never crossing).

use super::*;

/// The adjoint gradient of the lap time against central differences of the same f64 lap
/// time, every lateral of the circuit, for `model`; returns how many components agree.
fn gradient_agreement(model: &ProfileCar, lat: &Laterals, ts: &[f64]) -> (usize, usize) {
    let mut grad = Vec::new();
    let mut scratch = GradientScratch::default();
    let lap = model.lap_time_gradient(lat, ts, &mut grad, &mut scratch);
    // The f64 lap is the f32 profile's to rounding.
    let pts: Vec<f32> = ts.iter().map(|t| *t as f32).collect();
    let f32_lap = model.profile(&lat.points(&pts)).lap_time_s as f64;
    assert!((lap - f32_lap).abs() < 1e-4 * lap, "{lap} vs {f32_lap}");
    let largest = grad.iter().fold(0.0f64, |m, g| m.max(g.abs()));
    assert!(largest > 0.0);
    // h moves a point by ~0.1 mm: the lap changes by ~1e-7 s, far above f64's 1e-14 s, and
    // rarely crosses a kink of the profile (where a min() changes side).
    let h = 1e-5;
    let (mut agree, mut moved) = (ts.to_vec(), Vec::new());
    let mut ok = 0;
    for i in 0..ts.len() {
        agree[i] = ts[i] + h;
        let up = model.lap_time_gradient(lat, &agree, &mut moved, &mut scratch);
        agree[i] = ts[i] - h;
        let down = model.lap_time_gradient(lat, &agree, &mut moved, &mut scratch);
        agree[i] = ts[i];
        let fd = (up - down) / (2.0 * h);
        if (fd - grad[i]).abs() <= 1e-3 * fd.abs() + 1e-4 * largest {
            ok += 1;
        } else {
            eprintln!("lateral {i}: adjoint {:.6e}, central differences {fd:.6e}", grad[i]);
        }
    }
    (ok, ts.len())
}

#[test]
fn the_lap_times_adjoint_gradient_matches_central_differences() {
    // The descent's gradient (reverse mode through the speed profile's passes) against
    // central differences, lateral by lateral, on the circuit with the sedan: nominal μ
    // (friction circle, the drive table in the best gear, drag), and with a grip fading
    // with speed and a measured drive (the level's model: both of its extra branches). The
    // line is a wave across the track, so corners are taken on and off their limit. A
    // component may disagree where the difference straddles a kink of the profile (a
    // min() changing side, a drive-table sample): at most 2 % of them.
    let sedan = car("sedan");
    let lat = Laterals::from_track("circuit", &circuit(), &LateralOptions::for_car(&sedan)).unwrap();
    let n = lat.len();
    let ts: Vec<f64> = (0..n)
        .map(|i| 0.5 + 0.35 * (std::f64::consts::TAU * 5.0 * i as f64 / n as f64).sin())
        .collect();
    let nominal = car_model(&sedan, 1.0).unwrap();
    let measured = nominal
        .clone()
        .with_measured_grip((12.0, 9.0), (35.0, 7.5))
        .with_measured_drive((0..12).map(|b| 6.0 - 0.45 * b as f32).collect());
    for (name, model) in [("nominal", &nominal), ("fading grip, measured drive", &measured)] {
        let (ok, all) = gradient_agreement(model, &lat, &ts);
        eprintln!("{name}: {ok} of {all} components agree");
        assert!(ok * 100 >= 98 * all, "{name}: only {ok} of {all} components agree");
    }
    // An arcade car: no friction circle, its viscous lateral friction's cornering drag.
    let coupe = car("coupe");
    let lat = Laterals::from_track("circuit", &circuit(), &LateralOptions::for_car(&coupe)).unwrap();
    let model = car_model(&coupe, 1.0).unwrap();
    assert!(model.cornering_drag_mps2(20.0, 1.0 / 50.0) > 0.0);
    let (ok, all) = gradient_agreement(&model, &lat, &ts);
    eprintln!("arcade coupe: {ok} of {all} components agree");
    assert!(
        ok * 100 >= 98 * all,
        "arcade coupe: only {ok} of {all} components agree"
    );
}

#[test]
fn the_minimum_time_descent_only_lowers_the_lap_and_stays_in_the_box() {
    // From the minimum-curvature line on the circuit (the QP under the borders), the
    // descent lowers the lap time through the profile and keeps every value in [0, 1],
    // so the line keeps the laterals' margin from the borders.
    let sedan = car("sedan");
    let model = car_model(&sedan, 1.0).unwrap();
    let lat = Laterals::from_track("circuit", &circuit(), &LateralOptions::for_car(&sedan)).unwrap();
    let mut line = qp_line(&lat, LineShape::MinimumCurvature);
    let before = model.profile(&lat.points(&line)).lap_time_s;
    let params = DescentParams {
        max_gradients: 300,
        ..DescentParams::default()
    };
    let mut laps = Vec::new();
    let done = descend(&lat, &model, &mut line, &params, &mut |_, lap| laps.push(lap));
    let after = model.profile(&lat.points(&line)).lap_time_s;
    eprintln!(
        "circuit, sedan: minimum curvature {before:.3} s, after the descent {after:.3} s ({} iterations, {} gradients)",
        done.iterations, done.gradients
    );
    assert!(laps.windows(2).all(|w| w[1] < w[0]), "every accepted step is faster");
    assert!(done.gradients <= params.max_gradients);
    // Measured 104.87 → 103.96 s (0.87 %) in 300 gradients; a descent reaching less than
    // half of that has lost its way.
    assert!(after < 0.996 * before, "{after} vs {before}");
    assert!(line.iter().all(|t| (0.0..=1.0).contains(t)));
    assert!(lat.border_clearance_m(&lat.points(&line)) >= lat.edge_margin_m - 0.02);
    assert!(self_crossings(&lat.points(&line)).is_empty());
}
