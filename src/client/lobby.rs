//! The lobby as a front end shows it: open seeks, challenges to this player, and the player's
//! unfinished games, kept up to date from the server's messages (`seeks`, `seek`, `seek_gone`,
//! `challenge`, `declined`, `games`, `started`). Every text is cut to one bounded line and the
//! lists are bounded, whatever a server sends.

use super::messages::{GameSummary, SeekView, ServerMsg};

/// The most seeks (or challenges, or games) kept.
const MAX_ENTRIES: usize = 200;

/// Names, ids and labels are cut to this many characters.
const MAX_TEXT: usize = 64;

fn text(s: &str) -> String {
    crate::net::wire::clip(s).chars().take(MAX_TEXT).collect()
}

/// An open seek or a challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seek {
    /// Its id (to accept, cancel or decline it).
    pub id: String,
    /// Who posted it.
    pub by: String,
    /// Their rating.
    pub rating: i64,
    /// The clock (`300+3`), or `None` for correspondence.
    pub tc: Option<String>,
    /// Correspondence days per move.
    pub days: Option<u32>,
    /// Rated or casual.
    pub rated: bool,
    /// The seeker's colour: `white`, `black` or `random`.
    pub color: String,
    /// The variant's name (`custom` is a player's own army).
    pub variant: String,
    /// The player challenged, for a challenge.
    pub to: Option<String>,
}

impl Seek {
    fn read(v: &SeekView) -> Option<Seek> {
        let id = text(&v.id);
        if id.is_empty() {
            return None;
        }
        Some(Seek {
            id,
            by: text(&v.by),
            rating: i64::from(v.rating).clamp(0, 9999),
            tc: v.tc.as_deref().map(text),
            days: v.days,
            rated: v.rated,
            color: text(&v.color),
            variant: text(&v.variant),
            to: v.to.as_deref().map(text),
        })
    }

    /// Its clock in words: `5+3` (minutes and seconds) or `3 days`.
    pub fn clock(&self) -> String {
        clock_words(self.tc.as_deref(), self.days)
    }
}

/// A clock in words: `300+3` reads `5+3`, 3 days reads `3 days a move`.
pub fn clock_words(tc: Option<&str>, days: Option<u32>) -> String {
    if let Some(tc) = tc {
        let (base, inc) = tc.split_once('+').unwrap_or((tc, "0"));
        return match base.parse::<u64>() {
            Ok(s) if s % 60 == 0 => format!("{}+{inc}", s / 60),
            Ok(s) => format!("{s}s+{inc}"),
            Err(_) => tc.to_string(),
        };
    }
    match days {
        Some(1) => "1 day a move".to_string(),
        Some(d) => format!("{d} days a move"),
        None => "untimed".to_string(),
    }
}

/// One of the player's unfinished games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// Its id.
    pub id: String,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// Its speed (`blitz`, `correspondence`...).
    pub speed: String,
    /// The variant's name.
    pub variant: String,
    /// Half-moves played.
    pub plies: u64,
    /// Whether it waits for this player's move.
    pub my_turn: bool,
}

impl GameEntry {
    fn read(v: &GameSummary) -> Option<GameEntry> {
        let id = text(&v.id);
        (!id.is_empty()).then(|| GameEntry {
            id,
            white: text(&v.white),
            black: text(&v.black),
            speed: text(&v.speed),
            variant: text(&v.variant),
            plies: u64::from(v.plies),
            my_turn: v.my_turn.unwrap_or(false),
        })
    }
}

/// What a message changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyChange {
    /// Nothing (the message was about something else).
    Nothing,
    /// The seeks or challenges changed.
    Seeks,
    /// Someone challenges this player.
    Challenged(Seek),
    /// A challenge this player made was declined.
    Declined,
    /// The list of the player's games changed.
    Games,
    /// A game of this player started (its `game` message follows).
    Started {
        /// The game's id.
        game: String,
    },
}

/// Seeks, challenges and games, as last told.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    /// Open seeks, oldest first (this player's own included).
    pub seeks: Vec<Seek>,
    /// Challenges to this player.
    pub challenges: Vec<Seek>,
    /// The player's unfinished games.
    pub games: Vec<GameEntry>,
}

