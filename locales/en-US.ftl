## General
list-and = and
internal-error = Something went wrong on our side; nothing was changed. (error id { $id })
game-unknown = There is no game called “{ $game }”. Games: { $known }.
option-unknown = Unknown option “{ $key }”. Options of this game: { $known }, and first.
option-bad-value = Option { $key } cannot be “{ $value }”: use { $expected }.
game-over = The game is over.
game-changed = Someone else's action was applied to this game a moment before yours; nothing of yours was changed. Look at the board and try again.

## Game and side names
game-name-hoyito = Hoyito II
side = { $side ->
    [south] South
    [north] North
    [white] White
    [black] Black
    [west] West
    [east] East
    [dark] Sangangüey
    [light] Ceboruco
   *[other] { $side }
}
legend-from = moved from
legend-to = moved
legend-captured = captured
legend-pushed = pushed back
legend-stunned = stunned
legend-crowned = crowned
legend-relieved = relieved
compass-north = N
compass-east = E
compass-south = S
compass-west = W
badge-to-move = to move
badge-winner = winner
badge-draw = draw

## Challenges
challenge-posted = { $challenger } challenges { $opponent } to { $game } (game #{ $id }). { $opponent }: accept or decline.
challenge-open = { $challenger } posts an open challenge to { $game } (game #{ $id }). Anyone may accept.
challenge-terms = Terms: { $time } · { $rated ->
    [yes] rated
   *[no] casual
} · { $first }{ $options }.
terms-time = { $time } per move
terms-no-time = no time limit
terms-first-player = { $player } moves first
terms-first-accepter = whoever accepts moves first
terms-first-random = who moves first is drawn at random
terms-first-west = West throws first
challenge-expires = The challenge expires in { $hours ->
    [one] one hour
   *[other] { $hours } hours
} if nobody answers it.
challenge-self = You cannot challenge yourself: name another player, or leave the opponent out for an open challenge.
channel-busy = This channel already has a game (#{ $game }). Finish it first, or play in another channel or thread.
challenge-already-accepted = That challenge has already been accepted; the game is on.
challenge-expired = That challenge expired before anyone accepted it.
no-challenge = There is no open challenge in this channel.
accept-own-challenge = You cannot accept your own challenge; wait for your opponent, or cancel it.
accept-not-challenged = This challenge is for { $opponent }; only they can accept it.
decline-not-challenged = This challenge is for { $opponent }; only they can decline it.
decline-own = To withdraw your own challenge, use cancel.
decline-open = An open challenge cannot be declined; just leave it, and it will expire.
challenge-accepted = { $player } accepted. { $first } plays { side } and moves first.
challenge-declined = { $player } declined { $challenger }'s challenge.
challenge-cancelled = { $player } withdrew the challenge.
cancel-started = The game has already started; to stop playing, resign.
cancel-not-yours = Only { $challenger }, who made this challenge, can cancel it.

computer-game = { $player } plays { $game } against the computer (level { $level }). { $first } plays { side } and moves first.
hint = Hint: { $move }, the computer's move at its strongest.
hint-not-here = Hints are only for casual games against the computer: never against a person.
hint-no-decision = Zohn Ahl has no decisions to hint at: throw the sticks.
analysis-started = Analysing the game, move by move: the chart and the biggest mistakes follow here in a moment.
analysis-title = Analysis of { $game } #{ $id } ({ $moves } moves; the chart: { $first } better above the line, in seeds or pieces). Biggest mistakes:
analysis-mistake = { $number }. { $player } played { $played }; better { $better } (lost { $loss }).
analysis-none = none: no move lost much by the engine's measure.
analysis-not-finished = Game #{ $id } is not over yet: analysis is for finished games.
analysis-no-decisions = Zohn Ahl has no decisions to analyse: the sticks decide.
analysis-which = Which game? Give its number, or ask in the channel where it was played.
computer-casual = Games against the computer are casual: they are never rated.
level-not-here = A level is for games against the computer: name the bot as the opponent.
computer-level = level { $level }
## Playing
no-game = There is no game in this channel. Start one with play.
game-ended = { $game } #{ $id } in this channel is over after { $moves ->
    [one] one move
   *[other] { $moves } moves
}: { $how } Start a new game with play.
ended-rules = { $player } won.
ended-resignation = { $player } won: { $loser } resigned.
ended-timeout = { $player } won on time.
ended-forfeit = { $player } won by forfeit.
ended-stopped = stopped by agreement; { $player } won on the counters.
ended-draw-agreed = drawn by agreement.
ended-draw = drawn.
game-not-started = The game has not started yet: the challenge is waiting for an answer.
not-a-player = You are not playing this game.
not-your-turn = It is not your turn: { $player } is to move.
move-stale = That button belongs to an earlier position; the game has moved on. Look at the latest board.
move-refused = Move { $move } was not played: { $reason } { $hint }
legal-moves = Legal moves: { $moves }.
legal-moves-many = There are { $count } legal moves; see the board or the move suggestions.
move-played = { $player }: { $details }
to-move = { $player } ({ side }) to move.
result-win = { $player } wins.
result-draw = The game is drawn.
resigned = { $player } resigned.
draw-offered = { $player } offers a draw. { $opponent }: accept or decline.
draw-pending = { $player } has offered a draw.
draw-already-offered = You have already offered a draw; wait for the answer.
draw-none = There is no draw offer from your opponent to answer.
draw-agreed = { $player } accepted the draw: the game is drawn.
stop-agreed = { $player } agreed to stop the game here: the counters decide.
draw-declined = { $player } declined the draw; play on.
button-takeback = Take back
button-takeback-accept = Allow the takeback
button-takeback-decline = Refuse
button-rematch = Rematch
takeback-asked = { $player } asks to take back { $plies ->
    [one] their move { $move }
   *[other] their move { $move } and the { $plies ->
        [2] reply
       *[other] moves
    } after it
}. { $opponent }: allow it or refuse.
takeback-done = { $player } allowed it: { $asker }'s last move is taken back ({ $plies ->
    [one] one move
   *[other] { $plies } moves
} undone).
takeback-declined = { $player } refused the takeback; play on.
takeback-rated = Moves are taken back only in casual games, never in rated or tournament games.
takeback-chance = Throws of the sticks cannot be taken back.
takeback-already = You have already asked to take back your move; wait for the answer.
takeback-answer-first = Your opponent has asked to take back their move: allow it or refuse it first.
takeback-nothing = You have not moved yet in this game: there is nothing to take back.
takeback-none = There is no takeback request from your opponent to answer.
rematch-none = There is no finished game in this channel to play again.
rematch-not-over = That game is not over yet: a rematch is offered when it ends.
menu-piece = Choose a piece to move
menu-piece-range = Choose a piece to move ({ $from } to { $to })
menu-moves = { $count ->
    [one] one move
   *[other] { $count } moves
}
menu-move = Choose the move of { $square }
menu-move-part = Choose the move of { $square } ({ $part } of { $parts })
menu-moves-of = { $square }: { $count ->
    [one] one move
   *[other] { $count } moves
}. Choose one below.
menu-more = Only the first { $shown } are in the menus; type any other with move.
menu-capture = captures
menu-no-moves = The piece on { $square } has no move now.
button-accept = Accept
button-decline = Decline
button-draw-accept = Accept draw
button-draw-decline = Decline draw

## History and rules
history-title = { $game }, game #{ $id }: { $count ->
    [one] one move
   *[other] { $count } moves
}.
history-cut = (only the last { $shown } moves are shown)
rules-which = Which game? { $known }.
rules-hoyito =
    Hoyito II (Dominican mancala). Two rows of holes, 4 seeds in each; you own the row nearer you and number its holes 1 to 6 (or 12) from your left.
    • Your move: take all seeds from one of your holes and sow them one by one, counter-clockwise, into the following holes of both rows.
    • If the last seed lands in an occupied hole and makes it 2, 3, 5 or more, lift that hole and keep sowing (relay). If it lands in an empty hole, your move ends.
    • If the last seed makes exactly 4, you capture those 4, and the unbroken run of 4s just behind it, on either side. After a capture you move again.
    • With no seeds in your row, you pass. A sowing that would never end may not be played.
    • When a capture leaves only 4 seeds on the board, the capturer takes them too. Most seeds captured wins; equal totals draw.

