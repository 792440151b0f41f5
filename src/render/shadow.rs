//! Sun shadows: a depth map rendered from the sun over the area around the car, sampled with
//! percentage-closer filtering.
//!
//! Stability: the light's view is snapped to whole shadow-map texels, so the shadows of
//! still objects do not crawl as the camera follows the car. Acne and peter-panning: the
//! depth pass uses slope-scaled polygon offset (a surface facing the sun barely shifts, a
//! grazing one shifts more) and the lookup adds only a small constant bias, so shadows stay
//! attached to the wheels and props that cast them.

use super::glsl_dialect::context_is_es;
use super::mesh::Mesh;
use super::shader::Program;
use super::shadow_footprint::TexelRect;
use crate::content::ShadowFilter;
use glam::{Mat4, Vec3};

/// Half the side of the square the shadow map covers around the car, m.
pub const SHADOW_HALF_EXTENT_M: f32 = 45.0;
/// Depth range of the light's view around the focus, m.
const DEPTH_HALF_RANGE_M: f32 = 150.0;

/// The one shadow lookup every lit shader shares (the scene's and the cars'), as GLSL for
/// `filter`: `float sun_visible(vec4 light_clip)`, how much of the sun a fragment at
/// `light_clip` (its position in the light's clip space) sees, 0..1; outside the map,
/// fully lit. Needs `u_shadow` (sampler2DShadow) and `u_shadow_texel` declared before it.
///
/// The filter is chosen when the shader is built, not by a uniform: llvmpipe runs both
/// sides of a branch whatever the condition, so a uniform choice cost the taps of both
/// filters (measured: PERFORMANCE.md, "Shadow filter per profile").
pub fn shadow_glsl(filter: ShadowFilter) -> &'static str {
    match filter {
        ShadowFilter::Pcf2x2 => SHADOW_PCF_2X2_GLSL,
        ShadowFilter::Bilinear => SHADOW_BILINEAR_GLSL,
    }
}

/// Percentage-closer filtering with 2×2 taps a texel and a half apart, each a 2×2 bilinear
/// comparison: 16 texels compared over a 4×4-texel footprint, as soft as 3×3 taps (36
/// texels) at 4 fetches instead of 9, which is most of a lit fragment's cost on llvmpipe.
const SHADOW_PCF_2X2_GLSL: &str = r#"
float sun_visible(vec4 light_clip) {
    vec3 l = light_clip.xyz / light_clip.w * 0.5 + 0.5;
    if (any(lessThanEqual(l, vec3(0.0))) || any(greaterThanEqual(l, vec3(1.0)))) return 1.0;
    float sum = 0.0;
    for (int x = 0; x < 2; x++)
        for (int y = 0; y < 2; y++)
            sum += texture(u_shadow, vec3(l.xy + (vec2(x, y) - 0.5) * 1.5 * u_shadow_texel, l.z - 0.0006));
    return sum * 0.25;
}
"#;

/// One bilinear comparison (2×2 texels): the hardware shadow-map lookup of a
/// GeForce3-class GPU such as the original Xbox's.
const SHADOW_BILINEAR_GLSL: &str = r#"
float sun_visible(vec4 light_clip) {
    vec3 l = light_clip.xyz / light_clip.w * 0.5 + 0.5;
    if (any(lessThanEqual(l, vec3(0.0))) || any(greaterThanEqual(l, vec3(1.0)))) return 1.0;
    return texture(u_shadow, vec3(l.xy, l.z - 0.0006));
}
"#;

const VERTEX: &str = r#"#version 330 core
layout(location = 0) in vec3 a_pos;
uniform mat4 u_model;
uniform mat4 u_light_vp;
void main() {
    gl_Position = u_light_vp * u_model * vec4(a_pos, 1.0);
}
"#;

const FRAGMENT: &str = r#"#version 330 core
void main() {}
"#;

