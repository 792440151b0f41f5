//! Drawing a level: streamed chunk meshes, props, cars, with sun, ambient light and fog.

mod cars;
mod detail_ladder;
mod lit_pass;
mod shadow_pass;
mod view_pass;
mod views;
mod warm_up;

use super::billboards::Billboards;
use super::camera::Camera;
use super::car_lod::WheelDetail;
use super::car_model::CarModels;
use super::car_paint::{CarFrame, CarProgram, Scuffing, Scuffs};
use super::decor_lod::{DecorScale, FAR_DECOR_MAX_PX};
use super::draw_order::NearFirst;
use super::draw_stats::{FrameDrawStats, GpuMemory, PassDrawStats};
use super::dynamic_resolution::{SceneDetail, MIN_SCALE};
use super::fog::FOG_GLSL;
use super::fragment_counter::FragmentCounter;
use super::friction_view::GroundView;
use super::frustum::Frustum;
use super::gl_check;
use super::gpu_timer::GpuTimer;
use super::ground_chunks::GroundChunks;
use super::lit_program::{LitProgram, Sheen};
use super::mesh::Mesh;
use super::particles::ParticlePool;
use super::prop_model::PropMeshes;
pub use super::scene_desc::{CarLook, SceneDesc};
use super::scene_target::SceneTarget;
use super::shadow::{shadow_glsl, ShadowMap};
use super::shadow_reach::casts_into_view_above;
use super::shadow_reuse::ShadowInputs;
use super::skid_mark_draw::SkidMarkDraw;
use super::skid_marks::SkidMarks;
use super::sky::{Sky, SKY_GLSL};
use super::texture_array::GroundTextures;
use super::RenderError;
use crate::content::level::DynamicShape;
use crate::content::{ChunkMeshSizes, MaterialTable};
use crate::content::{PlatformProfile, ShadowFilter};
use crate::sim::{CarPose, ChunkEvent, Snapshot};
use detail_ladder::DetailLadder;
use glam::{Mat4, Vec3};
use warm_up::Pipelines;

/// Everything one frame draws: the scene, body poses `alpha` of the way from `prev` to
/// `cur`, seen from `camera`.
#[derive(Clone, Copy)]
pub struct FrameView<'a> {
    /// The level's static description.
    pub scene: &'a SceneDesc,
    /// Snapshot after the previous tick.
    pub prev: &'a Snapshot,
    /// Snapshot after the latest tick.
    pub cur: &'a Snapshot,
    /// Interpolation between them, [0, 1).
    pub alpha: f32,
    /// Seconds of simulation at this frame (interpolated like the poses): what drifts
    /// with time alone, the clouds.
    pub time_s: f64,
    /// The view.
    pub camera: &'a Camera,
    /// Smoke, dust and debris to draw.
    pub particles: Option<&'a ParticlePool>,
    /// A ghost of the player's car, at the pose `alpha` of the way between these two
    /// (drawn translucent, after the solid scene: see [`Renderer::draw`]).
    pub ghost: Option<(&'a CarPose, &'a CarPose)>,
    /// Whether that ghost is the author's (the AI's lap that set the gold target): tinted
    /// gold rather than the player's ghost blue.
    pub ghost_is_authors: bool,
    /// Skid marks and ruts on the ground, drawn after the solid scene.
    pub skid_marks: Option<&'a SkidMarks>,
    /// The player's car's scuffed paint (car 0; the others are drawn clean).
    pub scuffs: Option<&'a Scuffs>,
    /// The car the view follows (0, the first player's; a guest's in their split-screen
    /// view): the sun's shadow map is centred on it.
    pub focus_car: usize,
}

