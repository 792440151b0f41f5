//! Level select: one row per level; the focused level's description, size or track
//! length, its best lap and medal are drawn beside the list, and why the chosen mode
//! cannot be played there when it cannot (such a level is not chosen).

use super::{cars, Catalog, Choice, Page, Step};
use crate::app::menu::{Item, Menu, MenuEvent};
use crate::settings::Settings;

/// One row per level.
pub fn menu(catalog: &Catalog) -> Menu {
    Menu::new(catalog.levels.iter().map(|l| Item::button(&l.name)).collect())
}

/// Choosing a level opens the car select (its paint row from `settings`).
pub fn on(event: MenuEvent, catalog: &Catalog, choice: &mut Choice, settings: &Settings) -> Step {
    let MenuEvent::Activated(i) = event else {
        return Step::Stay;
    };
    let Some(level) = catalog.levels.get(i) else {
        return Step::Stay;
    };
    if level.unfit(choice.mode).is_some() {
        return Step::Stay;
    }
    choice.level = level.name.clone();
    choice.opponents = 0;
    Step::Push(Page::Cars(cars::menu(catalog, choice, settings)))
}
