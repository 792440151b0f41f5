//! Drawing a frame's views: one (the whole window) or a view per split-screen player,
//! each into its rectangle of the window; below full resolution into the scene target,
//! stretched onto the window once.

use super::detail_ladder::DetailStep;
use super::view_pass::{ViewClear, ViewSetup};
use super::{FrameView, Renderer, MAX_VIEWS};
use crate::render::car_lod::WheelDetail;
use crate::render::draw_stats::FrameDrawStats;
use crate::render::frustum::Frustum;
use crate::render::shadow::SHADOW_HALF_EXTENT_M;
use crate::render::shadow_footprint::TexelRect;
use crate::render::viewport::ViewRect;
use glam::{Mat4, Vec3};

/// How far each car may be from the middle of all split-screen cars for their views to
/// share one shadow map, m (see `Renderer::shared_shadow_light`).
pub const SHARED_SHADOW_SPAN_M: f32 = 15.0;

/// How far a split-screen view sees at the ladder's [`DetailStep::NearerSplitViews`], as a
/// part of how far it saw: a quarter view 270 → 200 m, a half view 360 → 267 m. A view
/// costs its triangles whatever its size (PERFORMANCE.md), and beyond 200 m a quarter
/// view's chunks are a few pixels of haze at the floor's 320 × 180.
pub const NEARER_VIEW_FAR: f32 = 0.74;

impl Renderer {
    /// Draws `view` into a `width × height` window: the sun's shadow map, the lit scene,
    /// the ghost, then the particles. Below full resolution (see
    /// [`Renderer::set_resolution_scale`]) the scene goes to an offscreen target first and
    /// is stretched onto the window; either way the window's framebuffer is bound after.
    pub fn draw(&mut self, view: &FrameView, width: u32, height: u32) {
        self.draw_views([(*view, ViewRect::full(width, height))], width, height);
    }

