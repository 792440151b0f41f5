//! A closed line to drive, with the speed to drive it at.

use super::line_index::{unwrapped_headings, SegmentBuckets};
use glam::Vec2;

/// How far around a point the nearest-point search looks, in points either side.
const SEARCH_WINDOW: usize = 40;

/// Segments per block of the nearest-point search: a block whose bounding circle is
/// further than the best distance so far is skipped whole.
const BLOCK: usize = 8;

/// Added to a block's reach before it is skipped, m: the bound is computed in f32, and a
/// block must never be skipped for rounding (the result would change).
const BLOCK_MARGIN_M: f32 = 0.01;

/// The heading at a distance is the direction of the line over the next metre (a chord this
/// long): a segment's own, turning to the next segment's over its last metre, m.
const HEADING_CHORD_M: f32 = 1.0;

/// A closed line in world (x, z), metres, with a target speed per point.
#[derive(Debug, Clone, PartialEq)]
pub struct DrivingLine {
    points: Vec<Vec2>,
    speed_mps: Vec<f32>,
    s_m: Vec<f32>,
    length_m: f32,
    /// Per segment: the vector from its point to the next, and its squared length (at
    /// least 1e-9), as the nearest-point search uses them.
    segments: Vec<(Vec2, f32)>,
    /// Per block of [`BLOCK`] segments (`i / BLOCK`): the centre and radius of a circle
    /// holding them.
    blocks: Vec<(Vec2, f32)>,
    /// The index over s that makes [`DrivingLine::segment_at`] O(1).
    buckets: SegmentBuckets,
    /// Per segment: its heading, rad, unwrapped (cumulative from the first segment's, so a
    /// turn over any span is a difference of two), positive turning left.
    heading_rad: Vec<f32>,
    /// How far one lap turns, rad (±2π on a loop that does not cross itself).
    lap_turn_rad: f32,
}

/// `s_m.rem_euclid(length_m)`, to the bit, without its `fmod` within a lap either side of
/// the first (see [`DrivingLine::wrap`]): for distances along a loop `length_m` long, and
/// the gap from one car to another along it.
pub(crate) fn wrap_distance(s_m: f32, length_m: f32) -> f32 {
    let length = length_m;
    if (0.0..length).contains(&s_m) {
        s_m
    } else if s_m >= length && s_m < 2.0 * length {
        s_m - length
    } else if s_m < 0.0 && s_m > -length {
        s_m + length
    } else {
        s_m.rem_euclid(length)
    }
}

/// Where a position sits along a [`DrivingLine`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinePosition {
    /// Index of the segment's first point.
    pub index: usize,
    /// Distance along the line, m, in [0, length).
    pub s_m: f32,
    /// Signed distance from the line, m (positive left of the driving direction).
    pub offset_m: f32,
}

impl DrivingLine {
    /// A line through `points` (closed: the last joins the first) with `speed_mps` at each.
    /// None when fewer than three points, lengths differ, or a value is not finite.
    pub fn new(points: Vec<Vec2>, speed_mps: Vec<f32>) -> Option<DrivingLine> {
        if points.len() < 3
            || points.len() != speed_mps.len()
            || points.iter().any(|p| !p.is_finite())
            || speed_mps.iter().any(|v| !v.is_finite() || *v < 0.0)
        {
            return None;
        }
        let mut s_m = Vec::with_capacity(points.len());
        let mut s = 0.0;
        for i in 0..points.len() {
            s_m.push(s);
            s += points[i].distance(points[(i + 1) % points.len()]);
        }
        if s <= 0.0 {
            return None;
        }
        let n = points.len();
        let segments: Vec<(Vec2, f32)> = (0..n)
            .map(|i| {
                let ab = points[(i + 1) % n] - points[i];
                (ab, ab.length_squared().max(1e-9))
            })
            .collect();
        let buckets = SegmentBuckets::new(&s_m, s);
        let (heading_rad, lap_turn_rad) = unwrapped_headings(&segments);
        let blocks = (0..n.div_ceil(BLOCK))
            .map(|b| {
                // The block's segments run from point b·BLOCK to the point after its last.
                let ends = || (b * BLOCK..=((b + 1) * BLOCK).min(n)).map(|i| points[i % n]);
                let centre = ends().fold(Vec2::ZERO, |sum, p| sum + p) / ends().count() as f32;
                let radius = ends().map(|p| p.distance(centre)).fold(0.0f32, f32::max);
                (centre, radius)
            })
            .collect();
        Some(DrivingLine {
            points,
            speed_mps,
            s_m,
            length_m: s,
            segments,
            blocks,
            buckets,
            heading_rad,
            lap_turn_rad,
        })
    }