impl Lobby {
    /// Takes a message in.
    pub fn apply(&mut self, msg: &ServerMsg) -> LobbyChange {
        match msg {
            ServerMsg::Seeks { seeks } => {
                self.seeks = seeks
                    .iter()
                    .filter_map(Seek::read)
                    .filter(|s| s.to.is_none())
                    .take(MAX_ENTRIES)
                    .collect();
                LobbyChange::Seeks
            }
            ServerMsg::Seek(v) => match Seek::read(v) {
                Some(s) if s.to.is_none() => {
                    self.seeks.retain(|o| o.id != s.id);
                    if self.seeks.len() < MAX_ENTRIES {
                        self.seeks.push(s);
                    }
                    LobbyChange::Seeks
                }
                _ => LobbyChange::Nothing,
            },
            ServerMsg::Challenge(v) => match Seek::read(v) {
                Some(s) => {
                    self.challenges.retain(|o| o.id != s.id);
                    if self.challenges.len() < MAX_ENTRIES {
                        self.challenges.push(s.clone());
                    }
                    LobbyChange::Challenged(s)
                }
                None => LobbyChange::Nothing,
            },
            ServerMsg::SeekGone { id } | ServerMsg::Declined { id } => {
                let id = text(id);
                self.seeks.retain(|s| s.id != id);
                self.challenges.retain(|s| s.id != id);
                if matches!(msg, ServerMsg::Declined { .. }) {
                    LobbyChange::Declined
                } else {
                    LobbyChange::Seeks
                }
            }
            ServerMsg::Games { games } => {
                self.games = games
                    .iter()
                    .filter_map(GameEntry::read)
                    .take(MAX_ENTRIES)
                    .collect();
                LobbyChange::Games
            }
            ServerMsg::Started { game, .. } => {
                let game = text(game);
                if game.is_empty() {
                    LobbyChange::Nothing
                } else {
                    LobbyChange::Started { game }
                }
            }
            _ => LobbyChange::Nothing,
        }
    }

    /// How many of the player's games wait for their move.
    pub fn waiting(&self) -> usize {
        self.games.iter().filter(|g| g.my_turn).count()
    }

    /// Forgets everything (another player signed in, or another server).
    pub fn clear(&mut self) {
        *self = Lobby::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(id: &str, to: Option<&str>) -> SeekView {
        SeekView {
            id: id.into(),
            by: "ann".into(),
            rating: 1500,
            tc: Some("300+3".into()),
            days: None,
            rated: false,
            color: "random".into(),
            speed: "blitz".into(),
            variant: "Parachess".into(),
            variant_def: None,
            to: to.map(str::to_string),
        }
    }

    fn game(id: &str, my_turn: bool) -> GameSummary {
        GameSummary {
            id: id.into(),
            white: "ann".into(),
            black: "bob".into(),
            status: "started".into(),
            result: None,
            speed: "correspondence".into(),
            variant: "Parachess".into(),
            plies: 4,
            my_turn: Some(my_turn),
        }
    }

    #[test]
    fn seeks_challenges_and_games_follow_the_messages() {
        let mut l = Lobby::default();
        let list = ServerMsg::Seeks {
            seeks: vec![seek("1", None), seek("2", None)],
        };
        assert_eq!(l.apply(&list), LobbyChange::Seeks);
        assert_eq!(l.seeks.len(), 2);
        assert_eq!(l.seeks[0].clock(), "5+3");
        l.apply(&ServerMsg::Seek(Box::new(seek("3", None))));
        assert_eq!(l.seeks.len(), 3);
        l.apply(&ServerMsg::SeekGone { id: "1".into() });
        assert_eq!(
            l.seeks.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(),
            ["2", "3"]
        );
        let ch = ServerMsg::Challenge(Box::new(seek("9", Some("bob"))));
        assert!(matches!(l.apply(&ch), LobbyChange::Challenged(_)));
        assert_eq!(l.challenges.len(), 1);
        l.apply(&ServerMsg::SeekGone { id: "9".into() });
        assert!(l.challenges.is_empty());
        let games = ServerMsg::Games {
            games: vec![game("G1", true), game("G2", false)],
        };
        assert_eq!(l.apply(&games), LobbyChange::Games);
        assert_eq!(l.waiting(), 1);
        let started = ServerMsg::Started {
            game: "G3".into(),
            color: "white".into(),
        };
        assert_eq!(
            l.apply(&started),
            LobbyChange::Started { game: "G3".into() }
        );
    }

    #[test]
    fn what_a_server_sends_is_bounded_and_cleaned() {
        let mut l = Lobby::default();
        let mut evil = seek("1", None);
        evil.by = format!("<b>{}\n</b>", "x".repeat(500));
        let many: Vec<SeekView> = (0..1000).map(|i| seek(&i.to_string(), None)).collect();
        l.apply(&ServerMsg::Seeks { seeks: many });
        assert_eq!(l.seeks.len(), MAX_ENTRIES);
        l.apply(&ServerMsg::Seeks {
            seeks: vec![evil, seek("", None)],
        });
        assert_eq!(l.seeks.len(), 1);
        assert!(l.seeks[0].by.chars().count() <= MAX_TEXT);
        assert!(!l.seeks[0].by.contains('\n'));
        l.apply(&ServerMsg::Games {
            games: vec![game("", true)],
        });
        assert!(l.games.is_empty());
    }

    #[test]
    fn clocks_read_in_minutes_or_days() {
        assert_eq!(clock_words(Some("60+0"), None), "1+0");
        assert_eq!(clock_words(Some("30+1"), None), "30s+1");
        assert_eq!(clock_words(None, Some(3)), "3 days a move");
        assert_eq!(clock_words(None, Some(1)), "1 day a move");
    }
}
