# Parachess: alle Texte, die der Spieler liest, auf Deutsch.
# Dieselben Ids und Variablen wie en.ftl (ein Test prüft das).

## Used by the catalogue's own tests

test-plural = { $n ->
    [one] { $n } Zug
   *[other] { $n } Züge
}
test-name = Hallo, { $name }!

## Settings screen
settings-title = Einstellungen
settings-language = Sprache
settings-on = An
settings-off = Aus
settings-sound = Ton
settings-view = Ansicht
settings-cell-names = Feldnamen
settings-show-lines = Linien
settings-threats = Drohungen
settings-board-theme = Brettfarben
settings-pieces = Figuren
settings-style = Stil { $n }
settings-interface-size = Oberflächengröße
settings-full-screen = Vollbild
settings-name = Dein Name
settings-volume = Lautstärke
settings-animation = Züge gleiten
settings-animation-off = Aus
settings-animation-fast = Schnell
settings-animation-normal = Normal
settings-animation-slow = Langsam
settings-legal-dots = Zielpunkte
settings-last-move = Letzter Zug
settings-scale-auto = Auto
settings-saved-note = Wird sofort in settings.ron im Datenordner gespeichert. Auch der Dialog „Neue Partie“ und die Uhr merken sich die letzte Wahl.
settings-back = Zurück
settings-not-saved = Einstellungen nicht gespeichert: { $path }: { $error }
settings-damaged-kept = { $error }; aufbewahrt als { $path }, Standardwerte verwendet
settings-damaged-not-kept = { $error }; konnte nicht beiseitegelegt werden ({ $why }), Standardwerte verwendet
theme-wood = Holz
theme-contrast = Kontrast
theme-okabe-ito = Okabe-Ito
theme-tournament = Turnier
settings-damaged = settings.ron ist beschädigt: { $why }

## Key help (keymap.rs): "KEY: what it does", ids made from the English help
key-continue = weiterspielen
key-play = spielen
key-learn = lernen
key-load = laden
key-how-the-pieces-move = wie die Figuren ziehen
key-analyse-a-position = Stellung analysieren
key-play-online = online spielen
key-set-up-a-position = Stellung aufbauen
key-puzzles = Aufgaben
key-settings = Einstellungen
key-quit = beenden
key-back = zurück
key-deselect-then-back-where-you-came-from = Auswahl aufheben, dann zurück (woher du kamst)
key-new-game = neue Partie
key-undo = Zug zurücknehmen
key-redo = Zug wiederholen
key-flip-the-board = Brett drehen
key-2d-3d = 2D / 3D
key-cell-names = Feldnamen
key-show-lines = Linien zeigen
key-sound = Ton
key-threats = Drohungen
key-default-view = Standardansicht
key-full-screen = Vollbild
key-hint = Tipp
key-save = speichern
key-copy-the-position = Stellung kopieren
key-paste-a-position = Stellung einfügen
key-previous-move = vorheriger Zug
key-next-move = nächster Zug
key-first-move = erster Zug
key-back-to-the-game = zurück zur Partie
key-analyse = analysieren
key-last-move = letzter Zug
key-analyse-a-pasted-position = eingefügte Stellung analysieren
key-start-next = Start / weiter
key-restart-the-stage = Stufe neu beginnen
key-host-a-game = Partie eröffnen
key-join-a-game = einer Partie beitreten
key-play-on-a-server = auf einem Server spielen
key-find-a-game = Partie suchen
key-watch-a-game = Partie zuschauen
key-refresh-the-lobby = Lobby aktualisieren
key-sign-in = anmelden
key-connect = verbinden
key-next-field = nächstes Feld
key-paste = einfügen
key-cancel = abbrechen
key-quick-pairing = schnelle Paarung
key-challenge = herausfordern
key-watch = zuschauen
key-start-hosting = Partie anbieten
key-join = beitreten
key-empty-board = leeres Brett
key-start-position = Grundstellung
key-your-game-s-position = Stellung deiner Partie
key-white-to-move = Weiß am Zug
key-black-to-move = Schwarz am Zug
key-play-from-here = von hier spielen
key-play-the-computer-from-here = von hier gegen den Computer spielen
key-next-puzzle = nächste Aufgabe
key-retry = nochmal
key-show-the-solution = Lösung zeigen
key-start = starten
key-look-at-the-board = Brett ansehen
key-review-the-game = Partie auswerten
key-next-piece = nächste Figur
key-previous-piece = vorherige Figur
key-close = schließen
key-next-retry = weiter / nochmal
key-the-lessons = die Lektionen
key-all-the-keys = alle Tasten

## Key names
keyname-enter = Enter
keyname-esc = Esc
keyname-backspace = Rücktaste
keyname-left = Links
keyname-right = Rechts
keyname-up = Hoch
keyname-down = Runter
keyname-home = Pos1
keyname-end = Ende
keyname-space = Leertaste
keyname-tab = Tab
keyname-ctrl = Strg+{ $key }
# A button or a label, then the key that does the same.
with-key = { $label } ({ $key })

## Title screen
title-subtitle = Tony Palettas Schach auf einem Sechseck aus 72 Rauten
title-new-here = Neu hier? „Lernen“ zeigt Schritt für Schritt, wie jede Figur zieht.
title-continue = Partie fortsetzen
title-play = Spielen
title-learn = Lernen
title-play-online = Online spielen
title-puzzles = Aufgaben
title-set-up = Stellung aufbauen
title-pieces = Wie die Figuren ziehen
title-analyse = Stellung analysieren
title-load = Gespeicherte Partie laden
title-settings = Einstellungen
title-quit = Beenden

## Shared
offer-accept = Annehmen
offer-decline = Ablehnen

## Sides, pieces, variants
side-white = Weiß
side-black = Schwarz
piece-king = König
piece-queen = Dame
piece-rook = Turm
piece-bishop = Läufer
piece-sorcerer = Zauberer
piece-pawn = Bauer
piece-knight = Springer
piece-archer = Bogenschütze
piece-general = General
piece-chariot = Streitwagen
piece-elephant = Elefant
piece-any = Figur
variant-parachess = Parachess
variant-knights-and-archers = Springer und Bogenschützen
variant-cavalry = Kavallerie
variant-short-range = Kurze Reichweite
variant-shuffle = Parachess gemischt

## Play panel
panel-subtitle = Tony Palettas Schach auf 72 Rauten
panel-moves = Züge (anklicken, Links / Rechts)
panel-new-game = Neue Partie
panel-undo = Zurück
panel-redo = Vor
panel-flip = Drehen
panel-2d-3d = 2D / 3D
panel-view = Ansicht
panel-names = Namen
panel-lines = Linien
panel-pieces = Figuren
panel-threats = Drohungen
panel-hint = Tipp
panel-analyse = Analyse
panel-review = Auswertung
panel-sound = Ton
panel-save = Speichern
panel-load = Laden
panel-copy-pos = Kopieren
panel-paste-pos = Einfügen
panel-resign = Aufgeben
panel-draw = Remis
panel-menu = Menü
ui-more-below = ↓ weiter unten (Mausrad)
panel-help-short = Figur anklicken oder ziehen; Rechtsklick oder Umschalt: ihre Züge. { $keys }: alle Tasten
panel-keys-game = Partie: { $keys }
panel-keys-board = Brett: { $keys }
moves-from-set-up = (aus einer aufgebauten Stellung)
moves-variant-start = ({ $variant })
moves-from-set-up-in = (aus einer aufgebauten Stellung, { $variant })
moves-none-yet = Noch keine Züge
moves-hint-note = { $mark }: nach einem Tipp gespielt
player-human = Mensch
player-computer = Computer ({ $level })
player-opponent = Gegner
panel-thinking = Der Computer denkt nach …
panel-players = Weiß: { $white }   Schwarz: { $black }

