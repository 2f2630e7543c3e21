//! The refusals' sentences in both languages: data only (the module above makes and checks
//! them).

/// The refusals: id, English, German. `{name}` marks a hole. An id `code-X` is code X's
/// general sentence (what a German connection gets for an error without a German text).
pub(crate) const REFUSALS: &[(&str, &str, &str)] = &[
    // Each code's general sentence.
    (
        "code-bad_json",
        "that message could not be read",
        "diese Nachricht war nicht lesbar",
    ),
    (
        "code-version",
        "another protocol version",
        "eine andere Protokollversion",
    ),
    ("code-hello_first", "say hello first", "zuerst hello sagen"),
    (
        "code-rate",
        "too many requests: slow down",
        "zu viele Anfragen: langsamer, bitte",
    ),
    (
        "code-auth",
        "the sign-in was refused",
        "die Anmeldung wurde abgelehnt",
    ),
    (
        "code-name",
        "that name cannot be used",
        "dieser Name geht nicht",
    ),
    (
        "code-taken",
        "that name is taken",
        "dieser Name ist schon vergeben",
    ),
    ("code-no_game", "no such game", "diese Partie gibt es nicht"),
    (
        "code-not_player",
        "you do not play in this game",
        "du spielst in dieser Partie nicht mit",
    ),
    (
        "code-not_your_turn",
        "it is not your move",
        "du bist nicht am Zug",
    ),
    (
        "code-stale",
        "the game has moved on",
        "die Partie ist schon weiter",
    ),
    (
        "code-illegal",
        "that move is not legal",
        "dieser Zug ist nicht erlaubt",
    ),
    ("code-over", "the game is over", "die Partie ist vorbei"),
    (
        "code-no_seek",
        "that seek is gone",
        "dieses Angebot ist nicht mehr da",
    ),
    (
        "code-seek",
        "the seek was refused",
        "das Angebot wurde abgelehnt",
    ),
    (
        "code-offer",
        "that offer cannot be made",
        "dieses Angebot geht nicht",
    ),
    (
        "code-db",
        "database error: try again",
        "Datenbankfehler: versuche es noch einmal",
    ),
    (
        "code-busy",
        "the server is busy: try again later",
        "der Server ist beschäftigt: versuche es später noch einmal",
    ),
    (
        "code-computer",
        "the computer game was refused",
        "die Partie gegen den Computer wurde abgelehnt",
    ),
    (
        "code-lesson",
        "the lesson could not be checked",
        "die Lektion konnte nicht geprüft werden",
    ),
    (
        "code-no_puzzle",
        "no such puzzle",
        "diese Aufgabe gibt es nicht",
    ),
    (
        "code-analysis",
        "the analysis was refused",
        "die Analyse wurde abgelehnt",
    ),
    (
        "code-tournament",
        "the tournament refused that",
        "das Turnier hat das abgelehnt",
    ),
    (
        "code-invite",
        "the invitation was refused",
        "die Einladung wurde abgelehnt",
    ),
    (
        "code-berserk",
        "berserk was refused",
        "Berserk wurde abgelehnt",
    ),
    ("code-not_found", "not found", "nicht gefunden"),
    (
        "code-too_long",
        "the address is too long",
        "die Adresse ist zu lang",
    ),
    // The message rate and sign-in attempts.
    (
        "rate-conn",
        "too many messages: slow down",
        "zu viele Nachrichten: langsamer, bitte",
    ),
    (
        "rate-address",
        "too many messages from your address: slow down",
        "zu viele Nachrichten von deiner Adresse: langsamer, bitte",
    ),
    (
        "rate-login-address",
        "too many attempts from your address: wait a minute",
        "zu viele Versuche von deiner Adresse: warte eine Minute",
    ),
    (
        "rate-login-account",
        "too many attempts for that account: wait a minute",
        "zu viele Versuche für dieses Konto: warte eine Minute",
    ),
    (
        "rate-puzzles",
        "too many puzzle requests: slow down",
        "zu viele Aufgaben auf einmal: langsamer, bitte",
    ),
    // Signing in and names.
    (
        "auth-wrong",
        "wrong name or password",
        "falscher Name oder falsches Passwort",
    ),
    (
        "auth-password-length",
        "a password has 8 to 200 characters",
        "ein Passwort hat 8 bis 200 Zeichen",
    ),
    (
        "name-length",
        "a name has 3 to 20 characters",
        "ein Name hat 3 bis 20 Zeichen",
    ),
    (
        "name-characters",
        "a name has only letters, digits, '_' and '-'",
        "ein Name hat nur Buchstaben, Ziffern, „_“ und „-“",
    ),
    (
        "name-letter",
        "a name starts with a letter",
        "ein Name beginnt mit einem Buchstaben",
    ),
    (
        "name-guest",
        "names starting with 'guest' are for guests",
        "Namen, die mit „guest“ beginnen, sind für Gäste",
    ),
    (
        "name-no-player",
        "no such player",
        "diesen Spieler gibt es nicht",
    ),
    (
        "seek-yourself",
        "you cannot challenge yourself",
        "du kannst dich nicht selbst herausfordern",
    ),
    (
        "seek-gone",
        "that seek is gone",
        "dieses Angebot ist nicht mehr da",
    ),
    // A game's moves and requests.
    ("not-a-move", "that is not a move", "das ist kein Zug"),
    (
        "not-your-move",
        "it is not your move",
        "du bist nicht am Zug",
    ),
    (
        "not-player",
        "you do not play in this game",
        "du spielst in dieser Partie nicht mit",
    ),
    (
        "not-player-then",
        "you did not play in that game",
        "du hast in dieser Partie nicht mitgespielt",
    ),
    ("game-over", "the game is over", "die Partie ist vorbei"),
    (
        "game-over-by",
        "the game is over: {cause}",
        "die Partie ist vorbei: {cause}",
    ),
    (
        "time-ran-out",
        "your time ran out",
        "deine Zeit ist abgelaufen",
    ),
    (
        "stale-played",
        "half-move {n} was already played",
        "Halbzug {n} wurde schon gespielt",
    ),
    (
        "stale-next",
        "the next half-move is {next}, not {n}",
        "der nächste Halbzug ist {next}, nicht {n}",
    ),
    (
        "move-text-unreadable",
        "move {text}, column {column}: that move text cannot be read",
        "{text} ist kein lesbarer Zug (Spalte {column})",
    ),
    (
        "abort-tournament",
        "a tournament game is never aborted: the side that does not move loses",
        "eine Turnierpartie wird nie abgebrochen: wer nicht zieht, verliert",
    ),
    (
        "abort-late",
        "a game can be aborted only before both sides have moved",
        "eine Partie kann nur abgebrochen werden, bevor beide Seiten gezogen haben",
    ),
    (
        "takeback-none",
        "you have no move to take back",
        "du hast keinen Zug, den du zurücknehmen könntest",
    ),
    (
        "takeback-nothing",
        "nothing to take back",
        "es gibt nichts zurückzunehmen",
    ),
    (
        "game-gone",
        "that game is no longer live",
        "diese Partie läuft nicht mehr",
    ),
    ("no-game", "no such game", "diese Partie gibt es nicht"),
    (
        "no-live-game",
        "no such live game",
        "diese laufende Partie gibt es nicht",
    ),
    (
        "following-too-many",
        "following too many games",
        "du folgst zu vielen Partien",
    ),
    (
        "berserk-arena",
        "berserk is only for arena tournament games",
        "Berserk gibt es nur in Partien eines Arena-Turniers",
    ),
    (
        "berserk-first-move",
        "berserk only before your first move",
        "Berserk nur vor deinem ersten Zug",
    ),
    (
        "berserk-clock",
        "berserk needs a clock",
        "Berserk braucht eine Uhr",
    ),
    // The computer.
    (
        "computer-per-player",
        "you are playing the computer {n} times already (at most {max} at once): finish a \
         game first",
        "du spielst schon {n}-mal gegen den Computer (höchstens {max} gleichzeitig): beende \
         zuerst eine Partie",
    ),
    (
        "computer-per-address",
        "your address plays the computer {n} times already (at most {max} at once): finish a \
         game first",
        "deine Adresse spielt schon {n}-mal gegen den Computer (höchstens {max} \
         gleichzeitig): beende zuerst eine Partie",
    ),
    (
        "computer-not-over",
        "that game is not over",
        "diese Partie ist noch nicht vorbei",
    ),
    (
        "busy-moves",
        "the computer is busy: {queued} moves are waiting for it (at most {max}) and {running} \
         are being searched; try again in a minute",
        "der Computer ist beschäftigt: {queued} Züge warten auf ihn (höchstens {max}), und \
         {running} werden gerade berechnet; versuche es in einer Minute noch einmal",
    ),
    (
        "busy-analyses",
        "the computer is busy: {waiting} analyses are waiting for it (at most {max}); try again \
         in a minute",
        "der Computer ist beschäftigt: {waiting} Analysen warten auf ihn (höchstens {max}); \
         versuche es in einer Minute noch einmal",
    ),
    // Analyses.
    (
        "busy-game-analyses",
        "{waiting} games are waiting for their analysis (at most {max}): try again in a few \
         minutes",
        "{waiting} Partien warten auf ihre Analyse (höchstens {max}): versuche es in ein paar \
         Minuten noch einmal",
    ),
    (
        "analyses-per-player",
        "you have asked for {n} game analyses in the last hour (the most there may be): try \
         again later",
        "du hast in der letzten Stunde {n} Partieanalysen angefordert (mehr gehen nicht): \
         versuche es später noch einmal",
    ),
    (
        "analyses-per-address",
        "your address has asked for {n} game analyses in the last hour (the most there may \
         be): try again later",
        "deine Adresse hat in der letzten Stunde {n} Partieanalysen angefordert (mehr gehen \
         nicht): versuche es später noch einmal",
    ),
    (
        "analysis-not-over",
        "only a finished game can be analysed",
        "nur eine beendete Partie kann analysiert werden",
    ),
    (
        "analysis-time-spent",
        "you have used the engine time the analysis board gives you for now; it comes back at \
         {secs} seconds a minute",
        "du hast die Rechenzeit des Analysebretts vorerst verbraucht; sie kommt mit {secs} \
         Sekunden pro Minute zurück",
    ),
    (
        "analysis-own-game",
        "that is the position of a game you are playing now: analyse it once the game is over",
        "das ist die Stellung einer Partie, die du gerade spielst: analysiere sie, wenn die \
         Partie vorbei ist",
    ),
    (
        "analysis-too-long",
        "that position or list of moves is too long",
        "diese Stellung oder Zugliste ist zu lang",
    ),
    (
        "analysis-not-a-move",
        "move {i} is not a move",
        "Zug {i} ist kein Zug",
    ),
    (
        "analysis-move",
        "move {i} ({move}): {why}",
        "Zug {i} ({move}): {why}",
    ),
    // Invitations.
    (
        "invite-too-many",
        "you have {open} open invitations already (at most {max}): wait for a friend to join \
         one, or for one to expire",
        "du hast schon {open} offene Einladungen (höchstens {max}): warte, bis ein Freund \
         einer folgt oder eine abläuft",
    ),
    (
        "invite-busy",
        "too many invitations: try later",
        "zu viele Einladungen: versuche es später noch einmal",
    ),
    (
        "invite-gone",
        "no such invitation: it expired, or the link is mistyped",
        "diese Einladung gibt es nicht: sie ist abgelaufen, oder der Link ist falsch",
    ),
    (
        "invite-own",
        "that is your own invitation: send its link to a friend",
        "das ist deine eigene Einladung: schick ihren Link einem Freund",
    ),
    (
        "invite-guest-rated",
        "guests play casual games only",
        "Gäste spielen nur ungewertete Partien",
    ),
    (
        "invite-used",
        "that invitation has been used: its seat is taken",
        "diese Einladung wurde schon angenommen: ihr Platz ist vergeben",
    ),
    // Tournaments.
    (
        "tournament-none",
        "no such tournament",
        "dieses Turnier gibt es nicht",
    ),
    (
        "tournament-over",
        "that tournament is over",
        "dieses Turnier ist vorbei",
    ),
    (
        "tournament-not-in",
        "not in that tournament",
        "du bist nicht in diesem Turnier",
    ),
    (
        "tournament-per-day",
        "at most {n} tournaments a day",
        "höchstens {n} Turniere am Tag",
    ),
    (
        "tournament-rated-account",
        "a rated tournament needs an account",
        "ein gewertetes Turnier braucht ein Konto",
    ),
    (
        "tournament-kind",
        "kind is arena or swiss",
        "die Art ist arena oder swiss",
    ),
    (
        "tournament-days",
        "1 to 14 days per move",
        "1 bis 14 Tage pro Zug",
    ),
    (
        "tournament-start",
        "it must start within four weeks",
        "es muss innerhalb von vier Wochen beginnen",
    ),
    (
        "tournament-rounds",
        "a Swiss has 1 to {max} rounds",
        "ein Turnier im Schweizer System hat 1 bis {max} Runden",
    ),
    (
        "tournament-arena-length",
        "an arena lasts from 10 seconds to a day",
        "eine Arena dauert 10 Sekunden bis einen Tag",
    ),
    (
        "tournament-arena-clock",
        "an arena needs a live clock",
        "eine Arena braucht eine laufende Uhr",
    ),
    (
        "tournament-set-times-swiss",
        "rounds at set times are for a Swiss",
        "Runden zu festen Zeiten gibt es nur im Schweizer System",
    ),
    (
        "tournament-set-times-range",
        "rounds at set times are 1 second to 30 days apart",
        "Runden zu festen Zeiten liegen 1 Sekunde bis 30 Tage auseinander",
    ),
    (
        "tournament-clock-or-days",
        "a clock or days per move, please",
        "bitte eine Uhr oder Tage pro Zug",
    ),
    (
        "tournament-name",
        "a name of 1 to 60 characters, please",
        "bitte einen Namen mit 1 bis 60 Zeichen",
    ),
    // The protocol's greeting and questions.
    (
        "version",
        "this server speaks version {v}",
        "dieser Server spricht Version {v}",
    ),
    (
        "hello-again",
        "hello was already said",
        "hello wurde schon gesagt",
    ),
    (
        "question-too-long",
        "the question is too long",
        "die Frage ist zu lang",
    ),
    (
        "no-game-or-question",
        "no such game, or the question is too long",
        "diese Partie gibt es nicht, oder die Frage ist zu lang",
    ),
    (
        "ask-built-in",
        "only the built-in variants can be asked about by position",
        "nach einer Stellung fragen geht nur in den eingebauten Varianten",
    ),
    (
        "busy-instance",
        "the instance playing that game does not answer",
        "der Server, der diese Partie spielt, antwortet nicht",
    ),
    // What a player typed: the English is the reader's own (the rules', the computer's
    // levels'), the table's English says the same for reference; the German names the value.
    (
        "typed-level",
        "\"{text}\" is not a level: easy, normal, hard, or a skill level 0 to {max}",
        "„{text}“ ist keine Stufe: easy, normal, hard oder eine Spielstärke von 0 bis {max}",
    ),
    (
        "typed-colour",
        "\"{text}\" is not a colour: white, black or random",
        "„{text}“ ist keine Farbe: white, black oder random",
    ),
    (
        "typed-clock",
        "\"{text}\" is not a time control: seconds+increment, like 300+3 or 10+0.1 (a base \
         time above zero and up to a day, an increment up to an hour)",
        "„{text}“ ist keine Bedenkzeit: Sekunden+Zuschlag wie 300+3 oder 10+0.1 (eine Grundzeit \
         über null bis zu einem Tag, ein Zuschlag bis zu einer Stunde)",
    ),
    (
        "typed-variant",
        "\"{text}\" is not a variant here (this server plays: {names}; or send your own as \
         variant_def)",
        "„{text}“ ist keine Variante dieses Servers (er spielt: {names}; oder schick deine \
         eigene als variant_def)",
    ),
    (
        "typed-variant-syntax",
        "variant definition, line {line}: that is not TOML",
        "Variantendefinition, Zeile {line}: das ist kein lesbares TOML",
    ),
    (
        "typed-position",
        "that is not a position: {why}",
        "das ist keine Stellung: {why}",
    ),
    // Variants.
    (
        "variant-name-length",
        "a variant name has at most 40 characters",
        "ein Variantenname hat höchstens 40 Zeichen",
    ),
    (
        "variant-def-length",
        "a variant definition has at most {max} bytes",
        "eine Variantendefinition hat höchstens {max} Bytes",
    ),
    (
        "variant-def",
        "variant definition: {why}",
        "Variantendefinition: {why}",
    ),
    (
        "variant-custom-full",
        "this server holds as many custom variants as it takes; play a built-in one or one \
         already played here",
        "dieser Server hat so viele eigene Varianten, wie er aufnimmt; spiel eine eingebaute \
         oder eine, die hier schon gespielt wurde",
    ),
    // Seeks, challenges and rematches.
    (
        "seek-own-variant-casual",
        "a variant of your own is played casual (rated games are for built-in variants)",
        "eine eigene Variante wird ungewertet gespielt (gewertete Partien gibt es nur in den \
         eingebauten Varianten)",
    ),
    (
        "seek-tc-and-days",
        "a seek has a time control or days per move, not both",
        "ein Angebot hat eine Bedenkzeit oder Tage pro Zug, nicht beides",
    ),
    (
        "seek-base-second",
        "the base time is at least a second",
        "die Grundzeit ist mindestens eine Sekunde",
    ),
    (
        "seek-days",
        "days per move: 1, 2, 3, 5, 7 or 14",
        "Tage pro Zug: 1, 2, 3, 5, 7 oder 14",
    ),
    (
        "seek-tc-or-days",
        "a seek needs tc or days",
        "ein Angebot braucht eine Bedenkzeit oder Tage pro Zug",
    ),
    ("seek-none", "no such seek", "dieses Angebot gibt es nicht"),
    (
        "seek-too-many",
        "too many open seeks",
        "zu viele offene Angebote",
    ),
    (
        "seek-not-yours-here",
        "no such seek of yours here",
        "so ein Angebot von dir gibt es hier nicht",
    ),
    (
        "seek-not-yours",
        "no such seek of yours",
        "so ein Angebot von dir gibt es nicht",
    ),
    (
        "seek-own",
        "that is your own seek",
        "das ist dein eigenes Angebot",
    ),
    (
        "seek-range",
        "your rating is outside that seek's range",
        "deine Wertung liegt außerhalb des Bereichs dieses Angebots",
    ),
    (
        "challenge-decline-there",
        "decline it on the challenger's instance",
        "lehne sie auf dem Server des Herausforderers ab",
    ),
    (
        "challenge-none",
        "no such challenge to you",
        "so eine Herausforderung an dich gibt es nicht",
    ),
    (
        "challenge-other",
        "that challenge is for someone else",
        "diese Herausforderung gilt jemand anderem",
    ),
    (
        "rematch-not-over",
        "that game is not over",
        "diese Partie ist noch nicht vorbei",
    ),
    // The computer and the analysis board.
    (
        "computer-too-long",
        "that is not a level or a clock",
        "das ist weder eine Stufe noch eine Bedenkzeit",
    ),
    (
        "computer-built-in",
        "the computer plays the built-in variants only",
        "der Computer spielt nur die eingebauten Varianten",
    ),
    (
        "analysis-built-in",
        "the analysis board knows the built-in variants only",
        "das Analysebrett kennt nur die eingebauten Varianten",
    ),
    // Berserk and lessons.
    ("berserk-already", "already berserk", "schon Berserk"),
    (
        "berserk-time",
        "too little time left to go berserk",
        "zu wenig Zeit übrig für Berserk",
    ),
    (
        "lesson-no-stage",
        "there is no stage {s} in lesson {n}",
        "Lektion {n} hat keine Stufe {s}",
    ),
    (
        "lesson-too-many",
        "too many or too long inputs: start the stage again",
        "zu viele oder zu lange Eingaben: beginne die Stufe noch einmal",
    ),
    (
        "lesson-unreadable",
        "the lessons could not be read",
        "die Lektionen konnten nicht gelesen werden",
    ),
    // Puzzles.
    (
        "puzzle-none",
        "no such puzzle",
        "diese Aufgabe gibt es nicht",
    ),
    (
        "puzzle-none-here",
        "this server has no puzzles",
        "dieser Server hat keine Aufgaben",
    ),
];
