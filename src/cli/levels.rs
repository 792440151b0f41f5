//! `skidpad levels`: the levels there are to drive, one line each.

use super::context::Context;
use crate::content::{level_names, load_level};
use crate::error::Error;

/// Runs `skidpad levels`: every level with its description; a level that does not load
/// is listed as broken (with why) rather than failing the list.
pub fn run(ctx: &Context) -> Result<(), Error> {
    for name in level_names(&ctx.root) {
        match load_level(&ctx.root, &name) {
            Ok(l) => println!("{name:<16} {}", l.level.description),
            Err(e) => println!("{name:<16} (broken: {e})"),
        }
    }
    Ok(())
}
