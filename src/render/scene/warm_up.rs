//! Building, at the first frame, every pipeline a later frame may need.
//!
//! A GL driver builds the code for a shader together with the state it is drawn with (blend,
//! depth writes, polygon offset, the framebuffer's format) at the first draw that uses the
//! pair; llvmpipe compiles it with LLVM there and then, on the drawing thread. The scene
//! meets some pairs only mid-race: the first puff of dust, the first skid mark, the
//! player's first scuff, a wet chunk coming into view. Each was a frame of tens to
//! hundreds of milliseconds, in the middle of play (PERFORMANCE.md, "Pipelines built at
//! the first frame"). Consoles build their pipelines at load for the same reason.
//!
//! Each warm-up draw has no area (a mesh scaled to a point, a quad of one point), so it
//! changes no pixel. If a hitch still shows at a first event, that event's draw uses a
//! program or state this list does not visit: add it here.

use super::super::car_paint::{CarFrame, Scuffs};
use super::super::lit_program::{LitFrame, GROUND_TEXTURE_UNIT};
use super::super::scene_target::StretchFilter;
use super::super::texture_array::GroundMipFilter;
use super::super::viewport::ViewRect;
use super::cars::GHOST_ALPHA;
use super::detail_ladder::DetailStep;
use super::Renderer;
use glam::{Mat4, Quat, Vec3};

/// Where the scene is drawn: the pipelines are built per target, since a target's formats
/// are part of what the driver compiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SceneTargetKind {
    /// The window's framebuffer (full resolution).
    Window,
    /// The offscreen target dynamic resolution draws into below full resolution.
    Offscreen,
}

/// For which targets the driver has built the pipelines (shader and state together) a frame
/// may need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Pipelines {
    window: bool,
    offscreen: bool,
}

impl Pipelines {
    /// Whether the pipelines for `target` are built.
    pub fn warm_for(&self, target: SceneTargetKind) -> bool {
        match target {
            SceneTargetKind::Window => self.window,
            SceneTargetKind::Offscreen => self.offscreen,
        }
    }

    fn mark_warm(&mut self, target: SceneTargetKind) {
        match target {
            SceneTargetKind::Window => self.window = true,
            SceneTargetKind::Offscreen => self.offscreen = true,
        }
    }
}

impl Renderer {
    /// Draws nothing visible with every program and state the scene can draw with, into
    /// the bound `target`, so the driver builds them all now; then marks them warm. Leaves the
    /// lit program bound and the scene's default state (depth test and writes on, no
    /// blending).
    pub(super) fn warm_pipelines(&mut self, target: SceneTargetKind, lit: &LitFrame, cars: &CarFrame) {
        // With the detail ladder on, the other shadow filter's programs too: taking its
        // step must not be a frame spent compiling.
        self.for_each_filter_set(&mut |r| r.warm_programs(lit, cars));
        if target == SceneTargetKind::Offscreen && self.detail_steps() > 0 {
            self.warm_stretches();
            self.warm_other_ground_mip_filter(lit);
        }
        self.lit.bind_for(lit);
        self.pipelines.mark_warm(target);
    }

    /// With dynamic resolution on (the detail ladder built) and the scene drawn into the
    /// window, builds the offscreen target (`width × height`, the window's size) and its
    /// pipelines ahead, then binds the window back: the first frame drawn below full
    /// resolution otherwise allocated the target and compiled every program for its
    /// format, 76 ms on llvmpipe (crash, desktop; PERFORMANCE.md, "Pipelines built at the
    /// first frame"). Call it with the scene's textures bound and its depth and cull state
    /// set, before the window's clear (the stretches' warm-up writes the window's
    /// corner).
    pub(super) fn warm_offscreen_ahead(&mut self, width: u32, height: u32, lit: &LitFrame, cars: &CarFrame) {
        if self.detail_steps() == 0 || self.pipelines.warm_for(SceneTargetKind::Offscreen) {
            return;
        }
        self.target.bind(width, height);
        self.warm_pipelines(SceneTargetKind::Offscreen, lit, cars);
        // SAFETY: binds the default framebuffer on the current context.
        unsafe { gl::BindFramebuffer(gl::FRAMEBUFFER, 0) };
    }

