//! Physical outcomes of the arcade (HARFANG raycast car) model. Each expected value says
//! where it comes from; tolerances say why they are what they are.

use crate::common;

use crate::common::*;
use glam::Vec3;
use skidpad::sim::SimWorld;
use skidpad::vehicle::CarDef;

/// Mean over the wheels of sqrt(compression): the tire reactions sum to
/// Σ sqrt(cᵢ)·Tr·m/N, which carries m·g at rest whatever the pitch, so the mean is g/Tr.
fn mean_sqrt_compression(world: &SimWorld) -> f32 {
    let wheels = world.player().wheels();
    wheels.iter().map(|w| w.compression_m.sqrt()).sum::<f32>() / wheels.len() as f32
}

fn ride_height(world: &SimWorld) -> f32 {
    world.player_body().center_of_mass().y
}

#[test]
fn rests_where_the_tire_reaction_balances_gravity() {
    let car = coupe();
    for rate in [60, 120] {
        let w = settled_on_flat(&car, rate, 6.0);
        let expected = G / arcade(&car).tire_reaction;
        let got = mean_sqrt_compression(&w);
        eprintln!(
            "{rate} Hz: mean sqrt(c) {got:.5} expected {expected:.5}, ride {:.4}",
            ride_height(&w)
        );
        assert!(
            (got / expected - 1.0).abs() < 0.02,
            "{rate} Hz: mean sqrt(c) {got} vs {expected}"
        );
        assert!(w.player().wheels().iter().all(|wh| wh.grounded));
    }
}

#[test]
fn ride_height_is_the_same_at_60_and_120_hz() {
    let car = coupe();
    let h60 = ride_height(&settled_on_flat(&car, 60, 6.0));
    let h120 = ride_height(&settled_on_flat(&car, 120, 6.0));
    assert!(
        (h60 / h120 - 1.0).abs() < 0.02,
        "ride height {h60} m at 60 Hz, {h120} m at 120 Hz"
    );
}

/// Distance from `speed` m/s to rest under full brake, and the forward speeds seen.
fn stopping(car: &CarDef, rate: u32, speed: f32) -> (f32, Vec<f32>) {
    let mut w = settled_on_flat(car, rate, 4.0);
    w.set_player_velocity(Vec3::Z * speed, Vec3::ZERO);
    let start = w.player_body().translation();
    let brake = input(0.0, 0.0, 1.0);
    let mut speeds = Vec::new();
    for _ in 0..(10 * rate) {
        w.step(&brake);
        speeds.push(w.player_forward_speed());
    }
    ((w.player_body().translation() - start).length(), speeds)
}

#[test]
fn stopping_distance_from_20_mps_is_the_same_at_60_and_120_hz() {
    let car = coupe();
    let (d60, _) = stopping(&car, 60, 20.0);
    let (d120, _) = stopping(&car, 120, 20.0);
    // All four wheels down, the brake decelerates at a = brake_mps2 and the chassis' linear
    // damping adds c·v (c = linear_damping): v' = −(a + c·v), which stops in
    // d = v₀/c − (a/c²)·ln(1 + c·v₀/a). 3 % covers the ramp near rest and the integrator.
    let (a, c, v0) = (arcade(&car).brake_mps2, arcade(&car).linear_damping, 20.0f32);
    let expected = v0 / c - a / (c * c) * (1.0 + c * v0 / a).ln();
    eprintln!("stopping: {d60:.3} m at 60 Hz, {d120:.3} m at 120 Hz, expected {expected:.3} m");
    assert!(
        (d60 / d120 - 1.0).abs() < 0.05,
        "{d60} m at 60 Hz vs {d120} m at 120 Hz"
    );
    assert!((d60 / expected - 1.0).abs() < 0.03, "{d60} m vs {expected} m");
}

#[test]
fn brakes_to_rest_without_oscillating() {
    let (_, speeds) = stopping(&coupe(), 60, 10.0);
    let stop = speeds.iter().position(|v| v.abs() < 1e-3).expect("the car stops");
    // The last second before the stop and everything after: never rolls backwards.
    let from = stop.saturating_sub(60);
    let reversed = speeds[from..].iter().filter(|v| **v < -1e-3).count();
    assert_eq!(
        reversed,
        0,
        "forward speed went negative {reversed} times: {:?}",
        &speeds[from..stop + 10]
    );
    assert!(speeds[stop..].iter().all(|v| v.abs() < 1e-3), "creeps after stopping");
}

#[test]
fn does_not_tremble_at_rest() {
    let mut w = settled_on_flat(&coupe(), 60, 5.0);
    let mut worst = 0.0f32;
    for _ in 0..120 {
        w.step(&idle());
        worst = worst.max(w.player_body().linvel().length());
    }
    assert!(worst < 1e-3, "chassis speed up to {worst} m/s at rest");
}

