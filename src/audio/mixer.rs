//! The mixer: a voice for every car in the race, the player's wind, impacts where they
//! happened and the menus' blips, summed in stereo through a soft limiter (tanh, so it
//! never clips). It takes one [`SoundFrame`] from the feed every tick's worth of samples
//! and ramps each voice to it across the tick.
//!
//! The player's car and the nearest others are voiced in full, the rest cheaply
//! ([`Voicing`]): a field of eight costs about as much as four full voices.

use super::car_voice::{CarVoice, Voicing};
use super::crowd_voice::CrowdVoice;
use super::feed::SoundTap;
use super::impact_voice::ImpactVoice;
use super::noise::Noise;
use super::sound_frame::{SoundEvent, SoundFrame, MAX_SOUND_CARS};
use super::spatial::Placement;

/// Impact voices playing at once; a new impact replaces the quietest.
pub const IMPACT_VOICES: usize = 4;
/// Output sample rate, Hz.
pub const SAMPLE_RATE: u32 = 44_100;
/// Cars voiced in full: the player's and the nearest others.
pub const FULL_VOICES: usize = 4;
/// A car heard quieter than this (distance gain) is not voiced at all: −40 dB.
const SILENT_GAIN: f32 = 0.01;
/// The integrated loudness of the mix at unit gain and the default volumes, LUFS: the
/// mean of the three loudness scenes (a race start among seven AI cars, a time trial
/// alone, a crash run; `tests/sim/audio_loudness.rs`) measured with an EBU R128 meter.
/// The mix gain lifts or lowers this to the profile's target. Re-measure it
/// (`run --replay R --audio-out F --json` reports the loudness) after changing a voice.
pub const MIX_REFERENCE_LUFS: f32 = -17.8;
/// The limiter's ceiling, linear: −1.5 dBFS, so the true peak (the samples' overshoot
/// between them, up to ~0.5 dB for a soft-clipped signal) stays under ASWG-R001's −1 dBTP.
pub const CEILING: f32 = 0.841;

/// A menu blip voice: pitch, phase (cycles), amplitude.
#[derive(Debug, Clone, Copy, Default)]
struct Blip {
    hz: f32,
    phase: f32,
    amplitude: f32,
}

/// A blip's amplitude kept per sample: e^(−1) after ~25 ms at 44.1 kHz.
const BLIP_DECAY: f32 = 0.9991;

/// The voices and their state; renders interleaved stereo.
pub struct Mixer {
    tap: SoundTap,
    samples_per_tick: u32,
    left_in_tick: u32,
    frame: SoundFrame,
    voices: [CarVoice; MAX_SOUND_CARS],
    noise: Noise,
    wind_low: f32,
    wind_gain: f32,
    impacts: [ImpactVoice; IMPACT_VOICES],
    crowd: CrowdVoice,
    blip: Blip,
    /// The gain from the mix at [`MIX_REFERENCE_LUFS`] to the profile's loudness target.
    mix_gain: f32,
    /// Ticks begun with no new frame from the feed, after the first frame came.
    starved_ticks: u64,
    fed: bool,
}

impl std::fmt::Debug for Mixer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mixer")
            .field("samples_per_tick", &self.samples_per_tick)
            .field("cars", &self.frame.car_count)
            .finish()
    }
}

impl Mixer {
    /// A mixer taking its frames from `tap`, one every 1/`tick_rate_hz` s of samples, its
    /// mix calibrated to `loudness_lufs` integrated at the default volumes (the platform
    /// profile's target; a non-finite one is taken as −23).
    pub fn new(tap: SoundTap, tick_rate_hz: u32, loudness_lufs: f32) -> Self {
        let target = if loudness_lufs.is_finite() {
            loudness_lufs.clamp(-60.0, 0.0)
        } else {
            -23.0
        };
        Self {
            tap,
            samples_per_tick: (SAMPLE_RATE / tick_rate_hz.max(1)).max(1),
            left_in_tick: 0,
            frame: SoundFrame::default(),
            voices: [CarVoice::default(); MAX_SOUND_CARS],
            noise: Noise::default(),
            wind_low: 0.0,
            wind_gain: 0.0,
            impacts: [ImpactVoice::default(); IMPACT_VOICES],
            crowd: CrowdVoice::default(),
            blip: Blip::default(),
            mix_gain: 10f32.powf((target - MIX_REFERENCE_LUFS) / 20.0),
            starved_ticks: 0,
            fed: false,
        }
    }

    /// Ticks of samples begun, since the first frame came, with no new frame waiting: the
    /// sound ran ahead of the game (a stalled game, a dropped frame), an underrun of the
    /// feed. The last frame played again without its one-off sounds each time.
    pub fn starved_ticks(&self) -> u64 {
        self.starved_ticks
    }

    /// Stereo frames a tick lasts (735 at 60 Hz).
    pub fn samples_per_tick(&self) -> u32 {
        self.samples_per_tick
    }