## New-game, load, promotion, game-over dialogs
level-easy = Leicht
level-normal = Mittel
level-hard = Schwer
mode-two-players = Zwei Spieler
mode-human-white = Du (Weiß) gegen Computer
mode-human-black = Computer gegen dich (Schwarz)
mode-computer-only = Computer gegen Computer
new-game-keep-note = Deine laufende Partie bleibt bei den gespeicherten Partien (Laden).
new-game-title = Neue Partie
new-game-who = Wer spielt?
new-game-level = Spielstärke des Computers
new-game-clock = Bedenkzeit
dialog-start = Starten
dialog-cancel = Abbrechen
load-title = Gespeicherte Partie laden
load-reading = Lese die gespeicherten Partien …
load-none = Noch keine gespeicherten Partien. Speichern mit Strg+S.
load-analyse = Analysieren
promotion-title = Bauer umwandeln in:
game-over-title = Partie beendet
game-over-new-game = Neue Partie
game-over-analyse = Analysieren
game-over-review = Auswerten
game-over-look = Brett ansehen
variant-shuffle-random = Parachess gemischt: zufällige Grundreihe
variant-by-number = oder nach Nummer:
variant-broken-line = { $file }, Zeile { $line }: { $reason } (nicht angeboten)
variant-broken = { $file }: { $reason } (nicht angeboten)
variant-reading = Lese deine eigenen Varianten …
variant-yours = { $name } (deine)
variant-random = zufällig
variant-chosen = Variante: { $variant }
variant-shuffle-number = Parachess gemischt Nr. { $n }
variant-number-of = { $n } von 0–179

## Turns and results
turn-white = Weiß am Zug
turn-to-move = { $side } am Zug
turn-to-move-check = { $side } am Zug – Schach!
cause-checkmate = Schachmatt
cause-stalemate = Patt
cause-resignation = Aufgabe
cause-repetition = dreifache Stellungswiederholung
cause-fifty-moves = 100 Halbzüge ohne Schlagen oder Bauernzug
cause-agreement = Einigung
cause-time = Zeitüberschreitung
cause-time-lone-king = Zeitüberschreitung gegen einen einzelnen König
outcome-wins = { $side } gewinnt durch { $cause }
outcome-draw = Remis durch { $cause }

## Play: status line
status-two-players = Zu zweit am Brett. „Neue Partie“: gegen den Computer.
status-new-game = Neue Partie
status-game-loaded = Partie geladen: { $n } Züge
status-new-game-clock = Neue Partie, { $clock }
status-computer-declines-draw = Der Computer lehnt das Remis ab: ihm gefällt seine Stellung
status-browsing-undo = Du siehst eine frühere Stellung: erst mit Ende (oder Rechts) zur Partie zurückkehren
status-nothing-to-undo = Nichts zurückzunehmen
status-no-takebacks = Keine Zugrücknahme in einer Partie mit Uhr gegen den Computer
status-undo-old-line = Zug zurückgenommen: die frühere Abspielfolge ist wieder da (Rechts oder Ende zeigt sie)
status-undone = Zug zurückgenommen
status-nothing-to-redo = Nichts zu wiederholen
status-redone = Zug wiederholt
status-move-ends = { $move }: { $outcome }
status-new-line = { $move }: ab hier eine neue Abspielfolge („Zurück“ holt die alte wieder)
status-played = { $side } spielte { $move }
status-too-late = Zu spät: die Zeit von { $side } ist abgelaufen
status-cannot-show = Dieser Zug kann nicht gezeigt werden

## Saving and loading
save-keep-failed = Die unbeendete Partie konnte nicht aufbewahrt werden: { $error }
save-as-title = Partie speichern
save-as-name = Name
save-as-help = { $keys }, Rücktaste: löschen. Gespeichert bei deinen Partien (Laden zeigt sie).
save-name-taken = Nicht gespeichert: { $path } gibt es schon; wähle einen anderen Namen
save-not-saved-path = Nicht gespeichert: { $path }: { $error }
save-autosave-failed-path = Automatisches Speichern fehlgeschlagen: { $path }: { $error }
save-not-saved = Nicht gespeichert: { $error }
save-cannot-save = Partien können nicht gespeichert werden: { $error }
save-autosave-unreadable-kept = Die automatische Sicherung war nicht lesbar ({ $error }); sie wurde als { $path } aufbewahrt
save-autosave-unreadable-off = Die automatische Sicherung war nicht lesbar ({ $error }) und ließ sich nicht beiseitelegen ({ $why }); automatisches Speichern ist aus, damit sie nicht überschrieben wird
save-no-writer = Partien können nicht gespeichert werden: kein Schreib-Thread ({ $error })
save-autosave-failed = Automatisches Speichern fehlgeschlagen: { $error }
save-unfinished-kept = Deine unbeendete Partie wurde als { $path } aufbewahrt („Laden“ zeigt sie)
save-saved-as = Gespeichert als { $path }
save-no-data-dir = Hier können keine Partien gespeichert werden: kein Datenordner
save-welcome-back = Willkommen zurück: deine Partie geht weiter
pos-copied-both = Stellung in die Zwischenablage und nach { $path } kopiert
pos-copied = Stellung in die Zwischenablage kopiert
pos-written = Stellung nach { $path } geschrieben
pos-not-exported = Stellung nicht exportiert: { $error }
pos-no-clipboard-text = Hier gibt es keine Zwischenablage; die Stellung ist { $text }
pos-no-clipboard = Hier gibt es keine Zwischenablage
pos-clipboard-error = Zwischenablage nicht lesbar: { $error }
pos-clipboard-not-ready = Die Zwischenablage ist nicht bereit; bitte erneut versuchen
pos-pasted = Neue Partie aus der eingefügten Stellung
pos-not-a-position = Die Zwischenablage enthält keine Stellung: { $error }
load-cannot = Laden nicht möglich: { $error }
load-row = { $name }  |  { $n } Züge  |  { $result }
load-unfinished = nicht beendet
load-row-unreadable = { $name } (nicht lesbar: { $error })
load-cannot-list = Gespeicherte Partien können nicht aufgelistet werden: { $error }

## Clicking on the board
input-game-over = { $outcome }. Starte eine neue Partie, um wieder zu spielen.
input-computer-thinking = Warte: der Computer denkt nach
input-not-your-piece = Das ist ein { $piece } von { $side }; { $turn } ist am Zug
input-browsing = { $shown } Gezogen wird in der Stellung der Partie: mit Ende (oder Rechts) zurückkehren
input-watching = Du schaust dieser Partie zu: die Züge der Spieler kommen von selbst
input-wait-opponent = Warte auf den Zug deines Gegners
input-no-legal-move = Diese Figur hat keinen legalen Zug
input-piece-on = { $piece } auf { $cell }: { $how }
input-promotion-prompt = Wähle, was aus dem Bauern wird: { $kinds }
computer-could-not-move = Der Computer konnte nicht ziehen: { $error }

