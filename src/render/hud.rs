//! 2D overlay drawing: rectangles and text in screen pixels. Two fonts, both built into
//! the binary and uploaded as texture atlases at start (no font file is read at run time):
//! the 8×8 bitmap font (`font8x8`) for the debug overlays (frame graph, telemetry), and
//! DejaVu Sans rasterised by [`FontAtlas`] at five sizes scaled to the window's height
//! for the menus and the HUD's labels ([`Hud::label`]). No size stands under its least
//! ([`MIN_CAPS_PX`]) on any window: if a text reads too small, look at [`face_sizes_px`].

use super::font_atlas::{Face, FontAtlas, CAP_HEIGHT_EM};
use super::quads::QuadStream;
use super::shader::Program;

/// The sizes of the real font, as fractions of the window height, in [`TextSize`]'s order
/// (before [`MIN_CAPS_PX`] raises them: at 640×480 16, 24, 53, 17 and 17 px; at 1280×800
/// 27, 40, 89, 18 and 27 px).
const SIZE_FRACTIONS: [f32; 5] = [1.0 / 30.0, 1.0 / 20.0, 1.0 / 9.0, 1.0 / 44.0, 1.0 / 30.0];

/// The least height of a capital or a figure in text read while driving, pixels: Valve's
/// guideline for a handheld's screen (12 px on the Steam Deck's 1280×800).
pub const MIN_CAP_PLAY_PX: f32 = 12.0;
/// The least for text read at rest (menus, prompts, messages over a paused game): the
/// same guideline's 9 px.
pub const MIN_CAP_REST_PX: f32 = 9.0;
/// Each size's least capital height, in [`TextSize`]'s order: only the menus' small size
/// is read at rest alone; every other size is drawn in play too.
pub const MIN_CAPS_PX: [f32; 5] = [
    MIN_CAP_REST_PX,
    MIN_CAP_PLAY_PX,
    MIN_CAP_PLAY_PX,
    MIN_CAP_PLAY_PX,
    MIN_CAP_PLAY_PX,
];

/// The real font's em sizes on a window `height_px` high, pixels, in [`TextSize`]'s order:
/// each its share of the height, rounded, and at least the size whose capitals stand its
/// [`MIN_CAPS_PX`] tall (a small window raises a small size to its least rather than
/// scale it down). Pure: what [`Hud::for_height`] rasterises, for tests and layout.
pub fn face_sizes_px(height_px: u32) -> [f32; 5] {
    let h = height_px.clamp(240, 4320) as f32;
    std::array::from_fn(|i| {
        let least = (MIN_CAPS_PX[i] / CAP_HEIGHT_EM).ceil();
        (h * SIZE_FRACTIONS[i]).round().max(least)
    })
}

/// Which size of the real font to draw with. Text read while driving uses any but
/// `Small`, whose least is for text read at rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextSize {
    /// Hints, prompts, details in the menus; messages over a paused game.
    Small = 0,
    /// Menu items; the mode panels' first line, the dial's speed and gear.
    Body = 1,
    /// Screen titles; the countdown.
    Title = 2,
    /// The smallest in play: the dial's numbers and the assist lamps, read at a glance in
    /// a tight space (its capitals [`MIN_CAP_PLAY_PX`] tall up to about 770 lines).
    Gauge = 3,
    /// The mode panels' lines (lap times, gaps, a challenge's figures) and the dial's
    /// unit: `Small`'s share of the height, with the least of text read in play.
    Panel = 4,
}

const VERTEX: &str = r#"#version 330 core
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
uniform vec2 u_screen;
out vec2 v_uv;
out vec4 v_color;
void main() {
    v_uv = a_uv;
    v_color = a_color;
    vec2 ndc = vec2(a_pos.x / u_screen.x * 2.0 - 1.0, 1.0 - a_pos.y / u_screen.y * 2.0);
    gl_Position = vec4(ndc, 0.0, 1.0);
}
"#;

const FRAGMENT: &str = r#"#version 330 core
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_font;
out vec4 frag;
void main() {
    float a = texture(u_font, v_uv).r * v_color.a;
    frag = vec4(v_color.rgb * a, a);
}
"#;

/// Atlas layout: 16 × 8 glyph cells for ASCII, and a ninth row whose first cell is solid
/// (for rectangles).
const CELLS_X: usize = 16;
const CELLS_Y: usize = 9;
const ATLAS_W: usize = CELLS_X * 8;
const ATLAS_H: usize = CELLS_Y * 8;
/// Floats per vertex: position 2, uv 2, colour 4.
const STRIDE: usize = 8;
/// Quads one frame may draw.
const MAX_QUADS: usize = 4096;

