//! Marks and particles of real frames, rendered through SDL's offscreen driver (Mesa
//! llvmpipe): a car braking hard on asphalt leaves dark strips under its tires that stay
//! (and fade out after the hold and fade times), and what the tires throw up takes the
//! surface's colour: snow powder lighter than gravel's brown-grey dust. Laying the marks
//! allocates nothing per tick.

use crate::common;

use crate::common::*;
use glam::{Vec3, Vec4};
use skidpad::alloc_count::thread_allocations;
use skidpad::app::{Session, Setup};
use skidpad::content::bake_now;
use skidpad::content::PlatformProfile;
use skidpad::render::{read_back_buffer, Camera, Image, Renderer};
use skidpad::sim::{SimEvent, TickInput};

const W: u32 = 640;
const H: u32 = 480;
const DT: u32 = 60;

/// Runs `f` on OpenGL 3.3 core, then on OpenGL ES 3.0.
fn with_gl(mut f: impl FnMut(&mut Renderer)) {
    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, W, H);
        let mut renderer = Renderer::new(1024, 2048).unwrap();
        f(&mut renderer);
    });
}

/// A session on flat `ground`, the car settled for two seconds.
fn session(ground: &str) -> Session {
    let profile = PlatformProfile::load("desktop").unwrap();
    let level = level(512.0, ground, Vec3::new(0.0, 0.3, -200.0), vec![]);
    let mut s = Session::start(&Setup::new(bake_now(level), coupe(), vec![], profile));
    for _ in 0..120 {
        s.tick(&TickInput::default());
    }
    s
}

fn upload_chunks(r: &mut Renderer, s: &mut Session) {
    let mut events = Vec::new();
    s.drain_chunk_events(&mut events);
    r.apply_chunk_events(&events);
}

fn draw(r: &mut Renderer, s: &mut Session, camera: &Camera) -> Image {
    upload_chunks(r, s);
    r.draw(&s.frame_view(1.0, camera), W, H);
    read_back_buffer(W, H)
}

fn luma(p: [u8; 4]) -> f32 {
    0.3 * p[0] as f32 + 0.59 * p[1] as f32 + 0.11 * p[2] as f32
}

/// Pixel of world point `p` seen by `camera`, if it is inside the frame.
fn pixel_of(camera: &Camera, p: Vec3) -> Option<(u32, u32)> {
    let c = camera.view_proj(W as f32 / H as f32) * Vec4::new(p.x, p.y, p.z, 1.0);
    let ndc = c.truncate() / c.w;
    let (x, y) = ((ndc.x * 0.5 + 0.5) * W as f32, (0.5 - ndc.y * 0.5) * H as f32);
    (c.w > 0.0 && x >= 1.0 && y >= 1.0 && x < (W - 1) as f32 && y < (H - 1) as f32).then_some((x as u32, y as u32))
}

/// Runs `ticks` ticks of `input`, returning the contact points of the player's slips.
fn run(s: &mut Session, input: &TickInput, ticks: u32) -> Vec<Vec3> {
    let mut slips = Vec::new();
    for _ in 0..ticks {
        s.tick(input);
        slips.extend(s.snapshot().events.iter().filter_map(|e| match *e {
            SimEvent::Slip { car: 0, position, .. } => Some(position),
            _ => None,
        }));
    }
    slips
}

#[test]
fn a_hard_stop_leaves_dark_strips_under_the_tires_that_stay_then_fade() {
    let _workers = crate::beside_others();
    with_gl(|r| {
        let mut s = session("asphalt");
        run(&mut s, &input(1.0, 0.0, 0.0), 4 * DT);
        let start = s.world().player_body().translation();
        // The camera looks straight down on the 14 m of road ahead of the car before it
        // brakes (about what a locked-wheel stop from this speed at μ = 1 takes: v²/2μg).
        let ahead = Vec3::new(start.x, 0.0, start.z + 9.0);
        let camera = Camera::looking_at(ahead + Vec3::new(0.0, 12.0, -0.01), ahead);
        let before = draw(r, &mut s, &camera);

        let slips = run(&mut s, &input(0.0, 0.0, 1.0), 3 * DT);
        assert!(slips.len() > 40, "{} slip events while braking hard", slips.len());
        // Five seconds on: the smoke has gone (2.2 s at most), the marks have not.
        run(&mut s, &TickInput::default(), 5 * DT);
        let stopped = s.world().player_body().translation();
        assert!(!s.skid_marks().segments().is_empty() && s.skid_marks().in_use() > 4);
        // Slip points at least 3 m behind where the car stopped (clear of its body) and
        // in view.
        let behind = |p: &&Vec3| stopped.z - p.z > 3.0;
        let marked = |img: &Image| {
            let mut checked = 0;
            let mut dark = 0;
            for p in slips.iter().filter(behind) {
                if let Some((x, y)) = pixel_of(&camera, *p) {
                    checked += 1;
                    dark += (luma(img.pixel(x, y)) < 0.6 * luma(before.pixel(x, y))) as u32;
                }
            }
            (dark, checked)
        };
        let after = draw(r, &mut s, &camera);
        let (dark, checked) = marked(&after);
        assert!(checked >= 20, "only {checked} slip points in view");
        assert!(dark * 10 >= checked * 9, "{dark} of {checked} slip points darkened");
        // Between the wheels the road is as it was: the marks are strips, not a band.
        let centre_line = |img: &Image| {
            slips
                .iter()
                .filter(behind)
                .filter_map(|p| pixel_of(&camera, Vec3::new(stopped.x, p.y, p.z)))
                .filter(|&(x, y)| luma(img.pixel(x, y)) < 0.9 * luma(before.pixel(x, y)))
                .count()
        };
        assert_eq!(centre_line(&after), 0, "the road between the tires darkened");

        // Ten seconds later they are still there...
        run(&mut s, &TickInput::default(), 10 * DT);
        let later = draw(r, &mut s, &camera);
        let (dark_later, _) = marked(&later);
        assert!(
            dark_later * 10 >= checked * 9,
            "{dark_later} of {checked} still dark after 10 s"
        );
        // ...and after the hold and the fade (45 s) the road is clean again.
        run(&mut s, &TickInput::default(), 45 * DT);
        let gone = draw(r, &mut s, &camera);
        let (dark_gone, _) = marked(&gone);
        assert_eq!(dark_gone, 0, "marks left after they should have faded");
    });
}

