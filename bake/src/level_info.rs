//! What the level select says about a level: the name players know it by, where it is, what
//! kind of place it is, and how many corners it has (`[info]` in `level.toml`).
//!
//! Every key is optional. A level without them still reads well: its directory name made
//! into words ("proving_ground" → "Proving ground"), its kind from what it holds (a
//! challenge, else a track, else a test ground), its corners counted on its centre line.

use crate::validate::Validator;
use crate::ContentError;
use serde::Deserialize;

/// `[info]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawInfo {
    name: Option<String>,
    place: Option<String>,
    country: Option<String>,
    kind: Option<LevelKind>,
    corners: Option<u32>,
}

/// Which group of the level select a level is listed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LevelKind {
    /// A racing circuit: laps, races, records.
    Circuit,
    /// A scenario with medals to win.
    Challenge,
    /// A place to try the car: skid pads, ramps, surfaces.
    TestGround,
}

impl LevelKind {
    /// In the order the level select lists its groups.
    pub const ALL: [LevelKind; 3] = [LevelKind::Circuit, LevelKind::Challenge, LevelKind::TestGround];

    /// The group's heading.
    pub fn heading(self) -> &'static str {
        match self {
            LevelKind::Circuit => "Circuits",
            LevelKind::Challenge => "Challenges",
            LevelKind::TestGround => "Test grounds",
        }
    }
}

/// The level's name and facts as players read them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelInfo {
    /// The name players know ("Circuit Gilles Villeneuve"); never the file name.
    pub name: String,
    /// The town or region ("Montreal"), when it is a real place.
    pub place: Option<String>,
    /// The country, when it is a real place.
    pub country: Option<String>,
    /// Its group in the level select.
    pub kind: LevelKind,
    /// Corners in a lap: the circuit's own count when `[info]` gives it, else counted on
    /// the centre line (None without a track).
    pub corners: Option<u32>,
}

/// Longest name, place or country, characters: longer would not fit the level select's
/// list at 640×480.
const MAX_TEXT_CHARS: usize = 40;

/// What a level holds that decides its defaults.
pub(crate) struct Holds {
    pub has_challenge: bool,
    pub has_track: bool,
    pub counted_corners: Option<u32>,
}

impl LevelInfo {
    /// Validates `raw` (`info.*` in errors), filling what it leaves out from the level's
    /// directory `dir_name` and what it `holds`.
    pub(crate) fn validate(
        raw: &RawInfo,
        v: &Validator,
        dir_name: &str,
        holds: Holds,
    ) -> Result<LevelInfo, ContentError> {
        let text = |field: &str, t: &Option<String>| -> Result<Option<String>, ContentError> {
            match t {
                None => Ok(None),
                Some(t) if t.trim().is_empty() => Err(v.fail(field, "must not be empty")),
                Some(t) if t.chars().count() > MAX_TEXT_CHARS => {
                    Err(v.fail(field, format!("at most {MAX_TEXT_CHARS} characters")))
                }
                Some(t) if t.chars().any(char::is_control) => Err(v.fail(field, "must be one line of text")),
                Some(t) => Ok(Some(t.trim().to_string())),
            }
        };
        let kind = raw.kind.unwrap_or(if holds.has_challenge {
            LevelKind::Challenge
        } else if holds.has_track {
            LevelKind::Circuit
        } else {
            LevelKind::TestGround
        });
        if raw.corners.is_some() && !holds.has_track {
            return Err(v.fail("info.corners", "only a level with a [track] has corners"));
        }
        if raw.corners == Some(0) {
            return Err(v.fail("info.corners", "a lap has at least one corner"));
        }
        Ok(LevelInfo {
            name: text("info.name", &raw.name)?.unwrap_or_else(|| words(dir_name)),
            place: text("info.place", &raw.place)?,
            country: text("info.country", &raw.country)?,
            kind,
            corners: raw.corners.or(holds.counted_corners),
        })
    }

