//! A held direction repeats: the first move at once, the next after `DELAY`, then every
//! `INTERVAL`, as console menus do. Each repeat due since the last frame is returned, so a
//! slow frame drops no moves.

use super::model::NavAction;
use std::time::Duration;

/// Wait before a held direction repeats.
pub const DELAY: Duration = Duration::from_millis(400);
/// Time between repeats once repeating.
pub const INTERVAL: Duration = Duration::from_millis(110);
/// Repeats one frame may return (a frame stalled for seconds does not scroll a list away).
const MAX_PER_FRAME: u32 = 4;

/// The direction held, and when it next repeats.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct NavRepeat {
    held: Option<(NavAction, Duration)>,
}

impl NavRepeat {
    /// `action` was pressed at `now`: it repeats from `now + DELAY` until released.
    pub fn press(&mut self, action: NavAction, now: Duration) {
        self.held = Some((action, now + DELAY));
    }

    /// `action` was released (another held one keeps repeating).
    pub fn release(&mut self, action: NavAction) {
        if matches!(self.held, Some((a, _)) if a == action) {
            self.held = None;
        }
    }

    /// The repeats due by `now`, pushed onto `out`.
    pub fn due(&mut self, now: Duration, out: &mut Vec<NavAction>) {
        let Some((action, mut next)) = self.held else {
            return;
        };
        let mut n = 0;
        while next <= now && n < MAX_PER_FRAME {
            out.push(action);
            next += INTERVAL;
            n += 1;
        }
        if next <= now {
            // Too far behind: drop the backlog rather than scroll on after release.
            next = now + INTERVAL;
        }
        self.held = Some((action, next));
    }
}
