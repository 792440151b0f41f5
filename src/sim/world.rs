//! The physics world the game owns: rapier3d, stepped once per tick with that tick's input,
//! with the level's static geometry streamed in chunk by chunk.

use super::assist_hook::PlayerAssists;
use super::events::{SimEvent, DUST_SPEED_MPS, IMPACT_DV_MPS, LANDING_AIRTIME_S, SLIP_EVENT_W};
use super::hash::StateHasher;
use super::input::{TickInput, VehicleControl};
use super::snapshot::{BodyPose, CarPose, Snapshot, WheelPose};
use super::streaming::{chunk_key, ChunkEvent, ChunkProvider, StreamStats, Streamer, SyncProvider};
use crate::content::level::{DynamicShape, Spawn};
use crate::content::{LoadedLevel, MaterialTable};
use crate::vehicle::{Car, CarDef, Surfaces, Telemetry};
use glam::{Quat, Vec3};
use rapier3d::prelude::*;
use skidpad_bake::chunk::{BakedChunk, BakedShape};
use std::collections::BTreeMap;

/// The parts of a tick, in order, for [`SimWorld::step_timed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TickPart {
    /// Chunks entered and left.
    Streaming,
    /// The cars' models applied their forces.
    Vehicles,
    /// rapier stepped.
    Physics,
    /// Events were derived.
    Events,
}

/// What [`SimWorld::inject_non_finite`] corrupts.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultTarget {
    /// Car `i` (0 = the player).
    Car(usize),
    /// Dynamic prop `i`, in level order.
    Prop(usize),
}

/// Most cars whose surroundings are streamed in (a fixed array keeps the tick
/// allocation-free); cars beyond it drive on whatever the others keep resident.
pub const MAX_STREAMING_CARS: usize = 64;

/// Brake held by parked cars.
const PARKED: VehicleControl = VehicleControl {
    throttle: 0.0,
    steer: 0.0,
    brake: 1.0,
    hand_brake: true,
    reverse: false,
    manual_gear_shift: false,
    gear: 0,
};

/// The simulation state of one level.
///
/// Bodies and colliders are inserted in a fixed order (the chunks around the spawn in
/// coordinate order, the cars, the dynamic props in file order; later chunks at the tick
/// they come within reach), rapier runs single-threaded, and nothing reads a clock or a
/// random source: the same level, cars and inputs give the same [`SimWorld::state_hash`]
/// at every tick.
pub struct SimWorld {
    physics: PhysicsWorld,
    /// Cars; the player's is first, then the parked ones, then any added later.
    cars: Vec<Car>,
    /// Controls of the cars other than the player's for the next tick (parked cars hold
    /// their brakes; added cars take what [`SimWorld::set_car_control`] gives them).
    controls: Vec<VehicleControl>,
    /// The player's driving assists (they act only through the player's controls).
    assists: PlayerAssists,
    /// Dynamic props in snapshot order.
    props: Vec<RigidBodyHandle>,
    materials: MaterialTable,
    streamer: Streamer,
    resident: BTreeMap<(i32, i32), Vec<ColliderHandle>>,
    resident_bytes: BTreeMap<(i32, i32), usize>,
    events: Vec<ChunkEvent>,
    /// Chunk events are kept for a renderer to drain, unless nothing draws (see
    /// [`SimWorld::discard_chunk_events`]).
    keep_chunk_events: bool,
    spawn: Spawn,
    /// Per car: chassis velocity before the tick, ticks in the air.
    motion: Vec<(Vec3, u32)>,
    sim_events: Vec<SimEvent>,
    /// Per car: where it was after the latest tick whose state was finite, and where it
    /// started (the fallback when it faults again soon after a reset).
    last_good: Vec<Pose>,
    homes: Vec<Pose>,
    /// Per car: the tick of its latest fault reset.
    last_fault_tick: Vec<Option<u64>>,
    /// Dynamic props' starting poses, for putting a faulted prop back.
    prop_homes: Vec<Pose>,
    fault_resets: u64,
    tick: u64,
    tick_rate_hz: u32,
    dt_s: f32,
}

