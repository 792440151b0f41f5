//! Generates the `montreal` and `spielberg` levels into `content/levels/`: real circuits from the TUM racetrack database (github.com/TUMFTM/racetrack-database,
//! LGPL-3.0): its centre line and track widths as the level's `track.csv` (moved so the
//! layout is centred on the origin, nothing else changed), its LICENSE beside it, and a
//! `level.toml` dressed the way the `circuit` is (kerbs, gravel run-offs, barriers, sand
//! traps and tyre walls at the tightest corners, trees, start line, grid, gantry,
//! grandstand) on flat grass (the database has no elevation). No racing line is shipped:
//! the game searches one for each car at first load and caches it. Deterministic.
//!
//! `cargo run --example make_real_circuits -- ../shared/tracks/racetrack-database`
//! (the database's directory: `tracks/NAME.csv` and `LICENSE`).

use glam::Vec2;
use skidpad_bake::track::Track;
use std::path::{Path, PathBuf};

/// Length of road the scenario's run needs straight, m (182 m covered, and margin).
const STRAIGHT_M: f32 = 220.0;

/// The first point of the track followed by [`STRAIGHT_M`] of road within 1 m of its
/// tangent: 0 if the start is one, else the point whose stretch strays least.
fn straightest(track: &Track) -> usize {
    let n = track.len();
    let stray = |i: usize| {
        let (t, p0) = (track.tangent(i), track.centre[i]);
        let (mut along, mut worst, mut j) = (0.0f32, 0.0f32, i);
        while along < STRAIGHT_M {
            let k = (j + 1) % n;
            along += track.centre[j].distance(track.centre[k]);
            worst = worst.max(t.perp_dot(track.centre[k] - p0).abs());
            j = k;
        }
        worst
    };
    if stray(0) < 1.0 {
        return 0;
    }
    (0..n)
        .min_by(|a, b| stray(*a).total_cmp(&stray(*b)).then(a.cmp(b)))
        .unwrap_or(0)
}

/// (database file stem, level name, description's place name, where the grid's first slot
/// lies in its chunk, m (x, z) from the corner of its square in the grid of multiples of
/// 200 m; the terrain's own chunk grid starts at its −x, −z edge, which that grid meets or
/// misses by 100 m depending on the terrain's size).
///
/// A car circling on that slot (`tests/alloc/no_alloc_tick.rs`) must neither stream chunks nor
/// form new contacts late in its run (both allocate). Montreal's place circles clean.
/// Spielberg's slot is 25 m from its chunk's borders and 13.5 m from every streaming radius
/// (for 200 m chunks 300, 500 and 700 m, measured to a chunk's nearest point), so a car
/// circling there streams nothing; at (25, 225), as good for streaming, the circle crossed
/// the bounding boxes of two compounds of its chunk's static colliders (the road's and the
/// scenery's) twice a lap, and each crossing made or dropped a broad-phase pair, which
/// allocates (`SimWorld::contact_topology` read tick by tick on a circling car
/// found the ticks; the compounds' boxes end about 3 m beside the grid there).
const CIRCUITS: &[(&str, &str, &str, [f32; 2])] = &[
    (
        "Montreal",
        "montreal",
        "Circuit Gilles Villeneuve, Montreal",
        [100.0, 100.0],
    ),
    ("Spielberg", "spielberg", "Red Bull Ring, Spielberg", [175.0, 25.0]),
];
/// Flat grass beyond the track's outermost point each side, m: the run-offs (14 m), the
/// barriers and the trees (up to 36 m out) fit, rounded up to the chunk grid.
const MARGIN_M: f32 = 100.0;
const CHUNK_M: f32 = 200.0;

fn main() {
    let db = PathBuf::from(
        std::env::args()
            .nth(1)
            .expect("usage: make_real_circuits DATABASE_DIR (holding tracks/*.csv and LICENSE)"),
    );
    let license = std::fs::read_to_string(db.join("LICENSE")).expect("the database's LICENSE");
    let commit = std::fs::read_to_string(db.join("SOURCE_COMMIT.txt")).unwrap_or_default();
    for (stem, name, place, in_chunk_m) in CIRCUITS {
        let src = db.join("tracks").join(format!("{stem}.csv"));
        let text = std::fs::read_to_string(&src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
        let mut track = Track::parse_csv(&src.display().to_string(), &text).expect("a database track parses");
        let (lo, hi) = track
            .centre
            .iter()
            .fold((Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)), |(lo, hi), p| {
                (lo.min(*p), hi.max(*p))
            });
        // Centred on the origin to the metre, then moved so the grid's first slot (8 m
        // behind the line) lies where the circuit's entry says in its chunk: a car circling
        // there on a test streams nothing (which allocates; see `CIRCUITS`).
        let slot = track.centre[0] - track.tangent(0) * 8.0 - ((lo + hi) * 0.5).round();
        let mid_chunk = (slot / CHUNK_M).floor() * CHUNK_M + Vec2::from(*in_chunk_m);
        let mid = ((lo + hi) * 0.5).round() + (slot - mid_chunk).round();
        for p in &mut track.centre {
            *p -= mid;
        }
        // The terrain, centred on the origin, holds the moved layout and the margin.
        let reach = (lo - mid).abs().max((hi - mid).abs());
        let terrain = ((reach + Vec2::splat(MARGIN_M)) * 2.0 / CHUNK_M).ceil() * CHUNK_M;
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/levels").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        let header = format!(
            "# {place}: centre line and widths from the TUM racetrack database ({stem}.csv,\n\
             # {}), LGPL-3.0 (LICENSE beside this file); moved by ({:.0}, {:.0}) m to centre it.\n",
            commit.trim().lines().next().unwrap_or("commit unknown"),
            -mid.x,
            mid.y
        );
        std::fs::write(dir.join("track.csv"), header + &track.to_csv()).unwrap();
        std::fs::write(dir.join("LICENSE"), &license).unwrap();
        std::fs::write(dir.join("level.toml"), level_toml(place, &track, terrain)).unwrap();
        println!(
            "{name}: {} points, {:.0} m, terrain {:.0} x {:.0} m",
            track.len(),
            track.length_m(),
            terrain.x,
            terrain.y
        );
    }
}

