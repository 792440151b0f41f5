//! How far a car may move off the racing line on each side and keep its body on the track:
//! the room left and right of each point of the line, to the track's usable edge (its border
//! less half the car's width and a clearance). What bounds a pass or a defence.
//!
//! Built by the race from the level's track (`app::race`); a level without a track has no
//! room at all, and its AI cars keep to the line (they follow, never pass).

use super::line::DrivingLine;

/// Step at which [`LineRoom::narrowest`] samples a stretch of the line, m.
const SAMPLE_STEP_M: f32 = 5.0;

/// Room beside each point of a [`DrivingLine`], m.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LineRoom {
    /// Per segment of the line (from point i to the next): how far left and right of the
    /// line the car may go along it, m (≥ 0), the lesser of its two points' (made once:
    /// racecraft reads hundreds of samples a tick).
    segment_m: Vec<(f32, f32)>,
}

impl LineRoom {
    /// Room `left_m` and `right_m` beside each of a line's points (negative or non-finite
    /// values count as no room). None when the two lists differ in length.
    pub fn new(left_m: Vec<f32>, right_m: Vec<f32>) -> Option<Self> {
        if left_m.len() != right_m.len() {
            return None;
        }
        let clean = |v: Vec<f32>| {
            v.into_iter()
                .map(|x| if x.is_finite() { x.max(0.0) } else { 0.0 })
                .collect()
        };
        let (left_m, right_m): (Vec<f32>, Vec<f32>) = (clean(left_m), clean(right_m));
        let n = left_m.len();
        let segment_m = (0..n)
            .map(|i| {
                let j = (i + 1) % n;
                (left_m[i].min(left_m[j]), right_m[i].min(right_m[j]))
            })
            .collect();
        Some(Self { segment_m })
    }

    /// No room anywhere: cars keep to the line.
    pub fn none() -> Self {
        Self::default()
    }

    /// Room (left, right) at `s_m` along `line` (the line this room was built for; another
    /// line, or [`LineRoom::none`], has none), m: the lesser of the segment's two ends.
    pub fn at(&self, line: &DrivingLine, s_m: f32) -> (f32, f32) {
        if !self.fits(line) {
            return (0.0, 0.0);
        }
        let (i, _) = line.segment_at(s_m);
        self.at_segment(i)
    }

    /// Whether this room was built for `line` (one value per point).
    fn fits(&self, line: &DrivingLine) -> bool {
        self.segment_m.len() == line.points().len()
    }

    /// Room (left, right) along segment `i` of a line this room fits, m.
    #[inline]
    fn at_segment(&self, i: usize) -> (f32, f32) {
        self.segment_m[i]
    }

    /// The least room (left, right) from `from_m` to `to_m` along `line`, sampled every
    /// [`SAMPLE_STEP_M`], m. The samples' segments are walked to from the first one's
    /// ([`DrivingLine::segment_index_from`]): what [`LineRoom::at`] gives at each.
    pub fn narrowest(&self, line: &DrivingLine, from_m: f32, to_m: f32) -> (f32, f32) {
        let mut least = self.at(line, to_m);
        if !self.fits(line) {
            return least;
        }
        let mut i = line.segment_at(from_m).0;
        let mut s = from_m;
        while s < to_m {
            i = line.segment_index_from(i, s);
            let (l, r) = self.at_segment(i);
            least = (least.0.min(l), least.1.min(r));
            s += SAMPLE_STEP_M;
        }
        least
    }

    /// How far (left, right) off `line` a car at `from_m` may steer and still keep within
    /// the room everywhere over the next `look_m`, coming back toward the line as it goes by
    /// `back_m(d)` metres over the first `d` metres: the least of `room + back_m(d)` over
    /// the stretch, sampled every [`SAMPLE_STEP_M`] (their segments walked to as in
    /// [`LineRoom::narrowest`]), m.
    pub fn funnel(&self, line: &DrivingLine, from_m: f32, look_m: f32, back_m: impl Fn(f32) -> f32) -> (f32, f32) {
        let mut least = (f32::INFINITY, f32::INFINITY);
        let fits = self.fits(line);
        let mut i = if fits { line.segment_at(from_m).0 } else { 0 };
        let mut d = 0.0;
        while d <= look_m {
            let (l, r) = if fits {
                i = line.segment_index_from(i, from_m + d);
                self.at_segment(i)
            } else {
                (0.0, 0.0)
            };
            let back = back_m(d).max(0.0);
            least = (least.0.min(l + back), least.1.min(r + back));
            d += SAMPLE_STEP_M;
        }
        least
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    fn square() -> DrivingLine {
        let pts = vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 100.0),
            Vec2::new(0.0, 100.0),
        ];
        DrivingLine::new(pts, vec![10.0; 4]).unwrap()
    }

    #[test]
    fn room_is_read_per_segment_and_the_narrowest_over_a_stretch() {
        let line = square();
        let room = LineRoom::new(vec![3.0, 2.0, 4.0, f32::NAN], vec![1.0, -1.0, 2.0, 2.0]).unwrap();
        assert_eq!(room.at(&line, 50.0), (2.0, 0.0), "negative room is none");
        assert_eq!(room.at(&line, 250.0), (0.0, 2.0), "NaN room is none");
        assert_eq!(room.narrowest(&line, 120.0, 240.0), (0.0, 0.0));
        assert_eq!(room.narrowest(&line, 110.0, 190.0), (2.0, 0.0));
        assert_eq!(LineRoom::none().at(&line, 10.0), (0.0, 0.0));
        assert!(LineRoom::new(vec![1.0], vec![]).is_none());
    }

    #[test]
    fn the_funnel_allows_what_can_be_given_back_before_the_room_narrows() {
        let line = square();
        // 3 m left, except none from 100 m to 300 m (the segments either side of point 2);
        // 2 m right everywhere.
        let room = LineRoom::new(vec![3.0, 3.0, 0.0, 3.0], vec![2.0; 4]).unwrap();
        // 80 m short of the narrowing with no way back: only what it allows, none.
        assert_eq!(room.funnel(&line, 20.0, 100.0, |_| 0.0), (0.0, 2.0));
        // Coming back 1 m per 20 m: 80 m short it has 4 m to give back, so the 3 m here
        // hold; 40 m short, only 2 m.
        assert_eq!(room.funnel(&line, 20.0, 100.0, |d| d / 20.0), (3.0, 2.0));
        assert_eq!(room.funnel(&line, 60.0, 100.0, |d| d / 20.0), (2.0, 2.0));
    }
}
