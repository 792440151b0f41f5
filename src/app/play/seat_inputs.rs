//! Every player's input in play: one [`InputState`] a seat, each fed only its own
//! controller's events.
//!
//! One player (no party) is the game as it always was: the keyboard and every pad drive
//! the one car, the pad in use the last one touched. With guests, each pad drives the
//! seat that joined with it ([`Seats`]: a pad seen through two drivers counts once); the
//! keyboard drives its seat if it joined, else the first player's (as it would alone); a
//! pad nobody holds drives nothing, until a seat's own pad is unplugged: then its first
//! button press takes that seat (the press that brings a player back, XR-115).

use crate::app::frontend::Party;
use crate::assists::AssistPreset;
use crate::input::seats::{InputDevice, Route, Seats};
use crate::input::{InputSettings, InputState, UiRequests};
use crate::settings::Settings;
use crate::sim::MAX_PLAYERS;
use skidpad_platform::{PadButton, PadEvent, PadEventKind, PlatformEvent};

/// The players' inputs and which controller feeds which.
pub struct SeatInputs {
    /// None: one player on every device.
    seats: Option<Seats>,
    /// One a player, in seat order.
    inputs: Vec<InputState>,
    /// The controller that asked for the pause menu last (it drives the menu).
    paused_by: Option<InputDevice>,
    /// Players whose pad is gone and whom the others chose to go on without.
    away: [bool; MAX_PLAYERS],
}

impl SeatInputs {
    /// One player on every device, with `settings`.
    pub fn solo(settings: &Settings) -> SeatInputs {
        SeatInputs {
            seats: None,
            inputs: vec![InputState::new(settings.input.clone()).with_assists(settings.assists)],
            paused_by: None,
            away: [false; MAX_PLAYERS],
        }
    }

    /// Everyone in `party`: the first player with `settings`, each guest with their seat's
    /// own input settings (`settings.guests`: bindings, response, rumble; the defaults for
    /// a seat with none kept) and their own assists. A party of one is
    /// [`SeatInputs::solo`].
    pub fn party(party: &Party, settings: &Settings) -> SeatInputs {
        if party.guests.is_empty() {
            return Self::solo(settings);
        }
        let mut inputs = Self::solo(settings).inputs;
        inputs.extend(
            party
                .guests
                .iter()
                .enumerate()
                .map(|(g, guest)| InputState::new(guest_input(settings, g)).with_assists(guest.assists.settings())),
        );
        SeatInputs {
            seats: Some(party.seats.clone()),
            inputs,
            paused_by: None,
            away: [false; MAX_PLAYERS],
        }
    }

    /// Players.
    pub fn len(&self) -> usize {
        self.inputs.len()
    }

    /// Player `p`'s input.
    pub fn get_mut(&mut self, p: usize) -> Option<&mut InputState> {
        self.inputs.get_mut(p)
    }

    /// The first player's input (the settings, the quit request, the solo pad rules).
    pub fn first(&self) -> &InputState {
        &self.inputs[0]
    }

    /// A window event: to the keyboard's seat (closing the window: the first player's).
    pub fn on_platform_event(&mut self, event: &PlatformEvent) {
        let seat = match event {
            PlatformEvent::Quit => 0,
            _ => self.seats.as_ref().and_then(Seats::keyboard_seat).unwrap_or(0),
        };
        if let PlatformEvent::Key { pressed: true, .. } = event {
            self.note_pause_key(seat, InputDevice::Keyboard, |i| i.on_platform_event(event));
        } else {
            self.inputs[seat].on_platform_event(event);
        }
    }

