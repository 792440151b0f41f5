//! The physics world the game owns: rapier3d, stepped once per tick with that tick's input.

use super::hash::StateHasher;
use super::input::TickInput;
use super::snapshot::{BodyPose, CarPose, Snapshot, WheelPose};
use crate::content::level::{Level, Spawn};
use crate::vehicle::{ArcadeCar, CarDef};
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

/// Ground slab thickness: thick enough that nothing tunnels through it at driving speeds.
const GROUND_THICKNESS_M: f32 = 1.0;

/// The simulation state of one level.
///
/// Bodies are inserted in a fixed order (ground, static boxes, cars, dynamic boxes in file
/// order), rapier runs single-threaded, and nothing reads a clock or random source: the same
/// level, car and inputs give the same [`SimWorld::state_hash`] at every tick.
pub struct SimWorld {
    physics: PhysicsWorld,
    /// Cars; the player's is first.
    cars: Vec<ArcadeCar>,
    /// Dynamic props in snapshot order.
    props: Vec<RigidBodyHandle>,
    spawn: Spawn,
    tick: u64,
    tick_rate_hz: u32,
    dt_s: f32,
}

impl SimWorld {
    /// Builds the world for `level` with the player driving `car`, integrated at
    /// `tick_rate_hz`.
    pub fn new(level: &Level, car: &CarDef, tick_rate_hz: u32) -> SimWorld {
        let mut physics = PhysicsWorld::new();
        let tick_rate_hz = tick_rate_hz.max(1);
        let dt_s = 1.0 / tick_rate_hz as f32;
        physics.integration_parameters.dt = dt_s;

        let [gx, gz] = level.ground.size_m;
        physics.insert(
            RigidBodyBuilder::fixed().translation(Vector::new(0.0, -GROUND_THICKNESS_M * 0.5, 0.0)),
            ColliderBuilder::cuboid(gx * 0.5, GROUND_THICKNESS_M * 0.5, gz * 0.5).friction(level.ground.friction),
        );
        for b in &level.static_boxes {
            let half = b.size_m * 0.5;
            physics.insert(
                RigidBodyBuilder::fixed().pose(Pose::from_parts(b.position_m, b.rotation)),
                ColliderBuilder::cuboid(half.x, half.y, half.z).friction(b.friction),
            );
        }
        let player = ArcadeCar::spawn(&mut physics, car, spawn_pose(&level.spawn));
        let mut props = Vec::with_capacity(level.boxes.len());
        for b in &level.boxes {
            let (h, _) = physics.insert(
                RigidBodyBuilder::dynamic()
                    .translation(b.position_m)
                    .rotation(Vec3::Y * b.yaw_rad),
                ColliderBuilder::cuboid(b.size_m.x * 0.5, b.size_m.y * 0.5, b.size_m.z * 0.5)
                    .mass(b.mass_kg)
                    .friction(0.7),
            );
            props.push(h);
        }
        // Put every collider in the broad phase now (rapier does it in the first step), so
        // the first tick's wheel rays see the level.
        for (handle, collider) in physics.colliders.iter() {
            physics
                .broad_phase
                .set_aabb(&physics.integration_parameters, handle, collider.compute_aabb());
        }
        SimWorld {
            physics,
            cars: vec![player],
            props,
            spawn: level.spawn,
            tick: 0,
            tick_rate_hz,
            dt_s,
        }
    }

    /// Ticks simulated so far.
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Simulated seconds so far.
    pub fn sim_seconds(&self) -> f64 {
        self.tick as f64 / self.tick_rate_hz as f64
    }

    /// Seconds per tick.
    pub fn dt_s(&self) -> f32 {
        self.dt_s
    }

    /// Advances the world by one tick with `input` driving the player's car.
    pub fn step(&mut self, input: &TickInput) {
        let control = input.control.sanitized();
        let player = &mut self.cars[0];
        if input.reset {
            // Back to the spawn point, upright and at rest.
            player.teleport(&mut self.physics, spawn_pose(&self.spawn));
        }
        player.update(&mut self.physics, &control, self.dt_s);
        self.physics.step();
        self.tick += 1;
    }