fn level_toml(place: &str, track: &Track, terrain: Vec2) -> String {
    let centre = &track.centre;
    let t0 = track.tangent(0);
    let heading = t0.x.atan2(t0.y).to_degrees();
    let (left, right) = track.borders();
    let side = (left[0] - centre[0]).normalize();
    let grid = |k: f32, s: f32| centre[0] - t0 * (8.0 * k) + side * s * 3.0;
    let spawn = |name: &str, p: Vec2| {
        format!(
            "[[spawns]]\nname = \"{name}\"\nposition_m = [{:.2}, 0.6, {:.2}]\nheading_deg = {heading:.3}\n",
            p.x, p.y
        )
    };
    // The grandstand's front edge 20 m beyond the right border, facing the road.
    let stand = right[0] + (right[0] - centre[0]).normalize() * 20.0 - t0 * 10.0;
    let span = track.width_left_m[0] + track.width_right_m[0] + 5.0;
    // The scenario's run needs 200 m of straight road: the start's, if it has them (within
    // 1 m of its tangent), else the straightest stretch of the lap, with a spawn of its own
    // (AI cars take their grid from the racing line, not from spawns).
    let (run_spawn, extra_spawn) = match straightest(track) {
        0 => ("start", String::new()),
        i => {
            let t = track.tangent(i);
            let h = t.x.atan2(t.y).to_degrees();
            (
                "straight",
                format!(
                    "[[spawns]]\nname = \"straight\"\nposition_m = [{:.2}, 0.6, {:.2}]\nheading_deg = {h:.3}\n",
                    centre[i].x, centre[i].y
                ),
            )
        }
    };
    format!(
        "# Generated by `cargo run --example make_real_circuits`: edit that, not this.
# {place}: the real layout ({length:.0} m) from the TUM racetrack database's centre line and
# widths (track.csv, LGPL-3.0: LICENSE), on flat grass, dressed like the circuit: kerbs,
# gravel run-offs and barriers in the corners, sand traps, tyre walls and distance boards
# at the tightest three, trees, a start/finish gantry, grid and grandstand. No racing line
# ships: each car's is searched at first load and cached.
description = \"{place}: real {km:.1} km layout with kerbs, run-offs and trees\"
chunk_size_m = {chunk:.1}

[terrain]
size_m = [{tx:.0}, {tz:.0}]
material = \"grass\"

[track]
centerline = \"track.csv\"
kerb_min_curvature_per_m = 0.008
runoff_width_m = 14.0
scenery_spacing_m = 40.0
barrier_height_m = 0.9
dressed_corners = 3
dressed_runoff_material = \"sand\"
start_line = true

{s0}
{s1}
{s2}
{s3}
{extra_spawn}
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

# Down a straight at full throttle for 6 s (the start straight, or where it bends
# within 220 m, as Montreal's does 50 m past the line, the straightest stretch): the car streams chunks in, stays on its wheels on
# the road, and gains speed (as on the circuit: thrust 7 m/s², linear damping 0.13/s, from
# 20 m/s v = 54 − 34·e^(−0.13·6) ≈ 38.4 m/s, covering 54·6 − 34/0.13·(1 − e^(−0.78))
# ≈ 182 m).
[scenario]
[[scenario.runs]]
name = \"straight\"
spawn = \"{run_spawn}\"
speed_mps = 20.0
seconds = 6.0
inputs = [{{ at_s = 0.0, throttle = 1.0 }}]

[[scenario.checks]]
kind = \"range\"
metric = \"straight.grounded_fraction\"
min = 0.98
max = 1.0

[[scenario.checks]]
kind = \"range\"
metric = \"straight.final_speed_mps\"
min = 35.0
max = 42.0

[[scenario.checks]]
kind = \"range\"
metric = \"straight.max_progress_m\"
min = 160.0
max = 205.0
",
        length = track.length_m(),
        km = track.length_m() / 1000.0,
        chunk = CHUNK_M,
        tx = terrain.x,
        tz = terrain.y,
        s0 = spawn("start", grid(1.0, 0.0)),
        s1 = spawn("grid2", grid(2.0, 1.0)),
        s2 = spawn("grid3", grid(3.0, -1.0)),
        s3 = spawn("grid4", grid(4.0, 1.0)),
        sx = stand.x,
        sz = stand.y,
        stand_heading = heading + 90.0,
        gx = centre[0].x,
        gz = centre[0].y,
    )
}