/// Owns the GL objects for drawing levels.
pub struct Renderer {
    /// The lit pass for dry surfaces, props and boxes.
    lit: LitProgram,
    /// The lit pass for chunks with a wet material (the sky mirrored).
    lit_sheen: LitProgram,
    shadow: ShadowMap,
    billboards: Billboards,
    cube: Mesh,
    wheel: Mesh,
    cone: Mesh,
    /// This frame's chunks, nearest the eye first (the order both passes draw them in).
    chunk_order: NearFirst,
    /// The resident chunks' meshes (uploaded as chunks stream in).
    ground: GroundChunks,
    /// The ground's detail textures, a layer per material texture.
    ground_textures: GroundTextures,
    /// The sky behind the scene.
    sky: Sky,
    /// Sun shadows drawn (the options).
    shadows: bool,
    /// Particles drawn (the options).
    particles: bool,
    /// Meshes outside a pass's view are skipped (off only to check that culling changes
    /// no pixel).
    culling: bool,
    /// Fine decor whose features project under this many pixels draws its far stand-in
    /// (`decor_lod.rs`; 0 draws it all near).
    far_decor_max_px: f32,
    /// What the last [`Renderer::draw`] drew and skipped.
    stats: FrameDrawStats,
    /// The scene's resolution as a fraction of the window's (dynamic resolution), in
    /// [`MIN_SCALE`, 1].
    resolution_scale: f32,
    /// Where the scene is drawn when `resolution_scale` < 1.
    target: SceneTarget,
    /// The costs a frame pays whatever its pixels, stepped down by dynamic resolution at
    /// its floor.
    ladder: DetailLadder,
    /// The GPU time of each frame's scene (what dynamic resolution follows).
    gpu_timer: GpuTimer,
    /// Whether scenes are timed ([`Renderer::set_scene_timing`]).
    scene_timing: bool,
    /// Counts the lit pass's fragments when asked to (`profile`), else `None`.
    fragment_counter: Option<FragmentCounter>,
    /// The skid marks' buffer and shader.
    skid_marks: SkidMarkDraw,
    /// The car shader (paint, glass, lamps).
    car_program: CarProgram,
    /// The car shader with scuffs, for the player's car once it has some.
    car_program_scuffed: CarProgram,
    /// Car models uploaded so far.
    car_models: CarModels,
    /// Models of moving props uploaded so far (the cone).
    prop_models: PropMeshes,
    /// For which targets every pipeline a frame may use has been built
    /// ([`Renderer::warm_pipelines`]).
    pipelines: Pipelines,
    /// What the shadow map now holds was drawn from: a frame with the same inputs keeps it
    /// (`shadow_reuse.rs`).
    /// Forgotten whenever a chunk enters or leaves.
    kept_shadow: [Option<ShadowInputs>; MAX_VIEWS],
    /// The view being drawn (split screen: its shadow map and what that map was drawn
    /// from are its own).
    view_slot: usize,
}

/// Split-screen views a frame draws (each with a shadow map of its own); more are not
/// drawn.
pub const MAX_VIEWS: usize = 4;

impl Renderer {
    /// Compiles shaders and uploads meshes, with a `shadow_map_size`² sun shadow map and room
    /// for `max_particles` (both from the platform profile), shadows filtered 2×2. Needs a
    /// current GL 3.3 core context.
    pub fn new(shadow_map_size: u32, max_particles: usize) -> Result<Renderer, RenderError> {
        Renderer::with_shadow_filter(shadow_map_size, max_particles, ShadowFilter::default())
    }

    /// [`Renderer::new`] with lit fragments filtering the shadow map by `shadow_filter`
    /// (built into the shaders: it cannot change afterwards).
    pub fn with_shadow_filter(
        shadow_map_size: u32,
        max_particles: usize,
        shadow_filter: ShadowFilter,
    ) -> Result<Renderer, RenderError> {
        let shadow_glsl = shadow_glsl(shadow_filter);
        let r = Renderer {
            lit: LitProgram::new(Sheen::Without, shadow_glsl, SKY_GLSL, FOG_GLSL)?,
            lit_sheen: LitProgram::new(Sheen::With, shadow_glsl, SKY_GLSL, FOG_GLSL)?,
            shadow: ShadowMap::new(shadow_map_size)?,
            billboards: Billboards::new(max_particles)?,
            ground_textures: GroundTextures::new()?,
            sky: Sky::new()?,
            cube: Mesh::unit_cube(),
            wheel: Mesh::unit_cylinder_x(20),
            cone: Mesh::unit_cone(16),
            chunk_order: NearFirst::default(),
            ground: GroundChunks::default(),
            shadows: true,
            particles: true,
            culling: true,
            far_decor_max_px: FAR_DECOR_MAX_PX,
            stats: FrameDrawStats::default(),
            resolution_scale: 1.0,
            target: SceneTarget::new()?,
            ladder: DetailLadder::new(shadow_map_size, shadow_filter),
            gpu_timer: GpuTimer::new(),
            scene_timing: false,
            fragment_counter: None,
            skid_marks: SkidMarkDraw::new()?,
            car_program: CarProgram::new(Scuffing::Clean, shadow_filter)?,
            car_program_scuffed: CarProgram::new(Scuffing::Scuffed, shadow_filter)?,
            car_models: CarModels::default(),
            prop_models: PropMeshes::default(),
            pipelines: Pipelines::default(),
            kept_shadow: [None; MAX_VIEWS],
            view_slot: 0,
        };
        gl_check::check("renderer setup")?;
        Ok(r)
    }

