//! Allocation in a tick, on every level.
//!
//! A tick — streaming, the vehicle models, rapier's step, events, snapshots, and the AI
//! drivers that choose the inputs — allocates nothing in steady state. rapier 0.36 did, in
//! ways its API cannot reach (the modified-body list, the island solver's stage sync, CCD's
//! target and result lists, debug self-checks); vendor/rapier3d carries our patches for
//! those, and these tests keep them honest: the first circles slowly on every level with
//! each car model, the second races AI cars at speed for a whole lap, the third holds a
//! car at 100 m/s, where CCD sweeps it every tick.
//!
//! Each tick is counted on its own thread, so neither the test harness nor a busy machine
//! can add to it; a headless tick runs no game worker, so the workers' count over each
//! test (which holds the others off) must stay at zero: a tick that handed work to
//! another thread would show there.

use skidpad::alloc_count::thread_allocations as allocations;

use crate::WorkerCount;
use skidpad::app::AiRace;
use skidpad::app::Setup;
use skidpad::content::DEFAULT_PROFILE;
use skidpad::content::{level_names, load_level};
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::sim::{SimWorld, Snapshot, TickInput, TickPart, VehicleControl};
use skidpad::vehicle::CarDef;

/// What `ticks` ticks did: allocations per part on ticks in which no contact pair formed or
/// dropped ([streaming, vehicles, physics, events+snapshot]), how many ticks that did form
/// or drop one allocated, and the chunks that entered or left the world.
#[derive(Debug, Default)]
struct Measured {
    steady: [u64; 4],
    contact_ticks: u32,
    chunks_moved: u64,
}

fn measure(world: &mut SimWorld, snapshot: &mut Snapshot, input: &TickInput, ticks: u32) -> Measured {
    let mut m = Measured::default();
    let moved = |w: &SimWorld| w.stream_stats().entered + w.stream_stats().left;
    let chunks_before = moved(world);
    for _ in 0..ticks {
        let contacts = world.contact_topology();
        let mut counts = [0u64; 4];
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
        if world.contact_topology() != contacts {
            // A car moving over a mesh changes which triangles it touches every few
            // ticks, mostly from pooled buffers; only those that allocate count.
            m.contact_ticks += u32::from(counts.iter().sum::<u64>() > 0);
        } else {
            for (sum, c) in m.steady.iter_mut().zip(counts) {
                *sum += c;
            }
        }
    }
    m.chunks_moved = moved(world) - chunks_before;
    m
}

/// Of the 600 measured ticks, how many that form or drop a contact pair may allocate: a
/// car whose circle drifts across the border of two colliders (from the road to a
/// run-off on a circuit's grid) meets a new one now and then, and a new pair against a
/// compound's new part allocates in parry (issue 21's open work,
/// `tests/alloc/play_alloc_physics.rs`). Every other tick must allocate nothing.
const MAX_CONTACT_TICKS: u32 = 6;

#[test]
fn steady_state_ticks_allocate_nothing_on_every_level_with_either_car_model() {
    let _alone = crate::alone();
    let workers = WorkerCount::start();
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
            restart: false,
            // The player's default assists: reading the car and easing its controls is
            // part of every tick and must not allocate either.
            assists: skidpad::assists::AssistSet::ALL,
        };
        // Steady state first: the sim sedan takes ~15 s to settle into its circle.
        measure(&mut world, &mut snapshot, &input, 1800);
        let early = measure(&mut world, &mut snapshot, &input, 300);
        measure(&mut world, &mut snapshot, &input, 1200);
        let late = measure(&mut world, &mut snapshot, &input, 300);
        report.push(format!(
            "{name}: per 300 ticks streaming/vehicles/physics/events = {:?} then {:?}; \
             ticks forming or dropping a contact {} + {}",
            early.steady, late.steady, early.contact_ticks, late.contact_ticks
        ));
        assert_eq!(
            early.steady.iter().chain(&late.steady).sum::<u64>(),
            0,
            "{name}: a steady-state tick allocates\n{}",
            report.join("\n")
        );
        assert_eq!(
            early.chunks_moved + late.chunks_moved,
            0,
            "{name}: the circling car streams chunks (move the level's grid: examples/make_real_circuits.rs)"
        );
        assert!(
            early.contact_ticks + late.contact_ticks <= MAX_CONTACT_TICKS,
            "{name}: {} of 600 ticks forming or dropping a contact pair allocate\n{}",
            early.contact_ticks + late.contact_ticks,
            report.join("\n")
        );
    }
    eprintln!("{}", report.join("\n"));
    assert_eq!(
        workers.since(),
        0,
        "the game's workers allocated while headless ticks ran"
    );
}

