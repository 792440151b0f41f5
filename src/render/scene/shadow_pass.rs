//! The sun's depth pass of a frame: the map cleared, then the casters drawn under a
//! scissor over the part of it the lit pass can read (`shadow_footprint.rs`).

use super::{FrameView, Renderer};
use crate::render::car_lod::WheelDetail;
use crate::render::decor_lod::DecorScale;
use crate::render::draw_stats::PassDrawStats;
use crate::render::frustum::Frustum;
use crate::render::shadow_footprint::{lit_pass_footprint, ReceiverSlab, TexelRect};
use glam::Mat4;

/// How far a moving body's surface can be from its centre, or the centre move in a
/// frame's interpolation, vertically, m: a big wheeler's roof is 2.5 m over its centre of
/// mass, and a tick at 60 m/s is 1 m.
const MOVING_REACH_M: f32 = 4.0;

impl Renderer {
    /// Draws the shadow map under `light_vp` for a camera with `view_proj` seeing
    /// `frustum`: its casters culled by the light's frustum and kept only where their
    /// shadow may fall in `frustum`, decor by `decor`. Returns the pass's draws and the
    /// texels drawn into. With shadows off the map is only cleared, so everything is lit.
    pub(super) fn draw_shadow_map(
        &self,
        view: &FrameView,
        light_vp: &Mat4,
        view_proj: &Mat4,
        frustum: &Frustum,
        decor: &DecorScale,
    ) -> (PassDrawStats, u32) {
        let map_texels = if self.culling {
            lit_pass_footprint(view_proj, light_vp, self.receiver_slab(view), self.shadow.size())
        } else {
            TexelRect::whole(self.shadow.size())
        };
        let mut stats = PassDrawStats::default();
        self.shadow.begin_pass(light_vp, map_texels);
        if self.shadows && map_texels.area() > 0 {
            // The depth pass clips to the light's box (no depth clamp), so what lies
            // outside it casts nothing into the map.
            let light_frustum = self.culling_frustum(light_vp);
            stats = self.for_each_mesh(
                view,
                &light_frustum,
                Some(WheelDetail::Far),
                decor,
                Some(frustum),
                &mut |mesh, model, _| self.shadow.draw_caster(mesh, model),
            );
        }
        self.shadow.end_pass();
        (stats, map_texels.area())
    }

    /// Heights between which the lit pass can shade a surface: the resident chunks' and
    /// everything that moves (the cars, the ghost, the props: a body's centre within
    /// [`MOVING_REACH_M`] of all its surface).
    fn receiver_slab(&self, view: &FrameView) -> ReceiverSlab {
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
