//! The championship page: which cup, which of its cars, how the grid follows the table,
//! the paint, and Start season. The focused cup's class, field and rounds are drawn beside
//! the rows, with a warning when a season in progress would be replaced.

use super::{cars, Catalog, Outcome, Party, Step};
use crate::app::menu::{Item, Menu, MenuEvent, Widget};
use crate::modes::championship::GridOrder;
use crate::settings::Settings;

/// A new season as chosen on the championship page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonChoice {
    /// The cup's name.
    pub cup: String,
    /// The player's car (one of the cup's).
    pub car: String,
    /// How grids follow the table.
    pub grid_order: GridOrder,
    /// Everyone at the screen: the first player's controller, and the guests who joined
    /// on the page with the cars and paints they chose (none: one player).
    pub party: Party,
}

/// The rows, in order.
const CUP: usize = 0;
const CAR: usize = 1;
const GRID: usize = 2;
const PAINT: usize = 3;
const START: usize = 4;

/// How the grid row names each order.
const GRID_ORDERS: [(GridOrder, &str); 2] = [
    (GridOrder::Standings, "Leader first"),
    (GridOrder::Reversed, "Reversed"),
];

/// The page, on the first cup and its first car; None without a cup.
pub fn menu(catalog: &Catalog, settings: &Settings) -> Option<Menu> {
    let first = catalog.cups.first()?;
    Some(Menu::new(vec![
        Item::new(
            "Cup",
            Widget::Choice {
                index: 0,
                options: catalog.cups.iter().map(|c| c.def.title.clone()).collect(),
            },
        ),
        car_row(&first.def.cars),
        Item::new(
            "Grid",
            Widget::Choice {
                index: 0,
                options: GRID_ORDERS.iter().map(|(_, n)| n.to_string()).collect(),
            },
        ),
        cars::paint_row(settings),
        Item::button("Start season"),
    ]))
}

fn car_row(cars: &[String]) -> Item {
    Item::new(
        "Car",
        Widget::Choice {
            index: 0,
            options: cars.to_vec(),
        },
    )
}

fn chosen(menu: &Menu, row: usize) -> usize {
    match menu.items().get(row).map(|i| &i.widget) {
        Some(Widget::Choice { index, .. }) => *index,
        _ => 0,
    }
}

/// The season `menu` has chosen so far (None without a cup).
pub fn season_choice(menu: &Menu, catalog: &Catalog) -> Option<SeasonChoice> {
    let cup = catalog.cups.get(chosen(menu, CUP))?;
    Some(SeasonChoice {
        cup: cup.def.name.clone(),
        car: cup.def.cars.get(chosen(menu, CAR)).or(cup.def.cars.first())?.clone(),
        grid_order: GRID_ORDERS[chosen(menu, GRID).min(GRID_ORDERS.len() - 1)].0,
        party: Party::default(),
    })
}

/// The cup focused by `menu`'s cup row.
pub fn cup_index(menu: &Menu) -> usize {
    chosen(menu, CUP)
}

/// A new cup offers its cars; the paint row sets the paint in `settings`; Start season
/// starts it with everyone in `party`.
pub fn on(event: MenuEvent, menu: &mut Menu, catalog: &Catalog, settings: &mut Settings, party: &Party) -> Step {
    match event {
        MenuEvent::Changed(CUP) => {
            if let (Some(cup), Some(row)) = (catalog.cups.get(chosen(menu, CUP)), menu.item_mut(CAR)) {
                *row = car_row(&cup.def.cars);
            }
            Step::Stay
        }
        MenuEvent::Changed(PAINT) => {
            if let Some(Widget::Choice { index, .. }) = menu.items().get(PAINT).map(|i| &i.widget) {
                cars::set_paint(settings, *index);
            }
            Step::Out(Outcome::SettingsChanged)
        }
        MenuEvent::Activated(START) => match season_choice(menu, catalog) {
            Some(c) => Step::Out(Outcome::StartSeason(SeasonChoice {
                party: party.clone(),
                ..c
            })),
            None => Step::Stay,
        },
        _ => Step::Stay,
    }
}
