//! A value ramped linearly across a tick, so a change between ticks does not click.

/// The value and its per-sample step.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ramp {
    value: f32,
    step: f32,
}

impl Ramp {
    /// Heads for `target`, reached after `samples`.
    pub fn towards(&mut self, target: f32, samples: u32) {
        self.step = (target - self.value) / samples.max(1) as f32;
    }

    /// Sets the value at once.
    pub fn jump(&mut self, value: f32) {
        self.value = value;
        self.step = 0.0;
    }

    /// Heads for `target` over `samples`, or starts there when `starting`.
    pub fn set(&mut self, target: f32, samples: u32, starting: bool) {
        if starting {
            self.jump(target);
        } else {
            self.towards(target, samples);
        }
    }

    /// Whether it is silent and staying so: zero with no step.
    pub fn is_silent(&self) -> bool {
        self.value <= 1e-6 && self.step <= 0.0
    }

    /// The next sample's value.
    #[inline]
    pub fn next(&mut self) -> f32 {
        self.value += self.step;
        self.value
    }
}
