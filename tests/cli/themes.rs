//! `parachess themes` lists the board themes in the documented form, and `--theme` refuses an
//! unknown name with the list of names (in every build: the check is the argument parser's).

use crate::common::parachess as run;

#[test]
fn themes_prints_one_line_per_theme_with_three_cell_colours() {
    let (code, out, err) = run(&["themes"]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), parachess::theme::THEMES.len(), "{out}");
    assert!(lines.len() >= 4, "{out}");
    assert_eq!(
        lines[0], "wood #edd6a8 #cc9961 #85593d",
        "the default first"
    );
    let mut names = Vec::new();
    for line in &lines {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words.len(), 4, "{line:?}");
        for hex in &words[1..] {
            assert!(
                hex.len() == 7
                    && hex.starts_with('#')
                    && hex[1..]
                        .chars()
                        .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()),
                "{line:?}: {hex:?} is not #rrggbb"
            );
        }
        assert!(
            words[1] != words[2] && words[1] != words[3] && words[2] != words[3],
            "{line:?}: three different cell colours"
        );
        names.push(words[0]);
    }
    for wanted in ["wood", "contrast", "okabe-ito", "tournament"] {
        assert!(names.contains(&wanted), "{wanted} missing from {names:?}");
    }
}

#[test]
fn an_unknown_theme_is_refused_with_the_names() {
    for args in [
        &["--theme", "neon"][..],
        &["--theme", "neon", "--screenshot", "never-written.png"][..],
    ] {
        let (code, out, err) = run(args);
        assert!(code.is_some_and(|c| c != 0), "{args:?} exited {code:?}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.contains("unknown theme \"neon\""), "{err}");
        assert!(
            err.contains("wood, contrast, okabe-ito, tournament"),
            "{err}"
        );
        assert!(out.is_empty(), "{out}");
    }
    assert!(!std::path::Path::new("never-written.png").exists());
    let (code, _, err) = run(&["--pieces", "3", "--screenshot", "never-written.png"]);
    assert!(
        code.is_some_and(|c| c != 0) && err.contains("--pieces"),
        "{err}"
    );
}
