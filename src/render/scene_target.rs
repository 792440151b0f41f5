//! The offscreen framebuffer the 3D scene is drawn into when it is drawn below the window's
//! resolution (dynamic resolution), then stretched onto the window before the HUD is drawn
//! over it at full resolution.
//!
//! Sized once for the whole window and reallocated only when the window's size changes: a
//! lower scale draws into its lower-left corner, so changing the scale frame to frame
//! costs no allocation.
//!
//! The stretch is a textured rectangle drawn by a program of our own, not a framebuffer
//! blit: llvmpipe implements a scaled blit with its generic blitter's shader, about 31
//! instructions a window pixel, where this program's texture read costs about 17
//! (callgrind, 1280×720, four players at the 0.5 floor: 151.9 → 143.3 M a frame;
//! PERFORMANCE.md, "Dynamic resolution at its floor"). If the stretched scene comes out
//! black or shifted, check the state it sets (no scissor, no depth test, its own texture
//! unit) against what the pass before it left.

use super::gl_check;
use super::shader::Program;
use super::viewport::ViewRect;
use super::RenderError;

/// The texture unit the stretch reads the scene from: one no scene program uses, so the
/// stretch (and its warm-up between the scene's own draws) leaves their textures bound.
const STRETCH_UNIT: u32 = 5;

/// A rectangle over the viewport from the vertex index (two triangles, no vertex buffer),
/// reading the drawn corner of the target (`u_uv_scale`: its share of the target's size).
const STRETCH_VERTEX: &str = r#"#version 330 core
uniform vec2 u_uv_scale;
out vec2 v_uv;
void main() {
    const vec2 corners[6] = vec2[6](
        vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(1.0, 1.0),
        vec2(0.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0));
    vec2 c = corners[gl_VertexID];
    v_uv = c * u_uv_scale;
    gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);
}
"#;

const STRETCH_FRAGMENT: &str = r#"#version 330 core
uniform sampler2D u_scene;
in vec2 v_uv;
out vec4 frag;
void main() {
    frag = texture(u_scene, v_uv);
}
"#;

/// How the scene's pixels are spread over the window's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StretchFilter {
    /// A blend of the four nearest scene texels.
    Bilinear,
    /// The nearest scene texel (the detail ladder's step: at the 0.5 floor each scene
    /// pixel becomes a 2×2 block).
    Nearest,
}

/// A colour texture and a depth renderbuffer behind a framebuffer object, and the program
/// that stretches the colour onto the window.
pub struct SceneTarget {
    fbo: u32,
    color: u32,
    depth: u32,
    size: (u32, u32),
    stretch: Program,
    u_uv_scale: i32,
    /// The empty vertex array the stretch draws with (a core context draws with one bound).
    vao: u32,
}

impl SceneTarget {
    /// No storage yet (the first [`SceneTarget::bind`] allocates it) and the stretch's
    /// program compiled; a compile or link error names the `scene stretch` program.
    pub fn new() -> Result<SceneTarget, RenderError> {
        let stretch = Program::new("scene stretch", STRETCH_VERTEX, STRETCH_FRAGMENT)?;
        let u_uv_scale = stretch.uniform("u_uv_scale");
        stretch.bind();
        let mut vao = 0;
        // SAFETY: sets a uniform of the program just bound and creates a vertex array we
        // own (deleted in `drop`).
        unsafe {
            gl::Uniform1i(stretch.uniform("u_scene"), STRETCH_UNIT as i32);
            gl::UseProgram(0);
            gl::GenVertexArrays(1, &mut vao);
        }
        Ok(SceneTarget {
            fbo: 0,
            color: 0,
            depth: 0,
            size: (0, 0),
            stretch,
            u_uv_scale,
            vao,
        })
    }

