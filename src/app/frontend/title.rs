//! The title page: the game's name and "press A / Enter"; A, Enter, Space, a click or any
//! pad button that is not a direction or B goes on to the main menu.

use crate::app::menu::{NavAction, Pressed};

/// Whether `pressed` leaves the title for the main menu.
pub fn starts(pressed: Pressed) -> bool {
    match pressed {
        Pressed::Button(_, None) => true,
        p => matches!(
            p.action(),
            Some(NavAction::Accept | NavAction::Pointer { click: true, .. })
        ),
    }
}
