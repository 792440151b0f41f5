//! Generates a level in `content/levels/` for every circuit of the TUM racetrack database
//! (github.com/TUMFTM/racetrack-database, LGPL-3.0), named as players know it (`[info]`): its centre line and track widths as the level's `track.csv` (moved so the
//! layout is centred on the origin, nothing else changed), its LICENSE beside it, and a
//! `level.toml` dressed the way the `circuit` is (kerbs, gravel and armco at the fast
//! corners, concrete at the slow ones, sand traps, tyre walls and grandstands at the
//! tightest, trees and bushes, start line, grid, gantry, grandstand) on flat grass (the database has no elevation), with low hills well beyond the run-offs. Their racing lines are
//! written after, by `examples/ship_racelines.rs`. Deterministic.
//!
//! `cargo run --release --example make_real_circuits -- ../shared/tracks/racetrack-database [LEVEL...]`
//! (the database's directory: `tracks/NAME.csv` and `LICENSE`; the levels to write, or
//! all). Each grid is placed where a circling car allocates nothing (`SLOTS_IN_CHUNK_M`),
//! which the generator checks by driving it: a release build makes that quick.

use glam::Vec2;
use skidpad::alloc_count::{thread_allocations as allocations, CountingAlloc};
use skidpad::assists::AssistSet;
use skidpad::content::{load_level, ContentRoot};
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::CarDef;
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

/// One circuit of the database as the game names it.
struct Circuit {
    /// The database's file stem.
    stem: &'static str,
    /// The level's directory (what `--level` takes).
    level: &'static str,
    /// The name players know.
    name: &'static str,
    /// Town or region.
    place: &'static str,
    country: &'static str,
    /// The circuit's own corner count for the layout the database holds (its length tells
    /// which: Catalunya's 4.65 km is the 2007–2020 layout with the chicane, 16 turns).
    corners: u32,
}

const fn c(
    stem: &'static str,
    level: &'static str,
    name: &'static str,
    place: &'static str,
    country: &'static str,
    corners: u32,
) -> Circuit {
    Circuit {
        stem,
        level,
        name,
        place,
        country,
        corners,
    }
}

/// Every circuit of the database, its layout by length (km, database → the layout's own).
const CIRCUITS: &[Circuit] = &[
    c("Austin", "austin", "Circuit of the Americas", "Austin", "USA", 20),
    c("BrandsHatch", "brands_hatch", "Brands Hatch", "Kent", "UK", 9),
    c("Budapest", "budapest", "Hungaroring", "Budapest", "Hungary", 14),
    c(
        "Catalunya",
        "catalunya",
        "Circuit de Catalunya",
        "Barcelona",
        "Spain",
        16,
    ),
    c(
        "Hockenheim",
        "hockenheim",
        "Hockenheimring",
        "Hockenheim",
        "Germany",
        17,
    ),
    c(
        "IMS",
        "indianapolis",
        "Indianapolis Motor Speedway",
        "Indianapolis",
        "USA",
        4,
    ),
    c("Melbourne", "melbourne", "Albert Park", "Melbourne", "Australia", 16),
    c(
        "MexicoCity",
        "mexico_city",
        "Autódromo Hermanos Rodríguez",
        "Mexico City",
        "Mexico",
        17,
    ),
    c(
        "Montreal",
        "montreal",
        "Circuit Gilles Villeneuve",
        "Montreal",
        "Canada",
        14,
    ),
    c("Monza", "monza", "Autodromo Nazionale Monza", "Monza", "Italy", 11),
    c("MoscowRaceway", "moscow", "Moscow Raceway", "Volokolamsk", "Russia", 15),
    c("Norisring", "norisring", "Norisring", "Nuremberg", "Germany", 8),
    c(
        "Nuerburgring",
        "nurburgring",
        "Nürburgring GP-Strecke",
        "Nürburg",
        "Germany",
        15,
    ),
    c(
        "Oschersleben",
        "oschersleben",
        "Motorsport Arena Oschersleben",
        "Oschersleben",
        "Germany",
        14,
    ),
    c(
        "Sakhir",
        "sakhir",
        "Bahrain International Circuit",
        "Sakhir",
        "Bahrain",
        15,
    ),
    c("SaoPaulo", "sao_paulo", "Interlagos", "São Paulo", "Brazil", 15),
    c(
        "Sepang",
        "sepang",
        "Sepang International Circuit",
        "Sepang",
        "Malaysia",
        15,
    ),
    c(
        "Shanghai",
        "shanghai",
        "Shanghai International Circuit",
        "Shanghai",
        "China",
        16,
    ),
    c("Silverstone", "silverstone", "Silverstone", "Silverstone", "UK", 18),
    c("Sochi", "sochi", "Sochi Autodrom", "Sochi", "Russia", 18),
    c("Spa", "spa", "Spa-Francorchamps", "Stavelot", "Belgium", 19),
    c("Spielberg", "spielberg", "Red Bull Ring", "Spielberg", "Austria", 10),
    c("Suzuka", "suzuka", "Suzuka Circuit", "Suzuka", "Japan", 18),
    c("YasMarina", "yas_marina", "Yas Marina Circuit", "Abu Dhabi", "UAE", 21),
    c(
        "Zandvoort",
        "zandvoort",
        "Circuit Zandvoort",
        "Zandvoort",
        "Netherlands",
        13,
    ),
];

