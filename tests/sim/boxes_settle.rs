//! The first scene's physics: dropped boxes fall under gravity and come to rest on the
//! ground.

use skidpad::content::load_level;
use skidpad::content::ContentRoot;
use skidpad::sim::{SimWorld, Snapshot, TickInput};
use skidpad::vehicle::CarDef;

#[test]
fn dropped_boxes_land_and_settle_on_the_ground() {
    let loaded = load_level(&ContentRoot::Embedded, "proving_ground").unwrap();
    let level = &loaded.level;
    let car = CarDef::load(&ContentRoot::Embedded, "coupe").unwrap();
    let mut world = SimWorld::new(&loaded, &car, &[], 60);
    let mut snap = Snapshot::default();

    // Free fall: after 0.25 s a box dropped from rest has fallen ½·g·t² = 0.307 m
    // (g = 9.81 m/s²); rapier's symplectic Euler at 60 Hz falls ½·g·dt²·n(n+1) = 0.327 m.
    // 5 % covers either integrator.
    let start_y = level.dynamic[0].position_m.y;
    for _ in 0..15 {
        world.step(&TickInput::default());
    }
    world.snapshot_into(&mut snap);
    let fallen = start_y - snap.bodies[0].position.y;
    assert!((fallen - 0.327).abs() < 0.02, "fell {fallen} m in 0.25 s");

    // After 10 s everything rests, each box with its centre no lower than the half of its
    // smallest side above the ground (y = 0) and no higher than a stack of all of them.
    for _ in 0..600 {
        world.step(&TickInput::default());
    }
    assert!(world.props_settled(0.01), "bodies still moving after 10 s");
    world.snapshot_into(&mut snap);
    let size = |d: &skidpad::content::level::DynamicProp| match d.shape {
        skidpad::content::level::DynamicShape::Box(s) => s,
        skidpad::content::level::DynamicShape::Cone { height_m, radius_m } => {
            glam::Vec3::new(radius_m * 2.0, height_m, radius_m * 2.0)
        }
    };
    let stack: f32 = level.dynamic.iter().map(|b| size(b).max_element()).sum();
    for (i, b) in level.dynamic.iter().enumerate() {
        let y = snap.bodies[i].position.y;
        let min_half = size(b).min_element() * 0.5;
        assert!(y >= min_half - 0.02, "box {i} sank: centre at {y} m");
        assert!(y <= stack, "box {i} floats at {y} m");
    }
}
