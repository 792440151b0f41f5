//! Real frames: the renderer, models and screenshots on Mesa llvmpipe through SDL's
//! offscreen driver, as one test binary. SDL runs on one thread at a time in a process, so
//! every context is opened through `common::gl`, which holds SDL's lock while it lives.

#[path = "../common/mod.rs"]
mod common;

mod car_models;
mod car_scuffs;
mod circuits;
mod decor_lod;
mod gl_api;
mod ground_look;
mod handheld_text;
mod hud_overlay;
mod level_preview;
mod play_headless;
mod prop_models;
mod render_frames;
mod screenshot;
mod sky_look;
mod split_screen;
