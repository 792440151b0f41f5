//! Skidpad's OS edge: the only crate that links SDL2, gilrs and rodio or reads the wall clock.
//!
//! The game (`skidpad`) never names those crates. It asks this crate for a window with a GL
//! context, a stream of [`PlatformEvent`]s and [`PadEvent`]s, an audio output to fill, and
//! the time. Everything here degrades instead of failing where a console title must keep
//! running: no audio device means silence with one log line, no gamepad subsystem means
//! keyboard only, no display means SDL's offscreen driver.
#![warn(missing_docs)]

pub mod audio;
pub mod clock;
pub mod events;
pub mod files;
pub mod gamepad;
pub mod gl_api;
pub mod pad_input;
pub mod pad_mapping;
pub mod software_gl;
pub mod window;
pub mod worker;

pub use audio::{AudioOutput, AudioRenderer};
pub use clock::{Clock, WallClock};
pub use events::{Key, PlatformEvent};
pub use gamepad::{PadEvent, PadEventKind, PadId, PadScript, PadScriptError, Pads};
pub use gl_api::{GlApi, GlRequest};
pub use pad_input::{PadAxis, PadButton, PadInput};
pub use window::{GlInfo, Platform, PlatformError, VideoBackend, WindowConfig};
pub use worker::Worker;
