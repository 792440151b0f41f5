//! One car's voice: its engine and its tyres' squeal, placed in the stereo field.
//!
//! Engine: a four-stroke four fires twice per revolution, so the fundamental is rpm/30 Hz;
//! harmonics 1–6 with falling weights give the buzz, and a component at the crank rate
//! (rpm/60) with a little per-cycle jitter gives the uneven "firing order" burble a pure
//! tone lacks. Load (throttle) brings up the upper harmonics and some combustion noise.
//! The harmonics come from one sine and cosine a sample by the Chebyshev recurrence
//! sin((h+1)θ) = 2·cos θ·sin(hθ) − sin((h−1)θ), so a field of cars costs a sine per car
//! rather than six. A car voiced cheaply (far from the camera) keeps the first two
//! harmonics and the crank and loses the noise and the squeal.
//! Squeal: a ~1.5 kHz two-pole resonance excited by noise, loudness from slip power above
//! a threshold.

use super::noise::Noise;
use super::sound_frame::CarSound;
use super::spatial::Placement;

/// Slip power below which tires are quiet, W (the same scale as tire smoke).
pub const SQUEAL_THRESHOLD_W: f32 = 5_000.0;

/// How much of a car is voiced this tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voicing {
    /// Not heard (out of the race, or too far to matter).
    Silent,
    /// The first two harmonics and the crank: distant cars.
    Cheap,
    /// Everything.
    Full,
}

/// A value ramped linearly across a tick, so a change between ticks does not click.
#[derive(Debug, Clone, Copy, Default)]
struct Ramp {
    value: f32,
    step: f32,
}

impl Ramp {
    fn towards(&mut self, target: f32, samples: u32) {
        self.step = (target - self.value) / samples.max(1) as f32;
    }
    fn jump(&mut self, value: f32) {
        self.value = value;
        self.step = 0.0;
    }
    #[inline]
    fn next(&mut self) -> f32 {
        self.value += self.step;
        self.value
    }
}

/// A car's voice state, kept from tick to tick for its slot.
#[derive(Debug, Clone, Copy, Default)]
pub struct CarVoice {
    voicing: Option<Voicing>,
    phase: f32,
    crank_phase: f32,
    jitter: f32,
    squeal_state: [f32; 2],
    smoothed_rpm: f32,
    /// Fundamental, Hz, Doppler included.
    f0_hz: Ramp,
    bright: Ramp,
    engine_gain: Ramp,
    squeal_gain: Ramp,
    left: Ramp,
    right: Ramp,
}

impl CarVoice {
    /// Sets this tick's targets from `car` heard at `placed` with `voicing`, to be reached
    /// over `samples`. A voice that starts sounding starts at its targets.
    pub fn retarget(&mut self, car: &CarSound, placed: Placement, voicing: Voicing, volumes: (f32, f32), samples: u32) {
        let (engine_volume, tyre_volume) = volumes;
        let starting = !matches!(self.voicing, Some(Voicing::Cheap | Voicing::Full));
        self.voicing = Some(voicing);
        if voicing == Voicing::Silent {
            return;
        }
        let rpm = if car.rpm.is_finite() { car.rpm.max(0.0) } else { 0.0 };
        let load = if car.load.is_finite() {
            car.load.clamp(0.0, 1.0)
        } else {
            0.0
        };
        if starting {
            self.smoothed_rpm = rpm;
        }
        // Glide the rpm so gear shifts and throttle blips do not click (time constant
        // about 11 ms, per tick rather than per sample).
        self.smoothed_rpm += (rpm - self.smoothed_rpm) * (1.0 - (-(samples as f32) / 500.0).exp());
        let slip = if car.slip_power_w.is_finite() {
            car.slip_power_w
        } else {
            0.0
        };
        let squeal = match voicing {
            Voicing::Full => ((slip - SQUEAL_THRESHOLD_W) / 60_000.0).clamp(0.0, 1.0) * 0.35 * tyre_volume,
            _ => 0.0,
        };
        let targets = [
            (&mut self.f0_hz, self.smoothed_rpm / 30.0 * placed.doppler),
            (&mut self.bright, 0.35 + 0.65 * load),
            (&mut self.engine_gain, 0.22 * (0.55 + 0.45 * load) * engine_volume),
            (&mut self.squeal_gain, squeal),
            (&mut self.left, placed.left),
            (&mut self.right, placed.right),
        ];
        for (ramp, target) in targets {
            if starting {
                ramp.jump(target);
            } else {
                ramp.towards(target, samples);
            }
        }
    }

    /// Adds the next `out.len() / 2` stereo frames of this voice into `out`.
    pub fn add_into(&mut self, out: &mut [f32], dt: f32, noise: &mut Noise) {
        let full = match self.voicing {
            Some(Voicing::Full) => true,
            Some(Voicing::Cheap) => false,
            _ => return,
        };
        let tau = std::f32::consts::TAU;
        for frame in out.chunks_exact_mut(2) {
            let f0 = self.f0_hz.next();
            let bright = self.bright.next();
            let gain = self.engine_gain.next();
            let squeal_gain = self.squeal_gain.next();
            let (left, right) = (self.left.next(), self.right.next());
            self.phase = (self.phase + f0 * dt).fract();
            self.crank_phase += f0 * 0.5 * dt;
            if self.crank_phase >= 1.0 {
                self.crank_phase -= 1.0;
                self.jitter = noise.next() * 0.15;
            }
            let (s1, c1) = (tau * self.phase).sin_cos();
            let mut e = s1;
            let (mut prev, mut cur) = (0.0, s1);
            let harmonics = if full { 6 } else { 2 };
            for h in 2..=harmonics {
                let next = 2.0 * c1 * cur - prev;
                (prev, cur) = (cur, next);
                e += bright / h as f32 * cur;
            }
            e += (0.35 + self.jitter) * (tau * self.crank_phase).sin();
            let mut s = 0.0;
            if full {
                e += noise.next() * 0.08 * (bright - 0.35) / 0.65;
                if squeal_gain > 0.0 {
                    let (r, w) = (0.995f32, tau * 1500.0 * dt);
                    let y =
                        noise.next() * 0.05 + 2.0 * r * w.cos() * self.squeal_state[0] - r * r * self.squeal_state[1];
                    self.squeal_state = [y, self.squeal_state[0]];
                    s += y * squeal_gain;
                }
            }
            s += e * gain;
            frame[0] += s * left;
            frame[1] += s * right;
        }
    }
}