    /// The stretch by either filter (llvmpipe compiles the program's code for its
    /// texture's filter; the nearest one is the ladder's step): one texel of the bound
    /// scene target stretched into the window's 2×2 corner, which the frame's own stretch
    /// or the window's clear covers; leaves the scene target bound.
    fn warm_stretches(&mut self) {
        let mut fbo = 0;
        // SAFETY: reads the draw framebuffer's binding on the current context.
        unsafe { gl::GetIntegerv(gl::DRAW_FRAMEBUFFER_BINDING, &mut fbo) };
        for filter in [StretchFilter::Bilinear, StretchFilter::Nearest] {
            self.target.stretch_to_window(1, 1, ViewRect::full(2, 2), filter);
        }
        // SAFETY: binds the scene target back for the scene.
        unsafe { gl::BindFramebuffer(gl::FRAMEBUFFER, fbo as u32) };
    }

    /// With the ground's mip filter on the ladder, the programs that read the ground's
    /// textures (the lit pass's, opaque and as the ghost, and the wet ground's) drawn with
    /// the filter the renderer is not using now, as they are once the step is taken (with
    /// the shadow filter of that step): llvmpipe compiles a program's code for its
    /// textures' filters, so taking the step compiled three programs in the frame that was
    /// already too slow. Leaves the filter as it was.
    fn warm_other_ground_mip_filter(&mut self, lit: &LitFrame) {
        if !self.ladder_has(DetailStep::OneGroundMipLevel) {
            return;
        }
        let now = self.ground_textures.mip_filter();
        let other = match now {
            GroundMipFilter::Trilinear => GroundMipFilter::OneLevel,
            GroundMipFilter::OneLevel => GroundMipFilter::Trilinear,
        };
        self.ground_textures.set_mip_filter(GROUND_TEXTURE_UNIT, other);
        self.with_programs_at(DetailStep::OneGroundMipLevel, &mut |r| r.warm_ground_readers(lit));
        self.ground_textures.set_mip_filter(GROUND_TEXTURE_UNIT, now);
    }

    /// Draws nothing visible with the programs that read the ground's textures.
    fn warm_ground_readers(&mut self, lit: &LitFrame) {
        self.warm_sheen(lit);
        self.lit.bind_for(lit);
        self.lit.draw(&self.cube, &Mat4::from_scale(Vec3::ZERO), Vec3::ONE);
        self.warm_ghost(lit);
    }

    /// The wet ground's program (drawn only when a wet chunk is in view), drawing nothing.
    fn warm_sheen(&mut self, lit: &LitFrame) {
        self.lit_sheen.bind_for(lit);
        self.lit_sheen
            .draw(&self.cube, &Mat4::from_scale(Vec3::ZERO), Vec3::ONE);
    }

    /// The ghost's pipeline (the lit program blended, without depth writes), drawing
    /// nothing; leaves blending off and depth writes on.
    fn warm_ghost(&mut self, lit: &LitFrame) {
        let nowhere = Mat4::from_scale(Vec3::ZERO);
        self.lit.bind_for(lit);
        // SAFETY: blend and depth-write state on the current context, restored below.
        unsafe {
            gl::Enable(gl::BLEND);
            gl::BlendFunc(gl::SRC_ALPHA, gl::ONE_MINUS_SRC_ALPHA);
            gl::DepthMask(gl::FALSE);
        }
        self.lit.set_alpha(GHOST_ALPHA);
        self.lit.draw(&self.cube, &nowhere, Vec3::ONE);
        self.lit.set_alpha(1.0);
        // SAFETY: as above.
        unsafe {
            gl::DepthMask(gl::TRUE);
            gl::Disable(gl::BLEND);
        }
    }

    /// Draws nothing visible with each of the renderer's programs and states.
    fn warm_programs(&mut self, lit: &LitFrame, cars: &CarFrame) {
        let nowhere = Mat4::from_scale(Vec3::ZERO);
        self.warm_sheen(lit);
        // Both car programs: the scuffed one draws only once the player's car is hit.
        let no_scuffs = Scuffs::default().in_world(Vec3::ZERO, Quat::IDENTITY);
        for program in [&self.car_program, &self.car_program_scuffed] {
            program.begin(cars);
            program.set_car(Vec3::ONE, false, false, Vec3::ZERO);
            program.set_scuffs(&no_scuffs);
            program.set_model(&nowhere);
            self.cube.draw();
        }
        self.warm_ghost(lit);
        // Skid marks and particles: drawn only once there are some.
        self.skid_marks.warm();
        self.billboards.warm();
        // SAFETY: state on the current context. The particles leave face culling off (at
        // the end of a frame, where they draw, the next frame turns it on); the scene's
        // draws after this need it on.
        unsafe {
            gl::Enable(gl::CULL_FACE);
        }
    }
}
