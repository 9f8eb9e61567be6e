"""The in-app rules page of Kings Corner."""

RULES_TEXT = """\
Kings Corner is played with 52 cards by two players: you against the computer, or two people \
passing the screen. Get rid of every card in your hand by laying them on eight piles.

The table
- Piles 1-4 are the sides, beside the draw pile; any card may start a side pile.
- Piles 5-8 are the corners; only a King may start a corner pile.
- The deal: the cards are shuffled, 7 go to each player one at a time starting with the player who \
does not deal, one card goes face up on each side pile, and the 34 left are the draw pile.
- The computer deals the first round, so you play first. Then the deal alternates every round.

Your turn
- You may make as many moves as you like, in any order.
- Lay a card on a pile if it is one rank lower than the pile's top card and of the other colour \
(red: Diamonds and Hearts; black: Clubs and Spades). A Red Six goes on a Black Seven. Ace is low: \
nothing goes on an Ace.
- Lay a King on an empty corner, or any card on an empty side.
- Move a whole pile onto another pile when its bottom card continues that pile, onto an empty \
corner when its bottom card is a King, or onto an empty side. (Moving a pile onto an empty pile \
of its own kind, side to side or corner to corner, would change nothing and is not allowed.)
- Your turn ends when you draw a card, or when you have laid down all of your cards.
- When the draw pile is empty you end your turn by passing instead. When both players pass in a \
row without making a move, the round is blocked and ends (a pass after laying a card does not \
count toward it).
- Undo: during your turn, before you draw or pass, you may take your moves back one by one.
- Your hand is kept sorted, high cards first.

Scoring
- The round ends as soon as a player lays down their last card. The other player takes penalty \
points for the cards left in hand: a King costs 10, every other card 1.
- In a blocked round both players take penalty points for their hands.
- The next round is dealt by the player who did not deal this one; the dealer of this round plays \
first.
- The game ends when someone has 25 penalty points or more, and the other player wins. If a \
blocked round takes both players to 25 or more, the fewer points win; equal points are a tie.
- Play again? A new game starts from zero, dealt by the player who did not deal the last round.

Computer levels
- Normal: the classic steps in order. Lay Kings on empty corners and move side piles that start \
with a King to a corner; move piles onto other piles; lay a card on a pile, then look for pile \
moves again; lay a card on an empty side; then draw. Among equal choices it picks at random.
- Hard: plans the order of its moves to lay down as many penalty points as it can, and avoids \
leaving empty sides for you when that gains it nothing.

Controls
- Drag a card from your hand, or a whole pile by any of its cards, onto a pile. The piles that \
take it light up while you drag; a drop that breaks the rules snaps back and says why.
- Or click a card or a pile to pick it, then click the pile to put it on. A refused pick stays \
picked, so you can try another pile; click it again to put it down.
- Click the draw pile or the Draw button to draw (Pass when the draw pile is empty).
- Keyboard: Left and Right walk through your hand; Up and Down go between the piles, your hand \
and the buttons; 1-8 jump to a pile; Enter or Space picks the card or pile, then puts it on the \
chosen pile; Tab goes to the next pile that takes it; Backspace drops the pick.
- D draws (or passes), Ctrl+Z or U undoes, S shows the score sheet, Esc pauses.
- Two people can play at one screen: make both seats human; the screen is hidden between turns.
"""