/// The overlay batch: add rectangles and text, then [`Hud::flush`].
pub struct Hud {
    program: Program,
    quads: QuadStream,
    texture: u32,
    vertices: Vec<f32>,
    /// The real font's atlas texture, its faces, and this frame's glyph quads (drawn
    /// after the rectangles and bitmap text, so labels sit on panels).
    font_texture: u32,
    font_size: [f32; 2],
    faces: Vec<Face>,
    text_quads: QuadStream,
    text_vertices: Vec<f32>,
    u_screen: i32,
    u_font: i32,
}

fn atlas() -> Vec<u8> {
    let mut pixels = vec![0u8; ATLAS_W * ATLAS_H];
    for code in 0u8..128 {
        let glyph = font8x8::legacy::BASIC_LEGACY[code as usize];
        let (cx, cy) = ((code as usize % CELLS_X) * 8, (code as usize / CELLS_X) * 8);
        for (row, bits) in glyph.iter().enumerate() {
            for col in 0..8 {
                if bits & (1 << col) != 0 {
                    pixels[(cy + row) * ATLAS_W + cx + col] = 255;
                }
            }
        }
    }
    for row in 0..8 {
        for col in 0..8 {
            pixels[(8 * 8 + row) * ATLAS_W + col] = 255;
        }
    }
    pixels
}

impl Hud {
    /// Uploads the font atlases and the quad buffers, the real font sized for a 720-pixel
    /// high window.
    pub fn new() -> Result<Hud, super::RenderError> {
        Self::for_height(720)
    }

    /// Uploads the font atlases and the quad buffers, the real font sized for a window
    /// `height_px` high.
    pub fn for_height(height_px: u32) -> Result<Hud, super::RenderError> {
        let program = Program::new("hud", VERTEX, FRAGMENT)?;
        let texture = upload_r8(ATLAS_W, ATLAS_H, &atlas(), gl::NEAREST);
        let sizes = face_sizes_px(height_px);
        let font = FontAtlas::build(&sizes).map_err(|log| super::RenderError::Font { log })?;
        let font_texture = upload_r8(font.width, font.height, &font.pixels, gl::LINEAR);
        Ok(Hud {
            u_screen: program.uniform("u_screen"),
            u_font: program.uniform("u_font"),
            program,
            quads: QuadStream::new(MAX_QUADS, &[2, 2, 4]),
            texture,
            vertices: Vec::with_capacity(MAX_QUADS * 4 * STRIDE),
            font_texture,
            font_size: [font.width as f32, font.height as f32],
            faces: font.faces,
            text_quads: QuadStream::new(MAX_QUADS, &[2, 2, 4]),
            text_vertices: Vec::with_capacity(MAX_QUADS * 4 * STRIDE),
        })
    }

    /// Width of `text` in the real font at `size`, pixels.
    pub fn label_width(&self, size: TextSize, text: &str) -> f32 {
        self.faces[size as usize].width(text)
    }

    /// Line height of the real font at `size`, pixels.
    pub fn line_height(&self, size: TextSize) -> f32 {
        self.faces[size as usize].line_h
    }

    /// Height of a capital or a figure in the real font at `size`, pixels.
    pub fn cap_height(&self, size: TextSize) -> f32 {
        self.faces[size as usize].cap_h
    }

    /// Text in the real font at `size`, its line's top-left at (x, y). Returns its width.
    /// Each glyph's bitmap lands on whole pixels (one texel a pixel, its baseline and stems
    /// sharp), so small text reads as the font drew it rather than blurred by the filter.
    pub fn label(&mut self, x: f32, y: f32, size: TextSize, text: &str, color: [f32; 4]) -> f32 {
        let face = &self.faces[size as usize];
        let [aw, ah] = self.font_size;
        let mut pen = x.round();
        let y = y.round();
        for ch in text.chars() {
            let g = face.glyph(ch);
            let [gx, gy, gw, gh] = g.atlas;
            if gw > 0.0 && self.text_vertices.len() < MAX_QUADS * 4 * STRIDE {
                let uv = [gx / aw, gy / ah, (gx + gw) / aw, (gy + gh) / ah];
                let (qx, qy) = ((pen + g.left).round(), (y + g.top).round());
                push_quad(&mut self.text_vertices, qx, qy, gw, gh, uv, color);
            }
            pen += g.advance;
        }
        pen - x.round()
    }