/// Player and opponents race (AI) for a lap after two warm-up laps: every tick in which no
/// chunk streams, no contact forms and no island of bodies falls asleep or wakes allocates
/// nothing, AI included. Those ticks are counted apart and reported: some still allocate
/// on jump and proving ground (a contact forming against a new part of a compound makes
/// parry a new sub-shape manifold: issue 21's open work, `tests/alloc/play_alloc_physics.rs`);
/// islands, workspaces and chunks draw from pools sized at load (vendor/README.md).
#[test]
fn racing_ai_cars_allocate_nothing_in_a_tick_once_warm() {
    let _alone = crate::alone();
    let workers = WorkerCount::start();
    let root = ContentRoot::Embedded;
    let profile = PlatformProfile::load(DEFAULT_PROFILE).unwrap();
    let (mut report, mut failures) = (Vec::new(), Vec::new());
    // Every level but the circuits beyond the sample `./test` laps.
    for level in crate::common::lapped_levels() {
        let mut setup = Setup::load(&root, &level, "coupe", profile.clone()).unwrap();
        // Every level gives AI cars a line (a track's racing line, or an `ai_line` loop).
        setup.add_opponents(&root, 3, "sedan").unwrap();
        let AiRace {
            mut race, mut player, ..
        } = AiRace::new(&root, &setup).unwrap();

        // What a tick may change that allocates: chunks streamed in, out or asked for,
        // contacts that formed (a new pair, or a new triangle under a car), and bodies
        // falling asleep or waking (props settling on `crash`).
        let churn = |w: &SimWorld| {
            let s = w.stream_stats();
            (s.entered, s.left, s.prefetched, w.contact_topology(), w.awake_bodies())
        };
        let (mut allocs, mut steady_ticks) = ([0u64; 3], 0u64);
        let (mut churn_ticks, mut churn_allocs) = (0u64, 0u64);
        let mut top_speed_mps = 0.0f32;
        let (mut tick, mut measuring) = (0u32, false);
        // The player's car's out-lap and first two laps warm up (every buffer reaches the
        // size the level needs: on the circuit, the broad phase's tree buffers grow with
        // the chunks streamed in through the second lap); the third lap is measured.
        while player.laps_ticks().len() < 3 {
            tick += 1;
            assert!(
                tick < 40_000,
                "{level}: the AI did not finish three laps in 40 000 ticks"
            );
            let before = (allocations(), churn(&race.world));
            let input = player.input(&race.world);
            race.opponents.drive(&mut race.world);
            let stepping = allocations();
            race.world.step(&input);
            let stepped = allocations();
            player.after_tick(&race.world);
            let after = (allocations(), churn(&race.world));
            if !measuring {
                measuring = player.laps_ticks().len() == 2;
                continue;
            }
            if after.1 != before.1 {
                churn_ticks += 1;
                churn_allocs += after.0 - before.0;
                continue;
            }
            steady_ticks += 1;
            allocs[0] += stepping - before.0;
            allocs[1] += stepped - stepping;
            allocs[2] += after.0 - stepped;
            let cars = race.world.cars().len();
            top_speed_mps = (0..cars)
                .map(|i| race.world.car_forward_speed(i))
                .fold(top_speed_mps, f32::max);
        }
        report.push(format!(
            "{level}: {steady_ticks} steady ticks (top speed \
             {top_speed_mps:.0} m/s): allocations by the AI drivers, the tick and the lap timer \
             {allocs:?}; {churn_ticks} ticks streaming or forming contacts: {churn_allocs} allocations"
        ));
        if allocs != [0; 3] {
            failures.push(format!("{level}: ticks allocate"));
        }
    }
    let report = report.join("\n");
    eprintln!("{report}");
    assert!(failures.is_empty(), "{}\n{report}", failures.join("\n"));
    assert_eq!(
        workers.since(),
        0,
        "the game's workers allocated while headless ticks ran"
    );
}

