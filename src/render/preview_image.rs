//! Still images the renderer draws once and shows for many frames: the level select's
//! preview of each level. [`Renderer::draw_preview`] draws a frame view with the real
//! renderer, the same passes as play, and keeps it on the GPU as a [`PreviewImage`];
//! [`Renderer::draw_image`] stretches it into a rectangle of the window each frame (a
//! framebuffer blit: no shader, no texture unit, and nothing allocated).
//!
//! If a preview comes out black or shows the menu behind it, check that it was drawn
//! before the frame's own drawing (the window's back buffer is its scratch) and that the
//! scissor test is off when it is shown (it clips blits too).

use super::{gl_check, FrameView, Renderer};

/// An image kept on the GPU: a colour renderbuffer behind a framebuffer object.
pub struct PreviewImage {
    fbo: u32,
    color: u32,
    size: (u32, u32),
}

impl PreviewImage {
    /// Its size, pixels.
    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// An empty `width × height` image.
    fn new(width: u32, height: u32) -> PreviewImage {
        let mut image = PreviewImage {
            fbo: 0,
            color: 0,
            size: (width, height),
        };
        // SAFETY: creates a renderbuffer and a framebuffer on the current context and
        // attaches one to the other; both are ours and deleted in `drop`.
        unsafe {
            gl::GenFramebuffers(1, &mut image.fbo);
            gl::GenRenderbuffers(1, &mut image.color);
            gl::BindRenderbuffer(gl::RENDERBUFFER, image.color);
            gl::RenderbufferStorage(gl::RENDERBUFFER, gl::RGBA8, width as i32, height as i32);
            gl::BindFramebuffer(gl::FRAMEBUFFER, image.fbo);
            gl::FramebufferRenderbuffer(gl::FRAMEBUFFER, gl::COLOR_ATTACHMENT0, gl::RENDERBUFFER, image.color);
            gl::BindFramebuffer(gl::FRAMEBUFFER, 0);
        }
        gl_check::debug_check("preview image");
        image
    }
}

impl Drop for PreviewImage {
    fn drop(&mut self) {
        // SAFETY: deletes objects we own (a zero name is ignored by GL).
        unsafe {
            gl::DeleteFramebuffers(1, &self.fbo);
            gl::DeleteRenderbuffers(1, &self.color);
        }
    }
}

impl Renderer {
    /// Draws `view` as a `width × height` image kept for later frames, at full resolution
    /// whatever the dynamic resolution's scale. The window's back buffer is the scratch it
    /// is drawn in, so call it before the frame's own drawing, and with a window at least
    /// that large (`window_w × window_h`: the image is cut to it).
    pub fn draw_preview(
        &mut self,
        view: &FrameView,
        width: u32,
        height: u32,
        window_w: u32,
        window_h: u32,
    ) -> PreviewImage {
        let (w, h) = (width.min(window_w).max(1), height.min(window_h).max(1));
        let detail = self.scene_detail();
        self.set_scene_detail(super::SceneDetail::FULL);
        self.draw(view, w, h);
        self.set_scene_detail(detail);
        let image = PreviewImage::new(w, h);
        // SAFETY: reads the default framebuffer's lower-left w × h (inside the window),
        // writes our image of that size; both exist on the current context.
        unsafe {
            gl::Disable(gl::SCISSOR_TEST);
            gl::BindFramebuffer(gl::READ_FRAMEBUFFER, 0);
            gl::BindFramebuffer(gl::DRAW_FRAMEBUFFER, image.fbo);
            let (w, h) = (w as i32, h as i32);
            gl::BlitFramebuffer(0, 0, w, h, 0, 0, w, h, gl::COLOR_BUFFER_BIT, gl::NEAREST);
            gl::BindFramebuffer(gl::FRAMEBUFFER, 0);
        }
        gl_check::debug_check("preview draw");
        image
    }

    /// Stretches `image` into the rectangle `[x, y, w, h]` (pixels from the window's
    /// top-left corner) of a `window_w × window_h` window, over what is there; leaves the
    /// default framebuffer bound.
    pub fn draw_image(&self, image: &PreviewImage, rect: [f32; 4], window_w: u32, window_h: u32) {
        let [x, y, w, h] = rect.map(|v| v.round() as i32);
        if w <= 0 || h <= 0 {
            return;
        }
        let (iw, ih) = (image.size.0 as i32, image.size.1 as i32);
        // GL's window rows count from the bottom.
        let bottom = window_h as i32 - (y + h);
        // SAFETY: reads our image (its whole extent), writes the default framebuffer; the
        // destination is clipped to the window by GL.
        unsafe {
            gl::Disable(gl::SCISSOR_TEST);
            gl::Viewport(0, 0, window_w as i32, window_h as i32);
            gl::BindFramebuffer(gl::READ_FRAMEBUFFER, image.fbo);
            gl::BindFramebuffer(gl::DRAW_FRAMEBUFFER, 0);
            gl::BlitFramebuffer(
                0,
                0,
                iw,
                ih,
                x,
                bottom,
                x + w,
                bottom + h,
                gl::COLOR_BUFFER_BIT,
                gl::LINEAR,
            );
            gl::BindFramebuffer(gl::FRAMEBUFFER, 0);
        }
        gl_check::debug_check("preview image draw");
    }
}
