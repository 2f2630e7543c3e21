//! Variant files: reading TOML (with the line of a mistake) and writing it back.

use serde::Deserialize;

use super::build::{Built, Place};
use super::{PieceDef, Variant, VariantDef, VariantError, VariantFileError};

impl Variant {
    /// Reads a variant from TOML text. Mistakes come back with their line.
    pub fn from_toml(text: &str) -> Result<&'static Variant, VariantFileError> {
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let file: FileToml = toml::from_str(text).map_err(|e| VariantFileError {
            line: e.span().map_or(1, |s| line_of(s.start)),
            error: VariantError::Toml(e.message().to_string()),
        })?;
        Variant::from_file(file, line_of)
    }

    /// Reads the one-line form a game file's `VariantDef` tag carries (an inline table with a
    /// variant file's fields; see [`Variant::to_inline_toml`]).
    pub fn from_inline_toml(text: &str) -> Result<&'static Variant, VariantError> {
        #[derive(Deserialize)]
        struct Wrapper {
            def: FileToml,
        }
        let wrapped: Wrapper = toml::from_str(&format!("def = {}", text.trim()))
            .map_err(|e| VariantError::Toml(e.message().to_string()))?;
        Variant::from_file(wrapped.def, |_| 1).map_err(|e| e.error)
    }

    fn from_file(
        file: FileToml,
        line_of: impl Fn(usize) -> usize,
    ) -> Result<&'static Variant, VariantFileError> {
        let def = VariantDef {
            name: file.name.get_ref().trim().to_string(),
            description: file.description.trim().to_string(),
            start: file.start.get_ref().trim().to_string(),
            pieces: file
                .pieces
                .get_ref()
                .iter()
                .map(|p| p.get_ref().clone())
                .collect(),
        };
        let at = |place: Place| match place {
            Place::Name => line_of(file.name.span().start),
            Place::Start => line_of(file.start.span().start),
            Place::Pieces => line_of(file.pieces.span().start),
            Place::Piece(i) => file
                .pieces
                .get_ref()
                .get(i)
                .map_or(1, |p| line_of(p.span().start)),
        };
        if let Err((error, place)) = Built::check(&def) {
            return Err(VariantFileError {
                line: at(place),
                error,
            });
        }
        Variant::from_def(def).map_err(|error| VariantFileError {
            line: at(Place::Start),
            error,
        })
    }

    /// The definition as one line: a TOML inline table (what a game file's `VariantDef` tag
    /// carries), which [`Variant::from_inline_toml`] reads back.
    pub fn to_inline_toml(&self) -> String {
        let mut parts = vec![format!("name = {}", quote(&self.def.name))];
        if !self.def.description.is_empty() {
            parts.push(format!("description = {}", quote(&self.def.description)));
        }
        parts.push(format!("start = {}", quote(&self.def.start)));
        let pieces: Vec<String> = self.def.pieces.iter().map(piece_toml).collect();
        parts.push(format!("pieces = [{}]", pieces.join(", ")));
        format!("{{ {} }}", parts.join(", "))
    }

    /// The definition as TOML text (a variant file), which [`Variant::from_toml`] reads back.
    pub fn to_toml(&self) -> String {
        let mut out = format!("name = {}\n", quote(&self.def.name));
        if !self.def.description.is_empty() {
            out += &format!("description = {}\n", quote(&self.def.description));
        }
        out += &format!("start = {}\npieces = [\n", quote(&self.def.start));
        for p in &self.def.pieces {
            out += &format!("  {},\n", piece_toml(p));
        }
        out + "]\n"
    }
}

/// A TOML basic string.
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One piece as a TOML inline table.
fn piece_toml(p: &PieceDef) -> String {
    format!(
        "{{ letter = {}, name = {}, moves = {}{} }}",
        quote(&p.letter),
        quote(&p.name),
        quote(&p.moves),
        if p.royal { ", royal = true" } else { "" }
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileToml {
    name: toml::Spanned<String>,
    #[serde(default)]
    description: String,
    start: toml::Spanned<String>,
    pieces: toml::Spanned<Vec<toml::Spanned<PieceDef>>>,
}
