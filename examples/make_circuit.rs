//! Generates the `circuit` level into `content/levels/circuit/`: a closed track of about
//! 3.6 km (centre line and widths in the common centre-line CSV), the 2.6 × 2.6 km terrain
//! around it (hills, flattened along the track), and `level.toml`. Deterministic.
//!
//! `cargo run --example make_circuit`

use glam::Vec2;
use skidpad_bake::heightmap::{value_noise as noise, Heightmap};
use skidpad_bake::track::Track;

/// The layout's corners on a map (x east, y north, metres), driven in this order.
const CONTROL: &[(f32, f32)] = &[
    (0.0, -250.0),
    (0.0, 500.0),
    (60.0, 660.0),
    (220.0, 700.0),
    (380.0, 640.0),
    (440.0, 500.0),
    (600.0, 420.0),
    (800.0, 460.0),
    (900.0, 600.0),
    (1050.0, 620.0),
    (1150.0, 500.0),
    (1120.0, 320.0),
    (980.0, 200.0),
    (900.0, 20.0),
    (950.0, -180.0),
    (900.0, -320.0),
    (700.0, -360.0),
    (500.0, -280.0),
    (380.0, -360.0),
    (200.0, -400.0),
    (60.0, -360.0),
];
const SPACING_M: f32 = 5.0;
const HALF_WIDTH_M: f32 = 6.0;
const TERRAIN_M: f32 = 2600.0;
const TERRAIN_STEP_M: f32 = 10.0;
/// The track sits in a flat band this wide each side; hills rise beyond over the blend.
const FLAT_BAND_M: f32 = 45.0;
const BLEND_M: f32 = 120.0;
const HILL_M: f32 = 35.0;

/// Centripetal-free uniform Catmull-Rom through the closed control polygon.
fn spline(points: &[Vec2], samples_per_segment: usize) -> Vec<Vec2> {
    let n = points.len();
    let mut out = Vec::new();
    for i in 0..n {
        let (p0, p1, p2, p3) = (
            points[(i + n - 1) % n],
            points[i],
            points[(i + 1) % n],
            points[(i + 2) % n],
        );
        for s in 0..samples_per_segment {
            let t = s as f32 / samples_per_segment as f32;
            let (t2, t3) = (t * t, t * t * t);
            out.push(
                0.5 * ((2.0 * p1)
                    + (p2 - p0) * t
                    + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * t2
                    + (3.0 * p1 - p0 - 3.0 * p2 + p3) * t3),
            );
        }
    }
    out
}

/// Evenly spaced points along a closed polyline.
fn resample(poly: &[Vec2], step: f32) -> Vec<Vec2> {
    let n = poly.len();
    let total: f32 = (0..n).map(|i| poly[i].distance(poly[(i + 1) % n])).sum();
    let count = (total / step).round() as usize;
    let step = total / count as f32;
    let mut out = Vec::with_capacity(count);
    let (mut seg, mut along) = (0usize, 0.0f32);
    for k in 0..count {
        let target = k as f32 * step;
        loop {
            let len = poly[seg].distance(poly[(seg + 1) % n]);
            if along + len >= target || seg == n - 1 {
                let t = ((target - along) / len.max(1e-6)).clamp(0.0, 1.0);
                out.push(poly[seg].lerp(poly[(seg + 1) % n], t));
                break;
            }
            along += len;
            seg += 1;
        }
    }
    out
}

