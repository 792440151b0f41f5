//! The physics world the game owns: rapier3d, stepped once per tick with that tick's input,
//! with the level's static geometry streamed in chunk by chunk.
//!
//! This file holds the world's state, builds it and runs a tick's parts in order. The parts
//! live by job: `slots.rs` what the world keeps per car and per prop, `chunks.rs` chunks
//! entering and leaving rapier, `recovery.rs` the non-finite checks and fault resets,
//! `tick_events.rs` the events derived after a step, `slipstream.rs` the wakes that
//! take drag off cars behind others, `staging.rs` what callers change
//! between ticks (cars added, controls, teleports, velocities), `queries.rs` the read-only
//! views (state hash, contact topology, snapshots, bodies, ray casts), `reset_guide.rs` and
//! `reset_place.rs` where the reset input puts the player's car.

mod chunks;
mod players;
mod queries;
mod recovery;
mod reset_guide;
mod reset_place;
mod slipstream;
mod slots;
mod staging;
mod tick_events;

use self::players::PlayerSeat;
pub use self::players::MAX_PLAYERS;
use self::reset_guide::ResetGuide;
use self::slots::{CarSlot, PropSlot};
use super::assist_hook::PlayerAssists;
use super::events::SimEvent;
use super::input::TickInput;
use super::streaming::{ChunkEvent, ChunkProvider, Streamer, SyncProvider};
use crate::content::level::{DynamicShape, Spawn};
use crate::content::{ChunkColliders, LoadedLevel, MaterialTable};
use crate::vehicle::{Car, CarDef, Surfaces};
use glam::{Quat, Vec3};
use rapier3d::prelude::*;
use std::sync::Arc;

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

/// Colliders reserved in rapier's set beyond the level's chunks: the cars' (a few each, up
/// to [`MAX_STREAMING_CARS`] cars) and the props'. Going over only costs a reallocation.
const COLLIDERS_BEYOND_CHUNKS: usize = 1024;

/// Contact pairs (a car's or a prop's box against anything) made at load for rapier's pool,
/// so box-box contacts forming in play allocate nothing: one per room for a car's or prop's
/// collider (about 1.7 kB each by size arithmetic, 1.7 MB in all). If `alloc_sites --
/// LEVEL --profile` lists `add_pair` or `ContactPair::new` on a level with more bodies
/// touching at once, raise it.
const CONTACT_PAIRS_RESERVED: usize = COLLIDERS_BEYOND_CHUNKS;

/// Colliders one collider overlaps at once (a car's box among a chunk's pieces and the
/// other cars, a prop in a stack) before its broad-phase pair list grows: each collider's
/// list is taken from spares of this size made at load (128 bytes each).
const BROAD_PHASE_PAIRS_PER_COLLIDER: usize = 16;

/// Broad-phase pair lists made at load for the colliders that overlap more than
/// [`BROAD_PHASE_PAIRS_PER_COLLIDER`] others (a chunk's ground under the crash level's cars
/// and box stacks): such a list moves into one of these instead of growing (2 kB each).
const ROOMY_PAIR_LISTS: usize = 16;

/// Pairs a roomy broad-phase pair list holds: every reserved contact pair's room is not
/// needed, one collider under all the cars' boxes and the props of a level is.
const ROOMY_PAIR_LIST_ROOM: usize = 256;

/// parry's spare per-pair workspaces, of each kind (a pair against a height field, a
/// compound or mesh, two compounds), made at load: a contact pair forming in play against
/// a chunk's terrain or pieces, or a car's compound body, takes one instead of allocating.
/// Process-wide (parry keeps them), topped up by each world built (about 250 bytes each).
const CONTACT_WORKSPACES_PER_KIND: usize = CONTACT_PAIRS_RESERVED / 4;

/// Sub-shape pairs (triangles, compound parts) a spare workspace tracks before its table
/// grows.
const SUB_SHAPES_PER_WORKSPACE: usize = 16;

