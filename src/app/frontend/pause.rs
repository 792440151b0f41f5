//! The pause menu: Resume, Restart, Reset car, Camera, Options, Quit to menu, Quit game
//! (confirmed). Back resumes. Its options leave out the window's size and fullscreen
//! (changed from the main menu's options).

use super::{confirm, options, Outcome, Page, Step};
use crate::app::menu::{Item, Menu, MenuEvent};
use crate::settings::Settings;

/// The rows, in order.
const ROWS: [&str; 7] = [
    "Resume",
    "Restart",
    "Reset car",
    "Camera",
    "Options",
    "Quit to menu",
    "Quit game",
];

/// The pause menu's rows.
pub fn menu() -> Menu {
    Menu::new(ROWS.map(Item::button).to_vec())
}

/// What each row does.
pub fn on(event: MenuEvent, settings: &Settings) -> Step {
    let MenuEvent::Activated(i) = event else {
        return Step::Stay;
    };
    match i {
        0 => Step::Out(Outcome::Resume),
        1 => Step::Out(Outcome::Restart),
        2 => Step::Out(Outcome::ResetCar),
        3 => Step::Out(Outcome::Camera),
        4 => Step::Push(Page::Options(options::menu(settings, false))),
        5 => Step::Out(Outcome::QuitToMenu),
        6 => Step::Push(Page::Confirm(confirm::menu())),
        _ => Step::Stay,
    }
}
