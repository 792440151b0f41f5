//! The people playing one screen together, as the car select seats them: the first player
//! drives the menu; every other controller's A (the keyboard's Enter) joins, up to four.
//! Each guest chooses on their own controller, without taking the menu from anyone: ◀ ▶
//! their car, ▲ ▼ their paint, (X) / Tab their assists, (B) / Esc to leave. A pad unplugged
//! on the car select leaves its seat.
//!
//! Which device holds which seat, and the pad seen through two drivers counted once, is
//! [`Seats`]'s job; this is what each guest chose.

use super::Outcome;
use crate::app::menu::{NavAction, Pressed};
pub use crate::assists::AssistPreset;
use crate::input::seats::{InputDevice, Seats};
use crate::input::InputSettings;
use crate::modes::championship::SeasonPlayer;
use crate::render::{NEAR_PAINT, PAINTS};
use crate::settings::GuestSettings;
use skidpad_platform::{Key, PadButton};

/// What a player after the first chose on the car select.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestChoice {
    /// Their car's name.
    pub car: String,
    /// Their paint, an index into [`PAINTS`].
    pub paint: usize,
    /// Their assists.
    pub assists: AssistPreset,
}

impl GuestChoice {
    /// What a shared season keeps for a guest: their car and paint (the first paint when
    /// it kept none), with every assist until they choose.
    pub fn kept(player: &SeasonPlayer) -> GuestChoice {
        GuestChoice {
            car: player.car.clone(),
            paint: player.paint.unwrap_or(0),
            assists: AssistPreset::default(),
        }
    }
}

/// Everyone at the screen: who holds which controller, and what each guest chose.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Party {
    /// The seats: the first player's, then one per guest in order.
    pub seats: Seats,
    /// Guest `g` holds seat `g + 1`.
    pub guests: Vec<GuestChoice>,
}

impl Party {
    /// One player, on `device`.
    pub fn solo(device: InputDevice) -> Party {
        Party {
            seats: Seats::first(device),
            guests: Vec::new(),
        }
    }

    /// People playing.
    pub fn players(&self) -> usize {
        1 + self.guests.len()
    }

    /// The guests as a season's people after the first: "Player 2" and on, each in the
    /// car and paint they chose.
    pub fn season_guests(&self) -> Vec<SeasonPlayer> {
        (self.guests.iter().enumerate())
            .map(|(g, c)| SeasonPlayer {
                name: format!("Player {}", g + 2),
                car: c.car.clone(),
                paint: Some(c.paint),
            })
            .collect()
    }

    /// Gives the seats taken since the last call their guest choices: what that seat chose
    /// last time (`remembered`, the settings' guests: their car where it is among `cars`,
    /// their paint unless someone now wears it), else `cars[0]` in the first paint nobody
    /// wears nor is near the first player's colour (`first_colour`, linear RGB: their
    /// chosen paint or their car's own), with every assist.
    pub fn seat_new_guests(&mut self, cars: &[String], first_colour: [f32; 3], remembered: &[GuestSettings]) {
        let first = glam::Vec3::from(first_colour);
        while self.guests.len() + 1 < self.seats.len() {
            let taken = |i: usize| {
                glam::Vec3::from(PAINTS[i].1).distance(first) <= NEAR_PAINT || self.guests.iter().any(|g| g.paint == i)
            };
            let last = remembered.get(self.guests.len());
            let paint = match last {
                Some(l) if l.paint < PAINTS.len() && !taken(l.paint) => l.paint,
                _ => (0..PAINTS.len()).find(|&i| !taken(i)).unwrap_or(0),
            };
            let car = last
                .map(|l| &l.car)
                .filter(|c| cars.contains(c))
                .or(cars.first())
                .cloned()
                .unwrap_or_default();
            self.guests.push(GuestChoice {
                car,
                paint,
                assists: last.map_or(AssistPreset::default(), |l| l.assists),
            });
        }
    }

