//! Heightmaps: grayscale PNGs (8- or 16-bit) mapped to heights between a low and a high
//! value. Column index grows along +X, row index along +Z.

use crate::ContentError;

/// A grid of heights in metres, row-major (`heights_m[row * cols + col]`).
#[derive(Debug, Clone, PartialEq)]
pub struct Heightmap {
    /// Samples along Z.
    pub rows: usize,
    /// Samples along X.
    pub cols: usize,
    /// Heights, metres.
    pub heights_m: Vec<f32>,
}

/// Largest accepted heightmap edge, in samples.
pub const MAX_EDGE: usize = 4096;

impl Heightmap {
    /// Decodes a grayscale PNG; black maps to `low_m`, white to `high_m`.
    pub fn from_png(file: &str, bytes: &[u8], low_m: f32, high_m: f32) -> Result<Heightmap, ContentError> {
        let fail = |problem: String| ContentError::new(file, "heightmap", problem);
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::IDENTITY);
        let mut reader = decoder
            .read_info()
            .map_err(|e| fail(format!("not a readable PNG: {e}")))?;
        // The size is checked on the header too, before the frame buffer is allocated: a
        // header may claim up to 2³¹ pixels a side (fuzzing found a 70 GB allocation).
        let (width, height) = reader.info().size();
        let size_problem = |cols: usize, rows: usize| {
            fail(format!(
                "must be 2 to {MAX_EDGE} samples on each side, is {cols}x{rows}"
            ))
        };
        if width as usize > MAX_EDGE || height as usize > MAX_EDGE {
            return Err(size_problem(width as usize, height as usize));
        }
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader
            .next_frame(&mut buf)
            .map_err(|e| fail(format!("not a readable PNG: {e}")))?;
        if info.color_type != png::ColorType::Grayscale {
            return Err(fail(format!("must be grayscale, is {:?}", info.color_type)));
        }
        let (cols, rows) = (info.width as usize, info.height as usize);
        if cols < 2 || rows < 2 || cols > MAX_EDGE || rows > MAX_EDGE {
            return Err(size_problem(cols, rows));
        }
        let span = high_m - low_m;
        let heights_m: Vec<f32> = match info.bit_depth {
            png::BitDepth::Sixteen => buf[..rows * cols * 2]
                .chunks_exact(2)
                .map(|b| low_m + span * u16::from_be_bytes([b[0], b[1]]) as f32 / 65535.0)
                .collect(),
            png::BitDepth::Eight => buf[..rows * cols]
                .iter()
                .map(|b| low_m + span * *b as f32 / 255.0)
                .collect(),
            d => return Err(fail(format!("must be 8 or 16 bits per sample, is {d:?}"))),
        };
        Ok(Heightmap { rows, cols, heights_m })
    }

    /// Encodes heights as a 16-bit grayscale PNG spanning `low_m..high_m` (for tools that
    /// generate content).
    pub fn to_png(&self, low_m: f32, high_m: f32) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, self.cols as u32, self.rows as u32);
            enc.set_color(png::ColorType::Grayscale);
            enc.set_depth(png::BitDepth::Sixteen);
            let mut w = enc.write_header().expect("writing to a Vec cannot fail");
            let data: Vec<u8> = self
                .heights_m
                .iter()
                .flat_map(|h| {
                    let t = ((h - low_m) / (high_m - low_m)).clamp(0.0, 1.0);
                    ((t * 65535.0).round() as u16).to_be_bytes()
                })
                .collect();
            w.write_image_data(&data).expect("writing to a Vec cannot fail");
        }
        out
    }

    /// The sample at (`row`, `col`).
    pub fn at(&self, row: usize, col: usize) -> f32 {
        self.heights_m[row * self.cols + col]
    }

    /// Bilinear height at fractions `u` (along X) and `v` (along Z), each 0..1.
    pub fn sample(&self, u: f32, v: f32) -> f32 {
        let x = u.clamp(0.0, 1.0) * (self.cols - 1) as f32;
        let z = v.clamp(0.0, 1.0) * (self.rows - 1) as f32;
        let (c0, r0) = ((x as usize).min(self.cols - 2), (z as usize).min(self.rows - 2));
        let (fx, fz) = (x - c0 as f32, z - r0 as f32);
        let h = |r, c| self.at(r, c);
        let top = h(r0, c0) * (1.0 - fx) + h(r0, c0 + 1) * fx;
        let bottom = h(r0 + 1, c0) * (1.0 - fx) + h(r0 + 1, c0 + 1) * fx;
        top * (1.0 - fz) + bottom * fz
    }
}

/// Smooth value noise in 0..1 at (x, z), from integer hashing: deterministic, no random
/// source, for tools that generate terrain.
pub fn value_noise(x: f32, z: f32) -> f32 {
    fn hash(i: i32, j: i32) -> f32 {
        let mut h = (i as u32).wrapping_mul(374_761_393) ^ (j as u32).wrapping_mul(668_265_263);
        h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
        (h ^ (h >> 16)) as f32 / u32::MAX as f32
    }
    let (i, j) = (x.floor() as i32, z.floor() as i32);
    let (fx, fz) = (x - x.floor(), z - z.floor());
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let a = hash(i, j) + (hash(i + 1, j) - hash(i, j)) * s(fx);
    let b = hash(i, j + 1) + (hash(i + 1, j + 1) - hash(i, j + 1)) * s(fx);
    a + (b - a) * s(fz)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_round_trip_keeps_heights_to_a_65535th_of_the_span() {
        let hm = Heightmap {
            rows: 3,
            cols: 4,
            heights_m: (0..12).map(|i| i as f32 * 0.25 - 1.0).collect(),
        };
        let back = Heightmap::from_png("t.png", &hm.to_png(-1.0, 2.0), -1.0, 2.0).unwrap();
        assert_eq!((back.rows, back.cols), (3, 4));
        for (a, b) in hm.heights_m.iter().zip(&back.heights_m) {
            assert!((a - b).abs() < 3.0 / 65535.0 + 1e-6, "{a} vs {b}");
        }
        assert!((back.sample(0.5, 0.5) - (back.at(1, 1) + back.at(1, 2)) * 0.5).abs() < 1e-5);
    }

    #[test]
    fn garbage_is_a_clear_error() {
        let e = Heightmap::from_png("bad.png", b"not a png", 0.0, 1.0).unwrap_err();
        assert_eq!(e.file, "bad.png");
        assert!(e.problem.contains("PNG"), "{e}");
    }
}