    /// Starts a tick: its frame from the feed (or the last one again, without its one-off
    /// sounds, when none came), each car placed and voiced, its events started.
    fn begin_tick(&mut self) {
        match self.tap.take() {
            Some(frame) => {
                self.frame = frame;
                self.fed = true;
            }
            None => {
                self.frame.event_count = 0;
                self.starved_ticks += u64::from(self.fed);
            }
        }
        let frame = &self.frame;
        let v = frame.volumes;
        let cars = frame.cars();
        let mut placed = [Placement::CENTRED; MAX_SOUND_CARS];
        let mut nearest = [0u8; MAX_SOUND_CARS];
        for (i, car) in cars.iter().enumerate() {
            placed[i] = frame.place(car.position_m, car.velocity_mps);
            // Insertion by distance: at most sixteen, no allocation.
            let mut k = i;
            while k > 0 && placed[nearest[k - 1] as usize].distance_m > placed[i].distance_m {
                nearest[k] = nearest[k - 1];
                k -= 1;
            }
            nearest[k] = i as u8;
        }
        let mut voicing = [Voicing::Silent; MAX_SOUND_CARS];
        let mut full_left = FULL_VOICES;
        if !cars.is_empty() {
            voicing[0] = Voicing::Full;
            full_left -= 1;
        }
        for &i in &nearest[..cars.len()] {
            let i = i as usize;
            if i == 0 {
                continue;
            }
            let p = placed[i];
            voicing[i] = if p.left.hypot(p.right) < SILENT_GAIN {
                Voicing::Silent
            } else if full_left > 0 {
                full_left -= 1;
                Voicing::Full
            } else {
                Voicing::Cheap
            };
        }
        let n = self.samples_per_tick;
        for (i, voice) in self.voices.iter_mut().enumerate() {
            let car = cars.get(i).copied().unwrap_or_default();
            voice.retarget(&car, placed[i], voicing[i], (v.engine, v.tires), n);
        }
        self.wind_gain = (frame.wind_speed_mps / 60.0).powi(2).min(1.0) * 0.25 * v.wind;
        let crowd = frame
            .crowd
            .map(|c| (c.size, frame.place(c.position_m, glam::Vec3::ZERO)));
        self.crowd.retarget(crowd, 1.0, n, &mut self.noise);
        for e in frame.events() {
            match *e {
                SoundEvent::Impact {
                    position_m,
                    loudness,
                    sound,
                } => {
                    let p = frame.place(position_m, glam::Vec3::ZERO);
                    if let Some(voice) = self
                        .impacts
                        .iter_mut()
                        .min_by(|a, b| a.amplitude().total_cmp(&b.amplitude()))
                    {
                        let (left, right) = (p.left * std::f32::consts::SQRT_2, p.right * std::f32::consts::SQRT_2);
                        *voice = ImpactVoice::start(sound, loudness, left, right, SAMPLE_RATE as f32);
                    }
                }
                SoundEvent::Blip { pitch_hz } => {
                    self.blip = Blip {
                        hz: pitch_hz.clamp(50.0, 5000.0),
                        phase: 0.0,
                        amplitude: 1.0,
                    };
                }
            }
        }
    }

    /// Fills `out` (interleaved stereo) with the next samples.
    pub fn render(&mut self, out: &mut [f32]) {
        let mut rest = out;
        while rest.len() >= 2 {
            if self.left_in_tick == 0 {
                self.begin_tick();
                self.left_in_tick = self.samples_per_tick;
            }
            let n = (self.left_in_tick as usize).min(rest.len() / 2);
            let (now, later) = rest.split_at_mut(2 * n);
            self.render_part(now);
            self.left_in_tick -= n as u32;
            rest = later;
        }
    }

    /// Renders `out` (inside one tick).
    fn render_part(&mut self, out: &mut [f32]) {
        out.fill(0.0);
        let dt = 1.0 / SAMPLE_RATE as f32;
        for voice in &mut self.voices {
            voice.add_into(out, dt, &mut self.noise);
        }
        self.crowd.add_into(out, &mut self.noise);
        let v = self.frame.volumes;
        let gain = v.master * self.mix_gain;
        let tau = std::f32::consts::TAU;
        for frame in out.chunks_exact_mut(2) {
            // Centred: the wind in the player's ears and the menus' blips.
            let mut centre = 0.0;
            if self.wind_gain > 0.0 {
                let n = self.noise.next();
                self.wind_low += (n - self.wind_low) * 0.02;
                centre += self.wind_low * self.wind_gain * 3.0;
            }
            if self.blip.amplitude > 1e-4 {
                let b = &mut self.blip;
                centre += (tau * b.phase).sin() * b.amplitude * 0.2 * v.impacts;
                b.phase = (b.phase + b.hz * dt).fract();
                b.amplitude *= BLIP_DECAY;
            }
            let (mut left, mut right) = (centre, centre);
            for imp in &mut self.impacts {
                imp.add(&mut self.noise, v.impacts, (&mut left, &mut right));
            }
            frame[0] = limit((frame[0] + left) * gain);
            frame[1] = limit((frame[1] + right) * gain);
        }
    }
}

/// The soft limiter: linear for quiet signals, bending smoothly towards [`CEILING`] and
/// never past it (a tanh scaled to the ceiling), so the mix never clips.
#[inline]
fn limit(x: f32) -> f32 {
    CEILING * (x / CEILING).tanh()
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
