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
    /// The player (driver 0), not the AI.
    pub is_player: bool,
    /// The car they drive all season.
    pub car: String,
    /// Which AI paint they wear all season (render's palette, in turn; the player wears
    /// their own).
    pub paint_slot: usize,
    /// How well they drive (the player's is unused).
    pub skill: AiDifficulty,
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
    let mut rng = SeasonRng::new(seed);
    let mut drivers = vec![Driver {
        name: player_name.to_string(),
        is_player: true,
        car: player_car.to_string(),
        paint_slot: 0,
        skill: AiDifficulty::Ace,
    }];
    let ai = field.saturating_sub(1);
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
            car: cars.first().cloned().unwrap_or_else(|| player_car.to_string()),
            paint_slot: k,
            skill: skill_of(k, ai),
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
}
