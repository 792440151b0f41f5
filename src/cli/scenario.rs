//! `skidpad scenario`: run a level's script (or every level's) headless and check it.

use super::context::Context;
use crate::app::Setup;
use crate::content::{level_names, load_level};
use crate::error::Error;
use crate::report::emit;
use crate::vehicle::DEFAULT_CAR;
use clap::Args;

/// Options of `scenario`.
#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// Level name, or `all` for every level that has a script.
    #[arg(value_name = "NAME|all")]
    pub level: String,
    /// Car to drive in runs that do not name one.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_CAR)]
    pub car: String,
    /// Print one JSON object per level instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `skidpad scenario`: every level's report is printed, then a failed check anywhere
/// is one error naming the levels.
pub fn run(ctx: &Context, a: &ScenarioArgs) -> Result<(), Error> {
    let mut failed = Vec::new();
    for name in levels_to_run(ctx, &a.level) {
        let setup = Setup::load(&ctx.root, &name, &a.car, ctx.profile.clone())?;
        let report = crate::app::scenario::run_scenario(&setup, &ctx.root)?;
        emit(a.json, &report, || report.text())?;
        if !report.pass {
            failed.push(name);
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Error::check_failed(format!(
            "scenario checks failed in: {}",
            failed.join(", ")
        )))
    }
}

/// `all`: every level with a script (and every level that does not load, so its error is
/// reported rather than skipped); anything else is one level.
fn levels_to_run(ctx: &Context, arg: &str) -> Vec<String> {
    if arg == "all" {
        level_names(&ctx.root)
            .into_iter()
            .filter(|n| {
                load_level(&ctx.root, n)
                    .map(|l| l.level.scenario.is_some())
                    .unwrap_or(true)
            })
            .collect()
    } else {
        vec![arg.to_string()]
    }
}
