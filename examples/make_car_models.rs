//! Writes the shipped car models, `content/models/{coupe,big_wheeler,sedan,electric}.glb`
//! (binary glTF 2.0), from the car files' own dimensions: run
//! `cargo run --example make_car_models` after changing a car's wheels or chassis boxes.
//!
//! Each model has the nodes the bake reads (`bake/src/model/`): `car_body` (a low coupe
//! with flared wings; a square off-roader on tall tyres with a load bed and a bull bar; a
//! three-box saloon; an electric fastback whose roof slopes to its tail), `car_body_lod1`
//! (the same body cut coarser, drawn far away and in the shadow pass), `car_body_lod2`
//! (coarser still: a distant car and its shadow), `thrust`,
//! `wheel_0`..`wheel_3` (at the car file's wheel centres, sized by its radius and width:
//! tyre, rim disc with five dark spoke gaps so spin reads) and `col_shape*` (the car
//! file's chassis boxes). Body parts are primitives whose materials name the part
//! (`paint`, `glass`, `trim`, `brake_lamp`, `reverse_lamp`, `head_lamp`).
//!
//! A body is a style (`style`: key heights of its deck and roof lines, its plan's
//! roundness, its windows' stretches, lamps, mirrors) lofted by `support/car_body.rs` into
//! one smooth surface with an arch round each of the car file's wheels: 3.2–3.4 k
//! triangles near, 0.7 k far, 0.5 k distant. The generator prints each body's counts. The output is ours
//! (same licence as the code).

#[path = "support/car_body.rs"]
mod car_body;
#[path = "support/glb.rs"]
mod glb;

use car_body::{ArchWheel, BodyStyle, Detail, End, Patch, DISTANT, FAR, NEAR};
use glb::{Builder, Glb, V3};
use gltf::json;
use skidpad::vehicle::CarDef;

/// A part's base colour, for other viewers: the game colours the parts itself.
fn colour(part: &str) -> [f32; 4] {
    match part {
        "paint" => [0.8, 0.1, 0.08, 1.0],
        "glass" => [0.05, 0.07, 0.09, 1.0],
        "brake_lamp" => [0.8, 0.02, 0.02, 1.0],
        "reverse_lamp" | "head_lamp" => [0.9, 0.9, 0.85, 1.0],
        "rim" => [0.7, 0.7, 0.72, 1.0],
        _ => [0.06, 0.06, 0.06, 1.0],
    }
}

impl Builder {
    /// Both sides of the car (x and −x) at once.
    fn cuboid_pair(&mut self, part: &'static str, lo: V3, hi: V3) {
        self.cuboid(part, lo, hi);
        self.cuboid(part, [-hi[0], lo[1], lo[2]], [-lo[0], hi[1], hi[2]]);
    }
}

/// A wheel: tread and sidewalls (tyre), a rim disc on each face with five dark spoke gaps
/// (trim), axle along X, centred on the origin.
fn wheel(radius: f32, width: f32) -> Builder {
    let mut b = Builder::default();
    let seg = 20;
    let rim = radius * 0.62;
    let hw = width / 2.0;
    let ring = |r: f32, k: usize, x: f32| {
        let a = std::f32::consts::TAU * k as f32 / seg as f32;
        [x, r * a.cos(), r * a.sin()]
    };
    for k in 0..seg {
        // Tread: flat facets (a 20-gon reads round at game distances).
        b.quad(
            "tyre",
            ring(radius, k, hw),
            ring(radius, k + 1, hw),
            ring(radius, k + 1, -hw),
            ring(radius, k, -hw),
            [0.0; 3],
        );
        for x in [hw, -hw] {
            b.quad(
                "tyre",
                ring(rim, k, x),
                ring(radius, k, x),
                ring(radius, k + 1, x),
                ring(rim, k + 1, x),
                [0.0; 3],
            );
            b.tri("rim", [x, 0.0, 0.0], ring(rim, k, x), ring(rim, k + 1, x), [0.0; 3]);
        }
    }
    // Spoke gaps: five dark sectors just proud of each disc; the metal between reads as
    // spokes, so a turning wheel shows it.
    for k in 0..5 {
        let a0 = std::f32::consts::TAU * (k as f32 + 0.22) / 5.0;
        let a1 = std::f32::consts::TAU * (k as f32 + 0.78) / 5.0;
        for x in [hw + 0.003, -hw - 0.003] {
            let p = |r: f32, a: f32| [x, r * a.cos(), r * a.sin()];
            let (r0, r1) = (rim * 0.28, rim * 0.86);
            let am = (a0 + a1) / 2.0;
            b.quad("trim", p(r0, a0), p(r1, a0), p(r1, am), p(r0, am), [0.0; 3]);
            b.quad("trim", p(r0, am), p(r1, am), p(r1, a1), p(r0, a1), [0.0; 3]);
        }
    }
    b
}