    /// Uploads the meshes of chunks that entered the world and frees those that left.
    /// Allocates nothing once [`Renderer::reserve_chunks`] has sized the renderer for the
    /// level (only the driver's own buffers are allocated, outside Rust's heap).
    pub fn apply_chunk_events(&mut self, events: &[ChunkEvent]) {
        for e in events {
            match e {
                ChunkEvent::Entered(chunk) => self.ground.enter(chunk),
                ChunkEvent::Left(c) => self.ground.leave(*c),
            }
            self.kept_shadow = [None; MAX_VIEWS];
        }
        gl_check::debug_check("chunk upload");
    }

    /// Room for `sizes` (a level's chunk count and largest chunk mesh, from
    /// `ChunkColliders::mesh_sizes`): call it when a level starts, and chunks entering,
    /// leaving and being drawn allocate nothing in play. Without it the buffers grow as
    /// the chunks come.
    pub fn reserve_chunks(&mut self, sizes: ChunkMeshSizes) {
        self.ground.reserve(sizes);
        self.chunk_order.reserve(sizes.chunks);
    }

    /// A renderer sized and filtered as `profile` asks: its shadow map's size and filter,
    /// its particle pool and the blended fill its particles may cost.
    pub fn for_profile(profile: &PlatformProfile) -> Result<Renderer, RenderError> {
        let mut r = Renderer::with_shadow_filter(
            profile.shadow_map_size,
            profile.max_particles as usize,
            profile.shadow_filter,
        )?;
        r.billboards.set_fill_budget(profile.particle_fill_screens);
        Ok(r)
    }

    /// Sun shadows on or off (the options; off, the shadow pass only clears its map).
    pub fn set_shadows(&mut self, on: bool) {
        self.shadows = on;
    }

    /// Particles (smoke, dust, debris, sparks) drawn or not (the options).
    pub fn set_particles(&mut self, on: bool) {
        self.particles = on;
    }

    /// Times each scene on the GPU (off by default), for [`Renderer::take_gpu_scene_time`]:
    /// what dynamic resolution follows. Off, nothing is timed: the query costs llvmpipe a
    /// scene a frame that the shadow pass waits on.
    pub fn set_scene_timing(&mut self, on: bool) {
        self.scene_timing = on;
    }

    /// Frustum culling on (the default) or off. Off draws every mesh in both passes: only
    /// for checking that culling changes no pixel, and for measuring what it saves.
    pub fn set_culling(&mut self, on: bool) {
        self.culling = on;
    }

    /// Fine decor (a crowd, lettering, chequers) draws its far stand-in once its features
    /// project under `px` pixels ([`FAR_DECOR_MAX_PX`] unless set; 0 draws it all near, to
    /// check that the stand-ins change nothing close by and measure what they save).
    pub fn set_far_decor_max_px(&mut self, px: f32) {
        self.far_decor_max_px = if px.is_finite() { px.max(0.0) } else { 0.0 };
    }

    /// Draws the 3D scene at `scale` of the window's width and height from the next frame
    /// on, stretched to the window (clamped to [`MIN_SCALE`, 1]; 1 draws straight into the
    /// window). The HUD, drawn after, stays at full resolution.
    pub fn set_resolution_scale(&mut self, scale: f32) {
        self.resolution_scale = if scale.is_finite() {
            scale.clamp(MIN_SCALE, 1.0)
        } else {
            1.0
        };
    }

    /// The scene's resolution scale in force.
    pub fn resolution_scale(&self) -> f32 {
        self.resolution_scale
    }

