//! The track as the racing line sees it: a closed sequence of *laterals*, transverse
//! segments from the left border to the right border at a set spacing (the
//! genetic-algorithm racing line of the Circuit Gilles Villeneuve study: "circuit
//! représenté par une succession de segments transversaux"). A racing line is then one
//! number in [0, 1] per lateral: 0 at its left end, 1 at its right end.
//!
//! Built from two borders paired point by point ([`Laterals::from_borders`]) or from a
//! centre line with widths ([`Laterals::from_track`]: the centre-line CSV of the public
//! racetrack databases, whose points are ~5 m apart with small kinks). The centre line is
//! first resampled densely, smoothed (Gaussian by twicing, [`smooth_loop`]) and
//! resampled at the lateral spacing, so the discrete curvature of a line across the
//! laterals measures the track and not its digitisation.
//!
//! Laterals are spaced along whichever of the centre line and the two borders is longest
//! there (the study's rule), so on the outside of a corner they are no farther apart than
//! on a straight. Three guarantees every line across the laterals inherits:
//! - **No two laterals cross.** In a corner tighter than the track is wide, the laterals'
//!   inner ends would meet past the centre of curvature; wherever two laterals cross, both
//!   are shortened on that side to short of the crossing, until none does.
//! - **An edge margin.** Each lateral's usable part stops `edge_margin_m` (half the car's
//!   footprint yawed to the sideslip the driver allows, plus a clearance:
//!   [`edge_margin_m`]) inside each border, so a car centred on the line keeps its body on
//!   the track. For a centre-line track the margin
//!   holds against the track's own borders too (as the game's footprint check measures
//!   them, [`super::TrackEdges`]), along the sides of the quads between laterals, so
//!   between a line's points as well as at them: at a hairpin the smoothed borders stand
//!   up to 0.4 m off the track's, and a chord across a tight apex cuts 0.2 m nearer it.
//! - **No self-crossing line.** The quad between two neighbouring usable laterals is
//!   convex and turns with the track (narrowed where it is not), so
//!   whatever values a line takes, each of its segments stays in its quad.

use super::edges::{keep_margin_inside, TrackEdges};
use super::geometry::{distance_to_loop, loop_length, resample_loop, resample_loop_by, segment_crossing, smooth_loop};
use crate::content::track::Track;
use crate::content::ContentError;
use crate::vehicle::CarDef;
use glam::Vec2;

/// Fewest laterals a track may have.
pub const MIN_LATERALS: usize = 8;
/// Clearance kept beside the car's yawed footprint ([`edge_margin_m`]) for the driver's
/// lateral error, m. Measured: 0.1 m let the electric's footprint 0.7 mm past Montreal's
/// border at turn 3's exit (803 m along the line), where it runs 0.9 m wide of the line
/// with 2–3° of sideslip; at 0.2 m it stays 0.03 m inside there and every other shipped
/// car 0.18 m or more on both real circuits (PERFORMANCE.md, "Footprints inside the
/// borders"). The driver's lateral error there is the thing to cut before this is lowered.
pub const EDGE_CLEARANCE_M: f32 = 0.2;
/// Spacing of the dense resampling the smoothing runs on, m. Fine enough that picking
/// laterals between its points (linearly) bends nothing: the chords of a 15 m hairpin sag
/// 0.5 mm, 0.2 % of its curvature measured over 5 m.
const DENSE_STEP_M: f32 = 0.25;
/// A lateral shortened against a crossing stops this fraction of the way to it.
const UNCROSS_FRACTION: f32 = 0.9;
/// Rounds of shortening before giving up (each round only shortens; 2–3 are typical).
const UNCROSS_ROUNDS: usize = 64;
/// Rounds of narrowing non-convex quads before giving up, and the factor of a round.
const CONVEX_ROUNDS: usize = 200;
const CONVEX_SHRINK: f32 = 0.8;

