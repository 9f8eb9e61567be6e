"""Sota's How to play: Amina's first turn, then the others' (scenes/lesson.py)."""
from game.seats import Seat
from lang import N_
from scenes.lesson import Lesson, Step

LESSON = Lesson(seats=(Seat("Amina"), Seat("Hafsa", "computer", "normal"), Seat("Youssef", "computer", "normal")),
                seed=7, steps=(
    Step(N_("Everyone is dealt five cards and the top card of the pile starts the discard: the Caballo of Cups.\n"
            "On your turn, play a card of the same suit (Cups) or the same rank (a Caballo). "
            "A Seven plays on anything.")),
    Step(N_("Amina plays the Rey of Cups: it follows the suit. Now Hafsa must answer with a Cup or a Rey."),
         moves=("play the Rey of Cups",)),
    Step(N_("Hafsa plays a Cup, then Youssef plays the Ace of Cups: an Ace makes the next player miss a turn "
            "unless they answer with an Ace. Whoever cannot play draws a card.\n"
            "The first to play their last card wins."), computers=True),
))
