//! The ground's look in real frames (SDL's offscreen driver on Mesa llvmpipe): material
//! textures add detail around each material's colour, the friction view shows none, the
//! texture array has its mipmaps, and the sky is brighter towards the sun, with its disc
//! where the sunlight comes from.

use crate::common;

use crate::common::*;
use glam::{Vec2, Vec3, Vec4};
use skidpad::app::{Session, Setup};
use skidpad::content::bake_now;
use skidpad::content::PlatformProfile;
use skidpad::content::{Level, MaterialTable};
use skidpad::render::{read_back_buffer, Image};
use skidpad::render::{Camera, GroundView, Renderer, SceneDesc};
use skidpad::sim::TickInput;

const W: u32 = 320;
const H: u32 = 240;

/// Runs `f` on OpenGL 3.3 core, then on OpenGL ES 3.0.
fn with_gl(mut f: impl FnMut(&mut Renderer)) {
    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, W, H);
        let mut renderer = Renderer::new(1024, 256).unwrap();
        f(&mut renderer);
    });
}

/// The shipped materials with no tile pattern: untextured, a material is drawn in its
/// plain colour (the reference a texture's mean is held to).
fn materials_without_tiles() -> MaterialTable {
    let text: String = include_str!("../../content/materials.toml")
        .lines()
        .map(|l| if l.starts_with("pattern") { "pattern = 0.0" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    MaterialTable::parse("materials.toml", text.as_bytes()).unwrap()
}

/// A flat level of `ground`, the car parked at (0, −200) facing +Z, its chunks streamed in.
fn session_on(ground: &str) -> Session {
    let profile = PlatformProfile::load("desktop").unwrap();
    let materials = materials_without_tiles();
    let id = materials.id(ground, "test", "terrain").unwrap();
    let (size, spawn) = (Vec2::splat(512.0), Vec3::new(0.0, 0.3, -200.0));
    let level = Level::flat("test", "test world", 128.0, size, id, materials, spawn);
    let mut s = Session::start(&Setup::new(bake_now(level), coupe(), vec![], profile));
    for _ in 0..30 {
        s.tick(&TickInput::default());
    }
    s
}

/// Draws the session from `camera`, with `scene` in place of the session's own when given.
fn draw(r: &mut Renderer, s: &mut Session, camera: &Camera, scene: Option<&SceneDesc>) -> Image {
    let mut events = Vec::new();
    s.drain_chunk_events(&mut events);
    r.apply_chunk_events(&events);
    let mut view = s.frame_view(1.0, camera);
    if let Some(scene) = scene {
        view.scene = scene;
    }
    r.draw(&view, W, H);
    read_back_buffer(W, H)
}

/// The session's scene (what its frames draw).
fn scene_of(s: &Session) -> SceneDesc {
    let camera = Camera::looking_at(Vec3::ZERO, Vec3::Z);
    s.frame_view(1.0, &camera).scene.clone()
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

/// Mean and standard deviation of the luma, and the mean colour, over the pixels between
/// `a` and `b` (corners, inclusive).
fn stats(img: &Image, a: (u32, u32), b: (u32, u32)) -> (f32, f32, [f32; 3]) {
    let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
    let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
    let pixels: Vec<[u8; 4]> = (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| img.pixel(x, y)))
        .collect();
    let n = pixels.len() as f32;
    let mean = pixels.iter().map(|p| luma(*p)).sum::<f32>() / n;
    let var = pixels.iter().map(|p| (luma(*p) - mean).powi(2)).sum::<f32>() / n;
    let rgb = [0, 1, 2].map(|c| pixels.iter().map(|p| p[c] as f32).sum::<f32>() / n);
    (mean, var.sqrt(), rgb)
}

/// Looking straight down from 5 m at a 3 m square of ground 10 m to the car's left, in
/// sunlight (the car's shadow falls the other way): the camera, and the corners of the
/// square in pixels.
fn ground_patch() -> (Camera, (u32, u32), (u32, u32)) {
    let centre = Vec3::new(10.0, 0.0, -198.0);
    let camera = Camera::looking_at(centre + Vec3::new(0.0, 5.0, -0.01), centre);
    let a = pixel_of(&camera, Vec3::new(8.5, 0.0, -199.5));
    let b = pixel_of(&camera, Vec3::new(11.5, 0.0, -196.5));
    (camera, a, b)
}

#[test]
fn textured_ground_varies_around_its_materials_colour() {
    with_gl(|r| {
        for ground in ["asphalt", "gravel", "grass", "concrete"] {
            let mut s = session_on(ground);
            let (camera, a, b) = ground_patch();
            let textured = draw(r, &mut s, &camera, None);
            // The same frame with no texture on any material: the flat colour the material
            // names (no tiles: see `materials_without_tiles`).
            let mut flat_scene = scene_of(&s);
            for look in &mut flat_scene.surfaces {
                look.texture = None;
            }
            let flat = draw(r, &mut s, &camera, Some(&flat_scene));
            let (mean_t, spread_t, rgb_t) = stats(&textured, a, b);
            let (mean_f, spread_f, rgb_f) = stats(&flat, a, b);
            // Flat ground in full sun is one colour (spread within rounding); the texture
            // adds visible detail: 3 levels of luma is about 1 % of full scale.
            assert!(spread_f < 1.0, "{ground}: untextured spread {spread_f}");
            assert!(spread_t > 3.0, "{ground}: textured spread {spread_t} (flat {spread_f})");
            // The texture's mean is ×1 in every channel, so the patch keeps the material's
            // colour on average: within 6 % per channel (filtering over a 3 m patch of a 2-4 m
            // repeat does not sample the texture's whole mean; 8-bit rounding adds a level).
            for c in 0..3 {
                assert!(
                    (rgb_t[c] - rgb_f[c]).abs() <= 0.06 * rgb_f[c] + 1.0,
                    "{ground}: channel {c} textured {} vs flat {}",
                    rgb_t[c],
                    rgb_f[c]
                );
            }
            assert!(
                (mean_t - mean_f).abs() <= 0.06 * mean_f + 1.0,
                "{ground}: {mean_t} vs {mean_f}"
            );
        }
    });
}

/// Wet ground is drawn by its own program (the sheen compiled in only there), so this
/// checks that a chunk of a wet material really gets it: at a grazing angle the wet
/// asphalt mirrors the sky (Schlick's Fresnel term is near 1 at grazing incidence), and the
/// very same frame with the material's sheen set to 0 does not.
#[test]
fn wet_ground_mirrors_the_sky_at_a_grazing_angle() {
    with_gl(|r| {
        let mut s = session_on("wet");
        // From 1.2 m above the ground, 8 m to the car's left, looking 40 m ahead: the
        // patch 25-35 m ahead is seen about 2-3° above grazing.
        let eye = Vec3::new(8.0, 1.2, -200.0);
        let camera = Camera::looking_at(eye, eye + Vec3::new(0.0, -1.2, 40.0));
        let a = pixel_of(&camera, Vec3::new(7.0, 0.0, -175.0));
        let b = pixel_of(&camera, Vec3::new(9.0, 0.0, -165.0));
        let wet = draw(r, &mut s, &camera, None);
        let mut dry_scene = scene_of(&s);
        for look in &mut dry_scene.surfaces {
            look.sheen = 0.0;
        }
        let dry = draw(r, &mut s, &camera, Some(&dry_scene));
        let (luma_wet, _, rgb_wet) = stats(&wet, a, b);
        let (luma_dry, _, rgb_dry) = stats(&dry, a, b);
        // The sky is far brighter and bluer than the dark wet asphalt: mirrored at about
        // 0.8 × 0.6 sheen, the patch gains tens of levels (10 is well clear of the texture's
        // and rounding's noise, which the two frames share).
        assert!(luma_wet > luma_dry + 10.0, "wet {rgb_wet:?} vs dry {rgb_dry:?}");
        assert!(
            rgb_wet[2] - rgb_dry[2] > rgb_wet[0] - rgb_dry[0],
            "towards the sky's blue: {rgb_wet:?} vs {rgb_dry:?}"
        );
    });
}
#[test]
fn the_friction_view_shows_no_texture_detail() {
    with_gl(|r| {
        let mut s = session_on("gravel");
        let (camera, a, b) = ground_patch();
        r.set_ground_view(GroundView::Friction, s.world().materials());
        let img = draw(r, &mut s, &camera, None);
        let (_, spread, rgb) = stats(&img, a, b);
        // μ 0.55 on the blue-green-red ramp is green, flat.
        assert!(spread < 1.0, "friction view spread {spread}");
        assert!(rgb[1] > rgb[0] + 40.0 && rgb[1] > rgb[2] + 40.0, "{rgb:?}");
    });
}

#[test]
fn the_ground_texture_array_is_mipmapped_down_to_one_texel() {
    with_gl(|r| {
        let (bytes, sizes) = r.ground_texture_memory();
        // 128² at the top, halving to 1×1: eight levels, every one allocated.
        assert_eq!(sizes, vec![128, 64, 32, 16, 8, 4, 2, 1]);
        // Ten layers of RGBA8 with their chains: 10 × 87 380 bytes (≈ 0.83 MiB).
        assert_eq!(bytes, 10 * 87_380);
    });
}

#[test]
fn the_sky_is_brighter_towards_the_sun_and_shows_its_disc() {
    with_gl(|r| {
        let mut s = session_on("asphalt");
        let sun_dir = scene_of(&s).sun_dir;
        let eye = Vec3::new(0.0, 2.0, -190.0);
        // Horizontal directions towards the sun and away from it.
        let towards = Vec3::new(-sun_dir.x, 0.0, -sun_dir.z).normalize();
        // Looking 30° up, so the whole top half of the frame is sky.
        let up = Vec3::Y * 30f32.to_radians().tan();
        let sunward = draw(r, &mut s, &Camera::looking_at(eye, eye + towards + up), None);
        let away = draw(r, &mut s, &Camera::looking_at(eye, eye - towards + up), None);
        let top = ((0, 0), (W - 1, H / 3));
        let (lit, _, lit_rgb) = stats(&sunward, top.0, top.1);
        let (dim, _, dim_rgb) = stats(&away, top.0, top.1);
        // The glow around the sun (sky_glow: 0.22·cos⁶ of the angle to the sun, here about
        // 25° to 55° off it) adds 10-30 levels; away from the sun it adds nothing.
        assert!(lit > dim + 8.0, "towards the sun {lit_rgb:?}, away {dim_rgb:?}");
        // Sky, not ground: blue dominates both.
        assert!(dim_rgb[2] > dim_rgb[0] + 30.0, "{dim_rgb:?}");

        // Straight at the sun: its disc at the centre of the frame.
        let at_sun = draw(r, &mut s, &Camera::looking_at(eye, eye - sun_dir), None);
        let centre = at_sun.pixel(W / 2, H / 2);
        // Its colour is (1.0, 0.97, 0.9): a warm white, far brighter than any sky.
        assert!(
            centre[0] > 250 && centre[1] > 235 && centre[2] > 215,
            "sun disc {centre:?}"
        );
        // Horizon to zenith: away from the sun, the sky overhead is a deeper blue than at
        // the horizon (less red), the horizon being the fog colour.
        let horizon = draw(
            r,
            &mut s,
            &Camera::looking_at(eye, eye - towards + Vec3::Y * 0.05),
            None,
        );
        let zenith = draw(r, &mut s, &Camera::looking_at(eye, eye - towards * 0.2 + Vec3::Y), None);
        let (h, z) = (horizon.pixel(W / 2, H / 2 - 20), zenith.pixel(W / 2, H / 2));
        assert!(z[0] + 25 < h[0], "zenith {z:?}, horizon {h:?}");
    });
}

#[test]
fn a_quarter_views_thicker_haze_is_the_one_its_shaders_draw() {
    // Low over flat ground, looking along it: ground from the car out to the streamed edge.
    let eye = Vec3::new(0.0, 2.0, -220.0);
    let camera = Camera::looking_at(eye, eye + Vec3::new(0.0, -0.02, 1.0));
    // What a quarter view sees (`Camera::seeing` thickens the haze so its far plane cuts
    // only 2 % of a surface: `camera.rs`'s tests).
    let quarter = camera.seeing(270.0);
    assert!(
        quarter.haze_m < camera.haze_m,
        "the haze thickens as the view sees less far"
    );
    with_gl(|r| {
        let mut s = session_on("grass");
        let one_player = draw(r, &mut s, &camera, None);
        let hazier = draw(
            r,
            &mut s,
            &Camera {
                far_m: camera.far_m,
                ..quarter
            },
            None,
        );
        let most = (0..W * H)
            .map(|i| {
                let (a, b) = (one_player.pixel(i % W, i / W), hazier.pixel(i % W, i / W));
                (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap()
            })
            .max()
            .unwrap();
        // The ground 60–200 m out goes a good part of the way more towards the sky (the
        // fog 1 − e^−(d/h)² at 100 m: 0.27 with the 180 m scale, 0.42 with 136 m).
        assert!(most >= 12, "the quarter view's haze is not the shaders': {most}/255");
    });
}
