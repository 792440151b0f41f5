//! How a season begins in play: a new one from the championship page's choice, or the one
//! saved, continued from its standings. Both hand the flow a mode it carries from round
//! to round as any [`GameMode`] (play never names the championship's type).

use super::mode::{ChampionshipMode, SeasonKeeping};
use crate::app::game_mode::seam::{GameMode, StandingsPage};
use crate::content::{level_names, ContentRoot};
use crate::error::Error;
use crate::modes::championship::{load_cups, GridOrder, SeasonPlayer};
use crate::vehicle::CarDef;

/// A new season as the player chose it.
#[derive(Debug, Clone, Copy)]
pub struct SeasonStart<'a> {
    /// The cup's name.
    pub cup: &'a str,
    /// The player's car (one of the cup's).
    pub car: &'a str,
    /// How grids follow the table.
    pub grid_order: GridOrder,
    /// The player's name (the settings').
    pub player_name: &'a str,
    /// The seed of the field's names and the first grid.
    pub seed: u64,
    /// The other people at the screen, in seat order (none alone), each in one of the
    /// cup's cars.
    pub guests: &'a [SeasonPlayer],
}

/// A new season of `start.cup` under `root`, saved at once in `keeping` (replacing any
/// season saved); `title_of` names a level as players know it. Bad input: a cup that does
/// not load, or a car the cup is not raced in.
pub fn begin(
    root: &ContentRoot,
    start: SeasonStart,
    keeping: SeasonKeeping,
    title_of: &dyn Fn(&str) -> String,
) -> Result<Box<dyn GameMode>, Error> {
    let (cups, points) = load_cups(root, &level_names(root), &CarDef::names(root))?;
    let cup = cups
        .iter()
        .find(|c| c.name == start.cup)
        .ok_or_else(|| Error::runtime(format!("no cup `{}` in content/cups", start.cup)))?;
    let mut players = vec![SeasonPlayer::new(start.player_name, start.car)];
    players.extend_from_slice(start.guests);
    if let Some(p) = players.iter().find(|p| !cup.cars.contains(&p.car)) {
        return Err(Error::runtime(format!(
            "the {} is raced in {}, not the {}",
            cup.title,
            cup.cars.join(", "),
            p.car
        )));
    }
    let titles = cup.rounds.iter().map(|r| title_of(&r.level)).collect();
    log::info!(
        "a new season of the {} in the {} ({} at the screen)",
        cup.title,
        start.car,
        players.len()
    );
    Ok(Box::new(ChampionshipMode::begin(
        cup,
        &points,
        start.seed,
        &players,
        start.grid_order,
        keeping,
        titles,
    )))
}

/// A season continued: the mode, its standings as they stand, and the people after the
/// first it was begun with (to seat again).
pub struct Resumed {
    /// The season as a mode the flow carries.
    pub mode: Box<dyn GameMode>,
    /// Its standings.
    pub page: StandingsPage,
    /// The other people of a shared season, in seat order, each with their car and paint
    /// (none: a season of one).
    pub guests: Vec<SeasonPlayer>,
}

