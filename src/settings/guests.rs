//! What each guest of a split-screen game chose last (`[[guests]]`, one table a seat from
//! player 2 on): their car, paint and assists, offered again when a pad takes that seat,
//! and the seat's own input settings: its bindings (`[guests.pad]`, `[guests.keyboard]`)
//! and its response (`stick_deadzone`, `steer_exponent`, `rumble`... as keys of the seat's
//! table), the game's defaults until that player changes them from the pause menu their
//! pad opened. Only what differs from the defaults is written.
//! A bad entry is left out with a warning naming it; the rest of the settings load.

use super::bindings_table::{self, Table};
use super::input_table::RawResponse;
use crate::assists::AssistPreset;
use crate::input::bindings::Bindings;
use crate::input::InputSettings;
use crate::render::PAINTS;
use serde::{Deserialize, Serialize};

/// Seats after the first (the simulation seats four people).
pub const MAX_GUESTS: usize = 3;

/// One guest seat's last choice.
#[derive(Debug, Clone, PartialEq)]
pub struct GuestSettings {
    /// Their car's name (offered again where it is raced; else the page's first car).
    pub car: String,
    /// Their paint, an index into render's palette.
    pub paint: usize,
    /// Their assists.
    pub assists: AssistPreset,
    /// Their keys and buttons, stick and trigger response, keyboard steering and rumble.
    pub input: InputSettings,
}

impl GuestSettings {
    /// Whether `other` chose the same car, paint and assists (what the car select offers
    /// again; the input settings are the pause menu's).
    pub fn same_choice(&self, other: &GuestSettings) -> bool {
        (&self.car, self.paint, self.assists) == (&other.car, other.paint, other.assists)
    }
}

/// `[[guests]]` as the file holds it.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
#[serde(default)]
pub(super) struct RawGuest {
    car: String,
    paint: String,
    assists: String,
    /// Only what differs from the defaults is written (a seat never rebound writes none).
    #[serde(skip_serializing_if = "Table::is_empty")]
    keyboard: Table,
    #[serde(skip_serializing_if = "Table::is_empty")]
    pad: Table,
    /// Only what differs from the defaults is written (a seat never tuned writes none).
    #[serde(flatten)]
    response: RawResponse,
}

/// The file's guest tables, each checked; a bad one is dropped with a warning in
/// `warnings` (seats after it move up: their choices are still theirs to change).
pub(super) fn from_raw(file: &str, raw: &[RawGuest], warnings: &mut Vec<String>) -> Vec<GuestSettings> {
    let mut guests = Vec::with_capacity(MAX_GUESTS);
    for (i, g) in raw.iter().enumerate() {
        let paint = PAINTS.iter().position(|(n, _)| *n == g.paint);
        let assists = AssistPreset::named(&g.assists);
        let section = format!("guests[{i}]");
        let input = bindings_table::from_tables(&section, &g.keyboard, &g.pad)
            .and_then(|bindings| g.response.read(&section, bindings));
        let problem = match (paint, assists, input) {
            _ if i >= MAX_GUESTS => Some(format!("at most {MAX_GUESTS} guests")),
            _ if g.car.trim().is_empty() => Some("no car".to_string()),
            (None, _, _) => Some(format!("unknown paint `{}`", g.paint)),
            (_, None, _) => Some(format!("assists must be all, abs_tcs or off, got `{}`", g.assists)),
            (_, _, Err(e)) => Some(e),
            (Some(paint), Some(assists), Ok(input)) => {
                guests.push(GuestSettings {
                    car: g.car.trim().to_string(),
                    paint,
                    assists,
                    input,
                });
                None
            }
        };
        if let Some(p) = problem {
            warnings.push(format!("{file}: guests[{i}] left out: {p}"));
        }
    }
    guests
}

/// The guests' tables as this build writes them.
pub(super) fn to_raw(guests: &[GuestSettings]) -> Vec<RawGuest> {
    guests
        .iter()
        .map(|g| {
            let (keyboard, pad) = changed_tables(&g.input.bindings);
            RawGuest {
                car: g.car.clone(),
                paint: PAINTS.get(g.paint).map_or("red", |(n, _)| n).to_string(),
                assists: g.assists.name().to_string(),
                keyboard,
                pad,
                response: RawResponse::changed(&g.input),
            }
        })
        .collect()
}

