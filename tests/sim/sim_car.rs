//! The sim model (drivetrain and slipping tires) in a world: rest, low speed, gears,
//! surfaces, handbrake, Ackermann control. The validation suite (`tests/sim/validation.rs`)
//! covers braking, cornering, step steer, acceleration and coast-down against physics.

use crate::common::*;
use glam::{Quat, Vec3};
use skidpad::content::ContentRoot;
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::CarDef;
use skidpad::vehicle::{AckermannControl, AckermannController};

fn sedan() -> CarDef {
    CarDef::load(&ContentRoot::Embedded, "sedan").expect("sedan loads")
}

fn control(c: VehicleControl) -> TickInput {
    TickInput {
        control: c,
        reset: false,
        ..Default::default()
    }
}

fn settled(car: &CarDef, rate_hz: u32) -> SimWorld {
    let mut w = world(flat(), car, rate_hz);
    run(&mut w, 2.0, &idle());
    w
}

#[test]
fn tire_loads_carry_the_weight_at_rest() {
    for name in ["sedan", "electric"] {
        let car = CarDef::load(&ContentRoot::Embedded, name).unwrap();
        let w = settled(&car, 60);
        let t = w.telemetry(0);
        let total: f32 = t.wheels().iter().map(|w| w.load_n).sum();
        // Σ F_z = m·g on flat ground once the springs have settled.
        assert!(
            (total - car.mass_kg * G).abs() < 0.005 * car.mass_kg * G,
            "{name}: {total}"
        );
        // And each wheel carries its sprung mass (lever rule of the centre of mass).
        for (wt, wd) in t.wheels().iter().zip(&car.sim().unwrap().wheels) {
            assert!(
                (wt.load_n - wd.rest_load_n).abs() < 0.01 * wd.rest_load_n,
                "{name}: {wt:?}"
            );
        }
    }
}

#[test]
fn a_car_at_rest_on_flat_ground_does_not_creep_or_jitter() {
    let car = sedan();
    let mut w = settled(&car, 60);
    let start = w.player_body().translation();
    let mut peak_speed = 0.0f32;
    for _ in 0..600 {
        w.step(&idle());
        peak_speed = peak_speed.max(w.player_body().linvel().length());
    }
    let drift = (w.player_body().translation() - start).length();
    // 10 s idle: under a millimetre of drift, under a millimetre per second of motion.
    assert!(drift < 1e-3, "drift {drift} m");
    assert!(peak_speed < 1e-3, "peak speed {peak_speed} m/s");
}

/// A plane tilted `deg` about Z (a cross-slope: the car faces along it, its left side low).
fn cross_slope(deg: f32, car: &CarDef) -> SimWorld {
    let rot = Quat::from_rotation_z(deg.to_radians());
    let normal = rot * Vec3::Y;
    let centre = Vec3::new(0.0, 50.0, 0.0);
    let surface = centre + normal;
    let mut l = level(
        512.0,
        "asphalt",
        surface + normal * 0.1,
        vec![block(Vec3::new(60.0, 2.0, 200.0), centre, rot)],
    );
    l.props[0].material = material("asphalt");
    let mut w = world(l, car, 60);
    w.teleport_player(surface + normal * 0.1, rot);
    w
}

#[test]
fn parked_on_a_cross_slope_it_does_not_creep_sideways() {
    // 15°: tan 15° = 0.27 of the load sideways, well inside asphalt's μ = 1. The low-speed
    // hold must keep the car still, without a brake (gravity has no component along the car).
    let car = sedan();
    let mut w = cross_slope(15.0, &car);
    run(&mut w, 2.0, &idle());
    let start = w.player_body().translation();
    run(&mut w, 10.0, &idle());
    let drift = (w.player_body().translation() - start).length();
    assert!(drift < 5e-3, "crept {drift} m in 10 s");
}

#[test]
fn braked_on_a_slope_it_holds_and_released_it_rolls() {
    let car = sedan();
    let mut w = slope_world(10.0, &car, 60);
    let hold = control(VehicleControl {
        brake: 1.0,
        ..VehicleControl::default()
    });
    run(&mut w, 2.0, &hold);
    let start = w.player_body().translation();
    run(&mut w, 10.0, &hold);
    assert!((w.player_body().translation() - start).length() < 5e-3);
    // Released in neutral... the autobox has first gear with an open clutch: it rolls back.
    run(&mut w, 3.0, &idle());
    assert!(
        w.player_forward_speed() < -0.5,
        "rolls back: {}",
        w.player_forward_speed()
    );
}

#[test]
fn the_autobox_climbs_through_the_gears() {
    let car = sedan();
    let mut w = settled(&car, 60);
    let mut gears = Vec::new();
    for _ in 0..(40 * 60) {
        w.step(&input(1.0, 0.0, 0.0));
        let g = w.telemetry(0).gear;
        if g != 0 && gears.last() != Some(&g) {
            gears.push(g);
        }
    }
    assert_eq!(gears, vec![1, 2, 3, 4, 5, 6], "gears engaged in order");
    // Never over the rev limit by more than one tick's worth.
    assert!(w.telemetry(0).engine_rpm < car.sim().unwrap().engine.max_rpm * 1.05);
}