impl SimWorld {
    /// Builds the world for `level` with the player in `player` and the level's parked cars
    /// in `parked` (one per `level.parked_cars`, in order), integrated at `tick_rate_hz`.
    /// Chunks are decoded on this thread as they are needed.
    pub fn new(level: &LoadedLevel, player: &CarDef, parked: &[CarDef], tick_rate_hz: u32) -> SimWorld {
        Self::with_provider(
            level,
            player,
            parked,
            tick_rate_hz,
            Box::new(SyncProvider::new(level.chunks.clone())),
        )
    }

    /// As [`SimWorld::new`], with chunks from `provider` (a background loader in play).
    pub fn with_provider(
        loaded: &LoadedLevel,
        player: &CarDef,
        parked: &[CarDef],
        tick_rate_hz: u32,
        provider: Box<dyn ChunkProvider>,
    ) -> SimWorld {
        let level = &loaded.level;
        let mut physics = PhysicsWorld::new();
        let tick_rate_hz = tick_rate_hz.max(1);
        let dt_s = 1.0 / tick_rate_hz as f32;
        physics.integration_parameters.dt = dt_s;
        let spawn = level.player_spawn().clone();

        let mut world = SimWorld {
            physics,
            cars: Vec::new(),
            controls: Vec::new(),
            assists: PlayerAssists::default(),
            props: Vec::new(),
            materials: level.materials.clone(),
            streamer: Streamer::new(loaded.chunks.coords(), level.chunk_size_m, provider),
            resident: BTreeMap::new(),
            resident_bytes: BTreeMap::new(),
            events: Vec::new(),
            keep_chunk_events: true,
            spawn: spawn.clone(),
            motion: Vec::new(),
            sim_events: Vec::with_capacity(64),
            last_good: Vec::new(),
            homes: Vec::new(),
            last_fault_tick: Vec::new(),
            prop_homes: Vec::new(),
            fault_resets: 0,
            tick: 0,
            tick_rate_hz,
            dt_s,
        };
        let mut positions = vec![spawn.position_m];
        positions.extend(level.parked_cars.iter().map(|p| p.position_m));
        world.stream(&positions);

        world
            .cars
            .push(Car::spawn(&mut world.physics, player, spawn_pose(&spawn)));
        for (p, def) in level.parked_cars.iter().zip(parked) {
            let pose = Pose::from_parts(p.position_m, Quat::from_rotation_y(p.heading_rad));
            world.cars.push(Car::spawn(&mut world.physics, def, pose));
        }
        for d in &level.dynamic {
            let collider = match d.shape {
                DynamicShape::Box(size) => ColliderBuilder::cuboid(size.x * 0.5, size.y * 0.5, size.z * 0.5),
                DynamicShape::Cone { height_m, radius_m } => ColliderBuilder::cone(height_m * 0.5, radius_m),
            };
            let (h, _) = world.physics.insert(
                RigidBodyBuilder::dynamic()
                    .translation(d.position_m)
                    .rotation(Vec3::Y * d.yaw_rad),
                collider.mass(d.mass_kg).friction(0.7),
            );
            world.props.push(h);
            world.prop_homes.push(*world.physics.bodies[h].position());
        }
        world.homes = world
            .cars
            .iter()
            .map(|c| *world.physics.bodies[c.body()].position())
            .collect();
        world.last_good = world.homes.clone();
        world.last_fault_tick = vec![None; world.cars.len()];
        world.motion = vec![(Vec3::ZERO, 0); world.cars.len()];
        world.controls = vec![PARKED; world.cars.len()];
        world.refresh_query_structures();
        world
    }

    /// Puts every collider in the broad phase now (rapier does it in the next step), so
    /// wheel rays cast before that step see what was just inserted.
    fn refresh_query_structures(&mut self) {
        let p = &mut self.physics;
        for (handle, collider) in p.colliders.iter() {
            p.broad_phase
                .set_aabb(&p.integration_parameters, handle, collider.compute_aabb());
        }
    }