/// How to cut a track into laterals.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LateralOptions {
    /// Distance between consecutive laterals along the centre line, m. 5 m puts ~870 on a
    /// 4.3 km circuit; finer gives smoother lines and slower evaluations.
    pub spacing_m: f32,
    /// Standard deviation of the Gaussian smoothing of the centre line and widths, m
    /// (0: none). Raise it if a centre line's corners come out jagged; 6 m removes the
    /// racetrack databases' kinks (10–20 m long) and keeps 97 % of a 60 m chicane.
    pub smoothing_m: f32,
    /// How far the usable part of each lateral stops inside each border, m.
    pub edge_margin_m: f32,
}

impl LateralOptions {
    /// Default spacing, m.
    pub const DEFAULT_SPACING_M: f32 = 5.0;
    /// Default smoothing, m.
    pub const DEFAULT_SMOOTHING_M: f32 = 6.0;

    /// Defaults for `car`: the edge margin is [`edge_margin_m`].
    pub fn for_car(car: &CarDef) -> Self {
        Self {
            spacing_m: Self::DEFAULT_SPACING_M,
            smoothing_m: Self::DEFAULT_SMOOTHING_M,
            edge_margin_m: edge_margin_m(car),
        }
    }
}

/// How far inside each border the racing line keeps `car`'s centre, m: the sideways reach
/// of its footprint yawed to the body sideslip the AI driver lets a car reach
/// ([`yawed_half_width_m`] at `AiSettings::sideslip_off_deg`, 10°: the ace eases the
/// throttle from 5° of sideslip and gives none at 10°), plus [`EDGE_CLEARANCE_M`] for its
/// lateral error. A car at its grip limit runs with its nose into the corner and its tail
/// out, up to 5.3° measured (the electric at Montreal's turn 3): its corners sweep half
/// its length × sin(sideslip) beyond its half width, 0.3–0.4 m for the shipped cars, where
/// half its width alone let the footprint out at every hairpin. Raise the clearance if AI
/// cars' footprints still go past a border (`skidpad run --json`'s
/// `max_footprint_off_track_m`; examples/pace_probe.rs shows where); every searched line
/// pays for it in lap time (a narrower track).
pub fn edge_margin_m(car: &CarDef) -> f32 {
    let sideslip_rad = crate::ai::AiSettings::default().sideslip_off_deg.to_radians();
    yawed_half_width_m(car, sideslip_rad) + EDGE_CLEARANCE_M
}

/// How far the footprint of `car` (the box of [`half_width_m`] by [`half_length_m`])
/// reaches to one side of its path when its body is yawed `yaw_rad` off it, m: a corner
/// at (half width, half length) rotated by the yaw, `w·cos ψ + l·sin ψ` (plane rotation).
pub fn yawed_half_width_m(car: &CarDef, yaw_rad: f32) -> f32 {
    let yaw_rad = yaw_rad.abs();
    half_width_m(car) * yaw_rad.cos() + half_length_m(car) * yaw_rad.sin()
}

/// Half the car's overall length: the farthest chassis box end from the centre of its
/// frame, fore or aft, m.
pub fn half_length_m(car: &CarDef) -> f32 {
    car.chassis
        .iter()
        .map(|b| b.position_m.z.abs() + 0.5 * b.size_m.z)
        .fold(0.0, f32::max)
}

/// Half the car's overall width: the farthest chassis box side or wheel outer face from
/// the centre plane, m.
pub fn half_width_m(car: &CarDef) -> f32 {
    let boxes = car.chassis.iter().map(|b| b.position_m.x.abs() + 0.5 * b.size_m.x);
    let wheels = car.wheels.iter().map(|w| w.origin_m.x.abs() + 0.5 * car.wheel_width_m);
    boxes.chain(wheels).fold(0.0, f32::max)
}

/// A track cut into laterals, in world (x, z).
#[derive(Debug, Clone, PartialEq)]
pub struct Laterals {
    /// The centre line where each lateral crosses it (the smoothed centre line for
    /// [`Laterals::from_track`], the borders' midpoints for [`Laterals::from_borders`]).
    pub centre_m: Vec<Vec2>,
    /// Usable left end of each lateral (line value 0).
    pub left_m: Vec<Vec2>,
    /// Usable right end of each lateral (line value 1).
    pub right_m: Vec<Vec2>,
    /// The left border where each lateral meets it.
    pub border_left_m: Vec<Vec2>,
    /// The right border where each lateral meets it.
    pub border_right_m: Vec<Vec2>,
    /// The line value of the centre line on each lateral.
    pub centre_t: Vec<f32>,
    /// The margin kept inside each border, m.
    pub edge_margin_m: f32,
}

