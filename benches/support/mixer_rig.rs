//! The mixer's reference load, on which its cost is stated (PERFORMANCE.md, "Sound"): a
//! field of eight cars circling the listener at 30 m/s, each on its own surface, shifting
//! every second, the fourth on its limiter, half of them squealing; every kind of impact
//! and a menu blip every half second; the crowd and the wind. Shared by the criterion
//! bench (`benches/audio.rs`), the callgrind count (`examples/mix_field.rs`,
//! `scripts/callgrind-mixer`) and the allocation test.

use glam::Vec3;
use skidpad::audio::{sound_feed, CarSound, Crowd, Listener, Mixer, SoundEvent, SoundFeed, SoundFrame, ROLLING_KINDS};
use skidpad::content::material::ImpactSound;

/// Stereo frames a sound card's callback asks for: 11.6 ms, about 0.7 of a tick.
pub const CALLBACK_FRAMES: usize = 512;

/// Tick `t`'s frame: eight cars circling the listener at 30 m/s, each on its own surface,
/// shifting every second, the fourth on its limiter; an impact every half second.
pub fn frame(t: u32) -> SoundFrame {
    let mut f = SoundFrame {
        listener: Listener::default(),
        crowd: Some(Crowd {
            position_m: Vec3::new(30.0, 3.0, 0.0),
            size: 1.0,
        }),
        wind_speed_mps: 30.0,
        ..SoundFrame::default()
    };
    for i in 0..8u32 {
        let a = t as f32 / 60.0 * 0.5 + i as f32 * 0.8;
        let mut wheels = [0u8; ROLLING_KINDS];
        wheels[i as usize % ROLLING_KINDS] = 4;
        f.push_car(CarSound {
            position_m: Vec3::new(a.cos(), 0.0, a.sin()) * (10.0 + 15.0 * i as f32),
            velocity_mps: Vec3::new(-a.sin(), 0.0, a.cos()) * 30.0,
            rpm: 3000.0 + 500.0 * i as f32,
            load: 0.8,
            slip_power_w: if i % 2 == 0 { 40_000.0 } else { 0.0 },
            speed_mps: 30.0,
            rolling_wheels: wheels,
            wheel_count: 4,
            gear: 2 + (t / 60 % 2) as i8,
            on_limiter: i == 3,
        });
    }
    if t % 30 == 0 {
        for (k, &sound) in ImpactSound::ALL.iter().enumerate() {
            f.push_event(SoundEvent::Impact {
                position_m: Vec3::new(5.0 * k as f32, 0.0, -5.0),
                loudness: 0.7,
                sound,
            });
        }
        f.push_event(SoundEvent::Blip { pitch_hz: 880.0 });
    }
    f
}

/// The mixer fed the reference scene a tick at a time, pulled in callback-sized blocks.
pub struct MixerRig {
    feed: SoundFeed,
    /// The mixer under test.
    pub mixer: Mixer,
    /// The last block rendered (interleaved stereo).
    pub block: Vec<f32>,
    rendered: usize,
    /// Ticks sent so far.
    pub sent: u32,
}

impl MixerRig {
    /// A 60 Hz mixer at −23 LUFS, nothing sent yet.
    pub fn new() -> Self {
        let (feed, tap) = sound_feed();
        Self {
            feed,
            mixer: Mixer::new(tap, 60, -23.0),
            block: vec![0.0; 2 * CALLBACK_FRAMES],
            rendered: 0,
            sent: 0,
        }
    }

    /// One callback: the frames of every tick the card has reached sent, then a block
    /// rendered.
    pub fn callback(&mut self) {
        let per_tick = self.mixer.samples_per_tick() as usize;
        while (self.sent as usize) * per_tick <= self.rendered {
            self.feed.send(frame(self.sent));
            self.sent += 1;
        }
        self.mixer.render(&mut self.block);
        self.rendered += self.block.len() / 2;
    }

    /// Callbacks for `seconds` of audio at 44.1 kHz.
    pub fn callbacks_for(seconds: f32) -> usize {
        (seconds * skidpad::audio::SAMPLE_RATE as f32 / CALLBACK_FRAMES as f32).ceil() as usize
    }
}