    /// A pad event: to the seat holding the pad.
    pub fn on_pad_event(&mut self, event: &PadEvent) {
        let Some(seats) = self.seats.as_mut() else {
            let device = InputDevice::of_pad(event);
            self.note_pause_key(0, device, |i| i.on_pad_event(event));
            return;
        };
        let route = seats.route(event);
        if matches!(event.kind, PadEventKind::Connected | PadEventKind::Disconnected) {
            // Every player's prompt knows which pads are there.
            self.inputs.iter_mut().for_each(|i| i.on_pad_event(event));
            if let (Route::Seat(seat), PadEventKind::Disconnected) = (route, event.kind) {
                log::warn!(
                    "player {}'s pad {} unplugged: paused until they press a button",
                    seat + 1,
                    event.pad.0
                );
                self.inputs[seat].lose_pad();
            }
            return;
        }
        let waiting_for = self.lost_player();
        let Some(seats) = self.seats.as_mut() else {
            return;
        };
        let seat = match route {
            Route::Seat(s) if waiting_for.is_some_and(|lost| lost != s) => {
                // Start on another player's pad: everyone goes on without the player whose
                // pad is gone (their car left idle) until a controller takes their seat.
                if event.kind
                    == (PadEventKind::Button {
                        button: PadButton::Start,
                        pressed: true,
                    })
                {
                    for (p, away) in self.away.iter_mut().enumerate() {
                        if self.inputs.get(p).is_some_and(InputState::controller_lost) && !*away {
                            *away = true;
                            log::info!("going on without player {} (their pad is gone)", p + 1);
                        }
                    }
                    return;
                }
                s
            }
            Route::Seat(s) => s,
            Route::Mirror => return,
            Route::Unseated => {
                // A pad nobody holds takes the seat whose own was unplugged, at a press.
                let lost = self.inputs.iter().position(InputState::controller_lost);
                match (lost, event.kind) {
                    (Some(s), PadEventKind::Button { pressed: true, .. }) => {
                        seats.reseat(s, InputDevice::of_pad(event));
                        self.away[s] = false;
                        log::info!("player {} goes on with pad {}", s + 1, event.pad.0);
                        s
                    }
                    _ => return,
                }
            }
        };
        self.note_pause_key(seat, InputDevice::of_pad(event), |i| i.on_pad_event(event));
        if !self.inputs[seat].controller_lost() {
            self.away[seat] = false;
        }
    }

    /// Feeds `seat` with `feed`; if that asked for the pause menu, `device` drives it.
    fn note_pause_key(&mut self, seat: usize, device: InputDevice, feed: impl FnOnce(&mut InputState)) {
        let input = &mut self.inputs[seat];
        let before = input.peek_ui().toggle_pause;
        feed(input);
        if input.peek_ui().toggle_pause && !before {
            self.paused_by = Some(device);
        }
    }

    /// Ends the frame's events (the seats tell mirrors by the polls).
    pub fn end_poll(&mut self) {
        if let Some(seats) = self.seats.as_mut() {
            seats.end_poll(&mut Vec::new());
        }
    }

    /// Enter on the unplugged message: the player whose pad was lost goes on with the
    /// keyboard (alone: always; with guests, when nobody else holds the keyboard).
    pub fn continue_on_keyboard(&mut self) {
        let Some(lost) = self.lost_player() else {
            return;
        };
        if let Some(seats) = self.seats.as_mut() {
            if seats.keyboard_seat().is_some_and(|s| s != lost) {
                return;
            }
            seats.reseat(lost, InputDevice::Keyboard);
        }
        self.inputs[lost].continue_on_keyboard();
    }

    /// New settings from the pause menu's options: each player's input settings (the
    /// first's, each guest's seat's); the first player's assists (the guests keep the
    /// assists they chose).
    pub fn set_settings(&mut self, settings: &Settings) {
        for (p, input) in self.inputs.iter_mut().enumerate() {
            match p.checked_sub(1) {
                None => input.set_settings(settings.input.clone(), settings.assists),
                Some(g) => {
                    let assists = input.assists();
                    input.set_settings(guest_input(settings, g), assists);
                }
            }
        }
    }

    /// The settings as player `p`'s pause menu shows them: the shared ones (volumes,
    /// display), with a guest's own input settings (bindings, response, rumble) and
    /// assists in place of the first player's.
    pub fn settings_seen_by(&self, p: usize, settings: &Settings) -> Settings {
        let (Some(g), Some(input)) = (p.checked_sub(1), self.inputs.get(p)) else {
            return settings.clone();
        };
        Settings {
            input: guest_input(settings, g),
            assists: input.assists(),
            ..settings.clone()
        }
    }

    /// Player `p`'s pause menu changed `edited` (as [`SeatInputs::settings_seen_by`] gave
    /// it): what is shared goes into `settings`; a guest's input settings into their
    /// seat's (`settings.guests`, kept for the next time), their assists into their car's input
    /// now (and kept where one of the presets the car select offers matches them).
    /// Every player's input takes the change.
    pub fn take_edit(&mut self, p: usize, edited: &Settings, settings: &mut Settings) {
        let Some(g) = p.checked_sub(1).filter(|_| p < self.inputs.len()) else {
            *settings = edited.clone();
            self.set_settings(settings);
            return;
        };
        let first = (settings.input.clone(), settings.assists);
        *settings = edited.clone();
        (settings.input, settings.assists) = first;
        let kept = settings.guests.get_mut(g).map(|kept| {
            kept.input = edited.input.clone();
            kept.assists = AssistPreset::matching(edited.assists).unwrap_or(kept.assists);
        });
        self.inputs[p].set_settings(edited.input.clone(), edited.assists);
        self.set_settings(settings);
        if kept.is_none() {
            log::warn!(
                "player {}'s controls are kept for this race only: their seat has no settings",
                p + 1
            );
            self.inputs[p].set_settings(edited.input.clone(), edited.assists);
        }
    }

