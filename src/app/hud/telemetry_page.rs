//! The telemetry page (F2) as a compact panel: the car, its speed, engine and gear in two
//! columns, then the wheels two to a line (left and right of each axle, front first, as
//! the car file lists them), four figures each, and streaming last. In the 8-pixel font at
//! whole multiples of the window height over 480, so at 640×480 it is 224 × 126 pixels for
//! a four-wheeled car: about a third of the width, a quarter of the height. If a figure looks
//! wrong here, `skidpad run --telemetry` writes the same figures per tick to a CSV.

use super::layout::Rect;
use crate::app::session::Session;
use crate::render::Hud;
use crate::vehicle::{Telemetry, WheelTelemetry};
use std::fmt::Write as _;

const SHADE: [f32; 4] = [0.0, 0.0, 0.0, 0.6];
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const AMBER: [f32; 4] = [1.0, 0.75, 0.2, 1.0];

/// Characters per column; two columns to a line, a blank character between them.
pub const COLUMN_CHARS: usize = 13;
/// Characters across: both columns and the blank between.
const LINE_CHARS: usize = 2 * COLUMN_CHARS + 1;
/// Lines each wheel takes: its number and first figure, then three more.
const WHEEL_LINES: usize = 4;

/// The font scale on a window `height_px` high: 1 up to 959 lines, then 2, …
pub fn text_scale(height_px: f32) -> f32 {
    (height_px / 480.0).floor().max(1.0)
}

/// The panel's size for a car with `wheels` wheels on a window `height_px` high, pixels.
pub fn size(wheels: usize, height_px: f32) -> [f32; 2] {
    let ts = text_scale(height_px);
    let lines = 3 + wheels.div_ceil(2) * WHEEL_LINES + 1;
    let pad = 4.0 * ts;
    [
        LINE_CHARS as f32 * 8.0 * ts + 2.0 * pad,
        lines as f32 * 10.0 * ts - 2.0 * ts + 2.0 * pad,
    ]
}

