//! Scenery in the level schema: each kind bakes to triangles where it stands (painted ones
//! with no collider, solid ones with one unless `solid = false`), each bad field is refused
//! naming its file and field, and the shipped circuit is dressed where a driver needs it.

use glam::{Vec2, Vec3};
use skidpad_bake::chunk::{bake_level, BakedChunk, BakedShape};
use skidpad_bake::geometry::{pieces, PieceShape};
use skidpad_bake::level::Dressing;
use skidpad_bake::track_dressing::{braking_point, corners_tightest_first, distance_board};
use skidpad_bake::{ContentError, Level, LevelFiles, MaterialTable};
use std::path::{Path, PathBuf};

struct Dir(PathBuf);

impl LevelFiles for Dir {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        std::fs::read(self.0.join(rel)).map_err(|e| ContentError::new(rel, "file", e.to_string()))
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
    /// The shipped prop models (the circuit's trees).
    fn prop_model(&self, name: &str) -> Result<skidpad_bake::model::PropModel, ContentError> {
        let rel = format!("props/{name}.glb");
        let bytes = std::fs::read(content().join(&rel)).map_err(|e| ContentError::new(&rel, "file", e.to_string()))?;
        skidpad_bake::model::PropModel::bake(&rel, &bytes)
    }
}

fn content() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../content")
}

fn materials() -> MaterialTable {
    let bytes = std::fs::read(content().join("materials.toml")).expect("content/materials.toml");
    MaterialTable::parse("materials.toml", &bytes).expect("shipped materials parse")
}

/// A flat 64 m asphalt level, one chunk, with `props` (TOML `[[props]]` tables) on it.
fn level_with(props: &str) -> Result<Level, ContentError> {
    let text = format!(
        "description = \"t\"\nchunk_size_m = 64.0\n[terrain]\nsize_m = [64.0, 64.0]\nmaterial = \"asphalt\"\n\
         [[spawns]]\nname = \"s\"\nposition_m = [0.0, 0.5, -20.0]\n{props}"
    );
    Level::parse("test.toml", "test", text.as_bytes(), &materials(), &Dir(PathBuf::new()))
}

/// Baked chunks of a level with one prop, and of the same level without it.
fn bake_with(props: &str) -> (Vec<BakedChunk>, Vec<BakedChunk>) {
    let with = bake_level(&level_with(props).expect("valid props"));
    let without = bake_level(&level_with("").expect("bare level"));
    (with, without)
}

fn triangles(chunks: &[BakedChunk]) -> usize {
    chunks.iter().map(|c| c.mesh.indices.len() / 3).sum()
}

/// Collider parts in every compound (boxes and ramp slices), over all chunks.
fn compounds(chunks: &[BakedChunk]) -> usize {
    chunks
        .iter()
        .flat_map(|c| &c.colliders)
        .map(|c| match &c.shape {
            BakedShape::Compound(k) => k.shapes().len(),
            _ => 0,
        })
        .sum()
}

/// Every vertex the prop added lies in the box `lo..hi`.
fn added_vertices_within(with: &[BakedChunk], without: &[BakedChunk], lo: Vec3, hi: Vec3) -> usize {
    let all: Vec<Vec3> = with
        .iter()
        .flat_map(|c| c.mesh.positions.iter().map(|p| Vec3::from_array(*p)))
        .collect();
    // The terrain's vertices come first in each chunk; the bare level has only those.
    let terrain: Vec<Vec3> = without
        .iter()
        .flat_map(|c| c.mesh.positions.iter().map(|p| Vec3::from_array(*p)))
        .collect();
    let added: Vec<Vec3> = all.into_iter().filter(|p| !terrain.contains(p)).collect();
    for p in &added {
        assert!(p.cmpge(lo).all() && p.cmple(hi).all(), "vertex {p} outside {lo}..{hi}");
    }
    added.len()
}

