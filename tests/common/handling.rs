//! Handling manoeuvres on flat ground built in code: a full-lock turn held from a speed,
//! and the ISO 3888-1 double lane change followed by a path-following steer controller.
//! Each returns the largest roll angle and whether every wheel is down at the end.
#![allow(dead_code)]

use super::{input, level, world};
use glam::{Quat, Vec3};
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::CarDef;
use skidpad::vehicle::PointMass;

/// Tick rate of the manoeuvres, Hz (the game's default rate).
pub const RATE_HZ: u32 = 60;

/// What a manoeuvre did to the car.
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    /// Largest |roll| of the chassis during the run, degrees.
    pub max_roll_deg: f32,
    /// Every wheel's ray hits the ground at the end of the run.
    pub all_wheels_down: bool,
    /// Speed at the end, km/h.
    pub end_speed_kmh: f32,
}

/// The car's top speed on asphalt, m/s: thrust / linear damping for the arcade model
/// (rapier's damping `dv/dt = −c·v`), the point-mass model's for a sim car.
pub fn top_speed_mps(car: &CarDef) -> f32 {
    match car.arcade() {
        Some(a) => a.thrust_mps2 / a.linear_damping,
        None => PointMass::new(car, 1.0, super::G).expect("a sim car").top_speed_mps(),
    }
}

/// The full-lock sweep's speeds, km/h: 20, 40, … and the top speed itself.
pub fn sweep_speeds_kmh(car: &CarDef) -> Vec<f32> {
    let top = top_speed_mps(car) * 3.6;
    let mut v: Vec<f32> = (1..).map(|i| 20.0 * i as f32).take_while(|s| *s < top - 1.0).collect();
    v.push(top.floor());
    v
}

/// Roll of the chassis about its own forward axis, degrees: the angle of its left axis
/// (+X) above the horizon, measured in the plane of left and up so a car on its roof
/// reads beyond 90.
pub fn roll_deg(world: &SimWorld) -> f32 {
    let rot = *world.player_body().rotation();
    let left = rot * Vec3::X;
    let up = rot * Vec3::Y;
    left.y.atan2(up.y).to_degrees()
}

/// A car settled on a flat square of `ground` material, facing +Z, then set moving at
/// `speed_kmh` straight ahead.
pub fn launched(car: &CarDef, ground: &str, speed_kmh: f32) -> SimWorld {
    let l = level(1024.0, ground, Vec3::new(0.0, 0.3, -400.0), vec![]);
    let mut w = world(l, car, RATE_HZ);
    // Settle on the wheels first, so the run starts from the ride height.
    for _ in 0..RATE_HZ {
        w.step(&TickInput::default());
    }
    w.set_player_velocity(Vec3::Z * (speed_kmh / 3.6), Vec3::ZERO);
    w
}

fn outcome(w: &SimWorld, max_roll_deg: f32) -> Outcome {
    Outcome {
        max_roll_deg,
        all_wheels_down: w.player().wheels().iter().all(|s| s.grounded),
        end_speed_kmh: w.player_body().linvel().length() * 3.6,
    }
}

/// Full lock (steer = 1) and throttle 0.3 held for `seconds` from `speed_kmh` on flat
/// `ground`.
pub fn full_lock(car: &CarDef, ground: &str, speed_kmh: f32, seconds: f32) -> Outcome {
    let mut w = launched(car, ground, speed_kmh);
    let held = input(0.3, 1.0, 0.0);
    let mut max_roll = 0.0f32;
    for _ in 0..(seconds * RATE_HZ as f32) as u32 {
        w.step(&held);
        max_roll = max_roll.max(roll_deg(&w).abs());
    }
    outcome(&w, max_roll)
}

/// The ISO 3888-1 double lane change's centre line: lateral offset (+X, to the left) at
/// distance `z_m` from the course start. Sections: 15 m entry lane, 30 m to the offset
/// lane, 25 m offset lane, 25 m back, 30 m exit lane; the offset lane is 3.5 m to the
/// side. The transitions are cosine ramps (the shape a driver steers between the cones).
pub fn lane_change_offset_m(z_m: f32) -> f32 {
    const OFFSET_M: f32 = 3.5;
    let ramp = |t: f32| OFFSET_M * 0.5 * (1.0 - (std::f32::consts::PI * t.clamp(0.0, 1.0)).cos());
    match z_m {
        z if z < 15.0 => 0.0,
        z if z < 45.0 => ramp((z - 15.0) / 30.0),
        z if z < 70.0 => OFFSET_M,
        z if z < 95.0 => OFFSET_M - ramp((z - 70.0) / 25.0),
        _ => 0.0,
    }
}

/// The ISO 3888-1 double lane change at `speed_kmh` on flat asphalt, driven by pure
/// pursuit on [`lane_change_offset_m`] (look-ahead 0.5 s of travel, at least 8 m; the
/// wanted road-wheel angle over the car's lock at this speed is the steer input), with
/// throttle 0.3; the course runs 125 m, then 2 s straight on. Also returns the largest
/// distance from the centre line, m.
pub fn lane_change(car: &CarDef, speed_kmh: f32) -> (Outcome, f32) {
    let mut w = launched(car, "asphalt", speed_kmh);
    let start = w.player_body().translation();
    let wheelbase = car.wheelbase_m();
    let (mut max_roll, mut max_miss, mut after_s) = (0.0f32, 0.0f32, 0.0f32);
    while after_s < 2.0 {
        let body = w.player_body();
        let p = body.translation() - start;
        let speed = body.linvel().length();
        let look = (0.5 * speed).max(8.0);
        let target = Vec3::new(lane_change_offset_m(p.z + look), 0.0, p.z + look);
        let rot: Quat = *body.rotation();
        let to = rot.inverse() * (target - Vec3::new(p.x, 0.0, p.z));
        // Pure pursuit: curvature 2·sin(α)/ℓ toward the point, road-wheel angle atan(L·κ);
        // α > 0 is to the left (+X), and a positive steer input turns right.
        let alpha = to.x.atan2(to.z);
        let wanted = (wheelbase * 2.0 * alpha.sin() / look).atan();
        let steer = (-wanted / car.max_steer_at_rad(speed).max(1e-3)).clamp(-1.0, 1.0);
        let control = TickInput {
            control: VehicleControl {
                throttle: 0.3,
                steer,
                ..VehicleControl::default()
            },
            reset: false,
            ..Default::default()
        };
        w.step(&control);
        max_roll = max_roll.max(roll_deg(&w).abs());
        if p.z <= 125.0 {
            max_miss = max_miss.max((p.x - lane_change_offset_m(p.z)).abs());
        } else {
            after_s += w.dt_s();
        }
        if w.sim_seconds() > 30.0 {
            break;
        }
    }
    (outcome(&w, max_roll), max_miss)
}
