//! The voices' white noise: xorshift32 (Marsaglia, "Xorshift RNGs", 2003), seeded the same
//! every run so a render repeats to the byte.

/// A white noise source in −1..1.
#[derive(Debug, Clone)]
pub struct Noise(u32);

impl Default for Noise {
    fn default() -> Self {
        Noise(0x2545_F491)
    }
}

impl Noise {
    /// The next sample, −1..1.
    #[inline]
    pub fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0 as f32 / u32::MAX as f32 * 2.0 - 1.0
    }
}
