//! A deterministic lateral offset from the racing line along its length: the imprecision
//! of an AI driver below the top difficulty, drawn from a seed in the race set-up (never
//! from a random source, so a race and its replay drive the same way).

/// Wavelengths of the wander's two sines along the line, m: long enough that a driver
/// following it steers smoothly (a lane change over a few hundred metres), and not a
/// multiple of each other so the sum does not repeat within a lap.
const WANDER_WAVELENGTHS_M: [f32; 2] = [310.0, 770.0];

/// A deterministic lateral offset from the line along its length: the imprecision of a
/// driver below the top level.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Wander {
    /// Peak offset, m (0: on the line).
    pub amplitude_m: f32,
    /// Phase of each sine, radians, from the seed.
    pub phases_rad: [f32; 2],
}

impl Wander {
    /// A wander of peak `amplitude_m` with phases drawn from `seed` (SplitMix64).
    /// A zero amplitude is no wander at all (equal to the default whatever the seed).
    pub fn new(amplitude_m: f32, seed: u64) -> Self {
        if amplitude_m == 0.0 {
            return Self::default();
        }
        let mut state = seed;
        let mut phase = || (splitmix64(&mut state) >> 40) as f32 / (1u64 << 24) as f32 * std::f32::consts::TAU;
        Self {
            amplitude_m,
            phases_rad: [phase(), phase()],
        }
    }

    /// Offset to the left of the line at `s_m` along it, m, within ±`amplitude_m`.
    pub fn offset_m(&self, s_m: f32) -> f32 {
        if self.amplitude_m == 0.0 {
            return 0.0;
        }
        let wave = |k: usize| (std::f32::consts::TAU * s_m / WANDER_WAVELENGTHS_M[k] + self.phases_rad[k]).sin();
        // Weights 2/3 and 1/3 keep the sum within ±1.
        self.amplitude_m * (wave(0) * (2.0 / 3.0) + wave(1) * (1.0 / 3.0))
    }
}

/// SplitMix64 (Steele, Lea & Flood 2014): one step of the generator, a well-mixed 64-bit
/// value from a counter.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wander_is_bounded_seeded_and_repeatable() {
        let a = Wander::new(1.0, 3);
        let b = Wander::new(1.0, 4);
        let mut differs = false;
        let mut peak = 0.0f32;
        for i in 0..4000 {
            let s = i as f32;
            assert_eq!(a.offset_m(s), Wander::new(1.0, 3).offset_m(s));
            peak = peak.max(a.offset_m(s).abs());
            differs |= (a.offset_m(s) - b.offset_m(s)).abs() > 0.1;
        }
        assert!(peak <= 1.0 && peak > 0.5, "peak {peak}");
        assert!(differs, "another seed wanders another way");
        assert_eq!(Wander::new(0.0, 3).offset_m(123.0), 0.0);
    }
}
