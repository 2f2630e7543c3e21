use super::scan::{holes, server_sources};
use super::*;

/// The first quoted word after each `call` in `source`.
fn quoted_after<'a>(source: &'a str, call: &str) -> Vec<&'a str> {
    source
        .split(call)
        .skip(1)
        .filter_map(|rest| rest.trim_start().strip_prefix('"')?.split('"').next())
        .collect()
}

#[test]
fn every_refusal_has_both_languages_and_the_same_holes() {
    let mut ids = std::collections::HashSet::new();
    for (id, en, de) in REFUSALS {
        assert!(ids.insert(id), "{id} twice");
        assert!(!en.is_empty() && !de.is_empty(), "{id}");
        assert_eq!(holes(en), holes(de), "{id}: the same holes in both");
        assert_ne!(en, de, "{id} is not translated");
    }
}

/// Every code the server's sources send (`ServerMsg::error("X"`, `refusals::refused("X"`,
/// `.error("X"` of a [`Said`], and the codes the protocol documents) has its general sentence in
/// English and German, and every sentence a source asks for (`refusals::refused(_, "id"`,
/// `Said::new("id"`, `Said::each("id"`) is in the table: a German page never shows a bare
/// code, nor a key. (The sources call [`refused`] by its module's name, for this scan.)
#[test]
fn every_error_code_the_server_sends_has_english_and_german_text() {
    let known: std::collections::HashSet<&str> = REFUSALS.iter().map(|(id, _, _)| *id).collect();
    let mut codes = std::collections::BTreeSet::new();
    let mut asked = Vec::new();
    for (path, source) in server_sources(&["rs"]) {
        // This module's own files name the calls they look for.
        if path.ends_with("refusals.rs") || path.ends_with("refusals/tests.rs") {
            continue;
        }
        for call in [
            "ServerMsg::error(",
            "ServerMsg::error_de(",
            "refusals::refused(",
            ".error(",
        ] {
            codes.extend(quoted_after(&source, call).into_iter().map(str::to_string));
        }
        for call in ["Said::new(", "Said::each(", "Said::german("] {
            asked.extend(quoted_after(&source, call).into_iter().map(str::to_string));
        }
        // `refused("code", "id", …)`: the id is the second word.
        for rest in source.split("refusals::refused(").skip(1) {
            let id = rest
                .trim_start()
                .strip_prefix('"')
                .and_then(|r| r.split_once('"'))
                .and_then(|(_, r)| r.trim_start().strip_prefix(','))
                .and_then(|r| r.trim_start().strip_prefix('"'))
                .and_then(|r| r.split('"').next());
            asked.extend(id.map(str::to_string));
        }
    }
    // The codes the protocol promises (the bus relays each of them: [`code`]).
    codes.extend(super::scan::documented_codes());
    // The HTTP API's codes (made with a code in a variable).
    codes.extend(["not_found", "too_long"].map(str::to_string));
    assert!(codes.len() > 20, "only {codes:?}: the scan is broken");
    assert!(
        asked.len() > 40,
        "only {} sentences found: the scan is broken",
        asked.len()
    );
    for code in &codes {
        let id = format!("code-{code}");
        assert!(
            known.contains(id.as_str()),
            "no English and German text for code {code}"
        );
        assert!(!text(Lang::En, &id).is_empty() && !text(Lang::De, &id).is_empty());
    }
    for id in &asked {
        assert!(known.contains(id.as_str()), "no refusal {id}");
    }
}

#[test]
fn a_german_connection_gets_german_and_an_english_one_what_it_always_got() {
    let e = refused(
        "busy",
        "busy-game-analyses",
        &[("waiting", "3"), ("max", "3")],
    );
    let ServerMsg::Error { msg, .. } = in_language(e.clone(), Lang::En) else {
        panic!()
    };
    assert_eq!(
        msg,
        "3 games are waiting for their analysis (at most 3): try again in a few minutes"
    );
    assert!(
        !e.to_json().contains("Partien"),
        "the German text is no field of its own"
    );
    let ServerMsg::Error { msg, .. } = in_language(e, Lang::De) else {
        panic!()
    };
    assert!(msg.starts_with("3 Partien warten"), "{msg}");
    // Without a German text: the code's sentence, the detail after it.
    let ServerMsg::Error { msg, .. } = in_language(ServerMsg::error("db", "disk full"), Lang::De)
    else {
        panic!()
    };
    assert_eq!(msg, "Datenbankfehler: versuche es noch einmal (disk full)");
    // The rules' reason, in the window's German words.
    let pos = crate::rules::Position::default();
    let e = pos.parse_move("e5e6").unwrap_err();
    let said = move_text_error(&e);
    assert_eq!(said.en, e.to_string());
    assert_eq!(said.de, "Auf e5 steht keine Figur");
    let e = pos.parse_move("e5?").unwrap_err();
    let said = move_text_error(&e);
    assert_eq!(said.en, e.to_string());
    assert!(
        said.de.starts_with("„e5?“ ist kein lesbarer Zug (Spalte "),
        "{}",
        said.de
    );
}

