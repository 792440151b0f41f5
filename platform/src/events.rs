//! Window, keyboard and mouse events in the platform's own terms, so the game never sees
//! SDL types.

/// The keys the game binds. Anything else arrives as [`Key::Other`].
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    W,
    A,
    S,
    D,
    Q,
    E,
    R,
    C,
    P,
    Space,
    Enter,
    Escape,
    Tab,
    Backspace,
    LeftShift,
    LeftCtrl,
    F1,
    F2,
    F3,
    F4,
    F12,
    Other,
}

/// One event from the window system.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PlatformEvent {
    /// The user closed the window or the OS asked the program to quit.
    Quit,
    /// A key went down (`pressed`) or up. Auto-repeats are flagged so bindings can ignore them.
    Key {
        /// Which key.
        key: Key,
        /// Down (true) or up (false).
        pressed: bool,
        /// True for the OS's auto-repeat of a held key.
        repeat: bool,
    },
    /// The drawable area changed size, in pixels.
    Resized {
        /// New width in pixels.
        width: u32,
        /// New height in pixels.
        height: u32,
    },
    /// The mouse pointer moved to (x, y), window pixels from the top-left, or (`click`) its
    /// left button went down there.
    Pointer {
        /// Pixels from the left edge.
        x: f32,
        /// Pixels from the top edge.
        y: f32,
        /// The left button went down.
        click: bool,
    },
    /// The window lost input focus (a console title pauses here).
    FocusLost,
    /// The window regained input focus.
    FocusGained,
}