    /// Length of the loop, m.
    pub fn length_m(&self) -> f32 {
        self.length_m
    }

    /// Points, world (x, z).
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// Wraps `s` into [0, length).
    ///
    /// Within a lap either side of the first, the same bits as `rem_euclid` without its
    /// `fmod` (the AI wraps thousands of distances a tick): s − length is exact there
    /// (Sterbenz's lemma) as `fmod` is, and below 0 `rem_euclid` itself adds the length.
    pub fn wrap(&self, s_m: f32) -> f32 {
        wrap_distance(s_m, self.length_m)
    }

    /// The segment holding distance `s_m` (its first point's index) and the fraction of
    /// the way along it. O(1): from its bucket over s (racecraft asks dozens a tick).
    pub(super) fn segment_at(&self, s_m: f32) -> (usize, f32) {
        let s = self.wrap(s_m);
        let i = self.buckets.segment(&self.s_m, s);
        (i, self.fraction(i, s))
    }

    /// How far along segment `i` the wrapped distance `s` lies, as a fraction of it.
    fn fraction(&self, i: usize, s: f32) -> f32 {
        let n = self.points.len();
        let next_s = if i + 1 < n { self.s_m[i + 1] } else { self.length_m };
        let seg = (next_s - self.s_m[i]).max(1e-6);
        ((s - self.s_m[i]) / seg).clamp(0.0, 1.0)
    }

    /// The segment [`DrivingLine::segment_at`] gives for `s_m` (its index alone), walked to
    /// from segment `from`, the answer for a distance at or before it: a step or two for
    /// distances sampled in order along the line, with neither the bucket's lookup nor the
    /// fraction. The same answer (the last segment starting at or before the wrapped
    /// distance: the starts are sorted, so walking up from any segment starting at or before
    /// it ends there); where `s_m` wraps back behind `from` (or is NaN), the buckets.
    #[inline(always)]
    pub(super) fn segment_index_from(&self, from: usize, s_m: f32) -> usize {
        self.walk_to(from, self.wrap(s_m))
    }

    /// [`DrivingLine::segment_index_from`] for a distance `s` already wrapped.
    #[inline(always)]
    fn walk_to(&self, from: usize, s: f32) -> usize {
        let n = self.points.len();
        let mut i = from.min(n - 1);
        if s.is_nan() || self.s_m[i] > s {
            return self.buckets.segment(&self.s_m, s);
        }
        while i + 1 < n && self.s_m[i + 1] <= s {
            i += 1;
        }
        i
    }

    /// The point after point `i` (< the count) round the loop: `(i + 1) % count` without
    /// the integer division (the AI asks thousands a tick).
    #[inline]
    fn next(&self, i: usize) -> usize {
        if i + 1 < self.points.len() {
            i + 1
        } else {
            0
        }
    }

    /// The point at distance `s_m` along the line.
    pub fn point_at(&self, s_m: f32) -> Vec2 {
        let (i, t) = self.segment_at(s_m);
        self.points[i].lerp(self.points[self.next(i)], t)
    }

