//! A crash, heard as what was hit: a burst of filtered noise for the blow, a low decaying
//! sine for the thump, and for what rings (metal, wood) a few two-pole resonators the
//! blow excites (modal synthesis: a struck object as a sum of decaying modes). Placed
//! where the impact was.

use super::noise::Noise;
use crate::content::material::ImpactSound;

/// How one kind of impact sounds.
struct Timbre {
    /// The blow's low-pass coefficient (higher: brighter).
    noise_lp: f32,
    /// The blow's per-sample decay.
    noise_decay: f32,
    noise_level: f32,
    /// The thump's pitch, Hz, and level.
    thump_hz: f32,
    thump_level: f32,
    /// Ringing modes, Hz (0: none), their pole radius (how long they ring) and level.
    modes_hz: [f32; 3],
    mode_r: f32,
    mode_level: f32,
}

fn timbre(sound: ImpactSound) -> Timbre {
    match sound {
        // A dull crack and a heavy thump, no ring.
        ImpactSound::Concrete => Timbre {
            noise_lp: 0.15,
            noise_decay: 0.9996,
            noise_level: 1.5,
            thump_hz: 55.0,
            thump_level: 0.6,
            modes_hz: [0.0; 3],
            mode_r: 0.0,
            mode_level: 0.0,
        },
        // A bright blow and inharmonic modes ringing for ~0.3 s (a steel rail or panel).
        ImpactSound::Metal => Timbre {
            noise_lp: 0.4,
            noise_decay: 0.9993,
            noise_level: 1.0,
            thump_hz: 70.0,
            thump_level: 0.3,
            modes_hz: [523.0, 1187.0, 2213.0],
            mode_r: 0.99985,
            mode_level: 0.02,
        },
        // A soft, low bounce: little blow, a round thump.
        ImpactSound::Rubber => Timbre {
            noise_lp: 0.03,
            noise_decay: 0.9990,
            noise_level: 1.2,
            thump_hz: 80.0,
            thump_level: 0.8,
            modes_hz: [0.0; 3],
            mode_r: 0.0,
            mode_level: 0.0,
        },
        // A knock with a short, hollow ring.
        ImpactSound::Wood => Timbre {
            noise_lp: 0.3,
            noise_decay: 0.9985,
            noise_level: 1.0,
            thump_hz: 110.0,
            thump_level: 0.4,
            modes_hz: [220.0, 610.0, 0.0],
            mode_r: 0.9990,
            mode_level: 0.03,
        },
        // A heavy, muffled thud.
        ImpactSound::Earth => Timbre {
            noise_lp: 0.05,
            noise_decay: 0.9994,
            noise_level: 1.6,
            thump_hz: 45.0,
            thump_level: 0.7,
            modes_hz: [0.0; 3],
            mode_r: 0.0,
            mode_level: 0.0,
        },
    }
}

/// One impact playing.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImpactVoice {
    amplitude: f32,
    noise_lp: f32,
    noise_decay: f32,
    noise_level: f32,
    low: f32,
    /// The thump's phasor and its per-sample rotation.
    thump: (f32, f32),
    thump_turn: (f32, f32),
    thump_level: f32,
    /// Each mode's recurrence coefficient 2r·cos w, r², and its last two outputs.
    modes: [(f32, [f32; 2]); 3],
    mode_r2: f32,
    mode_level: f32,
    left: f32,
    right: f32,
}

impl ImpactVoice {
    /// How loud it still is (a new impact takes the quietest voice).
    pub fn amplitude(&self) -> f32 {
        self.amplitude
    }

    /// Starts `sound` at `loudness` (0..1), heard at gains `left`, `right`.
    pub fn start(sound: ImpactSound, loudness: f32, left: f32, right: f32, sample_rate: f32) -> Self {
        let t = timbre(sound);
        let tau = std::f32::consts::TAU;
        let turn = tau * t.thump_hz / sample_rate;
        let mut modes = [(0.0, [0.0; 2]); 3];
        for (m, hz) in modes.iter_mut().zip(t.modes_hz) {
            if hz > 0.0 {
                m.0 = 2.0 * t.mode_r * (tau * hz / sample_rate).cos();
            }
        }
        Self {
            amplitude: if loudness.is_finite() {
                loudness.clamp(0.0, 1.0)
            } else {
                0.0
            },
            noise_lp: t.noise_lp,
            noise_decay: t.noise_decay,
            noise_level: t.noise_level,
            low: 0.0,
            thump: (1.0, 0.0),
            thump_turn: (turn.cos(), turn.sin()),
            thump_level: t.thump_level,
            modes,
            mode_r2: t.mode_r * t.mode_r,
            mode_level: t.mode_level,
            left,
            right,
        }
    }

    /// Adds the next sample into `(left, right)`; `volume` is the impacts' volume.
    #[inline]
    pub fn add(&mut self, noise: &mut Noise, volume: f32, out: (&mut f32, &mut f32)) {
        if self.amplitude <= 1e-4 {
            return;
        }
        let n = noise.next();
        self.low += (n - self.low) * self.noise_lp;
        let (c, s) = self.thump;
        let (tc, ts) = self.thump_turn;
        self.thump = (c * tc - s * ts, s * tc + c * ts);
        let blow = self.low * self.amplitude;
        let mut y = blow * self.noise_level + self.thump.1 * self.amplitude * self.thump_level;
        if self.mode_level > 0.0 {
            for (a1, state) in &mut self.modes {
                if *a1 != 0.0 {
                    let m = blow + *a1 * state[0] - self.mode_r2 * state[1];
                    *state = [m, state[0]];
                    y += m * self.mode_level;
                }
            }
        }
        y *= volume;
        *out.0 += y * self.left;
        *out.1 += y * self.right;
        self.amplitude *= self.noise_decay;
    }
}