/// parry's spare sub-shape manifolds (of rapier's manifold type), made at load with room
/// for a box-box contact's points: a car's or prop's box meeting a part of a chunk's
/// compound (a ramp slice, a wall) or a height field's triangle it had no manifold for
/// takes one instead of allocating, and gives it back when it leaves. Process-wide (parry
/// keeps them), topped up by each world built; about 1.3 kB each with their lists.
const SUB_SHAPE_MANIFOLDS_RESERVED: usize = CONTACT_PAIRS_RESERVED / 2;

/// parry's spare manifold lists, made at load with room for [`MANIFOLD_LIST_ROOM`]
/// manifolds: a pair's list about to grow (a box among more parts or triangles than its
/// list has room for, twice the live ones during a query) moves into one instead.
const SPARE_MANIFOLD_LISTS: usize = CONTACT_PAIRS_RESERVED / 16;

/// Manifolds a spare manifold list holds (about 200 bytes each).
const MANIFOLD_LIST_ROOM: usize = 32;

/// SIMD contact chunks (up to four manifolds of one solver colour each) the constraint
/// solver's buffers hold before growing: a manifold per reserved pair, packed four to a
/// chunk (about 1.8 kB a chunk with its builder, both friction models'). A step with
/// more chunks (many colours each filling a chunk partly) grows them once.
const SOLVER_CONTACT_CHUNKS_RESERVED: usize = CONTACT_PAIRS_RESERVED / 4;

/// Touching contacts one island of bodies (a pile of props, cars against each other and
/// the ground) can hold without growing its list: every reserved pair. Each body gets a
/// spare island this size at load (20 bytes a link: 20 kB a body).
const ISLAND_CONTACT_LINKS_RESERVED: usize = CONTACT_PAIRS_RESERVED;

