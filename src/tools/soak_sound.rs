//! The soak's sound: every tick's sound frame sent through the feed to a mixer, rendered
//! in a sound card's callback-sized blocks, heard from just behind the player's car. It
//! checks what an hour of mixing could break: the feed running dry (an underrun: a tick of
//! samples begun with no frame waiting), a sample that is not finite or past full scale
//! (a filter gone unstable), and reports the slowest callback's share of its real-time
//! deadline (information only: a busy machine stretches it, and the soak's verdict never
//! depends on how busy the machine is).

use crate::app::{world_sound_frame, Motion};
use crate::audio::{sound_feed, Listener, Mixer, SoundFeed, SAMPLE_RATE};
use crate::sim::SimWorld;
use serde::Serialize;
use skidpad_platform::{Clock, WallClock};

/// Stereo frames a callback renders, as a sound card asks (11.6 ms at 44.1 kHz).
const CALLBACK_FRAMES: usize = 512;

/// What the soak's sound did.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct SoakAudio {
    /// Audio rendered, s.
    pub seconds: f64,
    /// Ticks of samples begun with no new frame from the feed (must be 0).
    pub underruns: u64,
    /// Samples not finite or past full scale (must be 0).
    pub bad_samples: u64,
    /// The slowest callback's render time over its real-time length (under 1 keeps up;
    /// wall clock, so information only).
    pub worst_callback_share: f64,
}

/// The feed, the mixer and the counts.
pub struct SoakSound {
    feed: SoundFeed,
    mixer: Mixer,
    block: Vec<f32>,
    /// Stereo frames due (a tick's for every tick sent) and rendered.
    due: u64,
    rendered: u64,
    report: SoakAudio,
}

impl SoakSound {
    /// A mixer at `tick_rate_hz` calibrated to `loudness_lufs`.
    pub fn new(tick_rate_hz: u32, loudness_lufs: f32) -> Self {
        let (feed, tap) = sound_feed();
        Self {
            feed,
            mixer: Mixer::new(tap, tick_rate_hz, loudness_lufs),
            block: vec![0.0; 2 * CALLBACK_FRAMES],
            due: 0,
            rendered: 0,
            report: SoakAudio::default(),
        }
    }

    /// Sends `world`'s latest tick (the player's throttle `throttle`) and renders every
    /// whole callback it makes due, timing each on `clock`.
    pub fn tick(&mut self, world: &SimWorld, throttle: f32, clock: &WallClock) {
        let body = world.player_body();
        let forward = body.rotation() * glam::Vec3::Z;
        let listener = Listener {
            position_m: body.translation() - forward * 5.0 + glam::Vec3::Y * 1.5,
            right: forward.cross(glam::Vec3::Y).normalize_or(glam::Vec3::X),
            velocity_mps: body.linvel(),
        };
        let frame = world_sound_frame(
            world,
            world.events(),
            listener,
            throttle,
            Default::default(),
            Motion::Running,
        );
        self.feed.send(frame);
        self.due += u64::from(self.mixer.samples_per_tick());
        let deadline_s = CALLBACK_FRAMES as f64 / f64::from(SAMPLE_RATE);
        while self.rendered + CALLBACK_FRAMES as u64 <= self.due {
            let start = clock.now();
            self.mixer.render(&mut self.block);
            let took_s = clock.now().saturating_sub(start).as_secs_f64();
            self.report.worst_callback_share = self.report.worst_callback_share.max(took_s / deadline_s);
            self.report.bad_samples += self.block.iter().filter(|s| !(s.is_finite() && s.abs() <= 1.0)).count() as u64;
            self.rendered += CALLBACK_FRAMES as u64;
        }
    }

    /// The counts so far.
    pub fn report(&self) -> SoakAudio {
        SoakAudio {
            seconds: self.rendered as f64 / f64::from(SAMPLE_RATE),
            underruns: self.mixer.starved_ticks(),
            ..self.report
        }
    }
}
