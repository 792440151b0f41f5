//! The linear 2-DOF bicycle model (the Xbox car-dynamics report, NSC93-2218-E-009-013):
//! sideslip β and yaw rate r of a car at constant speed, in the range where tire forces are
//! proportional to slip angles.
//!
//! What it is for: analysing any car definition without running the simulation (is it an
//! understeerer or an oversteerer, how much yaw does a steering input give at a given speed,
//! how well damped is the yaw mode, at what speed would it spin on its own), and validating
//! the 3D models in their linear range (small steering, steady speed, grip well below μ·N):
//! their yaw-rate and sideslip responses should approach the gains and time constants here.
//!
//! The model lumps each axle's two tires into one (a "bicycle") at distance `l_f` ahead of and
//! `l_r` behind the centre of mass, at constant forward speed v > 0:
//!
//! - slip angles: α_f = δ − β − l_f·r/v, α_r = −β + l_r·r/v;
//! - axle forces: F_yf = K_f·α_f, F_yr = K_r·α_r (K = cornering stiffness of the *axle*, both
//!   tires; the report writes 2K per axle with K per tire);
//! - lateral motion: m·v·(β̇ + r) = F_yf + F_yr; yaw: I·ṙ = l_f·F_yf − l_r·F_yr.
//!
//! Sign convention: x forward, y left, z up; angles and rates positive counter-clockwise seen
//! from above. δ > 0 is the front road-wheel angle of a left turn (not the steering-wheel
//! angle: divide by the steering ratio); r > 0 is a left yaw; β = v_y/v_x is the angle of the
//! centre of mass's velocity left of the heading (the report writes the same slip angles with
//! the opposite sign, β_f = −α_f, and Y = −K·β_f; the forces are identical).
//!
//! As a state-space system with x = [β, r] and u = δ: ẋ = A·x + B·u, with
//!
//! ```text
//! A = [ −(K_f+K_r)/(m v)         −1 − (l_f K_f − l_r K_r)/(m v²) ]    B = [ K_f/(m v) ]
//!     [ −(l_f K_f − l_r K_r)/I   −(l_f² K_f + l_r² K_r)/(I v)    ]        [ l_f K_f/I ]
//! ```
//!
//! and characteristic equation λ² + a1·λ + a0 = 0 (the report's eq. 33 without the
//! rigid-body s² factor), where a1 = (K_f+K_r)/(m v) + (l_f² K_f + l_r² K_r)/(I v) and
//! a0 = K_f K_r L²/(m I v²) − (l_f K_f − l_r K_r)/I, L = l_f + l_r.
//!
//! The sign of l_f·K_f − l_r·K_r decides the car's character (as in the report): negative
//! is an understeerer (stable at every speed), zero is neutral steer (yaw does not couple
//! to sideslip), positive is an oversteerer, which has a critical speed above which a0 < 0
//! and the car spins without steering input.
//!
//! Speeds: every function assumes v > 0 except where its documentation says otherwise.
//! Functions returning `Option` answer `None` for speeds outside the model (v ≤ 0 or NaN where
//! stated) or where the quantity is unbounded; the plain-array functions do not check and give
//! infinite or meaningless entries for v ≤ 0. Nothing panics. Parameters are not validated:
//! callers (car definition loading) check that masses, inertias, lengths and stiffnesses are
//! positive.

/// Standard gravity used to express the understeer gradient per g, m/s².
const G_MPS2: f64 = 9.81;

/// Parameters of the linear bicycle model.
///
/// Tuning in this model: moving the centre of mass forward (larger `l_r_m`, smaller `l_f_m`)
/// or stiffening the rear axle (`k_r_n_per_rad`) adds understeer; the reverse adds
/// oversteer. More `yaw_inertia_kg_m2` slows and (for an oversteerer) destabilises the yaw
/// response; more stiffness overall speeds it up and damps it.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct BicycleModel {
    /// Vehicle mass m, kg (> 0).
    pub mass_kg: f64,
    /// Yaw moment of inertia I about the vertical axis through the centre of mass, kg·m² (> 0).
    pub yaw_inertia_kg_m2: f64,
    /// Distance l_f from the centre of mass to the front axle, m (> 0).
    pub l_f_m: f64,
    /// Distance l_r from the centre of mass to the rear axle, m (> 0).
    pub l_r_m: f64,
    /// Cornering stiffness K_f of the front axle (both tires together), N of lateral force per
    /// rad of slip angle (> 0).
    pub k_f_n_per_rad: f64,
    /// Cornering stiffness K_r of the rear axle (both tires together), N/rad (> 0).
    pub k_r_n_per_rad: f64,
}