## The piece guide (aids/guide_text.rs, aids/guide.rs)
guide-king-1 = Der König macht einen Schritt jeder Art: über eine Kante, diagonal durch eine spitze Ecke oder bogenförmig durch eine Ecke auf eine andere Farbe.
guide-king-2 = Wer keinen legalen Zug mehr hat, verliert die Partie, ob im Schach oder nicht: halte deinen König beweglich.
guide-queen-1 = Die Dame gleitet beliebig weit entlang Kantenpfaden (blau), Diagonalpfaden (orange) und Wellenpfaden (grün).
guide-queen-2 = Sie kann nicht springen: die erste Figur auf einer Linie hält sie auf, und sie darf sie schlagen, wenn es eine gegnerische ist.
guide-rook-1 = Der Turm gleitet entlang Kantenpfaden: geradeaus über gegenüberliegende Seiten jeder Raute (blau).
guide-rook-2 = Kantenpfade kreuzen Felder aller drei Farben, so erreicht ein Turm jeden Teil des Bretts.
guide-bishop-1 = Der Läufer gleitet entlang Diagonalpfaden (orange), die bei einer Farbe bleiben, und Wellenpfaden (grün), die im Zickzack durch spitze Ecken laufen.
guide-bishop-2 = Wellenpfade wechseln bei jedem Schritt die Farbe, also ist ein Läufer nicht an eine Farbe gebunden.
guide-sorcerer-1 = Der Zauberer springt zwei Schritte in einem: einen Springersprung (diagonal, dann über eine Kante, oder umgekehrt) oder einen Bogenschützensprung (bogenförmig, dann diagonal, oder umgekehrt).
guide-sorcerer-2 = Nichts kann einen Sprung blockieren: das Feld dazwischen spielt keine Rolle.
guide-pawn-1 = Der Bauer macht einen Schritt jeder Art vorwärts auf ein leeres Feld; er schlägt nur mit einem Schritt vorwärts über eine Kante oder diagonal.
guide-pawn-2 = Auf der letzten Reihe wird er Dame, Turm, Läufer oder Zauberer. Kein Doppelschritt, kein en passant.
guide-other = Sie zieht, wie ihre Variante es sagt.
guide-cannot-move = Sie kann jetzt nicht ziehen.
guide-can-go = Sie kann { $moves ->
    [one] 1 Feld
    *[other] { $moves } Felder
    } erreichen.
guide-can-take = Sie kann { $captures ->
    [one] 1 Figur
    *[other] { $captures } Figuren
    } schlagen.
guide-can-go-and-take = Sie kann { $moves ->
    [one] 1 Feld
    *[other] { $moves } Felder
    } erreichen und { $captures ->
    [one] 1 Figur
    *[other] { $captures } Figuren
    } schlagen.
guide-hide = Nochmal rechtsklicken zum Ausblenden.
guide-in-army = { $how } (in { $variant })
guide-describe = { $piece } ({ $side }) auf { $cell }: { $how }. { $now }
guide-describe-pinned = { $piece } ({ $side }) auf { $cell }: { $how }. { $now } { $hide }

## Hints
hint-browsing = Ein Tipp gilt der Stellung der Partie: erst mit Ende (oder Rechts) dorthin zurückkehren
hint-game-over = Die Partie ist vorbei: da gibt es nichts zu raten
hint-not-your-turn = Ein Tipp ist für einen Menschen am Zug: warte, bis du dran bist
hint-still-looking = Suche noch nach einem Tipp …
hint-looking = Suche einen guten Zug …
hint-shown = Tipp: { $move } (der Pfeil zeigt den Weg)
hint-illegal = Die Engine schlug { $move } vor, was hier nicht legal ist
hint-none = Kein Tipp: { $error }

## How the pieces move (aids/pieces_view.rs)
pieces-title = Wie die Figuren ziehen
pieces-subtitle = Jedes Brett entsteht aus den Regeln: was du siehst, erlaubt das Spiel.
pieces-title-in = Wie die Figuren in { $variant } ziehen
pieces-close = Schließen
pieces-or = { $some } oder { $last }
pieces-pawn-becomes = Auf der letzten Reihe wird er { $kinds }. Kein Doppelschritt, kein en passant.
pieces-help = Klicke eine Karte an oder nimm die Pfeiltasten. Im Spiel zeigt ein Rechtsklick auf eine Figur (oder Umschalt darüber halten), was sie dort kann.
pieces-leap-knight = Ein Springersprung besteht aus zwei Schritten in einem: diagonal, dann über eine Kante, oder umgekehrt.
pieces-leap-archer = Ein Bogenschützensprung besteht aus zwei Schritten in einem: bogenförmig, dann diagonal, oder umgekehrt.
pieces-leap-both = Ein Springersprung besteht aus zwei Schritten in einem, diagonal und dann über eine Kante (oder umgekehrt); ein Bogenschützensprung bogenförmig und dann diagonal (oder umgekehrt).
pieces-leap-unblocked = Nichts kann einen Sprung blockieren: das Feld dazwischen spielt keine Rolle.
pieces-royal = Das ist die königliche Figur: setze sie matt oder patt, um zu gewinnen.
pieces-value = Die Engine bewertet diese Figur nach ihrer Beweglichkeit mit { $value } Bauern.
pieces-caption-both = { $piece } von Weiß und von Schwarz erreichen { $moves ->
    [one] 1 Feld
    *[other] { $moves } Felder
    }{ $captures ->
    [0] {""}
    [one] {" "}und können 1 Figur schlagen
    *[other] {" "}und können { $captures } Figuren schlagen
    }
pieces-caption-one = { $piece } (Weiß) auf { $cell } erreicht { $moves ->
    [one] 1 Feld
    *[other] { $moves } Felder
    }{ $captures ->
    [0] {""}
    [one] {" "}und kann 1 Figur schlagen
    *[other] {" "}und kann { $captures } Figuren schlagen
    }
legend-edge-path = Kantenpfad
legend-diagonal-path = Diagonalpfad
legend-wave-path = Wellenpfad
legend-faint = blass: hinter einer Figur im Weg
legend-knight-leap = Springersprung
legend-archer-leap = Bogenschützensprung
legend-edgewise-step = Schritt über eine Kante
legend-diagonal-step = diagonaler Schritt
legend-arcwise-step = bogenförmiger Schritt
legend-faint-ring = blasser Ring: so wird nicht geschlagen
legend-can-go = kann hin
legend-can-take = kann schlagen

## Learn: the lesson list and a stage
learn-start-label = { $what }: { $n }. { $title }
learn-next-lesson = Nächste Lektion
learn-start-here = Hier beginnen
learn-all-complete = Alle Lektionen geschafft! Spiele eine Lektion noch einmal, um mehr Sterne zu holen.
learn-title = PARACHESS LERNEN
learn-intro = Fünfzehn kurze Lektionen, vom Brett bis zum Schachmatt. Jede Stufe bringt bis zu drei Sterne: drei für die wenigsten Züge.
learn-back-to-title = Zurück zum Start
learn-list-help = Lektion anklicken, um sie zu öffnen. { $next }: die vorgeschlagene Lektion, { $back }: zurück zum Start
learn-tag-next = NÄCHSTE
learn-tag-complete = FERTIG
learn-hint-button = Tipp
learn-restart = Neu
learn-lessons = Lektionen
learn-n-clicks = { $n ->
    [one] 1 Klick
    *[other] { $n } Klicks
    }
learn-n-moves = { $n ->
    [one] 1 Zug
    *[other] { $n } Züge
    }
