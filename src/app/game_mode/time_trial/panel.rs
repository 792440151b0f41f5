//! The time trial's panel on the HUD, top right: the lap number and the time into it, the
//! last and best laps, the author time to beat for gold (from the start of the run), and
//! each sector split passed this lap with its delta to the best
//! lap's, green when faster, red when slower. Drawn in the real font; its width follows
//! the text, so it fits at 640×480 as at 1280×720.

use crate::app::hud::{write_clock, Element, HudPanel, Layout, Rect, Request};
use crate::render::{Hud, TextSize};
use crate::sim::Snapshot;
use std::fmt::Write as _;

const SHADE: [f32; 4] = [0.0, 0.0, 0.0, 0.55];
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.75, 0.77, 0.8, 1.0];
/// The author time's row: the gold medal's target.
const GOLD: [f32; 4] = [0.95, 0.78, 0.25, 1.0];
/// The author row's time with the space after it, widest case: where `GHOST` goes.
const AUTHOR_TIME_COLUMN: &str = "AUTHOR 00:00.000 ";
/// The author row at its widest with the author's ghost racing (the panel's width).
const AUTHOR_GHOST_ROW: &str = "AUTHOR 00:00.000 GHOST";
/// A split or lap faster than the best (or level with it).
pub const FASTER: [f32; 4] = [0.3, 0.9, 0.4, 1.0];
/// A split or lap slower than the best.
pub const SLOWER: [f32; 4] = [0.95, 0.3, 0.25, 1.0];

/// The colour of a delta to the best, s: green when ahead or level, red when behind.
pub fn delta_colour(delta_s: f64) -> [f32; 4] {
    if delta_s <= 0.0 {
        FASTER
    } else {
        SLOWER
    }
}

/// Writes a delta to the best as the player reads it: a sign always, milliseconds
/// (`+0.123`, `-1.500`); a level delta is `+0.000` (rounded to the shown digits first, so
/// `-0.0004` does not read `-0.000`).
pub fn write_delta(out: &mut String, delta_s: f64) {
    let ms = (delta_s * 1000.0).round();
    let sign = if ms < 0.0 { '-' } else { '+' };
    let _ = write!(out, "{sign}{:.3}", ms.abs() / 1000.0);
}

/// The panel's size for `board` in the HUD's fonts: the widest line, and a line per
/// sector of the best lap (or passed this lap) under the lap and the last and best laps.
pub fn size(hud: &Hud, board: &LapBoard) -> [f32; 2] {
    let line = hud.line_height(TextSize::Panel);
    let big = hud.line_height(TextSize::Body);
    let pad = (line * 0.4).round();
    // The widest line decides the panel's width: "BEST 0:00.000 +0.000".
    let col = hud.label_width(TextSize::Panel, "LAST 00:00.000  ");
    let panel_w = (col + hud.label_width(TextSize::Panel, "+00.000") + 2.0 * pad)
        .max(hud.label_width(TextSize::Body, "LAP 99  00:00.000") + 2.0 * pad)
        .max(if board.author_ghost {
            hud.label_width(TextSize::Panel, AUTHOR_GHOST_ROW) + 2.0 * pad
        } else {
            0.0
        });
    let sectors = board.best_splits_s.len().max(board.splits.len());
    let rows = 2 + usize::from(board.author_s.is_some()) + sectors;
    [panel_w.ceil(), (big + line * rows as f32 + 2.0 * pad).ceil()]
}

