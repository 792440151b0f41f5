//! The line of prompts under a page: what the buttons do, in the terms of the device
//! used last (pad or keyboard), and whether the focused row adjusts with ◀ ▶.

use super::Page;
use crate::app::menu::{Device, Widget};
use crate::render::{Hud, TextSize};

const DIM: [f32; 4] = [0.62, 0.64, 0.68, 1.0];

/// What the buttons do, in the terms of the device used last.
pub(super) fn draw_prompts(hud: &mut Hud, device: Device, page: &Page, w: f32, h: f32) {
    let text = prompt_text(device, page);
    let tw = hud.label_width(TextSize::Small, text);
    let y = h - hud.line_height(TextSize::Small) * 1.5;
    hud.label((w - tw) * 0.5, y, TextSize::Small, text, DIM);
}

/// The prompt line for `page` on `device`.
fn prompt_text(device: Device, page: &Page) -> &'static str {
    let adjusts = page.menu().and_then(|m| m.items().get(m.focus())).is_some_and(|i| {
        matches!(
            i.widget,
            Widget::Slider { .. } | Widget::Choice { .. } | Widget::Toggle(_)
        )
    });
    match (device, adjusts) {
        (Device::Pad, false) => "(A) Select    (B) Back",
        (Device::Pad, true) => "◀ ▶ Change    (A) Select    (B) Back",
        (Device::Keyboard, false) => "Enter Select    Esc Back",
        (Device::Keyboard, true) => "◀ ▶ Change    Enter Select    Esc Back",
    }
}

/// The prompts centred on `centre_x`, their line's top at `y`.
pub(super) fn draw_prompts_at(hud: &mut Hud, device: Device, page: &Page, centre_x: f32, y: f32) {
    let text = prompt_text(device, page);
    let tw = hud.label_width(TextSize::Small, text);
    hud.label(centre_x - tw * 0.5, y, TextSize::Small, text, DIM);
}
