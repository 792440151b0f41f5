//! One view's passes: what they share (its matrices, culling and level of detail), its
//! shadow pass into its own map, and its lit scene into its rectangle.

use super::warm_up::SceneTargetKind;
use super::{FrameView, Renderer};
use crate::render::car_lod::WheelDetail;
use crate::render::car_paint::CarFrame;
use crate::render::decor_lod::DecorScale;
use crate::render::draw_stats::FrameDrawStats;
use crate::render::friction_view::GroundView;
use crate::render::frustum::Frustum;
use crate::render::gl_check;
use crate::render::lit_program::{LitFrame, GROUND_TEXTURE_UNIT};
use crate::render::sky::CloudLayer;
use crate::render::viewport::ViewRect;
use glam::{Mat4, Vec3};

/// Whether a view's lit pass clears first.
///
/// A clear scissored to part of a framebuffer is a quad Mesa draws through the fragment
/// stage, every pixel of the view (8.4 M instructions of four players' frame, 4.6 %, on
/// llvmpipe at the desktop's 0.5 scale); a clear of the whole framebuffer is a flag on
/// each tile. So a view never clears its own rectangle alone: depth must be cleared, and
/// the sky fills every pixel the scene leaves, so colour needs no clear at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ViewClear {
    /// The only view: it clears the whole framebuffer it draws into (below full
    /// resolution, the whole scene target, not just the corner it draws).
    Own,
    /// One of several views (split screen): the frame cleared the whole window or scene
    /// target before them.
    Done,
}

/// What a view's shadow and lit passes share (`Renderer::view_setup`).
#[derive(Clone, Copy)]
pub(super) struct ViewSetup {
    pub(super) light_vp: Mat4,
    pub(super) vp: Mat4,
    pub(super) frustum: Frustum,
    pub(super) wheel_detail: WheelDetail,
    pub(super) decor: DecorScale,
    /// Where its shadows centre: its car, between the last two ticks.
    pub(super) focus: Vec3,
}

impl Renderer {
    /// [`Renderer::draw`] at `width × height`: `offscreen`, into the scene target's corner
    /// (the target sized for the whole `window`), else into `rect` of the window.
    pub(super) fn draw_scene(
        &mut self,
        view: &FrameView,
        width: u32,
        height: u32,
        rect: ViewRect,
        window: (u32, u32),
        offscreen: bool,
    ) {
        let setup = self.view_setup(view, width, height);
        let stats = self.draw_view_shadows(view, &setup);
        let into = if offscreen { ViewRect::full(width, height) } else { rect };
        self.draw_view_lit(view, &setup, stats, (into, ViewClear::Own), window, offscreen);
    }

    /// What a view's two passes share: its matrices, its culling and its level of detail,
    /// from its camera at `width × height`. Sorts the chunks nearest its eye first.
    pub(super) fn view_setup(&mut self, view: &FrameView, width: u32, height: u32) -> ViewSetup {
        let (scene, camera) = (view.scene, view.camera);
        for look in &scene.cars {
            if let Some(model) = &look.model {
                self.car_models.ensure(model);
            }
        }
        if let Some(model) = &scene.cone_model {
            self.prop_models.ensure(model);
        }
        let focus = match (view.prev.cars.get(view.focus_car), view.cur.cars.get(view.focus_car)) {
            (Some(a), Some(b)) => a.chassis.position.lerp(b.chassis.position, view.alpha),
            _ => camera.target,
        };
        let light_vp = self.shadow.light_view_proj(focus, scene.sun_dir);
        self.chunk_order
            .sort(camera.eye, self.ground.iter().map(|(key, mesh)| (key, mesh.bounds())));
        let aspect = width as f32 / height.max(1) as f32;
        let detail_height = self.detail_height(height);
        let vp = camera.view_proj(aspect);
        ViewSetup {
            light_vp,
            vp,
            frustum: self.culling_frustum(&vp),
            // Wheels and bodies small on screen draw with coarser meshes in the lit pass;
            // the shadow pass draws every wheel and body far, distant bodies distant
            // (`car_lod.rs`); at the detail ladder's last step, as for a view half as tall.
            wheel_detail: WheelDetail::on_screen(camera, detail_height),
            decor: DecorScale::on_screen(camera, detail_height, self.far_decor_max_px),
            focus,
        }
    }