    /// A level built in code, named `name`.
    pub fn named(name: &str, kind: LevelKind) -> LevelInfo {
        LevelInfo {
            name: words(name),
            place: None,
            country: None,
            kind,
            corners: None,
        }
    }

    /// Where the level stands in a list of levels: by group (`LevelKind`'s order), then by
    /// the name players know, letter case aside. The level select and `skidpad levels`
    /// both list by it.
    pub fn listing_key(&self) -> (LevelKind, String) {
        (self.kind, self.name.to_lowercase())
    }

    /// "Montreal, Canada", or what of it is known.
    pub fn location(&self) -> Option<String> {
        match (&self.place, &self.country) {
            (Some(p), Some(c)) => Some(format!("{p}, {c}")),
            (Some(x), None) | (None, Some(x)) => Some(x.clone()),
            (None, None) => None,
        }
    }
}

/// A directory name as words: `proving_ground` → "Proving ground".
fn words(dir_name: &str) -> String {
    let spaced = dir_name.replace(['_', '-'], " ");
    let mut chars = spaced.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::from("Unnamed level"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds(has_challenge: bool, has_track: bool) -> Holds {
        Holds {
            has_challenge,
            has_track,
            counted_corners: has_track.then_some(9),
        }
    }

    #[test]
    fn a_level_without_info_reads_its_directory_name_as_words_and_its_kind_from_what_it_holds() {
        let v = Validator::new("levels/proving_ground/level.toml");
        let raw = RawInfo::default();
        let ground = LevelInfo::validate(&raw, &v, "proving_ground", holds(false, false)).unwrap();
        assert_eq!(ground.name, "Proving ground");
        assert_eq!(ground.kind, LevelKind::TestGround);
        assert_eq!(ground.corners, None);
        let slip = LevelInfo::validate(&raw, &v, "slip", holds(true, false)).unwrap();
        assert_eq!((slip.name.as_str(), slip.kind), ("Slip", LevelKind::Challenge));
        let track = LevelInfo::validate(&raw, &v, "my-track", holds(false, true)).unwrap();
        assert_eq!((track.name.as_str(), track.kind), ("My track", LevelKind::Circuit));
        assert_eq!(track.corners, Some(9), "counted on the centre line");
    }

    #[test]
    fn given_facts_win_over_the_counted_ones() {
        let v = Validator::new("levels/montreal/level.toml");
        let raw: RawInfo = toml::from_str(
            "name = \"Circuit Gilles Villeneuve\"\nplace = \"Montreal\"\ncountry = \"Canada\"\nkind = \"circuit\"\ncorners = 14",
        )
        .unwrap();
        let info = LevelInfo::validate(&raw, &v, "montreal", holds(false, true)).unwrap();
        assert_eq!(info.name, "Circuit Gilles Villeneuve");
        assert_eq!(info.corners, Some(14));
        assert_eq!(info.location().as_deref(), Some("Montreal, Canada"));
    }

    #[test]
    fn bad_facts_are_refused_naming_the_field() {
        let v = Validator::new("levels/x/level.toml");
        let bad = |toml_text: &str, has_track: bool| {
            let raw: RawInfo = toml::from_str(toml_text).unwrap();
            LevelInfo::validate(&raw, &v, "x", holds(false, has_track))
                .unwrap_err()
                .to_string()
        };
        assert!(bad("name = \"  \"", true).contains("info.name"));
        assert!(bad("corners = 0", true).contains("info.corners"));
        assert!(bad("corners = 4", false).contains("info.corners"));
        assert!(bad(&format!("country = \"{}\"", "x".repeat(41)), true).contains("info.country"));
        assert!(bad("place = \"a\\nb\"", true).contains("info.place"));
        assert!(
            toml::from_str::<RawInfo>("kind = \"arena\"").is_err(),
            "an unknown kind is refused"
        );
    }
}
