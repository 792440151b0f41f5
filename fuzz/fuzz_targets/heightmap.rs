//! libFuzzer target: `skidpad::tools::fuzzing::heightmap` (see src/tools/fuzzing.rs), which must never panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = skidpad::tools::fuzzing::heightmap(data);
});