#[test]
fn a_painted_line_is_flush_triangles_with_no_collider() {
    // A 10 m dashed line, 1 m dashes and gaps: 5 dashes of 2 triangles.
    let (with, without) =
        bake_with("[[props]]\nkind = \"line\"\nfrom_m = [0.0, 0.0]\nto_m = [0.0, 10.0]\nwidth_m = 0.2\ndash_m = 1.0\n");
    assert_eq!(triangles(&with) - triangles(&without), 10);
    let n = added_vertices_within(
        &with,
        &without,
        Vec3::new(-0.11, 0.0, -0.01),
        Vec3::new(0.11, 0.02, 10.01),
    );
    assert_eq!(n, 30, "3 unshared vertices a triangle");
    assert_eq!(compounds(&with), 0, "paint must not collide");
    let colliders = |c: &[BakedChunk]| c.iter().map(|c| c.colliders.len()).sum::<usize>();
    assert_eq!(colliders(&with), colliders(&without));
}

#[test]
fn a_painted_label_lies_flat_where_it_is_put() {
    // "1" is 7 runs of lit cells: 14 triangles, all 1 cm above the ground around (5, 5).
    let (with, without) =
        bake_with("[[props]]\nkind = \"label\"\nposition_m = [5.0, 5.0]\ntext = \"1\"\nheight_m = 1.4\n");
    assert_eq!(triangles(&with) - triangles(&without), 14);
    added_vertices_within(&with, &without, Vec3::new(4.4, 0.005, 4.2), Vec3::new(5.6, 0.02, 5.8));
    assert_eq!(compounds(&with), 0);
}

#[test]
fn a_board_stands_on_posts_and_collides_unless_told_not_to() {
    let board = "[[props]]\nkind = \"board\"\nposition_m = [0.0, 10.0]\ntext = \"100\"\nsize_m = [2.0, 1.2]\nelevation_m = 0.8\n";
    let (with, without) = bake_with(board);
    // Panel and two posts (12 triangles each) and the lettering.
    assert!(triangles(&with) - triangles(&without) > 36);
    added_vertices_within(&with, &without, Vec3::new(-1.01, 0.0, 9.8), Vec3::new(1.01, 2.01, 10.2));
    assert_eq!(compounds(&with), 3, "panel and two posts");
    let (ghost, _) = bake_with(&format!("{board}solid = false\n"));
    assert_eq!(compounds(&ghost), 0, "solid = false: drawn only");
    assert_eq!(triangles(&ghost), triangles(&with));
}

#[test]
fn a_gantry_spans_the_road_above_clearance() {
    let (with, without) = bake_with(
        "[[props]]\nkind = \"gantry\"\nposition_m = [0.0, 0.0]\nspan_m = 16.0\nclearance_m = 5.5\ntext = \"START\"\n",
    );
    assert!(triangles(&with) - triangles(&without) > 36);
    added_vertices_within(
        &with,
        &without,
        Vec3::new(-8.31, 0.0, -0.37),
        Vec3::new(8.31, 6.91, 0.37),
    );
    let level = level_with("[[props]]\nkind = \"gantry\"\nposition_m = [0.0, 0.0]\nspan_m = 16.0\n").unwrap();
    // Nothing solid between the posts below the beam: a car passes under.
    for p in pieces(&level) {
        if let PieceShape::Cuboid(h) = p.shape {
            let low = p.position.y - h.y;
            assert!(p.position.x.abs() > 7.5 || low >= 5.5, "{p:?} blocks the road");
        }
    }
    assert_eq!(compounds(&with), 3, "two posts and the beam");
}

