//! The physics world the game owns: rapier3d, stepped once per tick with that tick's input.

use super::hash::StateHasher;
use super::input::TickInput;
use super::snapshot::{BodyPose, Snapshot};
use crate::content::level::{Level, PlayerBody, Spawn};
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

/// Ground slab thickness: thick enough that nothing tunnels through it at driving speeds.
const GROUND_THICKNESS_M: f32 = 1.0;

/// The simulation state of one level.
///
/// Bodies are inserted in a fixed order (player, then boxes in file order), rapier is run
/// single-threaded, and nothing reads a clock or random source: the same level and the
/// same inputs give the same [`SimWorld::state_hash`] at every tick.
pub struct SimWorld {
    physics: PhysicsWorld,
    /// Dynamic bodies in snapshot order: the player first.
    dynamic: Vec<RigidBodyHandle>,
    player: RigidBodyHandle,
    player_def: PlayerBody,
    spawn: Spawn,
    tick: u64,
    tick_rate_hz: u32,
    dt_s: f32,
}

impl SimWorld {
    /// Builds the world for `level`, integrated at `tick_rate_hz`.
    pub fn new(level: &Level, tick_rate_hz: u32) -> SimWorld {
        let mut physics = PhysicsWorld::new();
        let tick_rate_hz = tick_rate_hz.max(1);
        let dt_s = 1.0 / tick_rate_hz as f32;
        physics.integration_parameters.dt = dt_s;

        let [gx, gz] = level.ground.size_m;
        physics.insert(
            RigidBodyBuilder::fixed().translation(Vector::new(0.0, -GROUND_THICKNESS_M * 0.5, 0.0)),
            ColliderBuilder::cuboid(gx * 0.5, GROUND_THICKNESS_M * 0.5, gz * 0.5).friction(level.ground.friction),
        );

        let p = &level.player;
        let (player, _) = physics.insert(
            RigidBodyBuilder::dynamic()
                .pose(spawn_pose(&level.spawn))
                .linear_damping(0.1)
                .angular_damping(2.0),
            ColliderBuilder::cuboid(p.size_m.x * 0.5, p.size_m.y * 0.5, p.size_m.z * 0.5)
                .mass(p.mass_kg)
                .friction(0.4),
        );
        let mut dynamic = vec![player];
        for b in &level.boxes {
            let (h, _) = physics.insert(
                RigidBodyBuilder::dynamic()
                    .translation(b.position_m)
                    .rotation(Vec3::Y * b.yaw_rad),
                ColliderBuilder::cuboid(b.size_m.x * 0.5, b.size_m.y * 0.5, b.size_m.z * 0.5)
                    .mass(b.mass_kg)
                    .friction(0.7),
            );
            dynamic.push(h);
        }
        SimWorld {
            physics,
            dynamic,
            player,
            player_def: level.player.clone(),
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

    /// Advances the world by one tick with `input`.
    pub fn step(&mut self, input: &TickInput) {
        let control = input.control.sanitized();
        if input.reset {
            let pose = spawn_pose(&self.spawn);
            let body = &mut self.physics.bodies[self.player];
            body.set_position(pose, true);
            body.set_linvel(Vector::ZERO, true);
            body.set_angvel(Vector::ZERO, true);
        }
        let def = &self.player_def;
        let body = &mut self.physics.bodies[self.player];
        body.reset_forces(false);
        body.reset_torques(false);
        let drive = control.throttle * if control.reverse { -1.0 } else { 1.0 };
        if drive != 0.0 || control.steer != 0.0 {
            let forward = body.rotation() * Vec3::Z;
            body.add_force(forward * drive * def.push_force_n, true);
            // Positive steer turns right, i.e. a negative rotation about +Y.
            body.add_torque(Vec3::Y * (-control.steer * def.turn_torque_nm), true);
        }
        if control.brake > 0.0 || control.hand_brake {
            // Damp the velocity without ever reversing it within the tick.
            let v = body.linvel();
            let strength = if control.hand_brake { 1.0 } else { control.brake };
            let decel = (strength * 8.0 * self.dt_s).min(1.0);
            body.set_linvel(v * (1.0 - decel), true);
        }
        self.physics.step();
        self.tick += 1;
    }

    /// A bit-exact digest of the tick count and every dynamic body's position, rotation,
    /// linear and angular velocity, in insertion order.
    pub fn state_hash(&self) -> u64 {
        let mut h = StateHasher::new();
        h.u64(self.tick);
        for &handle in &self.dynamic {
            let b = &self.physics.bodies[handle];
            h.vec3(b.translation());
            h.quat(*b.rotation());
            h.vec3(b.linvel());
            h.vec3(b.angvel());
        }
        h.finish()
    }

    /// Writes the dynamic bodies' poses into `out`, reusing its storage.
    pub fn snapshot_into(&self, out: &mut Snapshot) {
        out.tick = self.tick;
        out.bodies.clear();
        out.bodies.extend(self.dynamic.iter().map(|&h| {
            let b = &self.physics.bodies[h];
            BodyPose {
                position: b.translation(),
                rotation: *b.rotation(),
            }
        }));
    }

    /// The player's linear velocity, m/s.
    pub fn player_velocity(&self) -> Vec3 {
        self.physics.bodies[self.player].linvel()
    }

    /// Whether every dynamic body is asleep or nearly still (speed < `tol` m/s).
    pub fn all_settled(&self, tol_mps: f32) -> bool {
        self.dynamic.iter().all(|&h| {
            let b = &self.physics.bodies[h];
            b.is_sleeping() || (b.linvel().length() < tol_mps && b.angvel().length() < tol_mps)
        })
    }
}

fn spawn_pose(spawn: &Spawn) -> Pose {
    Pose::from_parts(spawn.position_m, Quat::from_rotation_y(spawn.heading_rad))
}