/// Where the grid's first slot may lie in its chunk, m (x, z) from the corner of its square
/// in the grid of multiples of 200 m, tried in order until a car circling there (as
/// `tests/alloc/no_alloc_tick.rs` does) neither streams a chunk nor forms or drops a
/// contact pair (both allocate). The middle first; (175, 25) is 25 m from its chunk's
/// borders and 13.5 m from every streaming radius (300, 500 and 700 m for 200 m chunks,
/// measured to a chunk's nearest point); a circle that crosses the bounding box of one of
/// its chunk's static compounds (the road's, the scenery's) makes and drops a broad-phase
/// pair, which only trying finds.
const SLOTS_IN_CHUNK_M: &[[f32; 2]] = &[
    [100.0, 100.0],
    [175.0, 25.0],
    [25.0, 175.0],
    [25.0, 25.0],
    [175.0, 175.0],
    [100.0, 50.0],
    [50.0, 100.0],
    [150.0, 100.0],
    [100.0, 150.0],
];
/// Flat grass beyond the track's outermost point each side, m: the run-offs (14 m), the
/// barriers and the trees (up to 36 m out) fit, rounded up to the chunk grid.
const MARGIN_M: f32 = 100.0;
const CHUNK_M: f32 = 200.0;
/// As `tests/alloc/no_alloc_tick.rs` allows in its 600 ticks.
const MAX_CONTACT_TICKS: u32 = 6;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

fn main() {
    let db = PathBuf::from(
        std::env::args()
            .nth(1)
            .expect("usage: make_real_circuits DATABASE_DIR (holding tracks/*.csv and LICENSE) [LEVEL...]"),
    );
    let only: Vec<String> = std::env::args().skip(2).collect();
    let license = std::fs::read_to_string(db.join("LICENSE")).expect("the database's LICENSE");
    let commit = std::fs::read_to_string(db.join("SOURCE_COMMIT.txt")).unwrap_or_default();
    for circuit in CIRCUITS
        .iter()
        .filter(|c| only.is_empty() || only.iter().any(|o| o == c.level))
    {
        let src = db.join("tracks").join(format!("{}.csv", circuit.stem));
        let text = std::fs::read_to_string(&src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
        let (track, repairs) =
            Track::parse_csv_repairing(&src.display().to_string(), &text).expect("a database track parses");
        for r in repairs {
            println!("{}: {r}", circuit.level);
        }
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("content/levels")
            .join(circuit.level);
        let slot = SLOTS_IN_CHUNK_M.iter().find(|in_chunk_m| {
            let (placed, terrain, moved) = place(&track, **in_chunk_m);
            write_level(&dir, circuit, &placed, terrain, moved, &commit, &license);
            match circles_clean(&dir) {
                Ok(()) => true,
                Err(why) => {
                    println!(
                        "{}: grid slot at {in_chunk_m:?} in its chunk: {why}; moving it",
                        circuit.level
                    );
                    false
                }
            }
        });
        let Some(slot) = slot else {
            panic!("{}: no grid slot in SLOTS_IN_CHUNK_M circles clean", circuit.level);
        };
        let (placed, terrain, _) = place(&track, *slot);
        println!(
            "{}: {} points, {:.0} m, terrain {:.0} x {:.0} m, grid slot at {slot:?} in its chunk",
            circuit.level,
            placed.len(),
            placed.length_m(),
            terrain.x,
            terrain.y
        );
    }
}

/// `track` centred on the origin to the metre, then moved so the grid's first slot (8 m
/// behind the line) lies `in_chunk_m` into its chunk; the terrain holding it and the margin;
/// and how far it moved.
fn place(track: &Track, in_chunk_m: [f32; 2]) -> (Track, Vec2, Vec2) {
    let (lo, hi) = track
        .centre
        .iter()
        .fold((Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)), |(lo, hi), p| {
            (lo.min(*p), hi.max(*p))
        });
    let slot = track.centre[0] - track.tangent(0) * 8.0 - ((lo + hi) * 0.5).round();
    let mid_chunk = (slot / CHUNK_M).floor() * CHUNK_M + Vec2::from(in_chunk_m);
    let mid = ((lo + hi) * 0.5).round() + (slot - mid_chunk).round();
    let mut placed = track.clone();
    for p in &mut placed.centre {
        *p -= mid;
    }
    // The terrain, centred on the origin, holds the moved layout and the margin.
    let reach = (lo - mid).abs().max((hi - mid).abs());
    let terrain = ((reach + Vec2::splat(MARGIN_M)) * 2.0 / CHUNK_M).ceil() * CHUNK_M;
    (placed, terrain, mid)
}

