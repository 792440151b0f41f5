//! What a scenario run measures, tick by tick: the player car's stopping distance,
//! airtime, jump distance, peak deceleration, impact speed and the rest of
//! `skidpad_bake::scenario::METRICS`. It only reads the world after each tick; the
//! scenario runner and play's challenge both measure with it.

use crate::sim::SimWorld;
use glam::{Quat, Vec3};
use serde::Serialize;
use std::collections::BTreeMap;

/// One run's measurements.
#[derive(Debug, Clone, Serialize)]
pub struct RunResult {
    /// Run name.
    pub name: String,
    /// Metric name → value.
    pub metrics: BTreeMap<&'static str, f64>,
    /// The world's state hash at the end of the run (16 hex digits).
    pub state_hash: String,
}

/// Below this speed (m/s) a braking car counts as stopped.
const STOPPED_MPS: f32 = 0.1;
/// A prop tilted past this from upright, or moved further than [`MOVED_M`], toppled.
const TOPPLED_DEG: f32 = 45.0;
/// See [`TOPPLED_DEG`].
const MOVED_M: f32 = 1.0;
/// Standard gravity (ISO 80000-3), m/s²: decelerations are reported in g of it.
const STANDARD_GRAVITY_MPS2: f32 = 9.80665;

/// Accumulates the player car's measurements over a run.
pub struct Recorder {
    start: Vec3,
    heading: Vec3,
    last: Vec3,
    distance: f32,
    stop_distance: Option<f32>,
    max_progress: f32,
    max_speed: f32,
    air_ticks: u32,
    longest_air_ticks: u32,
    landing: Option<(f32, f32)>,
    wheel_ticks: u64,
    grounded_wheel_ticks: u64,
    max_compression_ratio: f32,
    props_start: Vec<Vec3>,
    dt_s: f32,
    last_velocity: Vec3,
    /// The hardest deceleration along the direction of travel, m/s², and the speed just
    /// before it (on the crash level: the impact).
    peak_decel: f32,
    impact_speed: f32,
    /// Where the car last left the ground, and the longest jump's horizontal distance.
    takeoff: Vec3,
    jump_distance: f32,
}

/// Pitch and roll of `rot` in degrees (absolute), from its forward and left axes.
fn attitude_deg(rot: Quat) -> (f32, f32) {
    let fwd = rot * Vec3::Z;
    let left = rot * Vec3::X;
    (
        fwd.y.clamp(-1.0, 1.0).asin().to_degrees().abs(),
        left.y.clamp(-1.0, 1.0).asin().to_degrees().abs(),
    )
}

impl Recorder {
    /// Starts measuring `world` with the car facing `heading`.
    pub fn new(world: &SimWorld, heading: Vec3) -> Self {
        let p = world.player_body().translation();
        Self {
            start: p,
            heading: Vec3::new(heading.x, 0.0, heading.z).normalize_or(Vec3::Z),
            last: p,
            distance: 0.0,
            stop_distance: None,
            max_progress: 0.0,
            max_speed: 0.0,
            air_ticks: 0,
            longest_air_ticks: 0,
            landing: None,
            wheel_ticks: 0,
            grounded_wheel_ticks: 0,
            max_compression_ratio: 0.0,
            props_start: world.prop_bodies().map(|b| b.translation()).collect(),
            dt_s: world.dt_s(),
            last_velocity: world.player_body().linvel(),
            peak_decel: 0.0,
            impact_speed: 0.0,
            takeoff: p,
            jump_distance: 0.0,
        }
    }

