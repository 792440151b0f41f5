//! Binary glTF files taken apart and put together again, for tests that break a shipped
//! model (a node renamed, a buffer cut short) and check the bake's error: the JSON chunk as
//! an editable `serde_json::Value`, the binary chunk as bytes.

use serde_json::Value;

/// A GLB split into its JSON and its binary chunk.
pub fn split(bytes: &[u8]) -> (Value, Vec<u8>) {
    let json_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let json = serde_json::from_slice(&bytes[20..20 + json_len]).unwrap();
    let bin = bytes[20 + json_len + 8..].to_vec();
    (json, bin)
}

/// A GLB of `json` and `bin`: the header, the JSON chunk (space padded to 4 bytes) and the
/// binary chunk.
pub fn join(json: &Value, bin: &[u8]) -> Vec<u8> {
    let mut text = serde_json::to_vec(json).unwrap();
    while text.len() % 4 != 0 {
        text.push(b' ');
    }
    let total = 12 + 8 + text.len() + 8 + bin.len();
    let mut out = Vec::new();
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&text);
    out.extend_from_slice(&(bin.len() as u32).to_le_bytes());
    out.extend_from_slice(b"BIN\0");
    out.extend_from_slice(bin);
    out
}
