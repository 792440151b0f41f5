//! Split screen in real frames (`skidpad screenshot --players N` through SDL's offscreen
//! driver): each player's view shows their own car from behind, the views parted by a
//! dark divider, each with its own dial.

use super::screenshot::Png;
use std::process::Command;

/// `skidpad screenshot --players N` of the circuit's start after 4 s at 60 % throttle,
/// 640 × 480.
fn shoot(players: u8) -> Png {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("split.png");
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["screenshot", "--level", "circuit", "--width", "640", "--height", "480"])
        .args(["--frames", "240", "--throttle", "0.6", "--players"])
        .arg(players.to_string())
        .arg("--out")
        .arg(&out)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    Png::read(&out)
}

// The paints: the first player's coupe in its file's red; the guests take the palette in
// turn, skipping paints near the first player's (orange): blue, yellow, green.
fn red(p: [i32; 3]) -> bool {
    p[0] > 110 && p[1] < 60 && p[2] < 60
}
fn blue(p: [i32; 3]) -> bool {
    p[2] > 100 && p[2] > p[0] + 60 && p[2] > p[1] + 30
}
fn yellow(p: [i32; 3]) -> bool {
    p[0] > 140 && p[1] > 100 && p[2] < 70
}
fn green(p: [i32; 3]) -> bool {
    p[1] > p[0] + 40 && p[1] > p[2] + 40
}
fn dark(p: [i32; 3]) -> bool {
    p.iter().all(|&c| c < 40)
}

/// The share of a row's pixels for which `f` holds.
fn row_share(img: &Png, y: u32, f: impl Fn([i32; 3]) -> bool) -> f32 {
    (0..img.width).filter(|&x| f(img.px(x, y))).count() as f32 / img.width as f32
}

#[test]
fn two_players_each_see_their_own_car_above_and_below_a_divider() {
    let img = shoot(2);
    // The divider: 2 px at 480 rows, in the middle (rows 239 and 240 from the top).
    let divider = (236..244).filter(|&y| row_share(&img, y, dark) > 0.95).count();
    assert_eq!(divider, 2, "a 2 px dark divider across the middle");
    // The top view: the first player's red car big in its lower middle, no blue car there.
    // A view this wide tilts up (the horizon in view), so each car sits low in its view;
    // the guest's view sees the first player's car ahead, above its own.
    let top_car = (0.35, 0.27, 0.65, 0.45);
    let bottom_car = (0.35, 0.77, 0.65, 0.95);
    let count = |(x0, y0, x1, y1): (f32, f32, f32, f32), f: fn([i32; 3]) -> bool| img.count(x0, y0, x1, y1, f);
    assert!(
        count(top_car, red) > 1500,
        "red in the top view: {}",
        count(top_car, red)
    );
    assert!(
        count(top_car, blue) < 100,
        "blue in the top view: {}",
        count(top_car, blue)
    );
    // The bottom view: the guest's blue car in the same place of its view.
    assert!(
        count(bottom_car, blue) > 1500,
        "blue below: {}",
        count(bottom_car, blue)
    );
    assert!(count(bottom_car, red) < 100, "red below: {}", count(bottom_car, red));
    // Each view has its dial at its own lower right: the dial's dark face in both.
    for (y0, y1) in [(0.3, 0.5), (0.8, 1.0)] {
        let face = img.count(0.8, y0, 1.0, y1, dark);
        assert!(face > 800, "a dial's face in rows {y0}..{y1}: {face} px");
    }
}

