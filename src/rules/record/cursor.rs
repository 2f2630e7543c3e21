//! A character cursor that knows its line and column, and skips whitespace and comments.

use super::error::{RecordError, RecordErrorKind};

/// 1-based line and column.
pub(super) type Loc = (usize, usize);

pub(super) struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

/// Characters that end a word in the move text.
pub(super) fn ends_word(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '"')
}

impl<'a> Cursor<'a> {
    pub(super) fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            pos: 0,
            line: 1,
            column: 1,
        }
    }

    pub(super) fn here(&self) -> Loc {
        (self.line, self.column)
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// Skips spaces and tabs only (inside a tag, where a line end matters).
    pub(super) fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|c| c != '\n' && c.is_whitespace()) {
            self.bump();
        }
    }

    /// Skips whitespace (any line ends), `{comments}` and `;` comments to the end of the line.
    pub(super) fn skip_space(&mut self) -> Result<(), RecordError> {
        self.skip_space_keeping(&mut Vec::new())
    }

    /// [`Cursor::skip_space`], keeping the text of each `{comment}` with where it opened.
    pub(super) fn skip_space_keeping(
        &mut self,
        comments: &mut Vec<(&'a str, Loc)>,
    ) -> Result<(), RecordError> {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.bump();
            } else if c == '{' {
                let open = self.here();
                self.bump();
                let start = self.pos;
                loop {
                    match self.bump() {
                        Some('}') => break,
                        Some(_) => {}
                        None => {
                            return Err(RecordError::at(
                                RecordErrorKind::UnterminatedComment,
                                open,
                            ));
                        }
                    }
                }
                comments.push((&self.text[start..self.pos - 1], open));
            } else if c == ';' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else {
                break;
            }
        }
        Ok(())
    }

    /// The word starting here (up to whitespace or punctuation), consumed.
    pub(super) fn word(&mut self) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(|c| !ends_word(c)) {
            self.bump();
        }
        &self.text[start..self.pos]
    }

    /// A tag name: ASCII letters, digits and `_`, consumed.
    pub(super) fn name(&mut self) -> &'a str {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        &self.text[start..self.pos]
    }
}

/// Line and column just after `text` (the place of the first byte that follows it).
pub(super) fn loc_after(text: &str) -> Loc {
    let mut cur = Cursor::new(text);
    while cur.bump().is_some() {}
    cur.here()
}