goal-cells-found = Gefundene Felder: { $found } von { $total }
goal-reach = Klicke jedes Feld an, das { $piece } auf { $cell } erreichen kann: { $found } von { $total } gefunden
goal-stars = Lande auf jedem Stern: noch { $left }
goal-capture-all = Schlage jede Figur von { $side } außer dem König: noch { $left }
goal-promote = Wandle einen Bauern auf der letzten Reihe um
goal-check = Gib mit einem Zug Schach
goal-escape-check = Bring deinen König mit einem Zug aus dem Schach
goal-mate = Setze { $side } in { $moves } matt
goal-stalemate = Lass { $side } in { $moves } ohne legalen Zug, ohne Schach
goal-draw = Erreiche in { $moves } ein Remis
learn-made-fewest = { $made }  (am wenigsten { $fewest })
learn-hint = Tipp: { $hint }
learn-hint-lines = Tipp: die Linien der Figur werden ein paar Sekunden lang auf dem Brett gezeigt.
learn-hint-names = Tipp: schalte die Feldnamen ein ({ $key }), um den Namen jedes Feldes zu lesen.
learn-hint-stars = Tipp: jeder Zug muss auf einem Stern landen oder die Figur näher an einen bringen. Zeige auf eine Figur, um ihre Linien zu sehen.
learn-hint-general = Tipp: zeige auf jede deiner Figuren, um ihre Linien zu sehen, und probiere jeden Zug erst im Kopf.
learn-lesson-title = Lektion { $n }: { $title }
learn-stage-of = Stufe { $n } von { $total }
learn-lesson-stars = { $title }: { $stars }/{ $most } Sterne
learn-not-this-time = Diesmal nicht
learn-try-again = Nochmal
learn-lesson-complete = Lektion geschafft!
learn-mate-complete = Schachmatt! Stufe geschafft
learn-stalemate-complete = Patt! Stufe geschafft
learn-draw-complete = Remis! Stufe geschafft
learn-stage-complete = Stufe geschafft
learn-result-fewest = { $made } (am wenigsten { $fewest })
learn-three-stars-for = Drei Sterne für { $made }: versuch es nochmal, um dich zu verbessern.
learn-new-best = Neue Bestleistung für diese Stufe
learn-next-stage = Nächste Stufe
learn-next-lesson-title = Nächste Lektion: { $title }
learn-every-lesson-done = Alle Lektionen fertig: spiel eine Partie
learn-retry = Nochmal
learn-status-click-cells = Klicke die Felder auf dem Brett an
learn-status-your-move = Du bist am Zug: ziehe eine Figur oder klicke sie und dann ihr Ziel an
learn-unreadable = Die Lektionen konnten nicht gelesen werden: { $error }
learn-stage-again = Die Stufe beginnt von vorn
learn-progress-kept = Dein Lernfortschritt war nicht lesbar ({ $problem }); er wurde als { $path } aufbewahrt, und du beginnst neu
learn-progress-unreadable = Dein Lernfortschritt war nicht lesbar: { $error }
learn-progress-not-saved = Dein Lernfortschritt wurde nicht gespeichert: { $error }
learn-status-complete = Stufe geschafft: { $made } (am wenigsten { $fewest })
learn-star-collected = Stern eingesammelt: noch { $left }
learn-closer-to-star = Gut: das bringt dich näher an einen Stern
learn-captured = Geschlagen: noch { $left }
learn-your-move-again = { $move }: du bist wieder am Zug
learn-answering = { $side } antwortet …
learn-answered = { $side } antwortete { $move }: du bist am Zug
learn-found-one-more = Ja, { $cell }. Noch eins zu finden
learn-found-more = Ja, { $cell }. Noch { $left } zu finden
learn-no-reply = Der Gegner hat keinen Zug
learn-reply-failed = Die Antwort konnte nicht gespielt werden: { $error }

## Looking back, analysis and review
nav-showing-start = Gezeigt wird der Anfang, vor Zug 1 von { $end }.
nav-showing-move = Gezeigt wird Zug { $shown } von { $end } ({ $move }).
nav-banner = { $shown } Pfeil rechts oder Ende führt zur Partie zurück.
nav-banner-waits = { $shown } Pfeil rechts oder Ende führt zur Partie zurück. Die Partie wartet, bis du zurückkehrst.
analysis-heading = ANALYSE
analysis-heading-review = PARTIEAUSWERTUNG
analysis-moves = Züge
analysis-threads = Threads
analysis-back = Verlassen
analysis-help = { $keys }. { $back }: zurück. Die Brett-Tasten ({ $board }) wirken wie im Spiel.
analysis-game-over = Die Partie ist hier vorbei ({ $outcome }): nichts zu suchen.
analysis-reviewing = Die Engine wertet die Partie aus; die Varianten kommen zurück, wenn sie fertig ist.
analysis-info = Tiefe { $depth }  { $nodes } Stellungen  { $nps }/s  { $threads ->
    [one] 1 Thread
    *[other] { $threads } Threads
    }
analysis-info-done = { $info }  (fertig)
analysis-thinking = Die Engine denkt nach …
analysis-turn-shown = { $turn }  (Zug { $shown } von { $end })
analysis-status = Analyse: ziehe die Figuren beider Seiten; die Engine folgt dem Brett
analysis-pasted = Analysiere die eingefügte Stellung
analysis-threads-status = Die Analyse sucht mit { $threads ->
    [one] 1 Thread
    *[other] { $threads } Threads
    }
analysis-engine-failed = Die Engine konnte nicht starten: { $error }
analysis-engine-stopped = Die Engine hat angehalten; ändere die Stellung, um sie zu starten
review-progress = Partie wird ausgewertet: { $done } von { $total } Stellungen
review-starting = Partie wird ausgewertet: die Engine sieht sich jede Stellung an …
review-start-failed = Die Auswertung konnte nicht starten: { $error }
review-was-a = { $number } { $move } war { $label }: { $better } war besser (der grüne Pfeil; rot: der gespielte Zug)
review-not-in-line = Dieser Zug ist nicht mehr in dieser Abspielfolge: „Zurück“ holt die ausgewertete Partie wieder
review-done = Auswertung fertig: drücke auf den Graphen oder einen schlechtesten Zug, um ihn anzusehen
review-failed = Die Auswertung wurde nicht fertig: { $error }
review-white-chances = Chancen von Weiß
review-summary = { $side }: Genauigkeit { $accuracy } %   { $inaccuracies } ?!  { $mistakes } ?  { $blunders } ??
label-best = der beste Zug
label-good = ein guter Zug
label-inaccuracy = eine Ungenauigkeit
label-mistake = ein Fehler
label-blunder = ein grober Fehler

## The board editor
editor-not-playable = Noch nicht spielbar: { $first }{ $more ->
    [0] {""}
    [one] {" "}(und ein weiteres Problem)
    *[other] {" "}(und { $more } weitere Probleme)
    }
editor-back-from-analysis = Zurück von der Analyse: die Stellung, wie du sie verlassen hast
editor-intro = Baue eine Stellung auf, dann spiele oder analysiere sie
editor-piece = { $piece } ({ $side })
editor-taken-off = { $piece } von { $cell } genommen
editor-put-on-more = { $piece } auf { $cell } gesetzt: weitere Felder anklicken, oder { $key } zum Ablegen
editor-drag-help = Ziehe eine Figur aus der Palette aufs Brett, oder klicke eine Figur der Palette und dann Felder an
editor-put-on = { $piece } auf { $cell } gesetzt
editor-moved = { $piece } von { $from } nach { $to } versetzt
editor-move-help = Ziehe eine Figur, um sie zu versetzen; zieh sie vom Brett oder klicke sie rechts an, um sie zu entfernen
editor-put-away = { $piece } weggelegt
editor-in-hand = { $piece } in der Hand: Felder anklicken, um sie abzusetzen (nochmal zum Entfernen); { $key } legt sie weg
editor-empty = Ein leeres Brett: stelle zuerst beide Könige auf
editor-start = Die Grundstellung
editor-your-game = Die Stellung deiner Partie
editor-copied = In die Zwischenablage kopiert: { $text }
editor-not-copied = Nicht kopiert ({ $error }); die Stellung ist { $text }
editor-pasted = Stellung eingefügt
editor-keys = { $keys }. { $back }: zurück. Die Brett-Tasten ({ $board }) wirken wie im Spiel.
editor-title = STELLUNG AUFBAUEN
editor-start-from = Ausgehend von:
editor-empty-button = Leer
editor-game-start = Grundstellung
editor-your-game-button = Deine Partie
editor-help = Figur aufs Brett ziehen, oder anklicken und dann Felder. Rechtsklick oder vom Brett ziehen entfernt sie.
editor-to-move = Am Zug:
editor-play-here = Von hier spielen
editor-play-computer = Gegen den Computer
editor-copy = Kopieren
editor-paste = Einfügen
editor-ready = Spielbereit
editor-not-ready = Noch nicht spielbar
editor-fix-problems = Behebe die Probleme oben, um zu spielen oder zu analysieren

