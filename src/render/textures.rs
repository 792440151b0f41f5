//! The ground's detail textures, made by our own code at renderer start-up: one square,
//! tileable RGBA8 image per [`GroundTexture`], deterministic (seeded hashes, no random
//! source), so every run and every machine draws the same ground.
//!
//! Each image is *detail around a material's colour*, not a colour of its own: RGB is a
//! multiplier stored as `value / 127.5` (127.5 means ×1), and every channel's mean is
//! brought to 127.5, so a material drawn with its texture keeps its `color` as the average
//! (the friction view and the level map stay consistent with the look). Alpha is where the
//! surface mirrors the sky (1 full, 0 none), scaled in the shader by the material's `sheen`.
//!
//! If a surface looks tinted, check the channel means ([`channel_means`]); if it shimmers
//! in the distance, the texture array lost its mipmaps (`texture_array.rs`).

use skidpad_bake::GroundTexture;
use std::f32::consts::TAU;

/// Side of every texture, texels. 128² RGBA8 is 64 KiB a layer (85 KiB with mipmaps). 256²
/// looked a little finer up close but cost llvmpipe about a third more GPU time on the
/// proving ground and bump (texture cache misses), for 3.3 MiB instead of 0.8.
pub const TEXTURE_SIZE: usize = 128;

/// One texture: `TEXTURE_SIZE`² RGBA8 texels, row by row.
pub struct TextureImage {
    /// RGBA8 texels, `TEXTURE_SIZE * TEXTURE_SIZE * 4` bytes.
    pub rgba: Vec<u8>,
}

/// The image of `texture`.
pub fn generate(texture: GroundTexture) -> TextureImage {
    let n = TEXTURE_SIZE;
    let mut detail = vec![[1.0f32; 4]; n * n];
    let seed = texture.layer() as u32 * 7919 + 17;
    for y in 0..n {
        for x in 0..n {
            let (u, v) = (x as f32 / n as f32, y as f32 / n as f32);
            let t = Texel { x, y, u, v, seed };
            detail[y * n + x] = match texture {
                GroundTexture::Asphalt => asphalt(&t),
                GroundTexture::Kerb => painted_concrete(&t),
                GroundTexture::Grass => grass(&t),
                GroundTexture::Gravel => gravel(&t),
                GroundTexture::Sand => sand(&t),
                GroundTexture::Snow => snow(&t),
                GroundTexture::Ice => ice(&t),
                GroundTexture::Wet => wet(&t),
                GroundTexture::Concrete => concrete(&t),
                GroundTexture::Wood => wood(&t),
            };
        }
    }
    encode(&detail)
}

/// Each channel's mean, 0..255 (127.5 keeps the material's colour exactly).
#[cfg(test)]
pub fn channel_means(image: &TextureImage) -> [f32; 4] {
    let mut sum = [0.0f64; 4];
    for px in image.rgba.chunks_exact(4) {
        for c in 0..4 {
            sum[c] += px[c] as f64;
        }
    }
    let count = (image.rgba.len() / 4).max(1) as f64;
    sum.map(|s| (s / count) as f32)
}

/// Multipliers (RGB around 1, alpha 0..1) → RGBA8, each RGB channel rescaled so its mean
/// is ×1 (127.5). Two passes: clamping to 255 after the first rescale moves the mean a
/// little, the second puts it back within a fraction of a level.
fn encode(detail: &[[f32; 4]]) -> TextureImage {
    let mut values: Vec<[f32; 4]> = detail.iter().map(|d| [d[0], d[1], d[2], d[3]]).collect();
    for _ in 0..2 {
        for c in 0..3 {
            let mean = values.iter().map(|v| v[c] as f64).sum::<f64>() / values.len() as f64;
            let k = if mean > 1e-6 { (1.0 / mean) as f32 } else { 1.0 };
            for v in values.iter_mut() {
                v[c] = (v[c] * k).clamp(0.0, 2.0);
            }
        }
    }
    let rgba = values
        .iter()
        .flat_map(|v| {
            [
                (v[0] * 127.5).round().clamp(0.0, 255.0) as u8,
                (v[1] * 127.5).round().clamp(0.0, 255.0) as u8,
                (v[2] * 127.5).round().clamp(0.0, 255.0) as u8,
                (v[3] * 255.0).round().clamp(0.0, 255.0) as u8,
            ]
        })
        .collect();
    TextureImage { rgba }
}