fn write_level(dir: &Path, circuit: &Circuit, track: &Track, terrain: Vec2, mid: Vec2, commit: &str, license: &str) {
    std::fs::create_dir_all(dir).unwrap();
    let header = format!(
        "# {}, {}: centre line and widths from the TUM racetrack database ({}.csv,\n\
         # {}), LGPL-3.0 (LICENSE beside this file); moved by ({:.0}, {:.0}) m to centre it.\n",
        circuit.name,
        circuit.place,
        circuit.stem,
        commit.trim().lines().next().unwrap_or("commit unknown"),
        -mid.x,
        mid.y
    );
    std::fs::write(dir.join("track.csv"), header + &track.to_csv()).unwrap();
    std::fs::write(dir.join("LICENSE"), license).unwrap();
    std::fs::write(dir.join("level.toml"), level_toml(circuit, track, terrain)).unwrap();
}

/// Whether a car circling at walking pace on the level's first spawn, as the allocation
/// test drives it (each car model: the arcade coupe, the sim sedan), from its 30th second
/// to its 60th (the test measures two stretches of that) streams no chunk, allocates in at
/// most [`MAX_CONTACT_TICKS`] ticks that form or drop a contact pair, and in no other.
fn circles_clean(dir: &Path) -> Result<(), String> {
    let root = ContentRoot::Dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("content"));
    let file = dir.join("level.toml");
    let level = load_level(&root, &file.display().to_string()).map_err(|e| e.to_string())?;
    let input = TickInput {
        control: VehicleControl {
            throttle: 0.15,
            steer: 1.0,
            ..VehicleControl::default()
        },
        reset: false,
        restart: false,
        assists: AssistSet::ALL,
    };
    for car_name in ["coupe", "sedan"] {
        let car = CarDef::load(&root, car_name).map_err(|e| e.to_string())?;
        let mut world = SimWorld::new(&level, &car, &[], 60);
        let mut contact_ticks = 0;
        for tick in 0..3600 {
            let before = (allocations(), world.contact_topology(), world.stream_stats());
            world.step(&input);
            let allocated = allocations() - before.0;
            let after = world.stream_stats();
            if tick < 1800 {
                continue;
            }
            if (after.entered, after.left) != (before.2.entered, before.2.left) {
                return Err(format!("the circling {car_name} streams a chunk at tick {tick}"));
            }
            if world.contact_topology() != before.1 {
                contact_ticks += u32::from(allocated > 0);
            } else if allocated > 0 {
                return Err(format!("the {car_name}'s tick {tick} allocates {allocated} times"));
            }
        }
        if contact_ticks > MAX_CONTACT_TICKS {
            return Err(format!(
                "the circling {car_name} allocates forming contacts in {contact_ticks} ticks"
            ));
        }
    }
    Ok(())
}

/// The grandstand's length and depth (8 steps of 0.9 m, the back wall and roof), m.
const STAND_LENGTH_M: f32 = 60.0;
const STAND_DEPTH_M: f32 = 9.0;