#[test]
fn four_players_each_have_a_quarter_with_their_car() {
    let img = shoot(4);
    type Paint = fn([i32; 3]) -> bool;
    let quarters: [((f32, f32), Paint, &str); 4] = [
        ((0.0, 0.0), red, "red"),
        ((0.5, 0.0), blue, "blue"),
        ((0.0, 0.5), yellow, "yellow"),
        ((0.5, 0.5), green, "green"),
    ];
    for ((qx, qy), paint, name) in quarters {
        // The car's place in its quarter: the middle, below the horizon.
        let (x0, x1) = (qx + 0.5 * 0.38, qx + 0.5 * 0.62);
        let (y0, y1) = (qy + 0.5 * 0.45, qy + 0.5 * 0.75);
        let n = img.count(x0, y0, x1, y1, paint);
        assert!(n > 300, "the {name} car in the quarter at ({qx}, {qy}): {n} px");
    }
    // Dividers across and down the middle.
    assert!((236..244).any(|y| row_share(&img, y, dark) > 0.95));
    let column_dark = |x: u32| (0..img.height).filter(|&y| dark(img.px(x, y))).count() as f32 / img.height as f32;
    assert!((316..324).any(|x| column_dark(x) > 0.95));
}

#[test]
fn three_players_leave_the_map_in_the_free_quarter() {
    let img = shoot(3);
    // The bottom-right quarter: the circuit's centre line as light dots on a dark square,
    // no sky and no grass (no view is drawn there).
    let line = |p: [i32; 3]| p.iter().all(|&c| c > 170);
    let grass = |p: [i32; 3]| p[1] > p[0] + 30 && p[1] > p[2] + 30;
    // The sky is a light blue (its red above 90); a blue car's dot is not.
    let sky = |p: [i32; 3]| p[0] > 90 && p[2] > p[0] + 40 && p[2] > 180;
    // Inside the quarter, clear of the dividers.
    let (x0, y0) = (0.51, 0.51);
    let dots = img.count(x0, y0, 1.0, 1.0, line);
    assert!(dots > 300, "the map's line: {dots} px");
    assert_eq!(img.count(x0, y0, 1.0, 1.0, grass), 0, "grass in the free quarter");
    assert_eq!(img.count(x0, y0, 1.0, 1.0, sky), 0, "sky in the free quarter");
    // Every player's dot in their paint: the first's red, the second's blue, the third's
    // yellow, each drawn over the line near the start.
    for (name, paint) in [("red", red as fn([i32; 3]) -> bool), ("blue", blue), ("yellow", yellow)] {
        let n = img.count(x0, y0, 1.0, 1.0, paint);
        assert!(n >= 4, "the {name} player's dot: {n} px");
    }
}