#[test]
fn a_grandstand_rises_away_from_where_it_faces() {
    let level = level_with(
        "[[props]]\nkind = \"grandstand\"\nposition_m = [0.0, 0.0]\nheading_deg = 0.0\nlength_m = 20.0\nsteps = 4\n",
    )
    .unwrap();
    let steps: Vec<(f32, f32)> = pieces(&level)
        .iter()
        .filter_map(|p| match p.shape {
            PieceShape::Cuboid(h) if (h.x - 10.0).abs() < 1e-3 && (h.z - 0.45).abs() < 1e-3 => {
                Some((p.position.z, p.position.y + h.y))
            }
            _ => None,
        })
        .collect();
    assert_eq!(steps.len(), 4, "one 0.9 m deep box per step");
    // Facing +Z, each step further back (−Z) is higher.
    for w in steps.windows(2) {
        assert!(w[1].0 < w[0].0 && w[1].1 > w[0].1, "{steps:?}");
    }
    let (with, _) =
        bake_with("[[props]]\nkind = \"grandstand\"\nposition_m = [0.0, 0.0]\nlength_m = 20.0\nsteps = 4\n");
    assert_eq!(
        compounds(&with),
        4 + 2 + 2,
        "steps, back wall and roof, a roof post each end"
    );
}

#[test]
fn a_tyre_wall_is_stacks_of_tyres_around_one_collider() {
    let (with, without) =
        bake_with("[[props]]\nkind = \"tyre_wall\"\nfrom_m = [-3.1, 20.0]\nto_m = [3.1, 20.0]\nrows = 2\n");
    // 6.2 m of 0.6 m stacks: 10 stacks × 2 tyres, each the `tyre` prop model's triangles,
    // and the collider box's 12.
    let tyre = Dir(PathBuf::new()).prop_model("tyre").unwrap();
    assert_eq!(
        triangles(&with) - triangles(&without),
        10 * 2 * tyre.body.triangles() + 12
    );
    added_vertices_within(
        &with,
        &without,
        Vec3::new(-3.41, 0.0, 19.69),
        Vec3::new(3.41, 0.49, 20.31),
    );
    assert_eq!(compounds(&with), 1);
    // It collides as the `tyres` material: a hit on it sounds like rubber.
    let level = level_with("[[props]]\nkind = \"tyre_wall\"\nfrom_m = [-3.1, 20.0]\nto_m = [3.1, 20.0]\n").unwrap();
    let tyres = level.materials.id("tyres", "", "").unwrap();
    assert!(pieces(&level)
        .iter()
        .any(|p| p.material == tyres && !matches!(p.shape, PieceShape::Decor { .. })));
    assert_eq!(
        level.materials.get(tyres).impact_sound,
        skidpad_bake::ImpactSound::Rubber
    );
}

fn error_of(props: &str) -> ContentError {
    level_with(props).expect_err("bad field accepted")
}

