//! A level's frame offscreen after some ticks, the HUD over it, read back: `skidpad
//! screenshot` without `--screen`; and the HUD drawing the front-end shots share.

use crate::app::hud::{HudPanel, HudState};
use crate::app::session::{field_camera, Session};
use crate::app::setup::Setup;
use crate::app::split_screen::{draw_free_quarter, frame_views, player_cameras, split_views, TwoPlayerSplit};
use crate::error::Error;
use crate::render::Renderer;
use crate::render::{read_back_buffer, Image};
use crate::sim::{TickInput, VehicleControl};
use skidpad_platform::{Platform, WindowConfig};
use std::path::Path;

/// What to capture.
#[derive(Debug, Clone, Copy)]
pub struct ShotOptions {
    /// Frames to simulate (one tick each) before capturing.
    pub frames: u32,
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
    /// Draw the HUD over the frame.
    pub hud: bool,
    /// Throttle held during the frames.
    pub throttle: f32,
    /// Steering held during the frames.
    pub steer: f32,
    /// Brake held during the last `brake_frames` frames.
    pub brake: f32,
    /// How many of the last frames brake.
    pub brake_frames: u32,
    /// How the ground is coloured (`--view friction`: by the friction the physics uses).
    pub view: crate::render::GroundView,
    /// Where the camera stands.
    pub camera: ShotCamera,
    /// People playing (split screen with more than one: a view and a HUD each, every car
    /// on the same held controls).
    pub players: usize,
    /// How two players share the screen.
    pub two_player_split: TwoPlayerSplit,
}

/// Where a screenshot's camera stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ShotCamera {
    /// The chase camera behind the player, as in play.
    #[default]
    Chase,
    /// Raised behind the last car, looking along the field at every car (see
    /// [`field_camera`]): a race's grid in view.
    Field,
}

/// Renders `level` after `opts.frames` ticks into an image, with no window shown.
pub fn capture(setup: &Setup, opts: ShotOptions) -> Result<Image, Error> {
    let platform = Platform::open(&WindowConfig {
        title: "skidpad screenshot".into(),
        width: opts.width,
        height: opts.height,
        vsync: false,
        offscreen: true,
        gl: setup.profile.gl,
    })?;
    let mut renderer = Renderer::for_profile(&setup.profile)?;
    let mut session = Session::start(setup);
    let players = session.player_count();
    for f in 0..opts.frames {
        let braking = f + opts.brake_frames >= opts.frames;
        let control = VehicleControl {
            throttle: if braking { 0.0 } else { opts.throttle },
            steer: opts.steer,
            brake: if braking { opts.brake } else { 0.0 },
            ..VehicleControl::default()
        };
        let input = TickInput {
            control,
            reset: false,
            ..Default::default()
        };
        session.tick_players(&[input; crate::sim::MAX_PLAYERS][..players]);
    }
    let mut events = Vec::new();
    session.drain_chunk_events(&mut events);
    renderer.set_ground_view(opts.view, &setup.level.level.materials);
    renderer.apply_chunk_events(&events);
    let (w, h) = platform.drawable_size();
    let split = split_views(players, w, h, opts.two_player_split);
    // Alpha 1 draws the latest tick exactly: a still frame needs no interpolation.
    let mut cameras = player_cameras(&session, &split, 1.0);
    if (opts.camera, players) == (ShotCamera::Field, 1) {
        let cars: Vec<_> = session.snapshot().cars.iter().map(|c| c.chassis).collect();
        cameras[0] = field_camera(&cars).unwrap_or(cameras[0]);
    }
    let views = frame_views(&session, &split, &cameras, 1.0);
    renderer.draw_views(views, w, h);
    if opts.hud {
        // Text sized for a view's height (each HUD laid out on its view), never under
        // the least readable sizes (`face_sizes_px`).
        let view_h = split.views().iter().map(|r| r.height).min().unwrap_or(h);
        let mut hud = crate::render::Hud::for_height(view_h)?;
        let history = crate::time::FrameHistory::new(1);
        for (p, rect) in split.views().iter().enumerate() {
            overlay_for(
                &mut hud,
                setup,
                &session,
                p,
                &history,
                HudState::default(),
                rect.width,
                rect.height,
                None,
                None,
                |_, _| {},
            );
            hud.flush_in(*rect);
        }
        let players: Vec<_> = (0..players)
            .filter_map(|p| session.world().player_car_index(p))
            .map(|car| (car, setup.car_paint(car).extend(1.0).to_array()))
            .collect();
        let map = crate::app::hud::LevelMap::of(&setup.level.level);
        draw_free_quarter(&mut hud, &map, &session, &split, &players);
    }
    let image = read_back_buffer(w, h);
    crate::render::gl_check::check("screenshot readback")?;
    Ok(image)
}

/// Captures and writes `out`.
pub fn screenshot(setup: &Setup, opts: ShotOptions, out: &Path) -> Result<(), Error> {
    let image = capture(setup, opts)?;
    image
        .write_png(out)
        .map_err(|e| Error::runtime(format!("{}: cannot write PNG: {e}", out.display())))
}

/// The frame with `hud` drawn over it (`w` × `h`), read back.
pub(super) fn flushed_and_read(hud: &mut crate::render::Hud, w: u32, h: u32) -> Result<Image, Error> {
    hud.flush(w, h);
    let image = read_back_buffer(w, h);
    crate::render::gl_check::check("screenshot readback")?;
    Ok(image)
}

/// The HUD over a shot: `session`'s dial, lamps and the pages `state` turns on, a mode's
/// `panel` and the pause menu's `pause_size` in the places the layout gives them; `more`
/// draws the pause menu in its place.
#[allow(clippy::too_many_arguments)]
pub(super) fn overlay(
    hud: &mut crate::render::Hud,
    setup: &Setup,
    session: &Session,
    history: &crate::time::FrameHistory,
    state: HudState,
    w: u32,
    h: u32,
    panel: Option<&dyn HudPanel>,
    pause_size: Option<[f32; 2]>,
    more: impl FnOnce(&mut crate::render::Hud, &crate::app::hud::Layout),
) {
    overlay_for(hud, setup, session, 0, history, state, w, h, panel, pause_size, more);
}

/// [`overlay`] for player `player`'s HUD, laid out on their view's `w` × `h`.
#[allow(clippy::too_many_arguments)]
pub(super) fn overlay_for(
    hud: &mut crate::render::Hud,
    setup: &Setup,
    session: &Session,
    player: usize,
    history: &crate::time::FrameHistory,
    state: HudState,
    w: u32,
    h: u32,
    panel: Option<&dyn HudPanel>,
    pause_size: Option<[f32; 2]>,
    more: impl FnOnce(&mut crate::render::Hud, &crate::app::hud::Layout),
) {
    let mut text = String::new();
    let mut req = crate::app::hud::request_for(hud, session, player, state, w, h, setup.profile.title_safe);
    if let Some(p) = panel {
        p.request(hud, &mut text, &mut req);
    }
    req.pause_menu = pause_size;
    let layout = crate::app::hud::place(&req);
    if let Some(p) = panel {
        p.draw(hud, &mut text, &layout, session.snapshot());
    }
    let inputs = crate::app::hud::HudInputs {
        session,
        player,
        history,
        budget: setup.profile.frame_budget,
        state,
        layout: &layout,
    };
    crate::app::hud::compose(hud, &mut text, inputs, w, h);
    more(hud, &layout);
}
