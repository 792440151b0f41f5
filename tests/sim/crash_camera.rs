//! The chase camera in the crash level's head-on wall hit (issue 17, part 6): at every tick
//! the eye is outside the player's car (its chassis boxes' bounds) and outside the wall,
//! and after the impact it shakes, then settles instead of lunging at the stopped car.
//!
//! The wall is the level's own (`content/levels/crash/level.toml`: 24 m wide, 3 m high,
//! 1 m thick, its face toward the cars at z = 99.5); the car starts at the `wall` spawn and
//! is launched at it at 30 m/s with the throttle held, then brakes once it has stopped.

use glam::{Vec2, Vec3};
use skidpad::app::ChaseCamera;
use skidpad::content::{load_level, ContentRoot};
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::CarDef;

/// The wall's bounds (x, y, z ranges), m.
const WALL_MIN: Vec3 = Vec3::new(-12.0, 0.0, 99.5);
const WALL_MAX: Vec3 = Vec3::new(12.0, 3.0, 100.5);

/// Ticks the camera is given to settle after the car stops: 4 s. A critically damped
/// spring (1/ω = 0.33 s) closes the 2.25 m from the held gap to its place to under a
/// millimetre in that time; the car itself pitches and bounces on its springs for the
/// first 2 s or so after the hit, and the camera follows its motion.
const SETTLE_TICKS: usize = 240;

fn inside(p: Vec3, lo: Vec3, hi: Vec3) -> bool {
    p.cmpge(lo).all() && p.cmple(hi).all()
}

/// The player's chassis boxes' bounds, in the car's frame.
fn car_bounds(car: &CarDef) -> (Vec3, Vec3) {
    car.chassis.iter().fold(
        (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
        |(lo, hi), b| {
            (
                lo.min(b.position_m - b.size_m * 0.5),
                hi.max(b.position_m + b.size_m * 0.5),
            )
        },
    )
}

/// (the largest camera move in one tick once the car has stopped at the wall, m; the
/// largest before the impact, m; the nearest the eye came to the car's bounds, m; the
/// largest move in one tick other than with the car from [`SETTLE_TICKS`] after the hit
/// to the end of the 12 s run, m).
fn crash(car_name: &str) -> (f32, f32, f32, f32) {
    let root = ContentRoot::Embedded;
    let level = load_level(&root, "crash").unwrap();
    let car = CarDef::load(&root, car_name).unwrap();
    let parked: Vec<CarDef> = level
        .level
        .parked_cars
        .iter()
        .map(|p| CarDef::load(&root, &p.car).unwrap())
        .collect();
    let mut w = SimWorld::new(&level, &car, &parked, 60);
    w.set_player_velocity(Vec3::Z * 30.0, Vec3::ZERO);
    let mut cam = ChaseCamera::new(&w);
    let (lo, hi) = car_bounds(&car);
    let throttle = TickInput {
        control: VehicleControl {
            throttle: 1.0,
            ..Default::default()
        },
        ..Default::default()
    };
    let mut prev = cam.camera(1.0).eye;
    let (mut before, mut after, mut nearest, mut last) = (0.0f32, 0.0f32, f32::INFINITY, 0.0f32);
    let mut hit_tick = None;
    let brake = TickInput {
        control: VehicleControl {
            brake: 1.0,
            ..Default::default()
        },
        ..Default::default()
    };
    let mut prev_car = w.player_body().translation();
    let mut shook = 0.0f32;
    for tick in 0..(12 * 60) {
        // Throttle into the wall, then the brake held, as a player would.
        w.step(if hit_tick.is_some() { &brake } else { &throttle });
        cam.update(&w, w.dt_s());
        let eye = cam.camera(1.0).eye;
        let body = w.player_body();
        let local = body.rotation().inverse() * (eye - body.translation());
        assert!(
            !inside(local, lo, hi),
            "tick {tick}: camera inside the car at {local} (car frame)"
        );
        assert!(
            !inside(eye, WALL_MIN, WALL_MAX),
            "tick {tick}: camera inside the wall at {eye}"
        );
        // Distance from the eye to the car's box, in the car's frame.
        nearest = nearest.min((local - local.clamp(lo, hi)).length());
        let eye_step = eye - prev;
        let step = eye_step.length();
        let speed = Vec2::new(body.linvel().x, body.linvel().z).length();
        if hit_tick.is_none() && body.translation().z > 90.0 && speed < 5.0 {
            hit_tick = Some(tick);
        }
        prev = eye;
        shook = shook.max(cam.shake_m());
        match hit_tick {
            None => before = before.max(step),
            Some(_) => after = after.max(step),
        }
        // How much the camera moved other than with the car (which may still creep along
        // the wall).
        let car_step = body.translation() - prev_car;
        prev_car = body.translation();
        if hit_tick.is_some_and(|t| tick >= t + SETTLE_TICKS) {
            last = last.max((eye_step - car_step).length());
        }
    }
    assert!(hit_tick.is_some(), "the car reached the wall and stopped");
    // A 30 m/s hit exchanges far more than the 18 kN·s that shakes fully (1200 kg × 30 m/s
    // = 36 kN·s), so the camera shook its full 0.12 m, and the shake died away.
    assert!(shook > 0.1, "{car_name}: the camera shook {shook} m");
    assert!(cam.shake_m() < 1e-3, "{car_name}: still shaking {} m", cam.shake_m());
    (after, before, nearest, last)
}

#[test]
fn the_camera_stays_out_of_the_car_and_the_wall_and_settles_after_the_hit() {
    for car in ["coupe", "sedan"] {
        let (after, before, nearest, last) = crash(car);
        println!(
            "{car}: crash camera: largest step {before:.3} m/tick before the hit, {after:.3} m/tick after it, {last:.5} m/tick from 4 s after it; nearest the car's bounds {nearest:.2} m"
        );
        // The camera keeps 70 % of the default view's 7.5 m, 5.25 m, from the car's origin
        // across the ground, and the cars' boxes reach at most 2.3 m behind it, so ~2.9 m
        // from their bounds; 2.5 m allows for the car turning a little against the wall.
        // Without the gap the coupe's camera came within 0.86 m.
        assert!(nearest > 2.5, "{car}: camera came within {nearest} m of the car");
        // It settles: never moves faster after the hit than while following the car.
        assert!(
            after <= before,
            "{car}: {after} m/tick after the hit vs {before} before"
        );
        // And comes to rest behind the car: under 1 mm a tick (6 cm/s) apart from the car's
        // own motion, from 4 s after the hit (the car reaches the wall about 4 s into the
        // run).
        assert!(
            last < 1e-3,
            "{car}: camera still moving {last} m/tick  4 s after the hit"
        );
    }
}
