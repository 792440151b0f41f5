//! Reports of the car tools: `skidpad analyze` (the linear bicycle model of a car) and
//! `skidpad validate` (the validation suite as a table).

use super::validation::Report;
use crate::content::ContentError;
use crate::vehicle::BicycleModel;
use crate::vehicle::CarDef;
use serde::Serialize;
use std::fmt::Write;

/// Speeds at which `analyze` reports the yaw mode, m/s.
pub const MODE_SPEEDS_MPS: [f64; 3] = [10.0, 20.0, 30.0];
/// Speeds of the yaw-gain table, m/s.
pub const GAIN_SPEEDS_MPS: [f64; 8] = [5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0];

/// The yaw mode at one speed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct YawMode {
    /// Speed, m/s.
    pub speed_mps: f64,
    /// Roots of λ² + a1·λ + a0 = 0 as [re, im].
    pub roots: [[f64; 2]; 2],
    /// Undamped natural frequency, rad/s (None when unstable).
    pub natural_frequency_rad_per_s: Option<f64>,
    /// Damping ratio (None when unstable).
    pub damping_ratio: Option<f64>,
    /// Both roots in the left half-plane.
    pub stable: bool,
}

/// Steady-state yaw-rate gain at one speed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct YawGain {
    /// Speed, m/s.
    pub speed_mps: f64,
    /// r/δ, 1/s (None past the critical speed).
    pub yaw_rate_gain_per_s: Option<f64>,
}

/// `skidpad analyze`: a car through the linear bicycle model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Analysis {
    /// Car name.
    pub car: String,
    /// The model's parameters as derived from the car.
    pub model: BicycleModel,
    /// l_f·K_f − l_r·K_r, N·m/rad.
    pub yaw_stiffness_balance_nm_per_rad: f64,
    /// "understeer", "neutral" or "oversteer".
    pub character: &'static str,
    /// K_us, rad per m/s².
    pub understeer_gradient_rad_per_mps2: f64,
    /// K_us, deg/g.
    pub understeer_gradient_deg_per_g: f64,
    /// Speed of the largest yaw gain (understeer), m/s.
    pub characteristic_speed_mps: Option<f64>,
    /// Speed above which the car is unstable (oversteer), m/s.
    pub critical_speed_mps: Option<f64>,
    /// Yaw gain against speed.
    pub yaw_gain: Vec<YawGain>,
    /// The yaw mode at 10, 20 and 30 m/s.
    pub yaw_modes: Vec<YawMode>,
}

/// Analyses `car`; an arcade car is refused (its lateral adhesion is a decay rate, not a
/// cornering stiffness).
pub fn analyze(car: &CarDef) -> Result<Analysis, ContentError> {
    let b = BicycleModel::of_car(car).ok_or_else(|| {
        ContentError::new(
            "--car",
            &car.name,
            "the bicycle model needs a sim-model car (model = \"sim\"): an arcade car has no cornering stiffness",
        )
    })?;
    let balance = b.yaw_stiffness_balance_nm_per_rad();
    let scale = b.k_f_n_per_rad.max(b.k_r_n_per_rad) * b.wheelbase_m();
    let character = if balance.abs() < 1e-6 * scale {
        "neutral"
    } else if balance < 0.0 {
        "understeer"
    } else {
        "oversteer"
    };
    Ok(Analysis {
        car: car.name.clone(),
        model: b,
        yaw_stiffness_balance_nm_per_rad: balance,
        character,
        understeer_gradient_rad_per_mps2: b.understeer_gradient_rad_per_mps2(),
        understeer_gradient_deg_per_g: b.understeer_gradient_deg_per_g(),
        characteristic_speed_mps: b.characteristic_speed_mps(),
        critical_speed_mps: b.critical_speed_mps(),
        yaw_gain: GAIN_SPEEDS_MPS
            .iter()
            .map(|&v| YawGain {
                speed_mps: v,
                yaw_rate_gain_per_s: b.yaw_rate_gain_per_s(v),
            })
            .collect(),
        yaw_modes: MODE_SPEEDS_MPS
            .iter()
            .filter_map(|&v| {
                let c = b.characteristic(v)?;
                Some(YawMode {
                    speed_mps: v,
                    roots: [[c.roots[0].0, c.roots[0].1], [c.roots[1].0, c.roots[1].1]],
                    natural_frequency_rad_per_s: c.natural_frequency_rad_per_s,
                    damping_ratio: c.damping_ratio,
                    stable: c.stable,
                })
            })
            .collect(),
    })
}

fn opt(v: Option<f64>, digits: usize) -> String {
    v.map_or("—".to_string(), |x| format!("{x:.digits$}"))
}

