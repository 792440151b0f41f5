//! A car's tyres rolling on what is under them: each [`RollingSound`] a layer of shaped
//! noise, weighted by the share of the car's wheels on it and by its speed, so a car with
//! two wheels on a kerb drums at half the strength of one astride it.
//!
//! The layers (all from one white noise, shaped by one-pole filters):
//! - tarmac: a low roar (noise under ~600 Hz) growing with speed;
//! - gravel: grains, short bursts of noise above ~2 kHz fired at a rate that grows with
//!   speed (stones struck by the tread);
//! - grass: a low rumble (under ~100 Hz) with a little swish;
//! - rumble strip: the kerb's ridges struck at speed / [`KERB_RIDGE_SPACING_M`] a second,
//!   a drumming buzz (40 Hz at 30 m/s);
//! - water: hiss (noise above ~3 kHz);
//! - soft (sand, snow): dense low grains.

use super::noise::Noise;
use super::ramp::Ramp;
use crate::content::material::RollingSound;

/// Kinds of rolling sound, one layer each.
pub const ROLLING_KINDS: usize = 7;
const _: () = assert!(RollingSound::ALL.len() == ROLLING_KINDS);
/// Distance between a kerb's ridges, m: a sawtooth kerb's 0.75 m (its ridges struck at
/// speed / spacing Hz).
pub const KERB_RIDGE_SPACING_M: f32 = 0.75;

/// One layer's level at full strength (every wheel on it, at [`FULL_SPEED_MPS`]).
fn level(kind: usize) -> f32 {
    match RollingSound::ALL.get(kind) {
        Some(RollingSound::Tarmac) => 0.06,
        Some(RollingSound::Gravel) => 0.5,
        Some(RollingSound::Grass) => 0.35,
        Some(RollingSound::RumbleStrip) => 0.3,
        Some(RollingSound::Water) => 0.25,
        Some(RollingSound::Soft) => 0.3,
        Some(RollingSound::Silent) | None => 0.0,
    }
}

/// Speed at which a layer reaches its level, m/s; faster, it keeps growing gently.
const FULL_SPEED_MPS: f32 = 25.0;

/// The layers' state, kept from tick to tick for a car's slot.
#[derive(Debug, Clone, Copy, Default)]
pub struct RollingVoice {
    gains: [Ramp; ROLLING_KINDS],
    speed_mps: Ramp,
    low: f32,
    rumble: f32,
    high: f32,
    grain: f32,
    soft_grain: f32,
    ridge_phase: f32,
    ridge: f32,
    /// Bit k set: layer k is sounding or ramping this tick (the others are skipped).
    active: u8,
}

impl RollingVoice {
    /// Sets this tick's targets: `wheels[k]` of `wheel_count` wheels on rolling sound `k`,
    /// at `speed_mps`, at `volume`, to be reached over `samples`.
    pub fn retarget(
        &mut self,
        wheels: &[u8; ROLLING_KINDS],
        wheel_count: u8,
        speed_mps: f32,
        volume: f32,
        samples: u32,
        starting: bool,
    ) {
        let speed = if speed_mps.is_finite() {
            speed_mps.clamp(0.0, 150.0)
        } else {
            0.0
        };
        let strength = (speed / FULL_SPEED_MPS).min(1.0) * (speed / FULL_SPEED_MPS).max(1.0).sqrt();
        let share = 1.0 / f32::from(wheel_count.max(1));
        self.active = 0;
        for (k, ramp) in self.gains.iter_mut().enumerate() {
            let target = f32::from(wheels[k]) * share * strength * level(k) * volume;
            ramp.set(target, samples, starting);
            if !(ramp.is_silent() && target <= 0.0) {
                self.active |= 1 << k;
            }
        }
        self.speed_mps.set(speed, samples, starting);
    }

    /// Silences every layer at once (a voice that stops being full).
    pub fn stop(&mut self) {
        for g in &mut self.gains {
            g.jump(0.0);
        }
        self.active = 0;
    }

    /// The next sample (mono, before placement).
    #[inline]
    pub fn next(&mut self, noise: &mut Noise, dt: f32) -> f32 {
        if self.active == 0 {
            return 0.0;
        }
        let speed = self.speed_mps.next();
        let mut g = [0.0; ROLLING_KINDS];
        for (k, ramp) in self.gains.iter_mut().enumerate() {
            if self.active & (1 << k) != 0 {
                g[k] = ramp.next();
            }
        }
        let n = noise.next();
        self.low += (n - self.low) * 0.08;
        let mut s = 0.0;
        let [tarmac, gravel, grass, strip, water, soft, _] = g;
        if tarmac > 1e-6 {
            s += self.low * 2.0 * tarmac;
        }
        if gravel > 1e-6 {
            // A stone struck: on average 40 + 15 per m/s a second.
            let rate_hz = 40.0 + 15.0 * speed;
            if noise.next() > 1.0 - 2.0 * rate_hz * dt {
                self.grain = 0.6 + 0.4 * noise.next().abs();
            }
            self.grain *= 0.996;
            self.high += (n - self.high) * 0.35;
            s += (n - self.high) * self.grain * gravel;
        }
        if grass > 1e-6 {
            self.rumble += (n - self.rumble) * 0.015;
            s += (self.rumble * 6.0 + (n - self.low) * 0.08) * grass;
        }
        if strip > 1e-6 {
            self.ridge_phase += speed / KERB_RIDGE_SPACING_M * dt;
            if self.ridge_phase >= 1.0 {
                self.ridge_phase -= self.ridge_phase.floor();
            }
            // Each ridge a blow: a square wave smoothed to a thump, with the roar on top.
            let blow = if self.ridge_phase < 0.5 { 1.0 } else { -1.0 };
            self.ridge += (blow - self.ridge) * 0.05;
            s += (self.ridge + self.low * 0.5) * strip;
        }
        if water > 1e-6 {
            self.high += (n - self.high) * 0.35;
            s += (n - self.high) * 0.8 * water;
        }
        if soft > 1e-6 {
            if noise.next() > 1.0 - 2.0 * (200.0 + 20.0 * speed) * dt {
                self.soft_grain = 1.0;
            }
            self.soft_grain *= 0.992;
            s += self.low * 3.0 * self.soft_grain * soft;
        }
        s
    }
}
