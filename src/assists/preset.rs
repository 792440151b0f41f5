//! The assists a guest of a split-screen game chooses with one button, from all (a first
//! drive) to none; the first player sets each assist in the options instead.

use super::AssistSettings;

/// A set of assists, from all to none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AssistPreset {
    /// Every assist on, the automatic gearbox (the game's default).
    #[default]
    All,
    /// Anti-lock brakes and traction control only.
    BrakesAndTraction,
    /// None: the car raw.
    Off,
}

impl AssistPreset {
    /// The presets in the order (X) cycles them.
    pub const ALL: [AssistPreset; 3] = [AssistPreset::All, AssistPreset::BrakesAndTraction, AssistPreset::Off];

    /// What the car select shows.
    pub fn label(self) -> &'static str {
        match self {
            AssistPreset::All => "All assists",
            AssistPreset::BrakesAndTraction => "ABS + TCS",
            AssistPreset::Off => "No assists",
        }
    }

    /// The name the settings file writes (`all`, `abs_tcs`, `off`).
    pub fn name(self) -> &'static str {
        match self {
            AssistPreset::All => "all",
            AssistPreset::BrakesAndTraction => "abs_tcs",
            AssistPreset::Off => "off",
        }
    }

    /// The preset a settings file names, if any.
    pub fn named(name: &str) -> Option<AssistPreset> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The assists it turns on (the gearbox automatic).
    pub fn settings(self) -> AssistSettings {
        let on = self == AssistPreset::All;
        let brakes = self != AssistPreset::Off;
        AssistSettings {
            traction_control: brakes,
            abs: brakes,
            stability_control: on,
            steering_assist: on,
            ..AssistSettings::default()
        }
    }

    /// The preset that turns on exactly `assists`, if one does (the gearbox automatic).
    pub fn matching(assists: AssistSettings) -> Option<AssistPreset> {
        Self::ALL.into_iter().find(|p| p.settings() == assists)
    }

    /// The next in the order (X) cycles them.
    pub fn next(self) -> AssistPreset {
        let i = Self::ALL.iter().position(|p| *p == self).unwrap_or(0);
        Self::ALL[(i + 1) % Self::ALL.len()]
    }
}