## Puzzles
puzzles-unreadable = Die Aufgaben konnten nicht gelesen werden: { $error }
puzzles-record-unreadable = Deine Aufgabenbilanz war nicht lesbar ({ $error }); du beginnst neu
puzzles-record-unsaved = Deine Aufgabenbilanz war nicht lesbar ({ $error }); die Ergebnisse dieser Sitzung werden nicht gespeichert
puzzles-record-not-saved = Deine Aufgabenbilanz wurde nicht gespeichert: { $error }
puzzles-last-not-solved = Die letzte Aufgabe gilt als nicht gelöst. Du bist am Zug: finde den Gewinn
puzzles-again = Nochmal von vorn: du bist am Zug
puzzles-solution = Die Lösung, Zug für Zug (diese Aufgabe gilt als nicht gelöst)
puzzles-checking = Prüfe deinen Zug …
puzzles-solved-rated = Gelöst! Deine Wertung: { $rating } ({ $delta }). Enter: die nächste Aufgabe
puzzles-solved = Gelöst! Enter: die nächste Aufgabe
puzzles-solved-with-help = Das ist der Gewinn, mit Hilfe gefunden. Enter: die nächste Aufgabe
puzzles-no-solution-move = Die Lösung hat hier keinen Zug zu zeigen
puzzles-right = Richtig! Die Antwort kommt …
puzzles-that-is-the-solution = Das ist die Lösung. Enter: die nächste Aufgabe, R: selbst versuchen
puzzles-right-move = Der richtige Zug: { $move }.
puzzles-title = AUFGABEN
puzzles-next = Weiter
puzzles-retry = Nochmal
puzzles-show-solution = Lösung zeigen
puzzles-help = Klicke oder ziehe eine Figur, um zu ziehen; die andere Seite antwortet von selbst. { $keys }
puzzles-task-mate = { $n ->
    [one] Matt in einem Zug
    *[other] Matt in { $n } Zügen
    }
puzzles-task-stalemate = { $n ->
    [one] keinen Zug lassen, in einem Zug
    *[other] keinen Zug lassen, in { $n } Zügen
    }
puzzles-task-material = Material gewinnen
puzzles-rating = Deine Wertung: { $rating }
puzzles-streak = Serie { $streak } (beste { $best }), { $solved } gelöst
puzzles-none = Keine Aufgaben vorhanden
puzzles-reading = Lese deine Aufgabenbilanz …
puzzles-goal = { $side } am Zug: finde den Gewinn ({ $task })
puzzles-theme-mate = Matt
puzzles-theme-stalemate = Patt
puzzles-theme-material = Material
puzzles-about = Thema: { $theme }, Wertung { $rating }
    Aufgabe { $n } von { $total }
puzzles-outcome-solved = Gelöst!
puzzles-rating-change = Wertung { $before } -> { $after } ({ $delta })
puzzles-solved-before = Schon einmal gelöst: die Wertung bleibt
puzzles-outcome-helped = Gelöst, mit Hilfe
puzzles-outcome-not-solved = Nicht gelöst
puzzles-not-solved-change = Gilt als nicht gelöst: Wertung { $before } -> { $after } ({ $delta })
puzzles-not-solved-stays = Gilt als nicht gelöst (schon gewertet: die Wertung bleibt)

## The game server: lobby and dialogs
lobby-signed-out = Abgemeldet: verbinde dich erneut, um als neuer Gast zu spielen
lobby-type-name = Gib den Namen des Spielers ein, den du herausfordern willst
lobby-game-gone = Diese Partie steht nicht mehr in der Liste
lobby-type-id = Gib die Kennung der Partie ein (das Ende ihrer Webadresse)
lobby-sign-in-help = Lass den Namen leer, um als Gast zu spielen; Enter verbindet
lobby-bad-address = { $server } ist keine Serveradresse wie http://example.org:8080
lobby-need-name-password = Gib einen Namen und ein Passwort für das neue Konto ein
lobby-password-short = Ein Passwort hat mindestens 8 Zeichen
lobby-connecting = Verbinde mit { $server } …
lobby-rated-word = gewertet
lobby-casual-word = ungewertet
lobby-challenge-sent = Herausforderung an { $to } gesendet: { $clock } { $variant }, { $rated }
lobby-looking = Suche einen Gegner: { $clock } { $variant }, { $rated }
lobby-seek-posted = Gesuch aufgegeben: { $clock } { $variant }, { $rated }; es wartet in der Lobby
lobby-no-longer-listed = Das steht nicht mehr in der Liste
lobby-opening = Öffne Partie { $id } …
lobby-no-server-game = Auf dem Brett ist keine Serverpartie
lobby-watching = Du schaust dieser Partie zu
lobby-you-resign = Du gibst auf
lobby-abort-asked = Abbruch angefragt
lobby-no-abort-in-tournament = Kein Abbruch im Turnier: wer nie zieht, verliert die Partie
lobby-rematch-offered = Revanche angeboten: die Herausforderung wartet auf deinen Gegner
lobby-you-decline-draw = Du lehnst das Remis ab
lobby-you-refuse-takeback = Du verweigerst die Zugrücknahme
lobby-days = { $n ->
    [one] 1 Tag
    *[other] { $n } Tage
    }
lobby-connected-guest = Verbunden als { $name } (Gast).
lobby-signed-in = Angemeldet als { $name }.
lobby-not-connected = Nicht verbunden.
lobby-play-on-server = Auf einem Server spielen
lobby-server-about = Ein Parachess-Server (parachess-server) bringt dich mit Spielern überall zusammen und bewahrt deine Partien und deine Wertung. Jeder kann einen betreiben.
lobby-server-address = Serveradresse
lobby-name-password = Name und Passwort (leer lassen, um als Gast zu spielen)
lobby-field-help = { $keys }, Rücktaste: löschen
lobby-connect = Verbinden
lobby-create-account = Konto anlegen
lobby-find-game = Partie suchen
lobby-clock-label = Bedenkzeit (Minuten + Sekunden pro Zug) oder Tage pro Zug
lobby-casual = Ungewertet
lobby-rated = Gewertet
lobby-guests-casual = Gäste spielen ungewertet; lege ein Konto an, um gewertet zu werden.
lobby-rated-note = Gewertete Partien ändern deine Wertung in dieser Variante und diesem Tempo.
lobby-quick = Schnelle Paarung
lobby-quick-builtin-only = Schnelle Paarung gibt es für die eingebauten Varianten: biete eine Partie an oder fordere jemanden heraus, um deine eigene zu spielen
lobby-game-help = Ziehe eine Figur per Klick oder Ziehen, wenn du am Zug bist; der Server prüft den Zug, und die Züge deines Gegners kommen von selbst. { $keys }
lobby-post-seek = Gesuch aufgeben
lobby-challenge-player = Spieler herausfordern
lobby-terms = Mit den Bedingungen aus „Partie suchen“: { $clock }, { $rated }.
lobby-their-name = Name des Spielers
lobby-challenge = Herausfordern
lobby-watch-game = Partie zuschauen
lobby-watch-help = Jeder kann jeder Partie zuschauen: gib ihre Kennung ein, den letzten Teil ihrer Webadresse (…/game/ID).
lobby-watch = Zuschauen

