//! Lessons on the server: a stage's attempt replayed off the runtime, stars kept per player.

use super::*;

/// An error to answer, or a reason to close.
/// Lesson replays running at once (each may search a little for the opponent's replies);
/// more wait their turn.
static LESSON_REPLAYS: LazyLock<tokio::sync::Semaphore> =
    LazyLock::new(|| tokio::sync::Semaphore::new(2));

impl Conn {
    /// Replays a lesson stage's attempt (off the runtime), stores the stars of a completed
    /// one, and answers with where it stands and the player's best.
    pub(super) async fn lesson_try(
        &self,
        n: u32,
        s: u32,
        inputs: Vec<String>,
        lang: Option<&str>,
    ) -> Result<(), Fatal> {
        let key = self.me()?.key.clone();
        let language = lang.and_then(Lang::from_tag).unwrap_or_default();
        let refused = |e: lessons::LessonError| lesson_refusal(&e);
        let (lesson, _) = lessons::stage(language.code(), n, s).map_err(refused)?;
        let mut view = {
            let _turn = LESSON_REPLAYS
                .acquire()
                .await
                .map_err(|_| ServerMsg::error("busy", "the server is stopping"))?;
            tokio::task::spawn_blocking(move || {
                lessons::play(language.code(), n, s, &inputs, &|id| {
                    lang::text_in(language, id)
                })
            })
            .await
            .map_err(|_| ServerMsg::error("busy", "the lesson could not be checked"))?
            .map_err(refused)?
        };
        let stage_index = i64::from(s) - 1;
        if let Some(stars) = view.stars {
            self.hub
                .writer
                .write(Write::LessonStars {
                    player: key.clone(),
                    lesson: lesson.id.clone(),
                    stage: stage_index,
                    stars: i64::from(stars),
                })
                .await
                .map_err(|e| db_err(crate::server::db::DbError::Corrupt(e)))?;
        }
        let stored = self.hub.db.lesson_stars(&key).await.map_err(db_err)?;
        view.best = stored
            .iter()
            .find(|(id, stage, _)| *id == lesson.id && *stage == stage_index)
            .and_then(|(_, _, stars)| u8::try_from(*stars).ok());
        self.send(ServerMsg::Lesson(Box::new(view)));
        Ok(())
    }

    /// A guest who registers or signs in brings its lesson stars to the account (the better
    /// of the two counts for each stage).
    pub(super) async fn adopt_lessons(&self, to: &str) -> Result<(), Fatal> {
        let Some(from) = self.player.as_ref().filter(|p| p.guest && p.key != to) else {
            return Ok(());
        };
        self.hub
            .writer
            .write(Write::LessonAdopt {
                from: from.key.clone(),
                to: to.to_string(),
            })
            .await
            .map_err(|e| db_err(crate::server::db::DbError::Corrupt(e)))?;
        Ok(())
    }

    /// The player's best stars in every lesson, 0 where a stage is not done.
    pub(super) async fn lesson_progress(&self) -> Result<Vec<LessonStars>, Fatal> {
        let key = self.me()?.key.clone();
        let stored = self.hub.db.lesson_stars(&key).await.map_err(db_err)?;
        let book = lessons::lessons("en").map_err(|e| lesson_refusal(&e))?;
        Ok(book
            .iter()
            .zip(1u32..)
            .map(|(lesson, n)| LessonStars {
                lesson: n,
                stars: (0..lesson.stages.len())
                    .map(|i| {
                        stored
                            .iter()
                            .find(|(id, stage, _)| {
                                *id == lesson.id && usize::try_from(*stage).ok() == Some(i)
                            })
                            .and_then(|(_, _, stars)| u8::try_from(*stars).ok())
                            .unwrap_or(0)
                    })
                    .collect(),
            })
            .collect())
    }
}

/// Why a lesson's stage was refused, in both languages.
fn lesson_refusal(e: &lessons::LessonError) -> ServerMsg {
    use lessons::LessonError as E;
    match e {
        E::NoStage(n, s) => refusals::refused(
            "lesson",
            "lesson-no-stage",
            &[("n", &n.to_string()), ("s", &s.to_string())],
        ),
        E::TooMany => refusals::refused("lesson", "lesson-too-many", &[]),
        E::Unreadable => refusals::refused("lesson", "lesson-unreadable", &[]),
    }
}
