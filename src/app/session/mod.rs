//! A level being played and drawn: [`Session`] (a [`Race`](crate::app::race::Race) plus the
//! fixed-step loop, the chase camera, particles, skid marks and the two snapshots render
//! interpolates between), its cameras (`chase_camera`, `field_camera`: a race's grid in
//! view), what crashes leave (`damage_smoke`, `scuff_marks`) and the chunk loader thread
//! the level streams through ([`ThreadedChunks`]).

mod chase_camera;
mod chunk_loader;
mod damage_smoke;
mod field_camera;
mod game_session;
mod scuff_marks;
mod sound_scene;
mod stand_crowds;

pub use chase_camera::ChaseCamera;
pub use chunk_loader::ThreadedChunks;
pub use field_camera::field_camera;
pub use game_session::Session;
pub use sound_scene::{engine_sound_rpm, impact_loudness, world_sound_frame, Motion};