impl Laterals {
    /// Laterals of a centre-line track (`file` names it in errors): smoothed, resampled
    /// at `options.spacing_m` (along the longer border in corners), widths to each side
    /// from the track.
    pub fn from_track(file: &str, track: &Track, options: &LateralOptions) -> Result<Self, ContentError> {
        check_options(file, options)?;
        let mut centre = track.centre.clone();
        let mut widths: Vec<[f32; 2]> = track
            .width_left_m
            .iter()
            .zip(&track.width_right_m)
            .map(|(l, r)| [*l, *r])
            .collect();
        // A loop closed explicitly (last point = first) closes implicitly here.
        if centre.len() > 1 && centre[0].distance(centre[centre.len() - 1]) < 1e-3 {
            centre.pop();
            widths.pop();
        }
        if centre.len() < MIN_LATERALS {
            return Err(ContentError::new(
                file,
                "points",
                format!("a track needs at least {MIN_LATERALS} points"),
            ));
        }
        let length = loop_length(&centre);
        let dense_count = ((length / DENSE_STEP_M).ceil() as usize).max(centre.len());
        let (dense, dense_w) = resample_loop(&centre, &widths, dense_count);
        let sigma = options.smoothing_m / (length / dense_count as f32);
        let dense = smooth_loop(&dense, sigma);
        let dense_w: Vec<[f32; 2]> = smooth_loop(&dense_w.iter().map(|w| Vec2::from(*w)).collect::<Vec<_>>(), sigma)
            .into_iter()
            .map(|w| [w.x.max(0.0), w.y.max(0.0)])
            .collect();
        // Laterals at the spacing along whichever of the centre line and the two borders
        // is longest there (the study's rule: in a corner, the outer border sets the pace,
        // so the track between two laterals is never longer than the spacing).
        let m = dense.len();
        let left_of = |j: usize| {
            let d = (dense[(j + 1) % m] - dense[(j + m - 1) % m]).normalize_or(Vec2::Y);
            // Left of the driving direction, world +X being left of +Z.
            Vec2::new(d.y, -d.x)
        };
        let normals: Vec<Vec2> = (0..m).map(left_of).collect();
        let border = |j: usize, side: f32| dense[j] + normals[j] * side * dense_w[j][if side > 0.0 { 0 } else { 1 }];
        let lengths: Vec<f32> = (0..m)
            .map(|j| {
                let k = (j + 1) % m;
                dense[j]
                    .distance(dense[k])
                    .max(border(j, 1.0).distance(border(k, 1.0)))
                    .max(border(j, -1.0).distance(border(k, -1.0)))
            })
            .collect();
        let count = lateral_count(file, lengths.iter().sum(), options.spacing_m)?;
        let values: Vec<[f32; 4]> = (0..m)
            .map(|j| [dense_w[j][0], dense_w[j][1], normals[j].x, normals[j].y])
            .collect();
        let (centre, values) = resample_loop_by(&dense, &values, &lengths, count);
        let (mut left, mut right) = (Vec::with_capacity(count), Vec::with_capacity(count));
        for (c, v) in centre.iter().zip(&values) {
            let l = Vec2::new(v[2], v[3]).normalize_or(Vec2::X);
            left.push(*c + l * v[0]);
            right.push(*c - l * v[1]);
        }
        let edges = TrackEdges::new(track);
        Ok(build(centre, left, right, options.edge_margin_m, Some(&edges)))
    }