#[test]
fn a_car_sliding_sideways_loses_lateral_speed() {
    let car = coupe();
    let mut w = settled_on_flat(&car, 60, 4.0);
    // 5 m/s straight sideways (+X is the car's left).
    w.set_player_velocity(Vec3::X * 5.0, Vec3::ZERO);
    let lateral = |w: &SimWorld| w.player_body().linvel().dot(*w.player_body().rotation() * Vec3::X);
    let mut lowest = f32::MAX;
    for _ in 0..30 {
        w.step(&idle());
        lowest = lowest.min(lateral(&w));
    }
    // Each wheel's sideways speed decays at a = lateral_adhesion_per_s, but no faster than
    // the Coulomb limit μ·g (tire_friction on asphalt, μ = 1: dv/dt = −min(a·v, μ·g)). The
    // impulses act at wheel height, below the centre of mass, so part of each goes into
    // roll: the centre of mass slows at that rate times m_eff/m = 1/(1 + m·h²/I_roll), 0.8
    // for the boxes' centroid (h ≈ 0.24 m, I_roll ≈ 0.26·m·m²), nearer 1 for the coupe's
    // lower centre of mass (0.48 m: h ≈ 0.1 m). The chassis's linear damping (rapier,
    // dv/dt = −linear·v) slows it too. So after 0.5 s the speed lies between that law's
    // (no roll) and the law with the tire term slowed by 1.5 (a generous roll share).
    let after = lateral(&w);
    let t = arcade(&car);
    let limited = |share: f32| {
        let (a, mu_g) = (t.lateral_adhesion_per_s, t.tire_friction.expect("coupe has one") * 9.81);
        let mut v = 5.0f32;
        for _ in 0..5000 {
            v -= (share * (a * v).min(mu_g) + t.linear_damping * v) * 1e-4;
        }
        v
    };
    let (fastest, slowest) = (limited(1.0), limited(1.0 / 1.5));
    assert!(
        after > fastest && after < slowest,
        "{after} m/s, expected between {fastest} and {slowest}"
    );
    // It slows without overshooting into a slide the other way, and is gone within 1.5 s.
    assert!(lowest > -0.05, "overshot to {lowest} m/s");
    run(&mut w, 1.0, &idle());
    assert!(
        lateral(&w).abs() < 0.05,
        "still sliding at {} m/s after 1.5 s",
        lateral(&w)
    );
}

#[test]
fn thrust_halves_with_one_front_wheel_off_the_ground() {
    let car = coupe();
    // Settle on flat ground, then accelerate for one tick with both front wheels down.
    let mut both = settled_on_flat(&car, 60, 4.0);
    let pose = (both.player_body().translation(), *both.player_body().rotation());
    let v0 = both.player_forward_speed();
    both.step(&input(1.0, 0.0, 0.0));
    let dv_both = both.player_forward_speed() - v0;
    assert!((both.player().as_arcade().unwrap().thrust_n() - car.mass_kg * arcade(&car).thrust_mps2).abs() < 1.0);

    // The same car, same pose, over a pit under its front-right wheel.
    let mut one = common::world(common::pit_under_front_right(), &car, 60);
    one.teleport_player(pose.0 - Vec3::new(0.0, 0.0, pose.0.z), pose.1);
    let v0 = one.player_forward_speed();
    one.step(&input(1.0, 0.0, 0.0));
    let dv_one = one.player_forward_speed() - v0;
    let grounded: Vec<bool> = one.player().wheels().iter().map(|w| w.grounded).collect();
    assert_eq!(grounded, vec![true, false, true, true]);
    // Forward Δv = thrust·dt/m: full thrust gives a·dt, one front wheel half that.
    let full = arcade(&car).thrust_mps2 / 60.0;
    eprintln!("dv both {dv_both:.5}, one {dv_one:.5}, a·dt {full:.5}");
    assert!(
        (dv_both / full - 1.0).abs() < 0.05,
        "both wheels: Δv {dv_both} vs {full}"
    );
    assert!(
        (dv_one / dv_both - 0.5).abs() < 0.05,
        "one wheel: Δv ratio {}",
        dv_one / dv_both
    );
    assert!(
        (one.player().as_arcade().unwrap().thrust_n() / both.player().as_arcade().unwrap().thrust_n() - 0.5).abs()
            < 1e-6
    );
}

