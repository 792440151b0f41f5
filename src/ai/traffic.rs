//! What an AI car sees of the cars around it: each nearby car's place relative to its own,
//! measured along the racing line (how far ahead or behind), across it (offset from the
//! line) and in speed. Filled by the race every tick into a fixed-capacity list: seeing
//! traffic allocates nothing.
//!
//! If a car seems blind to another, check that the race fills [`Traffic`] from every car in
//! the world (the player's and parked ones too) and that the window below covers the gap.

use super::line::wrap_distance;

/// Most cars one AI car keeps track of; beyond it the farthest along the line are dropped.
pub const MAX_NEARBY: usize = 6;
/// A car is seen up to this far ahead along the line, m: beyond the following gap kept at
/// the circuit's top speeds (8 + 0.45 × 55 ≈ 33 m), and far enough to slow from 40 m/s to
/// a car crawling ahead after an incident at the follower's 5 m/s² (at 60 m, a follower
/// at 35 m/s rear-ended a car at 10 m/s it saw too late).
pub const SEE_AHEAD_M: f32 = 100.0;
/// A car is seen up to this far behind along the line, m (a car closing at 10 m/s is
/// 4 s away: time to defend or to wait before rejoining).
pub const SEE_BEHIND_M: f32 = 40.0;

/// Where a car is on the racing line this tick.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CarPlace {
    /// Which car: its index in the world.
    pub id: usize,
    /// Distance along the line, m, in [0, length).
    pub s_m: f32,
    /// Offset from the line, m, positive to the left.
    pub offset_m: f32,
    /// Forward speed, m/s.
    pub speed_mps: f32,
}

/// Another car as one AI car sees it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct NearbyCar {
    /// Which car: its index in the world (a pass follows the car it began on).
    pub id: usize,
    /// How far ahead along the line (negative: behind), centre to centre, m.
    pub gap_m: f32,
    /// Its offset from the line, m, positive to the left.
    pub offset_m: f32,
    /// Its forward speed, m/s.
    pub speed_mps: f32,
}

/// The cars around one AI car this tick, nearest along the line kept.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Traffic {
    me: CarPlace,
    cars: [NearbyCar; MAX_NEARBY],
    len: usize,
}

impl Traffic {
    /// Traffic around a car at `me`, with no one seen yet.
    pub fn new(me: CarPlace) -> Self {
        Self { me, ..Self::default() }
    }

    /// Sees `other` on a line `length_m` long: kept if within [`SEE_BEHIND_M`] behind and
    /// [`SEE_AHEAD_M`] ahead, in place of the farthest seen when the list is full. The car
    /// itself (the same id) is not seen.
    pub fn see(&mut self, other: CarPlace, length_m: f32) {
        if other.id == self.me.id {
            return;
        }
        // `rem_euclid`'s bits, its `fmod` left out (a tick sees hundreds of pairs).
        let mut gap = wrap_distance(other.s_m - self.me.s_m, length_m);
        if gap > 0.5 * length_m {
            gap -= length_m;
        }
        if !(-SEE_BEHIND_M..=SEE_AHEAD_M).contains(&gap) {
            return;
        }
        let car = NearbyCar {
            id: other.id,
            gap_m: gap,
            offset_m: other.offset_m,
            speed_mps: other.speed_mps,
        };
        if self.len < MAX_NEARBY {
            self.cars[self.len] = car;
            self.len += 1;
            return;
        }
        let (farthest, far) = self.cars.iter().enumerate().fold((0, 0.0f32), |best, (k, c)| {
            if c.gap_m.abs() > best.1 {
                (k, c.gap_m.abs())
            } else {
                best
            }
        });
        if gap.abs() < far {
            self.cars[farthest] = car;
        }
    }

    /// The car whose traffic this is.
    pub fn me(&self) -> CarPlace {
        self.me
    }

    /// The cars seen, in the order seen.
    pub fn cars(&self) -> &[NearbyCar] {
        &self.cars[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s_m: f32, offset_m: f32) -> CarPlace {
        CarPlace {
            id: (s_m * 10.0) as usize,
            s_m,
            offset_m,
            speed_mps: 30.0,
        }
    }

    #[test]
    fn gaps_wrap_across_the_start_and_far_cars_are_not_seen() {
        let mut t = Traffic::new(at(995.0, 0.0));
        t.see(at(10.0, 1.0), 1000.0);
        t.see(at(980.0, -1.0), 1000.0);
        t.see(at(500.0, 0.0), 1000.0);
        let gaps: Vec<f32> = t.cars().iter().map(|c| c.gap_m).collect();
        assert_eq!(gaps, vec![15.0, -15.0]);
        assert_eq!(t.cars()[0].offset_m, 1.0);
    }

    #[test]
    fn a_full_list_keeps_the_nearest() {
        let mut t = Traffic::new(at(100.0, 0.0));
        for k in 0..MAX_NEARBY {
            t.see(at(100.0 + 5.0 * (k + 2) as f32, 0.0), 1000.0);
        }
        t.see(at(95.0, 0.0), 1000.0);
        t.see(at(150.0, 0.0), 1000.0);
        assert_eq!(t.cars().len(), MAX_NEARBY);
        assert!(
            t.cars().iter().any(|c| c.gap_m == -5.0),
            "the nearer car replaced the farthest"
        );
        assert!(
            t.cars().iter().all(|c| c.gap_m < 35.0),
            "the farthest went: {:?}",
            t.cars()
        );
    }
}
