//! The AI driver on lines built in code: it laps a circle at the line's speed without
//! leaving it, with either vehicle model, and several AI cars share one world.

use crate::common::*;
use glam::{Vec2, Vec3};
use skidpad::ai::{AiDriver, AiSettings, DrivingLine, LapTimer};
use skidpad::content::ContentRoot;
use skidpad::sim::SimWorld;
use skidpad::vehicle::CarDef;
use std::sync::Arc;

const RADIUS_M: f32 = 60.0;

/// A circle of 60 m around the origin, driven counter-clockwise seen from above (left
/// turns), at 70 % of the friction limit sqrt(μ·g·R) = 24.3 m/s on asphalt.
fn circle_line() -> Arc<DrivingLine> {
    let n = 240;
    let points: Vec<Vec2> = (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            // (x, z) = R(−sin a, cos a)... starting at (0, −R) heading +x.
            Vec2::new(a.sin(), -a.cos()) * RADIUS_M
        })
        .collect();
    let speed = 0.7 * (G * RADIUS_M).sqrt();
    Arc::new(DrivingLine::new(points, vec![speed; n]).unwrap())
}

fn circle_world(car: &CarDef) -> SimWorld {
    // Start on the circle at (0, −R), facing +x (heading π/2 about +Y turns +Z into +X).
    let mut w = world(level(400.0, "asphalt", Vec3::new(0.0, 0.3, -RADIUS_M), vec![]), car, 60);
    w.teleport_player(
        Vec3::new(0.0, 0.3, -RADIUS_M),
        glam::Quat::from_rotation_y(std::f32::consts::FRAC_PI_2),
    );
    w
}

fn drive_laps(car_name: &str) -> (u64, f32, f32) {
    let car = CarDef::load(&ContentRoot::Embedded, car_name).unwrap();
    let line = circle_line();
    let mut w = circle_world(&car);
    let mut ai = AiDriver::new(line.clone(), &car, AiSettings::default());
    let mut timer = LapTimer::new();
    let mut worst_offset = 0.0f32;
    for tick in 0..(60 * 90) {
        let c = ai.control(&car, w.player_body(), &w.telemetry(0), w.dt_s());
        w.step(&input(c.throttle, c.steer, c.brake));
        let p = w.player_body().translation();
        let pos = Vec2::new(p.x, p.z);
        if tick > 60 * 15 {
            worst_offset = worst_offset.max(line.locate(pos, None).offset_m.abs());
        }
        timer.update(&line, pos, w.tick());
        if timer.laps_ticks().len() >= 2 {
            break;
        }
    }
    let lap = *timer.laps_ticks().last().expect("two laps timed");
    (lap, worst_offset, w.player_forward_speed())
}

#[test]
fn the_ai_laps_a_circle_on_the_line_with_both_models() {
    let line = circle_line();
    let target = 0.7 * (G * RADIUS_M).sqrt() * AiSettings::default().speed_scale;
    // A lap at the target speed takes 2πR / v.
    let expected_s = line.length_m() / target;
    for car in ["sedan", "coupe"] {
        let (lap_ticks, offset, speed) = drive_laps(car);
        let lap_s = lap_ticks as f32 / 60.0;
        assert!(
            (lap_s - expected_s).abs() < 0.03 * expected_s,
            "{car}: lap {lap_s} s vs {expected_s} s"
        );
        assert!(offset < 1.5, "{car}: strayed {offset} m from the line");
        assert!((speed - target).abs() < 1.0, "{car}: {speed} m/s vs {target}");
    }
}

#[test]
fn several_ai_cars_share_a_world() {
    let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
    let line = circle_line();
    let mut w = circle_world(&car);
    // Three more cars spaced 25 m apart behind the player along the circle.
    let mut drivers = vec![AiDriver::new(line.clone(), &car, AiSettings::default())];
    for k in 1..4 {
        let p = line.point_at(-25.0 * k as f32);
        let ahead = line.point_at(-25.0 * k as f32 + 1.0) - p;
        let heading = ahead.x.atan2(ahead.y);
        let i = w.add_car(&car, Vec3::new(p.x, 0.3, p.y), heading);
        assert_eq!(i, k);
        drivers.push(AiDriver::new(line.clone(), &car, AiSettings::default()));
    }
    for _ in 0..(60 * 30) {
        for (i, d) in drivers.iter_mut().enumerate().skip(1) {
            let c = d.control(&car, w.car_body(i), &w.telemetry(i), w.dt_s());
            w.set_car_control(i, c);
        }
        let c = drivers[0].control(&car, w.player_body(), &w.telemetry(0), w.dt_s());
        w.step(&input(c.throttle, c.steer, c.brake));
    }
    for i in 0..4 {
        let p = w.car_body(i).translation();
        let off = line.locate(Vec2::new(p.x, p.z), None).offset_m.abs();
        assert!(off < 2.0, "car {i} is {off} m off the line");
        assert!(w.car_forward_speed(i) > 10.0, "car {i} drives");
    }
}

#[test]
fn an_ai_car_follows_a_stopped_car_instead_of_ramming_it() {
    let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
    let line = circle_line();
    let mut w = circle_world(&car);
    // The opponent starts 10 m behind the player, who stands on the line braking.
    let mut opponents = skidpad::app::Opponents::spawn(&mut w, &line, std::slice::from_ref(&car));
    let mut closest = f32::INFINITY;
    for _ in 0..(60 * 20) {
        opponents.drive(&mut w);
        w.step(&input(0.0, 0.0, 1.0));
        closest = closest.min((w.car_body(1).translation() - w.player_body().translation()).length());
    }
    // Centres never closer than a car length and a half (the sedan is 4.6 m long), and the
    // follower ends at rest behind the player.
    assert!(closest > 5.5, "came within {closest} m");
    assert!(w.car_forward_speed(1).abs() < 0.3, "{}", w.car_forward_speed(1));
}
