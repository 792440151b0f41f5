//! Test worlds built in code, so physics tests depend on no level file's layout.
#![allow(dead_code)]

use glam::{Quat, Vec3};
use skidpad::content::level::{BoxProp, Ground, Level, Spawn, StaticBox};
use skidpad::content::ContentRoot;
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::CarDef;

/// Standard gravity as rapier applies it.
pub const G: f32 = 9.81;

pub fn coupe() -> CarDef {
    CarDef::load(&ContentRoot::Embedded, "coupe").expect("coupe loads")
}

fn level(ground_size_m: f32, spawn: Spawn, static_boxes: Vec<StaticBox>) -> Level {
    Level {
        name: "test".into(),
        description: "test world".into(),
        ground: Ground {
            size_m: [ground_size_m, ground_size_m],
            friction: 1.0,
            color: Vec3::splat(0.5),
        },
        spawn,
        static_boxes,
        boxes: Vec::<BoxProp>::new(),
    }
}

/// Flat ground 2 km across, the car 0.3 m above its rest height, facing +Z.
pub fn flat() -> Level {
    level(
        2000.0,
        Spawn {
            position_m: Vec3::new(0.0, 0.3, -900.0),
            heading_rad: 0.0,
        },
        vec![],
    )
}

/// A plane tilted `deg` degrees about X (rising toward +Z), the car on it facing uphill,
/// 0.3 m above its rest height.
pub fn slope(deg: f32) -> Level {
    let rot = Quat::from_rotation_x(-deg.to_radians());
    let normal = rot * Vec3::Y;
    let thickness = 2.0;
    let centre = Vec3::new(0.0, 50.0, 0.0);
    let surface = centre + normal * (thickness * 0.5);
    let mut l = level(
        1.0,
        Spawn {
            position_m: surface + normal * 0.3,
            heading_rad: 0.0,
        },
        vec![StaticBox {
            size_m: Vec3::new(60.0, thickness, 200.0),
            position_m: centre,
            rotation: rot,
            friction: 1.0,
            color: Vec3::splat(0.5),
        }],
    );
    l.ground.size_m = [0.1, 0.1];
    l
}

/// Slope spawn with the chassis tilted to lie on it.
pub fn slope_world(deg: f32, car: &CarDef, rate_hz: u32) -> SimWorld {
    let level = slope(deg);
    let mut world = SimWorld::new(&level, car, rate_hz);
    let rot = Quat::from_rotation_x(-deg.to_radians());
    world.teleport_player(level.spawn.position_m, rot);
    world
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
    let mut w = SimWorld::new(&flat(), car, rate_hz);
    run(&mut w, seconds, &idle());
    w
}

/// Flat ground made of blocks, with a 1.1 × 1.2 m pit under the front-right wheel of a car
/// standing at the origin facing +Z (the right is −X).
pub fn pit_under_front_right() -> Level {
    let block = |x0: f32, x1: f32, z0: f32, z1: f32| StaticBox {
        size_m: Vec3::new(x1 - x0, 1.0, z1 - z0),
        position_m: Vec3::new((x0 + x1) * 0.5, -0.5, (z0 + z1) * 0.5),
        rotation: Quat::IDENTITY,
        friction: 1.0,
        color: Vec3::splat(0.5),
    };
    let (px0, px1, pz0, pz1) = (-1.5, -0.3, 0.75, 1.95);
    let mut l = level(
        0.1,
        Spawn {
            position_m: Vec3::ZERO,
            heading_rad: 0.0,
        },
        vec![
            block(px1, 50.0, -50.0, 50.0),
            block(-50.0, px1, -50.0, pz0),
            block(-50.0, px1, pz1, 50.0),
            block(-50.0, px0, pz0, pz1),
        ],
    );
    l.ground.size_m = [0.1, 0.1];
    l
}
