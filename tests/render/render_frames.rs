//! Real frames rendered through SDL's offscreen driver (Mesa llvmpipe with no GPU): the
//! car's shadow darkens the ground beside it, smoke appears behind a car braking hard and
//! none while cruising, the HUD is drawn, and moving the camera changes the frame.

use crate::common;

use crate::common::*;
use glam::{Vec3, Vec4};
use skidpad::app::hud::layout::{place, Element, Layout, Rect};
use skidpad::app::hud::{compose, request, HudInputs, HudState};
use skidpad::app::{Session, Setup};
use skidpad::content::bake_now;
use skidpad::content::{PlatformProfile, ShadowFilter};
use skidpad::render::Hud;
use skidpad::render::{read_back_buffer, Image};
use skidpad::render::{Camera, FrameView, Renderer};
use skidpad::sim::TickInput;
use skidpad::time::FrameHistory;

const W: u32 = 320;
const H: u32 = 240;

/// Runs `f` on OpenGL 3.3 core, then on OpenGL ES 3.0: the same checks on both paths.
fn with_gl(f: impl FnMut(&mut Renderer)) {
    with_gl_filtered(ShadowFilter::default(), f)
}

fn with_gl_filtered(filter: ShadowFilter, mut f: impl FnMut(&mut Renderer)) {
    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, W, H);
        let mut renderer = Renderer::with_shadow_filter(1024, 2048, filter).unwrap();
        f(&mut renderer);
    });
}

fn session() -> Session {
    let profile = PlatformProfile::load("desktop").unwrap();
    let mut s = Session::start(&Setup::new(bake_now(flat()), coupe(), vec![], profile));
    for _ in 0..120 {
        s.tick(&TickInput::default());
    }
    s
}

fn draw(r: &mut Renderer, s: &mut Session, camera: &Camera) -> Image {
    let mut events = Vec::new();
    s.drain_chunk_events(&mut events);
    r.apply_chunk_events(&events);
    r.draw(&s.frame_view(1.0, camera), W, H);
    read_back_buffer(W, H)
}

/// Pixels that differ between two frames of the same size.
fn pixels_differ(a: &Image, b: &Image) -> usize {
    a.rgba.chunks(4).zip(b.rgba.chunks(4)).filter(|(p, q)| p != q).count()
}

/// The mean difference of two frames of the same size, per channel value (0..255).
fn mean_abs_diff(a: &Image, b: &Image) -> f32 {
    let sum: f32 = a
        .rgba
        .iter()
        .zip(&b.rgba)
        .map(|(x, y)| (*x as f32 - *y as f32).abs())
        .sum();
    sum / a.rgba.len() as f32
}

fn luma(p: [u8; 4]) -> f32 {
    0.3 * p[0] as f32 + 0.59 * p[1] as f32 + 0.11 * p[2] as f32
}

/// Pixel of world point `p` seen by `camera`.
fn pixel_of(camera: &Camera, p: Vec3) -> (u32, u32) {
    let c = camera.view_proj(W as f32 / H as f32) * Vec4::new(p.x, p.y, p.z, 1.0);
    let ndc = c.truncate() / c.w;
    (
        ((ndc.x * 0.5 + 0.5) * W as f32) as u32,
        ((0.5 - ndc.y * 0.5) * H as f32) as u32,
    )
}

#[test]
fn the_cars_shadow_darkens_the_ground_beside_it() {
    with_gl(|r| {
        let mut s = session();
        let car = s.world().player_body().translation();
        let ground = Vec3::new(car.x, 0.0, car.z);
        let camera = Camera::looking_at(ground + Vec3::new(0.0, 25.0, -0.01), ground);
        let img = draw(r, &mut s, &camera);
        // Sunlight travels along (−0.45, −1, 0.55): the cabin roof, 1.2 m up, throws its
        // shadow up to 0.54 m past the car's right flank (−X). Sample the ground 0.2 m
        // outside each flank (half width 0.85 m), at the middle of the cabin, with the car
        // there and with the car gone.
        let (sx, sy) = pixel_of(&camera, ground + Vec3::new(-1.05, 0.0, 0.2));
        let (lx, ly) = pixel_of(&camera, ground + Vec3::new(1.05, 0.0, 0.2));
        let (shaded, sunny) = (img.pixel(sx, sy), img.pixel(lx, ly));
        s.world_teleport_for_tests(Vec3::new(150.0, 0.6, 150.0));
        let empty = draw(r, &mut s, &camera);
        let (bare_shaded, bare_sunny) = (empty.pixel(sx, sy), empty.pixel(lx, ly));
        assert!(
            luma(shaded) < 0.75 * luma(bare_shaded),
            "with the car {shaded:?}, without {bare_shaded:?}"
        );
        // The sunny side is untouched by the car's presence.
        assert!(
            (luma(sunny) - luma(bare_sunny)).abs() <= 0.03 * luma(bare_sunny),
            "{sunny:?} vs {bare_sunny:?}"
        );
    });
}

