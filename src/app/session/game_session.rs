//! A level being played: its [`Race`] (world and opponents), the fixed-step loop that paces it, the chase camera,
//! and the two snapshots render interpolates between.

use super::chase_camera::ChaseCamera;
use crate::app::race::{Opponents, Race};
use crate::app::setup::Setup;
use crate::render::particles::ParticlePool;
use crate::render::{Camera, FrameView, SceneDesc, SkidMarks, SurfaceLooks};
use crate::sim::{ChunkEvent, ChunkProvider, SimWorld, Snapshot, SyncProvider, TickInput};
use crate::time::{FixedStepLoop, FramePlan};
use std::time::Duration;

/// One level in play. Platform-free: the front ends feed it frame deltas and inputs.
pub struct Session {
    /// The level's static description for rendering.
    pub scene: SceneDesc,
    race: Race,
    fixed: FixedStepLoop,
    /// A chase camera per player, the first player's first.
    cameras: Vec<ChaseCamera>,
    particles: ParticlePool,
    /// The player's car's smoke after a hard hit.
    damage: super::damage_smoke::DamageSmoke,
    /// The player's car's scuffed paint after hard hits.
    scuffs: super::scuff_marks::ScuffMarks,
    previous: Snapshot,
    current: Snapshot,
    /// Skid marks and ruts the cars leave (render only, fed from the snapshots' events).
    skid_marks: SkidMarks,
    /// The crowds in the level's stands (sound only).
    pub(super) crowds: Vec<crate::audio::Crowd>,
}

impl Session {
    /// Starts `setup`'s race (its level, the player's car, the parked cars and the AI
    /// opponents) under its profile's loop settings, decoding chunks on this thread.
    pub fn start(setup: &Setup) -> Self {
        Self::with_provider(setup, Box::new(SyncProvider::new(setup.level.chunks.clone())))
    }

    /// As [`Session::start`], with chunks from `provider`.
    pub fn with_provider(setup: &Setup, provider: Box<dyn ChunkProvider>) -> Self {
        let world = Race::level_world(setup, provider);
        // Placed behind the player before the grid fills, as it always was.
        let camera = ChaseCamera::new(&world);
        let race = Race::on(world, setup);
        let mut cameras = vec![camera];
        for p in 1..race.world.player_count() {
            let car = race.world.player_car_index(p).unwrap_or(0);
            cameras.push(ChaseCamera::following(&race.world, car));
        }
        let mut scene = SceneDesc::new(&setup.level.level, &setup.car, &setup.parked);
        let guests = setup.guests.iter().take(race.world.player_count() - 1);
        scene
            .cars
            .extend(guests.map(|g| crate::render::CarLook::from_def(&g.car)));
        scene
            .cars
            .extend(race.opponents.defs().map(crate::render::CarLook::from_def));
        // The players' chosen paints (or their cars' own), and every other car in the AI
        // palette's colours, none near the first player's, so opponents of one model tell
        // apart and the player's car stands out.
        for (k, look) in scene.cars.iter_mut().enumerate() {
            look.color = setup.car_paint(k);
        }
        let mut current = Snapshot::default();
        race.world.snapshot_into(&mut current);
        let materials = &setup.level.level.materials;
        let surfaces = SurfaceLooks::new(materials);
        let tire_widths_m: Vec<f32> = scene.cars.iter().map(|c| c.wheel_width_m).collect();
        let skid_marks = SkidMarks::new(
            setup.profile.skid_mark_segments as usize,
            &tire_widths_m,
            surfaces.clone(),
            materials.iter().map(|(_, m)| m.color).collect(),
        );
        Self {
            skid_marks,
            scene,
            cameras,
            particles: ParticlePool::new(setup.profile.max_particles as usize).with_surfaces(surfaces),
            damage: Default::default(),
            scuffs: Default::default(),
            fixed: FixedStepLoop::new(setup.profile.loop_config),
            race,
            previous: current.clone(),
            current,
            crowds: super::stand_crowds::stand_crowds(&setup.level.level),
        }
    }

    /// The AI cars.
    pub fn opponents(&self) -> &Opponents {
        &self.race.opponents
    }

    /// The simulation (read-only for callers: only [`Session::tick`] advances it).
    pub fn world(&self) -> &SimWorld {
        &self.race.world
    }

    /// Accounts a frame's wall time and says how many ticks to run and the render alpha.
    pub fn plan_frame(&mut self, frame_delta: Duration) -> FramePlan {
        self.fixed.advance(frame_delta)
    }

    /// Moves the chunk changes since the last call into `out`, for render.
    pub fn drain_chunk_events(&mut self, out: &mut Vec<ChunkEvent>) {
        self.race.world.drain_chunk_events(out);
    }

    /// Runs one tick on the first player's `input` (any guest's car gets none), moves
    /// the cameras, and rotates the snapshots.
    pub fn tick(&mut self, input: &TickInput) {
        self.tick_timed(input, &mut |_| {});
    }

    /// [`Session::tick`] with the world's parts reported to `mark` (the profiler).
    pub fn tick_timed(&mut self, input: &TickInput, mark: &mut dyn FnMut(crate::sim::TickPart)) {
        self.tick_players_timed(std::slice::from_ref(input), mark);
    }

    /// Runs one tick, `inputs[p]` driving player `p`'s car.
    pub fn tick_players(&mut self, inputs: &[TickInput]) {
        self.tick_players_timed(inputs, &mut |_| {});
    }

