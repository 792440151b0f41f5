//! The manoeuvres of `skidpad validate`, each driven in a fresh proving-ground world and
//! measured from the simulation's own state (no model internals).

use super::proving_ground;
use crate::content::{ContentError, MaterialTable};
use crate::sim::{SimWorld, TickInput, VehicleControl};
use crate::vehicle::CarDef;
use crate::vehicle::{AckermannControl, AckermannController};
use glam::Vec3;

/// Below this speed the car counts as stopped, m/s.
const STOPPED_MPS: f32 = 0.05;

/// A manoeuvre's driver: the world, the car and an Ackermann controller.
struct Driver<'a> {
    world: SimWorld,
    car: &'a CarDef,
    ackermann: AckermannController,
}

impl<'a> Driver<'a> {
    fn new(materials: &MaterialTable, car: &'a CarDef, rate_hz: u32) -> Result<Self, ContentError> {
        let mut world = proving_ground::world(materials, car, rate_hz)?;
        // Settle on the springs.
        for _ in 0..rate_hz {
            world.step(&TickInput::default());
        }
        Ok(Self {
            world,
            car,
            ackermann: AckermannController::default(),
        })
    }

    fn dt(&self) -> f32 {
        self.world.dt_s()
    }

    fn speed(&self) -> f32 {
        self.world.player_forward_speed()
    }

    fn position(&self) -> Vec3 {
        self.world.player_body().translation()
    }

    /// Nose angle left of +Z, radians.
    fn yaw(&self) -> f32 {
        let f = *self.world.player_body().rotation() * Vec3::Z;
        f.x.atan2(f.z)
    }

    fn step(&mut self, control: VehicleControl) {
        self.world.step(&TickInput {
            control,
            reset: false,
            ..Default::default()
        });
    }

    /// Steering that keeps the car on the strip's centre line, heading +Z (Ackermann
    /// convention: positive steers right).
    fn lane_keeping_steer(&self) -> f32 {
        0.01 * self.position().x + 0.6 * self.yaw()
    }

    fn ackermann_step(&mut self, target: AckermannControl) {
        let v = self.speed();
        let c = self
            .ackermann
            .control(&target, v, self.car.max_steer_at_rad(v), self.world.dt_s());
        self.step(c);
    }

    /// Drives along the strip to `speed_mps` and holds it for `hold_s`.
    fn reach_speed(&mut self, speed_mps: f32, hold_s: f32) {
        let limit = (120.0 / self.dt()) as u32;
        let hold = (hold_s / self.dt()) as u32;
        let mut steady = 0;
        for _ in 0..limit {
            let target = AckermannControl {
                speed: speed_mps,
                steer: self.lane_keeping_steer(),
                ..AckermannControl::default()
            };
            self.ackermann_step(target);
            if (self.speed() - speed_mps).abs() < 0.15 {
                steady += 1;
                if steady >= hold {
                    return;
                }
            }
        }
    }
}

/// Straight braking: distance from full brake at `from_mps` to rest, m.
pub fn braking_distance(
    materials: &MaterialTable,
    car: &CarDef,
    rate_hz: u32,
    from_mps: f32,
) -> Result<f32, ContentError> {
    let mut d = Driver::new(materials, car, rate_hz)?;
    d.reach_speed(from_mps, 1.0);
    let start = d.position();
    let limit = (30.0 / d.dt()) as u32;
    for _ in 0..limit {
        let steer = d.lane_keeping_steer() / car.max_steer_at_rad(d.speed()).max(1e-3);
        d.step(VehicleControl {
            brake: 1.0,
            steer: steer.clamp(-1.0, 1.0),
            ..VehicleControl::default()
        });
        if d.speed() < STOPPED_MPS {
            break;
        }
    }
    let travelled = d.position() - start;
    Ok(Vec3::new(travelled.x, 0.0, travelled.z).length())
}

