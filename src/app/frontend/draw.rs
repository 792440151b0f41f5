//! Lays the front end's pages out on the HUD batch: the page's title, its rows (the focused
//! one lit, values right-aligned, scrolled to keep the focus in view), a panel of details
//! for the focused level or car, and the prompts for the device used last. Sizes scale with
//! the window height (the HUD's font sizes do too), so a page fits at 640×480 as at
//! 1920×1080.

use super::prompts::{draw_prompts, draw_prompts_at};
use super::{credits, levels, party_draw, Catalog, Choice, FrontEnd, Mode, Page};
use crate::app::game_mode::challenge::presentation;
use crate::app::hud::{lap_clock, LevelMap, TableColours, TableMotion};
use crate::app::menu::{Device, Menu, Rows, Widget};
use crate::content::challenge::{Better, Challenge};
use crate::modes::championship::Trophy;
use crate::render::{Hud, TextSize};

const BACKGROUND: [f32; 4] = [0.06, 0.07, 0.09, 1.0];
const OVERLAY: [f32; 4] = [0.0, 0.0, 0.0, 0.6];
const PANEL: [f32; 4] = [0.12, 0.13, 0.16, 0.92];
const FOCUS: [f32; 4] = [0.95, 0.55, 0.12, 1.0];
const TEXT: [f32; 4] = [0.92, 0.92, 0.92, 1.0];
const DIM: [f32; 4] = [0.62, 0.64, 0.68, 1.0];
const ON_FOCUS: [f32; 4] = [0.05, 0.05, 0.05, 1.0];

/// What is behind the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backdrop {
    /// A plain dark background.
    Plain,
    /// The paused race, darkened.
    Paused,
    /// The car select's 3D preview, already drawn: the page leaves
    /// [`car_preview_region`] clear.
    CarPreview,
}

/// The share of the details panel's height the car preview takes, at its bottom.
const PREVIEW_SHARE: f32 = 0.38;

/// The page's frame: the side margin, and the top and bottom of the rows and panels (above
/// the car select's strip of guests, where they can join).
fn frame(hud: &Hud, fe: &FrontEnd, wf: f32, hf: f32) -> (f32, f32, f32) {
    let margin = (wf * 0.06).round();
    let top = (hf * 0.04 + hud.line_height(TextSize::Title) * 1.1).round();
    let bottom = hf - hud.line_height(TextSize::Small) * 2.0 - party_draw::strip_height(hud, fe);
    (margin, top, bottom)
}

/// Where the car select shows the turning car: the lower part of its details panel
/// (x, y, width, height in window pixels).
pub fn car_preview_region(hud: &Hud, fe: &FrontEnd, w: u32, h: u32) -> [f32; 4] {
    let (wf, hf) = (w as f32, h as f32);
    let (margin, top, bottom) = frame(hud, fe, wf, hf);
    let panel_x = (wf * 0.48).round();
    let ph = ((bottom - top) * PREVIEW_SHARE).round();
    [panel_x, bottom - ph, wf - panel_x - margin, ph]
}

/// Where the level select shows the focused level's preview image: the rectangle below its
/// details (x, y, width, height in window pixels; 16:9, the map drawn in it meanwhile), and
/// which level.
#[derive(Debug, Clone, PartialEq)]
pub struct PreviewSlot {
    /// The level's name.
    pub level: String,
    /// The rectangle, window pixels from the top-left.
    pub rect: [f32; 4],
}

