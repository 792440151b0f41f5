//! A menu as data: items, which one has focus, and what a navigation action does to them.

/// What the player asks a menu to do, whatever the device.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NavAction {
    /// Focus the item above (wraps to the last).
    Up,
    /// Focus the item below (wraps to the first).
    Down,
    /// Lower a slider, switch a toggle, previous choice.
    Left,
    /// Raise a slider, switch a toggle, next choice.
    Right,
    /// Activate the focused item (A / Enter / click).
    Accept,
    /// Leave this menu (B / Esc).
    Back,
    /// The pointer at (x, y) in window pixels: focuses the row under it; `click` activates
    /// it as Accept would.
    Pointer {
        /// Window pixels from the left.
        x: f32,
        /// Window pixels from the top.
        y: f32,
        /// A button went down there.
        click: bool,
    },
}

/// What an item is and holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Widget {
    /// Does something when accepted.
    Button,
    /// On or off.
    Toggle(bool),
    /// A number in `min..=max`, moved by `step` and kept to two decimals.
    Slider {
        /// The value.
        value: f32,
        /// Lowest value.
        min: f32,
        /// Highest value.
        max: f32,
        /// One press's change.
        step: f32,
    },
    /// One of `options`, wrapping.
    Choice {
        /// Which option.
        index: usize,
        /// The options' names.
        options: Vec<String>,
    },
    /// A binding: accepting it waits for the next button or key ([`Menu::capture`]).
    Binding(String),
    /// A group's heading: never focused, skipped by Up and Down and the pointer.
    Heading,
}

/// One row of a menu.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// What the row says.
    pub label: String,
    /// What it holds.
    pub widget: Widget,
}

impl Item {
    /// A button row.
    pub fn button(label: &str) -> Item {
        Item {
            label: label.to_string(),
            widget: Widget::Button,
        }
    }

    /// A group's heading row.
    pub fn heading(label: &str) -> Item {
        Item {
            label: label.to_string(),
            widget: Widget::Heading,
        }
    }

    /// Whether the focus can rest on it (everything but a heading).
    pub fn focusable(&self) -> bool {
        self.widget != Widget::Heading
    }

    /// A row with `widget`.
    pub fn new(label: &str, widget: Widget) -> Item {
        Item {
            label: label.to_string(),
            widget,
        }
    }

    /// The value the row shows after its label ("" for a button).
    pub fn value_text(&self) -> String {
        match &self.widget {
            Widget::Button | Widget::Heading => String::new(),
            Widget::Toggle(on) => if *on { "On" } else { "Off" }.to_string(),
            Widget::Slider { value, max, .. } if *max <= 1.0 => format!("{:.0} %", value * 100.0),
            Widget::Slider { value, .. } => format!("{value:.2}"),
            Widget::Choice { index, options } => options.get(*index).cloned().unwrap_or_default(),
            Widget::Binding(shown) => shown.clone(),
        }
    }
}

/// What an action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuEvent {
    /// Nothing changed.
    Nothing,
    /// The focus moved.
    Moved,
    /// A button was activated (its index).
    Activated(usize),
    /// A value changed (its index): apply it now.
    Changed(usize),
    /// The player asked to leave the menu.
    Back,
    /// The binding at this index waits for a button or key.
    Capturing(usize),
    /// The capture at this index ended: bound (true) or cancelled (false).
    Captured(usize, bool),
}

/// Where the rows are on screen, for the pointer: the first shown row's top-left, the
/// rows' width and height (window pixels), and which rows are shown (a long menu scrolls).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rows {
    /// Left edge.
    pub x: f32,
    /// Top of the first row shown.
    pub y: f32,
    /// Row width.
    pub w: f32,
    /// Row height.
    pub row_h: f32,
    /// The first row shown.
    pub first: usize,
    /// How many rows are shown.
    pub shown: usize,
}

/// A list of items, one focused.
#[derive(Debug, Clone, PartialEq)]
pub struct Menu {
    items: Vec<Item>,
    focus: usize,
    capturing: Option<usize>,
    rows: Option<Rows>,
}

impl Menu {
    /// A menu of `items`, focus on the first that can hold it.
    pub fn new(items: Vec<Item>) -> Menu {
        let mut menu = Menu {
            items,
            focus: 0,
            capturing: None,
            rows: None,
        };
        menu.set_focus(0);
        menu
    }

    /// The items.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The item at `index`, to change a value from outside (a capture's result).
    pub fn item_mut(&mut self, index: usize) -> Option<&mut Item> {
        self.items.get_mut(index)
    }

    /// The focused item's index.
    pub fn focus(&self) -> usize {
        self.focus
    }

