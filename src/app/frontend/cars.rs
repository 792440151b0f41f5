//! Car select: one row per car, and on a level with a track a last row choosing how many AI
//! opponents start behind the player (not in a time trial: it is driven alone). Choosing a car starts the level.

use super::{Catalog, Choice, Outcome, Step};
use crate::app::menu::{Item, Menu, MenuEvent, Widget};

/// The most opponents the menu offers (the grid of a shipped track holds more).
pub const MAX_OPPONENTS: usize = 5;

/// One row per car, and the opponents on a level with a track.
pub fn menu(catalog: &Catalog, choice: &Choice) -> Menu {
    let mut items: Vec<Item> = catalog.cars.iter().map(|c| Item::button(&c.name)).collect();
    if has_track(catalog, choice) {
        items.push(Item::new(
            "AI opponents",
            Widget::Choice {
                index: choice.opponents.min(MAX_OPPONENTS),
                options: (0..=MAX_OPPONENTS).map(|n| n.to_string()).collect(),
            },
        ));
    }
    Menu::new(items)
}

fn has_track(catalog: &Catalog, choice: &Choice) -> bool {
    choice.mode.has_opponents() && catalog.level(&choice.level).is_some_and(|l| l.track_length_m.is_some())
}

/// A car starts the level; the opponents row sets how many.
pub fn on(event: MenuEvent, menu: &Menu, catalog: &Catalog, choice: &mut Choice) -> Step {
    match event {
        MenuEvent::Activated(i) => match catalog.cars.get(i) {
            Some(car) => {
                choice.car = car.name.clone();
                Step::Out(Outcome::Start(choice.clone()))
            }
            None => Step::Stay,
        },
        MenuEvent::Changed(i) => {
            if let Some(Widget::Choice { index, .. }) = menu.items().get(i).map(|it| &it.widget) {
                choice.opponents = *index;
            }
            Step::Stay
        }
        _ => Step::Stay,
    }
}
