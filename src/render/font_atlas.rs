//! The menu font: DejaVu Sans (`content/fonts/DejaVuSans.ttf`, Bitstream Vera/DejaVu
//! licence beside it), embedded in the binary and rasterised with `fontdue` at start into
//! one 8-bit coverage atlas, at the pixel sizes the window needs. No GL here: the HUD
//! uploads the pixels; layout reads the metrics.

use fontdue::{Font, FontSettings};

/// The font file, embedded (its licence: `content/fonts/DejaVuSans-LICENSE.txt`).
const FONT_TTF: &[u8] = include_bytes!("../../content/fonts/DejaVuSans.ttf");
/// Atlas width in pixels; the height grows to what the sizes need.
const ATLAS_W: usize = 2048;
/// The tallest atlas the HUD uploads (every GL 3.3 driver takes 4096²).
const ATLAS_MAX_H: usize = 4096;
/// Characters past ASCII the menus use.
const EXTRA_CHARS: [char; 11] = ['—', '·', '°', '×', '◀', '▶', '▲', '▼', '≤', '≥', '…'];
/// Latin-1's printable half.
const LATIN1: std::ops::RangeInclusive<char> = '\u{a0}'..='\u{ff}';
/// Pixels left empty around each glyph so linear filtering does not bleed.
const PAD: usize = 1;
/// DejaVu Sans's cap height as a share of the em (1493 of its 2048 units): how tall a
/// capital or a figure stands at a given size, for choosing sizes before rasterising
/// (`render::hud`'s minimums). Each [`Face`] measures its own (`cap_h`), which the test
/// holds to this.
pub const CAP_HEIGHT_EM: f32 = 1493.0 / 2048.0;

/// Where one glyph is in the atlas (pixels) and how it sits on the line.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Glyph {
    /// Atlas rectangle: left, top, width, height (pixels).
    pub atlas: [f32; 4],
    /// Offset of the bitmap's left edge from the pen, pixels.
    pub left: f32,
    /// Offset of the bitmap's top from the line's top, pixels (y down).
    pub top: f32,
    /// How far the pen moves, pixels.
    pub advance: f32,
}

/// One size of the font: its glyphs and line height.
#[derive(Debug, Clone)]
pub struct Face {
    /// Line height (ascent + descent + gap), pixels.
    pub line_h: f32,
    /// From the line's top down to the baseline, pixels.
    pub ascent: f32,
    /// Height of a capital (the outline of `H`) above the baseline, pixels: the size a
    /// player reads, and what the readability minimums hold.
    pub cap_h: f32,
    /// Printable ASCII, from ' '.
    ascii: Vec<Glyph>,
    /// Latin-1's letters and signs, from U+00A0: the accents of the places players race
    /// ("Nürburgring", "São Paulo", "Autódromo Hermanos Rodríguez").
    latin1: Vec<Glyph>,
    /// `EXTRA_CHARS`, in order.
    extra: Vec<Glyph>,
}

impl Face {
    /// The glyph drawn for `c` (`?` for a character the atlas lacks).
    pub fn glyph(&self, c: char) -> Glyph {
        if (' '..='~').contains(&c) {
            return self.ascii[c as usize - 32];
        }
        if LATIN1.contains(&c) {
            return self.latin1[c as usize - *LATIN1.start() as usize];
        }
        match EXTRA_CHARS.iter().position(|&e| e == c) {
            Some(i) => self.extra[i],
            None => self.ascii[b'?' as usize - 32],
        }
    }

    /// Width of `text` on one line, pixels.
    pub fn width(&self, text: &str) -> f32 {
        text.chars().map(|c| self.glyph(c).advance).sum()
    }
}

/// The rasterised font: coverage pixels (row-major, `width` × `height`) and one [`Face`]
/// per size.
pub struct FontAtlas {
    /// Atlas width, pixels.
    pub width: usize,
    /// Atlas height, pixels.
    pub height: usize,
    /// Coverage, 0..255, row-major.
    pub pixels: Vec<u8>,
    /// The faces, in the order of the sizes asked for.
    pub faces: Vec<Face>,
}

/// A shelf packer: glyphs left to right along a row, a new row when one is full.
struct Shelf {
    x: usize,
    y: usize,
    row_h: usize,
}

