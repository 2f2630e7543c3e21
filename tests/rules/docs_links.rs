//! The documents point only at files that exist: every relative link in the README and in
//! `docs/*.md` resolves.

use std::fs;
use std::path::Path;

/// The relative targets of `[text](target)` links in a Markdown text.
fn relative_links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split('#').next().unwrap_or("").trim();
        let external = target.contains("://") || target.starts_with("mailto:");
        if !target.is_empty() && !external {
            out.push(target.to_string());
        }
    }
    out
}

#[test]
fn every_relative_link_in_the_documents_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = vec![root.join("README.md")];
    for entry in fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            documents.push(path);
        }
    }
    let mut checked = 0;
    let mut missing = Vec::new();
    for doc in &documents {
        let text = fs::read_to_string(doc).unwrap();
        for link in relative_links(&text) {
            checked += 1;
            let target = doc.parent().unwrap().join(&link);
            if !target.exists() {
                missing.push(format!("{}: {link}", doc.display()));
            }
        }
    }
    assert!(checked >= 3, "only {checked} links found");
    assert!(
        missing.is_empty(),
        "missing targets:\n{}",
        missing.join("\n")
    );
}

#[test]
fn links_are_found_in_markdown() {
    assert_eq!(
        relative_links("see [a](docs/a.md), [b](https://x.y) and [c](c.png#top)"),
        ["docs/a.md", "c.png"]
    );
}