## Hoyito II
hoyito-not-a-hole = “{ $text }” is not a hole number.
hoyito-no-such-hole = there is no hole { $hole }: your holes are 1 to { $holes }, counted from your left.
hoyito-empty-hole = your hole { $hole } is empty.
hoyito-never-ending = sowing hole { $hole } would go round for ever, so it may not be played.
hoyito-sowed = { side } sowed hole { $hole }{ $relays ->
    [0] .
    [one] , relaying once.
    [2] , relaying twice.
   *[other] , relaying { $relays } times.
}
hoyito-captured = Captured { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
}.
hoyito-captured-last-four = Captured { $seeds } seeds, the last four on the board included.
hoyito-extra-move = { side } moves again.
hoyito-passes = { side } has nothing to play and passes.
hoyito-score = captured { $seeds }
hoyito-end-board-empty = Every seed has been captured: South { $south }, North { $north }.
hoyito-end-no-moves = Neither side has a sowing that ends; the captured seeds decide: South { $south }, North { $north }.
hoyito-end-limit = { $limit ->
    [one] One move
   *[other] { $limit } moves
} without a capture: the game ends on the captured seeds, South { $south }, North { $north }.

## Epaminondas
game-name-epaminondas = Epaminondas
rules-epaminondas =
    Epaminondas (Robert Abbott, 1975). A 14 x 12 board; White starts on ranks 1-2 and moves first, Black on ranks 11-12.
    • A move: pick one of your pieces (the tail) and a direction. The group is the tail and every piece of yours right in front of it in that direction. A group of k pieces moves 1 to k squares that way, never through a piece. Write it as tail-destination of the front piece, like c2-c4.
    • Capture: if the front piece lands on an enemy piece and the enemy line from there (counted in the direction of travel) is shorter than your group, that whole enemy line is removed. Write it with x, like d4xd8. Capturing is optional.
    • Win: at the start of your turn, if you have more pieces on the far row than your opponent has on your home row, you win. So a crossing gives the opponent one move to answer.
    • A player with no legal move loses. While your opponent leads the far-row count, you may not make the position a mirror image of itself (the anti-copy rule).
epaminondas-bad-notation = “{ $text }” is not a move: write the tail square, - (or x for a capture) and the square the front piece goes to, like c2-c4 or d4xd8.
epaminondas-bad-square = “{ $text }” is not a square: files a to n, ranks 1 to 12.
epaminondas-empty-square = there is no piece of yours on { $square }: it is empty.
epaminondas-not-yours = the piece on { $square } is your opponent's.
epaminondas-not-in-line = { $tail } and { $dest } are not on one line (a file, a rank or a diagonal).
epaminondas-inside-group = the group moving that way ends at { $head }; its front piece must go beyond it, not to { $dest }.
epaminondas-too-far = { $group ->
    [one] a lone piece moves one square only
   *[other] a group of { $group } pieces moves at most { $group } squares
}, and this would be { $distance }.
epaminondas-blocked-own = the way is blocked by your own piece on { $square }.
epaminondas-blocked-enemy = the way is blocked by the enemy piece on { $square } (no piece jumps).
epaminondas-capture-too-small = { $group } of yours cannot capture a line of { $run }: the capturing group must be larger.
epaminondas-off-board = { $square } is off this game's board.
epaminondas-symmetric = while your opponent leads on the far rows, you may not leave the position a mirror image of itself (anti-copy rule).
epaminondas-moved = { side } played { $move } ({ $group ->
    [one] one piece
   *[other] { $group } pieces
}).
epaminondas-captured = Captured { $count ->
    [one] one piece
   *[other] { $count } pieces
}.
epaminondas-threat = { side } is under threat: { $ahead } against { $behind } on the far rows. Capture the intruders or cross too.
epaminondas-score = { $pieces ->
    [one] 1 piece
   *[other] { $pieces } pieces
} · far row { $far }
epaminondas-end-crossing = { side } starts the turn with { $ahead } on the far row against { $behind }: a crossing win.
epaminondas-end-no-moves = { side } has no legal move and loses.