    /// Text in the real font at `size` centred on (cx, cy): its width on cx, its capitals'
    /// height on cy (the way a figure sits in a lamp or beside a tick). Returns the line's
    /// top-left.
    pub fn label_centred(&mut self, cx: f32, cy: f32, size: TextSize, text: &str, color: [f32; 4]) -> [f32; 2] {
        let face = &self.faces[size as usize];
        let x = cx - face.width(text) * 0.5;
        let y = cy - face.cap_h * 0.5 - (face.ascent - face.cap_h);
        self.label(x, y, size, text, color);
        [x, y]
    }

    fn quad(&mut self, x: f32, y: f32, w: f32, h: f32, uv: [f32; 4], c: [f32; 4]) {
        if self.vertices.len() >= MAX_QUADS * 4 * STRIDE {
            return;
        }
        push_quad(&mut self.vertices, x, y, w, h, uv, c);
    }

    /// A filled rectangle; pixels from the top-left corner.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: [f32; 4]) {
        let (u, v) = (0.5 / ATLAS_W as f32, (64.5) / ATLAS_H as f32);
        self.quad(x, y, w, h, [u, v, u, v], color);
    }

    /// A straight stroke from (x0, y0) to (x1, y1), `thickness` pixels wide (a quad along
    /// the segment): the dial's ticks, arc and needle. A zero-length segment draws nothing.
    pub fn line(&mut self, from: [f32; 2], to: [f32; 2], thickness: f32, color: [f32; 4]) {
        let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
        let len = (dx * dx + dy * dy).sqrt();
        if len.is_nan() || len <= 0.0 || self.vertices.len() >= MAX_QUADS * 4 * STRIDE {
            return;
        }
        // Half the thickness along the segment's normal, each side.
        let (nx, ny) = (-dy / len * thickness * 0.5, dx / len * thickness * 0.5);
        let (u, v) = (0.5 / ATLAS_W as f32, (64.5) / ATLAS_H as f32);
        for (px, py) in [
            (from[0] + nx, from[1] + ny),
            (to[0] + nx, to[1] + ny),
            (to[0] - nx, to[1] - ny),
            (from[0] - nx, from[1] - ny),
        ] {
            self.vertices
                .extend_from_slice(&[px, py, u, v, color[0], color[1], color[2], color[3]]);
        }
    }

    /// Quads queued since the last flush (rectangles, strokes, bitmap glyphs, real-font
    /// glyphs): what the overlay costs the frame, for measurements and tests.
    pub fn quads_queued(&self) -> usize {
        (self.vertices.len() + self.text_vertices.len()) / (4 * STRIDE)
    }

    /// Text at (x, y) (top-left), each glyph `scale` × 8 pixels. Returns its width.
    pub fn text(&mut self, x: f32, y: f32, scale: f32, text: &str, color: [f32; 4]) -> f32 {
        let size = 8.0 * scale;
        let mut cx = x;
        for ch in text.chars() {
            let code = if ch.is_ascii() { ch as usize } else { b'?' as usize };
            let (gx, gy) = ((code % CELLS_X) * 8, (code / CELLS_X) * 8);
            let uv = [
                gx as f32 / ATLAS_W as f32,
                gy as f32 / ATLAS_H as f32,
                (gx + 8) as f32 / ATLAS_W as f32,
                (gy + 8) as f32 / ATLAS_H as f32,
            ];
            if ch != ' ' {
                self.quad(cx, y, size, size, uv, color);
            }
            cx += size;
        }
        cx - x
    }

    /// Draws everything added since the last flush over the current frame.
    pub fn flush(&mut self, width: u32, height: u32) {
        self.flush_in(super::ViewRect::full(width, height));
    }

    /// Draws everything added since the last flush over `rect` of the current frame, laid
    /// out as if `rect` were the whole screen (a split-screen player's HUD over their view).
    pub fn flush_in(&mut self, rect: super::ViewRect) {
        let (width, height) = (rect.width, rect.height);
        if !self.vertices.is_empty() || !self.text_vertices.is_empty() {
            self.program.bind();
            // SAFETY: uniforms of the bound program, our texture, and blend state.
            unsafe {
                gl::Viewport(rect.x as i32, rect.y as i32, width as i32, height as i32);
                gl::Uniform2f(self.u_screen, width as f32, height as f32);
                gl::Uniform1i(self.u_font, 0);
                gl::ActiveTexture(gl::TEXTURE0);
                gl::BindTexture(gl::TEXTURE_2D, self.texture);
                gl::Disable(gl::DEPTH_TEST);
                gl::Disable(gl::CULL_FACE);
                gl::Enable(gl::BLEND);
                gl::BlendFunc(gl::ONE, gl::ONE_MINUS_SRC_ALPHA);
            }
            self.quads.draw(&self.vertices);
            // SAFETY: binds our font texture on the unit the program samples.
            unsafe { gl::BindTexture(gl::TEXTURE_2D, self.font_texture) };
            self.text_quads.draw(&self.text_vertices);
            // SAFETY: restores state on the current context.
            unsafe {
                gl::Disable(gl::BLEND);
                gl::Enable(gl::DEPTH_TEST);
            }
        }
        self.vertices.clear();
        self.text_vertices.clear();
    }
}

