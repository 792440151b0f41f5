//! `skidpad import-carla`: a CARLA physics-control dump converted into a sim car file.

use crate::content::ContentError;
use crate::error::Error;
use clap::Args;
use std::path::PathBuf;

/// Options of `import-carla`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The dump: a text file holding CARLA's VehiclePhysicsControl repr or its JSON.
    #[arg(value_name = "DUMP")]
    pub dump: PathBuf,
    /// Write the car file here (default: print it).
    #[arg(long, value_name = "FILE.toml")]
    pub out: Option<PathBuf>,
    /// The car's one-line description.
    #[arg(
        long,
        value_name = "TEXT",
        default_value = "Converted from a CARLA physics-control dump"
    )]
    pub description: String,
}

/// Runs `skidpad import-carla`: the conversion's warnings are logged; the car is written
/// atomically to `--out`, or printed.
pub fn run(a: &ImportArgs) -> Result<(), Error> {
    let label = a.dump.display().to_string();
    let bytes = crate::content::read_file(&a.dump)?;
    let text = String::from_utf8(bytes).map_err(|_| ContentError::new(&label, "(file)", "not UTF-8 text"))?;
    let converted = crate::tools::carla_import::convert_dump(&label, &text, &a.description)?;
    for w in &converted.warnings {
        log::warn!("{label}: {w}");
    }
    match &a.out {
        Some(out) => {
            skidpad_platform::files::write_atomically(out, converted.toml.as_bytes())
                .map_err(|e| Error::runtime(format!("{}: cannot write the car: {e}", out.display())))?;
            eprintln!(
                "wrote {} ({} warnings; check them, then `skidpad validate --car {}`)",
                out.display(),
                converted.warnings.len(),
                out.display()
            );
        }
        None => print!("{}", converted.toml),
    }
    Ok(())
}