    /// Keeps each guest's choice in `remembered` (the settings' guests, seat by seat), for
    /// the next time a pad takes that seat; whether anything changed.
    pub fn remember(&self, remembered: &mut Vec<GuestSettings>) -> bool {
        let mut changed = false;
        for (g, c) in self.guests.iter().enumerate() {
            let kept = GuestSettings {
                car: c.car.clone(),
                paint: c.paint,
                assists: c.assists,
                input: remembered
                    .get(g)
                    .map_or_else(InputSettings::default, |r| r.input.clone()),
            };
            match remembered.get_mut(g) {
                Some(r) if r.same_choice(&kept) => {}
                Some(r) => {
                    *r = kept;
                    changed = true;
                }
                None => {
                    remembered.push(kept);
                    changed = true;
                }
            }
        }
        changed
    }

    /// The first player's pad was unplugged on the page: the first guest moves up to drive
    /// the menu (their own choice gives way to the page's), the others a seat each. False
    /// when nobody is there to move up.
    pub fn first_player_leaves(&mut self) -> bool {
        if self.guests.is_empty() || !self.seats.first_leaves() {
            return false;
        }
        self.guests.remove(0);
        true
    }

    /// Guest `guest` leaves (their pad unplugged, or (B)); those after move up a seat.
    pub fn guest_leaves(&mut self, guest: usize) {
        if guest < self.guests.len() {
            self.guests.remove(guest);
            self.seats.leave(guest + 1);
        }
    }

