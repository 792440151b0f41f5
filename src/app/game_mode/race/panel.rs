//! The race's HUD: the countdown big in the centre until the go, and a panel at the top
//! right with the player's position ("P2/4"), the lap ("LAP 2/3") and the gaps to the
//! cars ahead and behind. Drawn in the real font; the panel's width follows its text, so
//! it fits at 640×480 as at 1280×720; the HUD's layout places both. The formatting is pure functions, tested alone.

use crate::app::hud::minimap;
use crate::app::hud::{Element, HudPanel, Layout, LevelMap, Rect, Request};
use crate::render::{Hud, TextSize};
use crate::sim::Snapshot;
use std::fmt::Write as _;

/// The race's figures for the HUD.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RaceBoard {
    /// The countdown's number (3, 2, 1) until the go.
    pub countdown: Option<u32>,
    /// The player's position, 1-based.
    pub position: usize,
    /// The cars in the race.
    pub cars: usize,
    /// The lap the player is on, 1-based (the last lap once finished).
    pub lap: u32,
    /// The laps raced.
    pub laps: u32,
    /// How far the player is behind the car ahead, s, at the latest line both passed.
    pub gap_ahead_s: Option<f64>,
    /// How far the car behind is behind the player, s.
    pub gap_behind_s: Option<f64>,
    /// Whether the player has finished.
    pub finished: bool,
}

const SHADE: [f32; 4] = [0.0, 0.0, 0.0, 0.55];
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.75, 0.77, 0.8, 1.0];
const COUNTDOWN: [f32; 4] = [1.0, 0.85, 0.2, 1.0];

/// Writes the position as the player reads it: `P2/4`.
pub fn write_position(out: &mut String, position: usize, cars: usize) {
    let _ = write!(out, "P{position}/{cars}");
}

/// Writes the lap: `LAP 2/3`.
pub fn write_lap(out: &mut String, lap: u32, laps: u32) {
    let _ = write!(out, "LAP {lap}/{laps}");
}

/// Writes a gap, s, with a sign and tenths (`+1.4`: the car behind is 1.4 s back;
/// `-0.8`: the car ahead is 0.8 s up the road); `--.-` before any line is passed.
pub fn write_gap(out: &mut String, gap_s: Option<f64>) {
    match gap_s {
        Some(s) => {
            let tenths = (s * 10.0).round();
            let sign = if tenths < 0.0 { '-' } else { '+' };
            let _ = write!(out, "{sign}{:.1}", tenths.abs() / 10.0);
        }
        None => out.push_str("--.-"),
    }
}

/// The panel's size in the HUD's fonts: wide enough for "P10/10  LAP 10/10", three lines.
pub fn panel_size(hud: &Hud) -> [f32; 2] {
    let line = hud.line_height(TextSize::Panel);
    let pad = (line * 0.4).round();
    [
        (hud.label_width(TextSize::Body, "P10/10  LAP 10/10") + 2.0 * pad).ceil(),
        (hud.line_height(TextSize::Body) + 2.0 * line + 2.0 * pad).ceil(),
    ]
}

/// Adds the countdown, if it runs, centred in `rect`; `text` is a scratch buffer.
pub fn draw_countdown(hud: &mut Hud, text: &mut String, board: &RaceBoard, rect: Rect) {
    if let Some(n) = board.countdown {
        text.clear();
        let _ = write!(text, "{n}");
        let tw = hud.label_width(TextSize::Title, text);
        let th = hud.line_height(TextSize::Title);
        let (x, y) = (rect.x + (rect.w - tw) * 0.5, rect.y + (rect.h - th) * 0.5);
        hud.label(x, y, TextSize::Title, text, COUNTDOWN);
    }
}

/// Adds the panel, right-aligned in `rect` (from the layout, sized by [`panel_size`]);
/// `text` is a scratch buffer.
pub fn draw(hud: &mut Hud, text: &mut String, board: &RaceBoard, rect: Rect) {
    let line = hud.line_height(TextSize::Panel);
    let big = hud.line_height(TextSize::Body);
    let pad = (line * 0.4).round();
    hud.rect(rect.x, rect.y, rect.w, rect.h, SHADE);
    let (x, mut y) = (rect.x + pad, rect.y + pad);
    text.clear();
    write_position(text, board.position, board.cars);
    text.push_str("  ");
    if board.finished {
        text.push_str("FINISHED");
    } else {
        write_lap(text, board.lap, board.laps);
    }
    hud.label(x, y, TextSize::Body, text, WHITE);
    y += big;
    for (name, gap) in [
        ("AHEAD ", board.gap_ahead_s.map(|g| -g)),
        ("BEHIND ", board.gap_behind_s),
    ] {
        text.clear();
        text.push_str(name);
        write_gap(text, gap);
        hud.label(x, y, TextSize::Panel, text, DIM);
        y += line;
    }
}

/// A race's figures and the level's map, as one player's HUD shows them.
pub struct RacePanel<'a> {
    /// The figures.
    pub board: RaceBoard,
    /// The map the minimap draws the cars on.
    pub map: &'a LevelMap,
}

impl HudPanel for RacePanel<'_> {
    fn request(&self, hud: &Hud, _text: &mut String, req: &mut Request) {
        req.mode_panel = Some(panel_size(hud));
        req.countdown = self.board.countdown.is_some();
        req.minimap = true;
    }

    fn draw(&self, hud: &mut Hud, text: &mut String, layout: &Layout, snapshot: &Snapshot) {
        if let Some(rect) = layout.get(Element::ModePanel) {
            draw(hud, text, &self.board, rect);
        }
        if let Some(rect) = layout.get(Element::Countdown) {
            draw_countdown(hud, text, &self.board, rect);
        }
        if let Some(rect) = layout.get(Element::Minimap) {
            minimap::draw(hud, self.map, snapshot, rect);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(f: impl Fn(&mut String)) -> String {
        let mut s = String::new();
        f(&mut s);
        s
    }

    #[test]
    fn position_and_lap_read_as_a_fraction_of_the_field() {
        assert_eq!(shown(|s| write_position(s, 2, 4)), "P2/4");
        assert_eq!(shown(|s| write_position(s, 10, 10)), "P10/10");
        assert_eq!(shown(|s| write_lap(s, 2, 3)), "LAP 2/3");
    }

    #[test]
    fn gaps_carry_a_sign_and_tenths() {
        assert_eq!(shown(|s| write_gap(s, Some(1.44))), "+1.4");
        assert_eq!(shown(|s| write_gap(s, Some(-0.76))), "-0.8");
        // Level to the shown tenth: never "-0.0".
        assert_eq!(shown(|s| write_gap(s, Some(-0.04))), "+0.0");
        assert_eq!(shown(|s| write_gap(s, None)), "--.-");
    }
}
