//! The coming and running tournaments as a front end shows them, from the server's
//! `tournaments` list and its `tournament_entry` answers. Every text is cut to one bounded
//! line and the list is bounded, whatever a server sends.

use super::messages::{MAX_TOURNAMENTS, ServerMsg, TournamentSummary};

/// Names and labels are cut to this many characters.
const MAX_TEXT: usize = 60;

fn text(s: &str) -> String {
    crate::net::wire::clip(s).chars().take(MAX_TEXT).collect()
}

/// A tournament in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// Its id (to join or withdraw).
    pub id: String,
    /// Its name.
    pub name: String,
    /// A Swiss (else an arena).
    pub swiss: bool,
    /// Under way (else coming).
    pub running: bool,
    /// The variant's name.
    pub variant: String,
    /// The clock (`5+3`, `3 days`).
    pub clock: String,
    /// Rated or casual.
    pub rated: bool,
    /// A Swiss's rounds.
    pub rounds: Option<u32>,
    /// Players in it.
    pub players: u32,
    /// When it starts, by the server's clock (Unix milliseconds).
    pub starts: i64,
    /// When it ends, if known (Unix milliseconds, the server's clock).
    pub ends: Option<i64>,
    /// Whether this player is in it.
    pub joined: bool,
}

impl Tournament {
    fn read(v: &TournamentSummary) -> Option<Tournament> {
        let id = text(&v.id);
        let running = match v.status.as_str() {
            "created" => false,
            "running" => true,
            // A finished (or unknown) one is nothing to come to.
            _ => return None,
        };
        (!id.is_empty()).then(|| Tournament {
            id,
            name: text(&v.name),
            swiss: v.kind == "swiss",
            running,
            variant: text(&v.variant),
            clock: text(&v.clock),
            rated: v.rated,
            rounds: v.rounds.map(|r| r.min(999)),
            players: v.players.min(99_999),
            starts: v.starts,
            ends: v.ends,
            joined: v.joined,
        })
    }

    /// The moment the countdown counts to (the start of a coming tournament, the end of a
    /// running one if known), by the server's clock.
    pub fn next_moment(&self) -> Option<i64> {
        if self.running {
            self.ends
        } else {
            Some(self.starts)
        }
    }
}

/// The list, and how far the server's clock is ahead of this one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournaments {
    /// Soonest first.
    pub list: Vec<Tournament>,
    /// The server's clock less this machine's when the list came (milliseconds).
    pub skew_ms: i64,
    /// Whether a list came at all.
    pub known: bool,
}

impl Tournaments {
    /// Takes what `msg` says about tournaments (`local_now`: this machine's clock, Unix
    /// milliseconds); returns whether the list changed.
    pub fn apply(&mut self, msg: &ServerMsg, local_now: i64) -> bool {
        match msg {
            ServerMsg::Tournaments { now, tournaments } => {
                let list: Vec<Tournament> = tournaments
                    .iter()
                    .filter_map(Tournament::read)
                    .take(MAX_TOURNAMENTS)
                    .collect();
                self.skew_ms = now.saturating_sub(local_now);
                let changed = !self.known || list != self.list;
                self.list = list;
                self.known = true;
                changed
            }
            ServerMsg::TournamentEntry { id, joined } => {
                let mut changed = false;
                for t in self.list.iter_mut().filter(|t| t.id == *id) {
                    if t.joined != *joined {
                        t.joined = *joined;
                        t.players = if *joined {
                            t.players.saturating_add(1)
                        } else {
                            t.players.saturating_sub(1)
                        };
                        changed = true;
                    }
                }
                changed
            }
            _ => false,
        }
    }

    /// Milliseconds from `local_now` (this machine's clock) to `at` (the server's clock);
    /// negative once past.
    pub fn until(&self, at: i64, local_now: i64) -> i64 {
        at.saturating_sub(local_now.saturating_add(self.skew_ms))
    }

    /// Forgets the list (another player or another server).
    pub fn clear(&mut self) {
        *self = Tournaments::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(id: &str, status: &str) -> TournamentSummary {
        TournamentSummary {
            id: id.into(),
            name: "Arena".into(),
            kind: "arena".into(),
            status: status.into(),
            variant: "parachess".into(),
            clock: "5+3".into(),
            players: 2,
            starts: 10_000,
            ends: Some(70_000),
            ..TournamentSummary::default()
        }
    }

    #[test]
    fn the_list_keeps_coming_and_running_ones_and_counts_by_the_servers_clock() {
        let mut t = Tournaments::default();
        let msg = ServerMsg::Tournaments {
            now: 5_000,
            tournaments: vec![
                summary("a", "created"),
                summary("b", "running"),
                summary("c", "finished"),
                summary("", "created"),
            ],
        };
        assert!(t.apply(&msg, 4_000));
        assert_eq!(
            t.list.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(),
            ["a", "b"]
        );
        // The server is a second ahead: its start at 10 s is 6 s away at 4 s here.
        assert_eq!(t.until(t.list[0].starts, 4_000), 5_000);
        assert_eq!(t.list[0].next_moment(), Some(10_000));
        assert_eq!(t.list[1].next_moment(), Some(70_000));
        // The same list again changes nothing.
        assert!(!t.apply(&msg, 4_500));
    }

    #[test]
    fn an_entry_answer_marks_the_tournament_and_counts_the_player() {
        let mut t = Tournaments::default();
        t.apply(
            &ServerMsg::Tournaments {
                now: 0,
                tournaments: vec![summary("a", "created")],
            },
            0,
        );
        let join = ServerMsg::TournamentEntry {
            id: "a".into(),
            joined: true,
        };
        assert!(t.apply(&join, 0));
        assert!(t.list[0].joined);
        assert_eq!(t.list[0].players, 3);
        assert!(!t.apply(&join, 0), "joined twice counts once");
    }
}