    /// Draws each view into its rectangle of a `width × height` window (split screen: a
    /// view per player), as [`Renderer::draw`] draws one; the views' scenes are timed as
    /// one, the frame's (what dynamic resolution follows). Each view chooses its own level
    /// of detail from its own size and camera.
    /// Views come as an iterator so a frame builds none into a list (no allocation).
    pub fn draw_views<'a, I>(&mut self, views: I, width: u32, height: u32)
    where
        I: IntoIterator<Item = (FrameView<'a>, ViewRect)>,
        I::IntoIter: ExactSizeIterator,
    {
        let views = views.into_iter();
        // Only when asked: on llvmpipe the query is a scene of its own, which the shadow
        // pass waits on (PERFORMANCE.md, "Scenes the driver waits on"). Begun later, in
        // the shadow map's scene, it measured 1.4 ms less of the desktop's frame, and
        // dynamic resolution, which follows it, drew at too high a scale.
        let timed = self.scene_timing && self.gpu_timer.begin(self.scene_detail());
        if let Some(counter) = self.fragment_counter.as_mut() {
            counter.new_frame();
        }
        let shadow_side = self.shadow_side_for(views.len());
        let scaled = |n: u32, scale: f32| ((n as f32 * scale).round() as u32).clamp(1, n.max(1));
        let full_size =
            scaled(width, self.resolution_scale) == width && scaled(height, self.resolution_scale) == height;
        if views.len() > 1 && full_size {
            // The dividers between views (and a free quarter) start dark (below full size
            // the scene target is cleared instead, and stretched over the whole window).
            self.clear(width, height);
        }
        let mut frame_stats: Option<FrameDrawStats> = None;
        if views.len() == 1 {
            for (view, rect) in views {
                self.view_slot = 0;
                self.use_shadow_target(shadow_side, 0);
                let (w, h) = (
                    scaled(rect.width, self.resolution_scale),
                    scaled(rect.height, self.resolution_scale),
                );
                let offscreen = (w, h) != (rect.width, rect.height);
                self.draw_scene(&view, w, h, rect, (width, height), offscreen);
                if offscreen {
                    self.target.stretch_to_window(w, h, rect, self.stretch_filter());
                }
                frame_stats = Some(self.stats);
            }
        } else {
            // Every view's shadow map first, then every view's lit scene: the lit scenes
            // go into the one framebuffer back to back, and no view's shadow pass has to
            // wait for the view before it to be drawn (llvmpipe finishes a scene before
            // another may write a texture it reads; PERFORMANCE.md, "Scenes the driver
            // waits on").
            // The ladder's nearer views: each camera sees a shorter way, its haze thickened
            // to match (`Camera::seeing`), for every pass of the view.
            let mut cameras = [None; MAX_VIEWS];
            let nearer = self.ladder.taken(DetailStep::NearerSplitViews);
            let mut held: [Option<(FrameView, ViewRect, FrameDrawStats)>; MAX_VIEWS] = [None; MAX_VIEWS];
            for (i, (view, rect)) in views.enumerate().take(MAX_VIEWS) {
                let camera = *view.camera;
                cameras[i] = Some(if nearer {
                    camera.seeing(camera.far_m * NEARER_VIEW_FAR)
                } else {
                    camera
                });
                held[i] = Some((view, rect, FrameDrawStats::default()));
            }
            let mut setups = [None; MAX_VIEWS];
            // Each view's light snapped to its own map's texels (the frame before may have
            // left the wider shared map in use).
            self.use_shadow_target(shadow_side, 0);
            for (i, slot) in held.iter_mut().enumerate() {
                let (Some((view, rect, _)), Some(camera)) = (slot.as_mut(), cameras[i].as_ref()) else {
                    continue;
                };
                view.camera = camera;
                let (w, h) = (
                    scaled(rect.width, self.resolution_scale),
                    scaled(rect.height, self.resolution_scale),
                );
                setups[i] = Some(self.view_setup(view, w, h));
            }
            let shared = self.shared_shadow_light(&held, &setups, shadow_side);
            match shared {
                Some((light_vp, side)) => {
                    self.view_slot = 0;
                    self.use_shadow_target(side, 0);
                    if let (Some(stats), Some(texels)) =
                        (self.draw_shared_shadows(&held, &setups, &light_vp), held[0].as_mut())
                    {
                        texels.2 = stats;
                    }
                }
                None => {
                    for (i, slot) in held.iter_mut().enumerate() {
                        let (Some((view, _, stats)), Some(setup)) = (slot.as_mut(), setups[i].as_ref()) else {
                            continue;
                        };
                        self.view_slot = i;
                        self.use_shadow_target(shadow_side, i);
                        *stats = self.draw_view_shadows(view, setup);
                    }
                }
            }
            // Below full resolution every view goes into its own part of the scene target
            // (the window's layout scaled), and the target is stretched onto the window
            // once: one scene for the views and one stretch, not one of each a view.
            let scale = self.resolution_scale;
            let offscreen = scaled(width, scale) != width || scaled(height, scale) != height;
            if offscreen {
                self.target.bind(width, height);
                // SAFETY: clears the whole target (the dividers stay dark).
                unsafe {
                    gl::Disable(gl::SCISSOR_TEST);
                    gl::Viewport(0, 0, width as i32, height as i32);
                    gl::ClearColor(0.06, 0.07, 0.09, 1.0);
                    gl::Clear(gl::COLOR_BUFFER_BIT | gl::DEPTH_BUFFER_BIT);
                }
            }
            for (i, (view, rect, stats)) in held.into_iter().enumerate().filter_map(|(i, h)| Some((i, h?))) {
                // A shared map is view 0's: every view reads it under its light.
                let (map, side) = match shared {
                    Some((_, side)) => (0, side),
                    None => (i, shadow_side),
                };
                self.view_slot = map;
                self.use_shadow_target(side, map);
                let into = if offscreen { scaled_rect(rect, scale) } else { rect };
                let mut setup = self.view_setup(&view, into.width, into.height);
                if let Some((light_vp, _)) = shared {
                    setup.light_vp = light_vp;
                }
                // The target or the window was cleared whole above.
                let drawn_into = (into, ViewClear::Done);
                self.draw_view_lit(&view, &setup, stats, drawn_into, (width, height), offscreen);
                frame_stats = Some(frame_stats.map_or(self.stats, |f| f.plus(self.stats)));
            }
            if offscreen {
                let whole = ViewRect::full(width, height);
                let drawn = scaled_rect(whole, scale);
                self.target
                    .stretch_to_window(drawn.width, drawn.height, whole, self.stretch_filter());
                // The stretch blurs a divider a target row wide into the views beside it:
                // the dividers are cleared again at the window's own resolution.
                let mut rects = [ViewRect::default(); MAX_VIEWS];
                let mut n = 0;
                for (slot, (_, rect, _)) in rects.iter_mut().zip(held.iter().flatten()) {
                    *slot = *rect;
                    n += 1;
                }
                clear_between(&rects[..n]);
            }
        }
        // The frame's counts: every view's passes together.
        self.stats = frame_stats.unwrap_or_default();
        // SAFETY: plain state setting on the current context: the whole window again.
        unsafe {
            gl::Disable(gl::SCISSOR_TEST);
            gl::Viewport(0, 0, width as i32, height as i32);
        }
        if timed {
            self.gpu_timer.end();
        }
    }
}

impl Renderer {
    /// One light for every view's shadows when their cars are close (a start, a pack),
    /// and the side of the map it draws: each car within [`SHARED_SHADOW_SPAN_M`] of
    /// their middle, where the map's square (`SHADOW_HALF_EXTENT_M` either way) still
    /// reaches 30 m around each car, a map of `side`; or, further apart but each within
    /// `SHADOW_HALF_EXTENT_M` of the middle, a square twice as wide on a map twice the
    /// side (the same texel size), which still reaches `SHADOW_HALF_EXTENT_M` around each
    /// car. One depth pass then serves every view instead of one a view, each caster drawn
    /// once. None when they are further apart, or the wider map would be larger than the
    /// profile's own (at the split side doubled it is one player's map, already made).
    ///
    /// A view reading a shared map gets its texel size but a grid snapped to the middle
    /// rather than to its own car, so a soft shadow edge lands a part of a texel away:
    /// four players on Montreal, 0.04 % of the frame's pixels change by more than 3 % (at
    /// most 15/255, on penumbras), and the wide map shades a little further out. If a
    /// view's shadows swim as the pack spreads past 15 m, look here.
    fn shared_shadow_light(
        &self,
        held: &[Option<(FrameView, ViewRect, FrameDrawStats)>; MAX_VIEWS],
        setups: &[Option<ViewSetup>; MAX_VIEWS],
        side: u32,
    ) -> Option<(Mat4, u32)> {
        let foci = || setups.iter().flatten().map(|s| s.focus);
        let n = foci().count();
        if n < 2 {
            return None;
        }
        let middle = foci().fold(Vec3::ZERO, |a, f| a + f) / n as f32;
        let spread = foci().map(|f| f.distance(middle)).fold(0.0, f32::max);
        let sun_dir = held.iter().flatten().next()?.0.scene.sun_dir;
        if spread <= SHARED_SHADOW_SPAN_M {
            return Some((
                self.shadow
                    .light_view_proj_over(middle, sun_dir, SHADOW_HALF_EXTENT_M, side),
                side,
            ));
        }
        let wide = side * 2;
        if spread <= SHADOW_HALF_EXTENT_M && wide <= self.shadow_side_for(1) {
            return Some((
                self.shadow
                    .light_view_proj_over(middle, sun_dir, 2.0 * SHADOW_HALF_EXTENT_M, wide),
                wide,
            ));
        }
        None
    }

