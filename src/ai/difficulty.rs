//! How well an AI drives: four difficulty levels that trade pace and precision on purpose,
//! and the deterministic wander off the line that makes the lower ones imprecise.
//!
//! | level   | aims at (fraction of the profile's speed) | wanders off the line (peak, m) |
//! |---------|-------------------------------------------|--------------------------------|
//! | rookie  | 0.89                                      | 1.2                            |
//! | amateur | 0.93                                      | 0.8                            |
//! | pro     | 0.97                                      | 0.4                            |
//! | ace     | 1.00                                      | 0                              |
//!
//! Ace is the driver's tuned settings ([`AiSettings::default`]): the whole profile, which
//! is the grip and straight-line acceleration each car measurably has
//! (`raceline::measured_grip`, `raceline::measured_drive`), so an ace laps the circuit
//! within 3 % of the profile's prediction with every shipped car, and the real circuits
//! Montreal and Spielberg with every car, each car's whole footprint inside the borders
//! (measured, `tests/sim/ai_pace.rs`). The levels below give up pace in the same proportions as before
//! the profile was measured (rookie ≈ +12 %, amateur ≈ +7.5 %, pro ≈ +3 % a lap) and
//! wander more: the race mode's difficulty row picks one for every opponent. The wander is a sum of two sines along
//! the line whose phases come from a seed in the race set-up (the car's grid slot), never
//! from a random source: the same race drives the same way, and a replay reproduces it.
//!
//! Racecraft follows the level too ([`AiDifficulty::racecraft`]), on in every race: a
//! rookie keeps a longer gap, needs a bigger pace edge before it tries a pass, moves
//! across slower (so, keeping only the offset it can give back before the track narrows,
//! it finds room to pass in fewer places) and never defends; an ace follows closest,
//! passes on the smallest edge and covers the inside against a car closing on it. Every
//! level follows no faster than it could stop behind the car ahead braking (the same
//! safe speed for all: the levels differ in boldness, not in safety).
//!
//! | level   | time gap (s) | passes a car slower by (of the line's speed) | defends | moves across (m/s) |
//! |---------|--------------|----------------------------------------------|---------|--------------------|
//! | rookie  | 0.45         | 5 %                                          | no      | 1.0                |
//! | amateur | 0.4          | 3.5 %                                        | yes     | 1.2                |
//! | pro     | 0.35         | 3 %                                          | yes     | 1.4                |
//! | ace     | 0.3          | 2.5 %                                        | yes     | 1.5                |

use super::driver::AiSettings;
use super::racecraft::RacecraftSettings;
use super::wander::Wander;
use std::fmt;
use std::str::FromStr;

/// An AI driver's difficulty: what fraction of the speed profile it aims at and how far it
/// wanders off the racing line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AiDifficulty {
    /// 89 % of the profile, wanders up to 1.2 m off the line.
    Rookie,
    /// 93 % of the profile, wanders up to 0.8 m.
    Amateur,
    /// 97 % of the profile, wanders up to 0.4 m.
    Pro,
    /// The whole profile on the line: the driver at its best.
    #[default]
    Ace,
}

impl AiDifficulty {
    /// Every level, slowest first.
    pub const ALL: [AiDifficulty; 4] = [Self::Rookie, Self::Amateur, Self::Pro, Self::Ace];

    /// The name the command line and settings use.
    pub fn name(self) -> &'static str {
        match self {
            Self::Rookie => "rookie",
            Self::Amateur => "amateur",
            Self::Pro => "pro",
            Self::Ace => "ace",
        }
    }

    /// Fraction of the speed profile this level aims at.
    pub fn speed_scale(self) -> f32 {
        match self {
            Self::Rookie => 0.89,
            Self::Amateur => 0.93,
            Self::Pro => 0.97,
            Self::Ace => AiSettings::default().speed_scale,
        }
    }

    /// Peak distance this level wanders off the line, m.
    pub fn wander_m(self) -> f32 {
        match self {
            Self::Rookie => 1.2,
            Self::Amateur => 0.8,
            Self::Pro => 0.4,
            Self::Ace => 0.0,
        }
    }

    /// How this level races others (see the table above).
    pub fn racecraft(self) -> RacecraftSettings {
        let (time_gap_s, pass_margin, defends, lateral_mps) = match self {
            Self::Rookie => (0.45, 0.05, false, 1.0),
            Self::Amateur => (0.4, 0.035, true, 1.2),
            Self::Pro => (0.35, 0.03, true, 1.4),
            Self::Ace => return RacecraftSettings::default(),
        };
        RacecraftSettings {
            time_gap_s,
            pass_margin,
            defends,
            lateral_mps,
        }
    }

    /// The driver settings of this level for the car with `seed` (its grid slot in the race
    /// set-up): the tuned settings with this level's speed and wander.
    pub fn settings(self, seed: u64) -> AiSettings {
        AiSettings {
            speed_scale: self.speed_scale(),
            wander: Wander::new(self.wander_m(), seed),
            ..AiSettings::default()
        }
    }
}

impl fmt::Display for AiDifficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for AiDifficulty {
    type Err = String;

    /// A level by name (any case); an unknown name is an error listing the levels.
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown AI difficulty {s:?}: expected rookie, amateur, pro or ace"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_by_name_and_refuse_others_by_name() {
        for d in AiDifficulty::ALL {
            assert_eq!(d.name().parse::<AiDifficulty>(), Ok(d));
        }
        assert_eq!("ACE".parse::<AiDifficulty>(), Ok(AiDifficulty::Ace));
        let err = "godlike".parse::<AiDifficulty>().unwrap_err();
        assert!(err.contains("godlike") && err.contains("rookie"), "{err}");
    }

    #[test]
    fn lower_levels_are_slower_and_wander_more() {
        for pair in AiDifficulty::ALL.windows(2) {
            assert!(pair[0].speed_scale() < pair[1].speed_scale(), "{pair:?}");
            assert!(pair[0].wander_m() > pair[1].wander_m(), "{pair:?}");
        }
        assert_eq!(AiDifficulty::Ace.settings(7), AiSettings::default());
    }

    #[test]
    fn lower_levels_race_more_cautiously() {
        for pair in AiDifficulty::ALL.windows(2) {
            let (low, high) = (pair[0].racecraft(), pair[1].racecraft());
            assert!(low.time_gap_s > high.time_gap_s, "{pair:?}");
            assert!(low.pass_margin > high.pass_margin, "{pair:?}");
            assert!(low.lateral_mps < high.lateral_mps, "{pair:?}");
            assert!(high.defends, "{pair:?}");
        }
        assert!(!AiDifficulty::Rookie.racecraft().defends);
        assert_eq!(AiDifficulty::Ace.racecraft(), RacecraftSettings::default());
    }
}