/// Adds the panel inside `rect` (from the layout, sized by [`size`]); `text` is a scratch
/// buffer. Lines past the rectangle's bottom are left out.
pub fn draw(hud: &mut Hud, text: &mut String, board: &LapBoard, rect: Rect) {
    let line = hud.line_height(TextSize::Panel);
    let big = hud.line_height(TextSize::Body);
    let pad = (line * 0.4).round();
    let col = hud.label_width(TextSize::Panel, "LAST 00:00.000  ");
    hud.rect(rect.x, rect.y, rect.w, rect.h, SHADE);
    let (x, mut y) = (rect.x + pad, rect.y + pad);
    let bottom = rect.bottom() - pad + 0.5;

    text.clear();
    match board.lap_s {
        Some(s) => {
            let _ = write!(text, "LAP {}  ", board.laps_done + 1);
            write_clock(text, s);
        }
        None => text.push_str("OUT LAP"),
    }
    hud.label(x, y, TextSize::Body, text, WHITE);
    y += big;

    for (name, value, delta) in [
        ("LAST", board.last_lap_s, board.last_delta_s),
        ("BEST", board.best_lap_s, None),
    ] {
        text.clear();
        text.push_str(name);
        text.push(' ');
        match value {
            Some(s) => write_clock(text, s),
            None => text.push_str("-:--.---"),
        }
        hud.label(x, y, TextSize::Panel, text, DIM);
        if let Some(d) = delta {
            text.clear();
            write_delta(text, d);
            hud.label(x + col, y, TextSize::Panel, text, delta_colour(d));
        }
        y += line;
    }
    if let Some(s) = board.author_s.filter(|_| y + line <= bottom) {
        // The author time, the gold medal's target, in gold: shown from the out-lap on.
        text.clear();
        text.push_str("AUTHOR ");
        write_clock(text, s);
        hud.label(x, y, TextSize::Panel, text, GOLD);
        if board.author_ghost {
            // The gold ghost on the road is this lap: say so beside its time.
            let after = hud.label_width(TextSize::Panel, AUTHOR_TIME_COLUMN);
            hud.label(x + after, y, TextSize::Panel, "GHOST", GOLD);
        }
        y += line;
    }

    for (k, &(split, delta)) in board.splits.iter().enumerate() {
        if y + line > bottom {
            break;
        }
        text.clear();
        let _ = write!(text, "S{} ", k + 1);
        write_clock(text, split);
        hud.label(x, y, TextSize::Panel, text, WHITE);
        if let Some(d) = delta {
            text.clear();
            write_delta(text, d);
            hud.label(x + col, y, TextSize::Panel, text, delta_colour(d));
        }
        y += line;
    }
}

/// A time trial's figures for the HUD.
pub struct LapBoard<'a> {
    /// Time into the current lap, s (None on the out-lap, before the line).
    pub lap_s: Option<f64>,
    /// Laps completed.
    pub laps_done: u32,
    /// The last full lap, s.
    pub last_lap_s: Option<f64>,
    /// The last lap minus the best before it, s.
    pub last_delta_s: Option<f64>,
    /// The best lap, s.
    pub best_lap_s: Option<f64>,
    /// The author time (the gold target: the AI's lap at its top setting), s, shown from
    /// the start of the run (None when there is none on record).
    pub author_s: Option<f64>,
    /// Whether the ghost on the road is the author's lap (the player has no best lap's
    /// ghost yet): the author row says GHOST beside the time, as the ghost is gold.
    pub author_ghost: bool,
    /// The best lap's splits, s.
    pub best_splits_s: &'a [f64],
    /// The current lap's splits passed so far, s, each with its delta to the best lap's
    /// (None without a best).
    pub splits: &'a [(f64, Option<f64>)],
}

impl HudPanel for LapBoard<'_> {
    fn request(&self, hud: &Hud, _text: &mut String, req: &mut Request) {
        req.mode_panel = Some(size(hud, self));
    }

    fn draw(&self, hud: &mut Hud, text: &mut String, layout: &Layout, _snapshot: &Snapshot) {
        if let Some(rect) = layout.get(Element::ModePanel) {
            draw(hud, text, self, rect);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn delta(d: f64) -> String {
        let mut s = String::new();
        write_delta(&mut s, d);
        s
    }

    #[test]
    fn deltas_carry_a_sign_and_milliseconds() {
        assert_eq!(delta(0.1234), "+0.123");
        assert_eq!(delta(-1.5), "-1.500");
        assert_eq!(delta(12.0), "+12.000");
        // Level to the shown millisecond: never "-0.000".
        assert_eq!(delta(-0.0004), "+0.000");
        assert_eq!(delta(0.0), "+0.000");
    }

    #[test]
    fn faster_is_green_and_slower_red() {
        assert_eq!(delta_colour(-0.2), FASTER);
        assert_eq!(delta_colour(0.0), FASTER, "level with the best is not slower");
        assert_eq!(delta_colour(0.001), SLOWER);
        assert_ne!(FASTER, SLOWER);
    }

    #[test]
    fn lap_times_read_minutes_seconds_milliseconds() {
        let clock = |s: f64| {
            let mut t = String::new();
            write_clock(&mut t, s);
            t
        };
        assert_eq!(clock(83.4567), "1:23.457");
        assert_eq!(clock(59.9996), "1:00.000", "rounding carries into the minute");
        assert_eq!(clock(5.0), "0:05.000");
        assert_eq!(clock(-1.0), "0:00.000");
    }
}
