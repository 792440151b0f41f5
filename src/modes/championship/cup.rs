//! A cup: a championship's rounds, the cars it is raced in, its field and how well the AI
//! drives, from `content/cups/NAME.toml` (see `content/cups/README.md`); the points table
//! from `content/cups/points.toml`.
//!
//! A cup that names a level or a car the content lacks is refused with the file and the
//! field, so a season never starts that cannot be finished.

use super::standings::PointsTable;
use crate::ai::AiDifficulty;
use crate::content::toml_file::parse_bytes;
use crate::content::validate::Validator;
use crate::content::{ContentError, ContentRoot};
use serde::Deserialize;

/// Most rounds a cup may have (a long season is 25: one a circuit).
pub const MAX_ROUNDS: usize = 40;
/// Largest field, the player included (the grid's and the sound's capacity).
pub const MAX_FIELD: usize = 16;
/// Most laps a round may ask for.
pub const MAX_LAPS: u32 = 50;

/// One round: a level raced for a number of laps.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// Level name (a circuit).
    pub level: String,
    /// Laps to race.
    pub laps: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCup {
    title: String,
    description: String,
    class: String,
    cars: Vec<String>,
    field: usize,
    skill: String,
    #[serde(default)]
    skill_spread: usize,
    rounds: Vec<Round>,
}

/// A validated cup.
#[derive(Debug, Clone, PartialEq)]
pub struct CupDef {
    /// File stem (`rookie`), what a save names.
    pub name: String,
    /// What players read ("Rookie Cup").
    pub title: String,
    /// One line under it.
    pub description: String,
    /// The class's name ("Arcade", "Saloons").
    pub class: String,
    /// The cars of the class: the player chooses one, the AI field drives the first.
    pub cars: Vec<String>,
    /// Cars in each race, the player's included.
    pub field: usize,
    /// How well the quickest AI drivers drive.
    pub skill: AiDifficulty,
    /// Steps of difficulty from the quickest AI drivers down to the slowest (0: all alike),
    /// so places change through a season.
    pub skill_spread: usize,
    /// The rounds, in order.
    pub rounds: Vec<Round>,
}

impl CupDef {
    /// Parses and checks `bytes` (`file` names it in errors) against the content's
    /// `levels` and `cars`.
    pub fn parse(
        name: &str,
        file: &str,
        bytes: &[u8],
        levels: &[String],
        cars: &[String],
    ) -> Result<Self, ContentError> {
        let raw: RawCup = parse_bytes(file, bytes)?;
        let v = Validator::new(file);
        if raw.title.trim().is_empty() {
            return Err(v.fail("title", "must not be empty"));
        }
        if raw.cars.is_empty() {
            return Err(v.fail("cars", "must name at least one car"));
        }
        for (i, car) in raw.cars.iter().enumerate() {
            if !cars.contains(car) {
                return Err(v.fail(
                    &format!("cars[{i}]"),
                    format!("unknown car `{car}` (known: {})", cars.join(", ")),
                ));
            }
        }
        if !(2..=MAX_FIELD).contains(&raw.field) {
            return Err(v.fail("field", format!("must be 2 to {MAX_FIELD} cars, got {}", raw.field)));
        }
        let skill: AiDifficulty = raw.skill.parse().map_err(|e: String| v.fail("skill", e))?;
        if raw.skill_spread >= AiDifficulty::ALL.len() {
            return Err(v.fail(
                "skill_spread",
                format!("must be 0 to {}, got {}", AiDifficulty::ALL.len() - 1, raw.skill_spread),
            ));
        }
        if raw.rounds.is_empty() || raw.rounds.len() > MAX_ROUNDS {
            return Err(v.fail("rounds", format!("must be 1 to {MAX_ROUNDS}, got {}", raw.rounds.len())));
        }
        for (i, r) in raw.rounds.iter().enumerate() {
            if !levels.contains(&r.level) {
                return Err(v.fail(&format!("rounds[{i}].level"), format!("unknown level `{}`", r.level)));
            }
            if !(1..=MAX_LAPS).contains(&r.laps) {
                return Err(v.fail(
                    &format!("rounds[{i}].laps"),
                    format!("must be 1 to {MAX_LAPS}, got {}", r.laps),
                ));
            }
        }
        Ok(Self {
            name: name.to_string(),
            title: raw.title,
            description: raw.description,
            class: raw.class,
            cars: raw.cars,
            field: raw.field,
            skill,
            skill_spread: raw.skill_spread,
            rounds: raw.rounds,
        })
    }

