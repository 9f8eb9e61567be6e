"""Skyjo's player-facing wording: the in-app rules page and the reasons a move is refused."""

RULES_TEXT = """\
Skyjo is played with 150 cards: five -2, ten -1, fifteen 0 and ten each of 1 to 12. Two to eight players, \
each a person or the computer (easy, normal or hard). Collect as few points as possible.

Each round every player gets 12 cards face down in a grid of 3 rows and 4 columns. One card from the draw \
pile starts the discard pile face up.

- Each player, in seat order, turns up 2 cards of their grid.
- In the first round the player whose two cards add up highest starts (a tie goes to the earlier seat). \
In later rounds the player who ended the previous round starts.
- Play goes on in seat order.

On your turn, do one of these:
- Take the top card of the discard pile and exchange it with any card of your grid, face up or face down. \
The card you replace goes face up on the discard pile.
- Draw the top card of the draw pile. Exchange it with any card of your grid as above, or throw it on the \
discard pile and turn up one of your face-down cards.

Column rule: when the three cards of a column are face up and show the same value, the column is removed \
at once and goes onto the discard pile, its value on top. This also works with -2, -1 and 0, and also \
when the cards are turned up at the end of the round. A removed column stays empty.

- When the draw pile runs out, all discards but the top one are shuffled into a new draw pile.
- Face-down cards are unknown to everybody, their owner included. Everybody sees everybody's grid and the \
whole discard pile.

End of a round: as soon as a player has turned up all their cards, every other player has exactly one \
more turn. Then all remaining cards are turned up (columns of three equal cards are still removed) and \
each player scores the sum of their grid.

- Doubling: if the player who ended the round does not have strictly the lowest score (somebody else has \
fewer or the same points) and their score is above zero, it counts double. Both on 10: the ender scores \
20. Zero and negative scores are never doubled.

The game ends after the round in which a player reaches 100 points or more. The lowest total wins; equal \
lowest totals share the win.

Option: the target score (100 by default) can be changed for a shorter or longer game.

Table controls: click the draw pile or the discard pile, then a card of your grid to exchange, or the \
discard pile to throw the drawn card away, then a face-down card to turn up. Only the cards you may pick \
glow. Keyboard: D draws, T takes the discard, X throws the drawn card away; the arrow keys (or Tab) move \
the cursor between the cards you may pick and Enter or Space picks one. Esc pauses.
"""

ILLEGAL_REASONS = {  # why a move is refused, by phase ({who}: the player to move)
    "reveal": "{who}: turn up one of your face-down cards.",
    "choose": "{who}: take the top discard or draw a card.",
    "place_taken": "{who}: exchange the taken card with a card of your grid.",
    "place_drawn": "{who}: exchange the drawn card with a grid card, or discard it.",
    "turn_up": "{who}: turn up one of your face-down cards.",
    "round_over": "The round is over: deal the next round.",
}
GAME_OVER = "The game is over."
