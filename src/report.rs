//! Printing a command's report: one JSON line for scripts, or text for people. Every
//! command that reports (`run`, `scenario`, `soak`, ...) prints through [`emit`], so
//! `--json` means the same everywhere.

use crate::error::Error;

/// Prints `report` as one JSON line when `json`, else the text `text` gives.
///
/// A report that cannot be serialised is a runtime error (a non-string map key, say):
/// the report type is wrong, not the input.
pub fn emit(json: bool, report: &impl serde::Serialize, text: impl FnOnce() -> String) -> Result<(), Error> {
    if json {
        println!(
            "{}",
            serde_json::to_string(report).map_err(|e| Error::runtime(e.to_string()))?
        );
    } else {
        print!("{}", text());
    }
    Ok(())
}
