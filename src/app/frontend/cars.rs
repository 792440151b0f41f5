//! Car select: one row per car, then in a time trial a row choosing how many laps are
//! timed; in a race rows for its laps, its opponents and how well they drive; and in free
//! drive on a level with a track a row choosing how many AI opponents start behind the
//! player; last, the player's paint (saved in the settings). Choosing a car starts the
//! level.

use super::{Catalog, Choice, Mode, Outcome, Step};
use crate::ai::AiDifficulty;
use crate::app::menu::{Item, Menu, MenuEvent, Widget};
use crate::render::PAINTS;
use crate::settings::Settings;

/// The most opponents the menu offers in free drive (the grid of a shipped track holds more).
pub const MAX_OPPONENTS: usize = 5;
/// A time trial's or race's laps the menu offers, and the one it starts on.
pub const LAP_CHOICES: [u32; 5] = [1, 2, 3, 5, 10];
pub const DEFAULT_LAPS: u32 = 3;
/// A race's opponents the menu offers (a race needs at least one), and the one it starts on.
pub const RACE_OPPONENTS: std::ops::RangeInclusive<usize> = 1..=7;
pub const DEFAULT_RACE_OPPONENTS: usize = 3;
/// How well a race's opponents drive until the player chooses.
pub const DEFAULT_DIFFICULTY: AiDifficulty = AiDifficulty::Pro;

/// The laps `choice` will time or race (its own, else the default).
pub fn laps(choice: &Choice) -> u32 {
    if choice.laps == 0 {
        DEFAULT_LAPS
    } else {
        choice.laps
    }
}

/// The opponents a race of `choice` starts with (its own when the race's menu offers it,
/// else the default: free drive's 0 is no race).
pub fn race_opponents(choice: &Choice) -> usize {
    if RACE_OPPONENTS.contains(&choice.opponents) {
        choice.opponents
    } else {
        DEFAULT_RACE_OPPONENTS
    }
}

/// How well the opponents of a race of `choice` drive.
pub fn difficulty(choice: &Choice) -> AiDifficulty {
    choice.difficulty.unwrap_or(DEFAULT_DIFFICULTY)
}

/// The paint row's label.
const PAINT_ROW: &str = "Paint";

/// The paint row's choices: the car's own colour, then the named paints.
fn paint_options() -> Vec<String> {
    std::iter::once("Car's own".to_string())
        .chain(PAINTS.iter().map(|(name, _)| {
            let mut c = name.chars();
            c.next().map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
        }))
        .collect()
}

/// One row per car, then the mode's rows, then the paint (from `settings`).
pub fn menu(catalog: &Catalog, choice: &Choice, settings: &Settings) -> Menu {
    let mut items: Vec<Item> = catalog.cars.iter().map(|c| Item::button(&c.name)).collect();
    if choice.mode.has_laps() {
        let chosen = laps(choice);
        items.push(Item::new(
            "Laps",
            Widget::Choice {
                index: LAP_CHOICES.iter().position(|&n| n == chosen).unwrap_or(2),
                options: LAP_CHOICES.iter().map(|n| n.to_string()).collect(),
            },
        ));
    }
    if choice.mode == Mode::Race {
        items.extend(race_rows(choice));
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
    items.push(paint_row(settings));
    Menu::new(items)
}

/// The paint row, on the paint `settings` hold.
pub fn paint_row(settings: &Settings) -> Item {
    Item::new(
        PAINT_ROW,
        Widget::Choice {
            index: settings.display.car_paint.map_or(0, |i| i + 1),
            options: paint_options(),
        },
    )
}

/// Sets the paint row's choice `index` in `settings` (0: the car's own).
pub fn set_paint(settings: &mut Settings, index: usize) {
    settings.display.car_paint = index.checked_sub(1).filter(|i| *i < PAINTS.len());
}

/// A race's "Opponents" and "Difficulty" rows.
pub fn race_rows(choice: &Choice) -> [Item; 2] {
    let chosen = difficulty(choice);
    [
        Item::new(
            "Opponents",
            Widget::Choice {
                index: race_opponents(choice) - RACE_OPPONENTS.start(),
                options: RACE_OPPONENTS.map(|n| n.to_string()).collect(),
            },
        ),
        Item::new(
            "Difficulty",
            Widget::Choice {
                index: AiDifficulty::ALL.iter().position(|&d| d == chosen).unwrap_or(2),
                options: AiDifficulty::ALL.iter().map(|d| d.name().to_string()).collect(),
            },
        ),
    ]
}

fn has_track(catalog: &Catalog, choice: &Choice) -> bool {
    choice.mode.has_opponents() && catalog.level(&choice.level).is_some_and(|l| l.track_length_m.is_some())
}

/// A car starts the level; the other rows set the laps, opponents and difficulty, and the
/// paint row the player's paint in `settings` (saved: the settings changed).
pub fn on(event: MenuEvent, menu: &Menu, catalog: &Catalog, choice: &mut Choice, settings: &mut Settings) -> Step {
    match event {
        MenuEvent::Activated(i) => match catalog.cars.get(i) {
            Some(car) => {
                choice.car = car.name.clone();
                choice.laps = laps(choice);
                if choice.mode == Mode::Race {
                    choice.opponents = race_opponents(choice);
                    choice.difficulty = Some(difficulty(choice));
                }
                Step::Out(Outcome::Start(choice.clone()))
            }
            None => Step::Stay,
        },
        MenuEvent::Changed(i) => {
            if let Some(item) = menu.items().get(i) {
                if let Widget::Choice { index, .. } = item.widget {
                    if item.label == PAINT_ROW {
                        set_paint(settings, index);
                        return Step::Out(Outcome::SettingsChanged);
                    }
                    match item.label.as_str() {
                        "Laps" => choice.laps = LAP_CHOICES.get(index).copied().unwrap_or(DEFAULT_LAPS),
                        "Opponents" => choice.opponents = RACE_OPPONENTS.start() + index,
                        "Difficulty" => choice.difficulty = AiDifficulty::ALL.get(index).copied(),
                        _ => choice.opponents = index,
                    }
                }
            }
            Step::Stay
        }
        _ => Step::Stay,
    }
}
