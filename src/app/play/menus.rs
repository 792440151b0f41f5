//! The front-end screen: the title, main menu, level and car select, options and credits,
//! and a time trial's results (`crate::app::frontend`), driven by pad, keyboard and the pointer through
//! [`NavInput`], drawn over a plain background. What it cannot do itself (start a level,
//! retry, back to the main menu, quit) it leaves in [`Menus::request`] for the flow.

use super::car_preview::{CarPreview, TURN_RATE_RAD_PER_S};
use super::launcher::Launcher;
use super::stage::Stage;
use crate::app::frontend::{self, Backdrop, FrontEnd, Outcome, Page};
use crate::app::menu::{NavInput, Pressed};
use crate::audio::{SoundEvent, SoundFeed, SoundFrame};
use crate::input::seats::{InputDevice, Joined, Route, MAX_SEATS};
use crate::settings::Settings;
use skidpad_platform::{Clock, Key, PadButton, PadEventKind, PlatformEvent};
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
    /// Builds the car select's preview.
    launcher: Launcher,
    /// The car select's turning car: which car, and its preview (None if it failed to
    /// build: logged once, not retried).
    preview: Option<(String, Option<CarPreview>)>,
    /// When the page was last updated (the animation's clock).
    last_update: Option<Duration>,
    /// Each guest's controller in the menus' terms (guest `g` holds seat `g + 1`).
    guest_navs: [NavInput; MAX_SEATS - 1],
    /// The guests' presses this frame, for their sounds.
    guest_sounds: Vec<Outcome>,
    /// The keyboard joined this frame.
    joined: bool,
    /// The first player's pad was unplugged with nobody to move up: the next controller
    /// pressed takes the first seat (the page must never be left without a hand on it).
    first_seat_free: bool,
}

impl Menus {
    /// Shows `front`, its sounds at the settings' volumes; `launcher` builds the car
    /// previews.
    pub fn new(front: FrontEnd, stage: &mut Stage, launcher: &Launcher) -> Menus {
        send_menu_sound(&mut stage.sound, front.settings(), None);
        Menus {
            front,
            nav: NavInput::starting_on(stage.last_device, stage.home_device),
            pressed: Vec::with_capacity(16),
            request: None,
            settings_changed: false,
            launcher: launcher.clone(),
            preview: None,
            last_update: None,
            guest_navs: Default::default(),
            guest_sounds: Vec::with_capacity(8),
            joined: false,
            first_seat_free: false,
        }
    }

    /// Takes the frame's presses. False when the window closed.
    pub fn update(&mut self, stage: &mut Stage) -> bool {
        let now = stage.clock.now();
        // The page's animation runs on the menus' own clock.
        let dt = self.last_update.map_or(Duration::ZERO, |t| now.saturating_sub(t));
        self.last_update = Some(now);
        self.front.advance(dt.as_secs_f32());
        self.pressed.clear();
        if self.front.party_open() {
            self.seat_guests(stage, now);
        } else {
            self.first_seat_free = false;
            for e in &stage.events {
                self.nav.on_platform_event(e, now, &mut self.pressed);
                if matches!(e, PlatformEvent::Key { pressed: true, .. }) {
                    self.front.set_device(InputDevice::Keyboard);
                }
            }
            for e in &stage.pad_events {
                self.nav.on_pad_event(e, now, &mut self.pressed);
                if matches!(e.kind, PadEventKind::Button { pressed: true, .. }) {
                    self.front.set_device(InputDevice::of_pad(e));
                }
            }
        }
        self.nav.end_events(now, &mut self.pressed);
        for outcome in self.guest_sounds.drain(..) {
            send_menu_sound(&mut stage.sound, self.front.settings(), blip_for(&outcome));
        }
        for p in self.pressed.iter().copied() {
            let outcome = self.front.apply(p);
            send_menu_sound(&mut stage.sound, self.front.settings(), blip_for(&outcome));
            match outcome {
                Outcome::SettingsChanged => {
                    self.settings_changed = true;
                }
                Outcome::Start(_) | Outcome::StartSeason(_) if self.front.remember_guests() => {
                    self.settings_changed = true;
                    self.request = Some(outcome);
                    break;
                }
                Outcome::Start(_)
                | Outcome::QuitGame
                | Outcome::Restart
                | Outcome::QuitToMenu
                | Outcome::StartSeason(_)
                | Outcome::ContinueSeason
                | Outcome::NextRound => {
                    self.request = Some(outcome);
                    break;
                }
                _ => {}
            }
        }
        stage.last_device = self.nav.device();
        !stage.quit_event()
    }

