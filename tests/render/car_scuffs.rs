//! Crash feel (#17): where the player's car takes a hard hit its body shows it. The coupe
//! driven head-on into a wall and backed off it, drawn offscreen from ahead and to its
//! right: the frame with its scuffs differs from the same frame drawn clean only toward
//! the nose, and there the paint has turned grey (scraped to primer); the rear door is the
//! same pixel for pixel. Presentation only: the world is not touched (the state hash is the same with
//! and without the scuffs drawn, as they are not part of it).

use crate::common;

use crate::common::*;
use glam::{Quat, Vec3, Vec4};
use skidpad::app::{Session, Setup};
use skidpad::content::{bake_now, PlatformProfile};
use skidpad::render::{paint_color, read_back_buffer, Camera, Image, Renderer};
use skidpad::sim::{TickInput, VehicleControl};

const W: u32 = 320;
const H: u32 = 240;

/// The screen pixel of world point `p`.
fn to_screen(camera: &Camera, p: Vec3) -> (i32, i32) {
    let c = camera.view_proj(W as f32 / H as f32) * Vec4::new(p.x, p.y, p.z, 1.0);
    let ndc = c.truncate() / c.w;
    (
        ((ndc.x * 0.5 + 0.5) * W as f32) as i32,
        ((0.5 - ndc.y * 0.5) * H as f32) as i32,
    )
}

#[test]
fn a_hard_hit_scuffs_the_paint_where_it_landed() {
    // A wall across the road 15 m ahead of the spawn (flat(): (0, 0.3, -200), facing +Z).
    let mut level = flat();
    level.props = vec![block(
        Vec3::new(20.0, 3.0, 1.0),
        Vec3::new(0.0, 1.5, -184.5),
        Quat::IDENTITY,
    )];
    let profile = PlatformProfile::load("desktop").unwrap();
    let mut setup = Setup::new(bake_now(level), coupe(), vec![], profile);
    setup.player_paint = paint_color("red");
    let mut s = Session::start(&setup);
    // Full throttle into the wall (about 12 m/s at the hit: some 14 000 N·s on a
    // 1 200 kg car, past the 5 000 N·s of a hard hit), then braked to rest against it.
    let control = |throttle, brake, reverse| TickInput {
        control: VehicleControl {
            throttle,
            brake,
            reverse,
            ..VehicleControl::default()
        },
        ..Default::default()
    };
    for _ in 0..240 {
        s.tick(&control(1.0, 0.0, false));
    }
    for _ in 0..90 {
        s.tick(&control(0.0, 1.0, false));
    }
    let at_wall = s.world().player_body().translation();
    assert!(at_wall.z > -188.0, "the car reached the wall: {at_wall}");
    // Backed off the wall, so its nose can be seen.
    for _ in 0..90 {
        s.tick(&control(0.5, 0.0, true));
    }
    for _ in 0..90 {
        s.tick(&control(0.0, 1.0, false));
    }
    let body = s.world().player_body();
    let (pos, rot) = (body.translation(), *body.rotation());
    assert!(at_wall.z - pos.z > 1.5, "backed off the wall: {at_wall} → {pos}");

    let mut events = Vec::new();
    s.drain_chunk_events(&mut events);
    // The same checks on OpenGL 3.3 core and on ES 3.0.
    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, W, H);
        let mut r = Renderer::new(1024, 256).unwrap();
        r.apply_chunk_events(&events);
        // From ahead of the car and to its right, looking at the front wheel.
        let camera = Camera::looking_at(
            pos + rot * Vec3::new(-3.0, 1.4, 4.0),
            pos + rot * Vec3::new(0.0, 0.5, 0.8),
        );
        let hash = s.world().state_hash();
        let draw = |scuffed: bool, r: &mut Renderer| -> Image {
            let mut view = s.frame_view(1.0, &camera);
            if !scuffed {
                view.scuffs = None;
            }
            r.draw(&view, W, H);
            read_back_buffer(W, H)
        };
        let clean = draw(false, &mut r);
        let scuffed = draw(true, &mut r);
        assert_eq!(s.world().state_hash(), hash, "drawing changes nothing in the world");

        // The nose and the rear door on screen, on the car's right flank (the coupe: 2 m
        // from its origin to its nose, 0.85 m to its side).
        let nose = to_screen(&camera, pos + rot * Vec3::new(-0.85, 0.6, 2.0));
        let tail = to_screen(&camera, pos + rot * Vec3::new(-0.85, 0.6, -1.0));
        let (mut changed, mut near_nose, mut greyer) = (0, 0, 0);
        for y in 0..H {
            for x in 0..W {
                let (a, b) = (clean.pixel(x, y), scuffed.pixel(x, y));
                let diff = (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap();
                if diff <= 24 {
                    continue;
                }
                changed += 1;
                let d = |(px, py): (i32, i32)| ((x as i32 - px).pow(2) + (y as i32 - py).pow(2)) as f32;
                if d(nose) < d(tail) {
                    near_nose += 1;
                }
                // Red paint turned grey: less red over green than it was.
                let redness = |p: [u8; 4]| p[0] as i32 - p[1] as i32;
                if redness(b) < redness(a) {
                    greyer += 1;
                }
            }
        }
        eprintln!(
            "{changed} pixels scuffed, {near_nose} nearer the nose, {greyer} greyer; nose {nose:?}, tail {tail:?}"
        );
        // Visible: at least 0.5 % of the frame (the car covers about a tenth of it).
        assert!(changed > (W * H / 200) as usize, "{changed} pixels changed");
        assert_eq!(near_nose, changed, "only the hit end changed");
        assert!(greyer * 10 >= changed * 9, "{greyer} of {changed} greyer");
        // The tail is the same pixel for pixel.
        let (tx, ty) = (
            tail.0.clamp(0, W as i32 - 1) as u32,
            tail.1.clamp(0, H as i32 - 1) as u32,
        );
        assert_eq!(clean.pixel(tx, ty), scuffed.pixel(tx, ty));
    });
}
