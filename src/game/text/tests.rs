//! The catalogues are complete and sound: every language has every message with the same
//! variables, no file has a syntax error, and every id the code asks for exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::*;

/// Every message of a file and the variables its value (and attributes) use.
fn messages(language: Language) -> BTreeMap<String, BTreeSet<String>> {
    let resource = match fluent_syntax::parser::parse(language.source()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{}.ftl does not parse: {errors:?}", language.code()),
    };
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern_vars(p, &mut vars);
                }
                for a in &m.attributes {
                    pattern_vars(&a.value, &mut vars);
                }
                let clash = out.insert(m.id.name.to_string(), vars);
                assert!(
                    clash.is_none(),
                    "{} twice in {}.ftl",
                    m.id.name,
                    language.code()
                );
            }
            Entry::Junk { content } => panic!("junk in {}.ftl: {content}", language.code()),
            _ => {}
        }
    }
    out
}

fn pattern_vars(pattern: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(inline: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
            for a in &arguments.named {
                inline_vars(&a.value, vars);
            }
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn no_catalogue_has_errors() {
    for language in Language::ALL {
        let errors = &catalogue(language).errors;
        assert!(errors.is_empty(), "{}.ftl: {errors:?}", language.code());
    }
}

#[test]
fn every_message_exists_in_every_language_with_the_same_variables() {
    let english = messages(Language::En);
    assert!(english.len() > 100, "only {} messages", english.len());
    for language in Language::ALL {
        let other = messages(language);
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", language.code());
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(
            extra.is_empty(),
            "{} has unknown {extra:?}",
            language.code()
        );
        for (id, vars) in &english {
            assert_eq!(&other[id], vars, "{id} in {}", language.code());
        }
    }
}

/// The ids in `tr("…")`, `tr!("…"` and `tr_args("…"` calls of one source text.
fn ids_in(source: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for opening in ["tr(\"", "tr!(\"", "tr_args(\""] {
        let mut rest = source;
        while let Some(at) = rest.find(opening) {
            let before = rest[..at].chars().next_back();
            rest = &rest[at + opening.len()..];
            // `str("`, `attr("` and the like are other functions.
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(end) = rest.find('"') {
                ids.push(rest[..end].to_string());
            }
        }
    }
    ids
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_id_the_code_uses_exists() {
    let english = messages(Language::En);
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game"),
        &mut files,
    );
    let mut used = 0;
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        for id in ids_in(&source) {
            if file.ends_with("text/tests.rs") || file.ends_with("text/mod.rs") {
                continue;
            }
            assert!(
                english.contains_key(&id),
                "{}: {id:?} is not in en.ftl",
                file.display()
            );
            used += 1;
        }
    }
    assert!(
        used > 100,
        "only {used} look-ups found: is the scan broken?"
    );
}

#[test]
fn the_scan_finds_calls_and_skips_look_alikes() {
    let ids = ids_in(r#"tr("a") tr!("b", n = 1) tr_args("c", &[]) str("d") attr("e")"#);
    assert_eq!(ids, ["a", "b", "c"]);
}

#[test]
fn variables_and_plurals_are_filled_in() {
    assert_eq!(
        tr_in(Language::En, "test-plural", &[("n", arg(1))]),
        "1 move"
    );
    assert_eq!(
        tr_in(Language::En, "test-plural", &[("n", arg(3))]),
        "3 moves"
    );
    assert_eq!(
        tr_in(Language::De, "test-plural", &[("n", arg(1))]),
        "1 Zug"
    );
    assert_eq!(
        tr_in(Language::De, "test-plural", &[("n", arg(3))]),
        "3 Züge"
    );
    assert_eq!(
        tr_in(Language::De, "test-name", &[("name", arg("Ada"))]),
        "Hallo, Ada!"
    );
}

#[test]
fn locale_names_choose_the_language() {
    assert_eq!(Language::from_locale(Some("de_DE.UTF-8")), Language::De);
    assert_eq!(Language::from_locale(Some("de")), Language::De);
    assert_eq!(Language::from_locale(Some("en_GB.UTF-8")), Language::En);
    assert_eq!(Language::from_locale(Some("fr_FR.UTF-8")), Language::En);
    assert_eq!(Language::from_locale(Some("C")), Language::En);
    assert_eq!(Language::from_locale(None), Language::En);
    assert_eq!(Language::parse("DE"), Some(Language::De));
    assert_eq!(Language::parse("xx"), None);
}

#[test]
#[should_panic(expected = "no such message")]
fn a_missing_id_fails_in_tests() {
    let _ = tr_in(Language::En, "no-such-message-anywhere", &[]);
}