/// Draws the front end's page over a `w` × `h` window, over `backdrop`. Notes where the
/// rows went, for the pointer. On the level select, says where the focused level's
/// preview goes (the caller draws it over the page: the page's text stays clear of it).
pub fn draw(
    hud: &mut Hud,
    fe: &mut FrontEnd,
    device: Device,
    backdrop: Backdrop,
    w: u32,
    h: u32,
) -> Option<PreviewSlot> {
    let (wf, hf) = (w as f32, h as f32);
    match backdrop {
        Backdrop::Plain => hud.rect(0.0, 0.0, wf, hf, BACKGROUND),
        Backdrop::Paused => hud.rect(0.0, 0.0, wf, hf, OVERLAY),
        Backdrop::CarPreview => {
            // Everything but the preview's window onto the 3D frame.
            let [x, y, pw, ph] = car_preview_region(hud, fe, w, h);
            hud.rect(0.0, 0.0, wf, y, BACKGROUND);
            hud.rect(0.0, y + ph, wf, hf - y - ph, BACKGROUND);
            hud.rect(0.0, y, x, ph, BACKGROUND);
            hud.rect(x + pw, y, wf - x - pw, ph, BACKGROUND);
        }
    }
    if let Page::Title = fe.page() {
        draw_title(hud, device, wf, hf);
        return None;
    }
    let title = match (fe.page(), &fe.results_page().standings) {
        (Page::Standings(_), Some(s)) => s.title.clone(),
        (page, _) => page_title(page).to_string(),
    };
    let (margin, top, bottom) = frame(hud, fe, wf, hf);
    let (tsize, title) = fit_label(hud, &title, wf - 2.0 * margin, TextSize::Title);
    let tw = hud.label_width(tsize, &title);
    hud.label((wf - tw) * 0.5, hf * 0.04, tsize, &title, TEXT);
    let detail = matches!(fe.page(), Page::Levels(_) | Page::Cars(_) | Page::Cup(_));
    let tables = matches!(fe.page(), Page::Results(_) | Page::Standings(_));
    let list_w = match (detail, tables) {
        (true, _) => wf * 0.40,
        // The buttons under a table as wide as it.
        (_, true) => table_width(wf - 2.0 * margin, bottom - top),
        _ => (wf * 0.6).min(hf * 1.2),
    };
    let list_x = if detail { margin } else { ((wf - list_w) * 0.5).round() };
    let mut list_top = top;
    match fe.page() {
        Page::Credits(_) => list_top = draw_lines(hud, &credits::LINES, list_x, top, list_w),
        Page::Confirm(_, q) => list_top = draw_lines(hud, &[q.text()], list_x, top, list_w),
        Page::Results(m) | Page::Standings(m) => {
            let rows = m.items().len();
            let standings = matches!(fe.page(), Page::Standings(_));
            list_top = draw_results(hud, fe, standings, rows, [margin, top, wf - 2.0 * margin, bottom - top]);
        }
        _ => {}
    }
    let mut slot = None;
    if detail {
        let panel_x = (wf * 0.48).round();
        let mut panel = [panel_x, top, wf - panel_x - margin, bottom - top];
        if backdrop == Backdrop::CarPreview {
            panel[3] -= car_preview_region(hud, fe, w, h)[3];
        }
        let (catalog, choice) = (fe.catalog().clone(), fe.choice().clone());
        if let Some(menu) = fe.page().menu() {
            slot = draw_detail(hud, fe.page(), menu, &catalog, &choice, panel);
        }
    }
    if let Some(menu) = fe.menu_mut() {
        draw_rows(hud, menu, list_x, list_top, list_w, bottom);
    }
    let strip = party_draw::strip_height(hud, fe);
    party_draw::draw_strip(hud, fe, [margin, bottom, wf - 2.0 * margin, strip]);
    draw_prompts(hud, device, fe.page(), wf, hf);
    slot
}

/// The size the pause menu's page (or a page it opened: options, the quit confirmation)
/// needs on a window `h` high: as wide as its widest row or prompt line, as high as its
/// title, rows and prompts (a long options page scrolls in less).
pub fn paused_size(hud: &Hud, fe: &FrontEnd, h: f32) -> [f32; 2] {
    let pad = (hud.line_height(TextSize::Body) * 0.35).round();
    let row_h = (hud.line_height(TextSize::Body) * 1.15).round();
    let mut w = hud.label_width(TextSize::Title, &paused_title(fe));
    let question = match fe.page() {
        Page::Confirm(_, q) => Some(q.text()),
        _ => None,
    };
    for text in [
        "◀ ▶ Change    Enter Select    Esc Back",
        "◀ ▶ Change    (A) Select    (B) Back",
    ]
    .into_iter()
    .chain(question)
    {
        w = w.max(hud.label_width(TextSize::Small, text));
    }
    let mut rows = 1;
    if let Some(menu) = fe.page().menu() {
        rows = menu.items().len().max(1);
        for item in menu.items() {
            let value = format!("◀ {} ▶", item.value_text());
            let row = hud.label_width(TextSize::Body, &item.label) + hud.label_width(TextSize::Body, &value);
            w = w.max(row + 3.0 * pad);
        }
    }
    // At least the width the centred page had (0.6 of the height), so rows do not jump.
    let w = (w + 2.0 * pad).max(h * 0.6).ceil();
    let title = hud.line_height(TextSize::Title) * 1.05;
    let prompts = hud.line_height(TextSize::Small) * 1.8;
    // The question's line, and the half line `draw_lines` leaves under it.
    let asked = question.map_or(0.0, |_| hud.line_height(TextSize::Small) * 1.5);
    [w, (title + asked + rows as f32 * row_h + prompts + pad).ceil()]
}

