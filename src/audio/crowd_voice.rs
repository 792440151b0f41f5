//! The crowd in the nearest grandstand: a murmur of many voices (noise band-passed to
//! the voice band, ~250 Hz–2 kHz) that swells and ebbs slowly, placed at the stand.

use super::noise::Noise;
use super::ramp::Ramp;
use super::spatial::Placement;

/// A full stand's murmur at the reference distance.
const CROWD_LEVEL: f32 = 0.5;

/// The crowd's voice state.
#[derive(Debug, Clone, Copy, Default)]
pub struct CrowdVoice {
    left: Ramp,
    right: Ramp,
    low: f32,
    lower: f32,
    swell: f32,
    swell_target: f32,
    heard: bool,
}

impl CrowdVoice {
    /// Sets this tick's targets: a stand of `size` (0..1) heard at `placed` with `volume`,
    /// or none.
    pub fn retarget(&mut self, crowd: Option<(f32, Placement)>, volume: f32, samples: u32, noise: &mut Noise) {
        let (gain, placed) = crowd.unwrap_or((0.0, Placement::CENTRED));
        let g = if gain.is_finite() { gain.clamp(0.0, 1.0) } else { 0.0 } * CROWD_LEVEL * volume;
        let starting = !self.heard;
        self.heard = g > 0.0;
        self.left.set(g * placed.left, samples, starting);
        self.right.set(g * placed.right, samples, starting);
        // A new swell target now and then: the murmur's slow rise and fall.
        if noise.next() > 0.9 {
            self.swell_target = 0.6 + 0.4 * noise.next().abs();
        }
    }

    /// Adds the next `out.len() / 2` stereo frames.
    pub fn add_into(&mut self, out: &mut [f32], noise: &mut Noise) {
        if !self.heard && self.left.is_silent() && self.right.is_silent() {
            return;
        }
        for frame in out.chunks_exact_mut(2) {
            let n = noise.next();
            // Band-pass: a low-pass at ~2 kHz less one at ~250 Hz.
            self.low += (n - self.low) * 0.25;
            self.lower += (n - self.lower) * 0.035;
            self.swell += (self.swell_target - self.swell) * 0.00005;
            let s = (self.low - self.lower) * self.swell;
            frame[0] += s * self.left.next();
            frame[1] += s * self.right.next();
        }
    }
}
