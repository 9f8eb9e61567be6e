"""Skyjo's How to play: the opening turn-ups and a first turn (scenes/lesson.py)."""
from game.seats import Seat
from lang import N_
from scenes.lesson import Lesson, Step

LESSON = Lesson(seats=(Seat("Amina"), Seat("Youssef", "computer", "normal"), Seat("Hafsa", "computer", "normal"),
                       Seat("Omar", "computer", "normal")), seed=7, steps=(
    Step(N_("Each player gets twelve cards face down in a grid of three rows and four columns. "
            "The aim is the lowest total.\nFirst everybody turns up two cards of their grid.")),
    Step(N_("Amina turns up the cards at row 1, column 1 and row 2, column 2. The others turn up two each; "
            "the highest pair starts: Omar.\nOmar takes the 2 from the discard and puts it in place of his 12."),
         moves=("turn up slot 0", "turn up slot 5"), computers=True),
    Step(N_("Amina's turn: she draws a card. She may put it in place of any card of her grid, "
            "or throw it away and turn up a hidden card.\nThree equal cards in a column leave the grid."),
         moves=("draw a card",)),
))
