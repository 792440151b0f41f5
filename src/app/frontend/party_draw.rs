//! The car select's strip of guests, under the rows and the details: a column for each
//! seat after the first — who holds it (pad or keyboard), their car, their paint and
//! assists — or, while a seat is free, how to take it. Three columns fit across 640 px.

use super::{FrontEnd, Party};
use crate::input::seats::MAX_SEATS;
use crate::render::{Hud, TextSize, PAINTS};

const STRIP: [f32; 4] = [0.12, 0.13, 0.16, 0.92];
const TEXT: [f32; 4] = [0.92, 0.92, 0.92, 1.0];
const DIM: [f32; 4] = [0.62, 0.64, 0.68, 1.0];
const INVITE: [f32; 4] = [0.95, 0.55, 0.12, 1.0];

/// Lines a column holds.
const LINES: f32 = 3.0;

/// What a guest's controller does, under the columns once someone has joined.
const GUEST_KEYS: &str = "Guests: ◀ ▶ car  ▲ ▼ paint  (X)/Tab assists  (B)/Esc leave";
/// The same on a continued season's standings (the season keeps each car and paint).
const SEASON_GUEST_KEYS: &str = "Guests: (X)/Tab assists  (B)/Esc leave  ·  empty seats: the AI drives";

/// How much height the strip takes at the bottom of the page, px (0 where nobody can
/// join: a time trial, a challenge, any other page).
pub fn strip_height(hud: &Hud, fe: &FrontEnd) -> f32 {
    if fe.party_open() {
        // A gap above, the columns (their lines and a margin), the keys' line.
        (hud.line_height(TextSize::Small) * (0.3 + LINES + 0.6 + 0.15 + 1.0)).ceil()
    } else {
        0.0
    }
}

/// Draws the strip in `[x, y, w, h]` (`h` the [`strip_height`]): a column per guest seat,
/// and once someone has joined, what a guest's controller does.
pub fn draw_strip(hud: &mut Hud, fe: &FrontEnd, area: [f32; 4]) {
    let [x, y, w, h] = area;
    if h <= 0.0 {
        return;
    }
    let y = y + (hud.line_height(TextSize::Small) * 0.3).round();
    let party = fe.party();
    let columns = MAX_SEATS - 1;
    let gap = (hud.line_height(TextSize::Small) * 0.4).round();
    let col_w = ((w - gap * (columns as f32 - 1.0)) / columns as f32).floor();
    let line_h = hud.line_height(TextSize::Small);
    let pad = (line_h * 0.3).round();
    let col_h = (line_h * LINES + 2.0 * pad).ceil();
    let keys = if fe.guests_choose_cars() {
        GUEST_KEYS
    } else {
        SEASON_GUEST_KEYS
    };
    if party.players() > 1 || !fe.guests_choose_cars() {
        let hint = fit(hud, keys, w);
        let hw = hud.label_width(TextSize::Small, &hint);
        let below = (line_h * 0.15).round();
        hud.label(x + (w - hw) * 0.5, y + col_h + below, TextSize::Small, &hint, DIM);
    }
    for c in 0..columns {
        let cx = x + c as f32 * (col_w + gap);
        hud.rect(cx, y, col_w, col_h, STRIP);
        let lines = column_lines(party, c, fe.guests_choose_cars());
        let inner = col_w - 2.0 * pad;
        for (i, (text, colour)) in lines.iter().enumerate() {
            let text = fit(hud, text, inner);
            hud.label(cx + pad, y + pad + i as f32 * line_h, TextSize::Small, &text, *colour);
        }
    }
}

/// Guest column `c`'s lines: seat `c + 2`'s holder and choices, or the invitation (to join;
/// to take their seat again, where the guests do not choose their cars: a continued
/// season's). A seat past the seats' limit is only numbered.
fn column_lines(party: &Party, c: usize, choosing: bool) -> Vec<(String, [f32; 4])> {
    let seat = c + 1;
    if seat >= party.seats.limit() {
        return vec![(format!("P{}", seat + 1), DIM)];
    }
    match (party.guests.get(c), party.seats.device(seat)) {
        (Some(guest), Some(device)) => {
            let paint = PAINTS.get(guest.paint).map_or("", |(n, _)| n);
            vec![
                (format!("P{}  {}", seat + 1, device.label()), INVITE),
                (guest.car.clone(), TEXT),
                (format!("{} · {}", capitalised(paint), guest.assists.label()), DIM),
            ]
        }
        _ if seat == party.players() => vec![
            (format!("P{}", seat + 1), DIM),
            ("Press (A) / Enter".to_string(), INVITE),
            (
                if choosing { "to join" } else { "to take your seat" }.to_string(),
                INVITE,
            ),
        ],
        _ if !choosing => vec![(format!("P{}", seat + 1), DIM), ("waiting".to_string(), DIM)],
        _ => vec![(format!("P{}", seat + 1), DIM)],
    }
}

/// `name` with its first letter a capital.
fn capitalised(name: &str) -> String {
    let mut c = name.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// `text` cut with an ellipsis to fit `max_w` in small text.
fn fit(hud: &Hud, text: &str, max_w: f32) -> String {
    if hud.label_width(TextSize::Small, text) <= max_w {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && hud.label_width(TextSize::Small, &format!("{cut}…")) > max_w {
        cut.pop();
    }
    format!("{cut}…")
}
