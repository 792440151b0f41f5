//! Car select: one row per car, then in a time trial a row choosing how many laps are
//! timed, and in free drive on a level with a track a row choosing how many AI opponents
//! start behind the player (a time trial is driven alone). Choosing a car starts the level.

use super::{Catalog, Choice, Mode, Outcome, Step};
use crate::app::menu::{Item, Menu, MenuEvent, Widget};

/// The most opponents the menu offers (the grid of a shipped track holds more).
pub const MAX_OPPONENTS: usize = 5;
/// A time trial's timed laps the menu offers, and the one it starts on.
pub const LAP_CHOICES: [u32; 5] = [1, 2, 3, 5, 10];
pub const DEFAULT_LAPS: u32 = 3;

/// The laps `choice` will time (its own, else the default).
pub fn laps(choice: &Choice) -> u32 {
    if choice.laps == 0 {
        DEFAULT_LAPS
    } else {
        choice.laps
    }
}

/// One row per car, and the opponents on a level with a track.
pub fn menu(catalog: &Catalog, choice: &Choice) -> Menu {
    let mut items: Vec<Item> = catalog.cars.iter().map(|c| Item::button(&c.name)).collect();
    if choice.mode == Mode::TimeTrial {
        let chosen = laps(choice);
        items.push(Item::new(
            "Laps",
            Widget::Choice {
                index: LAP_CHOICES.iter().position(|&n| n == chosen).unwrap_or(2),
                options: LAP_CHOICES.iter().map(|n| n.to_string()).collect(),
            },
        ));
    }
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
                choice.laps = laps(choice);
                Step::Out(Outcome::Start(choice.clone()))
            }
            None => Step::Stay,
        },
        MenuEvent::Changed(i) => {
            if let Some(item) = menu.items().get(i) {
                if let Widget::Choice { index, .. } = item.widget {
                    match item.label.as_str() {
                        "Laps" => choice.laps = LAP_CHOICES.get(index).copied().unwrap_or(DEFAULT_LAPS),
                        _ => choice.opponents = index,
                    }
                }
            }
            Step::Stay
        }
        _ => Step::Stay,
    }
}
