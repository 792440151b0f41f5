//! The main menu: one row per game mode, then Options, Credits and Quit (confirmed).

use super::{confirm, credits, levels, options, Catalog, Choice, Mode, Page, Step};
use crate::app::menu::{Item, Menu, MenuEvent};
use crate::settings::Settings;

/// Rows after the modes.
const OPTIONS: usize = Mode::ALL.len();
const CREDITS: usize = OPTIONS + 1;
const QUIT: usize = OPTIONS + 2;

/// The main menu's rows.
pub fn menu() -> Menu {
    let mut items: Vec<Item> = Mode::ALL.iter().map(|m| Item::button(m.label())).collect();
    items.extend(["Options", "Credits", "Quit"].map(Item::button));
    Menu::new(items)
}

/// A mode opens the level select; the others their pages.
pub fn on(event: MenuEvent, choice: &mut Choice, catalog: &Catalog, settings: &Settings) -> Step {
    let MenuEvent::Activated(i) = event else {
        return Step::Stay;
    };
    match i {
        OPTIONS => Step::Push(Page::Options(options::menu(
            settings,
            catalog.window_options,
            &catalog.frame_caps_hz,
        ))),
        CREDITS => Step::Push(Page::Credits(credits::menu())),
        QUIT => Step::Push(Page::Confirm(confirm::menu())),
        mode => match Mode::ALL.get(mode) {
            Some(&m) => {
                choice.mode = m;
                Step::Push(Page::Levels(levels::menu(catalog, choice)))
            }
            None => Step::Stay,
        },
    }
}
