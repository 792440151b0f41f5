//! Reading the world without changing it: the state hash and contact topology the tests
//! compare, snapshots for render, cars' and props' bodies, telemetry, ray casts against the
//! level (and the ground height, which streams the chunks it looks at first).

use super::slots::CarSlot;
use super::SimWorld;
use crate::sim::snapshot::{BodyPose, CarPose, Snapshot, WheelPose};
use crate::sim::StateHasher;
use crate::vehicle::{Car, Telemetry};
use glam::Vec3;
use rapier3d::prelude::*;

impl SimWorld {
    /// The level's material table: what each surface's friction is, as the wheels read it
    /// (the friction view colours the ground from it).
    pub fn materials(&self) -> &crate::content::MaterialTable {
        &self.materials
    }

    /// A bit-exact digest of the tick count and every dynamic body's position, rotation,
    /// linear and angular velocity, cars first, in insertion order.
    pub fn state_hash(&self) -> u64 {
        let mut h = StateHasher::new();
        h.u64(self.tick);
        let cars = self.cars.iter().map(|s| s.car.body());
        for handle in cars.chain(self.props.iter().map(|p| p.body)) {
            let b = &self.physics.bodies[handle];
            h.vec3(b.translation());
            h.quat(*b.rotation());
            h.vec3(b.linvel());
            h.vec3(b.angvel());
        }
        h.finish()
    }

    /// A digest of which contacts exist: every contact pair, the sub-shape ids of its
    /// manifolds and whether each touches. It changes when a car meets a new collider or a
    /// new triangle of a mesh or height field, or a contact forms or breaks: the one kind of
    /// tick in which the physics engine allocates (a new pair's workspace, a new manifold,
    /// its first points); the allocation tests use it to tell those ticks from steady ones.
    pub fn contact_topology(&self) -> u64 {
        let mut h = StateHasher::new();
        for pair in self.physics.narrow_phase.contact_pairs() {
            for c in [pair.collider1, pair.collider2] {
                let (index, generation) = c.into_raw_parts();
                h.u64(((index as u64) << 32) | generation as u64);
            }
            h.u64(pair.manifolds().len() as u64);
            for m in pair.manifolds() {
                h.u64(((m.subshape1 as u64) << 32) | m.subshape2 as u64);
                h.u64(m.points.is_empty() as u64);
            }
        }
        h.finish()
    }

    /// How many bodies are awake. It changes when an island of bodies falls asleep or is
    /// woken: rapier's island manager then moves them to a new island, allocating its body
    /// list (not pooled yet: PERFORMANCE.md, "Allocations"); the allocation tests count
    /// those ticks with the ones where contacts form.
    pub fn awake_bodies(&self) -> usize {
        self.physics.islands.active_bodies().count()
    }

