//! The level select's preview of a level: the level as play shows it, drawn once by the
//! real renderer from a camera raised behind the start (the car on its spawn) and kept on
//! the GPU for the session ([`LevelPreviews`]), shown in the level-select panel where the
//! page leaves room for it (`frontend::FrontEnd::level_preview_slot`).
//!
//! Making one loads the level and its chunks around the start, as starting it does (a
//! tenth of a second or so in a release build), so the first focus on a level costs that
//! once. If a preview shows sky only, the camera looks past the level: lower
//! [`HEIGHT_M`] or bring [`AHEAD_M`] nearer.

use super::{Session, Setup};
use crate::content::{ContentRoot, PlatformProfile};
use crate::error::Error;
use crate::render::{Camera, PreviewImage, Renderer};
use crate::sim::Snapshot;
use glam::Vec3;
use std::collections::BTreeMap;

/// The preview's size, pixels (16:9; shown smaller or larger as the panel allows).
pub const PREVIEW_SIZE: (u32, u32) = (480, 270);
/// The camera's distance behind the start, m.
const BEHIND_M: f32 = 22.0;
/// Its height above the start, m.
const HEIGHT_M: f32 = 12.0;
/// Where it looks: this far ahead of the start along its heading, m.
const AHEAD_M: f32 = 30.0;

/// A camera raised behind the car at the start of `snapshot`'s world, looking past it along
/// its heading (the start's surroundings, and the car for scale).
pub fn overview_camera(snapshot: &Snapshot) -> Camera {
    let (position, rotation) = snapshot.cars.first().map_or((Vec3::ZERO, glam::Quat::IDENTITY), |c| {
        (c.chassis.position, c.chassis.rotation)
    });
    let heading = rotation * Vec3::Z;
    let forward = Vec3::new(heading.x, 0.0, heading.z).normalize_or(Vec3::Z);
    let eye = position - forward * BEHIND_M + Vec3::Y * HEIGHT_M;
    Camera::looking_at(eye, position + forward * AHEAD_M)
}

/// `setup`'s level drawn from [`overview_camera`] as a [`PREVIEW_SIZE`] image (cut to a
/// smaller `window_w × window_h` window). Uses the window's back buffer as scratch (call it
/// before the frame's drawing) and leaves no chunks in the renderer.
pub fn draw_level_preview(setup: &Setup, renderer: &mut Renderer, window_w: u32, window_h: u32) -> PreviewImage {
    let mut session = Session::start(setup);
    let mut events = Vec::new();
    session.drain_chunk_events(&mut events);
    renderer.apply_chunk_events(&events);
    let camera = overview_camera(session.snapshot());
    let (w, h) = PREVIEW_SIZE;
    let image = renderer.draw_preview(&session.frame_view(1.0, &camera), w, h, window_w, window_h);
    renderer.forget_chunks();
    image
}

/// The previews made this session, by level name (None: it could not be made, logged once).
#[derive(Default)]
pub struct LevelPreviews {
    made: BTreeMap<String, Option<PreviewImage>>,
}

impl LevelPreviews {
    /// Whether `level`'s preview was asked for already (made, or failed).
    pub fn has(&self, level: &str) -> bool {
        self.made.contains_key(level)
    }

    /// Makes `level`'s preview with `car` at its start, once per session. See
    /// [`draw_level_preview`] for when to call it.
    #[allow(clippy::too_many_arguments)]
    pub fn make(
        &mut self,
        root: &ContentRoot,
        profile: &PlatformProfile,
        level: &str,
        car: &str,
        renderer: &mut Renderer,
        window_w: u32,
        window_h: u32,
    ) {
        if self.has(level) {
            return;
        }
        let made = Setup::load(root, level, car, profile.clone())
            .map(|setup| draw_level_preview(&setup, renderer, window_w, window_h))
            .map_err(|e: Error| log::warn!("no preview of {level}: {e}; the level select shows its map"))
            .ok();
        self.made.insert(level.to_string(), made);
    }

    /// `level`'s preview, if made.
    pub fn get(&self, level: &str) -> Option<&PreviewImage> {
        self.made.get(level).and_then(Option::as_ref)
    }
}