    /// A view's shadow pass into the shadow map in use (or the map kept, unchanged).
    pub(super) fn draw_view_shadows(&mut self, view: &FrameView, setup: &ViewSetup) -> FrameDrawStats {
        let mut stats = FrameDrawStats::default();
        let ViewSetup {
            light_vp,
            vp,
            frustum,
            wheel_detail,
            decor,
            ..
        } = *setup;
        match self.draw_shadow_map(view, &light_vp, &vp, &frustum, &decor, wheel_detail) {
            Some((pass, texels)) => (stats.shadow, stats.shadow_texels, stats.shadow_maps) = (pass, texels, 1),
            None => stats.shadow_map_kept = true,
        }
        stats
    }

    /// A view's lit scene over its shadow pass (`stats`), into `into`: a rectangle of the
    /// scene target (sized for the whole `window`) when `offscreen`, else of the window,
    /// cleared first or not as `clear` says.
    pub(super) fn draw_view_lit(
        &mut self,
        view: &FrameView,
        setup: &ViewSetup,
        mut stats: FrameDrawStats,
        (into, clear): (ViewRect, ViewClear),
        window: (u32, u32),
        offscreen: bool,
    ) {
        let (scene, camera) = (view.scene, view.camera);
        let sky = scene.sky_color;
        let ViewSetup {
            light_vp,
            vp,
            frustum,
            wheel_detail,
            decor,
            ..
        } = *setup;
        self.shadow.bind(1);
        self.ground_textures.bind(GROUND_TEXTURE_UNIT);
        let car_frame = CarFrame {
            view_proj: vp,
            light_vp,
            shadow_texel: 1.0 / self.shadow.size() as f32,
            sun_dir: scene.sun_dir,
            sky,
            hills: scene.hills,
            eye: camera.eye,
            haze_m: camera.haze_m,
        };
        let lit_frame = LitFrame {
            shared: &car_frame,
            detail: self.ground.view() == GroundView::Albedo,
            surfaces: &scene.surfaces,
        };
        // SAFETY: plain state setting on the current context.
        unsafe {
            gl::Enable(gl::DEPTH_TEST);
            gl::Enable(gl::CULL_FACE);
        }
        if offscreen {
            self.target.bind(window.0, window.1);
            if clear == ViewClear::Own {
                // SAFETY: an unscissored clear of the bound target, all of it.
                unsafe {
                    gl::Disable(gl::SCISSOR_TEST);
                    gl::ClearColor(sky.x, sky.y, sky.z, 1.0);
                    gl::Clear(gl::COLOR_BUFFER_BIT | gl::DEPTH_BUFFER_BIT);
                }
            }
        } else {
            self.warm_offscreen_ahead(window.0, window.1, &lit_frame, &car_frame);
        }
        let drawn_into = into;
        drawn_into.set_viewport();
        self.open_lit_scene(&car_frame);
        // SAFETY: scissor state and a clear of the bound window, within the view (the
        // scissor box the viewport set), which is then all of it.
        unsafe {
            gl::Enable(gl::SCISSOR_TEST);
            if clear == ViewClear::Own && !offscreen {
                gl::ClearColor(sky.x, sky.y, sky.z, 1.0);
                gl::Clear(gl::COLOR_BUFFER_BIT | gl::DEPTH_BUFFER_BIT);
            }
        }
        let target = if offscreen {
            SceneTargetKind::Offscreen
        } else {
            SceneTargetKind::Window
        };
        if !self.pipelines.warm_for(target) {
            self.warm_pipelines(target, &lit_frame, &car_frame);
        }
        stats.lit = self.draw_lit_pass(view, &frustum, &decor, &lit_frame, &car_frame, wheel_detail);
        self.stats = stats;
        if let Some(marks) = view.skid_marks {
            self.skid_marks.draw(marks, &vp, camera.viewer());
        }
        // After the solid scene: the sky fills only what it left empty.
        let clouds = CloudLayer {
            cover: scene.cloud_cover,
            time_s: view.time_s,
        };
        self.sky
            .draw(&vp, camera.eye, sky, scene.sun_dir, &scene.hills, clouds, drawn_into);
        if let Some((prev, cur)) = view.ghost {
            self.draw_ghost(view, prev, cur, wheel_detail);
        }
        if let Some(pool) = view.particles.filter(|_| self.particles) {
            let view_m = camera.view();
            self.stats.puffs = self
                .billboards
                .draw(pool, &view_m, &vp, camera.viewer(), scene.sun_dir, sky);
        }
        gl_check::debug_check("scene draw");
    }
}
