//! Content: the data a designer edits (levels, cars, materials, platform profiles), parsed
//! at the edge into validated types. Bad content is a [`ContentError`] naming file, field
//! and problem. The schemas shared with the offline bake live in `skidpad-bake`.

pub mod levels;
pub mod profile;
pub mod root;

pub use levels::{ChunkSource, LoadedLevel};
pub use profile::PlatformProfile;
pub use root::ContentRoot;
pub use skidpad_bake::{chunk, level, material, scenario, toml_file, track, validate};
pub use skidpad_bake::{ContentError, Level, MaterialTable};
