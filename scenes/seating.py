"""Who sits in front of the screen: one human's seat, or nobody while the pass screen waits for the
next human (pass-and-play hides every hand between two people sharing the screen)."""
from __future__ import annotations

from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM


class Seating:
    """`viewer` is the seat whose eyes the table is drawn for; `pass_to` the human the screen waits for."""

    def __init__(self, humans: list[int], secret_hands: bool) -> None:
        self.humans = humans
        self.secret_hands = secret_hands
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.pass_to: int | None = None

    @property
    def shown_seat(self) -> int | None:
        """Whose eyes the table is drawn for: the viewer, or nobody while the pass screen shows."""
        return None if self.pass_to is not None else self.viewer

    @property
    def bottom(self) -> int:
        """The seat in front of the screen: the viewer, else the first human, else seat 0."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    def turn_to(self, seat: int, human_to_choose: bool) -> bool:
        """The turn passed to `seat` (a human with a choice to make, if `human_to_choose`): True if
        the pass screen must now hide the table from the one who last saw it."""
        if not self.secret_hands or len(self.humans) < 2:
            if seat in self.humans:
                self.viewer = seat
            return False
        if human_to_choose and seat != self.viewer:
            self.pass_to = seat
            return True
        return False

    def pass_done(self) -> None:
        """The next player is in front of the screen."""
        self.viewer, self.pass_to = self.pass_to, None


def draw_pass_screen(canvas: Canvas, name: str) -> None:
    """'Pass to Hafsa' on a panel over the bare felt."""
    canvas.box(PANEL, (340, 230, 600, 260), radius=24)
    canvas.box(GOLD, (340, 230, 600, 260), width=3, radius=24)
    canvas.text(f"Pass to {name}", (640, 310), 60, GOLD, bold=True, shadow=True)
    canvas.text("Every hand is hidden.", (640, 380), 28, CREAM)
    canvas.text(f"{name}: click or press a key to see your hand.", (640, 430), 26, TEXT_DIM)
