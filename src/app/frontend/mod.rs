//! The front end the player meets, without GL: the title, the main menu (one entry per
//! game [`Mode`], and *Continue championship* when a season is saved), level and car
//! select, the championship page, options, credits, the quit confirmation, the pause
//! menu, a mode's results and a season's standings, as a stack of pages over
//! [`crate::app::menu`]. Pressing Back pops a page;
//! what leaves the front end (start a level, quit, resume…) comes back as an [`Outcome`]
//! for the flow (`crate::app::play`) to carry out. `draw.rs` lays the pages out on the HUD.
//!
//! - `catalog`: the levels and cars listed, with their figures and each level's map.
//! - one file per page: `title`, `main_menu`, `levels`, `cars`, `cup`, `options`,
//!   `credits`, `confirm`, `pause`, `results`, `standings`.
//!
//! A page that animates (the standings' rows moving to their places) is driven by
//! [`FrontEnd::advance`], the time the page has been shown; the first press while it
//! moves finishes it.

mod cars;
mod catalog;
mod confirm;
mod credits;
mod cup;
mod draw;
mod levels;
mod main_menu;
mod options;
mod party;
mod party_draw;
mod pause;
mod prompts;
mod results;
mod standings;
#[cfg(test)]
mod tests;
mod title;

pub use catalog::{CarEntry, Catalog, CupEntry, LevelEntry, SavedSeason};
pub use confirm::Question;
pub use cup::SeasonChoice;
pub use draw::{car_preview_region, draw, draw_paused_in, paused_size, Backdrop, PreviewSlot};
pub use party::{AssistPreset, GuestChoice, Party};
pub use results::next_level;

use crate::ai::AiDifficulty;
use crate::app::game_mode::{ModeResults, StandingsPage};
use crate::app::hud::TableMotion;
use crate::app::menu::{Menu, MenuEvent, NavAction, Pressed};
use crate::input::seats::InputDevice;
pub use crate::modes::Mode;
use crate::settings::Settings;
use skidpad_platform::{Key, PadButton};

/// What the player chose to play.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Choice {
    /// The mode.
    pub mode: Mode,
    /// The level's name.
    pub level: String,
    /// The car's name.
    pub car: String,
    /// AI opponents on the grid (levels with a track).
    pub opponents: usize,
    /// A time trial's or race's laps before its results (0 until chosen: the default,
    /// `cars::DEFAULT_LAPS`).
    pub laps: u32,
    /// How well a race's opponents drive (None until chosen: `cars::DEFAULT_DIFFICULTY`
    /// in a race, the setup's own default elsewhere).
    pub difficulty: Option<AiDifficulty>,
    /// Everyone playing: the first player's controller, and the guests seated on the car
    /// select with what they chose (none: one player).
    pub party: Party,
}

/// What a press did that the flow must carry out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to do.
    Nothing,
    /// The focus moved (a tick sound).
    Moved,
    /// A page opened or closed, or a button acted (a blip).
    Accepted,
    /// A setting changed: apply it and save the settings now.
    SettingsChanged,
    /// Start playing this.
    Start(Choice),
    /// Pause menu: back to the race.
    Resume,
    /// Pause menu, results (Retry): the same level and car from the start.
    Restart,
    /// Pause menu: the car back at the start, upright.
    ResetCar,
    /// Pause menu: the next camera view.
    Camera,
    /// Pause menu, results: leave the race for the main menu.
    QuitToMenu,
    /// A time trial's laps are done, or the pause menu's Finish: show its results.
    Finish,
    /// Leave the game (confirmed).
    QuitGame,
    /// Start a new championship season (replacing one saved).
    StartSeason(SeasonChoice),
    /// Go on with the season saved: its standings, then its next round.
    ContinueSeason,
    /// The standings page's Next round: race the season's next round.
    NextRound,
}

/// One page of the front end.
#[derive(Debug, Clone, PartialEq)]
pub enum Page {
    /// "Press A / Enter".
    Title,
    /// The modes, options, credits, quit.
    Main(Menu),
    /// The levels.
    Levels(Menu),
    /// The cars (and the opponents, on a level with a track).
    Cars(Menu),
    /// The settings.
    Options(Menu),
    /// Who made what.
    Credits(Menu),
    /// "Quit the game?", "Retire from this round?"
    Confirm(Menu, Question),
    /// The pause menu.
    Pause(Menu),
    /// Any mode's results: its lines and table (the mode's own), then Retry, its Next if
    /// it offers one, Main menu; a championship round's: Standings, Main menu.
    Results(Menu),
    /// The championship page: cup, car, grid, paint, Start season.
    Cup(Menu),
    /// A season's standings: the table, then Next round (until the last) and Main menu.
    Standings(Menu),
}

