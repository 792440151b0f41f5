//! "Quit the game?": No (focused first, so a stray press does not quit) or Yes.

use super::{Outcome, Step};
use crate::app::menu::{Item, Menu, MenuEvent};

/// No, then Yes.
pub fn menu() -> Menu {
    Menu::new(vec![Item::button("No"), Item::button("Yes, quit")])
}

/// Yes quits; No goes back.
pub fn on(event: MenuEvent) -> Step {
    match event {
        MenuEvent::Activated(1) => Step::Out(Outcome::QuitGame),
        MenuEvent::Activated(_) => Step::Pop,
        _ => Step::Stay,
    }
}
