//! Eight AI cars race three laps of the circuit: how often they touch, how often one passes
//! another, and how far apart they finish. Prints the figures (`--nocapture`), bounds the
//! contacts, and asks for passes where a faster car starts behind a slower one.
use crate::common::footprint::Footprint;
use glam::Vec2;
use skidpad::ai::AiDifficulty;
use skidpad::app::{AiRace, Race, Setup};
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::raceline::level_line;

/// Laps raced.
const LAPS: f32 = 3.0;
/// AI cars beside the player's (also AI-driven).
const OPPONENTS: usize = 7;
/// How far clear of another car a car must get for a pass to count, m (a car length).
const PASS_CLEAR_M: f32 = 5.0;

/// What the race measured.
#[derive(Debug)]
struct RaceFigures {
    /// Contacts between cars (a pair's footprints starting to overlap), over the race.
    contacts: u32,
    /// One car passing another that was within 50 m of it along the line.
    overtakes: u32,
    /// Each car's time to cover the race distance from its grid slot, s (grid order: pole
    /// first).
    finish_s: Vec<f32>,
}

impl RaceFigures {
    /// The finishing times of the cars that finished.
    fn finished(&self) -> Vec<f32> {
        self.finish_s.iter().copied().filter(|t| !t.is_nan()).collect()
    }

    /// Last finisher's time less the first's, s.
    fn spread_s(&self) -> f32 {
        let f = self.finished();
        let (first, last) = f
            .iter()
            .fold((f32::INFINITY, 0.0f32), |(a, b), &t| (a.min(t), b.max(t)));
        last - first
    }

    /// Grid slots (0 = pole) in finishing order.
    fn order(&self) -> Vec<usize> {
        let mut slots: Vec<usize> = (0..self.finish_s.len()).collect();
        slots.sort_by(|&a, &b| self.finish_s[a].total_cmp(&self.finish_s[b]));
        slots
    }

    fn print(&self, what: &str) {
        println!(
            "{what}: contacts {} ({:.2} per lap), overtakes {}, finished {}/{}, spread {:.1} s, finishing order by grid slot {:?}",
            self.contacts,
            self.contacts as f32 / LAPS,
            self.overtakes,
            self.finished().len(),
            self.finish_s.len(),
            self.spread_s(),
            self.order()
        );
    }
}