/// The xbox profile's one-tap shadow lookup darkens the same ground as the desktop's 2×2
/// filter and differs from it only along the shadow's edge: the filter is a quality
/// choice, not a different shadow.
#[test]
fn both_shadow_filters_shade_the_same_ground_and_differ_only_at_the_edge() {
    let frames = [ShadowFilter::Pcf2x2, ShadowFilter::Bilinear].map(|filter| {
        let mut out = None;
        with_gl_filtered(filter, |r| {
            let mut s = session();
            let car = s.world().player_body().translation();
            let ground = Vec3::new(car.x, 0.0, car.z);
            let camera = Camera::looking_at(ground + Vec3::new(0.0, 25.0, -0.01), ground);
            let img = draw(r, &mut s, &camera);
            // As above: 0.2 m outside the right flank is in the cabin's shadow.
            let (sx, sy) = pixel_of(&camera, ground + Vec3::new(-1.05, 0.0, 0.2));
            let (lx, ly) = pixel_of(&camera, ground + Vec3::new(1.05, 0.0, 0.2));
            assert!(
                luma(img.pixel(sx, sy)) < 0.75 * luma(img.pixel(lx, ly)),
                "{filter:?}: shaded {:?}, sunny {:?}",
                img.pixel(sx, sy),
                img.pixel(lx, ly)
            );
            out = Some(img);
        });
        out.expect("frame drawn")
    });
    let [soft, hard] = &frames;
    let mut differing = 0;
    for y in 0..H {
        for x in 0..W {
            if (luma(soft.pixel(x, y)) - luma(hard.pixel(x, y))).abs() > 6.0 {
                differing += 1;
            }
        }
    }
    // The edge of a car's shadow seen from 25 m up is a few hundred pixels of the 76 800;
    // both filters must leave the rest alone, and must not be the same filter.
    assert!(differing > 0, "the two filters drew the same frame");
    assert!(differing < (W * H) as usize / 50, "{differing} pixels differ");
}

/// Bright, grey pixels in the lower half: smoke (the ground is dark grey, the car red, the
/// sky blue).
fn smoke_pixels(img: &Image) -> usize {
    let mut n = 0;
    for y in H / 2..H {
        for x in 0..W {
            let p = img.pixel(x, y);
            let (mx, mn) = (p[0].max(p[1]).max(p[2]), p[0].min(p[1]).min(p[2]));
            n += (mn > 140 && mx - mn < 30) as usize;
        }
    }
    n
}

fn drive(s: &mut Session, throttle: f32, brake: f32, ticks: u32) {
    for _ in 0..ticks {
        s.tick(&input(throttle, 0.0, brake));
    }
}

#[test]
fn smoke_behind_a_car_braking_hard_and_none_while_cruising() {
    with_gl(|r| {
        let mut cruising = session();
        drive(&mut cruising, 0.5, 0.0, 240);
        let cam = cruising.camera(1.0);
        let calm = draw(r, &mut cruising, &cam);
        assert_eq!(cruising.particles().particles().len(), 0, "smoke while cruising");
        assert_eq!(smoke_pixels(&calm), 0);

        let mut braking = session();
        drive(&mut braking, 1.0, 0.0, 240);
        drive(&mut braking, 0.0, 1.0, 20);
        assert!(
            braking.particles().particles().len() > 20,
            "{} particles",
            braking.particles().particles().len()
        );
        let cam = braking.camera(1.0);
        let smoky = draw(r, &mut braking, &cam);
        assert!(smoke_pixels(&smoky) > 200, "{} smoke pixels", smoke_pixels(&smoky));
        let seen = r.last_draw_stats().puffs;
        assert!(seen > 20, "{seen} puffs drawn");
        // Looking up at the sky the view sees none of the puffs at the wheels, and sets up
        // none of them (a split screen's every view would set up the whole pool otherwise).
        let up = Camera {
            target: cam.eye + Vec3::new(0.0, 100.0, 1.0),
            ..cam
        };
        draw(r, &mut braking, &up);
        assert_eq!(r.last_draw_stats().puffs, 0);
    });
}