    /// Focuses `index` (clamped to the list), or the first row after it that can hold the
    /// focus (a heading cannot).
    pub fn set_focus(&mut self, index: usize) {
        let n = self.items.len();
        let index = index.min(n.saturating_sub(1));
        self.focus = (0..n)
            .map(|k| (index + k) % n)
            .find(|&i| self.items[i].focusable())
            .unwrap_or(index);
    }

    /// The next row from the focus that can hold it, `step` rows at a time (wrapping).
    fn next_focusable(&self, step: usize) -> usize {
        let n = self.items.len();
        (1..=n)
            .map(|k| (self.focus + k * step) % n)
            .find(|&i| self.items[i].focusable())
            .unwrap_or(self.focus)
    }

    /// The binding waiting for a button or key, if any.
    pub fn capturing(&self) -> Option<usize> {
        self.capturing
    }

    /// Where the rows were drawn (the pointer hits them there).
    pub fn set_rows(&mut self, rows: Rows) {
        self.rows = Some(rows);
    }

    /// Applies `action`. While a binding is capturing, only Back (cancel) acts.
    pub fn apply(&mut self, action: NavAction) -> MenuEvent {
        if let Some(i) = self.capturing {
            if action == NavAction::Back {
                self.capturing = None;
                return MenuEvent::Captured(i, false);
            }
            return MenuEvent::Nothing;
        }
        let n = self.items.len();
        if n == 0 {
            return if action == NavAction::Back {
                MenuEvent::Back
            } else {
                MenuEvent::Nothing
            };
        }
        match action {
            NavAction::Up => self.move_to(self.next_focusable(n - 1)),
            NavAction::Down => self.move_to(self.next_focusable(1)),
            NavAction::Left => self.adjust(-1),
            NavAction::Right => self.adjust(1),
            NavAction::Accept => self.accept(),
            NavAction::Back => MenuEvent::Back,
            NavAction::Pointer { x, y, click } => match self.row_at(x, y).filter(|&r| self.items[r].focusable()) {
                Some(row) if click => {
                    self.focus = row;
                    self.accept()
                }
                Some(row) => self.move_to(row),
                None => MenuEvent::Nothing,
            },
        }
    }

    /// Ends a capture with `shown` as the binding's new text. Nothing when none waits.
    pub fn capture(&mut self, shown: &str) -> MenuEvent {
        let Some(i) = self.capturing.take() else {
            return MenuEvent::Nothing;
        };
        if let Some(Item {
            widget: Widget::Binding(s),
            ..
        }) = self.items.get_mut(i)
        {
            *s = shown.to_string();
        }
        MenuEvent::Captured(i, true)
    }

    fn move_to(&mut self, index: usize) -> MenuEvent {
        if index == self.focus {
            return MenuEvent::Nothing;
        }
        self.focus = index;
        MenuEvent::Moved
    }

    fn row_at(&self, x: f32, y: f32) -> Option<usize> {
        let r = self.rows?;
        if !(x >= r.x && x < r.x + r.w && y >= r.y && r.row_h > 0.0) {
            return None;
        }
        let row = ((y - r.y) / r.row_h) as usize;
        (row < r.shown)
            .then_some(r.first + row)
            .filter(|i| *i < self.items.len())
    }

    fn accept(&mut self) -> MenuEvent {
        let i = self.focus;
        match &mut self.items[i].widget {
            Widget::Button => MenuEvent::Activated(i),
            Widget::Toggle(_) | Widget::Choice { .. } => self.adjust(1),
            Widget::Slider { .. } | Widget::Heading => MenuEvent::Nothing,
            Widget::Binding(_) => {
                self.capturing = Some(i);
                MenuEvent::Capturing(i)
            }
        }
    }

    fn adjust(&mut self, dir: i32) -> MenuEvent {
        let i = self.focus;
        match &mut self.items[i].widget {
            Widget::Toggle(on) => *on = !*on,
            Widget::Slider { value, min, max, step } => {
                let next = (*value + *step * dir as f32).clamp(*min, *max);
                // Kept to two decimals so the settings file reads `0.35`, not `0.35000002`.
                let next = ((next as f64 * 100.0).round() / 100.0) as f32;
                if next == *value {
                    return MenuEvent::Nothing;
                }
                *value = next;
            }
            Widget::Choice { index, options } => {
                let n = options.len();
                if n < 2 {
                    return MenuEvent::Nothing;
                }
                *index = (*index + if dir > 0 { 1 } else { n - 1 }) % n;
            }
            Widget::Button | Widget::Binding(_) | Widget::Heading => return MenuEvent::Nothing,
        }
        MenuEvent::Changed(i)
    }
}
