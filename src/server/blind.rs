//! The answers of the blind mode (`ask` → `answer`, docs/SERVER.md): a game read out in words
//! for a player who cannot see the board. The rules stay here on the server: the page sends
//! what was typed and reads the sentences back, so it implements no rule. The words come from
//! [`crate::rules::words`], the one vocabulary (rule book §11).

use crate::rules::words::ask::{self, ClockWords};
use crate::rules::words::{Lang, say};
use crate::rules::{Game, Position, Side};
use crate::server::messages::{Answer, ClockView, GameView, ServerMsg, TextBoardView, TextRowView};
use crate::server::refusals::{self, Said};

/// The text board of `pos` as the protocol carries it.
pub fn text_board(lang: Lang, pos: &Position) -> TextBoardView {
    board_view(say::text_board(lang, pos))
}

fn board_view(b: say::TextBoard) -> TextBoardView {
    TextBoardView {
        turn: b.turn,
        pieces: b.pieces.to_vec(),
        rows: b
            .rows
            .into_iter()
            .map(|(heading, cells)| TextRowView { heading, cells })
            .collect(),
    }
}

/// The answer to `question` about the game `view` (live or stored), as the protocol sends it.
pub fn answer(view: &GameView, question: &str, lang: Lang) -> ServerMsg {
    let (lines, board) = match crate::server::routes::replay(view) {
        Some(game) => words_about(&game, view.clocks.as_ref(), question, lang),
        None => (
            vec![lang_pick(
                lang,
                "This game cannot be read.",
                "Diese Partie ist nicht lesbar.",
            )],
            None,
        ),
    };
    ServerMsg::Answer(Box::new(Answer {
        game: view.id.clone(),
        q: question.to_string(),
        n: view.moves.len() as u32,
        lines,
        board,
    }))
}

/// The answer to `question` about `position` (a position text of the built-in `variant`)
/// after `moves`: the `ask` of a page without a game (a puzzle, a lesson, the analysis board,
/// a reviewed game's move). `tag` is the caller's, echoed as the answer's `game`. A position
/// or move that cannot be read is refused (`error` `no_game`) with the reason.
pub fn answer_position(
    tag: &str,
    position: &str,
    variant: Option<&str>,
    moves: &[String],
    question: &str,
    lang: Lang,
) -> ServerMsg {
    match position_game(position, variant, moves) {
        Ok(game) => {
            let (lines, board) = words_about(&game, None, question, lang);
            ServerMsg::Answer(Box::new(Answer {
                game: tag.to_string(),
                q: question.to_string(),
                n: game.plies().len() as u32,
                lines,
                board,
            }))
        }
        Err(why) => why.error("no_game"),
    }
}

/// The game of `position` with `moves` played from it, or why there is none.
fn position_game(position: &str, variant: Option<&str>, moves: &[String]) -> Result<Game, Said> {
    use crate::server::messages::{MAX_ASK_MOVES, MAX_ASK_POSITION};
    if position.len() > MAX_ASK_POSITION || moves.len() > MAX_ASK_MOVES {
        return Err(Said::new("analysis-too-long", &[]));
    }
    let name = crate::server::variant::check(variant, None)?;
    if crate::server::variant::is_custom(&name) {
        return Err(Said::new("ask-built-in", &[]));
    }
    let rules = crate::server::variant::resolve(&name)?;
    let start =
        Position::parse_in(position.trim(), rules).map_err(|e| refusals::position_error(&e))?;
    let mut game = Game::from_position(start);
    for (i, mv) in moves.iter().enumerate() {
        let i = (i + 1).to_string();
        if mv.len() > 16 {
            return Err(Said::new("analysis-not-a-move", &[("i", &i)]));
        }
        game.play_text(mv).map_err(|e| {
            let why = refusals::play_error(&e);
            Said::each(
                "analysis-move",
                &[("i", &i), ("move", mv), ("why", &why.en)],
                &[("i", &i), ("move", mv), ("why", &why.de)],
            )
        })?;
    }
    Ok(game)
}

/// The sentences (and for `b` the text board) answering `question` about `game`: what any page
/// with a board (a game, a puzzle, a lesson, the analysis board) answers its command field with.
pub fn words_about(
    game: &Game,
    clocks: Option<&ClockView>,
    question: &str,
    lang: Lang,
) -> (Vec<String>, Option<TextBoardView>) {
    let clocks = clocks.map(|c| ClockWords {
        white_ms: c.white,
        black_ms: c.black,
        running: match c.running.as_deref() {
            Some("white") => Some(Side::White),
            Some("black") => Some(Side::Black),
            _ => None,
        },
    });
    match ask::answer(game, clocks, question, lang) {
        ask::Answer::Lines(lines) => (lines, None),
        ask::Answer::Board(b) => (Vec::new(), Some(board_view(b))),
    }
}

fn lang_pick(lang: Lang, en: &str, de: &str) -> String {
    match lang {
        Lang::En => en.to_string(),
        Lang::De => de.to_string(),
    }
}