    /// The car select of a mode played together: the first player's controller drives the
    /// menu; a guest's chooses their own car, paint and assists; any other controller's A
    /// (Enter) joins; a guest's pad unplugged leaves its seat.
    fn seat_guests(&mut self, stage: &mut Stage, now: Duration) {
        self.take_free_first_seat(stage);
        let first = self.front.party().seats.device(0);
        for e in &stage.events {
            let keyboard_seat = self.front.party().seats.keyboard_seat();
            let guest = match (e, keyboard_seat) {
                (PlatformEvent::Key { .. }, Some(seat)) if seat > 0 => Some(seat - 1),
                (PlatformEvent::Key { .. }, None) if first != Some(InputDevice::Keyboard) => {
                    if matches!(
                        e,
                        PlatformEvent::Key {
                            key: Key::Enter,
                            pressed: true,
                            repeat: false
                        }
                    ) {
                        self.front
                            .party_mut()
                            .seats
                            .ask_to_join(InputDevice::Keyboard, PadButton::South);
                        self.joined = true;
                    }
                    continue;
                }
                _ => None,
            };
            match guest {
                Some(g) => self.guest_press(g, |nav, out| nav.on_platform_event(e, now, out)),
                None => self.nav.on_platform_event(e, now, &mut self.pressed),
            }
        }
        for e in &stage.pad_events {
            match self.front.party_mut().seats.route(e) {
                Route::Seat(0) if e.kind == PadEventKind::Disconnected => {
                    if self.front.party_mut().first_player_leaves() {
                        log::info!("player 1's pad {} unplugged: player 2 drives the menu", e.pad.0);
                        self.guest_navs = Default::default();
                    } else {
                        log::info!(
                            "player 1's pad {} unplugged: the next controller pressed drives the menu",
                            e.pad.0
                        );
                        self.first_seat_free = true;
                    }
                }
                Route::Seat(0) => self.nav.on_pad_event(e, now, &mut self.pressed),
                Route::Seat(seat) if e.kind == PadEventKind::Disconnected => {
                    log::info!("player {} left: pad {} unplugged", seat + 1, e.pad.0);
                    self.front.party_mut().guest_leaves(seat - 1);
                    self.guest_navs = Default::default();
                }
                Route::Seat(seat) => self.guest_press(seat - 1, |nav, out| nav.on_pad_event(e, now, out)),
                Route::Mirror => {}
                Route::Unseated => {
                    if e.kind
                        == (PadEventKind::Button {
                            button: PadButton::South,
                            pressed: true,
                        })
                    {
                        self.front
                            .party_mut()
                            .seats
                            .ask_to_join(InputDevice::of_pad(e), PadButton::South);
                    }
                }
            }
        }
        let mut joined = Vec::new();
        self.front.party_mut().seats.end_poll(&mut joined);
        if std::mem::take(&mut self.joined) || joined.iter().any(|(_, j)| matches!(j, Joined::Seat(_))) {
            self.front.seat_new_guests();
            send_menu_sound(&mut stage.sound, self.front.settings(), Some(990.0));
            log::info!("{} players seated", self.front.party().players());
        }
        for g in 0..self.guest_navs.len() {
            self.guest_press(g, |nav, out| nav.end_events(now, out));
        }
    }

    /// While the first seat is free (its pad unplugged, nobody to move up), the first
    /// controller to press anything takes it; that press then acts as the first player's.
    fn take_free_first_seat(&mut self, stage: &Stage) {
        if !self.first_seat_free {
            return;
        }
        let key = stage
            .events
            .iter()
            .any(|e| matches!(e, PlatformEvent::Key { pressed: true, .. }))
            .then_some(InputDevice::Keyboard);
        let pad = stage
            .pad_events
            .iter()
            .find(|e| matches!(e.kind, PadEventKind::Button { pressed: true, .. }))
            .map(InputDevice::of_pad);
        if let Some(device) = key.or(pad) {
            self.front.party_mut().seats.reseat(0, device);
            self.front.set_device(device);
            self.first_seat_free = false;
            log::info!("{} drives the menu", device.label());
        }
    }

    /// Guest `guest`'s presses, as `feed` makes them from their controller's events.
    fn guest_press(&mut self, guest: usize, feed: impl FnOnce(&mut NavInput, &mut Vec<Pressed>)) {
        let Some(nav) = self.guest_navs.get_mut(guest) else {
            return;
        };
        let mut presses = Vec::new();
        feed(nav, &mut presses);
        for p in presses {
            let outcome = self.front.apply_guest(guest, p);
            if outcome == Outcome::Accepted {
                // A guest left: the seats after moved up, and their controllers' states with them.
                self.guest_navs = Default::default();
            }
            self.guest_sounds.push(outcome);
        }
    }

    /// Draws the page (on the car select over the focused car, turning). On a frame the
    /// player pressed nothing, first makes the next level preview still to make, before the
    /// level select needs it ([`Menus::make_preview_while_idle`]).
    pub fn draw(&mut self, stage: &mut Stage) {
        let (w, h) = stage.platform.drawable_size();
        if self.pressed.is_empty() {
            self.make_preview_while_idle(stage, w, h);
        }
        let region = frontend::car_preview_region(&stage.hud, &self.front, w, h);
        let backdrop = match self.car_preview() {
            Some(p) => {
                let angle = stage.clock.now().as_secs_f32() * TURN_RATE_RAD_PER_S;
                // The showroom is cheap: it is drawn sharp whatever the level's scenes cost.
                stage.renderer.set_scene_detail(crate::render::SceneDetail::FULL);
                p.draw(&mut stage.renderer, region, angle, w, h);
                Backdrop::CarPreview
            }
            None => {
                stage.renderer.clear(w, h);
                Backdrop::Plain
            }
        };
        let slot = frontend::draw(&mut stage.hud, &mut self.front, self.nav.device(), backdrop, w, h);
        if let Some(slot) = &slot {
            if !stage.level_previews.has(&slot.level) {
                // Not made while the menus were idle (a level focused at once): made now, in
                // the back buffer (the frame takes that long); the page then goes over a
                // clean one.
                self.make_preview(stage, &slot.level.clone(), w, h);
                stage.renderer.clear(w, h);
            }
        }
        stage.hud.flush(w, h);
        if let Some(slot) = slot {
            if let Some(image) = stage.level_previews.get(&slot.level) {
                stage.renderer.draw_image(image, slot.rect, w, h);
            }
        }
    }