/// The mean colour of the pixels where `with` differs from `without` (the particles).
fn particle_colour(with: &Image, without: &Image) -> Option<[f32; 3]> {
    let (mut sum, mut n) = ([0.0f32; 3], 0);
    for y in 0..H {
        for x in 0..W {
            let (a, b) = (with.pixel(x, y), without.pixel(x, y));
            if (0..3).any(|i| a[i].abs_diff(b[i]) > 12) {
                for i in 0..3 {
                    sum[i] += a[i] as f32;
                }
                n += 1;
            }
        }
    }
    (n > 200).then(|| sum.map(|c| c / n as f32))
}

#[test]
fn snow_throws_white_powder_and_gravel_brown_grey_dust() {
    let _workers = crate::beside_others();
    with_gl(|r| {
        // Both cars floored then turned hard: wheelspin and a slide on loose ground.
        let throw = |ground: &str| {
            let mut s = session(ground);
            run(&mut s, &input(1.0, 0.0, 0.0), 3 * DT);
            run(&mut s, &input(1.0, 1.0, 0.0), DT / 2);
            assert!(
                s.particles().particles().len() > 10,
                "{ground}: {} particles",
                s.particles().particles().len()
            );
            s
        };
        let snow = throw("snow");
        let gravel = throw("gravel");
        // Each pool drawn over the same backdrop (an asphalt level, its car moved out of
        // view), so only the particles' colour differs.
        let mut backdrop = session("asphalt");
        let mut colour_of = |thrower: &Session| {
            // From 10 m straight above the puffs: the asphalt under them is neutral grey.
            let puffs = thrower.particles().particles();
            let centre = puffs.iter().map(|p| p.position).sum::<Vec3>() / puffs.len() as f32;
            let camera = Camera::looking_at(centre + Vec3::new(0.0, 10.0, -0.01), centre);
            // The backdrop's car 30 m aside (out of view), its ground streamed in around it.
            backdrop.world_teleport_for_tests(Vec3::new(centre.x + 30.0, 0.5, centre.z));
            for _ in 0..10 {
                backdrop.tick(&TickInput::default());
            }
            upload_chunks(r, &mut backdrop);
            let mut view = backdrop.frame_view(1.0, &camera);
            view.skid_marks = None;
            view.particles = None;
            r.draw(&view, W, H);
            let without = read_back_buffer(W, H);
            view.particles = Some(thrower.particles());
            r.draw(&view, W, H);
            let with = read_back_buffer(W, H);
            particle_colour(&with, &without).expect("particles in view")
        };
        let snow_rgb = colour_of(&snow);
        let gravel_rgb = colour_of(&gravel);
        let l = |c: [f32; 3]| 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];
        // Snow's albedo is 0.9 and its powder paler still; gravel's dust is the gravel
        // bed's 0.5 blended with rock grey (materials.toml): clearly darker.
        assert!(
            l(snow_rgb) > l(gravel_rgb) + 25.0,
            "snow {snow_rgb:?} vs gravel {gravel_rgb:?}"
        );
        // Gravel's dust is warmer (browner: more red against blue) than snow's powder.
        let warmth = |c: [f32; 3]| c[0] - c[2];
        assert!(
            warmth(gravel_rgb) > warmth(snow_rgb) + 5.0,
            "gravel {gravel_rgb:?} vs snow {snow_rgb:?}"
        );
    });
}

#[test]
fn laying_marks_through_a_slide_allocates_nothing() {
    let _workers = crate::beside_others();
    let mut s = session("asphalt");
    run(&mut s, &input(1.0, 0.0, 0.0), 3 * DT);
    // The slide's first ticks may form new contacts (the one kind of tick the physics may
    // allocate in); count the marks alone, fed the slide's events again tick by tick.
    let mut events = Vec::new();
    for _ in 0..2 * DT {
        s.tick(&input(0.3, 1.0, 1.0));
        events.push(s.snapshot().events.clone());
    }
    assert!(
        events
            .iter()
            .flatten()
            .filter(|e| matches!(e, SimEvent::Slip { .. }))
            .count()
            > 40
    );
    // A small ring, so that it fills and wraps round within the test.
    let mut marks = skidpad::render::SkidMarks::new(
        64,
        &[0.23],
        skidpad::render::SurfaceLooks::new(&table()),
        table().iter().map(|(_, m)| m.color).collect(),
    );
    // Three passes: the ring fills and wraps round, reusing its oldest segments.
    let before = thread_allocations();
    for _ in 0..3 {
        for tick in &events {
            marks.lay(tick, 1.0 / 60.0);
        }
    }
    assert_eq!(thread_allocations() - before, 0, "laying marks allocated");
    assert_eq!(marks.in_use(), 64, "the ring did not fill");
}
