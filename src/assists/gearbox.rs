//! The gearbox as the player chooses it (automatic or manual) and reads it (R, N, 1..n).

use crate::vehicle::Gearbox;

/// Who picks the gear.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum GearboxMode {
    /// The car's own automatic (the PhysX autobox); the shift keys take over until the
    /// car is reset, and holding the brake at a stop selects reverse.
    #[default]
    Automatic,
    /// The player shifts with the shift keys from first gear; below first is neutral,
    /// then reverse (holding the brake at a stop selects reverse too).
    Manual,
}

impl GearboxMode {
    /// The settings-file name.
    pub fn name(self) -> &'static str {
        match self {
            GearboxMode::Automatic => "automatic",
            GearboxMode::Manual => "manual",
        }
    }

    /// The mode called `name` in the settings file.
    pub fn from_name(name: &str) -> Option<GearboxMode> {
        [GearboxMode::Automatic, GearboxMode::Manual]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

/// The gear to show for `gearbox`: while it is shifting (engaged gear neutral, a target
/// pending) the gear it is shifting into, so an automatic's shifts never flash N.
pub fn shown_gear(gearbox: &Gearbox) -> i8 {
    if gearbox.gear == 0 && gearbox.switch_left_s > 0.0 {
        gearbox.target
    } else {
        gearbox.gear
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shift_shows_its_target_not_neutral() {
        let shifting = Gearbox {
            gear: 0,
            target: 3,
            switch_left_s: 0.2,
            since_shift_s: 0.1,
        };
        assert_eq!(shown_gear(&shifting), 3);
        let neutral = Gearbox {
            switch_left_s: 0.0,
            ..shifting
        };
        assert_eq!(shown_gear(&neutral), 0);
        assert_eq!(GearboxMode::from_name("manual"), Some(GearboxMode::Manual));
        assert_eq!(GearboxMode::from_name("paddles"), None);
    }
}
