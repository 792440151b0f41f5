//! libFuzzer target: `skidpad::tools::fuzzing::track_csv` (see src/tools/fuzzing.rs), which must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = skidpad::tools::fuzzing::track_csv(data);
});
