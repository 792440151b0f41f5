//! Frame times of the renderer at 640×480 (the xbox profile) with sun shadows and 500
//! particles (the car's own smoke, topped up around it), on whatever GL this machine has (Mesa llvmpipe without a GPU).
//!
//! `cargo run --release --example render_bench [LEVEL] [FRAMES]`

use skidpad::app::{Session, Setup};
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::render::read_back_buffer;
use skidpad::render::Renderer;
use skidpad::sim::{SimEvent, TickInput, VehicleControl};

/// Particles kept alive in every measured frame.
const TARGET_PARTICLES: usize = 500;
use skidpad_platform::{Clock, Platform, WallClock, WindowConfig};

fn main() {
    let mut args = std::env::args().skip(1);
    let level = args.next().unwrap_or_else(|| "proving_ground".into());
    let frames: usize = args.next().and_then(|f| f.parse().ok()).unwrap_or(300);
    let profile = PlatformProfile::load("xbox").expect("xbox profile");
    let root = ContentRoot::Embedded;
    let setup = Setup::load(&root, &level, "coupe", profile.clone()).expect("level loads");
    let platform = Platform::open(&WindowConfig {
        title: "render bench".into(),
        width: profile.width,
        height: profile.height,
        vsync: false,
        offscreen: true,
        gl: Default::default(),
    })
    .expect("offscreen GL");
    println!("GL: {} / {}", platform.gl_info().renderer, platform.gl_info().version);
    let mut renderer = Renderer::new(profile.shadow_map_size, profile.max_particles as usize).expect("renderer");
    let mut session = Session::start(&setup);
    let clock = WallClock::new();
    let (w, h) = platform.drawable_size();
    let mut events = Vec::new();
    let mut times = Vec::with_capacity(frames);
    let mut particles = Vec::with_capacity(frames);
    for f in 0..frames + 120 {
        // Circle with the handbrake on and off: tire smoke all the way.
        let control = VehicleControl {
            throttle: 1.0,
            steer: 0.8,
            hand_brake: (f / 40) % 2 == 1,
            ..VehicleControl::default()
        };
        session.tick(&TickInput {
            control,
            reset: false,
            ..Default::default()
        });
        // Top the smoke up to the target count around the car, so every frame draws it.
        let at = session.world().player_body().translation();
        while session.particles().particles().len() < TARGET_PARTICLES {
            let before = session.particles().particles().len();
            session.particles_mut().emit_for(&[SimEvent::Slip {
                car: 0,
                position: at,
                velocity: glam::Vec3::ZERO,
                power_w: 90_000.0,
                loose: false,
                wheel: 0,
                surface: None,
            }]);
            if session.particles().particles().len() == before {
                break;
            }
        }
        session.drain_chunk_events(&mut events);
        renderer.apply_chunk_events(&events);
        events.clear();
        let t = clock.now();
        let camera = session.camera(1.0);
        renderer.draw(&session.frame_view(1.0, &camera), w, h);
        // Reading a pixel back waits for the frame to finish, like a swap would.
        let _ = read_back_buffer(1, 1);
        if f >= 120 {
            times.push((clock.now() - t).as_secs_f64() * 1e3);
            particles.push(session.particles().particles().len());
        }
        platform.swap();
    }
    times.sort_by(f64::total_cmp);
    particles.sort();
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!(
        "{level} at {w}x{h}, shadow map {}², {} frames: frame ms median {:.2}, p95 {:.2}, max {:.2}; particles median {}, max {}",
        profile.shadow_map_size,
        times.len(),
        pct(0.5),
        pct(0.95),
        times[times.len() - 1],
        particles[particles.len() / 2],
        particles[particles.len() - 1]
    );
}