    /// The difficulty of the `k`-th of `count` AI drivers, quickest first: spread evenly
    /// over `skill_spread` steps below `skill`.
    pub fn driver_skill(&self, k: usize, count: usize) -> AiDifficulty {
        let top = AiDifficulty::ALL.iter().position(|d| *d == self.skill).unwrap_or(0);
        let spread = self.skill_spread.min(top);
        let step = if count > 1 { k * (spread + 1) / count } else { 0 };
        AiDifficulty::ALL[top - step.min(spread)]
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPoints {
    points: Vec<u32>,
}

/// Parses `content/cups/points.toml`: `points = [25, 18, ...]`, first place first, each
/// no more than the one before.
pub fn parse_points(file: &str, bytes: &[u8]) -> Result<PointsTable, ContentError> {
    let raw: RawPoints = parse_bytes(file, bytes)?;
    let v = Validator::new(file);
    if raw.points.is_empty() || raw.points.len() > MAX_FIELD {
        return Err(v.fail("points", format!("must give 1 to {MAX_FIELD} places")));
    }
    if raw.points.windows(2).any(|w| w[1] > w[0]) {
        return Err(v.fail("points", "a place may not score more than the one before it"));
    }
    Ok(PointsTable(raw.points))
}

/// Every cup in `root` (`cups/*.toml` but `points.toml`), by file name, and the points
/// table; the first cup that does not load is the error.
pub fn load_cups(
    root: &ContentRoot,
    levels: &[String],
    cars: &[String],
) -> Result<(Vec<CupDef>, PointsTable), ContentError> {
    let points = parse_points(&root.label("cups/points.toml"), &root.read("cups/points.toml")?)?;
    let mut cups = Vec::new();
    for rel in root.list("cups") {
        let Some(stem) = rel.strip_prefix("cups/").and_then(|f| f.strip_suffix(".toml")) else {
            continue;
        };
        if stem == "points" || stem.contains('/') {
            continue;
        }
        cups.push(CupDef::parse(stem, &root.label(&rel), &root.read(&rel)?, levels, cars)?);
    }
    Ok((cups, points))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels() -> Vec<String> {
        vec!["circuit".into(), "monza".into()]
    }

    fn cars() -> Vec<String> {
        vec!["coupe".into(), "sedan".into()]
    }

    const CUP: &str = "title = \"Test Cup\"\ndescription = \"d\"\nclass = \"Arcade\"\ncars = [\"coupe\"]\n\
                       field = 6\nskill = \"pro\"\nskill_spread = 2\n\
                       [[rounds]]\nlevel = \"circuit\"\nlaps = 2\n[[rounds]]\nlevel = \"monza\"\nlaps = 1\n";

    fn parse(text: &str) -> Result<CupDef, ContentError> {
        CupDef::parse("test", "cups/test.toml", text.as_bytes(), &levels(), &cars())
    }

    #[test]
    fn a_cup_parses_with_its_rounds() {
        let c = parse(CUP).unwrap();
        assert_eq!((c.field, c.skill, c.rounds.len()), (6, AiDifficulty::Pro, 2));
        assert_eq!(
            c.rounds[1],
            Round {
                level: "monza".into(),
                laps: 1
            }
        );
    }

    #[test]
    fn a_bad_cup_is_refused_naming_the_file_and_field() {
        for (from, to, field) in [
            ("level = \"monza\"", "level = \"atlantis\"", "rounds[1].level"),
            ("laps = 2", "laps = 0", "rounds[0].laps"),
            ("cars = [\"coupe\"]", "cars = [\"tank\"]", "cars[0]"),
            ("cars = [\"coupe\"]", "cars = []", "cars"),
            ("field = 6", "field = 1", "field"),
            ("field = 6", "field = 40", "field"),
            ("skill = \"pro\"", "skill = \"godlike\"", "skill"),
            ("skill_spread = 2", "skill_spread = 9", "skill_spread"),
        ] {
            let e = parse(&CUP.replace(from, to)).unwrap_err();
            assert_eq!(e.field, field, "{to}: {e}");
            assert!(e.to_string().contains("cups/test.toml"), "{e}");
        }
    }

    #[test]
    fn the_field_spreads_from_the_cups_skill_down() {
        let c = parse(CUP).unwrap();
        // Five AI drivers over pro, amateur, rookie: quickest first.
        let skills: Vec<AiDifficulty> = (0..5).map(|k| c.driver_skill(k, 5)).collect();
        use AiDifficulty::*;
        assert_eq!(skills, [Pro, Pro, Amateur, Amateur, Rookie]);
        // No spread: all alike.
        let flat = parse(&CUP.replace("skill_spread = 2", "skill_spread = 0")).unwrap();
        assert!((0..5).all(|k| flat.driver_skill(k, 5) == Pro));
    }

    #[test]
    fn points_must_not_rise_down_the_places() {
        let t = parse_points("p.toml", b"points = [10, 6, 4]").unwrap();
        assert_eq!(t.for_position(2), 6);
        assert!(parse_points("p.toml", b"points = [10, 12]").is_err());
        assert!(parse_points("p.toml", b"points = []").is_err());
    }
}

#[cfg(test)]
mod shipped {
    use super::*;
    use crate::content::level_names;
    use crate::vehicle::CarDef;

    #[test]
    fn every_shipped_cup_loads_from_a_short_one_to_a_season_of_every_circuit() {
        let root = ContentRoot::Embedded;
        let (cups, points) = load_cups(&root, &level_names(&root), &CarDef::names(&root)).unwrap();
        assert_eq!(
            points,
            PointsTable::default(),
            "content/cups/points.toml is the FIA table"
        );
        let rounds: Vec<(&str, usize)> = cups.iter().map(|c| (c.name.as_str(), c.rounds.len())).collect();
        assert!(rounds.len() >= 3, "{rounds:?}");
        assert!(rounds.iter().any(|&(_, n)| n <= 3), "a short cup: {rounds:?}");
        assert!(rounds.iter().any(|&(_, n)| n >= 20), "a long season: {rounds:?}");
    }
}
