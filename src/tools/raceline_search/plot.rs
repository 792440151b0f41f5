//! The racing line as a PNG: the track from above (map frame, x east, y north) with the
//! line coloured by speed (and the AI's own lap over it, thin black), below it speed
//! against distance for the line, the centre line and the AI, and with the AI's lap its
//! lateral error from the line against distance. Drawn with plotters' bitmap backend into a buffer (no font library: the
//! few labels use the game's built-in 8×8 font), encoded with `png`.

use super::ai_lap::AiLap;
use crate::raceline::Laterals;
use crate::raceline::ProfiledLine;
use glam::Vec2;
use plotters::prelude::*;

const WIDTH: u32 = 1000;
const HEIGHT: u32 = 1300;
/// Height added below for the AI's lateral error, px.
const ERROR_HEIGHT: u32 = 320;
/// Height of the map panel (the title sits in its top margin), px.
const MAP_HEIGHT: u32 = 900;
/// Text scale: each font pixel is this many image pixels.
const TEXT_SCALE: usize = 2;

/// What to draw.
#[derive(Debug, Clone, Copy)]
pub struct PlotInput<'a> {
    /// First line of the picture.
    pub title: &'a str,
    /// The track (borders) the line was found on; None draws the line alone.
    pub laterals: Option<&'a Laterals>,
    /// The line.
    pub line: &'a ProfiledLine,
    /// The centre line, for comparison in the speed panel.
    pub centre: Option<&'a ProfiledLine>,
    /// The AI's lap on the line: its path, speed and lateral error.
    pub ai: Option<&'a AiLap>,
}

impl PlotInput<'_> {
    /// The picture's height: taller with the AI's lateral-error panel.
    fn height(&self) -> u32 {
        HEIGHT + if self.ai.is_some() { ERROR_HEIGHT } else { 0 }
    }
}

