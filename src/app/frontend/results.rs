//! The results page of any mode: its lines and table (the mode's own, `app::game_mode`),
//! then Retry (the same level and car at once: the new best is the one to beat), the
//! mode's Next (a challenge's next challenge) when it offers one, and Main menu (also
//! Back). A championship round's offers Standings and Main menu: the round is counted, so
//! there is no Retry.

use super::{standings, Catalog, Choice, Outcome, Page, Step};
use crate::app::game_mode::StandingsPage;
use crate::app::menu::{Item, Menu, MenuEvent};

/// The level after `choice`'s in `catalog`'s order (wrapping) that `choice`'s mode fits,
/// with the same car: what a mode's "Next" button starts (a challenge's next challenge).
pub fn next_level(catalog: &Catalog, choice: &Choice) -> Option<Choice> {
    let levels: Vec<&str> = catalog
        .levels
        .iter()
        .filter(|l| l.unfit(choice.mode).is_none())
        .map(|l| l.name.as_str())
        .collect();
    let here = levels.iter().position(|l| *l == choice.level);
    let next = levels.get(here.map_or(0, |i| (i + 1) % levels.len()))?;
    Some(Choice {
        mode: choice.mode,
        level: next.to_string(),
        car: choice.car.clone(),
        ..Choice::default()
    })
}

/// Retry, the mode's Next button (labelled `next`, when it offers one), Main menu.
pub fn menu_with_next(next: Option<&'static str>) -> Menu {
    let mut items = vec![Item::button("Retry")];
    if let Some(label) = next {
        items.push(Item::button(label));
    }
    items.push(Item::button("Main menu"));
    Menu::new(items)
}

/// A championship round's buttons: Standings, Main menu.
pub fn menu_to_standings() -> Menu {
    Menu::new(vec![Item::button("Standings"), Item::button("Main menu")])
}

/// Retry restarts the level; Next starts `next`; Main menu leaves for it; with a season's
/// `standings`, Standings opens them.
pub fn on(event: MenuEvent, next: Option<&Choice>, standings: Option<&StandingsPage>) -> Step {
    if let Some(page) = standings {
        return match event {
            MenuEvent::Activated(0) => Step::Push(Page::Standings(standings::menu(page))),
            MenuEvent::Activated(1) => Step::Out(Outcome::QuitToMenu),
            _ => Step::Stay,
        };
    }
    match (event, next) {
        (MenuEvent::Activated(0), _) => Step::Out(Outcome::Restart),
        (MenuEvent::Activated(1), Some(n)) => Step::Out(Outcome::Start(n.clone())),
        (MenuEvent::Activated(1), None) | (MenuEvent::Activated(2), Some(_)) => Step::Out(Outcome::QuitToMenu),
        _ => Step::Stay,
    }
}