/// The characteristic equation λ² + a1·λ + a0 = 0 of [`BicycleModel::state_matrix`] at one
/// speed, and what its roots mean for the yaw mode.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Characteristic {
    /// Linear coefficient a1 = −trace(A), 1/s: the sum of the two decay rates; always > 0 for
    /// positive parameters and speed.
    pub a1: f64,
    /// Constant coefficient a0 = det(A), 1/s²: the yaw "stiffness"; ≤ 0 only for an
    /// oversteerer at or above its critical speed.
    pub a0: f64,
    /// The two roots as (re, im) pairs, 1/s. Complex roots: the one with positive imaginary
    /// part first. Real roots: the more negative (faster) one first.
    pub roots: [(f64, f64); 2],
    /// Undamped natural frequency sqrt(a0), rad/s (`None` when a0 ≤ 0: unstable, a real root
    /// ≥ 0). Higher feels more responsive.
    pub natural_frequency_rad_per_s: Option<f64>,
    /// Damping ratio a1 / (2·sqrt(a0)) (`None` when a0 ≤ 0). Below 1 the yaw rate overshoots
    /// after a steering step; road cars sit near 0.5–1 at speed, falling as speed rises.
    pub damping_ratio: Option<f64>,
    /// Damped frequency of the yaw oscillation sqrt(a0 − a1²/4), rad/s (`Some` only when the
    /// roots are complex, i.e. the damping ratio is below 1).
    pub damped_frequency_rad_per_s: Option<f64>,
    /// All roots have negative real part (equivalently, for this quadratic: a1 > 0 and
    /// a0 > 0): the car returns to straight running after a disturbance with the wheel held.
    pub stable: bool,
}

impl BicycleModel {
    /// Wheelbase L = l_f + l_r, m.
    pub fn wheelbase_m(&self) -> f64 {
        self.l_f_m + self.l_r_m
    }

    /// Yaw stiffness balance l_f·K_f − l_r·K_r, N·m/rad: the yaw moment per rad of sideslip
    /// that both axles' forces produce about the centre of mass (the stability term of the
    /// Xbox car-dynamics report).
    ///
    /// Negative: the rear axle wins, sideslip yaws the car back into line (understeer, stable
    /// at every speed). Zero: neutral steer. Positive: the front axle wins (oversteer), and
    /// the car is unstable above [`Self::critical_speed_mps`].
    pub fn yaw_stiffness_balance_nm_per_rad(&self) -> f64 {
        self.l_f_m * self.k_f_n_per_rad - self.l_r_m * self.k_r_n_per_rad
    }

    /// Understeer gradient K_us = (m/L)·(l_r/K_f − l_f/K_r), rad of extra road-wheel angle per
    /// m/s² of lateral acceleration: in a steady turn of radius R, δ = L/R + K_us·a_y.
    ///
    /// Positive: understeer (the car needs more lock as it goes faster round the same
    /// corner). Zero: neutral. Negative: oversteer. Computed as
    /// −m·(l_f K_f − l_r K_r)/(L·K_f·K_r), the same quantity, so that its sign is exactly the
    /// opposite of [`Self::yaw_stiffness_balance_nm_per_rad`].
    pub fn understeer_gradient_rad_per_mps2(&self) -> f64 {
        -self.mass_kg * self.yaw_stiffness_balance_nm_per_rad()
            / (self.wheelbase_m() * self.k_f_n_per_rad * self.k_r_n_per_rad)
    }

    /// Understeer gradient in the units tuners quote: degrees of road-wheel angle per g of
    /// lateral acceleration (g = 9.81 m/s²), K_us·g·180/π. Typical road cars: 1–4 deg/g.
    pub fn understeer_gradient_deg_per_g(&self) -> f64 {
        self.understeer_gradient_rad_per_mps2() * G_MPS2 * (180.0 / std::f64::consts::PI)
    }

    /// Denominator L + K_us·v² of the steady-state gains, m.
    fn steady_denominator_m(&self, speed_mps: f64) -> f64 {
        self.wheelbase_m() + self.understeer_gradient_rad_per_mps2() * speed_mps * speed_mps
    }

    /// Steady-state yaw-rate gain r/δ = v / (L + K_us·v²), 1/s, δ the front road-wheel angle:
    /// yaw rate (rad/s) per rad of steady steering at `speed_mps`.
    ///
    /// An understeerer's gain peaks at [`Self::characteristic_speed_mps`] and falls beyond;
    /// a neutral car's is v/L; an oversteerer's grows without bound towards the critical
    /// speed. Defined for v ≥ 0 (0 at rest). `None` for v < 0 or NaN, and at or above the
    /// critical speed (L + K_us·v² ≤ 0: no stable steady state).
    pub fn yaw_rate_gain_per_s(&self, speed_mps: f64) -> Option<f64> {
        let denominator_m = self.steady_denominator_m(speed_mps);
        (speed_mps >= 0.0 && denominator_m > 0.0).then(|| speed_mps / denominator_m)
    }