/// Blue → cyan → green → yellow → red as `f` goes 0 → 1.
fn speed_colour(f: f32) -> RGBColor {
    let f = f.clamp(0.0, 1.0) * 4.0;
    let (seg, t) = ((f as usize).min(3), f - (f as usize).min(3) as f32);
    let stops = [
        (30.0, 60.0, 230.0),
        (0.0, 200.0, 230.0),
        (40.0, 190.0, 40.0),
        (240.0, 210.0, 0.0),
        (220.0, 30.0, 30.0),
    ];
    let (a, b) = (stops[seg], stops[seg + 1]);
    let mix = |x: f32, y: f32| (x + (y - x) * t) as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Map-frame coordinates of a world point.
fn map(p: Vec2) -> (f64, f64) {
    (-p.x as f64, p.y as f64)
}

/// Renders the plot as PNG bytes.
pub fn render_png(input: &PlotInput) -> Result<Vec<u8>, String> {
    let height = input.height();
    let mut buf = vec![255u8; (WIDTH * height * 3) as usize];
    let mut labels: Vec<(i32, i32, String)> = Vec::new();
    draw(&mut buf, input, &mut labels).map_err(|e| format!("cannot draw the plot: {e}"))?;
    for (x, y, s) in &labels {
        text(&mut buf, height, *x, *y, s);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, WIDTH, height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().map_err(|e| e.to_string())?;
        w.write_image_data(&buf).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn draw(buf: &mut [u8], input: &PlotInput, labels: &mut Vec<(i32, i32, String)>) -> DrawResult {
    let root = BitMapBackend::with_buffer(buf, (WIDTH, input.height())).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, rest) = root.split_vertically(MAP_HEIGHT);
    let (bottom, error_panel) = rest.split_vertically(HEIGHT - MAP_HEIGHT);
    labels.push((20, 12, input.title.to_string()));
    let line = input.line;
    let (vmin, vmax) = (
        line.min_speed_mps(),
        line.max_speed_mps().max(line.min_speed_mps() + 1e-3),
    );

    // The map, same scale on both axes.
    let mut all: Vec<Vec2> = line.points_m.clone();
    if let Some(l) = input.laterals {
        all.extend(&l.border_left_m);
        all.extend(&l.border_right_m);
    }
    let (lo, hi) = all
        .iter()
        .fold(((f64::MAX, f64::MAX), (f64::MIN, f64::MIN)), |(lo, hi), p| {
            let (x, y) = map(*p);
            ((lo.0.min(x), lo.1.min(y)), (hi.0.max(x), hi.1.max(y)))
        });
    let area = top.margin(76, 20, 20, 20);
    let (pw, ph) = area.dim_in_pixel();
    let scale = ((hi.0 - lo.0) / pw as f64).max((hi.1 - lo.1) / ph as f64).max(1e-6);
    let (cx, cy) = (0.5 * (lo.0 + hi.0), 0.5 * (lo.1 + hi.1));
    let (hw, hh) = (0.5 * pw as f64 * scale, 0.5 * ph as f64 * scale);
    let mut chart = ChartBuilder::on(&area).build_cartesian_2d(cx - hw..cx + hw, cy - hh..cy + hh)?;
    if let Some(l) = input.laterals {
        for border in [&l.border_left_m, &l.border_right_m] {
            let pts = border.iter().chain(border.first()).map(|p| map(*p));
            chart.draw_series(LineSeries::new(pts, RGBColor(90, 90, 90).stroke_width(2)))?;
        }
    }
    let n = line.points_m.len();
    for i in 0..n {
        let j = (i + 1) % n;
        let f = (0.5 * (line.speed_mps[i] + line.speed_mps[j]) - vmin) / (vmax - vmin);
        chart.draw_series(LineSeries::new(
            [map(line.points_m[i]), map(line.points_m[j])],
            speed_colour(f).stroke_width(3),
        ))?;
    }
    if let Some(ai) = input.ai {
        chart.draw_series(LineSeries::new(
            ai.points_m.iter().map(|p| map(*p)),
            BLACK.stroke_width(1),
        ))?;
    }
    // Start: a black bar across the line.
    let start = map(line.points_m[0]);
    chart.draw_series(std::iter::once(Circle::new(start, 6, BLACK.filled())))?;
    let (sx, sy) = chart.backend_coord(&start);
    labels.push((sx + 10, sy - 8, "start".into()));
    // Colour scale.
    for k in 0..200 {
        let colour = speed_colour(k as f32 / 199.0);
        top.draw(&Rectangle::new([(760 + k, 46), (761 + k, 62)], colour.filled()))?;
    }
    labels.push((560, 48, format!("{vmin:5.1} m/s")));
    labels.push((964 - 16 * 8, 68, format!("{vmax:5.1} m/s")));
    let bar = 100.0 * scale;
    let bar_m = [10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0]
        .into_iter()
        .find(|m| *m >= bar)
        .unwrap_or(1000.0);
    let px = (bar_m / scale) as i32;
    top.draw(&Rectangle::new([(20, 52), (20 + px, 56)], BLACK.filled()))?;
    labels.push((28 + px, 46, format!("{bar_m} m")));

    // Speed against distance.
    let area = bottom.margin(30, 40, 80, 20);
    let top_v = (vmax.max(input.centre.map_or(0.0, |c| c.max_speed_mps())) * 1.1) as f64;
    let length = line.length_m.max(input.centre.map_or(0.0, |c| c.length_m)) as f64;
    let mut chart = ChartBuilder::on(&area).build_cartesian_2d(0.0..length, 0.0..top_v)?;
    let grey = RGBColor(215, 215, 215);
    let v_step = if top_v > 60.0 { 20.0 } else { 10.0 };
    let mut v = 0.0;
    while v <= top_v {
        chart.draw_series(LineSeries::new([(0.0, v), (length, v)], grey))?;
        let (x, y) = chart.backend_coord(&(0.0, v));
        labels.push((x - 40, y - 8, format!("{v:3.0}")));
        v += v_step;
    }
    let s_step = [100.0, 250.0, 500.0, 1000.0, 2000.0]
        .into_iter()
        .find(|s| length / s <= 10.0)
        .unwrap_or(5000.0);
    let mut s = 0.0;
    while s <= length {
        chart.draw_series(LineSeries::new([(s, 0.0), (s, top_v)], grey))?;
        let (x, y) = chart.backend_coord(&(s, 0.0));
        labels.push((x - 16, y + 8, format!("{s:.0}")));
        s += s_step;
    }
    let profile = |l: &ProfiledLine| -> Vec<(f64, f64)> {
        let mut pts: Vec<(f64, f64)> = l
            .s_m
            .iter()
            .zip(&l.speed_mps)
            .map(|(s, v)| (*s as f64, *v as f64))
            .collect();
        pts.push((l.length_m as f64, l.speed_mps[0] as f64));
        pts
    };
    if let Some(c) = input.centre {
        chart.draw_series(LineSeries::new(profile(c), RGBColor(150, 150, 150).stroke_width(2)))?;
    }
    chart.draw_series(LineSeries::new(profile(line), RGBColor(30, 60, 200).stroke_width(2)))?;
    let (x0, y0) = chart.backend_coord(&(0.0, top_v));
    labels.push((x0, y0 - 24, "speed (m/s) against distance (m):".into()));
    labels.push((x0 + 36 * 16, y0 - 24, "line".into()));
    bottom.draw(&Rectangle::new(
        [
            (x0 + 36 * 16 - 40, y0 - 18 - MAP_HEIGHT as i32),
            (x0 + 36 * 16 - 8, y0 - 14 - MAP_HEIGHT as i32),
        ],
        RGBColor(30, 60, 200).filled(),
    ))?;
    if let Some(ai) = input.ai {
        // What the AI aims at (its profile on the car's measured grip), and what it did.
        let target = ai.target_m_mps.iter().map(|(s, v)| (*s as f64, *v as f64));
        chart.draw_series(LineSeries::new(target, RGBColor(240, 150, 0).stroke_width(2)))?;
        let pts = ai.s_m.iter().zip(&ai.speed_mps).map(|(s, v)| (*s as f64, *v as f64));
        chart.draw_series(LineSeries::new(pts, RGBColor(220, 30, 30).stroke_width(1)))?;
        for (slot, name, colour) in [
            (36, "AI target", RGBColor(240, 150, 0)),
            (50, "AI lap", RGBColor(220, 30, 30)),
        ] {
            labels.push((x0 + slot * 16, y0 - 4, name.into()));
            bottom.draw(&Rectangle::new(
                [
                    (x0 + slot * 16 - 40, y0 + 2 - MAP_HEIGHT as i32),
                    (x0 + slot * 16 - 8, y0 + 6 - MAP_HEIGHT as i32),
                ],
                colour.filled(),
            ))?;
        }
        draw_error(&error_panel, ai, length, labels)?;
    }
    if input.centre.is_some() {
        labels.push((x0 + 46 * 16, y0 - 24, "centre line".into()));
        bottom.draw(&Rectangle::new(
            [
                (x0 + 46 * 16 - 40, y0 - 18 - MAP_HEIGHT as i32),
                (x0 + 46 * 16 - 8, y0 - 14 - MAP_HEIGHT as i32),
            ],
            RGBColor(150, 150, 150).filled(),
        ))?;
    }
    root.present()?;
    Ok(())
}

/// The AI's lateral error from the line against distance, in `panel` (labels in image
/// coordinates, as `backend_coord` gives them).
fn draw_error(
    panel: &DrawingArea<BitMapBackend, plotters::coord::Shift>,
    ai: &AiLap,
    length: f64,
    labels: &mut Vec<(i32, i32, String)>,
) -> DrawResult {
    let area = panel.margin(40, 40, 80, 20);
    let span = (ai.max_lateral_error_m() as f64 * 1.2).max(0.5);
    let mut chart = ChartBuilder::on(&area).build_cartesian_2d(0.0..length, -span..span)?;
    let grey = RGBColor(215, 215, 215);
    let step = [0.25, 0.5, 1.0, 2.0, 5.0]
        .into_iter()
        .find(|s| span / s <= 3.0)
        .unwrap_or(10.0);
    let mut e = -(span / step).floor() * step;
    while e <= span {
        chart.draw_series(LineSeries::new(
            [(0.0, e), (length, e)],
            if e.abs() < 1e-6 { BLACK } else { grey },
        ))?;
        let (x, y) = chart.backend_coord(&(0.0, e));
        labels.push((x - 72, y - 8, format!("{e:+4.2}")));
        e += step;
    }
    let pts = ai
        .s_m
        .iter()
        .zip(&ai.lateral_error_m)
        .map(|(s, e)| (*s as f64, *e as f64));
    chart.draw_series(LineSeries::new(pts, RGBColor(220, 30, 30).stroke_width(1)))?;
    let (x0, y0) = chart.backend_coord(&(0.0, span));
    labels.push((
        x0,
        y0 - 28,
        format!(
            "AI off the line (m, + left): rms {:.2}, max {:.2}",
            ai.rms_lateral_error_m(),
            ai.max_lateral_error_m()
        ),
    ));
    Ok(())
}

/// Draws `s` with its top-left corner at (x, y) in black, 8×8 glyphs scaled by
/// [`TEXT_SCALE`], clipped to the image (`height` px tall).
fn text(buf: &mut [u8], height: u32, x: i32, y: i32, s: &str) {
    let step = (8 * TEXT_SCALE) as i32;
    for (n, ch) in s.chars().enumerate() {
        let code = if ch.is_ascii() { ch as usize } else { b'?' as usize };
        let glyph = font8x8::legacy::BASIC_LEGACY[code];
        for (row, bits) in glyph.iter().enumerate() {
            for col in 0..8 {
                if bits & (1 << col) == 0 {
                    continue;
                }
                for dy in 0..TEXT_SCALE {
                    for dx in 0..TEXT_SCALE {
                        let px = x + n as i32 * step + (col * TEXT_SCALE + dx) as i32;
                        let py = y + (row * TEXT_SCALE + dy) as i32;
                        if px >= 0 && py >= 0 && (px as u32) < WIDTH && (py as u32) < height {
                            let at = ((py as u32 * WIDTH + px as u32) * 3) as usize;
                            buf[at..at + 3].copy_from_slice(&[0, 0, 0]);
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_run_from_blue_to_red() {
        let (slow, fast) = (speed_colour(0.0), speed_colour(1.0));
        assert!(slow.2 > 200 && slow.0 < 50, "{slow:?}");
        assert!(fast.0 > 200 && fast.2 < 50, "{fast:?}");
    }
}
