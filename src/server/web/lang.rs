//! The pages' language: English or German, chosen per request from `?lang=` (the switch on
//! every page, which the page's script remembers in local storage and asks for again) or else
//! the browser's `Accept-Language`. No cookie: the choice rides in the address.
//!
//! The router's layer ([`super::transfer`]) works the language out once and runs the handler
//! inside a task-local scope, so [`current`] (and [`t`]) answer anywhere a page is made,
//! including the shell [`super::page`], without every handler passing it along.

use axum::http::{HeaderMap, Uri, header};

use super::texts::TEXTS;

/// The languages the pages speak are those the rules' words are said in: one type, so a
/// page's language is the blind mode's too.
pub use crate::rules::words::Lang;

/// The pages' side of a language: its code, its name, and how a request asks for it.
impl Lang {
    /// Every language, in the order the switch offers them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// `en` or `de`: the `lang` attribute, the `?lang=` value, the lessons' translation code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// The language's own name for itself (what the switch shows).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
        }
    }

    /// Reads a language tag (`de`, `de-AT`, `EN_us`): its primary subtag decides.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("");
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The language an `Accept-Language` value prefers most among those spoken here (the
    /// highest `q`, the first of equals); English when it names none of them.
    pub fn from_accept(value: &str) -> Lang {
        let mut best: Option<(Lang, f32)> = None;
        // Bounded: a header of thousands of items is read no further than its first 32.
        for item in value.split(',').take(32) {
            let mut parts = item.split(';');
            let Some(lang) = parts.next().and_then(Lang::from_tag) else {
                continue;
            };
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
                .unwrap_or(0.0);
            if q > 0.0 && best.is_none_or(|(_, b)| q > b) {
                best = Some((lang, q));
            }
        }
        best.map(|(l, _)| l).unwrap_or_default()
    }

    /// The language of a request: `?lang=` if it names one, else `Accept-Language`.
    pub fn of_request(uri: &Uri, headers: &HeaderMap) -> Lang {
        let asked = uri.query().and_then(|q| {
            q.split('&')
                .filter_map(|pair| pair.strip_prefix("lang="))
                .find_map(Lang::from_tag)
        });
        asked.unwrap_or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .map(Lang::from_accept)
                .unwrap_or_default()
        })
    }
}

tokio::task_local! {
    /// The language of the request being answered.
    static LANG: Lang;
}

/// Runs `future` (a request's handler) speaking `lang`.
pub async fn scoped<F: Future>(lang: Lang, future: F) -> F::Output {
    LANG.scope(lang, future).await
}

/// The language of the request being answered (English outside one: tests, background work).
pub fn current() -> Lang {
    LANG.try_with(|l| *l).unwrap_or_default()
}