/// Composes the overlay for `s` with `state` as the game lays it out at W × H (the
/// desktop's title-safe area) and returns the layout.
fn overlay(hud: &mut Hud, text: &mut String, s: &Session, state: HudState) -> Layout {
    let req = request(hud, s, state, W, H, 0.95);
    let layout = place(&req);
    let inputs = HudInputs {
        session: s,
        player: 0,
        history: &FrameHistory::new(4),
        budget: std::time::Duration::from_millis(16),
        state,
        layout: &layout,
    };
    compose(hud, text, inputs, W, H);
    hud.flush(W, H);
    layout
}

/// Pixels of `img` in `r` (rounded in to whole pixels) that pass `f`.
fn count_in(img: &Image, r: Rect, f: impl Fn([u8; 4]) -> bool) -> usize {
    let (x0, y0) = (r.x.ceil() as u32, r.y.ceil() as u32);
    let (x1, y1) = ((r.right().floor() as u32).min(W), (r.bottom().floor() as u32).min(H));
    (x0..x1)
        .flat_map(|x| (y0..y1).map(move |y| (x, y)))
        .filter(|&(x, y)| f(img.pixel(x, y)))
        .count()
}

fn white(p: [u8; 4]) -> bool {
    p[..3].iter().all(|c| *c > 230)
}

/// Light grey to white: the HUD's white text at 240 lines is a 12 px font, its strokes
/// mostly blended with what is under them.
fn bright(p: [u8; 4]) -> bool {
    p[..3].iter().all(|c| *c > 170)
}

/// The gear's amber (1.0, 0.75, 0.2), blended over the dark dial face: green about three
/// quarters of red, little blue (the needle's orange has green at about half of red).
fn amber_hue(p: [u8; 4]) -> bool {
    let [r, g, b] = [p[0] as f32, p[1] as f32, p[2] as f32];
    r > 100.0 && (0.66..0.85).contains(&(g / r)) && b < 0.4 * r
}

#[test]
fn the_hud_is_drawn() {
    with_gl(|r| {
        let mut s = session();
        drive(&mut s, 1.0, 0.0, 120);
        let cam = s.camera(1.0);
        let plain = draw(r, &mut s, &cam);
        let mut hud = Hud::for_height(H).unwrap();
        let mut text = String::new();
        let layout = overlay(&mut hud, &mut text, &s, HudState::default());
        let with_hud = read_back_buffer(W, H);
        // The dial sits in the bottom-right corner of the safe area: the digital speed's
        // white glyphs and the light arc appear there, on a frame that had none.
        let dial = layout.get(Element::Speedo).expect("the dial is always placed driving");
        assert!(
            dial.right() > W as f32 * 0.9 && dial.bottom() > H as f32 * 0.9,
            "{dial:?}"
        );
        assert_eq!(count_in(&plain, dial, bright), 0);
        let lit = count_in(&with_hud, dial, bright);
        assert!(lit > 100, "{lit} light pixels on the dial");

        // The pad in use unplugged: the frame is covered with the "connect a controller"
        // prompt, white text in the message's place in the middle (the frame under it
        // darkened to 30 %, so nothing else there is light).
        let lost = HudState {
            controller_lost: true,
            ..HudState::default()
        };
        r.draw(&s.frame_view(1.0, &cam), W, H);
        let layout = overlay(&mut hud, &mut text, &s, lost);
        let prompt = read_back_buffer(W, H);
        let message = layout.get(Element::Message).expect("the message never yields");
        assert!(
            message.y > H as f32 * 0.2 && message.bottom() < H as f32 * 0.8,
            "{message:?}"
        );
        let light_px = count_in(&prompt, message, bright);
        assert!(light_px > 100, "no prompt: {light_px} light pixels");
    });
}