    /// The unit vector to the left of the driving direction at distance `s_m` (the
    /// direction of a positive [`LinePosition::offset_m`]).
    pub fn left_at(&self, s_m: f32) -> Vec2 {
        let (i, _) = self.segment_at(s_m);
        let t = (self.points[self.next(i)] - self.points[i]).normalize_or(Vec2::Y);
        Vec2::new(t.y, -t.x)
    }

    /// How far the line turns between `s_m` and `s_m + span_m`, rad, positive to the left:
    /// the heading there less the heading here, each unwrapped over the laps between (a
    /// hairpin turns π, not 0; a lap 2π). A corner turns the way its inside lies. Two
    /// lookups whatever the span.
    pub fn turn_rad(&self, s_m: f32, span_m: f32) -> f32 {
        self.heading_rad(s_m + span_m) - self.heading_rad(s_m)
    }

    /// The line's heading at distance `s_m`, rad, unwrapped: the first segment's is 0, and
    /// each lap on adds the lap's turn. The direction over the next metre
    /// ([`HEADING_CHORD_M`]): its segment's, blended into the next segment's over its last
    /// metre, as a tangent taken between `s_m` and `s_m + 1` turns.
    fn heading_rad(&self, s_m: f32) -> f32 {
        let s = self.wrap(s_m);
        let laps = ((s_m - s) / self.length_m).round();
        let i = self.buckets.segment(&self.s_m, s);
        let n = self.points.len();
        let (next_s, next_heading) = if i + 1 < n {
            (self.s_m[i + 1], self.heading_rad[i + 1])
        } else {
            (self.length_m, self.heading_rad[0] + self.lap_turn_rad)
        };
        let into_next = ((s + HEADING_CHORD_M - next_s) / HEADING_CHORD_M).clamp(0.0, 1.0);
        let here = self.heading_rad[i];
        here + (next_heading - here) * into_next + laps * self.lap_turn_rad
    }

    /// The target speed at distance `s_m`, m/s.
    pub fn speed_at(&self, s_m: f32) -> f32 {
        let (i, t) = self.segment_at(s_m);
        let a = self.speed_mps[i];
        a + (self.speed_mps[self.next(i)] - a) * t
    }

    /// Locates `p` on the line, searching near `hint` (a previous index) when given, or
    /// everywhere.
    ///
    /// The nearest point of the segments searched (the first searched on a tie). The search
    /// takes the hint's own distance as a bound and skips whole blocks of segments whose
    /// bounding circle lies beyond it: a skipped segment is strictly further than the one
    /// found, so the answer is the one a segment-by-segment search gives. If locating ever
    /// disagrees with that, suspect `BLOCK_MARGIN_M` or the blocks' circles.
    pub fn locate(&self, p: Vec2, hint: Option<usize>) -> LinePosition {
        let n = self.points.len();
        let distance_sq = |i: usize| {
            let a = self.points[i];
            let (ab, length_sq) = self.segments[i];
            let t = ((p - a).dot(ab) / length_sq).clamp(0.0, 1.0);
            (p.distance_squared(a + ab * t), t)
        };
        let (first, count) = match hint {
            Some(h) if n > 2 * SEARCH_WINDOW + 1 => ((h % n + n - SEARCH_WINDOW) % n, 2 * SEARCH_WINDOW + 1),
            _ => (0, n),
        };
        // A bound on the answer: the hint's segment, or the first searched.
        let bound_sq = distance_sq(hint.map_or(first, |h| h % n)).0;
        let reach = bound_sq.sqrt() + BLOCK_MARGIN_M;
        let mut best = (f32::INFINITY, 0usize, 0.0f32);
        let mut k = 0;
        while k < count {
            // first < n and k < n: one subtraction wraps it (no integer division).
            let i = if first + k < n { first + k } else { first + k - n };
            // The searched run of this block from i: to the block's end, the window's, or the
            // line's last segment.
            let run = (BLOCK - i % BLOCK).min(count - k).min(n - i);
            let (centre, radius) = self.blocks[i / BLOCK];
            let near = reach + radius;
            if p.distance_squared(centre) <= near * near {
                for i in i..i + run {
                    let (d, t) = distance_sq(i);
                    if d < best.0 {
                        best = (d, i, t);
                    }
                }
            }
            k += run;
        }
        let (_, i, t) = best;
        let a = self.points[i];
        let b = self.points[self.next(i)];
        let dir = (b - a).normalize_or_zero();
        let to_p = p - (a + (b - a) * t);
        // Left of the driving direction in world (x, z) with Y up: the cross product's sign.
        let offset = dir.x * to_p.y - dir.y * to_p.x;
        let next_s = if i + 1 < n { self.s_m[i + 1] } else { self.length_m };
        LinePosition {
            index: i,
            s_m: self.wrap(self.s_m[i] + (next_s - self.s_m[i]) * t),
            offset_m: -offset,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::line_index::turn_between;
    use super::*;

    fn square() -> DrivingLine {
        // 100 m square, counter-clockwise seen from above (+x, then +z, ...).
        let pts = vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 100.0),
            Vec2::new(0.0, 100.0),
        ];
        DrivingLine::new(pts, vec![10.0, 20.0, 30.0, 40.0]).unwrap()
    }

