//! Every level's scenario script passes headless, and reproduces its golden state hash.
//!
//! A golden hash changes whenever the physics does: after a deliberate change, run
//! `skidpad scenario NAME --json`, check the measurements still make sense, and update the
//! value here in the same commit, saying why.

use skidpad::app::scenario::run_scenario;
use skidpad::app::Setup;
use skidpad::content::{ContentRoot, PlatformProfile};
use std::process::Command;

// Every level with a scenario, in `skidpad levels`' file order.
const GOLDEN: &[(&str, &str)] = &[
    ("austin", "7ba2be100a47bdcf"),
    ("brands_hatch", "c6861a201813209b"),
    ("budapest", "1cb6a2baba195c15"),
    ("bump", "b68b3216e95917c0"),
    ("catalunya", "c17357a26f95e334"),
    ("circuit", "b511fa1c52e2c973"),
    ("crash", "ce32b1e1f63c341e"),
    ("hockenheim", "a17a956e3f3df85e"),
    ("indianapolis", "4939e42f3de42c38"),
    ("jump", "2c036d9a6055731d"),
    ("melbourne", "a90325fe3a14e5d7"),
    ("mexico_city", "212d76bd9aa87d33"),
    ("montreal", "476f5d52f54d5e2c"),
    ("monza", "ff03b34a053616e6"),
    ("moscow", "09a57b9f1a77fb8c"),
    ("norisring", "d458e9b7beef66f5"),
    ("nurburgring", "7d19295d08133100"),
    ("oschersleben", "c0f4485e341a37bd"),
    ("sakhir", "4d518d68abbeda5a"),
    ("sao_paulo", "71ec5ac2e9b97f55"),
    ("sepang", "2f1a0aff725875e7"),
    ("shanghai", "6daf176f768a40f0"),
    ("silverstone", "ea00a902db55e33e"),
    ("slip", "466013df2fc943a7"),
    ("sochi", "2bba8d4f05f6934c"),
    ("spa", "36dd2a6c62b4536f"),
    ("spielberg", "6fcfee36e0fa9047"),
    ("suzuka", "91d1fa82e7b04987"),
    ("yas_marina", "321955b0641ec8b4"),
    ("zandvoort", "46bea0513f8874cd"),
];

fn scenario(level: &str) -> skidpad::app::scenario::ScenarioReport {
    let root = ContentRoot::Embedded;
    let setup = Setup::load(&root, level, "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
    run_scenario(&setup, &root).unwrap()
}

#[test]
fn every_scripted_level_passes_its_checks_and_matches_its_golden_hash() {
    for (level, golden) in GOLDEN {
        let report = scenario(level);
        for c in &report.checks {
            assert!(
                c.pass,
                "{level}: {} measured {} expected {}",
                c.name, c.measured, c.expected
            );
        }
        assert!(report.checks.len() >= 3, "{level} checks too little");
        assert_eq!(
            &report.state_hash,
            golden,
            "{level}: golden state hash changed\n{}",
            report.text()
        );
    }
}

#[test]
fn scenario_all_exits_0_and_prints_every_level() {
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["scenario", "all"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", String::from_utf8_lossy(&o.stderr));
    for (level, _) in GOLDEN {
        assert!(out.contains(&format!("scenario {level} ")), "{out}");
    }
    assert!(!out.contains("FAIL"));
}

#[test]
fn a_failing_check_exits_4_and_names_the_level() {
    // The slip level with an impossible expectation: ice stopping within 10 m.
    let dir = tempfile::tempdir().unwrap();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/levels/slip/level.toml");
    let text = std::fs::read_to_string(src)
        .unwrap()
        .replace("min = 75.0\nmax = 88.0", "min = 0.0\nmax = 10.0");
    assert!(text.contains("max = 10.0"));
    let path = dir.path().join("level.toml");
    std::fs::write(&path, text).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["scenario", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(4), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("FAIL ice_stop.stop_distance_m"));
}

#[test]
fn scenario_json_lists_runs_and_checks() {
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["scenario", "slip", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["level"], "slip");
    assert!(v["runs"].as_array().unwrap().len() >= 5);
    let check = &v["checks"][0];
    for key in ["name", "measured", "expected", "pass"] {
        assert!(!check[key].is_null(), "check lacks {key}: {check}");
    }
}
