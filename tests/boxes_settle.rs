//! The first scene's physics: dropped boxes fall under gravity and come to rest on the
//! ground.

use skidpad::content::{ContentRoot, Level};
use skidpad::sim::{SimWorld, Snapshot, TickInput};
use skidpad::vehicle::CarDef;

#[test]
fn dropped_boxes_land_and_settle_on_the_ground() {
    let level = Level::load(&ContentRoot::Embedded, "proving_ground").unwrap();
    let car = CarDef::load(&ContentRoot::Embedded, "coupe").unwrap();
    let mut world = SimWorld::new(&level, &car, 60);
    let mut snap = Snapshot::default();

    // Free fall: after 0.25 s a box dropped from rest has fallen ½·g·t² = 0.307 m
    // (g = 9.81 m/s²); rapier's symplectic Euler at 60 Hz falls ½·g·dt²·n(n+1) = 0.327 m.
    // 5 % covers either integrator.
    let start_y = level.boxes[0].position_m.y;
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
    let stack: f32 = level.boxes.iter().map(|b| b.size_m.max_element()).sum();
    for (i, b) in level.boxes.iter().enumerate() {
        let y = snap.bodies[i].position.y;
        let min_half = b.size_m.min_element() * 0.5;
        assert!(y >= min_half - 0.02, "box {i} sank: centre at {y} m");
        assert!(y <= stack, "box {i} floats at {y} m");
    }
}