    /// Laterals between two borders given as closed polylines paired point by point
    /// (`left[i]` faces `right[i]`, in driving order), resampled at `options.spacing_m`
    /// along their midline; no smoothing.
    pub fn from_borders(
        file: &str,
        left: &[Vec2],
        right: &[Vec2],
        options: &LateralOptions,
    ) -> Result<Self, ContentError> {
        check_options(file, options)?;
        if left.len() != right.len() {
            return Err(ContentError::new(
                file,
                "borders",
                format!(
                    "the borders must pair point by point: {} left points, {} right",
                    left.len(),
                    right.len()
                ),
            ));
        }
        if left.len() < MIN_LATERALS {
            return Err(ContentError::new(
                file,
                "borders",
                format!("a track needs at least {MIN_LATERALS} points"),
            ));
        }
        let mid: Vec<Vec2> = left.iter().zip(right).map(|(l, r)| (*l + *r) * 0.5).collect();
        let ends: Vec<[f32; 4]> = left.iter().zip(right).map(|(l, r)| [l.x, l.y, r.x, r.y]).collect();
        let count = lateral_count(file, loop_length(&mid), options.spacing_m)?;
        let (centre, ends) = resample_loop(&mid, &ends, count);
        let left = ends.iter().map(|e| Vec2::new(e[0], e[1])).collect();
        let right = ends.iter().map(|e| Vec2::new(e[2], e[3])).collect();
        Ok(build(centre, left, right, options.edge_margin_m, None))
    }

    /// Number of laterals.
    pub fn len(&self) -> usize {
        self.centre_m.len()
    }

    /// Whether there is no lateral.
    pub fn is_empty(&self) -> bool {
        self.centre_m.is_empty()
    }

    /// The point at value `t` (0 left, 1 right) on lateral `i`.
    pub fn point(&self, i: usize, t: f32) -> Vec2 {
        self.left_m[i].lerp(self.right_m[i], t)
    }

    /// The line of values `ts` (one per lateral), into `out`.
    pub fn points_into(&self, ts: &[f32], out: &mut Vec<Vec2>) {
        out.clear();
        out.extend(ts.iter().enumerate().map(|(i, t)| self.point(i, *t)));
    }

    /// The line of values `ts`.
    pub fn points(&self, ts: &[f32]) -> Vec<Vec2> {
        let mut out = Vec::with_capacity(ts.len());
        self.points_into(ts, &mut out);
        out
    }

    /// Pairs of laterals whose usable parts cross (none, by construction).
    pub fn crossings(&self) -> Vec<(usize, usize)> {
        let n = self.len();
        let mut out = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if segment_crossing(self.left_m[i], self.right_m[i], self.left_m[j], self.right_m[j]).is_some() {
                    out.push((i, j));
                }
            }
        }
        out
    }

    /// Smallest distance, along its lateral, from the point at value `ts[i]` to either
    /// end of lateral `i` at the borders, m: how far inside the track the line keeps.
    pub fn lateral_clearance_m(&self, ts: &[f32]) -> f32 {
        ts.iter()
            .enumerate()
            .map(|(i, t)| {
                let p = self.point(i, *t);
                p.distance(self.border_left_m[i])
                    .min(p.distance(self.border_right_m[i]))
            })
            .fold(f32::INFINITY, f32::min)
    }

    /// Smallest distance from any of `points` to either border polyline, m. (In a corner
    /// tighter than the track is wide, the inner border polyline loops over itself; there
    /// [`Laterals::lateral_clearance_m`] is the measure.)
    pub fn border_clearance_m(&self, points: &[Vec2]) -> f32 {
        points
            .iter()
            .map(|p| distance_to_loop(*p, &self.border_left_m).min(distance_to_loop(*p, &self.border_right_m)))
            .fold(f32::INFINITY, f32::min)
    }
}

fn check_options(file: &str, o: &LateralOptions) -> Result<(), ContentError> {
    for (field, v, lo, hi) in [
        ("spacing_m", o.spacing_m, 0.1, 100.0),
        ("smoothing_m", o.smoothing_m, 0.0, 100.0),
        ("edge_margin_m", o.edge_margin_m, 0.0, 50.0),
    ] {
        if !(v.is_finite() && (lo..=hi).contains(&v)) {
            return Err(ContentError::new(
                file,
                field,
                format!("must be between {lo} and {hi}, got {v}"),
            ));
        }
    }
    Ok(())
}

fn lateral_count(file: &str, length_m: f32, spacing_m: f32) -> Result<usize, ContentError> {
    let count = (length_m / spacing_m).round() as usize;
    if count < MIN_LATERALS {
        return Err(ContentError::new(
            file,
            "spacing_m",
            format!(
                "a {length_m:.0} m loop at {spacing_m} m spacing gives {count} laterals, fewer than {MIN_LATERALS}"
            ),
        ));
    }
    Ok(count)
}