    /// Takes one step of making a level preview the level select has not yet shown, the
    /// catalog's first without one: called on frames the player pressed nothing, before the
    /// page is drawn (the back buffer is the preview's scratch), so the previews are made
    /// ahead a step a frame (load, build the world, draw: [`crate::app::PreviewStep`])
    /// while the title and the menus wait, instead of all of one holding the first frame
    /// its level is focused. A press during such a frame waits for it, never lost.
    fn make_preview_while_idle(&mut self, stage: &mut Stage, w: u32, h: u32) {
        let next = self
            .front
            .catalog()
            .levels
            .iter()
            .map(|l| l.name.as_str())
            .find(|name| !stage.level_previews.has(name))
            .map(str::to_string);
        let Some(level) = next else { return };
        let car = self.preview_car();
        let l = &self.launcher;
        let clock = &stage.clock;
        if let Some((step, took)) =
            stage
                .level_previews
                .step(&l.root, &l.profile, &level, &car, &mut stage.renderer, w, h, clock)
        {
            log::info!(
                "preview of {level}: {step:?} step in {:.0} ms (idle frame)",
                took.as_secs_f64() * 1e3
            );
        }
    }

    /// Makes `level`'s preview now, the steps not made ahead, and logs how long it held
    /// the frame its level was focused on (the hitch the idle frames are there to avoid).
    fn make_preview(&mut self, stage: &mut Stage, level: &str, w: u32, h: u32) {
        let car = self.preview_car();
        let l = &self.launcher;
        let took = stage.level_previews.make(
            &l.root,
            &l.profile,
            level,
            &car,
            &mut stage.renderer,
            w,
            h,
            &stage.clock,
        );
        log::info!(
            "preview of {level}: the rest made in {:.0} ms (focused frame)",
            took.as_secs_f64() * 1e3
        );
    }

    /// The car the previews show at the start: the one chosen, the first before one is.
    fn preview_car(&self) -> String {
        let catalog = self.front.catalog();
        catalog
            .cars
            .iter()
            .find(|c| c.name == self.front.choice().car)
            .or(catalog.cars.first())
            .map_or_else(String::new, |c| c.name.clone())
    }

    /// The preview of the car focused in the car select, built when the focus moves to it.
    /// On the rows below the cars (laps, paint, ...) the last car focused stays, in the
    /// paint the settings hold.
    fn car_preview(&mut self) -> Option<&CarPreview> {
        let Page::Cars(menu) = self.front.page() else {
            return None;
        };
        let focused = self.front.catalog().cars.get(menu.focus()).map(|c| c.name.clone());
        let name = focused.or_else(|| self.preview.as_ref().map(|(n, _)| n.clone()))?;
        if self.preview.as_ref().map(|(n, _)| n) != Some(&name) {
            let l = &self.launcher;
            let built = CarPreview::new(&l.root, &l.profile, &name)
                .map_err(|e| log::warn!("no preview of {name}: {e}"))
                .ok();
            self.preview = Some((name, built));
        }
        let paint = self.front.settings().display.car_paint_color();
        let preview = self.preview.as_mut().and_then(|(_, p)| p.as_mut())?;
        let color = paint.unwrap_or_else(|| preview.session().world().player().def().color);
        preview.paint(color);
        Some(preview)
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

    /// The front end shown.
    pub fn front(&self) -> &FrontEnd {
        &self.front
    }

    /// The page shown.
    pub fn page_name(&self) -> &'static str {
        self.front.page().name()
    }
}

/// The menus' sound for `outcome`, Hz: a tick as the focus moves, a higher blip as
/// something is chosen, nothing for nothing.
pub fn blip_for(outcome: &Outcome) -> Option<f32> {
    match outcome {
        Outcome::Nothing => None,
        Outcome::Moved => Some(660.0),
        Outcome::SettingsChanged => Some(880.0),
        _ => Some(990.0),
    }
}

/// Menus play no engine: only their blips, at the settings' volumes.
pub fn send_menu_sound(sound: &mut SoundFeed, settings: &Settings, blip_hz: Option<f32>) {
    let mut frame = SoundFrame::quiet(settings.volumes);
    if let Some(pitch_hz) = blip_hz {
        frame.push_event(SoundEvent::Blip { pitch_hz });
    }
    sound.send(frame);
}
