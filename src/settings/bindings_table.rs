//! Bindings as the settings file holds them: `[input.keyboard]` and `[input.pad]` for the
//! first player, the same two tables under each `[[guests]]` seat for theirs. One action's
//! names a list (`throttle = ["Up", "W"]`); `action = []` unbinds it; an action the file
//! does not name keeps its default (a file written by an older version knows fewer).

use crate::input::bindings::{button_name, button_named, key_name, key_named, Action, Bindings};
use std::collections::BTreeMap;

/// One table: action name → key or button names.
pub(super) type Table = BTreeMap<String, Vec<String>>;

/// The keyboard and pad tables of `b`.
pub(super) fn to_tables(b: &Bindings) -> (Table, Table) {
    (table(&b.keys, key_name), table(&b.buttons, button_name))
}

/// One kind of binding (keys or buttons) as a table, in the actions' order.
fn table<T: Copy>(bound: &BTreeMap<Action, Vec<T>>, name: fn(T) -> &'static str) -> Table {
    Action::NAMES
        .iter()
        .filter_map(|(a, n)| {
            let names = bound.get(a)?.iter().map(|x| name(*x).to_string()).collect();
            Some((n.to_string(), names))
        })
        .collect()
}

/// The bindings the `keyboard` and `pad` tables under `section` (`input`, `guests[1]`)
/// name, on the defaults; an unknown action, key or button is an error naming its place.
pub(super) fn from_tables(section: &str, keyboard: &Table, pad: &Table) -> Result<Bindings, String> {
    let mut bindings = Bindings::default();
    read(
        &format!("{section}.keyboard"),
        "key",
        keyboard,
        key_named,
        &mut bindings.keys,
    )?;
    read(
        &format!("{section}.pad"),
        "button",
        pad,
        button_named,
        &mut bindings.buttons,
    )?;
    Ok(bindings)
}

/// Each action `table` (at `place`) names, bound in `bound` to the `what`s it lists.
fn read<T>(
    place: &str,
    what: &str,
    table: &Table,
    named: fn(&str) -> Option<T>,
    bound: &mut BTreeMap<Action, Vec<T>>,
) -> Result<(), String> {
    for (name, list) in table {
        let action = Action::from_name(name).ok_or(format!("{place}: unknown action `{name}`"))?;
        let list = list
            .iter()
            .map(|x| named(x).ok_or(format!("{place}.{name}: unknown {what} `{x}`")))
            .collect::<Result<_, _>>()?;
        bound.insert(action, list);
    }
    Ok(())
}