/// The depth map and the program that fills it.
///
/// The map may be drawn at more than one side (the detail ladder's smaller map): each side
/// has a depth target of its own, made once and kept, so switching sides is free. Made
/// anew at each switch, a 2048² target cost the frame that switched 9 ms of page faults
/// on llvmpipe (16 MB of fresh memory touched), a frame over budget at every ladder climb
/// (PERFORMANCE.md, "Dynamic resolution at its floor").
pub struct ShadowMap {
    /// The targets made so far, by side and view; `targets[current]` is drawn into and
    /// sampled.
    targets: Vec<DepthTarget>,
    current: usize,
    program: Program,
    u_model: i32,
    u_light_vp: i32,
}

/// A square depth texture and the framebuffer that draws into it.
struct DepthTarget {
    fbo: u32,
    depth: u32,
    size: u32,
    /// The split-screen view it serves (0 with one view): each view draws its own map, so
    /// drawing the next view's never waits for the last view's scene to finish reading it.
    view: usize,
}

impl DepthTarget {
    /// A `size` × `size` depth texture, compared on lookup and lit outside its edge, and
    /// its framebuffer.
    fn new(size: u32, view: usize) -> Result<DepthTarget, super::RenderError> {
        let (mut fbo, mut depth) = (0, 0);
        // SAFETY: creates and configures a depth texture and a framebuffer that uses it;
        // all calls on the current context with objects created here.
        unsafe {
            gl::GenTextures(1, &mut depth);
            gl::BindTexture(gl::TEXTURE_2D, depth);
            depth_storage(size);
            gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MIN_FILTER, gl::LINEAR as i32);
            gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MAG_FILTER, gl::LINEAR as i32);
            if context_is_es() {
                // ES 3.0 has no border colour: taps past the edge repeat the edge texel.
                // `sun_visible` already calls everything outside the map lit, so this
                // shows only in the filter's last half texel at the map's edge, 45 m out.
                gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_S, gl::CLAMP_TO_EDGE as i32);
                gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_T, gl::CLAMP_TO_EDGE as i32);
            } else {
                gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_S, gl::CLAMP_TO_BORDER as i32);
                gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_T, gl::CLAMP_TO_BORDER as i32);
                // Outside the map: depth 1, i.e. lit.
                gl::TexParameterfv(gl::TEXTURE_2D, gl::TEXTURE_BORDER_COLOR, [1.0f32; 4].as_ptr());
            }
            gl::TexParameteri(
                gl::TEXTURE_2D,
                gl::TEXTURE_COMPARE_MODE,
                gl::COMPARE_REF_TO_TEXTURE as i32,
            );
            gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_COMPARE_FUNC, gl::LEQUAL as i32);
            gl::GenFramebuffers(1, &mut fbo);
            gl::BindFramebuffer(gl::FRAMEBUFFER, fbo);
            gl::FramebufferTexture2D(gl::FRAMEBUFFER, gl::DEPTH_ATTACHMENT, gl::TEXTURE_2D, depth, 0);
            // glDrawBuffers, not glDrawBuffer: ES 3.0 has only the former.
            gl::DrawBuffers(1, &gl::NONE);
            gl::ReadBuffer(gl::NONE);
            let status = gl::CheckFramebufferStatus(gl::FRAMEBUFFER);
            gl::BindFramebuffer(gl::FRAMEBUFFER, 0);
            let target = DepthTarget { fbo, depth, size, view };
            if status != gl::FRAMEBUFFER_COMPLETE {
                return Err(super::RenderError::Gl {
                    code: status,
                    what: "shadow framebuffer incomplete",
                });
            }
            Ok(target)
        }
    }
}

impl Drop for DepthTarget {
    fn drop(&mut self) {
        // SAFETY: deletes objects we own.
        unsafe {
            gl::DeleteFramebuffers(1, &self.fbo);
            gl::DeleteTextures(1, &self.depth);
        }
    }
}