    /// Writes the cars' and props' poses into `out`, reusing its storage.
    pub fn snapshot_into(&self, out: &mut Snapshot) {
        out.tick = self.tick;
        out.cars.clear();
        out.cars.extend(self.cars.iter().map(|CarSlot { car, lamps, .. }| {
            let mut pose = CarPose {
                chassis: self.pose_of(car.body()),
                wheel_count: car.wheels().len(),
                brake_lamps: lamps.brake,
                reverse_lamps: lamps.reverse,
                ground: car.wheels().iter().find_map(|w| w.surface),
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
        out.bodies.extend(self.props.iter().map(|p| self.pose_of(p.body)));
        out.events.clear();
        // Room for as many events as the world's own list holds, taken the first time (the
        // session's snapshots are made at load): else the first tick with more events than
        // any before (a landing on top of the wheels' dust) grew the list mid-play.
        out.events.reserve(self.sim_events.capacity());
        out.events.extend_from_slice(&self.sim_events);
    }

    fn pose_of(&self, handle: RigidBodyHandle) -> BodyPose {
        let b = &self.physics.bodies[handle];
        BodyPose {
            position: b.translation(),
            rotation: *b.rotation(),
        }
    }

    /// The player's car.
    pub fn player(&self) -> &Car {
        &self.cars[0].car
    }

    /// Which of the player's assists acted in the latest tick (the HUD's lamps).
    pub fn assist_lamps(&self) -> crate::assists::AssistLamps {
        self.player_assist_lamps(0)
    }

    /// Every car, the player's first.
    pub fn cars(&self) -> impl ExactSizeIterator<Item = &Car> {
        self.cars.iter().map(|s| &s.car)
    }

    /// Car `index`'s chassis body.
    pub fn car_body(&self, index: usize) -> &RigidBody {
        &self.physics.bodies[self.cars[index].car.body()]
    }

    /// Car `index`'s speed along its heading, m/s.
    pub fn car_forward_speed(&self, index: usize) -> f32 {
        let b = self.car_body(index);
        b.linvel().dot(*b.rotation() * Vec3::Z)
    }

    /// Car `index`'s aerodynamic drag scale in the latest tick: 1 in clean air, less in
    /// another car's wake (the slipstream).
    pub fn car_drag_scale(&self, index: usize) -> f32 {
        self.cars[index].drag_scale
    }

    /// The player's chassis body (pose, velocities, centre of mass).
    pub fn player_body(&self) -> &RigidBody {
        &self.physics.bodies[self.cars[0].car.body()]
    }

    /// The player's speed along its own forward axis, m/s (negative when reversing).
    pub fn player_forward_speed(&self) -> f32 {
        let b = self.player_body();
        b.linvel().dot(*b.rotation() * Vec3::Z)
    }

    /// Telemetry of car `index` (0 = the player) after the latest tick.
    pub fn telemetry(&self, index: usize) -> Telemetry {
        self.cars[index].car.telemetry(&self.physics)
    }

    /// The dynamic props' bodies, in level order.
    pub fn prop_bodies(&self) -> impl Iterator<Item = &RigidBody> {
        self.props.iter().map(|p| &self.physics.bodies[p.body])
    }

    /// Whether every dynamic prop is asleep or nearly still (speeds < `tol`).
    pub fn props_settled(&self, tol: f32) -> bool {
        self.prop_bodies()
            .all(|b| b.is_sleeping() || (b.linvel().length() < tol && b.angvel().length() < tol))
    }

    /// Distance along `dir` from `origin` to the first fixed collider (level geometry), if
    /// within `max_m`. Cars and props are ignored (the chase camera uses this).
    pub fn cast_static_ray(&self, origin: Vec3, dir: Vec3, max_m: f32) -> Option<f32> {
        let ray = Ray::new(origin, dir);
        self.physics
            .cast_ray(&ray, max_m, true, QueryFilter::only_fixed())
            .map(|(_, toi)| toi)
    }

    /// How far a ball of `radius_m` centred at `origin` travels along the unit `dir`
    /// before it touches fixed level geometry, up to `max_m`; None if it does not. A ball
    /// starting in contact answers 0. The chase camera sweeps its near-plane's extent this
    /// way so that no part of the view, not only its centre, goes through a wall's edge.
    pub fn cast_static_sphere(&self, origin: Vec3, dir: Vec3, radius_m: f32, max_m: f32) -> Option<f32> {
        let ball = Ball::new(radius_m);
        let options = rapier3d::parry::query::ShapeCastOptions {
            max_time_of_impact: max_m,
            target_distance: 0.0,
            stop_at_penetration: true,
            compute_impact_geometry_on_penetration: false,
        };
        self.physics
            .cast_shape(
                &Pose::from_translation(origin),
                dir,
                &ball,
                options,
                QueryFilter::only_fixed(),
            )
            .map(|(_, hit)| hit.time_of_impact)
    }

    /// Height of the level's ground (any fixed collider) under (x, z), bringing the chunks
    /// there into the world first; None where there is no ground.
    pub fn ground_height_at(&mut self, x: f32, z: f32) -> Option<f32> {
        let top = Vec3::new(x, 2000.0, z);
        self.stream_around_cars_and(top);
        self.cast_static_ray(top, -Vec3::Y, 4000.0).map(|d| top.y - d)
    }
}