    /// Brings chunks near `positions` into the world and drops far ones.
    fn stream(&mut self, positions: &[Vec3]) {
        let (enter, leave) = self.streamer.plan(positions, &self.resident);
        for c in leave {
            let k = chunk_key(c);
            for h in self.resident.remove(&k).unwrap_or_default() {
                self.physics.remove_collider(h);
            }
            self.resident_bytes.remove(&k);
            self.streamer.stats_mut().left += 1;
            if self.keep_chunk_events {
                self.events.push(ChunkEvent::Left(c));
            }
        }
        let entered_any = !enter.is_empty();
        for c in enter {
            let k = chunk_key(c);
            match self.streamer.take(c) {
                Ok(chunk) => {
                    let handles = self.insert_chunk(&chunk);
                    self.resident.insert(k, handles);
                    self.resident_bytes.insert(k, chunk.resident_bytes());
                    self.streamer.stats_mut().entered += 1;
                    if self.keep_chunk_events {
                        self.events.push(ChunkEvent::Entered(chunk));
                    }
                }
                Err(e) => {
                    // The rest of the level stays playable; the hole is logged once.
                    log::error!("chunk {},{} not loaded: {e}", c.x, c.y);
                    self.resident.insert(k, Vec::new());
                    self.streamer.stats_mut().failures += 1;
                }
            }
        }
        let stats = self.streamer.stats_mut();
        stats.resident_chunks = self.resident.len();
        stats.resident_bytes = self.resident_bytes.values().sum();
        stats.peak_resident_bytes = stats.peak_resident_bytes.max(stats.resident_bytes);
        if entered_any && self.tick > 0 {
            self.refresh_query_structures();
        }
    }

    fn insert_chunk(&mut self, chunk: &BakedChunk) -> Vec<ColliderHandle> {
        chunk
            .colliders
            .iter()
            .map(|c| {
                let shape = match &c.shape {
                    BakedShape::Slab(s) => SharedShape::new(*s),
                    BakedShape::Heights(h) => SharedShape::new(h.clone()),
                    BakedShape::Compound(comp) => SharedShape::new(comp.clone()),
                    BakedShape::Triangles(t) => SharedShape::new(t.clone()),
                };
                let friction = self.materials.get(c.material).friction;
                let collider = ColliderBuilder::new(shape)
                    .position(Pose::from_parts(c.translation, c.rotation))
                    .friction(friction)
                    .user_data(Surfaces::user_data(c.material));
                self.physics.insert_collider(collider, None)
            })
            .collect()
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
        self.step_timed(input, &mut |_| {});
    }

    /// [`SimWorld::step`], calling `mark` as each part of the tick ends, so a profiler can
    /// time the parts with its own clock (the simulation reads none).
    #[profiling::function]
    pub fn step_timed(&mut self, input: &TickInput, mark: &mut dyn FnMut(TickPart)) {
        // Something set between ticks (a caller, a test) is checked before anything uses it.
        self.recover_non_finite();
        let mut positions = [Vec3::ZERO; MAX_STREAMING_CARS];
        let n = self.cars.len().min(positions.len());
        for (p, car) in positions.iter_mut().zip(&self.cars) {
            *p = self.physics.bodies[car.body()].translation();
        }
        self.stream(&positions[..n]);
        mark(TickPart::Streaming);

        let player_body = &self.physics.bodies[self.cars[0].body()];
        let control = self.assists.controls(
            input,
            &self.cars[0],
            &self.cars[0].telemetry(&self.physics),
            player_body,
            self.dt_s,
        );
        if input.reset {
            // Back to the spawn point, upright and at rest.
            self.cars[0].teleport(&mut self.physics, spawn_pose(&self.spawn));
        }
        let surfaces = Surfaces::new(&self.materials);
        for (i, (car, other)) in self.cars.iter_mut().zip(&self.controls).enumerate() {
            let c = if i == 0 { &control } else { other };
            car.update(&mut self.physics, c, &surfaces, self.dt_s);
        }
        for (m, car) in self.motion.iter_mut().zip(&self.cars) {
            m.0 = self.physics.bodies[car.body()].linvel();
        }
        // A non-finite force or state must not reach the solver.
        self.recover_non_finite();
        mark(TickPart::Vehicles);
        {
            profiling::scope!("physics step");
            self.physics.step();
        }
        mark(TickPart::Physics);
        self.tick += 1;
        self.recover_non_finite();
        for (good, car) in self.last_good.iter_mut().zip(&self.cars) {
            *good = *self.physics.bodies[car.body()].position();
        }
        self.collect_events();
        mark(TickPart::Events);
    }