impl Page {
    /// The page's name in logs (the monkey test reads how long each page was kept).
    pub fn name(&self) -> &'static str {
        match self {
            Page::Title => "title",
            Page::Main(_) => "main",
            Page::Levels(_) => "levels",
            Page::Cars(_) => "cars",
            Page::Options(_) => "options",
            Page::Credits(_) => "credits",
            Page::Confirm(..) => "confirm",
            Page::Pause(_) => "pause",
            Page::Results(_) => "results",
            Page::Cup(_) => "cup",
            Page::Standings(_) => "standings",
        }
    }
}

impl Page {
    /// The page's menu (the title has none).
    pub fn menu(&self) -> Option<&Menu> {
        match self {
            Page::Title => None,
            Page::Main(m)
            | Page::Levels(m)
            | Page::Cars(m)
            | Page::Options(m)
            | Page::Credits(m)
            | Page::Confirm(m, _)
            | Page::Pause(m)
            | Page::Results(m)
            | Page::Cup(m)
            | Page::Standings(m) => Some(m),
        }
    }

    fn menu_mut(&mut self) -> Option<&mut Menu> {
        match self {
            Page::Title => None,
            Page::Main(m)
            | Page::Levels(m)
            | Page::Cars(m)
            | Page::Options(m)
            | Page::Credits(m)
            | Page::Confirm(m, _)
            | Page::Pause(m)
            | Page::Results(m)
            | Page::Cup(m)
            | Page::Standings(m) => Some(m),
        }
    }
}

/// What a page makes of a menu event.
enum Step {
    Stay,
    Push(Page),
    Pop,
    Out(Outcome),
}

/// The page stack, the settings being edited, the catalog and the choice so far.
#[derive(Debug, Clone)]
pub struct FrontEnd {
    stack: Vec<Page>,
    settings: Settings,
    catalog: Catalog,
    choice: Choice,
    /// The results page's lines and table, and the standings after them.
    results: ModeResults,
    /// What a challenge's results page's Next starts.
    next: Option<Choice>,
    /// How long the page on top has been shown, s (its animation's clock).
    shown_s: f32,
    /// The controller that pressed last: the first player's, when the car select opens.
    device: InputDevice,
    /// The other people of a season continued from the main menu, with the cars and paints
    /// the season keeps: its standings page seats them again (none: nobody to seat).
    season_guests: Vec<GuestChoice>,
    /// The player (1-based) a guest's pause menu is for: its titles name them.
    for_player: Option<usize>,
}

/// The standings' animation, s from the page opening: a hold, then the points counting up
/// with the rows where they were, then the rows sliding to their new places (briefly:
/// rows passing each other overlap while they do).
const STANDINGS_HOLD_S: f32 = 0.4;
const STANDINGS_COUNT_S: f32 = 0.8;
const STANDINGS_MOVE_S: f32 = 0.6;
/// The whole animation, s.
const STANDINGS_ANIMATION_S: f32 = STANDINGS_HOLD_S + STANDINGS_COUNT_S + STANDINGS_MOVE_S;

impl FrontEnd {
    /// On the title screen.
    pub fn title(settings: Settings, catalog: Catalog) -> FrontEnd {
        FrontEnd {
            stack: vec![Page::Title],
            settings,
            catalog,
            choice: Choice::default(),
            results: ModeResults::default(),
            next: None,
            shown_s: 0.0,
            device: InputDevice::Keyboard,
            season_guests: Vec::new(),
            for_player: None,
        }
    }

    /// On the main menu (back from a race), the title below it.
    pub fn main_menu(settings: Settings, catalog: Catalog) -> FrontEnd {
        let mut fe = Self::title(settings, catalog);
        fe.stack.push(Page::Main(main_menu::menu(&fe.catalog)));
        fe
    }