    #[test]
    fn distances_wrap_and_interpolate() {
        let l = square();
        assert_eq!(l.length_m(), 400.0);
        assert_eq!(l.point_at(150.0), Vec2::new(100.0, 50.0));
        assert_eq!(l.point_at(-50.0), Vec2::new(0.0, 50.0));
        assert_eq!(l.speed_at(50.0), 15.0);
        assert_eq!(l.speed_at(350.0), 25.0, "last segment blends back to the first point");
    }

    #[test]
    fn turns_are_signed_by_the_side_of_their_inside() {
        let l = square();
        // Driving +x then +z: +z is to the right of +x (left_at points to -z).
        let turn = l.turn_rad(90.0, 20.0);
        assert!((turn + std::f32::consts::FRAC_PI_2).abs() < 1e-3, "{turn}");
        assert!(
            l.left_at(90.0).dot(l.point_at(110.0) - l.point_at(90.0)) < 0.0,
            "the corner turns right"
        );
        assert_eq!(l.turn_rad(20.0, 20.0), 0.0, "a straight does not turn");
        let lap = l.turn_rad(50.0, 400.0);
        assert!(
            (lap + std::f32::consts::TAU).abs() < 1e-3,
            "a lap turns a whole turn: {lap}"
        );
    }

    #[test]
    fn locate_finds_distance_and_side() {
        let l = square();
        let p = l.locate(Vec2::new(30.0, 2.0), None);
        assert_eq!(p.index, 0);
        assert!((p.s_m - 30.0).abs() < 1e-4);
        // Driving +x with Y up, +z is to the right (x × z = −y): offset negative = right.
        assert!((p.offset_m + 2.0).abs() < 1e-4, "{p:?}");
        let left = l.point_at(30.0) + l.left_at(30.0) * 1.5;
        assert!(
            (l.locate(left, None).offset_m - 1.5).abs() < 1e-4,
            "left_at points left"
        );
        let hinted = l.locate(Vec2::new(101.0, 60.0), Some(1));
        assert!((hinted.s_m - 160.0).abs() < 1e-4);
    }

    /// The search segment by segment, as it was before the blocks: every segment of the
    /// window (or of the line), in window order, the first nearest kept.
    fn locate_every_segment(l: &DrivingLine, p: Vec2, hint: Option<usize>) -> (usize, f32) {
        let n = l.points.len();
        let mut best = (f32::INFINITY, 0usize);
        let mut consider = |i: usize| {
            let a = l.points[i];
            let ab = l.points[(i + 1) % n] - a;
            let t = ((p - a).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0);
            let d = p.distance_squared(a + ab * t);
            if d < best.0 {
                best = (d, i);
            }
        };
        match hint {
            Some(h) if n > 2 * SEARCH_WINDOW + 1 => {
                for k in 0..=2 * SEARCH_WINDOW {
                    consider((h + n + k - SEARCH_WINDOW) % n);
                }
            }
            _ => (0..n).for_each(&mut consider),
        }
        (best.1, best.0)
    }

