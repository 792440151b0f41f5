//! A player's input settings as the settings file holds them: the first player's whole
//! `[input]` table, and each guest seat's response (deadzones, steering curve, keyboard
//! steering, reverse hold, rumble) as keys of its `[[guests]]` table, only those that
//! differ from the defaults. Both are checked by the same rules, a bad value named by its
//! place (`input.stick_deadzone`, `guests[1].rumble_strength`).

use super::bindings_table::{self, Table};
use super::tidy;
use crate::input::bindings::Bindings;
use crate::input::InputSettings;
use serde::{Deserialize, Serialize};

/// `[input]`: every value, and the bindings' tables.
#[derive(Debug, Serialize, Deserialize)]
#[serde(default)]
pub(super) struct RawInput {
    stick_deadzone: f64,
    trigger_deadzone: f64,
    steer_exponent: f64,
    stick_linearity: f64,
    key_steer_rate_per_s: f64,
    key_centre_rate_per_s: f64,
    key_steer_halving_speed_mps: f64,
    reverse_hold_s: f64,
    rumble: bool,
    rumble_strength: f64,
    pub(super) keyboard: Table,
    pub(super) pad: Table,
}

impl Default for RawInput {
    fn default() -> Self {
        RawInput::of(&InputSettings::default())
    }
}

impl RawInput {
    /// `i` as the file writes it.
    pub(super) fn of(i: &InputSettings) -> RawInput {
        let (keyboard, pad) = bindings_table::to_tables(&i.bindings);
        RawInput {
            stick_deadzone: tidy(i.stick_deadzone),
            trigger_deadzone: tidy(i.trigger_deadzone),
            steer_exponent: tidy(i.steer_exponent),
            stick_linearity: tidy(i.stick_linearity),
            key_steer_rate_per_s: tidy(i.key_steer_rate_per_s),
            key_centre_rate_per_s: tidy(i.key_centre_rate_per_s),
            key_steer_halving_speed_mps: tidy(i.key_steer_halving_speed_mps),
            reverse_hold_s: tidy(i.reverse_hold_s),
            rumble: i.rumble,
            rumble_strength: tidy(i.rumble_strength),
            keyboard,
            pad,
        }
    }

    /// The settings these values give with `bindings`, each value checked; an error names
    /// the value's place under `section` (`input`, `guests[0]`).
    pub(super) fn read(&self, section: &str, bindings: Bindings) -> Result<InputSettings, String> {
        let within = |key: &str, v: f64, lo: f32, hi: f32| super::within(&format!("{section}.{key}"), v, lo, hi);
        let unit = |key: &str, v: f64, hi: f32| within(key, v, 0.0, hi);
        Ok(InputSettings {
            stick_deadzone: unit("stick_deadzone", self.stick_deadzone, 0.9)?,
            trigger_deadzone: unit("trigger_deadzone", self.trigger_deadzone, 0.9)?,
            steer_exponent: within("steer_exponent", self.steer_exponent, 1.0, 3.0)?,
            stick_linearity: unit("stick_linearity", self.stick_linearity, 1.0)?,
            key_steer_rate_per_s: within("key_steer_rate_per_s", self.key_steer_rate_per_s, 0.5, 50.0)?,
            key_centre_rate_per_s: within("key_centre_rate_per_s", self.key_centre_rate_per_s, 0.5, 50.0)?,
            key_steer_halving_speed_mps: within(
                "key_steer_halving_speed_mps",
                self.key_steer_halving_speed_mps,
                1.0,
                1000.0,
            )?,
            reverse_hold_s: unit("reverse_hold_s", self.reverse_hold_s, 5.0)?,
            rumble: self.rumble,
            rumble_strength: unit("rumble_strength", self.rumble_strength, 1.0)?,
            bindings,
        })
    }
}

/// A guest seat's response: each value only where it differs from the default (a seat
/// never tuned writes none of them), read back over the defaults.
#[derive(Debug, Clone, Serialize, Deserialize, Default, PartialEq)]
#[serde(default)]
pub(super) struct RawResponse {
    #[serde(skip_serializing_if = "Option::is_none")]
    stick_deadzone: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trigger_deadzone: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steer_exponent: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stick_linearity: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    key_steer_rate_per_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    key_centre_rate_per_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    key_steer_halving_speed_mps: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reverse_hold_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rumble: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rumble_strength: Option<f64>,
}

impl RawResponse {
    /// What of `i`'s response differs from the defaults.
    pub(super) fn changed(i: &InputSettings) -> RawResponse {
        let (mine, defaults) = (RawInput::of(i), RawInput::default());
        let differs = |a: f64, b: f64| (a != b).then_some(a);
        RawResponse {
            stick_deadzone: differs(mine.stick_deadzone, defaults.stick_deadzone),
            trigger_deadzone: differs(mine.trigger_deadzone, defaults.trigger_deadzone),
            steer_exponent: differs(mine.steer_exponent, defaults.steer_exponent),
            stick_linearity: differs(mine.stick_linearity, defaults.stick_linearity),
            key_steer_rate_per_s: differs(mine.key_steer_rate_per_s, defaults.key_steer_rate_per_s),
            key_centre_rate_per_s: differs(mine.key_centre_rate_per_s, defaults.key_centre_rate_per_s),
            key_steer_halving_speed_mps: differs(
                mine.key_steer_halving_speed_mps,
                defaults.key_steer_halving_speed_mps,
            ),
            reverse_hold_s: differs(mine.reverse_hold_s, defaults.reverse_hold_s),
            rumble: (mine.rumble != defaults.rumble).then_some(mine.rumble),
            rumble_strength: differs(mine.rumble_strength, defaults.rumble_strength),
        }
    }

    /// The seat's settings: these values over the defaults, with `bindings`, checked as
    /// `[input]`'s are (an error names the value under `section`).
    pub(super) fn read(&self, section: &str, bindings: Bindings) -> Result<InputSettings, String> {
        let d = RawInput::default();
        RawInput {
            stick_deadzone: self.stick_deadzone.unwrap_or(d.stick_deadzone),
            trigger_deadzone: self.trigger_deadzone.unwrap_or(d.trigger_deadzone),
            steer_exponent: self.steer_exponent.unwrap_or(d.steer_exponent),
            stick_linearity: self.stick_linearity.unwrap_or(d.stick_linearity),
            key_steer_rate_per_s: self.key_steer_rate_per_s.unwrap_or(d.key_steer_rate_per_s),
            key_centre_rate_per_s: self.key_centre_rate_per_s.unwrap_or(d.key_centre_rate_per_s),
            key_steer_halving_speed_mps: self
                .key_steer_halving_speed_mps
                .unwrap_or(d.key_steer_halving_speed_mps),
            reverse_hold_s: self.reverse_hold_s.unwrap_or(d.reverse_hold_s),
            rumble: self.rumble.unwrap_or(d.rumble),
            rumble_strength: self.rumble_strength.unwrap_or(d.rumble_strength),
            ..d
        }
        .read(section, bindings)
    }
}
