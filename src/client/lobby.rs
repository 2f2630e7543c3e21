//! The lobby as a front end shows it: open seeks, challenges to this player, and the player's
//! unfinished games, kept up to date from the server's messages (`seeks`, `seek`, `seek_gone`,
//! `challenge`, `declined`, `games`, `started`). Every text is cut to one bounded line and the
//! lists are bounded, whatever a server sends.

use serde_json::Value;

/// The most seeks (or challenges, or games) kept.
const MAX_ENTRIES: usize = 200;

/// Names, ids and labels are cut to this many characters.
const MAX_TEXT: usize = 64;

fn text(v: &Value, key: &str) -> String {
    crate::net::wire::clip(v[key].as_str().unwrap_or_default())
        .chars()
        .take(MAX_TEXT)
        .collect()
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
    fn read(v: &Value) -> Option<Seek> {
        let id = text(v, "id");
        if id.is_empty() {
            return None;
        }
        Some(Seek {
            id,
            by: text(v, "by"),
            rating: v["rating"].as_i64().unwrap_or(0).clamp(0, 9999),
            tc: v["tc"].as_str().map(|_| text(v, "tc")),
            days: v["days"].as_u64().and_then(|d| u32::try_from(d).ok()),
            rated: v["rated"].as_bool().unwrap_or(false),
            color: text(v, "color"),
            variant: text(v, "variant"),
            to: v["to"].as_str().map(|_| text(v, "to")),
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
    fn read(v: &Value) -> Option<GameEntry> {
        let id = text(v, "id");
        (!id.is_empty()).then(|| GameEntry {
            id,
            white: text(v, "white"),
            black: text(v, "black"),
            speed: text(v, "speed"),
            variant: text(v, "variant"),
            plies: v["plies"].as_u64().unwrap_or(0),
            my_turn: v["my_turn"].as_bool().unwrap_or(false),
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
    pub fn apply(&mut self, v: &Value) -> LobbyChange {
        match v["t"].as_str().unwrap_or_default() {
            "seeks" => {
                self.seeks = v["seeks"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(Seek::read)
                    .filter(|s| s.to.is_none())
                    .take(MAX_ENTRIES)
                    .collect();
                LobbyChange::Seeks
            }
            "seek" => match Seek::read(v) {
                Some(s) if s.to.is_none() => {
                    self.seeks.retain(|o| o.id != s.id);
                    if self.seeks.len() < MAX_ENTRIES {
                        self.seeks.push(s);
                    }
                    LobbyChange::Seeks
                }
                _ => LobbyChange::Nothing,
            },
            "challenge" => match Seek::read(v) {
                Some(s) => {
                    self.challenges.retain(|o| o.id != s.id);
                    if self.challenges.len() < MAX_ENTRIES {
                        self.challenges.push(s.clone());
                    }
                    LobbyChange::Challenged(s)
                }
                None => LobbyChange::Nothing,
            },
            "seek_gone" | "declined" => {
                let id = text(v, "id");
                self.seeks.retain(|s| s.id != id);
                self.challenges.retain(|s| s.id != id);
                if v["t"] == "declined" {
                    LobbyChange::Declined
                } else {
                    LobbyChange::Seeks
                }
            }
            "games" => {
                self.games = v["games"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(GameEntry::read)
                    .take(MAX_ENTRIES)
                    .collect();
                LobbyChange::Games
            }
            "started" => {
                let game = text(v, "game");
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
    use serde_json::json;

    fn seek(id: &str, to: Option<&str>) -> Value {
        json!({"id": id, "by": "ann", "rating": 1500, "tc": "300+3", "days": null, "rated": false,
               "color": "random", "speed": "blitz", "variant": "Parachess", "to": to})
    }

    #[test]
    fn seeks_challenges_and_games_follow_the_messages() {
        let mut l = Lobby::default();
        let list = json!({"t": "seeks", "seeks": [seek("1", None), seek("2", None)]});
        assert_eq!(l.apply(&list), LobbyChange::Seeks);
        assert_eq!(l.seeks.len(), 2);
        assert_eq!(l.seeks[0].clock(), "5+3");
        let mut one = seek("3", None);
        one["t"] = json!("seek");
        l.apply(&one);
        assert_eq!(l.seeks.len(), 3);
        l.apply(&json!({"t": "seek_gone", "id": "1"}));
        assert_eq!(
            l.seeks.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(),
            ["2", "3"]
        );
        let mut ch = seek("9", Some("bob"));
        ch["t"] = json!("challenge");
        assert!(matches!(l.apply(&ch), LobbyChange::Challenged(_)));
        assert_eq!(l.challenges.len(), 1);
        l.apply(&json!({"t": "seek_gone", "id": "9"}));
        assert!(l.challenges.is_empty());
        let games = json!({"t": "games", "games": [
            {"id": "G1", "white": "ann", "black": "bob", "speed": "correspondence",
             "variant": "Parachess", "plies": 4, "my_turn": true},
            {"id": "G2", "white": "bob", "black": "ann", "speed": "blitz",
             "variant": "Cavalry", "plies": 3, "my_turn": false}]});
        assert_eq!(l.apply(&games), LobbyChange::Games);
        assert_eq!(l.waiting(), 1);
        assert_eq!(
            l.apply(&json!({"t": "started", "game": "G3", "color": "white"})),
            LobbyChange::Started { game: "G3".into() }
        );
    }

    #[test]
    fn what_a_server_sends_is_bounded_and_cleaned() {
        let mut l = Lobby::default();
        let mut evil = seek("1", None);
        evil["by"] = json!(format!("<b>{}\n</b>", "x".repeat(500)));
        let many: Vec<Value> = (0..1000).map(|i| seek(&i.to_string(), None)).collect();
        l.apply(&json!({"t": "seeks", "seeks": many}));
        assert_eq!(l.seeks.len(), MAX_ENTRIES);
        l.apply(&json!({"t": "seeks", "seeks": [evil, {"id": ""}, 7]}));
        assert_eq!(l.seeks.len(), 1);
        assert!(l.seeks[0].by.chars().count() <= MAX_TEXT);
        assert!(!l.seeks[0].by.contains('\n'));
        assert_eq!(
            l.apply(&json!({"t": "games", "games": "no"})),
            LobbyChange::Games
        );
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
