//! The questions asked before what cannot be undone: "Quit the game?" and a
//! championship's "Retire from this round?". No is focused first, so a stray press does
//! neither.

use super::{Outcome, Step};
use crate::app::menu::{Item, Menu, MenuEvent};

/// What is being confirmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// Leave the game.
    Quit,
    /// End the round now, scoring nothing (the pause menu's Retire).
    Retire,
}

impl Question {
    /// The page's title.
    pub fn title(self) -> &'static str {
        match self {
            Question::Quit => "Quit",
            Question::Retire => "Retire",
        }
    }

    /// The question, above No and Yes.
    pub fn text(self) -> &'static str {
        match self {
            Question::Quit => "Quit the game?",
            Question::Retire => "Retire from this round? You score no points.",
        }
    }
}

/// No, then Yes.
pub fn menu(question: Question) -> Menu {
    let yes = match question {
        Question::Quit => "Yes, quit",
        Question::Retire => "Yes, retire",
    };
    Menu::new(vec![Item::button("No"), Item::button(yes)])
}

/// Yes does it; No goes back.
pub fn on(event: MenuEvent, question: Question) -> Step {
    match (event, question) {
        (MenuEvent::Activated(1), Question::Quit) => Step::Out(Outcome::QuitGame),
        (MenuEvent::Activated(1), Question::Retire) => Step::Out(Outcome::Finish),
        (MenuEvent::Activated(_), _) => Step::Pop,
        _ => Step::Stay,
    }
}
