"""Ninety-Nine's rules page (the pause menu's Rules)."""

RULES_TEXT = """\
Ninety-Nine is played by two to four players with 52 cards. Each player is dealt three cards; the rest \
is the draw pile, face down. The count starts at 0.

Your turn
- Play one card from your hand on the pile: the count goes up by its value.
- An Ace counts 1, Two to Ten their number, Jack, Queen and King 10.
- The count may never pass 99.
- Then draw the top card of the draw pile. When it is empty, the pile but its top card is shuffled into a \
new draw pile.

The end
The first player who cannot play a card without passing 99 loses; everyone else wins.

Computer levels
- Easy: plays any card that fits.
- Normal: plays its highest card that fits, to bring the count near 99 for the next player.

Controls
Click a card of your hand, or choose one with Left and Right and play it with Enter or Space."""
