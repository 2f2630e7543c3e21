//! What a client asks of a tournament, and what the server lists of one.

use super::*;

/// The terms of a new tournament.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TournamentSpec {
    /// `arena` or `swiss`.
    pub kind: String,
    /// Its name (1 to 60 characters).
    pub name: String,
    /// The variant (default `parachess`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// A live time control in seconds (`300+3`); absent for a correspondence Swiss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tc: Option<String>,
    /// A correspondence Swiss: days per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    /// A Swiss: the number of rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// An arena: its length in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length_secs: Option<u64>,
    /// A Swiss whose rounds start at set times: seconds between two rounds' starts (the
    /// first at the start); without it each round starts when the one before ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_every_secs: Option<u64>,
    /// How long from now it starts, in seconds (0: at once).
    #[serde(default)]
    pub starts_in_secs: u64,
    /// Rated (accounts only) or casual (the default).
    #[serde(default)]
    pub rated: bool,
}

/// A tournament in the `tournaments` list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TournamentSummary {
    /// Its id (its page is `/tournament/ID`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// `created` (coming) or `running`.
    pub status: String,
    /// The variant's name.
    pub variant: String,
    /// The clock as the pages write it: `5+3`, `3 days`.
    pub clock: String,
    /// Rated (else casual).
    #[serde(default)]
    pub rated: bool,
    /// A Swiss: its rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Players entered and not withdrawn.
    pub players: u32,
    /// When it starts (Unix milliseconds).
    pub starts: i64,
    /// When it ends, if known (an arena's end; Unix milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends: Option<i64>,
    /// Whether the asking player is entered (and not withdrawn).
    #[serde(default)]
    pub joined: bool,
}