/// A head lamp, brake lamp or other patch on both sides.
fn pair(part: &'static str, end: End, centre: (f32, f32), half: (f32, f32), n: f32) -> Patch {
    Patch {
        part,
        end,
        centre,
        half,
        n,
        pair: true,
    }
}

/// One patch on the centre line.
fn middle(part: &'static str, end: End, y: f32, half: (f32, f32), n: f32) -> Patch {
    Patch {
        part,
        end,
        centre: (0.0, y),
        half,
        n,
        pair: false,
    }
}

/// Each car's body, in its car file's measures (length, width, ride height, wheels).
fn style(name: &str) -> BodyStyle {
    use End::{Front, Rear};
    match name {
        // Low and long-bonneted: a round nose, a short cabin behind the middle whose roof
        // runs in one curve to a short tail.
        "coupe" => BodyStyle {
            front_z: 2.05,
            rear_z: -2.05,
            half_w: 0.85,
            plan_front: 2.8,
            plan_rear: 4.0,
            floor_y: 0.30,
            nose_rise_m: 0.08,
            tail_rise_m: 0.10,
            end_rise_over_m: 0.40,
            deck: vec![
                (2.05, 0.56),
                (1.85, 0.65),
                (1.0, 0.76),
                (0.80, 0.79),
                (-1.45, 0.83),
                (-1.95, 0.82),
                (-2.05, 0.74),
            ],
            roof: vec![
                (0.80, 0.79),
                (0.45, 1.01),
                (0.05, 1.18),
                (-0.40, 1.20),
                (-0.85, 1.12),
                (-1.45, 0.83),
            ],
            windscreen_z: (0.05, 0.80),
            rear_window_z: (-1.45, -0.80),
            side_window_z: (-1.05, 0.55),
            b_pillar_z: None,
            greenhouse_base: 0.90,
            tumblehome: 0.78,
            sill_r: 0.05,
            shoulder_r: 0.10,
            roof_r: 0.07,
            tuck_m: 0.06,
            crown_m: 0.03,
            cladding_y: None,
            patches: vec![
                pair("head_lamp", Front, (0.50, 0.59), (0.14, 0.04), 2.6),
                middle("trim", Front, 0.43, (0.34, 0.07), 4.0),
                pair("brake_lamp", Rear, (0.60, 0.70), (0.17, 0.05), 4.0),
                pair("reverse_lamp", Rear, (0.36, 0.70), (0.05, 0.035), 4.0),
                middle("trim", Rear, 0.45, (0.45, 0.06), 4.0),
            ],
            mirrors: Some((0.70, 0.06)),
        },
        // Tall and square on big tyres: an upright screen, a flat roof, a load bed behind
        // the cab, dark cladding low down, a bull bar (added as bars).
        "big_wheeler" => BodyStyle {
            front_z: 1.90,
            rear_z: -1.90,
            half_w: 0.95,
            plan_front: 7.0,
            plan_rear: 9.0,
            floor_y: 0.70,
            nose_rise_m: 0.10,
            tail_rise_m: 0.10,
            end_rise_over_m: 0.30,
            deck: vec![(1.90, 1.24), (1.75, 1.36), (0.62, 1.42), (-1.80, 1.43), (-1.90, 1.36)],
            roof: vec![(0.62, 1.42), (0.40, 1.94), (0.25, 1.98), (-1.05, 1.98), (-1.22, 1.43)],
            windscreen_z: (0.30, 0.62),
            rear_window_z: (-1.22, -1.08),
            side_window_z: (-1.02, 0.34),
            b_pillar_z: Some(-0.35),
            greenhouse_base: 0.93,
            tumblehome: 0.90,
            sill_r: 0.04,
            shoulder_r: 0.07,
            roof_r: 0.06,
            tuck_m: 0.03,
            crown_m: 0.015,
            cladding_y: Some(0.98),
            patches: vec![
                pair("head_lamp", Front, (0.66, 1.22), (0.13, 0.07), 6.0),
                middle("trim", Front, 1.06, (0.40, 0.13), 6.0),
                pair("brake_lamp", Rear, (0.80, 1.18), (0.07, 0.13), 6.0),
                pair("reverse_lamp", Rear, (0.80, 1.00), (0.06, 0.035), 4.0),
            ],
            mirrors: Some((0.50, 0.10)),
        },
        // Three boxes: a long bonnet, an upright cabin, a separate boot deck.
        "sedan" => BodyStyle {
            front_z: 2.35,
            rear_z: -2.25,
            half_w: 0.89,
            plan_front: 3.4,
            plan_rear: 4.5,
            floor_y: 0.31,
            nose_rise_m: 0.08,
            tail_rise_m: 0.10,
            end_rise_over_m: 0.40,
            deck: vec![
                (2.35, 0.70),
                (2.15, 0.80),
                (0.97, 0.85),
                (-1.37, 0.87),
                (-2.15, 0.89),
                (-2.25, 0.80),
            ],
            roof: vec![
                (0.97, 0.85),
                (0.60, 1.07),
                (0.22, 1.28),
                (-0.30, 1.31),
                (-0.85, 1.28),
                (-1.12, 1.07),
                (-1.37, 0.87),
            ],
            windscreen_z: (0.22, 0.97),
            rear_window_z: (-1.37, -0.85),
            side_window_z: (-1.08, 0.52),
            b_pillar_z: Some(-0.28),
            greenhouse_base: 0.90,
            tumblehome: 0.80,
            sill_r: 0.05,
            shoulder_r: 0.08,
            roof_r: 0.07,
            tuck_m: 0.05,
            crown_m: 0.025,
            cladding_y: None,
            patches: vec![
                pair("head_lamp", Front, (0.50, 0.69), (0.15, 0.045), 3.0),
                middle("trim", Front, 0.55, (0.36, 0.08), 4.0),
                pair("brake_lamp", Rear, (0.63, 0.77), (0.18, 0.055), 4.0),
                pair("reverse_lamp", Rear, (0.38, 0.77), (0.05, 0.04), 4.0),
                middle("trim", Rear, 0.50, (0.50, 0.07), 4.0),
            ],
            mirrors: Some((0.85, 0.06)),
        },
        // A smooth nose with no grille, the roof sloping in one long line to the tail, a
        // light bar across it.
        "electric" => BodyStyle {
            front_z: 2.345,
            rear_z: -2.345,
            half_w: 0.925,
            plan_front: 2.6,
            plan_rear: 4.0,
            floor_y: 0.33,
            nose_rise_m: 0.07,
            tail_rise_m: 0.10,
            end_rise_over_m: 0.40,
            deck: vec![
                (2.345, 0.57),
                (2.1, 0.70),
                (1.6, 0.80),
                (1.12, 0.87),
                (-2.15, 0.90),
                (-2.345, 0.82),
            ],
            roof: vec![
                (1.12, 0.87),
                (0.70, 1.10),
                (0.28, 1.31),
                (-0.30, 1.33),
                (-1.0, 1.22),
                (-1.70, 1.04),
                (-2.17, 0.90),
            ],
            windscreen_z: (0.28, 1.12),
            rear_window_z: (-2.10, -0.95),
            side_window_z: (-1.40, 0.72),
            b_pillar_z: Some(-0.25),
            greenhouse_base: 0.90,
            tumblehome: 0.76,
            sill_r: 0.06,
            shoulder_r: 0.12,
            roof_r: 0.09,
            tuck_m: 0.06,
            crown_m: 0.035,
            cladding_y: None,
            patches: vec![
                pair("head_lamp", Front, (0.50, 0.61), (0.16, 0.028), 4.0),
                middle("brake_lamp", Rear, 0.80, (0.80, 0.03), 6.0),
                pair("reverse_lamp", Rear, (0.32, 0.71), (0.08, 0.025), 4.0),
                middle("trim", Rear, 0.52, (0.55, 0.06), 4.0),
            ],
            mirrors: Some((1.0, 0.06)),
        },
        other => panic!("no body style for car `{other}`"),
    }
}