    #[test]
    fn skipping_blocks_finds_what_every_segment_finds() {
        // A wavy loop of 301 points (blocks do not divide it), passing near itself where
        // the waves are deep, with some points repeated (zero-length segments).
        let pts: Vec<Vec2> = (0..301)
            .map(|i| {
                let a = i as f32 / 301.0 * std::f32::consts::TAU;
                let r = 200.0 + 60.0 * (a * 9.0).sin();
                Vec2::new(r * a.cos(), r * a.sin()).round()
            })
            .collect();
        let l = DrivingLine::new(pts.clone(), vec![1.0; pts.len()]).unwrap();
        let mut compared = 0;
        for (k, &p) in pts.iter().enumerate().step_by(3) {
            for offset in [
                Vec2::ZERO,
                Vec2::new(3.5, -1.25),
                Vec2::new(-40.0, 25.0),
                Vec2::splat(0.5),
            ] {
                let q = p + offset;
                for hint in [None, Some(k), Some((k + 17) % pts.len()), Some((k + 290) % pts.len())] {
                    let got = l.locate(q, hint);
                    let (index, _) = locate_every_segment(&l, q, hint);
                    assert_eq!(got.index, index, "at {q:?} with hint {hint:?}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 1000);
    }

    /// A wavy loop of `n` points (the waves deep enough that it passes near itself), with
    /// every seventh point repeated: zero-length segments.
    fn wavy(n: usize) -> DrivingLine {
        let mut pts = Vec::new();
        for i in 0..n {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            let r = 200.0 + 60.0 * (a * 9.0).sin();
            let p = Vec2::new(r * a.cos(), r * a.sin());
            pts.push(p);
            if i % 7 == 3 {
                pts.push(p);
            }
        }
        let speeds = (0..pts.len()).map(|i| i as f32).collect();
        DrivingLine::new(pts, speeds).unwrap()
    }

    #[test]
    fn segment_at_is_the_binary_search_over_segment_starts() {
        // The buckets give the segment a binary search over the starts gives: the last
        // starting at or before s (of repeated starts, the last: the segment with a length).
        let l = wavy(301);
        let by_search = |s: f32| {
            let s = l.wrap(s);
            l.s_m.partition_point(|x| *x <= s) - 1
        };
        let mut s_values: Vec<f32> = l.s_m.clone();
        s_values.extend((0..5000).map(|k| k as f32 * 0.731 - 1500.0));
        s_values.extend([
            l.length_m,
            -l.length_m,
            2.0 * l.length_m,
            l.length_m - 1e-3,
            -1e-3,
            -0.0,
        ]);
        for s in s_values {
            let (i, t) = l.segment_at(s);
            assert_eq!(i, by_search(s), "at s = {s}");
            assert!((0.0..=1.0).contains(&t), "fraction {t} at s = {s}");
        }
        // Walked to from any segment, the same answer.
        for from in [0, 1, 3, 4, 150, l.s_m.len() - 1, l.s_m.len() + 5] {
            for k in -200..2000 {
                let s = k as f32 * 0.917;
                assert_eq!(l.segment_index_from(from, s), by_search(s), "from {from} at s = {s}");
            }
        }
        assert_eq!(l.segment_index_from(7, f32::NAN), l.segment_at(f32::NAN).0);
        // Garbage in, no panic out.
        let _ = l.segment_at(f32::NAN);
        let _ = l.segment_at(f32::INFINITY);
    }

    #[test]
    fn wrap_is_rem_euclid_to_the_bit() {
        let l = wavy(301);
        let length = l.length_m();
        let around = [0.0, -0.0, length, -length, 2.0 * length, -2.0 * length, 3.5 * length];
        for base in around {
            for k in -2000..2000 {
                let s = base + k as f32 * 0.0173;
                assert_eq!(l.wrap(s).to_bits(), s.rem_euclid(length).to_bits(), "at s = {s}");
            }
            // The three floats either side of the base (next_up/next_down, so −0.0's bits
            // do not overflow into a NaN).
            let (mut up, mut down) = (base, base);
            for _ in 0..3 {
                up = up.next_up();
                down = down.next_down();
                for s in [up, down] {
                    assert_eq!(l.wrap(s).to_bits(), s.rem_euclid(length).to_bits(), "at s = {s}");
                }
            }
        }
    }

    /// The turn as the sampled tangents measured it before the headings were kept: the
    /// signed angles between tangents (chords 1 m long) at most 10 m apart, summed.
    fn turn_by_tangents(l: &DrivingLine, s_m: f32, span_m: f32) -> f32 {
        let tangent = |s: f32| (l.point_at(s + 1.0) - l.point_at(s)).normalize_or(Vec2::Y);
        let steps = (span_m / 10.0).ceil().max(1.0) as usize;
        let step = span_m / steps as f32;
        let mut a = tangent(s_m);
        let mut turn = 0.0;
        for k in 1..=steps {
            let b = tangent(s_m + step * k as f32);
            turn += turn_between(a, b);
            a = b;
        }
        turn
    }

    #[test]
    fn kept_headings_turn_as_sampled_tangents_do() {
        // Each end's heading is its chord's direction, blended linearly where the chord
        // straddles a corner point instead of taken exactly: the two measures differ by at
        // most the turn at the corner points the two ends' chords straddle, and agree (to
        // f32 rounding over a lap of sums) where neither does.
        let l = wavy(301);
        let n = l.points.len();
        // Between consecutive segments with a length (a repeated point is no corner).
        let dirs: Vec<Vec2> = l
            .segments
            .iter()
            .map(|(ab, _)| *ab)
            .filter(|ab| *ab != Vec2::ZERO)
            .collect();
        let corner_turn = (0..dirs.len())
            .map(|i| turn_between(dirs[i], dirs[(i + 1) % dirs.len()]).abs())
            .fold(0.0f32, f32::max);
        assert!(
            corner_turn > 0.01,
            "the test line must turn at its points: {corner_turn}"
        );
        let near_corner = |s: f32| {
            let (i, _) = l.segment_at(s);
            let next = if i + 1 < n { l.s_m[i + 1] } else { l.length_m };
            next - l.wrap(s) < HEADING_CHORD_M
        };
        let mut compared = 0;
        for k in 0..400 {
            let s = k as f32 * 7.31 - 300.0;
            for span in [5.0, 20.0, 80.0, 150.0, 700.0] {
                let kept = l.turn_rad(s, span);
                let sampled = turn_by_tangents(&l, s, span);
                let straddled = near_corner(s) as u8 + near_corner(s + span) as u8;
                let bound = 1e-3 + corner_turn * f32::from(straddled);
                assert!(
                    (kept - sampled).abs() <= bound,
                    "at {s} over {span}: {kept} vs {sampled}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, 2000);
        // A lap turns a whole turn (counter-clockwise seen from +y is a right turn here),
        // and two laps two, whatever the start.
        for s in [0.0, 123.4, -50.0] {
            let lap = l.turn_rad(s, l.length_m());
            assert!((lap.abs() - std::f32::consts::TAU).abs() < 1e-3, "{lap}");
            assert!((l.turn_rad(s, 2.0 * l.length_m()) - 2.0 * lap).abs() < 1e-3);
        }
    }

    #[test]
    fn bad_lines_are_refused() {
        assert!(DrivingLine::new(vec![Vec2::ZERO; 2], vec![1.0; 2]).is_none());
        assert!(DrivingLine::new(vec![Vec2::ZERO, Vec2::X, Vec2::Y], vec![1.0, f32::NAN, 1.0]).is_none());
    }
}
