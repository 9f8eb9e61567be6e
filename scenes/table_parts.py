"""What a game gives the shared table (scenes/table.py): its settings, its parts and its hooks.

A game's table is the shared `Table` composed with one `GameParts` of the game's: its settings
(data), a layout (a pure function of the view), a drawer (reads the view and a small presentation
state, never the table), an input controller (clicks, drags and keys to moves), optional rounds, an
ending (the result, with defaults) and 15 hooks, each with its default.
The parts reach the table only through `TableHost`, the narrow side of it a game may use.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.cards import Card
from game.match import Match
from game.record import MoveRecord
from game.seats import Seat
from lang import N_, _
from lang.words import Line
from scenes.base import Scene
from scenes.card_layer import CardLayer
from scenes.message_line import MessageLine
from scenes.result import ResultScene, celebrates
from scenes.seating import Seating
from scenes.sheet import Sheet
from scenes.table_marks import Mark
from scenes.turn_clock import TurnClock
from sprites.bubble import Anchor
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, place
from sprites.theme import CARD_W
from sprites.tween import Animator

Rect = tuple[float, float, float, float]
Pos = tuple[float, float]


class CardPlacer(Protocol):
    """Sends one sprite to its spot, as `sprites.spots.place` does: at once without an animator."""

    def __call__(self, sprite: CardSprite, card: Card | None, spot: Spot, animator: Animator | None = None,
                 delay: float = 0.0, duration: float = ..., spots: Mapping[Hashable, Spot] | None = None,
                 key: Hashable = None) -> None: ...


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A table's fixed numbers: where things sit and how long they take."""

    game: str
    deck: str  # the deck whose backs new card sprites show
    pile_pos: Pos = (640.0, 360.0)  # where a card sprite first appears (the draw pile)
    card_w: float = CARD_W
    face_widths: tuple[float, ...] = ()  # other widths cards take later (faces painted ahead at these too)
    move_time: float = 0.4  # seconds a card takes to slide to its spot
    think_time: float = 1.0  # seconds a computer "thinks" before moving (scaled by the speed setting)
    thinking_mark: bool = True  # "Hafsa is thinking..." under the message line (False: the game says it)
    message_pos: Pos = (640.0, 28.0)  # where the message line is centred
    message_width: float = 1100.0  # a longer message wraps (its box never runs past this width)
    message_box: Rect | None = None  # a fixed box on free felt the message wraps into, instead
    message_room: Rect | None = None  # the free felt a message_box may grow down into
    history_rect: Rect = (14, 560, 330, 110)  # the newest moves
    history_lines: int = 6  # the most moves shown (0: none)
    hint_rect: Rect = (14, 516, 120, 36)  # the Hint button
    own_hint_button: bool = False  # the game's drawer draws the Hint button at hint_rect (Kings Corner's look)
    result_pause: float = 0.0  # seconds the finished table stays in view before the result shows
    auto_next_round: float = 3.0  # a table of computers only deals the next round by itself after this
    # A click or key while cards move: "finish" ends every animation, then acts; "only_finish"
    # ends them and does nothing else; "act" acts at once and lets them play on.
    input_while_moving: str = "finish"
    place_card: CardPlacer = place  # how one sprite goes to its spot (Skyjo's and Kings Corner's own motion)


@dataclass(frozen=True, slots=True)
class Shown:
    """What the shared table tells a drawer each frame, besides the view."""

    sprites: Mapping[Hashable, CardSprite]
    painter: Any
    seats: Sequence[Seat]
    bottom: int  # the seat drawn at the front
    my_turn: bool  # the person in front of the screen has a choice to make
    keyboard_focus: bool  # the focus ring shows (a key was used last, not the mouse)
    thinking: str  # "Hafsa is thinking..." while a computer thinks, else ""
    watching: bool = False  # nobody plays at this screen (a watcher's window, a table of computers)


