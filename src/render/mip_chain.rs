//! Mip levels of an RGBA8 texture built on the CPU at load, each the 2×2 box average of
//! the level above, rather than by `glGenerateMipmap`.
//!
//! Why not the driver: llvmpipe (Mesa 22) builds mipmaps by drawing each level into the
//! next as a framebuffer, one queued scene per level and layer. Its pool of scenes is then
//! full for the rest of the context's life, and in that state a scene kept from the load
//! still names the texture as a render target: every later draw that binds the texture
//! flushed the frame's scene half-drawn and waited for it, about 0.5 ms of the `render`
//! phase a frame on the circuit (PERFORMANCE.md, "Scenes the driver waits on"). Box
//! averages of 8-bit values are also the same texels on every driver.
//!
//! If distant ground looks darker or lighter than near ground, check [`halve`]'s rounding.

/// The level below `level` (RGBA8, `side` × `side` texels, `side` a power of two over 1):
/// each texel the rounded mean of the 2×2 block above it, channel by channel.
pub fn halve(level: &[u8], side: usize) -> Vec<u8> {
    debug_assert_eq!(level.len(), side * side * 4);
    let half = side / 2;
    let mut out = Vec::with_capacity(half * half * 4);
    for y in 0..half {
        for x in 0..half {
            for c in 0..4 {
                let at = |dx: usize, dy: usize| u32::from(level[((2 * y + dy) * side + 2 * x + dx) * 4 + c]);
                let sum = at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1);
                out.push(((sum + 2) / 4) as u8);
            }
        }
    }
    out
}

/// Bytes of one `side` × `side` RGBA8 image (`side` a power of two) with its full mip
/// chain.
pub fn chain_bytes(side: usize) -> usize {
    (0..=side.ilog2()).map(|level| (side >> level).pow(2) * 4).sum()
}

/// Every level below level 0 of a `side` × `side` RGBA8 image (`side` a power of two),
/// largest first, down to 1×1.
pub fn levels_below(top: &[u8], side: usize) -> Vec<Vec<u8>> {
    let mut levels: Vec<Vec<u8>> = Vec::new();
    let mut s = side;
    while s > 1 {
        let next = halve(levels.last().map_or(top, Vec::as_slice), s);
        levels.push(next);
        s /= 2;
    }
    levels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mip_chain_is_a_third_more_than_its_top_level() {
        assert_eq!(chain_bytes(1), 4);
        assert_eq!(chain_bytes(2), 20);
        // 256² RGBA8: 262 144 bytes on top, 349 524 with the chain (≈ 4/3).
        assert_eq!(chain_bytes(256), 349_524);
        assert_eq!(chain_bytes(128), 87_380);
    }

    #[test]
    fn a_level_is_the_rounded_mean_of_each_two_by_two_block() {
        // 2×2 texels: red 0, 255, 255, 255 → 191.25 → 191; green 1, 2, 2, 2 → 1.75 → 2.
        let top = [0, 1, 10, 255, 255, 2, 10, 255, 255, 2, 10, 255, 255, 2, 10, 255];
        assert_eq!(halve(&top, 2), vec![191, 2, 10, 255]);
    }

    #[test]
    fn blocks_do_not_bleed_into_each_other() {
        // 4×4: the left half white, the right half black.
        let mut top = vec![0u8; 4 * 4 * 4];
        for y in 0..4 {
            for x in 0..2 {
                top[(y * 4 + x) * 4..][..4].copy_from_slice(&[255; 4]);
            }
        }
        let below = halve(&top, 4);
        assert_eq!(&below[0..4], &[255; 4], "top-left block");
        assert_eq!(&below[4..8], &[0; 4], "top-right block");
    }

    #[test]
    fn the_chain_runs_down_to_one_texel_holding_the_image_mean() {
        let side = 8;
        let top: Vec<u8> = (0..side * side).flat_map(|i| [(i * 4) as u8, 100, 0, 255]).collect();
        let levels = levels_below(&top, side);
        let sides: Vec<usize> = levels.iter().map(|l| ((l.len() / 4) as f64).sqrt() as usize).collect();
        assert_eq!(sides, vec![4, 2, 1]);
        // Red runs 0, 4, …, 252: mean 126, which three levels of rounded halving keep.
        assert_eq!(levels[2], vec![126, 100, 0, 255]);
    }
}
