//! The game and the lessons end a game at the same moment and for the same reason: both ask the
//! rules ([`board_outcome`]), and these tests hold them to it over random games, played from
//! any point of a game so that the lesson's history of earlier positions counts as the game's.

use std::collections::BTreeSet;

use parachess::lessons::{Failure, Goal, Opponent, Progress, Stage, StageRun};
use parachess::rules::{CellSet, Game, Move, Outcome, Position, board_outcome};
use proptest::prelude::*;

/// Starting points: the opening, and endings a few moves from checkmate, stalemate and the
/// half-move limit (random play from the opening rarely ends a game).
const STARTS: [&str; 7] = [
    parachess::rules::START_TEXT,
    "5k/4/7K/5/10/6/10/4R/8/4/6 w 0 1",
    "5k/4/8/5/7K2/6/10/5/8/Q3/6 w 90 60",
    "5k/4/8/3K1/10/6/10/2S2/8/4/6 w 0 1",
    "5k/4/8/3K1/10/6/10/5/8/4/2Q3 w 0 1",
    "3k2/4/8/5/7q2/6/10/5/2P5/b3/K5 w 97 60",
    "k4r/4/8/5/10/6/10/5/8/4/K5 w 0 1",
];

/// The longest random game played.
const MAX_PLIES: usize = 400;

