//! A track's circuit dressing made from its centre line and its `[track]` keys: a barrier
//! line along the outer edge of every corner's run-off (armco at the fast corners, red and
//! white concrete at the slow ones), tyre walls and distance boards at the tightest
//! corners, grandstands outside the tightest, and the painted start/finish line and grid
//! slots.
//!
//! Corners are found from curvature alone (a corner is a run of points at least
//! `kerb_min_curvature_per_m`, the same test that lays kerbs), so the dressing follows the
//! centre line when it is edited. Scenery that would land on another part of the track
//! (a hairpin's other leg) is left out rather than put on the road.

use crate::decor::Decor;
use crate::dressing::{Board, Dressing, Grandstand, TyreWall, PAINT_WHITE};
use crate::level::{Level, TrackDef};
use crate::piece::ROAD_Y_M;
use crate::piece::{Piece, PieceShape};
use crate::track::Track;
use glam::{Quat, Vec2, Vec3};

/// Paint on the road.
const ROAD_PAINT_Y_M: f32 = ROAD_Y_M + 0.004;
/// Barrier thickness and its gap beyond the run-off.
const BARRIER_THICKNESS_M: f32 = 0.5;
const BARRIER_GAP_M: f32 = 0.5;
/// Distance boards stand this far outside the road's edge.
const BOARD_OFFSET_M: f32 = 2.5;
/// Tyre walls cover the corner where curvature is at least this share of its peak.
const TYRE_WALL_SHARE: f32 = 0.75;
/// Most centre-line points one corner's tyre wall runs along.
const TYRE_WALL_MAX_POINTS: usize = 16;

pub use crate::track::Corner;

/// The corners of `def`'s track, tightest first: runs of points curving one way at least
/// `kerb_min_curvature_per_m`, the same test that lays kerbs.
pub fn corners_tightest_first(def: &TrackDef) -> Vec<Corner> {
    def.track.corners_tightest_first(def.kerb_min_curvature_per_m)
}

/// Whether a stretch curving `k` (per m) is a fast corner: at least
/// `fast_corner_radius_m` wide.
pub fn is_fast(def: &TrackDef, k: f32) -> bool {
    k.abs() * def.fast_corner_radius_m <= 1.0
}

/// Armco's colours: the galvanised rail and its darker posts.
const ARMCO_RAIL: Vec3 = Vec3::new(0.62, 0.64, 0.66);
const ARMCO_POST: Vec3 = Vec3::new(0.33, 0.34, 0.36);
/// The rail's depth and height, m (a W-beam seen from the road is about a third of a
/// metre), and its posts' width.
const ARMCO_RAIL_DEPTH_M: f32 = 0.1;
const ARMCO_RAIL_HEIGHT_M: f32 = 0.34;
const ARMCO_POST_M: f32 = 0.12;

/// Whether `p` is at least `clear_m` outside the road everywhere along the track.
fn clear_of_road(t: &Track, p: Vec2, clear_m: f32) -> bool {
    t.inside_road_m(p) < -clear_m
}

/// Appends the dressing `def` asks for.
pub fn pieces(level: &Level, def: &TrackDef, out: &mut Vec<Piece>) {
    if def.barrier_height_m > 0.0 && def.runoff_width_m > 0.0 {
        barriers(level, def, out);
    }
    let corners = corners_tightest_first(def);
    let dressed = &corners[..corners.len().min(def.dressed_corners as usize)];
    // Corners run together (a chicane, a corner tightening) share one braking point and
    // one set of boards.
    let mut braking: Vec<(usize, f32)> = Vec::new();
    for c in dressed {
        tyre_wall(level, def, c, out);
        let b = braking_point(def, c);
        if !braking.iter().any(|(i, _)| *i == b) {
            braking.push((b, c.peak_curvature_per_m));
        }
    }
    for (b, k) in braking {
        for d in &def.distance_boards_m {
            if let Some(board) = distance_board(def, b, k, *d) {
                crate::scenery::dressing_pieces(level, &Dressing::Board(board), out);
            }
        }
    }
    for stand in corner_stands(def) {
        crate::scenery::dressing_pieces(level, &Dressing::Grandstand(stand), out);
    }
    if def.start_line {
        start_line(level, def, out);
    }
}

