//! `skidpad validate` for every shipped sim car, at 60, 120 and 240 Hz: braking, circle,
//! step steer, 0–100 km/h, top speed and coast-down against their physical expectations
//! (see `skidpad::tools::validation`), and the rates agreeing within 2 %.
use crate::common;

use skidpad::content::ContentRoot;
use skidpad::tools::validation::{validate, RATES_HZ};
use skidpad::vehicle::CarDef;

#[test]
fn every_shipped_sim_car_passes_the_validation_suite() {
    let root = ContentRoot::Embedded;
    let sim_cars: Vec<CarDef> = CarDef::names(&root)
        .iter()
        .map(|n| CarDef::load(&root, n).unwrap())
        .filter(|c| c.sim().is_some())
        .collect();
    assert!(sim_cars.len() >= 2, "a petrol sedan and an EV ship");
    for car in &sim_cars {
        let report = validate(&common::table(), car, &RATES_HZ).unwrap();
        let failed: Vec<String> = report
            .checks
            .iter()
            .filter(|c| !c.pass)
            .map(|c| {
                format!(
                    "{} @ {:?}: measured {} expected {} (±{})",
                    c.name, c.rate_hz, c.measured, c.expected, c.tolerance
                )
            })
            .collect();
        assert!(failed.is_empty(), "{}: {failed:#?}", car.name);
        // Every manoeuvre ran at every rate and was compared across them.
        assert_eq!(report.checks.iter().filter(|c| c.rate_hz.is_none()).count(), 8);
    }
}

#[test]
fn validation_refuses_an_arcade_car() {
    let coupe = CarDef::load(&ContentRoot::Embedded, "coupe").unwrap();
    let e = validate(&common::table(), &coupe, &RATES_HZ).unwrap_err();
    assert!(e.problem.contains("sim"), "{e}");
}
