//! The race drawn: one player's view of the whole window, or a view a player on a split
//! screen (`crate::app::split_screen` lays them out), each with that player's HUD — the
//! dial, the lamps, the mode's panel — sized for their view; over the whole window the
//! pause menu, the paused and unplugged messages and the frame graph, which belong to
//! everyone. Three players leave the fourth quarter to the level's map.

use super::frame::FrameAccount;
use super::pause_menu::PauseMenu;
use super::stage::Stage;
use crate::app::game_mode::GameMode;
use crate::app::hud::{self, Element, HudPanel, HudState, LevelMap};
use crate::app::session::Session;
use crate::app::split_screen::{draw_free_quarter, frame_views, player_cameras, split_views, TwoPlayerSplit};
use crate::render::{Hud, ViewRect};
use crate::sim::MAX_PLAYERS;

/// What the HUD is drawn from in one frame of the race.
pub(super) struct Overlay<'a> {
    pub stage: &'a mut Stage,
    pub session: &'a Session,
    pub text: &'a mut String,
    /// The pause menu, while open and not under the unplugged screen.
    pub menu: Option<&'a mut PauseMenu>,
    pub account: &'a FrameAccount,
    pub state: HudState,
    pub size: (u32, u32),
    /// Each player has a view with their own HUD (split screen): the window's overlay
    /// keeps only what is everyone's.
    pub split: bool,
}

impl Overlay<'_> {
    /// Every element asks for its place, the layout gives each one clear of the others,
    /// then each draws in its own: the mode's `panel`, the HUD, the pause menu.
    pub fn draw(&mut self, panel: Option<&dyn HudPanel>) {
        let (w, h) = self.size;
        let stage = &mut *self.stage;
        let mut req = hud::request(&stage.hud, self.session, self.state, w, h, stage.title_safe);
        if self.split {
            req.speedo = false;
            req.assist_lamps = None;
        }
        if let Some(p) = panel {
            p.request(&stage.hud, self.text, &mut req);
        }
        req.pause_menu = self.menu.as_ref().map(|m| m.size(stage, h));
        let layout = hud::place(&req);
        if let Some(p) = panel {
            p.draw(&mut stage.hud, self.text, &layout, self.session.snapshot());
        }
        // After the panels: its modal message dims them too.
        hud::compose(
            &mut stage.hud,
            self.text,
            hud::HudInputs {
                session: self.session,
                player: 0,
                history: self.account.history(),
                budget: self.account.budget(),
                state: self.state,
                layout: &layout,
            },
            w,
            h,
        );
        if let (Some(menu), Some(rect)) = (self.menu.as_deref_mut(), layout.get(Element::PauseMenu)) {
            menu.draw(stage, rect, w, h);
        }
        stage.hud.flush(w, h);
    }
}

/// A split-screen frame's parts beyond the stage.
pub(super) struct SplitFrame<'a> {
    pub session: &'a Session,
    pub mode: &'a mut dyn GameMode,
    pub text: &'a mut String,
    pub account: &'a FrameAccount,
    /// The HUD's pages and messages (the messages go over the whole window).
    pub state: HudState,
    pub alpha: f32,
    pub two: TwoPlayerSplit,
    /// The level's map, for the quarter three players leave free.
    pub map: Option<&'a LevelMap>,
    /// Each player's car (world index) and paint, for the map's dots.
    pub dots: &'a [(usize, [f32; 4])],
}

/// Draws every player's view and HUD; the caller then draws the window's overlay
/// ([`Overlay`] with `split`).
pub(super) fn draw_split(stage: &mut Stage, frame: SplitFrame<'_>) {
    let (w, h) = stage.platform.drawable_size();
    let players = frame.session.player_count().clamp(1, MAX_PLAYERS);
    let split = split_views(players, w, h, frame.two);
    stage.pick_scene_resolution();
    let cameras = player_cameras(frame.session, &split, frame.alpha);
    stage
        .renderer
        .draw_views(frame_views(frame.session, &split, &cameras, frame.alpha), w, h);
    let view_h = split.views().iter().map(|r| r.height).min().unwrap_or(h);
    let title_safe = stage.title_safe;
    let hud = stage.view_hud(view_h);
    // The messages and pages that are everyone's go over the whole window.
    let state = HudState {
        paused: false,
        controller_lost: false,
        frame_graph: false,
        telemetry: false,
        ..frame.state
    };
    for (p, rect) in split.views().iter().enumerate() {
        let world = frame.session.world();
        let (session, text, account) = (frame.session, &mut *frame.text, frame.account);
        let mut shown = false;
        frame.mode.show_panel(world, p, &mut |panel| {
            shown = true;
            view_hud(hud, session, p, text, account, state, *rect, title_safe, Some(panel));
        });
        if !shown {
            view_hud(hud, session, p, text, account, state, *rect, title_safe, None);
        }
    }
    if let Some(map) = frame.map {
        draw_free_quarter(hud, map, frame.session, &split, frame.dots);
    }
}

/// Player `player`'s HUD in their view `rect`: the dial, the lamps and the mode's `panel`.
#[allow(clippy::too_many_arguments)]
fn view_hud(
    hud: &mut Hud,
    session: &Session,
    player: usize,
    text: &mut String,
    account: &FrameAccount,
    state: HudState,
    rect: ViewRect,
    title_safe: f32,
    panel: Option<&dyn HudPanel>,
) {
    let (w, h) = (rect.width, rect.height);
    let mut req = hud::request_for(hud, session, player, state, w, h, title_safe);
    if let Some(p) = panel {
        p.request(hud, text, &mut req);
    }
    let layout = hud::place(&req);
    if let Some(p) = panel {
        p.draw(hud, text, &layout, session.snapshot());
    }
    hud::compose(
        hud,
        text,
        hud::HudInputs {
            session,
            player,
            history: account.history(),
            budget: account.budget(),
            state,
            layout: &layout,
        },
        w,
        h,
    );
    hud.flush_in(rect);
}
