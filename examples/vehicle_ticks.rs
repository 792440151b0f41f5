//! Runs N ticks of one vehicle model, for instruction counting under callgrind:
//! `cargo run --release --example vehicle_ticks -- arcade 1000`
//! (see `scripts/callgrind-vehicles`, which runs every model and reports per tick).

#[path = "../benches/support/vehicle_rig.rs"]
mod vehicle_rig;
use vehicle_rig::{Model, Rig};

fn main() {
    let mut args = std::env::args().skip(1);
    let model = match args.next().as_deref() {
        Some("arcade") => Model::Arcade,
        Some("rapier") => Model::RapierRaycast,
        Some("sim") => Model::Sim,
        other => {
            eprintln!("usage: vehicle_ticks arcade|rapier|sim TICKS (got {other:?})");
            std::process::exit(2);
        }
    };
    let ticks: u32 = match args.next().map(|t| t.parse()) {
        Some(Ok(n)) => n,
        _ => {
            eprintln!("usage: vehicle_ticks arcade|rapier|sim TICKS");
            std::process::exit(2);
        }
    };
    let mut rig = Rig::new(model);
    for _ in 0..ticks {
        rig.tick();
    }
    println!("{} {} ticks, final speed {:.3} m/s", model.name(), ticks, rig.speed());
}