/// Dynamic resolution with two views: drawn at half scale, every view goes into its part
/// of the scene target and the target is stretched over the window once, so the frame
/// looks like the full-resolution one (a blurrier copy: both views in place, the divider
/// between them), not one view stretched over the other.
#[test]
fn two_views_at_half_scale_look_like_the_full_scale_frame() {
    use crate::common;
    use skidpad::app::split_screen::{frame_views, player_cameras, split_views, TwoPlayerSplit};
    use skidpad::app::{Guest, Session, Setup};
    use skidpad::content::{bake_now, PlatformProfile};
    use skidpad::render::{read_back_buffer, Renderer};
    use skidpad::sim::TickInput;
    const W: u32 = 320;
    const H: u32 = 240;
    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, W, H);
        let mut r = Renderer::with_shadow_filter(1024, 2048, Default::default()).unwrap();
        let profile = PlatformProfile::load("desktop").unwrap();
        let car = common::coupe();
        let mut setup = Setup::new(bake_now(common::flat()), car.clone(), vec![], profile);
        setup.guests.push(Guest {
            car,
            paint: Some(glam::Vec3::new(0.06, 0.22, 0.70)),
        });
        let mut s = Session::start(&setup);
        for _ in 0..120 {
            s.tick_players(&[TickInput::default(); 2]);
        }
        let mut events = Vec::new();
        s.drain_chunk_events(&mut events);
        r.apply_chunk_events(&events);
        let split = split_views(2, W, H, TwoPlayerSplit::Stacked);
        let cameras = player_cameras(&s, &split, 1.0);
        let mut frame_at = |scale: f32| {
            r.set_resolution_scale(scale);
            r.draw_views(frame_views(&s, &split, &cameras, 1.0), W, H);
            read_back_buffer(W, H)
        };
        let full = frame_at(1.0);
        let half = frame_at(0.5);
        // The views clear nothing of their own (the frame clears the whole target first,
        // and the sky fills what the scene leaves): the same frame drawn again is the same
        // picture (a depth buffer left from the frame before would hide the scene), and no
        // pixel inside a view keeps the frame's dark clear colour.
        assert!(half.rgba == frame_at(0.5).rgba, "{api:?}: a second frame differs");
        let cleared = [15u8, 18, 23];
        for img in [&full, &half] {
            for (y0, y1) in [(2, H / 2 - 2), (H / 2 + 2, H - 2)] {
                let left = (y0..y1)
                    .flat_map(|y| (0..W).map(move |x| (x, y)))
                    .filter(|&(x, y)| img.pixel(x, y)[..3] == cleared)
                    .count();
                assert_eq!(left, 0, "{api:?}: pixels of rows {y0}..{y1} left at the clear colour");
            }
        }
        let mean_abs = |y0: u32, y1: u32| {
            let mut sum = 0.0;
            for y in y0..y1 {
                for x in 0..W {
                    let (a, b) = (full.pixel(x, y), half.pixel(x, y));
                    sum += (0..3).map(|c| (a[c] as f32 - b[c] as f32).abs()).sum::<f32>() / 3.0;
                }
            }
            sum / ((y1 - y0) * W) as f32
        };
        // Each view's rows clear of the divider: the same picture, blurrier.
        for (y0, y1) in [(4, H / 2 - 4), (H / 2 + 4, H - 4)] {
            let d = mean_abs(y0, y1);
            assert!(d < 12.0, "{api:?}: rows {y0}..{y1} differ by {d} on average");
        }
        assert!(full.rgba != half.rgba, "{api:?}: not drawn at half scale");
        // The divider is dark in both.
        for img in [&full, &half] {
            let dark = (0..W)
                .filter(|&x| img.pixel(x, H / 2).iter().take(3).all(|&c| c < 40))
                .count();
            assert!(
                dark as u32 > W * 9 / 10,
                "{api:?}: the divider row has {dark} dark pixels"
            );
        }
    });
}

/// Views whose cars are close (a start, a pack) share one shadow map: one depth pass for
/// the frame instead of one a view, each view reading it under the same light; further
/// apart, a map twice as wide. Apart, each view draws its own.
#[test]
fn close_cars_share_one_shadow_pass_and_cars_apart_draw_their_own() {
    use crate::common;
    use skidpad::app::split_screen::{frame_views, player_cameras, split_views, TwoPlayerSplit};
    use skidpad::app::Session;
    use skidpad::render::Renderer;
    use skidpad::sim::TickInput;
    const W: u32 = 320;
    const H: u32 = 240;
    let _platform = common::gl::open_offscreen(skidpad_platform::GlApi::Core, W, H);
    let mut r = Renderer::with_shadow_filter(1024, 2048, Default::default()).unwrap();
    let mut s = two_coupes_a_second_in(&mut r);
    let split = split_views(2, W, H, TwoPlayerSplit::Stacked);
    let mut shadow_draws = |s: &Session| {
        let cameras = player_cameras(s, &split, 1.0);
        r.draw_views(frame_views(s, &split, &cameras, 1.0), W, H);
        r.last_draw_stats()
    };
    // The guest seated right behind the first player: one pass.
    let close = shadow_draws(&s);
    let guest = s.world().player_car_index(1).unwrap();
    let first = s.world().player_body().translation();
    let guest_at = |s: &mut Session, x_m: f32| {
        let at = glam::Vec3::new(first.x + x_m, first.y, first.z);
        s.world_mut_for_tools().teleport_car(guest, at, glam::Quat::IDENTITY);
        for _ in 0..30 {
            s.tick_players(&[TickInput::default(); 2]);
        }
    };
    // The guest 40 m beside the first player: each car 20 m from their middle, past the shared square's
    // reach around each (15 m) but inside its half side (45 m): one pass still, into a
    // map twice as wide on twice the side (the same texel).
    guest_at(&mut s, 40.0);
    let wide = shadow_draws(&s);
    // 200 m beside: a pass each.
    guest_at(&mut s, 200.0);
    let apart = shadow_draws(&s);
    assert_eq!(
        (close.shadow_maps, wide.shadow_maps, apart.shadow_maps),
        (1, 1, 2),
        "maps drawn: close, 40 m apart, 200 m apart"
    );
    assert!(close.shadow.drawn > 0 && wide.shadow.drawn > 0, "{close:?} {wide:?}");
}