    /// The pad player `p` drives with, if any (rumble goes there).
    pub fn active_pad(&self, p: usize) -> Option<skidpad_platform::PadId> {
        self.inputs.get(p).and_then(InputState::active_pad)
    }

    /// What player `p`'s rumble strengths are multiplied by: their own setting (0: off).
    pub fn rumble_scale(&self, p: usize) -> f32 {
        self.inputs.get(p).map_or(0.0, |i| i.settings().rumble_scale())
    }

    /// The player whose pad was unplugged (the first such), if any: play waits for them
    /// (unless the others chose to go on without them).
    pub fn lost_player(&self) -> Option<usize> {
        (0..self.inputs.len()).find(|&p| self.inputs[p].controller_lost() && !self.away[p])
    }

    /// Whether any pad is connected (the unplugged message asks for a press, or a pad).
    pub fn pad_connected(&self) -> bool {
        self.inputs.iter().any(InputState::pad_connected)
    }

    /// Each player's menu keys since the last call, with the player.
    pub fn take_ui(&mut self, mut each: impl FnMut(usize, UiRequests)) {
        for (p, input) in self.inputs.iter_mut().enumerate() {
            each(p, input.take_ui());
        }
    }

    /// `device` opened the pause menu (the leave key, Esc, is the keyboard's).
    pub fn set_paused_by(&mut self, device: InputDevice) {
        self.paused_by = Some(device);
    }

    /// The controller that drives the pause menu: the one that paused (None: one player,
    /// any device drives it).
    pub fn menu_device(&self) -> Option<InputDevice> {
        self.seats.as_ref().and(self.paused_by)
    }

    /// Whether `device` holds a seat (or mirrors one).
    pub fn seat_of(&self, device: InputDevice) -> Option<usize> {
        match &self.seats {
            Some(s) => s.seat_of(device),
            None => Some(0),
        }
    }
}