#[test]
fn each_bad_field_is_named() {
    let cases = [
        (
            "[[props]]\nkind = \"board\"\nposition_m = [0.0, 0.0]\ntext = \"é\"\n",
            "props[0].text",
        ),
        (
            "[[props]]\nkind = \"board\"\nposition_m = [0.0, 0.0]\ntext = \"ABCDEFGHIJKLMNOPQRSTUVWXYZ\"\n",
            "props[0].text",
        ),
        (
            "[[props]]\nkind = \"board\"\nposition_m = [0.0, 0.0]\ntext = \"A\"\nsize_m = [0.0, 1.0]\n",
            "props[0].size_m[0]",
        ),
        (
            "[[props]]\nkind = \"board\"\nposition_m = [0.0, nan]\ntext = \"A\"\n",
            "props[0].position_m[1]",
        ),
        (
            "[[props]]\nkind = \"board\"\nposition_m = [0.0, 0.0]\ntext = \"A\"\nelevation_m = -1.0\n",
            "props[0].elevation_m",
        ),
        (
            "[[props]]\nkind = \"gantry\"\nposition_m = [0.0, 0.0]\nspan_m = 1.0\n",
            "props[0].span_m",
        ),
        (
            "[[props]]\nkind = \"gantry\"\nposition_m = [0.0, 0.0]\nclearance_m = 99.0\n",
            "props[0].clearance_m",
        ),
        (
            "[[props]]\nkind = \"gantry\"\nposition_m = [0.0, 0.0]\ntext = \"~\"\n",
            "props[0].text",
        ),
        (
            "[[props]]\nkind = \"grandstand\"\nposition_m = [0.0, 0.0]\nsteps = 0\n",
            "props[0].steps",
        ),
        (
            "[[props]]\nkind = \"grandstand\"\nposition_m = [0.0, 0.0]\nlength_m = 1.0\n",
            "props[0].length_m",
        ),
        (
            "[[props]]\nkind = \"tyre_wall\"\nfrom_m = [0.0, 0.0]\nto_m = [0.0, 0.0]\n",
            "props[0].to_m",
        ),
        (
            "[[props]]\nkind = \"tyre_wall\"\nfrom_m = [0.0, 0.0]\nto_m = [5.0, 0.0]\nrows = 11\n",
            "props[0].rows",
        ),
        (
            "[[props]]\nkind = \"tyre_wall\"\nfrom_m = [0.0, 0.0]\nto_m = [5.0, 0.0]\nband_color = [2.0, 0.0, 0.0]\n",
            "props[0].band_color[0]",
        ),
        (
            "[[props]]\nkind = \"line\"\nfrom_m = [0.0, 0.0]\nto_m = [5.0, 0.0]\nwidth_m = 0.0\n",
            "props[0].width_m",
        ),
        (
            "[[props]]\nkind = \"line\"\nfrom_m = [0.0, 0.0]\nto_m = [5.0, 0.0]\ndash_m = 0.01\n",
            "props[0].dash_m",
        ),
        (
            "[[props]]\nkind = \"line\"\nfrom_m = [0.0, 0.0]\nto_m = [5.0, 0.0]\ndash_m = 1.0\ngap_m = -1.0\n",
            "props[0].gap_m",
        ),
        (
            "[[props]]\nkind = \"line\"\nfrom_m = [1.0, 1.0]\nto_m = [1.0, 1.0]\n",
            "props[0].to_m",
        ),
        (
            "[[props]]\nkind = \"label\"\nposition_m = [0.0, 0.0]\ntext = \"  \"\n",
            "props[0].text",
        ),
        (
            "[[props]]\nkind = \"label\"\nposition_m = [0.0, 0.0]\ntext = \"A\"\nheight_m = 0.0\n",
            "props[0].height_m",
        ),
        (
            "[[props]]\nkind = \"label\"\nposition_m = [0.0, 0.0]\ntext = \"A\"\nheading_deg = 720.0\n",
            "props[0].heading_deg",
        ),
    ];
    for (props, field) in cases {
        let e = error_of(props);
        assert_eq!(e.file, "test.toml", "{props}");
        assert_eq!(e.field, field, "{props} gave {e}");
        assert!(!e.problem.is_empty());
    }
    // An unknown key is refused too, by name.
    let e = error_of("[[props]]\nkind = \"board\"\nposition_m = [0.0, 0.0]\ntext = \"A\"\nfont = \"x\"\n");
    assert!(e.to_string().contains("font"), "{e}");
}

fn circuit() -> Level {
    let dir = content().join("levels/circuit");
    let bytes = std::fs::read(dir.join("level.toml")).unwrap();
    Level::parse("circuit/level.toml", "circuit", &bytes, &materials(), &Dir(dir)).expect("circuit parses")
}

