"""Memory Match's How to play: Youssef's first turn, then Amina's pair (scenes/lesson.py)."""
from game.seats import Seat
from lang import N_
from scenes.lesson import Lesson, Step

LESSON = Lesson(seats=(Seat("Amina"), Seat("Youssef", "computer", "normal")), seed=7, steps=(
    Step(N_("Sixteen cards lie face down: eight pairs. On a turn you turn up two cards.\n"
            "Youssef went first: a Gem and a Leaf, no pair, so both turned back. Remember where they lie!"),
         computers=True),
    Step(N_("Amina turns up a card at row 1, column 4: a Gem. She has seen the other Gem at row 3, column 2."),
         moves=("flip the card at row 1, column 4",)),
    Step(N_("She turns it up: a pair, which she keeps, and she plays again.\n"
            "Bonus and Penalty cards change the score. The most points at the end wins."),
         moves=("flip the card at row 3, column 2",)),
))
