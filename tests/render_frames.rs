//! Real frames rendered through SDL's offscreen driver (Mesa llvmpipe with no GPU): the
//! car's shadow darkens the ground beside it, smoke appears behind a car braking hard and
//! none while cruising, the HUD is drawn, and moving the camera changes the frame.

mod common;

use common::*;
use glam::{Vec3, Vec4};
use skidpad::app::hud::{compose, HudInputs, HudState};
use skidpad::app::{Session, Setup};
use skidpad::content::bake_now;
use skidpad::content::PlatformProfile;
use skidpad::render::Hud;
use skidpad::render::{read_back_buffer, Image};
use skidpad::render::{Camera, Renderer};
use skidpad::sim::TickInput;
use skidpad::time::FrameHistory;
use skidpad_platform::{Platform, WindowConfig};
use std::sync::Mutex;

/// One GL context at a time in this process.
static GL: Mutex<()> = Mutex::new(());
const W: u32 = 320;
const H: u32 = 240;

fn with_gl(f: impl FnOnce(&mut Renderer)) {
    let _guard = GL.lock().unwrap_or_else(|e| e.into_inner());
    let _platform = Platform::open(&WindowConfig {
        title: "render test".into(),
        width: W,
        height: H,
        vsync: false,
        offscreen: true,
    })
    .expect("offscreen GL context");
    let mut renderer = Renderer::new(1024, 2048).unwrap();
    f(&mut renderer);
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
    });
}

#[test]
fn the_hud_is_drawn() {
    with_gl(|r| {
        let mut s = session();
        drive(&mut s, 1.0, 0.0, 120);
        let cam = s.camera(1.0);
        let plain = draw(r, &mut s, &cam);
        let mut hud = Hud::new().unwrap();
        let mut text = String::new();
        let budget = std::time::Duration::from_millis(16);
        compose(
            &mut hud,
            &mut text,
            HudInputs {
                session: &s,
                history: &FrameHistory::new(4),
                budget,
                state: HudState::default(),
            },
            W,
            H,
        );
        hud.flush(W, H);
        let with_hud = read_back_buffer(W, H);
        // The speedometer sits in the bottom-right corner: white glyph pixels appear there.
        let white = |img: &Image| {
            (W / 2..W)
                .flat_map(|x| (H - 30..H).map(move |y| (x, y)))
                .filter(|&(x, y)| img.pixel(x, y)[..3].iter().all(|c| *c > 230))
                .count()
        };
        assert_eq!(white(&plain), 0);
        assert!(white(&with_hud) > 40, "{} white pixels", white(&with_hud));
        assert!(text.contains("km/h"), "{text}");

        // The pad in use unplugged: the frame is covered with the "connect a controller"
        // prompt, white text across the middle.
        let lost = HudState {
            controller_lost: true,
            ..HudState::default()
        };
        r.draw(&s.frame_view(1.0, &cam), W, H);
        compose(
            &mut hud,
            &mut text,
            HudInputs {
                session: &s,
                history: &FrameHistory::new(4),
                budget,
                state: lost,
            },
            W,
            H,
        );
        hud.flush(W, H);
        let prompt = read_back_buffer(W, H);
        let band = (0..W).flat_map(|x| (H * 2 / 5..H * 2 / 5 + 16).map(move |y| (x, y)));
        let white = band
            .filter(|&(x, y)| prompt.pixel(x, y)[..3].iter().all(|c| *c > 230))
            .count();
        assert!(white > 100, "no prompt: {white} white pixels");
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
        let changed = fa.rgba.chunks(4).zip(fb.rgba.chunks(4)).filter(|(p, q)| p != q).count();
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
        let mut hud = Hud::new().unwrap();
        let mut text = String::new();
        let state = HudState {
            telemetry: true,
            ..HudState::default()
        };
        let inputs = HudInputs {
            session: &s,
            history: &FrameHistory::new(4),
            budget: std::time::Duration::from_millis(16),
            state,
        };
        compose(&mut hud, &mut text, inputs, W, H);
        hud.flush(W, H);
        let img = read_back_buffer(W, H);
        let count = |img: &Image, xs: std::ops::Range<u32>, ys: std::ops::Range<u32>, f: &dyn Fn([u8; 4]) -> bool| {
            xs.flat_map(|x| ys.clone().map(move |y| (x, y)))
                .filter(|&(x, y)| f(img.pixel(x, y)))
                .count()
        };
        let white = |p: [u8; 4]| p[..3].iter().all(|c| *c > 230);
        let amber = |p: [u8; 4]| p[0] > 230 && p[1] > 160 && p[1] < 215 && p[2] < 90;
        // At 320×240 the HUD is laid out at scale 1, as 640×480 (the xbox profile) is at
        // scale 2: what fits here fits there. The page, left, from y = 89: engine line,
        // wheel table (amber header), chunks; nothing of it past x = 300.
        let page_white = count(&img, 0..300, 89..197, &white);
        assert_eq!(count(&plain, 0..300, 89..197, &white), 0);
        assert!(page_white > 1500, "{page_white} white pixels on the page");
        assert!(count(&img, 0..300, 89..197, &amber) > 40, "no wheel header");
        assert_eq!(count(&img, 300..W, 80..200, &white), 0, "the page runs off the right");
        // The rpm-and-gear line sits above the speedometer, bottom right, in amber.
        assert!(count(&img, W / 2..W, H - 36..H - 28, &amber) > 40, "no rpm line");
        assert!(text.starts_with("CHUNKS"), "{text}");
        let telemetry = s.world().telemetry(0);
        assert!(telemetry.engine_rpm > 0.0 && telemetry.gear >= 1, "{telemetry:?}");
    });
}

/// Frustum culling skips meshes outside each pass's view and changes no pixel: on the
/// shipped `crash` level (walls, box stacks, parked cars) and the `circuit` (streamed
/// chunks in every direction), from the chase camera, from above the props, and looking
/// at open sky, the frame with culling is byte-identical to the frame with every mesh
/// drawn, and the chase view skips meshes in both passes.
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
                let differ = culled
                    .rgba
                    .chunks(4)
                    .zip(full.rgba.chunks(4))
                    .filter(|(p, q)| p != q)
                    .count();
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
        // Timer results come back within a few frames, each with its scale.
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
                .all(|(ms, scale)| *ms > 0.0 && [0.5, 0.75, 1.0].contains(scale)),
            "{seen:?}"
        );
        // Out-of-range scales are clamped, never a zero-sized scene.
        r.set_resolution_scale(0.0);
        assert_eq!(r.resolution_scale(), skidpad::render::MIN_SCALE);
        r.set_resolution_scale(f32::NAN);
        assert_eq!(r.resolution_scale(), 1.0);
    });
}