    /// The shared map's depth pass under `light_vp`: the texels any view reads, the
    /// casters whose shadow may fall in any view, each at the finest detail any view
    /// draws it with.
    fn draw_shared_shadows(
        &mut self,
        held: &[Option<(FrameView, ViewRect, FrameDrawStats)>; MAX_VIEWS],
        setups: &[Option<ViewSetup>; MAX_VIEWS],
        light_vp: &Mat4,
    ) -> Option<FrameDrawStats> {
        let mut texels = TexelRect::default();
        let mut vps = [Mat4::IDENTITY; MAX_VIEWS];
        let mut frusta = [Frustum::everything(); MAX_VIEWS];
        let mut decors = [setups.iter().flatten().next()?.decor; MAX_VIEWS];
        let mut n = 0;
        for (slot, setup) in held.iter().zip(setups) {
            if let (Some((view, _, _)), Some(setup)) = (slot, setup) {
                texels = texels.union(self.shadow_footprint(view, light_vp, &setup.vp));
                vps[n] = setup.vp;
                frusta[n] = setup.frustum;
                decors[n] = setup.decor;
                n += 1;
            }
        }
        let detail = WheelDetail::for_shared_shadows(setups.iter().flatten().map(|s| s.wheel_detail));
        let (view, _, _) = held[0].as_ref()?;
        let mut stats = FrameDrawStats::default();
        match self.draw_shadow_map_in(view, light_vp, &vps[..n], (&frusta[..n], &decors[..n]), texels, detail) {
            Some((pass, area)) => (stats.shadow, stats.shadow_texels, stats.shadow_maps) = (pass, area, 1),
            None => stats.shadow_map_kept = true,
        }
        Some(stats)
    }
}

/// `rect` of the window in the scene target drawn at `scale`: inside the scaled edges
/// (from the start rounded up to the end rounded down), so the dividers between views
/// keep at least a row of the target and stay dark when stretched.
fn scaled_rect(rect: ViewRect, scale: f32) -> ViewRect {
    let start = |v: u32| (v as f32 * scale).ceil() as u32;
    let end = |v: u32| (v as f32 * scale).floor() as u32;
    let (x, y) = (start(rect.x), start(rect.y));
    ViewRect {
        x,
        y,
        width: end(rect.x + rect.width).saturating_sub(x).max(1),
        height: end(rect.y + rect.height).saturating_sub(y).max(1),
    }
}

/// Clears the window dark between neighbouring `views`: the strip between two views side
/// by side (as tall as they both are) and between two one above the other (as wide).
fn clear_between(views: &[ViewRect]) {
    // SAFETY: scissored clears of the default framebuffer on the current context.
    unsafe {
        gl::BindFramebuffer(gl::FRAMEBUFFER, 0);
        gl::Enable(gl::SCISSOR_TEST);
        gl::ClearColor(0.06, 0.07, 0.09, 1.0);
    }
    let overlap = |a0: u32, a1: u32, b0: u32, b1: u32| (a0.max(b0), a1.min(b1));
    for a in views {
        for b in views {
            let (ax1, ay1) = (a.x + a.width, a.y + a.height);
            let (bx1, by1) = (b.x + b.width, b.y + b.height);
            let strip = if ax1 <= b.x {
                let (y0, y1) = overlap(a.y, ay1, b.y, by1);
                (y1 > y0).then(|| (ax1, y0, b.x - ax1, y1 - y0))
            } else if ay1 <= b.y {
                let (x0, x1) = overlap(a.x, ax1, b.x, bx1);
                (x1 > x0).then(|| (x0, ay1, x1 - x0, b.y - ay1))
            } else {
                None
            };
            if let Some((x, y, w, h)) = strip.filter(|s| s.2 > 0 && s.3 > 0) {
                // SAFETY: as above.
                unsafe {
                    gl::Scissor(x as i32, y as i32, w as i32, h as i32);
                    gl::Clear(gl::COLOR_BUFFER_BIT);
                }
            }
        }
    }
    // SAFETY: as above.
    unsafe { gl::Disable(gl::SCISSOR_TEST) };
}