/// The actions `b` binds otherwise than the defaults, keyboard and pad (read back on the
/// defaults, they give `b` again).
fn changed_tables(b: &Bindings) -> (Table, Table) {
    let (mut keyboard, mut pad) = bindings_table::to_tables(b);
    let (default_keyboard, default_pad) = bindings_table::to_tables(&Bindings::default());
    keyboard.retain(|action, keys| default_keyboard.get(action) != Some(keys));
    pad.retain(|action, buttons| default_pad.get(action) != Some(buttons));
    (keyboard, pad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::bindings::{button_named, Action};
    use crate::settings::Settings;

    #[test]
    fn each_guest_seats_choice_is_written_and_read_back() {
        // Player 2 moved the handbrake to the pad's X, unbound the keyboard's reset, widened
        // the stick's deadzone for a worn pad and turned rumble off.
        let mut tuned = InputSettings::default();
        tuned
            .bindings
            .buttons
            .insert(Action::HandBrake, vec![button_named("West").unwrap()]);
        tuned.bindings.keys.insert(Action::Reset, vec![]);
        tuned.stick_deadzone = 0.25;
        tuned.rumble = false;
        let s = Settings {
            guests: vec![
                GuestSettings {
                    car: "sedan".into(),
                    paint: 3,
                    assists: AssistPreset::Off,
                    input: tuned,
                },
                GuestSettings {
                    car: "coupe".into(),
                    paint: 0,
                    assists: AssistPreset::BrakesAndTraction,
                    input: InputSettings::default(),
                },
            ],
            ..Settings::default()
        };
        let text = s.to_toml();
        // Only what the seat changed: its deadzone and rumble, no other response value.
        assert!(text.contains("stick_deadzone = 0.25\nrumble = false\n"), "{text}");
        assert_eq!(
            text.matches("stick_deadzone").count(),
            2,
            "[input]'s and the first seat's: {text}"
        );
        assert_eq!(text.matches("steer_exponent").count(), 1, "[input]'s alone: {text}");
        assert!(
            text.contains("[[guests]]") && text.contains("assists = \"abs_tcs\""),
            "{text}"
        );
        // Only what the seat changed is written: the rebound handbrake, the unbound reset.
        assert!(text.contains("[guests.pad]\nhand_brake = [\"West\"]"), "{text}");
        assert!(text.contains("[guests.keyboard]\nreset = []"), "{text}");
        assert_eq!(
            text.matches("[guests.pad]").count(),
            1,
            "the second seat rebound nothing: {text}"
        );
        let (back, warnings) = Settings::parse("s.toml", &text);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(back, s);
        // No guests yet: nothing written that a player would have to read past.
        assert!(!Settings::default().to_toml().contains("[[guests]]"));
    }

    #[test]
    fn a_bad_guest_table_is_left_out_by_name_and_the_rest_load() {
        let text = "[player]\nname = \"Ana\"\n\n[[guests]]\ncar = \"sedan\"\npaint = \"mauve\"\nassists = \"all\"\n\n\
                    [[guests]]\ncar = \"coupe\"\npaint = \"blue\"\nassists = \"some\"\n\n\
                    [[guests]]\ncar = \"buggy\"\npaint = \"blue\"\nassists = \"off\"\n";
        let (s, warnings) = Settings::parse("s.toml", text);
        assert_eq!(s.player.name, "Ana", "the rest of the file loads");
        assert_eq!(s.guests.len(), 1);
        assert_eq!(
            (s.guests[0].car.as_str(), s.guests[0].assists),
            ("buggy", AssistPreset::Off)
        );
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(
            warnings[0].contains("guests[0]") && warnings[0].contains("mauve"),
            "{warnings:?}"
        );
        assert!(
            warnings[1].contains("guests[1]") && warnings[1].contains("some"),
            "{warnings:?}"
        );
    }

    #[test]
    fn a_guest_seats_response_out_of_range_is_left_out_naming_it() {
        let text = "[[guests]]\ncar = \"sedan\"\npaint = \"blue\"\nassists = \"all\"\nrumble_strength = nan\n\n\
                    [[guests]]\ncar = \"coupe\"\npaint = \"red\"\nassists = \"off\"\nsteer_exponent = 2.5\n";
        let (s, warnings) = Settings::parse("s.toml", text);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains("guests[0].rumble_strength") && warnings[0].contains("NaN"),
            "{warnings:?}"
        );
        // The other seat loads, its curve its own and the rest the defaults.
        assert_eq!(s.guests.len(), 1);
        assert_eq!(s.guests[0].input.steer_exponent, 2.5);
        assert_eq!(
            s.guests[0].input.stick_deadzone,
            InputSettings::default().stick_deadzone
        );
    }

    #[test]
    fn a_guest_seat_binding_an_unknown_button_is_left_out_naming_it() {
        let text = "[[guests]]\ncar = \"sedan\"\npaint = \"blue\"\nassists = \"all\"\n\n\
                    [guests.pad]\nhand_brake = [\"Z9\"]\n";
        let (s, warnings) = Settings::parse("s.toml", text);
        assert!(s.guests.is_empty());
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains("guests[0].pad.hand_brake") && warnings[0].contains("Z9"),
            "{warnings:?}"
        );
    }
}
