//! The dial, bottom right: a tachometer arc with ticks every thousand rpm (numbered), the
//! red band from where the gearbox shifts up to the end of the scale, a needle, and inside
//! it the digital speed in km/h and the gear in the real font (the numbers too, in its
//! smallest size, [`TextSize::Gauge`]). Drawn with the HUD batch's
//! rectangles and strokes, sized to the square the layout gives it. The needle's angle is
//! a pure function, tested alone; if the needle looks wrong, check [`DialReading`]'s
//! figures first (the sim car's telemetry, or the arcade car's virtual engine).

use super::layout::Rect;
use crate::render::{Hud, TextSize};
use std::fmt::Write as _;

/// What the dial shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DialReading {
    /// Road speed, km/h.
    pub speed_kmh: f32,
    /// Engine speed, rpm.
    pub rpm: f32,
    /// Gear: negative reverse, 0 neutral, 1.. forward.
    pub gear: i8,
    /// The engine's rev limit, rpm: the scale ends just past it.
    pub rev_limit_rpm: f32,
    /// Where the red band starts, rpm (where the gearbox shifts up).
    pub redline_rpm: f32,
}

/// The arc's sweep, radians: 240°, open at the bottom as on a car's gauge.
pub const SWEEP_RAD: f32 = 240.0 * std::f32::consts::PI / 180.0;
/// The angle of the scale's zero, radians (counter-clockwise from the right, y up): the
/// arc runs clockwise from bottom left (210°) to bottom right (−30°).
pub const ZERO_RAD: f32 = 210.0 * std::f32::consts::PI / 180.0;

const FACE: [f32; 4] = [0.02, 0.03, 0.05, 0.62];
const ARC: [f32; 4] = [0.85, 0.87, 0.9, 0.95];
const RED: [f32; 4] = [0.95, 0.18, 0.15, 1.0];
const NEEDLE: [f32; 4] = [1.0, 0.55, 0.1, 1.0];
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.75, 0.77, 0.8, 1.0];
const GEAR: [f32; 4] = [1.0, 0.75, 0.2, 1.0];

/// The scale's end, rpm: the rev limit plus 5 %, up to the next thousand (a 7000 rpm
/// limit reads on a 0–8 scale, so the needle never sits on the stop).
pub fn scale_max_rpm(rev_limit_rpm: f32) -> f32 {
    let top = (rev_limit_rpm.max(1000.0) * 1.05 / 1000.0).ceil() * 1000.0;
    if top.is_finite() {
        top
    } else {
        10_000.0
    }
}