/// Offset of point `i` from the border on the outside of a turn curving `k`.
fn outside(t: &Track, i: usize, k: f32, beyond_m: f32) -> Vec2 {
    // A left turn (k > 0) has its outside on the right.
    let sign = if k > 0.0 { -1.0 } else { 1.0 };
    let w = if k > 0.0 { t.width_right_m[i] } else { t.width_left_m[i] };
    t.centre[i] + t.left(i) * sign * (w + beyond_m)
}

/// A barrier along the outer edge of every corner's run-off (laid where the run-offs are:
/// every road piece curving at least the kerb threshold): at a fast corner armco, a
/// galvanised rail on posts; at a slow one concrete blocks painted red and white in turn.
/// Both collide as the same blocks.
fn barriers(level: &Level, def: &TrackDef, out: &mut Vec<Piece>) {
    let t = &def.track;
    let n = t.len();
    let Ok(material) = level.materials.id("concrete", &level.name, "track.barrier_height_m") else {
        return;
    };
    // Armco collides as the blocks do; its own material says it rings when hit.
    let armco_material = level
        .materials
        .id("armco", &level.name, "track.barrier_height_m")
        .unwrap_or(material);
    let beyond = def.kerb_width_m + def.runoff_width_m + BARRIER_GAP_M + BARRIER_THICKNESS_M * 0.5;
    let per = crate::piece::TRACK_POINTS_PER_PIECE;
    let h = def.barrier_height_m;
    for start in (0..n).step_by(per) {
        let k = t.curvature((start + per / 2) % n);
        if k.abs() < def.kerb_min_curvature_per_m {
            continue;
        }
        let armco = is_fast(def, k);
        let mut rails: Option<Decor> = None;
        for s in start..start + per {
            let (i, j) = (s % n, (s + 1) % n);
            let (a, b) = (outside(t, i, k, beyond), outside(t, j, k, beyond));
            let mid = (a + b) * 0.5;
            // Both ends and the middle: where the lap comes back past itself, a block
            // whose middle is clear may still reach onto the other leg's road.
            if ![a, mid, b].iter().all(|p| clear_of_road(t, *p, def.kerb_width_m + 1.0)) {
                continue;
            }
            let d = b - a;
            let ground = crate::surface_check::terrain_height_m(&level.terrain, mid);
            let rotation = Quat::from_rotation_y(d.x.atan2(d.y));
            // 2 cm longer than the gap between points, so blocks close up round a bend.
            let half = Vec3::new(BARRIER_THICKNESS_M * 0.5, h * 0.5, d.length() * 0.5 + 0.02);
            if armco {
                out.push(Piece {
                    shape: PieceShape::Collider(half),
                    position: Vec3::new(mid.x, ground + h * 0.5, mid.y),
                    rotation,
                    material: armco_material,
                    color: Vec3::ONE,
                    pattern: 0.0,
                });
                let decor = rails.get_or_insert_with(|| Decor::new(Vec3::new(mid.x, ground, mid.y)));
                // The rail along the block's road side at its top, a post at its start.
                let toward_road = rotation * Vec3::X * (if k > 0.0 { 1.0 } else { -1.0 });
                let face = Vec3::new(mid.x, ground, mid.y) + toward_road * (BARRIER_THICKNESS_M * 0.5);
                decor.cuboid(
                    face + Vec3::Y * (h - ARMCO_RAIL_HEIGHT_M * 0.5),
                    Vec3::new(ARMCO_RAIL_DEPTH_M * 0.5, ARMCO_RAIL_HEIGHT_M * 0.5, half.z),
                    rotation,
                    ARMCO_RAIL,
                );
                let post = Vec3::new(a.x, ground, a.y) + toward_road * (BARRIER_THICKNESS_M * 0.5 - ARMCO_RAIL_DEPTH_M);
                decor.cuboid(
                    post + Vec3::Y * ((h - 0.05) * 0.5),
                    Vec3::new(ARMCO_POST_M * 0.5, (h - 0.05) * 0.5, ARMCO_POST_M * 0.5),
                    rotation,
                    ARMCO_POST,
                );
                continue;
            }
            let color = if s % 2 == 0 {
                Vec3::new(0.78, 0.14, 0.12)
            } else {
                Vec3::splat(0.9)
            };
            out.push(Piece {
                shape: PieceShape::Cuboid(half),
                position: Vec3::new(mid.x, ground + h * 0.5, mid.y),
                rotation,
                material,
                color,
                pattern: 0.0,
            });
        }
        out.extend(rails.and_then(|d| d.into_piece(armco_material)));
    }
}