/// The sim car's figures for a wheel's lines: label and value. Short labels leave the
/// value six characters; the units are fixed (README, Controls): SR slip ratio, SA slip
/// angle in degrees, FZ load in kN, COMP suspension compression in cm.
type WheelRow = (&'static str, fn(&WheelTelemetry) -> f32);
const SIM_ROWS: [WheelRow; WHEEL_LINES] = [
    ("SR", |w| w.slip_ratio),
    ("SA", |w| w.slip_angle_rad.to_degrees()),
    ("FZ", |w| w.load_n / 1000.0),
    ("COMP", |w| w.compression_m * 100.0),
];

/// Adds the page for `session`'s player car inside `rect`; `engine` is the sim car's
/// telemetry (`None` for the arcade car, which has no engine or tyre model to show).
pub fn draw(
    hud: &mut Hud,
    text: &mut String,
    session: &Session,
    engine: Option<&Telemetry>,
    rect: Rect,
    height_px: f32,
) {
    let ts = text_scale(height_px);
    hud.rect(rect.x, rect.y, rect.w, rect.h, SHADE);
    let pad = 4.0 * ts;
    let col = (COLUMN_CHARS + 1) as f32 * 8.0 * ts;
    let (x, mut y) = (rect.x + pad, rect.y + pad);
    let bottom = rect.bottom() - pad;
    let world = session.world();
    let car = world.player();
    // One line: the text from `text[..split]` in the left column, the rest in the right;
    // lines that would pass the panel's bottom are left out rather than drawn outside.
    let line = |hud: &mut Hud, text: &str, split: usize, colour: [f32; 4], y: &mut f32| {
        if *y + 8.0 * ts <= bottom + 0.5 {
            let split = if text.is_char_boundary(split) {
                split
            } else {
                text.len()
            };
            let (l, r) = text.split_at(split);
            hud.text(x, *y, ts, l, colour);
            hud.text(x + col, *y, ts, r, colour);
        }
        *y += 10.0 * ts;
    };
    text.clear();
    text.extend(car.def().name.chars().take(LINE_CHARS).map(|c| c.to_ascii_uppercase()));
    line(hud, text, text.len(), AMBER, &mut y);
    text.clear();
    let _ = write!(text, "FWD {:5.1}m/s", shown(world.player_forward_speed()));
    let split = pad_to(text, 0);
    match engine {
        Some(t) => {
            let _ = write!(text, "RPM {:6.0}", t.engine_rpm);
            line(hud, text, split, WHITE, &mut y);
            text.clear();
            let _ = write!(text, "GEAR {:>5}", GearText(t.gear));
            let split = pad_to(text, 0);
            let _ = write!(text, "CLUTCH {:4.0}", t.clutch_slip_rpm.abs());
            line(hud, text, split, WHITE, &mut y);
        }
        None => {
            let _ = write!(text, "WHEELS {}", car.wheels().len());
            line(hud, text, split, WHITE, &mut y);
            line(hud, "ARCADE MODEL", 13, WHITE, &mut y);
        }
    }
    let wheels = car.wheels().len();
    for pair in 0..wheels.div_ceil(2) {
        // Row by row (the arcade car's rows, below, are as many as the sim car's).
        for (row, (label, value)) in SIM_ROWS.iter().enumerate() {
            text.clear();
            let mut split = 0;
            for side in 0..2 {
                let i = pair * 2 + side;
                if i >= wheels {
                    break;
                }
                let start = text.len();
                if row == 0 {
                    let _ = write!(text, "{i} ");
                } else {
                    text.push_str("  ");
                }
                match engine {
                    Some(t) => {
                        let _ = write!(text, "{label:<5}{:>6.2}", shown(value(&t.wheels()[i])));
                    }
                    None => {
                        let w = &car.wheels()[i];
                        let _ = match row {
                            0 => write!(text, "GND   {:>5}", if w.grounded { "Y" } else { "-" }),
                            1 => write!(text, "CMP cm{:>5.1}", shown(w.compression_m * 100.0)),
                            2 => write!(text, "SLP kW{:>5.1}", shown(w.slip_power_w / 1000.0)),
                            _ => write!(text, "STEER {:>5.1}", shown(w.steer_rad.to_degrees())),
                        };
                    }
                }
                // Each cell to its column's width (cut if a figure ran long).
                let end = pad_to(text, start);
                if side == 0 {
                    split = end;
                }
            }
            line(hud, text, split, if row == 0 { AMBER } else { WHITE }, &mut y);
        }
    }
    text.clear();
    let s = world.stream_stats();
    let _ = write!(
        text,
        "CHUNKS {} {:.1}MB W{}",
        s.resident_chunks,
        s.resident_bytes as f64 / 1048576.0,
        s.waits
    );
    line(hud, text, text.len(), WHITE, &mut y);
}

/// `v` rounded to hundredths and held within ±99.9 so that it keeps its column, with −0
/// shown as 0 (a wheel at rest reads 0.00, not −0.00).
fn shown(v: f32) -> f32 {
    clamp((v * 100.0).round() / 100.0) + 0.0
}

fn clamp(v: f32) -> f32 {
    if v.is_finite() {
        v.clamp(-99.9, 99.9)
    } else {
        0.0
    }
}

/// Cuts or pads the cell that starts at `start` in `text` to [`COLUMN_CHARS`]; returns the
/// end (where the next column starts).
fn pad_to(text: &mut String, start: usize) -> usize {
    let end = start + COLUMN_CHARS;
    if text.len() > end {
        text.truncate(end);
    }
    while text.len() < end {
        text.push(' ');
    }
    end
}

/// A gear as the driver reads it (R, N, 1, …), padded as the format asks.
struct GearText(i8);

impl std::fmt::Display for GearText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            g if g < 0 => f.pad("R"),
            0 => f.pad("N"),
            g => std::fmt::Display::fmt(&g, f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_compact_at_640x480() {
        let [w, h] = size(4, 480.0);
        assert!(w <= 640.0 * 0.36, "about a third of the width: {w}");
        assert!(h <= 240.0, "under half the height: {h}");
        // A six-wheeler still fits under half the height.
        assert!(size(6, 480.0)[1] <= 240.0);
        // At 1080 lines the font doubles and so does the page.
        assert_eq!(size(4, 1080.0)[0], 2.0 * w);
    }
}
