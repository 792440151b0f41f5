//! The challenge's panel on the HUD, top right: which run of how many, the time into it
//! (or "GET READY" while the car settles), and the live figures the level exists for —
//! stopping distance, peak deceleration in g, airtime and jump distance, impact speed —
//! each goal's with its gold, silver and bronze values under it. Drawn in the real font;
//! its width follows the widest line, so it fits at 640×480 as at 1280×720. The
//! formatting is pure functions, tested alone.

use crate::app::hud::{Element, HudPanel, Layout, Rect, Request};
use crate::content::challenge::Better;
use crate::render::{Hud, TextSize};
use crate::sim::Snapshot;
use std::fmt::Write as _;

/// The most figures the HUD shows for a run.
pub const MAX_FIGURES: usize = 4;

/// One figure as the HUD shows it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LiveFigure {
    /// The metric's name (one of `METRICS`).
    pub metric: &'static str,
    /// Its value so far (NaN before the launch).
    pub value: f64,
    /// `[gold, silver, bronze]` when a goal is set on it, and which way is better.
    pub targets: Option<([f64; 3], Better)>,
}

/// What the HUD shows of the challenge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChallengeBoard<'a> {
    /// The run being played, 1-based, and how many there are.
    pub run: usize,
    /// How many runs.
    pub runs: usize,
    /// The run's name (`asphalt_stop`).
    pub run_name: &'a str,
    /// Whether the car is still settling before the launch.
    pub settling: bool,
    /// Seconds measured, and the run's length.
    pub elapsed_s: f64,
    /// The run's length, s.
    pub length_s: f64,
    /// The figures the run is for, then their companions; `None`s after them.
    pub figures: [Option<LiveFigure>; MAX_FIGURES],
}

const SHADE: [f32; 4] = [0.0, 0.0, 0.0, 0.55];
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.75, 0.77, 0.8, 1.0];
const READY: [f32; 4] = [1.0, 0.85, 0.2, 1.0];

/// A metric as the player reads it: its label, unit and decimals.
pub fn presentation(metric: &str) -> (&'static str, &'static str, usize) {
    match metric {
        "stop_distance_m" => ("STOP", "m", 2),
        "peak_decel_g" => ("PEAK DECEL", "g", 2),
        "max_airtime_s" => ("AIRTIME", "s", 2),
        "jump_distance_m" => ("JUMP", "m", 1),
        "landing_pitch_deg" => ("LANDING PITCH", "°", 0),
        "landing_roll_deg" => ("LANDING ROLL", "°", 0),
        "impact_speed_mps" => ("IMPACT", "m/s", 1),
        "props_toppled" => ("TOPPLED", "", 0),
        "distance_m" => ("DISTANCE", "m", 1),
        "grounded_fraction" => ("GROUNDED", "", 2),
        "max_compression_ratio" => ("MAX COMPRESSION", "", 2),
        "max_speed_mps" => ("TOP SPEED", "m/s", 1),
        "max_progress_m" => ("PROGRESS", "m", 1),
        "final_speed_mps" => ("SPEED", "m/s", 1),
        _ => ("?", "", 2),
    }
}

/// Writes a figure's value with its unit (`19.40 m`, `0.95 g`, `14`); `--` before it is
/// measured.
pub fn write_value(out: &mut String, metric: &str, value: f64) {
    let (_, unit, decimals) = presentation(metric);
    if !value.is_finite() {
        out.push_str("--");
        return;
    }
    let _ = write!(out, "{value:.decimals$}");
    if !unit.is_empty() {
        if unit != "°" {
            out.push(' ');
        }
        out.push_str(unit);
    }
}

/// Writes a goal's targets: `G 19.6  S 21.5  B 24.3`, with `≤`/`≥` for which way counts.
pub fn write_targets(out: &mut String, targets: [f64; 3], better: Better) {
    let sign = match better {
        Better::Lower => '≤',
        Better::Higher => '≥',
    };
    for (i, (name, t)) in ["G", "S", "B"].iter().zip(targets).enumerate() {
        if i > 0 {
            out.push_str("  ");
        }
        let _ = write!(out, "{name}{sign}{t}");
    }
}

/// Writes the run line: `RUN 2/5  wet_stop`.
pub fn write_run(out: &mut String, run: usize, runs: usize, name: &str) {
    let _ = write!(out, "RUN {run}/{runs}  {name}");
}

