//! The frame-time graph (F1): a strip of bars, one per recent frame, newest on the right,
//! green under the frame budget and red over it; a y axis in milliseconds with the 16.7
//! and 33.3 ms marks (60 and 30 frames a second) labelled, the budget as an amber line,
//! and under the plot the worst frame and the phase that took longest in it. Drawn in
//! the 8-pixel font inside the strip the layout gives it. If the bars all read red, the
//! frames are over budget (see `skidpad profile`), not the graph wrong.

use super::layout::Rect;
use crate::render::Hud;
use crate::time::{FrameHistory, Phase};
use std::fmt::Write as _;
use std::time::Duration;

const SHADE: [f32; 4] = [0.0, 0.0, 0.0, 0.6];
const OVER: [f32; 4] = [0.95, 0.25, 0.2, 0.95];
const UNDER: [f32; 4] = [0.3, 0.85, 0.4, 0.95];
const MARK: [f32; 4] = [0.6, 0.62, 0.66, 0.8];
const BUDGET: [f32; 4] = [1.0, 0.75, 0.2, 1.0];
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.75, 0.77, 0.8, 1.0];

/// The labelled marks, ms: a frame at 60 and at 30 frames a second.
pub const MARKS_MS: [f32; 2] = [1000.0 / 60.0, 1000.0 / 30.0];

/// The top of the scale, ms: a fifth above the larger of twice the budget and the 30 fps
/// mark, so both marks and the budget line always show with room for a spike.
pub fn scale_top_ms(budget: Duration) -> f32 {
    let budget_ms = budget.as_secs_f32() * 1000.0;
    (2.0 * budget_ms).max(MARKS_MS[1]) * 1.2
}

/// The plot's area inside the strip `rect` with text scale `ts`: (x, y, w, h). The y axis
/// labels take a gutter on the left, the worst-frame line the bottom.
pub fn plot_area(rect: Rect, ts: f32) -> Rect {
    let pad = 3.0 * ts;
    let gutter = 5.0 * 8.0 * ts;
    let x = rect.x + pad + gutter;
    let y = rect.y + pad + 4.0 * ts;
    Rect::new(
        x,
        y,
        (rect.right() - pad - x).max(1.0),
        (rect.bottom() - pad - 10.0 * ts - y).max(1.0),
    )
}

/// The text scale for a strip `rect`: whole multiples of the 8-pixel font (1 up to a
/// 959-line window, where the strip is 72 px high per step).
pub fn text_scale(rect: Rect) -> f32 {
    (rect.h / 72.0).floor().max(1.0)
}

/// The y of `ms` on the plot `plot` scaled to `top_ms` (held at the top).
pub fn y_of(plot: Rect, ms: f32, top_ms: f32) -> f32 {
    plot.bottom() - (ms / top_ms).clamp(0.0, 1.0) * plot.h
}

/// Adds the graph of `history` against `budget` inside `rect` to `hud`; `text` is a
/// scratch buffer.
pub fn draw(hud: &mut Hud, text: &mut String, history: &FrameHistory, budget: Duration, rect: Rect) {
    hud.rect(rect.x, rect.y, rect.w, rect.h, SHADE);
    let ts = text_scale(rect);
    let plot = plot_area(rect, ts);
    let top = scale_top_ms(budget);
    let budget_ms = budget.as_secs_f32() * 1000.0;
    // Bars, 2 px wide per frame at the smallest scale, newest on the right.
    let bar = 2.0 * ts;
    let n = history.len().min((plot.w / bar) as usize);
    let mut worst = None::<(Duration, Phase)>;
    let x0 = plot.right() - n as f32 * bar;
    for (i, f) in history.iter().skip(history.len() - n).enumerate() {
        let ms = f.total.as_secs_f32() * 1000.0;
        let y = y_of(plot, ms, top);
        let colour = if f.total > budget { OVER } else { UNDER };
        hud.rect(x0 + i as f32 * bar, y, (bar - 1.0).max(1.0), plot.bottom() - y, colour);
        if worst.is_none_or(|(d, _)| f.total > d) {
            worst = Some((f.total, f.longest()));
        }
    }
    // The axis, the marks (a thin line and the value) and the budget over them.
    let thin = ts.max(1.0);
    hud.rect(plot.x - thin, plot.y, thin, plot.h, DIM);
    hud.rect(plot.x - thin, plot.bottom(), plot.w + thin, thin, DIM);
    let label = |hud: &mut Hud, text: &mut String, ms: f32, colour| {
        text.clear();
        let _ = write!(text, "{ms:4.1}");
        let y = y_of(plot, ms, top) - 4.0 * ts;
        hud.text(
            plot.x - thin - 2.0 * ts - text.len() as f32 * 8.0 * ts,
            y,
            ts,
            text,
            colour,
        );
    };
    let budget_y = y_of(plot, budget_ms, top);
    for ms in MARKS_MS {
        let y = y_of(plot, ms, top);
        hud.rect(plot.x, y, plot.w, thin, MARK);
        // A mark as close to the budget as a line of text is labelled by the budget's.
        if (y - budget_y).abs() >= 8.0 * ts {
            label(hud, text, ms, DIM);
        }
    }
    hud.rect(plot.x, budget_y - thin * 0.5, plot.w, thin * 1.5, BUDGET);
    label(hud, text, budget_ms, BUDGET);
    hud.text(rect.x + 3.0 * ts, rect.y + 3.0 * ts, ts, "MS", DIM);
    text.clear();
    if let Some((d, phase)) = worst {
        let _ = write!(text, "MAX {:.1}MS ", d.as_secs_f64() * 1e3);
        text.extend(phase.name().chars().map(|c| c.to_ascii_uppercase()));
    }
    // Cut to the strip's width rather than run past it.
    let fit = ((rect.w - 6.0 * ts) / (8.0 * ts)).max(0.0) as usize;
    let shown = &text[..text.len().min(fit)];
    hud.text(rect.x + 3.0 * ts, rect.bottom() - 3.0 * ts - 8.0 * ts, ts, shown, WHITE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_holds_the_budget_and_both_marks() {
        let top = scale_top_ms(Duration::from_micros(16_670));
        // Twice the budget (33.34 ms) is above the 30 fps mark: the scale reaches past it.
        assert!(top > 2.0 * 16.67, "{top}");
        // A 50 ms budget (a slow profile) still shows its line with room above it.
        assert!(scale_top_ms(Duration::from_millis(50)) >= 100.0);
    }

    #[test]
    fn times_map_onto_the_plot_bottom_up_and_are_held_at_the_top() {
        let plot = Rect::new(10.0, 20.0, 100.0, 50.0);
        assert_eq!(y_of(plot, 0.0, 40.0), 70.0);
        assert_eq!(y_of(plot, 40.0, 40.0), 20.0);
        assert_eq!(y_of(plot, 20.0, 40.0), 45.0);
        assert_eq!(y_of(plot, 400.0, 40.0), 20.0, "a spike stays in the strip");
    }

    #[test]
    fn the_plot_lies_inside_the_strip() {
        let strip = Rect::new(32.0, 24.0, 192.0, 72.0);
        let plot = plot_area(strip, text_scale(strip));
        assert!(plot.inside(&strip), "{plot:?} in {strip:?}");
        assert!(plot.w > 100.0 && plot.h > 30.0, "room for bars: {plot:?}");
    }
}