#[test]
fn parked_on_a_10_degree_slope_with_the_brake_held_it_creeps_under_5_cm_in_10_s() {
    let car = coupe();
    for rate in [60, 120] {
        let mut w = slope_world(10.0, &car, rate);
        let brake = input(0.0, 0.0, 1.0);
        run(&mut w, 3.0, &brake);
        assert!(
            w.player().wheels().iter().all(|wh| wh.grounded),
            "not parked on the slope"
        );
        let start = w.player_body().translation();
        run(&mut w, 10.0, &brake);
        let creep = (w.player_body().translation() - start).length();
        eprintln!("{rate} Hz: creep {:.2} mm in 10 s", creep * 1000.0);
        assert!(creep < 0.05, "{rate} Hz: crept {creep} m in 10 s");
    }
}

#[test]
fn rolls_down_a_10_degree_slope_without_the_brake() {
    // The hold above is the brake's doing: released, the car rolls back down.
    let mut w = slope_world(10.0, &coupe(), 60);
    run(&mut w, 3.0, &idle());
    assert!(
        w.player_forward_speed() < -1.0,
        "speed {} m/s",
        w.player_forward_speed()
    );
}

#[test]
fn stays_on_the_ground_at_50_mps() {
    let car = coupe();
    let mut w = settled_on_flat(&car, 60, 3.0);
    let rest = w.player_body().translation().y;
    w.set_player_velocity(Vec3::Z * 50.0, Vec3::ZERO);
    let mut lowest = f32::MAX;
    for _ in 0..(4 * 60) {
        w.step(&input(1.0, 0.0, 0.0));
        lowest = lowest.min(w.player_body().translation().y);
        assert!(
            w.player().wheels().iter().all(|wh| wh.grounded),
            "a wheel left the flat ground"
        );
    }
    assert!(w.player_forward_speed() > 45.0);
    // Never lower than 5 cm under its rest height: the springs carry it, nothing sinks.
    assert!(lowest > rest - 0.05, "sank to {lowest} m (rest {rest} m)");
}

#[test]
fn dropped_at_50_mps_it_lands_on_the_ground_not_through_it() {
    let car = coupe();
    let mut w = settled_on_flat(&car, 60, 3.0);
    let p = w.player_body().translation();
    w.teleport_player(p + Vec3::Y * 3.0, glam::Quat::IDENTITY);
    w.set_player_velocity(Vec3::new(0.0, -15.0, 50.0), Vec3::ZERO);
    let mut lowest = f32::MAX;
    for _ in 0..(3 * 60) {
        w.step(&idle());
        lowest = lowest.min(w.player_body().translation().y);
    }
    // The chassis' lowest box face is 0.30 m above its origin: the origin may dip to −0.3
    // at the hardest landing, never below (that would be the body inside the ground).
    assert!(lowest > -0.30, "origin went down to {lowest} m");
    assert!(w.player().wheels().iter().all(|wh| wh.grounded));
}

#[test]
fn two_cars_of_different_mass_behave_alike() {
    let light = coupe();
    let mut heavy = coupe();
    heavy.mass_kg *= 2.5;
    let (hl, hh) = (
        ride_height(&settled_on_flat(&light, 60, 6.0)),
        ride_height(&settled_on_flat(&heavy, 60, 6.0)),
    );
    assert!((hl / hh - 1.0).abs() < 0.02, "ride height {hl} vs {hh}");
    let (dl, _) = stopping(&light, 60, 20.0);
    let (dh, _) = stopping(&heavy, 60, 20.0);
    assert!((dl / dh - 1.0).abs() < 0.05, "stopping {dl} vs {dh}");
    // And the same lap of a turn: full throttle, half steer, 4 s.
    let path = |car: &CarDef| {
        let mut w = settled_on_flat(car, 60, 3.0);
        run(&mut w, 4.0, &input(1.0, 0.5, 0.0));
        w.player_body().translation()
    };
    let (pl, ph) = (path(&light), path(&heavy));
    assert!(pl.distance(ph) < 0.5, "paths end {} m apart", pl.distance(ph));
}

#[test]
fn steering_right_turns_right() {
    steering_right_turns_right_in(&coupe());
}

/// The big-wheeler too (tall, soft, big wheels): full throttle at full lock from rest must
/// turn it, not spin it.
#[test]
fn the_big_wheeler_steering_right_turns_right() {
    steering_right_turns_right_in(&CarDef::load(&skidpad::content::ContentRoot::Embedded, "big_wheeler").unwrap());
}

fn steering_right_turns_right_in(car: &CarDef) {
    let mut w = settled_on_flat(car, 60, 3.0);
    run(&mut w, 3.0, &input(1.0, 1.0, 0.0));
    // +X is left: a right turn ends at negative x, and the car keeps moving.
    let p = w.player_body().translation();
    assert!(p.x < -2.0, "ended at x = {}", p.x);
    assert!(
        w.player_forward_speed() > 3.0,
        "forward {} m/s, velocity {}, at {p}, up {}, yaw rate {}",
        w.player_forward_speed(),
        w.player_body().linvel(),
        *w.player_body().rotation() * Vec3::Y,
        w.player_body().angvel()
    );
}

