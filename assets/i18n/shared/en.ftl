# The sentences the window and the server both say: why the rules refuse a move, and why a
# lesson does not take a move or click. The window reads them after its own catalogue
# (assets/i18n/en.ftl); the server (src/server/lesson_words.rs) reads this file alone.

## Why a move is refused (the rules' reasons)
how-king = the King takes one edgewise, diagonal or arcwise step
how-queen = the Queen slides along edge-paths, diagonal-paths and wave-paths
how-rook = the Rook slides along edge-paths
how-bishop = the Bishop slides along diagonal-paths and wave-paths
how-sorcerer = the Sorcerer makes knight and archer leaps
how-pawn = the Pawn takes one forward step
how-other = it moves as its variant says
move-no-piece = There is no piece on { $cell }
move-not-your-turn = It is { $turn }'s turn; the piece on { $cell } is { $owner }'s
move-own-piece = { $cell } holds one of your own pieces
move-unreachable = A { $piece } cannot go from { $from } to { $to }: { $how }
move-blocked = The way from { $from } to { $to } is blocked by the piece on { $blocker }
move-pawn-arcwise = A Pawn captures only with a forward edgewise or diagonal step, not arcwise
move-still-in-check = Your King is in check, and that move does not get it out
move-leaves-king-attacked = That move leaves your King attacked
move-promotion-required = A Pawn reaching its last row must become a Queen, Rook, Bishop or Sorcerer
move-promotion-not-allowed = Only a Pawn reaching its last row is promoted
move-bad-promotion = A Pawn cannot become a { $piece }; choose a Queen, Rook, Bishop or Sorcerer

## Lessons: why a move or click is not taken, why an attempt failed
lesson-no-progress = that move does not bring your { $piece } closer to a star: land on a star or move toward one
lesson-checks-idle-king = that move would put the { $colour ->
        [white] white
       *[black] black
    } King in check, but here { $side } does not move: leave the King alone
lesson-king-stays = in this exercise your King stays where it is: move your other pieces
lesson-not-asked = { $cell } is not one of the cells asked for
lesson-already-found = you have found { $cell } already
lesson-own-cell = that is where the { $piece } stands: click the cells it can move to
lesson-click-instead = in this exercise no piece moves: click the cells instead
lesson-move-instead = in this exercise you move a piece: drag it, or click it and then its target
lesson-awaiting-reply = wait for { $side }'s reply
lesson-no-reply-expected = no reply is expected now
lesson-bad-reply = the reply is not legal: { $why }
lesson-over = this attempt is over: start the stage again
lesson-mate-not-stalemate = that is checkmate, which wins too, but this exercise asks for a stalemate: leave { $side } without a move while its King is not in check
lesson-stalemate-not-mate = { $side } has no legal move, so you win by stalemate, but this exercise asks for checkmate: attack the King as well
lesson-lost = { $side } has left you without a legal move, and in Parachess that loses
lesson-drawn = the game is drawn by { $cause }
lesson-stuck = you have no legal move left
lesson-miss-no-check = that move does not put the { $colour ->
        [white] white
       *[black] black
    } King in check
lesson-miss-check-not-mate = that is check, but not checkmate: { $side } can still get out of it
lesson-miss-not-mate = that move does not checkmate { $side }
lesson-miss-not-mated-in = you have used your { $n } moves and { $side } is not checkmated
lesson-miss-still-moves = { $side } still has a legal move
lesson-miss-still-moves-after = you have used your { $n } moves and { $side } can still move
lesson-miss-no-draw = that move does not draw the game
lesson-miss-not-drawn-after = the game is not drawn after your { $n } moves