/// Laterals from full-width segments `left[i]–right[i]` through `centre[i]`: shortened
/// where they cross, then narrowed by the edge margin, inside `edges`' borders too when
/// the segments were cut from a smoothed copy of that track.
fn build(centre: Vec<Vec2>, left: Vec<Vec2>, right: Vec<Vec2>, margin: f32, edges: Option<&TrackEdges>) -> Laterals {
    let n = centre.len();
    // Each lateral as its centre point, a unit direction to the right, and its extents to
    // the left and right of the centre.
    let dir: Vec<Vec2> = (0..n).map(|i| (right[i] - left[i]).normalize_or(Vec2::X)).collect();
    let full: Vec<[f32; 2]> = (0..n)
        .map(|i| [centre[i].distance(left[i]), centre[i].distance(right[i])])
        .collect();
    let mut ext = full.clone();
    let seg = |ext: &[[f32; 2]], i: usize| (centre[i] - dir[i] * ext[i][0], centre[i] + dir[i] * ext[i][1]);
    // Two laterals can only cross if their centres are within the sum of their reaches,
    // and reaches only shrink: the grid finds every such pair once, instead of testing all
    // n² (seconds on a 15 km track whose spike doubles back on itself).
    let near = NearbyCentres::new(&centre, full.iter().map(|e| e[0].max(e[1])).fold(0.0, f32::max));
    let mut candidates = Vec::new();
    for _ in 0..UNCROSS_ROUNDS {
        let mut crossed = false;
        for i in 0..n {
            let reach_i = ext[i][0].max(ext[i][1]);
            // In index order, as a scan of every pair would meet them: shortening is
            // order-dependent, and the result must not depend on the grid.
            near.after_into(i, &mut candidates);
            for &j in &candidates {
                if centre[i].distance(centre[j]) > reach_i + ext[j][0].max(ext[j][1]) {
                    continue;
                }
                let ((a0, a1), (b0, b1)) = (seg(&ext, i), seg(&ext, j));
                let Some((u, v)) = segment_crossing(a0, a1, b0, b1) else {
                    continue;
                };
                crossed = true;
                for (k, f) in [(i, u), (j, v)] {
                    // Signed position of the crossing from the centre, m.
                    let s = -ext[k][0] + f * (ext[k][0] + ext[k][1]);
                    let side = usize::from(s >= 0.0);
                    ext[k][side] = (UNCROSS_FRACTION * s.abs() - 1e-3).max(0.0);
                }
            }
        }
        if !crossed {
            break;
        }
    }
    // The usable part: the margin inside each border (measured from the border, not from
    // a shortened end), as signed positions along the lateral from its centre point.
    let mut span: Vec<[f32; 2]> = (0..n)
        .map(|i| {
            let (ul, ur) = (ext[i][0].min(full[i][0] - margin), ext[i][1].min(full[i][1] - margin));
            if ul + ur < 0.0 {
                // Narrower than the car plus its margins: the lateral is one point, midway.
                let mid = 0.5 * (ur - ul);
                [mid, mid]
            } else {
                [-ul, ur]
            }
        })
        .collect();
    if let Some(edges) = edges {
        keep_margin_inside(edges, &centre, &dir, &mut span, margin);
    }
    make_quads_convex(&centre, &dir, &mut span);
    let l: Vec<Vec2> = (0..n).map(|i| centre[i] + dir[i] * span[i][0]).collect();
    let r: Vec<Vec2> = (0..n).map(|i| centre[i] + dir[i] * span[i][1]).collect();
    let centre_t = span
        .iter()
        .map(|[a, b]| {
            if b - a > 1e-6 {
                (-a / (b - a)).clamp(0.0, 1.0)
            } else {
                0.5
            }
        })
        .collect();
    Laterals {
        centre_m: centre,
        left_m: l,
        right_m: r,
        border_left_m: left,
        border_right_m: right,
        centre_t,
        edge_margin_m: margin,
    }
}

