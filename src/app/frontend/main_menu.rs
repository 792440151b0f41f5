//! The main menu: *Continue championship* when a season is saved, one row per game mode,
//! then Options, Credits and Quit (confirmed).

use super::{confirm, credits, cup, levels, options, Catalog, Choice, Mode, Outcome, Page, Question, Step};
use crate::app::menu::{Item, Menu, MenuEvent};
use crate::settings::Settings;

/// The row that goes on with the season saved.
const CONTINUE: &str = "Continue championship";

/// The main menu's rows: *Continue championship* first when `catalog` has a season to
/// continue; the championship only when it has cups.
pub fn menu(catalog: &Catalog) -> Menu {
    let mut items: Vec<Item> = Vec::with_capacity(Mode::ALL.len() + 4);
    if catalog.season.is_some() {
        items.push(Item::button(CONTINUE));
    }
    items.extend(
        Mode::ALL
            .iter()
            .filter(|m| **m != Mode::Championship || !catalog.cups.is_empty())
            .map(|m| Item::button(m.label())),
    );
    items.extend(["Options", "Credits", "Quit"].map(Item::button));
    Menu::new(items)
}

/// A mode opens the level select (the championship its own page); the others their pages.
pub fn on(event: MenuEvent, menu: &Menu, choice: &mut Choice, catalog: &Catalog, settings: &Settings) -> Step {
    let MenuEvent::Activated(i) = event else {
        return Step::Stay;
    };
    let Some(label) = menu.items().get(i).map(|item| item.label.as_str()) else {
        return Step::Stay;
    };
    match label {
        CONTINUE => Step::Out(Outcome::ContinueSeason),
        "Options" => Step::Push(Page::Options(options::menu(
            settings,
            catalog.window_options,
            &catalog.frame_caps_hz,
        ))),
        "Credits" => Step::Push(Page::Credits(credits::menu())),
        "Quit" => Step::Push(Page::Confirm(confirm::menu(Question::Quit), Question::Quit)),
        _ => match Mode::ALL.iter().find(|m| m.label() == label) {
            Some(&Mode::Championship) => match cup::menu(catalog, settings) {
                Some(menu) => {
                    choice.mode = Mode::Championship;
                    Step::Push(Page::Cup(menu))
                }
                None => Step::Stay,
            },
            Some(&m) => {
                choice.mode = m;
                Step::Push(Page::Levels(levels::menu(catalog, choice)))
            }
            None => Step::Stay,
        },
    }
}
