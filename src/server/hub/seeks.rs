//! The lobby: open seeks and challenges, accepting them, quick pairing, rematches, and the
//! mirror of the other instances' seeks.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::super::bus::BusMsg;
use super::super::messages::{SeekSpec, SeekView, ServerMsg, side_name};
use super::super::refusals::{self, Said};
use super::super::{rating, variant};
use super::{Hub, Identity, Out, lock};
use crate::rules::Side;
use crate::rules::clock::TimeControl;

/// An open seek or a challenge.
#[derive(Clone, Debug)]
pub(super) struct Seek {
    id: String,
    owner: Identity,
    conn: u64,
    rating: i32,
    tc: Option<TimeControl>,
    days: Option<u32>,
    rated: bool,
    color: Option<Side>,
    min: Option<i32>,
    max: Option<i32>,
    variant: String,
    speed: &'static str,
    /// For a challenge: the challenged player's key and name.
    pub(super) to: Option<(String, String)>,
    /// For a rematch: the finished game's id.
    rematch: Option<String>,
}

impl Seek {
    fn view(&self) -> SeekView {
        SeekView {
            id: self.id.clone(),
            by: self.owner.name.clone(),
            rating: self.rating,
            tc: self.tc.map(|t| t.to_string()),
            days: self.days,
            rated: self.rated,
            color: self.color.map_or("random".into(), side_name).into_owned(),
            speed: self.speed.to_string(),
            variant: variant::display(&self.variant),
            variant_def: variant::def_of(&self.variant),
            to: self.to.as_ref().map(|t| t.1.clone()),
        }
    }
}

/// Correspondence days per move a seek may ask for.
pub const DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];

/// A lobby or seek request refused, said in both languages.
pub(super) fn seek_error(why: Said) -> ServerMsg {
    why.error("seek")
}

/// A seek's terms, checked.
pub(super) struct Terms {
    pub(super) variant: String,
    pub(super) tc: Option<TimeControl>,
    pub(super) days: Option<u32>,
    pub(super) speed: &'static str,
    pub(super) color: Option<Side>,
}

/// Checks the terms of a seek, a challenge or an invitation `owner` makes.
pub(super) fn terms(owner: &Identity, spec: &SeekSpec) -> Result<Terms, ServerMsg> {
    let variant =
        variant::check(spec.variant.as_deref(), spec.variant_def.as_deref()).map_err(seek_error)?;
    if spec.rated && variant::is_custom(&variant) {
        return Err(seek_error(Said::new("seek-own-variant-casual", &[])));
    }
    let (tc, days, speed) = match (&spec.tc, spec.days) {
        (Some(_), Some(_)) => {
            return Err(seek_error(Said::new("seek-tc-and-days", &[])));
        }
        (Some(text), None) => {
            let tc: TimeControl =
                text.parse()
                    .map_err(|e: crate::rules::clock::ParseTimeControlError| {
                        seek_error(refusals::clock_error(text, &e))
                    })?;
            if tc.base < Duration::from_secs(1) {
                return Err(seek_error(Said::new("seek-base-second", &[])));
            }
            let speed = rating::speed(tc.base.as_secs_f64(), tc.increment.as_secs_f64());
            (Some(tc), None, speed)
        }
        (None, Some(d)) => {
            if !DAYS.contains(&d) {
                return Err(seek_error(Said::new("seek-days", &[])));
            }
            (None, Some(d), "correspondence")
        }
        (None, None) => return Err(seek_error(Said::new("seek-tc-or-days", &[]))),
    };
    if spec.rated && owner.guest {
        return Err(seek_error(Said::new("invite-guest-rated", &[])));
    }
    let color = match spec.color.as_deref() {
        None | Some("random") => None,
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        Some(c) => {
            return Err(seek_error(refusals::colour_error(
                c,
                "color: white, black or random",
            )));
        }
    };
    Ok(Terms {
        variant,
        tc,
        days,
        speed,
        color,
    })
}

impl Hub {
    /// A connection closed: its seeks vanish from the lobby.
    pub(super) fn drop_seeks_of(&self, conn: u64) {
        let gone: Vec<(u64, Seek)> = {
            let mut seeks = lock(&self.seeks);
            let ids: Vec<u64> = seeks
                .iter()
                .filter(|(_, s)| s.conn == conn)
                .map(|(k, _)| *k)
                .collect();
            ids.into_iter()
                .filter_map(|k| seeks.remove(&k).map(|s| (k, s)))
                .collect()
        };
        for (k, seek) in gone {
            if let (Some(game), Some((to, _))) = (&seek.rematch, &seek.to) {
                self.rematch_gone(to, &seek, game, "left");
            }
            // The id the lobby was given: instance-prefixed when instances share a bus.
            self.lobby_event(ServerMsg::SeekGone {
                id: self.seek_id(k),
            });
        }
    }

