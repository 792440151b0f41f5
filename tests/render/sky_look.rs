//! The sky as a player sees it, in real frames: the level's cloud cover clouds its share
//! of the sky (none when clear), the clouds drift with the session's time and only with
//! it, and the sun's disc stands where the light that casts the shadows comes from.

use crate::common;

use crate::common::*;
use glam::Vec3;
use skidpad::app::{Session, Setup};
use skidpad::content::bake_now;
use skidpad::content::PlatformProfile;
use skidpad::render::{read_back_buffer, Image};
use skidpad::render::{Camera, Renderer};
use skidpad::sim::TickInput;
use skidpad_platform::GlApi;

const W: u32 = 320;
const H: u32 = 240;

fn session() -> Session {
    let profile = PlatformProfile::load("desktop").unwrap();
    let mut s = Session::start(&Setup::new(bake_now(flat()), coupe(), vec![], profile));
    for _ in 0..30 {
        s.tick(&TickInput::default());
    }
    let mut events = Vec::new();
    s.drain_chunk_events(&mut events);
    s
}

/// The frame seen from `camera` with the sky's cloud cover `cover` at `time_s`.
fn frame(r: &mut Renderer, s: &Session, camera: &Camera, cover: f32, time_s: f64) -> Image {
    let mut view = s.frame_view(1.0, camera);
    let mut scene = view.scene.clone();
    scene.cloud_cover = cover;
    view.scene = &scene;
    view.time_s = time_s;
    r.draw(&view, W, H);
    read_back_buffer(W, H)
}

/// Whether a pixel's colour (its first three channels) is cloud: bright and grey. The
/// clear sky is blue over red by 50 and more at every height of its gradient; the other
/// render tests read the sky by this too.
pub fn is_cloud<T: Copy + Into<i32>>(p: &[T]) -> bool {
    let c = [p[0].into(), p[1].into(), p[2].into()];
    let (mx, mn) = (c.iter().max().unwrap(), c.iter().min().unwrap());
    *mn > 110 && mx - mn < 40
}

/// Runs `f` with a renderer and a settled session on OpenGL 3.3 core, then on ES 3.0.
fn with_sky(mut f: impl FnMut(GlApi, &mut Renderer, &Session)) {
    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, W, H);
        let mut r = Renderer::new(1024, 2048).unwrap();
        f(api, &mut r, &session());
    });
}

/// Share of the frame's pixels that are cloud: bright and grey where the same view of a
/// clear sky (`clear`) is not. The clear sky's pixels are blue (blue over red by 50 and
/// more at every height of the gradient) but near the sun, whose glow is as white as a
/// cloud; the ground's are green or dark.
fn cloud_share(img: &Image, clear: &Image) -> f32 {
    let cloud = img
        .rgba
        .chunks(4)
        .zip(clear.rgba.chunks(4))
        .filter(|(p, c)| is_cloud(p) && !is_cloud(c))
        .count();
    cloud as f32 / (W * H) as f32
}

/// A camera at the car looking 55° up, where the layer is neither overhead nor faded
/// into the horizon, and away from the sun (whose glow is as white as a cloud).
fn looking_up(s: &Session) -> Camera {
    let car = s.world().player_body().translation();
    let eye = car + Vec3::new(0.0, 2.0, 0.0);
    Camera::looking_at(eye, eye + Vec3::new(-0.3, 1.5, 1.0))
}

#[test]
fn the_level_s_cloud_cover_clouds_its_share_of_the_sky_and_a_clear_sky_none() {
    with_sky(|api, r, s| {
        // Eight views round the horizon, 40° up: together they see many clouds.
        let car = s.world().player_body().translation();
        let eye = car + Vec3::new(0.0, 2.0, 0.0);
        let views: Vec<Camera> = (0..8)
            .map(|k| {
                let az = k as f32 * std::f32::consts::TAU / 8.0;
                Camera::looking_at(eye, eye + Vec3::new(az.cos(), 0.84, az.sin()))
            })
            .collect();
        let clear: Vec<Image> = views.iter().map(|cam| frame(r, s, cam, 0.0, 10.0)).collect();
        // A clear sky has no cloud pixel but the sun's glow.
        let glow = clear
            .iter()
            .map(|img| img.rgba.chunks(4).filter(|p| is_cloud(p)).count())
            .sum::<usize>();
        assert!(
            glow < (W * H) as usize / 10,
            "{api:?}: {glow} white pixels under a clear sky"
        );
        let shares: Vec<f32> = [0.2, 0.5, 0.8, 1.0]
            .iter()
            .map(|&cover| {
                let sum: f32 = views
                    .iter()
                    .zip(&clear)
                    .map(|(cam, c)| cloud_share(&frame(r, s, cam, cover, 10.0), c))
                    .sum();
                sum / views.len() as f32
            })
            .collect();
        // Each cover clouds about its share of the sky: eight views see a few dozen clouds,
        // and each cloud's soft edge counts as sky (within 0.08). More cover clouds more.
        for (cover, share) in [0.2, 0.5, 0.8].iter().zip(&shares) {
            assert!(
                (share - cover).abs() < 0.08,
                "{api:?}: cover {cover} clouds {share}: {shares:?}"
            );
        }
        assert!(shares.windows(2).all(|w| w[1] > w[0]), "{api:?}: {shares:?}");
        assert!(shares[3] > 0.9, "{api:?}: overcast clouds {shares:?}");
    });
}

