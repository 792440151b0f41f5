//! What the overlay shows: the dial (speed, rpm, gear), the assist lamps, the frame-time
//! graph, the telemetry page, the paused and unplugged messages. Each goes where
//! [`layout`](super::layout) puts it; built each frame into the renderer's [`Hud`]
//! batch.

use super::layout::{Element, Layout, Rect, Request};
use super::speedo::{self, DialReading};
use super::{frame_graph, telemetry_page};
use crate::app::session::Session;
use crate::assists::gearbox::shown_gear;
use crate::assists::AssistLamps;
use crate::render::{Hud, TextSize};
use crate::time::FrameHistory;
use std::time::Duration;

/// Which overlay pages are on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HudState {
    /// Game paused (the simulation does not tick).
    pub paused: bool,
    /// Frame-time graph shown.
    pub frame_graph: bool,
    /// Telemetry page shown.
    pub telemetry: bool,
    /// The pad in use was unplugged: paused, asking for a controller (XR-115).
    pub controller_lost: bool,
    /// A pad is connected again (the prompt asks for a button press).
    pub pad_connected: bool,
    /// Whose pad was unplugged, with several people playing (0 for the first player; None
    /// alone, where the message names nobody).
    pub lost_player: Option<u8>,
}

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const AMBER: [f32; 4] = [1.0, 0.75, 0.2, 1.0];

/// A lamp lit and unlit: amber while its assist acts, a dark box otherwise.
const LAMP_OFF: [f32; 4] = [0.25, 0.25, 0.25, 0.7];
/// A lamp's label, lit (black on amber) and unlit (grey on the dark box).
const LAMP_TEXT_LIT: [f32; 4] = [0.0, 0.0, 0.0, 1.0];
const LAMP_TEXT_OFF: [f32; 4] = [0.6, 0.6, 0.6, 1.0];

/// The assists' lamps, left to right.
const LAMP_LABELS: [&str; 4] = ["TCS", "ABS", "ESC", "STR"];

/// The gap between two lamps, pixels: a third of the lamps' capital height.
fn lamp_gap(hud: &Hud) -> f32 {
    (hud.cap_height(TextSize::Gauge) / 3.0).round().max(2.0)
}

/// The least size the row of lamps needs, pixels: each lamp its widest label with half a
/// capital's height either side, the row a capital's height with a third of one above and
/// below. The layout gives the row at least this (and more where the window is large), so
/// the labels never crowd or spill at any size.
pub fn lamps_size(hud: &Hud) -> [f32; 2] {
    let cap = hud.cap_height(TextSize::Gauge);
    let widest = LAMP_LABELS
        .iter()
        .map(|l| hud.label_width(TextSize::Gauge, l))
        .fold(0.0, f32::max);
    let n = LAMP_LABELS.len() as f32;
    let lamp = (widest + cap).ceil();
    [n * lamp + (n - 1.0) * lamp_gap(hud), (cap * 5.0 / 3.0).ceil()]
}

/// The assists' lamps in a row filling `rect`: each lights in the tick its assist changed
/// the controls, so the player sees what the car did for them. Labelled in the real font
/// ([`TextSize::Gauge`]), centred in each lamp.
pub fn assist_lamps(hud: &mut Hud, lamps: AssistLamps, rect: Rect) {
    let lit = [lamps.traction, lamps.abs, lamps.stability, lamps.steering];
    let gap = lamp_gap(hud);
    let n = LAMP_LABELS.len() as f32;
    let lamp_w = ((rect.w - gap * (n - 1.0)) / n).floor();
    let mut x = rect.right() - n * (lamp_w + gap) + gap;
    for (label, lit) in LAMP_LABELS.into_iter().zip(lit) {
        hud.rect(x, rect.y, lamp_w, rect.h, if lit { AMBER } else { LAMP_OFF });
        let colour = if lit { LAMP_TEXT_LIT } else { LAMP_TEXT_OFF };
        let centre = [x + lamp_w * 0.5, rect.y + rect.h * 0.5];
        hud.label_centred(centre[0], centre[1], TextSize::Gauge, label, colour);
        x += lamp_w + gap;
    }
}