/// `car` on pole driven at `pole` (the AI at the player's wheel, racing the others with its
/// difficulty's racecraft when they race), seven more behind it: grid slot `k + 1` at `field[k]`
/// (the last repeated for the rest), racing each other with `racecraft` (else following).
fn race(car: &str, pole: AiDifficulty, field: &[AiDifficulty], racecraft: bool) -> RaceFigures {
    let root = ContentRoot::Embedded;
    let mut setup = Setup::load(&root, "circuit", car, PlatformProfile::load("desktop").unwrap()).unwrap();
    setup.add_opponents(&root, OPPONENTS, car).unwrap();
    setup.ai_difficulty = field[0];
    let line = level_line(&root, &setup.level, &setup.car).unwrap().line;
    let chassis = setup.car.chassis[0].size_m;
    let (half_w, half_l) = (chassis.x * 0.5, chassis.z * 0.5);
    let mut ai = AiRace::on_at(Race::headless_field(&setup, field, racecraft), &line, &setup.car, pole);
    let n = ai.race.world.cars().len();
    assert_eq!(n, OPPONENTS + 1);
    let length = line.length_m();
    let dt = ai.race.world.dt_s();

    // Progress along the line, unwrapped, per car; its start; its finish time.
    let mut hints = vec![None; n];
    let mut last_s = vec![0.0f32; n];
    let mut progress = vec![0.0f32; n];
    let mut finish_s = vec![f32::NAN; n];
    // Progress is measured from the pole car's place: the cars behind it start at minus
    // their distance back, so everyone finishes at the same line.
    let wrap_half = |ds: f32| ds - length * (ds / length).round();
    let mut s0 = 0.0;
    for i in 0..n {
        let p = ai.race.world.car_body(i).translation();
        let at = line.locate(Vec2::new(p.x, p.z), None);
        if i == 0 {
            s0 = at.s_m;
        }
        last_s[i] = at.s_m;
        progress[i] = wrap_half(at.s_m - s0);
        hints[i] = Some(at.index);
    }
    let mut touching = vec![false; n * n];
    // Who led each pair at the start (i < j: car i is ahead on the grid).
    let mut ahead: Vec<bool> = (0..n * n).map(|k| progress[k / n] > progress[k % n]).collect();
    let (mut contacts, mut overtakes) = (0, 0);
    let max_ticks = (LAPS * 160.0 / dt) as u64;
    // With RACECRAFT_WHERE set: each car's last 2 s, sampled every 0.25 s, printed at each
    // contact (what each of the pair was doing and who moved across).
    let watch = std::env::var_os("RACECRAFT_WHERE").is_some();
    let mut history: Vec<std::collections::VecDeque<String>> = vec![Default::default(); n];
    // RACECRAFT_TRACE=K: car K's samples all race long.
    let trace: Option<usize> = std::env::var("RACECRAFT_TRACE").ok().and_then(|k| k.parse().ok());
    let mut stances = vec![None; n];
    let mut changed = vec![false; n];
    let mut stance_changes = std::collections::BTreeMap::<String, u32>::new();
    let sample_every = (0.25 / dt).round() as u64;
    for tick in 1..=max_ticks {
        ai.tick();
        let w = &ai.race.world;
        if watch {
            for (k, was) in stances.iter_mut().enumerate() {
                let now = ai.race.opponents.state_of(k).map(|(c, _)| c.stance());
                changed[k] = now != *was;
                if now != *was {
                    if let Some(now) = now {
                        *stance_changes
                            .entry(format!("{:?} -> {now:?}", was.unwrap_or_default()))
                            .or_insert(0) += 1;
                    }
                    *was = now;
                }
            }
            for (k, h) in history.iter_mut().enumerate() {
                let b = w.car_body(k);
                let p = b.translation();
                let l = line.locate(Vec2::new(p.x, p.z), hints[k]);
                let state = match ai.race.opponents.state_of(k) {
                    Some((craft, plan)) => format!(
                        "{:?}, {:+.2}, {:+.2}, {:.1}, {:.1}, {:.1}",
                        craft.stance(),
                        l.offset_m,
                        plan.offset_m,
                        w.car_forward_speed(k),
                        line.speed_at(l.s_m),
                        plan.speed_cap_mps
                    ),
                    None => format!(
                        "pole {:?}, {:+.2}, -, {:.1}, {:.1}, -",
                        ai.player.racecraft().stance(),
                        l.offset_m,
                        w.car_forward_speed(k),
                        line.speed_at(l.s_m)
                    ),
                };
                if tick % sample_every == 0 || h.is_empty() {
                    h.push_back(String::new());
                    if h.len() > 9 {
                        h.pop_front();
                    }
                }
                // The newest entry is always this tick's.
                *h.back_mut().unwrap() = format!("{:.2} s @ {:.0} m: {state}", tick as f32 * dt, l.s_m);
                if trace == Some(k) && (tick % sample_every == 0 || changed[k]) {
                    println!("trace car {k}: {}", h.back().unwrap());
                }
            }
        }
        let prints: Vec<Footprint> = (0..n)
            .map(|i| {
                let b = w.car_body(i);
                Footprint::of(b.translation(), *b.rotation(), half_w, half_l)
            })
            .collect();
        for i in 0..n {
            let p = w.car_body(i).translation();
            let at = line.locate(Vec2::new(p.x, p.z), hints[i]);
            hints[i] = Some(at.index);
            // The step along the line, wrapped into (−L/2, L/2].
            progress[i] += wrap_half(at.s_m - last_s[i]);
            last_s[i] = at.s_m;
            if finish_s[i].is_nan() && progress[i] >= LAPS * length {
                finish_s[i] = tick as f32 * dt;
            }
        }
        for i in 0..n {
            for j in (i + 1)..n {
                let now = prints[i].overlaps(&prints[j]);
                if now && !touching[i * n + j] {
                    contacts += 1;
                    if watch {
                        println!(
                            "contact t {:.1} s: cars {i} and {j} at {:.0} m, {i} ahead by {:.1} m",
                            tick as f32 * dt,
                            last_s[i],
                            progress[i] - progress[j],
                        );
                        for k in [i, j] {
                            println!("  car {k}, the last 2 s (t, stance, offset, steered, speed, line speed, cap):");
                            for h in &history[k] {
                                println!("    {h}");
                            }
                        }
                        println!("  every car now:");
                        for (k, h) in history.iter().enumerate() {
                            println!("    car {k}: {}", h.back().map_or("", |h| h.as_str()));
                        }
                    }
                }
                touching[i * n + j] = now;
                // Who leads the pair changes only once the new leader is a car length
                // clear (side by side is not yet a pass), and counts only between cars
                // racing each other (not one lapping another far back).
                let gap = progress[i] - progress[j];
                if gap.abs() > PASS_CLEAR_M && gap.abs() < 50.0 {
                    let i_ahead = gap > 0.0;
                    if i_ahead != ahead[i * n + j] {
                        overtakes += 1;
                    }
                    ahead[i * n + j] = i_ahead;
                }
            }
        }
        if finish_s.iter().all(|f| !f.is_nan()) {
            break;
        }
    }
    if watch {
        println!("racecraft stance changes over the race: {stance_changes:?}");
    }
    RaceFigures {
        contacts,
        overtakes,
        finish_s,
    }
}

#[test]
fn eight_ai_cars_race_three_laps_with_few_contacts() {
    let f = race("sedan", AiDifficulty::Ace, &[AiDifficulty::Ace], false);
    f.print("8 sedans, 3 laps, ace, following");
    assert_eq!(f.finished().len(), 8, "every car finishes: {:?}", f.finish_s);
    // Every car drives the same line at the same pace and follows a car ahead rather than
    // closing on it: touching should be rare. Measured 0 contacts in 3 laps (2 before the
    // followers kept a time gap) and no overtakes (a procession). A bound of one contact
    // per lap fails a follower that rams.
    assert!(f.contacts <= LAPS as u32, "{} contacts in {LAPS} laps", f.contacts);
}