/// Draws the pause menu's page (or a page it opened) inside `region` (from the HUD's
/// layout, sized by [`paused_size`]) over the paused frame, darkened whole.
pub fn draw_paused_in(hud: &mut Hud, fe: &mut FrontEnd, device: Device, region: [f32; 4], w: u32, h: u32) {
    let [x, y, rw, rh] = region;
    hud.rect(0.0, 0.0, w as f32, h as f32, OVERLAY);
    hud.rect(x, y, rw, rh, [0.0, 0.0, 0.0, 0.35]);
    let title = paused_title(fe);
    let tw = hud.label_width(TextSize::Title, &title);
    hud.label(x + (rw - tw) * 0.5, y, TextSize::Title, &title, TEXT);
    let pad = (hud.line_height(TextSize::Body) * 0.35).round();
    let mut top = y + hud.line_height(TextSize::Title) * 1.05;
    let bottom = y + rh - hud.line_height(TextSize::Small) * 1.8;
    let (list_x, list_w) = (x + pad, rw - 2.0 * pad);
    if let Page::Confirm(_, q) = fe.page() {
        top = draw_lines(hud, &[q.text()], list_x, top, list_w);
    }
    if let Some(menu) = fe.menu_mut() {
        draw_rows(hud, menu, list_x, top, list_w, bottom);
    }
    draw_prompts_at(
        hud,
        device,
        fe.page(),
        x + rw * 0.5,
        y + rh - hud.line_height(TextSize::Small) * 1.3,
    );
}

/// The colours the results and standings tables are drawn in: the player's row lit in a
/// faint orange (the menu's focus is the solid one), every other row striped.
const TABLE_COLOURS: TableColours = TableColours {
    text: TEXT,
    dim: DIM,
    lit: [0.95, 0.55, 0.12, 0.32],
    on_lit: [1.0, 1.0, 1.0, 1.0],
    stripe: [1.0, 1.0, 1.0, 0.035],
};

/// A trophy cup in its metal (gold, silver, bronze) in the square `at` (x, y, side): a
/// bowl with handles on a stem and a base.
fn draw_trophy(hud: &mut Hud, trophy: Trophy, at: [f32; 3]) {
    let [x, y, s] = at;
    let c = match trophy {
        Trophy::Gold => [0.98, 0.78, 0.22, 1.0],
        Trophy::Silver => [0.80, 0.82, 0.86, 1.0],
        Trophy::Bronze => [0.78, 0.47, 0.22, 1.0],
    };
    let r = |hud: &mut Hud, x0: f32, y0: f32, x1: f32, y1: f32| {
        hud.rect(x + x0 * s, y + y0 * s, (x1 - x0) * s, (y1 - y0) * s, c);
    };
    r(hud, 0.25, 0.0, 0.75, 0.42); // bowl
    r(hud, 0.32, 0.42, 0.68, 0.50);
    r(hud, 0.08, 0.06, 0.25, 0.14); // handles
    r(hud, 0.08, 0.06, 0.15, 0.32);
    r(hud, 0.75, 0.06, 0.92, 0.14);
    r(hud, 0.85, 0.06, 0.92, 0.32);
    r(hud, 0.45, 0.50, 0.55, 0.78); // stem
    r(hud, 0.25, 0.78, 0.75, 0.92); // base
}

/// A table's width in an area `w` × `h`: as wide as it allows, up to 1.6 heights (columns
/// spread further apart read badly).
fn table_width(w: f32, h: f32) -> f32 {
    w.min(h * 1.6).round()
}

