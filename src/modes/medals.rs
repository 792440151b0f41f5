//! Lap medals against an author time: the AI's lap at its top setting on the level's
//! racing line (`run --ai-driver`), a time the physics sets rather than a designer's guess.
//!
//! Margins over the author time: gold within +2 %, silver +5 %, bronze +10 % (the spread
//! of arcade racers' medal times; a player who drives the line as well as the AI gets
//! gold). Challenges state their own targets in the level's TOML.

use serde::Serialize;

/// Gold: within this fraction over the author time.
pub const GOLD_MARGIN: f64 = 0.02;
/// Silver: within this fraction over the author time.
pub const SILVER_MARGIN: f64 = 0.05;
/// Bronze: within this fraction over the author time.
pub const BRONZE_MARGIN: f64 = 0.10;

/// A medal, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Medal {
    /// The best.
    Gold,
    /// The middle.
    Silver,
    /// The least.
    Bronze,
}

impl Medal {
    /// The medal's name.
    pub fn name(self) -> &'static str {
        match self {
            Medal::Gold => "gold",
            Medal::Silver => "silver",
            Medal::Bronze => "bronze",
        }
    }

    /// The better of two (either may be none).
    pub fn best(a: Option<Medal>, b: Option<Medal>) -> Option<Medal> {
        match (a, b) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, None) => x,
            (None, y) => y,
        }
    }
}

/// The lap times each medal needs, s.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LapTargets {
    /// The AI's lap, s.
    pub author_s: f64,
    /// Gold at or under this, s.
    pub gold_s: f64,
    /// Silver at or under this, s.
    pub silver_s: f64,
    /// Bronze at or under this, s.
    pub bronze_s: f64,
}

impl LapTargets {
    /// The targets for an author time of `author_s`.
    pub fn from_author(author_s: f64) -> Self {
        Self {
            author_s,
            gold_s: author_s * (1.0 + GOLD_MARGIN),
            silver_s: author_s * (1.0 + SILVER_MARGIN),
            bronze_s: author_s * (1.0 + BRONZE_MARGIN),
        }
    }

    /// The medal a lap of `lap_s` earns.
    pub fn award(&self, lap_s: f64) -> Option<Medal> {
        award_at_most(lap_s, [self.gold_s, self.silver_s, self.bronze_s])
    }
}

/// The medal for `value` when lower is better and `[gold, silver, bronze]` are the most
/// each allows.
pub fn award_at_most(value: f64, limits: [f64; 3]) -> Option<Medal> {
    [Medal::Gold, Medal::Silver, Medal::Bronze]
        .into_iter()
        .zip(limits)
        .find(|(_, limit)| value <= *limit)
        .map(|(m, _)| m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_over_the_author_time_give_each_medal() {
        let t = LapTargets::from_author(100.0);
        assert_eq!(t.award(99.0), Some(Medal::Gold));
        assert_eq!(t.award(102.0), Some(Medal::Gold));
        assert_eq!(t.award(104.0), Some(Medal::Silver));
        assert_eq!(t.award(109.9), Some(Medal::Bronze));
        assert_eq!(t.award(110.1), None);
    }
}