/// Constant-radius circle at a slowly rising speed: the largest centripetal acceleration
/// (v²/r about the circle's centre, averaged over 1 s) the car holds while staying within
/// 2 m of the circle and turning at the circle's rate (not spinning), m/s².
pub fn circle_max_lateral_accel(
    materials: &MaterialTable,
    car: &CarDef,
    rate_hz: u32,
    radius_m: f32,
    expected_limit_mps2: f32,
) -> Result<f32, ContentError> {
    let mut d = Driver::new(materials, car, rate_hz)?;
    let centre = d.position() + Vec3::X * radius_m;
    let dt = d.dt();
    let window = rate_hz as usize;
    let mut history = Vec::with_capacity(window);
    let mut best = 0.0f32;
    let top = (1.25 * expected_limit_mps2 * radius_m).sqrt();
    let ramp_mps2 = 0.25;
    let mut target_speed = 5.0f32;
    let limit = ((top - 5.0) / ramp_mps2 / dt) as u32 + (20.0 / dt) as u32;
    for _ in 0..limit {
        let p = d.position();
        let to_car = Vec3::new(p.x - centre.x, 0.0, p.z - centre.z);
        let off_circle = to_car.length() - radius_m;
        // Pure pursuit of a point on the circle ahead (the centre is to the car's left).
        let angle = to_car.z.atan2(to_car.x);
        let lookahead_m = (0.6 * d.speed()).max(6.0);
        let ahead_angle = angle - lookahead_m / radius_m;
        let goal = centre + Vec3::new(ahead_angle.cos(), 0.0, ahead_angle.sin()) * radius_m;
        let to_goal = goal - p;
        let heading = d.yaw();
        let bearing = to_goal.x.atan2(to_goal.z) - heading;
        let bearing = (bearing + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI;
        let distance = to_goal.length().max(1e-3);
        let wheelbase = car.wheelbase_m();
        let delta = (2.0 * wheelbase * bearing.sin() / distance).atan();
        d.ackermann_step(AckermannControl {
            steer: -delta,
            speed: target_speed,
            ..AckermannControl::default()
        });
        target_speed = (target_speed + ramp_mps2 * dt).min(top);
        let body = d.world.player_body();
        // Centripetal acceleration of the centre of mass about the circle's centre.
        let radial = to_car.normalize_or(Vec3::X);
        let tangential = body.linvel() - radial * radial.dot(body.linvel());
        let lateral = Vec3::new(tangential.x, 0.0, tangential.z).length_squared() / to_car.length().max(1.0);
        // On the circle the yaw rate is v/R; a car spinning out has much more.
        let follows = (body.angvel().y.abs() * radius_m / d.speed().max(0.1) - 1.0).abs() < 0.1;
        if history.len() == window {
            history.remove(0);
        }
        history.push((lateral, if follows { off_circle.abs() } else { f32::INFINITY }));
        if history.len() == window && history.iter().all(|(_, e)| *e < 2.0) {
            let mean = history.iter().map(|(a, _)| a).sum::<f32>() / window as f32;
            best = best.max(mean.abs());
        }
        if off_circle.abs() > 6.0 && d.speed() > 8.0 {
            break;
        }
    }
    Ok(best)
}

/// What a step-steer run measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepSteer {
    /// Steady yaw rate, rad/s (magnitude).
    pub yaw_rate_rad_per_s: f32,
    /// Mean road-wheel angle of the steered wheels, rad (magnitude).
    pub steer_rad: f32,
    /// Forward speed while it was measured, m/s.
    pub speed_mps: f32,
}

