//! One car's voice: its engine and its tyres' squeal, placed in the stereo field.
//!
//! Engine: a four-stroke four fires twice per revolution, so the fundamental is rpm/30 Hz;
//! harmonics 1–6 with falling weights give the buzz, and a component at the crank rate
//! (rpm/60) with a little per-cycle jitter gives the uneven "firing order" burble a pure
//! tone lacks. Load (throttle) brings up the upper harmonics and some combustion noise.
//! The fundamental is a phasor (cos θ, sin θ) turned each sample by the step's rotation
//! (its cosine and sine by their Taylor series, the step being under 0.07 rad) and held
//! to unit length; the harmonics follow by the Chebyshev recurrence
//! sin((h+1)θ) = 2·cos θ·sin(hθ) − sin((h−1)θ), and the crank's half-rate tone by the
//! half-angle formula, so a voice costs no sine at all. A car voiced cheaply (far from the
//! camera) keeps the first two harmonics and the crank and loses the noise, the squeal,
//! the rolling noise and the shifts.
//! Squeal: a ~1.5 kHz two-pole resonance excited by noise, loudness from slip power above
//! a threshold.
//! Gear shifts: the engine's drive dips for ~80 ms with a clunk of low noise. The rev
//! limiter: the ignition cut at 16 Hz, the engine's drive stuttering to a third.

use super::noise::Noise;
use super::ramp::Ramp;
use super::rolling_voice::RollingVoice;
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

/// A car's voice state, kept from tick to tick for its slot.
#[derive(Debug, Clone, Copy, Default)]
pub struct CarVoice {
    voicing: Option<Voicing>,
    jitter: f32,
    squeal_state: [f32; 2],
    smoothed_rpm: f32,
    /// The fundamental's phasor, (cos θ, sin θ).
    phasor: (f32, f32),
    /// Which half of the crank's turn the fundamental is in (the crank turns at half its
    /// rate): the sign of the crank's tone.
    crank_half: bool,
    /// The last gear heard (a change is a shift).
    gear: i8,
    /// The shift's dip, 1 at the shift decaying to 0.
    shift: f32,
    on_limiter: bool,
    limiter_phase: f32,
    limiter_cut: f32,
    clunk: f32,
    rolling: RollingVoice,
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
        let was_full = self.voicing == Some(Voicing::Full);
        self.voicing = Some(voicing);
        if voicing == Voicing::Silent {
            return;
        }
        if starting {
            self.phasor = (1.0, 0.0);
            self.gear = car.gear;
            self.limiter_cut = 1.0;
        }
        if car.gear != self.gear {
            // A shift between two forward gears is heard; into or out of reverse or
            // neutral the engine just follows its rpm.
            if self.gear > 0 && car.gear > 0 {
                self.shift = 1.0;
            }
            self.gear = car.gear;
        }
        self.on_limiter = car.on_limiter;
        if voicing == Voicing::Full {
            self.rolling.retarget(
                &car.rolling_wheels,
                car.wheel_count,
                car.speed_mps,
                tyre_volume,
                samples,
                !was_full,
            );
        } else {
            self.rolling.stop();
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
            ramp.set(target, samples, starting);
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
        let harmonics = if full { 6 } else { 2 };
        // The squeal's resonator: poles at r·e^(±iw), w for 1.5 kHz.
        let squeal_r = 0.995f32;
        let squeal_a1 = 2.0 * squeal_r * (tau * 1500.0 * dt).cos();
        let squeal_a2 = squeal_r * squeal_r;
        // Per-sample decays: the shift's dip over ~80 ms, its clunk over ~25 ms.
        let (shift_decay, clunk_decay) = (0.99972f32, 0.9991f32);
        for frame in out.chunks_exact_mut(2) {
            let f0 = self.f0_hz.next();
            let bright = self.bright.next();
            let mut gain = self.engine_gain.next();
            let squeal_gain = self.squeal_gain.next();
            let (left, right) = (self.left.next(), self.right.next());
            // Turn the phasor by the step d = 2π·f0·dt: cos and sin of d by their Taylor
            // series to d⁴ and d⁵ (d < 0.07 rad: error under 1e-9).
            let d = (tau * f0 * dt).clamp(0.0, 0.5);
            let d2 = d * d;
            let (cd, sd) = (1.0 - d2 * (0.5 - d2 / 24.0), d * (1.0 - d2 * (1.0 / 6.0 - d2 / 120.0)));
            let (c0, s0) = self.phasor;
            let (mut c1, mut s1) = (c0 * cd - s0 * sd, s0 * cd + c0 * sd);
            // Held to the unit circle (one Newton step of 1/√(c² + s²)).
            let k = 1.5 - 0.5 * (c1 * c1 + s1 * s1);
            (c1, s1) = (c1 * k, s1 * k);
            self.phasor = (c1, s1);
            // The fundamental's sine crossed upwards: a new turn, and the crank's half
            // turn changes; at each whole crank turn its jitter is drawn anew.
            if s0 < 0.0 && s1 >= 0.0 {
                self.crank_half = !self.crank_half;
                if !self.crank_half {
                    self.jitter = noise.next() * 0.15;
                }
            }
            let mut e = s1;
            let (mut prev, mut cur) = (0.0, s1);
            for h in 2..=harmonics {
                let next = 2.0 * c1 * cur - prev;
                (prev, cur) = (cur, next);
                e += bright / h as f32 * cur;
            }
            // The crank's tone, sin(θ/2) by the half-angle formula.
            let half = (0.5 * (1.0 - c1)).max(0.0).sqrt();
            e += (0.35 + self.jitter) * if self.crank_half { -half } else { half };
            let mut s = 0.0;
            if full {
                e += noise.next() * 0.08 * (bright - 0.35) / 0.65;
                if squeal_gain > 0.0 {
                    let y = noise.next() * 0.05 + squeal_a1 * self.squeal_state[0] - squeal_a2 * self.squeal_state[1];
                    self.squeal_state = [y, self.squeal_state[0]];
                    s += y * squeal_gain;
                }
                if self.shift > 1e-3 {
                    if self.shift == 1.0 {
                        self.clunk = 1.0;
                    }
                    gain *= 1.0 - 0.6 * self.shift;
                    self.shift *= shift_decay;
                    s += self.clunk * noise.next() * 0.08;
                    self.clunk *= clunk_decay;
                } else {
                    self.shift = 0.0;
                }
                s += self.rolling.next(noise, dt);
            }
            // The limiter's cut: a third of the drive for half of each 1/16 s, eased so
            // the stutter does not click.
            if self.on_limiter || self.limiter_cut < 0.999 {
                let cut_to = if self.on_limiter {
                    self.limiter_phase += 16.0 * dt;
                    if self.limiter_phase >= 1.0 {
                        self.limiter_phase -= 1.0;
                    }
                    if self.limiter_phase < 0.5 {
                        0.35
                    } else {
                        1.0
                    }
                } else {
                    1.0
                };
                self.limiter_cut += (cut_to - self.limiter_cut) * 0.02;
                gain *= self.limiter_cut;
            }
            s += e * gain;
            frame[0] += s * left;
            frame[1] += s * right;
        }
    }
}