    /// The pause menu of a race (with `finish`'s row — Finish, or a championship's
    /// Retire — in a mode that offers it); its options offer `frame_caps_hz` (the
    /// profile's).
    pub fn pause(settings: Settings, finish: Option<&'static str>, frame_caps_hz: Vec<u32>) -> FrontEnd {
        FrontEnd {
            stack: vec![Page::Pause(pause::menu(finish))],
            settings,
            catalog: Catalog {
                frame_caps_hz,
                ..Catalog::default()
            },
            choice: Choice::default(),
            results: ModeResults::default(),
            next: None,
            shown_s: 0.0,
            device: InputDevice::Keyboard,
            season_guests: Vec::new(),
            for_player: None,
        }
    }

    /// The same pages, for player `n` (1-based) when a guest opened them: titles name them.
    pub fn for_player(self, n: Option<usize>) -> FrontEnd {
        FrontEnd { for_player: n, ..self }
    }

    /// The player a guest's pause menu is for (1-based), if a guest opened it.
    pub fn shown_for(&self) -> Option<usize> {
        self.for_player
    }

    /// A mode's results page: its lines and table (the mode's own), then Retry, the mode's
    /// Next button when it has one (labelled `results.next_label`; `next` is what it
    /// starts: the next level the mode fits, with the same car) and Main menu; with a
    /// season's standings after it, Standings and Main menu.
    pub fn results(settings: Settings, results: ModeResults, next: Option<Choice>) -> FrontEnd {
        let next = next.filter(|_| results.next_label.is_some());
        let menu = match &results.standings {
            Some(_) => results::menu_to_standings(),
            None => results::menu_with_next(results.next_label.filter(|_| next.is_some())),
        };
        FrontEnd {
            stack: vec![Page::Results(menu)],
            settings,
            catalog: Catalog::default(),
            choice: Choice::default(),
            results,
            next,
            shown_s: 0.0,
            device: InputDevice::Keyboard,
            season_guests: Vec::new(),
            for_player: None,
        }
    }

    /// A season's standings as a page of its own (the season continued from the main
    /// menu): the rows where they stand, Next round and Main menu.
    pub fn standings(settings: Settings, page: StandingsPage) -> FrontEnd {
        let menu = standings::menu(&page);
        FrontEnd {
            stack: vec![Page::Standings(menu)],
            settings,
            catalog: Catalog::default(),
            choice: Choice::default(),
            results: ModeResults {
                standings: Some(page),
                ..ModeResults::default()
            },
            next: None,
            shown_s: STANDINGS_ANIMATION_S,
            device: InputDevice::Keyboard,
            season_guests: Vec::new(),
            for_player: None,
        }
    }

    /// The same, for a season shared by `guests` (its people after the first, with their
    /// cars and paints) continued by `device`: the standings page lets each of them take
    /// their seat again with their controller's A; no more seats than the season has.
    pub fn with_season_guests(mut self, device: InputDevice, guests: Vec<GuestChoice>) -> FrontEnd {
        self.device = device;
        let mut party = Party::solo(device);
        party.seats = party.seats.with_limit(1 + guests.len());
        self.choice.party = party;
        self.season_guests = guests;
        self
    }

    /// Keeps each guest's car, paint and assists in the settings' guests, for the next
    /// time a pad takes their seat (a game starting); whether the settings changed.
    pub fn remember_guests(&mut self) -> bool {
        self.choice.party.remember(&mut self.settings.guests)
    }

    /// The controller that pressed last.
    pub fn device(&self) -> InputDevice {
        self.device
    }

    /// The people seated on a continued season's standings (None: not such a page).
    pub fn season_party(&self) -> Option<&Party> {
        (!self.season_guests.is_empty()).then_some(&self.choice.party)
    }

    /// The results page's lines and table, and the standings after them (empty elsewhere).
    pub fn results_page(&self) -> &ModeResults {
        &self.results
    }

    /// Advances the page's animation by `dt_s` (the menus' frame time).
    pub fn advance(&mut self, dt_s: f32) {
        self.shown_s += dt_s.max(0.0);
    }

    /// How far the standings' points have counted up (0 before, 1 done) and their rows
    /// moved to their new places after that.
    pub fn standings_progress(&self) -> TableMotion {
        let phase = |from: f32, length: f32| ((self.shown_s - from) / length).clamp(0.0, 1.0);
        TableMotion {
            count: phase(STANDINGS_HOLD_S, STANDINGS_COUNT_S),
            rows: phase(STANDINGS_HOLD_S + STANDINGS_COUNT_S, STANDINGS_MOVE_S),
        }
    }

    /// The page shown.
    pub fn page(&self) -> &Page {
        self.stack.last().unwrap_or(&Page::Title)
    }