    /// Makes sure the target holds a `width × height` image, and binds it for drawing.
    pub fn bind(&mut self, width: u32, height: u32) {
        if self.size != (width, height) || self.fbo == 0 {
            self.release();
            // SAFETY: creates renderbuffers and a framebuffer on the current context and
            // attaches them; all objects are ours and released in `release`.
            unsafe {
                gl::GenFramebuffers(1, &mut self.fbo);
                gl::GenTextures(1, &mut self.color);
                gl::GenRenderbuffers(1, &mut self.depth);
                gl::ActiveTexture(gl::TEXTURE0 + STRETCH_UNIT);
                gl::BindTexture(gl::TEXTURE_2D, self.color);
                gl::TexImage2D(
                    gl::TEXTURE_2D,
                    0,
                    gl::RGBA8 as i32,
                    width as i32,
                    height as i32,
                    0,
                    gl::RGBA,
                    gl::UNSIGNED_BYTE,
                    std::ptr::null(),
                );
                for (name, value) in [
                    (gl::TEXTURE_MAX_LEVEL, 0),
                    (gl::TEXTURE_WRAP_S, gl::CLAMP_TO_EDGE as i32),
                    (gl::TEXTURE_WRAP_T, gl::CLAMP_TO_EDGE as i32),
                    (gl::TEXTURE_MIN_FILTER, gl::LINEAR as i32),
                    (gl::TEXTURE_MAG_FILTER, gl::LINEAR as i32),
                ] {
                    gl::TexParameteri(gl::TEXTURE_2D, name, value);
                }
                gl::ActiveTexture(gl::TEXTURE0);
                gl::BindRenderbuffer(gl::RENDERBUFFER, self.depth);
                gl::RenderbufferStorage(gl::RENDERBUFFER, gl::DEPTH_COMPONENT24, width as i32, height as i32);
                gl::BindFramebuffer(gl::FRAMEBUFFER, self.fbo);
                gl::FramebufferTexture2D(gl::FRAMEBUFFER, gl::COLOR_ATTACHMENT0, gl::TEXTURE_2D, self.color, 0);
                gl::FramebufferRenderbuffer(gl::FRAMEBUFFER, gl::DEPTH_ATTACHMENT, gl::RENDERBUFFER, self.depth);
            }
            self.size = (width, height);
            gl_check::debug_check("scene target");
        }
        // SAFETY: binds our framebuffer.
        unsafe { gl::BindFramebuffer(gl::FRAMEBUFFER, self.fbo) };
    }

    /// Stretches the `src_w × src_h` corner drawn into the window's `dst` rectangle of the
    /// default framebuffer by `filter`, and leaves the default framebuffer bound, the
    /// stretch's program bound, the scissor test off, and the depth test and viewport as
    /// they were. Draws nothing before the first [`SceneTarget::bind`].
    pub fn stretch_to_window(&self, src_w: u32, src_h: u32, dst: ViewRect, filter: StretchFilter) {
        if self.fbo == 0 {
            return;
        }
        let gl_filter = match filter {
            StretchFilter::Bilinear => gl::LINEAR,
            StretchFilter::Nearest => gl::NEAREST,
        } as i32;
        self.stretch.bind();
        // SAFETY: our program, texture and vertex array on the current context; the
        // viewport and depth test read back are restored; the scissor box (the view's, which
        // would clip the stretch) is left off.
        unsafe {
            let mut viewport = [0i32; 4];
            gl::GetIntegerv(gl::VIEWPORT, viewport.as_mut_ptr());
            let depth_test = gl::IsEnabled(gl::DEPTH_TEST) == gl::TRUE;
            gl::Disable(gl::SCISSOR_TEST);
            gl::Disable(gl::DEPTH_TEST);
            gl::BindFramebuffer(gl::FRAMEBUFFER, 0);
            gl::Viewport(dst.x as i32, dst.y as i32, dst.width as i32, dst.height as i32);
            gl::Uniform2f(
                self.u_uv_scale,
                src_w as f32 / self.size.0.max(1) as f32,
                src_h as f32 / self.size.1.max(1) as f32,
            );
            gl::ActiveTexture(gl::TEXTURE0 + STRETCH_UNIT);
            gl::BindTexture(gl::TEXTURE_2D, self.color);
            gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MIN_FILTER, gl_filter);
            gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MAG_FILTER, gl_filter);
            gl::ActiveTexture(gl::TEXTURE0);
            gl::BindVertexArray(self.vao);
            gl::DrawArrays(gl::TRIANGLES, 0, 6);
            gl::BindVertexArray(0);
            if depth_test {
                gl::Enable(gl::DEPTH_TEST);
            }
            gl::Viewport(viewport[0], viewport[1], viewport[2], viewport[3]);
        }
        gl_check::debug_check("scene stretch");
    }

    fn release(&mut self) {
        if self.fbo != 0 {
            // SAFETY: deletes objects we own.
            unsafe {
                gl::DeleteFramebuffers(1, &self.fbo);
                gl::DeleteTextures(1, &self.color);
                gl::DeleteRenderbuffers(1, &self.depth);
            }
            // Field by field: assigning a new value would drop this one, and run `release`
            // again from `drop`.
            self.fbo = 0;
            self.color = 0;
            self.depth = 0;
            self.size = (0, 0);
        }
    }
}

impl Drop for SceneTarget {
    fn drop(&mut self) {
        self.release();
        // SAFETY: deletes the vertex array we own.
        unsafe { gl::DeleteVertexArrays(1, &self.vao) };
    }
}
