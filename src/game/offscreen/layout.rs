//! A test hook: with `PARACHESS_LAYOUT=FILE`, a `--screenshot` run also writes where each
//! shown text of the interface lies, so tests can check that a screen fits its window. One
//! line a text, `TOP BOTTOM KIND TEXT` in window pixels (`KIND`: `button` for a button's
//! label, else `text`; the text's line breaks as spaces), then `more-below` if the strip that
//! says a side panel scrolls is shown.

use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;

use super::Offscreen;
use crate::game::ui::MoreBelow;

/// The variable naming the report's file.
const VARIABLE: &str = "PARACHESS_LAYOUT";

/// Writes the report once the screenshot is saved (before the run exits).
pub(super) fn report(
    run: Res<Offscreen>,
    mut written: Local<bool>,
    texts: Query<(
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
        &Text,
        Option<&ChildOf>,
    )>,
    buttons: Query<(), With<Button>>,
    hints: Query<&Node, With<MoreBelow>>,
) {
    if *written || !matches!(run.saved, Some(Ok(_))) {
        return;
    }
    *written = true;
    let Some(file) = std::env::var_os(VARIABLE) else {
        return;
    };
    let mut lines: Vec<(f32, String)> = texts
        .iter()
        .filter(|(node, _, visible, text, _)| {
            visible.get() && !text.0.trim().is_empty() && node.size().y > 0.0
        })
        .map(|(node, at, _, text, parent)| {
            let scale = node.inverse_scale_factor();
            let centre = at.translation.y * scale;
            let half = node.size().y * scale / 2.0;
            let words = text.0.split_whitespace().collect::<Vec<_>>().join(" ");
            let kind = if parent.is_some_and(|p| buttons.contains(p.parent())) {
                "button"
            } else {
                "text"
            };
            (
                centre - half,
                format!("{:.0} {:.0} {kind} {words}", centre - half, centre + half),
            )
        })
        .collect();
    lines.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out: String = lines.into_iter().map(|(_, l)| l + "\n").collect();
    if hints.iter().any(|n| n.display != Display::None) {
        out.push_str("more-below\n");
    }
    if let Err(e) = std::fs::write(&file, out) {
        eprintln!("parachess: cannot write the layout report: {e}");
    }
}