## The game server: the connection and its games
server-not-connected = Nicht mit einem Server verbunden: erst verbinden
server-remembered-set-aside = Der gemerkte Server ({ $path }) war nicht lesbar und wurde als { $kept } beiseitegelegt
server-remembered-unreadable = Der gemerkte Server war nicht lesbar: { $error }
server-lost = Die Verbindung zum Server ist abgerissen ({ $reason }); verbinde neu
server-cannot-reach = { $server } nicht erreichbar ({ $reason }); neuer Versuch
server-stopped = { $reason }. Verbinde dich erneut, wenn er wieder da ist
server-unreachable = der Server ist nicht erreichbar: { $reason }
net-refused = unter dieser Adresse antwortet niemand
net-timed-out = keine Antwort in der erwarteten Zeit
server-name-guest = { $name } (Gast)
server-connected = Verbunden mit { $server } als { $who }
server-sign-in-refused = Anmeldung abgelehnt: { $msg }
server-challenged = { $by } fordert dich heraus ({ $clock }, { $variant }): in der Lobby annehmen oder ablehnen
server-declined = Deine Herausforderung wurde abgelehnt
server-game-begins = Deine Partie beginnt
server-game-begun-elsewhere = Deine Serverpartie hat begonnen: „Online spielen“, dann „Auf einem Server spielen“ zeigt sie
server-game-unshowable = Die Partie { $id } des Servers kann nicht gezeigt werden: { $error }
server-aborted = Die Partie wurde abgebrochen
server-ignored = Nicht beachtet, was der Server sandte, denn die Regeln lehnen es ab: { $error }
server-offers-draw = { $name } bietet Remis an
server-asks-takeback = { $name } bittet, einen Zug zurückzunehmen
server-draw-offered = Remis angeboten: warte auf die Antwort
server-takeback-asked = Zugrücknahme erbeten: warte auf die Antwort
server-draw-declined = Das Remisangebot wurde abgelehnt
server-takeback-refused = Die Zugrücknahme wurde verweigert
server-playing = Partie gegen { $them }

## Play online (a network game between two machines)
online-leave-first = Eine Netzwerkpartie läuft: verlasse sie zuerst (Verlassen, oder zweimal { $key })
online-host-prompt = Wähle deine Seite, die Bedenkzeit und die Variante; Enter bietet die Partie an
online-join-prompt = Gib ein, was der Bildschirm des Gastgebers zeigt, dann Enter
online-bad-port = Der Port muss eine Zahl von 0 bis 65535 sein
online-cannot-host = Anbieten nicht möglich: { $error }
online-listening = Warte auf Port { $port }
online-type-address = Gib die Adresse des Gastgebers ein, etwa 192.168.1.20:47317
online-type-code = Gib den Beitrittscode ein, den der Gastgeber zeigt
online-waiting-host = Warte auf die Antwort des Gastgebers
online-paste-filtered = Ein Teil des eingefügten Texts gehört nicht in dieses Feld und wurde weggelassen
online-stopped-hosting = Angebot beendet
online-stopped-connecting = Verbindungsversuch beendet
online-accept-draw = Du nimmst das Remis an
online-draw-offered = Remis angeboten: warte auf die Antwort deines Gegners
online-takeback-asked = Zugrücknahme erbeten: warte auf die Antwort deines Gegners
online-allow-takeback = Du erlaubst die Zugrücknahme
online-no-game-to-ask = Es gibt keine Netzwerkpartie, in der du etwas fragen könntest
online-ignored = Nicht beachtet, was die Gegenseite sandte, denn die Regeln lehnen es ab: { $error }
online-your-opponent = Dein Gegner
online-your-opponent-lower = deinen Gegner
online-joined = { $them } ist beigetreten: die Partie beginnt
online-is-back = { $them } ist zurück: die Partie geht weiter
online-connected-you-play = Verbunden: du spielst { $side }{ $clock }
online-reconnected = Wieder verbunden: die Partie geht weiter
online-offers-draw = { $them } bietet Remis an: annehmen oder ablehnen
online-asks-takeback = { $them } bittet, einen Zug zurückzunehmen: annehmen oder ablehnen
online-declined-draw = { $them } hat das Remis abgelehnt
online-refused-takeback = { $them } hat die Zugrücknahme verweigert
online-lost-host = Die Verbindung ist abgerissen ({ $reason }). Die Partie bleibt erhalten und geht weiter, wenn dein Gegner zurück ist
online-lost-join = Die Verbindung ist abgerissen ({ $reason }). Die Partie bleibt erhalten und geht weiter, wenn sie wieder steht
online-ended = Die Netzwerkpartie ist beendet: { $reason }. Die Partie bleibt erhalten: Verlassen, dann „Fortsetzen“ spielt sie an diesem Brett weiter
online-not-your-turn = Du bist nicht am Zug
online-no-game = Auf dem Brett ist keine Netzwerkpartie
online-left = Du hast die Netzwerkpartie verlassen. Sie bleibt erhalten: „Fortsetzen“ spielt sie an diesem Brett weiter
online-title = Online spielen
online-intro = Ein Spieler bietet die Partie an; der andere tritt mit Adresse und Beitrittscode des Gastgebers bei. Beide Rechner müssen im selben Netz sein, oder der Port des Gastgebers muss vom anderen erreichbar sein. Oder spiele auf einem Server: eine Lobby mit Spielern von überall, Live- und Fernpartien, Wertungen.
online-host-button = Partie anbieten
online-join-button = Partie beitreten
online-server-button = Auf einem Server spielen
online-hosting = Partie angeboten
online-tell-other = Sag dem anderen Spieler, er soll beitreten
online-at-addresses = unter einer dieser Adressen:
online-at-address = unter dieser Adresse:
online-with-code = mit dem Beitrittscode
online-untimed = ohne Uhr
online-you-play = Du spielst { $side }, { $time }
online-waiting-other = Warte auf den anderen Spieler …
online-joining = Partie beitreten
online-host-title = Netzwerkpartie anbieten
online-you-play-label = Du spielst
online-variant-label = Variante (deine eigene Armee reist mit der Partie)
online-port = Port
online-port-note = (Standard { $port }; 0 wählt einen freien)
online-start-hosting = Anbieten
online-join-title = Netzwerkpartie beitreten
online-join-note = Der Bildschirm des Gastgebers zeigt seine Adresse und den Beitrittscode.
online-host-address = Adresse des Gastgebers (Host:Port)
online-join-code = Beitrittscode
online-join = Beitreten
online-heading = PARACHESS ONLINE
online-opponent-offers-draw = Dein Gegner bietet Remis an
online-opponent-asks-takeback = Dein Gegner bittet, einen Zug zurückzunehmen
online-offer-draw = Remis anbieten
online-takeback = Zurücknahme
online-leave = Verlassen
online-help = Ziehe durch Klicken oder Ziehen einer Figur, wenn du am Zug bist; die Züge deines Gegners kommen von selbst. { $keys }
online-who = Du spielst { $side } gegen { $them } ({ $time })
online-link-connecting = Verbinde …
online-link-draw-waits = Verbunden. Dein Remisangebot wartet
online-link-takeback-waits = Verbunden. Deine Bitte um Zugrücknahme wartet
online-link-connected = Verbunden
online-link-lost-host = Verbindung abgerissen: warte auf deinen Gegner
online-link-lost = Verbindung abgerissen: verbinde neu …
online-link-closed = Nicht verbunden

