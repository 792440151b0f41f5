//! Simulation faults (hardening): a non-finite body is found and put back without
//! stopping the world; extreme but valid car parameters do not blow the solver up; a car
//! at 100 m/s never tunnels through a 0.2 m wall.

use crate::common::*;
use glam::{Quat, Vec3};
use skidpad::content::level::DynamicProp;
use skidpad::content::ContentRoot;
use skidpad::sim::{FaultTarget, SimWorld, TickInput};
use skidpad::vehicle::CarDef;
use std::sync::Mutex;

fn shipped(name: &str) -> CarDef {
    CarDef::load(&ContentRoot::Embedded, name).expect("shipped car loads")
}

/// A shipped car file with text substitutions, parsed as a user's file would be: the
/// values used must pass validation (they are "valid", only extreme).
fn car_with(name: &str, edits: &[(&str, &str)]) -> CarDef {
    let path = format!("{}/content/cars/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(path).expect("car file");
    for (from, to) in edits {
        assert!(text.contains(from), "{name}.toml has no `{from}`");
        text = text.replace(from, to);
    }
    CarDef::parse("extreme.toml", name, text.as_bytes()).expect("extreme values are still valid")
}

fn body_finite(w: &SimWorld, car: usize) -> bool {
    let b = w.car_body(car);
    b.translation().is_finite() && b.rotation().is_finite() && b.linvel().is_finite() && b.angvel().is_finite()
}

// ---- log capture: the reset must say so -------------------------------------------------

static LOG: Mutex<Vec<String>> = Mutex::new(Vec::new());

struct Capture;

impl log::Log for Capture {
    fn enabled(&self, m: &log::Metadata) -> bool {
        m.level() <= log::Level::Warn
    }
    fn log(&self, r: &log::Record) {
        if self.enabled(r.metadata()) {
            LOG.lock().unwrap().push(r.args().to_string());
        }
    }
    fn flush(&self) {}
}

fn capture_logs() {
    let _ = log::set_logger(&Capture);
    log::set_max_level(log::LevelFilter::Warn);
}

fn logged(needle: &str) -> usize {
    LOG.lock().unwrap().iter().filter(|l| l.contains(needle)).count()
}

// ---- non-finite state --------------------------------------------------------------------

/// Flat ground, the player (sedan) at the spawn, an AI-style car 60 m to its left and a box
/// prop 30 m to its right, all settled.
fn fault_world() -> SimWorld {
    let mut l = flat();
    l.dynamic.push(DynamicProp {
        shape: skidpad::content::level::DynamicShape::Box(Vec3::splat(1.0)),
        position_m: Vec3::new(-30.0, 0.5, -200.0),
        yaw_rad: 0.0,
        mass_kg: 20.0,
        color: Vec3::ONE,
    });
    let mut w = world(l, &shipped("sedan"), 60);
    w.add_car(&shipped("coupe"), Vec3::new(60.0, 0.3, -200.0), 0.0);
    run(&mut w, 2.0, &idle());
    w
}

#[test]
fn a_car_with_a_non_finite_state_is_reset_and_the_world_goes_on() {
    capture_logs();
    let drive = input(0.6, 0.0, 0.0);
    let mut w = fault_world();
    let mut clean = fault_world();
    run(&mut w, 1.0, &drive);
    run(&mut clean, 1.0, &drive);
    let before = w.player_body().translation();
    let heading_before = (*w.player_body().rotation() * Vec3::Z).x;

    w.inject_non_finite(FaultTarget::Car(0));
    w.step(&drive);
    clean.step(&drive);
    assert_eq!(w.fault_resets(), 1);
    assert!(body_finite(&w, 0));
    assert!(
        logged("car 0 (sedan) had a non-finite") >= 1,
        "{:?}",
        LOG.lock().unwrap()
    );
    // Put back where it last was sound (one tick of driving from `before`, < 0.5 m away),
    // upright, at rest apart from the tick it has since been stepped.
    let after = w.player_body().translation();
    let flat_dist = Vec3::new(after.x - before.x, 0.0, after.z - before.z).length();
    assert!(flat_dist < 0.5, "moved {flat_dist} m");
    assert!(w.player_body().linvel().length() < 0.5);
    assert!((*w.player_body().rotation() * Vec3::Y).y > 0.999);
    assert!(((*w.player_body().rotation() * Vec3::Z).x - heading_before).abs() < 0.01);

    // The other car never noticed: it is where it is in the run without the fault, bit
    // for bit (it is 60 m away; nothing of the reset reaches it).
    assert_eq!(w.car_body(1).translation(), clean.car_body(1).translation());
    assert_eq!(w.car_body(1).linvel(), clean.car_body(1).linvel());

    // And the player drives on: 5 s later it is finite, on its wheels and moving.
    run(&mut w, 5.0, &drive);
    assert!(body_finite(&w, 0));
    assert!(w.player_forward_speed() > 5.0, "{}", w.player_forward_speed());
    assert_eq!(w.fault_resets(), 1, "no further faults");
}

#[test]
fn a_second_fault_within_a_second_goes_back_to_the_start() {
    capture_logs();
    let drive = input(0.8, 0.0, 0.0);
    let mut w = fault_world();
    let start = w.car_body(1).translation();
    w.set_car_control(
        1,
        skidpad::sim::VehicleControl {
            throttle: 0.8,
            ..Default::default()
        },
    );
    run(&mut w, 2.0, &drive);
    assert!(w.car_body(1).translation().distance(start) > 5.0, "the car drove off");
    w.inject_non_finite(FaultTarget::Car(1));
    w.step(&drive);
    w.inject_non_finite(FaultTarget::Car(1));
    w.step(&drive);
    assert_eq!(w.fault_resets(), 2);
    let back = w.car_body(1).translation();
    assert!(
        Vec3::new(back.x - start.x, 0.0, back.z - start.z).length() < 0.1,
        "{back} vs {start}"
    );
    assert!(logged("car 1 (coupe)") >= 2);
    run(&mut w, 3.0, &drive);
    assert!(body_finite(&w, 1) && body_finite(&w, 0));
}

#[test]
fn a_prop_with_a_non_finite_state_is_put_back() {
    capture_logs();
    let mut w = fault_world();
    let home = w.prop_bodies().next().unwrap().translation();
    w.inject_non_finite(FaultTarget::Prop(0));
    w.step(&idle());
    assert_eq!(w.fault_resets(), 1);
    let p = w.prop_bodies().next().unwrap();
    assert!(p.translation().is_finite() && p.linvel().is_finite());
    // Back at its starting place (it falls 0.5·g·dt² ≈ 1 mm in the tick after).
    assert!(p.translation().distance(home) < 0.01, "{} vs {home}", p.translation());
    assert!(logged("prop 0 had a non-finite") >= 1);
}

#[test]
fn fault_recovery_is_deterministic() {
    let run_once = || {
        let mut w = fault_world();
        let drive = input(0.6, 0.3, 0.0);
        run(&mut w, 1.0, &drive);
        w.inject_non_finite(FaultTarget::Car(0));
        run(&mut w, 2.0, &drive);
        w.state_hash()
    };
    assert_eq!(run_once(), run_once());
}

// ---- extreme but valid parameters --------------------------------------------------------

/// A flat asphalt square 8 km across (1 km chunks), the car 3.5 km from the edge: room for
/// 30 s at 1000 km/h.
fn big_flat(car: &CarDef, rate_hz: u32) -> SimWorld {
    let mut l = level(8192.0, "asphalt", Vec3::new(0.0, 0.3, -3500.0), vec![]);
    l.chunk_size_m = 1024.0;
    let mut w = world(l, car, rate_hz);
    run(&mut w, 2.0, &idle());
    w
}

/// The chassis's mechanical energy: ½mv² + ½ωᵀIω + m·g·y.
fn energy_j(w: &SimWorld) -> f32 {
    let b = w.player_body();
    b.kinetic_energy() + b.mass() * G * b.center_of_mass().y
}

struct Ride {
    finite: bool,
    max_height_m: f32,
    max_spin_rad_per_s: f32,
    max_energy_gain: f32,
}

/// Drives `car` on the big flat for `seconds` from `speed_mps` with `control`, watching
/// every tick.
fn ride(car: &CarDef, speed_mps: f32, control: &TickInput, seconds: f32) -> Ride {
    let mut w = big_flat(car, 60);
    if speed_mps > 0.0 {
        w.set_player_velocity(Vec3::new(0.0, 0.0, speed_mps), Vec3::ZERO);
    }
    let rest_y = w.player_body().translation().y;
    let e0 = energy_j(&w);
    let mut r = Ride {
        finite: true,
        max_height_m: f32::MIN,
        max_spin_rad_per_s: 0.0,
        max_energy_gain: f32::MIN,
    };
    for _ in 0..(seconds * 60.0) as u32 {
        w.step(control);
        r.finite &= body_finite(&w, 0) && w.fault_resets() == 0;
        if !r.finite {
            break;
        }
        r.max_height_m = r.max_height_m.max(w.player_body().translation().y - rest_y);
        r.max_spin_rad_per_s = r.max_spin_rad_per_s.max(w.player_body().angvel().length());
        r.max_energy_gain = r.max_energy_gain.max((energy_j(&w) - e0) / e0.abs().max(1.0));
    }
    r
}

#[test]
fn very_light_and_very_heavy_cars_stay_on_the_ground() {
    // The validator's bounds for mass: 1 kg and 10⁶ kg, on each model.
    let cars = [
        ("sedan", "mass = 1500.0", "mass = 1.0"),
        ("sedan", "mass = 1500.0", "mass = 1000000.0"),
        ("coupe", "mass_kg = 1200.0", "mass_kg = 1.0"),
        ("coupe", "mass_kg = 1200.0", "mass_kg = 1000000.0"),
    ];
    for (name, from, to) in cars {
        let car = car_with(name, &[(from, to)]);
        for (what, speed, control) in [
            ("idle", 0.0, idle()),
            ("full throttle and steer", 0.0, input(1.0, 0.5, 0.0)),
            ("braking from 30 m/s", 30.0, input(0.0, 0.0, 1.0)),
        ] {
            let r = ride(&car, speed, &control, 10.0);
            let label = format!("{name} {to}, {what}");
            assert!(r.finite, "{label}: state went non-finite");
            // Never launched: the chassis stays within 0.3 m above where it rested (a
            // 1 kg sedan on sedan springs launched 8 m before the stiffness cap).
            assert!(r.max_height_m < 0.3, "{label}: rose {} m", r.max_height_m);
            assert!(
                r.max_spin_rad_per_s < 3.0,
                "{label}: spun at {} rad/s",
                r.max_spin_rad_per_s
            );
        }
    }
}

#[test]
fn the_stiffest_valid_suspension_does_not_bounce_the_car_off() {
    // The validator's largest spring rate and damper: 10⁸ N/m, 10⁷ N·s/m (ω·dt ≈ 8.6 on
    // the sedan's rear sprung mass at 60 Hz, far past the explicit integrator's limit of 2).
    let car = car_with(
        "sedan",
        &[
            (
                "suspension_spring_rate = 36000.0",
                "suspension_spring_rate = 100000000.0",
            ),
            ("suspension_damper = 3600.0", "suspension_damper = 10000000.0"),
        ],
    );
    for (what, speed, control) in [
        ("idle", 0.0, idle()),
        ("cornering at 30 m/s", 30.0, input(0.5, 0.3, 0.0)),
    ] {
        let r = ride(&car, speed, &control, 10.0);
        assert!(r.finite, "{what}");
        assert!(
            r.max_height_m < 0.1,
            "{what}: rose {} m (it reached 1300 m uncapped)",
            r.max_height_m
        );
        assert!(r.max_spin_rad_per_s < 2.0, "{what}: {}", r.max_spin_rad_per_s);
    }
}

#[test]
fn a_car_at_1000_kmh_neither_gains_energy_nor_leaves_the_ground() {
    let v = 1000.0 / 3.6;
    for name in ["sedan", "electric", "coupe", "big_wheeler"] {
        let car = shipped(name);
        for (what, control) in [("coasting", idle()), ("braking", input(0.0, 0.0, 1.0))] {
            let r = ride(&car, v, &control, 30.0);
            let label = format!("{name} {what} from 1000 km/h");
            assert!(r.finite, "{label}");
            // With no throttle nothing may add energy: tires, brakes, drag and dampers only
            // take it away (0.5 % allows the suspension's stored energy at the start).
            assert!(
                r.max_energy_gain < 0.005,
                "{label}: energy grew {:.2} %",
                r.max_energy_gain * 100.0
            );
            assert!(r.max_height_m < 0.2, "{label}: rose {} m", r.max_height_m);
        }
        // Full lock at 1000 km/h: a real car would spin or roll; the solver must still
        // only lose energy.
        let r = ride(&car, v, &input(0.0, 1.0, 0.0), 30.0);
        assert!(r.finite, "{name} full lock");
        assert!(
            r.max_energy_gain < 0.005,
            "{name} full lock: energy grew {:.2} %",
            r.max_energy_gain * 100.0
        );
    }
}

// ---- tunnelling --------------------------------------------------------------------------

#[test]
fn a_car_at_100_mps_never_passes_through_a_thin_wall() {
    // A wall 0.2 m thick, 4 m high, 40 m wide across the car's path, 40 m ahead.
    let wall_z = -160.0;
    for name in ["sedan", "coupe"] {
        for (rate_hz, speed) in [(60, 100.0), (120, 100.0), (60, 300.0), (120, 300.0)] {
            let wall = block(Vec3::new(40.0, 4.0, 0.2), Vec3::new(0.0, 2.0, wall_z), Quat::IDENTITY);
            let l = level(512.0, "asphalt", Vec3::new(0.0, 0.3, -200.0), vec![wall]);
            let mut w = world(l, &shipped(name), rate_hz);
            run(&mut w, 1.0, &idle());
            w.set_player_velocity(Vec3::new(0.0, 0.0, speed), Vec3::ZERO);
            // The chassis boxes reach about 2.3 m ahead of the body's origin; the whole
            // car must stay on the near side, every tick.
            let mut furthest = f32::MIN;
            for _ in 0..(2 * rate_hz) {
                w.step(&input(1.0, 0.0, 0.0));
                assert!(body_finite(&w, 0));
                furthest = furthest.max(w.player_body().translation().z);
            }
            assert!(
                furthest < wall_z - 0.1 - 1.5,
                "{name} at {rate_hz} Hz reached z = {furthest} (wall face at {})",
                wall_z - 0.1
            );
            // It hit the wall (it did not stop short by some other means).
            assert!(furthest > wall_z - 4.0, "{name} at {rate_hz} Hz stopped at {furthest}");
        }
    }
}

#[test]
fn ccd_sweeps_a_car_only_when_a_step_moves_it_half_its_extent_along_the_motion() {
    // rapier's tunnelling criterion (sweep when a step moves the body more than half its
    // thickness) measured against the whole car's box along the motion (vendor rapier patch
    // 7). The sedan's chassis boxes span 4.6 m long, 1.78 m wide (content/cars/sedan.toml):
    // half-widths 2.3 m and 0.89 m, so at 60 Hz it is swept above 69 m/s straight ahead and
    // above 26.7 m/s sideways. Before the patch its 0.45 m cabin made it 6.75 m/s any way.
    let sedan = shipped("sedan");
    for (velocity, swept) in [
        (Vec3::new(0.0, 0.0, 40.0), false),
        (Vec3::new(0.0, 0.0, 100.0), true),
        (Vec3::new(15.0, 0.0, 0.0), false),
        (Vec3::new(40.0, 0.0, 0.0), true),
    ] {
        let l = level(512.0, "asphalt", Vec3::new(0.0, 0.3, 0.0), vec![]);
        let mut w = world(l, &sedan, 60);
        run(&mut w, 1.0, &idle());
        w.set_player_velocity(velocity, Vec3::ZERO);
        w.step(&idle());
        assert_eq!(
            w.player_body().is_ccd_active(),
            swept,
            "sedan at {velocity} m/s (body frame = world frame at spawn)"
        );
    }
}
