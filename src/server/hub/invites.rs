//! Playing a friend by link: an invitation holds a game's terms and its maker's seat; the
//! first other player to join it (a `join_invite` over the WebSocket, never a plain GET, so a
//! chat program's link preview takes nothing) gets the other seat and the game starts. The
//! link then only says where the game is. Kept in the database: a restart keeps the open ones,
//! and any instance over one PostgreSQL answers a link.

use std::sync::Arc;
use std::time::Duration;

use super::super::auth;
use super::super::db::invites::InviteRow;
use super::super::db::{DbError, now_ms};
use super::super::messages::{SeekSpec, ServerMsg};
use super::super::refusals;
use super::super::variant;
use super::seeks::{Terms, terms};
use super::{Hub, Identity};
use crate::rules::Side;
use crate::rules::clock::TimeControl;

/// How long an unused invitation stands.
pub const INVITE_FOR: Duration = Duration::from_secs(24 * 60 * 60);
/// How long a used one still says where its game is.
const USED_FOR: Duration = Duration::from_secs(24 * 60 * 60);
/// Open invitations one player may have at once.
const PER_PLAYER: i64 = 5;
/// Invitations (open or used) the instance keeps at most.
const MAX_KEPT: i64 = 20_000;
/// Letters of a code: about 70 random bits, not to be guessed.
const CODE_LEN: usize = 12;

/// What an invitation page shows.
#[derive(Clone, Debug)]
pub struct InviteView {
    /// Who made it.
    pub by: String,
    /// The variant's name.
    pub variant: String,
    /// `300+3`, or `None` for correspondence.
    pub tc: Option<String>,
    /// Correspondence days per move.
    pub days: Option<u32>,
    /// Rated or casual.
    pub rated: bool,
    /// The maker's colour: `white`, `black` or `random`.
    pub color: String,
    /// When it lapses unused (Unix milliseconds).
    pub expires: i64,
    /// Once joined: the game's id (`Some("")` while the game is being made).
    pub game: Option<String>,
}

fn db_error(e: DbError) -> ServerMsg {
    tracing::error!("invitations: {e}");
    ServerMsg::error("db", "database error: try again")
}

/// Invitations made after this are open (if unused); used ones are kept a day longer.
fn open_since(now: i64) -> i64 {
    now - INVITE_FOR.as_millis() as i64
}

fn kept_since(now: i64) -> i64 {
    now - (INVITE_FOR + USED_FOR).as_millis() as i64
}

fn side_text(side: Side) -> String {
    super::super::messages::side_name(side).into_owned()
}