#[test]
fn manual_gears_and_reverse() {
    let car = sedan();
    let mut w = settled(&car, 60);
    let second = control(VehicleControl {
        throttle: 0.3,
        manual_gear_shift: true,
        gear: 2,
        ..VehicleControl::default()
    });
    run(&mut w, 3.0, &second);
    assert_eq!(w.telemetry(0).gear, 2);
    assert!(w.player_forward_speed() > 1.0);
    // Stop, then reverse: gear −1 and the car goes backwards.
    run(
        &mut w,
        4.0,
        &control(VehicleControl {
            brake: 1.0,
            ..VehicleControl::default()
        }),
    );
    run(
        &mut w,
        3.0,
        &control(VehicleControl {
            throttle: 0.5,
            reverse: true,
            ..VehicleControl::default()
        }),
    );
    assert_eq!(w.telemetry(0).gear, -1);
    assert!(w.player_forward_speed() < -1.0, "{}", w.player_forward_speed());
}

#[test]
fn braking_on_ice_reads_the_surface_friction() {
    // Ice has μ = 0.1 (content/materials.toml) and the sedan's tire_friction is 1: from
    // 8 m/s the locked car needs v²/(2·μ·g) = 64 / 1.962 = 32.6 m (drag adds < 1 %).
    // (It gets there gently: more than ~0.4 m/s² spins the rear wheels, and a spinning
    // rear tire has no sideways grip left — the car would spin, as a real one does.)
    let car = sedan();
    let mut w = world(level(1024.0, "ice", Vec3::new(0.0, 0.05, -400.0), vec![]), &car, 60);
    run(&mut w, 2.0, &idle());
    let mut ctl = AckermannController::default();
    for _ in 0..(60 * 60) {
        let v = w.player_forward_speed();
        let c = ctl.control(
            &AckermannControl {
                speed: 8.0,
                acceleration: 0.25,
                ..AckermannControl::default()
            },
            v,
            car.max_steer_at_rad(v),
            w.dt_s(),
        );
        w.step(&control(c));
        if (v - 8.0).abs() < 0.05 {
            break;
        }
    }
    let v0 = w.player_forward_speed();
    let start = w.player_body().translation();
    run(&mut w, 20.0, &input(0.0, 0.0, 1.0));
    let distance = (w.player_body().translation() - start).length();
    let expected = v0 * v0 / (2.0 * 0.1 * G);
    assert!(
        (distance - expected).abs() < 0.03 * expected,
        "{distance} vs {expected}"
    );
}

#[test]
fn the_handbrake_locks_the_rear_wheels_only() {
    let car = sedan();
    let mut w = settled(&car, 60);
    w.set_player_velocity(Vec3::Z * 10.0, Vec3::ZERO);
    run(&mut w, 0.1, &idle());
    run(
        &mut w,
        0.5,
        &control(VehicleControl {
            hand_brake: true,
            ..VehicleControl::default()
        }),
    );
    let t = w.telemetry(0);
    let sim = car.sim().unwrap();
    for (wt, wd) in t.wheels().iter().zip(&sim.wheels) {
        if wd.max_handbrake_torque_nm > 0.0 {
            assert_eq!(wt.wheel_speed_mps, 0.0, "rear locked");
        } else {
            assert!(
                (wt.wheel_speed_mps - t.forward_speed_mps).abs() < 0.5,
                "front rolls: {wt:?}"
            );
        }
    }
}

#[test]
fn ackermann_control_reaches_its_speed_and_steer() {
    let car = sedan();
    let mut w = settled(&car, 60);
    let mut ctl = AckermannController::default();
    let target = AckermannControl {
        speed: 15.0,
        steer: 0.03,
        acceleration: 3.0,
        ..AckermannControl::default()
    };
    for _ in 0..(15 * 60) {
        let v = w.player_forward_speed();
        let c = ctl.control(&target, v, car.max_steer_at_rad(v), w.dt_s());
        w.step(&control(c));
    }
    assert!(
        (w.player_forward_speed() - 15.0).abs() < 0.3,
        "{}",
        w.player_forward_speed()
    );
    // Positive steer turns right: the front wheels point right (negative angle about +Y),
    // by 0.03 rad on average (Ackermann spreads them around it).
    let front: f32 = w.player().wheels()[..2].iter().map(|w| w.steer_rad).sum::<f32>() / 2.0;
    assert!((front + 0.03).abs() < 0.002, "{front}");
    assert!(w.player_body().angvel().y < -0.05, "turning right");
}

#[test]
fn a_sim_car_run_is_deterministic() {
    let car = sedan();
    let hashes: Vec<u64> = (0..2)
        .map(|_| {
            let mut w = world(flat(), &car, 60);
            for i in 0..600 {
                let t = i as f32 / 60.0;
                w.step(&input(
                    if t < 6.0 { 1.0 } else { 0.0 },
                    (t * 0.7).sin(),
                    if t > 8.0 { 1.0 } else { 0.0 },
                ));
            }
            w.state_hash()
        })
        .collect();
    assert_eq!(hashes[0], hashes[1]);
}

#[test]
fn teleport_puts_the_sim_car_at_rest_in_first_gear() {
    let car = sedan();
    let mut w = settled(&car, 60);
    run(&mut w, 5.0, &input(1.0, 0.0, 0.0));
    w.teleport_player(Vec3::new(10.0, 0.3, 0.0), Quat::IDENTITY);
    w.step(&idle());
    assert!(w.player_body().linvel().length() < 0.2);
    assert!(w.telemetry(0).wheels().iter().all(|w| w.wheel_speed_mps.abs() < 0.1));
}