impl ShadowMap {
    /// A `size` × `size` depth map (from the platform profile).
    pub fn new(size: u32) -> Result<ShadowMap, super::RenderError> {
        let program = Program::new("shadow depth", VERTEX, FRAGMENT)?;
        Ok(ShadowMap {
            u_model: program.uniform("u_model"),
            u_light_vp: program.uniform("u_light_vp"),
            program,
            targets: vec![DepthTarget::new(size, 0)?],
            current: 0,
        })
    }

    fn target(&self) -> &DepthTarget {
        &self.targets[self.current]
    }

    /// The sun's view-projection over the square around `focus`, snapped to texels.
    pub fn light_view_proj(&self, focus: Vec3, sun_dir: Vec3) -> Mat4 {
        self.light_view_proj_over(focus, sun_dir, SHADOW_HALF_EXTENT_M, self.target().size)
    }

    /// [`ShadowMap::light_view_proj`] over a square `half_extent_m` either way of `focus`,
    /// snapped to the texels of a map `size` texels a side.
    pub fn light_view_proj_over(&self, focus: Vec3, sun_dir: Vec3, half_extent_m: f32, size: u32) -> Mat4 {
        let up = if sun_dir.y.abs() > 0.99 { Vec3::Z } else { Vec3::Y };
        let view = glam::camera::rh::view::look_at_mat4(Vec3::ZERO, sun_dir, up);
        // Snap the focus, in light space, to whole texels.
        let texel = 2.0 * half_extent_m / size.max(1) as f32;
        let f = view.transform_point3(focus);
        let snapped = Vec3::new((f.x / texel).round() * texel, (f.y / texel).round() * texel, f.z);
        let e = half_extent_m;
        let proj = glam::camera::rh::proj::opengl::orthographic(
            snapped.x - e,
            snapped.x + e,
            snapped.y - e,
            snapped.y + e,
            -snapped.z - DEPTH_HALF_RANGE_M,
            -snapped.z + DEPTH_HALF_RANGE_M,
        );
        proj * view
    }

    /// Binds the map as the framebuffer, clears it and sets the depth pass's state: the
    /// casters follow with [`ShadowMap::draw_caster`], drawn inside `texels` only (the lit
    /// pass reads no other, `shadow_footprint.rs`), then [`ShadowMap::end_pass`].
    pub fn begin_pass(&self, light_vp: &Mat4, texels: TexelRect) {
        self.program.bind();
        // SAFETY: state changes on the current context; fbo is ours.
        unsafe {
            gl::BindFramebuffer(gl::FRAMEBUFFER, self.target().fbo);
            gl::Viewport(0, 0, self.target().size as i32, self.target().size as i32);
            // The whole map: llvmpipe clears whole tiles far faster than a scissored part
            // (with 7 AI on the desktop's 2048² map, `render` 3.0–3.4 ms a frame against
            // 4.2–4.4 ms; PERFORMANCE.md).
            gl::Clear(gl::DEPTH_BUFFER_BIT);
            gl::Enable(gl::SCISSOR_TEST);
            gl::Scissor(texels.x, texels.y, texels.width, texels.height);
            gl::Enable(gl::DEPTH_TEST);
            gl::Disable(gl::CULL_FACE);
            gl::Enable(gl::POLYGON_OFFSET_FILL);
            gl::PolygonOffset(2.0, 4.0);
            gl::UniformMatrix4fv(self.u_light_vp, 1, gl::FALSE, light_vp.to_cols_array().as_ptr());
        }
    }

    /// Draws `mesh`'s shadow casters placed by `model`, between [`ShadowMap::begin_pass`]
    /// and [`ShadowMap::end_pass`].
    pub fn draw_caster(&self, mesh: &Mesh, model: &Mat4) {
        // SAFETY: a uniform of our program, which `begin_pass` bound.
        unsafe { gl::UniformMatrix4fv(self.u_model, 1, gl::FALSE, model.to_cols_array().as_ptr()) };
        mesh.draw_casters();
    }