    /// Draws the scene with `detail` from the next frame on: its resolution scale (as
    /// [`Renderer::set_resolution_scale`]) and its steps down the detail ladder (clamped to
    /// [`Renderer::detail_steps`]).
    pub fn set_scene_detail(&mut self, detail: SceneDetail) {
        self.set_resolution_scale(detail.scale);
        self.set_detail_steps(detail.steps_down);
    }

    /// The scale and ladder steps in force.
    pub fn scene_detail(&self) -> SceneDetail {
        SceneDetail {
            scale: self.resolution_scale,
            steps_down: self.ladder.steps_down(),
        }
    }

    /// GPU memory held now, by kind (it changes as chunks stream and models upload).
    pub fn gpu_memory(&self) -> GpuMemory {
        GpuMemory {
            textures: self.ground_textures.bytes() + self.sky.bytes(),
            chunk_meshes: self.ground.iter().map(|(_, mesh)| mesh.bytes()).sum(),
            models: self.car_models.bytes()
                + self.prop_models.bytes()
                + self.cube.bytes()
                + self.wheel.bytes()
                + self.cone.bytes(),
            shadow_map: self.shadow.bytes() as usize,
            skid_marks: self.skid_marks.bytes(),
        }
    }

    /// Draw calls issued and meshes culled by the last [`Renderer::draw`].
    pub fn last_draw_stats(&self) -> FrameDrawStats {
        self.stats
    }

    /// Frees every chunk mesh: the level they belong to is over (quit to the menu, restart);
    /// the skid marks uploaded go with them.
    pub fn forget_chunks(&mut self) {
        self.ground.forget_all();
        self.skid_marks.forget();
        self.kept_shadow = [None; MAX_VIEWS];
    }

    /// Colours the ground by its look or by the friction the physics uses (`materials` are
    /// the level's), re-uploading the chunks already drawn.
    pub fn set_ground_view(&mut self, view: GroundView, materials: &MaterialTable) {
        self.ground.set_view(view, materials);
        gl_check::debug_check("ground view");
    }

    /// How the ground is coloured now.
    pub fn ground_view(&self) -> GroundView {
        self.ground.view()
    }

    /// Chunk meshes on the GPU.
    pub fn resident_chunks(&self) -> usize {
        self.ground.len()
    }

    /// The resident chunks' meshes, nearest the camera first (the order `draw_scene` sorts).
    fn chunks_nearest_first(&self) -> impl Iterator<Item = &Mesh> {
        self.chunk_order.keys().filter_map(|key| self.ground.get(key))
    }

    /// [`Renderer::chunks_nearest_first`], only those whose box `frustum` may see.
    fn chunks_in_view<'a>(&'a self, frustum: &'a Frustum) -> impl Iterator<Item = &'a Mesh> {
        self.chunks_nearest_first()
            .filter(|mesh| frustum.sees_box(mesh.bounds()))
    }