#[test]
fn moving_the_camera_changes_the_frame() {
    with_gl(|r| {
        let mut s = session();
        let a = s.camera(1.0);
        let mut b = a;
        b.eye += Vec3::new(4.0, 1.0, 0.0);
        let (fa, fb) = (draw(r, &mut s, &a), draw(r, &mut s, &b));
        let changed = pixels_differ(&fa, &fb);
        assert!(changed > (W * H / 10) as usize, "only {changed} pixels changed");
        // And the same camera gives the same frame.
        let fa2 = draw(r, &mut s, &a);
        assert!(fa.rgba == fa2.rgba);
    });
}

#[test]
fn the_sim_cars_rpm_gear_and_telemetry_page_are_drawn_inside_the_frame() {
    with_gl(|r| {
        let profile = PlatformProfile::load("desktop").unwrap();
        let sedan = skidpad::vehicle::CarDef::load(&skidpad::content::ContentRoot::Embedded, "sedan").unwrap();
        let mut s = Session::start(&Setup::new(bake_now(flat()), sedan, vec![], profile));
        drive(&mut s, 0.0, 0.0, 120);
        drive(&mut s, 1.0, 0.0, 60);
        let cam = s.camera(1.0);
        let plain = draw(r, &mut s, &cam);
        let mut hud = Hud::for_height(H).unwrap();
        let mut text = String::new();
        let state = HudState {
            telemetry: true,
            ..HudState::default()
        };
        let layout = overlay(&mut hud, &mut text, &s, state);
        let img = read_back_buffer(W, H);
        let amber = |p: [u8; 4]| p[0] > 230 && p[1] > 160 && p[1] < 215 && p[2] < 90;
        // The page, top left of the safe area: name and wheel headers in amber, figures
        // in white, all inside its rectangle. Its font scale is 640×480's, where it is a
        // third of the width: on this half-size window, under three quarters of the width
        // and about half the height.
        let page = layout
            .get(Element::Telemetry)
            .expect("the page shows with nothing else on");
        assert!(page.w <= W as f32 * 0.75 && page.h <= H as f32 * 0.55, "{page:?}");
        assert_eq!(count_in(&plain, page, white), 0);
        let page_white = count_in(&img, page, white);
        assert!(page_white > 800, "{page_white} white pixels on the page");
        assert!(count_in(&img, page, amber) > 100, "no wheel headers");
        // Nothing of it runs past its right edge into the free middle of the frame.
        let right = Rect::new(page.right() + 1.0, page.y, 20.0, page.h);
        assert_eq!(
            count_in(&img, right, white),
            count_in(&plain, right, white),
            "the page runs off the right"
        );
        // The gear, amber, in the dial.
        let dial = layout.get(Element::Speedo).unwrap();
        assert_eq!(count_in(&plain, dial, amber_hue), 0);
        let gear = count_in(&img, dial, amber_hue);
        assert!(gear > 5, "no gear on the dial: {gear} amber pixels");
        assert!(text.starts_with("CHUNKS"), "{text}");
        let telemetry = s.world().telemetry(0);
        assert!(telemetry.engine_rpm > 0.0 && telemetry.gear >= 1, "{telemetry:?}");
    });
}

