"""What one seat of Memory Match may know: everything but the faces of the cards lying face down."""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card
from game.memory_match.moves import GRID_SIZE, Outcome, is_standard


@dataclass(frozen=True, slots=True)
class Reveal:
    """One entry of the public log: a card seen face up at a cell, by whom, on which turn."""

    index: int
    card: Card
    player: int
    turn: int


@dataclass(frozen=True, slots=True)
class MemoryView:
    """What a player (or, for None, a spectator) may know; the same for both, as every flip is public."""

    player: int | None
    players: tuple[str, ...]
    starter: int                       # who played first
    scores: tuple[int, ...]
    current_player: int
    present: tuple[bool, ...]          # cell still holds a card
    face_up: tuple[Card | None, ...]   # the card if it is face up now, else None
    flipped: tuple[int, ...]           # cells turned up in this turn, in order
    pending_choice: Outcome | None     # TWO_BONUS or TWO_PENALTY while a choice waits
    skips: tuple[int, ...]             # turns each player will skip
    turn: int                          # turn counter, for remembering how long ago
    log: tuple[Reveal, ...]            # every card ever revealed, with its cell
    taken: tuple[tuple[Card, ...], ...]  # the cards each player took off the grid (all seen face up)
    is_over: bool

    def face_down_cells(self) -> list[int]:
        """Cells with a card lying face down."""
        return [i for i in range(GRID_SIZE) if self.present[i] and self.face_up[i] is None]

    def pairs_won(self, seat: int) -> int:
        """How many pairs of symbols `seat` has taken."""
        return sum(1 for card in self.taken[seat] if is_standard(card)) // 2