/// Small step steer at `speed_mps`: a left turn of `delta_rad` held at constant speed; the
/// steady yaw rate after 5 s, averaged over the last 1.5 s.
pub fn step_steer(
    materials: &MaterialTable,
    car: &CarDef,
    rate_hz: u32,
    speed_mps: f32,
    delta_rad: f32,
) -> Result<StepSteer, ContentError> {
    let mut d = Driver::new(materials, car, rate_hz)?;
    d.reach_speed(speed_mps, 2.0);
    let ticks = (6.5 / d.dt()) as u32;
    let measure_from = (5.0 / d.dt()) as u32;
    let (mut yaw, mut steer, mut speed, mut n) = (0.0, 0.0, 0.0, 0.0);
    for i in 0..ticks {
        d.ackermann_step(AckermannControl {
            steer: -delta_rad,
            speed: speed_mps,
            ..AckermannControl::default()
        });
        if i >= measure_from {
            let car_state = d.world.player();
            let steered: Vec<f32> = car_state
                .wheels()
                .iter()
                .zip(&car.wheels)
                .filter(|(_, w)| w.steered)
                .map(|(s, _)| s.steer_rad.abs())
                .collect();
            steer += steered.iter().sum::<f32>() / steered.len().max(1) as f32;
            yaw += d.world.player_body().angvel().y.abs();
            speed += d.speed();
            n += 1.0;
        }
    }
    Ok(StepSteer {
        yaw_rate_rad_per_s: yaw / n,
        steer_rad: steer / n,
        speed_mps: speed / n,
    })
}

/// Full throttle from rest: seconds to `to_mps`.
pub fn acceleration_time(
    materials: &MaterialTable,
    car: &CarDef,
    rate_hz: u32,
    to_mps: f32,
) -> Result<f32, ContentError> {
    let mut d = Driver::new(materials, car, rate_hz)?;
    let limit = (60.0 / d.dt()) as u32;
    for i in 0..limit {
        let steer = d.lane_keeping_steer() / car.max_steer_at_rad(d.speed()).max(1e-3);
        d.step(VehicleControl {
            throttle: 1.0,
            steer: steer.clamp(-1.0, 1.0),
            ..VehicleControl::default()
        });
        if d.speed() >= to_mps {
            return Ok((i + 1) as f32 * d.dt());
        }
    }
    Ok(f32::INFINITY)
}

/// Full throttle from rest until the speed stops rising (less than 0.1 m/s gained over
/// 5 s) or 240 s pass: the speed then, m/s.
pub fn top_speed(materials: &MaterialTable, car: &CarDef, rate_hz: u32) -> Result<f32, ContentError> {
    let mut d = Driver::new(materials, car, rate_hz)?;
    let per_second = rate_hz as usize;
    let mut samples: Vec<f32> = Vec::with_capacity(256);
    for i in 0..(240 * per_second) {
        let steer = d.lane_keeping_steer() / car.max_steer_at_rad(d.speed()).max(1e-3);
        d.step(VehicleControl {
            throttle: 1.0,
            steer: steer.clamp(-1.0, 1.0),
            ..VehicleControl::default()
        });
        if (i + 1) % per_second == 0 {
            samples.push(d.speed());
            let n = samples.len();
            if n > 10 && samples[n - 1] - samples[n - 6] < 0.1 {
                break;
            }
        }
        if d.position().z > proving_ground::LENGTH_M * 0.5 - 100.0 {
            break;
        }
    }
    Ok(d.speed())
}

/// What a coast-down measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CoastDown {
    /// Seconds from `from_mps` to `to_mps` with the throttle closed.
    pub time_s: f32,
    /// Gear engaged when the throttle closed.
    pub start_gear: i8,
}

/// Holds `from_mps`, closes the throttle, and times the fall to `to_mps`.
pub fn coast_down(
    materials: &MaterialTable,
    car: &CarDef,
    rate_hz: u32,
    from_mps: f32,
    to_mps: f32,
) -> Result<CoastDown, ContentError> {
    let mut d = Driver::new(materials, car, rate_hz)?;
    d.reach_speed(from_mps, 3.0);
    let start_gear = d.world.telemetry(0).gear;
    let limit = (120.0 / d.dt()) as u32;
    for i in 0..limit {
        let steer = d.lane_keeping_steer() / car.max_steer_at_rad(d.speed()).max(1e-3);
        d.step(VehicleControl {
            steer: steer.clamp(-1.0, 1.0),
            ..VehicleControl::default()
        });
        if d.speed() <= to_mps {
            return Ok(CoastDown {
                time_s: (i + 1) as f32 * d.dt(),
                start_gear,
            });
        }
    }
    Ok(CoastDown {
        time_s: f32::INFINITY,
        start_gear,
    })
}