    /// Records the state after a tick.
    pub fn record(&mut self, world: &SimWorld) {
        let body = world.player_body();
        let p = body.translation();
        let step = Vec3::new(p.x - self.last.x, 0.0, p.z - self.last.z).length();
        self.distance += step;
        self.last = p;
        let speed = body.linvel().length();
        self.max_speed = self.max_speed.max(speed);
        // Deceleration along the direction the car was moving: -(Δv · v̂)/dt.
        let before = self.last_velocity;
        let decel = -(body.linvel() - before).dot(before.normalize_or_zero()) / self.dt_s;
        if decel > self.peak_decel {
            self.peak_decel = decel;
            self.impact_speed = before.length();
        }
        self.last_velocity = body.linvel();
        if self.stop_distance.is_none() && speed < STOPPED_MPS {
            self.stop_distance = Some(self.distance);
        }
        self.max_progress = self.max_progress.max((p - self.start).dot(self.heading));

        let car = world.player();
        let reach = car.def().reach_m();
        let wheels = car.wheels();
        let grounded = wheels.iter().filter(|w| w.grounded).count();
        self.wheel_ticks += wheels.len() as u64;
        self.grounded_wheel_ticks += grounded as u64;
        for w in wheels {
            self.max_compression_ratio = self.max_compression_ratio.max(w.compression_m / reach);
        }
        if grounded == 0 {
            self.air_ticks += 1;
        } else {
            if self.air_ticks > self.longest_air_ticks && self.air_ticks > 3 {
                self.longest_air_ticks = self.air_ticks;
                self.landing = Some(attitude_deg(*body.rotation()));
                self.jump_distance = Vec3::new(p.x - self.takeoff.x, 0.0, p.z - self.takeoff.z).length();
            }
            self.takeoff = p;
            self.air_ticks = 0;
        }
    }

    /// The measurements, by metric name (see `skidpad_bake::scenario::METRICS`).
    pub fn finish(&self, world: &SimWorld) -> BTreeMap<&'static str, f64> {
        crate::content::scenario::METRICS
            .iter()
            .map(|&name| (name, self.metric(world, name)))
            .collect()
    }

    /// One measurement so far, by its name; NaN for a name not in `METRICS`. Allocates
    /// nothing, so play's HUD can show it every frame.
    pub fn metric(&self, world: &SimWorld, name: &str) -> f64 {
        let f = |v: f32| v as f64;
        match name {
            "distance_m" => f(self.distance),
            "stop_distance_m" => f(self.stop_distance.unwrap_or(self.distance)),
            "max_progress_m" => f(self.max_progress),
            "final_speed_mps" => f(world.player_body().linvel().length()),
            "max_speed_mps" => f(self.max_speed),
            "max_airtime_s" => self.longest_air_ticks as f64 * self.dt_s as f64,
            "landing_pitch_deg" => f(self.landing.unwrap_or((0.0, 0.0)).0),
            "landing_roll_deg" => f(self.landing.unwrap_or((0.0, 0.0)).1),
            "grounded_fraction" => self.grounded_wheel_ticks as f64 / self.wheel_ticks.max(1) as f64,
            "max_compression_ratio" => f(self.max_compression_ratio),
            "props_toppled" => self.props_toppled(world) as f64,
            "peak_decel_g" => f(self.peak_decel / STANDARD_GRAVITY_MPS2),
            "jump_distance_m" => f(self.jump_distance),
            "impact_speed_mps" => f(self.impact_speed),
            _ => f64::NAN,
        }
    }

    /// Whether `name` is final before the run's end: a stopping distance once the car has
    /// stopped. Every other figure may still change while the run lasts.
    pub fn settled(&self, name: &str) -> bool {
        name == "stop_distance_m" && self.stop_distance.is_some()
    }

    /// Props tilted past [`TOPPLED_DEG`] or moved more than [`MOVED_M`] since the start.
    fn props_toppled(&self, world: &SimWorld) -> usize {
        world
            .prop_bodies()
            .zip(&self.props_start)
            .filter(|(b, start)| {
                let up = *b.rotation() * Vec3::Y;
                let tilt = up.y.clamp(-1.0, 1.0).acos().to_degrees();
                let moved = Vec3::new(b.translation().x - start.x, 0.0, b.translation().z - start.z).length();
                tilt > TOPPLED_DEG || moved > MOVED_M
            })
            .count()
    }
}