/// A results or standings page's lines and table in `area` (x, y, width, height), room
/// left below for its `buttons` rows; returns the y where the buttons go. The table is as
/// wide as the window allows up to 1.6 heights (columns spread too far apart read badly).
fn draw_results(hud: &mut Hud, fe: &FrontEnd, standings: bool, buttons: usize, area: [f32; 4]) -> f32 {
    let [x, y, w, h] = area;
    let page = fe.results_page();
    let (lines, table, progress) = match (&page.standings, standings) {
        (Some(s), true) => (&s.lines, Some(&s.table), fe.standings_progress()),
        _ => (&page.lines, page.table.as_ref(), TableMotion::DONE),
    };
    let table_w = table_width(w, h);
    let table_x = (x + (w - table_w) * 0.5).round();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let trophy = page.standings.as_ref().and_then(|s| s.trophy).filter(|_| standings);
    let lines_w = match trophy {
        Some(_) => table_w - 3.0 * hud.line_height(TextSize::Small),
        None => table_w,
    };
    let mut below = draw_lines(hud, &lines, table_x, y, lines_w);
    if let Some(t) = trophy {
        let side = (2.0 * hud.line_height(TextSize::Small)).round();
        draw_trophy(hud, t, [table_x + table_w - side, y, side]);
        below = below.max(y + side + hud.line_height(TextSize::Small) * 0.3);
    }
    if let Some(t) = table {
        let row_h = (hud.line_height(TextSize::Body) * 1.15).round();
        let room = (y + h - below - buttons as f32 * row_h - row_h * 0.4).max(row_h * 2.0);
        below = t.draw(hud, [table_x, below, table_w, room], progress, TABLE_COLOURS) + row_h * 0.4;
    }
    below
}

/// A paused page's title, naming the player a guest's pause menu is for ("Options · P2").
fn paused_title(fe: &FrontEnd) -> String {
    match fe.shown_for() {
        Some(n) => format!("{} · P{n}", page_title(fe.page())),
        None => page_title(fe.page()).to_string(),
    }
}

fn page_title(page: &Page) -> &'static str {
    match page {
        Page::Title => "SKIDPAD",
        Page::Main(_) => "Skidpad",
        Page::Levels(_) => "Choose a level",
        Page::Cars(_) => "Choose a car",
        Page::Options(_) => "Options",
        Page::Credits(_) => "Credits",
        Page::Confirm(_, q) => q.title(),
        Page::Pause(_) => "Paused",
        Page::Results(_) => "Results",
        Page::Cup(_) => "Championship",
        Page::Standings(_) => "Standings",
    }
}

fn draw_title(hud: &mut Hud, device: Device, w: f32, h: f32) {
    let name = "SKIDPAD";
    let tw = hud.label_width(TextSize::Title, name);
    hud.label((w - tw) * 0.5, h * 0.30, TextSize::Title, name, FOCUS);
    let sub = "a driving game and vehicle-dynamics sandbox";
    let sw = hud.label_width(TextSize::Small, sub);
    hud.label(
        (w - sw) * 0.5,
        h * 0.30 + hud.line_height(TextSize::Title),
        TextSize::Small,
        sub,
        DIM,
    );
    let press = match device {
        Device::Pad => "Press A",
        Device::Keyboard => "Press Enter",
    };
    let pw = hud.label_width(TextSize::Body, press);
    hud.label((w - pw) * 0.5, h * 0.68, TextSize::Body, press, TEXT);
}

/// `label` as a row of `max_w` pixels shows it in `size`: whole if it fits, else cut
/// short with an ellipsis.
fn fit_label(hud: &Hud, label: &str, max_w: f32, size: TextSize) -> (TextSize, String) {
    if hud.label_width(size, label) <= max_w {
        return (size, label.to_string());
    }
    let mut cut: String = label.to_string();
    while !cut.is_empty() && hud.label_width(size, &format!("{cut}…")) > max_w {
        cut.pop();
    }
    (size, format!("{}…", cut.trim_end()))
}

/// Lines of small text from `y`; returns the y below them.
fn draw_lines(hud: &mut Hud, lines: &[&str], x: f32, y: f32, w: f32) -> f32 {
    let line_h = hud.line_height(TextSize::Small);
    let mut y = y;
    for line in lines {
        for piece in wrap(hud, TextSize::Small, line, w) {
            hud.label(x, y, TextSize::Small, &piece, DIM);
            y += line_h;
        }
    }
    y + line_h * 0.5
}