/// The season saved in `keeping` and not finished, with its standings as they stand (the
/// player's row in `player_paint`, linear RGB, or their car's own colour); None when there
/// is none (a corrupt save is set aside and said so in the log as it loads).
pub fn resume(
    root: &ContentRoot,
    keeping: SeasonKeeping,
    player_paint: Option<glam::Vec3>,
    title_of: &dyn Fn(&str) -> String,
) -> Option<Resumed> {
    let season = keeping.store.as_ref()?.load().season.filter(|s| !s.is_over())?;
    let paint =
        player_paint.unwrap_or_else(|| CarDef::load(root, &season.drivers[0].car).map_or(glam::Vec3::ONE, |c| c.color));
    let titles = season.rounds.iter().map(|r| title_of(&r.level)).collect();
    log::info!(
        "continuing the {} after round {} of {}",
        season.title,
        season.results.len(),
        season.rounds.len()
    );
    let guests = season.drivers[1..season.players()]
        .iter()
        .map(|d| SeasonPlayer {
            name: d.name.clone(),
            car: d.car.clone(),
            paint: d.paint,
        })
        .collect();
    let mode = ChampionshipMode::resume(season, keeping, titles);
    let page = mode.standings_page(None, paint);
    Some(Resumed {
        mode: Box::new(mode),
        page,
        guests,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modes::championship::SeasonStore;

    #[test]
    fn a_corrupt_save_is_set_aside_and_there_is_no_season_to_continue() {
        let dir = tempfile::tempdir().unwrap();
        let store = SeasonStore::new(dir.path());
        std::fs::write(store.path(), b"skidpad-championship 1\nnot a checksum\n{}").unwrap();
        let keeping = SeasonKeeping {
            store: Some(store.clone()),
            shelf: None,
        };
        let resumed = resume(&ContentRoot::Embedded, keeping, None, &|l: &str| l.to_string());
        assert!(resumed.is_none(), "nothing to continue");
        assert!(!store.path().exists(), "the corrupt save is moved");
        let aside = store.path().with_file_name("championship.season.corrupt");
        assert!(aside.exists(), "set aside beside it, not deleted");
    }

    #[test]
    fn a_new_season_is_saved_at_once_and_continues_from_its_first_round() {
        let dir = tempfile::tempdir().unwrap();
        let keeping = || SeasonKeeping {
            store: Some(SeasonStore::new(dir.path())),
            shelf: None,
        };
        let start = SeasonStart {
            cup: "rookie",
            car: "coupe",
            grid_order: GridOrder::Standings,
            player_name: "Ana",
            seed: 3,
            guests: &[],
        };
        let title = |l: &str| format!("<{l}>");
        let mode = begin(&ContentRoot::Embedded, start, keeping(), &title).unwrap();
        let first = mode.next_round().expect("a first round");
        let again = resume(&ContentRoot::Embedded, keeping(), None, &title).expect("saved at once");
        assert_eq!(again.mode.next_round(), Some(first), "the same round, grid and field");
        assert_eq!(again.page.lines[0], "Before the first round");
        assert!(again.page.lines[1].contains("<circuit>"), "{:?}", again.page.lines);
        assert!(again.guests.is_empty(), "a season of one");
        // A car the cup is not raced in is refused, naming the cars it is.
        let wrong = SeasonStart { car: "sedan", ..start };
        let err = begin(&ContentRoot::Embedded, wrong, keeping(), &title).err().unwrap();
        assert!(err.to_string().contains("coupe, big_wheeler"), "{err}");
    }

    #[test]
    fn a_shared_season_keeps_its_guests_through_the_save_and_seats_them_each_round() {
        let dir = tempfile::tempdir().unwrap();
        let keeping = || SeasonKeeping {
            store: Some(SeasonStore::new(dir.path())),
            shelf: None,
        };
        let mut guest = SeasonPlayer::new("Player 2", "big_wheeler");
        guest.paint = Some(6);
        let guests = [guest.clone()];
        let start = SeasonStart {
            cup: "rookie",
            car: "coupe",
            grid_order: GridOrder::Standings,
            player_name: "Ana",
            seed: 3,
            guests: &guests,
        };
        let title = |l: &str| l.to_string();
        let mode = begin(&ContentRoot::Embedded, start, keeping(), &title).unwrap();
        let round = mode.next_round().unwrap();
        assert_eq!(round.guests.len(), 1);
        assert_eq!(
            (round.guests[0].car.as_str(), round.guests[0].paint),
            ("big_wheeler", Some(6))
        );
        assert_ne!(
            round.guests[0].grid_slot, round.player_grid_slot,
            "each on their own slot"
        );
        let again = resume(&ContentRoot::Embedded, keeping(), None, &title).unwrap();
        assert_eq!(again.guests, guests, "the save keeps who played");
        assert_eq!(again.mode.next_round(), Some(round));
        // A guest in a car the cup is not raced in is refused too.
        let sedan = [SeasonPlayer::new("Player 2", "sedan")];
        let wrong = SeasonStart {
            guests: &sedan,
            ..start
        };
        assert!(begin(&ContentRoot::Embedded, wrong, keeping(), &title).is_err());
    }
}