/// Appends one quad's four vertices (position, uv, colour) to `out`.
fn push_quad(out: &mut Vec<f32>, x: f32, y: f32, w: f32, h: f32, uv: [f32; 4], c: [f32; 4]) {
    let [u0, v0, u1, v1] = uv;
    for (px, py, u, v) in [
        (x, y, u0, v0),
        (x + w, y, u1, v0),
        (x + w, y + h, u1, v1),
        (x, y + h, u0, v1),
    ] {
        out.extend_from_slice(&[px, py, u, v, c[0], c[1], c[2], c[3]]);
    }
}

/// A new single-channel texture holding `pixels` (`w` × `h`), sampled with `filter`.
fn upload_r8(w: usize, h: usize, pixels: &[u8], filter: u32) -> u32 {
    let mut texture = 0;
    // SAFETY: the texture is created and filled from a live slice of its size.
    unsafe {
        gl::GenTextures(1, &mut texture);
        gl::BindTexture(gl::TEXTURE_2D, texture);
        gl::PixelStorei(gl::UNPACK_ALIGNMENT, 1);
        gl::TexImage2D(
            gl::TEXTURE_2D,
            0,
            gl::R8 as i32,
            w as i32,
            h as i32,
            0,
            gl::RED,
            gl::UNSIGNED_BYTE,
            pixels.as_ptr().cast(),
        );
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MIN_FILTER, filter as i32);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MAG_FILTER, filter as i32);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_S, gl::CLAMP_TO_EDGE as i32);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_T, gl::CLAMP_TO_EDGE as i32);
    }
    texture
}

impl Drop for Hud {
    fn drop(&mut self) {
        // SAFETY: deletes objects we own.
        unsafe {
            gl::DeleteTextures(1, &self.texture);
            gl::DeleteTextures(1, &self.font_texture);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_keeps_its_least_capital_height_on_any_window() {
        // From the smallest window the HUD sizes for to past 4K: each face's capitals (the
        // font's own share of the em, held to the rasterised `H` in `font_atlas`) at least
        // its least — 12 px for every size drawn in play, 9 for the menus' small size —
        // and no face shrinking as the window grows.
        let mut last = [0.0f32; 5];
        for h in (200..=2400).step_by(8) {
            let sizes = face_sizes_px(h);
            for (i, em) in sizes.iter().enumerate() {
                let cap = em * CAP_HEIGHT_EM;
                assert!(
                    cap >= MIN_CAPS_PX[i],
                    "{h} lines, face {i}: {em} px em, capitals {cap:.2} px"
                );
                assert!(*em >= last[i], "{h} lines, face {i} shrank: {em} < {}", last[i]);
            }
            last = sizes;
        }
        for size in [TextSize::Body, TextSize::Title, TextSize::Gauge, TextSize::Panel] {
            assert_eq!(MIN_CAPS_PX[size as usize], 12.0, "{size:?} is read in play");
        }
        // The handheld's 800 lines: the shares of the height (the smallest face just over
        // its least); the console's 480: the faces read in play raised to their least,
        // the menus' small size not.
        assert_eq!(face_sizes_px(800), [27.0, 40.0, 89.0, 18.0, 27.0]);
        assert_eq!(face_sizes_px(480), [16.0, 24.0, 53.0, 17.0, 17.0]);
    }

    #[test]
    fn the_five_sizes_fit_one_atlas_up_to_a_4k_window() {
        for h in [240, 480, 800, 1080, 2160] {
            let atlas = FontAtlas::build(&face_sizes_px(h));
            assert!(atlas.is_ok(), "{h} lines: {:?}", atlas.err());
        }
    }
}
