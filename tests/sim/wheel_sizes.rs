//! Wheels of different sizes draw at their own size: a sedan whose rear wheels are larger
//! and wider than its front ones (a fixture made here from the shipped car file: no shipped
//! car has axles that differ) gets a look with each wheel's radius and width from its car
//! file, and the model's one wheel mesh, scaled for each wheel as render scales it, spans
//! exactly that wheel's diameter and width. Before, every wheel was drawn at the largest
//! radius.

use skidpad::content::ContentRoot;
use skidpad::render::{mesh_width_m, wheel_scale, CarLook};
use skidpad::vehicle::CarDef;

const FRONT: (f32, f32) = (0.33, 0.23);
const REAR: (f32, f32) = (0.37, 0.29);

/// The sedan's car file with its rear wheels (the last two `[[wheels]]`) at [`REAR`].
fn staggered_sedan() -> CarDef {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/cars/sedan.toml")).unwrap();
    let parts: Vec<&str> = text.split("\n[[wheels]]\n").collect();
    assert_eq!(parts.len(), 5, "the sedan has four [[wheels]]");
    let front_line =
        |p: &str| p.contains(&format!("radius = {:.2}", FRONT.0)) && p.contains(&format!("width_m = {:.2}", FRONT.1));
    assert!(
        parts[1..].iter().all(|p| front_line(p)),
        "sedan wheels changed: update FRONT"
    );
    let mut out = parts[0].to_string();
    for (i, p) in parts[1..].iter().enumerate() {
        out += "\n[[wheels]]\n";
        if i >= 2 {
            out += &p
                .replace(&format!("radius = {:.2}", FRONT.0), &format!("radius = {:.2}", REAR.0))
                .replace(
                    &format!("width_m = {:.2}", FRONT.1),
                    &format!("width_m = {:.2}", REAR.1),
                );
        } else {
            out += p;
        }
    }
    CarDef::parse("fixture:staggered_sedan.toml", "staggered_sedan", out.as_bytes()).expect("fixture parses")
}

#[test]
fn each_wheel_draws_at_its_own_radius_and_width() {
    let car = staggered_sedan();
    let look = CarLook::from_def(&car);
    let model = CarDef::load(&ContentRoot::Embedded, "sedan")
        .unwrap()
        .model_mesh
        .expect("the sedan has a model");
    let (lo, hi) = model.wheel.bounds();
    let mesh_width = mesh_width_m(&model.wheel);
    assert_eq!(car.wheels.len(), 4);
    for (i, w) in car.wheels.iter().enumerate() {
        let expected = if i < 2 { FRONT } else { REAR };
        assert_eq!(w.radius_m, expected.0, "wheel {i}: the fixture's radius");
        let size = look.wheel_size(i);
        assert_eq!((size.radius_m, size.width_m), expected, "wheel {i}'s look");
        let s = wheel_scale(model.wheel_mesh_radius_m, mesh_width, size);
        let drawn_diameter_m = (hi[1] - lo[1]) * s.y;
        let drawn_length_m = (hi[2] - lo[2]) * s.z;
        let drawn_width_m = (hi[0] - lo[0]) * s.x;
        // Within 1 mm: the mesh's rim is a polygon, so its bounds are the radius only to
        // the facets' rounding.
        for (what, got, want) in [
            ("diameter", drawn_diameter_m, 2.0 * expected.0),
            ("length", drawn_length_m, 2.0 * expected.0),
            ("width", drawn_width_m, expected.1),
        ] {
            assert!(
                (got - want).abs() < 1e-3,
                "wheel {i}: drawn {what} {got} m, car file {want} m"
            );
        }
    }
}
