//! The lit pass's solid scene: the cars with their own shader, then every chunk's detail
//! groups, the chunks' bases, and last the wet chunks with the sheen program; the sky,
//! the ghost and the particles follow it in `draw_scene`.

use super::{FrameView, Renderer};
use crate::render::car_lod::WheelDetail;
use crate::render::car_paint::CarFrame;
use crate::render::decor_lod::DecorScale;
use crate::render::draw_stats::PassDrawStats;
use crate::render::frustum::Frustum;
use crate::render::lit_program::{sheen_materials, LitFrame};
use crate::render::mesh::{Mesh, MeshPart};
use glam::{Mat4, Vec3};

impl Renderer {
    /// Draws what `frustum` sees of `view` lit, into the bound framebuffer, counting the
    /// fragments shaded when counting is on, and returns the pass's draws (cars included).
    /// Decor is drawn near or far as `decor` says, wheels and bodies by `wheel_detail`.
    pub(super) fn draw_lit_pass(
        &mut self,
        view: &FrameView,
        frustum: &Frustum,
        decor: &DecorScale,
        lit_frame: &LitFrame,
        car_frame: &CarFrame,
        wheel_detail: WheelDetail,
    ) -> PassDrawStats {
        if let Some(counter) = self.fragment_counter.as_mut() {
            counter.begin();
        }
        // Cars first: the chase camera's car covers a good part of the screen and nothing
        // stands between it and the camera, so drawn first it hides the ground behind it
        // from the depth test before that ground is shaded (about 6 % of the circuit's
        // fragment work at 640×480; PERFORMANCE.md).
        let cars = self.draw_model_cars(view, frustum, car_frame, wheel_detail);
        // Dry meshes first, then the wet chunks with the sheen program (its uniforms set
        // only when a wet chunk is in view).
        let wet_materials = sheen_materials(&view.scene.surfaces);
        let is_wet = |mesh: &Mesh| mesh.material_mask() & wet_materials != 0;
        let mut wet_in_view = false;
        self.lit.bind_for(lit_frame);
        // Every chunk's detail groups (its drawn road, decals, decor) before any chunk's
        // base: chunks come nearest first, so a road piece or decal lying over a nearer
        // chunk's ground was drawn after that ground had been shaded (the proving
        // ground's start 215.0 → 211.7 k lit fragments, 83.46 → 83.16 M instructions a
        // frame).
        let split = |mesh: &Mesh| mesh.has_detail_groups() && !is_wet(mesh);
        let mut stats = self.for_each_mesh(view, frustum, None, decor, None, &mut |mesh, model, color| {
            if is_wet(mesh) {
                wet_in_view = true;
            } else if split(mesh) {
                self.lit.draw_part(mesh, model, color, MeshPart::Groups)
            } else {
                self.lit.draw(mesh, model, color)
            }
        });
        for mesh in self.chunks_in_view(frustum).filter(|m| split(m)) {
            self.lit.draw_part(mesh, &Mat4::IDENTITY, Vec3::ONE, MeshPart::Base);
        }
        if wet_in_view {
            self.lit_sheen.bind_for(lit_frame);
            for mesh in self.chunks_in_view(frustum).filter(|m| is_wet(m)) {
                self.lit_sheen.draw(mesh, &Mat4::IDENTITY, Vec3::ONE);
            }
        }
        if let Some(counter) = self.fragment_counter.as_mut() {
            counter.end();
        }
        stats.drawn += cars.drawn;
        stats.culled += cars.culled;
        stats.triangles += cars.triangles;
        stats
    }
}