    /// Steady-state sideslip gain β/δ = (l_r − m·l_f·v²/(L·K_r)) / (L + K_us·v²),
    /// dimensionless (rad of sideslip per rad of road-wheel angle).
    ///
    /// From the steady state of the two equations of motion: yaw balance gives
    /// α_r = l_f·m·v·r/(L·K_r), and α_r = −β + l_r·r/v with r = δ·v/(L + K_us·v²).
    /// Positive at low speed (l_r/L at rest: the kinematic turn, nose pointing outside the
    /// path); crosses zero at v = sqrt(l_r·L·K_r/(m·l_f)); negative above (nose points inside
    /// the turn, the rear axle needs slip to carry its share). Defined for v ≥ 0. `None` for
    /// v < 0 or NaN, and at or above the critical speed.
    pub fn sideslip_gain(&self, speed_mps: f64) -> Option<f64> {
        let denominator_m = self.steady_denominator_m(speed_mps);
        (speed_mps >= 0.0 && denominator_m > 0.0).then(|| {
            let rear_slip_m =
                self.mass_kg * self.l_f_m * speed_mps * speed_mps / (self.wheelbase_m() * self.k_r_n_per_rad);
            (self.l_r_m - rear_slip_m) / denominator_m
        })
    }

    /// The 2×2 state matrix A of ẋ = A·x + B·δ for x = [β (rad), r (rad/s)] at `speed_mps`
    /// (must be > 0; entries are infinite at 0 and meaningless below).
    ///
    /// Row 0 is β̇ (1/s and dimensionless), row 1 is ṙ (1/s² and 1/s). The off-diagonal terms
    /// carry l_f·K_f − l_r·K_r: at neutral steer `A[1][0]` = 0 and yaw no longer feels sideslip.
    pub fn state_matrix(&self, speed_mps: f64) -> [[f64; 2]; 2] {
        let m = self.mass_kg;
        let i = self.yaw_inertia_kg_m2;
        let v = speed_mps;
        let balance = self.yaw_stiffness_balance_nm_per_rad();
        let yaw_damping = self.l_f_m * self.l_f_m * self.k_f_n_per_rad + self.l_r_m * self.l_r_m * self.k_r_n_per_rad;
        [
            [
                -(self.k_f_n_per_rad + self.k_r_n_per_rad) / (m * v),
                -1.0 - balance / (m * v * v),
            ],
            [-balance / i, -yaw_damping / (i * v)],
        ]
    }

    /// The input vector `B = [K_f/(m·v), l_f·K_f/I]` of ẋ = A·x + B·δ at `speed_mps` (must be
    /// positive; infinite at 0): the sideslip rate (1/s) and yaw acceleration (1/s²) per rad of
    /// road-wheel angle at the instant the wheel is turned.
    pub fn input_vector(&self, speed_mps: f64) -> [f64; 2] {
        [
            self.k_f_n_per_rad / (self.mass_kg * speed_mps),
            self.l_f_m * self.k_f_n_per_rad / self.yaw_inertia_kg_m2,
        ]
    }

    /// Steady state (β rad, r rad/s) for a held road-wheel angle `steer_rad` at `speed_mps`,
    /// solved from A·x + B·δ = 0 by Cramer's rule (an independent route to the closed-form
    /// gains). `None` for v ≤ 0 or NaN, and where det A = a0 ≤ 0 (at or above an
    /// oversteerer's critical speed, where no stable steady state exists).
    pub fn steady_state(&self, speed_mps: f64, steer_rad: f64) -> Option<(f64, f64)> {
        if speed_mps.is_nan() || speed_mps <= 0.0 {
            return None;
        }
        let a = self.state_matrix(speed_mps);
        let b = self.input_vector(speed_mps);
        let det = a[0][0] * a[1][1] - a[0][1] * a[1][0];
        if det.is_nan() || det <= 0.0 {
            return None;
        }
        // A·x = c with c = −B·δ.
        let c = [-b[0] * steer_rad, -b[1] * steer_rad];
        let beta_rad = (c[0] * a[1][1] - a[0][1] * c[1]) / det;
        let yaw_rate_rad_per_s = (a[0][0] * c[1] - c[0] * a[1][0]) / det;
        Some((beta_rad, yaw_rate_rad_per_s))
    }