#[test]
fn bad_track_dressing_keys_are_named() {
    let dir = content().join("levels/circuit");
    let text = std::fs::read_to_string(dir.join("level.toml")).unwrap();
    for (from, to, field) in [
        ("dressed_corners = 3", "dressed_corners = 21", "track.dressed_corners"),
        (
            "dressed_corners = 3",
            "dressed_corners = 3\ndistance_boards_m = [300, 5]",
            "track.distance_boards_m[1]",
        ),
        (
            "barrier_height_m = 0.9",
            "barrier_height_m = -0.5",
            "track.barrier_height_m",
        ),
        // Hills laid round the track, on a level whose terrain has a heightmap already.
        (
            "material = \"grass\"",
            "material = \"grass\"\nrelief_m = 5.0",
            "terrain.relief_m",
        ),
        ("corner_stands = 2", "corner_stands = 40", "track.corner_stands"),
        (
            "kerb_min_curvature_per_m = 0.008",
            "kerb_min_curvature_per_m = 0.008\nfast_corner_radius_m = -3",
            "track.fast_corner_radius_m",
        ),
    ] {
        assert!(text.contains(from), "the circuit no longer has {from}");
        let bad = text.replace(from, to);
        let e = Level::parse(
            "circuit/level.toml",
            "circuit",
            bad.as_bytes(),
            &materials(),
            &Dir(dir.clone()),
        )
        .expect_err("bad key accepted");
        assert_eq!(e.field, field, "{e}");
    }
}

#[test]
fn the_circuit_has_a_gantry_over_its_start_line() {
    let level = circuit();
    let track = &level.track.as_ref().expect("the circuit has a track").track;
    let (start, tangent) = (track.centre[0], track.tangent(0));
    let road_m = track.width_left_m[0] + track.width_right_m[0];
    let gantry = level
        .dressing
        .iter()
        .find_map(|d| match d {
            Dressing::Gantry(g) => Some(g),
            _ => None,
        })
        .expect("a gantry");
    // Over the line (within a metre), across the road (facing along it within 1°), and
    // its posts off the road.
    assert!(
        gantry.position_m.distance(start) < 1.0,
        "gantry at {}",
        gantry.position_m
    );
    let facing = Vec2::new(gantry.heading_rad.sin(), gantry.heading_rad.cos());
    assert!(
        facing.dot(tangent) > 1f32.to_radians().cos(),
        "gantry faces {facing}, road runs {tangent}"
    );
    assert!(
        gantry.span_m > road_m,
        "posts {} m apart on a {road_m} m road",
        gantry.span_m
    );
}

#[test]
fn the_circuit_has_distance_boards_before_its_tightest_corner() {
    let level = circuit();
    let def = level.track.as_ref().unwrap();
    let track = &def.track;
    let tightest = &corners_tightest_first(def)[0];
    // The tightest corner is tighter than every point outside it.
    let n = track.len();
    let inside = |i: usize| (0..tightest.points).any(|p| (tightest.entry + p) % n == i);
    let peak = tightest.peak_curvature_per_m.abs();
    assert!((0..n).filter(|&i| !inside(i)).all(|i| track.curvature(i).abs() <= peak));
    assert!(def.dressed_corners >= 1);
    let all = pieces(&level);
    let spacing = track.length_m() / n as f32;
    // Braking ends at the turn-in, or earlier where a corner runs into this one.
    let braking = braking_point(def, tightest);
    let before_turn_in = (tightest.entry + n - braking) % n;
    assert!(
        before_turn_in as f32 * spacing < 200.0,
        "braking ends {before_turn_in} points early"
    );
    for d in [300.0, 200.0, 100.0] {
        let board = distance_board(def, braking, tightest.peak_curvature_per_m, d)
            .unwrap_or_else(|| panic!("no room for the {d} m board"));
        assert_eq!(board.text, format!("{d:.0}"));
        // d metres before braking ends, along the centre line (to the nearest point).
        let nearest = (0..n)
            .min_by(|&a, &b| {
                track.centre[a]
                    .distance(board.position_m)
                    .total_cmp(&track.centre[b].distance(board.position_m))
            })
            .unwrap();
        let before_m = ((braking + n - nearest) % n) as f32 * spacing;
        assert!(
            (before_m - d).abs() <= spacing,
            "the {d} m board is {before_m} m before braking ends"
        );
        // Baked: its panel is a box standing there.
        let panel = all.iter().any(|p| {
            matches!(p.shape, PieceShape::Cuboid(_))
                && Vec2::new(p.position.x, p.position.z).distance(board.position_m) < 0.1
                && p.position.y > board.elevation_m
        });
        assert!(panel, "no panel baked for the {d} m board");
    }
}

