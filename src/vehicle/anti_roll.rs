//! Anti-roll bars, one per axle, for both models: the standard anti-roll bar model (Milliken
//! & Milliken, *Race Car Vehicle Dynamics*, ch. 16; PhysX `PxVehicleAntiRollBarData`).
//!
//! A bar joins the two wheels of an axle. When their suspension compressions differ by
//! `Δc = c_a − c_b`, the twisted bar pushes the more compressed wheel's corner up and the
//! other's down with equal and opposite forces `±k·Δc` (k in N per metre of travel
//! difference): no net vertical force, a roll moment `k·t²·φ` for a track `t` and body roll
//! `φ`. A wheel in the air reads compression 0 (full droop) and takes no force (it has no
//! ground to push on); its partner still feels the twist. A stiffer front bar moves load
//! transfer forward (more understeer), a stiffer rear one backward.
//!
//! Tuning: a car that leans too far in a turn wants stiffer bars; one that lifts an inside
//! wheel over every kerb or skips on bumps wants softer ones.

use super::chassis::{WheelDef, MAX_WHEELS};
use crate::content::validate::Validator;
use crate::content::ContentError;

/// One bar between the wheels `a` and `b` (indices in the definition's order).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AntiRollBar {
    /// One wheel of the axle.
    pub a: usize,
    /// The other wheel of the axle.
    pub b: usize,
    /// Force per metre of compression difference: N/m (sim), or N/m per kg of the
    /// wheel's share of the mass (arcade, mass-free like its other terms).
    pub stiffness: f32,
}

/// A car's bars: at most one per axle (front: steered wheels; rear: the others).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AntiRollBars {
    bars: [Option<AntiRollBar>; 2],
}

impl AntiRollBars {
    /// Validates the stiffnesses of the front (steered) and rear axle's bars, each given
    /// as `(field, value)` in the caller's unit (0: no bar), and joins each axle's two
    /// wheels. A stiffness on an axle that has not exactly two wheels is refused.
    pub(super) fn parse(v: &Validator, axles: [(&str, f64); 2], wheels: &[WheelDef]) -> Result<Self, ContentError> {
        let mut bars = [None; 2];
        for ((slot, (field, k)), steered) in bars.iter_mut().zip(axles).zip([true, false]) {
            let k = v.range(field, k, 0.0, 1.0e7)? as f32;
            if k == 0.0 {
                continue;
            }
            let axle: Vec<usize> = (0..wheels.len()).filter(|&i| wheels[i].steered == steered).collect();
            let [a, b] = axle[..] else {
                return Err(v.fail(field, format!("a bar joins two wheels; this axle has {}", axle.len())));
            };
            *slot = Some(AntiRollBar { a, b, stiffness: k });
        }
        Ok(AntiRollBars { bars })
    }

    /// Each wheel's bar force along its suspension (positive pushes the body up), in the
    /// stiffness' unit times metres, from the wheels' compressions (0 for a wheel in the
    /// air); only grounded wheels take one.
    ///
    /// `headroom[i]` is the most stiffness wheel `i` can take on top of its spring and still
    /// be integrated stably in one explicit tick (`f32::INFINITY`: no limit). In the roll
    /// mode the two wheels move oppositely, so a bar adds twice its stiffness to each; it
    /// is capped at half the smaller headroom (a 1 kg car on a 6 kN/m bar would launch).
    pub fn forces_n(
        &self,
        compression_m: &[f32; MAX_WHEELS],
        grounded: &[bool; MAX_WHEELS],
        headroom: &[f32; MAX_WHEELS],
    ) -> [f32; MAX_WHEELS] {
        let mut out = [0.0; MAX_WHEELS];
        for bar in self.bars.iter().flatten() {
            let k = bar.stiffness.min(0.5 * headroom[bar.a].min(headroom[bar.b])).max(0.0);
            let f = k * (compression_m[bar.a] - compression_m[bar.b]);
            if grounded[bar.a] {
                out[bar.a] += f;
            }
            if grounded[bar.b] {
                out[bar.b] -= f;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_pushes_the_compressed_wheel_up_and_the_other_down_equally() {
        let bars = AntiRollBars {
            bars: [
                Some(AntiRollBar {
                    a: 0,
                    b: 1,
                    stiffness: 1000.0,
                }),
                None,
            ],
        };
        let mut c = [0.0; MAX_WHEELS];
        c[0] = 0.15;
        c[1] = 0.05;
        let mut down = [true; MAX_WHEELS];
        let free = [f32::INFINITY; MAX_WHEELS];
        let f = bars.forces_n(&c, &down, &free);
        assert!((f[0] - 100.0).abs() < 1e-3 && (f[1] + 100.0).abs() < 1e-3, "{f:?}");
        assert_eq!(&f[2..], &[0.0; MAX_WHEELS - 2]);
        // The lifted wheel takes nothing; its partner still feels the twist.
        down[1] = false;
        c[1] = 0.0;
        let f = bars.forces_n(&c, &down, &free);
        assert!((f[0] - 150.0).abs() < 1e-3 && f[1] == 0.0, "{f:?}");
        // Past the stable stiffness the bar is capped at half the smaller headroom.
        let mut tight = free;
        tight[0] = 400.0;
        let f = bars.forces_n(&c, &down, &tight);
        assert!((f[0] - 200.0 * 0.15).abs() < 1e-3, "{f:?}");
    }
}
