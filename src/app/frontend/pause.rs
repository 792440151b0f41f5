//! The pause menu: Resume, Restart, (in a time trial or a race) Finish, Reset car, Camera,
//! Options, Quit to menu, Quit game (confirmed). Back resumes. Its options leave out the window's
//! size and fullscreen (changed from the main menu's options).

use super::{confirm, options, Outcome, Page, Step};
use crate::app::menu::{Item, Menu, MenuEvent};
use crate::settings::Settings;

/// The rows, in order; `FINISH` only in a time trial, after Restart.
const ROWS: [&str; 7] = [
    "Resume",
    "Restart",
    "Reset car",
    "Camera",
    "Options",
    "Quit to menu",
    "Quit game",
];

/// A time trial's row: end the run now and see its results.
const FINISH: &str = "Finish";

/// The pause menu's rows (with Finish in a time trial or a race).
pub fn menu(trial: bool) -> Menu {
    let mut rows: Vec<Item> = ROWS.map(Item::button).to_vec();
    if trial {
        rows.insert(2, Item::button(FINISH));
    }
    Menu::new(rows)
}

/// What each row does, by its label (the rows differ by mode).
pub fn on(event: MenuEvent, menu: &Menu, settings: &Settings, frame_caps_hz: &[u32]) -> Step {
    let MenuEvent::Activated(i) = event else {
        return Step::Stay;
    };
    match menu.items().get(i).map(|it| it.label.as_str()) {
        Some("Resume") => Step::Out(Outcome::Resume),
        Some("Restart") => Step::Out(Outcome::Restart),
        Some(FINISH) => Step::Out(Outcome::Finish),
        Some("Reset car") => Step::Out(Outcome::ResetCar),
        Some("Camera") => Step::Out(Outcome::Camera),
        Some("Options") => Step::Push(Page::Options(options::menu(settings, false, frame_caps_hz))),
        Some("Quit to menu") => Step::Out(Outcome::QuitToMenu),
        Some("Quit game") => Step::Push(Page::Confirm(confirm::menu())),
        _ => Step::Stay,
    }
}
