"""Memory Match wording a player reads: the rules page and the labels of the two choices."""
from game.memory_match.moves import Choice, Outcome

CHOICE_LABELS = {
    (Outcome.TWO_BONUS, Choice.END_TURN): "+2 and end turn",
    (Outcome.TWO_BONUS, Choice.PLAY_AGAIN): "+1 and play again",
    (Outcome.TWO_PENALTY, Choice.END_TURN): "-2 and end turn",
    (Outcome.TWO_PENALTY, Choice.SKIP_NEXT): "-1 and skip your next turn",
}

RULES_TEXT = """\
Sixteen cards lie face down in a 4x4 grid: six pairs of symbols (1 to 6), two Bonus cards and \
two Penalty cards, shuffled. Two players, each a person or the computer. In the setup you choose \
who starts: player 1, player 2, or a coin toss.

On your turn you flip two cards, one after the other, and both players see them. A removed card \
or one already face up cannot be chosen: the table tells you so and nothing happens. Clicking \
the same card twice is never a pair.

What the two cards do:
- Two equal symbols: +1, both leave the grid, and you play again.
- Two different symbols: no points, both turn back down, your turn ends.
- A symbol and a Bonus: +1, the Bonus leaves, the symbol turns back down, your turn ends.
- A symbol and a Penalty: -1, the Penalty leaves, the symbol turns back down, your turn ends.
- A Bonus and a Penalty: no points, both leave, your turn ends.
- Two Bonus cards: both leave and you choose: +2 and end your turn, or +1 and play again.
- Two Penalty cards: both leave and you choose: -2 and end your turn, or -1 and skip your next \
turn (the other player then plays two turns in a row).

The lone last card: Bonus and Penalty cards can leave one at a time, so a single card may be \
left on the grid. It is never a symbol. It is flipped at once for the player whose turn it is: \
a Bonus gives +1, a Penalty -1.

The game ends when the grid is empty. The highest score wins; equal scores are a tie. Scores can \
go below zero.

On the table: click a card, or move the highlight with the arrow keys and press Enter or Space. \
The two cards of a turn stay face up for a moment so both players can read them. Once they have \
shown for about a second, a click skips the rest of the wait; a quicker click or key leaves them up \
(the Speed setting makes every wait shorter, and Instant skips them all). A red badge shows a player \
whose next turn will be skipped. The list of moves tells every pair turned up (L shows them all). \
H gives a hint: it knows only the cards you have seen on this screen, as you may.

Everything is public: every flip is seen by both players, so no screen is hidden between turns.

Computer levels
- Easy forgets most cards a few turns after seeing them.
- Normal forgets some of them.
- Hard remembers every card it has seen turned up.
- None of them ever looks at a face-down card.
"""
