"""Sota's words for the player: the in-app rules page and the names of the ranks."""

RANK_WORDS = {1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
              8: "Sota", 9: "Caballo", 10: "Rey"}


def a_rank(rank: int) -> str:
    """'an Ace', 'a Five', 'a Sota': a rank with its article, for messages."""
    word = RANK_WORDS[rank]
    return f"an {word}" if word[0] in "AEIOU" else f"a {word}"


RULES_TEXT = """\
Sota is a Moroccan street game played with the 40-card Spanish deck: coins, cups, swords and \
clubs, ranks 1 to 7, then Sota (8), Caballo (9) and Rey (10). Be the first to empty your hand.

Each player gets 5 cards. The rest is the draw pile. The start card is turned from the draw \
pile: an Ace, Two or Seven turned goes back into the pile, which is shuffled again, until an \
ordinary card shows. The first seat plays first, then play goes round the table in seat order.

On your turn, play one card of the same rank or the same suit as the top card of the discard pile.
- Ace: the next player is skipped. That player may answer with an Ace of their own: the skips \
add up and pass on, and whoever takes them is skipped along with the players after them (two \
Aces in a row skip two players in turn). With two players, an Ace means you play again.
- Two: the next player must draw 2 cards and their turn ends. With Stacking on (the default), \
they may play a Two instead and pass the whole penalty on, 2 more each time.
- Seven: wild, it plays on anything. Then you name a suit: until the next card is played, only \
that suit or another Seven may be played.

If you cannot play, draw one card and your turn ends. With the option Play the drawn card \
(default off), you may play that card at once if it fits, or keep it.
- You may not draw while you have a card you can play.
- When the draw pile is empty, the discard pile except its top card is shuffled into a new draw \
pile.
- If both piles are empty, a player who cannot play passes. If every player passes in a row, \
the round ends and whoever holds the fewest cards wins (ties share the win).

The first player to empty their hand wins, whatever their last card is. A Seven played as the \
last card names no suit, and a last Ace or Two has no effect. Scores are the cards left in \
each hand.

Hands are secret. In pass-and-play, the table hides every hand between two human turns and \
shows whose turn it is; the next player reveals their own hand.

Options
- Stacking (default on): a Two may answer a Two.
- Play the drawn card (default off): a card drawn when stuck may be played at once if it fits.
"""
