//! `skidpad analyze` and `skidpad validate`: a sim car through the linear bicycle model, or
//! through the validation suite against physics.

use super::context::Context;
use crate::error::Error;
use crate::report::emit;
use crate::vehicle::CarDef;
use clap::Args;

/// Options of `analyze` and `validate`.
#[derive(Debug, Args)]
pub struct CarArgs {
    /// Car name (see `skidpad cars`) or path to a car TOML; a sim-model car.
    #[arg(long, value_name = "NAME|PATH", default_value = "sedan")]
    pub car: String,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `skidpad analyze`.
pub fn run_analyze(ctx: &Context, a: &CarArgs) -> Result<(), Error> {
    let car = CarDef::load(&ctx.root, &a.car)?;
    let report = crate::tools::car_report::analyze(&car)?;
    emit(a.json, &report, || report.text())
}

/// Runs `skidpad validate`: the report is printed, then a failed check is an error.
pub fn run_validate(ctx: &Context, a: &CarArgs) -> Result<(), Error> {
    let car = CarDef::load(&ctx.root, &a.car)?;
    let materials = crate::content::materials(&ctx.root)?;
    let report = crate::tools::validation::validate(&materials, &car, &crate::tools::validation::RATES_HZ)?;
    emit(a.json, &report, || crate::tools::car_report::validation_text(&report))?;
    if report.pass() {
        Ok(())
    } else {
        Err(Error::check_failed(format!("{}: validation checks failed", car.name)))
    }
}