/// What the overlay reads.
#[derive(Clone, Copy)]
pub struct HudInputs<'a> {
    /// The game.
    pub session: &'a Session,
    /// Whose HUD it is: 0 the first player, a guest's number in their split-screen view.
    pub player: usize,
    /// Recent frames, for the graph.
    pub history: &'a FrameHistory,
    /// The profile's frame budget.
    pub budget: Duration,
    /// Which pages are on.
    pub state: HudState,
    /// Where each element goes (from [`request`] and the caller's additions).
    pub layout: &'a Layout,
}

/// What this overlay wants placed on a `width` × `height` window with the profile's
/// `title_safe` share: the dial and lamps, the pages `state` turns on, and the message
/// (controller unplugged, or "paused" when no pause menu is drawn). The caller adds the
/// mode's panel, the countdown, the minimap and the pause menu, then calls
/// [`layout::place`].
pub fn request(hud: &Hud, session: &Session, state: HudState, width: u32, height: u32, title_safe: f32) -> Request {
    request_for(hud, session, 0, state, width, height, title_safe)
}

/// [`request`] for player `player`'s HUD (their split-screen view's size).
pub fn request_for(
    hud: &Hud,
    session: &Session,
    player: usize,
    state: HudState,
    width: u32,
    height: u32,
    title_safe: f32,
) -> Request {
    let h = height as f32;
    let message = if state.controller_lost {
        let (lines, size) = controller_lost_lines(state.pad_connected, state.lost_player);
        Some(message_size(hud, &lines, size))
    } else if state.paused {
        Some(message_size(hud, &PAUSED_LINES, PAUSED_SIZES))
    } else {
        None
    };
    Request {
        width_px: width as f32,
        height_px: h,
        title_safe,
        message,
        speedo: true,
        assist_lamps: Some(lamps_size(hud)),
        telemetry: state
            .telemetry
            .then(|| telemetry_page::size(session.world().player_car(player).wheels().len(), h)),
        frame_graph: state.frame_graph,
        ..Request::default()
    }
}

/// What the dial shows for player `player`'s car: the sim car's engine and gearbox, or
/// the arcade car's virtual engine (the one its engine sound follows).
pub fn dial_reading(session: &Session, player: usize) -> DialReading {
    let world = session.world();
    let index = world.player_car_index(player).unwrap_or(0);
    let speed_kmh = world.car_body(index).linvel().length() * 3.6;
    let car = world.player_car(player);
    match (car.as_sim(), car.def().sim()) {
        (Some(sim), Some(p)) => {
            let rev_limit_rpm = p.engine.max_rpm;
            // Red from where the automatic shifts up in the gear that shifts latest.
            let up = p.gearbox.forward.iter().map(|g| g.up_ratio).fold(0.0f32, f32::max);
            let up = if up > 0.0 { up } else { 0.9 };
            DialReading {
                speed_kmh,
                rpm: sim.telemetry().engine_rpm,
                // While the gearbox shifts it is in neutral; the readout shows where it is going.
                gear: shown_gear(sim.gearbox()),
                rev_limit_rpm,
                redline_rpm: up * rev_limit_rpm,
            }
        }
        _ => {
            let forward = world.car_forward_speed(index);
            let (rpm, gear) = crate::audio::virtual_rpm(forward);
            DialReading {
                speed_kmh,
                rpm,
                gear: if forward < -0.5 { -1 } else { gear as i8 },
                rev_limit_rpm: crate::audio::SHIFT_RPM,
                redline_rpm: crate::audio::SHIFT_RPM,
            }
        }
    }
}