/// Where a texel is: integer (`x`, `y`) and 0..1 (`u`, `v`) coordinates, and the texture's seed.
struct Texel {
    x: usize,
    y: usize,
    u: f32,
    v: f32,
    seed: u32,
}

/// A well-mixed 32-bit hash of two integers and a seed (the "lowbias32" integer hash).
fn hash(x: u32, y: u32, seed: u32) -> u32 {
    let mut h = x.wrapping_mul(0x9E37_79B1) ^ y.wrapping_mul(0x85EB_CA77) ^ seed.wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 16;
    h = h.wrapping_mul(0x7FEB_352D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x846C_A68B);
    h ^= h >> 16;
    h
}

/// The hash as 0..1.
fn unit(x: u32, y: u32, seed: u32) -> f32 {
    (hash(x, y, seed) >> 8) as f32 / (1u32 << 24) as f32
}

/// Tileable value noise, 0..1: a `period`² lattice of hashed values over the texture,
/// smoothly interpolated, wrapping at the edges so the texture repeats seamlessly.
fn value_noise(u: f32, v: f32, period: u32, seed: u32) -> f32 {
    stretched_noise(u, v, period, period, seed)
}

/// [`value_noise`] with `period_u` lattice cells across and `period_v` down: streaks where
/// they differ, still tileable.
fn stretched_noise(u: f32, v: f32, period_u: u32, period_v: u32, seed: u32) -> f32 {
    let (fx, fy) = (u * period_u as f32, v * period_v as f32);
    let (x0, y0) = (fx.floor(), fy.floor());
    let (tx, ty) = (smooth(fx - x0), smooth(fy - y0));
    let wrap = |i: f32, p: u32| (i as i64).rem_euclid(p as i64) as u32;
    let (x0i, x1i) = (wrap(x0, period_u), wrap(x0 + 1.0, period_u));
    let (y0i, y1i) = (wrap(y0, period_v), wrap(y0 + 1.0, period_v));
    let a = lerp(unit(x0i, y0i, seed), unit(x1i, y0i, seed), tx);
    let b = lerp(unit(x0i, y1i, seed), unit(x1i, y1i, seed), tx);
    lerp(a, b, ty)
}

/// Fractal value noise, 0..1: `octaves` of [`value_noise`] from `period` up, each twice the
/// frequency and half the weight of the one before.
pub(super) fn fbm(u: f32, v: f32, period: u32, octaves: u32, seed: u32) -> f32 {
    let (mut sum, mut weight, mut total) = (0.0, 1.0, 0.0);
    for o in 0..octaves {
        sum += value_noise(u, v, period << o, seed.wrapping_add(o * 131)) * weight;
        total += weight;
        weight *= 0.5;
    }
    sum / total
}

/// Tileable cellular (Worley) noise over a `period`² grid with one jittered point a cell:
/// distances to the nearest and second-nearest points (in cells) and the nearest's cell id.
fn cells(u: f32, v: f32, period: u32, seed: u32) -> (f32, f32, u32) {
    let (fx, fy) = (u * period as f32, v * period as f32);
    let (cx, cy) = (fx.floor() as i64, fy.floor() as i64);
    let (mut f1, mut f2, mut id) = (f32::MAX, f32::MAX, 0);
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (gx, gy) = (cx + dx, cy + dy);
            let (wx, wy) = (gx.rem_euclid(period as i64) as u32, gy.rem_euclid(period as i64) as u32);
            let px = gx as f32 + 0.1 + 0.8 * unit(wx, wy, seed);
            let py = gy as f32 + 0.1 + 0.8 * unit(wx, wy, seed ^ 0xA5A5);
            let d = ((px - fx).powi(2) + (py - fy).powi(2)).sqrt();
            if d < f1 {
                f2 = f1;
                f1 = d;
                id = hash(wx, wy, seed ^ 0x5A5A);
            } else if d < f2 {
                f2 = d;
            }
        }
    }
    (f1, f2, id)
}

