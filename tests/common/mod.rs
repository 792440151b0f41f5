//! Test worlds built in code, so physics tests depend on no level file's layout.
#![allow(dead_code)]

pub mod cli;
pub mod footprint;
pub mod gl;
pub mod glb_file;
pub mod handling;
pub mod track_level;

use glam::{Quat, Vec2, Vec3};
use skidpad::content::level::{Level, PropShape, StaticProp};
use skidpad::content::material::MaterialId;
use skidpad::content::{bake_now, materials};
use skidpad::content::{ContentRoot, LoadedLevel, MaterialTable};
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::ArcadeParams;
use skidpad::vehicle::CarDef;

/// Standard gravity as rapier applies it.
pub const G: f32 = 9.81;

pub fn coupe() -> CarDef {
    CarDef::load(&ContentRoot::Embedded, "coupe").expect("coupe loads")
}

/// The arcade tuning of `car` (tests of the arcade model use arcade cars).
pub fn arcade(car: &CarDef) -> ArcadeParams {
    car.arcade().expect("an arcade car").clone()
}

pub fn table() -> MaterialTable {
    materials(&ContentRoot::Embedded).expect("materials load")
}

pub fn material(name: &str) -> MaterialId {
    table().id(name, "test", "material").expect("known material")
}

/// An empty level of `size` metres of `ground` material with one spawn.
pub fn level(size_m: f32, ground: &str, spawn_at: Vec3, props: Vec<StaticProp>) -> Level {
    let materials = table();
    let ground = materials.id(ground, "test", "terrain").unwrap();
    let mut level = Level::flat(
        "test",
        "test world",
        128.0,
        Vec2::splat(size_m),
        ground,
        materials,
        spawn_at,
    );
    level.props = props;
    level
}

pub fn world(level: Level, car: &CarDef, rate_hz: u32) -> SimWorld {
    let loaded: LoadedLevel = bake_now(level);
    SimWorld::new(&loaded, car, &[], rate_hz)
}

/// Flat asphalt 512 m across, the car 0.3 m above its rest height, facing +Z.
pub fn flat() -> Level {
    level(512.0, "asphalt", Vec3::new(0.0, 0.3, -200.0), vec![])
}

pub fn block(size_m: Vec3, position_m: Vec3, rotation: Quat) -> StaticProp {
    StaticProp {
        shape: PropShape::Box { size_m },
        position_m,
        rotation,
        material: material("concrete"),
        color: Vec3::splat(0.5),
    }
}

/// A plane tilted `deg` degrees about X (rising toward +Z), the car on it facing uphill.
pub fn slope_world(deg: f32, car: &CarDef, rate_hz: u32) -> SimWorld {
    let rot = Quat::from_rotation_x(-deg.to_radians());
    let normal = rot * Vec3::Y;
    let thickness = 2.0;
    let centre = Vec3::new(0.0, 50.0, 0.0);
    let surface = centre + normal * (thickness * 0.5);
    let mut l = level(
        512.0,
        "asphalt",
        surface + normal * 0.3,
        vec![block(Vec3::new(60.0, thickness, 200.0), centre, rot)],
    );
    l.props[0].material = material("asphalt");
    let mut w = world(l, car, rate_hz);
    w.teleport_player(surface + normal * 0.3, rot);
    w
}

pub fn input(throttle: f32, steer: f32, brake: f32) -> TickInput {
    TickInput {
        control: VehicleControl {
            throttle,
            steer,
            brake,
            ..VehicleControl::default()
        },
        reset: false,
        ..Default::default()
    }
}

pub fn idle() -> TickInput {
    TickInput::default()
}

/// Steps `seconds` of simulated time with `input`.
pub fn run(world: &mut SimWorld, seconds: f32, input: &TickInput) {
    let ticks = (seconds / world.dt_s()).round() as u32;
    for _ in 0..ticks {
        world.step(input);
    }
}

/// A car dropped on flat ground and left `seconds` to settle.
pub fn settled_on_flat(car: &CarDef, rate_hz: u32, seconds: f32) -> SimWorld {
    let mut w = world(flat(), car, rate_hz);
    run(&mut w, seconds, &idle());
    w
}

/// Flat ground made of blocks below y = 0 (a 0.1 m terrain far away), with a 1.2 × 1.2 m pit
/// under the front-right wheel of a car standing at the origin facing +Z (right is −X).
pub fn pit_under_front_right() -> Level {
    let slab = |x0: f32, x1: f32, z0: f32, z1: f32| {
        let mut b = block(
            Vec3::new(x1 - x0, 1.0, z1 - z0),
            Vec3::new((x0 + x1) * 0.5, -0.5, (z0 + z1) * 0.5),
            Quat::IDENTITY,
        );
        b.material = material("asphalt");
        b
    };
    let (px0, px1, pz0, pz1) = (-1.5, -0.3, 0.75, 1.95);
    let mut l = level(
        512.0,
        "asphalt",
        Vec3::ZERO,
        vec![
            slab(px1, 50.0, -50.0, 50.0),
            slab(-50.0, px1, -50.0, pz0),
            slab(-50.0, px1, pz1, 50.0),
            slab(-50.0, px0, pz0, pz1),
        ],
    );
    // Sink the terrain out of reach so only the blocks carry the car.
    l.terrain.size_m = Vec2::splat(0.5);
    l.spawns[0].position_m = Vec3::new(100.0, 5.0, 100.0);
    l
}

/// The circuits `./test` laps (AI laps, racing lines, the soak): the made-up hilly one and
/// the two real ones that came first. The other circuits are lapped by the release-built
/// matrix (`cargo run --release --example circuit_matrix`, its table in PERFORMANCE.md):
/// every circuit × car takes minutes, more than a test may.
pub const LAPPED_CIRCUITS: [&str; 3] = ["circuit", "montreal", "spielberg"];

/// The shipped levels `./test` drives laps on: every level that is not a circuit (they
/// are small), and the circuits of [`LAPPED_CIRCUITS`].
pub fn lapped_levels() -> Vec<String> {
    let root = ContentRoot::Embedded;
    skidpad::content::level_names(&root)
        .into_iter()
        .filter(|name| {
            let level = skidpad::content::load_level(&root, name).expect("a shipped level loads");
            level.level.info.kind != skidpad::content::LevelKind::Circuit || LAPPED_CIRCUITS.contains(&name.as_str())
        })
        .collect()
}
