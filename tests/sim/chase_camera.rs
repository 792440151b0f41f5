//! The chase camera follows on a spring, not rigidly, and never goes into the ground or a
//! wall.

use crate::common;

use crate::common::*;
use glam::{Quat, Vec3};
use skidpad::app::ChaseCamera;
use skidpad::sim::SimWorld;

#[test]
fn follows_smoothly_behind_an_accelerating_car() {
    let mut w = settled_on_flat(&coupe(), 60, 2.0);
    let mut cam = ChaseCamera::new(&w);
    let rest_gap = (cam.camera(1.0).eye - w.player_body().translation()).length();
    let mut max_gap = rest_gap;
    let mut max_step = 0.0f32;
    let mut prev_eye = cam.camera(1.0).eye;
    for _ in 0..(3 * 60) {
        w.step(&input(1.0, 0.0, 0.0));
        cam.update(&w, w.dt_s());
        let eye = cam.camera(1.0).eye;
        max_gap = max_gap.max((eye - w.player_body().translation()).length());
        max_step = max_step.max(eye.distance(prev_eye));
        prev_eye = eye;
    }
    // A spring lags behind an accelerating car (a rigid attach would hold the gap).
    assert!(
        max_gap > rest_gap + 0.3,
        "gap {rest_gap} → {max_gap}: camera is rigidly attached"
    );
    // But it keeps up: never more than 3 m further back, and it never jumps (per tick it
    // moves no more than the car's top speed here, ~20 m/s, allows: 0.35 m).
    assert!(max_gap < rest_gap + 3.0, "camera fell {} m behind", max_gap - rest_gap);
    assert!(max_step < 0.35, "camera jumped {max_step} m in a tick");
    // The camera looks at the car.
    let c = cam.camera(1.0);
    let to_car = (w.player_body().translation() - c.eye).normalize();
    assert!((c.target - c.eye).normalize().dot(to_car) > 0.95);
}

fn world_with(boxes: Vec<skidpad::content::level::StaticProp>, car_at: Vec3, heading: Quat) -> SimWorld {
    let mut level = flat();
    level.props = boxes;
    let mut w = common::world(level, &coupe(), 60);
    w.teleport_player(car_at, heading);
    run(&mut w, 1.0, &idle());
    w
}

#[test]
fn stays_in_front_of_a_wall_behind_the_car() {
    // A wall 3 m behind the car (the car faces +Z; the wall's front face is at z = −3).
    let wall = block(Vec3::new(20.0, 6.0, 1.0), Vec3::new(0.0, 3.0, -3.5), Quat::IDENTITY);
    let mut w = world_with(vec![wall], Vec3::new(0.0, 0.2, 0.0), Quat::IDENTITY);
    let mut cam = ChaseCamera::new(&w);
    for _ in 0..120 {
        w.step(&idle());
        cam.update(&w, w.dt_s());
        let eye = cam.camera(1.0).eye;
        assert!(eye.z > -3.0, "camera inside or behind the wall: z = {}", eye.z);
    }
}

#[test]
fn stays_above_a_steep_hill_behind_the_car() {
    // A 35° hill rising behind the car: 7.5 m back it stands 5 m high, above where the
    // camera wants to be (2.6 m up).
    let rot = Quat::from_rotation_x(35f32.to_radians());
    // Top face centre 20 m up-slope from the origin, so the face passes through it.
    let hill = block(
        Vec3::new(30.0, 1.0, 40.0),
        rot * Vec3::new(0.0, 0.0, -20.0) + rot * Vec3::new(0.0, -0.5, 0.0),
        rot,
    );
    // The hill's top surface passes through (0, 0, 0) and rises toward −Z.
    let mut w = world_with(vec![hill], Vec3::new(0.0, 0.2, 3.0), Quat::IDENTITY);
    let surface_y = |z: f32| -z * 35f32.to_radians().tan();
    let mut cam = ChaseCamera::new(&w);
    for _ in 0..120 {
        w.step(&idle());
        cam.update(&w, w.dt_s());
        let eye = cam.camera(1.0).eye;
        assert!(eye.y > surface_y(eye.z) + 0.1, "camera in the hill: {eye:?}");
    }
}

#[test]
fn passes_under_a_beam_overhead_without_being_lifted_over_it() {
    // A start gantry's beam 20 m wide, its underside 3.75 m up, right over where the camera
    // wants to be (7.5 m behind the car, 2.6 m up). Looking for the ground from 4 m above
    // the eye would find the beam's top and lift the camera over it, looking down on the
    // car; it stays under the beam.
    let beam = block(Vec3::new(20.0, 0.5, 1.0), Vec3::new(0.0, 4.0, -7.5), Quat::IDENTITY);
    let mut w = world_with(vec![beam], Vec3::new(0.0, 0.2, 0.0), Quat::IDENTITY);
    let mut cam = ChaseCamera::new(&w);
    for tick in 0..120 {
        w.step(&idle());
        cam.update(&w, w.dt_s());
        let eye = cam.camera(1.0).eye;
        assert!(eye.y < 3.75 - 0.3, "tick {tick}: lifted over the beam: {eye:?}");
        assert!(eye.y > 2.0, "tick {tick}: still its height: {eye:?}");
    }
}

#[test]
fn keeps_its_clearance_from_a_post_beside_its_line_of_sight() {
    // A post 0.2 m square, 6 m high, where the camera wants to be (7.5 m behind the car),
    // its side 0.05 m from the line between the car and the camera: a ray along that line
    // misses it and would leave the eye 0.05 m from it, the near plane (0.12 m half-
    // diagonal) cutting into it. The swept sphere stops the camera its clearance (0.35 m)
    // short of it.
    let post = block(Vec3::new(0.2, 6.0, 0.2), Vec3::new(0.15, 3.0, -7.5), Quat::IDENTITY);
    let (lo, hi) = (Vec3::new(0.05, 0.0, -7.6), Vec3::new(0.25, 6.0, -7.4));
    let mut w = world_with(vec![post], Vec3::new(0.0, 0.2, 0.0), Quat::IDENTITY);
    let mut cam = ChaseCamera::new(&w);
    for tick in 0..120 {
        w.step(&idle());
        cam.update(&w, w.dt_s());
        let eye = cam.camera(1.0).eye;
        let gap = (eye.clamp(lo, hi) - eye).length();
        // 0.3 m: the clearance less 5 cm for the shape cast's tolerance and the spring
        // moving the eye after it was clipped.
        assert!(gap > 0.3, "tick {tick}: the eye {eye:?} is {gap} m from the post");
    }
}