/// The racecraft (opt-in: cars that see each other, pass, give room, defend) chooses every
/// AI car's controls, the player's AI's among them, without allocating: a mixed field of
/// eight on the circuit, racing,
/// measured over 20 s after 20 s of warm-up (the traffic lists are fixed arrays; the places
/// of the cars are a list sized once).
#[test]
fn racecraft_allocates_nothing_choosing_controls() {
    use skidpad::ai::AiDifficulty::{Ace, Amateur, Pro, Rookie};
    use skidpad::app::Race;
    let _alone = crate::alone();
    let workers = WorkerCount::start();
    let root = ContentRoot::Embedded;
    let profile = PlatformProfile::load(DEFAULT_PROFILE).unwrap();
    let mut setup = Setup::load(&root, "circuit", "sedan", profile).unwrap();
    setup.add_opponents(&root, 7, "sedan").unwrap();
    let line = skidpad::raceline::level_line(&root, &setup.level, &setup.car)
        .unwrap()
        .line;
    let race = Race::headless_field(&setup, &[Rookie, Amateur, Amateur, Pro, Pro, Ace, Ace], true);
    let AiRace {
        mut race, mut player, ..
    } = AiRace::on_at(race, &line, &setup.car, Rookie);
    let (warm_ticks, measured_ticks) = (1200, 1200);
    let mut allocs = 0u64;
    for tick in 0..warm_ticks + measured_ticks {
        let before = allocations();
        // The player's AI (a rookie on pole) races them too.
        let input = player.input_among(&race.world, &mut race.opponents);
        race.opponents.drive(&mut race.world);
        if tick >= warm_ticks {
            allocs += allocations() - before;
        }
        race.world.step(&input);
        player.after_tick(&race.world);
    }
    eprintln!("racecraft, 8 cars, {measured_ticks} ticks: {allocs} allocations choosing controls");
    assert_eq!(allocs, 0);
    assert_eq!(
        workers.since(),
        0,
        "the game's workers allocated while headless ticks ran"
    );
}

/// rapier's CCD sweeps a car only when a tick moves it more than half its extent along its
/// motion (vendor rapier patch 7): above about 69 m/s straight ahead for the sedan, which
/// no AI lap reaches. So the race above no longer sweeps anything: here each car model is
/// held at 100 m/s on flat asphalt, swept every tick, and once warm a swept tick allocates
/// nothing (CCD's lists are sized at load, vendor rapier patch 9). At 100 m/s the car
/// crosses chunks, whose arrival is counted apart, as in the race above.
#[test]
fn a_car_swept_by_ccd_allocates_nothing_in_a_tick_once_warm() {
    use glam::{Vec2, Vec3};
    let _alone = crate::alone();
    let workers = WorkerCount::start();
    let root = ContentRoot::Embedded;
    let materials = skidpad::content::materials(&root).unwrap();
    let asphalt = materials.id("asphalt", "test", "terrain").unwrap();
    for car_name in ["coupe", "sedan"] {
        let level = skidpad::content::Level::flat(
            "test",
            "test world",
            128.0,
            Vec2::splat(2048.0),
            asphalt,
            materials.clone(),
            Vec3::new(0.0, 0.3, -900.0),
        );
        let car = CarDef::load(&root, car_name).unwrap();
        let mut world = SimWorld::new(&skidpad::content::bake_now(level), &car, &[], 60);
        let mut snapshot = Snapshot::default();
        let idle = TickInput::default();
        measure(&mut world, &mut snapshot, &idle, 60);
        let churn = |w: &SimWorld| {
            let s = w.stream_stats();
            (s.entered, s.left, s.prefetched, w.contact_topology(), w.awake_bodies())
        };
        let (mut counts, mut swept, mut steady) = ([0u64; 4], 0, 0);
        // 3 s at 100 m/s: 300 m, the first second warming up.
        for tick in 0..180 {
            world.set_player_velocity(Vec3::new(0.0, 0.0, 100.0), Vec3::ZERO);
            let before = churn(&world);
            let c = measure(&mut world, &mut snapshot, &idle, 1);
            if tick < 60 || churn(&world) != before {
                continue;
            }
            steady += 1;
            swept += world.player_body().is_ccd_active() as u32;
            for (total, part) in counts.iter_mut().zip(c.steady) {
                *total += part;
            }
        }
        assert!(
            steady >= 60,
            "{car_name}: only {steady} of 120 ticks without a chunk streaming"
        );
        assert_eq!(
            swept, steady,
            "{car_name}: CCD must sweep the car at 100 m/s every tick"
        );
        assert_eq!(
            counts, [0; 4],
            "{car_name}: swept ticks allocate (streaming/vehicles/physics/events)"
        );
    }
    assert_eq!(
        workers.since(),
        0,
        "the game's workers allocated while headless ticks ran"
    );
}
