//! Credits: who made the game and what it is built on (the lines are drawn by `draw.rs`);
//! one row, Back.

use super::Step;
use crate::app::menu::{Item, Menu, MenuEvent};

/// The credits' lines.
pub const LINES: [&str; 8] = [
    "Skidpad — a driving game and vehicle-dynamics sandbox",
    "Physics: rapier3d and parry3d (Dimforge)",
    "Vehicle models after HARFANG's raycast car and CARLA/PhysX",
    "Windows, pads and sound: SDL2, gilrs, rodio",
    "Text: DejaVu Sans (Bitstream Vera / DejaVu licence)",
    "rasterised with fontdue",
    "Racing lines: the genetic algorithm of the Villeneuve study",
    "Real circuits: TUM racetrack database (LGPL-3.0)",
];

/// One row: Back.
pub fn menu() -> Menu {
    Menu::new(vec![Item::button("Back")])
}

/// Back closes the page.
pub fn on(event: MenuEvent) -> Step {
    match event {
        MenuEvent::Activated(_) => Step::Pop,
        _ => Step::Stay,
    }
}