/// Lateral centres bucketed in a uniform grid whose cells are twice the longest reach: any
/// two laterals that can touch have centres in the same or neighbouring cells.
struct NearbyCentres {
    centres: Vec<(i32, i32)>,
    cells: std::collections::HashMap<(i32, i32), Vec<usize>>,
}

impl NearbyCentres {
    fn new(centre: &[Vec2], max_reach_m: f32) -> Self {
        // Track coordinates are within ±100 km (the track parser's limit): a cell of at
        // least 0.1 m keeps cell indices well inside i32.
        let cell_m = (2.0 * max_reach_m).max(0.1);
        let centres: Vec<(i32, i32)> = centre
            .iter()
            .map(|c| ((c.x / cell_m).floor() as i32, (c.y / cell_m).floor() as i32))
            .collect();
        let mut cells: std::collections::HashMap<(i32, i32), Vec<usize>> = std::collections::HashMap::new();
        for (i, key) in centres.iter().enumerate() {
            cells.entry(*key).or_default().push(i);
        }
        Self { centres, cells }
    }

    /// The laterals after `i` whose centres are in `i`'s cell or a neighbouring one, in
    /// index order, into `out`.
    fn after_into(&self, i: usize, out: &mut Vec<usize>) {
        out.clear();
        let (cx, cy) = self.centres[i];
        for dx in -1..=1 {
            for dy in -1..=1 {
                if let Some(members) = self.cells.get(&(cx + dx, cy + dy)) {
                    out.extend(members.iter().copied().filter(|&j| j > i));
                }
            }
        }
        out.sort_unstable();
    }
}