/// Frustum culling skips meshes outside each pass's view and changes no pixel: on the
/// shipped `crash` level (walls, box stacks, parked cars) and the `circuit` (streamed
/// chunks in every direction), from the chase camera, from above the props, and looking
/// at open sky, the frame with culling is byte-identical to the frame with every mesh
/// drawn (and the whole shadow map), and the chase view skips meshes in both passes and
/// draws under three quarters of the shadow map.
#[test]
fn culling_skips_what_is_out_of_view_and_changes_no_pixel() {
    with_gl(|r| {
        for level in ["crash", "circuit"] {
            let root = skidpad::content::ContentRoot::Embedded;
            let profile = PlatformProfile::load("desktop").unwrap();
            let mut s = Session::start(&Setup::load(&root, level, "coupe", profile).unwrap());
            for _ in 0..60 {
                s.tick(&TickInput::default());
            }
            let chase = s.camera(1.0);
            let car = s.world().player_body().translation();
            let above = Camera::looking_at(car + Vec3::new(30.0, 40.0, 60.0), car + Vec3::new(0.0, 0.0, 40.0));
            let sky = Camera::looking_at(car + Vec3::new(0.0, 2.0, 0.0), car + Vec3::new(0.0, 50.0, -5.0));
            for (name, cam) in [("chase", chase), ("above", above), ("sky", sky)] {
                r.set_culling(true);
                let culled = draw(r, &mut s, &cam);
                let stats = r.last_draw_stats();
                r.set_culling(false);
                let full = draw(r, &mut s, &cam);
                let everything = r.last_draw_stats();
                r.set_culling(true);
                assert_eq!(everything.lit.culled, 0);
                assert_eq!(
                    stats.lit.drawn + stats.lit.culled,
                    everything.lit.drawn,
                    "{level} {name}"
                );
                let differ = pixels_differ(&culled, &full);
                assert_eq!(differ, 0, "{level} {name}: culling changed {differ} pixels ({stats:?})");
                if name == "chase" {
                    assert!(
                        stats.lit.culled > 0,
                        "{level}: nothing culled from the chase view: {stats:?}"
                    );
                    assert!(
                        stats.shadow.culled > 0,
                        "{level}: nothing culled from the sun's view: {stats:?}"
                    );
                    // The chase camera looks ahead: the map's part behind it is not drawn.
                    assert!(
                        stats.shadow_texels < everything.shadow_texels * 3 / 4,
                        "{level}: the depth pass drew {} of the map's {} texels",
                        stats.shadow_texels,
                        everything.shadow_texels
                    );
                }
                if name == "sky" {
                    assert!(
                        stats.lit.drawn < everything.lit.drawn / 2,
                        "{level}: looking at the sky still draws {stats:?} of {everything:?}"
                    );
                }
            }
        }
    });
}

/// A car whose shadow cannot reach the view casts nothing in that view's depth pass: on
/// the circuit's grid, seven opponents behind the chase camera (which looks ahead) add
/// fewer casters to the pass than there are opponents, and the frame is byte-identical to
/// one whose depth pass drew them all.
#[test]
fn cars_behind_the_camera_cast_nothing_into_its_shadow_map() {
    with_gl(|r| {
        let root = skidpad::content::ContentRoot::Embedded;
        let profile = PlatformProfile::load("desktop").unwrap();
        let stats_with = |r: &mut Renderer, opponents: usize| {
            let mut setup = Setup::load(&root, "circuit", "coupe", profile.clone()).unwrap();
            if opponents > 0 {
                setup.add_opponents(&root, opponents, "coupe").unwrap();
            }
            let mut s = Session::start(&setup);
            for _ in 0..30 {
                s.tick(&TickInput::default());
            }
            let cam = s.camera(1.0);
            r.set_culling(true);
            let culled = draw(r, &mut s, &cam);
            let stats = r.last_draw_stats();
            r.set_culling(false);
            let full = draw(r, &mut s, &cam);
            r.set_culling(true);
            assert_eq!(pixels_differ(&culled, &full), 0, "{opponents} opponents: {stats:?}");
            stats
        };
        let alone = stats_with(r, 0);
        let field = stats_with(r, 7);
        // Seven cars of five meshes each: drawing them all added 34 casters before they were
        // culled by where their shadow falls (3 now: the nearest car's, whose shadow reaches
        // the view).
        assert!(
            field.shadow.culled >= alone.shadow.culled + 7 && field.shadow.drawn < alone.shadow.drawn + 7,
            "the grid behind cast into the view's map: {:?} against {:?}",
            field.shadow,
            alone.shadow
        );
    });
}

