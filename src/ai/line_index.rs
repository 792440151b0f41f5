//! What makes a [`super::DrivingLine`]'s queries by distance cheap, built once with the
//! line: buckets over the distance along it (the segment at a distance in O(1)) and each
//! segment's heading unwrapped (a turn over any span in two lookups). Racecraft asks these
//! thousands of times a tick.

use glam::Vec2;

/// Buckets of equal length over the distance along a line, each holding the last segment
/// that starts at or before it begins: a distance's segment is its bucket's, or a step or two
/// on (one bucket per segment on average). If `segment_at` ever disagrees with a binary
/// search over the segments' starts, suspect the walk from the bucket, not the buckets: a
/// wrong bucket only costs steps.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SegmentBuckets {
    /// Per bucket: the index of the segment it starts in.
    first: Vec<u32>,
    /// Buckets per metre of line.
    per_m: f32,
}

impl SegmentBuckets {
    /// Buckets over segments starting at `s_m` (sorted, the first 0) on a line `length_m` long.
    pub(super) fn new(s_m: &[f32], length_m: f32) -> SegmentBuckets {
        let count = s_m.len();
        let per_m = count as f32 / length_m;
        let mut first = Vec::with_capacity(count);
        let mut i = 0;
        for k in 0..count {
            let start = k as f32 / per_m;
            while i + 1 < count && s_m[i + 1] <= start {
                i += 1;
            }
            first.push(i as u32);
        }
        SegmentBuckets { first, per_m }
    }

    /// The last segment starting at or before `s` (in [0, length]) among starts `s_m`: the
    /// answer a binary search gives where starts are distinct.
    pub(super) fn segment(&self, s_m: &[f32], s: f32) -> usize {
        // `as usize` saturates (a NaN gives 0): the walk below still ends.
        let k = ((s * self.per_m) as usize).min(self.first.len() - 1);
        let mut i = self.first[k] as usize;
        while i > 0 && s_m[i] > s {
            i -= 1;
        }
        while i + 1 < s_m.len() && s_m[i + 1] <= s {
            i += 1;
        }
        i
    }
}

/// How far direction `b` turns from direction `a`, rad, positive to the left, in (−π, π].
pub(super) fn turn_between(a: Vec2, b: Vec2) -> f32 {
    // Left of a driving direction in world (x, z) with Y up: (d.y, −d.x).
    let left = Vec2::new(a.y, -a.x);
    left.dot(b).atan2(a.dot(b))
}

/// Per segment of a closed line (`segments[i]`: from point i to the next), its heading
/// unwrapped from the first's (0), rad, and how far a lap turns. A segment of no length takes
/// the direction of the next one with a length: the line turns where that one starts, so a
/// heading blended into the next segment's ([`DrivingLine::turn_rad`](super::DrivingLine::turn_rad)) turns before it as
/// the line does.
pub(super) fn unwrapped_headings(segments: &[(Vec2, f32)]) -> (Vec<f32>, f32) {
    let n = segments.len();
    let has_length = |ab: Vec2| ab.length_squared() > 1e-12;
    // Backwards twice round the loop: every segment sees the next with a length.
    let mut dirs = vec![Vec2::Y; n];
    let mut next = Vec2::Y;
    for k in (0..2 * n).rev() {
        let ab = segments[k % n].0;
        if has_length(ab) {
            next = ab.normalize();
        }
        dirs[k % n] = next;
    }
    // Summed in f64: a lap is hundreds of small turns.
    let mut heading = 0.0f64;
    let mut headings = Vec::with_capacity(n);
    for (k, dir) in dirs.iter().enumerate() {
        if k > 0 {
            heading += f64::from(turn_between(dirs[k - 1], *dir));
        }
        headings.push(heading as f32);
    }
    let lap = heading + f64::from(turn_between(dirs[n - 1], dirs[0]));
    (headings, lap as f32)
}