/// Adds this frame's overlay to `hud` where `inputs.layout` puts it. `text` is a scratch
/// buffer reused between frames.
pub fn compose(hud: &mut Hud, text: &mut String, inputs: HudInputs, width: u32, height: u32) {
    let HudInputs {
        session,
        player,
        history,
        budget,
        state,
        layout,
    } = inputs;
    let (w, h) = (width as f32, height as f32);
    let world = session.world();
    if let Some(rect) = layout.get(Element::Speedo) {
        speedo::draw(hud, text, &dial_reading(session, player), rect);
    }
    if let Some(rect) = layout.get(Element::AssistLamps) {
        assist_lamps(hud, world.player_assist_lamps(player), rect);
    }
    if let Some(rect) = layout.get(Element::FrameGraph) {
        frame_graph::draw(hud, text, history, budget, rect);
    }
    if let Some(rect) = layout.get(Element::Telemetry) {
        let index = world.player_car_index(player).unwrap_or(0);
        let engine = world.player_car(player).as_sim().map(|_| world.telemetry(index));
        telemetry_page::draw(hud, text, session, engine.as_ref(), rect, h);
    }
    // The modal message goes over everything drawn before it: the batch so far is flushed
    // first, since within one flush text quads are drawn after every rectangle and the
    // dial's figures and the panels' labels would stay bright over the dimming. Callers
    // draw their mode panels before `compose` for that reason.
    if let Some(rect) = layout.get(Element::Message) {
        if state.controller_lost {
            hud.flush(width, height);
            hud.rect(0.0, 0.0, w, h, [0.0, 0.0, 0.0, 0.7]);
            let (lines, sizes) = controller_lost_lines(state.pad_connected, state.lost_player);
            message(hud, &lines, sizes, rect);
        } else if state.paused {
            hud.flush(width, height);
            hud.rect(0.0, 0.0, w, h, [0.0, 0.0, 0.0, 0.45]);
            message(hud, &PAUSED_LINES, PAUSED_SIZES, rect);
        }
    }
}

const PAUSED_LINES: [&str; 2] = ["PAUSED", "P / START TO RESUME"];
const PAUSED_SIZES: [(TextSize, [f32; 4]); 2] = [(TextSize::Title, WHITE), (TextSize::Small, AMBER)];

/// The lines of the unplugged-pad message and their sizes and colours.
fn controller_lost_lines(
    pad_connected: bool,
    lost_player: Option<u8>,
) -> ([&'static str; 3], [(TextSize, [f32; 4]); 3]) {
    const WHOSE: [&str; 4] = [
        "Player 1's controller disconnected",
        "Player 2's controller disconnected",
        "Player 3's controller disconnected",
        "Player 4's controller disconnected",
    ];
    (
        [
            lost_player
                .and_then(|p| WHOSE.get(usize::from(p)).copied())
                .unwrap_or("Controller disconnected"),
            if pad_connected {
                "Press any button on a controller to go on"
            } else {
                "Connect a controller and press a button"
            },
            if lost_player.is_some() {
                "or Start on another player's pad: go on without them"
            } else {
                "or press Enter to go on with the keyboard"
            },
        ],
        [
            (TextSize::Body, WHITE),
            (TextSize::Small, AMBER),
            (TextSize::Small, AMBER),
        ],
    )
}

/// The size of a centred message of `lines`: its widest line, and its lines at 1.3 times
/// their height.
fn message_size(hud: &Hud, lines: &[&str], sizes: impl IntoIterator<Item = (TextSize, [f32; 4])>) -> [f32; 2] {
    let mut size = [0.0f32, 0.0f32];
    for (text, (s, _)) in lines.iter().zip(sizes) {
        size[0] = size[0].max(hud.label_width(s, text).ceil());
        size[1] += (hud.line_height(s) * 1.3).ceil();
    }
    size
}

/// A message's lines, each centred in `rect`, top down.
fn message(hud: &mut Hud, lines: &[&str], sizes: impl IntoIterator<Item = (TextSize, [f32; 4])>, rect: Rect) {
    let mut y = rect.y;
    for (text, (size, colour)) in lines.iter().zip(sizes) {
        let tw = hud.label_width(size, text);
        hud.label(rect.x + (rect.w - tw) * 0.5, y, size, text, colour);
        y += (hud.line_height(size) * 1.3).ceil();
    }
}
