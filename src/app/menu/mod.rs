//! The menus' logic without GL: a list of items with focus, sliders, toggles, choices and
//! "press the button you want" capture (`model.rs`); held directions repeating after a
//! delay (`repeat.rs`); pad, keyboard and pointer events turned into navigation actions
//! and the device used last (`nav_input.rs`). Screens feed it actions and act on the
//! [`MenuEvent`]s it returns; tests drive it the same way.

mod model;
mod nav_input;
mod repeat;
#[cfg(test)]
mod tests;

pub use model::{Item, Menu, MenuEvent, NavAction, Rows, Widget};
pub use nav_input::{Device, NavInput, Pressed};
pub use repeat::NavRepeat;
