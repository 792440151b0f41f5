//! Voices and the mixer.
//!
//! Engine: a four-stroke four fires twice per revolution, so the fundamental is rpm/30 Hz;
//! harmonics 1–6 with falling weights give the buzz, and a component at the crank rate
//! (rpm/60) with a little per-cycle jitter gives the uneven "firing order" burble a pure
//! tone lacks. Load (throttle) brings up the upper harmonics and some combustion noise.
//! Squeal: a ~1.5 kHz resonance excited by noise, loudness from slip power above a
//! threshold. Impacts: decaying noise bursts, a fixed pool of four. Wind: low-passed noise
//! rising with speed². The sum goes through a soft limiter (tanh), so it never clips.

use std::sync::{Arc, Mutex};

/// Slip power below which tires are quiet, W (the same scale as tire smoke).
pub const SQUEAL_THRESHOLD_W: f32 = 5_000.0;
/// Impact voices playing at once; a new impact replaces the quietest.
pub const IMPACT_VOICES: usize = 4;
/// Output sample rate, Hz.
pub const SAMPLE_RATE: u32 = 44_100;

/// What the game sets each frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SoundParams {
    /// The engine runs.
    pub engine_on: bool,
    /// Engine speed, rpm.
    pub rpm: f32,
    /// Throttle, 0..1.
    pub load: f32,
    /// Total tire slip power of the player's car, W.
    pub slip_power_w: f32,
    /// Road speed, m/s (wind).
    pub speed_mps: f32,
    /// Master and per-source volumes, 0..1.
    pub volumes: crate::settings::Volumes,
}

impl Default for SoundParams {
    fn default() -> Self {
        Self {
            engine_on: false,
            rpm: 0.0,
            load: 0.0,
            slip_power_w: 0.0,
            speed_mps: 0.0,
            volumes: crate::settings::Volumes::default(),
        }
    }
}

#[derive(Debug, Default)]
struct Shared {
    params: SoundParams,
    /// Impacts queued since the audio thread last looked: loudness 0..1.
    impacts: [f32; IMPACT_VOICES],
    queued: usize,
    /// A menu blip queued since the audio thread last looked: its pitch, Hz (0: none).
    blip_hz: f32,
}

/// The game's handle: set parameters, queue impacts. Cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct SharedSound(Arc<Mutex<Shared>>);

impl SharedSound {
    /// Sets this frame's parameters.
    pub fn set(&self, params: SoundParams) {
        if let Ok(mut s) = self.0.lock() {
            s.params = params;
        }
    }

    /// Queues an impact of loudness 0..1 (from its impulse).
    pub fn impact(&self, loudness: f32) {
        if let Ok(mut s) = self.0.lock() {
            let i = s.queued % IMPACT_VOICES;
            s.impacts[i] = loudness.clamp(0.0, 1.0);
            s.queued += 1;
        }
    }
}

impl SharedSound {
    /// Queues a menu blip: a short sine at `pitch_hz` fading over ~25 ms, at the effects
    /// volume (the menus' tick and select sounds: generated, not a file).
    pub fn blip(&self, pitch_hz: f32) {
        if let Ok(mut s) = self.0.lock() {
            s.blip_hz = pitch_hz.clamp(50.0, 5000.0);
        }
    }
}

/// A menu blip voice: pitch, phase (cycles), amplitude.
#[derive(Debug, Clone, Copy, Default)]
struct Blip {
    hz: f32,
    phase: f32,
    amplitude: f32,
}

/// A blip's amplitude kept per sample: e^(−1) after ~25 ms at 44.1 kHz.
const BLIP_DECAY: f32 = 0.9991;

#[derive(Debug, Clone, Copy, Default)]
struct Impact {
    amplitude: f32,
    low: f32,
}

/// The voices and their state; renders interleaved stereo.
#[derive(Debug)]
pub struct Mixer {
    shared: SharedSound,
    params: SoundParams,
    phase: f32,
    crank_phase: f32,
    jitter: f32,
    rng: u32,
    squeal_state: [f32; 2],
    wind_low: f32,
    impacts: [Impact; IMPACT_VOICES],
    smoothed_rpm: f32,
    blip: Blip,
}

impl Mixer {
    /// A mixer reading `shared`.
    pub fn new(shared: SharedSound) -> Self {
        Self {
            shared,
            params: SoundParams::default(),
            phase: 0.0,
            crank_phase: 0.0,
            jitter: 0.0,
            rng: 0x2545_F491,
            squeal_state: [0.0; 2],
            wind_low: 0.0,
            impacts: [Impact::default(); IMPACT_VOICES],
            smoothed_rpm: 0.0,
            blip: Blip::default(),
        }
    }