    /// Calls `f` with every mesh of the frame that `frustum` may see, with its model matrix
    /// and colour, and counts what it drew and skipped. Chunks come nearest first (the
    /// frame's `chunk_order`, sorted in `draw_scene`) and are tested by their box
    /// (their vertices are in world space); props and car parts by the sphere around their
    /// transformed box.
    /// Without `model_cars`, cars drawn from a model are left to
    /// [`Renderer::draw_model_cars`] (the lit pass draws them with the car shader); with
    /// it, their wheels are drawn by that detail (the shadow pass). A chunk's detail
    /// groups are culled by `frustum` and drawn near or far as `decor` says, the same
    /// choice in both passes; with `shadows_into` (the shadow pass: the frustum and decor
    /// scale of each view that reads the map), only those whose shadow may fall in one of
    /// those views, far where every view draws them far; cars and props likewise.
    fn for_each_mesh(
        &self,
        view: &FrameView,
        frustum: &Frustum,
        model_cars: Option<WheelDetail>,
        decor: &DecorScale,
        shadows_into: Option<(&[Frustum], &[DecorScale])>,
        f: &mut dyn FnMut(&Mesh, &Mat4, Vec3),
    ) -> PassDrawStats {
        let FrameView {
            scene,
            prev,
            cur,
            alpha,
            ..
        } = *view;
        let mut stats = PassDrawStats::default();
        // What the pass rasterizes: the shadow pass draws a chunk's casters only.
        let triangles = |mesh: &Mesh| match shadows_into {
            Some(_) => mesh.caster_count(),
            None => mesh.triangle_count(),
        };
        for mesh in self.chunks_nearest_first() {
            if frustum.sees_box(mesh.bounds()) {
                match shadows_into {
                    Some((seen, scales)) => {
                        let sun = scene.sun_dir.normalize_or(Vec3::NEG_Y);
                        mesh.choose_detail_for_shadows(frustum, seen, sun, scales)
                    }
                    None => mesh.choose_detail(frustum, decor),
                }
                stats.drawn += 1;
                stats.triangles += triangles(mesh);
                f(mesh, &Mat4::IDENTITY, Vec3::ONE);
            } else {
                stats.culled += 1;
            }
        }
        // In a view's shadow pass, a moving caster (a car, a prop) draws only if its shadow
        // may fall in that view: its sphere swept along the sun down to the lowest receiver
        // meets the camera's frustum (cars behind the camera cast nothing on screen).
        let sun = scene.sun_dir.normalize_or(Vec3::NEG_Y);
        let floor_y = shadows_into.map(|_| self.receiver_slab(view).min_y_m);
        let mut placed = |mesh: &Mesh, model: &Mat4, color: Vec3| {
            let (centre, radius) = mesh.bounds().bounding_sphere(model);
            let sees = match (shadows_into, floor_y) {
                (Some((seen, _)), Some(floor_y)) => casts_into_view_above(frustum, seen, sun, centre, radius, floor_y),
                _ => frustum.sees_sphere(centre, radius),
            };
            if sees {
                stats.drawn += 1;
                stats.triangles += triangles(mesh);
                f(mesh, model, color);
            } else {
                stats.culled += 1;
            }
        };
        // Looked up once a frame, not once a prop.
        let cone_model = scene.cone_model.as_ref().and_then(|m| self.prop_models.get(m));
        for (i, (shape, color)) in scene.props.iter().enumerate() {
            let (Some(a), Some(b)) = (prev.bodies.get(i), cur.bodies.get(i)) else {
                break;
            };
            let pose = a.lerp(b, alpha);
            match (*shape, cone_model) {
                (DynamicShape::Cone { height_m, radius_m }, Some(model)) => placed(
                    &model.mesh,
                    &model.cone_transform(height_m, radius_m, pose.rotation, pose.position),
                    Vec3::ONE,
                ),
                (DynamicShape::Cone { height_m, radius_m }, None) => placed(
                    &self.cone,
                    &Mat4::from_scale_rotation_translation(
                        Vec3::new(radius_m * 2.0, height_m, radius_m * 2.0),
                        pose.rotation,
                        pose.position,
                    ),
                    *color,
                ),
                (DynamicShape::Box(size), _) => placed(
                    &self.cube,
                    &Mat4::from_scale_rotation_translation(size, pose.rotation, pose.position),
                    *color,
                ),
            }
        }
        for (i, look) in scene.cars.iter().enumerate() {
            let (Some(a), Some(b)) = (prev.cars.get(i), cur.cars.get(i)) else {
                break;
            };
            let detail = match model_cars {
                Some(detail) => detail,
                None if self.model_meshes(look).is_some() => continue,
                None => WheelDetail::Far,
            };
            self.car_meshes(look, &a.lerp(b, alpha), look.color, detail, &mut placed);
        }
        stats
    }

    /// Counts the fragments each frame's lit pass shades (a GL query read back one frame
    /// late, with a wait: for measuring, not for play). Core GL only: ES 3.0 has no
    /// samples-passed query, and there the count stays off.
    pub fn set_count_fragments(&mut self, on: bool) {
        let on = on && !super::glsl_dialect::context_is_es();
        if on != self.fragment_counter.is_some() {
            self.fragment_counter = on.then(|| FragmentCounter::new(MAX_VIEWS));
        }
    }

    /// The fragments the latest counted frame's lit pass shaded (the frame before the last
    /// [`Renderer::draw`]), once; `None` when counting is off.
    pub fn take_fragments_shaded(&mut self) -> Option<u64> {
        self.fragment_counter.as_mut().and_then(FragmentCounter::take_latest)
    }

