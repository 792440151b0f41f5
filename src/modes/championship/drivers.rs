//! A season's field: the player and AI drivers with generated names (a first name and a
//! surname drawn without repeats from lists across many countries, as a grid of drivers
//! reads; the surnames are no famous driver's), each with their own paint, car and skill kept through the season.
//! Drawn from the season's seed, so a season saved and continued has the same field.

use crate::ai::AiDifficulty;
use serde::{Deserialize, Serialize};

const FIRST_NAMES: [&str; 48] = [
    "Alain",
    "Ayrton",
    "Nico",
    "Kimi",
    "Mika",
    "Jenson",
    "Lewis",
    "Sebastian",
    "Fernando",
    "Valtteri",
    "Charles",
    "Carlos",
    "Lando",
    "Oscar",
    "Pierre",
    "Esteban",
    "Yuki",
    "Kamui",
    "Sergio",
    "Mateo",
    "Daniel",
    "Mark",
    "Jacques",
    "Gilles",
    "Emerson",
    "Niki",
    "Jochen",
    "Jackie",
    "Graham",
    "Damon",
    "Rubens",
    "Felipe",
    "Juan",
    "Alessandro",
    "Giancarlo",
    "Michele",
    "Heikki",
    "Keke",
    "Stefan",
    "Jean",
    "Sophia",
    "Jamie",
    "Alice",
    "Tatiana",
    "Lella",
    "Desiré",
    "Abbi",
    "Marta",
];

const SURNAMES: [&str; 48] = [
    "Moreau",
    "Santos",
    "Keller",
    "Lindqvist",
    "Virtanen",
    "Barclay",
    "Hartwell",
    "Brandt",
    "Ortega",
    "Niemi",
    "Duval",
    "Serrano",
    "Whitmore",
    "Pastore",
    "Gasnier",
    "Okada",
    "Tanaka",
    "Morales",
    "Ricci",
    "Weiss",
    "Valmont",
    "Figueira",
    "Lehner",
    "Reiter",
    "Stanton",
    "Hollis",
    "Barros",
    "Massaro",
    "Ferreira",
    "Zanetti",
    "Falcone",
    "Albani",
    "Koskinen",
    "Rosendahl",
    "Jansson",
    "Aubert",
    "Fournier",
    "Kruger",
    "Novak",
    "Pavlov",
    "Dimitrov",
    "Kowalski",
    "Andersen",
    "Haugen",
    "O'Connell",
    "MacLeod",
    "Castro",
    "Saito",
];

/// One driver of a season.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Driver {
    /// The name players read.
    pub name: String,
    /// A person at the screen (drivers `0..players`: the first player, then each guest of
    /// a split-screen season), not the AI.
    pub is_player: bool,
    /// The car they drive all season.
    pub car: String,
    /// Which AI paint they wear all season (render's palette, in turn; the player wears
    /// their own).
    pub paint_slot: usize,
    /// How well they drive (the player's is unused).
    pub skill: AiDifficulty,
    /// A guest's paint, an index into render's palette, kept all season (None: the first
    /// player's paint is the settings', and the AI wear their slot). Left out of a save
    /// when None, so a one-player season saves as it always did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paint: Option<usize>,
}

/// A person starting a season: their name, their car, and (a guest's) their paint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonPlayer {
    /// The name the tables show.
    pub name: String,
    /// The car they drive all season.
    pub car: String,
    /// A guest's paint (index into render's palette); None for the first player.
    pub paint: Option<usize>,
}

