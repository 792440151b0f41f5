//! The game's pad inputs (the Xbox layout's buttons and analog axes) and the one table
//! that turns gilrs' buttons and axes into them: the live pads (`gamepad`) and the
//! `SDL_GAMECONTROLLERCONFIG` report (`pad_mapping`) both read gilrs through it. It stands
//! below both and takes nothing from either.

/// Buttons of the Xbox layout.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PadButton {
    South,
    East,
    West,
    North,
    LeftBumper,
    RightBumper,
    Select,
    Start,
    Guide,
    LeftStick,
    RightStick,
    DPadUp,
    DPadDown,
    DPadLeft,
    DPadRight,
}

/// Analog inputs. Sticks run −1..1 (up and right positive); triggers 0..1.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PadAxis {
    LeftStickX,
    LeftStickY,
    RightStickX,
    RightStickY,
    LeftTrigger,
    RightTrigger,
}

/// A pad's input in the game's terms: a button or an analog axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PadInput {
    /// A digital button.
    Button(PadButton),
    /// An analog axis (the triggers are axes, whatever the pad reports them as).
    Axis(PadAxis),
}

/// What the game makes of a gilrs button or axis, whatever raw input gilrs read it from.
/// `gamepad`'s `translate` goes through it for every gilrs event, and
/// [`SdlMapping::game_input`](crate::pad_mapping::SdlMapping::game_input) for every field
/// of an `SDL_GAMECONTROLLERCONFIG` line, so what the tests check of a mapping line is
/// what a pad gives the game.
pub(crate) fn pad_input(element: gilrs::ev::AxisOrBtn) -> Option<PadInput> {
    use gilrs::ev::AxisOrBtn as E;
    Some(match element {
        // gilrs names the analog triggers as buttons with a value.
        E::Btn(gilrs::Button::LeftTrigger2) => PadInput::Axis(PadAxis::LeftTrigger),
        E::Btn(gilrs::Button::RightTrigger2) => PadInput::Axis(PadAxis::RightTrigger),
        E::Btn(b) => PadInput::Button(map_button(b)?),
        E::Axis(a) => PadInput::Axis(map_axis(a)?),
    })
}

fn map_button(b: gilrs::Button) -> Option<PadButton> {
    use gilrs::Button as B;
    Some(match b {
        B::South => PadButton::South,
        B::East => PadButton::East,
        B::West => PadButton::West,
        B::North => PadButton::North,
        B::LeftTrigger => PadButton::LeftBumper,
        B::RightTrigger => PadButton::RightBumper,
        B::Select => PadButton::Select,
        B::Start => PadButton::Start,
        B::Mode => PadButton::Guide,
        B::LeftThumb => PadButton::LeftStick,
        B::RightThumb => PadButton::RightStick,
        B::DPadUp => PadButton::DPadUp,
        B::DPadDown => PadButton::DPadDown,
        B::DPadLeft => PadButton::DPadLeft,
        B::DPadRight => PadButton::DPadRight,
        _ => return None,
    })
}

fn map_axis(a: gilrs::Axis) -> Option<PadAxis> {
    use gilrs::Axis as A;
    Some(match a {
        A::LeftStickX => PadAxis::LeftStickX,
        A::LeftStickY => PadAxis::LeftStickY,
        A::RightStickX => PadAxis::RightStickX,
        A::RightStickY => PadAxis::RightStickY,
        A::LeftZ => PadAxis::LeftTrigger,
        A::RightZ => PadAxis::RightTrigger,
        _ => return None,
    })
}