/// The detail ladder's last step, for split screen: each view sees about three quarters as
/// far under a haze thickened to match, so what lies beyond is neither set up nor drawn (a
/// view costs its triangles whatever its size: four players at the circuit's start 159.5
/// → 153.7 M instructions a frame, PERFORMANCE.md); one player's view is the same picture
/// with the step as without. (This small flat level streams no chunk beyond either far
/// plane: the same triangles, a nearer haze.)
#[test]
fn the_ladders_nearer_views_draw_fewer_triangles_under_a_nearer_haze() {
    use crate::common;
    use skidpad::app::split_screen::{frame_views, player_cameras, split_views, TwoPlayerSplit};
    use skidpad::render::{read_back_buffer, Renderer, SceneDetail};
    const W: u32 = 320;
    const H: u32 = 240;
    let _platform = common::gl::open_offscreen(skidpad_platform::GlApi::Core, W, H);
    let mut r = Renderer::with_shadow_filter(1024, 2048, Default::default()).unwrap();
    r.enable_detail_ladder().unwrap();
    let s = two_coupes_a_second_in(&mut r);
    let nearer_step = r.detail_steps();
    let mut frame = |players: usize, steps_down: u8| {
        let split = split_views(players, W, H, TwoPlayerSplit::Stacked);
        let cameras = player_cameras(&s, &split, 1.0);
        r.set_scene_detail(SceneDetail { scale: 1.0, steps_down });
        r.draw_views(frame_views(&s, &split, &cameras, 1.0), W, H);
        (read_back_buffer(W, H), r.last_draw_stats().lit)
    };
    let (far, far_lit) = frame(2, nearer_step - 1);
    let (near, near_lit) = frame(2, nearer_step);
    assert!(
        near_lit.triangles <= far_lit.triangles && near_lit.drawn <= far_lit.drawn,
        "lit triangles {} → {}, draws {} → {}",
        far_lit.triangles,
        near_lit.triangles,
        far_lit.drawn,
        near_lit.drawn
    );
    assert!(near.rgba != far.rgba, "the haze did not come nearer");
    let (alone, _) = frame(1, nearer_step - 1);
    let (alone_stepped, _) = frame(1, nearer_step);
    assert!(alone.rgba == alone_stepped.rgba, "one player's view changed");
}

/// Two coupes on the flat level, the desktop profile, a second after the start, with the
/// chunks they stream in given to `r`.
fn two_coupes_a_second_in(r: &mut skidpad::render::Renderer) -> skidpad::app::Session {
    use crate::common;
    use skidpad::app::{Guest, Session, Setup};
    use skidpad::content::{bake_now, PlatformProfile};
    use skidpad::sim::TickInput;
    let profile = PlatformProfile::load("desktop").unwrap();
    let car = common::coupe();
    let mut setup = Setup::new(bake_now(common::flat()), car.clone(), vec![], profile);
    setup.guests.push(Guest { car, paint: None });
    let mut s = Session::start(&setup);
    for _ in 0..60 {
        s.tick_players(&[TickInput::default(); 2]);
    }
    let mut events = Vec::new();
    s.drain_chunk_events(&mut events);
    r.apply_chunk_events(&events);
    s
}
