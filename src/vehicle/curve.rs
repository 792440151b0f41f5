//! Piecewise-linear curves from content (torque against rpm, steer factor against speed).

use crate::content::validate::Validator;
use crate::content::ContentError;

/// A function of one variable given by points, linear between them and constant beyond
/// the first and last.
#[derive(Debug, Clone, PartialEq)]
pub struct Curve {
    points: Vec<(f32, f32)>,
}

impl Curve {
    /// Validates `[[x, y], ...]`: at least one point, finite, x strictly increasing, and
    /// every y within `[y_lo, y_hi]`.
    pub fn parse(v: &Validator, field: &str, raw: &[[f64; 2]], y_lo: f64, y_hi: f64) -> Result<Curve, ContentError> {
        if raw.is_empty() {
            return Err(v.fail(field, "needs at least one [x, y] point"));
        }
        let mut points = Vec::with_capacity(raw.len());
        for (i, [x, y]) in raw.iter().enumerate() {
            let x = v.finite(&format!("{field}[{i}][0]"), *x)?;
            let y = v.range(&format!("{field}[{i}][1]"), *y, y_lo, y_hi)?;
            if let Some(&(px, _)) = points.last() {
                if x as f32 <= px {
                    return Err(v.fail(
                        &format!("{field}[{i}][0]"),
                        format!("x must increase from point to point ({x} follows {px})"),
                    ));
                }
            }
            points.push((x as f32, y as f32));
        }
        Ok(Curve { points })
    }

    /// A curve through `points` (already checked by the caller).
    pub fn from_points(points: Vec<(f32, f32)>) -> Curve {
        Curve { points }
    }

    /// The value at `x`.
    pub fn eval(&self, x: f32) -> f32 {
        let p = &self.points;
        let Some(&(x0, y0)) = p.first() else {
            return 0.0;
        };
        if x <= x0 {
            return y0;
        }
        for w in p.windows(2) {
            let ((xa, ya), (xb, yb)) = (w[0], w[1]);
            if x <= xb {
                return ya + (yb - ya) * (x - xa) / (xb - xa);
            }
        }
        p[p.len() - 1].1
    }

    /// The points.
    pub fn points(&self) -> &[(f32, f32)] {
        &self.points
    }

    /// The largest y.
    pub fn max_y(&self) -> f32 {
        self.points.iter().map(|p| p.1).fold(f32::MIN, f32::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve(points: &[[f64; 2]]) -> Result<Curve, ContentError> {
        Curve::parse(&Validator::new("car.toml"), "torque_curve", points, 0.0, 1e6)
    }

    #[test]
    fn interpolates_and_clamps() {
        let c = curve(&[[0.0, 100.0], [1000.0, 300.0], [3000.0, 200.0]]).unwrap();
        assert_eq!(c.eval(-5.0), 100.0);
        assert_eq!(c.eval(500.0), 200.0);
        assert_eq!(c.eval(2000.0), 250.0);
        assert_eq!(c.eval(9000.0), 200.0);
    }

    #[test]
    fn unordered_points_are_named() {
        let e = curve(&[[0.0, 1.0], [10.0, 1.0], [10.0, 2.0]]).unwrap_err();
        assert_eq!(e.field, "torque_curve[2][0]");
    }
}
