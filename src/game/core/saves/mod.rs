//! Saving and loading, on the rule that **a player's game is never lost**: an unfinished game
//! on disk is never overwritten or deleted unless it was first kept elsewhere where the player
//! can find it (`saves/unfinished-<date time>.pgn`, listed by Load), and the player is told.
//!
//! * The autosave holds the game on the board after every change. Before it is given to
//!   another game (a new game, a loaded one, a game from `--position`, a pasted position)
//!   while it holds an unfinished one, that one is kept among the saves first.
//! * An unreadable autosave is moved aside (`autosave.corrupt-<date time>.pgn`) at start and
//!   the player is told where.
//! * Files are written by a background thread ([`writer`]), in order, so the frame loop
//!   never waits for the disk; failures come back to the status line. Autosave is never
//!   switched off silently.

mod writer;

use crate::tr;
use std::path::PathBuf;
use std::time::Duration;
use writer::{Done, Job, SaveWriter};

use bevy::clipboard::Clipboard;
use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, block_on, poll_once};

use crate::engine::Level;
use crate::game::core::actions::{ActionsExt, SaveRequest};
use crate::game::core::screens::{Modal, Screen, set_modal, set_screen};
use crate::game::core::state::{ChessGame, GameCommand, ResumableSave, SeatKind, StatusLine};
use crate::game::core::{DataDir, GameSet};
use crate::rules::Position;
use crate::rules::record::{GameRecord, Tags};
use crate::store::{SaveInfo, Store, StoreError};

/// What the autosave file holds, as far as this session knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// Nothing worth keeping: no file, an empty game or a finished one.
    Free,
    /// An unfinished game that is not on the board: from before this session started, or one
    /// this session played before another game took the board.
    Unfinished,
    /// The game with this identity ([`ChessGame::id`]).
    Board(u64),
}

/// The player's store, the writer, and what the autosave holds.
#[derive(Resource)]
pub struct Saves {
    store: Option<Store>,
    writer: Option<SaveWriter>,
    slot: Slot,
    /// Whether the game last written to the autosave was unfinished (so keeping it matters
    /// when another game takes its place).
    slot_unfinished: bool,
    /// The unfinished game found in the autosave at start: what Continue resumes.
    resumable: Option<GameRecord>,
    /// The saved-games list being read in the background.
    listing: Option<Task<Result<Vec<SaveInfo>, StoreError>>>,
    /// A saved game being read in the background, and what to do with it once read.
    opening: Option<(Task<Result<GameRecord, StoreError>>, OnRead)>,
    /// The file of the saved game being read, then of the one last read.
    opened: Option<PathBuf>,
    /// The saved game the autosave's game was loaded from: kept again there, updated in
    /// place, rather than as another copy.
    home: Option<PathBuf>,
    /// The file of a game just loaded to play on ([`ChessGame::id`]): its home once the
    /// autosave takes it.
    next_home: Option<(u64, PathBuf)>,
}

/// What a saved game read for the Load dialog is for.
pub type OnRead = fn(&mut World, GameRecord);

impl Saves {
    /// Whether an unfinished game from before this session waits in the autosave.
    pub fn has_resumable(&self) -> bool {
        self.resumable.is_some()
    }

    /// Waits (at most `limit`) until every queued write has reached the disk: for tests and
    /// for leaving the program.
    pub fn wait_idle(&self, limit: Duration) -> bool {
        self.writer.as_ref().is_none_or(|w| w.wait_idle(limit))
    }

    /// The store, when the data folder is usable.
    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }
}

/// A game server's game that Continue goes back to (the autosave held it): the server screen
/// takes it, opens the game there and shows it, running or ended.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ContinueOnServer {
    /// The server's address, `http://HOST:PORT`.
    pub server: String,
    /// The game's id there.
    pub game: String,
}