    /// Finds cars and props whose state is no longer finite (NaN or ∞ in a pose, a
    /// velocity, a pending force or a car model's own state) and puts them back, logging
    /// each: a car upright where it last was finite, at rest (or at its starting place if
    /// it faulted again within a second); a prop at its starting place. The rest of the
    /// world carries on untouched. Deterministic: it depends only on the state.
    fn recover_non_finite(&mut self) {
        for i in 0..self.cars.len() {
            let body = &self.physics.bodies[self.cars[i].body()];
            let fault = if !body_is_finite(body) {
                "chassis pose or velocity"
            } else if !(body.user_force().is_finite() && body.user_torque().is_finite()) {
                "vehicle forces"
            } else if !self.cars[i].state_is_finite() {
                "vehicle model state"
            } else {
                continue;
            };
            let recent =
                self.last_fault_tick[i].is_some_and(|t| self.tick.saturating_sub(t) < self.tick_rate_hz as u64);
            let pose = if recent {
                self.homes[i]
            } else {
                upright(&self.last_good[i])
            };
            log::warn!(
                "tick {}: car {i} ({}) had a non-finite {fault}; reset {} at ({:.1}, {:.1}, {:.1})",
                self.tick,
                self.cars[i].def().name,
                if recent {
                    "to its start (second fault within a second)"
                } else {
                    "where it last was sound"
                },
                pose.translation.x,
                pose.translation.y,
                pose.translation.z,
            );
            self.cars[i].teleport(&mut self.physics, pose);
            self.motion[i] = (Vec3::ZERO, 0);
            self.last_fault_tick[i] = Some(self.tick);
            self.fault_resets += 1;
            let at = pose.translation;
            self.stream(&[at]);
            self.refresh_query_structures();
        }
        for (i, (&h, home)) in self.props.iter().zip(&self.prop_homes).enumerate() {
            // Looked at through a shared borrow: rapier marks a body taken mutably as
            // modified (an allocation, and a wake-up), so only a faulted one is.
            if body_is_finite(&self.physics.bodies[h]) {
                continue;
            }
            let b = &mut self.physics.bodies[h];
            log::warn!(
                "tick {}: prop {i} had a non-finite pose or velocity; put back at its start",
                self.tick
            );
            b.set_position(*home, true);
            b.set_linvel(Vec3::ZERO, true);
            b.set_angvel(Vec3::ZERO, true);
            b.reset_forces(false);
            b.reset_torques(false);
            self.fault_resets += 1;
        }
    }

    /// Cars and props put back because their state was no longer finite, since the world
    /// was built. Non-zero means a fault somewhere upstream (the log names each).
    pub fn fault_resets(&self) -> u64 {
        self.fault_resets
    }

    /// Derives this tick's events from the state after the step.
    fn collect_events(&mut self) {
        self.sim_events.clear();
        let dt = self.dt_s;
        let gravity = self.physics.gravity;
        for (i, (car, motion)) in self.cars.iter().zip(self.motion.iter_mut()).enumerate() {
            let body = &self.physics.bodies[car.body()];
            let v = body.linvel();
            let mut grounded = 0;
            for w in car.wheels().iter().filter(|w| w.grounded) {
                grounded += 1;
                let ground_v = Vec3::new(v.x, 0.0, v.z);
                if w.slip_power_w > SLIP_EVENT_W {
                    self.sim_events.push(SimEvent::Slip {
                        car: i as u8,
                        position: w.contact_m,
                        velocity: ground_v,
                        power_w: w.slip_power_w,
                        loose: w.on_loose,
                    });
                } else if w.on_loose && ground_v.length() > DUST_SPEED_MPS {
                    self.sim_events.push(SimEvent::Dust {
                        position: w.contact_m,
                        velocity: ground_v,
                    });
                }
            }
            let (before, air_ticks) = *motion;
            if grounded >= 2 && air_ticks as f32 * dt >= LANDING_AIRTIME_S {
                self.sim_events.push(SimEvent::Landing {
                    car: i as u8,
                    position: body.translation(),
                    speed_mps: -before.y.min(0.0),
                });
            }
            motion.1 = if grounded == 0 { air_ticks + 1 } else { 0 };
            let dv = v - before - gravity * dt;
            if dv.length() > IMPACT_DV_MPS {
                self.sim_events.push(SimEvent::Impact {
                    car: i as u8,
                    position: body.translation() - dv.normalize() * 2.0 + Vec3::Y * 0.5,
                    impulse_ns: dv.length() * body.mass(),
                });
            }
        }
    }

