//! The lit pass's programs: one built without the wet sheen and one with it, from the same
//! source (`lit_shader.rs`, the sheen under `#ifdef SHEEN`).
//!
//! Why two: llvmpipe runs both sides of a branch for every fragment, so the sheen's sky
//! reflection, Fresnel term and highlight cost every lit fragment of every level, wet or
//! not: 12 % of a circuit frame's instructions with 7 AI cars, on a track with no wet
//! surface (PERFORMANCE.md, "The lit pass without the sheen"). Only chunk meshes whose
//! vertices carry a material with sheen are drawn with the sheen program.
//!
//! If a wet surface looks dry, its chunk was not marked as using that material
//! ([`Mesh::material_mask`]) or the material's sheen is 0 in `materials.toml`.

use super::car_paint::CarFrame;
use super::fog::{set_haze, HAZE_UNIFORM};
use super::mesh::{Mesh, MeshPart};
use super::scene_desc::{SurfaceTexture, MAX_TEXTURED_MATERIALS};
use super::shader::Program;
use super::RenderError;
use glam::{Mat4, Vec3};

/// The texture unit the lit programs read the ground's textures from.
pub const GROUND_TEXTURE_UNIT: u32 = 2;

/// Whether a lit program draws the wet sheen (the sky mirrored with Schlick's Fresnel and
/// the sun's highlight).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sheen {
    /// Dry surfaces: no reflection code in the shader at all.
    Without,
    /// Surfaces whose material mirrors the sky.
    With,
}

/// What every lit draw of a frame shares: the camera, sun and sky the cars' shader also
/// takes, and the ground's look.
pub(super) struct LitFrame<'a> {
    pub shared: &'a CarFrame,
    /// Texture detail on (off in the friction view: flat μ colours).
    pub detail: bool,
    /// Each material's texture layer, repeat and sheen, by material id.
    pub surfaces: &'a [SurfaceTexture],
}

/// One lit program and its uniforms' locations.
pub(super) struct LitProgram {
    program: Program,
    u_model: i32,
    u_view_proj: i32,
    u_color: i32,
    u_sun_dir: i32,
    u_sky: i32,
    u_hills: i32,
    u_eye: i32,
    u_haze: i32,
    u_light_vp: i32,
    u_shadow: i32,
    u_shadow_texel: i32,
    u_alpha: i32,
    u_ground: i32,
    u_surface: i32,
    u_detail: i32,
}

impl LitProgram {
    /// Compiles the lit shader with or without the sheen, its shadow lookup `shadow_glsl`
    /// and the sky's and fog's functions.
    pub fn new(sheen: Sheen, shadow_glsl: &str, sky_glsl: &str, fog_glsl: &str) -> Result<LitProgram, RenderError> {
        use super::lit_shader::{FRAGMENT_HEAD, FRAGMENT_MAIN, VERTEX_HEAD, VERTEX_MAIN};
        let (name, define) = match sheen {
            Sheen::Without => ("lit", ""),
            Sheen::With => ("lit (sheen)", "#define SHEEN 1\n"),
        };
        // The define goes after the head, whose first line is the `#version` directive.
        let fragment = format!("{FRAGMENT_HEAD}{define}{sky_glsl}{shadow_glsl}{FRAGMENT_MAIN}");
        let vertex = format!("{VERTEX_HEAD}{sky_glsl}{fog_glsl}{VERTEX_MAIN}");
        let program = Program::new(name, &vertex, &fragment)?;
        Ok(LitProgram {
            u_model: program.uniform("u_model"),
            u_view_proj: program.uniform("u_view_proj"),
            u_color: program.uniform("u_color"),
            u_sun_dir: program.uniform("u_sun_dir"),
            u_sky: program.uniform("u_sky"),
            u_hills: program.uniform("u_hills"),
            u_eye: program.uniform("u_eye"),
            u_haze: program.uniform(HAZE_UNIFORM),
            u_light_vp: program.uniform("u_light_vp"),
            u_shadow: program.uniform("u_shadow"),
            u_shadow_texel: program.uniform("u_shadow_texel"),
            u_alpha: program.uniform("u_alpha"),
            u_ground: program.uniform("u_ground"),
            u_surface: program.uniform("u_surface"),
            u_detail: program.uniform("u_detail"),
            program,
        })
    }

    /// Binds the program (its frame uniforms as last set).
    pub fn bind(&self) {
        self.program.bind();
    }

