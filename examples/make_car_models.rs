//! Writes the shipped car models, `content/models/{coupe,big_wheeler,sedan,electric}.glb`
//! (binary glTF 2.0), from the car files' own dimensions: run
//! `cargo run --example make_car_models` after changing a car's wheels or chassis boxes.
//!
//! Each model has the nodes the bake reads (`bake/src/model/`): `car_body` (a low coupe; a
//! big-wheeler on tall tyres; a three-box saloon; an electric fastback with a sloping
//! roof), `thrust`, `wheel_0`..`wheel_3` (at the car file's wheel centres, sized by its
//! radius and width: tyre, rim disc with five dark spoke gaps so spin reads) and
//! `col_shape*` (the car file's chassis boxes). Body parts are primitives whose materials
//! name the part (`paint`, `glass`, `trim`, `brake_lamp`, `reverse_lamp`, `head_lamp`).
//! The bodies are lofts of side profiles (a convex polygon in z-y, its half-width tapering
//! with height for the cabin's tumblehome). The output is ours (same licence as the code).

#[path = "support/glb.rs"]
mod glb;

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

    /// A loft: the convex side `profile` (z, y points, in order round the polygon)
    /// extruded across the car, half-width `half_w(y)`. Side faces in `side`, each edge
    /// strip (edge i from point i to i+1) in `edge(i)`.
    fn loft(
        &mut self,
        profile: &[(f32, f32)],
        half_w: &dyn Fn(f32) -> f32,
        side: &'static str,
        edge: &dyn Fn(usize) -> &'static str,
    ) {
        let n = profile.len() as f32;
        let cz = profile.iter().map(|p| p.0).sum::<f32>() / n;
        let cy = profile.iter().map(|p| p.1).sum::<f32>() / n;
        let inside = [0.0, cy, cz];
        let at = |i: usize, s: f32| {
            let (z, y) = profile[i % profile.len()];
            [s * half_w(y), y, z]
        };
        for s in [1.0, -1.0] {
            for i in 1..profile.len() - 1 {
                self.tri(side, at(0, s), at(i, s), at(i + 1, s), inside);
            }
        }
        for i in 0..profile.len() {
            self.quad(
                edge(i),
                at(i, 1.0),
                at(i + 1, 1.0),
                at(i + 1, -1.0),
                at(i, -1.0),
                inside,
            );
        }
    }

    /// A dark wheel-arch panel on both body sides at `x` (half-width of the body there),
    /// round the wheel at (`yc`, `zc`) of radius `r`, between `bottom` and `top`.
    fn arches(&mut self, x: f32, yc: f32, zc: f32, r: f32, bottom: f32, top: f32) {
        let r = r + 0.06;
        let mut pts = vec![(zc + r, bottom)];
        for k in 0..=8 {
            let a = std::f32::consts::PI * k as f32 / 8.0;
            pts.push((zc + r * a.cos(), (yc + r * a.sin()).min(top)));
        }
        pts.push((zc - r, bottom));
        for s in [1.0f32, -1.0] {
            let p = |(z, y): (f32, f32)| [s * (x + 0.004), y, z];
            let centre = p((zc, (bottom + yc) / 2.0));
            for w in pts.windows(2) {
                self.tri("trim", centre, p(w[0]), p(w[1]), [0.0, yc, zc]);
            }
            self.tri("trim", centre, p(pts[pts.len() - 1]), p(pts[0]), [0.0, yc, zc]);
        }
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

/// One body's shape, in the car file's own measures.
struct Style {
    /// Lower body side profile (z, y), round the polygon.
    lower: Vec<(f32, f32)>,
    /// Lower body half-width, m.
    lower_hw: f32,
    /// Cabin profile (z, y), starting at the windscreen's foot, going up and back:
    /// windscreen, roof (one or more edges), rear window, then back along the base.
    cabin: Vec<(f32, f32)>,
    /// Which cabin edges are painted (the roof); the rest are glass.
    roof_edges: Vec<usize>,
    /// Cabin half-width at its base and at its top, m.
    cabin_hw: (f32, f32),
    /// Lamps' height band (y from, y to), m.
    lamp_y: (f32, f32),
    /// Rear face z and front face z, m.
    rear_z: f32,
    front_z: f32,
    /// A full-width rear light bar (the electric car) instead of two clusters.
    light_bar: bool,
    /// Grille (the electric car has none).
    grille: bool,
}

fn style(name: &str) -> Style {
    match name {
        // Low and wedge-nosed, a short fastback cabin behind the middle.
        "coupe" => Style {
            lower: vec![
                (2.05, 0.36),
                (2.05, 0.60),
                (1.0, 0.79),
                (-1.55, 0.82),
                (-2.05, 0.78),
                (-2.05, 0.36),
                (-1.9, 0.30),
                (1.9, 0.30),
            ],
            lower_hw: 0.85,
            cabin: vec![(0.78, 0.79), (0.02, 1.20), (-0.70, 1.20), (-1.50, 0.81)],
            roof_edges: vec![1],
            cabin_hw: (0.74, 0.56),
            lamp_y: (0.62, 0.72),
            rear_z: -2.05,
            front_z: 2.05,
            light_bar: false,
            grille: true,
        },
        // Tall and boxy on big tyres: upright screen, flat roof, a bull bar.
        "big_wheeler" => Style {
            lower: vec![
                (1.90, 0.78),
                (1.90, 1.30),
                (1.70, 1.40),
                (-1.9, 1.40),
                (-1.9, 0.78),
                (-1.7, 0.70),
                (1.7, 0.70),
            ],
            lower_hw: 0.95,
            cabin: vec![(0.60, 1.40), (0.38, 1.98), (-1.15, 1.98), (-1.20, 1.40)],
            roof_edges: vec![1],
            cabin_hw: (0.78, 0.70),
            lamp_y: (1.15, 1.30),
            rear_z: -1.90,
            front_z: 1.90,
            light_bar: false,
            grille: true,
        },
        // Three boxes: a long bonnet, an upright cabin, a separate boot deck.
        "sedan" => Style {
            lower: vec![
                (2.35, 0.40),
                (2.35, 0.76),
                (2.2, 0.84),
                (-2.2, 0.87),
                (-2.25, 0.80),
                (-2.25, 0.40),
                (-2.1, 0.31),
                (2.2, 0.31),
            ],
            lower_hw: 0.89,
            cabin: vec![(0.95, 0.84), (0.22, 1.30), (-0.85, 1.30), (-1.35, 0.86)],
            roof_edges: vec![1],
            cabin_hw: (0.78, 0.64),
            lamp_y: (0.66, 0.78),
            rear_z: -2.25,
            front_z: 2.35,
            light_bar: false,
            grille: true,
        },
        // A smooth nose with no grille, the roof sloping in one long line to the tail.
        "electric" => Style {
            lower: vec![
                (2.345, 0.42),
                (2.345, 0.62),
                (1.9, 0.76),
                (1.1, 0.87),
                (-2.2, 0.90),
                (-2.345, 0.84),
                (-2.345, 0.40),
                (-2.2, 0.33),
                (2.2, 0.33),
            ],
            lower_hw: 0.925,
            cabin: vec![(1.10, 0.87), (0.28, 1.32), (-0.35, 1.32), (-2.15, 0.90)],
            roof_edges: vec![1],
            cabin_hw: (0.80, 0.62),
            lamp_y: (0.70, 0.78),
            rear_z: -2.345,
            front_z: 2.345,
            light_bar: true,
            grille: false,
        },
        other => panic!("no body style for car `{other}`"),
    }
}

fn body(car: &CarDef, s: &Style) -> Builder {
    let mut b = Builder::default();
    let hw = s.lower_hw;
    let top_at = |z: f32| {
        // The lower body's top edge height at z (for clipping the arches).
        s.lower
            .windows(2)
            .filter(|w| {
                (w[0].0 - w[1].0).abs() > 1e-3
                    && w[0].1 > 0.5 * (s.lamp_y.0)
                    && (w[0].0.min(w[1].0)..=w[0].0.max(w[1].0)).contains(&z)
            })
            .map(|w| w[0].1 + (w[1].1 - w[0].1) * (z - w[0].0) / (w[1].0 - w[0].0))
            .fold(f32::MIN, f32::max)
    };
    b.loft(&s.lower, &|_| hw, "paint", &|_| "paint");
    let (hb, ht) = s.cabin_hw;
    let (yb, yt) = (s.cabin[0].1.min(s.cabin[3].1), s.cabin[1].1);
    let roof = s.roof_edges.clone();
    b.loft(
        &s.cabin,
        &move |y| hb + (ht - hb) * ((y - yb) / (yt - yb)).clamp(0.0, 1.0),
        "glass",
        // The roof and the base (edge 3, against the lower body) are painted; the
        // windscreen and rear window are glass.
        &move |i| if roof.contains(&i) || i == 3 { "paint" } else { "glass" },
    );
    let bottom = s.lower.iter().map(|p| p.1).fold(f32::MAX, f32::min);
    for w in &car.wheels {
        let top = top_at(w.origin_m.z) - 0.04;
        b.arches(hw, w.origin_m.y, w.origin_m.z, w.radius_m, bottom, top);
    }
    // Bumpers and sills: dark trim.
    let (rz, fz) = (s.rear_z, s.front_z);
    b.cuboid(
        "trim",
        [-hw - 0.01, bottom, fz - 0.12],
        [hw + 0.01, bottom + 0.12, fz + 0.04],
    );
    b.cuboid(
        "trim",
        [-hw - 0.01, bottom, rz - 0.04],
        [hw + 0.01, bottom + 0.12, rz + 0.12],
    );
    b.cuboid_pair(
        "trim",
        [hw - 0.02, bottom, rz + 0.3],
        [hw + 0.01, bottom + 0.07, fz - 0.3],
    );
    let (ly0, ly1) = s.lamp_y;
    if s.grille {
        b.cuboid(
            "trim",
            [-0.40, bottom + 0.14, fz - 0.02],
            [0.40, ly0 - 0.02, fz + 0.015],
        );
    }
    // Head lamps, brake lamps and reverse lamps: thin boxes proud of the faces.
    b.cuboid_pair(
        "head_lamp",
        [hw - 0.34, ly0 - 0.08, fz - 0.04],
        [hw - 0.06, ly1 - 0.10, fz + 0.012],
    );
    if s.light_bar {
        b.cuboid("brake_lamp", [-hw + 0.06, ly0, rz - 0.012], [hw - 0.06, ly1, rz + 0.04]);
        b.cuboid_pair(
            "reverse_lamp",
            [0.12, ly0 - 0.09, rz - 0.014],
            [0.30, ly0 - 0.02, rz + 0.04],
        );
    } else {
        b.cuboid_pair("brake_lamp", [hw - 0.30, ly0, rz - 0.012], [hw - 0.05, ly1, rz + 0.04]);
        b.cuboid_pair(
            "reverse_lamp",
            [hw - 0.44, ly0, rz - 0.012],
            [hw - 0.32, ly1, rz + 0.04],
        );
    }
    if car.name == "big_wheeler" {
        // A bull bar ahead of the grille.
        b.cuboid("trim", [-0.7, bottom + 0.1, fz + 0.04], [0.7, bottom + 0.2, fz + 0.16]);
        b.cuboid_pair("trim", [0.45, bottom + 0.1, fz + 0.04], [0.55, ly1 + 0.05, fz + 0.16]);
    }
    b
}

fn model(car: &CarDef) -> Vec<u8> {
    let mut g = Glb::new("car", "skidpad examples/make_car_models.rs", colour);
    let body_mesh = g.mesh("body", &body(car, &style(&car.name)));
    let mut nodes = vec![g.node("car_body", Some(body_mesh), [0.0; 3])];
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
        println!("{}: {} bytes", out.display(), glb.len());
    }
}
