//! The HUD's dial and frame graph in real frames (SDL's offscreen driver, Mesa llvmpipe):
//! the needle points where the reading puts it and moves with speed, and the frame graph
//! draws its budget line at the budget's height, bars red over it and green under.

use crate::common;

use skidpad::app::hud::frame_graph;
use skidpad::app::hud::layout::Rect;
use skidpad::app::hud::speedo::{self, DialReading};
use skidpad::render::{read_back_buffer, Hud, Image, Renderer};
use skidpad::time::{FrameHistory, FramePhases};
use std::time::Duration;

/// The xbox profile's window.
const W: u32 = 640;
const H: u32 = 480;

/// Runs `f` on OpenGL 3.3 core, then on OpenGL ES 3.0.
fn with_gl(mut f: impl FnMut(&mut Hud, &Renderer)) {
    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, W, H);
        let renderer = Renderer::new(1024, 64).unwrap();
        let mut hud = Hud::for_height(H).unwrap();
        f(&mut hud, &renderer);
    });
}

/// A cleared (near-black) frame with `draw`'s overlay on it.
fn frame(hud: &mut Hud, renderer: &Renderer, draw: impl FnOnce(&mut Hud)) -> Image {
    renderer.clear(W, H);
    draw(hud);
    let quads = hud.quads_queued();
    // What the element costs the HUD's batch (two draw calls for the whole overlay): well
    // inside its 4096 quads, which it would otherwise cut off silently.
    assert!(quads > 0 && quads < 1024, "{quads} quads");
    eprintln!("{quads} quads");
    hud.flush(W, H);
    read_back_buffer(W, H)
}

/// The needle's orange (1.0, 0.55, 0.1), and nothing else on the dial is.
fn needle_orange(p: [u8; 4]) -> bool {
    p[0] > 200 && (100..180).contains(&p[1]) && p[2] < 60
}

/// Orange pixels within 2 px of (x, y).
fn orange_near(img: &Image, x: f32, y: f32) -> usize {
    let (cx, cy) = (x.round() as i32, y.round() as i32);
    (-2..=2)
        .flat_map(|dx| (-2..=2).map(move |dy| (cx + dx, cy + dy)))
        .filter(|&(px, py)| needle_orange(img.pixel(px as u32, py as u32)))
        .count()
}

/// The arcade car's dial at `speed_kmh`: rpm and gear from its virtual engine, as the HUD
/// reads them.
fn arcade_reading(speed_kmh: f32) -> DialReading {
    let (rpm, gear) = skidpad::audio::virtual_rpm(speed_kmh / 3.6);
    DialReading {
        speed_kmh,
        rpm,
        gear: gear as i8,
        rev_limit_rpm: skidpad::audio::SHIFT_RPM,
        redline_rpm: skidpad::audio::SHIFT_RPM,
    }
}

#[test]
fn the_needle_points_at_the_reading_and_moves_with_speed() {
    with_gl(|hud, gl| {
        // The dial's place at 640×480 (hud::layout: 30 % of the height, bottom right of
        // the 90 % safe area).
        let rect = Rect::new(464.0, 312.0, 144.0, 144.0);
        let mut text = String::new();
        let slow = arcade_reading(20.0);
        let fast = arcade_reading(120.0);
        assert!(
            fast.rpm != slow.rpm,
            "the virtual engine revs differ: {slow:?} {fast:?}"
        );
        let a = frame(hud, gl, |h| speedo::draw(h, &mut text, &slow, rect));
        let b = frame(hud, gl, |h| speedo::draw(h, &mut text, &fast, rect));
        let changed = (464..608)
            .flat_map(|x| (312..456).map(move |y| (x, y)))
            .filter(|&(x, y)| a.pixel(x, y) != b.pixel(x, y))
            .count();
        assert!(changed > 100, "only {changed} pixels of the dial changed");
        // The needle three-quarters out along its angle (the dial's own geometry: radius
        // 46 % of the side, centred; past the gear's label): orange at its own reading,
        // not at the other's.
        let centre = (rect.x + rect.w * 0.5, rect.y + rect.h * 0.5);
        let max = speedo::scale_max_rpm(slow.rev_limit_rpm);
        let along = |rpm: f32| {
            let angle = speedo::needle_rad(rpm, max);
            let r = rect.w * 0.46 * 0.75;
            (centre.0 + r * angle.cos(), centre.1 - r * angle.sin())
        };
        let (sx, sy) = along(slow.rpm);
        let (fx, fy) = along(fast.rpm);
        assert!((sx - fx).hypot(sy - fy) > 6.0, "the two readings must be told apart");
        assert!(orange_near(&a, sx, sy) >= 5, "slow needle missing at ({sx}, {sy})");
        assert_eq!(orange_near(&a, fx, fy), 0, "slow frame has a needle at the fast angle");
        assert!(orange_near(&b, fx, fy) >= 5, "fast needle missing at ({fx}, {fy})");
        assert_eq!(orange_near(&b, sx, sy), 0, "fast frame has a needle at the slow angle");
    });
}