impl ContinueOnServer {
    /// The server game a record's `[Site]` names (`http://HOST:PORT/game/ID`), if it does.
    fn of(record: &GameRecord) -> Option<ContinueOnServer> {
        let site = record.tags.site.as_deref()?;
        if !site.starts_with("http://") && !site.starts_with("https://") {
            return None;
        }
        let (server, game) = site.rsplit_once("/game/")?;
        let plain = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        (!game.is_empty() && game.len() <= 64 && game.chars().all(plain)).then(|| {
            ContinueOnServer {
                server: server.to_string(),
                game: game.to_string(),
            }
        })
    }
}

/// A direct-play game joined from this data folder that Continue goes back to: the autosave
/// held it and its seat's token is kept ([`crate::store::seats`]); the online screen joins
/// it again, presenting the token.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ContinueJoined {
    /// The host's address, as typed when joining.
    pub addr: String,
    /// The join code.
    pub code: String,
}

impl ContinueJoined {
    /// The joined game a record's `[Site]` names (`joined HOST:PORT`), if its seat is kept
    /// in `dir`.
    fn of(record: &GameRecord, dir: &std::path::Path) -> Option<ContinueJoined> {
        let addr = record.tags.site.as_deref()?.strip_prefix("joined ")?;
        let code = crate::store::seats::seat_code(dir, addr)?;
        Some(ContinueJoined {
            addr: addr.to_string(),
            code,
        })
    }
}

/// The saved games for the Load dialog: (label, file).
#[derive(Resource, Default, Debug, Clone)]
pub struct SaveList(pub Vec<(String, PathBuf)>, pub bool);

pub(crate) fn plugin(app: &mut App) {
    // Offscreen runs (screenshots, benchmarks) must never touch the player's games.
    let offscreen = app
        .world()
        .get_resource::<crate::game::core::launch::LaunchOptions>()
        .is_some_and(crate::game::core::launch::LaunchOptions::offscreen);
    if offscreen {
        return;
    }
    app.init_resource::<SaveList>()
        .answer(handle)
        .add_systems(PreStartup, open_store)
        .add_systems(
            Update,
            (
                collect_list,
                report_writes,
                collect_opened,
                publish_resumable,
            )
                .in_set(GameSet::Input),
        )
        .add_systems(
            Update,
            autosave.in_set(GameSet::View).run_if(
                in_state(Screen::Play).or_else(crate::game::core::follow::followed_game_on_board),
            ),
        );
}

/// The data folder the saves live in (`None` when there is none: then nothing is written).
pub fn data_folder(world: &World) -> Option<PathBuf> {
    world
        .get_resource::<Saves>()
        .and_then(|s| s.store.as_ref())
        .map(|s| s.dir().to_path_buf())
}

/// Keeps a game among the named saves as `name` (written off the frame thread; the status
/// line says where). Returns whether the write was queued.
pub fn save_named(world: &mut World, name: String, text: String) -> bool {
    let sent = world
        .get_resource::<Saves>()
        .and_then(|s| s.writer.as_ref())
        .map(|w| w.send(Job::Save { name, text }));
    match sent {
        Some(Ok(())) => true,
        Some(Err(e)) => {
            if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
                status.warn(tr!("save-not-saved", error = e.to_string()));
            }
            false
        }
        None => false,
    }
}

fn player_tag(player: SeatKind) -> String {
    match player {
        SeatKind::Human => "Human".into(),
        SeatKind::Computer(level) => format!("Computer ({level})"),
        SeatKind::Elsewhere => "Opponent".into(),
    }
}

fn tag_player(tag: Option<&str>) -> SeatKind {
    let Some(text) = tag else {
        return SeatKind::Human;
    };
    Level::ALL
        .into_iter()
        .find(|l| text == format!("Computer ({l})"))
        .map_or(SeatKind::Human, SeatKind::Computer)
}

fn players_of(record: &GameRecord) -> [SeatKind; 2] {
    [
        tag_player(record.tags.white.as_deref()),
        tag_player(record.tags.black.as_deref()),
    ]
}