#[test]
fn a_car_never_sleeps() {
    let mut w = settled_on_flat(&coupe(), 60, 10.0);
    assert!(!w.player_body().is_sleeping());
    run(&mut w, 1.0, &input(1.0, 0.0, 0.0));
    assert!(w.player_forward_speed() > 3.0);
}

#[test]
fn steering_eases_in_at_the_steer_rate() {
    let car = coupe();
    let mut w = settled_on_flat(&car, 60, 2.0);
    let front = |w: &SimWorld| w.player().wheels()[0].steer_rad;
    // Full right lock is −max_steer; the wheels get there at steer_rate, not at once.
    let time_to_lock = car.max_steer_rad / car.steer_rate_rad_per_s;
    let half = (time_to_lock * 0.5 * 60.0).round() as u32;
    for _ in 0..half {
        w.step(&input(0.0, 1.0, 0.0));
    }
    let expected = -car.steer_rate_rad_per_s * half as f32 / 60.0;
    assert!((front(&w) - expected).abs() < 1e-4, "{} rad vs {expected}", front(&w));
    run(&mut w, time_to_lock, &input(0.0, 1.0, 0.0));
    assert!(
        (front(&w) + car.max_steer_rad).abs() < 1e-5,
        "not at full lock: {}",
        front(&w)
    );
    // Rear wheels do not steer.
    assert_eq!(w.player().wheels()[2].steer_rad, 0.0);
}

/// Where the side forces act decides how much load a turn moves to the outside wheels.
/// At the contact patches (the PhysX vehicle's choice, ours since the HARFANG raycast car's
/// wheel-centre point spun cars with a low centre of mass), the steady-state roll moment
/// balance about the centre of mass (Milliken & Milliken, *Race Car Vehicle Dynamics*,
/// ch. 18, lateral load transfer) is Σ Fᵢ·yᵢ = m·a_y·h: the tire reactions Fᵢ, acting
/// straight up through the wheels' ray origins at lateral offsets yᵢ from the centre of
/// mass (world frame, the body's roll included), carry the moment of the side forces at
/// the ground, h below the centre of mass. Side forces at wheel-centre height would move
/// only m·a_y·(h − 0.41 m), a sixth of it for the coupe. Averaged over 2 s of a held
/// half-lock turn at throttle 0.3 from 40 km/h, after 6 s to settle; 10 % allows for what
/// is not steady (the yaw rate still drifts a little as the speed settles) and for the
/// side forces pointing along the axles, a few degrees off the turn's radius.
#[test]
fn a_steady_turn_moves_load_outward_by_the_centre_of_mass_height() {
    for name in ["coupe", "big_wheeler"] {
        let car = CarDef::load(&skidpad::content::ContentRoot::Embedded, name).unwrap();
        let mut w = common::handling::launched(&car, "asphalt", 40.0);
        let held = input(0.3, 0.5, 0.0);
        run(&mut w, 6.0, &held);
        let (mut moment_nm, mut expected_nm, mut n) = (0.0f64, 0.0f64, 0);
        for _ in 0..2 * common::handling::RATE_HZ {
            w.step(&held);
            let body = w.player_body();
            let wheels = w.player().wheels();
            let loads = w.player().as_arcade().unwrap().loads_n();
            let com = body.center_of_mass();
            // The chassis's left, level: a right turn loads the wheels on this side.
            let left = (*body.rotation() * Vec3::X).with_y(0.0).normalize();
            let m: f32 = car
                .wheels
                .iter()
                .zip(loads)
                .map(|(d, f)| f * left.dot(body.translation() + *body.rotation() * d.origin_m - com))
                .sum();
            let ground_y = wheels.iter().map(|s| s.contact_m.y).sum::<f32>() / wheels.len() as f32;
            let h = com.y - ground_y;
            // Steady circle: a_y = v·r toward the centre.
            let a_y = body.linvel().length() * body.angvel().y.abs();
            expected_nm += (car.mass_kg * a_y * h) as f64;
            moment_nm += m as f64;
            n += 1;
            assert!(wheels.iter().all(|s| s.grounded), "{name}: a wheel lifted");
        }
        let (moment_nm, expected_nm) = (moment_nm / n as f64, expected_nm / n as f64);
        println!("{name}: load moment {moment_nm:.0} N·m, m·a_y·h {expected_nm:.0} N·m");
        assert!(expected_nm > 1000.0, "{name}: the car turned hard enough to measure");
        assert!(
            (moment_nm / expected_nm - 1.0).abs() < 0.10,
            "{name}: load moment {moment_nm} vs {expected_nm} N·m"
        );
    }
}