/// The rows that fit between `top` and `bottom`, scrolled to keep the focus in view.
fn draw_rows(hud: &mut Hud, menu: &mut Menu, x: f32, top: f32, w: f32, bottom: f32) {
    let row_h = (hud.line_height(TextSize::Body) * 1.15).round();
    let n = menu.items().len();
    let fit = (((bottom - top) / row_h).floor() as usize).max(1);
    let first = menu.focus().saturating_sub(fit / 2).min(n.saturating_sub(fit));
    let pad = (row_h * 0.3).round();
    // One size for every row: small text if any label would not fit in body text beside
    // its value (then a label still too long is cut short), so rows do not change size as
    // the list scrolls.
    let fits_body = |item: &crate::app::menu::Item| {
        let value = item.value_text();
        let value_w = if value.is_empty() {
            0.0
        } else {
            hud.label_width(TextSize::Body, &value) + pad
        };
        hud.label_width(TextSize::Body, &item.label) <= w - 2.0 * pad - value_w
    };
    let size = if menu.items().iter().all(fits_body) {
        TextSize::Body
    } else {
        TextSize::Small
    };
    for (row, item) in menu.items().iter().enumerate().skip(first).take(fit) {
        let y = top + (row - first) as f32 * row_h;
        if item.widget == Widget::Heading {
            let text_y = y + row_h - hud.line_height(TextSize::Small) - (row_h * 0.08).round();
            hud.label(x + pad * 0.5, text_y, TextSize::Small, &item.label.to_uppercase(), DIM);
            continue;
        }
        let focused = row == menu.focus();
        if focused {
            hud.rect(x, y, w, row_h, FOCUS);
        }
        let colour = if focused { ON_FOCUS } else { TEXT };
        let mut value = item.value_text();
        // The label in the room the value leaves it ("Autódromo Hermanos Rodríguez" in the
        // level select's list at 640×480).
        let value_w = if value.is_empty() {
            0.0
        } else {
            hud.label_width(TextSize::Body, &value) + pad
        };
        let (size, label) = fit_label(hud, &item.label, w - 2.0 * pad - value_w, size);
        let text_y = y + (row_h - hud.line_height(size)) * 0.5;
        hud.label(x + pad, text_y, size, &label, colour);
        let text_y = y + (row_h - hud.line_height(TextSize::Body)) * 0.5;
        if menu.capturing() == Some(row) {
            value = "press a button…".replace('…', "...");
        } else if matches!(item.widget, Widget::Slider { .. } | Widget::Choice { .. }) && focused {
            // Between its arrows where they leave the label room (the prompts say ◀ ▶
            // anyway: "Cup" beside "◀ Rookie Cup ▶" in a 640-pixel window would touch).
            let arrows = format!("◀ {value} ▶");
            let room = w - 3.0 * pad - hud.label_width(size, &label);
            if hud.label_width(TextSize::Body, &arrows) <= room {
                value = arrows;
            }
        }
        if !value.is_empty() {
            let vw = hud.label_width(TextSize::Body, &value);
            hud.label(x + w - pad - vw, text_y, TextSize::Body, &value, colour);
        }
    }
    // More rows above or below: an arrow in the margin beside the first or last row shown.
    let arrow_x = x + w + pad * 0.5;
    if first > 0 {
        hud.label(arrow_x, top, TextSize::Small, "▲", DIM);
    }
    if first + fit < n {
        hud.label(arrow_x, top + (fit - 1) as f32 * row_h, TextSize::Small, "▼", DIM);
    }
    menu.set_rows(Rows {
        x,
        y: top,
        w,
        row_h,
        first,
        shown: fit.min(n - first),
    });
}