/// A frame drawn from exactly what the frame before was (the game paused over the scene)
/// keeps the shadow map: no caster is drawn and the picture is byte-identical to the one
/// whose depth pass drew it. Anything that moves draws it again: the parked car's front
/// wheels steered (the light's view, which follows the car, unchanged), the car driven a
/// tick on, shadows turned off.
#[test]
fn a_still_frame_keeps_the_shadow_map_and_looks_the_same() {
    with_gl(|r| {
        let mut s = session();
        let cam = s.camera(1.0);
        let drawn = draw(r, &mut s, &cam);
        let first = r.last_draw_stats();
        assert!(first.shadow.drawn > 0 && first.shadow_texels > 0 && !first.shadow_map_kept);
        let kept = draw(r, &mut s, &cam);
        let still = r.last_draw_stats();
        assert!(still.shadow_map_kept, "{still:?}");
        assert_eq!((still.shadow.drawn, still.shadow_texels), (0, 0), "{still:?}");
        assert_eq!(still.lit.drawn, first.lit.drawn);
        let differ = pixels_differ(&drawn, &kept);
        assert_eq!(differ, 0, "the kept map changed {differ} pixels");
        let redrawn = |r: &Renderer| !r.last_draw_stats().shadow_map_kept && r.last_draw_stats().shadow.drawn > 0;
        // The same frame with the front wheels steered and nothing else moved (the light's
        // view follows the chassis, which stays put).
        let view = s.frame_view(1.0, &cam);
        let mut steered = view.cur.clone();
        for wheel in &mut steered.cars[0].wheels[..2] {
            wheel.steer_rad += 0.4;
        }
        let steered_view = FrameView {
            prev: &steered,
            cur: &steered,
            ..view
        };
        r.draw(&steered_view, W, H);
        assert!(redrawn(r), "steered wheels kept the map: {:?}", r.last_draw_stats());
        drive(&mut s, 1.0, 0.0, 30);
        let cam = s.camera(1.0);
        let moving = draw(r, &mut s, &cam);
        drive(&mut s, 1.0, 0.0, 1);
        draw(r, &mut s, &cam);
        assert!(redrawn(r), "a tick on, the map was kept: {:?}", r.last_draw_stats());
        // Shadows turned off while still: the map is cleared, not kept.
        draw(r, &mut s, &cam);
        r.set_shadows(false);
        let unlit = draw(r, &mut s, &cam);
        r.set_shadows(true);
        let lit_up = (unlit.rgba.chunks(4).zip(moving.rgba.chunks(4)))
            .filter(|(u, d)| luma([u[0], u[1], u[2], 255]) > luma([d[0], d[1], d[2], 255]) + 10.0)
            .count();
        assert!(
            lit_up > 100,
            "the car's shadow stayed with shadows off ({lit_up} pixels lit up)"
        );
    });
}

/// Dynamic resolution: a scene drawn at half scale is stretched over the whole window and
/// looks like the full-resolution frame (a blurrier copy, not a corner of it or a black
/// border), and the GPU timer reports scene times with the scale they were drawn at.
#[test]
fn a_scene_drawn_at_half_scale_fills_the_window_and_is_timed() {
    with_gl(|r| {
        let mut s = session();
        drive(&mut s, 1.0, 0.0, 60);
        let cam = s.camera(1.0);
        r.set_resolution_scale(1.0);
        let full = draw(r, &mut s, &cam);
        r.set_resolution_scale(0.5);
        let half = draw(r, &mut s, &cam);
        r.set_resolution_scale(1.0);
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
        // Top (sky), middle (car), bottom (ground), and the far corners: a corner-only
        // draw would leave three quarters of the window stale or black.
        for (y0, y1) in [(0, H / 4), (H / 4, 3 * H / 4), (3 * H / 4, H)] {
            let d = mean_abs(y0, y1);
            assert!(d < 12.0, "rows {y0}..{y1} differ by {d} on average");
        }
        for (x, y) in [(W - 2, 2), (W - 2, H - 2), (2, H - 2)] {
            let (a, b) = (full.pixel(x, y), half.pixel(x, y));
            assert!(
                (0..3).all(|c| (a[c] as i32 - b[c] as i32).abs() < 24),
                "({x},{y}): {a:?} vs {b:?}"
            );
        }
        // Not identical either: it was drawn with a quarter of the pixels.
        assert!(full.rgba != half.rgba);
        // Timer results come back within a few frames, each with its scale; none while
        // timing is off (the default).
        skidpad::render::wait_for_gpu();
        assert_eq!(r.take_gpu_scene_time(), None, "timed with timing off");
        r.set_scene_timing(true);
        let mut seen = Vec::new();
        for scale in [0.5, 0.5, 0.75, 1.0, 1.0, 1.0, 1.0] {
            r.set_resolution_scale(scale);
            draw(r, &mut s, &cam);
            skidpad::render::wait_for_gpu();
            if let Some(t) = r.take_gpu_scene_time() {
                seen.push(t);
            }
        }
        assert!(seen.len() >= 3, "{seen:?}");
        assert!(
            seen.iter()
                .all(|(ms, drawn)| *ms > 0.0 && [0.5, 0.75, 1.0].contains(&drawn.scale)),
            "{seen:?}"
        );
        // Out-of-range scales are clamped, never a zero-sized scene.
        r.set_resolution_scale(0.0);
        assert_eq!(r.resolution_scale(), skidpad::render::MIN_SCALE);
        r.set_resolution_scale(f32::NAN);
        assert_eq!(r.resolution_scale(), 1.0);
    });
}