## Zohn Ahl and Tsoñä
join-not-a-role-member = Only members of a team given as a role join it; yours is not one.
join-already = You have already joined.
joined = { $player } joined { $team } ({ $count ->
    [one] one member
   *[other] { $count } members
} so far).
button-join = Join
challenge-teams = { $challenger } challenges: { $west } (West) against { $east } (East) at { $game } (game #{ $id }). Any member of { $challenged } may accept.
accept-not-on-team = Only a member of { $team } can accept this challenge.
decline-not-on-team = Only a member of { $team } can decline this challenge.
challenge-accepted-team = { $player } accepted for { $team }. { $first } (West) throws first.
not-on-a-team = You are on neither team of this game.
not-your-teams-turn = It is not your team's turn: the throw is { $team }'s.
not-your-throw = It is { $player }'s throw now; your team's members throw in turn.
teams-not-here = { $game } is not played by teams: name one opponent.
teams-and-opponent = Give either the two teams (west= and east=) or one opponent, not both.
teams-empty = A team needs at least one player.
teams-overlap = A player cannot be on both teams.
teams-not-yours = You must be on one of the two teams you set up.
teams-unequal = turn_mode=blocks needs teams of equal size (West { $west }, East { $east }); use turn_mode=alternate or free.
game-name-zohn-ahl = Zohn Ahl
rules-zohn-ahl =
    Zohn Ahl (Kiowa awl game). Two teams, West and East, race their awls round 40 spaces in opposite directions, starting at the south creek; West throws first. Throw the four sticks: 1, 2 or 3 flat sides up move 1, 2 or 3; all four flat move 5, all four round move 10, and those two throw again.
    • Landing on the near bank of the north creek is falling in: your awl goes home and your team pays a counter. Jump over it.
    • Landing on the other awl sends it home, and its team pays you a counter. Reaching or passing the south creek wins a counter from the other team, and your awl starts again.
    • A team that holds every counter wins.
    Tsoñä (variant=tsona): the fourth stick is the sahe; 1 or 3 with the sahe flat also throw again, all four flat move 6. Both the north and the south river are dangerous (you just go home); captures cost nothing; every lap takes a counter from a shared pile, and the first team to complete the laps agreed wins.
zohn-ahl-bad-throw = “{ $text }” is not a throw: four letters, F for a stick flat side up and R for round side up, like FRRF.
autothrow-played = { $player } started the automatic throws: { $throws } throws played to the end.
use-throw = In this game you do not choose moves: throw the sticks with throw.
no-throws = This game has no sticks to throw: play a move instead.
button-throw = Throw the sticks
zohn-ahl-threw = { side } threw { $throw } ({ $flat } flat): { $value }.
zohn-ahl-moved = The awl is on step { $step } (space { $space }).
zohn-ahl-captured = It landed on { $other ->
    [west] West's
   *[east] East's
} awl: that awl goes home and its team pays a counter.
tsona-captured = It landed on { $other ->
    [west] West's
   *[east] East's
} awl, which goes home.
zohn-ahl-fell-in = { side } fell into the creek: the awl goes home and the team pays a counter.
tsona-fell-in = { side } fell into the river: the awl goes home.
zohn-ahl-lap = { side } completed a lap and wins a counter from { $other ->
    [west] West
   *[east] East
}.
tsona-lap = { side } completed a lap and takes a counter from the pile.
zohn-ahl-lap-captured = A lap, and the awl landed on { $other ->
    [west] West's
   *[east] East's
} awl too: two counters won.
tsona-lap-captured = A lap, and the awl landed on { $other ->
    [west] West's
   *[east] East's
} awl, which goes home.
zohn-ahl-dry-branch = { side } landed on a dry branch and will lose its next throw.
zohn-ahl-extra-throw = { side } throws again.
zohn-ahl-end = { side } holds { $counters ->
    [one] the only counter
   *[other] all { $counters } counters
}.
tsona-end = { side } completed { $laps ->
    [one] the lap
   *[other] { $laps } laps
} first.
zohn-ahl-score = { $counters ->
    [one] 1 counter
   *[other] { $counters } counters
} · step { $step }
tsona-score = { $counters ->
    [one] 1 lap
   *[other] { $counters } laps
} · step { $step }

## Ocencahuac
game-name-ocencahuac = Ocencahuac
rules-ocencahuac =
    Ocencahuac (the game of the Cahita princes, Nayarit). A 5 x 8 board: two volcano rows for each side and the river between them. Each side has an Emperor (E), Princess Mololoa (M), Prince (P) and three Warriors (W); Sangangüey (dark) moves up, Ceboruco (light) down.
    • Stage 1: a piece steps one square orthogonally, or jumps over an adjacent piece of either colour onto the empty square beyond, and may go on jumping (write every landing square: a1-a3-c3). Nothing is captured. Jumping an opposing royal pushes it back (up to three squares) and stuns it for its next turn.
    • A royal that ends a move on the far row is crowned. When all three of a side's royals are crowned, they gain stage-2 powers: the Princess and the Emperor slide any distance (the Princess captures along rows, the Emperor along columns), the Prince leaps like a chess knight; they capture only Warriors and can no longer be jumped, except to relieve a threatened Warrior (a7-a5 @b5).
    • Capture the three opposing Warriors to win. Repetition, 100 moves without progress or a long game draw.
ocencahuac-bad-notation = “{ $text }” is not a move: write the squares, like b2-b3, a1-a3-c3, a5xd5 or a7-a5 @b5, or pass.
ocencahuac-empty = there is no piece on { $square }.
ocencahuac-not-yours = the piece on { $square } is your opponent's.
ocencahuac-needs-choice = this move needs a choice; the complete moves are: { $moves }.
ocencahuac-not-legal = that is not a move of the piece on { $square }. { $count ->
    [0] It has no move.
   *[other] Its moves: { $moves }.
}
ocencahuac-wrong-retreat = the pushed piece cannot go to { $given }; the complete moves are: { $moves }.
ocencahuac-wrong-relief = the relieved royal cannot go to { $given }; the complete moves are: { $moves }.
ocencahuac-must-pass = you have no legal move: pass.
ocencahuac-cannot-pass = you have moves, so you may not pass.
ocencahuac-passed = { side } has no move and passes.
ocencahuac-moved = { side } played { $move }.
ocencahuac-retreat = The piece on { $from } was pushed back to { $to } and is stunned.
ocencahuac-relocated = The relieved royal went from { $from } to { $to }.
ocencahuac-captured = A Warrior was captured on { $square }.
ocencahuac-crowned = { side } crowned a royal.
ocencahuac-activated = All three royals of { side } are crowned: stage 2 begins for them.
ocencahuac-end-warriors = { side } captured all three opposing Warriors.
ocencahuac-end-repetition = The same position came back a third time: a draw.
ocencahuac-end-no-progress = { $plies } moves without a capture or a crown: a draw.
ocencahuac-end-cap = The game reached { $plies } moves: a draw.
ocencahuac-end-passes = Neither side can move: a draw.
ocencahuac-score = captured { $captured } · crowns { $crowns }

## Console
console-welcome = tablero console. Type lines like “ana: play hoyito @ben”, then “ben: accept” and “ana: move 3”; “help” lists every command.
console-help =
    Lines are “name: command arguments key=value ...”. Commands:
      play <game> [@opponent] [key=value ...]   challenge someone (no opponent: an open challenge); games: hoyito, epaminondas, zohn-ahl, ocencahuac
      play <game> @tablero [level=1..5]         a casual game against the computer, at once (level 3 unless told)
      play zohn-ahl west=@ana,@cy east=@&red    a team game (players, or a role); then: throw
      accept | decline | cancel | join          answer or withdraw the challenge of this channel; join a role team
      move <move>                               play a move: Hoyito II 3 (your hole, from your left), Epaminondas c1-c3 or d4xd8,
                                                Ocencahuac a1-a3-c3, a5xd5 or a7-a5 @b5; throw (Zohn Ahl)
      resign | draw [offer|accept|decline]      end the game
      takeback [ask|accept|decline]             take back your last move (casual games; the opponent agrees)
      rematch                                   the same game again, sides swapped, after it ended
      hint                                      the move the computer would play (casual games against it)
      analysis [game]                           a finished game's values move by move, and its biggest mistakes
      export [game] | import <file>             a game's record (JSON and text files); store a record as a game
      archive [@player] [game] [page]           the server's finished games, newest first
      replay [game] [speed=slow|normal|fast]    an animated GIF of a game
      board [text [part]] | history | rules [game]   show the game (text: in words; part: a row, rank, file or square)
      learn [game [answer|again]]               lessons: a game taught step by step (answer: a move; Zohn Ahl: a space)
      puzzle [game] | puzzle <number> <move>    a puzzle from a real game near your puzzle rating; answer it
      press <button-id> | press <menu-id> <choice>
                                                press a button, or choose from a menu, shown under a reply
      claim                                     claim the win when your opponent's time is up
      games                                     your games, whose turn, and until when
      leaderboard <game> [page] [provisional] [picture] [season=N|all]
                                                the server's ranking of a game
      profile [@player]                         ratings, records and last games
      season start <game> [every=90d|off]       a new season of a game's leaderboard (organisers)
      tournament create <game> round-robin|double-round-robin|swiss|elimination|double-elimination [rounds=N] [max=N] [time=3d] [signup=2d]
      tournament join | join-team @&role | leave | start | standings [picture] | pairings [round] | export
      tournament drop @player | result <game> first|second|draw | extend 12h | cancel     (organisers)
      settings [time=3d remind=half,12h timeout=claim|auto grace=1d threads=true rated=true language=auto web=on|off]
                                                the server's defaults for new games (shown without options)
      notify on|off                             reminders also by direct message
      vacation start [days] | vacation end      stop the clocks of your moves while away
      web                                       the address of this console's web pages
      locale en-US|es-419|es-ES                 the language replies use for you
      roles [@&role ... | none]                 the roles you have (without arguments: shows them)
    Options of play (key=value):
      every two-player game: first=challenger|opponent|random, time=3d, rated=true|false
      hoyito: holes=6|12, skip_origin=true|false, max_moves_without_capture=1000
      epaminondas: symmetry=off|mirror|mirror-or-rotation board=14x12|8x8
      zohn-ahl: variant=zohn-ahl|tsona, counters=1..10, laps=1..10, turn_mode=blocks|alternate|free, p_flat, carry_surplus,
                lap_threshold=39|40, south_river_dangerous, dry_branch_penalty, autothrow
      ocencahuac: mirror_setup, block_immunity, single_jump_only, retreat_warriors, no_progress_plies=100, max_plies=500
    Console lines: #channel (switch channel), wait 25h (advance the clock: reminders and timeouts fall due), help, quit. Lines starting with // are ignored.
console-channel = Now in channel #{ $channel }.
console-waited = The clock moved { $seconds ->
    [one] one second
   *[other] { $seconds } seconds
} forward.
console-bad-channel = “{ $text }” is not a channel: write # and one word, like #lobby.
console-bad-duration = “{ $text }” is not a duration: write for example 90s, 15m, 25h or 3d.
console-bad-line = “{ $text }” is not understood: write “name: command”, for example “ana: move 3”, or “help”.
console-bad-name = “{ $text }” cannot be a player's name: use one word without @.
console-no-command = { $name }, what should happen? Write a command after the colon; “help” lists them.
console-bad-option = “{ $text }” is malformed: options are written key=value.
console-usage = Usage: { $usage }
console-unexpected = Unexpected “{ $text }”: options are written key=value.
console-unknown-button = There is no button “{ $id }”.
console-bad-locale = “{ $tag }” is not a supported language: en-US, es-419 or es-ES.
console-locale-set = Replies for you are now in { $locale }.
console-bad-role = “{ $text }” is not a role: write @&name.
console-roles-set = You now have { $count ->
    [one] one role
   *[other] { $count } roles
}.
console-bad-mention = “{ $text }” is not a player: write @name.
console-unknown-command = Unknown command “{ $command }”. “help” lists the commands.
console-both-teams = A team game needs both west= and east=.
console-bad-team = “{ $text }” is not a team: write a role as @&name, or players as @ana,@cy.

## Your games, confirmations, threads
games-title = Your games in this server ({ $count }):
games-none = You have no game in progress or challenge waiting in this server.
games-line-challenge = { $game } #{ $id } in { $where }: challenge waiting for an answer
games-line-your-turn = { $game } #{ $id } in { $where }: your turn (move { $moves })
games-line-their-turn = { $game } #{ $id } in { $where }: { $player } to move (move { $moves })
button-offer-draw = Offer a draw
button-resign = Resign
button-resign-confirm = Yes, resign
button-offer-draw-confirm = Yes, offer a draw
confirm-resign = Do you really want to resign this game? It counts as a loss.
confirm-draw = Offer your opponent a draw? They can accept or decline it.

## Discord
discord-missing-permissions = I cannot play here: I lack the permission{ $count ->
    [one] { "" }
   *[other] s
} { $missing } in this channel. Ask a server admin to grant { $count ->
    [one] it
   *[other] them
}, or play in another channel.
discord-thread-opened = The game continues in { $thread }.
discord-thread-failed = I could not open a thread for this game, so it is played here.
discord-team-everyone = @everyone and @here cannot be a team: choose a role, or a player.
discord-team-missing = Name both teams: west and east (a role or a player each).
discord-not-yours = Only the player who opened this question can answer it.
discord-unknown-button = This button is not one of mine any more; use the latest board or the commands.
discord-done = Done.
discord-unknown-command = I do not know the command /{ $command }: Discord may still be offering an older list of commands; try again in a minute.
discord-already-done = That was already done (Discord sent it twice); nothing more was changed. Use /board to see the game as it is.
discord-bad-option = I could not read the option “{ $input }”: { $error }
discord-options-format = I could not read “{ $input }”: write rules options as key=value pairs, separated by spaces.
discord-bot-opponent = Bots cannot play: challenge a person, or leave the opponent out for an open challenge.

## Time controls
deadline = Time for this move runs out { $when }.
notice-reminder = Reminder, { $player }: it is your move in { $game }, and time runs out { $when }.
notice-timed-out = { $player } ran out of time in { $game }. { $opponent } may claim the win.
notice-timed-out-auto = { $player } ran out of time in { $game }. { $opponent } may claim the win, or the game is adjudicated { $auto }.
notice-adjudicated = { $player } lost { $game } on time.
notice-aborted = { $game } aborted: nobody moved before the first deadline, so it is not scored.
notice-expired = { $challenger }'s challenge to { $game } expired unanswered.
button-claim = Claim the win
claimed = { $player } claimed the win on time: { $loser } did not move in time.
claim-no-clock = This game has no time limit, so there is nothing to claim.
claim-own-turn = It is your own move: only the side waiting for a move can claim a win on time.
claim-too-early = Time is not up yet: it runs out { $when }.
settings-not-allowed = Only members with the Manage Server permission can change the server's settings.
settings-unknown = There is no setting “{ $key }”. Settings: { $known }.
settings-shown = Server settings: time per move { $time }; reminders { $remind }; when time runs out: { $timeout } (grace { $grace }); threads { $threads }; rated { $rated }; language { $language }; web { $web }; vacations { $vacation } days in 30; time zone { $zone }.
notify-on = Reminders will also come to you by direct message.
notify-off = Reminders come only in the game's channel, not by direct message.
games-deadline = time runs out { $when }

## Ratings
rated-chance = Zohn Ahl is a game of chance: it is not rated (each team's record counts its wins and counters).
rating-change = { $player }: { $before } → { $after } ({ $delta })
leaderboard-empty = Nobody has a { $game } rating in this server yet: rated games count once they end.
leaderboard-title = { $game } leaderboard (page { $page } of { $pages })
leaderboard-title-provisional = { $game }: provisional ratings, fewer games played (page { $page } of { $pages })
leaderboard-games = { $count ->
    [one] 1 game
   *[other] { $count } games
}
leaderboard-page-empty = (no one on this page)
leaderboard-show-provisional = Provisional players
leaderboard-show-established = Established players
team-board-title = { $game } records (a game of chance: no rating)
team-board-line = { $rank }. { $team }: { $wins ->
    [one] 1 win
   *[other] { $wins } wins
} in { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $counters ->
    [one] 1 counter
   *[other] { $counters } counters
}
profile-title = { $player }
profile-line = { $game }: { $rating }; { $wins } won, { $draws } drawn, { $losses } lost; streak { $streak }
profile-team-line = { $game }: { $wins ->
    [one] 1 win
   *[other] { $wins } wins
} in { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $counters ->
    [one] 1 counter
   *[other] { $counters } counters
}
profile-computer = Against the computer, level { $level }: { $wins } won, { $draws } drawn, { $losses } lost
profile-recent = Last games:
profile-won = won against { $opponent }
profile-lost = lost to { $opponent }
profile-drew = drew with { $opponent }
profile-empty = { $player } has not finished a game in this server yet.
table-rank = #
table-player = Player
table-rating = Rating
table-games = Games
table-win-rate = Score
table-team = Team
table-wins = Wins
table-counters = Counters

## Tournaments
tournament-created = Tournament #{ $id }: { $game }, { $format }. Sign up with the Join button (or tournament join); an organiser starts it.
tournament-format-round-robin = round robin
tournament-format-double-round-robin = double round robin
tournament-format-swiss = Swiss, { $rounds } rounds
tournament-format-elimination = single elimination
tournament-format-double-elimination = double elimination
button-tournament-join = Join
button-tournament-leave = Leave
tournament-organisers-only = Only the organiser, or members with the Manage Server permission, can do that.
tournament-none = There is no such tournament in this server.
tournament-signup-closed = Sign-up for this tournament is closed.
tournament-already-in = You are already signed up.
tournament-not-in = You are not signed up.
tournament-full = The tournament is full.
tournament-joined = { $player } joined tournament #{ $id } ({ $count } signed up).
tournament-left = { $player } left tournament #{ $id } ({ $count } signed up).
tournament-too-few = A tournament needs at least two players.
tournament-round = Tournament #{ $id }, round { $round }:
tournament-game = Tournament #{ $id }, round { $round }: { $first } against { $second }.
bracket-final = Final
bracket-semi-finals = Semi-finals
bracket-quarter-finals = Quarter-finals
bracket-round = Round { $round }
bracket-winners = Winners' bracket
bracket-losers = Losers' bracket
bracket-grand-final = Grand final
bracket-reset = Grand final, reset
tournament-bye = bye (a win)
tournament-forfeit = forfeit (a player withdrew)
tournament-standings = Tournament #{ $id } ({ $game }) after { $rounds } rounds:
tournament-final = Tournament #{ $id } ({ $game }) is over. Final standings:
tournament-exported = Tournament #{ $id } as a FIDE tournament report file (TRF-16, with bbpPairings' XXR and XXC lines).
tournament-trf-format = A tournament report file holds a Swiss or a round robin; brackets are shown by /tournament standings.
tournament-champion = Winner: { $player }!
tournament-dropped = withdrawn
tournament-points = Points
tournament-buchholz = Buchholz
tournament-sb = S-B
tournament-no-round = That round has not been paired.
tournament-not-entrant = { $player } is not in this tournament.
tournament-dropped-player = { $player } withdrew from tournament #{ $id }; their remaining games are forfeited.
tournament-not-a-game = That game is not a tournament game.
tournament-result-entered = Result of game #{ $game } entered: { $result }.
tournament-cancelled = Tournament #{ $id } was cancelled.
tournament-extended = { $games ->
    [one] One game still on has
   *[other] { $games } games still on have
} { $time } more.
tournament-started-pairing = Tournament #{ $id } has started with { $players } players. Round 1 is being paired; it is posted here when it is ready.
tournament-too-few-at-deadline = Tournament #{ $id } is called off: fewer than two players had signed up by the deadline.
tournament-teams-not-here = Only Zohn Ahl tournaments are played by teams; join as yourself.
tournament-team-needed = Zohn Ahl tournaments are played by teams: sign up a role you hold (tournament join-team @role).
tournament-not-role-member = Only members of { $role } can sign it up.
game-not-found = There is no game #{ $id } in this server.
tournament-over = Tournament #{ $id } is over; it takes no more changes.
tournament-changed = Someone changed this tournament a moment before you; nothing of yours was changed. Try again.
discord-post-failed = Your action was saved, but Discord would not take the post in { $channel }. Use /board there to see the game as it is now.
diagram-epaminondas-letters = W B
diagram-ocencahuac-legend = dark upper case, * crowned, ! stunned
diagram-tsona-pile = , pile { $pile }
console-not-utf8 = That line is not UTF-8 text, so it was not read; type it again.
console-wait-too-long = The console's clock moves at most { $days } days forward in all.
console-roles-none = You have no roles. Give yourself some with roles @&name (roles none clears them).
console-roles-shown = Your roles: { $roles }.
console-time-in = in { $span }
console-time-ago = { $span } ago

## The computer
ai-sees-win = It sees a win ahead.
ai-endgame = Its endgame table knows this position: with perfect play from here it captures { $seeds } { $seeds ->
    [one] seed
   *[other] seeds
} more than its opponent (a negative number: fewer).
ai-sees-loss = It finds that every move loses against best play.
ai-hoyito-quiet = It sows hole { $hole }: no capture now, but the best it finds looking { $depth } moves ahead.
ai-hoyito-capture = It sows hole { $hole } and captures { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
}.
ai-hoyito-capture-again = It sows hole { $hole }, captures { $seeds ->
    [one] one seed
   *[other] { $seeds } seeds
} and moves again.
ai-epaminondas-capture = Its phalanx of { $group } takes { $taken ->
    [one] one piece
   *[other] { $taken } pieces
}{ $then ->
    [cross] {" "}and crosses to the far row
    [threat] {" "}and threatens to cross
   *[none] {""}
}.
ai-epaminondas-move = It { $group ->
    [one] moves a lone piece
   *[other] moves a phalanx of { $group } pieces
} { $dist ->
    [one] by one square
   *[other] by { $dist } squares
}{ $then ->
    [cross] {" "}and crosses to the far row
    [threat] {" "}and threatens to cross
   *[none] {""}
}.
ai-ocencahuac-capture = It captures the Warrior on { $square }.
ai-ocencahuac-push = It pushes back and stuns the piece from { $square }.
ai-ocencahuac-crown = It crowns a royal.
ai-ocencahuac-relief = It relieves a threatened Warrior.
ai-ocencahuac-quiet = It plays the best move it finds looking { $depth } moves ahead.

## Game records: export, import, archive, replay
record-too-big = The file is too big: a record is at most { $max } KB.
record-not-text = The file is not text (UTF-8): it is not a game record.
record-bad-json = The JSON does not read (line { $line }): { $error }
record-not-ours = This is not a tablero game record (its "format" is not "tablero-record").
record-newer = This record is of version { $version }, newer than this tablero reads (version { $known }): update tablero to import it.
record-no-version = The record has no version.
record-bad-line = Line { $line } does not read: { $text }
record-bad-number = Line { $line }: move number { $expected } was expected there.
record-missing-tag = The record has no { $tag }.
record-bad-option = The option "{ $text }" is not written key=value.
record-result-differs = The Result tag says { $tag } but the moves end with { $end }.
record-bad-id = "{ $text }" is not an id (a number).
record-bad-computer = The computer's level must be 1 to 5, and one side must be the computer.
record-bad-time-per-move = The time per move must be a whole number of seconds above 0, not “{ $text }”.
record-bad-tournament = The tournament must be a number above 0, not “{ $text }”.
record-bad-round = The round must be a number from 1, not “{ $text }”.
record-round-alone = A round is given without its tournament.
record-bad-time = "{ $text }" is not a time (write it as 2026-12-01T10:00:05Z).
record-two-sides = A record has exactly two sides.
record-bad-side = A side is "{ $side }" where "{ $expected }" was expected.
record-bad-teams = Either both sides are teams (Zohn Ahl only) or neither is.
record-bad-players = The { $side } side needs exactly one player (or, for a team, its players or its role).
record-illegal-move = Move { $number } ({ $move }) is not legal: { $reason }
record-after-end = the game was already over.
record-no-mover = Move { $number } does not say who played it, and its side has several players.
record-over-by-rules = After move { $number } the rules end the game ({ $expected }), but the record says { $result }.
record-bad-termination = "{ $text }" is not a way a game ends (rules, resignation, draw-agreed, timeout, forfeit).
record-result-wrong = The result { $result } by { $termination } does not fit the position after move { $number }.
record-bad-result = "{ $text }" is not a result (1-0, 0-1, 1/2-1/2 or *).
record-ended-on = A game still on (result *) has no end time.
record-not-played = Game #{ $id } was never played: it has no record.
record-refused = The record was not imported: { $why }
record-still-on = This record is of a game still on: it can be continued in the console (`tablero import FILE`, then `tablero local`); here only finished games are imported.
export-which = Which game? Give its number, or ask in the channel where it was played.
export-done = The record of { $game } #{ $id } ({ $moves ->
    [one] 1 move
   *[other] { $moves } moves
}), as JSON and as text.
import-done = Imported as game #{ $id }: { $game }, { $players }, { $result }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}. It is unrated and counts for no one's record.
import-continues = The game is still on: play on here.
archive-title = Finished games, page { $page } of { $pages }
archive-empty = No finished game yet.
archive-moves = { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}
archive-imported = imported
archive-tournament = tournament #{ $id }, round { $round }
archive-imported-by = imported by { $name }
archive-hint = The numbers work with /replay, /export and /analysis.
archive-previous = ◀ Newer
archive-next = Older ▶
termination-rules = by the rules
termination-resignation = resignation
termination-draw-agreed = by agreement
termination-timeout = on time
termination-forfeit = forfeit
replay-bad-speed = "{ $text }" is not a speed: slow, normal, fast, or seconds a move (0.1 to 10).
replay-which = Which game? Give its number, or ask in the channel where it was played.
replay-title = Replay of { $game } #{ $id }: { $players }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}.
replay-fitted = Made smaller to fit Discord's upload limit: 1/{ $shrink } of the size, { $kept } of { $frames } pictures.
console-file-unreadable = Cannot read { $path }: { $error }
import-download-failed = The file could not be fetched from Discord; try again in a moment.