    /// [`Session::tick_players`] with the world's parts reported to `mark`.
    pub fn tick_players_timed(&mut self, inputs: &[TickInput], mark: &mut dyn FnMut(crate::sim::TickPart)) {
        self.race.step_players_timed(inputs, mark);
        let world = &self.race.world;
        for camera in &mut self.cameras {
            camera.update(world, world.dt_s());
        }
        std::mem::swap(&mut self.previous, &mut self.current);
        world.snapshot_into(&mut self.current);
        self.particles.advance(world.dt_s());
        self.particles.emit_for(&self.current.events);
        self.skid_marks.lay(&self.current.events, world.dt_s());
        let body = world.player_body();
        self.damage.update(
            &self.current.events,
            body.translation(),
            *body.rotation(),
            body.linvel(),
            world.dt_s(),
            &mut self.particles,
        );
        self.scuffs
            .update(&self.current.events, body.translation(), *body.rotation());
    }

    /// Plays on in `world` instead (a challenge's next run starts in a fresh world): no
    /// opponents, the camera placed behind the player, the snapshots taken from it. The
    /// caller frees the renderer's chunks (`Renderer::forget_chunks`): the new world
    /// streams its own in.
    pub fn replace_world(&mut self, world: SimWorld) {
        self.cameras.truncate(1);
        self.cameras[0] = ChaseCamera::new(&world);
        self.race = Race {
            world,
            opponents: Opponents::default(),
        };
        self.race.world.snapshot_into(&mut self.current);
        self.race.world.snapshot_into(&mut self.previous);
        self.skid_marks.clear();
        // A fresh world's car is a fresh car.
        self.scuffs = Default::default();
    }

    /// Moves the player's car to `position` at rest and refreshes the snapshots (render
    /// tests: a frame without the car in view).
    pub fn world_teleport_for_tests(&mut self, position: glam::Vec3) {
        self.race.world.teleport_player(position, glam::Quat::IDENTITY);
        self.race.world.snapshot_into(&mut self.previous);
        self.race.world.snapshot_into(&mut self.current);
    }

    /// The particle pool (smoke, dust, debris).
    pub fn particles(&self) -> &ParticlePool {
        &self.particles
    }

    /// The world, for tools that stage situations (the profiler puts the car at a
    /// scenario's spawn); games change it only through ticks.
    pub fn world_mut_for_tools(&mut self) -> &mut SimWorld {
        &mut self.race.world
    }

    /// The world between ticks, for a mode's rules that stage what its script asks before
    /// the next tick (a challenge run's launch: `RunSteps::before_tick`); the change takes
    /// effect through the next tick like any staged change.
    pub fn world_between_ticks(&mut self) -> &mut SimWorld {
        &mut self.race.world
    }

    /// The particle pool, for tools that stage effects (benchmarks, screenshots).
    pub fn particles_mut(&mut self) -> &mut ParticlePool {
        &mut self.particles
    }

    /// The skid marks laid so far.
    pub fn skid_marks(&self) -> &SkidMarks {
        &self.skid_marks
    }

    /// The latest snapshot.
    pub fn snapshot(&self) -> &Snapshot {
        &self.current
    }

    /// Cycles the first player's chase camera's views (near, far, default).
    pub fn next_camera_view(&mut self) {
        self.next_camera_view_of(0);
    }

    /// Cycles player `player`'s chase camera's views.
    pub fn next_camera_view_of(&mut self, player: usize) {
        if let Some(camera) = self.cameras.get_mut(player) {
            camera.next_view();
        }
    }

    /// Where the sound is heard from after the latest tick: the first player's chase
    /// camera.
    pub fn listener(&self) -> crate::audio::Listener {
        self.cameras[0].listener()
    }

    /// Where player `player` hears from: their chase camera (the first player's past the
    /// last).
    pub fn listener_of(&self, player: usize) -> crate::audio::Listener {
        self.cameras.get(player).unwrap_or(&self.cameras[0]).listener()
    }

    /// The first player's chase view `alpha` of the way between the last two ticks.
    pub fn camera(&self, alpha: f32) -> Camera {
        self.cameras[0].camera(alpha)
    }

    /// Player `player`'s chase view (the first player's past the last).
    pub fn camera_of(&self, player: usize, alpha: f32) -> Camera {
        self.cameras.get(player).unwrap_or(&self.cameras[0]).camera(alpha)
    }

    /// People playing in this session.
    pub fn player_count(&self) -> usize {
        self.cameras.len()
    }

    /// What player `player`'s view draws this frame: [`Session::frame_view`], its sun
    /// shadows centred on their car.
    pub fn frame_view_of<'a>(&'a self, player: usize, alpha: f32, camera: &'a Camera) -> FrameView<'a> {
        FrameView {
            focus_car: self.race.world.player_car_index(player).unwrap_or(0),
            ..self.frame_view(alpha, camera)
        }
    }

    /// What to draw this frame: the snapshots `alpha` apart, from `camera`.
    pub fn frame_view<'a>(&'a self, alpha: f32, camera: &'a Camera) -> FrameView<'a> {
        FrameView {
            scene: &self.scene,
            prev: &self.previous,
            cur: &self.current,
            alpha,
            time_s: (self.previous.tick as f64 + f64::from(alpha)) * f64::from(self.race.world.dt_s()),
            camera,
            particles: Some(&self.particles),
            ghost: None,
            ghost_is_authors: false,
            skid_marks: Some(&self.skid_marks),
            scuffs: Some(self.scuffs.scuffs()),
            focus_car: 0,
        }
    }
}