/// The record's tags; `me` (the name from Settings, maybe empty) names the player's own seat.
fn tags_for(game: &ChessGame, me: &str) -> Tags {
    let origin = game.origin();
    let name = |i: usize| {
        origin.names[i].clone().unwrap_or_else(|| {
            if game.own_seat() == Some(i) && !me.is_empty() {
                me.to_string()
            } else {
                player_tag(game.players()[i])
            }
        })
    };
    Tags {
        event: Some(
            origin
                .event
                .clone()
                .unwrap_or_else(|| "Parachess game".into()),
        ),
        site: origin.site.clone(),
        date: Some(crate::store::today()),
        white: Some(name(0)),
        black: Some(name(1)),
        time_control: game.clocks().map(crate::rules::clock::Clocks::control),
        ..Tags::default()
    }
}

fn unfinished(game: &crate::rules::Game) -> bool {
    !game.is_over() && !game.plies().is_empty()
}

fn open_store(world: &mut World) {
    let dir = world.get_resource::<DataDir>().map(|d| d.0.clone());
    let opened = match dir {
        Some(dir) => Store::at(dir),
        None => Store::open(),
    };
    let mut saves = Saves {
        store: None,
        writer: None,
        slot: Slot::Free,
        slot_unfinished: false,
        resumable: None,
        listing: None,
        opening: None,
        opened: None,
        home: None,
        next_home: None,
    };
    let mut message: Option<(String, bool)> = None;
    let mut autosave_off = false;
    match opened {
        Err(e) => message = Some((tr!("save-cannot-save", error = e.to_string()), true)),
        Ok(store) => {
            match store.load_autosave() {
                Ok(Some(record)) if unfinished(&record.game) => {
                    saves.slot = Slot::Unfinished;
                    saves.slot_unfinished = true;
                    saves.resumable = Some(record);
                }
                Ok(_) => {}
                Err(e) => {
                    message = Some(match store.set_aside_corrupt_autosave() {
                        Ok(aside) => (
                            tr!(
                                "save-autosave-unreadable-kept",
                                error = e.to_string(),
                                path = aside.display().to_string()
                            ),
                            true,
                        ),
                        Err(move_err) => {
                            autosave_off = true;
                            (
                                tr!(
                                    "save-autosave-unreadable-off",
                                    error = e.to_string(),
                                    why = move_err.to_string()
                                ),
                                true,
                            )
                        }
                    });
                }
            }
            let usable = !autosave_off;
            match SaveWriter::start(store.clone()) {
                Ok(writer) if usable => saves.writer = Some(writer),
                Ok(_) => {}
                Err(e) => message = Some((tr!("save-no-writer", error = e.to_string()), true)),
            }
            saves.store = Some(store);
        }
    }
    if let Some((text, warning)) = message
        && let Some(mut status) = world.get_resource_mut::<StatusLine>()
    {
        if warning {
            status.warn(text);
        } else {
            status.info(text);
        }
    }
    world.insert_resource(saves);
}

/// Writes the game after every change, keeping an unfinished game of another identity first.
fn autosave(
    game: Res<ChessGame>,
    stash: Option<Res<crate::game::core::state::PlayStash>>,
    mut saves: ResMut<Saves>,
    mut last: Local<Option<(u64, u64)>>,
    mut status: ResMut<StatusLine>,
    me: Option<Res<crate::game::core::prefs::PlayerName>>,
) {
    // A screen that took the board (analysis, say, opened from the play screen: the screen
    // changes at the end of the frame) holds another game than the player's.
    if stash.is_some_and(|s| s.board_borrowed()) {
        return;
    }
    // Showing another position of the game changes nothing on disk.
    let key = (game.id(), game.game_revision());
    if *last == Some(key) {
        return;
    }
    *last = Some(key);
    let Some(writer) = &saves.writer else {
        return;
    };
    let ours = saves.slot == Slot::Board(game.id());
    // An empty game on the board does not take the place of an unfinished one.
    if !ours && saves.slot_unfinished && game.game().plies().is_empty() && !game.game().is_over() {
        return;
    }
    let me = me.as_ref().map_or("", |n| n.0.as_str());
    let text = record_text(&game, &tags_for(&game, me));
    let keep = !ours && saves.slot_unfinished;
    let job = if keep {
        Job::KeepThenAutosave {
            text,
            home: saves.home.clone(),
        }
    } else {
        Job::Autosave(text)
    };
    if let Err(e) = writer.send(job) {
        status.warn(tr!("save-autosave-failed", error = e.to_string()));
        return;
    }
    if keep && saves.slot == Slot::Unfinished {
        // What Continue would have resumed is now among the saves.
        saves.resumable = None;
    }
    if !ours {
        let id = game.id();
        saves.home = saves
            .next_home
            .take()
            .filter(|(of, _)| *of == id)
            .map(|(_, path)| path);
    }
    saves.slot = Slot::Board(game.id());
    saves.slot_unfinished = unfinished(game.game());
}