    /// How many pages deep the player is (1: the root page).
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// The settings as edited.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The levels and cars.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The level the level select's focus is on (None on another page).
    pub fn focused_level(&self) -> Option<&LevelEntry> {
        let Page::Levels(menu) = self.page() else {
            return None;
        };
        levels::level_at(&self.catalog, menu.focus()).and_then(|i| self.catalog.levels.get(i))
    }

    /// What has been chosen so far.
    pub fn choice(&self) -> &Choice {
        &self.choice
    }

    /// The shown page's menu, to note where its rows were drawn.
    pub fn menu_mut(&mut self) -> Option<&mut Menu> {
        self.stack.last_mut().and_then(Page::menu_mut)
    }

    /// The controller the next presses come from (the first player's until the car
    /// select opens: who opens it plays first).
    pub fn set_device(&mut self, device: InputDevice) {
        self.device = device;
    }

    /// Whether other controllers can join now: the car select of a mode played together,
    /// the championship page, a shared season's standings when it is continued.
    pub fn party_open(&self) -> bool {
        match self.page() {
            Page::Cars(_) => self.choice.mode.has_split_screen(),
            Page::Cup(_) => true,
            Page::Standings(_) => !self.season_guests.is_empty(),
            _ => false,
        }
    }

    /// Whether the guests seated choose their car and paint here (not on a continued
    /// season's standings: the season keeps them).
    pub fn guests_choose_cars(&self) -> bool {
        !matches!(self.page(), Page::Standings(_))
    }

    /// The cars a guest chooses from here: the focused cup's on the championship page,
    /// every car elsewhere.
    fn guest_cars(&self) -> Vec<String> {
        match self.page() {
            Page::Cup(menu) => self
                .catalog
                .cups
                .get(cup::cup_index(menu))
                .map(|c| c.def.cars.clone())
                .unwrap_or_default(),
            _ => self.catalog.cars.iter().map(|c| c.name.clone()).collect(),
        }
    }

    /// Everyone seated on the car select so far.
    pub fn party(&self) -> &Party {
        &self.choice.party
    }

    /// The seats, for the menus to route controllers through and seat those joining.
    pub fn party_mut(&mut self) -> &mut Party {
        &mut self.choice.party
    }

    /// Gives guests just seated their first choices (the first car, a paint nobody wears;
    /// on a continued season's standings, what the season keeps for that seat).
    pub fn seat_new_guests(&mut self) {
        if !self.season_guests.is_empty() {
            let party = &mut self.choice.party;
            while party.guests.len() + 1 < party.seats.len() {
                let kept = self.season_guests.get(party.guests.len()).cloned();
                party.guests.push(kept.unwrap_or_else(|| self.season_guests[0].clone()));
            }
            return;
        }
        let cars = self.guest_cars();
        // The first player's colour: their paint, else the focused car's own.
        let focused = match self.page() {
            Page::Cars(menu) => self.catalog.cars.get(menu.focus()),
            Page::Cup(menu) => {
                cup::season_choice(menu, &self.catalog).and_then(|c| self.catalog.cars.iter().find(|e| e.name == c.car))
            }
            _ => None,
        };
        let own = focused.or(self.catalog.cars.first()).map_or([0.5; 3], |c| c.color);
        let colour = self.settings.display.car_paint_color().map_or(own, |c| c.to_array());
        self.choice.party.seat_new_guests(&cars, colour, &self.settings.guests);
    }

    /// Guest `guest`'s press on their own controller (their car, paint, assists, leaving).
    pub fn apply_guest(&mut self, guest: usize, pressed: Pressed) -> Outcome {
        let chooses = self.guests_choose_cars();
        let keeps_car = matches!(
            pressed.action(),
            Some(NavAction::Left | NavAction::Right | NavAction::Up | NavAction::Down)
        );
        if !chooses && keeps_car {
            return Outcome::Nothing;
        }
        let cars = self.guest_cars();
        self.choice.party.on_guest(guest, pressed, &cars)
    }

    /// Guests whose car the focused cup is not raced in take its first (the cup row moved).
    fn keep_guests_in_cup(&mut self) {
        if !matches!(self.page(), Page::Cup(_)) {
            return;
        }
        let cars = self.guest_cars();
        for g in &mut self.choice.party.guests {
            if !cars.contains(&g.car) {
                g.car = cars.first().cloned().unwrap_or_default();
            }
        }
    }

