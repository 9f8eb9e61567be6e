"""Legacy, temporary: the tables not yet made of parts (docs/table-parts.md) run on this until converted.

What a game's table fills: its settings (class attributes) and its hooks, each with its default.

A game's table subclasses `TableScene` (scenes/legacy_table.py) and overrides only what it needs here, plus
`place_card`, `begin`, `animate`, `result_scene`, `end_buttons` and `draw_hint_button`, whose defaults
use the table's machinery and so live there. The hooks read the match only through the attributes
declared below; none is called from `__init__`.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any, Generic

import pygame

from game.match import Match, RulesT
from game.places import Hand
from game.record import MoveRecord
from game.seats import Seat
from scenes.base import Scene
from scenes.sheet import Sheet
from scenes.table_marks import Mark
from sprites.bubble import Anchor
from sprites.canvas import Canvas
from sprites.spots import Spot
from sprites.theme import CARD_W

Rect = tuple[float, float, float, float]


class TableHooks(Scene, Generic[RulesT]):
    """The settings and hooks of a table; `TableScene` is the machinery that calls them."""

    GAME = ""
    DECK = ""  # the deck whose backs new card sprites show
    PILE_POS = (640.0, 360.0)  # where a card sprite first appears (the draw pile)
    CARD_W: float = CARD_W
    FACE_WIDTHS: tuple[float, ...] = ()  # other widths cards take later (faces painted ahead at these too)
    MOVE_TIME = 0.4  # seconds a card takes to slide to its spot
    THINK_TIME = 1.0  # seconds a computer "thinks" before moving (scaled by the speed setting)
    THINKING_MARK = True  # "Hafsa is thinking..." under the message line (False: the table says it itself)
    MESSAGE_Y = 28.0  # where the message line is centred
    MESSAGE_X = 640.0
    MESSAGE_WIDTH = 1100.0  # a longer message wraps (its box never runs past this width)
    MESSAGE_BOX: Rect | None = None  # a fixed box on free felt the message wraps into, instead
    MESSAGE_ROOM: Rect | None = None  # the free felt a MESSAGE_BOX may grow down into for a long message
    HISTORY_RECT: Rect = (14, 560, 330, 110)  # the newest moves
    HISTORY_LINES = 6  # the most moves shown; each takes one or two rows, as many as HISTORY_RECT holds
    HINT_RECT: Rect = (14, 516, 120, 36)  # the Hint button
    RESULT_PAUSE = 0.0  # seconds the finished table stays in view before the result shows
    AUTO_NEXT_ROUND = 3.0  # a table of computers only deals the next round by itself after this
    # A click or key while cards move: "finish" ends every animation, then acts; "only_finish"
    # ends them and does nothing else; "act" acts at once and lets them play on (War's controls).
    INPUT_WHILE_MOVING = "finish"

    match: Match[RulesT]
    rules: RulesT
    seats: list[Seat]

    # -- the table's picture ---------------------------------------------------------------------
    def layout(self) -> Mapping[Hashable, Spot]:
        """Where every card belongs now, from `self.view()`: a card the viewer may see keyed by its
        `Card`, one seen from the back by any other key (scenes/card_layer.py)."""
        return {}

    def draw_table(self, canvas: Canvas) -> None:
        """Draw the table from `self.view()` (never called while the pass screen shows)."""

    def draw_over(self, canvas: Canvas) -> None:
        """Draw over everything else (a dialog of the table's own), except on the pass screen."""

    def tick(self, dt: float) -> None:
        """Per-frame work of the game's own (effects, a running battle), before the turn logic."""

    def moving(self) -> bool:
        """Something of the table's own moves outside the animator: a frame is needed every tick."""
        return False

    def animation_scale(self) -> float:
        """Seconds of animation per second of the speed setting (0: instant)."""
        return self.app.settings.animation_scale

    def message_shown(self) -> bool:
        """Whether the message line is drawn now (a table may hide it behind its own panels)."""
        return True

    def seat_anchor(self, seat: int) -> Anchor | None:
        """Where a speech bubble of `seat` points, by its name plate as the table is drawn now (the
        seat in front of the screen is `seating.bottom`); None: no place for it (a networked table
        then shows the seat's phrases in the notice band)."""
        return None

    @property
    def history(self) -> list[str]:
        """The move history as the table shows it (a table may hold back a move it has not shown yet)."""
        return self.match.history

    # -- input -----------------------------------------------------------------------------------
    def on_motion(self, pos: tuple[float, float]) -> None:
        """The mouse moved (hover, drags); reaches the table even while cards move."""

    def on_press(self, pos: tuple[float, float]) -> None:
        """The left button went down on the table."""

    def on_release(self, pos: tuple[float, float]) -> None:
        """The left button came up (drops); reaches the table even while cards move."""

    def on_key(self, key: int, mod: int) -> None:
        """A key other than Esc."""

    def hold_input(self, event: pygame.Event) -> bool:
        """A click or key (never Esc) the table takes for a pause of its own: True stops it there."""
        return False

    def refused(self, reason: str) -> str:
        """A move was refused: the reason as this table words it (it may also put a dragged card back)."""
        return reason

    def viewer_changed(self) -> None:
        """The pass screen ended: another player is in front of the screen (reset a focus)."""

    # -- marks and hints -------------------------------------------------------------------------
    def move_marks(self) -> Iterable[Mark]:
        """What has a legal move now (cards by key, empty piles by rect), marked on a human turn."""
        return ()

    def change_marks(self, record: MoveRecord) -> Iterable[Mark]:
        """What another player's move changed, marked until the human acts: by default every card
        its events laid somewhere other than a hand (a table marks places, or hidden cards, itself)."""
        return [card for e in record.events if e.dst is not None and not isinstance(e.dst, Hand)
                for card in e.cards]

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        """What to highlight for a hinted move."""
        return ()

    def hint_reason(self, move: Any) -> str:
        """One line saying what the hinted move is and why it is good."""
        return str(move)

    def hint_view(self) -> Any:
        """What the hint may know: the seat's own view (a table may know less, as Memory Match)."""
        return self.match.view(self.rules.current_player)

    # -- rounds and the end ----------------------------------------------------------------------
    def between_rounds(self) -> bool:
        """True while a round is over and the next waits for the score sheet."""
        return False

    def next_round(self) -> None:
        """Deal the next round (from the score sheet)."""

    def round_sheet(self) -> Sheet | None:
        """What the score sheet shows between two rounds (read every frame), or None for no sheet."""
        return None

    def result_lines(self) -> list[str]:
        """The lines under the result's title: by default each seat's score."""
        scores = self.rules.result().get("scores", [])
        return [f"{s.name}: {score}" for s, score in zip(self.seats, scores, strict=False)]

    def stats_details(self) -> dict:
        """Extra facts about the finished game for the statistics store (the base adds the hints used)."""
        return {"seed": self.match.seed}

    def save_extra(self) -> dict:
        """Anything beyond the match the table needs to resume (JSON-safe), read back from
        `match.table_extra`."""
        return {}

    def new_table(self) -> Scene:
        """The same seats and options, a new deal (Play again)."""
        raise NotImplementedError
