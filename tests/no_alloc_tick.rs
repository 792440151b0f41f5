//! Allocation in a tick, on every level.
//!
//! Our side of a tick — streaming, the vehicle models, events, snapshots — allocates
//! nothing in steady state. rapier 0.36's step does allocate a few times per tick, none of
//! it reachable through its API (backtraces, 2026-11-22): the rigid-body set's modified
//! list is `mem::take`n each step, so the first body our force calls touch allocates a new
//! one; the island solver makes a `StageSync` per solve; the narrow phase's
//! `debug_validate_body_qualify_info` allocates (debug assertions only); and while a car
//! moves fast enough for CCD, the CCD solver collects its fixed targets and its results
//! into fresh `Vec`s (about six allocations). Those are counted here too, and must stay
//! small and constant: no growth over time, nothing that scales with the level.

use skidpad::alloc_count::{allocations, CountingAlloc};
use skidpad::content::levels::{level_names, load_level};
use skidpad::content::ContentRoot;
use skidpad::sim::{SimWorld, Snapshot, TickInput, TickPart, VehicleControl};
use skidpad::vehicle::CarDef;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// rapier's own allocations per tick we accept (seen: 3 with a car going straight, 9–10
/// with one circling).
const RAPIER_ALLOCS_PER_CAR_TICK: u64 = 12;

/// Allocations per part over `ticks` ticks: [streaming, vehicles, physics, events+snapshot].
fn measure(world: &mut SimWorld, snapshot: &mut Snapshot, input: &TickInput, ticks: u32) -> [u64; 4] {
    let mut counts = [0u64; 4];
    for _ in 0..ticks {
        let mut last = allocations();
        world.step_timed(input, &mut |part| {
            let now = allocations();
            let i = match part {
                TickPart::Streaming => 0,
                TickPart::Vehicles => 1,
                TickPart::Physics => 2,
                TickPart::Events => 3,
            };
            counts[i] += now - last;
            last = now;
        });
        world.snapshot_into(snapshot);
        counts[3] += allocations() - last;
    }
    counts
}

#[test]
fn steady_state_ticks_allocate_nothing_of_ours_and_a_constant_few_in_rapier() {
    let root = ContentRoot::Embedded;
    let mut report = Vec::new();
    // One car of each model: the arcade coupe and the sim sedan.
    for (car_name, name) in ["coupe", "sedan"]
        .iter()
        .flat_map(|c| level_names(&root).into_iter().map(move |l| (*c, l)))
    {
        let car = CarDef::load(&root, car_name).unwrap();
        let name = format!("{name} ({car_name})");
        let level_name = name.split(' ').next().unwrap_or_default().to_string();
        let level = load_level(&root, &level_name).unwrap();
        let parked: Vec<CarDef> = level
            .level
            .parked_cars
            .iter()
            .map(|p| CarDef::load(&root, &p.car).unwrap())
            .collect();
        let cars = 1 + parked.len() as u64;
        let mut world = SimWorld::new(&level, &car, &parked, 60);
        let mut snapshot = Snapshot::default();
        // Circle tightly at walking pace: events keep coming, no chunk enters or leaves.
        let input = TickInput {
            control: VehicleControl {
                throttle: 0.15,
                steer: 1.0,
                ..VehicleControl::default()
            },
            reset: false,
        };
        // Steady state first: rapier's CCD allocates per tick while a body turns fast enough
        // to need it, so the count settles only once the car's speed and yaw rate have (the
        // sim sedan takes ~15 s to settle into its circle).
        measure(&mut world, &mut snapshot, &input, 1800);
        let early = measure(&mut world, &mut snapshot, &input, 300);
        measure(&mut world, &mut snapshot, &input, 1200);
        let late = measure(&mut world, &mut snapshot, &input, 300);
        report.push(format!(
            "{name}: per 300 ticks streaming/vehicles/physics/events = {early:?} then {late:?}"
        ));
        assert_eq!(
            early[0] + early[3],
            0,
            "{name}: our streaming/events allocate\n{}",
            report.join("\n")
        );
        assert_eq!(
            late[0] + late[3],
            0,
            "{name}: our streaming/events allocate\n{}",
            report.join("\n")
        );
        let rapier = (early[1] + early[2]) / 300;
        assert!(
            rapier <= RAPIER_ALLOCS_PER_CAR_TICK * cars,
            "{name}: {rapier} allocations per tick\n{}",
            report.join("\n")
        );
        assert_eq!(
            early[1] + early[2],
            late[1] + late[2],
            "{name}: allocations grow over time\n{}",
            report.join("\n")
        );
    }
    eprintln!("{}", report.join("\n"));
}
