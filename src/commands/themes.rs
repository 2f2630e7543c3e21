//! `parachess themes`: the board themes, one line each, `NAME #flat #rising #falling` (the cell
//! colours as the tiles are given them, sRGB), the default first.

use std::io::{self, Write};

use crate::theme::THEMES;

/// Writes one line per theme.
pub fn run(out: &mut impl Write) -> io::Result<()> {
    for theme in THEMES {
        writeln!(out, "{}", theme.line())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_theme_with_its_three_cell_colours() {
        let mut out = Vec::new();
        run(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), THEMES.len());
        assert_eq!(lines[0], "wood #edd6a8 #cc9961 #85593d");
        for (line, theme) in lines.iter().zip(THEMES) {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words[0], theme.name);
            assert_eq!(
                words[1..],
                [theme.flat, theme.rising, theme.falling].map(|c| c.to_hex())
            );
        }
    }
}