/// Guest `g`'s (player `g + 2`'s) input settings: their seat's own, the defaults while
/// the seat has kept none.
pub fn guest_input(settings: &Settings, g: usize) -> InputSettings {
    settings
        .guests
        .get(g)
        .map_or_else(InputSettings::default, |kept| kept.input.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::bindings::{Action, Bindings};
    use crate::settings::GuestSettings;
    use skidpad_platform::PadId;

    /// Pad 0 the first player's, pad 1 the guest's.
    fn two_pads() -> Party {
        let mut party = Party::solo(InputDevice::Pad(PadId(0)));
        party.seats.ask_to_join(InputDevice::Pad(PadId(1)), PadButton::South);
        let mut joined = Vec::new();
        party.seats.end_poll(&mut joined);
        party.seats.end_poll(&mut joined);
        party.seat_new_guests(&["coupe".to_string()], [1.0, 0.0, 0.0], &[]);
        party
    }

    /// [`two_pads`] in play on the default settings, the guest's seat kept in them.
    fn seated_two_pads() -> (Settings, SeatInputs) {
        let party = two_pads();
        let mut settings = Settings::default();
        party.remember(&mut settings.guests);
        let inputs = SeatInputs::party(&party, &settings);
        (settings, inputs)
    }

    fn press(inputs: &mut SeatInputs, pad: usize, button: PadButton) {
        for pressed in [true, false] {
            inputs.on_pad_event(&PadEvent {
                pad: PadId(pad),
                kind: PadEventKind::Button { button, pressed },
            });
        }
    }

    fn camera_asked(inputs: &mut SeatInputs) -> [bool; 2] {
        let mut asked = [false; 2];
        inputs.take_ui(|p, ui| asked[p] |= ui.next_camera);
        asked
    }

    #[test]
    fn a_guest_drives_with_their_seats_own_bindings() {
        let party = two_pads();
        let mut guest = Bindings::default();
        guest.buttons.insert(Action::Camera, vec![PadButton::North]);
        guest.buttons.insert(Action::Reset, vec![]);
        let mut settings = Settings::default();
        party.remember(&mut settings.guests);
        settings.guests[0].input.bindings = guest;
        let mut inputs = SeatInputs::party(&party, &settings);
        // North is the guest's camera, the first player's reset.
        press(&mut inputs, 1, PadButton::North);
        press(&mut inputs, 0, PadButton::North);
        assert_eq!(camera_asked(&mut inputs), [false, true]);
        // West is the first player's camera still, and nothing of the guest's.
        press(&mut inputs, 0, PadButton::West);
        press(&mut inputs, 1, PadButton::West);
        assert_eq!(camera_asked(&mut inputs), [true, false]);
    }

    #[test]
    fn a_guests_pause_menu_changes_their_bindings_and_assists_and_not_the_first_players() {
        let (mut settings, mut inputs) = seated_two_pads();
        let first = (settings.input.bindings.clone(), settings.assists);
        // Player 2's menu shows their own: the seat's bindings, their car's assists.
        let mut edited = inputs.settings_seen_by(1, &settings);
        assert_eq!(edited.assists, AssistPreset::All.settings());
        edited
            .input
            .bindings
            .buttons
            .insert(Action::Camera, vec![PadButton::DPadUp]);
        edited.assists = AssistPreset::Off.settings();
        edited.volumes.master = 0.3;
        inputs.take_edit(1, &edited, &mut settings);
        assert_eq!((settings.input.bindings.clone(), settings.assists), first);
        assert_eq!(settings.volumes.master, 0.3, "the volumes are everyone's");
        let kept: &GuestSettings = &settings.guests[0];
        assert_eq!(kept.input.bindings.buttons[&Action::Camera], vec![PadButton::DPadUp]);
        assert_eq!(kept.assists, AssistPreset::Off);
        assert_eq!(inputs.inputs[1].assists(), AssistPreset::Off.settings());
        assert_eq!(inputs.inputs[0].assists(), first.1);
        press(&mut inputs, 1, PadButton::DPadUp);
        press(&mut inputs, 0, PadButton::DPadUp);
        assert_eq!(camera_asked(&mut inputs), [false, true]);
        // The first player's menu is the settings as they are.
        assert_eq!(inputs.settings_seen_by(0, &settings), settings);
    }

    /// Each pad's stick at `value` of its travel to the left; each player's steering.
    fn steer_at(inputs: &mut SeatInputs, value: f32) -> [f32; 2] {
        for pad in 0..2 {
            inputs.on_pad_event(&PadEvent {
                pad: PadId(pad),
                kind: PadEventKind::Axis {
                    axis: skidpad_platform::PadAxis::LeftStickX,
                    value,
                },
            });
        }
        [0, 1].map(|p| {
            inputs
                .get_mut(p)
                .unwrap()
                .take_tick_input(0.0, 1.0 / 60.0)
                .control
                .steer
        })
    }

    #[test]
    fn a_guest_tunes_their_own_deadzone_and_rumble_and_the_first_players_stay() {
        let (mut settings, mut inputs) = seated_two_pads();
        // Both on the defaults (0.15 deadzone): a stick a third over steers both cars.
        let both = steer_at(&mut inputs, 0.33);
        assert!(both[0].abs() > 0.05 && both[1].abs() > 0.05, "{both:?}");
        // Player 2's worn pad: they widen their deadzone to 0.4 and turn rumble off.
        let mut edited = inputs.settings_seen_by(1, &settings);
        edited.input.stick_deadzone = 0.4;
        edited.input.rumble = false;
        inputs.take_edit(1, &edited, &mut settings);
        assert_eq!(settings.input, InputSettings::default(), "player 1's are untouched");
        assert_eq!(settings.guests[0].input.stick_deadzone, 0.4, "kept for the seat");
        // The same stick now steers player 1's car and not player 2's (inside 0.4).
        let after = steer_at(&mut inputs, 0.33);
        assert_eq!(after[0], both[0]);
        assert_eq!(after[1], 0.0, "{after:?}");
        assert_eq!((inputs.rumble_scale(0), inputs.rumble_scale(1)), (1.0, 0.0));
        // Player 2's menu shows their own response; player 1's is player 1's.
        assert_eq!(inputs.settings_seen_by(1, &settings).input.stick_deadzone, 0.4);
        assert_eq!(inputs.settings_seen_by(0, &settings).input.stick_deadzone, 0.15);
    }
}