impl FontAtlas {
    /// Rasterises printable ASCII and the menus' few other characters at each size in
    /// `sizes_px` (pixels per em). An error names the size that does not fit.
    pub fn build(sizes_px: &[f32]) -> Result<FontAtlas, String> {
        let font = Font::from_bytes(FONT_TTF, FontSettings::default())
            .map_err(|e| format!("content/fonts/DejaVuSans.ttf: {e}"))?;
        let mut pixels = vec![0u8; ATLAS_W * 256];
        let mut shelf = Shelf { x: 0, y: 0, row_h: 0 };
        let mut faces = Vec::with_capacity(sizes_px.len());
        for &px in sizes_px {
            if !(px.is_finite() && (4.0..=256.0).contains(&px)) {
                return Err(format!("font size {px} px: must be between 4 and 256"));
            }
            let line = font.horizontal_line_metrics(px);
            let (ascent, line_h) = line.map_or((px, px * 1.2), |l| (l.ascent, l.new_line_size));
            let mut place = |c: char| -> Result<Glyph, String> {
                let (m, bitmap) = font.rasterize(c, px);
                let (w, h) = (m.width, m.height);
                if shelf.x + w + PAD > ATLAS_W {
                    shelf = Shelf {
                        x: 0,
                        y: shelf.y + shelf.row_h,
                        row_h: 0,
                    };
                }
                let needed = shelf.y + h + PAD;
                if needed > ATLAS_MAX_H {
                    return Err(format!(
                        "font size {px} px: the glyphs overflow a {ATLAS_W}×{ATLAS_MAX_H} atlas"
                    ));
                }
                if needed > pixels.len() / ATLAS_W {
                    pixels.resize(ATLAS_W * needed.next_power_of_two().min(ATLAS_MAX_H), 0);
                }
                for row in 0..h {
                    let dst = (shelf.y + row) * ATLAS_W + shelf.x;
                    pixels[dst..dst + w].copy_from_slice(&bitmap[row * w..row * w + w]);
                }
                let glyph = Glyph {
                    atlas: [shelf.x as f32, shelf.y as f32, w as f32, h as f32],
                    left: m.xmin as f32,
                    // fontdue's ymin is the bitmap's bottom above the baseline (y up).
                    top: ascent - (m.ymin as f32 + h as f32),
                    advance: m.advance_width,
                };
                shelf.x += w + PAD;
                shelf.row_h = shelf.row_h.max(h + PAD);
                Ok(glyph)
            };
            let ascii = (' '..='~').map(&mut place).collect::<Result<Vec<_>, _>>()?;
            let latin1 = LATIN1.map(&mut place).collect::<Result<Vec<_>, _>>()?;
            let extra = EXTRA_CHARS.iter().map(|&c| place(c)).collect::<Result<Vec<_>, _>>()?;
            let cap_h = font.metrics('H', px).bounds.height;
            faces.push(Face {
                line_h,
                ascent,
                cap_h,
                ascii,
                latin1,
                extra,
            });
        }
        let height = pixels.len() / ATLAS_W;
        Ok(FontAtlas {
            width: ATLAS_W,
            height,
            pixels,
            faces,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_have_ink_and_grow_with_size() {
        let atlas = FontAtlas::build(&[16.0, 48.0]).unwrap();
        let (small, big) = (&atlas.faces[0], &atlas.faces[1]);
        let m = big.glyph('M');
        assert!(m.atlas[2] > 0.0 && m.atlas[3] > 0.0, "M has a bitmap: {m:?}");
        // Some pixel of the M's rectangle is inked.
        let [x, y, w, h] = m.atlas.map(|v| v as usize);
        let inked = (y..y + h).any(|r| {
            atlas.pixels[r * atlas.width + x..r * atlas.width + x + w]
                .iter()
                .any(|&p| p > 128)
        });
        assert!(inked, "M's bitmap is not blank");
        // Width scales with the em size (3× here), within rounding of each advance.
        let ratio = big.width("SKIDPAD") / small.width("SKIDPAD");
        assert!((2.8..3.2).contains(&ratio), "ratio {ratio}");
        assert_eq!(small.glyph(' ').atlas[2], 0.0);
        assert_eq!(small.glyph('\u{1F600}'), small.glyph('?'));
        // The places' accents have glyphs of their own, wider than nothing.
        for c in ['í', 'ó', 'ã', 'ü', 'é'] {
            assert_ne!(big.glyph(c), big.glyph('?'), "{c}");
            assert!(
                big.glyph(c).atlas[3] > big.glyph('i').atlas[3] * 0.9,
                "{c} has its accent"
            );
        }
    }

    #[test]
    fn the_cap_height_share_is_the_fonts_own() {
        let sizes = [12.0, 17.0, 27.0, 89.0];
        let atlas = FontAtlas::build(&sizes).unwrap();
        for (face, px) in atlas.faces.iter().zip(sizes) {
            assert!(
                (face.cap_h - px * CAP_HEIGHT_EM).abs() < 0.05,
                "{px} px: cap {} against {}",
                face.cap_h,
                px * CAP_HEIGHT_EM
            );
            // A figure stands as tall as a capital (the lamps and the dial read figures).
            let (eight, h) = (face.glyph('8'), face.glyph('H'));
            assert!(eight.atlas[3] >= h.atlas[3], "{px} px: 8 {eight:?} H {h:?}");
            assert!(face.ascent > face.cap_h && face.line_h > face.ascent, "{face:?}");
        }
    }

    #[test]
    fn a_size_out_of_range_is_named() {
        let e = FontAtlas::build(&[f32::NAN]).err().unwrap();
        assert!(e.contains("NaN"), "{e}");
    }
}
