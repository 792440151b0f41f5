//! The game's sound: an engine synthesized from rpm and load, tire squeal from slip, impacts
//! from collision impulses, wind at speed, mixed into a fixed set of voices.
//!
//! The mixer renders samples when asked (the platform's audio thread pulls them through
//! [`skidpad_platform::AudioRenderer`]); the game only sets [`SoundParams`] once a frame and
//! queues impacts. Tests render into buffers, with no device at all.

mod engine;
mod mixer;

pub use engine::{virtual_rpm, IDLE_RPM, SHIFT_RPM};
pub use mixer::SAMPLE_RATE;
pub use mixer::{Mixer, SharedSound, SoundParams};
