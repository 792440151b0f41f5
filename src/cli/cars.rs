//! `skidpad cars`: the cars there are to drive, one line each.

use super::context::Context;
use crate::error::Error;
use crate::vehicle::CarDef;

/// Runs `skidpad cars`: every car with its model and description; a car that does not
/// load is listed as broken (with why) rather than failing the list.
pub fn run(ctx: &Context) -> Result<(), Error> {
    for name in CarDef::names(&ctx.root) {
        match CarDef::load(&ctx.root, &name) {
            Ok(c) => println!("{name:<16} {:<7} {}", c.model_name(), c.description),
            Err(e) => println!("{name:<16} (broken: {e})"),
        }
    }
    Ok(())
}