    /// Guest `guest`'s press on their own controller, with `cars` to choose from.
    pub fn on_guest(&mut self, guest: usize, pressed: Pressed, cars: &[String]) -> Outcome {
        let assists = matches!(pressed, Pressed::Button(PadButton::West, _) | Pressed::Key(Key::Tab, _));
        let Some(choice) = self.guests.get_mut(guest) else {
            return Outcome::Nothing;
        };
        if assists {
            choice.assists = choice.assists.next();
            return Outcome::Moved;
        }
        let step = |i: usize, n: usize, forward: bool| if forward { (i + 1) % n } else { (i + n - 1) % n };
        match pressed.action() {
            Some(a @ (NavAction::Left | NavAction::Right)) if !cars.is_empty() => {
                let i = cars.iter().position(|c| *c == choice.car).unwrap_or(0);
                choice.car = cars[step(i, cars.len(), a == NavAction::Right)].clone();
                Outcome::Moved
            }
            Some(a @ (NavAction::Up | NavAction::Down)) => {
                choice.paint = step(choice.paint, PAINTS.len(), a == NavAction::Down);
                Outcome::Moved
            }
            Some(NavAction::Back) => {
                self.guest_leaves(guest);
                Outcome::Accepted
            }
            _ => Outcome::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skidpad_platform::PadId;

    fn cars() -> Vec<String> {
        ["coupe", "sedan", "buggy"].map(String::from).to_vec()
    }

    fn party_of_three() -> Party {
        let mut party = Party::solo(InputDevice::Pad(PadId(0)));
        party.seats.ask_to_join(InputDevice::Keyboard, PadButton::South);
        party.seats.ask_to_join(InputDevice::Pad(PadId(1)), PadButton::South);
        let mut joined = Vec::new();
        party.seats.end_poll(&mut joined);
        party.seats.end_poll(&mut joined);
        party.seat_new_guests(&cars(), PAINTS[0].1, &[]);
        party
    }

    #[test]
    fn guests_get_the_first_car_and_paints_nobody_wears() {
        let party = party_of_three();
        assert_eq!(party.players(), 3);
        assert_eq!(party.guests[0].car, "coupe");
        assert_eq!(
            (party.guests[0].paint, party.guests[1].paint),
            (1, 2),
            "paint 0 is the first player's"
        );
        let mut blue = Party::solo(InputDevice::Keyboard);
        blue.seats.ask_to_join(InputDevice::Pad(PadId(0)), PadButton::South);
        blue.seats.end_poll(&mut Vec::new());
        blue.seats.end_poll(&mut Vec::new());
        blue.seat_new_guests(&cars(), [0.05, 0.2, 0.72], &[]);
        assert_eq!(blue.guests[0].paint, 0, "red: blue is near the first player's own car");
    }

    #[test]
    fn a_guest_chooses_on_their_own_controller_and_leaves() {
        let mut party = party_of_three();
        let nav = |a| Pressed::Nav(a);
        assert_eq!(party.on_guest(0, nav(NavAction::Left), &cars()), Outcome::Moved);
        assert_eq!(party.guests[0].car, "buggy", "left of the first wraps to the last");
        party.on_guest(1, nav(NavAction::Down), &cars());
        assert_eq!(party.guests[1].paint, 3);
        party.on_guest(1, Pressed::Button(PadButton::West, None), &cars());
        assert_eq!(party.guests[1].assists, AssistPreset::BrakesAndTraction);
        assert!(!party.guests[1].assists.settings().stability_control);
        assert!(party.guests[1].assists.settings().abs);
        party.on_guest(0, nav(NavAction::Back), &cars());
        assert_eq!(party.players(), 2);
        assert_eq!(
            party.seats.device(1),
            Some(InputDevice::Pad(PadId(1))),
            "pad 1 moves up a seat"
        );
        assert_eq!(party.guests[0].paint, 3, "and keeps what they chose");
    }

    #[test]
    fn a_seat_offers_what_it_chose_last_time_where_it_still_can() {
        let mut party = party_of_three();
        party.on_guest(0, Pressed::Nav(NavAction::Right), &cars());
        party.on_guest(1, Pressed::Button(PadButton::West, None), &cars());
        party.on_guest(1, Pressed::Nav(NavAction::Down), &cars());
        let mut remembered = Vec::new();
        assert!(party.remember(&mut remembered));
        assert!(!party.remember(&mut remembered), "nothing new the second time");
        // The next game: the same seats get the same choices back.
        let mut again = Party::solo(InputDevice::Pad(PadId(0)));
        again.seats.ask_to_join(InputDevice::Pad(PadId(1)), PadButton::South);
        again.seats.ask_to_join(InputDevice::Pad(PadId(2)), PadButton::South);
        again.seats.end_poll(&mut Vec::new());
        again.seats.end_poll(&mut Vec::new());
        again.seat_new_guests(&cars(), PAINTS[0].1, &remembered);
        assert_eq!(again.guests, party.guests);
        // A car this page does not offer gives its first; a paint the first player now
        // wears is not given again.
        let mut blue = Party::solo(InputDevice::Keyboard);
        blue.seats.ask_to_join(InputDevice::Pad(PadId(1)), PadButton::South);
        blue.seats.end_poll(&mut Vec::new());
        blue.seats.end_poll(&mut Vec::new());
        let elsewhere = ["sedan".to_string()];
        blue.seat_new_guests(&elsewhere, PAINTS[remembered[0].paint].1, &remembered);
        assert_eq!(blue.guests[0].car, "sedan");
        assert_ne!(blue.guests[0].paint, remembered[0].paint);
        assert_eq!(blue.guests[0].assists, remembered[0].assists);
    }

    #[test]
    fn when_the_first_players_pad_goes_the_next_player_drives_the_menu() {
        let mut party = party_of_three();
        let (second, third) = (party.seats.device(1), party.seats.device(2));
        let kept = party.guests[1].clone();
        assert!(party.first_player_leaves());
        assert_eq!((party.seats.device(0), party.seats.device(1)), (second, third));
        assert_eq!(party.guests, vec![kept], "the third keeps their choice, now player 2's");
        assert!(party.first_player_leaves());
        assert!(!party.first_player_leaves(), "alone: nobody to move up");
        assert_eq!(party.players(), 1);
    }
}
