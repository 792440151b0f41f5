//! A season's standings page (`app::game_mode::StandingsPage`): the table, its rows moving
//! from their places before the round to their places after it, then Next round (until the
//! last) and Main menu (also Back). The season is saved already: Main menu loses nothing.

use super::{Outcome, Step};
use crate::app::game_mode::StandingsPage;
use crate::app::menu::{Item, Menu, MenuEvent};

/// Next round (when there is one), Main menu.
pub fn menu(page: &StandingsPage) -> Menu {
    let mut items = Vec::with_capacity(2);
    if let Some(next) = &page.next_round {
        items.push(Item::button(next));
    }
    items.push(Item::button("Main menu"));
    Menu::new(items)
}

/// Next round races it; Main menu leaves for it.
pub fn on(event: MenuEvent, page: Option<&StandingsPage>) -> Step {
    let has_next = page.is_some_and(|p| p.next_round.is_some());
    match event {
        MenuEvent::Activated(0) if has_next => Step::Out(Outcome::NextRound),
        MenuEvent::Activated(_) => Step::Out(Outcome::QuitToMenu),
        _ => Step::Stay,
    }
}