/// Every shipped level with a track, parsed.
fn shipped_tracks() -> Vec<Level> {
    let mut names: Vec<String> = std::fs::read_dir(content().join("levels"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("level.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
        .iter()
        .map(|name| {
            let dir = content().join("levels").join(name);
            let bytes = std::fs::read(dir.join("level.toml")).unwrap();
            Level::parse(&format!("{name}/level.toml"), name, &bytes, &materials(), &Dir(dir)).unwrap()
        })
        .filter(|l| l.track.is_some())
        .collect()
}

/// How far `p` lies inside the road of `track` (its centre line and widths, the width
/// interpolated along each segment on the side `p` is on), m; negative when outside.
fn inside_road_m(t: &skidpad_bake::track::Track, p: Vec2) -> f32 {
    let n = t.len();
    (0..n)
        .map(|i| {
            let j = (i + 1) % n;
            let (a, b) = (t.centre[i], t.centre[j]);
            let ab = b - a;
            let s = ((p - a).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0);
            let along = a + ab * s;
            // World +X is left of +Z: left of the way, the cross product is negative.
            let left = ab.perp_dot(p - a) < 0.0;
            let (wi, wj) = if left {
                (t.width_left_m[i], t.width_left_m[j])
            } else {
                (t.width_right_m[i], t.width_right_m[j])
            };
            wi + (wj - wi) * s - p.distance(along)
        })
        .fold(f32::NEG_INFINITY, f32::max)
}

#[test]
fn no_solid_scenery_stands_on_any_road_of_a_shipped_circuit() {
    // Barriers, tyre walls, boards, stands, gantry posts and trees stand beside the road,
    // also where a circuit comes back past itself (a hairpin's other leg) or crosses itself
    // (Suzuka's crossing is open and flat): no corner of a solid piece's footprint is on
    // the road anywhere along the lap (5 cm tolerance: a barrier block's corner at a
    // chord).
    let (mut checked, mut on_road) = (0, Vec::new());
    for level in shipped_tracks() {
        let def = level.track.as_ref().unwrap();
        let t = &def.track;
        let reach = t
            .width_left_m
            .iter()
            .chain(&t.width_right_m)
            .fold(0.0f32, |m, w| m.max(*w));
        for piece in pieces(&level) {
            let half = match piece.shape {
                PieceShape::Cuboid(h) | PieceShape::Collider(h) => h,
                _ => continue,
            };
            let centre = Vec2::new(piece.position.x, piece.position.z);
            // Far from every centre point: off the road whatever its corners.
            let near = t
                .centre
                .iter()
                .map(|c| c.distance(centre))
                .fold(f32::INFINITY, f32::min);
            if near > reach + half.length() + 1.0 {
                continue;
            }
            // A gantry's beam spans the road above a car's roof.
            let bottom = piece.position.y - half.y;
            if bottom > 3.0 {
                continue;
            }
            for (sx, sz) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
                let corner = piece.position + piece.rotation * Vec3::new(half.x * sx, 0.0, half.z * sz);
                let inside = inside_road_m(t, Vec2::new(corner.x, corner.z));
                if inside >= 0.05 {
                    on_road.push(format!(
                        "{}: a solid piece at {:?} stands {inside:.2} m inside the road",
                        level.name, piece.position
                    ));
                    break;
                }
            }
            checked += 1;
        }
    }
    assert!(on_road.is_empty(), "{}", on_road.join("\n"));
    // Barrier blocks in every corner of 26 circuits: 754 in 2026-11.
    assert!(checked > 500, "only {checked} pieces near roads checked");
}

/// A level around a circle of `radius_m` (every point a corner of that radius), 12 m
/// wide, with barriers and no trees, written to a fresh directory.
fn ring(radius_m: f32) -> Level {
    let dir = std::env::temp_dir().join(format!("skidpad_ring_{}_{radius_m}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let n = (std::f32::consts::TAU * radius_m / 5.0) as usize;
    let csv: String = (0..n)
        .map(|i| {
            let a = std::f32::consts::TAU * i as f32 / n as f32;
            format!("{:.3},{:.3},6,6\n", radius_m * a.cos(), radius_m * a.sin())
        })
        .collect();
    std::fs::write(
        dir.join("track.csv"),
        format!("# x_m,y_m,w_tr_right_m,w_tr_left_m\n{csv}"),
    )
    .unwrap();
    let text = format!(
        "description = \"ring\"\nchunk_size_m = 128.0\n[terrain]\nsize_m = [600.0, 600.0]\nmaterial = \"grass\"\n\
         [track]\ncenterline = \"track.csv\"\nscenery_spacing_m = 0.0\nbarrier_height_m = 0.9\n\
         [[spawns]]\nname = \"s\"\nposition_m = [{radius_m}, 0.5, 0.0]\n"
    );
    let level = Level::parse("ring.toml", "ring", text.as_bytes(), &materials(), &Dir(dir.clone())).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    level
}

#[test]
fn fast_corners_get_gravel_and_armco_slow_ones_grass_and_concrete() {
    // Armco is its own material (it collides as concrete and rings when hit).
    // The default `fast_corner_radius_m` is 60: a 100 m ring is all fast corner, a 40 m
    // one all slow.
    for (radius_m, fast) in [(100.0, true), (40.0, false)] {
        let level = ring(radius_m);
        let concrete = level.materials.id("concrete", "", "").unwrap();
        let armco = level.materials.id("armco", "", "").unwrap();
        let gravel = level.materials.id("gravel", "", "").unwrap();
        assert_eq!(
            level.materials.get(armco).friction,
            level.materials.get(concrete).friction,
            "armco grips as concrete"
        );
        let all = pieces(&level);
        let of = |m, want: fn(&PieceShape) -> bool| all.iter().filter(|p| p.material == m && want(&p.shape)).count();
        // Armco collides as invisible blocks with its rail and posts drawn apart; concrete
        // blocks are drawn as they collide.
        let armco_blocks = of(armco, |s| matches!(s, PieceShape::Collider(_)));
        let armco_rails = of(armco, |s| matches!(s, PieceShape::Decor { .. }));
        let concrete_blocks = of(concrete, |s| matches!(s, PieceShape::Cuboid(_)));
        let gravel_strips = of(gravel, |s| matches!(s, PieceShape::Mesh { .. }));
        let blocks = (std::f32::consts::TAU * radius_m / 5.0) as usize;
        if fast {
            assert!(
                armco_blocks * 10 >= blocks * 9,
                "{radius_m} m: {armco_blocks} armco blocks of {blocks}"
            );
            assert!(armco_rails > 0 && concrete_blocks == 0 && gravel_strips > 0);
        } else {
            assert!(
                concrete_blocks * 10 >= blocks * 9,
                "{radius_m} m: {concrete_blocks} blocks of {blocks}"
            );
            assert!(armco_blocks == 0 && armco_rails == 0 && gravel_strips == 0);
        }
    }
}

#[test]
fn most_circuits_have_grandstands_clear_of_the_road_at_their_tightest_corners() {
    let (mut circuits, mut stands) = (0, 0);
    for level in shipped_tracks() {
        let def = level.track.as_ref().unwrap();
        if def.corner_stands == 0 {
            continue;
        }
        circuits += 1;
        let mine = skidpad_bake::track_dressing::corner_stands(def);
        assert!(mine.len() <= def.corner_stands as usize);
        for s in &mine {
            // The stand's front edge and back (its depth about 6.4 m), each end: 15 m
            // clear of every part of the road, by this file's own measure.
            let facing = Vec2::new(s.heading_rad.sin(), s.heading_rad.cos());
            let along = Vec2::new(facing.y, -facing.x) * (s.length_m * 0.5);
            let back = s.position_m - facing * 6.4;
            for p in [s.position_m - along, s.position_m + along, back - along, back + along] {
                let inside = inside_road_m(&def.track, p);
                assert!(
                    inside < -14.9,
                    "{}: a corner stand's corner {p} is {inside} m inside the road",
                    level.name
                );
            }
        }
        stands += mine.len();
    }
    // Two a circuit where they fit: a few corners are hemmed in by the lap's other legs.
    assert!(circuits >= 26, "{circuits} circuits ask for stands");
    assert!(
        stands * 10 >= circuits * 2 * 7,
        "{stands} stands on {circuits} circuits"
    );
}

#[test]
fn no_kerb_of_a_shipped_circuit_folds_over_itself() {
    // On a corner's inside the kerb is pushed towards where the points' normals cross; past
    // that it runs backwards and overlaps the kerb a few points on (a hairpin's drawn
    // stripes fighting). Each kerb quad's middle must lie in no other kerb quad of the lap
    // (1 cm inside a triangle counts). Before the offsets were clamped at the crossing, 21
    // quads did, at a hairpin each of Austin, Norisring and Shanghai.
    let inside = |p: Vec2, [a, b, c]: [Vec2; 3]| {
        let area = (b - a).perp_dot(c - a);
        // p's distance inside each edge, m: over 1 cm from all three.
        area.abs() > 1e-6
            && [(a, b), (b, c), (c, a)]
                .iter()
                .all(|&(e0, e1)| (e1 - e0).perp_dot(p - e0) * area.signum() / (e1 - e0).length().max(1e-6) > 0.01)
    };
    let mut folds = Vec::new();
    let mut quads_checked = 0;
    for level in shipped_tracks() {
        let kerb = level.materials.id("kerb", "track", "kerb").unwrap();
        // Every kerb quad of the lap in world (x, z): the colliders (a quad a segment) and,
        // apart, the drawn stripes (a segment's quad cut into stripes).
        let (mut colliders, mut stripes): (Vec<[Vec2; 4]>, Vec<[Vec2; 4]>) = Default::default();
        for piece in pieces(&level) {
            let (vertices, into) = match &piece.shape {
                PieceShape::Mesh {
                    vertices, drawn: false, ..
                } => (vertices, &mut colliders),
                PieceShape::Decor { vertices, .. } => (vertices, &mut stripes),
                _ => continue,
            };
            if piece.material != kerb {
                continue;
            }
            let at = |v: &Vec3| Vec2::new(v.x + piece.position.x, v.z + piece.position.z);
            into.extend(
                vertices
                    .chunks_exact(4)
                    .map(|q| [at(&q[0]), at(&q[1]), at(&q[2]), at(&q[3])]),
            );
        }
        quads_checked += colliders.len() + stripes.len();
        for (quads, what) in [(&colliders, "collider"), (&stripes, "stripe")] {
            for (i, q) in quads.iter().enumerate() {
                let middle = (q[0] + q[1] + q[2] + q[3]) * 0.25;
                let hit = quads.iter().enumerate().find(|&(j, o)| {
                    j != i && (inside(middle, [o[0], o[1], o[2]]) || inside(middle, [o[2], o[1], o[3]]))
                });
                if let Some((j, _)) = hit {
                    folds.push(format!("{}: {what} {i} at {middle} lies in {what} {j}", level.name));
                }
            }
        }
    }
    assert!(quads_checked > 5_000, "{quads_checked} kerb quads");
    assert!(folds.is_empty(), "{} kerb quads fold: {folds:?}", folds.len());
}
