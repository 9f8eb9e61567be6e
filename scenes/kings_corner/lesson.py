"""Kings Corner's How to play: Amina's first turn (scenes/lesson.py)."""
from game.seats import Seat
from lang import N_
from scenes.lesson import Lesson, Step

LESSON = Lesson(seats=(Seat("Amina"), Seat("Computer", "computer", "normal")), seed=7, steps=(
    Step(N_("Each player gets seven cards; four cards start piles beside the draw pile. "
            "On a pile you lay a card one lower in the other colour: a red 6 on a black 7.\n"
            "Kings go only in the corners.")),
    Step(N_("Amina lays the King of Diamonds in a corner. She may lay more cards, or move a whole pile "
            "onto another that it follows."), moves=("lay the King of Diamonds on pile 5",)),
    Step(N_("She has nothing more to lay, so she draws a card, which ends her turn. "
            "The first to lay every card of their hand wins."), moves=("draw a card",)),
))
