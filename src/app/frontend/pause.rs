//! The pause menu: Resume, Restart, (in a time trial or a race) Finish (a championship's
//! Retire), Reset car, Camera,
//! Options, Quit to menu, Quit game (confirmed). Back resumes. Its options leave out the window's
//! size and fullscreen (changed from the main menu's options).

use super::{confirm, options, Outcome, Page, Question, Step};
use crate::app::menu::{Item, Menu, MenuEvent};
use crate::settings::Settings;

/// The rows, in order; the mode's Finish (or Retire) only where it offers one, after
/// Restart.
const ROWS: [&str; 7] = [
    "Resume",
    "Restart",
    "Reset car",
    "Camera",
    "Options",
    "Quit to menu",
    "Quit game",
];

/// The labels a mode's row that ends the run now may have: Finish (see the results now)
/// and a championship's Retire (the round counted with the player out of it).
const FINISHES: [&str; 2] = ["Finish", "Retire"];

/// The pause menu's rows, with the mode's `finish` row when it offers one.
pub fn menu(finish: Option<&'static str>) -> Menu {
    let mut rows: Vec<Item> = ROWS.map(Item::button).to_vec();
    if let Some(label) = finish {
        rows.insert(2, Item::button(label));
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
        // Retiring scores nothing: asked first.
        Some("Retire") => Step::Push(Page::Confirm(confirm::menu(Question::Retire), Question::Retire)),
        Some(label) if FINISHES.contains(&label) => Step::Out(Outcome::Finish),
        Some("Reset car") => Step::Out(Outcome::ResetCar),
        Some("Camera") => Step::Out(Outcome::Camera),
        Some("Options") => Step::Push(Page::Options(options::menu(settings, false, frame_caps_hz))),
        Some("Quit to menu") => Step::Out(Outcome::QuitToMenu),
        Some("Quit game") => Step::Push(Page::Confirm(confirm::menu(Question::Quit), Question::Quit)),
        _ => Step::Stay,
    }
}