/// The hard case for following: faster cars catch a slower one and, without racecraft,
/// queue behind it at speed. With a fixed 8 m gap they touched 103 times in 3 laps (34 a
/// lap: 3.4 m between bumpers at 40 m/s); with the gap growing 0.3 s per m/s, none.
#[test]
fn aces_queue_behind_a_rookie_on_pole_without_ramming_it() {
    let f = race("sedan", AiDifficulty::Rookie, &[AiDifficulty::Ace], false);
    f.print("rookie on pole, 7 aces behind, 3 laps, following");
    assert_eq!(f.finished().len(), 8, "every car finishes: {:?}", f.finish_s);
    assert!(f.contacts <= LAPS as u32, "{} contacts in {LAPS} laps", f.contacts);
}

/// Issue #22's bound on racecraft, on its hard case: seven aces behind a rookie on pole,
/// racing each other (the default race), touch at most once a lap. Measured 0 contacts in
/// 3 laps (7 before contacts were traced to rejoining cars and concertinaing queues:
/// PERFORMANCE.md, "Racecraft").
#[test]
fn a_rookie_on_pole_and_seven_aces_race_touching_at_most_once_a_lap() {
    let f = race("sedan", AiDifficulty::Rookie, &[AiDifficulty::Ace], true);
    f.print("rookie on pole, 7 aces behind, 3 laps, racecraft");
    assert_eq!(f.finished().len(), 8, "every car finishes: {:?}", f.finish_s);
    assert!(f.contacts <= LAPS as u32, "{} contacts in {LAPS} laps", f.contacts);
}

/// The same race in the default car (the arcade coupe), against the same bound.
#[test]
fn a_coupe_field_with_a_rookie_on_pole_races_touching_at_most_once_a_lap() {
    let f = race("coupe", AiDifficulty::Rookie, &[AiDifficulty::Ace], true);
    f.print("coupes: rookie on pole, 7 aces behind, 3 laps, racecraft");
    assert_eq!(f.finished().len(), 8, "every car finishes: {:?}", f.finish_s);
    assert!(f.contacts <= LAPS as u32, "{} contacts in {LAPS} laps", f.contacts);
}

/// The rest of the target: the aces get past the rookie on pole. They gain on it in
/// corners and braking zones, not on the straights (both at full throttle), so a pass has
/// to carry on beside it through the bends after a straight. It did not while the rookie,
/// being passed, kept the full side-by-side berth and its slow-car margin: a passer moving
/// out was held behind it (capped to its speed) for the second or more it took to get
/// across, more with the rookie's wander, and was never alongside. Held only by the
/// rookie's body and a 0.5 m clearance it gets by: five aces drew level with it, on the
/// inside of the left-hand sweeper after the 2 350 m straight and on the main straight out
/// of the hairpin; measured 6 overtakes, 0 contacts, the rookie 6th (PERFORMANCE.md,
/// "Racecraft").
#[test]
fn aces_pass_a_rookie_on_pole_with_racecraft() {
    let f = race("sedan", AiDifficulty::Rookie, &[AiDifficulty::Ace], true);
    f.print("rookie on pole, 7 aces behind, 3 laps, racecraft");
    // An ace laps ~12 % faster than a rookie (tests/sim/ai_pace.rs): over three laps every ace
    // has the pace to pass it. At least half of them must have got by.
    assert!(f.overtakes >= 4, "{} overtakes", f.overtakes);
    assert_ne!(f.order()[0], 0, "the rookie on pole does not win: {:?}", f.order());
}

/// Eight aces racing each other with racecraft.
#[test]
fn eight_aces_race_with_racecraft_touching_at_most_once_a_lap() {
    let f = race("sedan", AiDifficulty::Ace, &[AiDifficulty::Ace], true);
    f.print("8 sedans, 3 laps, ace, racecraft");
    assert_eq!(f.finished().len(), 8, "every car finishes: {:?}", f.finish_s);
    assert!(f.contacts <= LAPS as u32, "{} contacts in {LAPS} laps", f.contacts);
}

/// A mixed field on the grid in the wrong order (the slowest in front), racing: the faster
/// cars pass (following alone, no one does), and the field does not pile up: issue #22's
/// bound of one contact a lap (measured 0; 2 before the fixes of the rookie race above).
#[test]
fn a_mixed_field_in_the_wrong_order_races_with_passes_and_few_contacts() {
    use AiDifficulty::{Ace, Amateur, Pro, Rookie};
    let f = race("sedan", Rookie, &[Rookie, Amateur, Amateur, Pro, Pro, Ace, Ace], true);
    f.print("mixed field (rookie, rookie, amateur, amateur, pro, pro, ace, ace), 3 laps, racecraft");
    assert_eq!(f.finished().len(), 8, "every car finishes: {:?}", f.finish_s);
    assert!(f.contacts <= LAPS as u32, "{} contacts in {LAPS} laps", f.contacts);
    assert!(f.overtakes > 0, "{} overtakes", f.overtakes);
}
