# Parachess: every word the player reads, in English (the source language).
# One message per line of text; `{ $name }` is a variable the game fills in. Ids are grouped by
# screen. Another language's file (de.ftl) has exactly the same ids and variables (a test checks).

## Used by the catalogue's own tests

test-plural = { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
test-name = Hello, { $name }!

## Settings screen
settings-title = Settings
settings-language = Language
settings-on = On
settings-off = Off
settings-sound = Sound
settings-view = View
settings-cell-names = Cell names
settings-show-lines = Show lines
settings-threats = Threats
settings-board-theme = Board theme
settings-pieces = Pieces
settings-style = Style { $n }
settings-interface-size = Interface size
settings-full-screen = Full screen
settings-name = Your name
settings-volume = Volume
settings-animation = Moves glide
settings-animation-off = Off
settings-animation-fast = Fast
settings-animation-normal = Normal
settings-animation-slow = Slow
settings-legal-dots = Legal-move dots
settings-last-move = Last move
settings-scale-auto = Auto
settings-saved-note = Saved at once in settings.ron in the data folder. The new-game dialog and the clock remember their last choice too.
settings-back = Back
settings-not-saved = Settings not saved: { $path }: { $error }
settings-damaged-kept = { $error }; kept as { $path }, defaults used
settings-damaged-not-kept = { $error }; could not be set aside ({ $why }), defaults used
theme-wood = wood
theme-contrast = contrast
theme-okabe-ito = okabe-ito
theme-tournament = tournament
settings-damaged = settings.ron is damaged: { $why }

## Key help (keymap.rs): "KEY: what it does", ids made from the English help
key-continue = continue
key-play = play
key-learn = learn
key-load = load
key-how-the-pieces-move = how the pieces move
key-analyse-a-position = analyse a position
key-play-online = play online
key-set-up-a-position = set up a position
key-puzzles = puzzles
key-settings = settings
key-quit = quit
key-back = back
key-deselect-then-back-where-you-came-from = deselect, then back (where you came from)
key-new-game = new game
key-undo = undo
key-redo = redo
key-flip-the-board = flip the board
key-2d-3d = 2D / 3D
key-cell-names = cell names
key-show-lines = show lines
key-sound = sound
key-threats = threats
key-default-view = default view
key-full-screen = full screen
key-hint = hint
key-save = save
key-copy-the-position = copy the position
key-paste-a-position = paste a position
key-previous-move = previous move
key-next-move = next move
key-first-move = first move
key-back-to-the-game = back to the game
key-analyse = analyse
key-last-move = last move
key-analyse-a-pasted-position = analyse a pasted position
key-start-next = start / next
key-restart-the-stage = restart the stage
key-host-a-game = host a game
key-join-a-game = join a game
key-play-on-a-server = play on a server
key-find-a-game = find a game
key-watch-a-game = watch a game
key-refresh-the-lobby = refresh the lobby
key-sign-in = sign in
key-connect = connect
key-next-field = next field
key-paste = paste
key-cancel = cancel
key-quick-pairing = quick pairing
key-challenge = challenge
key-watch = watch
key-start-hosting = start hosting
key-join = join
key-empty-board = empty board
key-start-position = start position
key-your-game-s-position = your game's position
key-white-to-move = White to move
key-black-to-move = Black to move
key-play-from-here = play from here
key-play-the-computer-from-here = play the computer from here
key-next-puzzle = next puzzle
key-retry = retry
key-show-the-solution = show the solution
key-start = start
key-look-at-the-board = look at the board
key-review-the-game = review the game
key-next-piece = next piece
key-previous-piece = previous piece
key-close = close
key-next-retry = next / retry
key-the-lessons = the lessons
key-all-the-keys = all the keys

## Key names
keyname-enter = Enter
keyname-esc = Esc
keyname-backspace = Backspace
keyname-left = Left
keyname-right = Right
keyname-up = Up
keyname-down = Down
keyname-home = Home
keyname-end = End
keyname-space = Space
keyname-tab = Tab
keyname-ctrl = Ctrl+{ $key }
# A button or a label, then the key that does the same.
with-key = { $label } ({ $key })

## Title screen
title-subtitle = Tony Paletta's chess on a hexagon of 72 rhombi
title-new-here = New here? Learn shows how every piece moves, step by step.
title-continue = Continue your game
title-play = Play
title-learn = Learn
title-play-online = Play online
title-puzzles = Puzzles
title-set-up = Set up a position
title-pieces = How the pieces move
title-analyse = Analyse a position
title-load = Load a saved game
title-settings = Settings
title-quit = Quit

## Shared
offer-accept = Accept
offer-decline = Decline

## Sides, pieces, variants
side-white = White
side-black = Black
piece-king = King
piece-queen = Queen
piece-rook = Rook
piece-bishop = Bishop
piece-sorcerer = Sorcerer
piece-pawn = Pawn
piece-knight = Knight
piece-archer = Archer
piece-general = General
piece-chariot = Chariot
piece-elephant = Elephant
piece-any = piece
variant-parachess = Parachess
variant-knights-and-archers = Knights and Archers
variant-cavalry = Cavalry
variant-short-range = Short Range
variant-shuffle = Shuffle Parachess

## Play panel
panel-subtitle = Tony Paletta's chess on 72 rhombi
panel-moves = Moves (click one, or Left / Right, to look back)
panel-new-game = New game
panel-undo = Undo
panel-redo = Redo
panel-flip = Flip
panel-2d-3d = 2D / 3D
panel-view = View
panel-names = Names
panel-lines = Lines
panel-pieces = Pieces
panel-threats = Threats
panel-hint = Hint
panel-analyse = Analyse
panel-review = Review
panel-sound = Sound
panel-save = Save
panel-load = Load
panel-copy-pos = Copy pos.
panel-paste-pos = Paste pos.
panel-resign = Resign
panel-draw = Draw
panel-menu = Menu
ui-more-below = ↓ more below (wheel)
panel-help-short = Click or drag a piece; right-click one (or hold Shift over it) for its moves. { $keys }: all the keys
panel-keys-game = Game: { $keys }
panel-keys-board = Board: { $keys }
moves-from-set-up = (from a set-up position)
moves-variant-start = ({ $variant })
moves-from-set-up-in = (from a set-up position, { $variant })
moves-none-yet = No moves yet
moves-hint-note = { $mark }: played after a hint
player-human = Human
player-computer = Computer ({ $level })
player-opponent = Opponent
panel-thinking = The computer is thinking...
panel-players = White: { $white }   Black: { $black }

## New-game, load, promotion, game-over dialogs
level-easy = Easy
level-normal = Normal
level-hard = Hard
mode-two-players = Two players
mode-human-white = You (White) vs computer
mode-human-black = Computer vs you (Black)
mode-computer-only = Computer vs computer
new-game-keep-note = Your game in progress stays among the saved games (Load).
new-game-title = New game
new-game-who = Who plays?
new-game-level = Computer level
new-game-clock = Clock
dialog-start = Start
dialog-cancel = Cancel
load-title = Load a saved game
load-reading = Reading the saved games...
load-none = No saved games yet. Save one with Ctrl+S.
load-analyse = Analyse
promotion-title = Promote the pawn to:
game-over-title = Game over
game-over-new-game = New game
game-over-analyse = Analyse
game-over-review = Review
game-over-look = Look at the board
variant-shuffle-random = Shuffle Parachess: random back row
variant-by-number = or by number:
variant-broken-line = { $file }, line { $line }: { $reason } (not offered)
variant-broken = { $file }: { $reason } (not offered)
variant-reading = Reading your own variants...
variant-yours = { $name } (yours)
variant-random = random
variant-chosen = Variant: { $variant }
variant-shuffle-number = Shuffle Parachess no. { $n }
variant-number-of = { $n } of 0-179

## Turns and results
turn-white = White to move
turn-to-move = { $side } to move
turn-to-move-check = { $side } to move - check!
cause-checkmate = checkmate
cause-stalemate = stalemate
cause-resignation = resignation
cause-repetition = threefold repetition
cause-fifty-moves = 100 half-moves without capture or pawn move
cause-agreement = agreement
cause-time = time forfeit
cause-time-lone-king = time running out against a lone King
outcome-wins = { $side } wins by { $cause }
outcome-draw = Draw by { $cause }

## Play: status line
status-two-players = Two players at one board. Press New game to play the computer.
status-new-game = New game
status-game-loaded = Game loaded: { $n } moves
status-new-game-clock = New game, { $clock }
status-computer-declines-draw = The computer declines the draw: it likes its position
status-browsing-undo = You are looking at an earlier position: press End (or Right) to return to the game first
status-nothing-to-undo = Nothing to take back
status-no-takebacks = No takebacks in a timed game against the computer
status-undo-old-line = Move taken back: the line before it is back (Right or End shows it)
status-undone = Move taken back
status-nothing-to-redo = Nothing to replay
status-redone = Move replayed
status-move-ends = { $move }: { $outcome }
status-new-line = { $move }: a new line from here (Undo brings the old one back)
status-played = { $side } played { $move }
status-too-late = Too late: { $side }'s time has run out
status-cannot-show = That move cannot be shown

## Saving and loading
save-keep-failed = The unfinished game could not be kept: { $error }
save-as-title = Save the game
save-as-name = Name
save-as-help = { $keys }, Backspace: delete. Saved among your games (Load lists them).
save-name-taken = Not saved: { $path } already exists; choose another name
save-not-saved-path = Not saved: { $path }: { $error }
save-autosave-failed-path = Autosave failed: { $path }: { $error }
save-not-saved = Not saved: { $error }
save-cannot-save = Games cannot be saved: { $error }
save-autosave-unreadable-kept = The autosave could not be read ({ $error }); it was kept as { $path }
save-autosave-unreadable-off = The autosave could not be read ({ $error }) nor moved aside ({ $why }); autosave is off so it is not overwritten
save-no-writer = Games cannot be saved: no writer thread ({ $error })
save-autosave-failed = Autosave failed: { $error }
save-unfinished-kept = Your unfinished game was kept as { $path } (Load lists it)
save-saved-as = Saved as { $path }
save-no-data-dir = Games cannot be saved here: no data directory
save-welcome-back = Welcome back: your game goes on
pos-copied-both = Position copied to the clipboard and { $path }
pos-copied = Position copied to the clipboard
pos-written = Position written to { $path }
pos-not-exported = Position not exported: { $error }
pos-no-clipboard-text = No clipboard here; the position is { $text }
pos-no-clipboard = No clipboard here
pos-clipboard-error = Cannot read the clipboard: { $error }
pos-clipboard-not-ready = The clipboard is not ready; try again
pos-pasted = New game from the pasted position
pos-not-a-position = The clipboard holds no position: { $error }
load-cannot = Cannot load: { $error }
load-row = { $name }  |  { $n } moves  |  { $result }
load-unfinished = unfinished
load-row-unreadable = { $name } (unreadable: { $error })
load-cannot-list = Cannot list saved games: { $error }

## Clicking on the board
input-game-over = { $outcome }. Start a new game to play again.
input-computer-thinking = Wait: the computer is thinking
input-not-your-piece = That is { $side }'s { $piece }; it is { $turn }'s turn
input-browsing = { $shown } Moves are played at the game's position: press End (or Right) to return
input-watching = You are watching this game: the players' moves arrive by themselves
input-wait-opponent = Wait for your opponent's move
input-no-legal-move = That piece has no legal move
input-piece-on = { $piece } on { $cell }: { $how }
input-promotion-prompt = Choose what the pawn becomes: { $kinds }
computer-could-not-move = The computer could not move: { $error }

## The piece guide (aids/guide_text.rs, aids/guide.rs)
guide-king-1 = The King takes one step of any kind: edgewise across a side, diagonal through an acute corner, or arcwise through a corner onto another colour.
guide-king-2 = Lose every legal move and you lose the game, in check or not: keep your King free.
guide-queen-1 = The Queen slides any distance along edge-paths (blue), diagonal-paths (orange) and wave-paths (green).
guide-queen-2 = She cannot jump: the first piece on a line stops her, and she may take it if it is an enemy.
guide-rook-1 = The Rook slides along edge-paths: straight on across opposite sides of each rhombus (blue).
guide-rook-2 = Edge-paths cross cells of all three colours, so a Rook reaches every part of the board.
guide-bishop-1 = The Bishop slides along diagonal-paths (orange), which keep to one colour, and wave-paths (green), which zig-zag through acute corners.
guide-bishop-2 = Wave-paths change colour at every step, so a Bishop is not tied to one colour.
guide-sorcerer-1 = The Sorcerer leaps two steps in one: a knight leap (diagonal then edgewise, or the reverse) or an archer leap (arcwise then diagonal, or the reverse).
guide-sorcerer-2 = Nothing can block a leap: the cell in between does not matter.
guide-pawn-1 = The Pawn takes one forward step of any kind to an empty cell; it captures only with a forward edgewise or diagonal step.
guide-pawn-2 = On the last row it becomes a Queen, Rook, Bishop or Sorcerer. No double step, no en passant.
guide-other = It moves as its variant says.
guide-cannot-move = It cannot move now.
guide-can-go = It can go to { $moves ->
    [one] 1 cell
    *[other] { $moves } cells
    }.
guide-can-take = It can take { $captures ->
    [one] 1 piece
    *[other] { $captures } pieces
    }.
guide-can-go-and-take = It can go to { $moves ->
    [one] 1 cell
    *[other] { $moves } cells
    } and take { $captures ->
    [one] 1 piece
    *[other] { $captures } pieces
    }.
guide-hide = Right-click it again to hide.
guide-in-army = { $how } (in { $variant })
guide-describe = { $side }'s { $piece } on { $cell }: { $how }. { $now }
guide-describe-pinned = { $side }'s { $piece } on { $cell }: { $how }. { $now } { $hide }

## Hints
hint-browsing = A hint is for the game's position: press End (or Right) to return to it first
hint-game-over = The game is over: there is nothing to hint at
hint-not-your-turn = A hint is for a person to move: wait for your turn
hint-still-looking = Still looking for a hint...
hint-looking = Looking for a good move...
hint-shown = Hint: { $move } (the arrow shows its way)
hint-illegal = The engine suggested { $move }, which is not legal here
hint-none = No hint: { $error }

## How the pieces move (aids/pieces_view.rs)
pieces-title = How the pieces move
pieces-subtitle = Each board is drawn from the rules: what you see is what the game allows.
pieces-title-in = How the pieces move in { $variant }
pieces-close = Close
pieces-or = { $some } or { $last }
pieces-pawn-becomes = On the last row it becomes a { $kinds }. No double step, no en passant.
pieces-help = Click a card or use the arrow keys. In a game, right-click any piece (or hold Shift over it) to see what it can do there.
pieces-leap-knight = A knight leap is two steps in one: diagonal then edgewise, or the reverse.
pieces-leap-archer = An archer leap is two steps in one: arcwise then diagonal, or the reverse.
pieces-leap-both = A knight leap is two steps in one, diagonal then edgewise or the reverse; an archer leap arcwise then diagonal or the reverse.
pieces-leap-unblocked = Nothing can block a leap: the cell in between does not matter.
pieces-royal = It is the royal piece: checkmate or stalemate it to win.
pieces-value = The engine values it at { $value } Pawns, from its mobility.
pieces-caption-both = A White and a Black { $piece } reach { $moves ->
    [one] 1 cell
    *[other] { $moves } cells
    }{ $captures ->
    [0] {""}
    [one] {" "}and can take 1 piece
    *[other] {" "}and can take { $captures } pieces
    }
pieces-caption-one = The White { $piece } on { $cell } reaches { $moves ->
    [one] 1 cell
    *[other] { $moves } cells
    }{ $captures ->
    [0] {""}
    [one] {" "}and can take 1 piece
    *[other] {" "}and can take { $captures } pieces
    }
legend-edge-path = edge-path
legend-diagonal-path = diagonal-path
legend-wave-path = wave-path
legend-faint = faint: beyond a piece in the way
legend-knight-leap = knight leap
legend-archer-leap = archer leap
legend-edgewise-step = edgewise step
legend-diagonal-step = diagonal step
legend-arcwise-step = arcwise step
legend-faint-ring = faint ring: no capture that way
legend-can-go = can go
legend-can-take = can take

## Learn: the lesson list and a stage
learn-start-label = { $what }: { $n }. { $title }
learn-next-lesson = Next lesson
learn-start-here = Start here
learn-all-complete = Every lesson is complete! Play a lesson again to earn more stars.
learn-title = LEARN PARACHESS
learn-intro = Fifteen short lessons, from the board to checkmate. Each stage gives up to three stars: three for the fewest moves.
learn-back-to-title = Back to the title
learn-list-help = Click a lesson to open it. { $next }: the suggested lesson, { $back }: back to the title
learn-tag-next = NEXT
learn-tag-complete = COMPLETE
learn-hint-button = Hint
learn-restart = Restart
learn-lessons = Lessons
learn-n-clicks = { $n ->
    [one] 1 click
    *[other] { $n } clicks
    }
learn-n-moves = { $n ->
    [one] 1 move
    *[other] { $n } moves
    }
goal-cells-found = Cells found: { $found } of { $total }
goal-reach = Click every cell the { $piece } on { $cell } can reach: { $found } of { $total } found
goal-stars = Land on every star: { $left } left
goal-capture-all = Capture every { $side } piece but the King: { $left } left
goal-promote = Promote a Pawn on the last row
goal-check = Give check with one move
goal-escape-check = Get your King out of check with one move
goal-mate = Checkmate { $side } within { $moves }
goal-stalemate = Leave { $side } without a legal move, not in check, within { $moves }
goal-draw = Draw the game within { $moves }
learn-made-fewest = { $made }  (fewest { $fewest })
learn-hint = Hint: { $hint }
learn-hint-lines = Hint: the piece's lines are drawn on the board for a few seconds.
learn-hint-names = Hint: turn on the cell names ({ $key }) to read each cell's name.
learn-hint-stars = Hint: every move must land on a star or bring the piece closer to one. Hover a piece to see its lines.
learn-hint-general = Hint: hover each of your pieces to see its lines, and try each move in your head first.
learn-lesson-title = Lesson { $n }: { $title }
learn-stage-of = Stage { $n } of { $total }
learn-lesson-stars = { $title }: { $stars }/{ $most } stars
learn-not-this-time = Not this time
learn-try-again = Try again
learn-lesson-complete = Lesson complete!
learn-mate-complete = Checkmate! Stage complete
learn-stalemate-complete = Stalemate! Stage complete
learn-draw-complete = A draw! Stage complete
learn-stage-complete = Stage complete
learn-result-fewest = { $made } (fewest { $fewest })
learn-three-stars-for = Three stars for { $made }: try again to beat your score.
learn-new-best = New best for this stage
learn-next-stage = Next stage
learn-next-lesson-title = Next lesson: { $title }
learn-every-lesson-done = Every lesson done: play a game
learn-retry = Retry
learn-status-click-cells = Click the cells on the board
learn-status-your-move = Your move: drag a piece, or click it and then its target
learn-unreadable = The lessons could not be read: { $error }
learn-stage-again = The stage starts again
learn-progress-kept = Your lesson progress could not be read ({ $problem }); it was kept as { $path } and you start afresh
learn-progress-unreadable = Your lesson progress could not be read: { $error }
learn-progress-not-saved = Your lesson progress was not saved: { $error }
learn-status-complete = Stage complete: { $made } (fewest { $fewest })
learn-star-collected = Star collected: { $left } more to go
learn-closer-to-star = Good: that brings you closer to a star
learn-captured = Captured: { $left } more to go
learn-your-move-again = { $move }: your move again
learn-answering = { $side } is answering...
learn-answered = { $side } answered { $move }: your move
learn-found-one-more = Yes, { $cell }. One more to find
learn-found-more = Yes, { $cell }. { $left } more to find
learn-no-reply = The opponent has no move to play
learn-reply-failed = The reply could not be played: { $error }

## Looking back, analysis and review
nav-showing-start = Showing the start, before move 1 of { $end }.
nav-showing-move = Showing move { $shown } of { $end } ({ $move }).
nav-banner = { $shown } Right arrow or End returns to the game.
nav-banner-waits = { $shown } Right arrow or End returns to the game. The game waits until you return.
analysis-heading = ANALYSIS
analysis-heading-review = GAME REVIEW
analysis-moves = Moves
analysis-threads = Threads
analysis-back = Back
analysis-help = { $keys }. { $back }: back. The board's keys ({ $board }) work as in play.
analysis-game-over = The game is over here ({ $outcome }): nothing to search.
analysis-reviewing = The engine is reviewing the game; the lines come back when it is done.
analysis-info = Depth { $depth }  { $nodes } positions  { $nps }/s  { $threads ->
    [one] 1 thread
    *[other] { $threads } threads
    }
analysis-info-done = { $info }  (done)
analysis-thinking = The engine is thinking...
analysis-turn-shown = { $turn }  (move { $shown } of { $end })
analysis-status = Analysis: move either side's pieces; the engine follows the board
analysis-pasted = Analysing the pasted position
analysis-threads-status = The analysis searches with { $threads ->
    [one] 1 thread
    *[other] { $threads } threads
    }
analysis-engine-failed = The engine could not start: { $error }
analysis-engine-stopped = The engine stopped; change the position to start it
review-progress = Reviewing the game: { $done } of { $total } positions
review-starting = Reviewing the game: the engine looks at every position...
review-start-failed = The review could not start: { $error }
review-was-a = { $number } { $move } was a { $label }: { $better } was better (the green arrow; red: the move played)
review-not-in-line = That move is not in this line any more: Undo brings back the reviewed game
review-done = Review done: press the graph, or a worst move, to look at it
review-failed = The review did not finish: { $error }
review-white-chances = White's chances
review-summary = { $side }: accuracy { $accuracy }%   { $inaccuracies } ?!  { $mistakes } ?  { $blunders } ??
label-best = best
label-good = good
label-inaccuracy = inaccuracy
label-mistake = mistake
label-blunder = blunder

## The board editor
editor-not-playable = Not playable yet: { $first }{ $more ->
    [0] {""}
    [one] {" "}(and one more problem)
    *[other] {" "}(and { $more } more problems)
    }
editor-back-from-analysis = Back from the analysis: the position as you left it
editor-intro = Set up a position, then play it or analyse it
editor-piece = { $side } { $piece }
editor-taken-off = { $piece } taken off { $cell }
editor-put-on-more = { $piece } put on { $cell }: click more cells, or { $key } to put it down
editor-drag-help = Drag a piece from the palette onto the board, or click a palette piece and then cells
editor-put-on = { $piece } put on { $cell }
editor-moved = { $piece } moved from { $from } to { $to }
editor-move-help = Drag a piece to move it; drag it off the board or right-click it to remove it
editor-put-away = { $piece } put away
editor-in-hand = { $piece } in hand: click cells to put it down (again to take it off); { $key } puts it away
editor-empty = An empty board: put both Kings on it first
editor-start = The starting position
editor-your-game = The position of your game
editor-copied = Copied to the clipboard: { $text }
editor-not-copied = Not copied ({ $error }); the position is { $text }
editor-pasted = Position pasted
editor-keys = { $keys }. { $back }: back. The board's keys ({ $board }) work as in play.
editor-title = SET UP A POSITION
editor-start-from = Start from:
editor-empty-button = Empty
editor-game-start = Game start
editor-your-game-button = Your game
editor-help = Drag a piece onto the board, or click it and then cells. Right-click a piece, or drag it off the board, to remove it.
editor-to-move = To move:
editor-play-here = Play from here
editor-play-computer = Play the computer
editor-copy = Copy position
editor-paste = Paste position
editor-ready = Ready to play
editor-not-ready = Not playable yet
editor-fix-problems = Fix the problems above to play or analyse

## Puzzles
puzzles-unreadable = The puzzles could not be read: { $error }
puzzles-record-unreadable = Your puzzle record could not be read ({ $error }); you start afresh
puzzles-record-unsaved = Your puzzle record could not be read ({ $error }); this session's results will not be saved
puzzles-record-not-saved = Your puzzle record was not saved: { $error }
puzzles-last-not-solved = The last puzzle counts as not solved. Your move: find the win
puzzles-again = Again from the start: your move
puzzles-solution = The solution, move by move (this puzzle counts as not solved)
puzzles-checking = Checking your move...
puzzles-solved-rated = Solved! Your rating: { $rating } ({ $delta }). Enter: the next puzzle
puzzles-solved = Solved! Enter: the next puzzle
puzzles-solved-with-help = That is the win, found with help. Enter: the next puzzle
puzzles-no-solution-move = The solution has no move to show here
puzzles-right = Right! The reply is coming...
puzzles-that-is-the-solution = That is the solution. Enter: the next puzzle, R: try it yourself
puzzles-right-move = The right move: { $move }.
puzzles-title = PUZZLES
puzzles-next = Next
puzzles-retry = Retry
puzzles-show-solution = Show solution
puzzles-help = Click or drag a piece to move it; the other side answers by itself. { $keys }
puzzles-task-mate = { $n ->
    [one] mate in one
    *[other] mate in { $n }
    }
puzzles-task-stalemate = { $n ->
    [one] leave no move, in one
    *[other] leave no move, in { $n }
    }
puzzles-task-material = win material
puzzles-rating = Your rating: { $rating }
puzzles-streak = Streak { $streak } (best { $best }), { $solved } solved
puzzles-none = No puzzles to show
puzzles-reading = Reading your puzzle record...
puzzles-goal = { $side } to move: find the win ({ $task })
puzzles-theme-mate = mate
puzzles-theme-stalemate = stalemate
puzzles-theme-material = material
puzzles-about = Theme: { $theme }, rated { $rating }
    Puzzle { $n } of { $total }
puzzles-outcome-solved = Solved!
puzzles-rating-change = Rating { $before } -> { $after } ({ $delta })
puzzles-solved-before = Solved before: the rating stays
puzzles-outcome-helped = Solved, with help
puzzles-outcome-not-solved = Not solved
puzzles-not-solved-change = Counts as not solved: rating { $before } -> { $after } ({ $delta })
puzzles-not-solved-stays = Counts as not solved (rated before: the rating stays)

## The game server: lobby and dialogs
lobby-signed-out = Signed out: connect again to play as a new guest
lobby-type-name = Type the name of the player to challenge
lobby-game-gone = That game is no longer listed
lobby-type-id = Type the game's id (the end of its web address)
lobby-sign-in-help = Leave the name empty to play as a guest; Enter connects
lobby-bad-address = { $server } is not a server address like http://example.org:8080
lobby-need-name-password = Type a name and a password for the new account
lobby-password-short = A password has at least 8 characters
lobby-connecting = Connecting to { $server }...
lobby-rated-word = rated
lobby-casual-word = casual
lobby-challenge-sent = Challenge sent to { $to }: { $clock } { $variant }, { $rated }
lobby-looking = Looking for an opponent: { $clock } { $variant }, { $rated }
lobby-seek-posted = Seek posted: { $clock } { $variant }, { $rated }; it waits in the lobby
lobby-no-longer-listed = That is no longer listed
lobby-opening = Opening game { $id }...
lobby-no-server-game = There is no server game on the board
lobby-watching = You are watching this game
lobby-you-resign = You resign
lobby-abort-asked = Abort asked
lobby-no-abort-in-tournament = No abort in a tournament: a side that never moves loses the game
lobby-rematch-offered = Rematch offered: the challenge waits for your opponent
lobby-you-decline-draw = You decline the draw
lobby-you-refuse-takeback = You refuse the takeback
lobby-days = { $n ->
    [one] 1 day
    *[other] { $n } days
    }
lobby-connected-guest = Connected as { $name } (a guest).
lobby-signed-in = Signed in as { $name }.
lobby-not-connected = Not connected.
lobby-play-on-server = Play on a server
lobby-server-about = A Parachess server (parachess-server) pairs you with players anywhere, keeps your games and your rating. Anyone can run one.
lobby-server-address = Server address
lobby-name-password = Name and password (leave empty to play as a guest)
lobby-field-help = { $keys }, Backspace: delete
lobby-connect = Connect
lobby-create-account = Create account
lobby-find-game = Find a game
lobby-clock-label = Clock (minutes + seconds a move), or days a move
lobby-casual = Casual
lobby-rated = Rated
lobby-guests-casual = Guests play casual games; create an account to be rated.
lobby-rated-note = Rated games change your rating in this variant and speed.
lobby-quick = Quick pairing
lobby-quick-builtin-only = Quick pairing is for the built-in variants: post a seek or challenge someone to play your own
lobby-game-help = Move by clicking or dragging a piece when it is your turn; the server checks it and your opponent's moves arrive by themselves. { $keys }
lobby-post-seek = Post a seek
lobby-challenge-player = Challenge a player
lobby-terms = With the terms of Find a game: { $clock }, { $rated }.
lobby-their-name = Their name
lobby-challenge = Challenge
lobby-watch-game = Watch a game
lobby-watch-help = Anyone can watch any game: type its id, the last part of its web address (…/game/ID).
lobby-watch = Watch

## The game server: the connection and its games
server-not-connected = Not connected to a server: connect first
server-remembered-set-aside = The remembered server ({ $path }) could not be read and was set aside as { $kept }
server-remembered-unreadable = The remembered server could not be read: { $error }
server-lost = The connection to the server was lost ({ $reason }); reconnecting
server-cannot-reach = Cannot reach { $server } ({ $reason }); trying again
server-stopped = { $reason }. Connect again when it is back
server-unreachable = the server cannot be reached: { $reason }
net-refused = nothing answers at that address
net-timed-out = no answer in time
server-name-guest = { $name } (a guest)
server-connected = Connected to { $server } as { $who }
server-sign-in-refused = Sign-in refused: { $msg }
server-challenged = { $by } challenges you ({ $clock }, { $variant }): accept or decline in the lobby
server-declined = Your challenge was declined
server-game-begins = Your game begins
server-game-begun-elsewhere = Your server game has begun: Play online, then Play on a server, shows it
server-game-unshowable = The server's game { $id } cannot be shown: { $error }
server-aborted = The game was aborted
server-ignored = Ignored what the server sent, which the rules refuse: { $error }
server-offers-draw = { $name } offers a draw
server-asks-takeback = { $name } asks to take back a move
server-draw-offered = Draw offered: waiting for the answer
server-takeback-asked = Takeback asked: waiting for the answer
server-draw-declined = The draw offer was declined
server-takeback-refused = The takeback was refused
server-playing = Playing { $them }

## Play online (a network game between two machines)
online-leave-first = A network game is on: leave it first (Leave, or { $key } twice)
online-host-prompt = Choose your side, the clock and the variant; Enter starts hosting
online-join-prompt = Type what the host's screen shows, then press Enter
online-bad-port = The port must be a number from 0 to 65535
online-cannot-host = Cannot host: { $error }
online-listening = Listening on port { $port }
online-type-address = Type the host's address, like 192.168.1.20:47317
online-type-code = Type the join code the host shows
online-waiting-host = Waiting for the host's answer
online-paste-filtered = Some of the pasted text does not belong in this field and was left out
online-stopped-hosting = Stopped hosting
online-stopped-connecting = Stopped connecting
online-accept-draw = You accept the draw
online-draw-offered = Draw offered: waiting for your opponent's answer
online-takeback-asked = Takeback asked: waiting for your opponent's answer
online-allow-takeback = You allow the takeback
online-no-game-to-ask = There is no network game to ask anything in
online-ignored = Ignored what the other end sent, which the rules refuse: { $error }
online-your-opponent = Your opponent
online-your-opponent-lower = your opponent
online-joined = { $them } joined: the game begins
online-is-back = { $them } is back: the game goes on
online-connected-you-play = Connected: you play { $side }{ $clock }
online-reconnected = Reconnected: the game goes on
online-offers-draw = { $them } offers a draw: accept or decline
online-asks-takeback = { $them } asks to take back a move: accept or decline
online-declined-draw = { $them } declined the draw
online-refused-takeback = { $them } refused the takeback
online-lost-host = The connection was lost ({ $reason }). The game is kept and goes on when your opponent is back
online-lost-join = The connection was lost ({ $reason }). The game is kept and goes on when it is back
online-ended = The network game has ended: { $reason }. The game is kept: Leave, then Continue plays it on at this board
online-not-your-turn = It is not your turn
online-no-game = There is no network game on the board
online-left = You left the network game. It is kept: Continue plays it on at this board
online-title = Play online
online-intro = One player hosts; the other joins with the host's address and join code. Both machines must be on the same network, or the host's port must be reachable from the other. Or play on a server: a lobby of players anywhere, live and correspondence games, ratings.
online-host-button = Host a game
online-join-button = Join a game
online-server-button = Play on a server
online-hosting = Hosting a game
online-tell-other = Tell the other player to join
online-at-addresses = at one of these addresses:
online-at-address = at this address:
online-with-code = with the join code
online-untimed = untimed
online-you-play = You play { $side }, { $time }
online-waiting-other = Waiting for the other player...
online-joining = Joining a game
online-host-title = Host a network game
online-you-play-label = You play
online-variant-label = Variant (your own army travels with the game)
online-port = Port
online-port-note = (default { $port }; 0 picks a free one)
online-start-hosting = Start hosting
online-join-title = Join a network game
online-join-note = The host's screen shows its address and the join code.
online-host-address = Host address (host:port)
online-join-code = Join code
online-join = Join
online-heading = PARACHESS ONLINE
online-opponent-offers-draw = Your opponent offers a draw
online-opponent-asks-takeback = Your opponent asks to take back a move
online-offer-draw = Offer draw
online-takeback = Takeback
online-leave = Leave
online-help = Move by clicking or dragging a piece when it is your turn; your opponent's moves arrive by themselves. { $keys }
online-who = You play { $side } against { $them } ({ $time })
online-link-connecting = Connecting...
online-link-draw-waits = Connected. Your draw offer waits
online-link-takeback-waits = Connected. Your takeback request waits
online-link-connected = Connected
online-link-lost-host = Connection lost: waiting for your opponent
online-link-lost = Connection lost: reconnecting...
online-link-closed = Not connected

## The game server's screen
lobby-title = Parachess server
lobby-heading = PARACHESS SERVER
lobby-find-button = Find a game
lobby-watch-button = Watch a game
lobby-refresh = Refresh
lobby-sign-in = Sign in
lobby-sign-out = Sign out
lobby-challenge-row = { $by } ({ $rating }) challenges you: { $clock }, { $variant }, { $rated }
lobby-challenges-to-you = Challenges to you
lobby-your-games-none = Your games: none going on
lobby-your-games = Your games ({ $n })
lobby-your-games-waiting = Your games ({ $n }, { $waiting } waiting for your move)
lobby-not-begun = not begun
lobby-half-moves = { $n ->
    [one] 1 half-move
    *[other] { $n } half-moves
    }
lobby-game-row = against { $them }: { $variant } { $speed }, { $played }{ $turn }
lobby-your-move = {" "}- your move
lobby-seeks-none = Open seeks: none (Find a game posts one)
lobby-seeks-many = Open seeks ({ $n }, the oldest { $shown } shown)
lobby-seeks = Open seeks ({ $n })
lobby-seek-row = { $by } ({ $rating }): { $clock }, { $variant }, { $rated }, { $colour }
lobby-plays-white = plays White
lobby-plays-black = plays Black
lobby-colours-random = colours at random
lobby-tournaments-none = Tournaments: none coming
lobby-tournaments = Tournaments ({ $n })
lobby-tournament-arena = arena
lobby-tournament-swiss = Swiss, { $rounds } rounds
lobby-tournament-swiss-any = Swiss
lobby-tournament-row = { $name }: { $kind }, { $clock }, { $variant }, { $rated }, { $players ->
    [one] 1 player
    *[other] { $players } players
    }
lobby-tournament-you-in = you are in
lobby-tournament-starts = starts in { $left }
lobby-tournament-ends = under way, ends in { $left }
lobby-tournament-running = under way
lobby-tournament-join = Join
lobby-tournament-withdraw = Withdraw
lobby-tournament-joined = You joined { $name }: each pairing comes to the board by itself.
lobby-tournament-withdrew = You withdrew from { $name }: no more pairings.
countdown-days = { $d } d { $h } h
countdown-hours = { $h } h { $m } min
lobby-cancel = Cancel
lobby-who-guest = Connected to { $server } as { $name } (a guest: create an account to keep a rating)
lobby-who-reconnecting = Connection lost: reconnecting to { $server } (try { $attempt })...
lobby-who-retrying = Not connected: trying { $server } again (try { $attempt })...
lobby-who-stopped = Not connected: { $why }. Sign in ({ $key }) to try again
lobby-who-off = Not connected: Sign in ({ $key }) to connect
lobby-deadline-days = { $d } d { $h } h left to move
lobby-deadline-hours = { $h } h { $m } min left to move
lobby-terms-line = { $variant } { $speed }, { $clock }, { $rated }
lobby-watching-line = Watching { $white } (White) against { $black } (Black) ({ $terms })
lobby-aborted = Aborted
lobby-game-on = Game { $id } on { $server }
lobby-abort = Abort
lobby-rematch = Rematch
lobby-lobby = Lobby

## Clocks and external engines
clock-untimed = Untimed
clock-custom = Custom
clock-custom-label = Custom:
clock-custom-minutes = { $n } min
clock-custom-increment = +{ $n } s a move
engine-cannot-start = The engine cannot be started: { $error }
engine-did-not-start = The engine "{ $command }" did not start: { $why }. The built-in engine plays instead
engine-failed-move = The engine { $name } failed: { $why }. The built-in engine plays this move
engine-starting = Computer: starting { $command }...
engine-ready = Computer: { $name } (external engine)
engine-failed = External engine failed ({ $why }); the built-in engine plays

## Aids toggled from the keyboard, text fields
threats-on = Threats on: an orange ring marks a piece of the side to move that is attacked, a thick red ring one that is attacked and not defended (T turns them off)
threats-off = Threats off
lines-on = Lines on: hover a piece to see where it can go
lines-off = Lines off
sound-on = Sound on
sound-off = Sound off
field-address = e.g. 192.168.1.20:47317
field-code = e.g. K7PQ2M
field-server = e.g. http://example.org:8080
field-name = name (empty: a guest)
field-password = password (8 characters or more)
field-opponent = their name
field-game-id = e.g. Xk3mP9aQ
field-player-name = your name
field-save-name = a name for the game
server-watching = Watching { $white } against { $black }
server-game-over = The game is over
puzzles-skip = Skip
online-esc-again = Press { $key } again to leave the network game (your opponent is told; the game is kept)
play-game-over = The game is over: { $outcome }
play-not-on-turn = { $side }'s clock is not running: only the side to move can run out of time
key-focus-a-button-enter-press = focus a button (Enter: press)
key-cell-cursor-left-right-move-it-too-once-shown = cell cursor (Left / Right move it too once shown)
key-show-the-cell-cursor-then-press-the-cell-under-it-also-enter = show the cell cursor, then press the cell under it (also Enter)

## Typed moves and premoves
typed-title = Move
typed-premove-title = Premove
typed-premove-not-own = The piece on { $cell } is your opponent's: a premove moves one of your own pieces
typed-no-match = no legal move matches
typed-help = Enter: play, Backspace: erase, Esc: close
typed-pending = { $letter } - { $help }, or type a move (a cell number next)
typed-more = (+{ $n } more)
typed-ambiguous = '{ $typed }' could be { $moves }: type more
typed-where-to = Type where the { $piece } on { $cell } goes
typed-no-move = That piece has no legal move
premove-set = Premove { $text }: played after your opponent's move if still legal (Esc cancels)
premove-chosen = Premove: { $piece } on { $cell } - where to, after your opponent's move?
premove-cancelled-illegal = Premove { $text } cancelled: { $why }
premove-cancelled = Premove cancelled
premove-wait-computer = Wait: the computer is thinking (or select one of your pieces to premove)
premove-wait-opponent = Wait for your opponent's move (or select one of your pieces to premove)

## Cell names and move texts typed or pasted (the rules' reasons, src/game/text/explain.rs)
cell-empty = expected a cell name such as e5, found nothing
cell-bad-row = '{ $letter }' is not a row letter (rows are a to k)
cell-missing-number = row '{ $row }' must be followed by a cell number
cell-bad-number = row '{ $row }' has cells 1 to { $len }, not { $number }
movetext-error = move "{ $text }", column { $column }: { $why }
movetext-empty = the move text is empty
movetext-bad-start = bad start cell: { $error }
movetext-bad-target = bad target cell: { $error }
movetext-bad-separator = expected '-' or 'x' between the cells, found '{ $found }'
movetext-bad-promotion = a promotion is written = and the letter of the new piece (=Q, =R, =B or =S in Parachess), not "{ $written }"
movetext-trailing = unexpected "{ $junk }" after the move
movetext-wrong-piece = the piece on { $cell } is a { $actual }, not a { $written }
movetext-not-a-capture = 'x' marks a capture, but { $cell } is empty (write '-')
movetext-is-a-capture = the move captures on { $cell }, so it is written with 'x'
movetext-wrong-mark = the move is marked '{ $mark }', but { $actual }
mark-check-not-end = it gives check without ending the game (write '+')
mark-neither = it neither gives check nor ends the game
mark-ends-game = it ends the game: the opponent has no legal move (write '#')
mark-no-check = it does not give check

## Position texts and the editor's verdict
position-error = position text, column { $column }: { $why }
position-empty = the position text is empty
position-missing-field = missing the { $field } field (fields: placement, side to move, half-move clock, move number)
field-placement = placement
field-side-to-move = side to move
field-halfmove-clock = half-move clock
field-move-number = move number
position-trailing = unexpected text after the move number: "{ $junk }"
position-bad-separator = fields must be separated by single spaces
position-row-count = the placement has { $count } rows; it needs 11 (k down to a, separated by '/')
position-row-too-long = row '{ $row }' describes more than its { $expected } cells
position-row-too-short = row '{ $row }' describes { $found } cells; it has { $expected }
position-unknown-piece = '{ $letter }' is not a piece letter of this game (lower case for Black) or a number
position-bad-run = empty runs must be written as a number from 1 without leading zeros
position-bad-side = the side to move must be 'w' or 'b', not "{ $found }"
position-bad-halfmove = the half-move clock must be a whole number, not "{ $found }"
position-bad-move-number = the move number must be a whole number from 1, not "{ $found }"
position-missing-king = { $side } has no King
position-extra-king = { $side } has more than one King
position-pawn-on-last-row = a { $side } Pawn cannot stand on { $cell }: it would have been promoted
position-king-capturable = { $side } is to move but could capture the opposing King, which cannot happen in a game
setup-in-check = { $side } is to move and in check
setup-checkmated = { $side } is to move but has no legal move: checkmate, { $side } loses at once
setup-stalemated = { $side } is to move but has no legal move: { $side } loses at once (stalemate loses in Parachess)
setup-fifty-moves = the half-move clock is at 100: the game is drawn before it starts

## How a piece of another army moves, built from its movement
describe-piece = the { $piece } { $moves }
describe-pawn = the { $piece } takes one forward step
describe-steps = takes one { $ways } step
describe-step-edge = edgewise
describe-step-diagonal = diagonal
describe-step-arc = arcwise
describe-slides = slides along { $paths }
describe-edge-paths = edge-paths
describe-diagonal-paths = diagonal-paths
describe-wave-paths = wave-paths
describe-at-most = { $paths } (at most { $cells } cells)
describe-leaps-knight = makes knight leaps
describe-leaps-archer = makes archer leaps
describe-leaps-both = makes knight and archer leaps
list-or = { $first } or { $last }
list-and = { $first } and { $last }
list-clauses = { $first }, and { $next }

## Puzzles: why a move is not the solution
puzzle-illegal = That move is not legal: { $why }.
puzzle-cannot-play = That move cannot be played.
puzzle-not-in-time = That does not force the win in time.
puzzle-answer-taking = { $move }, taking your { $piece }
puzzle-loses = That loses: { $defender } answers { $answer } and { $solver } has no legal move.
puzzle-not-mate = That is not checkmate: { $defender } can answer { $answer }.
puzzle-leaves-a-move = That leaves { $defender } a move: { $defender } can answer { $answer }.
puzzle-escapes-mate = That lets { $defender } escape: after { $answer }, there is no forced checkmate in { $moves ->
        [one] one
       *[other] { $moves }
    }.
puzzle-escapes-win = That lets { $defender } escape: after { $answer }, there is no forced win in { $moves ->
        [one] one
       *[other] { $moves }
    }.
puzzle-not-the-solution = That is not the solution.
puzzle-loses-material = That loses material: { $defender } answers { $answer }.
puzzle-wins-nothing = That wins nothing: { $defender } answers { $answer }.
puzzle-wins-less = That wins only { $pawns } { $count ->
        [one] pawn
       *[other] pawns
    }: { $defender } answers { $answer }, and the solution wins more.

## The accessibility tree (screen readers)
a11y-board = Board
a11y-announcements = Announcements
a11y-panel = Game panel
a11y-menu = Main menu
a11y-field-port = Port
a11y-field-address = Host address
a11y-field-code = Join code
a11y-field-server = Server address
a11y-field-name = Account name
a11y-field-password = Password
a11y-field-opponent = Opponent's name
a11y-field-game-id = Game id
a11y-field-player-name = Your name
a11y-field-save-name = Name of the saved game
a11y-question-help = Behind / the field answers questions: /s e5, /m e5, /p B, /r e5, /l, /c, /t, /b, /h