    /// Removes the rematch offers `which` picks, telling both players why.
    pub(super) fn withdraw_rematches(&self, which: impl Fn(&Seek) -> bool, reason: &'static str) {
        let gone: Vec<Seek> = {
            let mut seeks = lock(&self.seeks);
            let ids: Vec<u64> = seeks
                .iter()
                .filter(|(_, s)| s.rematch.is_some() && which(s))
                .map(|(k, _)| *k)
                .collect();
            ids.iter().filter_map(|k| seeks.remove(k)).collect()
        };
        for seek in gone {
            if let (Some(game), Some((to, _))) = (&seek.rematch, &seek.to) {
                self.rematch_gone(&seek.owner.key, &seek, game, reason);
                self.rematch_gone(to, &seek, game, reason);
            }
        }
    }

    /// Tells a player that the rematch offer of `game` is gone.
    fn rematch_gone(&self, key: &str, seek: &Seek, game: &str, reason: &'static str) {
        let msg: Arc<str> = ServerMsg::OfferGone {
            game: game.to_string(),
            kind: "rematch".into(),
            reason: reason.into(),
            id: Some(seek.id.clone()),
        }
        .to_json()
        .into();
        self.tell(key, || Out::Text(msg.clone()));
    }

    /// A seek id's instance (when another one's) and number.
    fn seek_number<'a>(&self, id: &'a str) -> Result<(Option<&'a str>, u64), ServerMsg> {
        let bad = || refusals::refused("no_seek", "seek-none", &[]);
        let (inst, num) = match id.rsplit_once('-') {
            Some((i, n)) => (Some(i), n),
            None => (None, id),
        };
        let n: u64 = num.parse().map_err(|_| bad())?;
        match inst {
            Some(i) if i != self.instance => Ok((Some(i), n)),
            _ => Ok((None, n)),
        }
    }

    fn seek_id(&self, seq: u64) -> String {
        match &self.bus {
            Some(_) => format!("{}-{seq}", self.instance),
            None => seq.to_string(),
        }
    }

    fn lobby_event(&self, msg: ServerMsg) {
        let text = msg.to_json();
        if let Some(bus) = &self.bus {
            bus.publish(&BusMsg::Lobby {
                from: self.instance.clone(),
                text: text.clone(),
            });
        }
        let _ = self.lobby.send(text.into());
    }

    /// Another instance (re)started: its old seeks are gone.
    pub fn forget_seeks_of(&self, instance: &str) {
        let prefix = format!("{instance}-");
        let gone: Vec<String> = {
            let mut remote = lock(&self.remote_seeks);
            let ids: Vec<String> = remote
                .keys()
                .filter(|k| k.starts_with(&prefix))
                .cloned()
                .collect();
            for id in &ids {
                remote.remove(id);
            }
            ids
        };
        for id in gone {
            let _ = self.lobby.send(ServerMsg::SeekGone { id }.to_json().into());
        }
    }

    /// A lobby event of another instance: kept in the mirror of its seeks, and passed to the
    /// lobby's followers here.
    pub fn lobby_here(&self, text: String) {
        match serde_json::from_str::<ServerMsg>(&text) {
            Ok(ServerMsg::Seek(view)) => {
                let mut remote = lock(&self.remote_seeks);
                if remote.len() < 10_000 {
                    remote.insert(view.id.clone(), *view);
                }
            }
            Ok(ServerMsg::SeekGone { id }) => {
                lock(&self.remote_seeks).remove(&id);
            }
            _ => return,
        }
        let _ = self.lobby.send(text.into());
    }

    /// The open seeks (not challenges), oldest first.
    pub fn seeks(&self) -> Vec<SeekView> {
        let mut all: Vec<SeekView> = lock(&self.seeks)
            .values()
            .filter(|s| s.to.is_none())
            .map(Seek::view)
            .collect();
        all.extend(lock(&self.remote_seeks).values().cloned());
        all
    }

    /// The open challenges addressed to a player (shown when they sign in).
    pub fn challenges_for(&self, key: &str) -> Vec<SeekView> {
        lock(&self.seeks)
            .values()
            .filter(|s| s.to.as_ref().is_some_and(|t| t.0 == key))
            .map(Seek::view)
            .collect()
    }

    /// Posts a seek or a challenge (`to`: key and name); returns its view.
    pub async fn post_seek(
        &self,
        owner: &Identity,
        conn: u64,
        spec: &SeekSpec,
        to: Option<(String, String)>,
    ) -> Result<SeekView, ServerMsg> {
        let Terms {
            variant,
            tc,
            days,
            speed,
            color,
        } = terms(owner, spec)?;
        let rating = self
            .db
            .rating(&owner.key, &variant::pool(&variant), speed)
            .await
            .map_err(|e| ServerMsg::error("db", e.to_string()))?
            .rating
            .round() as i32;
        let seq = self.seek_seq.fetch_add(1, Ordering::Relaxed);
        let seek = Seek {
            id: self.seek_id(seq),
            owner: owner.clone(),
            conn,
            rating,
            tc,
            days,
            rated: spec.rated,
            color,
            min: spec.min,
            max: spec.max,
            variant,
            speed,
            to,
            rematch: None,
        };
        {
            let mut seeks = lock(&self.seeks);
            if seeks.values().filter(|s| s.conn == conn).count() >= self.limits.seeks_per_conn {
                return Err(seek_error(Said::new("seek-too-many", &[])));
            }
            seeks.insert(seq, seek.clone());
        }
        let view = seek.view();
        match &seek.to {
            None => self.lobby_event(ServerMsg::Seek(Box::new(view.clone()))),
            Some((key, _)) => {
                let msg: Arc<str> = ServerMsg::Challenge(Box::new(view.clone()))
                    .to_json()
                    .into();
                self.tell(key, || Out::Text(msg.clone()));
            }
        }
        Ok(view)
    }

    /// Withdraws one's seek.
    pub fn cancel_seek(&self, owner: &Identity, id: &str) -> Result<(), ServerMsg> {
        let (None, seq) = self.seek_number(id)? else {
            return Err(refusals::refused("no_seek", "seek-not-yours-here", &[]));
        };
        let mut seeks = lock(&self.seeks);
        match seeks.get(&seq) {
            Some(s) if s.owner.key == owner.key => {
                seeks.remove(&seq);
            }
            _ => return Err(refusals::refused("no_seek", "seek-not-yours", &[])),
        }
        drop(seeks);
        self.lobby_event(ServerMsg::SeekGone {
            id: self.seek_id(seq),
        });
        Ok(())
    }

    /// Declines a challenge addressed to `me`.
    pub fn decline(&self, me: &Identity, id: &str) -> Result<(), ServerMsg> {
        let (None, seq) = self.seek_number(id)? else {
            return Err(refusals::refused("no_seek", "challenge-decline-there", &[]));
        };
        let seek = {
            let mut seeks = lock(&self.seeks);
            match seeks.get(&seq) {
                Some(s) if s.to.as_ref().is_some_and(|t| t.0 == me.key) => seeks.remove(&seq),
                _ => None,
            }
        };
        let seek = seek.ok_or_else(|| refusals::refused("no_seek", "challenge-none", &[]))?;
        let msg: Arc<str> = ServerMsg::Declined { id: id.to_string() }.to_json().into();
        self.tell(&seek.owner.key, || Out::Text(msg.clone()));
        Ok(())
    }

    /// Accepts a seek or a challenge: the game starts. Returns its id.
    pub async fn accept(self: &Arc<Hub>, me: &Identity, id: &str) -> Result<String, ServerMsg> {
        let (remote, seq) = self.seek_number(id)?;
        if let (Some(instance), Some(bus)) = (remote, &self.bus) {
            // Posted on another instance: that one starts (and plays) the game.
            bus.ask(|n| BusMsg::Accept {
                from: self.instance.clone(),
                to: instance.to_string(),
                id: n,
                seek: id.to_string(),
                player: (me.key.clone(), me.name.clone(), me.guest),
            })
            .await?;
            return Ok(String::new());
        }
        let seek = lock(&self.seeks)
            .get(&seq)
            .cloned()
            .ok_or_else(|| refusals::refused("no_seek", "seek-gone", &[]))?;
        if seek.owner.key == me.key {
            return Err(seek_error(Said::new("seek-own", &[])));
        }
        if let Some((key, _)) = &seek.to
            && *key != me.key
        {
            return Err(refusals::refused("no_seek", "challenge-other", &[]));
        }
        if seek.rated && me.guest {
            return Err(seek_error(Said::new("invite-guest-rated", &[])));
        }
        let my_rating = self
            .db
            .rating(&me.key, &variant::pool(&seek.variant), seek.speed)
            .await
            .map_err(|e| ServerMsg::error("db", e.to_string()))?
            .rating
            .round() as i32;
        if seek.min.is_some_and(|m| my_rating < m) || seek.max.is_some_and(|m| my_rating > m) {
            return Err(seek_error(Said::new("seek-range", &[])));
        }
        // Taken out of the lobby under the lock: two players accepting at once get one game.
        if lock(&self.seeks).remove(&seq).is_none() {
            return Err(refusals::refused("no_seek", "seek-gone", &[]));
        }
        if seek.to.is_none() {
            self.lobby_event(ServerMsg::SeekGone {
                id: self.seek_id(seq),
            });
        }
        let owner_white = match seek.color {
            Some(Side::White) => true,
            Some(Side::Black) => false,
            None => getrandom::u32().map_or(seq.is_multiple_of(2), |r| r % 2 == 0),
        };
        let (white, black) = if owner_white {
            (seek.owner.clone(), me.clone())
        } else {
            (me.clone(), seek.owner.clone())
        };
        self.create_game(
            &white,
            &black,
            &seek.variant,
            seek.rated,
            seek.tc,
            seek.days,
        )
        .await
    }

    /// Quick pairing: the oldest open seek with this clock, casual or rated as asked, that
    /// `me` may accept (`None`: the game started); else a new seek (its view).
    pub async fn quick(
        self: &Arc<Hub>,
        me: &Identity,
        conn: u64,
        tc: &str,
        rated: bool,
        variant_name: Option<&str>,
    ) -> Result<Option<SeekView>, ServerMsg> {
        let variant = variant::check(variant_name, None).map_err(seek_error)?;
        let control: TimeControl =
            tc.parse()
                .map_err(|e: crate::rules::clock::ParseTimeControlError| {
                    seek_error(refusals::clock_error(tc, &e))
                })?;
        let candidates: Vec<u64> = lock(&self.seeks)
            .iter()
            .filter(|(_, s)| {
                s.to.is_none()
                    && s.owner.key != me.key
                    && s.tc == Some(control)
                    && s.rated == rated
                    && s.variant == variant
            })
            .map(|(k, _)| *k)
            .collect();
        for k in candidates {
            if self.accept(me, &k.to_string()).await.is_ok() {
                return Ok(None);
            }
        }
        let spec = SeekSpec {
            tc: Some(tc.to_string()),
            rated,
            variant: Some(variant),
            ..SeekSpec::default()
        };
        self.post_seek(me, conn, &spec, None).await.map(Some)
    }

    /// A rematch of a finished game: a challenge to the opponent with colours swapped.
    pub async fn rematch(
        self: &Arc<Hub>,
        me: &Identity,
        conn: u64,
        game_id: &str,
    ) -> Result<SeekView, ServerMsg> {
        let row = self
            .db
            .game(game_id)
            .await
            .map_err(|e| ServerMsg::error("db", e.to_string()))?
            .ok_or_else(|| refusals::refused("no_game", "no-game", &[]))?;
        if row.status == "started" {
            return Err(seek_error(Said::new("rematch-not-over", &[])));
        }
        let (opponent, my_color) = if row.white.0 == me.key {
            (row.black.clone(), "black")
        } else if row.black.0 == me.key {
            (row.white.clone(), "white")
        } else {
            return Err(refusals::refused("not_player", "not-player-then", &[]));
        };
        let spec = SeekSpec {
            tc: row.tc_ms.map(super::super::game::tc_text),
            days: row.days.map(|d| d as u32),
            rated: row.rated,
            color: Some(my_color.to_string()),
            variant: (!variant::is_custom(&row.variant)).then(|| row.variant.clone()),
            variant_def: variant::def_of(&row.variant),
            ..SeekSpec::default()
        };
        let view = self.post_seek(me, conn, &spec, Some(opponent)).await?;
        let (_, seq) = self.seek_number(&view.id)?;
        if let Some(seek) = lock(&self.seeks).get_mut(&seq) {
            seek.rematch = Some(game_id.to_string());
        }
        let weak = Arc::downgrade(self);
        let wait = self.limits.offer_for;
        let id = view.id.clone();
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            if let Some(hub) = weak.upgrade() {
                hub.withdraw_rematches(|s| s.id == id, "expired");
            }
        });
        Ok(view)
    }
}