class TableHost(Protocol):
    """The side of the shared table a game's parts may use."""

    app: Any
    match: Match[Any]
    seats: list[Seat]
    humans: list[int]
    cards: CardLayer
    sprites: dict[Hashable, CardSprite]
    spots: dict[Hashable, Spot]
    animator: Animator
    seating: Seating
    message: MessageLine  # read only: whether a computer's line is held (Skyjo's own notes wait)
    clock: TurnClock
    keyboard_focus: bool
    quiet: bool  # moves played meanwhile are neither animated nor saved one by one (War's play to the end)
    pace: float  # how many times faster than the speed setting moves play (War's 1x-8x; else 1)
    held_lines: int  # the newest history lines not shown yet: their move is still shown (War's battle)
    finished: bool  # the game is over and recorded
    hint_marks: list[Mark]  # the hinted move's marks (an input clears them when a card is picked up)

    def save(self) -> None: ...

    def save_soon(self) -> None: ...

    def view(self) -> Any: ...

    def my_turn(self) -> bool: ...

    def can_act(self) -> bool: ...

    def play(self, move: Any, sprite: CardSprite | None = None) -> bool: ...

    def say(self, text: Line, seconds: float = ..., hold: bool = False) -> None: ...

    def sync(self, animate: bool = True, stagger: float = 0.0, order: Sequence[Hashable] = ()) -> None: ...

    def table_command(self, event: pygame.Event) -> bool:
        """Answer L, H and their clicks (a game holding input still lets them through): True if it was one."""
        ...


class Drawer(Protocol):
    """Draws a game's own table from the view and what the table shows; never holds the table."""

    def draw(self, canvas: Canvas, view: Any, shown: Shown) -> None:
        """The table (never called while the pass screen shows)."""
        ...

    def draw_over(self, canvas: Canvas, view: Any, shown: Shown) -> bool:
        """Over everything else, except on the pass screen: a dialog of the game's own. True when one
        stands over the table: the table then draws the moves' marks and the message line over it."""
        ...

    def message_shown(self, view: Any) -> bool:
        """Whether the shared message line is drawn now."""
        ...


class InputController(Protocol):
    """Turns the table's clicks, drags and keys into moves (through `TableHost.play`)."""

    def on_motion(self, pos: Pos) -> None:
        """The mouse moved (hover, drags); reaches the game even while cards move."""
        ...

    def on_press(self, pos: Pos) -> None:
        """The left button went down on the table."""
        ...

    def on_release(self, pos: Pos) -> None:
        """The left button came up (drops); reaches the game even while cards move."""
        ...

    def on_key(self, key: int, mod: int) -> None:
        """A key other than Esc."""
        ...

    def hold_input(self, event: pygame.Event) -> bool:
        """A click or key (never Esc) the game takes for a pause of its own: True stops it there."""
        ...

    def refused(self, reason: str) -> str:
        """A move was refused: the reason as the game words it (it may also put a dragged card back)."""
        ...

    def viewer_changed(self) -> None:
        """The pass screen ended: another player is in front of the screen (reset a focus)."""
        ...


class Rounds(Protocol):
    """A game played in rounds: the score sheet between two of them."""

    def between_rounds(self) -> bool:
        """True while a round is over and the next waits for the score sheet."""
        ...

    def next_round(self) -> None:
        """Deal the next round (from the score sheet)."""
        ...

    def round_sheet(self) -> Sheet | None:
        """What the score sheet shows between two rounds (read every frame), or None for no sheet."""
        ...