/// The game's record as written: a game followed from elsewhere (a server's, a network
/// game) with clock notes after every move or none, so that it always reads back.
fn record_text(game: &ChessGame, tags: &Tags) -> String {
    let notes = if game.origin().site.is_some() {
        std::borrow::Cow::Owned(crate::rules::record::clocks_whole_or_none(
            game.notes(),
            game.game().plies().len(),
        ))
    } else {
        std::borrow::Cow::Borrowed(game.notes())
    };
    crate::rules::record::write_record(game.game(), tags, &notes)
}

/// A saved file's name without its folder: the status line stays one line (Load lists the
/// saves folder's files by these names).
fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy()
        .into_owned()
}

/// Tells the player what the writer did (or could not do).
fn report_writes(saves: Option<Res<Saves>>, mut status: ResMut<StatusLine>) {
    let Some(writer) = saves.as_ref().and_then(|s| s.writer.as_ref()) else {
        return;
    };
    for done in writer.finished() {
        match done {
            Done::Kept(path) => status.info(tr!("save-unfinished-kept", path = file_name(&path))),
            Done::Saved(path) => status.info(tr!("save-saved-as", path = file_name(&path))),
            Done::Failed(e) => status.warn(e),
        }
    }
}

/// Whether a game can be saved: the data folder is usable and its writer runs. When not,
/// the status line says so.
pub fn can_save(world: &mut World) -> bool {
    let usable = world
        .get_resource::<Saves>()
        .is_some_and(|s| s.writer.is_some());
    if !usable && let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.warn(tr!("save-no-data-dir"));
    }
    usable
}

/// Saves the game on the board among the named saves as `name` (the store makes it a file
/// name; an empty one is today's date and time), never over an existing file: the status
/// line says what became of it.
pub fn save_as(world: &mut World, name: &str) {
    let name = match name.trim() {
        "" => save_name_at(&crate::store::now_local()),
        name => name.to_string(),
    };
    let Some(game) = world.get_resource::<ChessGame>() else {
        return;
    };
    let me = world
        .get_resource::<crate::game::core::prefs::PlayerName>()
        .map_or("", |n| n.0.as_str());
    let text = record_text(game, &tags_for(game, me));
    if world
        .get_resource::<Saves>()
        .is_none_or(|s| s.writer.is_none())
    {
        can_save(world);
        return;
    }
    save_named(world, name, text);
}

/// A save's name: the local date and time, e.g. `game 2026-12-01 21-04-05`.
pub fn save_name_at(when: &jiff::ZonedDateTime) -> String {
    format!("game {}", crate::store::file_stamp(when))
}

/// Tells the other parts whether a saved unfinished game waits ([`ResumableSave`]).
fn publish_resumable(saves: Option<Res<Saves>>, mut flag: ResMut<ResumableSave>) {
    let waits = saves.is_some_and(|s| s.has_resumable());
    if flag.0 != waits {
        flag.0 = waits;
    }
}

