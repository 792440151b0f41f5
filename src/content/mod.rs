//! Content: the data a designer edits (levels, cars, materials, platform profiles), parsed
//! at the edge into validated types. Bad content is a [`ContentError`] naming file, field
//! and problem. The schemas shared with the offline bake live in `skidpad-bake`.

mod chunk_colliders;
mod levels;
mod profile;
mod root;

pub use chunk_colliders::{ChunkColliders, ChunkMeshSizes, ChunkShapes, PooledCollider, SharedChunkColliders};
pub use levels::{bake_now, level_names, load_level, materials, prop_model, DEFAULT_LEVEL};
pub use levels::{ChunkSource, LoadedLevel};
pub use profile::{PlatformProfile, ShadowFilter};
pub use profile::{DEFAULT_PARTICLE_FILL_SCREENS, DEFAULT_PROFILE};
pub use root::ContentRoot;
pub use root::{build_content_digest, embedded_baked_levels, embedded_baked_models, embedded_baked_props, read_file};
pub use skidpad_bake::level_info::{LevelInfo, LevelKind};
pub use skidpad_bake::{
    challenge, chunk, ground, level, material, scenario, surface_check, toml_file, track, track_dressing, validate,
};
pub use skidpad_bake::{ContentError, Level, MaterialTable};
