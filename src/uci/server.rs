//! `parachess uci`: the engine behind the UCI protocol. The input loop runs on the caller's
//! thread and each search on its own, so `stop`, `isready` and `quit` are answered while the
//! engine thinks. Output goes through one lock, a whole line at a time.

use std::io::{self, BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::engine::{
    AnalyseOptions, DEFAULT_HASH_MB, Engine, EvalWeights, LevelSettings, MAX_HASH_MB, MAX_SKILL,
    MAX_THREADS, PvLine, Report, Score, StopFlag, game_history,
};
use crate::rules::{Game, Move, Variant};

use super::command::{Command, CommandError, Go};
use super::{MAX_LINE_BYTES, VARIANT};

/// The `EvalFile` value that means the weights built into the program.
pub const EMBEDDED_EVAL: &str = "<embedded>";

/// Most lines `MultiPV` may ask for.
pub const MAX_MULTIPV: usize = 8;

/// The output, shared by the input loop and the search thread.
type Out<W> = Arc<Mutex<W>>;

/// Speaks UCI on `input` and `output` until `quit` or the end of the input. Bad lines are
/// answered with `info string error: …` and otherwise ignored. Fails only when the output
/// cannot be written.
pub fn run<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) -> io::Result<()> {
    let mut session = Session::new(Arc::new(Mutex::new(output)));
    let mut buffer = Vec::new();
    loop {
        let line = match read_line(&mut input, &mut buffer) {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(Overlong) => {
                say(
                    &session.out,
                    &format!("info string error: line longer than {MAX_LINE_BYTES} bytes"),
                )?;
                continue;
            }
        };
        if !session.handle(&line)? {
            break;
        }
    }
    session.finish_search();
    Ok(())
}

/// A line over [`MAX_LINE_BYTES`] (skipped).
struct Overlong;

/// The next line without its end (invalid UTF-8 replaced), `None` at the end of the input or
/// when it cannot be read.
fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> Result<Option<String>, Overlong> {
    buffer.clear();
    let limit = MAX_LINE_BYTES as u64 + 1;
    match Read::take(&mut *input, limit).read_until(b'\n', buffer) {
        Ok(0) | Err(_) => return Ok(None),
        Ok(_) => {}
    }
    if buffer.len() > MAX_LINE_BYTES && buffer.last() != Some(&b'\n') {
        // Skip the rest of the line, a bounded piece at a time.
        loop {
            buffer.clear();
            match Read::take(&mut *input, limit).read_until(b'\n', buffer) {
                Ok(0) | Err(_) => break,
                Ok(_) if buffer.last() == Some(&b'\n') => break,
                Ok(_) => {}
            }
        }
        return Err(Overlong);
    }
    Ok(Some(String::from_utf8_lossy(buffer).into_owned()))
}

fn say<W: Write>(out: &Out<W>, line: &str) -> io::Result<()> {
    let mut w = out.lock().unwrap_or_else(PoisonError::into_inner);
    w.write_all(line.as_bytes())?;
    w.write_all(b"\n")?;
    w.flush()
}

/// A search running on its own thread; joining gives the engine back.
struct Search {
    stop: StopFlag,
    /// Set just before `bestmove` is written: the thread is about to end.
    answered: Arc<AtomicBool>,
    handle: JoinHandle<Engine>,
}

struct Session<W> {
    out: Out<W>,
    /// The engine while no search holds it.
    engine: Option<Engine>,
    search: Option<Search>,
    game: Game,
    hash_mb: usize,
    /// The table size the engine has now (a new size is applied when it is idle).
    engine_hash_mb: usize,
    multipv: usize,
    skill: u8,
    /// Search threads (`Threads`), given to the engine when idle.
    threads: usize,
    /// The weights `EvalFile` chose (the process's until then), given to the engine when idle.
    weights: Arc<EvalWeights>,
    /// The variant `UCI_Variant` chose (Parachess until then).
    variant: &'static Variant,
}