/// A corner grandstand's length and rows; its depth is about a row's 0.9 m each and its
/// back wall's.
const CORNER_STAND_LENGTH_M: f32 = 40.0;
const CORNER_STAND_STEPS: u32 = 6;
const CORNER_STAND_DEPTH_M: f32 = CORNER_STAND_STEPS as f32 * 0.9 + 1.0;
/// Nearest a corner grandstand's footprint comes to any road, m.
const CORNER_STAND_CLEAR_M: f32 = 15.0;

/// Every grandstand in `level`: its file's own and those its track's dressing puts outside
/// the tightest corners (what the crowd is heard from).
pub fn grandstands(level: &Level) -> Vec<Grandstand> {
    let mut stands: Vec<_> = level
        .dressing
        .iter()
        .filter_map(|d| match d {
            Dressing::Grandstand(g) => Some(g.clone()),
            _ => None,
        })
        .collect();
    if let Some(def) = &level.track {
        stands.extend(corner_stands(def));
    }
    stands
}

/// The grandstands outside the tightest `corner_stands` corners, leaving out those with no
/// room (see [`corner_stand`]).
pub fn corner_stands(def: &TrackDef) -> Vec<Grandstand> {
    corners_tightest_first(def)
        .iter()
        .take(def.corner_stands as usize)
        .filter_map(|c| corner_stand(def, c))
        .collect()
}

/// A grandstand outside corner `c` at its apex, facing it: beyond the run-off and barrier,
/// at the first of a few distances where its whole footprint is clear of every part of the
/// road (None where none is: a corner hemmed in by the lap's other legs).
fn corner_stand(def: &TrackDef, c: &Corner) -> Option<Grandstand> {
    let t = &def.track;
    let k = c.peak_curvature_per_m;
    let along = t.tangent(c.apex) * (CORNER_STAND_LENGTH_M * 0.5);
    [8.0f32, 20.0, 35.0].into_iter().find_map(|gap| {
        let beyond = def.kerb_width_m + def.runoff_width_m + BARRIER_GAP_M + BARRIER_THICKNESS_M + gap;
        let front = outside(t, c.apex, k, beyond);
        let out_dir = (front - t.centre[c.apex]).normalize_or_zero();
        let back = front + out_dir * CORNER_STAND_DEPTH_M;
        let corners = [front - along, front + along, back - along, back + along, front, back];
        if !corners.iter().all(|p| clear_of_road(t, *p, CORNER_STAND_CLEAR_M)) {
            return None;
        }
        let facing = -out_dir;
        Some(Grandstand {
            position_m: front,
            heading_rad: facing.x.atan2(facing.y),
            length_m: CORNER_STAND_LENGTH_M,
            steps: CORNER_STAND_STEPS,
            color: Vec3::new(0.62, 0.63, 0.66),
            solid: true,
        })
    })
}

