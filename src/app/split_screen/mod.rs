//! Split screen: two to four people on one screen, each with a view of their own.
//!
//! - [`layout`]: where each player's view goes on the window (pure).
//! - `views`: each player's camera and the frame their view draws; the free quarter's map.

pub mod layout;
mod views;

pub use layout::{split_views, SplitViews, TwoPlayerSplit, DIVIDER_PX_PER_480};
pub use views::{draw_free_quarter, frame_views, player_cameras};