    /// The characteristic equation λ² + a1·λ + a0 = 0 at `speed_mps` and what its roots say
    /// about the yaw mode (frequency, damping, stability). `None` for v ≤ 0 or NaN: the model
    /// is undefined at rest.
    ///
    /// For an understeerer the roots stay in the left half-plane at every speed and the
    /// damping ratio falls as speed rises; an oversteerer's a0 reaches 0 at the critical
    /// speed, where one real root crosses to the right half-plane.
    pub fn characteristic(&self, speed_mps: f64) -> Option<Characteristic> {
        if speed_mps.is_nan() || speed_mps <= 0.0 {
            return None;
        }
        let m = self.mass_kg;
        let i = self.yaw_inertia_kg_m2;
        let v = speed_mps;
        let l = self.wheelbase_m();
        let (k_f, k_r) = (self.k_f_n_per_rad, self.k_r_n_per_rad);
        let yaw_damping = self.l_f_m * self.l_f_m * k_f + self.l_r_m * self.l_r_m * k_r;
        let a1 = (k_f + k_r) / (m * v) + yaw_damping / (i * v);
        let a0 = k_f * k_r * l * l / (m * i * v * v) - self.yaw_stiffness_balance_nm_per_rad() / i;

        let discriminant = a1 * a1 - 4.0 * a0;
        let (roots, damped_frequency_rad_per_s) = if discriminant < 0.0 {
            let im = 0.5 * (-discriminant).sqrt();
            ([(-0.5 * a1, im), (-0.5 * a1, -im)], Some(im))
        } else {
            // q = −(a1 + sign(a1)·sqrt(disc))/2 avoids cancellation; the other root is a0/q.
            let q = -0.5 * (a1 + a1.signum() * discriminant.sqrt());
            let other = if q != 0.0 { a0 / q } else { 0.0 };
            let (first, second) = if q <= other { (q, other) } else { (other, q) };
            ([(first, 0.0), (second, 0.0)], None)
        };
        let natural_frequency_rad_per_s = (a0 > 0.0).then(|| a0.sqrt());
        Some(Characteristic {
            a1,
            a0,
            roots,
            natural_frequency_rad_per_s,
            damping_ratio: natural_frequency_rad_per_s.map(|omega_n| a1 / (2.0 * omega_n)),
            damped_frequency_rad_per_s,
            stable: a1 > 0.0 && a0 > 0.0,
        })
    }

    /// Critical speed sqrt(K_f·K_r·L² / (m·(l_f·K_f − l_r·K_r))), m/s, of an oversteerer
    /// (l_f·K_f > l_r·K_r); equal to sqrt(−L/K_us). At and above it a0 ≤ 0: the car diverges
    /// into a spin with the wheel held straight, and the steady-state gains are unbounded.
    /// `None` for a neutral or understeering car, which has no critical speed.
    pub fn critical_speed_mps(&self) -> Option<f64> {
        let balance = self.yaw_stiffness_balance_nm_per_rad();
        (balance > 0.0).then(|| {
            let l = self.wheelbase_m();
            (self.k_f_n_per_rad * self.k_r_n_per_rad * l * l / (self.mass_kg * balance)).sqrt()
        })
    }

    /// Characteristic speed sqrt(L/K_us), m/s, of an understeerer (K_us > 0): the speed of
    /// maximum yaw-rate gain, where that gain is v/(2L), half the neutral car's. Above it more
    /// speed gives less yaw per steering angle. `None` for a neutral or oversteering car.
    pub fn characteristic_speed_mps(&self) -> Option<f64> {
        let k_us = self.understeer_gradient_rad_per_mps2();
        (k_us > 0.0).then(|| (self.wheelbase_m() / k_us).sqrt())
    }
}

