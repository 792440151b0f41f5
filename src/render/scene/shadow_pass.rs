//! The sun's depth pass of a frame: the map cleared, then the casters drawn under a
//! scissor over the part of it the lit pass can read (`shadow_footprint.rs`); or nothing,
//! when the frame before drew the same map (`shadow_reuse.rs`).

use super::{FrameView, Renderer};
use crate::render::car_lod::WheelDetail;
use crate::render::decor_lod::DecorScale;
use crate::render::draw_stats::PassDrawStats;
use crate::render::frustum::Frustum;
use crate::render::shadow_footprint::{lit_pass_footprint, ReceiverSlab, TexelRect};
use crate::render::shadow_reuse::{ShadowInputs, ShadowInputsDigest};
use glam::Mat4;

/// How far a moving body's surface can be from its centre, or the centre move in a
/// frame's interpolation, vertically, m: a big wheeler's roof is 2.5 m over its centre of
/// mass, and a tick at 60 m/s is 1 m.
const MOVING_REACH_M: f32 = 4.0;

impl Renderer {
    /// Draws the shadow map under `light_vp` for a camera with `view_proj` seeing
    /// `frustum`: its casters culled by the light's frustum and kept only where their
    /// shadow may fall in `frustum`, decor by `decor`, cars far, or distant where
    /// `wheel_detail` draws them distant (`car_lod.rs`). Returns the pass's draws and the
    /// texels drawn into, or `None` when the map the frame before drew is kept (everything
    /// it is drawn from is unchanged). With shadows off the map is only cleared, so
    /// everything is lit.
    pub(super) fn draw_shadow_map(
        &mut self,
        view: &FrameView,
        light_vp: &Mat4,
        view_proj: &Mat4,
        frustum: &Frustum,
        decor: &DecorScale,
        wheel_detail: WheelDetail,
    ) -> Option<(PassDrawStats, u32)> {
        let map_texels = self.shadow_footprint(view, light_vp, view_proj);
        self.draw_shadow_map_in(
            view,
            light_vp,
            std::slice::from_ref(view_proj),
            (std::slice::from_ref(frustum), std::slice::from_ref(decor)),
            map_texels,
            wheel_detail.for_shadows(),
        )
    }

    /// The texels of the map under `light_vp` a camera with `view_proj` can look up (the
    /// whole map with culling off).
    pub(super) fn shadow_footprint(&self, view: &FrameView, light_vp: &Mat4, view_proj: &Mat4) -> TexelRect {
        if self.culling {
            lit_pass_footprint(view_proj, light_vp, self.receiver_slab(view), self.shadow.size())
        } else {
            TexelRect::whole(self.shadow.size())
        }
    }

    /// [`Renderer::draw_shadow_map`] into `map_texels` for the views that read it (each
    /// one's `view_projs`, and its frustum and decor scale in `receivers`): casters kept
    /// where their shadow may fall in one of them, cars by `shadow_detail` (a
    /// [`WheelDetail::for_shadows`] or [`WheelDetail::for_shared_shadows`]).
    pub(super) fn draw_shadow_map_in(
        &mut self,
        view: &FrameView,
        light_vp: &Mat4,
        view_projs: &[Mat4],
        receivers: (&[Frustum], &[DecorScale]),
        map_texels: TexelRect,
        shadow_detail: WheelDetail,
    ) -> Option<(PassDrawStats, u32)> {
        let inputs = self.shadow_inputs(view, light_vp, view_projs, map_texels, receivers.1);
        if self.kept_shadow[self.view_slot] == Some(inputs) {
            return None;
        }
        let mut stats = PassDrawStats::default();
        self.shadow.begin_pass(light_vp, map_texels);
        if self.shadows && map_texels.area() > 0 {
            // The depth pass clips to the light's box (no depth clamp), so what lies
            // outside it casts nothing into the map.
            let light_frustum = self.culling_frustum(light_vp);
            if let Some(decor) = receivers.1.first() {
                stats = self.for_each_mesh(
                    view,
                    &light_frustum,
                    Some(shadow_detail),
                    decor,
                    Some(receivers),
                    &mut |mesh, model, _| self.shadow.draw_caster(mesh, model),
                );
            }
        }
        self.shadow.end_pass();
        self.kept_shadow[self.view_slot] = Some(inputs);
        Some((stats, map_texels.area()))
    }

    /// The digest of what the depth pass draws from this frame: the light and the view,
    /// the scissor, the map and the pass's settings, the models uploaded (their bytes), and
    /// every moving caster's two poses and the interpolation between them. The resident
    /// chunks are not in it: a chunk entering or leaving forgets the kept map instead.
    fn shadow_inputs(
        &self,
        view: &FrameView,
        light_vp: &Mat4,
        view_projs: &[Mat4],
        texels: TexelRect,
        decors: &[DecorScale],
    ) -> ShadowInputs {
        let mut d = ShadowInputsDigest::default();
        d.matrix(light_vp);
        for view_proj in view_projs {
            d.matrix(view_proj);
        }
        for decor in decors {
            d.floats(&decor.parameters());
        }
        d.floats(&[
            view.alpha,
            view.scene.sun_dir.x,
            view.scene.sun_dir.y,
            view.scene.sun_dir.z,
        ]);
        let rect = [texels.x, texels.y, texels.width, texels.height].map(|v| v as u64);
        d.words(&rect).words(&[
            u64::from(self.shadow.size()),
            u64::from(self.shadows),
            u64::from(self.culling),
            self.car_models.bytes() as u64,
            self.prop_models.bytes() as u64,
        ]);
        for snapshot in [view.prev, view.cur] {
            d.words(&[snapshot.cars.len() as u64, snapshot.bodies.len() as u64]);
            for car in &snapshot.cars {
                d.car(car);
            }
            for body in &snapshot.bodies {
                d.body(body);
            }
        }
        d.finish()
    }

    /// Heights between which the lit pass can shade a surface: the resident chunks' and
    /// everything that moves (the cars, the ghost, the props: a body's centre within
    /// [`MOVING_REACH_M`] of all its surface).
    pub(super) fn receiver_slab(&self, view: &FrameView) -> ReceiverSlab {
        let mut slab = ReceiverSlab {
            min_y_m: f32::INFINITY,
            max_y_m: f32::NEG_INFINITY,
        };
        let mut take = |lo: f32, hi: f32| {
            slab.min_y_m = slab.min_y_m.min(lo);
            slab.max_y_m = slab.max_y_m.max(hi);
        };
        for (_, mesh) in self.ground.iter() {
            take(mesh.bounds().min.y, mesh.bounds().max.y);
        }
        let moving = view
            .cur
            .cars
            .iter()
            .map(|c| c.chassis.position.y)
            .chain(view.cur.bodies.iter().map(|b| b.position.y))
            .chain(view.ghost.map(|(_, cur)| cur.chassis.position.y));
        for y in moving {
            take(y - MOVING_REACH_M, y + MOVING_REACH_M);
        }
        slab
    }
}