impl Analysis {
    /// The report as text.
    pub fn text(&self) -> String {
        let m = &self.model;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{}: linear bicycle model (the Xbox car-dynamics report, NSC93-2218-E-009-013)",
            self.car
        );
        let _ = writeln!(
            s,
            "  m {:.0} kg   I_z {:.0} kg·m²   l_f {:.3} m   l_r {:.3} m   L {:.3} m",
            m.mass_kg,
            m.yaw_inertia_kg_m2,
            m.l_f_m,
            m.l_r_m,
            m.l_f_m + m.l_r_m
        );
        let _ = writeln!(
            s,
            "  K_f {:.0} N/rad   K_r {:.0} N/rad   (tire lateral stiffness at static axle loads)",
            m.k_f_n_per_rad, m.k_r_n_per_rad
        );
        let _ = writeln!(
            s,
            "  l_f·K_f − l_r·K_r = {:.0} N·m/rad: {}",
            self.yaw_stiffness_balance_nm_per_rad, self.character
        );
        let _ = writeln!(
            s,
            "  understeer gradient K_us = {:.5} rad/(m/s²) = {:.2} deg/g",
            self.understeer_gradient_rad_per_mps2, self.understeer_gradient_deg_per_g
        );
        let _ = writeln!(
            s,
            "  characteristic speed {} m/s   critical speed {} m/s",
            opt(self.characteristic_speed_mps, 1),
            opt(self.critical_speed_mps, 1)
        );
        let _ = writeln!(s, "  steady-state yaw gain r/δ (1/s):");
        for g in &self.yaw_gain {
            let _ = writeln!(s, "    {:5.1} m/s  {}", g.speed_mps, opt(g.yaw_rate_gain_per_s, 3));
        }
        let _ = writeln!(s, "  yaw mode (roots of λ² + a1·λ + a0):");
        for y in &self.yaw_modes {
            let _ = writeln!(
                s,
                "    {:5.1} m/s  λ = {:.3} ± {:.3}i / {:.3}   ω_n {} rad/s   ζ {}   {}",
                y.speed_mps,
                y.roots[0][0],
                y.roots[0][1].abs(),
                y.roots[1][0],
                opt(y.natural_frequency_rad_per_s, 3),
                opt(y.damping_ratio, 3),
                if y.stable { "stable" } else { "UNSTABLE" }
            );
        }
        s
    }
}

/// The validation report as a table: one line per check.
pub fn validation_text(report: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: validation on flat asphalt, μ = {:.2}", report.car, report.mu);
    let _ = writeln!(
        s,
        "  {:<40} {:>5}  {:>10}  {:>10}  {:>6}  result  source",
        "check", "Hz", "measured", "expected", "tol"
    );
    for c in &report.checks {
        let _ = writeln!(
            s,
            "  {:<40} {:>5}  {:>10.4}  {:>10.4}  {:>5.1}%  {:<6}  {}",
            c.name,
            c.rate_hz.map_or("all".to_string(), |r| r.to_string()),
            c.measured,
            c.expected,
            c.tolerance * 100.0,
            if c.pass { "pass" } else { "FAIL" },
            if c.unit.is_empty() {
                c.source.clone()
            } else {
                format!("[{}] {}", c.unit, c.source)
            }
        );
    }
    let failed = report.checks.iter().filter(|c| !c.pass).count();
    let _ = writeln!(
        s,
        "{} of {} checks passed{}",
        report.checks.len() - failed,
        report.checks.len(),
        if failed > 0 { "" } else { "." }
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentRoot;

    #[test]
    fn the_sedan_is_a_mild_understeerer() {
        let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
        let a = analyze(&car).unwrap();
        assert_eq!(a.character, "understeer");
        // Hand-worked from sedan.toml: F_N front = 1500·9.81·1.45/2.70/2 = 3951 N, rear
        // 3406 N; lateral stiffness = F_N·lat_stiff_value·smooth(3/2) = F_N·v·0.875:
        // K_f = 2·3951·20·0.875 = 138 285 N/rad, K_r = 2·3406·26·0.875 = 154 973 N/rad.
        assert!(
            (a.model.k_f_n_per_rad - 138_285.0).abs() < 150.0,
            "{}",
            a.model.k_f_n_per_rad
        );
        assert!(
            (a.model.k_r_n_per_rad - 154_973.0).abs() < 150.0,
            "{}",
            a.model.k_r_n_per_rad
        );
        // K_us = (m/L)(l_r/K_f − l_f/K_r) = 555.6·(1.45/138285 − 1.25/154973) = 1.343e-3.
        assert!((a.understeer_gradient_rad_per_mps2 - 1.343e-3).abs() < 2e-5);
        assert!(a.critical_speed_mps.is_none() && a.characteristic_speed_mps.is_some());
        assert!(a.yaw_modes.iter().all(|m| m.stable));
        assert!(a.text().contains("understeer"));
    }

    #[test]
    fn an_arcade_car_is_refused() {
        let coupe = CarDef::load(&ContentRoot::Embedded, "coupe").unwrap();
        assert!(analyze(&coupe).is_err());
    }
}