    /// A bit-exact digest of the tick count and every dynamic body's position, rotation,
    /// linear and angular velocity, cars first, in insertion order.
    pub fn state_hash(&self) -> u64 {
        let mut h = StateHasher::new();
        h.u64(self.tick);
        for handle in self.cars.iter().map(|c| c.body()).chain(self.props.iter().copied()) {
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

    /// Writes the cars' and props' poses into `out`, reusing its storage.
    pub fn snapshot_into(&self, out: &mut Snapshot) {
        out.tick = self.tick;
        out.cars.clear();
        out.cars.extend(self.cars.iter().map(|car| {
            let mut pose = CarPose {
                chassis: self.pose_of(car.body()),
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
        out.events.clear();
        out.events.extend_from_slice(&self.sim_events);
    }

    /// Events of the latest tick.
    pub fn events(&self) -> &[SimEvent] {
        &self.sim_events
    }

    /// Stops keeping chunk events, and drops those kept: for runs that draw nothing
    /// (headless runs, soaks, scenarios). Otherwise every chunk that enters stays referenced
    /// by its event until drained: a headless hour on the circuit grew by megabytes.
    pub fn discard_chunk_events(&mut self) {
        self.keep_chunk_events = false;
        self.events = Vec::new();
    }

    /// Moves the chunk changes since the last call into `out` (render uploads and frees
    /// meshes from them).
    pub fn drain_chunk_events(&mut self, out: &mut Vec<ChunkEvent>) {
        out.append(&mut self.events);
    }

    /// Streaming counters.
    pub fn stream_stats(&self) -> StreamStats {
        self.streamer.stats()
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
        &self.cars[0]
    }

    /// Which of the player's assists acted in the latest tick (the HUD's lamps).
    pub fn assist_lamps(&self) -> crate::assists::AssistLamps {
        self.assists.lamps()
    }

    /// Every car, the player's first.
    pub fn cars(&self) -> &[Car] {
        &self.cars
    }

    /// Streams around every car and `extra` (so staging one place drops nothing another
    /// car stands on), and makes what came in visible to ray casts at once.
    fn stream_around_cars_and(&mut self, extra: Vec3) {
        let mut positions = [Vec3::ZERO; MAX_STREAMING_CARS];
        let n = self.cars.len().min(MAX_STREAMING_CARS - 1);
        for (p, car) in positions.iter_mut().zip(&self.cars) {
            *p = self.physics.bodies[car.body()].translation();
        }
        positions[n] = extra;
        self.stream(&positions[..=n]);
        self.refresh_query_structures();
    }

    /// Adds a car of `def` at `position` facing `heading_rad` (about +Y), at rest, after
    /// every car already in the world (so the insertion order, and with it the state hash,
    /// depends only on the calls made). It holds its brakes until given controls. Returns
    /// its index.
    pub fn add_car(&mut self, def: &CarDef, position: Vec3, heading_rad: f32) -> usize {
        self.stream_around_cars_and(position);
        let pose = Pose::from_parts(position, Quat::from_rotation_y(heading_rad));
        self.cars.push(Car::spawn(&mut self.physics, def, pose));
        self.homes.push(pose);
        self.last_good.push(pose);
        self.last_fault_tick.push(None);
        self.motion.push((Vec3::ZERO, 0));
        self.controls.push(PARKED);
        self.refresh_query_structures();
        self.cars.len() - 1
    }

    /// Height of the level's ground (any fixed collider) under (x, z), bringing the chunks
    /// there into the world first; None where there is no ground.
    pub fn ground_height_at(&mut self, x: f32, z: f32) -> Option<f32> {
        let top = Vec3::new(x, 2000.0, z);
        self.stream_around_cars_and(top);
        self.cast_static_ray(top, -Vec3::Y, 4000.0).map(|d| top.y - d)
    }

    /// Controls car `index` takes from the next tick on (index 0, the player's, takes its
    /// controls from each tick's input instead). Values are clamped and NaN becomes 0.
    pub fn set_car_control(&mut self, index: usize, control: VehicleControl) {
        if let Some(c) = self.controls.get_mut(index) {
            *c = control.sanitized();
        }
    }

    /// Car `index`'s chassis body.
    pub fn car_body(&self, index: usize) -> &RigidBody {
        &self.physics.bodies[self.cars[index].body()]
    }

    /// Car `index`'s speed along its heading, m/s.
    pub fn car_forward_speed(&self, index: usize) -> f32 {
        let b = self.car_body(index);
        b.linvel().dot(*b.rotation() * Vec3::Z)
    }

    /// The player's chassis body (pose, velocities, centre of mass).
    pub fn player_body(&self) -> &RigidBody {
        &self.physics.bodies[self.cars[0].body()]
    }

    /// Telemetry of car `index` (0 = the player) after the latest tick.
    pub fn telemetry(&self, index: usize) -> Telemetry {
        self.cars[index].telemetry(&self.physics)
    }

    /// The player's speed along its own forward axis, m/s (negative when reversing).
    pub fn player_forward_speed(&self) -> f32 {
        let b = self.player_body();
        b.linvel().dot(*b.rotation() * Vec3::Z)
    }

    /// Puts the player's car at `position` with `rotation`, at rest (test and scenario
    /// set-ups; play uses the reset input).
    pub fn teleport_player(&mut self, position: Vec3, rotation: Quat) {
        self.teleport_car(0, position, rotation);
    }

    /// Puts car `index` at `position` with `rotation`, at rest (an AI car put back on its
    /// line; test set-ups).
    pub fn teleport_car(&mut self, index: usize, position: Vec3, rotation: Quat) {
        let car = &mut self.cars[index];
        car.teleport(&mut self.physics, Pose::from_parts(position, rotation));
        self.motion[index] = (Vec3::ZERO, 0);
        self.stream(&[position]);
        self.refresh_query_structures();
    }

    /// Sets the player's chassis velocity (test set-ups: a car launched at a speed).
    pub fn set_player_velocity(&mut self, linear_mps: Vec3, angular_rad_per_s: Vec3) {
        self.set_car_velocity(0, linear_mps, angular_rad_per_s);
    }

    /// Sets car `index`'s chassis velocity (test set-ups; index 0 is the player's).
    pub fn set_car_velocity(&mut self, index: usize, linear_mps: Vec3, angular_rad_per_s: Vec3) {
        let b = &mut self.physics.bodies[self.cars[index].body()];
        b.set_linvel(linear_mps, true);
        b.set_angvel(angular_rad_per_s, true);
        self.cars[index].roll_with_body(&self.physics);
    }

    /// Fault injection for the hardening tests: gives `target`'s body a NaN velocity, as a
    /// solver blow-up would, so the next tick's recovery can be checked. Not for game use.
    #[doc(hidden)]
    pub fn inject_non_finite(&mut self, target: FaultTarget) {
        let handle = match target {
            FaultTarget::Car(i) => self.cars[i].body(),
            FaultTarget::Prop(i) => self.props[i],
        };
        self.physics.bodies[handle].set_linvel(Vec3::NAN, true);
    }

    /// Distance along `dir` from `origin` to the first fixed collider (level geometry), if
    /// within `max_m`. Cars and props are ignored (the chase camera uses this).
    pub fn cast_static_ray(&self, origin: Vec3, dir: Vec3, max_m: f32) -> Option<f32> {
        let ray = Ray::new(origin, dir);
        self.physics
            .cast_ray(&ray, max_m, true, QueryFilter::only_fixed())
            .map(|(_, toi)| toi)
    }

    /// The dynamic props' bodies, in level order.
    pub fn prop_bodies(&self) -> impl Iterator<Item = &RigidBody> {
        self.props.iter().map(|&h| &self.physics.bodies[h])
    }

    /// Whether every dynamic prop is asleep or nearly still (speeds < `tol`).
    pub fn props_settled(&self, tol: f32) -> bool {
        self.prop_bodies()
            .all(|b| b.is_sleeping() || (b.linvel().length() < tol && b.angvel().length() < tol))
    }
}

/// Whether a body's pose and velocities are all finite.
fn body_is_finite(b: &RigidBody) -> bool {
    b.translation().is_finite() && b.rotation().is_finite() && b.linvel().is_finite() && b.angvel().is_finite()
}

/// `pose` with its roll and pitch removed and lifted half a metre, so a car put back there
/// lands on its wheels.
fn upright(pose: &Pose) -> Pose {
    let forward = pose.rotation * Vec3::Z;
    let heading = forward.x.atan2(forward.z);
    let heading = if heading.is_finite() { heading } else { 0.0 };
    Pose::from_parts(pose.translation + Vec3::Y * 0.5, Quat::from_rotation_y(heading))
}

fn spawn_pose(spawn: &Spawn) -> Pose {
    Pose::from_parts(spawn.position_m, Quat::from_rotation_y(spawn.heading_rad))
}
