//! What each guest of a split-screen game chose last (`[[guests]]`, one table a seat from
//! player 2 on): their car, paint and assists, offered again when a pad takes that seat,
//! and the seat's own bindings (`[guests.pad]`, `[guests.keyboard]`: the game's defaults
//! until that player rebinds a control from the pause menu their pad opened).
//! A bad entry is left out with a warning naming it; the rest of the settings load.

use super::bindings_table::{self, Table};
use crate::assists::AssistPreset;
use crate::input::bindings::Bindings;
use crate::render::PAINTS;
use serde::{Deserialize, Serialize};

/// Seats after the first (the simulation seats four people).
pub const MAX_GUESTS: usize = 3;

/// One guest seat's last choice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestSettings {
    /// Their car's name (offered again where it is raced; else the page's first car).
    pub car: String,
    /// Their paint, an index into render's palette.
    pub paint: usize,
    /// Their assists.
    pub assists: AssistPreset,
    /// Their keys and buttons.
    pub bindings: Bindings,
}

impl GuestSettings {
    /// Whether `other` chose the same car, paint and assists (what the car select offers
    /// again; the bindings are the pause menu's).
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
}

/// The file's guest tables, each checked; a bad one is dropped with a warning in
/// `warnings` (seats after it move up: their choices are still theirs to change).
pub(super) fn from_raw(file: &str, raw: &[RawGuest], warnings: &mut Vec<String>) -> Vec<GuestSettings> {
    let mut guests = Vec::with_capacity(MAX_GUESTS);
    for (i, g) in raw.iter().enumerate() {
        let paint = PAINTS.iter().position(|(n, _)| *n == g.paint);
        let assists = AssistPreset::named(&g.assists);
        let bindings = bindings_table::from_tables(&format!("guests[{i}]"), &g.keyboard, &g.pad);
        let problem = match (paint, assists, bindings) {
            _ if i >= MAX_GUESTS => Some(format!("at most {MAX_GUESTS} guests")),
            _ if g.car.trim().is_empty() => Some("no car".to_string()),
            (None, _, _) => Some(format!("unknown paint `{}`", g.paint)),
            (_, None, _) => Some(format!("assists must be all, abs_tcs or off, got `{}`", g.assists)),
            (_, _, Err(e)) => Some(e),
            (Some(paint), Some(assists), Ok(bindings)) => {
                guests.push(GuestSettings {
                    car: g.car.trim().to_string(),
                    paint,
                    assists,
                    bindings,
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
            let (keyboard, pad) = changed_tables(&g.bindings);
            RawGuest {
                car: g.car.clone(),
                paint: PAINTS.get(g.paint).map_or("red", |(n, _)| n).to_string(),
                assists: g.assists.name().to_string(),
                keyboard,
                pad,
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
        // Player 2 moved the handbrake to the pad's X and unbound the keyboard's reset.
        let mut rebound = Bindings::default();
        rebound
            .buttons
            .insert(Action::HandBrake, vec![button_named("West").unwrap()]);
        rebound.keys.insert(Action::Reset, vec![]);
        let s = Settings {
            guests: vec![
                GuestSettings {
                    car: "sedan".into(),
                    paint: 3,
                    assists: AssistPreset::Off,
                    bindings: rebound,
                },
                GuestSettings {
                    car: "coupe".into(),
                    paint: 0,
                    assists: AssistPreset::BrakesAndTraction,
                    bindings: Bindings::default(),
                },
            ],
            ..Settings::default()
        };
        let text = s.to_toml();
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
