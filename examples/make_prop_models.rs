//! Writes the shipped prop models, `content/props/*.glb` (binary glTF 2.0): run
//! `cargo run --example make_prop_models` after changing a shape or colour here. The
//! output is byte-identical from run to run (no clock, no random source, sorted maps).
//!
//! Each model has the nodes the bake reads (`bake/src/model/prop.rs`): `prop_body` (the
//! render mesh; each primitive a colour, its material's base colour), `col_shape*`
//! boxes (what collides) and, for the trees and the bush, `prop_far` (the stand-in drawn far away). Frame: metres, Y up, the origin on the ground at the prop's foot.
//! Shapes are low-poly prisms and cones, flat-shaded like the rest of the scenery. The
//! output is ours (same licence as the code).

#[path = "support/glb.rs"]
mod glb;

use glb::{Builder, Glb, V3};

/// Every part's colour (linear RGB, alpha 1): what the game draws the part in.
const COLOURS: &[(&str, [f32; 4])] = &[
    ("bark", [0.38, 0.26, 0.15, 1.0]),
    ("leaf_dark", [0.12, 0.30, 0.11, 1.0]),
    ("leaf", [0.16, 0.38, 0.14, 1.0]),
    ("leaf_light", [0.22, 0.45, 0.17, 1.0]),
    ("needle", [0.09, 0.26, 0.13, 1.0]),
    ("needle_light", [0.08, 0.23, 0.12, 1.0]),
    ("bush", [0.13, 0.31, 0.10, 1.0]),
    ("bush_light", [0.20, 0.40, 0.14, 1.0]),
    ("rubber", [0.07, 0.07, 0.08, 1.0]),
    ("hole", [0.02, 0.02, 0.02, 1.0]),
    ("band", [0.92, 0.92, 0.92, 1.0]),
    ("cone", [0.95, 0.45, 0.05, 1.0]),
    ("cone_base", [0.30, 0.12, 0.03, 1.0]),
    ("reflector", [0.95, 0.95, 0.92, 1.0]),
    ("steel", [0.55, 0.56, 0.58, 1.0]),
    ("chequer_white", [0.92, 0.92, 0.92, 1.0]),
    ("chequer_black", [0.04, 0.04, 0.05, 1.0]),
];

/// A part's colour from [`COLOURS`]: the game reads the base colour as the prop's colour.
fn colour(part: &str) -> [f32; 4] {
    COLOURS
        .iter()
        .find(|(n, _)| *n == part)
        .map(|(_, c)| *c)
        .unwrap_or_else(|| panic!("no colour for part `{part}`"))
}

impl Builder {
    /// A frustum about +Y from radius `r0` at `y0` to `r1` at `y1` (`r1` = 0: a cone),
    /// `sides` faces round, with a bottom cap when `bottom` and a top cap when `top`.
    #[allow(clippy::too_many_arguments)]
    fn frustum(
        &mut self,
        part: &'static str,
        y0: f32,
        r0: f32,
        y1: f32,
        r1: f32,
        sides: usize,
        bottom: bool,
        top: bool,
    ) {
        let inside = [0.0, (y0 + y1) * 0.5, 0.0];
        let at = |k: usize, y: f32, r: f32| {
            let a = std::f32::consts::TAU * k as f32 / sides as f32;
            [r * a.cos(), y, r * a.sin()]
        };
        for k in 0..sides {
            self.quad(
                part,
                at(k, y0, r0),
                at(k + 1, y0, r0),
                at(k + 1, y1, r1),
                at(k, y1, r1),
                inside,
            );
            if bottom {
                self.tri(
                    part,
                    [0.0, y0, 0.0],
                    at(k, y0, r0),
                    at(k + 1, y0, r0),
                    [0.0, y0 + 1.0, 0.0],
                );
            }
            if top && r1 > 0.0 {
                self.tri(
                    part,
                    [0.0, y1, 0.0],
                    at(k, y1, r1),
                    at(k + 1, y1, r1),
                    [0.0, y1 - 1.0, 0.0],
                );
            }
        }
    }

    /// A tyre lying flat on `y0`: tread and sidewall in `part`, the hole dark.
    fn tyre(&mut self, part: &'static str, y0: f32) {
        let (r, inner, h, sides) = (0.3, 0.17, 0.225, 10);
        self.frustum(part, y0, r, y0 + h, r, sides, false, false);
        let at = |k: usize, y: f32, r: f32| {
            let a = std::f32::consts::TAU * k as f32 / sides as f32;
            [r * a.cos(), y, r * a.sin()]
        };
        let top = y0 + h;
        for k in 0..sides {
            // The top's ring round the hole, facing up.
            self.quad(
                part,
                at(k, top, inner),
                at(k, top, r),
                at(k + 1, top, r),
                at(k + 1, top, inner),
                [0.0, top - 1.0, 0.0],
            );
        }
        self.frustum("hole", top - 0.05, inner, top - 0.05, 0.0, sides, false, false);
        self.tri(
            "hole",
            at(0, top - 0.05, inner),
            at(sides / 3, top - 0.05, inner),
            at(2 * sides / 3, top - 0.05, inner),
            [0.0, top - 1.0, 0.0],
        );
    }
}

