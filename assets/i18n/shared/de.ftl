# The sentences the window and the server both say: why the rules refuse a move, and why a
# lesson does not take a move or click. The window reads them after its own catalogue
# (assets/i18n/de.ftl); the server (src/server/lesson_words.rs) reads this file alone.

## Why a move is refused (the rules' reasons)
how-king = der König macht einen Schritt über eine Kante, diagonal oder bogenförmig
how-queen = die Dame gleitet entlang Kantenpfaden, Diagonalpfaden und Wellenpfaden
how-rook = der Turm gleitet entlang Kantenpfaden
how-bishop = der Läufer gleitet entlang Diagonal- und Wellenpfaden
how-sorcerer = der Zauberer macht Springer- und Bogenschützensprünge
how-pawn = der Bauer macht einen Schritt vorwärts
how-other = sie zieht, wie ihre Variante es sagt
move-no-piece = Auf { $cell } steht keine Figur
move-not-your-turn = { $turn } ist am Zug; die Figur auf { $cell } gehört { $owner }
move-own-piece = Auf { $cell } steht eine deiner eigenen Figuren
move-unreachable = { $piece }: kein Zug von { $from } nach { $to } – { $how }
move-blocked = Der Weg von { $from } nach { $to } ist durch die Figur auf { $blocker } versperrt
move-pawn-arcwise = Ein Bauer schlägt nur mit einem Schritt vorwärts über eine Kante oder diagonal, nicht bogenförmig
move-still-in-check = Dein König steht im Schach, und dieser Zug hebt es nicht auf
move-leaves-king-attacked = Nach diesem Zug steht dein König im Schach
move-promotion-required = Ein Bauer auf der letzten Reihe muss Dame, Turm, Läufer oder Zauberer werden
move-promotion-not-allowed = Nur ein Bauer, der die letzte Reihe erreicht, wird umgewandelt
move-bad-promotion = Ein Bauer kann nicht { $piece } werden; wähle Dame, Turm, Läufer oder Zauberer

## Lektionen: warum ein Zug oder Klick nicht zählt, warum ein Versuch gescheitert ist
lesson-no-progress = mit diesem Zug kommt { $piece ->
        [Dame] deine
       *[other] dein
    } { $piece } keinem Stern näher: zieh auf einen Stern oder auf einen zu
lesson-checks-idle-king = dieser Zug würde den { $colour ->
        [white] weißen
       *[black] schwarzen
    } König ins Schach setzen, aber { $side } zieht hier nicht: lass den König in Ruhe
lesson-king-stays = in dieser Übung bleibt dein König stehen: zieh deine anderen Figuren
lesson-not-asked = { $cell } ist keines der gesuchten Felder
lesson-already-found = { $cell } hast du schon gefunden
lesson-own-cell = dort steht { $piece ->
        [Dame] die
       *[other] der
    } { $piece } selbst: klick die Felder an, die { $piece ->
        [Dame] sie
       *[other] er
    } erreichen kann
lesson-click-instead = in dieser Übung zieht keine Figur: klick stattdessen die Felder an
lesson-move-instead = in dieser Übung ziehst du eine Figur: zieh sie mit der Maus, oder klick sie und dann ihr Ziel an
lesson-awaiting-reply = warte auf die Antwort von { $side }
lesson-no-reply-expected = jetzt wird keine Antwort erwartet
lesson-bad-reply = die Antwort ist nicht legal: { $why }
lesson-over = dieser Versuch ist vorbei: beginne die Übung von vorn
lesson-mate-not-stalemate = das ist schachmatt, was auch gewinnt, aber diese Übung verlangt ein Patt: lass { $side } ohne Zug, während der König nicht im Schach steht
lesson-stalemate-not-mate = { $side } hat keinen legalen Zug, du gewinnst also durch Patt, aber diese Übung verlangt Schachmatt: greif auch den König an
lesson-lost = { $side } hat dich ohne legalen Zug gelassen, und das verliert in Parachess
lesson-drawn = die Partie ist remis durch { $cause }
lesson-stuck = du hast keinen legalen Zug mehr
lesson-miss-no-check = dieser Zug setzt den { $colour ->
        [white] weißen
       *[black] schwarzen
    } König nicht ins Schach
lesson-miss-check-not-mate = das ist Schach, aber nicht schachmatt: { $side } kann sich noch befreien
lesson-miss-not-mate = dieser Zug setzt { $side } nicht schachmatt
lesson-miss-not-mated-in = du hast deine { $n } Züge gemacht, und { $side } ist nicht schachmatt
lesson-miss-still-moves = { $side } hat noch einen legalen Zug
lesson-miss-still-moves-after = du hast deine { $n } Züge gemacht, und { $side } kann noch ziehen
lesson-miss-no-draw = dieser Zug macht die Partie nicht remis
lesson-miss-not-drawn-after = nach deinen { $n } Zügen ist die Partie nicht remis