/// Contact points a pooled pair's manifold holds without growing: the most a box-box
/// contact makes (two faces clipped against each other).
const BOX_BOX_CONTACT_POINTS: usize = 8;

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
    cars: Vec<CarSlot>,
    /// The players, the first driving car 0; reserved for [`MAX_PLAYERS`] at load.
    players: Vec<PlayerSeat>,
    /// Each player's controls for the tick being stepped, after their assists (reserved
    /// for [`MAX_PLAYERS`]).
    player_controls: Vec<crate::sim::input::VehicleControl>,
    /// Dynamic props in snapshot order.
    props: Vec<PropSlot>,
    materials: MaterialTable,
    streamer: Streamer,
    /// Every chunk's colliders, decoded once per level: entering chunks insert from it.
    chunk_pool: Arc<ChunkColliders>,
    /// Per chunk (the streamer's order): in the world or not (a chunk that failed to load
    /// is in, with no colliders, so it is not tried again every tick).
    resident: Vec<bool>,
    /// Per chunk: the handles of its colliders in the world, each list reserved at load
    /// for all of the chunk's colliders, so a chunk entering allocates nothing.
    resident_handles: Vec<Vec<ColliderHandle>>,
    /// Per chunk: the memory it holds while in the world (0 when out or failed), for the
    /// streaming counters.
    resident_bytes: Vec<usize>,
    /// The plan's lists (chunk indices), reserved for every chunk at load.
    plan_enter: Vec<u32>,
    plan_leave: Vec<u32>,
    /// Chunk changes since a renderer last drained them.
    events: Vec<ChunkEvent>,
    /// Chunk events are kept for a renderer to drain, unless nothing draws (see
    /// [`SimWorld::discard_chunk_events`]).
    keep_chunk_events: bool,
    /// The first player's spawn point, where their restart input puts the car back.
    spawn: Spawn,
    /// Where the reset input may put the car: the level's track or checkpoints.
    guide: ResetGuide,
    /// Events of the latest tick.
    sim_events: Vec<SimEvent>,
    /// Cars and props put back since the world was built.
    fault_resets: u64,
    /// Bumped whenever the static colliders or their place in the query structures change
    /// (chunks in or out): the cars' ground caches gathered before are stale.
    static_generation: u64,
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
        let chunk_pool = loaded.chunk_colliders();
        let streamer = Streamer::new(loaded.chunks.coords(), level.chunk_size_m, provider);
        let chunks = streamer.chunk_count();
        let mut physics = PhysicsWorld::new();
        // Room for every chunk's colliders at once and the cars' and props' beyond: the
        // set never grows in a tick. (Handles come out the same as when it grows: freed
        // slots first, then fresh ones in order.)
        let collider_capacity = chunk_pool.total_colliders() + COLLIDERS_BEYOND_CHUNKS;
        physics.colliders = ColliderSet::with_capacity(collider_capacity);
        // The broad phase's tree and lists likewise: a chunk's colliders entering mid-run
        // would otherwise grow them whenever more were resident than ever before.
        physics.broad_phase.reserve(collider_capacity);
        physics.broad_phase.reserve_pairs(
            CONTACT_PAIRS_RESERVED,
            collider_capacity,
            BROAD_PHASE_PAIRS_PER_COLLIDER,
        );
        physics
            .broad_phase
            .reserve_roomy_adjacency(ROOMY_PAIR_LISTS, ROOMY_PAIR_LIST_ROOM);
        physics
            .narrow_phase
            .reserve_pairs(CONTACT_PAIRS_RESERVED, BOX_BOX_CONTACT_POINTS);
        physics.narrow_phase.reserve_colliders(collider_capacity);
        rapier3d::parry::query::details::reserve_spare_workspaces(
            CONTACT_WORKSPACES_PER_KIND,
            SUB_SHAPES_PER_WORKSPACE,
        );
        physics.narrow_phase.reserve_sub_shape_manifolds(
            SUB_SHAPE_MANIFOLDS_RESERVED,
            BOX_BOX_CONTACT_POINTS,
            SPARE_MANIFOLD_LISTS,
            MANIFOLD_LIST_ROOM,
        );
        physics.physics_pipeline.reserve_pair_events(CONTACT_PAIRS_RESERVED);
        let tick_rate_hz = tick_rate_hz.max(1);
        let dt_s = 1.0 / tick_rate_hz as f32;
        physics.integration_parameters.dt = dt_s;
        let spawn = level.player_spawn().clone();

        let mut world = SimWorld {
            physics,
            cars: Vec::new(),
            players: Vec::with_capacity(MAX_PLAYERS),
            player_controls: Vec::with_capacity(MAX_PLAYERS),
            props: Vec::new(),
            materials: level.materials.clone(),
            streamer,
            resident: vec![false; chunks],
            resident_bytes: vec![0; chunks],
            resident_handles: (0..chunks)
                .map(|i| {
                    let n = chunk_pool
                        .chunk(i)
                        .and_then(|c| c.as_ref().ok())
                        .map_or(0, |c| c.colliders.len());
                    Vec::with_capacity(n)
                })
                .collect(),
            chunk_pool,
            plan_enter: Vec::with_capacity(chunks),
            plan_leave: Vec::with_capacity(chunks),
            events: Vec::new(),
            keep_chunk_events: true,
            spawn: spawn.clone(),
            guide: ResetGuide::new(level),
            sim_events: Vec::with_capacity(64),
            fault_resets: 0,
            static_generation: 0,
            tick: 0,
            tick_rate_hz,
            dt_s,
        };
        let mut positions = vec![spawn.position_m];
        positions.extend(level.parked_cars.iter().map(|p| p.position_m));
        world.stream(&positions);

        world.spawn_car(player, spawn_pose(&spawn));
        world.players.push(PlayerSeat {
            car: 0,
            assists: PlayerAssists::default(),
            start: (spawn.position_m, spawn.heading_rad),
        });
        for (p, def) in level.parked_cars.iter().zip(parked) {
            world.spawn_car(
                def,
                Pose::from_parts(p.position_m, Quat::from_rotation_y(p.heading_rad)),
            );
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
            let home = *world.physics.bodies[h].position();
            world.props.push(PropSlot { body: h, home });
        }
        world.refresh_query_structures();
        world.reserve_for_bodies();
        world
    }

    /// Sizes rapier's per-body storage for the bodies now in the world: the islands
    /// (falling asleep, waking, merging, splitting), the narrow phase's per-body tables and
    /// solver buckets. Called at load after bodies are inserted (here and by
    /// [`SimWorld::add_car`]), so that no tick grows them (issue 21: a tick allocates
    /// nothing). If `alloc_sites -- LEVEL --profile` lists an island or solver-graph site,
    /// a body was inserted without it.
    pub(super) fn reserve_for_bodies(&mut self) {
        // The arena's length: every body's index is below it (nothing is removed).
        let bodies = self.physics.bodies.len();
        self.physics.islands.reserve(bodies, ISLAND_CONTACT_LINKS_RESERVED);
        self.physics.narrow_phase.reserve_bodies(bodies, CONTACT_PAIRS_RESERVED);
        self.physics.ccd_solver.reserve(bodies);
        self.physics.bodies.reserve_modified(bodies);
        self.physics
            .physics_pipeline
            .reserve(bodies, SOLVER_CONTACT_CHUNKS_RESERVED);
    }

    /// Inserts a car of `def` at `pose` after every car already in the world; its home is
    /// where its body was put.
    fn spawn_car(&mut self, def: &CarDef, pose: Pose) {
        let car = Car::spawn(&mut self.physics, def, pose);
        let home = *self.physics.bodies[car.body()].position();
        self.cars.push(CarSlot::new(car, home));
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

    /// Advances the world by one tick with `input` driving the first player's car (any
    /// other player's car gets no input: it coasts).
    pub fn step(&mut self, input: &TickInput) {
        self.step_timed(input, &mut |_| {});
    }

    /// [`SimWorld::step`], calling `mark` as each part of the tick ends, so a profiler can
    /// time the parts with its own clock (the simulation reads none).
    pub fn step_timed(&mut self, input: &TickInput, mark: &mut dyn FnMut(TickPart)) {
        self.step_players_timed(std::slice::from_ref(input), mark);
    }

    /// Advances the world by one tick, `inputs[p]` driving player `p`'s car (a player
    /// without one gets no input). With one player this is [`SimWorld::step`] exactly.
    pub fn step_players(&mut self, inputs: &[TickInput]) {
        self.step_players_timed(inputs, &mut |_| {});
    }

    /// [`SimWorld::step_players`] with the tick's parts reported to `mark`.
    #[profiling::function]
    pub fn step_players_timed(&mut self, inputs: &[TickInput], mark: &mut dyn FnMut(TickPart)) {
        // Something set between ticks (a caller, a test) is checked before anything uses it.
        self.recover_non_finite();
        self.stream_around_cars();
        mark(TickPart::Streaming);

        // Every player's controls through their own assists, read from the world as the
        // last tick left it, before any reset moves a car.
        self.player_controls.clear();
        for (p, seat) in self.players.iter_mut().enumerate() {
            let input = inputs.get(p).copied().unwrap_or_default();
            let car = &self.cars[seat.car].car;
            let control = seat.assists.controls(
                &input,
                car,
                || car.telemetry(&self.physics),
                &self.physics.bodies[car.body()],
                self.dt_s,
            );
            self.player_controls.push(control);
        }
        for p in 0..self.players.len() {
            let input = inputs.get(p).copied().unwrap_or_default();
            if input.restart {
                self.restart_player(p);
            } else if input.reset {
                self.reset_player_in_place(p);
            }
            let car = self.players[p].car;
            self.cars[car].control = self.player_controls[p];
        }
        self.sum_wakes();
        for slot in self.cars.iter_mut() {
            let c = &slot.control;
            let surfaces = Surfaces::new(&self.materials).with_ground(&slot.ground, self.static_generation);
            slot.car
                .update(&mut self.physics, c, &surfaces, slot.drag_scale, self.dt_s);
            slot.lamps = slots::Lamps::from_control(c);
        }
        for slot in &mut self.cars {
            slot.velocity_before_mps = self.physics.bodies[slot.car.body()].linvel();
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
        self.recover_non_finite_after_physics();
        for slot in &mut self.cars {
            slot.last_good = *self.physics.bodies[slot.car.body()].position();
        }
        self.collect_events();
        mark(TickPart::Events);
    }
}

/// Where the player starts (and is put back by the restart input), upright at rest.
fn spawn_pose(spawn: &Spawn) -> Pose {
    Pose::from_parts(spawn.position_m, Quat::from_rotation_y(spawn.heading_rad))
}