    /// Binds the program and sets what every draw of `frame` shares. The shadow map is
    /// read from texture unit 1 and the ground's textures from unit 2.
    pub fn bind_for(&self, frame: &LitFrame) {
        self.program.bind();
        let shared = frame.shared;
        let mut table = [[-1.0f32, 0.0, 0.0, 0.0]; MAX_TEXTURED_MATERIALS];
        for (slot, look) in table.iter_mut().zip(frame.surfaces) {
            *slot = look.uniform();
        }
        // SAFETY: uniforms of the bound program; matrices are 16 contiguous f32, the
        // surface table MAX_TEXTURED_MATERIALS vec4s from a local array of as many.
        unsafe {
            gl::UniformMatrix4fv(
                self.u_view_proj,
                1,
                gl::FALSE,
                shared.view_proj.to_cols_array().as_ptr(),
            );
            gl::UniformMatrix4fv(self.u_light_vp, 1, gl::FALSE, shared.light_vp.to_cols_array().as_ptr());
            gl::Uniform1i(self.u_shadow, 1);
            gl::Uniform1f(self.u_shadow_texel, shared.shadow_texel);
            gl::Uniform3fv(self.u_sun_dir, 1, shared.sun_dir.to_array().as_ptr());
            gl::Uniform3fv(self.u_sky, 1, shared.sky.to_array().as_ptr());
            gl::Uniform4fv(self.u_hills, 4, shared.hills.as_ptr().cast());
            gl::Uniform3fv(self.u_eye, 1, shared.eye.to_array().as_ptr());
            set_haze(self.u_haze, shared.haze_m);
            gl::Uniform1f(self.u_alpha, 1.0);
            gl::Uniform1i(self.u_ground, GROUND_TEXTURE_UNIT as i32);
            gl::Uniform1i(self.u_detail, frame.detail as i32);
            gl::Uniform4fv(self.u_surface, MAX_TEXTURED_MATERIALS as i32, table.as_ptr().cast());
        }
    }

    /// The opacity of what is drawn next (1 but for the ghost).
    pub fn set_alpha(&self, alpha: f32) {
        // SAFETY: a uniform of the program, which the caller has bound.
        unsafe { gl::Uniform1f(self.u_alpha, alpha) }
    }

    /// Draws `mesh` placed by `model` in `color` (the program bound).
    pub fn draw(&self, mesh: &Mesh, model: &Mat4, color: Vec3) {
        self.draw_part(mesh, model, color, MeshPart::Whole);
    }

    /// Draws `part` of `mesh` placed by `model` in `color` (the program bound).
    pub fn draw_part(&self, mesh: &Mesh, model: &Mat4, color: Vec3, part: MeshPart) {
        // SAFETY: uniforms of the bound program; attribute 2's and 3's constants apply to
        // meshes without a colour array (white, no tile pattern, no material).
        unsafe {
            gl::UniformMatrix4fv(self.u_model, 1, gl::FALSE, model.to_cols_array().as_ptr());
            gl::Uniform3fv(self.u_color, 1, color.to_array().as_ptr());
            gl::VertexAttrib4f(2, 1.0, 1.0, 1.0, 0.0);
            gl::VertexAttrib1f(3, -1.0);
        }
        match part {
            MeshPart::Whole => mesh.draw(),
            MeshPart::Groups => mesh.draw_groups(),
            MeshPart::Base => mesh.draw_base(),
        }
    }
}

/// The material ids (bits, below [`MAX_TEXTURED_MATERIALS`]) whose surfaces mirror the sky:
/// a chunk using any of them is drawn with the sheen program. Untextured materials draw
/// flat and never shine.
pub(super) fn sheen_materials(surfaces: &[SurfaceTexture]) -> u32 {
    surfaces
        .iter()
        .take(MAX_TEXTURED_MATERIALS)
        .enumerate()
        .filter(|(_, s)| s.texture.is_some() && s.sheen > 0.0)
        .fold(0u32, |mask, (id, _)| mask | 1 << id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use skidpad_bake::GroundTexture;

    fn surface(texture: Option<GroundTexture>, sheen: f32) -> SurfaceTexture {
        SurfaceTexture {
            texture,
            texture_scale_m: 4.0,
            sheen,
        }
    }

    #[test]
    fn only_textured_materials_with_sheen_need_the_sheen_program() {
        let t = Some(GroundTexture::Asphalt);
        let surfaces = [surface(t, 0.0), surface(t, 0.6), surface(None, 0.6), surface(t, 0.25)];
        assert_eq!(sheen_materials(&surfaces), 0b1010);
        assert_eq!(sheen_materials(&surfaces[..1]), 0);
    }

    #[test]
    fn materials_past_the_table_never_shine() {
        let many: Vec<_> = (0..40).map(|_| surface(Some(GroundTexture::Asphalt), 1.0)).collect();
        assert_eq!(sheen_materials(&many), u32::MAX);
    }
}