    /// A bit-exact digest of the tick count and every dynamic body's position, rotation,
    /// linear and angular velocity, cars first, in insertion order.
    pub fn state_hash(&self) -> u64 {
        let mut h = StateHasher::new();
        h.u64(self.tick);
        for handle in self.cars.iter().map(|c| c.body).chain(self.props.iter().copied()) {
            let b = &self.physics.bodies[handle];
            h.vec3(b.translation());
            h.quat(*b.rotation());
            h.vec3(b.linvel());
            h.vec3(b.angvel());
        }
        h.finish()
    }

    /// Writes the cars' and props' poses into `out`, reusing its storage.
    pub fn snapshot_into(&self, out: &mut Snapshot) {
        out.tick = self.tick;
        out.cars.clear();
        out.cars.extend(self.cars.iter().map(|car| {
            let mut pose = CarPose {
                chassis: self.pose_of(car.body),
                wheel_count: car.wheels().len(),
                ..CarPose::default()
            };
            for (p, w) in pose.wheels.iter_mut().zip(car.wheels()) {
                *p = WheelPose {
                    center_y_m: w.center_y_m,
                    steer_rad: w.steer_rad,
                    spin_rad: w.spin_angle_rad,
                };
            }
            pose
        }));
        out.bodies.clear();
        out.bodies.extend(self.props.iter().map(|&h| self.pose_of(h)));
    }

    fn pose_of(&self, handle: RigidBodyHandle) -> BodyPose {
        let b = &self.physics.bodies[handle];
        BodyPose {
            position: b.translation(),
            rotation: *b.rotation(),
        }
    }

    /// The player's car.
    pub fn player(&self) -> &ArcadeCar {
        &self.cars[0]
    }

    /// The player's chassis body (pose, velocities, centre of mass).
    pub fn player_body(&self) -> &RigidBody {
        &self.physics.bodies[self.cars[0].body]
    }

    /// The player's speed along its own forward axis, m/s (negative when reversing).
    pub fn player_forward_speed(&self) -> f32 {
        let b = self.player_body();
        b.linvel().dot(*b.rotation() * Vec3::Z)
    }

    /// Puts the player's car at `position` with `rotation`, at rest (test and tool set-ups;
    /// play uses the reset input).
    pub fn teleport_player(&mut self, position: Vec3, rotation: Quat) {
        let car = &mut self.cars[0];
        car.teleport(&mut self.physics, Pose::from_parts(position, rotation));
    }

    /// Sets the player's chassis velocity (test set-ups: a car launched at a speed).
    pub fn set_player_velocity(&mut self, linear_mps: Vec3, angular_rad_per_s: Vec3) {
        let b = &mut self.physics.bodies[self.cars[0].body];
        b.set_linvel(linear_mps, true);
        b.set_angvel(angular_rad_per_s, true);
    }

    /// Distance along `dir` from `origin` to the first fixed collider (level geometry), if
    /// within `max_m`. Cars and props are ignored (the chase camera uses this).
    pub fn cast_static_ray(&self, origin: Vec3, dir: Vec3, max_m: f32) -> Option<f32> {
        let ray = Ray::new(origin, dir);
        self.physics
            .cast_ray(&ray, max_m, true, QueryFilter::only_fixed())
            .map(|(_, toi)| toi)
    }

    /// Whether every dynamic prop is asleep or nearly still (speeds < `tol`).
    pub fn props_settled(&self, tol: f32) -> bool {
        self.props.iter().all(|&h| {
            let b = &self.physics.bodies[h];
            b.is_sleeping() || (b.linvel().length() < tol && b.angvel().length() < tol)
        })
    }
}

fn spawn_pose(spawn: &Spawn) -> Pose {
    Pose::from_parts(spawn.position_m, Quat::from_rotation_y(spawn.heading_rad))
}
