//! The offscreen framebuffer the 3D scene is drawn into when it is drawn below the window's
//! resolution (dynamic resolution), then stretched onto the window with a linear blit
//! before the HUD is drawn over it at full resolution.
//!
//! Sized once for the whole window and reallocated only when the window's size changes: a
//! lower scale draws into its lower-left corner, so changing the scale frame to frame
//! costs no allocation.

use super::gl_check;
use super::viewport::ViewRect;

/// Colour and depth renderbuffers behind a framebuffer object.
#[derive(Default)]
pub struct SceneTarget {
    fbo: u32,
    color: u32,
    depth: u32,
    size: (u32, u32),
}

impl SceneTarget {
    /// Makes sure the target holds a `width × height` image, and binds it for drawing.
    pub fn bind(&mut self, width: u32, height: u32) {
        if self.size != (width, height) || self.fbo == 0 {
            self.release();
            // SAFETY: creates renderbuffers and a framebuffer on the current context and
            // attaches them; all objects are ours and released in `release`.
            unsafe {
                gl::GenFramebuffers(1, &mut self.fbo);
                gl::GenRenderbuffers(1, &mut self.color);
                gl::GenRenderbuffers(1, &mut self.depth);
                gl::BindRenderbuffer(gl::RENDERBUFFER, self.color);
                gl::RenderbufferStorage(gl::RENDERBUFFER, gl::RGBA8, width as i32, height as i32);
                gl::BindRenderbuffer(gl::RENDERBUFFER, self.depth);
                gl::RenderbufferStorage(gl::RENDERBUFFER, gl::DEPTH_COMPONENT24, width as i32, height as i32);
                gl::BindFramebuffer(gl::FRAMEBUFFER, self.fbo);
                gl::FramebufferRenderbuffer(gl::FRAMEBUFFER, gl::COLOR_ATTACHMENT0, gl::RENDERBUFFER, self.color);
                gl::FramebufferRenderbuffer(gl::FRAMEBUFFER, gl::DEPTH_ATTACHMENT, gl::RENDERBUFFER, self.depth);
            }
            self.size = (width, height);
            gl_check::debug_check("scene target");
        }
        // SAFETY: binds our framebuffer.
        unsafe { gl::BindFramebuffer(gl::FRAMEBUFFER, self.fbo) };
    }

    /// Stretches the `src_w × src_h` corner drawn into the window's `dst_w × dst_h`
    /// default framebuffer, bilinearly or (`nearest`, the detail ladder's last step:
    /// cheaper on llvmpipe) by nearest texel, and leaves the default framebuffer bound.
    pub fn blit_to_window(&self, src_w: u32, src_h: u32, dst: ViewRect, nearest: bool) {
        // SAFETY: reads our framebuffer, writes the default one; both exist on the
        // current context, and the source rectangle lies inside our storage. The scissor
        // box (the view's) would clip the blit as it clips clears: off for it.
        unsafe {
            gl::Disable(gl::SCISSOR_TEST);
            gl::BindFramebuffer(gl::READ_FRAMEBUFFER, self.fbo);
            gl::BindFramebuffer(gl::DRAW_FRAMEBUFFER, 0);
            gl::BlitFramebuffer(
                0,
                0,
                src_w as i32,
                src_h as i32,
                dst.x as i32,
                dst.y as i32,
                (dst.x + dst.width) as i32,
                (dst.y + dst.height) as i32,
                gl::COLOR_BUFFER_BIT,
                if nearest { gl::NEAREST } else { gl::LINEAR },
            );
            gl::BindFramebuffer(gl::FRAMEBUFFER, 0);
        }
        gl_check::debug_check("scene blit");
    }

    fn release(&mut self) {
        if self.fbo != 0 {
            // SAFETY: deletes objects we own.
            unsafe {
                gl::DeleteFramebuffers(1, &self.fbo);
                gl::DeleteRenderbuffers(1, &self.color);
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
    }
}
