//! The race's pause menu: Resume, Restart, (Finish,) Reset car, Camera, Options, Quit to menu, Quit
//! game (confirmed), over the frozen scene. The driving screen opens it on pause and acts
//! on what it returns.

use super::menus::blip_for;
use super::stage::Stage;
use crate::app::frontend::{self, FrontEnd, Outcome};
use crate::app::hud::Rect;
use crate::app::menu::{NavInput, Pressed};
use crate::input::seats::InputDevice;
use crate::settings::Settings;
use skidpad_platform::Clock;

/// The open pause menu.
pub struct PauseMenu {
    front: FrontEnd,
    nav: NavInput,
    pressed: Vec<Pressed>,
    /// The latest press's blip, Hz, until the driving screen takes it.
    blip_hz: Option<f32>,
    /// The one controller that drives it (the one that paused, with several players);
    /// None: any.
    driver: Option<InputDevice>,
}

impl PauseMenu {
    /// Opens on Resume, editing `settings`; with the mode's `finish` row (Finish, Retire)
    /// where it offers one; its
    /// options offer the profile's frame caps; its prompts for the device the menus saw
    /// last (the profile's own until one is used: [`Stage::last_device`]).
    pub fn open(settings: Settings, finish: Option<&'static str>, stage: &Stage) -> PauseMenu {
        PauseMenu {
            front: FrontEnd::pause(settings, finish, stage.frame_caps_hz.clone()),
            nav: NavInput::starting_on(stage.last_device, stage.home_device),
            pressed: Vec::with_capacity(16),
            blip_hz: None,
            driver: None,
        }
    }

    /// The same menu, driven by `driver` alone (None: by any controller).
    pub fn driven_by(self, driver: Option<InputDevice>) -> PauseMenu {
        PauseMenu { driver, ..self }
    }

    /// The same menu, titled for player `n` (1-based) when a guest opened it: the options
    /// it opens are theirs (their bindings and assists).
    pub fn for_player(self, n: Option<usize>) -> PauseMenu {
        PauseMenu {
            front: self.front.for_player(n),
            ..self
        }
    }

    /// The frame's presses; each outcome other than moving around is pushed onto `out`.
    pub fn update(&mut self, stage: &Stage, out: &mut Vec<Outcome>) {
        let now = stage.clock.now();
        self.pressed.clear();
        let takes = |d: InputDevice| self.driver.is_none_or(|driver| driver == d);
        if takes(InputDevice::Keyboard) {
            for e in &stage.events {
                self.nav.on_platform_event(e, now, &mut self.pressed);
            }
        }
        for e in stage.pad_events.iter().filter(|e| takes(InputDevice::of_pad(e))) {
            self.nav.on_pad_event(e, now, &mut self.pressed);
        }
        self.nav.end_events(now, &mut self.pressed);
        for p in self.pressed.iter().copied() {
            let outcome = self.front.apply(p);
            self.blip_hz = blip_for(&outcome).or(self.blip_hz);
            if !matches!(outcome, Outcome::Nothing | Outcome::Moved | Outcome::Accepted) {
                out.push(outcome);
            }
        }
    }

    /// The blip of the latest press since the last call, Hz: the driving screen plays it
    /// with the idling engines (a menu frame of its own would silence them).
    pub fn take_blip(&mut self) -> Option<f32> {
        self.blip_hz.take()
    }

    /// The size the menu needs on a window `h` high, for the HUD's layout.
    pub fn size(&self, stage: &Stage, h: u32) -> [f32; 2] {
        frontend::paused_size(&stage.hud, &self.front, h as f32)
    }

    /// Draws the menu over the frame drawn so far, inside `rect` (the HUD's layout's place
    /// for it); the frame is darkened whole.
    pub fn draw(&mut self, stage: &mut Stage, rect: Rect, w: u32, h: u32) {
        frontend::draw_paused_in(
            &mut stage.hud,
            &mut self.front,
            self.nav.device(),
            [rect.x, rect.y, rect.w, rect.h],
            w,
            h,
        );
    }

    /// The page shown (pause, its options, the quit confirmation).
    pub fn page_name(&self) -> &'static str {
        self.front.page().name()
    }

    /// The settings as edited.
    pub fn settings(&self) -> &Settings {
        self.front.settings()
    }
}