fn smooth(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

/// A grey multiplier `g` with sky-mirroring `alpha`.
fn grey(g: f32, alpha: f32) -> [f32; 4] {
    [g, g, g, alpha]
}

/// Fine aggregate: per-texel grain, light and dark stones, and broad worn patches.
fn asphalt(t: &Texel) -> [f32; 4] {
    let grain = unit(t.x as u32, t.y as u32, t.seed) - 0.5;
    let speck = unit(t.x as u32, t.y as u32, t.seed ^ 0xBEEF);
    let stone = if speck > 0.96 {
        0.35
    } else if speck < 0.05 {
        -0.25
    } else {
        0.0
    };
    let worn = fbm(t.u, t.v, 3, 3, t.seed ^ 0x77) - 0.5;
    grey(1.0 + grain * 0.22 + stone + worn * 0.25, 0.0)
}

/// Painted concrete: a soft grain and small pits, low contrast so the paint reads.
fn painted_concrete(t: &Texel) -> [f32; 4] {
    let grain = fbm(t.u, t.v, 32, 3, t.seed) - 0.5;
    let pit = if unit(t.x as u32, t.y as u32, t.seed ^ 0x3) > 0.985 {
        -0.2
    } else {
        0.0
    };
    grey(1.0 + grain * 0.18 + pit, 0.0)
}

/// Grass: patches of a yellower and a bluer green, and short blades leaning one way. The
/// patches are mild: the lit shader reads this texture a second time, seven times larger,
/// for the broad variation (strong patches in each 3 m tile lined up into a checkerboard).
fn grass(t: &Texel) -> [f32; 4] {
    let patch = fbm(t.u, t.v, 4, 3, t.seed);
    let light = [1.07, 1.07, 0.85];
    let dark = [0.91, 0.95, 1.03];
    let k = smooth(((patch - 0.35) * 3.0).clamp(0.0, 1.0));
    // Blades: noise stretched 8:1 along v, so streaks run one way.
    let blade = stretched_noise(t.u, t.v, 96, 12, t.seed ^ 0x99);
    let fine = unit(t.x as u32, t.y as u32, t.seed ^ 0x1234) - 0.5;
    let b = 0.75 + blade * 0.5 + fine * 0.15;
    [
        lerp(dark[0], light[0], k) * b,
        lerp(dark[1], light[1], k) * b,
        lerp(dark[2], light[2], k) * b,
        0.0,
    ]
}

/// Gravel: stones of their own shade and hue, darker gaps between them, each lit from one side.
fn gravel(t: &Texel) -> [f32; 4] {
    let (f1, f2, id) = cells(t.u, t.v, 24, t.seed);
    let shade = 0.75 + 0.5 * ((id & 0xFF) as f32 / 255.0);
    let hue = ((id >> 8) & 0xFF) as f32 / 255.0 - 0.5;
    let edge = smooth(((f2 - f1) * 4.0).clamp(0.0, 1.0));
    let bump = 1.0 - f1 * 0.6;
    let g = shade * (0.35 + 0.65 * edge) * bump;
    [g * (1.0 + hue * 0.12), g, g * (1.0 - hue * 0.12), 0.0]
}

/// Sand: wind ripples across the tile and fine grains.
fn sand(t: &Texel) -> [f32; 4] {
    let warp = fbm(t.u, t.v, 4, 2, t.seed) * 2.0;
    let ripple = (TAU * (t.v * 12.0 + warp)).sin();
    let grain = unit(t.x as u32, t.y as u32, t.seed ^ 0x51) - 0.5;
    let g = 1.0 + ripple * 0.08 + grain * 0.15;
    [g * 1.02, g, g * 0.96, 0.0]
}

/// Snow: soft drifts and rare sparkling crystals.
fn snow(t: &Texel) -> [f32; 4] {
    let drift = fbm(t.u, t.v, 4, 4, t.seed) - 0.5;
    let sparkle = if unit(t.x as u32, t.y as u32, t.seed ^ 0x5) > 0.994 {
        0.35
    } else {
        0.0
    };
    let g = 1.0 + drift * 0.16 + sparkle;
    [g * 0.99, g, g * 1.02, 0.15 + sparkle]
}

/// Ice: smooth cloudy blue-white with white cracks along cell borders.
fn ice(t: &Texel) -> [f32; 4] {
    let cloud = fbm(t.u, t.v, 3, 4, t.seed) - 0.5;
    let (f1, f2, _) = cells(t.u, t.v, 5, t.seed ^ 0x1CE);
    let crack = 1.0 - smooth(((f2 - f1) * 18.0).clamp(0.0, 1.0));
    let fine = value_noise(t.u, t.v, 40, t.seed ^ 0x2) - 0.5;
    let g = 1.0 + cloud * 0.12 + crack * (0.3 + fine * 0.3);
    [g, g, g * 0.98, 1.0 - crack * 0.8]
}

/// Wet asphalt: the grain of dry asphalt, softer, with darker puddles that mirror most.
fn wet(t: &Texel) -> [f32; 4] {
    let grain = unit(t.x as u32, t.y as u32, t.seed) - 0.5;
    let puddle = smooth(((fbm(t.u, t.v, 3, 4, t.seed ^ 0x0D) - 0.45) * 6.0).clamp(0.0, 1.0));
    let g = (1.0 + grain * 0.14) * (1.08 - 0.2 * puddle);
    grey(g, 0.45 + 0.55 * puddle)
}

/// Concrete: trowelled mottling, fine pits and a seam at the slab's edge.
fn concrete(t: &Texel) -> [f32; 4] {
    let mottle = fbm(t.u, t.v, 6, 4, t.seed) - 0.5;
    let pit = if unit(t.x as u32, t.y as u32, t.seed ^ 0x9) > 0.98 {
        -0.18
    } else {
        0.0
    };
    let seam = if t.x < 2 || t.y < 2 { -0.35 } else { 0.0 };
    grey(1.0 + mottle * 0.16 + pit + seam, 0.0)
}

/// Wood: four planks across the tile, each its own shade, with wavy grain along it.
fn wood(t: &Texel) -> [f32; 4] {
    let plank = (t.u * 4.0).floor() as u32;
    let across = t.u * 4.0 - plank as f32;
    let shade = 0.85 + 0.3 * unit(plank, 0, t.seed);
    let wobble = fbm(t.u, t.v, 4, 3, t.seed ^ plank) * 3.0;
    let grain = (TAU * (across * 6.0 + wobble + t.v * 2.0)).sin();
    let gap = if !(0.02..=0.98).contains(&across) { 0.45 } else { 1.0 };
    let g = shade * (1.0 + grain * 0.1) * gap;
    [g * 1.02, g, g * 0.97, 0.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Standard deviation of a channel, 0..255.
    fn spread(image: &TextureImage, c: usize, mean: f32) -> f32 {
        let n = (image.rgba.len() / 4) as f32;
        (image
            .rgba
            .chunks_exact(4)
            .map(|p| (p[c] as f32 - mean).powi(2))
            .sum::<f32>()
            / n)
            .sqrt()
    }

    #[test]
    fn every_texture_keeps_its_materials_colour_as_the_mean_and_adds_detail() {
        for texture in GroundTexture::ALL {
            let image = generate(texture);
            assert_eq!(image.rgba.len(), TEXTURE_SIZE * TEXTURE_SIZE * 4);
            let means = channel_means(&image);
            for (c, mean) in means.into_iter().take(3).enumerate() {
                // ×1 is 127.5; within 1 % (1.3 levels) the hue and brightness hold.
                assert!((mean - 127.5).abs() < 1.3, "{texture:?} channel {c} mean {mean}");
                // Detail: a flat texture (spread 0) would add nothing. 4 levels is ±3 %.
                let s = spread(&image, c, mean);
                assert!(s > 4.0, "{texture:?} channel {c} spread {s}");
            }
        }
    }

    #[test]
    fn textures_are_the_same_every_time_and_differ_from_each_other() {
        let a = generate(GroundTexture::Gravel);
        assert!(a.rgba == generate(GroundTexture::Gravel).rgba);
        assert!(a.rgba != generate(GroundTexture::Asphalt).rgba);
    }

    #[test]
    fn textures_tile_without_a_seam() {
        // The step across the wrap (last column to the first) is no bigger than the steps
        // between the columns inside: per pair of neighbouring columns, the mean absolute
        // difference down the rows; the pair across the edge within the largest inside
        // pair's (a column's mean varies with the few stones or cracks it crosses, so the
        // edge is held to the range the inside shows, not to its average). Concrete is left
        // out: its slab seam sits on the edge on purpose.
        for texture in GroundTexture::ALL.into_iter().filter(|t| *t != GroundTexture::Concrete) {
            let image = generate(texture);
            let n = TEXTURE_SIZE;
            let at = |x: usize, y: usize| image.rgba[(y * n + x) * 4] as f32;
            let step = |a: usize, b: usize| (0..n).map(|y| (at(a, y) - at(b, y)).abs()).sum::<f32>() / n as f32;
            let across = step(n - 1, 0);
            let inside = (0..n - 1).map(|x| step(x, x + 1)).fold(0.0, f32::max);
            assert!(
                across <= inside,
                "{texture:?}: across {across}, largest inside {inside}"
            );
        }
    }

    /// The largest departure of a 16×16-texel block's mean green from the whole tile's,
    /// 0..1: the tile's broad patches, what is left of it at a distance (its mip four
    /// levels down).
    fn broad_patches(image: &TextureImage) -> f32 {
        let n = TEXTURE_SIZE;
        let green = |x: usize, y: usize| image.rgba[(y * n + x) * 4 + 1] as f32;
        let mean = channel_means(image)[1];
        let blocks = (0..n / 16).flat_map(|by| (0..n / 16).map(move |bx| (bx, by)));
        blocks
            .map(|(bx, by)| {
                let sum: f32 = (0..16)
                    .flat_map(|y| (0..16).map(move |x| (x, y)))
                    .map(|(x, y)| green(bx * 16 + x, by * 16 + y))
                    .sum();
                (sum / 256.0 - mean).abs() / mean
            })
            .fold(0.0, f32::max)
    }

    #[test]
    fn the_grass_tile_keeps_its_broad_patches_mild_and_still_has_some() {
        // Stronger, each 3 m tile's patches lined up into a checkerboard toward the horizon
        // (the lit shader's macro read spreads patches over tens of metres instead): that
        // tile's blocks reached 14.6 % off the mean, this one's 10.6 % (the blades' streaks
        // are part of it). None at all and the macro read would have nothing to spread.
        let patches = broad_patches(&generate(GroundTexture::Grass));
        assert!((0.01..0.12).contains(&patches), "grass's broad patches {patches}");
    }

    #[test]
    fn wet_asphalt_mirrors_more_than_dry() {
        let (wet, dry) = (generate(GroundTexture::Wet), generate(GroundTexture::Asphalt));
        assert!(channel_means(&wet)[3] > 100.0 && channel_means(&dry)[3] < 1.0);
    }
}