class GameParts:
    """A game's side of its table: the parts, and the hooks with their defaults (a game overrides
    only what it needs). Built by the game's factory with the `TableHost` it will be part of."""

    settings: TableSettings
    drawer: Drawer
    input: InputController
    rounds: Rounds | None = None
    ending: Ending  # the result (built here with the defaults; a game may give its own)

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.ending = Ending(self)

    def layout(self, view: Any, bottom: int) -> Mapping[Hashable, Spot]:
        """Where every card belongs in `view` with `bottom` at the front: a card the viewer may see
        keyed by its `Card`, one seen from the back by any other key (scenes/card_layer.py)."""
        return {}

    def begin(self) -> None:
        """Lay the table out when it is first shown (a new game may deal instead)."""
        self.host.sync(animate=False)

    def animate(self, record: MoveRecord) -> None:
        """Show what a move did (the rules have already changed): by default every card slides."""
        self.host.sync()

    def tick(self, dt: float) -> None:
        """Per-frame work of the game's own (hover lifts, effects), before the turn logic."""

    def moving(self) -> bool:
        """Something of the game's own moves outside the animator: a frame is needed every tick."""
        return False

    def reveal(self) -> None:
        """The table is on top again (a pause menu or another screen over it closed)."""

    def move_marks(self) -> Iterable[Mark]:
        """What has a legal move now (cards by key, empty places by rect), marked on a human turn."""
        return ()

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        """What to highlight for a hinted move."""
        return ()

    def hint_reason(self, move: Any) -> str:
        """One line saying what the hinted move is and why it is good."""
        return str(move)

    def hint_view(self) -> Any:
        """What the hint may know: the seat's own view (a game may know less, as Memory Match)."""
        match = self.host.match
        return match.view(match.rules.current_player)

    def seat_anchor(self, seat: int) -> Anchor | None:
        """Where a speech bubble of `seat` points, by its name plate as drawn now; None: no place
        for it (a networked table then shows the seat's phrases in the notice band)."""
        return None

    def result_lines(self) -> list[str]:
        """The lines under the result's title: by default each seat's score."""
        scores = self.host.match.rules.result().get("scores", [])
        seats = self.host.seats
        return [_("{name}: {score}", name=s.name, score=score) for s, score in zip(seats, scores, strict=False)]

    def stats_details(self) -> dict:
        """Extra facts about the finished game for the statistics store (the table adds the hints used)."""
        return {"seed": self.host.match.seed}

    def save_extra(self) -> dict:
        """Anything beyond the match the game needs to resume (JSON-safe), read back from
        `match.table_extra`."""
        return {}

    def new_table(self) -> Scene:
        """The same seats and options, a new deal (Play again)."""
        raise NotImplementedError


Button = tuple[str, Callable[[], None]]  # a label and what it does


class Ending:
    """What shows when the game is over. The default: the winner and the game's `result_lines`, with
    Play again (its `new_table`) and Menu; a game with another ending gives a subclass (War's adds
    Statistics, Skyjo and Kings Corner end on their score sheet)."""

    def __init__(self, parts: GameParts) -> None:
        self.parts = parts
        self.host = parts.host

    def buttons(self) -> list[Button]:
        """The result's buttons at a table played here (the table adds View table; a networked table
        uses the network's instead)."""
        app = self.host.app
        return [(N_("Play again"), lambda: app.replace(self.parts.new_table())), (N_("Menu"), app.to_menu)]

    def scene(self, buttons: list[Button]) -> Scene:
        """The result, with these buttons (labels marked with N_: the result words them)."""
        host = self.host
        winners = host.match.rules.result().get("winners", [])
        title, lines = self.words()
        return ResultScene(host.app, title, lines, buttons, celebrates(winners, host.humans),
                           host.match.info.deck(), words=self.words)

    def words(self) -> tuple[str, list[str]]:
        """The result's title and lines in the current language."""
        return winners_title([s.name for s in self.host.seats],
                             self.host.match.rules.result().get("winners", [])), self.parts.result_lines()


def winners_title(names: Sequence[str], winners: Sequence[int]) -> str:
    """"Amina wins!", a tie's winners ("Amina and Hafsa share the win!"), or "Game over"."""
    if len(winners) == 1:
        return _("{name} wins!", name=names[winners[0]])
    if len(winners) == 2:
        return _("{first} and {second} share the win!", first=names[winners[0]], second=names[winners[1]])
    if winners:
        # TRANSLATORS: what stands between the names of a list of players ("Amina, Hafsa, Youssef")
        between = _(", ")
        return _("{names} share the win!", names=between.join(names[w] for w in winners))
    return _("Game over")


PartsFactory = Callable[[TableHost], GameParts]
