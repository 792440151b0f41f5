//! The clouds' texture: a tileable field of cloud density the sky draws its layer from
//! (`sky.rs`), made here at start-up from fractal value noise, like the ground's textures,
//! so no image ships.
//!
//! The density is equalised: each texel holds its rank among all the texels (0 the
//! thinnest, 255 the thickest), so a layer drawn where the density is over `1 − cover`
//! clouds `cover` of the sky, whatever the noise's spread. If a level's cloud cover looks
//! more or less clouded than its `[sky] cloud_cover` says, check the equalisation.

use super::textures::fbm;

/// Side of the texture, texels (a power of two, for its mip levels).
pub const SIDE: usize = 256;

/// Lattice cells across the texture at the noise's coarsest octave: the clouds' size,
/// a quarter of a repeat.
const PERIOD: u32 = 4;

/// Octaves of detail over the coarsest: down to 1/32 of a cloud, about a texel at
/// [`SIDE`].
const OCTAVES: u32 = 5;

/// Seed of the field (one for every level: they differ by cover and drift).
const SEED: u32 = 0x00C1_0D5E;

/// The density field, `side` × `side` RGBA8 (the density in every channel), equalised to
/// ranks 0..=255 and repeating seamlessly at its edges.
pub fn density(side: usize) -> Vec<u8> {
    let n = side * side;
    let values: Vec<f32> = (0..n)
        .map(|i| {
            let (x, y) = (i % side, i / side);
            fbm(
                (x as f32 + 0.5) / side as f32,
                (y as f32 + 0.5) / side as f32,
                PERIOD,
                OCTAVES,
                SEED,
            )
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]).then(a.cmp(&b)));
    let mut texels = vec![0u8; n * 4];
    for (rank, &i) in order.iter().enumerate() {
        let level = (rank * 256 / n) as u8;
        texels[i * 4..i * 4 + 4].fill(level);
    }
    texels
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: usize = 64;

    fn at(t: &[u8], x: usize, y: usize) -> i32 {
        i32::from(t[((y % S) * S + x % S) * 4])
    }

    #[test]
    fn a_cover_clouds_that_share_of_the_layer() {
        let t = density(S);
        for cover in [0.1f32, 0.35, 0.6, 0.9] {
            let lo = ((1.0 - cover) * 255.0) as u8;
            let share = t.chunks(4).filter(|c| c[0] > lo).count() as f32 / (S * S) as f32;
            assert!((share - cover).abs() < 0.01, "cover {cover}: {share}");
        }
    }

    #[test]
    fn the_field_repeats_without_a_seam_and_varies_smoothly() {
        let t = density(S);
        // Neighbours across the wrap differ no more than neighbours anywhere else.
        let step = |x0: usize, y0: usize, x1: usize, y1: usize| (at(&t, x0, y0) - at(&t, x1, y1)).abs();
        let inner = (0..S)
            .flat_map(|y| (0..S - 1).map(move |x| (x, y)))
            .map(|(x, y)| step(x, y, x + 1, y))
            .max();
        let seam = (0..S).map(|y| step(S - 1, y, S, y)).max();
        assert!(seam <= inner, "seam {seam:?}, inside {inner:?}");
        // Smooth: the mean step between neighbours is a small part of the range, as it is
        // for clouds and not for white noise (about 85 of 255).
        let mean = (0..S * S).map(|i| step(i % S, i / S, i % S + 1, i / S)).sum::<i32>() as f32 / (S * S) as f32;
        assert!(mean < 25.0, "{mean}");
    }

    #[test]
    fn the_field_is_the_same_every_time() {
        assert_eq!(density(S), density(S));
    }
}