/// Tyres along the far edge of the corner's run-off, in front of its barrier, where it
/// curves hardest.
fn tyre_wall(level: &Level, def: &TrackDef, c: &Corner, out: &mut Vec<Piece>) {
    let t = &def.track;
    let n = t.len();
    let hard: Vec<usize> = (0..c.points)
        .map(|p| (c.entry + p) % n)
        .filter(|&i| t.curvature(i).abs() >= TYRE_WALL_SHARE * c.peak_curvature_per_m.abs())
        .collect();
    let apex_at = hard.iter().position(|&i| i == c.apex).unwrap_or(0);
    let from = apex_at.saturating_sub(TYRE_WALL_MAX_POINTS / 2);
    let hard = &hard[from..(from + TYRE_WALL_MAX_POINTS).min(hard.len())];
    let beyond = def.kerb_width_m + def.runoff_width_m - 0.4;
    for pair in hard.windows(2) {
        let (a, b) = (
            outside(t, pair[0], c.peak_curvature_per_m, beyond),
            outside(t, pair[1], c.peak_curvature_per_m, beyond),
        );
        if ![a, (a + b) * 0.5, b]
            .iter()
            .all(|p| clear_of_road(t, *p, def.kerb_width_m + 1.0))
        {
            continue;
        }
        let wall = Dressing::TyreWall(TyreWall {
            from_m: a,
            to_m: b,
            rows: 3,
            band_color: PAINT_WHITE,
            solid: true,
        });
        crate::scenery::dressing_pieces(level, &wall, out);
    }
}

/// Straight shorter than this between two corners makes them one braking zone, m.
const LINKED_CORNERS_M: f32 = 40.0;

/// Where braking for corner `c` ends: its turn-in, or the turn-in of a corner running into
/// it (less than [`LINKED_CORNERS_M`] of straight between), followed back as far as they
/// link. A point index.
pub fn braking_point(def: &TrackDef, c: &Corner) -> usize {
    let t = &def.track;
    let n = t.len();
    let spacing = t.length_m() / n as f32;
    let link = (LINKED_CORNERS_M / spacing).ceil() as usize;
    let curving = |i: usize| t.curvature(i % n).abs() >= def.kerb_min_curvature_per_m;
    let mut entry = c.entry;
    // Each step moves back over one more corner; a loop of corners stops after one lap.
    for _ in 0..n {
        let Some(gap) = (1..=link).find(|&g| curving(entry + n - g)) else {
            break;
        };
        let mut e = entry + n - gap;
        while curving(e + n - 1) && (e + n - 1) % n != c.entry {
            e = e + n - 1;
        }
        if e % n == entry % n {
            break;
        }
        entry = e % n;
    }
    entry
}

/// The board `distance_m` before point `braking` (see [`braking_point`]), beside the road
/// on the outside of a turn curving `k` (or its inside, if the outside is another part of
/// the track), facing the cars coming.
pub fn distance_board(def: &TrackDef, braking: usize, k: f32, distance_m: f32) -> Option<Board> {
    let t = &def.track;
    let n = t.len();
    let spacing = t.length_m() / n as f32;
    let back = (distance_m / spacing).round() as usize % n;
    let i = (braking + n - back) % n;
    let tangent = t.tangent(i);
    let beyond = def.kerb_width_m.max(0.0) + BOARD_OFFSET_M;
    let spot = [outside(t, i, k, beyond), outside(t, i, -k, beyond)]
        .into_iter()
        .find(|p| clear_of_road(t, *p, def.kerb_width_m + 1.5))?;
    Some(Board {
        position_m: spot,
        heading_rad: tangent.x.atan2(tangent.y),
        text: format!("{distance_m:.0}"),
        // White on dark blue reads both in sun and in the panel's own shade.
        size_m: Vec2::new(2.8, 1.8),
        elevation_m: 0.6,
        color: Vec3::new(0.08, 0.14, 0.42),
        text_color: PAINT_WHITE,
        solid: true,
    })
}

