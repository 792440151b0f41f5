//! The car select or championship page of a shot with `--players N`: the guests seated
//! as their pads would seat them.

use crate::app::frontend::FrontEnd;
use crate::app::menu::{NavAction, Pressed};
use crate::input::seats::{InputDevice, MAX_SEATS};
use skidpad_platform::{PadButton, PadId};

/// With `players` > 1, the page as pads 2 to `players` have joined it: each guest
/// seated, the second of them on the next car, the third with fewer assists.
pub(super) fn seat_guests(front: &mut FrontEnd, players: usize) {
    for p in 1..players.min(MAX_SEATS) {
        front
            .party_mut()
            .seats
            .ask_to_join(InputDevice::Pad(PadId(p)), PadButton::South);
    }
    let mut joined = Vec::new();
    // A pad's join settles a poll after it (was it another pad's mirror?).
    front.party_mut().seats.end_poll(&mut joined);
    front.party_mut().seats.end_poll(&mut joined);
    front.seat_new_guests();
    front.apply_guest(1, Pressed::Nav(NavAction::Right));
    front.apply_guest(2, Pressed::Button(PadButton::West, None));
}
