//! The seam between a game mode and a player's HUD: a mode hands the HUD a panel (its
//! board of figures for this frame), which asks the layout for the places it needs and
//! then draws in the ones it got. Free drive has none.

use super::layout::{Layout, Request};
use crate::render::Hud;
use crate::sim::Snapshot;

/// A game mode's figures on one player's HUD for one frame (a time trial's laps, a race's
/// position, a challenge's measurements). Built from the mode's state each frame without
/// allocating; `text` is the frame's scratch buffer. If a panel is missing from the
/// screen, it did not ask for its place in [`HudPanel::request`], or the layout gave it
/// none (see `layout`'s priorities).
pub trait HudPanel {
    /// Asks for the places it draws in: the mode panel's size, and any of the countdown or
    /// the minimap.
    fn request(&self, hud: &Hud, text: &mut String, req: &mut Request);
    /// Draws in the places `layout` gave it; `snapshot` is the frame's world (the minimap's
    /// cars).
    fn draw(&self, hud: &mut Hud, text: &mut String, layout: &Layout, snapshot: &Snapshot);
}