impl BicycleModel {
    /// The bicycle model of a sim car: each axle's cornering stiffness is the sum of its
    /// tires' lateral stiffness at their static load (PhysX tire model, `SimWheel::
    /// lateral_stiffness_n_per_rad`), the axles sit at the mean position of the front and
    /// rear wheels, and the yaw inertia is the chassis's. None for an arcade car (its
    /// lateral adhesion is not a slip-angle stiffness).
    pub fn of_car(def: &super::CarDef) -> Option<BicycleModel> {
        let p = def.sim()?;
        let (front_z, rear_z) = super::longitudinal::axle_z(p);
        let stiffness = |front: bool| -> f64 {
            p.wheels
                .iter()
                .filter(|w| w.front == front)
                .map(|w| w.lateral_stiffness_n_per_rad(w.rest_load_n) as f64)
                .sum()
        };
        Some(BicycleModel {
            mass_kg: def.mass_kg as f64,
            yaw_inertia_kg_m2: p.inertia_kg_m2.y as f64,
            l_f_m: (front_z - p.center_of_mass_m.z) as f64,
            l_r_m: (p.center_of_mass_m.z - rear_z) as f64,
            k_f_n_per_rad: stiffness(true),
            k_r_n_per_rad: stiffness(false),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative comparison: |actual − expected| ≤ rel·max(|expected|, tiny).
    fn assert_close(actual: f64, expected: f64, rel: f64, what: &str) {
        let scale = expected.abs().max(1e-300);
        assert!(
            (actual - expected).abs() <= rel * scale,
            "{what}: got {actual:.17e}, expected {expected:.17e} (rel {rel:e})"
        );
    }

    // The reference understeerer, worked by hand below.
    //
    // m = 1500 kg, I = 2500 kg·m², l_f = 1.2 m, l_r = 1.4 m, K_f = 80 000 N/rad,
    // K_r = 90 000 N/rad.
    // - L = 2.6 m.
    // - l_f K_f = 96 000, l_r K_r = 126 000: balance = −30 000 N·m/rad (understeer).
    // - K_us = (1500/2.6)·(1.4/80 000 − 1.2/90 000) = (1500/2.6)·(7/400 000 − 1/75 000)
    //   = (1500/2.6)·(21 − 16)/1 200 000 = (1500/2.6)/240 000 = 1500/624 000 = 1/416
    //   = 2.403 846 153 846 154e-3 rad/(m/s²).
    // - In deg/g: (9.81/416)·(180/π) = 0.023 581 730 77 × 57.295 779 51 = 1.351 133 646 69.
    // - Characteristic speed sqrt(L/K_us) = sqrt(2.6·416) = sqrt(1081.6) = 32.887 687 67 m/s;
    //   peak yaw gain there v/(2L) = 1/(2·sqrt(L·K_us)) = 1/(2·sqrt(1/160)) = sqrt(40)
    //   = 6.324 555 32 1/s.
    // - At v = 20 m/s: K_us v² = 400/416 = 25/26; L + K_us v² = 67.6/26 + 25/26 = 92.6/26.
    //   Yaw gain = 20·26/92.6 = 2600/463 = 5.615 550 755 9 1/s.
    //   m l_f v²/(L K_r) = 1500·1.2·400/(2.6·90 000) = 720 000/234 000 = 40/13;
    //   l_r − 40/13 = (18.2 − 40)/13 = −21.8/13; sideslip gain = (−21.8/13)·(26/92.6)
    //   = −43.6/92.6 = −218/463 = −0.470 842 332 6.
    //   A = [[−170 000/30 000, −1 + 30 000/600 000], [30 000/2500, −(1.44·80 000 + 1.96·90 000)/50 000]]
    //     = [[−17/3, −0.95], [12, −291 600/50 000]] = [[−5.666 667, −0.95], [12, −5.832]].
    //   B = [80 000/30 000, 1.2·80 000/2500] = [8/3, 38.4].
    //   a1 = 17/3 + 5.832 = 11.498 666 667; a0 = 80 000·90 000·6.76/(1500·2500·400) + 30 000/2500
    //   = 48 672 000 000/1 500 000 000 + 12 = 32.448 + 12 = 44.448 (check: det A =
    //   (17/3)·5.832 + 0.95·12 = 33.048 + 11.4 = 44.448).
    //   ω_n = sqrt(44.448) = 6.666 933 328 rad/s; ζ = 11.498 666 667/(2·6.666 933 328)
    //   = 0.862 365 506; a1² − 4a0 = 132.219 335 1 − 177.792 = −45.572 664 89 < 0 (complex):
    //   λ = −5.749 333 333 ± 3.375 376 456 i; ω_d = 3.375 376 456 rad/s.
    // - Sideslip crosses zero at v = sqrt(l_r L K_r/(m l_f)) = sqrt(1.4·2.6·90 000/1800)
    //   = sqrt(182) = 13.490 737 56 m/s.
    fn understeerer() -> BicycleModel {
        BicycleModel {
            mass_kg: 1500.0,
            yaw_inertia_kg_m2: 2500.0,
            l_f_m: 1.2,
            l_r_m: 1.4,
            k_f_n_per_rad: 80_000.0,
            k_r_n_per_rad: 90_000.0,
        }
    }

    /// The mirror image: l_f = 1.4, l_r = 1.2, K_f = 90 000, K_r = 80 000.
    /// l_f K_f = 126 000 > l_r K_r = 96 000: balance = +30 000 N·m/rad (oversteer);
    /// K_us = (1500/2.6)·(1.2/90 000 − 1.4/80 000) = −1/416.
    /// v_crit = sqrt(K_f K_r L²/(m·balance)) = sqrt(7.2e9·6.76/(1500·30 000))
    /// = sqrt(48 672 000 000/45 000 000) = sqrt(1081.6) = 32.887 687 67 m/s = sqrt(−L/K_us).
    fn oversteerer() -> BicycleModel {
        BicycleModel {
            l_f_m: 1.4,
            l_r_m: 1.2,
            k_f_n_per_rad: 90_000.0,
            k_r_n_per_rad: 80_000.0,
            ..understeerer()
        }
    }

    /// Neutral steer with binary-exact products: l_f = 1.25, l_r = 1.5, K_f = 96 000,
    /// K_r = 80 000: l_f K_f = l_r K_r = 120 000 exactly, L = 2.75 m.
    fn neutral() -> BicycleModel {
        BicycleModel {
            l_f_m: 1.25,
            l_r_m: 1.5,
            k_f_n_per_rad: 96_000.0,
            k_r_n_per_rad: 80_000.0,
            ..understeerer()
        }
    }

    const REL: f64 = 1e-9;

    #[test]
    fn understeerer_static_figures_match_hand_values() {
        let car = understeerer();
        assert_close(car.wheelbase_m(), 2.6, REL, "L");
        assert_close(car.yaw_stiffness_balance_nm_per_rad(), -30_000.0, REL, "balance");
        assert_close(car.understeer_gradient_rad_per_mps2(), 1.0 / 416.0, REL, "K_us");
        // The brief's form (m/L)(l_r/K_f − l_f/K_r) agrees with the balance form used.
        let direct = car.mass_kg / car.wheelbase_m() * (car.l_r_m / car.k_f_n_per_rad - car.l_f_m / car.k_r_n_per_rad);
        assert_close(car.understeer_gradient_rad_per_mps2(), direct, REL, "K_us two forms");
        assert_close(
            car.understeer_gradient_deg_per_g(),
            1.351_133_646_69,
            1e-10,
            "K_us deg/g",
        );
        assert_eq!(car.critical_speed_mps(), None);
        assert_close(
            car.characteristic_speed_mps().unwrap(),
            1081.6_f64.sqrt(),
            REL,
            "v_char",
        );
        assert_close(
            car.characteristic_speed_mps().unwrap(),
            32.887_687_67,
            1e-9,
            "v_char digits",
        );
    }

    #[test]
    fn understeerer_gains_at_20_mps_match_hand_values() {
        let car = understeerer();
        assert_close(car.yaw_rate_gain_per_s(20.0).unwrap(), 2600.0 / 463.0, REL, "r/δ");
        assert_close(
            car.yaw_rate_gain_per_s(20.0).unwrap(),
            5.615_550_755_9,
            1e-10,
            "r/δ digits",
        );
        assert_close(car.sideslip_gain(20.0).unwrap(), -218.0 / 463.0, REL, "β/δ");
        assert_close(car.sideslip_gain(20.0).unwrap(), -0.470_842_332_6, 1e-9, "β/δ digits");
    }

    #[test]
    fn understeerer_matrices_at_20_mps_match_hand_values() {
        let car = understeerer();
        let a = car.state_matrix(20.0);
        assert_close(a[0][0], -17.0 / 3.0, REL, "A00");
        assert_close(a[0][1], -0.95, REL, "A01");
        assert_close(a[1][0], 12.0, REL, "A10");
        assert_close(a[1][1], -5.832, REL, "A11");
        let b = car.input_vector(20.0);
        assert_close(b[0], 8.0 / 3.0, REL, "B0");
        assert_close(b[1], 38.4, REL, "B1");
    }

    #[test]
    fn understeerer_characteristic_at_20_mps_matches_hand_values() {
        let c = understeerer().characteristic(20.0).unwrap();
        assert_close(c.a1, 17.0 / 3.0 + 5.832, REL, "a1");
        assert_close(c.a0, 44.448, REL, "a0");
        assert_close(c.natural_frequency_rad_per_s.unwrap(), 6.666_933_328, 1e-9, "ω_n");
        assert_close(c.damping_ratio.unwrap(), 0.862_365_506, 1e-9, "ζ");
        assert_close(c.damped_frequency_rad_per_s.unwrap(), 3.375_376_456, 1e-9, "ω_d");
        assert_close(c.roots[0].0, -5.749_333_333_333, REL, "re λ0");
        assert_close(c.roots[1].0, -5.749_333_333_333, REL, "re λ1");
        assert_close(c.roots[0].1, 3.375_376_456, 1e-9, "im λ0");
        assert_close(c.roots[1].1, -3.375_376_456, 1e-9, "im λ1");
        assert!(c.stable);
    }

    #[test]
    fn yaw_gain_peaks_at_the_characteristic_speed() {
        let car = understeerer();
        let v_char = car.characteristic_speed_mps().unwrap();
        let peak = car.yaw_rate_gain_per_s(v_char).unwrap();
        assert_close(peak, 40.0_f64.sqrt(), REL, "peak gain = sqrt(40)");
        assert_close(peak, v_char / (2.0 * car.wheelbase_m()), REL, "peak gain = v/(2L)");
        assert!(car.yaw_rate_gain_per_s(0.95 * v_char).unwrap() < peak);
        assert!(car.yaw_rate_gain_per_s(1.05 * v_char).unwrap() < peak);
    }

    #[test]
    fn sideslip_changes_sign_at_hand_worked_speed() {
        let car = understeerer();
        let v0 = 182.0_f64.sqrt(); // 13.490 737 56 m/s
        assert!(car.sideslip_gain(v0).unwrap().abs() < 1e-12);
        assert!(car.sideslip_gain(0.99 * v0).unwrap() > 0.0);
        assert!(car.sideslip_gain(1.01 * v0).unwrap() < 0.0);
        // At rest: the kinematic turn, β/δ = l_r/L; no yaw.
        assert_close(car.sideslip_gain(0.0).unwrap(), 1.4 / 2.6, REL, "β/δ at rest");
        assert_eq!(car.yaw_rate_gain_per_s(0.0), Some(0.0));
    }

    #[test]
    fn neutral_steer_has_kinematic_yaw_gain_and_no_special_speeds() {
        let car = neutral();
        assert_eq!(car.yaw_stiffness_balance_nm_per_rad(), 0.0);
        assert_eq!(car.understeer_gradient_rad_per_mps2(), 0.0);
        assert_eq!(car.understeer_gradient_deg_per_g(), 0.0);
        assert_eq!(car.critical_speed_mps(), None);
        assert_eq!(car.characteristic_speed_mps(), None);
        for v in [1.0, 10.0, 20.0, 50.0, 100.0] {
            assert_eq!(car.yaw_rate_gain_per_s(v), Some(v / 2.75), "r/δ = v/L at {v} m/s");
            // Yaw decoupled from sideslip: A10 = 0.
            assert_eq!(car.state_matrix(v)[1][0], 0.0);
        }
        // Hand value: 20/2.75 = 80/11 = 7.272 727 27 1/s.
        assert_close(car.yaw_rate_gain_per_s(20.0).unwrap(), 80.0 / 11.0, REL, "r/δ at 20");
        // a0 = K_f K_r L²/(m I v²) > 0 at every speed: stable.
        assert!(car.characteristic(100.0).unwrap().stable);
    }

    #[test]
    fn oversteerer_critical_speed_matches_hand_value_and_k_us() {
        let car = oversteerer();
        assert_close(car.yaw_stiffness_balance_nm_per_rad(), 30_000.0, REL, "balance");
        assert_close(car.understeer_gradient_rad_per_mps2(), -1.0 / 416.0, REL, "K_us");
        assert!(car.understeer_gradient_deg_per_g() < 0.0);
        assert_eq!(car.characteristic_speed_mps(), None);
        let v_crit = car.critical_speed_mps().unwrap();
        assert_close(v_crit, 1081.6_f64.sqrt(), REL, "v_crit");
        let l = car.wheelbase_m();
        assert_close(
            v_crit,
            (-l / car.understeer_gradient_rad_per_mps2()).sqrt(),
            REL,
            "sqrt(−L/K_us)",
        );
    }

    #[test]
    fn oversteerer_loses_stability_at_the_critical_speed() {
        let car = oversteerer();
        let v_crit = car.critical_speed_mps().unwrap();

        let below = car.characteristic(0.99 * v_crit).unwrap();
        assert!(below.a0 > 0.0 && below.stable);
        assert!(below.roots.iter().all(|&(re, _)| re < 0.0));
        assert!(below.natural_frequency_rad_per_s.is_some());

        let at = car.characteristic(v_crit).unwrap();
        assert!(at.a0.abs() < 1e-9 * below.a0, "a0 at v_crit = {}", at.a0);

        let above = car.characteristic(1.01 * v_crit).unwrap();
        assert!(above.a0 < 0.0 && !above.stable);
        assert!(above.roots.iter().any(|&(re, im)| re > 0.0 && im == 0.0));
        assert_eq!(above.natural_frequency_rad_per_s, None);
        assert_eq!(above.damping_ratio, None);

        // Gains grow without bound, then stop existing.
        let g98 = car.yaw_rate_gain_per_s(0.98 * v_crit).unwrap();
        let g99 = car.yaw_rate_gain_per_s(0.99 * v_crit).unwrap();
        assert!(g99 > g98 && g98 > 0.98 * v_crit / car.wheelbase_m());
        assert_eq!(car.yaw_rate_gain_per_s(1.01 * v_crit), None);
        assert_eq!(car.sideslip_gain(1.01 * v_crit), None);
        assert_eq!(car.steady_state(1.01 * v_crit, 0.01), None);
    }

    #[test]
    fn closed_form_gains_match_the_matrix_solve() {
        let steer_rad = 0.01;
        for (name, car, speeds) in [
            ("understeerer", understeerer(), vec![0.5, 5.0, 13.0, 20.0, 32.9, 60.0]),
            ("oversteerer", oversteerer(), vec![0.5, 5.0, 13.0, 20.0, 30.0, 32.5]),
            ("neutral", neutral(), vec![0.5, 5.0, 20.0, 60.0]),
        ] {
            for v in speeds {
                let (beta_rad, r_rad_per_s) = car.steady_state(v, steer_rad).unwrap();
                let r_gain = car.yaw_rate_gain_per_s(v).unwrap();
                let beta_gain = car.sideslip_gain(v).unwrap();
                assert_close(r_rad_per_s, r_gain * steer_rad, 1e-9, &format!("{name} r at {v} m/s"));
                assert_close(beta_rad, beta_gain * steer_rad, 1e-9, &format!("{name} β at {v} m/s"));
            }
        }
        // Hand value: r = 0.01 × 2600/463 = 0.056 155 507 56 rad/s at 20 m/s, a left turn.
        let (_, r) = understeerer().steady_state(20.0, 0.01).unwrap();
        assert_close(r, 0.056_155_507_56, 1e-9, "r at 20 m/s, δ = 0.01");
    }

    #[test]
    fn coefficients_are_trace_and_determinant_of_the_state_matrix() {
        for car in [understeerer(), oversteerer(), neutral()] {
            for v in [1.0, 10.0, 25.0, 45.0] {
                let a = car.state_matrix(v);
                let c = car.characteristic(v).unwrap();
                assert_close(c.a1, -(a[0][0] + a[1][1]), 1e-12, "a1 = −trace A");
                let det = a[0][0] * a[1][1] - a[0][1] * a[1][0];
                assert_close(c.a0, det, 1e-9, "a0 = det A");
            }
        }
    }

    #[test]
    fn roots_satisfy_the_characteristic_equation() {
        for car in [understeerer(), oversteerer(), neutral()] {
            // Low speeds give real roots, high ones complex (understeerer), or a positive
            // real root past v_crit (oversteerer).
            for v in [0.5, 2.0, 8.0, 20.0, 40.0, 80.0] {
                let c = car.characteristic(v).unwrap();
                let scale = c.a1 * c.a1 + c.a0.abs();
                for &(re, im) in &c.roots {
                    // λ² + a1 λ + a0 with λ = re + i·im.
                    let value_re = re * re - im * im + c.a1 * re + c.a0;
                    let value_im = 2.0 * re * im + c.a1 * im;
                    assert!(value_re.abs() <= 1e-12 * scale, "re residual {value_re} at {v} m/s");
                    assert!(value_im.abs() <= 1e-12 * scale, "im residual {value_im} at {v} m/s");
                }
                // Vieta: sum −a1, product a0.
                let (r0, r1) = (c.roots[0], c.roots[1]);
                assert_close(r0.0 + r1.0, -c.a1, 1e-12, "sum of roots");
                let product_re = r0.0 * r1.0 - r0.1 * r1.1;
                assert!(
                    (product_re - c.a0).abs() <= 1e-12 * scale,
                    "product {product_re} vs a0 {}",
                    c.a0
                );
                assert_eq!(
                    c.stable,
                    c.roots.iter().all(|&(re, _)| re < 0.0),
                    "stable flag at {v} m/s"
                );
                assert_eq!(c.damped_frequency_rad_per_s.is_some(), c.roots[0].1 != 0.0);
            }
        }
    }

    #[test]
    fn understeerer_has_real_roots_at_low_speed() {
        // At 2 m/s: a1 = 170 000/3000 + 291 600/5000 = 56.666 667 + 58.32 = 114.986 667;
        // a0 = 4.8672e10/(1500·2500·4) + 12 = 3244.8 + 12 = 3256.8; a1² = 13 221.93 > 4a0 =
        // 13 027.2: two real roots, overdamped (ζ = 114.986 667/(2·57.068 380) = 1.007 446 388).
        let c = understeerer().characteristic(2.0).unwrap();
        assert_close(c.a1, 170_000.0 / 3000.0 + 58.32, REL, "a1 at 2 m/s");
        assert_close(c.a0, 3256.8, REL, "a0 at 2 m/s");
        assert_eq!(c.damped_frequency_rad_per_s, None);
        assert!(c.roots[0].0 < c.roots[1].0 && c.roots[1].0 < 0.0);
        assert_close(c.damping_ratio.unwrap(), 1.007_446_388, 1e-9, "ζ at 2 m/s");
    }

    #[test]
    fn speeds_outside_the_model_give_none_without_panicking() {
        let car = understeerer();
        assert_eq!(car.characteristic(0.0), None);
        assert_eq!(car.characteristic(-5.0), None);
        assert_eq!(car.characteristic(f64::NAN), None);
        assert_eq!(car.steady_state(0.0, 0.01), None);
        assert_eq!(car.yaw_rate_gain_per_s(-1.0), None);
        assert_eq!(car.sideslip_gain(f64::NAN), None);
    }
}