/// Where the grandstand beside the start stands (the middle of its front edge) and which
/// way it faces, deg: the right side first, then the left, 20 m beyond the border and then
/// further out, the first place whose whole footprint is clear of every part of the road
/// by 15 m.
fn grandstand_place(track: &Track, left: &[Vec2], right: &[Vec2], heading: f32) -> (Vec2, f32) {
    let t0 = track.tangent(0);
    let centre = track.centre[0];
    let along = t0 * (STAND_LENGTH_M * 0.5);
    let sides = [(right[0], heading + 90.0), (left[0], heading - 90.0)];
    let candidates = [20.0f32, 35.0, 50.0]
        .into_iter()
        .flat_map(|gap| sides.map(|(border, facing)| (border, facing, gap)));
    let placed = candidates.clone().map(|(border, facing, gap)| {
        let out = (border - centre).normalize();
        let front = border + out * gap - t0 * 10.0;
        (front, facing, out)
    });
    let clear = |(front, _, out): &(Vec2, f32, Vec2)| {
        let back = *front + *out * STAND_DEPTH_M;
        [*front - along, *front + along, back - along, back + along, *front, back]
            .iter()
            .all(|p| track.inside_road_m(*p) < -15.0)
    };
    let (front, facing, _) = placed
        .clone()
        .find(clear)
        .unwrap_or_else(|| placed.clone().next().unwrap());
    (front, facing)
}

fn level_toml(circuit: &Circuit, track: &Track, terrain: Vec2) -> String {
    let place = format!("{}, {}", circuit.name, circuit.place);
    let centre = &track.centre;
    let t0 = track.tangent(0);
    let heading = t0.x.atan2(t0.y).to_degrees();
    let (left, right) = track.borders();
    let side = (left[0] - centre[0]).normalize();
    let grid = |k: f32, s: f32| centre[0] - t0 * (8.0 * k) + side * s * 3.0;
    let spawn_heading = |name: &str, p: Vec2, heading: f32| {
        format!(
            "[[spawns]]\nname = \"{name}\"\nposition_m = [{:.2}, 0.6, {:.2}]\nheading_deg = {heading:.3}\n",
            p.x, p.y
        )
    };
    let spawn = |name: &str, p: Vec2| spawn_heading(name, p, heading);
    // The grandstand's front edge 20 m beyond the right border, facing the road; further
    // out, or on the left, where another part of the lap runs behind it (Zandvoort's
    // hairpin behind its main straight).
    let (stand, stand_heading) = grandstand_place(track, &left, &right, heading);
    let span = track.width_left_m[0] + track.width_right_m[0] + 5.0;
    // The scenario's run needs 200 m of straight road: the start's, if it has them (within
    // 1 m of its tangent), else the straightest stretch of the lap, with a spawn of its own
    // (AI cars take their grid from the racing line, not from spawns).
    let (run_spawn, extra_spawn) = match straightest(track) {
        0 => ("start", String::new()),
        i => {
            let t = track.tangent(i);
            let h = t.x.atan2(t.y).to_degrees();
            ("straight", spawn_heading("straight", centre[i], h))
        }
    };
    format!(
        "# Generated by `cargo run --example make_real_circuits`: edit that, not this.
# {place}: the real layout ({length:.0} m) from the TUM racetrack database's centre line and
# widths (track.csv, LGPL-3.0: LICENSE), on flat grass with low hills beyond it, dressed like the circuit: kerbs in
# the corners, gravel and armco outside the fast ones, concrete barriers at the slow ones,
# sand traps, tyre walls and distance boards at the tightest three and grandstands at the
# two tightest, trees and bushes, a start/finish gantry, grid and grandstand. Each car's
# racing line ships in racelines/, written by `cargo run --release --example ship_racelines`.
description = \"The real {km:.1} km layout, flat, with kerbs, run-offs, barriers and trees\"
chunk_size_m = {chunk:.1}

[info]
name = {name:?}
place = {cplace:?}
country = {country:?}
kind = \"circuit\"
corners = {corners}

[terrain]
size_m = [{tx:.0}, {tz:.0}]
material = \"grass\"
relief_m = 18.0

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
{extra_spawn}
[[props]]
kind = \"grandstand\"
position_m = [{sx:.2}, {sz:.2}]
heading_deg = {stand_heading:.3}
length_m = {STAND_LENGTH_M:.1}
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
        name = circuit.name,
        cplace = circuit.place,
        country = circuit.country,
        corners = circuit.corners,
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
        stand_heading = stand_heading,
        gx = centre[0].x,
        gz = centre[0].y,
    )
}