/// The needle's angle for `rpm` on a scale to `max_rpm`, radians (as [`ZERO_RAD`]):
/// linear in rpm, held at the ends (idle below 0 and over-revs stay on the scale).
pub fn needle_rad(rpm: f32, max_rpm: f32) -> f32 {
    let f = if max_rpm > 0.0 && rpm.is_finite() {
        (rpm / max_rpm).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ZERO_RAD - SWEEP_RAD * f
}

/// The point at `angle` (radians, y up) and `radius` from `centre`, in screen pixels (y down).
fn polar(centre: [f32; 2], radius: f32, angle: f32) -> [f32; 2] {
    [centre[0] + radius * angle.cos(), centre[1] - radius * angle.sin()]
}

/// Writes a gear as the driver reads it: R, N, 1, 2, …
pub fn write_gear(out: &mut String, gear: i8) {
    match gear {
        g if g < 0 => out.push('R'),
        0 => out.push('N'),
        g => {
            let _ = write!(out, "{g}");
        }
    }
}

/// Adds the dial for `r` inside the square `rect` to `hud`; `text` is a scratch buffer.
pub fn draw(hud: &mut Hud, text: &mut String, r: &DialReading, rect: Rect) {
    let side = rect.w.min(rect.h);
    let centre = [rect.x + rect.w * 0.5, rect.y + rect.h * 0.5];
    let radius = side * 0.46;
    // The face: a disc of horizontal strips (the batch draws rectangles), 2 px each.
    let strips = (side / 2.0).ceil().max(8.0) as usize;
    let strip_h = side * 0.96 / strips as f32;
    for i in 0..strips {
        let yc = -side * 0.48 + (i as f32 + 0.5) * strip_h;
        let half = ((side * 0.48).powi(2) - yc * yc).max(0.0).sqrt();
        hud.rect(
            centre[0] - half,
            centre[1] + yc - strip_h * 0.5,
            half * 2.0,
            strip_h,
            FACE,
        );
    }
    let max_rpm = scale_max_rpm(r.rev_limit_rpm);
    let stroke = (side * 0.018).max(1.0);
    // The dial shrunk to make room (the layout's smaller size) keeps its arc, ticks and
    // needle but not the tick numbers, and reads speed and gear in the small font: the
    // fonts follow the window height, not the dial.
    let compact = side < 4.5 * hud.line_height(TextSize::Body);
    let (figure, unit_size) = if compact {
        (TextSize::Panel, TextSize::Panel)
    } else {
        (TextSize::Body, TextSize::Panel)
    };
    // The gear's baseline and the speed's capitals this far either side of the centre,
    // clear of the hub.
    let figure_gap = side * 0.08;
    // The tick numbers (`TextSize::Gauge`) on a ring inside the long ticks, each centred
    // there; shown only where that ring clears the gear above the hub.
    let num_cap = hud.cap_height(TextSize::Gauge);
    let numeral_r = radius * 0.8 - num_cap * 0.9;
    let numbered = !compact && numeral_r - num_cap * 0.75 >= figure_gap + hud.cap_height(figure);
    // The arc in short chords, the red band thicker on its outer edge.
    const CHORDS: usize = 48;
    for i in 0..CHORDS {
        let (f0, f1) = (i as f32 / CHORDS as f32, (i + 1) as f32 / CHORDS as f32);
        let (a0, a1) = (ZERO_RAD - SWEEP_RAD * f0, ZERO_RAD - SWEEP_RAD * f1);
        hud.line(polar(centre, radius, a0), polar(centre, radius, a1), stroke, ARC);
        if f1 * max_rpm > r.redline_rpm {
            let a0 = needle_rad(r.redline_rpm.max(f0 * max_rpm), max_rpm);
            let band = radius - stroke * 2.0;
            hud.line(polar(centre, band, a0), polar(centre, band, a1), stroke * 3.0, RED);
        }
    }
    // Ticks: long every thousand (or every two or more when the scale is long), short
    // halfway; the long ones numbered in thousands.
    let thousands = (max_rpm / 1000.0).round() as i32;
    let step = (thousands + 7) / 8;
    // Every long tick numbered where the numbers stand apart on their ring (two and a half
    // capitals from one to the next); every other one where they would crowd (a small
    // window: the numbers keep their least size, the dial does not).
    let pitch = numeral_r * SWEEP_RAD * (step * 1000) as f32 / max_rpm;
    let numbered_every = if pitch >= 2.5 * num_cap { 1 } else { 2 };
    for k in 0..=thousands * 2 {
        let rpm = k as f32 * 500.0;
        let major = k % (2 * step) == 0;
        if !major && step > 1 {
            continue;
        }
        let a = needle_rad(rpm, max_rpm);
        let inner = if major { radius * 0.82 } else { radius * 0.9 };
        let colour = if rpm >= r.redline_rpm { RED } else { ARC };
        hud.line(polar(centre, inner, a), polar(centre, radius, a), stroke, colour);
        if major && numbered && (k / (2 * step)) % numbered_every == 0 {
            text.clear();
            let _ = write!(text, "{}", k / 2);
            let p = polar(centre, numeral_r, a);
            hud.label_centred(p[0], p[1], TextSize::Gauge, text, DIM);
        }
    }
    // The needle from a little behind the hub to just inside the arc, and the hub.
    let a = needle_rad(r.rpm, max_rpm);
    let tail = polar(centre, -radius * 0.12, a);
    hud.line(tail, polar(centre, radius * 0.86, a), stroke * 1.6, NEEDLE);
    let hub = side * 0.06;
    hud.rect(centre[0] - hub * 0.5, centre[1] - hub * 0.5, hub, hub, NEEDLE);
    // The gear above the hub (its baseline `figure_gap` over the centre), the speed and
    // its unit below (the speed's capitals from `figure_gap` under it).
    text.clear();
    write_gear(text, r.gear);
    let fig_cap = hud.cap_height(figure);
    let gear_y = centre[1] - figure_gap - fig_cap * 0.5;
    hud.label_centred(centre[0], gear_y, figure, text, GEAR);
    text.clear();
    let _ = write!(text, "{:.0}", r.speed_kmh.abs().min(999.0));
    // Compact, the unit follows the figure on its line where that line fits inside the
    // face (a split-screen view's small dial at the least text size: under it instead).
    let unit_inline = compact && {
        let line = hud.label_width(figure, text) + hud.label_width(unit_size, " km/h");
        line <= side * 0.8
    };
    if unit_inline {
        text.push_str(" km/h");
    }
    let speed_y = centre[1] + figure_gap + fig_cap * 0.5;
    let [_, speed_top] = hud.label_centred(centre[0], speed_y, figure, text, WHITE);
    if !unit_inline {
        let unit = "km/h";
        let uw = hud.label_width(unit_size, unit);
        let y = speed_top + hud.line_height(figure) * 0.95;
        hud.label(centre[0] - uw * 0.5, y, unit_size, unit, DIM);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_needle_sweeps_clockwise_from_bottom_left_and_stays_on_the_scale() {
        let max = 8000.0;
        assert!((needle_rad(0.0, max) - ZERO_RAD).abs() < 1e-6);
        assert!((needle_rad(max, max) - (ZERO_RAD - SWEEP_RAD)).abs() < 1e-6);
        // Half the scale points straight up (90°): 210° − 120°.
        assert!((needle_rad(4000.0, max).to_degrees() - 90.0).abs() < 1e-3);
        assert!(
            needle_rad(3000.0, max) > needle_rad(3100.0, max),
            "more rpm, further clockwise"
        );
        assert_eq!(needle_rad(-50.0, max), needle_rad(0.0, max));
        assert_eq!(needle_rad(9000.0, max), needle_rad(max, max));
        assert_eq!(needle_rad(f32::NAN, max), needle_rad(0.0, max));
    }

    #[test]
    fn the_scale_ends_past_the_rev_limit_on_a_whole_thousand() {
        assert_eq!(scale_max_rpm(7000.0), 8000.0);
        assert_eq!(scale_max_rpm(6500.0), 7000.0);
        assert_eq!(scale_max_rpm(15_000.0), 16_000.0);
        assert_eq!(scale_max_rpm(0.0), 2000.0);
        assert_eq!(scale_max_rpm(f32::INFINITY), 10_000.0);
    }

    #[test]
    fn gears_read_r_n_and_numbers() {
        let shown = |g| {
            let mut s = String::new();
            write_gear(&mut s, g);
            s
        };
        assert_eq!(shown(-1), "R");
        assert_eq!(shown(0), "N");
        assert_eq!(shown(3), "3");
    }
}