#[test]
fn the_frame_graph_draws_its_budget_line_at_the_budget_and_colours_the_bars() {
    with_gl(|hud, gl| {
        let budget = Duration::from_micros(16_670);
        // Alternating runs: ten frames at half the budget, ten at 1.5 budgets.
        let mut history = FrameHistory::new(240);
        for i in 0..240u32 {
            let share = if (i / 10) % 2 == 0 { 0.5 } else { 1.5 };
            history.push(FramePhases {
                total: budget.mul_f32(share),
                ..FramePhases::default()
            });
        }
        // The graph's wide strip at 640×480 (hud::layout: 60 % by 15 % of the height).
        let rect = Rect::new(32.0, 24.0, 288.0, 72.0);
        let mut text = String::new();
        let img = frame(hud, gl, |h| frame_graph::draw(h, &mut text, &history, budget, rect));
        let ts = frame_graph::text_scale(rect);
        let plot = frame_graph::plot_area(rect, ts);
        let top = frame_graph::scale_top_ms(budget);
        let budget_y = frame_graph::y_of(plot, 16.67, top).round() as u32;
        // The budget line: amber (1.0, 0.75, 0.2) across the plot at the budget's height.
        let amber = |p: [u8; 4]| p[0] > 230 && (160..215).contains(&p[1]) && p[2] < 90;
        let xs = plot.x.ceil() as u32..plot.right().floor() as u32;
        let on_line = xs.clone().filter(|&x| amber(img.pixel(x, budget_y))).count();
        assert!(
            on_line * 10 >= xs.len() * 9,
            "budget line: {on_line} of {} px amber at y {budget_y}",
            xs.len()
        );
        // Halfway between the budget line and the top of the slow bars (a quarter of the
        // scale below the line), and at 1.25 budgets above it: red only over budget, green
        // only under.
        let red = |p: [u8; 4]| p[0] > 200 && p[1] < 100 && p[2] < 100;
        let green = |p: [u8; 4]| p[1] > 180 && p[0] < 120 && p[2] < 140;
        let row_over = frame_graph::y_of(plot, 16.67 * 1.25, top).round() as u32;
        let row_under = frame_graph::y_of(plot, 16.67 * 0.25, top).round() as u32;
        let reds = xs.clone().filter(|&x| red(img.pixel(x, row_over))).count();
        let greens = xs.clone().filter(|&x| green(img.pixel(x, row_under))).count();
        assert!(reds > 20, "{reds} red bar pixels above the line");
        assert!(greens > 20, "{greens} green bar pixels under the line");
        assert_eq!(
            xs.clone().filter(|&x| green(img.pixel(x, row_over))).count(),
            0,
            "green over budget"
        );
        // The 33.3 ms mark's label sits left of the plot: white or grey text pixels in the
        // gutter at that height.
        let mark_y = frame_graph::y_of(plot, 33.33, top).round() as u32;
        let text_px = (rect.x as u32..plot.x as u32 - 1)
            .flat_map(|x| (mark_y - 4..mark_y + 4).map(move |y| (x, y)))
            .filter(|&(x, y)| img.pixel(x, y)[..3].iter().all(|c| *c > 150))
            .count();
        assert!(text_px > 10, "no 33.3 label: {text_px} px");
    });
}

#[test]
fn the_dial_at_either_size_draws_nothing_outside_its_square() {
    with_gl(|hud, gl| {
        let mut text = String::new();
        let reading = arcade_reading(120.0);
        let background = frame(hud, gl, |h| h.rect(0.0, 0.0, 1.0, 1.0, [0.0; 4]));
        // hud::layout's two dial sizes at 640×480: 30 % and (yielding) 20 % of the height,
        // bottom right of the 90 % safe area. The smaller one drops the tick numbers and
        // reads speed in the small font, so the window-sized fonts do not spill out.
        for side in [144.0, 96.0] {
            let rect = Rect::new(608.0 - side, 456.0 - side, side, side);
            let img = frame(hud, gl, |h| speedo::draw(h, &mut text, &reading, rect));
            let mut outside = 0;
            let mut inside = 0;
            for y in 0..H {
                for x in 0..W {
                    let changed = img.pixel(x, y) != background.pixel(x, y);
                    let within = (x as f32) >= rect.x
                        && (x as f32) < rect.right()
                        && (y as f32) >= rect.y
                        && (y as f32) < rect.bottom();
                    match (changed, within) {
                        (true, true) => inside += 1,
                        (true, false) => outside += 1,
                        _ => {}
                    }
                }
            }
            assert_eq!(outside, 0, "{side} px dial: {outside} pixels drawn outside its square");
            assert!(
                inside as f32 > side * side * 0.5,
                "{side} px dial: only {inside} pixels drawn"
            );
        }
    });
}