/// The focused level's or car's figures in a panel; a level's preview slot below them.
fn draw_detail(
    hud: &mut Hud,
    page: &Page,
    menu: &Menu,
    catalog: &Catalog,
    choice: &Choice,
    panel: [f32; 4],
) -> Option<PreviewSlot> {
    let [x, y, w, h] = panel;
    hud.rect(x, y, w, h, PANEL);
    let pad = (hud.line_height(TextSize::Small) * 0.6).round();
    let (x, w) = (x + pad, w - 2.0 * pad);
    let mut lines: Vec<String> = Vec::new();
    let name;
    match page {
        Page::Cup(_) => {
            let cup = catalog.cups.get(super::cup::cup_index(menu))?;
            name = cup.def.title.clone();
            lines.push(cup.def.description.clone());
            lines.push(format!(
                "{} class, {} cars, AI up to {}",
                cup.def.class,
                cup.def.field,
                cup.def.skill.name()
            ));
            if let Some(saved) = &catalog.season {
                lines.push(format!(
                    "Starting replaces the {} in progress (round {} of {}).",
                    saved.title,
                    saved.rounds_done + 1,
                    saved.rounds_total
                ));
            }
            lines.push(format!("{} rounds:", cup.rounds.len()));
            let inner = [x, y, w, h];
            return draw_cup_rounds(hud, &name, &lines, &cup.rounds, inner, pad);
        }
        Page::Levels(_) => {
            let l = catalog.levels.get(levels::level_at(catalog, menu.focus())?)?;
            name = l.info.name.clone();
            if let Some(at) = l.info.location() {
                lines.push(at);
            }
            match (&l.challenge, choice.mode) {
                (Some(c), Mode::Challenge) => challenge_detail(c, &mut lines),
                _ => lines.push(l.description.clone()),
            }
            match (l.track_length_m, l.info.corners) {
                (Some(len), Some(corners)) => lines.push(format!("Length {:.2} km, {corners} corners", len / 1000.0)),
                (Some(len), None) => lines.push(format!("Length {:.2} km", len / 1000.0)),
                _ => lines.push(format!("Area {:.0} × {:.0} m", l.size_m.0, l.size_m.1)),
            }
            lines.push(match l.best_lap {
                _ if choice.mode == Mode::Challenge && l.challenge.is_some() => {
                    format!("Best: {}", l.challenge_medal.map_or("no medal yet", |m| m.name()))
                }
                Some((s, medal)) => format!(
                    "Best time: {}{}",
                    lap_clock(s),
                    medal.map_or(String::new(), |m| format!("  ({})", m.name()))
                ),
                None => "Best time: — (no record yet)".to_string(),
            });
            if let Some(why) = l.unfit(choice.mode) {
                lines.push(why.to_string());
            }
            let below = draw_detail_lines(hud, &name, &lines, x, y + pad, w, y + h - pad);
            // A 16:9 image as wide as the panel allows, under the lines; the map in it
            // until the preview is drawn over it (or if it cannot be made).
            let ph = (y + h - pad - below).min(w * 9.0 / 16.0).floor();
            if ph <= 16.0 {
                return None;
            }
            let pw = (ph * 16.0 / 9.0).floor();
            let rect = [(x + (w - pw) * 0.5).round(), below.round(), pw, ph];
            // Inset a pixel: its cells overlap by half of one, which would show at the
            // preview's edge.
            draw_map(hud, &l.map, rect[0] + (pw - ph) * 0.5 + 1.0, rect[1] + 1.0, ph - 2.0);
            return Some(PreviewSlot {
                level: l.name.clone(),
                rect,
            });
        }
        _ => {
            let Some(c) = catalog.cars.get(menu.focus()) else {
                name = format!(
                    "{} on {}",
                    choice.mode.label(),
                    catalog
                        .level(&choice.level)
                        .map_or(choice.level.as_str(), |l| l.info.name.as_str())
                );
                lines.push("AI opponents start on the grid behind you.".to_string());
                draw_detail_lines(hud, &name, &lines, x, y + pad, w, y + h - pad);
                return None;
            };
            name = c.name.clone();
            lines.push(c.description.clone());
            lines.push(format!("Model: {}", c.model));
            lines.push(format!("Mass: {:.0} kg", c.mass_kg));
            if let Some(p) = c.power_kw {
                lines.push(format!("Power: {:.0} kW ({:.0} hp)", p, p * 1.341));
            }
            if let Some(d) = c.drivetrain {
                lines.push(format!("Drivetrain: {d}"));
            }
            if let Some(v) = c.top_speed_mps {
                lines.push(format!("Top speed: {:.0} km/h", v * 3.6));
            }
        }
    }
    draw_detail_lines(hud, &name, &lines, x, y + pad, w, y + h - pad);
    None
}

