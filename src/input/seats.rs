//! Who plays with which device in split screen: the keyboard counts as one controller,
//! each pad as another, and a pad that is the same hands as a seated one (a handheld's
//! own controls seen again through a virtual pad, Steam Input's or a remapper's) counts
//! once.
//!
//! Nothing in the pad's identity says two drivers see one device (the virtual pad has its
//! own name, vendor and GUID), so the seats tell it the way a player would: the two always
//! move together. A pad's join press becomes a seat only once the next poll has passed;
//! if a seated pad pressed the same button within one poll of it, the pad is that seat's
//! *mirror* instead, and its events go nowhere (the seat's own pad carries them). A mirror
//! that presses a button its seat did not press within a poll either way is someone else
//! after all: it is let go, and its next A joins. Two friends pressing A in the same
//! frame (16 ms) are seated as one until either presses anything alone.
//!
//! If a player's presses count twice in play, log `seats:` lines show what each pad was
//! taken for.

use skidpad_platform::{PadButton, PadEvent, PadEventKind, PadId};

/// The most players one screen seats (the simulation's `MAX_PLAYERS`).
pub const MAX_SEATS: usize = 4;

/// Presses kept to match mirrors: a poll's worth of four pads' hands, generously.
const PRESSES_KEPT: usize = 32;

/// A controller a player holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InputDevice {
    /// The keyboard (and the mouse).
    Keyboard,
    /// One pad.
    Pad(PadId),
}

impl InputDevice {
    /// The device a pad event came from.
    pub fn of_pad(event: &PadEvent) -> InputDevice {
        InputDevice::Pad(event.pad)
    }

    /// What a prompt calls the device: "Keyboard", "Pad 2" (numbered from 1).
    pub fn label(self) -> String {
        match self {
            InputDevice::Keyboard => "Keyboard".to_string(),
            InputDevice::Pad(p) => format!("Pad {}", p.0 + 1),
        }
    }
}

/// Where a pad event goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// To this seat's player.
    Seat(usize),
    /// Nowhere: the pad mirrors a seated one, whose own events carry the same press.
    Mirror,
    /// Nowhere yet: the pad is not seated (its A asks to join, where joining is open).
    Unseated,
}

/// What came of a request to join.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joined {
    /// The device now has this seat.
    Seat(usize),
    /// The pad turned out to be a seated player's mirror.
    Mirror(usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Seat {
    device: InputDevice,
    /// Pads counted as this player's own (the same hands through another driver).
    mirrors: Vec<PadId>,
}

/// A request waiting out the poll after it (was it a mirror's?).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    /// A pad asked to join with `button` at `poll`.
    Join { pad: PadId, button: PadButton, poll: u64 },
    /// A mirror of `seat` pressed `button` at `poll`: did the seat press it too?
    MirrorPress {
        pad: PadId,
        seat: usize,
        button: PadButton,
        poll: u64,
    },
}

/// The players seated at one screen, in seat order (seat 0 is the first player), and the
/// pads found to be mirrors of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seats {
    seats: Vec<Seat>,
    pending: Vec<Pending>,
    /// Recent button presses (pad, button, poll), to match against.
    presses: Vec<(PadId, PadButton, u64)>,
    poll: u64,
    /// The most seats taken (at most [`MAX_SEATS`]; a season continued seats no more
    /// people than it began with).
    limit: usize,
}

impl Default for Seats {
    fn default() -> Self {
        Seats::first(InputDevice::Keyboard)
    }
}

impl Seats {
    /// One player, on `device`.
    pub fn first(device: InputDevice) -> Seats {
        let mut seats = Vec::with_capacity(MAX_SEATS);
        seats.push(Seat {
            device,
            mirrors: Vec::new(),
        });
        Seats {
            seats,
            pending: Vec::with_capacity(8),
            presses: Vec::with_capacity(PRESSES_KEPT),
            poll: 0,
            limit: MAX_SEATS,
        }
    }

    /// The same, seating at most `limit` people (1 to [`MAX_SEATS`]).
    pub fn with_limit(mut self, limit: usize) -> Seats {
        self.limit = limit.clamp(1, MAX_SEATS);
        self
    }

    /// The most people these seats take.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Players seated.
    pub fn len(&self) -> usize {
        self.seats.len()
    }

    /// Never: the first player always has a seat.
    pub fn is_empty(&self) -> bool {
        self.seats.is_empty()
    }

    /// Seat `seat`'s device.
    pub fn device(&self, seat: usize) -> Option<InputDevice> {
        self.seats.get(seat).map(|s| s.device)
    }