/// A variant's name as a `UCI_Variant` value: lower case, words joined by hyphens.
pub fn uci_variant_name(name: &str) -> String {
    name.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

impl<W: Write + Send + 'static> Session<W> {
    fn new(out: Out<W>) -> Session<W> {
        Session {
            out,
            engine: None,
            search: None,
            game: Game::new(),
            hash_mb: DEFAULT_HASH_MB,
            engine_hash_mb: DEFAULT_HASH_MB,
            multipv: 1,
            skill: MAX_SKILL,
            threads: 1,
            weights: EvalWeights::shared_default(),
            variant: Variant::parachess(),
        }
    }

    /// Carries out one line; `false` after `quit`.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        let command = match Command::parse_in(line, self.variant) {
            Ok(c) => c,
            Err(CommandError::Empty) => return Ok(true),
            Err(e) => {
                self.error(&e.to_string())?;
                return Ok(true);
            }
        };
        match command {
            Command::Uci => self.identify()?,
            Command::Debug(_) => {}
            Command::IsReady => say(&self.out, "readyok")?,
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::UciNewGame => {
                self.game = Game::from_position(self.variant.start());
                self.idle_engine().new_game();
            }
            Command::Position { start, moves } => self.set_position(start, &moves)?,
            Command::Go(go) => self.go(go)?,
            Command::Stop => self.finish_search(),
            Command::PonderHit => self.error("pondering is not supported")?,
            Command::Quit => return Ok(false),
        }
        Ok(true)
    }

    fn error(&self, message: &str) -> io::Result<()> {
        let message: String = message.chars().filter(|c| !c.is_control()).collect();
        say(&self.out, &format!("info string error: {message}"))
    }

    fn identify(&self) -> io::Result<()> {
        let lines = [
            format!("id name Parachess {}", env!("CARGO_PKG_VERSION")),
            "id author the Parachess developers".to_string(),
            format!(
                "option name UCI_Variant type combo default {VARIANT}{}",
                variant_choices()
                    .iter()
                    .map(|n| format!(" var {n}"))
                    .collect::<String>()
            ),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!("option name Skill Level type spin default {MAX_SKILL} min 0 max {MAX_SKILL}"),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name EvalFile type string default {EMBEDDED_EVAL}"),
            "uciok".to_string(),
        ];
        for line in lines {
            say(&self.out, &line)?;
        }
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> io::Result<()> {
        let number = |max: usize, min: usize| -> Result<usize, String> {
            let text = value.unwrap_or_default().trim();
            text.parse::<usize>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| format!("{name} takes a number from {min} to {max}, not '{text}'"))
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "hash" => number(MAX_HASH_MB, 1).map(|n| self.hash_mb = n),
            "multipv" => number(MAX_MULTIPV, 1).map(|n| self.multipv = n),
            "threads" => number(MAX_THREADS, 1).map(|n| self.threads = n),
            "skill level" => number(MAX_SKILL.into(), 0).map(|n| self.skill = n as u8),
            "uci_variant" => match Variant::named(value.unwrap_or_default().trim()) {
                Ok(v) => {
                    self.variant = v;
                    self.game = Game::from_position(v.start());
                    Ok(())
                }
                Err(e) => Err(format!("UCI_Variant: {e}")),
            },
            "evalfile" => {
                let path = value.unwrap_or_default().trim();
                if path.is_empty() || path == EMBEDDED_EVAL {
                    self.weights = Arc::new(EvalWeights::default());
                    Ok(())
                } else {
                    EvalWeights::load(std::path::Path::new(path))
                        .map(|w| self.weights = Arc::new(w))
                        .map_err(|e| format!("EvalFile: {e} (the previous weights stay)"))
                }
            }
            _ => Err(format!("no option named '{name}'")),
        };
        match result {
            Ok(()) => Ok(()),
            Err(message) => self.error(&message),
        }
    }

    fn set_position(&mut self, start: crate::rules::Position, moves: &[Move]) -> io::Result<()> {
        let mut game = Game::from_position(start);
        for &mv in moves {
            // The parser already played these moves; a refusal here would be a bug, reported
            // rather than trusted.
            if let Err(e) = game.play(mv) {
                return self.error(&format!("move {mv}: {e}"));
            }
        }
        self.game = game;
        Ok(())
    }

    /// Ends the running search, if any (its `bestmove` is written first), and takes the engine
    /// back.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.stop();
            match search.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    let _ = self.error("the search failed; starting a fresh engine");
                }
            }
        }
    }

    /// The engine, once no search holds it, with the table size asked for.
    fn idle_engine(&mut self) -> &mut Engine {
        self.finish_search();
        let hash = self.hash_mb;
        if self.engine_hash_mb != hash
            && let Some(engine) = &mut self.engine
        {
            engine.set_hash_mb(hash);
        }
        self.engine_hash_mb = hash;
        let engine = self
            .engine
            .get_or_insert_with(|| Engine::with_hash_mb(hash));
        engine.set_threads(self.threads);
        if !Arc::ptr_eq(engine.weights(), &self.weights) {
            engine.set_weights(Arc::clone(&self.weights));
        }
        engine
    }

    fn go(&mut self, go: Go) -> io::Result<()> {
        if self
            .search
            .as_ref()
            .is_some_and(|s| !s.answered.load(Ordering::Acquire))
        {
            return self.error("already searching: send stop first");
        }
        self.idle_engine();
        let Some(engine) = self.engine.take() else {
            return self.error("no engine");
        };
        let stop = StopFlag::new();
        let answered = Arc::new(AtomicBool::new(false));
        let job = Job {
            answered: Arc::clone(&answered),
            game: self.game.clone(),
            limits_go: go,
            multipv: self.multipv,
            skill: self.skill,
            stop: stop.clone(),
            out: Arc::clone(&self.out),
        };
        let handle = thread::spawn(move || job.run(engine));
        self.search = Some(Search {
            stop,
            answered,
            handle,
        });
        Ok(())
    }
}