/// Writes one figure's line: `STOP  19.40 m`.
fn write_figure(out: &mut String, f: &LiveFigure) {
    out.push_str(presentation(f.metric).0);
    out.push_str("  ");
    write_value(out, f.metric, f.value);
}

/// The panel's size for `board` in the HUD's fonts: as wide as its widest line
/// (measured, not guessed), a line per figure and per target line.
pub fn size(hud: &Hud, text: &mut String, board: &ChallengeBoard) -> [f32; 2] {
    let line = hud.line_height(TextSize::Panel);
    let big = hud.line_height(TextSize::Body);
    let pad = (line * 0.4).round();
    let mut widest = hud.label_width(TextSize::Body, "RUN 9/9  ");
    text.clear();
    write_run(text, board.run, board.runs, board.run_name);
    widest = widest.max(hud.label_width(TextSize::Body, text));
    let mut lines = 1usize;
    for f in board.figures.iter().flatten() {
        text.clear();
        write_figure(text, f);
        widest = widest.max(hud.label_width(TextSize::Panel, text));
        lines += 1;
        if let Some((t, b)) = f.targets {
            text.clear();
            write_targets(text, t, b);
            widest = widest.max(hud.label_width(TextSize::Panel, text));
            lines += 1;
        }
    }
    [
        (widest + 2.0 * pad).ceil(),
        (big + line * lines as f32 + 2.0 * pad).ceil(),
    ]
}

/// Adds the panel inside `rect` (from the layout, sized by [`size`]; the layout may
/// narrow it to half the safe area, and lines past its bottom are left out); `text` is a
/// scratch buffer.
pub fn draw(hud: &mut Hud, text: &mut String, board: &ChallengeBoard, rect: Rect) {
    let line = hud.line_height(TextSize::Panel);
    let big = hud.line_height(TextSize::Body);
    let pad = (line * 0.4).round();
    hud.rect(rect.x, rect.y, rect.w, rect.h, SHADE);
    let (x, mut y) = (rect.x + pad, rect.y + pad);
    let bottom = rect.bottom() - pad + 0.5;

    text.clear();
    write_run(text, board.run, board.runs, board.run_name);
    hud.label(x, y, TextSize::Body, text, WHITE);
    y += big;
    text.clear();
    if board.settling {
        text.push_str("GET READY");
    } else {
        let _ = write!(text, "{:.1} / {:.1} s", board.elapsed_s, board.length_s);
    }
    hud.label(x, y, TextSize::Panel, text, if board.settling { READY } else { DIM });
    y += line;
    for f in board.figures.iter().flatten() {
        if y + line > bottom {
            break;
        }
        text.clear();
        write_figure(text, f);
        hud.label(x, y, TextSize::Panel, text, WHITE);
        y += line;
        if let Some((t, b)) = f.targets.filter(|_| y + line <= bottom) {
            text.clear();
            write_targets(text, t, b);
            hud.label(x, y, TextSize::Panel, text, DIM);
            y += line;
        }
    }
}

impl HudPanel for ChallengeBoard<'_> {
    fn request(&self, hud: &Hud, text: &mut String, req: &mut Request) {
        req.mode_panel = Some(size(hud, text, self));
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

    fn shown(f: impl Fn(&mut String)) -> String {
        let mut s = String::new();
        f(&mut s);
        s
    }

    #[test]
    fn figures_read_with_their_units_and_unmeasured_ones_as_dashes() {
        assert_eq!(shown(|s| write_value(s, "stop_distance_m", 19.404)), "19.40 m");
        assert_eq!(shown(|s| write_value(s, "peak_decel_g", 0.954)), "0.95 g");
        assert_eq!(shown(|s| write_value(s, "landing_pitch_deg", 24.6)), "25°");
        assert_eq!(shown(|s| write_value(s, "props_toppled", 14.0)), "14");
        assert_eq!(shown(|s| write_value(s, "impact_speed_mps", f64::NAN)), "--");
    }

    #[test]
    fn targets_say_which_way_counts() {
        assert_eq!(
            shown(|s| write_targets(s, [19.6, 21.5, 24.3], Better::Lower)),
            "G≤19.6  S≤21.5  B≤24.3"
        );
        assert_eq!(
            shown(|s| write_targets(s, [20.0, 12.0, 6.0], Better::Higher)),
            "G≥20  S≥12  B≥6"
        );
        assert_eq!(shown(|s| write_run(s, 2, 5, "wet_stop")), "RUN 2/5  wet_stop");
    }
}