    /// Ends the depth pass: restores the state it changed and binds the default
    /// framebuffer.
    pub fn end_pass(&self) {
        // SAFETY: restores defaults on the current context.
        unsafe {
            gl::Disable(gl::POLYGON_OFFSET_FILL);
            gl::Disable(gl::SCISSOR_TEST);
            gl::BindFramebuffer(gl::FRAMEBUFFER, 0);
        }
    }

    /// Binds the depth map to texture unit `unit` for sampling.
    pub fn bind(&self, unit: u32) {
        // SAFETY: binds our texture.
        unsafe {
            gl::ActiveTexture(gl::TEXTURE0 + unit);
            gl::BindTexture(gl::TEXTURE_2D, self.target().depth);
        }
    }

    /// Draws the map at `size` × `size` texels into split-screen view `view`'s target from
    /// now on (the detail ladder's smaller map, and back; a split frame's half side),
    /// making the target the first time; its contents are redrawn every frame. Each view
    /// has its own map: llvmpipe would otherwise finish drawing one view before the next
    /// view's casters could go into the map it reads. Make the targets a switch will need
    /// beforehand with [`ShadowMap::prepare_target`], or the frame that switches pays for
    /// the new memory.
    pub fn use_target(&mut self, size: u32, view: usize) -> Result<(), super::RenderError> {
        self.current = match self.find(size, view) {
            Some(i) => i,
            None => {
                self.prepare_target(size, view)?;
                self.targets.len() - 1
            }
        };
        Ok(())
    }

    fn find(&self, size: u32, view: usize) -> Option<usize> {
        self.targets.iter().position(|t| t.size == size && t.view == view)
    }

    /// Makes a target of `size` × `size` texels (if there is none) and clears it once, so
    /// the driver has its memory in place before [`ShadowMap::use_target`] switches to it.
    pub fn prepare_side(&mut self, size: u32) -> Result<(), super::RenderError> {
        self.prepare_target(size, 0)
    }

    /// As [`ShadowMap::prepare_side`], for split-screen view `view`.
    pub fn prepare_target(&mut self, size: u32, view: usize) -> Result<(), super::RenderError> {
        if self.find(size, view).is_some() {
            return Ok(());
        }
        let target = DepthTarget::new(size, view)?;
        // SAFETY: clears our new framebuffer's depth on the current context, then binds
        // the default framebuffer back.
        unsafe {
            gl::BindFramebuffer(gl::FRAMEBUFFER, target.fbo);
            gl::Viewport(0, 0, size as i32, size as i32);
            gl::Clear(gl::DEPTH_BUFFER_BIT);
            gl::BindFramebuffer(gl::FRAMEBUFFER, 0);
        }
        self.targets.push(target);
        super::gl_check::debug_check("shadow map side");
        Ok(())
    }

    /// Edge of the map in texels.
    pub fn size(&self) -> u32 {
        self.target().size
    }

    /// Bytes of depth the map holds, all its sides and views together.
    pub fn bytes(&self) -> u64 {
        self.targets
            .iter()
            .map(|t| u64::from(t.size) * u64::from(t.size) * 4)
            .sum()
    }
}

/// Specifies the bound `TEXTURE_2D`'s storage as a `size` × `size` 24-bit depth map, with no
/// data (the map is drawn every frame).
///
/// # Safety
/// Needs a current GL context with the shadow map's depth texture bound to `TEXTURE_2D`.
unsafe fn depth_storage(size: u32) {
    // SAFETY: the caller bound our texture; no data is read (null pointer).
    unsafe {
        gl::TexImage2D(
            gl::TEXTURE_2D,
            0,
            gl::DEPTH_COMPONENT24 as i32,
            size as i32,
            size as i32,
            0,
            gl::DEPTH_COMPONENT,
            // No data is uploaded; ES 3.0 accepts DEPTH_COMPONENT24 only with this type.
            gl::UNSIGNED_INT,
            std::ptr::null(),
        );
    }
}