impl SeasonPlayer {
    /// A player named `name` in `car`, in their own paint.
    pub fn new(name: &str, car: &str) -> Self {
        Self {
            name: name.to_string(),
            car: car.to_string(),
            paint: None,
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// 2014): a well-mixed stream from one seed.
#[derive(Debug, Clone)]
pub struct SeasonRng(u64);

impl SeasonRng {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// The field of `field` drivers: the player (named `player_name`, in `player_car`) first,
/// then AI drivers with names drawn from `seed`, each in the first of `cars` (the class's
/// reference car), their skills from `skill_of(k, count)` (quickest first).
pub fn generate_field(
    seed: u64,
    field: usize,
    player_name: &str,
    player_car: &str,
    cars: &[String],
    skill_of: impl Fn(usize, usize) -> AiDifficulty,
) -> Vec<Driver> {
    generate_field_of(
        seed,
        field,
        &[SeasonPlayer::new(player_name, player_car)],
        cars,
        skill_of,
    )
}

/// As [`generate_field`] with every person at the screen first (`players`, in seat order),
/// the AI filling the rest of the `field`. The AI's names, paints and skills are drawn
/// as they are with one player, so a field of one player is the field it always was.
pub fn generate_field_of(
    seed: u64,
    field: usize,
    players: &[SeasonPlayer],
    cars: &[String],
    skill_of: impl Fn(usize, usize) -> AiDifficulty,
) -> Vec<Driver> {
    let mut rng = SeasonRng::new(seed);
    let mut drivers: Vec<Driver> = players
        .iter()
        .map(|p| Driver {
            name: p.name.clone(),
            is_player: true,
            car: p.car.clone(),
            paint_slot: 0,
            skill: AiDifficulty::Ace,
            paint: p.paint,
        })
        .collect();
    let first_car = players.first().map_or("", |p| p.car.as_str());
    let ai = field.saturating_sub(players.len().max(1));
    let mut used_surnames: Vec<usize> = Vec::with_capacity(ai);
    for k in 0..ai {
        let first = FIRST_NAMES[rng.below(FIRST_NAMES.len())];
        // Surnames do not repeat within a field while the list lasts.
        let mut s = rng.below(SURNAMES.len());
        while used_surnames.contains(&s) && used_surnames.len() < SURNAMES.len() {
            s = (s + 1) % SURNAMES.len();
        }
        used_surnames.push(s);
        drivers.push(Driver {
            name: format!("{first} {}", SURNAMES[s]),
            is_player: false,
            // The whole AI field drives the class's first car: one racing line serves a
            // field (the player may choose any car of the class).
            car: cars.first().cloned().unwrap_or_else(|| first_car.to_string()),
            paint_slot: k,
            skill: skill_of(k, ai),
            paint: None,
        });
    }
    drivers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(seed: u64) -> Vec<Driver> {
        let cars = vec!["coupe".to_string(), "electric".to_string()];
        generate_field(seed, 8, "You", "coupe", &cars, |k, _| {
            if k < 3 {
                AiDifficulty::Pro
            } else {
                AiDifficulty::Rookie
            }
        })
    }

    #[test]
    fn a_field_has_the_player_first_and_named_ai_drivers_that_stay_the_same_for_a_seed() {
        let f = field(7);
        assert_eq!(f.len(), 8);
        assert!(f[0].is_player && f[0].name == "You");
        assert!(f[1..].iter().all(|d| !d.is_player));
        // Names are a first name and a surname, never "AI 3", and no surname twice.
        for d in &f[1..] {
            assert_eq!(d.name.split(' ').count(), 2, "{}", d.name);
            assert!(!d.name.starts_with("AI"), "{}", d.name);
        }
        let mut surnames: Vec<&str> = f[1..].iter().map(|d| d.name.split(' ').nth(1).unwrap()).collect();
        surnames.sort_unstable();
        surnames.dedup();
        assert_eq!(surnames.len(), 7);
        // The same seed, the same field; another seed, another.
        assert_eq!(field(7), f);
        assert_ne!(field(8), f);
        // The class's first car for every AI driver, each its own paint, skills as asked.
        assert!(f[1..].iter().all(|d| d.car == "coupe"));
        let slots: Vec<usize> = f[1..].iter().map(|d| d.paint_slot).collect();
        assert_eq!(slots, (0..7).collect::<Vec<_>>());
        assert_eq!(f[3].skill, AiDifficulty::Pro);
        assert_eq!(f[4].skill, AiDifficulty::Rookie);
    }

    #[test]
    fn guests_take_the_first_places_and_the_ai_fill_the_rest_as_with_one_player() {
        let cars = vec!["coupe".to_string()];
        let skill = |_: usize, _: usize| AiDifficulty::Pro;
        let mut guest = SeasonPlayer::new("Player 2", "electric");
        guest.paint = Some(4);
        let f = generate_field_of(7, 8, &[SeasonPlayer::new("You", "coupe"), guest], &cars, skill);
        assert_eq!(f.len(), 8, "the cup's field, people included");
        assert!(f[0].is_player && f[1].is_player && !f[2].is_player);
        assert_eq!(
            (f[1].name.as_str(), f[1].car.as_str(), f[1].paint),
            ("Player 2", "electric", Some(4))
        );
        // The AI are drawn as they are with one player: the same names in the same order.
        let solo = generate_field(7, 8, "You", "coupe", &cars, skill);
        let names = |f: &[Driver]| {
            f.iter()
                .filter(|d| !d.is_player)
                .map(|d| d.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&f)[..], names(&solo)[..6]);
    }
}