## Limits on what one member or server may ask for
limit-name = The name “{ $name }” is too long or broken across lines: a name has at most { $max } characters, on one line.
limit-plies = This { $game } record has { $moves } moves: an imported record has at most { $max } moves.
limit-imports = You have imported { $max } records in this server in the last 24 hours, the most for a day: try again tomorrow.
limit-computer-games = You already have { $max } live games against the computer in this server, the most at once: finish or resign one first.
limit-open-challenges = You already have { $max } open challenges in this server, the most at once: wait for an answer, or cancel one.
limit-tournament-players = This tournament already has { $max } players, the most one may have.
limit-tournaments = This server already has { $max } tournaments open or running, the most at once: finish or cancel one first.
rating-change-recorded = { $player }: { $before } → { $after } ({ $delta }), as recorded where it was played
busy-full = The bot is busy with { $max } heavy jobs (searches, analyses, replays): try again in a minute.
busy-member = You already have { $max } heavy jobs (searches, analyses, replays) under way: try again when they are done.
busy-server = This server already has { $max } heavy jobs (searches, analyses, replays) under way: try again in a minute.
analysis-cut = The analysis ran out of its { $secs } seconds after move { $moves } of { $total }: the chart and mistakes cover those moves.
limit-live-games = You already have { $max } games on or challenges waiting in this server, the most at once: finish one first.
analysis-stopped = The analysis was stopped at your request after move { $moves } of { $total }: the chart and mistakes cover those moves.
job-waiting = ⏳ Waiting for its turn (other members' searches, analyses and replays come first)…
job-working = ⏳ Working on it…
job-counting = ⏳ Working on it: { $done } of { $total }…
job-stop = Stop
job-stopped-before = Stopped before it started, at your request.
job-stopping = Stopping: the answer will cover what was done so far.
job-too-late = Too far along to stop; the answer is on its way.
job-not-yours = Only the member who asked can stop this.
job-gone = That job is over.

## Web pages
web-on-turn = { $player } to move
web-won = { $player } won
web-drawn = Drawn
web-tournament-title = Tournament { $id } · { $game }
web-tournament-signup = sign-up open
web-tournament-running = round { $round }
web-tournament-finished = finished
web-position-after = Position after move { $ply } of { $total }.
web-not-served = This bot serves no web pages.
web-off = This server's web pages are off; someone with Manage Server turns them on with `/settings server web:on`.
web-link = This server's web pages: { $url }
web-skip = Skip to the page
web-site = tablero
web-archive = Archive
web-server-title = Games of this server
web-live-games = Games on now
web-no-live-games = No game is on right now.
web-recent = Recent results
web-no-recent = No game has finished yet.
web-all-finished = Every finished game
web-tournaments = Tournaments
web-no-tournaments = No tournament yet.
web-leaderboards = Leaderboards
web-board-text = The board as text
web-stepper = Moves, one at a time
web-first = First
web-previous = Previous
web-move = Move
web-next = Next
web-latest = Latest
web-moves = Moves
web-no-moves = No move yet.
web-tournament = Tournament
web-files = The game's record
web-record-json = Record (JSON)
web-record-text = Record (text)
web-replay = Animated replay (GIF)
web-player = Player
web-game = Game
web-any-game = Any game
web-filter = Filter
web-rounds = Rounds
web-pages = Pages
web-not-found = Page not found
web-not-found-why = There is no such page, or its server's pages are off.
web-busy = Busy: try again in a few seconds
web-no-such-player = No player of that name has played a rated game here.
web-chart-alt = The rating of { $player } over time
web-tournament-picture-alt = The tournament's standings, or its bracket
console-web = The web pages of this console: { $url }
web-view = View on the web
web-play = Play
web-sign-in = Sign in with Discord to play
web-sign-in-again = Sign in again
web-signed-in-as = Signed in as { $name }.
web-sign-out = Sign out
web-sign-out-everywhere = Sign out everywhere
web-your-move = Your move
web-play-move = Play this move
web-choose = Choose
web-board = Board
web-pick-a-piece = Pick a piece to move on the board, or choose a move from the list.
web-picked = Moving the piece on { $square }: press where it goes.
web-pick-another = Pick another piece
web-pick-square = Pick the piece on { $square }
web-move-to = Move to { $square }
web-sow-hole = Sow hole { $hole } ({ $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
})
web-hole = Hole { $hole }: { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
}
web-sign-in-refused = Discord did not confirm who you are: the sign-in was refused.
web-sign-in-other-browser = This sign-in was started in another browser (or its cookie is gone): start again here.
web-sign-in-spent = This sign-in was used already, or took too long: start again.
web-form-expired = This form has expired: reload the page and try again.
web-not-a-member = Only members of this server can play its games here.
activity-connecting = Connecting to Discord…
activity-failed = tablero could not start here: close the Activity and open it again.
activity-signed-out = You signed out of tablero: close the Activity and open it again to sign in.
activity-off = Playing inside Discord is not switched on for this bot.
activity-no-server = Open tablero from a channel of a server to play its games.
# The description of the Activity's entry point, the command `/play` Discord launches it from.
activity-entry-point = Play your games inside Discord
activity-pages-off = This server's game pages are off: an admin turns them on with /settings server web:True.
activity-your-games = Your games in this server
activity-no-games = You have no game going in this server. Challenge someone with /play.
button-play-in-discord = Play in Discord

## Pictures described (for screen readers)
describe-hoyito-row = { side }, holes 1 to { $holes }: { $seeds } (captured { $captured }).
describe-epaminondas-side = { side }, { $pieces ->
    [one] 1 piece
   *[other] { $pieces } pieces
}, by rank: { $ranks }.
describe-epaminondas-far = On the far rows: White { $white }, Black { $black }.
describe-zohn-ahl-team = { side }: the awl on step { $step }, { $counters ->
    [one] 1 counter
   *[other] { $counters } counters
}{ $penalty ->
    [1] , sitting out its next throw
   *[other] {""}
}.
describe-zohn-ahl-pile = The pile holds { $pile }.
describe-ocencahuac-side = { side } ({ $count }{ $activated ->
    [1] , stage 2
   *[other] {""}
}):
describe-ocencahuac-piece = { $kind ->
    [emperor] Emperor
    [princess] Princess Mololoa
    [prince] Prince
   *[warrior] Warrior
} { $square }{ $state ->
    [crowned] {" "}crowned
    [stunned] {" "}stunned
    [crowned-stunned] {" "}crowned, stunned
   *[plain] {""}
}{ $end }
describe-board = { $game } #{ $id }, move { $ply }. { $turn }
describe-to-move = { $player } to move.
describe-over = The game is over.
describe-rating-chart = The { $game } rating of { $player } over its last { $points } changes: from { $from } to { $to }, highest { $high }, lowest { $low }.
describe-your-moves = Your moves: { $moves }.
describe-moves = Its moves: { $moves }.
describe-no-focus = This game's position is short: ask for all of it, without a part.
describe-hoyito-focus = “{ $text }” is not a row: write south or north.
describe-epaminondas-focus = “{ $text }” is neither a rank nor a file: write a rank from 1 to { $ranks } or a file from a to { $last }.
describe-epaminondas-line = On { $line }: White { $white }; Black { $black }.
describe-ocencahuac-focus = “{ $text }” is not a square: write one like b2.
describe-ocencahuac-empty = { $square } is empty.
replay-described = An animated replay in { $frames } pictures, ending on:

## Vacations
settings-changed = Someone changed this server's settings a moment before you; nothing of yours was changed. Try again.
vacation-off = Vacations are off in this server (an organiser may allow them with the setting vacation_days).
vacation-already = You are already on vacation, back { $until }. End it with /vacation end.
vacation-used-up = You have taken all { $max } days of vacation this server allows in { $window } days; the days come back as the oldest leave the last { $window }.
vacation-too-long = You may take { $left } more days of vacation now (this server allows { $max } in any { $window }); { $days } is too many.
vacation-started = You are on vacation, back { $until } ({ $days ->
    [one] 1 day
   *[other] { $days } days
}). Your opponents in { $games ->
    [one] 1 game
   *[other] { $games } games
} are told; the clock stands still in { $held ->
    [0] none of them yet (it stops whenever the move comes to you)
    [one] 1 game now ({ $list })
   *[other] { $held } games now ({ $list })
}. Reminders wait until you are back.
vacation-ended = Welcome back: your vacation is over, and the clock runs again in { $games ->
    [0] none of your games (none was waiting for you)
    [one] 1 game
   *[other] { $games } games
}.
vacation-not-away = You are not on vacation.
notice-away = { $player } is on vacation, back { $until }: in { $game } the clock stands still while it is their move.
notice-back = { $player } is back from vacation: the clock of { $game } runs again, and time for the move runs out { $when }.
clock-held = The clock stands still: the player on turn is on vacation, back { $until }.
games-held = clock stopped, the player on vacation back { $until }

## Outside a server
private-casual = Games outside a server are casual: ratings belong to a server.
private-server-only = That belongs to a server (its ratings, tournaments, settings and pages); outside one, games are casual. Use it in a server.

## Calendar (scheduled events)
calendar-title = Tournament #{ $id } ({ $game }, { $format })
calendar-location = On Discord, with tablero
calendar-signup = sign-up
calendar-signup-about = Sign up with /tournament join (or the Join button) until the end of this event; the tournament then starts by itself. Tournament #{ $id }.
calendar-round = round { $round }
calendar-round-about = Round { $round } of tournament #{ $id }: { $games ->
    [one] 1 game
   *[other] { $games } games
}, each to be over by the end of this event. Pairings and standings: /tournament pairings, /tournament standings.

