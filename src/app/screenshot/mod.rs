//! `skidpad screenshot`: frames drawn offscreen and written as PNG. `scene` is a level's
//! frame after some ticks with the HUD over it; `screens` a front-end screen or a mode's
//! HUD (`--screen`), reached as the player reaches it; `guests` the car select's guests of
//! a shot with `--players N`.

mod guests;
mod scene;
mod screens;

pub use scene::{capture, screenshot, ShotCamera, ShotOptions};
pub use screens::{capture_screen, MenuShot};
