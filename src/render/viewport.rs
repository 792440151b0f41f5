//! Where on the window a view is drawn: the whole of it with one player, a part of it
//! each in split screen. In GL's convention: pixels from the window's lower-left corner.

/// A rectangle of the window, in pixels from its lower-left corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ViewRect {
    /// Left edge, px.
    pub x: u32,
    /// Bottom edge, px (GL counts rows up from the bottom).
    pub y: u32,
    /// Width, px.
    pub width: u32,
    /// Height, px.
    pub height: u32,
}

impl ViewRect {
    /// The whole of a `width × height` window.
    pub fn full(width: u32, height: u32) -> ViewRect {
        ViewRect {
            x: 0,
            y: 0,
            width,
            height,
        }
    }

    /// Width over height (1 for an empty rectangle).
    pub fn aspect(&self) -> f32 {
        if self.height == 0 {
            1.0
        } else {
            self.width as f32 / self.height as f32
        }
    }

    /// Whether it is the whole of a `width × height` window.
    pub fn is_full(&self, width: u32, height: u32) -> bool {
        *self == ViewRect::full(width, height)
    }

    /// Makes it GL's viewport and scissor box (the scissor limits clears to it).
    pub(crate) fn set_viewport(&self) {
        // SAFETY: plain state setting on the current context.
        unsafe {
            gl::Viewport(self.x as i32, self.y as i32, self.width as i32, self.height as i32);
            gl::Scissor(self.x as i32, self.y as i32, self.width as i32, self.height as i32);
        }
    }
}