## Seasons
season-organisers-only = Only organisers (Manage Server, or the organisers' role) begin a season.
season-chance = { $game } is a game of chance with no ratings: it has no seasons (its teams keep their records).
season-started = Season { $season } of { $game } begins now: its leaderboard starts afresh (ratings go on), and the past seasons' standings are kept (/leaderboard season).
season-started-every = Season { $season } of { $game } begins now: its leaderboard starts afresh (ratings go on), and the past seasons' standings are kept (/leaderboard season). The next season begins by itself every { $every }.
season-none = This server has no season of { $game } yet: an organiser begins one with /season start.
season-unknown = There is no season { $season }: this server has had { $seasons } so far.
season-title-current = { $game }, season { $season } (since { $from })
season-title-past = { $game }, season { $season } ({ $from } to { $until })
season-points = { $points } pts
season-empty = No rated game has ended in this season yet.
season-button = Season { $season }
season-all-time = All-time ratings
season-change = Rating change

## Slash commands: each command's name as Discord shows it (`cmd-` and its path: `cmd-play-hoyito` is
## `/play hoyito`) and its `.description`; each option's (`cmd-<path>--<option>`); each choice's name (`choice-`
## and its English name). The English here is the code's own (a test holds them equal); another language's file
## translates them, and a name left as the English one is not sent as a translation.
cmd-play = play
    .description = Challenge someone to a game.
cmd-play-epaminondas = epaminondas
    .description = Epaminondas: two phalanxes on a 14x12 board; cross with more pieces than your opponent.
cmd-play-epaminondas--opponent = opponent
    .description = Who you challenge (leave empty for an open challenge)
cmd-play-epaminondas--first = first
    .description = Who plays White and starts
choice-random = random
choice-me = me
choice-my-opponent = my opponent
cmd-play-epaminondas--rated = rated
    .description = Rated (counts for the leaderboard; default: the server's setting)
cmd-play-epaminondas--time = time
    .description = Time per move: 30m, 12h, 3d, or none (default: the server's setting)
cmd-play-epaminondas--thread = thread
    .description = Play in a new thread (default: yes, when I may open one)
cmd-play-epaminondas--level = level
    .description = Against me (the bot as opponent): the computer's level, 1 (beginner) to 5 (default 3)
cmd-play-epaminondas--options = options
    .description = More rules options as key=value, e.g. symmetry=off
cmd-play-hoyito = hoyito
    .description = Hoyito II: the Dominican mancala of relay sowing.
cmd-play-hoyito--opponent = opponent
    .description = Who you challenge (leave empty for an open challenge)
cmd-play-hoyito--holes = holes
    .description = Board size (default 6 holes a side)
choice-6-holes-a-side = 6 holes a side
choice-12-holes-a-side = 12 holes a side
cmd-play-hoyito--first = first
    .description = Who plays South and starts
cmd-play-hoyito--rated = rated
    .description = Rated (counts for the leaderboard; default: the server's setting)
cmd-play-hoyito--time = time
    .description = Time per move: 30m, 12h, 3d, or none (default: the server's setting)
cmd-play-hoyito--thread = thread
    .description = Play in a new thread (default: yes, when I may open one)
cmd-play-hoyito--level = level
    .description = Against me (the bot as opponent): the computer's level, 1 (beginner) to 5 (default 3)
cmd-play-hoyito--options = options
    .description = More rules options as key=value, e.g. skip_origin=false
cmd-play-ocencahuac = ocencahuac
    .description = Ocencahuac: the war game of Nayarit, volcano against volcano.
cmd-play-ocencahuac--opponent = opponent
    .description = Who you challenge (leave empty for an open challenge)
cmd-play-ocencahuac--first = first
    .description = Who plays Sangangüey and starts
cmd-play-ocencahuac--rated = rated
    .description = Rated (counts for the leaderboard; default: the server's setting)
cmd-play-ocencahuac--time = time
    .description = Time per move: 30m, 12h, 3d, or none (default: the server's setting)
cmd-play-ocencahuac--thread = thread
    .description = Play in a new thread (default: yes, when I may open one)
cmd-play-ocencahuac--level = level
    .description = Against me (the bot as opponent): the computer's level, 1 (beginner) to 5 (default 3)
cmd-play-ocencahuac--options = options
    .description = More rules options as key=value, e.g. single_jump_only=true
cmd-play-zohn-ahl = zohn-ahl
    .description = Zohn Ahl (or Tsoñä): the Kiowa stick-dice race, team against team.
cmd-play-zohn-ahl--west = west
    .description = West team: a role or a player
cmd-play-zohn-ahl--east = east
    .description = East team: a role or a player
cmd-play-zohn-ahl--variant = variant
    .description = Zohn Ahl (default) or Tsoñä
choice-zohn-ahl = Zohn Ahl
choice-tso = Tsoñä
cmd-play-zohn-ahl--counters = counters
    .description = Counters a team (2 makes a short game)
cmd-play-zohn-ahl--laps = laps
    .description = Laps a counter runs
cmd-play-zohn-ahl--turn-mode = turn_mode
    .description = Who of a team throws (role teams: free unless members join)
choice-free-anyone-of-the-team-on-turn = free (anyone of the team on turn)
choice-blocks-each-member-a-turn-then-the-other-team = blocks (each member a turn, then the other team)
choice-alternate-members-in-turn-teams-alternating = alternate (members in turn, teams alternating)
cmd-play-zohn-ahl--time = time
    .description = Time per move: 30m, 12h, 3d, or none (default: the server's setting)
cmd-play-zohn-ahl--thread = thread
    .description = Play in a new thread (default: yes, when I may open one)
cmd-play-zohn-ahl--options = options
    .description = More rules options as key=value, e.g. autothrow=true
cmd-accept = accept
    .description = Accept the challenge waiting in this channel.
cmd-decline = decline
    .description = Decline the challenge waiting in this channel.
cmd-cancel = cancel
    .description = Withdraw your challenge in this channel.
cmd-move = move
    .description = Make a move in this channel's game.
cmd-move--notation = notation
    .description = The move, e.g. 3 (Hoyito), c2-c4 or d4xd8 (Epaminondas)
cmd-throw = throw
    .description = Throw the sticks (Zohn Ahl) for your team.
cmd-board = board
    .description = Show the board of this channel's game.
cmd-board--view = view
    .description = The picture, or the position in words (for screen readers), privately
choice-picture = picture
choice-text = text
cmd-board--focus = focus
    .description = In words: only a part (Hoyito: south or north; Epaminondas: a rank or file; Ocencahuac: a square)
cmd-history = history
    .description = The moves of this channel's game so far.
cmd-resign = resign
    .description = Resign this channel's game.
cmd-draw = draw
    .description = Offer, accept or decline a draw (in Zohn Ahl: stopping on the counters).
cmd-draw--action = action
    .description = offer, accept or decline
choice-offer = offer
choice-accept = accept
choice-decline = decline
cmd-takeback = takeback
    .description = Ask to take back your last move, or answer your opponent's request (casual games).
cmd-takeback--action = action
    .description = ask (the default), accept or decline
choice-ask = ask
cmd-rematch = rematch
    .description = Challenge your opponent to a rematch of this channel's finished game, sides swapped.
cmd-hint = hint
    .description = The move the computer would play in your place (casual games against the computer only).
cmd-analysis = analysis
    .description = The analysis of a finished game: the value after each move, and each side's biggest mistakes.
cmd-analysis--game = game
    .description = The game's number (default: this channel's last game)
cmd-rules = rules
    .description = The rules of a game (of this channel's game when none is named).
cmd-rules--game = game
    .description = Which game
choice-epaminondas = Epaminondas
choice-hoyito-ii = Hoyito II
choice-ocencahuac = Ocencahuac
cmd-games = games
    .description = Your games in this server: whose turn it is, and where.
cmd-claim = claim
    .description = Claim the win when your opponent's time for a move is up.
cmd-settings = settings
    .description = Settings: the server's defaults for new games, and your reminders.
cmd-settings-server = server
    .description = The server's defaults for new games (Manage Server to change them; without options, shows them).
cmd-settings-server--time = time
    .description = Time per move: 30m, 12h, 3d, or none
cmd-settings-server--remind = remind
    .description = Reminders: half, and/or times before the deadline, e.g. half,12h; or none
cmd-settings-server--timeout = timeout
    .description = When time runs out
choice-the-opponent-may-claim-the-win = the opponent may claim the win
choice-adjudicated-automatically-after-the-grace-period = adjudicated automatically after the grace period
cmd-settings-server--grace = grace
    .description = With automatic adjudication: how long after the deadline, e.g. 1d
cmd-settings-server--threads = threads
    .description = Open a thread for each accepted game
cmd-settings-server--rated = rated
    .description = New two-player games are rated unless the challenge says otherwise
cmd-settings-server--organiser-role = organiser_role
    .description = A role whose members may run tournaments (besides Manage Server)
cmd-settings-server--language = language
    .description = The language of public posts
choice-the-server-s-own = the server's own
choice-english = English
choice-espa-ol-latinoam-rica = Español (Latinoamérica)
choice-espa-ol-espa-a = Español (España)
cmd-settings-server--web = web
    .description = Web pages of this server's games (at a new secret address each time they are turned on)
cmd-settings-server--vacation-days = vacation_days
    .description = Days of vacation a member may take in any 30 (0: none)
cmd-settings-server--daily-puzzle = daily_puzzle
    .description = The daily puzzle, posted in this channel: an hour 0-23 of the server's time zone, or off
cmd-settings-server--time-zone = time_zone
    .description = The server's time zone for the daily puzzle's hour, e.g. America/Mexico_City; utc
cmd-settings-notify = notify
    .description = Reminders by direct message, on or off (without an answer, says which it is).
cmd-settings-notify--direct = direct
    .description = Also send me reminders by direct message
cmd-web = web
    .description = The address of this server's web pages.
cmd-leaderboard = leaderboard
    .description = The leaderboard of a game in this server.
cmd-leaderboard--game = game
    .description = Which game
cmd-leaderboard--page = page
    .description = Page (10 players a page)
cmd-leaderboard--picture = picture
    .description = Show it as a picture too
cmd-leaderboard--season = season
    .description = A season's standings (0: the ratings of all time); the current season's by default
cmd-profile = profile
    .description = A player's ratings, record, streaks, last games and rating chart (yours when nobody is named).
cmd-profile--player = player
    .description = Whose profile (yours when empty)
cmd-vacation = vacation
    .description = A vacation: the clocks of your moves stand still while you are away.
cmd-vacation-start = start
    .description = Go on vacation: your clocks stand still and reminders wait (your opponents are told).
cmd-vacation-start--days = days
    .description = How many days (what is left of your allowance when left out)
cmd-vacation-end = end
    .description = End your vacation now: your clocks run again.
cmd-season = season
    .description = Seasons of a game's leaderboard.
cmd-season-start = start
    .description = Begin a new season of a game's leaderboard (organisers): ratings go on, the standings start afresh.
cmd-season-start--game = game
    .description = Which game
cmd-season-start--every = every
    .description = Then a new season by itself every so long: 30d, 90d; or off
cmd-export = export
    .description = Attach a game's record, as JSON and as text (finished games, and games still on).
cmd-export--game = game
    .description = The game's number (default: this channel's game)
cmd-import = import
    .description = Import a game record (JSON or text, at most 1 MB): checked move by move, stored as an unrated game.
cmd-import--file = file
    .description = The record file (.json or .txt)
cmd-archive = archive
    .description = The server's finished games, newest first, ten a page (of a player, of a game).
cmd-archive--player = player
    .description = Only this player's games
cmd-archive--game = game
    .description = Only this game
cmd-archive--page = page
    .description = Page (10 games a page)
cmd-replay = replay
    .description = An animated replay (GIF) of a game, move by move.
cmd-replay--game = game
    .description = The game's number (default: this channel's game)
cmd-replay--speed = speed
    .description = How fast the moves go (default: normal, a second a move)
choice-slow = slow
choice-normal = normal
choice-fast = fast
cmd-tournament = tournament
    .description = Tournaments: round robin, Swiss or single elimination, run by the bot.
cmd-tournament-create = create
    .description = Open a tournament for sign-up (organisers).
cmd-tournament-create--game = game
    .description = The game
cmd-tournament-create--format = format
    .description = The format
choice-swiss = Swiss
choice-round-robin = round robin
choice-double-round-robin = double round robin
choice-single-elimination = single elimination
choice-double-elimination = double elimination
cmd-tournament-create--rounds = rounds
    .description = Rounds (Swiss; default 5)
cmd-tournament-create--max-players = max_players
    .description = Most players
cmd-tournament-create--time = time
    .description = Time per move: 30m, 12h, 3d, or none
cmd-tournament-create--rated = rated
    .description = Rated games
cmd-tournament-create--signup = signup
    .description = Sign-up closes (and the tournament starts) after this long: 12h, 2d
cmd-tournament-create--random-seeding = random_seeding
    .description = Seed at random instead of by rating
cmd-tournament-create--vacation = vacation
    .description = Players may go on vacation (their clocks stand still); on unless turned off
cmd-tournament-create--round-time = round_time
    .description = Each round's deadline, after it is paired: 3d, 7d (shown in the server's Events)
cmd-tournament-join = join
    .description = Sign up for the tournament open in this server.
cmd-tournament-leave = leave
    .description = Withdraw your sign-up before the tournament starts.
cmd-tournament-start = start
    .description = Start the tournament: round 1 is paired, each game in its own thread (organisers).
cmd-tournament-standings = standings
    .description = The standings, with tie-breaks.
cmd-tournament-standings--picture = picture
    .description = Show it as a picture too
cmd-tournament-pairings = pairings
    .description = The pairings of a round (the latest when none is given).
cmd-tournament-pairings--round = round
    .description = Round
cmd-tournament-export = export
    .description = The tournament as a FIDE tournament report file (TRF), for other tools (Swiss and round robin).
cmd-tournament-drop = drop
    .description = Withdraw a player: their remaining games are forfeited (organisers).
cmd-tournament-drop--player = player
    .description = The player
cmd-tournament-result = result
    .description = Enter or correct a game's result (organisers).
cmd-tournament-result--game = game
    .description = The game number
cmd-tournament-result--winner = winner
    .description = Who won
choice-first-side = first side
choice-second-side = second side
choice-draw = draw
cmd-tournament-extend = extend
    .description = Give the games still on in this round more time (organisers).
cmd-tournament-extend--time = time
    .description = How much more: 12h, 2d
cmd-tournament-cancel = cancel
    .description = Cancel the tournament (organisers).

## Lessons
lesson-courses = Lessons: each game taught step by step on small positions, checked by the rules. Pick a game.
lesson-course-line = • { $game }: { $done } of { $steps } steps done
lesson-header = **{ $game }**: lesson { $step } of { $steps }
lesson-done = You have finished the { $game } course. Now play a real game against the computer at level 1, or start the course again.
lesson-stale = That step is already behind you; here is where you are.
lesson-illegal = Not allowed here: { $reason }
lesson-not-a-choice = Pick one of the answers: { $choices }.
lesson-broken = This step cannot be set up; it is a fault of ours.
lesson-menu = Your move ({ $menu } of { $menus })
lesson-which-game = Name the game your answer is for (game:).
button-lesson-again = Start again
button-lesson-game = Play the computer (level 1)
training-changed = Your lesson moved on elsewhere a moment before; nothing of this answer was stored. Try again.
cmd-learn = learn
    .description = Learn a game step by step: small positions, a task each, checked by the rules.
cmd-learn--game = game
    .description = Which game (none: every course and how far you are)
cmd-learn--answer = answer
    .description = Your answer to the step you are at, typed (a move, or for Zohn Ahl a space)

## Puzzles
puzzle-header = **Puzzle #{ $id }** · { $game } · rated { $rating } (your puzzle rating: { $yours })
puzzle-task = { $side } to move: { $moves ->
    [one] find the best move.
   *[other] find the best line ({ $moves } moves of yours; the replies are played for you).
}
puzzle-right = Right: { $move }. Go on.
puzzle-right-reply = Right: { $move }. The reply: { $replies }. Go on.
puzzle-solved = Solved! { $move } completes the line: { $line }. Your puzzle rating: { $before } → { $after }.
puzzle-failed = Not the best: you played { $move }. The line was { $line }. Your puzzle rating: { $before } → { $after }.
puzzle-themes = Themes: { $themes }.
puzzle-theme-capture = capture
puzzle-theme-relay = relay
puzzle-theme-last-four = last four
puzzle-theme-crossing = crossing
puzzle-theme-stun = stun
puzzle-theme-crown = crown
puzzle-theme-relief = relief
puzzle-theme-win = win
puzzle-theme-long = long line
puzzle-theme-defence = defence
puzzle-done-before = You have tried this puzzle before; only the first try counts. Its line: { $line }.
puzzle-stale = That move of the puzzle is already behind you; here is where you are.
puzzle-none = There are no puzzles of this game yet.
puzzle-no-decisions = Zohn Ahl has no decisions to make, so it has no puzzles.
puzzle-unknown = There is no puzzle #{ $id }.
puzzle-all-tried = You have tried every puzzle near your rating; here is one again (it does not count).
puzzle-which = Give the puzzle's number (number:) with your answer.
button-puzzle-next = Another puzzle
cmd-puzzle = puzzle
    .description = A puzzle from a real game near your puzzle rating: find the best move.
cmd-puzzle--game = game
    .description = Which game (none: the one you have tried least)
cmd-puzzle--number = number
    .description = The puzzle your typed answer is for
cmd-puzzle--answer = answer
    .description = Your move, typed
settings-daily = Daily puzzle: every day at { $hour }:00 { $zone } in { $channel }.
daily-puzzle = **Daily puzzle, { $date }** · { $game } · rated { $rating }. { $side } to move: find the best { $moves ->
    [one] move
   *[other] line
}. Answer with the buttons below: your answer is yours alone, and only your first try counts.
daily-solvers = Solved yesterday: { $names }.
daily-nobody = Nobody solved yesterday's puzzle.
web-learn-title = Lessons and puzzles
web-learn-courses = Lessons
web-learn-puzzle = A puzzle
web-learn-answers = Answers
web-learn-choose = Play it
