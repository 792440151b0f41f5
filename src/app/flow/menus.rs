//! The front-end screen: the title, main menu, level and car select, options and credits
//! (`crate::app::frontend`), driven by pad, keyboard and the pointer through
//! [`NavInput`], drawn over a plain background. What it cannot do itself (start a level,
//! quit) it leaves in [`Menus::request`] for the flow.

use super::stage::Stage;
use crate::app::frontend::{self, FrontEnd, Outcome};
use crate::app::menu::{NavInput, Pressed};
use crate::audio::{SharedSound, SoundParams};
use crate::settings::Settings;
use skidpad_platform::Clock;
use std::time::Duration;

/// Menus redraw at most this often (they pace themselves; nothing moves faster).
const MENU_FRAME: Duration = Duration::from_millis(16);

/// The front end on screen.
pub struct Menus {
    front: FrontEnd,
    nav: NavInput,
    pressed: Vec<Pressed>,
    request: Option<Outcome>,
    settings_changed: bool,
}

impl Menus {
    /// Shows `front`, its sounds at the settings' volumes.
    pub fn new(front: FrontEnd, stage: &Stage) -> Menus {
        set_volumes(&stage.sound, front.settings());
        Menus {
            front,
            nav: NavInput::default(),
            pressed: Vec::with_capacity(16),
            request: None,
            settings_changed: false,
        }
    }

    /// Takes the frame's presses. False when the window closed.
    pub fn update(&mut self, stage: &mut Stage) -> bool {
        let now = stage.clock.now();
        self.pressed.clear();
        for e in &stage.events {
            self.nav.on_platform_event(e, now, &mut self.pressed);
        }
        for e in &stage.pad_events {
            self.nav.on_pad_event(e, now, &mut self.pressed);
        }
        self.nav.end_events(now, &mut self.pressed);
        for p in self.pressed.iter().copied() {
            let outcome = self.front.apply(p);
            play_sound(&stage.sound, &outcome);
            match outcome {
                Outcome::SettingsChanged => {
                    self.settings_changed = true;
                    set_volumes(&stage.sound, self.front.settings());
                }
                Outcome::Start(_) | Outcome::QuitGame => {
                    self.request = Some(outcome);
                    break;
                }
                _ => {}
            }
        }
        !stage.quit_event()
    }

    /// Draws the page.
    pub fn draw(&mut self, stage: &mut Stage) {
        let (w, h) = stage.platform.drawable_size();
        stage.renderer.clear(w, h);
        frontend::draw(&mut stage.hud, &mut self.front, self.nav.device(), false, w, h);
        stage.hud.flush(w, h);
    }

    /// After the frame is shown: waits out the rest of a menu frame.
    pub fn end_frame(&mut self, stage: &Stage, started: Duration) {
        stage.clock.sleep_until(started + MENU_FRAME);
    }

    /// What the flow must do (start, quit), taken once.
    pub fn request(&mut self) -> Option<Outcome> {
        self.request.take()
    }

    /// The settings, when the options changed them since the last call.
    pub fn take_settings_change(&mut self) -> Option<&Settings> {
        std::mem::take(&mut self.settings_changed).then(|| self.front.settings())
    }

    /// The settings as the menus hold them.
    pub fn settings(&self) -> &Settings {
        self.front.settings()
    }
}

/// The menus' sounds: a tick as the focus moves, a higher blip as something is chosen.
pub fn play_sound(sound: &SharedSound, outcome: &Outcome) {
    match outcome {
        Outcome::Nothing => {}
        Outcome::Moved => sound.blip(660.0),
        Outcome::SettingsChanged => sound.blip(880.0),
        _ => sound.blip(990.0),
    }
}

/// Menus play no engine: only their blips, at the settings' volumes.
pub fn set_volumes(sound: &SharedSound, settings: &Settings) {
    sound.set(SoundParams {
        volumes: settings.volumes,
        ..SoundParams::default()
    });
}