/// A cup's details, then its rounds as many as fit in the panel (`area`: x, y, width,
/// height inside its padding), the rest counted ("… and 19 more").
fn draw_cup_rounds(
    hud: &mut Hud,
    name: &str,
    lines: &[String],
    rounds: &[(String, u32)],
    area: [f32; 4],
    pad: f32,
) -> Option<PreviewSlot> {
    let [x, y, w, h] = area;
    let bottom = y + h - pad;
    let below = draw_detail_lines(hud, name, lines, x, y + pad, w, bottom);
    let line_h = hud.line_height(TextSize::Small);
    let fit = ((bottom - below) / line_h).floor().max(0.0) as usize;
    let shown = if rounds.len() <= fit {
        rounds.len()
    } else {
        fit.saturating_sub(1)
    };
    for (i, (level, laps)) in rounds.iter().take(shown).enumerate() {
        let text = fit_label(hud, &format!("{}. {level}, {laps} laps", i + 1), w, TextSize::Small).1;
        hud.label(x, below + i as f32 * line_h, TextSize::Small, &text, DIM);
    }
    if shown < rounds.len() && fit > 0 {
        let more = format!("… and {} more", rounds.len() - shown);
        hud.label(x, below + shown as f32 * line_h, TextSize::Small, &more, DIM);
    }
    None
}

/// A challenge's lines in the level select: what to do, and each goal's figure with the
/// gold, silver and bronze values it needs.
fn challenge_detail(c: &Challenge, lines: &mut Vec<String>) {
    lines.push(c.description.clone());
    lines.push("Gold/silver/bronze:".to_string());
    for g in &c.goals {
        let (label, unit, _) = presentation(&g.figure.metric);
        let sign = match g.better {
            Better::Lower => '≤',
            Better::Higher => '≥',
        };
        let [gold, silver, bronze] = g.targets;
        let space = if unit.is_empty() || unit == "°" { "" } else { " " };
        lines.push(format!(
            "{} {} {sign}{gold}/{silver}/{bronze}{space}{unit}",
            g.figure.run,
            label.to_lowercase()
        ));
    }
}

/// The level's top-down map in a `side`-pixel square at (x, y), its start marked.
fn draw_map(hud: &mut Hud, map: &LevelMap, x: f32, y: f32, side: f32) {
    if map.cols == 0 || map.rows == 0 {
        return;
    }
    let cell = side / map.cols.max(map.rows) as f32;
    let (mw, mh) = (cell * map.cols as f32, cell * map.rows as f32);
    let (x0, y0) = (x + (side - mw) * 0.5, y + (side - mh) * 0.5);
    for (i, c) in map.colours.iter().enumerate() {
        let (col, row) = ((i % map.cols) as f32, (i / map.cols) as f32);
        // A hair of overlap so no seams show between cells.
        hud.rect(
            x0 + col * cell,
            y0 + row * cell,
            cell + 0.5,
            cell + 0.5,
            [c[0], c[1], c[2], 1.0],
        );
    }
    let mark = (cell * 1.5).max(4.0);
    let (sx, sy) = (x0 + map.start.0 * mw, y0 + map.start.1 * mh);
    hud.rect(sx - mark * 0.5, sy - mark * 0.5, mark, mark, FOCUS);
}

/// The name and lines from `y`, each line wrapped to `w`, a third of a line between them;
/// where that would pass `bottom` (a long description in the small font's least size on a
/// small window) they close up: no gap between lines, the name a line high. Returns the y
/// below them.
fn draw_detail_lines(hud: &mut Hud, name: &str, lines: &[String], x: f32, y: f32, w: f32, bottom: f32) -> f32 {
    let body = hud.line_height(TextSize::Body);
    let line_h = hud.line_height(TextSize::Small);
    let wrapped: Vec<Vec<String>> = lines.iter().map(|l| wrap(hud, TextSize::Small, l, w)).collect();
    let rows: usize = wrapped.iter().map(Vec::len).sum();
    let roomy = body * 1.2 + rows as f32 * line_h + lines.len() as f32 * line_h * 0.3;
    let (name_h, gap) = if y + roomy <= bottom {
        (body * 1.2, line_h * 0.3)
    } else {
        (body, 0.0)
    };
    // A long name ("Motorsport Arena Oschersleben") in small text rather than past the panel.
    let (size, name) = match hud.label_width(TextSize::Body, name) <= w {
        true => (TextSize::Body, name.to_string()),
        false => fit_label(hud, name, w, TextSize::Small),
    };
    hud.label(x, y, size, &name, FOCUS);
    let mut y = y + name_h;
    for pieces in &wrapped {
        for piece in pieces {
            hud.label(x, y, TextSize::Small, piece, TEXT);
            y += line_h;
        }
        y += gap;
    }
    y
}

/// `text` cut into lines no wider than `max_w` at `size`, at spaces.
fn wrap(hud: &Hud, size: TextSize, text: &str, max_w: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if hud.label_width(size, &candidate) > max_w && !line.is_empty() {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