fn handle(world: &mut World, request: SaveRequest) {
    let store = world.get_resource::<Saves>().and_then(|s| s.store.clone());
    let warn = |world: &mut World, text: String| {
        if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
            status.warn(text);
        }
    };
    let info = |world: &mut World, text: String| {
        if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
            status.info(text);
        }
    };
    match request {
        SaveRequest::List => {
            let Some(store) = store else {
                warn(world, tr!("save-no-data-dir"));
                return;
            };
            let task = IoTaskPool::get().spawn(async move { store.list_saves() });
            if let Some(mut saves) = world.get_resource_mut::<Saves>() {
                saves.listing = Some(task);
            }
            world.insert_resource(SaveList(Vec::new(), true));
            set_modal(world, Modal::Load);
        }
        SaveRequest::Continue => {
            let play_game_waits = world
                .get_resource::<crate::game::core::state::PlayStash>()
                .is_some_and(|s| s.unfinished_game_waits(world));
            if play_game_waits {
                // Entering the play screen brings the play game back.
                set_screen(world, Screen::Play);
            } else if let Some(there) = world
                .get_resource::<Saves>()
                .and_then(|s| s.resumable.as_ref())
                .and_then(ContinueOnServer::of)
            {
                // A server's game goes on at the server (the autosave keeps it meanwhile).
                world.insert_resource(there);
                set_screen(world, Screen::Lobby);
            } else if let Some(there) = world.get_resource::<Saves>().and_then(|s| {
                let dir = s.store.as_ref()?.dir();
                ContinueJoined::of(s.resumable.as_ref()?, dir)
            }) {
                // A joined game whose seat is kept: joined again, the seat taken back.
                world.insert_resource(there);
                set_screen(world, Screen::Online);
            } else if let Some(record) = world
                .get_resource_mut::<Saves>()
                .and_then(|mut s| s.resumable.take())
            {
                // The resumed game is the play game now: nothing kept aside may replace it.
                let players = players_of(&record);
                let resume = GameCommand::Resume(Box::new(record), players);
                if crate::game::core::state::apply(world, resume).changed()
                    && let Some(id) = world.get_resource::<ChessGame>().map(ChessGame::id)
                    && let Some(mut saves) = world.get_resource_mut::<Saves>()
                {
                    // The autosave holds exactly this game: it is the board's now.
                    saves.slot = Slot::Board(id);
                }
                set_screen(world, Screen::Play);
                info(world, tr!("save-welcome-back"));
            } else {
                set_screen(world, Screen::Play);
                set_modal(world, Modal::NewGame);
            }
        }
        SaveRequest::Copy => {
            let Some(game) = world.get_resource::<ChessGame>() else {
                return;
            };
            // The position on the board: an earlier one while the player looks back.
            let pos = game.board().position().clone();
            let text = pos.to_string();
            let copied = world
                .get_resource_mut::<Clipboard>()
                .map(|mut c| c.set_text(text.clone()));
            let file = store.as_ref().map(|s| s.export_position("current", &pos));
            match (copied, file) {
                (Some(Ok(())), Some(Ok(path))) => info(
                    world,
                    tr!("pos-copied-both", path = path.display().to_string()),
                ),
                (Some(Ok(())), _) => info(world, tr!("pos-copied")),
                (_, Some(Ok(path))) => {
                    info(world, tr!("pos-written", path = path.display().to_string()))
                }
                (_, Some(Err(e))) => warn(world, tr!("pos-not-exported", error = e.to_string())),
                _ => warn(world, tr!("pos-no-clipboard-text", text = text.as_str())),
            }
        }
        SaveRequest::Paste => {
            let fetched = world
                .get_resource_mut::<Clipboard>()
                .map(|mut c| c.fetch_text().poll_result());
            let text = match fetched {
                None => return warn(world, tr!("pos-no-clipboard")),
                Some(Some(Ok(t))) => t,
                Some(Some(Err(e))) => {
                    return warn(world, tr!("pos-clipboard-error", error = e.to_string()));
                }
                Some(None) => return warn(world, tr!("pos-clipboard-not-ready")),
            };
            match text.trim().parse::<Position>() {
                Ok(pos) => {
                    let players = world
                        .get_resource::<ChessGame>()
                        .map_or([SeatKind::Human; 2], |g| g.players());
                    world.write_message(GameCommand::NewGame {
                        start: Some(Box::new(pos)),
                        players,
                    });
                    info(world, tr!("pos-pasted"));
                }
                Err(e) => warn(
                    world,
                    tr!(
                        "pos-not-a-position",
                        error = crate::game::text::position_error_text(&e)
                    ),
                ),
            }
        }
    }
}