## The game server's screen
lobby-title = Parachess-Server
lobby-heading = PARACHESS-SERVER
lobby-find-button = Partie suchen
lobby-watch-button = Partie zuschauen
lobby-refresh = Aktualisieren
lobby-sign-in = Anmelden
lobby-sign-out = Abmelden
lobby-challenge-row = { $by } ({ $rating }) fordert dich heraus: { $clock }, { $variant }, { $rated }
lobby-challenges-to-you = Herausforderungen an dich
lobby-your-games-none = Deine Partien: keine laufende
lobby-your-games = Deine Partien ({ $n })
lobby-your-games-waiting = Deine Partien ({ $n }, { $waiting } warten auf deinen Zug)
lobby-not-begun = nicht begonnen
lobby-half-moves = { $n ->
    [one] 1 Halbzug
    *[other] { $n } Halbzüge
    }
lobby-game-row = gegen { $them }: { $variant } { $speed }, { $played }{ $turn }
lobby-your-move = {" "}– du bist am Zug
lobby-seeks-none = Offene Gesuche: keine („Partie suchen“ gibt eines auf)
lobby-seeks-many = Offene Gesuche ({ $n }, die ältesten { $shown } gezeigt)
lobby-seeks = Offene Gesuche ({ $n })
lobby-seek-row = { $by } ({ $rating }): { $clock }, { $variant }, { $rated }, { $colour }
lobby-plays-white = spielt Weiß
lobby-plays-black = spielt Schwarz
lobby-colours-random = Farben zufällig
lobby-tournaments-none = Turniere: keine angesetzt
lobby-tournaments = Turniere ({ $n })
lobby-tournament-arena = Arena
lobby-tournament-swiss = Schweizer System, { $rounds } Runden
lobby-tournament-swiss-any = Schweizer System
lobby-tournament-row = { $name }: { $kind }, { $clock }, { $variant }, { $rated }, { $players ->
    [one] 1 Spieler
    *[other] { $players } Spieler
    }
lobby-tournament-you-in = du spielst mit
lobby-tournament-starts = beginnt in { $left }
lobby-tournament-ends = läuft, endet in { $left }
lobby-tournament-running = läuft
lobby-tournament-join = Teilnehmen
lobby-tournament-withdraw = Abmelden
lobby-tournament-joined = Du spielst in { $name } mit: jede Paarung kommt von selbst aufs Brett.
lobby-tournament-withdrew = Du hast dich von { $name } abgemeldet: keine weiteren Paarungen.
countdown-days = { $d } T. { $h } Std.
countdown-hours = { $h } Std. { $m } Min.
lobby-cancel = Zurückziehen
lobby-who-guest = Verbunden mit { $server } als { $name } (Gast: lege ein Konto an, um eine Wertung zu behalten)
lobby-who-reconnecting = Verbindung abgerissen: verbinde neu mit { $server } (Versuch { $attempt }) …
lobby-who-retrying = Nicht verbunden: versuche { $server } erneut (Versuch { $attempt }) …
lobby-who-stopped = Nicht verbunden: { $why }. Anmelden ({ $key }), um es erneut zu versuchen
lobby-who-off = Nicht verbunden: Anmelden ({ $key }) zum Verbinden
lobby-deadline-days = noch { $d } T { $h } h für den Zug
lobby-deadline-hours = noch { $h } h { $m } min für den Zug
lobby-terms-line = { $variant } { $speed }, { $clock }, { $rated }
lobby-watching-line = Du schaust zu: { $white } (Weiß) gegen { $black } (Schwarz) ({ $terms })
lobby-aborted = Abgebrochen
lobby-game-on = Partie { $id } auf { $server }
lobby-abort = Abbrechen
lobby-rematch = Revanche
lobby-lobby = Lobby

## Clocks and external engines
clock-untimed = Ohne Uhr
clock-custom = Eigene
clock-custom-label = Eigene:
clock-custom-minutes = { $n } min
clock-custom-increment = +{ $n } s pro Zug
engine-cannot-start = Die Engine kann nicht gestartet werden: { $error }
engine-did-not-start = Die Engine „{ $command }“ ist nicht gestartet: { $why }. Stattdessen spielt die eingebaute Engine
engine-failed-move = Die Engine { $name } ist gescheitert: { $why }. Diesen Zug spielt die eingebaute Engine
engine-starting = Computer: starte { $command } …
engine-ready = Computer: { $name } (externe Engine)
engine-failed = Externe Engine gescheitert ({ $why }); die eingebaute Engine spielt

## Aids toggled from the keyboard, text fields
threats-on = Drohungen an: ein oranger Ring markiert eine angegriffene Figur der Seite am Zug, ein dicker roter Ring eine angegriffene und ungedeckte (T schaltet sie aus)
threats-off = Drohungen aus
lines-on = Linien an: zeige auf eine Figur, um zu sehen, wohin sie kann
lines-off = Linien aus
sound-on = Ton an
sound-off = Ton aus
field-address = z. B. 192.168.1.20:47317
field-code = z. B. K7PQ2M
field-server = z. B. http://example.org:8080
field-name = Name (leer: Gast)
field-password = Passwort (8 Zeichen oder mehr)
field-opponent = sein Name
field-game-id = z. B. Xk3mP9aQ
field-player-name = dein Name
field-save-name = ein Name für die Partie
server-watching = Du schaust zu: { $white } gegen { $black }
server-game-over = Die Partie ist vorbei
puzzles-skip = Überspringen
online-esc-again = Drücke { $key } noch einmal, um die Netzwerkpartie zu verlassen (dein Gegner erfährt es; die Partie bleibt erhalten)
play-game-over = Die Partie ist vorbei: { $outcome }
play-not-on-turn = Die Uhr von { $side } läuft nicht: nur die Seite am Zug kann die Zeit überschreiten
key-focus-a-button-enter-press = Schaltfläche wählen (Enter: drücken)
key-cell-cursor-left-right-move-it-too-once-shown = Feldcursor (sichtbar auch mit Links / Rechts)
key-show-the-cell-cursor-then-press-the-cell-under-it-also-enter = Feldcursor zeigen, dann das Feld darunter wählen (auch Enter)

## Typed moves and premoves
typed-title = Zug
typed-premove-title = Vorauszug
typed-premove-not-own = Die Figur auf { $cell } gehört deinem Gegner: ein Vorauszug bewegt eine deiner eigenen Figuren
typed-no-match = kein legaler Zug passt
typed-help = Enter: ziehen, Rücktaste: löschen, Esc: schließen
typed-pending = { $letter } – { $help }, oder einen Zug tippen (als Nächstes eine Feldnummer)
typed-more = (+{ $n } weitere)
typed-ambiguous = „{ $typed }“ kann { $moves } sein: weiter tippen
typed-where-to = Tippe, wohin { $piece } auf { $cell } zieht
typed-no-move = Diese Figur hat keinen legalen Zug
premove-set = Vorauszug { $text }: wird nach dem Zug des Gegners gespielt, wenn er noch legal ist (Esc bricht ab)
premove-chosen = Vorauszug: { $piece } auf { $cell } – wohin, nach dem Zug des Gegners?
premove-cancelled-illegal = Vorauszug { $text } abgebrochen: { $why }
premove-cancelled = Vorauszug abgebrochen
premove-wait-computer = Warte: der Computer denkt nach (oder wähle eine deiner Figuren für einen Vorauszug)
premove-wait-opponent = Warte auf den Zug des Gegners (oder wähle eine deiner Figuren für einen Vorauszug)