    fn noise(&mut self) -> f32 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 17;
        self.rng ^= self.rng << 5;
        self.rng as f32 / u32::MAX as f32 * 2.0 - 1.0
    }

    fn take_shared(&mut self) {
        if let Ok(mut s) = self.shared.0.lock() {
            self.params = s.params;
            let n = s.queued.min(IMPACT_VOICES);
            for k in 0..n {
                let loudness = s.impacts[k];
                // Replace the quietest voice.
                if let Some(v) = self
                    .impacts
                    .iter_mut()
                    .min_by(|a, b| a.amplitude.total_cmp(&b.amplitude))
                {
                    *v = Impact {
                        amplitude: loudness,
                        low: 0.0,
                    };
                }
            }
            s.queued = 0;
            if s.blip_hz > 0.0 {
                self.blip = Blip {
                    hz: s.blip_hz,
                    phase: 0.0,
                    amplitude: 1.0,
                };
                s.blip_hz = 0.0;
            }
        }
    }

    /// Fills `out` (interleaved stereo) with the next samples.
    pub fn render(&mut self, out: &mut [f32]) {
        self.take_shared();
        let p = self.params;
        let v = p.volumes;
        let dt = 1.0 / SAMPLE_RATE as f32;
        let tau = std::f32::consts::TAU;
        let squeal_amp = ((p.slip_power_w - SQUEAL_THRESHOLD_W) / 60_000.0).clamp(0.0, 1.0) * 0.35 * v.tires;
        let wind_amp = (p.speed_mps / 60.0).powi(2).min(1.0) * 0.25 * v.wind;
        for frame in out.chunks_exact_mut(2) {
            let mut s = 0.0;
            if p.engine_on {
                // Glide the rpm so gear shifts and throttle blips do not click.
                self.smoothed_rpm += (p.rpm - self.smoothed_rpm) * 0.002;
                let f0 = self.smoothed_rpm / 30.0;
                self.phase = (self.phase + f0 * dt).fract();
                self.crank_phase += f0 * 0.5 * dt;
                if self.crank_phase >= 1.0 {
                    self.crank_phase -= 1.0;
                    self.jitter = self.noise() * 0.15;
                }
                let bright = 0.35 + 0.65 * p.load;
                let mut e = 0.0;
                for h in 1..=6 {
                    let weight = if h == 1 { 1.0 } else { bright / h as f32 };
                    e += weight * (tau * self.phase * h as f32).sin();
                }
                e += (0.35 + self.jitter) * (tau * self.crank_phase).sin();
                e += self.noise() * 0.08 * p.load;
                s += e * 0.22 * (0.55 + 0.45 * p.load) * v.engine;
            }
            if squeal_amp > 0.0 {
                // Two-pole resonator at ~1.5 kHz driven by noise.
                let (r, w) = (0.995f32, tau * 1500.0 * dt);
                let y = self.noise() * 0.05 + 2.0 * r * w.cos() * self.squeal_state[0] - r * r * self.squeal_state[1];
                self.squeal_state = [y, self.squeal_state[0]];
                s += y * squeal_amp;
            }
            if wind_amp > 0.0 {
                let n = self.noise();
                self.wind_low += (n - self.wind_low) * 0.02;
                s += self.wind_low * wind_amp * 3.0;
            }
            for k in 0..IMPACT_VOICES {
                if self.impacts[k].amplitude > 1e-4 {
                    let n = self.noise();
                    let imp = &mut self.impacts[k];
                    imp.low += (n - imp.low) * 0.15;
                    s += imp.low * imp.amplitude * 1.5 * v.impacts;
                    imp.amplitude *= 0.9996;
                }
            }
            if self.blip.amplitude > 1e-4 {
                let b = &mut self.blip;
                s += (tau * b.phase).sin() * b.amplitude * 0.2 * v.impacts;
                b.phase = (b.phase + b.hz * dt).fract();
                b.amplitude *= BLIP_DECAY;
            }
            let out_sample = (s * v.master).tanh();
            frame[0] = out_sample;
            frame[1] = out_sample;
        }
    }
}

impl skidpad_platform::AudioRenderer for Mixer {
    fn channels(&self) -> u16 {
        2
    }
    fn sample_rate(&self) -> u32 {
        SAMPLE_RATE
    }
    fn render(&mut self, out: &mut [f32]) {
        Mixer::render(self, out);
    }
}

#[cfg(test)]
mod tests;