/// Whether a text could be a code (so nothing else is looked up or echoed).
fn code_shape_ok(code: &str) -> bool {
    code.len() == CODE_LEN && code.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl Hub {
    /// Makes an invitation of `me` on `spec`'s terms, stored before its code is given out:
    /// its code and when it expires.
    pub async fn invite(&self, me: &Identity, spec: &SeekSpec) -> Result<(String, i64), ServerMsg> {
        let Terms {
            variant,
            tc,
            days,
            speed: _,
            color,
        } = terms(me, spec)?;
        let code =
            auth::random_id(CODE_LEN).ok_or_else(|| ServerMsg::error("busy", "no randomness"))?;
        let now = now_ms();
        self.db
            .prune_invites(kept_since(now))
            .await
            .map_err(db_error)?;
        let (open, all) = self
            .db
            .invite_counts(&me.key, open_since(now))
            .await
            .map_err(db_error)?;
        if open >= PER_PLAYER {
            return Err(refusals::refused(
                "invite",
                "invite-too-many",
                &[
                    ("open", &open.to_string()),
                    ("max", &PER_PLAYER.to_string()),
                ],
            ));
        }
        if all >= MAX_KEPT {
            return Err(refusals::refused("busy", "invite-busy", &[]));
        }
        let row = InviteRow {
            code: code.clone(),
            owner_key: me.key.clone(),
            owner_name: me.name.clone(),
            owner_guest: me.guest,
            variant,
            tc: tc.map(|t| t.to_string()),
            days: days.map(i64::from),
            rated: spec.rated,
            color: color.map(side_text),
            created_ms: now,
            game: None,
        };
        self.db.insert_invite(&row).await.map_err(db_error)?;
        Ok((code, now + INVITE_FOR.as_millis() as i64))
    }

    /// The stored invitation `code` while it is kept (open and not expired, or used
    /// recently).
    async fn kept_invite(&self, code: &str) -> Result<Option<InviteRow>, DbError> {
        if !code_shape_ok(code) {
            return Ok(None);
        }
        let now = now_ms();
        Ok(self.db.invite(code).await?.filter(|i| match i.game {
            None => i.created_ms > open_since(now),
            Some(_) => i.created_ms > kept_since(now),
        }))
    }

    /// An invitation as its page shows it, or `None` (no such code, or expired).
    pub async fn invitation(&self, code: &str) -> Result<Option<InviteView>, DbError> {
        Ok(self.kept_invite(code).await?.map(|i| InviteView {
            by: i.owner_name,
            variant: variant::display(&i.variant),
            tc: i.tc,
            days: i.days.and_then(|d| u32::try_from(d).ok()),
            rated: i.rated,
            color: i.color.unwrap_or_else(|| "random".into()),
            expires: i.created_ms + INVITE_FOR.as_millis() as i64,
            game: i.game,
        }))
    }

    /// `me` joins the invitation `code`: the game starts (both players are told `started`).
    /// Its id.
    pub async fn join_invite(
        self: &Arc<Hub>,
        me: &Identity,
        code: &str,
    ) -> Result<String, ServerMsg> {
        let gone = || refusals::refused("invite", "invite-gone", &[]);
        if !code_shape_ok(code) {
            return Err(gone());
        }
        let invite = self
            .kept_invite(code)
            .await
            .map_err(db_error)?
            .ok_or_else(gone)?;
        if invite.owner_key == me.key {
            return Err(refusals::refused("invite", "invite-own", &[]));
        }
        if invite.rated && me.guest {
            return Err(refusals::refused("invite", "invite-guest-rated", &[]));
        }
        // A bad stored row (the terms are checked when it is made) is refused, not played.
        let tc = match invite.tc.as_deref().map(str::parse::<TimeControl>) {
            None => None,
            Some(Ok(tc)) => Some(tc),
            Some(Err(_)) => return Err(gone()),
        };
        let days = invite.days.and_then(|d| u32::try_from(d).ok());
        let color = match invite.color.as_deref() {
            None => None,
            Some("white") => Some(Side::White),
            Some("black") => Some(Side::Black),
            Some(_) => return Err(gone()),
        };
        // Of two players joining at once, on any instances, one gets the seat.
        let now = now_ms();
        if !self
            .db
            .take_invite(code, open_since(now), now)
            .await
            .map_err(db_error)?
        {
            return Err(if invite.game.is_some() {
                refusals::refused("invite", "invite-used", &[])
            } else {
                gone()
            });
        }
        let owner = Identity {
            key: invite.owner_key.clone(),
            name: invite.owner_name.clone(),
            guest: invite.owner_guest,
        };
        let owner_white = match color {
            Some(Side::White) => true,
            Some(Side::Black) => false,
            None => getrandom::u32().map_or(invite.created_ms % 2 == 0, |r| r % 2 == 0),
        };
        let (white, black) = if owner_white {
            (&owner, me)
        } else {
            (me, &owner)
        };
        let made = self
            .create_game(white, black, &invite.variant, invite.rated, tc, days)
            .await;
        // A game that could not be made leaves the seat free again.
        if let Err(e) = self
            .db
            .set_invite_game(code, made.as_ref().ok().map(String::as_str))
            .await
        {
            tracing::error!("invitation {code}: {e}");
        }
        made
    }
}