/// A model: the `prop_body` mesh, the collision boxes (lo, hi) in name order, and the
/// `prop_far` stand-in drawn far away, if it has one.
struct Prop {
    body: Builder,
    boxes: Vec<(V3, V3)>,
    far: Option<Builder>,
}

/// A broad-leaved tree, 7.7 m tall: a tapering trunk and a crown of three stacked bands.
fn tree_broadleaf() -> Prop {
    let mut b = Builder::default();
    b.frustum("bark", 0.0, 0.28, 3.2, 0.2, 7, false, false);
    b.frustum("leaf_dark", 2.6, 0.6, 3.6, 1.6, 10, true, false);
    b.frustum("leaf", 3.6, 1.6, 5.8, 1.75, 10, false, false);
    b.frustum("leaf", 5.8, 1.75, 7.2, 1.0, 10, false, false);
    b.frustum("leaf_light", 7.2, 1.0, 7.7, 0.0, 10, false, false);
    // Far away: the crown's rings with five faces round, the trunk with four, in the
    // crown's middle green (its bands' shades no longer resolve there either).
    let mut far = Builder::default();
    far.frustum("bark", 0.0, 0.28, 3.2, 0.2, 4, false, false);
    far.frustum("leaf", 2.6, 0.6, 3.6, 1.6, 5, true, false);
    far.frustum("leaf", 3.6, 1.6, 5.8, 1.75, 5, false, false);
    far.frustum("leaf", 5.8, 1.75, 7.2, 1.0, 5, false, false);
    far.frustum("leaf", 7.2, 1.0, 7.7, 0.0, 5, false, false);
    Prop {
        body: b,
        // The trunk and the crown's bulk, as the circuit's trees collided before.
        boxes: vec![
            ([-0.25, 0.0, -0.25], [0.25, 3.0, 0.25]),
            ([-1.6, 3.0, -1.6], [1.6, 7.5, 1.6]),
        ],
        far: Some(far),
    }
}

/// A conifer, 9.2 m tall: a trunk and two cone tiers.
fn tree_pine() -> Prop {
    let mut b = Builder::default();
    b.frustum("bark", 0.0, 0.2, 2.2, 0.15, 6, false, false);
    b.frustum("needle", 1.6, 1.6, 6.0, 0.0, 9, true, false);
    b.frustum("needle_light", 4.4, 1.15, 9.2, 0.0, 9, true, false);
    // Far away: the two tiers with five faces round, the trunk with four.
    let mut far = Builder::default();
    far.frustum("bark", 0.0, 0.2, 2.2, 0.15, 4, false, false);
    far.frustum("needle", 1.6, 1.6, 6.0, 0.0, 5, true, false);
    far.frustum("needle_light", 4.4, 1.15, 9.2, 0.0, 5, true, false);
    Prop {
        body: b,
        boxes: vec![
            ([-0.2, 0.0, -0.2], [0.2, 2.0, 0.2]),
            ([-1.5, 2.0, -1.5], [1.5, 6.0, 1.5]),
            ([-0.85, 6.0, -0.85], [0.85, 9.2, 0.85]),
        ],
        far: Some(far),
    }
}

/// A bush, 1.2 m tall and 1.7 m across: a squat dome of three bands, drawn only (a car
/// drives through it, as through a real hedge's edge).
fn bush() -> Prop {
    let mut b = Builder::default();
    b.frustum("bush", 0.0, 0.6, 0.45, 0.85, 8, false, false);
    b.frustum("bush", 0.45, 0.85, 0.95, 0.6, 8, false, false);
    b.frustum("bush_light", 0.95, 0.6, 1.2, 0.0, 8, false, false);
    // Far away: the same dome with four faces round.
    let mut far = Builder::default();
    far.frustum("bush", 0.0, 0.6, 0.45, 0.85, 4, false, false);
    far.frustum("bush", 0.45, 0.85, 0.95, 0.6, 4, false, false);
    far.frustum("bush", 0.95, 0.6, 1.2, 0.0, 4, false, false);
    Prop {
        body: b,
        boxes: vec![],
        far: Some(far),
    }
}

/// One tyre of a tyre wall (0.6 m across, 0.225 m tall).
fn tyre() -> Prop {
    let mut b = Builder::default();
    b.tyre("rubber", 0.0);
    Prop {
        body: b,
        // Inside the ten-sided tread (0.285 m to its flats).
        boxes: vec![([-0.28, 0.0, -0.28], [0.28, 0.225, 0.28])],
        far: None,
    }
}