    /// Applies one press.
    pub fn apply(&mut self, pressed: Pressed) -> Outcome {
        // The first press on standings still moving shows them settled.
        if matches!(self.page(), Page::Standings(_)) && !self.standings_progress().done() && pressed.action().is_some()
        {
            self.shown_s = STANDINGS_ANIMATION_S;
            return Outcome::Accepted;
        }
        let Some(page) = self.stack.last_mut() else {
            return Outcome::Nothing;
        };
        if let Page::Title = page {
            return if title::starts(pressed) {
                self.stack.push(Page::Main(main_menu::menu(&self.catalog)));
                Outcome::Accepted
            } else {
                Outcome::Nothing
            };
        }
        let Some(menu) = page.menu_mut() else {
            return Outcome::Nothing;
        };
        let event = match (menu.capturing(), pressed) {
            (Some(_), Pressed::Button(PadButton::Start, _) | Pressed::Key(Key::Escape, _)) => {
                menu.apply(NavAction::Back)
            }
            (Some(i), Pressed::Button(b, _)) => match options::bind_button(&mut self.settings, i, b) {
                Some(shown) => {
                    let captured = menu.capture(&shown);
                    options::show_bindings(menu, &self.settings);
                    captured
                }
                None => MenuEvent::Nothing,
            },
            (Some(i), Pressed::Key(k, _)) => match options::bind_key(&mut self.settings, i, k) {
                Some(shown) => {
                    let captured = menu.capture(&shown);
                    options::show_bindings(menu, &self.settings);
                    captured
                }
                None => MenuEvent::Nothing,
            },
            (Some(_), Pressed::Nav(_)) => MenuEvent::Nothing,
            (None, p) => match p.action() {
                Some(a) => menu.apply(a),
                None => MenuEvent::Nothing,
            },
        };
        let step = self.step(event);
        let outcome = self.carry_out(step, event);
        self.keep_guests_in_cup();
        outcome
    }

    /// The page's answer to `event`.
    fn step(&mut self, event: MenuEvent) -> Step {
        let root = self.stack.len() == 1;
        let Some(page) = self.stack.last_mut() else {
            return Step::Stay;
        };
        match (page, event) {
            (Page::Pause(_), MenuEvent::Back) if root => Step::Out(Outcome::Resume),
            (Page::Results(_) | Page::Standings(_), MenuEvent::Back) if root => Step::Out(Outcome::QuitToMenu),
            (_, MenuEvent::Back) if root => Step::Stay,
            (_, MenuEvent::Back) => Step::Pop,
            (Page::Main(m), e) => main_menu::on(e, m, &mut self.choice, &self.catalog, &self.settings),
            (Page::Levels(_), e) => levels::on(e, &self.catalog, &mut self.choice, &self.settings),
            (Page::Cars(m), e) => cars::on(e, m, &self.catalog, &mut self.choice, &mut self.settings),
            (Page::Options(m), e) => options::on(e, m, &mut self.settings),
            (Page::Credits(_), e) => credits::on(e),
            (Page::Confirm(_, q), e) => confirm::on(e, *q),
            (Page::Pause(m), e) => pause::on(e, m, &self.settings, &self.catalog.frame_caps_hz),
            (Page::Results(_), e) => results::on(e, self.next.as_ref(), self.results.standings.as_ref()),
            (Page::Cup(m), e) => cup::on(e, m, &self.catalog, &mut self.settings, &self.choice.party),
            (Page::Standings(_), e) => standings::on(e, self.results.standings.as_ref()),
            (Page::Title, _) => Step::Stay,
        }
    }

    fn carry_out(&mut self, step: Step, event: MenuEvent) -> Outcome {
        match step {
            Step::Push(page) => {
                if let Page::Cars(_) | Page::Cup(_) = page {
                    // Whoever opened the car select (or the championship page) is the first
                    // player; guests join on it.
                    self.choice.party = Party::solo(self.device);
                }
                self.stack.push(page);
                self.shown_s = 0.0;
                Outcome::Accepted
            }
            Step::Pop => {
                self.stack.pop();
                self.shown_s = STANDINGS_ANIMATION_S;
                Outcome::Accepted
            }
            Step::Out(o) => o,
            Step::Stay => match event {
                MenuEvent::Moved => Outcome::Moved,
                MenuEvent::Nothing => Outcome::Nothing,
                _ => Outcome::Accepted,
            },
        }
    }
}
