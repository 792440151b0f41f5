//! The title page: the game's name and "press A / Enter"; any pad button, Enter or Space
//! goes on to the main menu.

use crate::app::menu::{NavAction, Pressed};
use skidpad_platform::Key;

/// Whether `pressed` leaves the title for the main menu.
pub fn starts(pressed: Pressed) -> bool {
    match pressed {
        Pressed::Button(_) => true,
        Pressed::Key(k) => matches!(k, Key::Enter | Key::Space),
        Pressed::Nav(a) => matches!(a, NavAction::Accept | NavAction::Pointer { click: true, .. }),
    }
}
