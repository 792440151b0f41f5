//! The game's sound: every car's engine synthesized from its rpm and load (gear shifts, the
//! rev limiter), its tyres' squeal from slip and their rolling noise from the surfaces
//! under them, placed around the camera (distance, pan, Doppler); impacts where they
//! happened, sounding like what was hit; the crowd in the nearest stand; wind at speed;
//! the menus' blips. Mixed in stereo to the platform's loudness target.
//!
//! The game sends a [`SoundFrame`] each tick through the [`SoundFeed`]; the mixer, pulled
//! by the platform's audio thread through [`skidpad_platform::AudioRenderer`], takes one
//! every tick's worth of samples. The offline render and the tests send frames and render
//! a tick at a time through the same feed, with no device at all.

mod car_voice;
mod crowd_voice;
mod engine;
mod feed;
mod impact_voice;
pub mod meter;
mod mixer;
mod noise;
mod ramp;
mod rolling_voice;
mod sound_frame;
mod spatial;

pub use car_voice::{Voicing, SQUEAL_THRESHOLD_W};
pub use engine::{virtual_rpm, IDLE_RPM, SHIFT_RPM};
pub use feed::{sound_feed, SoundFeed, SoundTap};
pub use mixer::{Mixer, FULL_VOICES, IMPACT_VOICES, SAMPLE_RATE};
pub use rolling_voice::{KERB_RIDGE_SPACING_M, ROLLING_KINDS};
pub use sound_frame::{CarSound, Crowd, SoundEvent, SoundFrame, MAX_GUEST_LISTENERS, MAX_SOUND_CARS, MAX_SOUND_EVENTS};
pub use spatial::{Listener, Placement, SPEED_OF_SOUND_MPS};