/// The text `id` in the current language (the id itself if it is missing: a bug the tests
/// catch, never a panic).
pub fn t(id: &'static str) -> &'static str {
    text_in(current(), id)
}

/// The text `id` in `lang`.
pub fn text_in(lang: Lang, id: &'static str) -> &'static str {
    TEXTS
        .iter()
        .find(|(k, _, _)| *k == id)
        .map_or(id, |&(_, en, de)| match lang {
            Lang::En => en,
            Lang::De => de,
        })
}

/// The text `id` in the current language with its holes (`{name}`) filled: each value is
/// put in as given (escape it first where it goes into a page and came from outside).
pub fn tf(id: &'static str, fill: &[(&str, &str)]) -> String {
    fill_in(t(id), fill)
}

/// `text` with each `{name}` of `fill` replaced.
pub fn fill_in(text: &str, fill: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (name, value) in fill {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// The scripts' texts (ids starting `js-`) in the current language as a JSON object: the one
/// table `common.js`'s `t()` reads, from the page's `<body data-texts>` (data in an
/// attribute, escaped there: no inline script, as the CSP wants). No `<` or `>` even so.
///
/// `all`: every script text (a page with a script of its own); else only those of the
/// scripts every page runs (the blind mode's switch, the header's name), keeping a page
/// without a script (an error page) small.
pub fn script_texts(all: bool) -> String {
    const SHELL: [&str; 3] = ["js-blind-on", "js-blind-off", "js-you"];
    let language = current();
    let map: serde_json::Map<String, serde_json::Value> = TEXTS
        .iter()
        .filter(|(id, _, _)| id.starts_with("js-") && (all || SHELL.contains(id)))
        .map(|&(id, en, de)| {
            let text = if language == Lang::De { de } else { en };
            (id.to_string(), serde_json::Value::from(text))
        })
        .collect();
    serde_json::Value::Object(map)
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_preferred_language_spoken_here() {
        assert_eq!(Lang::from_accept("de-DE,de;q=0.9,en;q=0.8"), Lang::De);
        assert_eq!(Lang::from_accept("en-US,en;q=0.9,de;q=0.8"), Lang::En);
        assert_eq!(Lang::from_accept("fr-FR,fr;q=0.9,de;q=0.5"), Lang::De);
        assert_eq!(Lang::from_accept("en;q=0.2, de"), Lang::De);
        assert_eq!(Lang::from_accept("de;q=0"), Lang::En);
        assert_eq!(Lang::from_accept("fr, *"), Lang::En);
        assert_eq!(Lang::from_accept(""), Lang::En);
        let headers = HeaderMap::new();
        let uri: Uri = "/learn?x=1&lang=de".parse().unwrap();
        assert_eq!(Lang::of_request(&uri, &headers), Lang::De);
    }

    /// Every `t('js-…')` the scripts ask for literally, and every `t("…")` / `tf("…")` of the
    /// pages' Rust, is in the table (a missing one would show its key on the page).
    #[test]
    fn every_text_asked_for_is_in_the_table() {
        let known: std::collections::HashSet<&str> = TEXTS.iter().map(|(id, _, _)| *id).collect();
        let mut missing = Vec::new();
        for (path, text) in crate::server::refusals::scan::server_sources(&["rs", "js"]) {
            let js = path.extension().is_some_and(|e| e == "js");
            let openers: &[&str] = if js {
                &["t('js-", "t(\"js-", "T('js-"]
            } else {
                &["t(\"", "tf(\""]
            };
            for opener in openers {
                for (at, _) in text.match_indices(opener) {
                    // A call, not the end of a longer name (`format(`, `paint(`).
                    let before = text[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let start = at + opener.len() - if js { 3 } else { 0 };
                    let quote = if opener.contains('\'') { '\'' } else { '"' };
                    let Some(len) = text[start..].find(quote) else {
                        continue;
                    };
                    let id = &text[start..start + len];
                    // A key built from parts (`'js-offer-' + why`) is checked below.
                    let looks_like_id = !id.is_empty()
                        && !id.ends_with('-')
                        && id
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                    if looks_like_id && !known.contains(id) {
                        missing.push(format!("{}: {id}", path.display()));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "not in the table: {missing:#?}");
        // The keys the scripts build from parts.
        for whose in ["yours", "theirs", "the"] {
            for what in ["draw", "takeback", "rematch", "offer"] {
                assert!(known.contains(format!("js-offer-{whose}-{what}").as_str()));
            }
        }
        for why in ["expired", "declined", "left", "gone"] {
            assert!(known.contains(format!("js-offer-{why}").as_str()));
        }
        assert!(known.contains("js-plays-white") && known.contains("js-plays-black"));
        for key in ["js-inaccuracies", "js-mistakes", "js-blunders"] {
            assert!(known.contains(key) && known.contains(format!("{key}-1").as_str()));
        }
    }

    #[test]
    fn script_texts_are_json_safe_in_a_page() {
        assert!(script_texts(false).contains("js-blind-on"));
        assert!(!script_texts(false).contains("js-puzzle-solved"));
        let json = script_texts(true);
        assert!(!json.contains('<') && !json.contains('>'), "{json}");
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert!(parsed.as_object().is_some_and(|m| !m.is_empty()));
        assert_eq!(
            fill_in("{a} and {b}", &[("a", "x"), ("b", "<y>")]),
            "x and <y>"
        );
    }

    #[test]
    fn every_text_has_both_languages_and_unique_ids() {
        let mut ids = std::collections::HashSet::new();
        for (id, en, de) in TEXTS {
            assert!(ids.insert(id), "{id} twice");
            assert!(!en.is_empty() && !de.is_empty(), "{id}");
        }
        for (id, en, de) in TEXTS {
            assert_eq!(
                crate::server::refusals::scan::holes(en),
                crate::server::refusals::scan::holes(de),
                "{id}: the same holes in both"
            );
            if *id != "lobby-title" && en.len() > 12 && !id.starts_with("js-clock") {
                assert_ne!(en, de, "{id} is not translated");
            }
        }
        assert_eq!(text_in(Lang::De, "nav-learn"), "Lernen");
        assert_eq!(t("nav-learn"), "Learn", "English outside a request");
    }

    /// The quoted keys after `call(` in `source`.
    fn keys_called<'a>(source: &'a str, call: &str) -> Vec<&'a str> {
        source
            .split(call)
            .skip(1)
            .filter_map(|rest| {
                let quote = rest.chars().next().filter(|c| *c == '\'' || *c == '"')?;
                rest[1..].split(quote).next()
            })
            .collect()
    }

    /// A key a script asks for and the table lacks would show as the key itself (`t()` gives
    /// it back), in either language.
    #[test]
    fn every_text_the_scripts_ask_for_exists() {
        let ids: std::collections::HashSet<&str> = TEXTS.iter().map(|(id, _, _)| *id).collect();
        let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/server/web/assets");
        let mut asked = 0;
        for entry in std::fs::read_dir(&assets).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "js") {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            let keys: Vec<String> = keys_called(&source, " t(")
                .into_iter()
                .chain(keys_called(&source, "(t("))
                .chain(keys_called(&source, "{t("))
                .map(str::to_string)
                .collect();
            for key in keys {
                asked += 1;
                // `t('js-offer-' + kind)`: some text begins so.
                let found = if key.ends_with('-') {
                    ids.iter().any(|id| id.starts_with(key.as_str()))
                } else {
                    ids.contains(key.as_str())
                };
                assert!(found, "{}: no text {key}", path.display());
            }
        }
        assert!(asked > 50, "only {asked} texts found: the scan is broken");
    }
}