/// Squares across the road in each piece of the start line's far stand-in.
const FAR_START_LINE_SQUARES: usize = 4;

/// A chequered band across the road at the first point, and a grid slot (a bar across in
/// front of the car and two short legs back) under every spawn that stands on the road.
fn start_line(level: &Level, def: &TrackDef, out: &mut Vec<Piece>) {
    let t = &def.track;
    let (left, right) = t.borders();
    let paint = def.material;
    let lift = |p: Vec2| {
        Vec3::new(
            p.x,
            crate::surface_check::terrain_height_m(&level.terrain, p) + ROAD_PAINT_Y_M,
            p.y,
        )
    };
    let mut decor = Decor::new(lift(t.centre[0]));
    let along = t.tangent(0);
    let (l, r) = (left[0], right[0]);
    let sq = 0.5;
    let cols = (l.distance(r) / sq).floor() as i32;
    let across = (l - r).normalize();
    // Centre the chequers across the road.
    let r0 = r + across * ((l.distance(r) - cols as f32 * sq) * 0.5);
    let black = Vec3::splat(0.04);
    let color = |c: i32, row: i32| if (c + row) % 2 == 0 { PAINT_WHITE } else { black };
    // `across` runs right to left, `along` forwards: along then across is counter-clockwise
    // from above.
    let square = |d: &mut Decor, base: Vec2, along_m: f32, across_m: f32, rgb: Vec3| {
        d.quad(
            lift(base),
            lift(base + along * along_m),
            lift(base + along * along_m + across * across_m),
            lift(base + across * across_m),
            rgb,
        );
    };
    // Far away, the band in its squares' mean colour.
    let cells = (0..2).flat_map(|row| (0..cols).map(move |c| (c, row)));
    let mean = cells.clone().map(|(c, row)| color(c, row)).sum::<Vec3>() / (2 * cols).max(1) as f32;
    decor.decal(
        sq,
        |d| {
            for (c, row) in cells {
                let base = r0 + across * (c as f32 * sq) + along * ((row as f32 - 1.0) * sq);
                square(d, base, sq, sq, color(c, row));
            }
        },
        // In pieces a few squares wide, so the band follows the ground as the squares do.
        |d| {
            for c in (0..cols).step_by(FAR_START_LINE_SQUARES) {
                let n = (cols - c).min(FAR_START_LINE_SQUARES as i32);
                square(
                    d,
                    r0 + across * (c as f32 * sq) - along * sq,
                    2.0 * sq,
                    n as f32 * sq,
                    mean,
                );
            }
        },
    );
    out.extend(decor.into_piece(paint));

    for s in &level.spawns {
        let p = Vec2::new(s.position_m.x, s.position_m.z);
        let nearest = (0..t.len())
            .min_by(|&a, &b| t.centre[a].distance(p).total_cmp(&t.centre[b].distance(p)))
            .unwrap_or(0);
        if t.centre[nearest].distance(p) > t.width_left_m[nearest].min(t.width_right_m[nearest]) {
            continue;
        }
        let f = Vec2::new(s.heading_rad.sin(), s.heading_rad.cos());
        let side = Vec2::new(f.y, -f.x); // across the car
        let mut slot = Decor::new(lift(p));
        let bar = |d: &mut Decor, a: Vec2, b: Vec2, w: f32| {
            let dir = (b - a).normalize();
            let half = Vec2::new(-dir.y, dir.x) * (w * 0.5);
            d.quad(
                lift(a - half),
                lift(a + half),
                lift(b + half),
                lift(b - half),
                PAINT_WHITE,
            );
        };
        let front = p + f * 2.6;
        bar(&mut slot, front + side * 1.3, front - side * 1.3, 0.15);
        for sgn in [-1.0, 1.0] {
            let a = front + side * 1.3 * sgn;
            bar(&mut slot, a, a - f * 1.6, 0.15);
        }
        out.extend(slot.into_piece(paint));
    }
}
