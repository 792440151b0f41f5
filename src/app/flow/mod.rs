//! Game flow: the screens of `skidpad play` as states of one machine.
//!
//! A screen is a state that takes the frame's events and advances (`update`), draws
//! itself, and finishes its frame once it is shown (`end_frame`, which may hand over to the
//! next screen). [`Flow`] holds the current one and the table of which follows which; the
//! play loop (`crate::app::play`) only pumps events, asks the flow, swaps and accounts the
//! frame. Today: `Loading` (the first chunks decoding) then `Driving` (the race, pause
//! included). A title screen, menus or a results screen are new variants of [`Screen`]
//! and new rows in [`Flow::end_frame`].
//!
//! - `stage`: the devices every screen plays through, and the frame's events.
//! - `frame`: a frame's phase timing, and the accounting of frames of play.
//! - `loading`, `driving`: the screens; `feed` (replay in, recording out) and
//!   `feedback` (sound and rumble) serve the driving screen.

mod driving;
mod feed;
mod feedback;
mod frame;
mod loading;
mod stage;

pub use driving::Ended;
pub use feed::TickFeed;
pub(crate) use feedback::engine_sound_rpm;
pub use frame::{Frame, FrameAccount, FrameKind};
pub use stage::Stage;

use crate::app::Session;
use crate::app::Setup;
use crate::settings::Settings;
use driving::Driving;
use loading::Loading;

/// The screen being shown.
pub enum Screen {
    /// The level's first chunks decoding.
    Loading(Loading),
    /// The race.
    Driving(Box<Driving>),
}

/// The screen machine of one game of `skidpad play`.
pub struct Flow<'a> {
    setup: &'a Setup,
    settings: &'a Settings,
    /// The driving screen's tick feed until the race begins.
    feed: Option<TickFeed>,
    screen: Screen,
}

impl<'a> Flow<'a> {
    /// Starts on the loading screen for `setup`, or straight on the race when there is no
    /// loader thread (its chunks then load on the game thread). The race is driven with
    /// the player's `settings`, its ticks fed by `feed`.
    pub fn start(setup: &'a Setup, settings: &'a Settings, feed: TickFeed, stage: &Stage) -> Self {
        let mut feed = Some(feed);
        let screen = match Loading::start(setup, stage) {
            Some(loading) => Screen::Loading(loading),
            None => Self::driving(Session::start(setup), settings, &mut feed, stage),
        };
        Self {
            setup,
            settings,
            feed,
            screen,
        }
    }

    /// The race screen for `session`, taking the tick feed.
    fn driving(session: Session, settings: &Settings, feed: &mut Option<TickFeed>, stage: &Stage) -> Screen {
        // The feed is taken by the one hand-over to the race; there is no second.
        let feed = feed.take().unwrap_or_default();
        Screen::Driving(Box::new(Driving::new(session, settings, feed, stage)))
    }

    /// Whether the screen takes pad input this frame.
    pub fn takes_pads(&self) -> bool {
        matches!(self.screen, Screen::Driving(_))
    }

    /// Advances the screen by the frame's events. False when play ends now, undrawn.
    pub fn update(&mut self, stage: &mut Stage, frame: &mut Frame) -> bool {
        match &mut self.screen {
            Screen::Loading(l) => l.update(stage),
            Screen::Driving(d) => d.update(stage, frame),
        }
    }

    /// Draws the screen.
    pub fn draw(&mut self, stage: &mut Stage, frame: &mut Frame, account: &FrameAccount) {
        match &mut self.screen {
            Screen::Loading(l) => l.draw(stage, &self.setup.level.level.name),
            Screen::Driving(d) => d.draw(stage, frame, account),
        }
    }

    /// After the frame is shown: the screen finishes it and may hand over to the next
    /// (loading → driving once the chunks are in). Says what kind of frame it was.
    pub fn end_frame(&mut self, stage: &Stage, frame: &mut Frame) -> FrameKind {
        match &mut self.screen {
            Screen::Loading(l) => {
                if let Some(session) = l.end_frame(self.setup, stage) {
                    self.screen = Self::driving(session, self.settings, &mut self.feed, stage);
                }
                FrameKind::Wait
            }
            Screen::Driving(d) => {
                d.end_frame(stage, frame);
                FrameKind::Play
            }
        }
    }

    /// How the game ended: the race and its recording; None when the player closed the
    /// window before the race began.
    pub fn end(self) -> Option<Ended> {
        match self.screen {
            Screen::Loading(_) => None,
            Screen::Driving(d) => Some(d.end()),
        }
    }
}
