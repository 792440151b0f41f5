//! The slipstream in the world: a sedan at full throttle in the wake of an identical one on
//! a straight gains speed on it, by what the wake model's drag reduction predicts; out of
//! the wake (to the side, or far behind) it gains nothing.

use crate::common::*;
use glam::Vec3;
use skidpad::content::ContentRoot;
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::CarDef;

/// Both cars' speed when the throttle goes down, m/s.
const START_MPS: f32 = 30.0;
/// How long both run at full throttle, s.
const RUN_S: f32 = 6.0;

fn full_throttle() -> VehicleControl {
    VehicleControl {
        throttle: 1.0,
        ..VehicleControl::default()
    }
}

/// A sedan leading (the player's, at the flat level's spawn) and an identical one `back_m`
/// behind it and `side_m` to its side, both rolling at [`START_MPS`] along +z; both at full
/// throttle for [`RUN_S`]. Returns the world, and the speed the follower should have gained
/// on the leader by the model: ∫ R(gap, lateral) · ½ρC_dAv² / m dt, with the gap, the
/// lateral offset and the follower's speed measured each tick.
fn tow(back_m: f32, side_m: f32) -> (SimWorld, f32) {
    let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
    let sim = car.sim().unwrap().clone();
    let mut w = world(flat(), &car, 60);
    let spawn = w.player_body().translation();
    w.add_car(&car, spawn + Vec3::new(side_m, 0.0, -back_m), 0.0);
    run(&mut w, 1.5, &idle());
    for i in 0..2 {
        w.set_car_velocity(i, Vec3::new(0.0, 0.0, START_MPS), Vec3::ZERO);
    }
    w.set_car_control(1, full_throttle());
    let input = TickInput {
        control: full_throttle(),
        ..TickInput::default()
    };
    let mut predicted_mps = 0.0;
    for _ in 0..(RUN_S / w.dt_s()).round() as u32 {
        let (lead, follow) = (w.car_body(0).translation(), w.car_body(1).translation());
        let speed = w.car_body(1).linvel().length();
        let r = car.slipstream.drag_reduction(lead.z - follow.z, lead.x - follow.x);
        predicted_mps += r * sim.drag_n(speed) / car.mass_kg * w.dt_s();
        w.step(&input);
    }
    (w, predicted_mps)
}

fn closing_mps(w: &SimWorld) -> f32 {
    w.car_forward_speed(1) - w.car_forward_speed(0)
}

#[test]
fn a_follower_in_the_tow_gains_on_an_identical_leader_as_the_wake_predicts() {
    let (w, predicted) = tow(12.0, 0.0);
    let closing = closing_mps(&w);
    let gap_m = w.car_body(0).translation().z - w.car_body(1).translation().z;
    println!(
        "12 m behind at {START_MPS} m/s, {RUN_S} s full throttle: closing {closing:.3} m/s (model {predicted:.3}), gap {gap_m:.2} m, drag scale {:.3}",
        w.car_drag_scale(1)
    );
    // 12 m behind at 30–40 m/s: 17–25 % less drag, 60–120 N, 0.04–0.08 m/s² more: a few
    // tenths of a m/s in 6 s (measured 0.336 m/s, the model's sum 0.412). The sum leaves out
    // the wheels' and engine's inertia (more mass to speed up) and the faster car's own
    // higher drag and lower engine force at the speed gained, so the gain falls short of it,
    // by less than a quarter.
    assert!(predicted > 0.2, "model gain {predicted} m/s");
    assert!(
        closing > 0.0 && (closing - predicted).abs() < 0.25 * predicted,
        "closing {closing} m/s, model {predicted} m/s"
    );
    assert!(gap_m < 12.0, "gap {gap_m} m");
    assert!(w.car_drag_scale(1) < 0.85 && w.car_drag_scale(0) == 1.0);
}

#[test]
fn out_of_the_wake_a_follower_gains_nothing() {
    for (back_m, side_m) in [(12.0, 5.0), (45.0, 0.0)] {
        let (w, predicted) = tow(back_m, side_m);
        let closing = closing_mps(&w);
        println!("{back_m} m back, {side_m} m aside: closing {closing:.4} m/s");
        assert_eq!(predicted, 0.0);
        assert!(
            closing.abs() < 0.01,
            "{back_m} m back, {side_m} m aside: closing {closing} m/s"
        );
        assert_eq!((w.car_drag_scale(0), w.car_drag_scale(1)), (1.0, 1.0));
    }
}