/// What a search thread needs.
struct Job<W> {
    game: Game,
    limits_go: Go,
    multipv: usize,
    skill: u8,
    stop: StopFlag,
    answered: Arc<AtomicBool>,
    out: Out<W>,
}

impl<W: Write + Send + 'static> Job<W> {
    /// Searches, writes `info` lines and the `bestmove`, and gives the engine back. Output
    /// errors are ignored here: the input loop notices a closed output on its next write.
    fn run(self, mut engine: Engine) -> Engine {
        let pos = self.game.position();
        let v = pos.variant();
        let limits = self.limits_go.limits(pos.turn());
        let settings = LevelSettings::from_skill(self.skill).within(&limits);
        let mut answer: Option<(Move, Option<Move>)> = None;
        if settings.noise > 0 {
            match engine.play_with(&self.game, &settings, &self.stop) {
                Ok(r) => {
                    let line = PvLine {
                        mv: r.best,
                        score: Score::from_value(r.score),
                        pv: r.pv.clone(),
                        depth: r.depth,
                        seldepth: r.seldepth,
                    };
                    let _ = say(
                        &self.out,
                        &info_line(&line, 1, r.nodes, r.nps(), r.elapsed, v),
                    );
                    answer = Some((r.best, None));
                }
                Err(e) => {
                    let _ = say(&self.out, &format!("info string error: {e}"));
                }
            }
        } else {
            let options = AnalyseOptions {
                multipv: self.multipv,
                searchmoves: self.limits_go.searchmoves.clone(),
            };
            let history = game_history(&self.game);
            let mut last: Option<Vec<PvLine>> = None;
            let result = engine.analyse(
                pos,
                &history,
                &settings.limits,
                &options,
                &self.stop,
                &mut |report| {
                    write_report(&self.out, report, v);
                    last = Some(report.lines.clone());
                },
            );
            match result {
                Ok(report) => {
                    if last.as_ref() != Some(&report.lines) {
                        write_report(&self.out, &report, v);
                    }
                    let ponder = report.lines.first().and_then(|l| l.pv.get(1).copied());
                    answer = Some((report.best, ponder));
                }
                Err(e) => {
                    let _ = say(&self.out, &format!("info string error: {e}"));
                }
            }
        }
        if self.limits_go.is_infinite() && answer.is_some() {
            // UCI: an infinite search answers only after `stop`, even when it has finished.
            while !self.stop.is_stopped() {
                thread::sleep(Duration::from_millis(1));
            }
        }
        let line = match answer {
            Some((best, Some(ponder))) => {
                format!("bestmove {} ponder {}", best.bare(v), ponder.bare(v))
            }
            Some((best, None)) => format!("bestmove {}", best.bare(v)),
            None => "bestmove (none)".to_string(),
        };
        self.answered.store(true, Ordering::Release);
        let _ = say(&self.out, &line);
        engine
    }
}