    /// The seat `device` holds (a mirror counts as its seat's pad).
    pub fn seat_of(&self, device: InputDevice) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.device == device || matches!(device, InputDevice::Pad(p) if s.mirrors.contains(&p)))
    }

    /// Where a pad event goes. Button presses are also noted to tell mirrors by; call
    /// once per event, in order, then [`Seats::end_poll`] once per poll.
    pub fn route(&mut self, event: &PadEvent) -> Route {
        let pad = event.pad;
        let route = match self.seats.iter().position(|s| s.device == InputDevice::Pad(pad)) {
            Some(seat) => Route::Seat(seat),
            None if self.seats.iter().any(|s| s.mirrors.contains(&pad)) => Route::Mirror,
            None => Route::Unseated,
        };
        if let PadEventKind::Button { button, pressed: true } = event.kind {
            if self.presses.len() == PRESSES_KEPT {
                self.presses.remove(0);
            }
            self.presses.push((pad, button, self.poll));
            if route == Route::Mirror {
                if let Some(seat) = self.seats.iter().position(|s| s.mirrors.contains(&pad)) {
                    self.pending.push(Pending::MirrorPress {
                        pad,
                        seat,
                        button,
                        poll: self.poll,
                    });
                }
            }
        }
        route
    }

    /// The keyboard's seat, if it has one.
    pub fn keyboard_seat(&self) -> Option<usize> {
        self.seat_of(InputDevice::Keyboard)
    }

    /// `device` asks to join with `button` (A; the keyboard's Enter passes any button).
    /// The keyboard is seated at once; a pad after the next poll, unless it mirrors a
    /// seated pad (see the module). Nothing while every seat is taken or the device
    /// already has one.
    pub fn ask_to_join(&mut self, device: InputDevice, button: PadButton) {
        if self.seats.len() + self.pending_joins() >= self.limit || self.seat_of(device).is_some() {
            return;
        }
        match device {
            InputDevice::Keyboard => self.seats.push(Seat {
                device,
                mirrors: Vec::new(),
            }),
            InputDevice::Pad(pad) => {
                let waiting = self
                    .pending
                    .iter()
                    .any(|p| matches!(p, Pending::Join { pad: q, .. } if *q == pad));
                if !waiting {
                    self.pending.push(Pending::Join {
                        pad,
                        button,
                        poll: self.poll,
                    });
                }
            }
        }
    }

    fn pending_joins(&self) -> usize {
        self.pending
            .iter()
            .filter(|p| matches!(p, Pending::Join { .. }))
            .count()
    }

    /// Ends a poll: settles the requests the poll after them has passed, and returns what
    /// became of each join (onto `joined`, not cleared).
    pub fn end_poll(&mut self, joined: &mut Vec<(InputDevice, Joined)>) {
        let now = self.poll;
        let mut i = 0;
        while i < self.pending.len() {
            let due = match self.pending[i] {
                Pending::Join { poll, .. } | Pending::MirrorPress { poll, .. } => poll < now,
            };
            if !due {
                i += 1;
                continue;
            }
            match self.pending.remove(i) {
                Pending::Join { pad, button, poll } => match self.seat_pressing(button, poll, pad) {
                    Some(seat) => {
                        self.seats[seat].mirrors.push(pad);
                        log::info!("seats: pad {} mirrors player {}'s (pressed with it)", pad.0, seat + 1);
                        joined.push((InputDevice::Pad(pad), Joined::Mirror(seat)));
                    }
                    None if self.seats.len() < self.limit => {
                        self.seats.push(Seat {
                            device: InputDevice::Pad(pad),
                            mirrors: Vec::new(),
                        });
                        log::info!("seats: pad {} is player {}", pad.0, self.seats.len());
                        joined.push((InputDevice::Pad(pad), Joined::Seat(self.seats.len() - 1)));
                    }
                    None => {}
                },
                Pending::MirrorPress {
                    pad,
                    seat,
                    button,
                    poll,
                } => {
                    let own = self.seats.get(seat).map(|s| s.device);
                    let matched = self
                        .presses
                        .iter()
                        .any(|&(p, b, at)| own == Some(InputDevice::Pad(p)) && b == button && at.abs_diff(poll) <= 1);
                    if !matched {
                        if let Some(s) = self.seats.get_mut(seat) {
                            s.mirrors.retain(|&m| m != pad);
                            log::info!(
                                "seats: pad {} pressed alone: not player {}'s after all",
                                pad.0,
                                seat + 1
                            );
                        }
                    }
                }
            }
        }
        self.poll += 1;
        let oldest = self.poll.saturating_sub(3);
        self.presses.retain(|&(_, _, at)| at >= oldest);
    }

    /// The seat whose pad pressed `button` within a poll of `poll` (not `pad` itself).
    fn seat_pressing(&self, button: PadButton, poll: u64, pad: PadId) -> Option<usize> {
        self.presses
            .iter()
            .filter(|&&(p, b, at)| p != pad && b == button && at.abs_diff(poll) <= 1)
            .find_map(|&(p, _, _)| self.seats.iter().position(|s| s.device == InputDevice::Pad(p)))
    }

    /// Seat `seat` leaves (not the first player's); the seats after it move up one.
    pub fn leave(&mut self, seat: usize) {
        if seat > 0 && seat < self.seats.len() {
            self.seats.remove(seat);
        }
    }

    /// The first player leaves (their pad unplugged where nobody waits for them): the next
    /// player moves up to the first seat, each after them a seat up. False, and nothing
    /// done, when the first player is alone.
    pub fn first_leaves(&mut self) -> bool {
        if self.seats.len() < 2 {
            return false;
        }
        self.seats.remove(0);
        true
    }

    /// Seat `seat` goes on with `device` (its pad was unplugged and another was picked
    /// up, or the keyboard). Nothing if another seat holds `device`.
    pub fn reseat(&mut self, seat: usize, device: InputDevice) {
        if self.seat_of(device).is_some_and(|s| s != seat) {
            return;
        }
        if let Some(s) = self.seats.get_mut(seat) {
            s.device = device;
            s.mirrors.clear();
        }
    }

    /// Every seat's device, in seat order.
    pub fn devices(&self) -> impl Iterator<Item = InputDevice> + '_ {
        self.seats.iter().map(|s| s.device)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(pad: usize, button: PadButton) -> PadEvent {
        PadEvent {
            pad: PadId(pad),
            kind: PadEventKind::Button { button, pressed: true },
        }
    }

    /// One poll: `events` routed, then A from each pad in `joins`, then the poll's end.
    fn poll(seats: &mut Seats, events: &[PadEvent], joins: &[usize]) -> Vec<(InputDevice, Joined)> {
        for e in events {
            seats.route(e);
        }
        for &p in joins {
            seats.ask_to_join(InputDevice::Pad(PadId(p)), PadButton::South);
        }
        let mut out = Vec::new();
        seats.end_poll(&mut out);
        out
    }

    #[test]
    fn a_second_pad_joins_after_the_next_poll() {
        let mut seats = Seats::first(InputDevice::Pad(PadId(0)));
        assert!(poll(&mut seats, &[press(1, PadButton::South)], &[1]).is_empty());
        let joined = poll(&mut seats, &[], &[]);
        assert_eq!(joined, vec![(InputDevice::Pad(PadId(1)), Joined::Seat(1))]);
        assert_eq!(seats.route(&press(1, PadButton::East)), Route::Seat(1));
        assert_eq!(seats.len(), 2);
    }

    #[test]
    fn a_pad_pressed_with_a_seated_one_is_its_mirror_either_order() {
        for first in [0, 1] {
            let mut seats = Seats::first(InputDevice::Pad(PadId(first)));
            let other = 1 - first;
            // The mirror's press lands one poll before the seated pad's.
            poll(&mut seats, &[press(other, PadButton::South)], &[other]);
            let joined = poll(&mut seats, &[press(first, PadButton::South)], &[]);
            assert_eq!(joined, vec![(InputDevice::Pad(PadId(other)), Joined::Mirror(0))]);
            assert_eq!(seats.len(), 1, "one player");
            assert_eq!(seats.route(&press(other, PadButton::East)), Route::Mirror);
        }
    }

    #[test]
    fn a_mirror_that_presses_alone_is_let_go_and_can_join() {
        let mut seats = Seats::first(InputDevice::Pad(PadId(0)));
        poll(
            &mut seats,
            &[press(0, PadButton::South), press(1, PadButton::South)],
            &[1],
        );
        poll(&mut seats, &[], &[]);
        assert_eq!(seats.seat_of(InputDevice::Pad(PadId(1))), Some(0));
        // Pressed together again: still a mirror.
        poll(&mut seats, &[press(0, PadButton::East), press(1, PadButton::East)], &[]);
        poll(&mut seats, &[], &[]);
        assert_eq!(seats.seat_of(InputDevice::Pad(PadId(1))), Some(0));
        // Pad 1 alone: someone else.
        poll(&mut seats, &[press(1, PadButton::North)], &[]);
        poll(&mut seats, &[], &[]);
        poll(&mut seats, &[], &[]);
        assert_eq!(seats.seat_of(InputDevice::Pad(PadId(1))), None);
        poll(&mut seats, &[press(1, PadButton::South)], &[1]);
        assert_eq!(
            poll(&mut seats, &[], &[]),
            vec![(InputDevice::Pad(PadId(1)), Joined::Seat(1))]
        );
    }

    #[test]
    fn four_seats_at_most_and_the_keyboard_counts_as_one() {
        let mut seats = Seats::first(InputDevice::Pad(PadId(0)));
        seats.ask_to_join(InputDevice::Keyboard, PadButton::South);
        assert_eq!(seats.keyboard_seat(), Some(1));
        for p in 1..5 {
            poll(&mut seats, &[press(p, PadButton::South)], &[p]);
            poll(&mut seats, &[], &[]);
            poll(&mut seats, &[], &[]);
        }
        assert_eq!(seats.len(), MAX_SEATS);
        assert_eq!(seats.seat_of(InputDevice::Pad(PadId(4))), None, "the fifth waits");
        seats.leave(1);
        assert_eq!(seats.device(1), Some(InputDevice::Pad(PadId(1))), "the rest move up");
        seats.leave(0);
        assert_eq!(seats.len(), 3, "the first player keeps their seat");
    }
}