/// The detail ladder dynamic resolution steps down at its floor draws exactly what the
/// cheaper settings draw: first the xbox's one bilinear shadow tap, then the xbox's 1024²
/// shadow map (a quarter of the texels to clear and raster), then the scene stretched by
/// nearest texel; what each saves on llvmpipe is counted in PERFORMANCE.md ("Dynamic
/// resolution at its floor"), and last the cars' coarser meshes at half the distance. The
/// HUD drawn over the stepped-down scene is as sharp as over a full-resolution one, and
/// climbing back gives the profile's picture back. Before the ladder is built, asking for
/// steps changes nothing.
#[test]
fn the_detail_ladder_draws_the_cheaper_settings_and_the_hud_stays_sharp() {
    use skidpad::render::SceneDetail;
    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, W, H);
        // Each renderer gets its own session (the same frames): chunks enter each once.
        let renderer = |side, filter| {
            let mut s = session();
            drive(&mut s, 1.0, 0.0, 60);
            (Renderer::with_shadow_filter(side, 2048, filter).unwrap(), s)
        };
        let (mut desktop, mut s_desktop) = renderer(2048, ShadowFilter::Pcf2x2);
        let (mut bilinear, mut s_bilinear) = renderer(2048, ShadowFilter::Bilinear);
        let (mut xbox, mut s_xbox) = renderer(1024, ShadowFilter::Bilinear);
        let cam = s_desktop.camera(1.0);
        let shot = |r: &mut Renderer, s: &mut Session, detail: SceneDetail| {
            r.set_scene_detail(detail);
            draw(r, s, &cam)
        };
        let floor = |steps_down| SceneDetail { scale: 0.5, steps_down };
        let profiles = shot(&mut desktop, &mut s_desktop, floor(0));
        assert_eq!(desktop.detail_steps(), 0);
        assert!(shot(&mut desktop, &mut s_desktop, floor(3)).rgba == profiles.rgba);
        assert_eq!(desktop.scene_detail().steps_down, 0);

        desktop.enable_detail_ladder().unwrap();
        assert_eq!(desktop.detail_steps(), 6);
        let one = shot(&mut desktop, &mut s_desktop, floor(1));
        assert!(one.rgba != profiles.rgba, "the shadow filter did not change");
        assert!(one.rgba == shot(&mut bilinear, &mut s_bilinear, floor(0)).rgba);
        // Both maps are held from the ladder's building on: the step to the smaller one
        // allocates nothing (made at the step, it cost a frame of page faults).
        let both_maps = (2048 * 2048 + 1024 * 1024) * 4;
        assert_eq!(desktop.gpu_memory().shadow_map, both_maps);
        let two = shot(&mut desktop, &mut s_desktop, floor(2));
        assert!(two.rgba == shot(&mut xbox, &mut s_xbox, floor(0)).rgba);
        assert_eq!(desktop.gpu_memory().shadow_map, both_maps);
        // Half scale by nearest texel: every 2×2 block of the window is one scene pixel,
        // where the bilinear stretch blends neighbours.
        let three = shot(&mut desktop, &mut s_desktop, floor(3));
        assert_eq!(desktop.scene_detail().steps_down, 3);
        let blocky = |img: &Image| {
            (0..H / 2)
                .flat_map(|y| (0..W / 2).map(move |x| (2 * x, 2 * y)))
                .filter(|&(x, y)| {
                    let p = img.pixel(x, y);
                    [(1, 0), (0, 1), (1, 1)]
                        .iter()
                        .all(|(dx, dy)| img.pixel(x + dx, y + dy) == p)
                })
                .count()
        };
        assert_eq!(blocky(&three), (W / 2 * H / 2) as usize);
        assert!(blocky(&two) < (W / 2 * H / 2) as usize * 3 / 4, "{}", blocky(&two));
        let mean_abs = mean_abs_diff(&two, &three);
        assert!(mean_abs < 8.0, "the nearest stretch strays by {mean_abs} on average");
        // Then the coarser meshes at half the distance: at full scale (240 rows) the car's
        // body and wheels chosen as for 120 rows, a level coarser each; the same car in the
        // same place. (At the 0.5 floor of this small window it is coarse already.)
        let full_at = |steps_down| SceneDetail { scale: 1.0, steps_down };
        let near = shot(&mut desktop, &mut s_desktop, full_at(3));
        let near_triangles = desktop.last_draw_stats().lit.triangles;
        let coarse = shot(&mut desktop, &mut s_desktop, full_at(4));
        let coarse_triangles = desktop.last_draw_stats().lit.triangles;
        assert!(
            coarse_triangles + 200 < near_triangles,
            "lit triangles {near_triangles} → {coarse_triangles}"
        );
        let strays = mean_abs_diff(&near, &coarse);
        assert!(strays < 0.5, "the coarser meshes stray by {strays} on average");
        // Last, the ground's textures within one mip level: the same triangles, the ground
        // a little different where it recedes (the level no longer blends into the next),
        // nothing else.
        let one_level = shot(&mut desktop, &mut s_desktop, full_at(5));
        assert_eq!(desktop.scene_detail().steps_down, 5);
        assert_eq!(desktop.last_draw_stats().lit.triangles, coarse_triangles);
        assert!(one_level.rgba != coarse.rgba, "the ground's mip filter did not change");
        let strays = mean_abs_diff(&coarse, &one_level);
        assert!(strays < 1.0, "one mip level strays by {strays} on average");
        // The split views' nearer far plane leaves one player's view as it was
        // (`split_screen.rs` draws it in two views).
        let nearer = shot(&mut desktop, &mut s_desktop, full_at(9));
        assert_eq!(desktop.scene_detail().steps_down, 6);
        assert!(nearer.rgba == one_level.rgba, "one player's view changed");

        // The HUD over the stepped-down scene: its light strokes are where they are over
        // the full-resolution scene, not a blurred copy.
        let mut hud = Hud::for_height(H).unwrap();
        let mut text = String::new();
        let mut with_hud = |detail| {
            shot(&mut desktop, &mut s_desktop, detail);
            let layout = overlay(&mut hud, &mut text, &s_desktop, HudState::default());
            (read_back_buffer(W, H), layout.get(Element::Speedo).unwrap())
        };
        let (sharp, dial) = with_hud(SceneDetail::FULL);
        let (stepped, _) = with_hud(floor(3));
        let light = |img: &Image| {
            let (x0, y0) = (dial.x.ceil() as u32, dial.y.ceil() as u32);
            let (x1, y1) = ((dial.right() as u32).min(W), (dial.bottom() as u32).min(H));
            (x0..x1)
                .flat_map(|x| (y0..y1).map(move |y| (x, y)))
                .filter(|&(x, y)| bright(img.pixel(x, y)))
                .collect::<std::collections::HashSet<_>>()
        };
        let (a, b) = (light(&sharp), light(&stepped));
        assert!(a.len() > 100, "{} light pixels on the dial", a.len());
        let both = a.intersection(&b).count();
        assert!(
            both * 10 >= a.len() * 9 && b.len() * 10 <= a.len() * 11,
            "{both} of {} light dial pixels kept over the stepped-down scene ({} there)",
            a.len(),
            b.len()
        );

        // Climbing back gives the profile's picture back, with no map made or freed.
        assert!(shot(&mut desktop, &mut s_desktop, floor(0)).rgba == profiles.rgba);
        assert_eq!(desktop.gpu_memory().shadow_map, both_maps);
    });
}