## Feldnamen und getippte oder eingefügte Züge (die Gründe der Regeln, src/game/text/explain.rs)
cell-empty = hier fehlt ein Feldname wie e5
cell-bad-row = „{ $letter }“ ist kein Reihenbuchstabe (die Reihen heißen a bis k)
cell-missing-number = auf die Reihe „{ $row }“ muss eine Feldnummer folgen
cell-bad-number = die Reihe „{ $row }“ hat die Felder 1 bis { $len }, nicht { $number }
movetext-error = Zug „{ $text }“, Zeichen { $column }: { $why }
movetext-empty = der Zugtext ist leer
movetext-bad-start = ungültiges Startfeld: { $error }
movetext-bad-target = ungültiges Zielfeld: { $error }
movetext-bad-separator = zwischen den Feldern steht „-“ oder „x“, nicht „{ $found }“
movetext-bad-promotion = eine Umwandlung schreibt man mit = und dem Buchstaben der neuen Figur (=Q, =R, =B oder =S in Parachess), nicht „{ $written }“
movetext-trailing = unerwartetes „{ $junk }“ nach dem Zug
movetext-wrong-piece = die Figur auf { $cell } ist { $actual }, nicht { $written }
movetext-not-a-capture = „x“ steht für Schlagen, aber { $cell } ist leer (schreib „-“)
movetext-is-a-capture = der Zug schlägt auf { $cell }, also schreibt man ihn mit „x“
movetext-wrong-mark = der Zug ist mit „{ $mark }“ markiert, aber { $actual }
mark-check-not-end = er gibt Schach, ohne die Partie zu beenden (schreib „+“)
mark-neither = er gibt weder Schach, noch beendet er die Partie
mark-ends-game = er beendet die Partie: der Gegner hat keinen legalen Zug mehr (schreib „#“)
mark-no-check = er gibt kein Schach

## Stellungstexte und das Urteil des Editors
position-error = Stellungstext, Zeichen { $column }: { $why }
position-empty = der Stellungstext ist leer
position-missing-field = das Feld „{ $field }“ fehlt (Felder: Aufstellung, Zugrecht, Halbzugzähler, Zugnummer)
field-placement = Aufstellung
field-side-to-move = Zugrecht
field-halfmove-clock = Halbzugzähler
field-move-number = Zugnummer
position-trailing = unerwarteter Text nach der Zugnummer: „{ $junk }“
position-bad-separator = die Felder werden durch genau ein Leerzeichen getrennt
position-row-count = die Aufstellung hat { $count } Reihen; nötig sind 11 (k bis a, getrennt durch „/“)
position-row-too-long = die Reihe „{ $row }“ beschreibt mehr als ihre { $expected } Felder
position-row-too-short = die Reihe „{ $row }“ beschreibt { $found } Felder; sie hat { $expected }
position-unknown-piece = „{ $letter }“ ist weder ein Figurenbuchstabe dieses Spiels (klein für Schwarz) noch eine Zahl
position-bad-run = leere Felder schreibt man als Zahl ab 1 ohne führende Null
position-bad-side = am Zug ist „w“ oder „b“, nicht „{ $found }“
position-bad-halfmove = der Halbzugzähler muss eine ganze Zahl sein, nicht „{ $found }“
position-bad-move-number = die Zugnummer muss eine ganze Zahl ab 1 sein, nicht „{ $found }“
position-missing-king = { $side } hat keinen König
position-extra-king = { $side } hat mehr als einen König
position-pawn-on-last-row = ein Bauer von { $side } kann nicht auf { $cell } stehen: er wäre umgewandelt worden
position-king-capturable = { $side } ist am Zug und könnte den gegnerischen König schlagen – das kommt in einer Partie nie vor
setup-in-check = { $side } ist am Zug und steht im Schach
setup-checkmated = { $side } ist am Zug, hat aber keinen legalen Zug: schachmatt, { $side } verliert sofort
setup-stalemated = { $side } ist am Zug, hat aber keinen legalen Zug: { $side } verliert sofort (auch Patt verliert in Parachess)
setup-fifty-moves = der Halbzugzähler steht auf 100: die Partie ist remis, bevor sie beginnt

## Wie eine Figur einer anderen Armee zieht, aus ihren Zugarten gebaut
describe-piece = { $piece ->
        [Dame] die Dame
       *[other] der { $piece }
    } { $moves }
describe-pawn = { $piece ->
        [Dame] die Dame
       *[other] der { $piece }
    } macht einen Schritt vorwärts
describe-steps = macht einen Schritt { $ways }
describe-step-edge = über eine Kante
describe-step-diagonal = diagonal
describe-step-arc = bogenförmig
describe-slides = gleitet entlang { $paths }
describe-edge-paths = Kantenpfaden
describe-diagonal-paths = Diagonalpfaden
describe-wave-paths = Wellenpfaden
describe-at-most = { $paths } (höchstens { $cells } Felder)
describe-leaps-knight = macht Springersprünge
describe-leaps-archer = macht Bogenschützensprünge
describe-leaps-both = macht Springer- und Bogenschützensprünge
list-or = { $first } oder { $last }
list-and = { $first } und { $last }
list-clauses = { $first }, und { $next }

## Aufgaben: warum ein Zug nicht die Lösung ist
puzzle-illegal = Dieser Zug ist nicht legal: { $why }.
puzzle-cannot-play = Dieser Zug kann nicht gespielt werden.
puzzle-not-in-time = Das erzwingt den Gewinn nicht rechtzeitig.
puzzle-answer-taking = { $move } und schlägt { $piece ->
        [Dame] deine
       *[other] deinen
    } { $piece }
puzzle-loses = Das verliert: { $defender } antwortet { $answer }, und { $solver } hat keinen legalen Zug.
puzzle-not-mate = Das ist nicht schachmatt: { $defender } kann { $answer } antworten.
puzzle-leaves-a-move = Das lässt { $defender } einen Zug: { $defender } kann { $answer } antworten.
puzzle-escapes-mate = Damit entkommt { $defender }: nach { $answer } gibt es kein erzwungenes Matt in { $moves ->
        [one] einem Zug
       *[other] { $moves } Zügen
    }.
puzzle-escapes-win = Damit entkommt { $defender }: nach { $answer } gibt es keinen erzwungenen Gewinn in { $moves ->
        [one] einem Zug
       *[other] { $moves } Zügen
    }.
puzzle-not-the-solution = Das ist nicht die Lösung.
puzzle-loses-material = Das verliert Material: { $defender } antwortet { $answer }.
puzzle-wins-nothing = Das gewinnt nichts: { $defender } antwortet { $answer }.
puzzle-wins-less = Das gewinnt nur { $pawns } { $count ->
        [one] Bauern
       *[other] Bauern
    }: { $defender } antwortet { $answer }, und die Lösung gewinnt mehr.

## Der Barrierefreiheitsbaum (Bildschirmleser)
a11y-board = Brett
a11y-announcements = Ansagen
a11y-panel = Spielleiste
a11y-menu = Hauptmenü
a11y-field-port = Port
a11y-field-address = Adresse des Hosts
a11y-field-code = Beitrittscode
a11y-field-server = Serveradresse
a11y-field-name = Kontoname
a11y-field-password = Passwort
a11y-field-opponent = Name des Gegners
a11y-field-game-id = Partienummer
a11y-field-player-name = Dein Name
a11y-field-save-name = Name der gespeicherten Partie
a11y-question-help = Nach / beantwortet das Feld Fragen: /s e5, /m e5, /p B, /r e5, /l, /c, /t, /b, /h
