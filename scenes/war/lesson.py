"""War's How to play: the first battle (scenes/lesson.py)."""
from game.seats import Seat
from lang import N_
from scenes.lesson import Lesson, Step

LESSON = Lesson(seats=(Seat("You"), Seat("Computer", "computer", "normal")), seed=7, steps=(
    Step(N_("The deck is split between the two players, face down. Nobody chooses a card: "
            "each battle, both turn up their top card.")),
    Step(N_("Battle 1: the Computer's 8 beats your 5, so the Computer takes both cards under its pile.\n"
            "Equal cards start a war: cards go face down, and the next card up decides. "
            "Whoever holds every card wins."), moves=("Battle",)),
))