    /// The GPU time of the latest scene whose timing has come back (a few frames late),
    /// ms, and the scale and detail it was drawn with, each result once: what
    /// [`DynamicResolution`] follows. Nothing while scene timing is off
    /// ([`Renderer::set_scene_timing`]).
    ///
    /// [`DynamicResolution`]: super::DynamicResolution
    pub fn take_gpu_scene_time(&mut self) -> Option<(f32, SceneDetail)> {
        self.gpu_timer.take_latest()
    }

    /// The frustum a pass drawn through `view_proj` culls by: everything with culling off.
    fn culling_frustum(&self, view_proj: &Mat4) -> Frustum {
        if self.culling {
            Frustum::from_view_proj(view_proj)
        } else {
            Frustum::everything()
        }
    }

    /// Starts the lit pass's scene with a draw that covers no pixel, with the first lit
    /// program (the cars') and the shadow map bound, before the frame is cleared.
    ///
    /// llvmpipe flushes the scene it is building whenever a draw binds a texture that a
    /// queued scene still renders into: the shadow map, until the scene that draws it is
    /// done. Cleared first, the frame's clear was that flushed scene, and, with the
    /// driver's pool of scenes full (it stays full once a load has queued a few), each
    /// scene begins only when the one before it is done: the lit pass waited for the
    /// shadow map and then for the clear. Begun by this draw, the lit pass waits for the
    /// shadow map only, and the clear joins its scene (PERFORMANCE.md, "Scenes the driver
    /// waits on"). Other drivers draw nothing and carry on.
    fn open_lit_scene(&self, frame: &CarFrame) {
        self.car_program.begin(frame);
        self.car_program.set_model(&Mat4::from_scale(Vec3::ZERO));
        self.cube.draw();
    }

    /// A plain dark frame (under the menus).
    pub fn clear(&self, width: u32, height: u32) {
        // SAFETY: clears the default framebuffer on the current context.
        unsafe {
            gl::Viewport(0, 0, width as i32, height as i32);
            gl::Disable(gl::SCISSOR_TEST);
            gl::ClearColor(0.06, 0.07, 0.09, 1.0);
            gl::Clear(gl::COLOR_BUFFER_BIT | gl::DEPTH_BUFFER_BIT);
        }
    }

    /// The loading screen: a dark frame with a bar filled to `progress` (0..1).
    pub fn draw_loading(&self, progress: f32, width: u32, height: u32) {
        let (w, h) = (width as i32, height as i32);
        let (bw, bh) = (w * 3 / 5, (h / 24).max(6));
        let (x, y) = ((w - bw) / 2, (h - bh) / 2);
        let fill = (bw as f32 * progress.clamp(0.0, 1.0)) as i32;
        // SAFETY: clears of the default framebuffer, limited by scissor rectangles.
        unsafe {
            gl::Viewport(0, 0, w, h);
            gl::Disable(gl::SCISSOR_TEST);
            gl::ClearColor(0.06, 0.07, 0.09, 1.0);
            gl::Clear(gl::COLOR_BUFFER_BIT | gl::DEPTH_BUFFER_BIT);
            gl::Enable(gl::SCISSOR_TEST);
            gl::Scissor(x - 2, y - 2, bw + 4, bh + 4);
            gl::ClearColor(0.35, 0.37, 0.42, 1.0);
            gl::Clear(gl::COLOR_BUFFER_BIT);
            gl::Scissor(x, y, bw, bh);
            gl::ClearColor(0.10, 0.11, 0.13, 1.0);
            gl::Clear(gl::COLOR_BUFFER_BIT);
            if fill > 0 {
                gl::Scissor(x, y, fill, bh);
                gl::ClearColor(0.85, 0.18, 0.12, 1.0);
                gl::Clear(gl::COLOR_BUFFER_BIT);
            }
            gl::Disable(gl::SCISSOR_TEST);
        }
        gl_check::debug_check("loading screen");
    }

    /// The ground texture array's bytes on the GPU (every layer and mip level) and the side
    /// of each of its mip levels as allocated (what the tests check for mipmaps).
    pub fn ground_texture_memory(&self) -> (usize, Vec<i32>) {
        (self.ground_textures.bytes(), self.ground_textures.level_sizes())
    }
}