/// Loads a saved game chosen in the Load dialog, to play on. Kept again, it goes back to its
/// file (one game, one file).
pub fn load_file(world: &mut World, path: PathBuf) {
    open_saved(world, path, |world, record| {
        let players = players_of(&record);
        let resume = GameCommand::Resume(Box::new(record), players);
        if crate::game::core::state::apply(world, resume).changed()
            && let Some(id) = world.get_resource::<ChessGame>().map(ChessGame::id)
            && let Some(mut saves) = world.get_resource_mut::<Saves>()
        {
            saves.next_home = saves.opened.clone().map(|path| (id, path));
        }
        set_screen(world, Screen::Play);
    });
}

/// Reads a saved game in the background (the frame loop never waits on the disk), then does
/// `then` with it; a file that cannot be read changes nothing, and the status line says why.
/// A second request while one is read replaces it: the player's last choice wins.
pub fn open_saved(world: &mut World, path: PathBuf, then: OnRead) {
    let Some(mut saves) = world.get_resource_mut::<Saves>() else {
        return;
    };
    let Some(store) = saves.store.clone() else {
        return;
    };
    saves.opened = Some(path.clone());
    let task = IoTaskPool::get().spawn(async move { store.load_game(&path) });
    saves.opening = Some((task, then));
}

/// Whether a saved game is still being read (tests wait for it).
pub fn opening_saved(world: &World) -> bool {
    world
        .get_resource::<Saves>()
        .is_some_and(|s| s.opening.is_some())
}

/// Hands a saved game read in the background to what asked for it.
fn collect_opened(world: &mut World) {
    let Some(mut saves) = world.get_resource_mut::<Saves>() else {
        return;
    };
    let Some((task, _)) = saves.opening.as_mut() else {
        return;
    };
    let Some(result) = block_on(poll_once(task)) else {
        return;
    };
    let Some((_, then)) = saves.opening.take() else {
        return;
    };
    match result {
        Ok(record) => then(world, record),
        Err(e) => {
            if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
                status.warn(tr!("load-cannot", error = e.to_string()));
            }
        }
    }
}

/// Takes the saved-games list when the background read finishes.
fn collect_list(
    saves: Option<ResMut<Saves>>,
    mut list: ResMut<SaveList>,
    mut status: ResMut<StatusLine>,
) {
    let Some(mut saves) = saves else { return };
    let Some(task) = saves.listing.as_mut() else {
        return;
    };
    let Some(result) = block_on(poll_once(task)) else {
        return;
    };
    saves.listing = None;
    match result {
        Ok(found) => {
            *list = SaveList(
                found
                    .into_iter()
                    .map(|info| {
                        let label = match &info.summary {
                            Ok(s) => {
                                tr!(
                                    "load-row",
                                    name = info.name.as_str(),
                                    n = s.moves(),
                                    result = match s.outcome {
                                        Some(_) => s.result.to_string(),
                                        None => tr!("load-unfinished"),
                                    }
                                )
                            }
                            Err(e) => tr!(
                                "load-row-unreadable",
                                name = info.name.as_str(),
                                // The row names the file: its folder would only push the
                                // reason out of the dialog.
                                error = e
                                    .replace(&info.path.display().to_string(), "")
                                    .trim_start_matches(':')
                                    .trim()
                                    .to_string()
                            ),
                        };
                        (label, info.path)
                    })
                    .collect(),
                false,
            );
        }
        Err(e) => {
            list.1 = false;
            status.warn(tr!("load-cannot-list", error = e.to_string()));
        }
    }
}