/// The `UCI_Variant` values offered: the built-ins, then the player's own variants.
fn variant_choices() -> Vec<String> {
    let mut names = Variant::builtin_names();
    if let Ok(dir) = crate::store::data_dir() {
        for v in crate::store::load_player_variants(&dir)
            .into_iter()
            .flatten()
        {
            names.push(v.name().to_string());
        }
    }
    names.iter().map(|n| uci_variant_name(n)).collect()
}

fn write_report<W: Write>(out: &Out<W>, report: &Report, v: &Variant) {
    for (k, line) in report.lines.iter().enumerate() {
        let text = info_line(line, k + 1, report.nodes, report.nps(), report.elapsed, v);
        let _ = say(out, &text);
    }
}

/// `info depth … seldepth … multipv k score cp|mate … nodes … nps … time … pv …`.
fn info_line(
    line: &PvLine,
    k: usize,
    nodes: u64,
    nps: u64,
    elapsed: Duration,
    v: &Variant,
) -> String {
    let score = match line.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let mut text = format!(
        "info depth {} seldepth {} multipv {k} score {score} nodes {nodes} nps {nps} time {} pv",
        line.depth,
        line.seldepth,
        elapsed.as_millis(),
    );
    for mv in &line.pv {
        text.push(' ');
        text.push_str(&mv.bare(v));
    }
    text
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::{self, Receiver, Sender};

    use super::*;
    use crate::rules::Position;

    /// Input fed line by line from the test.
    struct ChannelReader {
        lines: Receiver<Vec<u8>>,
        buffer: Vec<u8>,
        at: usize,
    }

    impl Read for ChannelReader {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let available = self.fill_buf()?;
            let n = available.len().min(out.len());
            out[..n].copy_from_slice(&available[..n]);
            self.consume(n);
            Ok(n)
        }
    }

    impl BufRead for ChannelReader {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            if self.at == self.buffer.len() {
                // The end of the input once the test drops its sender.
                self.buffer = self.lines.recv().unwrap_or_default();
                self.at = 0;
            }
            Ok(&self.buffer[self.at..])
        }

        fn consume(&mut self, n: usize) {
            self.at += n;
        }
    }

    /// Output passed to the test line by line.
    struct ChannelWriter {
        lines: Sender<String>,
        partial: Vec<u8>,
    }

    impl Write for ChannelWriter {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            for &b in bytes {
                if b == b'\n' {
                    let line = String::from_utf8_lossy(&self.partial).into_owned();
                    self.partial.clear();
                    let _ = self.lines.send(line);
                } else {
                    self.partial.push(b);
                }
            }
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The loop on its own thread, talked to through channels.
    struct Harness {
        input: Option<Sender<Vec<u8>>>,
        output: Receiver<String>,
        done: Option<JoinHandle<io::Result<()>>>,
    }

    const WAIT: Duration = Duration::from_secs(20);

    impl Harness {
        fn start() -> Harness {
            let (input, lines) = mpsc::channel();
            let (tx, output) = mpsc::channel();
            let reader = ChannelReader {
                lines,
                buffer: Vec::new(),
                at: 0,
            };
            let writer = ChannelWriter {
                lines: tx,
                partial: Vec::new(),
            };
            let done = thread::spawn(move || run(reader, writer));
            Harness {
                input: Some(input),
                output,
                done: Some(done),
            }
        }

        fn send(&self, line: &str) {
            self.send_bytes(format!("{line}\n").as_bytes());
        }

        fn send_bytes(&self, bytes: &[u8]) {
            if let Some(input) = &self.input {
                input.send(bytes.to_vec()).unwrap();
            }
        }

        /// Lines up to and including the first that starts with `prefix`.
        fn until(&self, prefix: &str) -> Vec<String> {
            let mut lines = Vec::new();
            loop {
                let line = self
                    .output
                    .recv_timeout(WAIT)
                    .unwrap_or_else(|e| panic!("no '{prefix}' ({e}) after {lines:?}"));
                let found = line.starts_with(prefix);
                lines.push(line);
                if found {
                    return lines;
                }
            }
        }

        /// The lines a command produces before `readyok`.
        fn answer(&self, line: &str) -> Vec<String> {
            self.send(line);
            self.send("isready");
            let mut lines = self.until("readyok");
            lines.pop();
            lines
        }

        /// The move of the `bestmove` line ending `lines`.
        fn best(lines: &[String]) -> String {
            let last = lines.last().unwrap();
            last.split_whitespace().nth(1).unwrap().to_string()
        }

        fn quit(mut self) {
            self.send("quit");
            self.input = None;
            let done = self.done.take().unwrap();
            assert!(done.join().unwrap().is_ok());
        }
    }

    #[test]
    fn a_session_answers_in_protocol_order() {
        let h = Harness::start();
        h.send("uci");
        let hello = h.until("uciok");
        assert!(hello[0].starts_with("id name Parachess "), "{hello:?}");
        for option in [
            "option name UCI_Variant type combo default parachess var parachess",
            "option name Hash type spin",
            "option name MultiPV type spin default 1 min 1 max",
            "option name Skill Level type spin default 20 min 0 max 20",
        ] {
            assert!(hello.iter().any(|l| l.starts_with(option)), "{option}");
        }
        assert!(
            h.answer("setoption name UCI_Variant value parachess")
                .is_empty()
        );
        assert!(h.answer("setoption name hash value 2").is_empty());
        assert!(h.answer("ucinewgame").is_empty());
        assert!(h.answer("position startpos moves c4d3 i4h3").is_empty());
        h.send("go depth 3");
        let lines = h.until("bestmove");
        let depths: Vec<&str> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .map(|l| l.split_whitespace().nth(2).unwrap())
            .collect();
        assert_eq!(depths, ["1", "2", "3"], "{lines:?}");
        let info = &lines[lines.len() - 2];
        for word in [
            " seldepth ",
            " multipv 1 ",
            " score cp ",
            " nodes ",
            " nps ",
            " time ",
            " pv ",
        ] {
            assert!(info.contains(word), "{word} in {info}");
        }
        let mut pos = Position::start();
        for text in ["c4d3", "i4h3"] {
            pos.make_move(pos.parse_move(text).unwrap());
        }
        assert!(pos.parse_move(&Harness::best(&lines)).is_ok(), "{lines:?}");
        h.quit();
    }

    #[test]
    fn multipv_and_searchmoves_shape_the_answer() {
        let h = Harness::start();
        assert!(h.answer("setoption name MultiPV value 3").is_empty());
        h.send("go depth 2");
        let lines = h.until("bestmove");
        for k in 1..=3 {
            let tag = format!(" multipv {k} ");
            assert_eq!(
                lines.iter().filter(|l| l.contains(&tag)).count(),
                2,
                "{lines:?}"
            );
        }
        h.send("go depth 2 searchmoves c4d3 c5d4");
        let lines = h.until("bestmove");
        assert!(["c4d3", "c5d4"].contains(&Harness::best(&lines).as_str()));
        assert!(
            !lines.iter().any(|l| l.contains(" multipv 3 ")),
            "{lines:?}"
        );
        h.send("go depth 2 searchmoves i4h3");
        let lines = h.until("bestmove");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: i4h3"))
        );
        assert_eq!(lines.last().unwrap(), "bestmove (none)");
        h.quit();
    }

    #[test]
    fn weak_skill_levels_still_play_legal_moves() {
        let h = Harness::start();
        for skill in [0, 5, 19] {
            assert!(
                h.answer(&format!("setoption name Skill Level value {skill}"))
                    .is_empty()
            );
            h.send("go movetime 200");
            let lines = h.until("bestmove");
            let best = Harness::best(&lines);
            assert!(Position::start().parse_move(&best).is_ok(), "{lines:?}");
        }
        h.quit();
    }

    #[test]
    fn a_lost_position_answers_none() {
        let h = Harness::start();
        // Black to move, checkmated.
        let mated = "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1";
        let pos: Position = mated.parse().unwrap();
        let mate = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| !pos.after(m).has_legal_move())
            .unwrap();
        assert!(
            h.answer(&format!("position fen {mated} moves {mate}"))
                .is_empty()
        );
        h.send("go depth 3");
        let lines = h.until("bestmove");
        assert!(lines[0].contains("no legal move"), "{lines:?}");
        assert_eq!(lines.last().unwrap(), "bestmove (none)");
        h.quit();
    }

    #[test]
    fn bad_lines_are_reported_and_change_nothing() {
        let h = Harness::start();
        assert!(h.answer("position startpos moves c4d3").is_empty());
        let cases: [(&[u8], &str); 12] = [
            (b"xyzzy\n", "unknown command 'xyzzy'"),
            (b"position startpos moves c4d3 c4d3\n", "move 2 'c4d3'"),
            (b"position fen 1/2/3 w 0 1\n", "bad position text"),
            (
                b"setoption name Hash value 0\n",
                "Hash takes a number from 1",
            ),
            (
                b"setoption name MultiPV value 99\n",
                "MultiPV takes a number",
            ),
            (
                b"setoption name Skill Level value -1\n",
                "Skill Level takes",
            ),
            (
                b"setoption name Ponder value true\n",
                "no option named 'Ponder'",
            ),
            (
                b"setoption name UCI_Variant value chess\n",
                "no variant called \"chess\"",
            ),
            (b"go depth ten\n", "whole number"),
            (b"\xff\xfe go\n", "unknown command"),
            (b"ponderhit\n", "not supported"),
            (b"stop now\n", "'stop' does not take 'now'"),
        ];
        for (bytes, expected) in cases {
            h.send_bytes(bytes);
            h.send("isready");
            let mut lines = h.until("readyok");
            lines.pop();
            assert_eq!(lines.len(), 1, "{bytes:?}: {lines:?}");
            assert!(
                lines[0].starts_with("info string error: ") && lines[0].contains(expected),
                "{bytes:?}: {lines:?}"
            );
        }
        let mut long = vec![b'a'; MAX_LINE_BYTES + 10];
        long.push(b'\n');
        h.send_bytes(&long);
        h.send("isready");
        let lines = h.until("readyok");
        assert!(lines[0].contains("line longer than"), "{lines:?}");
        // Still the position after c4d3: Black to move.
        h.send("go depth 2");
        let lines = h.until("bestmove");
        let mut pos = Position::start();
        pos.make_move(pos.parse_move("c4d3").unwrap());
        assert!(pos.parse_move(&Harness::best(&lines)).is_ok(), "{lines:?}");
        h.quit();
    }

    #[test]
    fn infinite_searches_answer_isready_and_wait_for_stop() {
        let h = Harness::start();
        h.send("go infinite");
        h.send("isready");
        let lines = h.until("readyok");
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{lines:?}"
        );
        h.send("go depth 1");
        let lines = h.until("info string error: already searching");
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{lines:?}"
        );
        h.send("stop");
        h.until("bestmove");
        // A finished infinite search (mate found at once) still waits for stop.
        let mated = "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1";
        assert!(h.answer(&format!("position fen {mated}")).is_empty());
        h.send("go infinite");
        thread::sleep(Duration::from_millis(100));
        let lines = h.answer("debug on");
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{lines:?}"
        );
        h.send("stop");
        let lines = h.until("bestmove");
        assert!(lines.last().unwrap().starts_with("bestmove "));
        h.quit();
    }

    #[test]
    fn the_end_of_the_input_ends_a_search_and_the_loop() {
        let mut h = Harness::start();
        h.send("go infinite");
        h.input = None;
        h.until("bestmove");
        let done = h.done.take().unwrap();
        assert!(done.join().unwrap().is_ok());
    }
}