#[test]
fn the_clouds_drift_with_the_session_s_time_and_only_with_it() {
    with_sky(|api, r, s| {
        let cam = looking_up(s);
        let a = frame(r, s, &cam, 0.5, 100.0);
        let again = frame(r, s, &cam, 0.5, 100.0);
        let later = frame(r, s, &cam, 0.5, 160.0);
        assert_eq!(a.rgba, again.rgba, "{api:?}: the same moment drew two skies");
        let moved = a
            .rgba
            .chunks(4)
            .zip(later.rgba.chunks(4))
            .filter(|(p, q)| p != q)
            .count();
        // A minute's breeze moves the layer by a fifth of a cloud: its edges move across
        // the view, the blue between them stays.
        assert!(
            moved > (W * H) as usize / 50,
            "{api:?}: {moved} pixels moved in a minute"
        );
        // The session's own clock: 120 ticks later is a second later.
        let mut t = session();
        let v0 = t.frame_view(0.0, &cam).time_s;
        for _ in 0..120 {
            t.tick(&TickInput::default());
        }
        let v1 = t.frame_view(0.0, &cam).time_s;
        let dt = f64::from(t.world().dt_s()) * 120.0;
        assert!((v1 - v0 - dt).abs() < 1e-9, "{api:?}: {v0} → {v1}, {dt} s of ticks");
    });
}

#[test]
fn the_sun_s_disc_stands_where_the_shadows_light_comes_from() {
    with_sky(|api, r, s| {
        let sun_dir = s.frame_view(1.0, &looking_up(s)).scene.sun_dir;
        let car = s.world().player_body().translation();
        let eye = car + Vec3::new(0.0, 2.0, 0.0);
        // Looking a little to the side of the sun, so the disc is off the frame's centre.
        let aside = Vec3::new(-sun_dir.z, 0.0, sun_dir.x).normalize() * 0.15;
        let cam = Camera::looking_at(eye, eye - sun_dir + aside);
        let img = frame(r, s, &cam, 0.0, 0.0);
        let clip = cam.view_proj(W as f32 / H as f32) * (eye - sun_dir * 1000.0).extend(1.0);
        let (sx, sy) = (
            ((clip.x / clip.w * 0.5 + 0.5) * W as f32) as u32,
            ((1.0 - (clip.y / clip.w * 0.5 + 0.5)) * H as f32) as u32,
        );
        // The white pixels of the frame are the disc, centred where -sun_dir projects (the
        // light the shadow map is drawn along is the scene's sun_dir). The disc is about
        // 10 px across here; its centre must be within a pixel and a half.
        let white: Vec<(f32, f32)> = (0..H)
            .flat_map(|y| (0..W).map(move |x| (x, y)))
            .filter(|&(x, y)| img.pixel(x, y)[..3].iter().all(|&c| c > 240))
            .map(|(x, y)| (x as f32 + 0.5, y as f32 + 0.5))
            .collect();
        assert!(
            (20..400).contains(&white.len()),
            "{api:?}: {} white pixels",
            white.len()
        );
        let n = white.len() as f32;
        let centre = (
            white.iter().map(|p| p.0).sum::<f32>() / n,
            white.iter().map(|p| p.1).sum::<f32>() / n,
        );
        let off = (centre.0 - sx as f32 - 0.5).hypot(centre.1 - sy as f32 - 0.5);
        assert!(
            off < 1.5,
            "{api:?}: the disc's centre {centre:?}, the sun at ({sx}, {sy})"
        );
        assert!(
            sx.abs_diff(W / 2) > 10 || sy.abs_diff(H / 2) > 10,
            "the disc should be off-centre"
        );
    });
}
