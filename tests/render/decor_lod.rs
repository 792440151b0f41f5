//! Issue 20: a stand's crowd far away draws its stand-in (a band a row, `render/decor_lod.rs`)
//! in both passes, and close by draws every figure, its pixels the same as with the level of
//! detail turned off.

use crate::common;

use crate::common::*;
use glam::Vec3;
use skidpad::app::{Session, Setup};
use skidpad::content::{bake_now, materials, ContentRoot, Level, PlatformProfile};
use skidpad::render::{read_back_buffer, Camera, FrameDrawStats, Image, Renderer, FAR_DECOR_MAX_PX};
use skidpad::sim::TickInput;
use skidpad_bake::{ContentError, LevelFiles};
use skidpad_platform::GlApi;

const W: u32 = 320;
const H: u32 = 240;

struct NoFiles;

impl LevelFiles for NoFiles {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        Err(ContentError::new(rel, "file", "not found"))
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
}

/// Flat asphalt 600 m across with a 30 m stand of 6 rows at the origin facing +Z, the
/// car parked beside it (the sun's shadow map covers 90 m around the car).
fn stand_level() -> Level {
    let text = "description = \"t\"\nchunk_size_m = 600.0\n[terrain]\nsize_m = [600.0, 600.0]\n\
                material = \"asphalt\"\n[[spawns]]\nname = \"s\"\nposition_m = [25.0, 0.5, 10.0]\n\
                [[props]]\nkind = \"grandstand\"\nposition_m = [0.0, 0.0]\nlength_m = 30.0\nsteps = 6\n";
    let table = materials(&ContentRoot::Embedded).unwrap();
    Level::parse("test.toml", "test", text.as_bytes(), &table, &NoFiles).unwrap()
}

/// The stand seen from `distance_m` in front of it, with the level of detail's threshold
/// at `max_px`: the frame and its draw statistics.
fn stand_from(api: GlApi, distance_m: f32, max_px: f32) -> (Image, FrameDrawStats) {
    let profile = PlatformProfile::load("desktop").unwrap();
    let setup = Setup::new(bake_now(stand_level()), coupe(), vec![], profile);
    let mut s = Session::start(&setup);
    s.tick(&TickInput::default());
    let _platform = common::gl::open_offscreen(api, W, H);
    let mut r = Renderer::new(1024, 256).unwrap();
    r.set_far_decor_max_px(max_px);
    let camera = Camera::looking_at(Vec3::new(3.0, 2.5, distance_m), Vec3::new(0.0, 2.0, 0.0));
    let mut events = Vec::new();
    s.drain_chunk_events(&mut events);
    r.apply_chunk_events(&events);
    r.draw(&s.frame_view(1.0, &camera), W, H);
    (read_back_buffer(W, H), r.last_draw_stats())
}

/// Mean difference per channel between two frames, 0..255.
fn mean_difference(a: &Image, b: &Image) -> f64 {
    let sum: u64 = a.rgba.iter().zip(&b.rgba).map(|(x, y)| x.abs_diff(*y) as u64).sum();
    sum as f64 / a.rgba.len() as f64
}

#[test]
fn a_far_crowd_draws_its_stand_in_and_a_near_one_every_figure_as_before() {
    common::gl::on_each_api(|api| {
        // 12 m away: a figure ~17 px across at 240 px, far above the threshold: every
        // figure, the same pixels as with the level of detail off.
        let (near_on, stats_on) = stand_from(api, 12.0, FAR_DECOR_MAX_PX);
        let (near_off, stats_off) = stand_from(api, 12.0, 0.0);
        assert_eq!(stats_on.lit.triangles, stats_off.lit.triangles, "near: lit pass");
        assert_eq!(
            stats_on.shadow.triangles, stats_off.shadow.triangles,
            "near: shadow pass"
        );
        assert!(near_on.rgba == near_off.rgba, "near: the same pixels");
        // 200 m away: a figure under half a pixel: each row of a stretch is a band, in
        // both passes, and the picture barely moves.
        let (far_on, stats_on) = stand_from(api, 200.0, FAR_DECOR_MAX_PX);
        let (far_off, stats_off) = stand_from(api, 200.0, 0.0);
        assert_eq!(stats_on.lit.drawn, stats_off.lit.drawn, "same chunks drawn");
        // 30 m of stand: 37 seats, 6 rows, ~4/5 of them taken, 4 triangles a figure; the
        // stand-in 4 triangles a row of each of the 4 stretches.
        let saved = stats_off.lit.triangles - stats_on.lit.triangles;
        assert!(
            saved > 500,
            "lit pass: {} → {}",
            stats_off.lit.triangles,
            stats_on.lit.triangles
        );
        let shadow_saved = stats_off.shadow.triangles - stats_on.shadow.triangles;
        assert!(
            shadow_saved > 500,
            "shadow pass: {} → {}",
            stats_off.shadow.triangles,
            stats_on.shadow.triangles
        );
        let diff = mean_difference(&far_on, &far_off);
        assert!(diff > 0.0, "the stand-in is what is drawn");
        assert!(diff < 0.05, "the far crowd reads the same: {diff} levels on average");
    });
}