/// The body of `car` cut at `detail`: the style's surface with an arch for each wheel,
/// and the big wheeler's bull bar.
fn body(car: &CarDef, detail: &Detail) -> Builder {
    let mut b = Builder::default();
    let wheels: Vec<ArchWheel> = car
        .wheels
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let width_m = car
                .sim()
                .and_then(|s| s.wheels.get(i))
                .map_or(car.wheel_width_m, |s| s.width_m);
            ArchWheel {
                z: w.origin_m.z,
                y: w.origin_m.y,
                radius_m: w.radius_m,
                inner_x: w.origin_m.x.abs() - 0.5 * width_m,
            }
        })
        .collect();
    let s = style(&car.name);
    s.build(&wheels, detail, &mut b);
    if car.name == "big_wheeler" {
        let (fz, bottom) = (s.front_z, s.floor_y + s.nose_rise_m);
        b.cuboid("trim", [-0.7, bottom + 0.1, fz + 0.02], [0.7, bottom + 0.2, fz + 0.14]);
        b.cuboid_pair("trim", [0.45, bottom + 0.1, fz + 0.02], [0.55, 1.32, fz + 0.14]);
    }
    b
}

fn model(car: &CarDef) -> Vec<u8> {
    let mut g = Glb::new("car", "skidpad examples/make_car_models.rs", colour);
    let near = g.mesh("body", &body(car, &NEAR));
    let far = g.mesh("body far", &body(car, &FAR));
    let distant = g.mesh("body distant", &body(car, &DISTANT));
    let mut nodes = vec![
        g.node("car_body", Some(near), [0.0; 3]),
        g.node("car_body_lod1", Some(far), [0.0; 3]),
        g.node("car_body_lod2", Some(distant), [0.0; 3]),
    ];
    // The arcade thrust acts at the steered axle's midpoint, at wheel-centre height.
    let front: Vec<_> = car.wheels.iter().filter(|w| w.steered).collect();
    let n = front.len().max(1) as f32;
    let thrust = [
        0.0,
        front.iter().map(|w| w.origin_m.y).sum::<f32>() / n,
        front.iter().map(|w| w.origin_m.z).sum::<f32>() / n,
    ];
    nodes.push(g.node("thrust", None, thrust));
    // One wheel mesh per distinct size (radius and width): axles that differ get their own.
    let mut wheel_meshes: Vec<((f32, f32), json::Index<json::Mesh>)> = Vec::new();
    for (i, w) in car.wheels.iter().enumerate() {
        let width_m = car
            .sim()
            .and_then(|s| s.wheels.get(i))
            .map_or(car.wheel_width_m, |s| s.width_m);
        let size = (w.radius_m, width_m);
        let same = |(r, wd): (f32, f32)| (r - size.0).abs() < 1e-6 && (wd - size.1).abs() < 1e-6;
        let mesh = match wheel_meshes.iter().find(|(s, _)| same(*s)) {
            Some((_, m)) => *m,
            None => {
                let m = g.mesh("wheel", &wheel(w.radius_m, width_m));
                wheel_meshes.push((size, m));
                m
            }
        };
        nodes.push(g.node(&format!("wheel_{i}"), Some(mesh), w.origin_m.to_array()));
    }
    for (i, b) in car.chassis.iter().enumerate() {
        let mut shape = Builder::default();
        let h = (b.size_m * 0.5).to_array();
        shape.cuboid("trim", [-h[0], -h[1], -h[2]], h);
        let mesh = g.mesh("collision box", &shape);
        let name = if i == 0 {
            "col_shape".to_string()
        } else {
            format!("col_shape_{i}")
        };
        nodes.push(g.node(&name, Some(mesh), b.position_m.to_array()));
    }
    g.write(nodes)
}

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    for name in ["coupe", "big_wheeler", "sedan", "electric"] {
        let path = root.join(format!("cars/{name}.toml"));
        let bytes = std::fs::read(&path).expect("the car file reads");
        let car = CarDef::parse(&path.display().to_string(), name, &bytes).expect("the car file parses");
        let glb = model(&car);
        let out = root.join(format!("models/{name}.glb"));
        std::fs::write(&out, &glb).expect("content/models is writable");
        let triangles = |d: &Detail| body(&car, d).parts.values().map(|(_, _, i)| i.len() / 3).sum::<usize>();
        // How far each coarser body's bounds stray from the near one's (the bake allows 5 cm).
        let bounds = |d: &Detail| {
            let b = body(&car, d);
            let points = b.parts.values().flat_map(|(p, _, _)| p.iter().copied());
            points.fold(([f32::MAX; 3], [f32::MIN; 3]), |(lo, hi), p: [f32; 3]| {
                (
                    std::array::from_fn(|k| lo[k].min(p[k])),
                    std::array::from_fn(|k| hi[k].max(p[k])),
                )
            })
        };
        let (nlo, nhi) = bounds(&NEAR);
        for (label, d) in [("far", &FAR), ("distant", &DISTANT)] {
            let (lo, hi) = bounds(d);
            let off: Vec<String> = (0..3)
                .map(|k| format!("{:.3}/{:.3}", lo[k] - nlo[k], hi[k] - nhi[k]))
                .collect();
            println!(
                "  {label} bounds off the near body's (x, y, z lo/hi, m): {}",
                off.join(" ")
            );
        }
        println!(
            "{}: {} bytes, body {} triangles, far body {}, distant body {}",
            out.display(),
            glb.len(),
            triangles(&NEAR),
            triangles(&FAR),
            triangles(&DISTANT)
        );
    }
}