/// Three tyres stacked, the top one painted: the unit a tyre wall is made of.
fn tyre_stack() -> Prop {
    let mut b = Builder::default();
    for (row, part) in ["rubber", "rubber", "band"].into_iter().enumerate() {
        b.tyre(part, row as f32 * 0.225);
    }
    Prop {
        body: b,
        boxes: vec![([-0.28, 0.0, -0.28], [0.28, 0.675, 0.28])],
        far: None,
    }
}

/// A traffic cone, 0.7 m tall on a square base, with a white reflective band.
fn cone() -> Prop {
    let mut b = Builder::default();
    b.cuboid("cone_base", [-0.19, 0.0, -0.19], [0.19, 0.03, 0.19]);
    let r = |y: f32| 0.16 + (0.025 - 0.16) * (y - 0.03) / (0.7 - 0.03);
    b.frustum("cone", 0.03, r(0.03), 0.32, r(0.32), 12, false, false);
    b.frustum("reflector", 0.32, r(0.32), 0.46, r(0.46), 12, false, false);
    b.frustum("cone", 0.46, r(0.46), 0.7, r(0.7), 12, false, true);
    Prop {
        body: b,
        boxes: vec![([-0.19, 0.0, -0.19], [0.19, 0.7, 0.19])],
        far: None,
    }
}

/// A start/finish gantry over a 14 m road: two steel posts and a beam chequered on both
/// faces, 6.2 m tall; +Z is the way the cars pass under it.
fn gantry() -> Prop {
    let mut b = Builder::default();
    let (half_span, post) = (7.2, 0.2);
    for x in [-half_span, half_span] {
        b.cuboid("steel", [x - post, 0.0, -post], [x + post, 5.0, post]);
    }
    b.cuboid("steel", [-half_span - post, 5.0, -0.25], [half_span + post, 6.2, 0.25]);
    // Chequers 0.6 m square, two rows, a hair in front of each face.
    let cell = 0.6;
    let cells = (2.0 * half_span / cell) as usize;
    for face in [-1.0f32, 1.0] {
        let z = face * 0.26;
        for row in 0..2 {
            for k in 0..cells {
                let part = if (row + k) % 2 == 0 {
                    "chequer_white"
                } else {
                    "chequer_black"
                };
                let (x0, x1) = (-half_span + k as f32 * cell, -half_span + (k + 1) as f32 * cell);
                let (y0, y1) = (5.0 + row as f32 * cell, 5.0 + (row + 1) as f32 * cell);
                b.quad(
                    part,
                    [x0, y0, z],
                    [x1, y0, z],
                    [x1, y1, z],
                    [x0, y1, z],
                    [0.0, 5.6, 0.0],
                );
            }
        }
    }
    Prop {
        body: b,
        boxes: vec![
            ([-half_span - post, 0.0, -post], [-half_span + post, 5.0, post]),
            ([half_span - post, 0.0, -post], [half_span + post, 5.0, post]),
            ([-half_span - post, 5.0, -0.25], [half_span + post, 6.2, 0.25]),
        ],
        far: None,
    }
}

fn model(prop: &Prop) -> Vec<u8> {
    let mut g = Glb::new("prop", "skidpad examples/make_prop_models.rs", colour);
    let body = g.mesh("body", &prop.body);
    let mut nodes = vec![g.node("prop_body", Some(body), [0.0; 3])];
    if let Some(far) = &prop.far {
        let mesh = g.mesh("far", far);
        nodes.push(g.node("prop_far", Some(mesh), [0.0; 3]));
    }
    for (i, (lo, hi)) in prop.boxes.iter().enumerate() {
        let mut shape = Builder::default();
        let h = [(hi[0] - lo[0]) / 2.0, (hi[1] - lo[1]) / 2.0, (hi[2] - lo[2]) / 2.0];
        shape.cuboid("steel", [-h[0], -h[1], -h[2]], h);
        let mesh = g.mesh("collision box", &shape);
        let name = if i == 0 {
            "col_shape".to_string()
        } else {
            format!("col_shape_{i}")
        };
        let centre = [(hi[0] + lo[0]) / 2.0, (hi[1] + lo[1]) / 2.0, (hi[2] + lo[2]) / 2.0];
        nodes.push(g.node(&name, Some(mesh), centre));
    }
    g.write(nodes)
}

/// What makes one prop.
type Maker = fn() -> Prop;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/props");
    std::fs::create_dir_all(&dir).expect("content/props is writable");
    let props: [(&str, Maker); 7] = [
        ("tree_broadleaf", tree_broadleaf),
        ("tree_pine", tree_pine),
        ("bush", bush),
        ("tyre", tyre),
        ("tyre_stack", tyre_stack),
        ("cone", cone),
        ("gantry", gantry),
    ];
    for (name, make) in props {
        let glb = model(&make());
        let out = dir.join(format!("{name}.glb"));
        std::fs::write(&out, &glb).expect("content/props is writable");
        println!("{}: {} bytes", out.display(), glb.len());
    }
}
