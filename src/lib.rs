//! Skidpad, the game layer: content, simulation, rendering and the front ends; and, in
//! `tools`, what designers and engine programmers run beside it.
//!
//! Start at `ARCHITECTURE.md` for the code map. This crate never names SDL, gilrs, rodio
//! or the wall clock; `skidpad-platform` does, and the simulation (`sim`) touches neither.
#![warn(missing_docs)]

// A module is public where callers name things through it (`sim::SimWorld`,
// `vehicle::CarDef`); each re-exports what callers need, so paths stay short and the files
// inside can move without touching them. `error` and `report` are read through
// `skidpad::Error` and used only inside the crate.
pub mod ai;
pub mod alloc_count;
pub mod app;
pub mod assists;
pub mod audio;
pub mod cli;
pub mod content;
mod error;
pub mod input;
pub mod modes;
pub mod raceline;
pub mod render;
pub mod replay;
mod report;
pub mod settings;
pub mod sim;
pub mod time;
pub mod tools;
pub mod vehicle;

pub use error::{Error, ErrorKind};
