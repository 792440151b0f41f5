//! libFuzzer target: `skidpad::tools::fuzzing::model` (see src/tools/fuzzing.rs), which must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = skidpad::tools::fuzzing::model(data);
});