/// Narrows the usable laterals until each quad between neighbours (left end, right end,
/// next right end, next left end) is convex and turns the same way as the track. A line
/// then runs inside the quads, which only meet along the laterals, and cannot cross
/// itself. Needed on the inside of a corner tighter than the track is wide, where the
/// shortened inner ends can fan backwards; elsewhere the quads are convex already. `span`
/// holds each usable part's ends as signed positions along `dir` from `centre`; a side that
/// breaks convexity is drawn in towards its part's midpoint on both laterals, 20 % a round.
fn make_quads_convex(centre: &[Vec2], dir: &[Vec2], span: &mut [[f32; 2]]) {
    let n = centre.len();
    for _ in 0..CONVEX_ROUNDS {
        let mut changed = false;
        for i in 0..n {
            let j = (i + 1) % n;
            let end = |k: usize, side: usize, span: &[[f32; 2]]| centre[k] + dir[k] * span[k][side];
            let quad = [end(i, 0, span), end(i, 1, span), end(j, 1, span), end(j, 0, span)];
            // The way the track turns through this quad: across lateral i, then along it.
            let sense = dir[i].perp_dot(centre[j] - centre[i]).signum();
            let scale = (quad[0].distance(quad[2]) + quad[1].distance(quad[3])).max(1e-3);
            let bad = |v: usize| {
                let (a, b, c) = (quad[(v + 3) % 4], quad[v], quad[(v + 1) % 4]);
                sense * (b - a).perp_dot(c - b) < -1e-4 * scale * scale
            };
            // Vertices 1 and 2 are the right ends, 0 and 3 the left ends.
            for (side, vertices) in [(1usize, [1usize, 2]), (0, [0, 3])] {
                if vertices.iter().any(|v| bad(*v)) {
                    for k in [i, j] {
                        let mid = 0.5 * (span[k][0] + span[k][1]);
                        span[k][side] = mid + (span[k][side] - mid) * CONVEX_SHRINK;
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(margin: f32) -> LateralOptions {
        LateralOptions {
            spacing_m: 2.0,
            smoothing_m: 0.0,
            edge_margin_m: margin,
        }
    }

    /// A circle of radius `r` driven counter-clockwise (a right-hand loop in our frame)
    /// with `w` m each side.
    fn circle(r: f32, w: f32) -> Track {
        let n = 200;
        Track {
            centre: (0..n)
                .map(|i| {
                    let a = i as f32 / n as f32 * std::f32::consts::TAU;
                    Vec2::new(r * a.cos(), r * a.sin())
                })
                .collect(),
            width_right_m: vec![w; n],
            width_left_m: vec![w; n],
        }
    }

    /// A car's footprint yawed off its path reaches `w·cos ψ + l·sin ψ` to the side (a
    /// corner of the box rotated by ψ): the coupe's box is 1.79 m by 4.10 m (its widest
    /// wheels' faces, its longest chassis box), so 0.895 m unyawed, its half length (2.05 m)
    /// across, and 0.895·cos 10° + 2.05·sin 10° = 1.2374 m at the driver's 10°.
    #[test]
    fn a_yawed_footprint_reaches_its_rotated_corner() {
        let coupe = CarDef::load(&crate::content::ContentRoot::Embedded, "coupe").unwrap();
        assert!((half_width_m(&coupe) - 0.895).abs() < 1e-4 && (half_length_m(&coupe) - 2.05).abs() < 1e-4);
        assert_eq!(yawed_half_width_m(&coupe, 0.0), half_width_m(&coupe));
        let across = yawed_half_width_m(&coupe, std::f32::consts::FRAC_PI_2);
        assert!((across - 2.05).abs() < 1e-4, "{across}");
        let at_10 = yawed_half_width_m(&coupe, 10f32.to_radians());
        assert!((at_10 - 1.2374).abs() < 1e-4, "{at_10}");
        assert!((edge_margin_m(&coupe) - (at_10 + EDGE_CLEARANCE_M)).abs() < 1e-6);
    }

    #[test]
    fn laterals_span_the_track_less_the_margins() {
        let lat = Laterals::from_track("t", &circle(50.0, 6.0), &options(1.0)).unwrap();
        // Spaced along the longer border: the outer one, 56 m from the centre.
        assert_eq!(lat.len(), (std::f32::consts::TAU * 56.0 / 2.0).round() as usize);
        for i in 0..lat.len() {
            assert!((lat.left_m[i].distance(lat.right_m[i]) - 10.0).abs() < 1e-3);
            assert!((lat.centre_t[i] - 0.5).abs() < 1e-4);
            // Counter-clockwise in (x, z) turns right: the left border is outside.
            assert!((lat.border_left_m[i].length() - 56.0).abs() < 0.01);
        }
        assert!(lat.crossings().is_empty());
    }

    #[test]
    fn a_corner_tighter_than_the_track_is_wide_gets_shortened_laterals_that_never_cross() {
        // Radius 4 m, 6 m each side: the inner (right) ends would meet 2 m past the centre.
        let lat = Laterals::from_track("t", &circle(4.0, 6.0), &options(0.5)).unwrap();
        assert!(lat.crossings().is_empty());
        for i in 0..lat.len() {
            // Inner end short of the centre of the circle, outer end untouched.
            assert!(lat.right_m[i].length() > 0.0);
            assert!(
                (lat.left_m[i].length() - 9.5).abs() < 1e-3,
                "{}",
                lat.left_m[i].length()
            );
        }
    }

    #[test]
    fn a_track_narrower_than_the_car_collapses_to_its_centre() {
        let lat = Laterals::from_track("t", &circle(50.0, 0.8), &options(1.0)).unwrap();
        assert!(lat.left_m.iter().zip(&lat.right_m).all(|(l, r)| l.distance(*r) < 1e-4));
        assert!(lat.left_m.iter().zip(&lat.centre_m).all(|(l, c)| l.distance(*c) < 1e-3));
    }

    #[test]
    fn borders_must_pair_and_options_must_be_sane() {
        let t = circle(50.0, 5.0);
        let (l, r) = t.borders();
        assert!(Laterals::from_borders("t", &l, &r, &options(1.0)).is_ok());
        let e = Laterals::from_borders("t", &l, &r[1..], &options(1.0)).unwrap_err();
        assert_eq!(e.field, "borders");
        let e = Laterals::from_track(
            "t",
            &t,
            &LateralOptions {
                spacing_m: 0.0,
                ..options(1.0)
            },
        )
        .unwrap_err();
        assert_eq!(e.field, "spacing_m");
        let e = Laterals::from_track(
            "t",
            &t,
            &LateralOptions {
                spacing_m: 90.0,
                ..options(1.0)
            },
        )
        .unwrap_err();
        assert!(e.problem.contains("fewer than"), "{e}");
    }
}