/// The German of `said`, checked to carry no English: none of the English's words of four
/// letters or more stands as a word in it (values such as a typed text or a variant's
/// name aside).
fn german_only(said: &Said, values: &[&str]) -> String {
    let mut de = said.de.clone();
    for v in values {
        de = de.replace(v, "");
    }
    let words = |t: &str| {
        t.split(|c: char| !c.is_alphabetic())
            .filter(|w| w.chars().count() >= 4)
            .map(str::to_string)
            .collect::<std::collections::HashSet<_>>()
    };
    let english = words(&said.en);
    for word in words(&de) {
        assert!(
            !english.contains(&word),
            "English {word:?} in {:?} ({:?})",
            said.de,
            said.en
        );
    }
    said.de.clone()
}

/// A level, a colour, a clock, a variant name and a bad variant file, each as a player
/// typed it: the German names the value, in German only; the English stays the reader's.
#[test]
fn what_a_player_typed_is_refused_in_german() {
    // The computer's level reader's words (it stands above this table: the server test
    // reads them from it).
    let en = "unknown level: easy, normal, hard, or a skill level 0 to 20".to_string();
    let said = level_error("superb", en.clone());
    assert_eq!(said.en, en);
    let de = german_only(&said, &["superb", "easy", "normal", "hard"]);
    assert!(de.starts_with("„superb“ ist keine Stufe"), "{de}");
    assert!(de.contains("0 bis 20"), "{de}");

    let said = colour_error("purple", "a colour is white, black or random");
    let de = german_only(&said, &["purple", "white", "black", "random"]);
    assert_eq!(de, "„purple“ ist keine Farbe: white, black oder random");

    let e = "fast"
        .parse::<crate::rules::clock::TimeControl>()
        .unwrap_err();
    let said = clock_error("fast", &e);
    assert_eq!(said.en, e.to_string());
    let de = german_only(&said, &["fast"]);
    assert!(de.starts_with("„fast“ ist keine Bedenkzeit: "), "{de}");

    let said = crate::server::variant::check(Some("Chaturanga"), None).unwrap_err();
    assert!(said.en.starts_with("unknown variant"), "{}", said.en);
    let names = crate::rules::Variant::builtin_names().join(", ");
    let de = german_only(&said, &["Chaturanga", &names, "variant_def"]);
    assert!(de.starts_with("„Chaturanga“ ist keine Variante"), "{de}");

    // A variant file the rules refuse, at line 2 (it has no King): the line in both.
    let file = "name = \"Kingless\"\nstart = \"8/8\"\n[[pieces]]\nletter = \"Q\"\nname = \"Q\"\nmoves = \"E\"\n";
    let said = crate::server::variant::check(None, Some(file)).unwrap_err();
    assert!(
        said.en.starts_with("variant definition: line "),
        "{}",
        said.en
    );
    let de = german_only(&said, &[]);
    assert!(de.starts_with("Variantendefinition: Zeile "), "{de}");
    let line = |t: &str| {
        t.split("line ")
            .nth(1)
            .map(|r| r.split(':').next().map(str::to_string))
    };
    let zeile = |t: &str| {
        t.split("Zeile ")
            .nth(1)
            .map(|r| r.split(':').next().map(str::to_string))
    };
    assert_eq!(line(&said.en), zeile(&de), "{} / {de}", said.en);

    // Not TOML at all, on line 3.
    let said = crate::server::variant::check(None, Some("name = \"X\"\n\nstart = \n")).unwrap_err();
    assert!(said.en.starts_with("variant definition: "), "{}", said.en);
    assert_eq!(
        german_only(&said, &[]),
        "Variantendefinition, Zeile 3: das ist kein lesbares TOML"
    );

    // A bad movement and a bad start, in a one-line definition.
    let e = crate::rules::Variant::from_inline_toml(
        "{ name = \"Odd\", start = \"8/8\", pieces = [{ letter = \"K\", name = \"K\", moves = \"EE\", royal = true }, { letter = \"Q\", name = \"Q\", moves = \"E\" }] }",
    )
    .unwrap_err();
    let said = variant_def_error(&e);
    german_only(&said, &["Odd", "EE"]);
}

/// A position text the rules refuse is said in German with its column.
#[test]
fn a_position_is_refused_in_german() {
    let e = "x".parse::<crate::rules::Position>().unwrap_err();
    let said = position_error(&e);
    assert!(
        said.en.starts_with("that is not a position: "),
        "{}",
        said.en
    );
    let de = german_only(&said, &[]);
    assert!(de.starts_with("das ist keine Stellung: Spalte "), "{de}");
}

/// A reply's code is one the table knows, as its `'static` text; others are none.
#[test]
fn codes_are_the_tables() {
    assert_eq!(code("tournament"), Some("tournament"));
    assert_eq!(code("berserk"), Some("berserk"));
    assert_eq!(code("nonsense"), None);
}
