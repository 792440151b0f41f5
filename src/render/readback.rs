//! Reading a rendered frame back from the GPU (screenshots, render tests).

/// An RGBA8 image, rows top to bottom.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// RGBA bytes, `width × height × 4`, first row at the top.
    pub rgba: Vec<u8>,
}

impl Image {
    /// The pixel at (x, y), y counted from the top.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2], self.rgba[i + 3]]
    }

    /// Writes the image as a PNG file.
    pub fn write_png(&self, path: &std::path::Path) -> std::io::Result<()> {
        let file = std::fs::File::create(path)?;
        let mut enc = png::Encoder::new(std::io::BufWriter::new(file), self.width, self.height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().map_err(std::io::Error::other)?;
        w.write_image_data(&self.rgba).map_err(std::io::Error::other)?;
        w.finish().map_err(std::io::Error::other)
    }
}

/// Reads the back buffer of the current framebuffer (call before swapping).
pub fn read_back_buffer(width: u32, height: u32) -> Image {
    let mut rgba = vec![0u8; (width * height * 4) as usize];
    // SAFETY: rgba holds exactly width × height RGBA8 pixels; pack alignment 1 matches.
    unsafe {
        gl::PixelStorei(gl::PACK_ALIGNMENT, 1);
        gl::ReadBuffer(gl::BACK);
        gl::ReadPixels(
            0,
            0,
            width as i32,
            height as i32,
            gl::RGBA,
            gl::UNSIGNED_BYTE,
            rgba.as_mut_ptr().cast(),
        );
    }
    // GL's rows run bottom to top; images run top to bottom.
    let row = (width * 4) as usize;
    let mut flipped = vec![0u8; rgba.len()];
    for (y, src) in rgba.chunks_exact(row).enumerate() {
        let dst = (height as usize - 1 - y) * row;
        flipped[dst..dst + row].copy_from_slice(src);
    }
    Image {
        width,
        height,
        rgba: flipped,
    }
}

/// Waits until the GPU has finished the frame drawn so far, by reading one pixel of the
/// back buffer (a read must wait for every draw before it). The profiler's `gpu_finish`
/// phase; it allocates nothing, so the frame's allocation count stays the game's.
pub fn wait_for_gpu() {
    let mut pixel = [0u8; 4];
    // SAFETY: `pixel` holds exactly one RGBA8 pixel; pack alignment 1 matches.
    unsafe {
        gl::PixelStorei(gl::PACK_ALIGNMENT, 1);
        gl::ReadBuffer(gl::BACK);
        gl::ReadPixels(0, 0, 1, 1, gl::RGBA, gl::UNSIGNED_BYTE, pixel.as_mut_ptr().cast());
    }
}