/// A random game from `start`, steered by `choices`: a choice sends the mover's last piece back
/// where it came from (so positions repeat), takes a move that leaves the opponent without one
/// (so games end on the board), or plays any legal move.
fn random_game(start: &Position, choices: &[u16]) -> Vec<Move> {
    let mut game = Game::from_position(start.clone());
    for &c in choices.iter().take(MAX_PLIES) {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let plies = game.plies();
        let back = plies
            .len()
            .checked_sub(2)
            .map(|i| Move::new(plies[i].mv.to, plies[i].mv.from))
            .filter(|m| legal.iter().any(|l| l == m));
        let ending = legal
            .iter()
            .copied()
            .find(|&m| !game.position().after(m).has_legal_move());
        let mv = match (c % 4, back, ending) {
            (0 | 1, Some(m), _) => m,
            (2, _, Some(m)) => m,
            _ => legal[usize::from(c / 4) % legal.len()],
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game.plies().iter().map(|p| p.mv).collect()
}

/// A mate exercise with no move limit that starts after `prefix` of `moves`, with the hashes of
/// the positions before it as its history, and replies handed in by the test.
fn stage_after(start: &Position, moves: &[Move]) -> Stage {
    let mut pos = start.clone();
    let mut history = Vec::new();
    for &mv in moves {
        history.push(pos.hash());
        pos.make_move(mv);
    }
    Stage {
        title: "agreement".into(),
        text: String::new(),
        hint: None,
        highlight: CellSet::EMPTY,
        start: pos,
        history,
        goal: Goal::Mate(u32::MAX),
        opponent: Opponent::Scripted(Vec::new()),
        line: 1,
    }
}

/// What the lesson must say when the game ends with `outcome` after a move by the learner
/// (`learner_moved`) or by the opponent.
fn expected(outcome: Outcome, learner_moved: bool, stage: &Stage) -> Progress {
    let opponent = !stage.learner();
    match (outcome, learner_moved) {
        (Outcome::Checkmate { .. }, true) => Progress::Complete(parachess::lessons::StageResult {
            stars: 0,
            moves: 0,
            fewest: 0,
        }),
        (Outcome::Stalemate { .. }, true) => Progress::Failed(Failure::StalemateNotMate(opponent)),
        (o, false) if o.winner().is_some() => Progress::Failed(Failure::Lost(opponent)),
        (o, _) => Progress::Failed(Failure::Drawn(o)),
    }
}

/// Plays `moves` from `start` as a game and, from `prefix` on, as a lesson too; checks after
/// every move that both agree whether and how the game ended. Returns the outcome and whether
/// the learner's move ended it.
fn agree(
    start: &Position,
    moves: &[Move],
    prefix: usize,
) -> Result<Option<(Outcome, bool)>, String> {
    let mut game = Game::from_position(start.clone());
    for &mv in &moves[..prefix] {
        game.play(mv).map_err(|e| e.to_string())?;
    }
    let stage = stage_after(start, &moves[..prefix]);
    let mut run = StageRun::with_fewest(&stage, 1);
    let mut history: Vec<u64> = stage.history.clone();
    for (i, &mv) in moves[prefix..].iter().enumerate() {
        let learner_moved = game.position().turn() == stage.learner();
        history.push(game.position().hash());
        game.play(mv).map_err(|e| e.to_string())?;
        let progress = if learner_moved {
            run.try_move(mv)
        } else {
            run.apply_reply(mv)
        }
        .map_err(|e| format!("the lesson refused {mv} at ply {}: {e}", prefix + i + 1))?;
        // The rules' one answer, asked directly, is the game's too.
        if board_outcome(game.position(), &history) != game.outcome() {
            return Err(format!(
                "board_outcome and Game disagree after {}",
                prefix + i + 1
            ));
        }
        if run.position() != game.position() {
            return Err(format!("positions differ after ply {}", prefix + i + 1));
        }
        match game.outcome() {
            None => {
                let fine = if learner_moved {
                    progress == Progress::AwaitReply
                } else {
                    progress == Progress::Replied(mv)
                };
                if !fine {
                    return Err(format!(
                        "the game goes on after ply {} ({}), the lesson says {progress:?}",
                        prefix + i + 1,
                        game.position()
                    ));
                }
            }
            Some(outcome) => {
                let want = expected(outcome, learner_moved, &stage);
                let same = match (&progress, &want) {
                    (Progress::Complete(_), Progress::Complete(_)) => true,
                    (a, b) => a == b,
                };
                if !same {
                    return Err(format!(
                        "the game ended by {outcome} after ply {} ({}), the lesson says {progress:?}",
                        prefix + i + 1,
                        game.position()
                    ));
                }
                return Ok(Some((outcome, learner_moved)));
            }
        }
    }
    Ok(None)
}

fn start(index: usize) -> Position {
    STARTS[index % STARTS.len()].parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn lessons_end_games_as_the_game_does(
        index in 0..STARTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..MAX_PLIES),
        cut in any::<u16>(),
    ) {
        let start = start(index);
        let moves = random_game(&start, &choices);
        prop_assume!(!moves.is_empty());
        let prefix = usize::from(cut) % moves.len();
        let agreed = agree(&start, &moves, prefix);
        prop_assert!(agreed.is_ok(), "{}", agreed.unwrap_err());
    }
}

/// The random games above reach every ending the board decides, ended by either side, so the
/// agreement is tested where it matters (a fixed set of games: the same every run).
#[test]
fn the_random_games_reach_every_ending_the_board_decides() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut seen = BTreeSet::new();
    for round in 0..300 {
        let start = start(round);
        let choices: Vec<u16> = (0..MAX_PLIES).map(|_| next() as u16).collect();
        let moves = random_game(&start, &choices);
        if moves.is_empty() {
            continue;
        }
        let prefix = next() as usize % moves.len();
        match agree(&start, &moves, prefix) {
            Ok(Some((outcome, learner_moved))) => {
                seen.insert((outcome.cause(), learner_moved));
            }
            Ok(None) => {}
            Err(e) => panic!("round {round}: {e}"),
        }
    }
    for cause in [
        "checkmate",
        "stalemate",
        "threefold repetition",
        "100 half-moves without capture or pawn move",
    ] {
        for learner in [true, false] {
            assert!(
                seen.contains(&(cause, learner)),
                "no game ended by {cause} after a move by the {}: {seen:?}",
                if learner { "learner" } else { "opponent" }
            );
        }
    }
}
