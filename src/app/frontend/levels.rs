//! Level select: the levels in groups (circuits, challenges, test grounds: `LevelKind`),
//! each under its heading and listed by the name players know; the focused level's
//! place, length, corners, best lap and medal are drawn beside the list, and why the chosen
//! mode cannot be played there when it cannot (such a level is not chosen). It opens on
//! the level last chosen, else the first the mode fits: a circuit for laps and races.

use super::{cars, Catalog, Choice, Page, Step};
use crate::app::menu::{Item, Menu, MenuEvent};
use crate::content::LevelKind;
use crate::settings::Settings;

/// What each row of the level select shows: a group's heading, or a level (its index in
/// the catalog, which lists levels by group, then name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// The heading of a group.
    Heading(LevelKind),
    /// A level.
    Level(usize),
}

/// The rows: each group that has levels under its heading.
pub fn rows(catalog: &Catalog) -> Vec<Row> {
    let mut out = Vec::with_capacity(catalog.levels.len() + LevelKind::ALL.len());
    for kind in LevelKind::ALL {
        let mut of_kind = catalog
            .levels
            .iter()
            .enumerate()
            .filter(|(_, l)| l.info.kind == kind)
            .peekable();
        if of_kind.peek().is_some() {
            out.push(Row::Heading(kind));
            out.extend(of_kind.map(|(i, _)| Row::Level(i)));
        }
    }
    out
}

/// The level on row `row`, if it is one.
pub fn level_at(catalog: &Catalog, row: usize) -> Option<usize> {
    match rows(catalog).get(row) {
        Some(Row::Level(i)) => Some(*i),
        _ => None,
    }
}

/// The level select for `choice`'s mode, focused on `choice`'s level if the mode fits it,
/// else on the first level the mode fits.
pub fn menu(catalog: &Catalog, choice: &Choice) -> Menu {
    let rows = rows(catalog);
    let items = rows
        .iter()
        .map(|r| match r {
            Row::Heading(kind) => Item::heading(kind.heading()),
            Row::Level(i) => Item::button(&catalog.levels[*i].info.name),
        })
        .collect();
    let fits = |r: &Row| matches!(r, Row::Level(i) if catalog.levels[*i].unfit(choice.mode).is_none());
    let chosen = rows
        .iter()
        .position(|r| fits(r) && matches!(r, Row::Level(i) if catalog.levels[*i].name == choice.level));
    let mut menu = Menu::new(items);
    if let Some(row) = chosen.or_else(|| rows.iter().position(fits)) {
        menu.set_focus(row);
    }
    menu
}

/// Choosing a level opens the car select (its paint row from `settings`).
pub fn on(event: MenuEvent, catalog: &Catalog, choice: &mut Choice, settings: &Settings) -> Step {
    let MenuEvent::Activated(row) = event else {
        return Step::Stay;
    };
    let Some(level) = level_at(catalog, row).and_then(|i| catalog.levels.get(i)) else {
        return Step::Stay;
    };
    if level.unfit(choice.mode).is_some() {
        return Step::Stay;
    }
    choice.level = level.name.clone();
    choice.opponents = 0;
    Step::Push(Page::Cars(cars::menu(catalog, choice, settings)))
}