fn segments_cross(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> bool {
    let o = |p: Vec2, q: Vec2, r: Vec2| (q - p).perp_dot(r - p);
    o(a, b, c) * o(a, b, d) < 0.0 && o(c, d, a) * o(c, d, b) < 0.0
}

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/levels/circuit");
    // Centre the layout on the origin; world (x, z) = (−map x, map y).
    let control: Vec<Vec2> = CONTROL
        .iter()
        .map(|(x, y)| Vec2::new(-(x - 575.0), y - 150.0))
        .collect();
    let mut centre = resample(&spline(&control, 40), SPACING_M);
    // Start 150 m into the main straight, where the spline has stopped bending.
    centre.rotate_left((150.0 / SPACING_M) as usize);
    let n = centre.len();
    for i in 0..n {
        for j in i + 2..n {
            if (j + 1) % n == i {
                continue;
            }
            assert!(
                !segments_cross(centre[i], centre[(i + 1) % n], centre[j], centre[(j + 1) % n]),
                "the layout crosses itself near points {i} and {j}"
            );
        }
    }
    let track = Track {
        centre: centre.clone(),
        width_right_m: vec![HALF_WIDTH_M; n],
        width_left_m: vec![HALF_WIDTH_M; n],
    };
    std::fs::write(dir.join("track.csv"), track.to_csv()).unwrap();

    let cols = (TERRAIN_M / TERRAIN_STEP_M) as usize + 1;
    let mut heights_m = Vec::with_capacity(cols * cols);
    for r in 0..cols {
        for c in 0..cols {
            let p = Vec2::new(
                c as f32 * TERRAIN_STEP_M - TERRAIN_M * 0.5,
                r as f32 * TERRAIN_STEP_M - TERRAIN_M * 0.5,
            );
            let d = centre
                .iter()
                .map(|q| q.distance_squared(p))
                .fold(f32::MAX, f32::min)
                .sqrt();
            let hills =
                HILL_M * (0.65 * noise(p.x / 400.0, p.y / 400.0) + 0.35 * noise(p.x / 150.0 + 50.0, p.y / 150.0));
            let blend = ((d - FLAT_BAND_M) / BLEND_M).clamp(0.0, 1.0);
            heights_m.push(hills * blend * blend * (3.0 - 2.0 * blend));
        }
    }
    let terrain = Heightmap {
        rows: cols,
        cols,
        heights_m,
    };
    std::fs::write(dir.join("terrain.png"), terrain.to_png(0.0, HILL_M)).unwrap();

    let t0 = track.tangent(0);
    let heading = t0.x.atan2(t0.y).to_degrees();
    let (left, right) = track.borders();
    let grid = |k: f32, side: f32| centre[0] - t0 * (8.0 * k) + (left[0] - centre[0]).normalize() * side * 3.0;
    let spawn = |name: &str, p: Vec2| {
        format!(
            "[[spawns]]\nname = \"{name}\"\nposition_m = [{:.2}, 0.6, {:.2}]\nheading_deg = {heading:.3}\n",
            p.x, p.y
        )
    };
    // The grandstand's front edge 20 m right of the centre line, facing the road.
    let stand = centre[0] + (right[0] - centre[0]).normalize() * 20.0 - t0 * 10.0;
    let level = format!(
        "# Generated by `cargo run --example make_circuit`: edit that, not this.
# A {length:.0} m closed track drawn from two borders {width} m apart, with kerbs in the
# corners, gravel and armco outside the fast ones, concrete barriers at the slow ones, sand
# traps, tyre walls and distance boards at the tightest three and grandstands at the two
# tightest, trees and bushes along it, a start/finish gantry, grid and grandstand, inside
# {size:.1} km of rolling terrain.
description = \"Closed {km:.1} km circuit with kerbs, run-offs and trees in {size:.1} x {size:.1} km of hills\"
chunk_size_m = 200.0

[info]
name = \"Skidpad Hills\"
kind = \"circuit\"

[terrain]
size_m = [{terrain}, {terrain}]
material = \"grass\"
heightmap = \"terrain.png\"
height_m = [0.0, {hill}]

[track]
centerline = \"track.csv\"
kerb_min_curvature_per_m = 0.008
runoff_width_m = 14.0
scenery_spacing_m = 40.0
barrier_height_m = 0.9
dressed_corners = 3
dressed_runoff_material = \"sand\"
corner_stands = 2
start_line = true

{s0}
{s1}
{s2}
{s3}
[[props]]
kind = \"grandstand\"
position_m = [{sx:.2}, {sz:.2}]
heading_deg = {stand_heading:.3}
length_m = 60.0
steps = 8

[[props]]
kind = \"gantry\"
position_m = [{gx:.2}, {gz:.2}]
heading_deg = {heading:.3}
span_m = {span:.1}
text = \"START / FINISH\"

# Down the start straight at full throttle: the car streams chunks in as it goes, stays on
# its wheels on the road, and gains speed (thrust 7 m/s², linear damping 0.13/s: from
# 20 m/s for 8 s, v = 54 − 34·e^(−0.13·8) ≈ 42 m/s and about 270 m covered).
[scenario]
[[scenario.runs]]
name = \"straight\"
spawn = \"start\"
speed_mps = 20.0
seconds = 8.0
inputs = [{{ at_s = 0.0, throttle = 1.0 }}]

[[scenario.checks]]
kind = \"range\"
metric = \"straight.grounded_fraction\"
min = 0.98
max = 1.0

[[scenario.checks]]
kind = \"range\"
metric = \"straight.final_speed_mps\"
min = 38.0
max = 46.0

[[scenario.checks]]
kind = \"range\"
metric = \"straight.max_progress_m\"
min = 240.0
max = 300.0
",
        length = track.length_m(),
        width = 2.0 * HALF_WIDTH_M,
        size = TERRAIN_M / 1000.0,
        km = track.length_m() / 1000.0,
        terrain = TERRAIN_M,
        hill = HILL_M,
        s0 = spawn("start", grid(1.0, 0.0)),
        s1 = spawn("grid2", grid(2.0, 1.0)),
        s2 = spawn("grid3", grid(3.0, -1.0)),
        s3 = spawn("grid4", grid(4.0, 1.0)),
        sx = stand.x,
        sz = stand.y,
        stand_heading = heading + 90.0,
        gx = centre[0].x,
        gz = centre[0].y,
        span = 2.0 * HALF_WIDTH_M + 5.0,
    );
    std::fs::write(dir.join("level.toml"), level).unwrap();
    println!("circuit: {n} points, {:.0} m, terrain {cols}x{cols}", track.length_m());
}
