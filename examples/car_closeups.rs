//! Close-ups of every shipped car, for `docs/screenshots/car_<name>.png` and for looking
//! at a model after changing it: `cargo run --release --example car_closeups -- OUT_DIR
//! [WIDTH HEIGHT]` writes `car_<name>.png` per car, each settled on flat asphalt, seen
//! from its front three-quarter, steered to the left, with its brake lamps lit, in its
//! own colour. Renders offscreen (SDL's offscreen driver where there is no display).

use glam::{Vec2, Vec3};
use skidpad::app::{Session, Setup};
use skidpad::content::{bake_now, materials, ContentRoot, Level, PlatformProfile};
use skidpad::render::{read_back_buffer, Camera, Renderer};
use skidpad::sim::{TickInput, VehicleControl};
use skidpad::vehicle::CarDef;
use skidpad_platform::{Platform, WindowConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = std::path::PathBuf::from(args.get(1).map_or("docs/screenshots", String::as_str));
    let w: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1280);
    let h: u32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(720);
    let root = ContentRoot::Embedded;
    let profile = PlatformProfile::load("desktop").expect("the desktop profile");
    let _platform = Platform::open(&WindowConfig {
        title: "car close-ups".into(),
        width: w,
        height: h,
        vsync: false,
        offscreen: true,
        gl: Default::default(),
    })
    .expect("an offscreen GL context");
    let mut renderer = Renderer::new(profile.shadow_map_size, 256).expect("the renderer");
    for name in CarDef::names(&root) {
        let table = materials(&root).expect("materials");
        let asphalt = table
            .id("asphalt", "materials.toml", "close-up ground")
            .expect("asphalt");
        let level = Level::flat(
            "close-up",
            "",
            32.0,
            Vec2::splat(64.0),
            asphalt,
            table,
            Vec3::new(0.0, 1.0, 0.0),
        );
        let car = CarDef::load(&root, &name).expect("a shipped car");
        let mut session = Session::start(&Setup::new(bake_now(level), car, Vec::new(), profile.clone()));
        // Settle, then hold the brake with the wheels turned left: lamps lit, steer shown.
        for t in 0..150 {
            session.tick(&TickInput {
                control: VehicleControl {
                    brake: 1.0,
                    steer: if t > 60 { -1.0 } else { 0.0 },
                    ..VehicleControl::default()
                },
                ..Default::default()
            });
        }
        let pos = session.world().player_body().translation();
        let rot = *session.world().player_body().rotation();
        let target = pos + Vec3::new(0.0, 0.55, 0.0);
        let eye = pos + rot * Vec3::new(4.2, 1.7, 4.6);
        let camera = Camera {
            fov_y_rad: 40f32.to_radians(),
            ..Camera::looking_at(eye, target)
        }
        .seeing(500.0);
        let mut events = Vec::new();
        session.drain_chunk_events(&mut events);
        renderer.apply_chunk_events(&events);
        renderer.draw(&session.frame_view(1.0, &camera), w, h);
        let path = out.join(format!("car_{name}.png"));
        read_back_buffer(w, h).write_png(&path).expect("the PNG writes");
        renderer.forget_chunks();
        println!("{}", path.display());
    }
}
