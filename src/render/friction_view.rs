//! The friction view, for level designers: the ground coloured by the friction μ the
//! physics uses there instead of by its look, so a lane drawn as ice that grips like
//! asphalt shows at a glance (issue 23). Each chunk vertex carries the material of the
//! piece it belongs to, the same piece the chunk's colliders are made from; the colour is
//! that material's μ on a ramp from blue (μ 0) through green to red (μ ≥ 1).
//!
//! If the view and the car disagree, the bake is at fault, not this module: check the level
//! with `skidpad levels --check LEVEL`.

use crate::content::MaterialTable;
use skidpad_bake::material::MaterialId;

/// How the ground is coloured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum GroundView {
    /// By each material's colour and tile pattern (the game's look).
    #[default]
    Albedo,
    /// By each material's friction μ, blue (low) to red (high).
    Friction,
}

impl GroundView {
    /// The other view (the play key toggles between them).
    pub fn toggled(self) -> GroundView {
        match self {
            GroundView::Albedo => GroundView::Friction,
            GroundView::Friction => GroundView::Albedo,
        }
    }
}

/// μ at which the ramp reaches full red: asphalt's.
pub const FULL_RED_MU: f32 = 1.0;

/// The ramp: blue at μ 0, green at half of [`FULL_RED_MU`], red at it and above.
pub fn friction_rgb(mu: f32) -> [f32; 3] {
    let t = (mu / FULL_RED_MU).clamp(0.0, 1.0);
    [
        (2.0 * t - 1.0).max(0.0),
        1.0 - (2.0 * t - 1.0).abs(),
        (1.0 - 2.0 * t).max(0.0),
    ]
}

/// Vertex colour for material `id` in the friction view: its μ on the ramp, no tile
/// pattern.
pub fn friction_color(materials: &MaterialTable, id: MaterialId) -> [f32; 4] {
    let [r, g, b] = friction_rgb(materials.get(id).friction);
    [r, g, b, 0.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ice_is_blue_asphalt_red_and_wet_in_between() {
        assert_eq!(friction_rgb(0.0), [0.0, 0.0, 1.0]);
        assert_eq!(friction_rgb(1.0), [1.0, 0.0, 0.0]);
        let (ice, wet) = (friction_rgb(0.1), friction_rgb(0.7));
        assert!(ice[2] > ice[0] && wet[0] > wet[2], "{ice:?} {wet:?}");
    }
}
