//! The level select's preview of a level: the level as play shows it, drawn once by the
//! real renderer from a camera raised behind the start (the car on its spawn) and kept on
//! the GPU for the session ([`LevelPreviews`]), shown in the level-select panel where the
//! page leaves room for it (`frontend::FrontEnd::level_preview_slot`).
//!
//! Making one loads the level, builds its world and draws its chunks around the start, as
//! starting it does (15–280 ms in a debug build with optimised dependencies, on llvmpipe):
//! the menus make them ahead, one step a frame on frames the player presses nothing
//! ([`LevelPreviews::step`]), so the first focus on a level costs nothing when the player
//! lingered on the title or the menus, the rest of one preview when not. If a preview shows sky only, the camera looks past the level: lower
//! [`HEIGHT_M`] or bring [`AHEAD_M`] nearer.

use crate::app::session::Session;
use crate::app::setup::Setup;
use crate::content::{ContentRoot, PlatformProfile};
use crate::render::{Camera, PreviewImage, Renderer};
use crate::sim::Snapshot;
use glam::Vec3;
use skidpad_platform::Clock;
use std::collections::BTreeMap;
use std::time::Duration;

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
    draw_session_preview(&mut Session::start(setup), renderer, window_w, window_h)
}

/// [`draw_level_preview`] of a level's session started already.
fn draw_session_preview(session: &mut Session, renderer: &mut Renderer, window_w: u32, window_h: u32) -> PreviewImage {
    let mut events = Vec::new();
    session.drain_chunk_events(&mut events);
    renderer.apply_chunk_events(&events);
    let camera = overview_camera(session.snapshot());
    let (w, h) = PREVIEW_SIZE;
    let image = renderer.draw_preview(&session.frame_view(1.0, &camera), w, h, window_w, window_h);
    renderer.forget_chunks();
    image
}

/// The steps of making a preview, one a frame when made ahead ([`LevelPreviews::step`]),
/// each a share of the cost that holding one frame for all of them would take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PreviewStep {
    /// The level and the car loaded and validated (`Setup::load`).
    Load,
    /// Its world built: the physics, the cars on their spawns (`Session::start`).
    Start,
    /// Its chunks around the start uploaded, one frame drawn and kept, the chunks freed.
    Draw,
}

/// A preview part made: the level, and what the steps so far built.
enum Making {
    Loaded(String, Box<Setup>),
    Started(String, Box<Session>),
}

/// The previews made this session, by level name (None: it could not be made, logged once).
#[derive(Default)]
pub struct LevelPreviews {
    made: BTreeMap<String, Option<PreviewImage>>,
    /// The preview under way, between its steps.
    making: Option<Making>,
}

impl LevelPreviews {
    /// Whether `level`'s preview was asked for already (made, or failed).
    pub fn has(&self, level: &str) -> bool {
        self.made.contains_key(level)
    }

    /// Takes the next step of making `level`'s preview with `car` at its start (the first,
    /// when another level's was under way: that one is dropped) and says which, and how
    /// long it took on `clock`; None when it is made already. The draw step uses the
    /// window's back buffer as scratch: call this before the frame's drawing.
    #[allow(clippy::too_many_arguments)]
    pub fn step(
        &mut self,
        root: &ContentRoot,
        profile: &PlatformProfile,
        level: &str,
        car: &str,
        renderer: &mut Renderer,
        window_w: u32,
        window_h: u32,
        clock: &dyn Clock,
    ) -> Option<(PreviewStep, Duration)> {
        if self.has(level) {
            return None;
        }
        let started = clock.now();
        let step = match self.making.take() {
            Some(Making::Loaded(name, setup)) if name == level => {
                self.making = Some(Making::Started(name, Box::new(Session::start(&setup))));
                PreviewStep::Start
            }
            Some(Making::Started(name, mut session)) if name == level => {
                let image = draw_session_preview(&mut session, renderer, window_w, window_h);
                self.made.insert(name, Some(image));
                PreviewStep::Draw
            }
            _ => {
                match Setup::load(root, level, car, profile.clone()) {
                    Ok(setup) => self.making = Some(Making::Loaded(level.to_string(), Box::new(setup))),
                    Err(e) => {
                        log::warn!("no preview of {level}: {e}; the level select shows its map");
                        self.made.insert(level.to_string(), None);
                    }
                }
                PreviewStep::Load
            }
        };
        Some((step, clock.now() - started))
    }

    /// Makes `level`'s preview with `car` at its start now, whatever steps are left
    /// ([`LevelPreviews::step`]), once per session; says how long it took on `clock`.
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
        clock: &dyn Clock,
    ) -> Duration {
        let mut took = Duration::ZERO;
        while let Some((_, t)) = self.step(root, profile, level, car, renderer, window_w, window_h, clock) {
            took += t;
        }
        took
    }

    /// `level`'s preview, if made.
    pub fn get(&self, level: &str) -> Option<&PreviewImage> {
        self.made.get(level).and_then(Option::as_ref)
    }
}
