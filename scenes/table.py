"""The base of every game table: what the five tables share, so that each game writes only its own.

A table owns a rules object and never reads its private state: it lays out and draws from
`self.view()`, the rules' view for the seat in front of the screen (`view(None)`, the public view,
while the pass screen hides the table). The flow of one move:

    input -> on_press / on_key -> play(move) -> rules.apply -> save -> animate(events, move)
    computer seat -> think pause -> choose(view) -> play(move)          (same path)

`sync()` sends every card sprite to where `layout()` puts it. A card the viewer may see is keyed
by its `Card`; one seen from the back by any other hashable key (e.g. ("hand", seat, index)), so
the sprite holds no face. When a key goes and another comes (a card drawn from the back, a card
turned up, a hand hidden for the pass screen), the nearest sprite that lost its key takes it.
"""
from __future__ import annotations

import json
import math
import uuid
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import pygame

from game.cards import Card, french_deck, memory_deck, skyjo_deck, spanish_deck
from game.core import Event, IllegalMove, RulesGame
from game.registry import game_info
from scenes.base import Scene
from scenes.history import HistoryScene, draw_recent, lines_from_save
from scenes.pause import PauseScene
from scenes.result import ResultScene
from game.seats import Seat
from scenes.sheet import ScoreSheet, Sheet
from game.thinking import Thought
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, place, show_card
from sprites.theme import CARD_ASPECT, CARD_W, CREAM, GOLD, HIGHLIGHT, PANEL, TEXT_DIM, WHITE
from sprites.tween import Animator
from sprites.widgets import draw_button_box

MESSAGE_TIME = 3.5
MESSAGE_FADE = 0.5  # a message fades out over its last half second
BOX_TEXT, BOX_LINES = 21.0, 3  # the message's size and most lines in a table's fixed message box
THINKING_MARK_AFTER = 0.3  # seconds a computer's turn lasts before "thinking" shows
INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
MARK_COLOUR = (250, 220, 110)  # a card or pile with a legal move
HINT_COLOUR = HIGHLIGHT
Mark = Hashable | pygame.FRect  # a sprite's key, or a place on the table (an empty pile)
DECKS = {"french": french_deck, "spanish": spanish_deck, "skyjo": skyjo_deck, "memory": memory_deck}

Step = tuple[float, Callable[[], None]]  # do the action, then wait this many seconds


def card_of(key: Hashable) -> Card | None:
    """The card a sprite key names, or None for a card seen from the back."""
    return key if isinstance(key, Card) else None


class TableScene(Scene):
    """A game in progress. A game sets the class attributes and fills the hooks below it.

    Hooks (all optional): `layout`, `place_card`, `begin`, `animate`, `draw_table`, `on_motion`,
    `on_press`, `on_release`, `on_key`, `describe`, `forced_move`, `between_rounds`, `next_round`,
    `round_sheet`, `viewer_changed`, `tick`, `result_scene`, `result_lines`, `stats_details`, `save_extra`, `new_table`,
    `animation_scale`, `message_shown`. Nothing is called from `__init__`: the table is laid out
    by `begin()` when it is first shown.
    """

    GAME = ""
    DECK = ""  # the deck whose backs new card sprites show
    PILE_POS = (640.0, 360.0)  # where a card sprite first appears (the draw pile)
    CARD_W: float = CARD_W
    FACE_WIDTHS: tuple[float, ...] = ()  # other widths cards take later (faces painted ahead at these too)
    MOVE_TIME = 0.4  # seconds a card takes to slide to its spot
    THINK_TIME = 1.0  # seconds a computer "thinks" before moving (scaled by the speed setting)
    MESSAGE_Y = 28.0  # where the message line is centred
    MESSAGE_X = 640.0
    MESSAGE_WIDTH = 1100.0  # a longer message wraps (its box never runs past this width)
    HISTORY_RECT: tuple[float, float, float, float] = (14, 560, 330, 110)  # the newest moves
    HISTORY_LINES = 4
    HINT_RECT: tuple[float, float, float, float] = (14, 516, 120, 36)  # the Hint button
    RESULT_PAUSE = 0.0  # seconds the finished table stays in view before the result shows
    AUTO_NEXT_ROUND = 3.0  # a table of computers only deals the next round by itself after this
    # A click or key while cards move: "finish" ends every animation, then acts; "only_finish"
    # ends them and does nothing else; "act" acts at once and lets them play on (War's controls).
    INPUT_WHILE_MOVING = "finish"

    def __init__(self, app, rules: RulesGame, seats: list[Seat], seed: int = 0,
                 extra: dict | None = None) -> None:
        super().__init__(app)
        self.info = game_info(self.GAME)
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.extra = extra or {}
        self.game_key = str(self.extra.get("key") or uuid.uuid4().hex)  # names this game in the statistics
        self.animator = Animator(app.settings.animation_scale)
        self.computers = {i: self.info.computer(s.level, seed * 31 + i)
                          for i, s in enumerate(seats) if not s.is_human}
        self.sprites: dict[Hashable, CardSprite] = {}
        self.spots: dict[Hashable, Spot] = {}
        self.keyboard_focus = False  # the focus ring shows once the keyboard is used
        self.message_text = ""
        self.message_left = 0.0
        self.waited = 0.0  # seconds a computer has thought, or a round's end has waited
        self.started = False
        self.finished = False
        self.unsaved: list | None = None  # the game after a move, to write once its frame is shown
        self.sheet_shown = False  # the score sheet opened by itself once this round
        self.humans = [i for i, s in enumerate(seats) if s.is_human]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.pass_to: int | None = None
        self.history = lines_from_save(self.extra.get("history"))
        hints = self.extra.get("hints", 0)
        self.hints_used = hints if isinstance(hints, int) and not isinstance(hints, bool) and hints >= 0 else 0
        self.message_hold = False  # a computer's message stays until the human acts
        self.thought: Thought | None = None  # a computer's decision being worked out
        self.hint_thought: Thought | None = None
        self.hint_marks: list[Mark] = []
        self.prepared_scale = 0.0  # the window scale the painter was last asked to paint ahead for

    # -- hooks -----------------------------------------------------------------------------------
    def layout(self) -> Mapping[Hashable, Spot]:
        """Where every card belongs now, from `self.view()` (keys: see the module docstring)."""
        return {}

    def place_card(self, sprite: CardSprite, key: Hashable, spot: Spot, delay: float, animate: bool) -> None:
        """Send one sprite to its spot; a game overrides this for a motion of its own."""
        place(sprite, card_of(key), spot, self.animator if animate else None, delay, self.MOVE_TIME,
              self.spots, key)

    def begin(self) -> None:
        """Lay the table out when it is first shown (a new game may deal instead)."""
        self.sync(animate=False)

    def animate(self, events: list[Event], move: Any) -> None:
        """Show what a move did (the rules have already changed): by default every card slides."""
        self.sync()

    def draw_table(self, canvas: Canvas) -> None:
        """Draw the table from `self.view()` (never called while the pass screen shows)."""

    def on_motion(self, pos: tuple[float, float]) -> None:
        """The mouse moved (hover, drags); reaches the table even while cards move."""

    def on_press(self, pos: tuple[float, float]) -> None:
        """The left button went down on the table."""

    def on_release(self, pos: tuple[float, float]) -> None:
        """The left button came up (drops); reaches the table even while cards move."""

    def on_key(self, key: int, mod: int) -> None:
        """A key other than Esc."""

    def describe(self, move: Any, events: list[Event]) -> str:
        """The message line after a computer's move: only what every player may know."""
        texts = [e.text for e in events if e.text]
        return " ".join(texts[:2])

    def history_line(self, mover: int, move: Any, events: list[Event]) -> str:
        """The move history's line for a move, in plain words and public ("Hafsa draws a card")."""
        text, name = self.describe(move, events), self.seats[mover].name
        return text if text.startswith(name) or not text else f"{name}: {text}"

    def move_marks(self) -> Iterable[Mark]:
        """What has a legal move now (cards by key, empty piles by rect), marked on a human turn."""
        return ()

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        """What to highlight for a hinted move."""
        return ()

    def hint_reason(self, move: Any) -> str:
        """One line saying what the hinted move is and why it is good."""
        return str(move)

    def forced_move(self) -> Any:
        """A human's move that leaves no choice, played for them after the think pause, or None."""
        return None

    def between_rounds(self) -> bool:
        """True while a round is over and the next waits for the score sheet."""
        return False

    def next_round(self) -> None:
        """Deal the next round (from the score sheet)."""

    def round_sheet(self) -> Sheet | None:
        """What the score sheet shows between two rounds (read every frame), or None for no sheet."""
        return None

    def viewer_changed(self) -> None:
        """The pass screen ended: another player is in front of the screen (reset a focus)."""

    def tick(self, dt: float) -> None:
        """Per-frame work of the game's own (effects, a running battle), before the turn logic."""

    def animation_scale(self) -> float:
        """Seconds of animation per second of the speed setting (0: instant)."""
        return self.app.settings.animation_scale

    def message_shown(self) -> bool:
        """Whether the message line is drawn now (a table may hide it behind its own panels)."""
        return True

    def stats_details(self) -> dict:
        """Extra facts about the finished game for the statistics store (the base adds the hints used)."""
        return {"seed": self.seed}

    def save_extra(self) -> dict:
        """Anything beyond the rules the table needs to resume (JSON-safe)."""
        return {"seed": self.seed}

    def result_lines(self) -> list[str]:
        scores = self.rules.result().get("scores", [])
        return [f"{s.name}: {score}" for s, score in zip(self.seats, scores, strict=False)]

    def result_scene(self) -> Scene:
        """What shows when the game is over: by default the winner, `result_lines`, Play again, Menu."""
        winners = self.rules.result().get("winners", [])
        if len(winners) == 1:
            title = f"{self.seats[winners[0]].name} wins!"
        elif winners:
            title = "A tie: " + " and ".join(self.seats[w].name for w in winners)
        else:
            title = "Game over"
        celebrate = any(self.seats[w].is_human for w in winners) or not self.humans
        return ResultScene(self.app, title, self.result_lines(), self.end_buttons(), celebrate)

    def new_table(self) -> Scene:
        """The same seats and options, a new deal (Play again)."""
        raise NotImplementedError

    # -- who sees what ---------------------------------------------------------------------------
    @property
    def shown_seat(self) -> int | None:
        """Whose eyes the table is drawn for: the viewer, or nobody while the pass screen shows."""
        return None if self.pass_to is not None else self.viewer

    def view(self) -> Any:
        """What the person in front of the screen may know: the only state a table draws."""
        return self.rules.view(self.shown_seat)

    @property
    def bottom(self) -> int:
        """The seat in front of the screen: the viewer, else the first human, else seat 0."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    @property
    def seat(self) -> Seat:
        return self.seats[self.rules.current_player]

    @property
    def human_turn(self) -> bool:
        return not self.rules.is_over and self.seat.is_human

    def my_turn(self) -> bool:
        """The person in front of the screen is to move and has a choice (cards may still move)."""
        return (self.human_turn and self.pass_to is None and self.viewer == self.rules.current_player
                and not self.between_rounds() and self.forced_move() is None)

    def can_act(self) -> bool:
        """A human may move now: their turn, a choice to make, nothing moving."""
        return self.my_turn() and not self.animator.busy

    # -- cards to sprites ------------------------------------------------------------------------
    def sync(self, animate: bool = True, stagger: float = 0.0, order: Sequence[Hashable] = ()) -> None:
        """Send every sprite to its spot in `layout()`; only a face-up spot gives a sprite its card.

        With `order` (a deal), those cards leave one after the other, `stagger` seconds apart;
        otherwise each card that moves leaves `stagger` after the one before."""
        spots = dict(self.layout())
        self._rebind(spots)
        rank = {key: i for i, key in enumerate(order)}
        moved = 0
        for key, spot in spots.items():
            sprite = self.sprites[key]
            unchanged = self.spots.get(key) == spot and sprite.pos == (spot.x, spot.y)
            self.spots[key] = spot
            if animate and unchanged:
                show_card(sprite, card_of(key), spot)
                sprite.z = spot.z
                continue
            delay = rank.get(key, 0) * stagger if order else moved * stagger
            self.place_card(sprite, key, spot, delay, animate)
            moved += 1

    def _rebind(self, spots: Mapping[Hashable, Spot]) -> None:
        """Give each new key a sprite: the nearest one whose key went, or a new one on the pile."""
        gone = {key: sprite for key, sprite in self.sprites.items() if key not in spots}
        for key in gone:
            del self.sprites[key]
            self.spots.pop(key, None)
        for key, spot in spots.items():
            if key in self.sprites:
                continue
            if gone:
                nearest = min(gone, key=lambda k: math.dist(gone[k].pos, (spot.x, spot.y)))
                self.sprites[key] = gone.pop(nearest)
            else:
                self.sprites[key] = CardSprite(None, *self.PILE_POS, False, self.CARD_W, deck=self.DECK)

    def prepare_faces(self) -> None:
        """Have the faces in view painted first (under the opening veil), then every other face of the
        deck and its back in idle time at each card width the layout uses, so that no moving frame
        waits for a card."""
        canvas, painter = self.app.canvas, self.app.painter
        self.prepared_scale = canvas.scale

        def size(width: float) -> tuple[int, int]:
            px = max(2, canvas.px(width))
            return (px, max(2, round(px / CARD_ASPECT)))

        deck = self.DECK or "french"
        for key, spot in self.spots.items():  # in view: painted under the opening veil
            card = card_of(key) if spot.face_up else None
            painter.prepare([card or deck], size(spot.width), soon=True)
        faces = list({(c.rank, c.suit): c for c in DECKS[deck]()}.values())
        widths = {self.CARD_W, *self.FACE_WIDTHS, *(spot.width for spot in self.spots.values())}
        for width in sorted(widths, reverse=True):
            painter.prepare([*faces, deck], size(width))

    def sprite_of(self, key: Hashable) -> CardSprite | None:
        return self.sprites.get(key)

    def run_steps(self, steps: Sequence[Step], then: Callable[[], None] | None = None) -> None:
        """Do each step's action, then wait its seconds (scaled by the speed setting; a click
        finishes them all at once) before the next; `then` after the last."""
        def run(index: int) -> None:
            if index == len(steps):
                if then is not None:
                    then()
                return
            seconds, action = steps[index]
            action()
            self.animator.wait(seconds, lambda: run(index + 1))

        run(0)

    # -- moves -----------------------------------------------------------------------------------
    def enter(self) -> None:
        if not self.started:
            self.started = True
            self.check_pass_screen()
            self.begin()
            self.prepare_faces()
        self.save()

    def say(self, text: str, seconds: float = MESSAGE_TIME, hold: bool = False) -> None:
        """Show a message line; `hold` keeps it until the human acts (a computer's move)."""
        self.message_text, self.message_left, self.message_hold = text, seconds, hold
        self.app.request_draw()

    def illegal(self, reason: str, sprite: CardSprite | None = None) -> None:
        """Feedback for a refused move: the reason, a sound, the card shakes (or glows)."""
        self.say(reason)
        self.app.sounds.play("illegal")
        if sprite is not None:
            if self.app.settings.reduced_motion:
                sprite.highlight = (230, 80, 80)
                self.animator.wait(0.6, lambda: setattr(sprite, "highlight", None))
            else:
                sprite.shake_it(self.animator)

    def play(self, move: Any, sprite: CardSprite | None = None) -> bool:
        """Apply a move; on IllegalMove show why and change nothing. True if it was played."""
        mover = self.rules.current_player
        try:
            events = self.rules.apply(move)
        except IllegalMove as exc:
            self.illegal(str(exc), sprite)
            return False
        line = self.history_line(mover, move, events)
        if line:
            self.history.append(line)
        self.save_soon()
        self.app.request_draw()
        self.hint_marks, self.hint_thought = [], None
        if mover in self.computers and line:
            self.say(line, hold=True)
        elif self.message_hold:
            self.message_hold, self.message_left = False, min(self.message_left, 1.0)
        self.animate(events, move)
        if not self.rules.is_over:
            self.check_pass_screen()
        return True

    def check_pass_screen(self) -> None:
        """Hide the table when the next human to act is not the one who last saw it."""
        if self.between_rounds():
            return  # the round's end is shown to everyone; the next deal decides who sees
        if not self.info.secret_hands or len(self.humans) < 2 or self.rules.is_over:
            if self.humans and self.human_turn:
                self.viewer = self.rules.current_player
            return
        current = self.rules.current_player
        if self.seats[current].is_human and current != self.viewer and self.forced_move() is None:
            self.pass_to = current
            self.animator.finish_all()  # cards in flight land, then every hand turns its back
            self.sync(animate=False)

    def end_pass_screen(self) -> None:
        """The next player is in front of the screen: show their hand at once."""
        self.animator.finish_all()
        self.viewer, self.pass_to = self.pass_to, None
        self.app.sounds.play("flip")
        self.sync(animate=False)
        self.viewer_changed()

    def save(self) -> None:
        """Write the game atomically; a finished game stays saved until its statistics are."""
        self.unsaved = None
        self.app.saves.save(*self.save_payload())

    def save_payload(self) -> tuple[str, dict, list[dict], dict]:
        """What a save holds: the game's name, the rules, the seats and the table's extra."""
        extra = {**self.save_extra(), "key": self.game_key, "history": self.history, "hints": self.hints_used}
        return self.GAME, self.rules.to_dict(), [s.to_json() for s in self.seats], extra

    def save_soon(self) -> None:
        """Save the game as it is now, written once the frame being made is shown (after_frame),
        or when the table is left or the program meets a fault."""
        self.unsaved = json.loads(json.dumps(self.save_payload()))  # a copy the next moves leave alone

    def after_frame(self) -> None:
        if self.unsaved is not None:
            unsaved, self.unsaved = self.unsaved, None
            self.app.saves.save(*unsaved)

    def exit(self) -> None:
        self.after_frame()

    def finish(self) -> None:
        """Record the finished game once (its key guards against a second count), then show it."""
        if self.finished:
            return
        self.after_frame()  # the last move is saved before its game is recorded
        self.finished = True
        result = self.rules.result()
        scores, winners = result.get("scores", []), result.get("winners", [])
        seats = [{"name": s.name, "kind": s.kind, "level": s.level, "score": scores[i] if i < len(scores) else None,
                  "won": i in winners} for i, s in enumerate(self.seats)]
        self.app.stats.record_game(self.GAME, seats, {**self.stats_details(), "hints": self.hints_used},
                                   key=self.game_key)
        self.app.saves.delete(self.GAME)
        self.animator.wait(self.RESULT_PAUSE, self.show_result)

    def show_result(self) -> None:
        if self.app.top is self:
            self.app.push(self.result_scene())

    def end_buttons(self) -> list[tuple[str, Callable[[], None]]]:
        return [("Play again", lambda: self.app.replace(self.new_table())), ("Menu", self.app.to_menu)]

    def open_sheet(self) -> None:
        """Show the round's score sheet over the table: Next round deals on, by itself after
        AUTO_NEXT_ROUND at a table of computers only."""
        if self.round_sheet() is None or self.app.top is not self:
            return
        auto = None if self.humans else self.AUTO_NEXT_ROUND * self.app.settings.animation_scale
        self.app.push(ScoreSheet(self.app, self.sheet_now, [("Next round", self.next_round)], auto))

    def sheet_now(self) -> Sheet:
        """The round sheet as it reads now (the sheet scene asks every frame)."""
        sheet = self.round_sheet()
        return sheet if sheet is not None else Sheet("", (), ())

    # -- the loop --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(PauseScene(self.app, self.GAME))
            return
        if self.pass_to is not None:
            if event.type in INPUT_EVENTS:
                self.end_pass_screen()
            return
        if self.table_command(event):
            return
        if event.type in INPUT_EVENTS and self.animator.busy and self.INPUT_WHILE_MOVING != "act":
            self.animator.finish_all()
            if self.INPUT_WHILE_MOVING == "only_finish" and not self.rules.is_over:
                return
        if self.rules.is_over:
            if event.type in INPUT_EVENTS and self.finished:
                self.show_result()
            return
        if self.between_rounds() and event.type in INPUT_EVENTS and not self.animator.busy:
            self.open_sheet()
            return
        if (not self.animator.busy or self.INPUT_WHILE_MOVING == "act"
                or event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)):
            self.handle_input(event)

    def table_command(self, event: pygame.Event) -> bool:
        """What every table answers: L or a click on the newest moves opens the history, H or the
        Hint button asks for a hint. True if the event was one of these."""
        key = event.key if event.type == pygame.KEYDOWN else None
        click = event.pos if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 else None
        if key == pygame.K_l or (click and self.HISTORY_LINES and pygame.FRect(self.HISTORY_RECT).collidepoint(click)):
            self.app.push(HistoryScene(self.app, self.info.title, self.history), transition=False)
            return True
        if key == pygame.K_h or (click and self.hint_offered() and pygame.FRect(self.HINT_RECT).collidepoint(click)):
            self.ask_hint()
            return True
        return False

    def hint_offered(self) -> bool:
        """A game with decisions and a human at the table shows the Hint button."""
        return self.info.decisions and bool(self.humans)

    def ask_hint(self) -> None:
        """Work out the strongest computer level's move for the human (shown when it is ready)."""
        if not self.hint_offered():
            return
        if not self.my_turn():
            self.say("A hint is for your turn.")
            return
        if self.hint_thought is None:
            seat = self.rules.current_player
            adviser, view = self.info.computer(self.info.levels[-1], self.seed * 97 + seat), self.rules.view(seat)
            self.hint_thought = Thought(lambda: adviser.choose(view))

    def show_hint(self) -> None:
        """The hint's answer is in: highlight it and say why (it counts as a hint used)."""
        thought, self.hint_thought = self.hint_thought, None
        if thought is None or not self.my_turn():
            return
        move = thought.result()
        self.hint_marks = list(self.hint_marks_for(move))
        self.hints_used += 1
        self.say(f"Hint: {self.hint_reason(move)}", hold=True)
        self.save()

    def handle_input(self, event: pygame.Event) -> None:
        """Route one input event to the `on_*` hooks; the keyboard focus shows after a key."""
        if event.type == pygame.MOUSEMOTION:
            self.keyboard_focus = False
            self.on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard_focus = False
            self.on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.keyboard_focus = True
            self.on_key(event.key, event.dict.get("mod", 0))

    def update(self, dt: float) -> None:
        self.animator.speed = self.animation_scale()
        self.animator.update(dt)
        if not self.message_hold:
            self.message_left = max(0.0, self.message_left - dt)
        if self.hint_thought is not None and self.hint_thought.ready():
            self.show_hint()
        self.tick(dt)
        if self.animator.busy or self.pass_to is not None:
            return
        if self.rules.is_over:
            self.finish()
        elif self.between_rounds():
            self.wait_between_rounds(dt)
        else:
            self.sheet_shown = False
            self.take_turn(dt)

    def wait_between_rounds(self, dt: float) -> None:
        """The score sheet opens once by itself; a table of computers only deals on by itself
        (from its sheet, or here when it has none or it was closed)."""
        if not self.sheet_shown:
            self.sheet_shown = True
            self.open_sheet()
        if not self.humans and self.app.top is self:
            self.waited += dt
            if self.waited >= self.AUTO_NEXT_ROUND * self.app.settings.animation_scale:
                self.waited = 0.0
                self.next_round()

    def take_turn(self, dt: float) -> None:
        """A computer's move, worked out on a worker thread while the think pause runs, or a
        human's forced one, after the pause."""
        player = self.rules.current_player
        forced = None if player in self.computers else self.forced_move()
        if player not in self.computers and forced is None:
            self.thought = None
            return
        self.waited += dt
        if forced is None and self.thought is None:
            computer, view = self.computers[player], self.rules.view(player)
            self.thought = Thought(lambda: computer.choose(view))
        if self.waited < self.THINK_TIME * self.app.settings.animation_scale:
            return
        if self.thought is not None and not self.thought.ready(wait=0.004):
            return
        move = forced if self.thought is None else self.thought.result()
        self.waited, self.thought = 0.0, None
        self.play(move)

    def next_frame(self) -> float | None:
        """0 while cards move; else the seconds to the next dot of "thinking", the message's fade or
        the thinking mark (the loop sleeps until then)."""
        if self.animator.busy:
            return 0.0
        waits = []
        if self.thinking():  # its dots change three times a second
            waits.append((int(self.waited * 3) + 1) / 3 - self.waited)
        elif self.thought is not None:
            waits.append(THINKING_MARK_AFTER - self.waited)
        if self.message_left > 0 and not self.message_hold:
            waits.append(max(0.0, self.message_left - MESSAGE_FADE))
        return min(waits) if waits else None

    def thinking(self) -> bool:
        """A computer has been on its turn long enough to show that it thinks."""
        return self.thought is not None and self.waited >= THINKING_MARK_AFTER

    def draw(self, canvas: Canvas) -> None:
        if canvas.scale != self.prepared_scale:
            self.prepare_faces()  # the window changed size: the faces are painted anew
        canvas.felt()
        if self.pass_to is not None:
            self.draw_pass_screen(canvas, self.pass_to)
            return
        marks, colour = self.current_marks()  # once a frame: it asks the rules for the legal moves
        self.mark_cards(marks, colour)
        self.draw_table(canvas)
        self.draw_place_marks(canvas, marks, colour)
        if self.HISTORY_LINES:
            draw_recent(canvas, self.history, self.HISTORY_RECT, self.HISTORY_LINES)
        if self.hint_offered():
            self.draw_hint_button(canvas)
        if self.message_shown():
            self.draw_message(canvas, self.MESSAGE_Y)
        if self.thinking():
            self.draw_thinking(canvas)

    def current_marks(self) -> tuple[list[Mark], tuple[int, int, int]]:
        """The hint's marks, else the legal moves' marks (on the human's turn, with the setting on)."""
        if self.hint_marks and self.my_turn():
            return self.hint_marks, HINT_COLOUR
        if self.app.settings.move_marks and self.can_act():
            return list(self.move_marks()), MARK_COLOUR
        return [], MARK_COLOUR

    def mark_cards(self, marks: list[Mark], colour: tuple[int, int, int]) -> None:
        for sprite in self.sprites.values():
            sprite.mark = None
        for mark in marks:
            if not isinstance(mark, pygame.FRect) and mark in self.sprites:
                self.sprites[mark].mark = colour

    @staticmethod
    def draw_place_marks(canvas: Canvas, marks: list[Mark], colour: tuple[int, int, int]) -> None:
        for mark in marks:
            if isinstance(mark, pygame.FRect):
                canvas.box(colour, mark.inflate(8, 8), width=3, radius=10)

    def draw_hint_button(self, canvas: Canvas) -> None:
        rect = pygame.FRect(self.HINT_RECT)
        hovered = rect.collidepoint(self.app.canvas.to_logical(pygame.mouse.get_pos()))
        draw_button_box(canvas, rect, False, hovered, self.my_turn())
        label = "Thinking..." if self.hint_thought is not None else "Hint  [H]"
        canvas.text(label, rect.center, 20, WHITE if self.my_turn() else TEXT_DIM, bold=True)

    def draw_thinking(self, canvas: Canvas) -> None:
        """'Youssef is thinking' with dots that come and go, under the message line."""
        dots = "." * (1 + int(self.waited * 3) % 3)
        text = f"{self.seat.name} is thinking{dots}"
        width = canvas.text_size(f"{self.seat.name} is thinking...", 20)[0] + 36
        y = self.MESSAGE_Y + 42
        x = self.MESSAGE_X - width / 2
        canvas.box((*PANEL[:3], 200), (x, y - 15, width, 30), radius=15)
        canvas.text(text, (x + 18, y), 20, CREAM, anchor="midleft")

    def draw_pass_screen(self, canvas: Canvas, next_seat: int) -> None:
        name = self.seats[next_seat].name
        canvas.box(PANEL, (340, 230, 600, 260), radius=24)
        canvas.box(GOLD, (340, 230, 600, 260), width=3, radius=24)
        canvas.text(f"Pass to {name}", (640, 310), 60, GOLD, bold=True, shadow=True)
        canvas.text("Every hand is hidden.", (640, 380), 28, CREAM)
        canvas.text(f"{name}: click or press a key to see your hand.", (640, 430), 26, TEXT_DIM)

    def message_box(self) -> pygame.FRect | None:
        """A fixed box on free felt that the message wraps into (its first BOX_LINES lines), or None:
        a box around the text, centred on (MESSAGE_X, MESSAGE_Y), at most MESSAGE_WIDTH wide."""
        return None

    def draw_message(self, canvas: Canvas, y: float = 28) -> None:
        """The message in its box, wrapped: it never runs past the box."""
        if self.message_left <= 0 or not self.message_text:
            return
        alpha = int(255 * min(1.0, self.message_left / MESSAGE_FADE))
        box, size = self.message_box(), 26.0
        if box is not None:
            size = BOX_TEXT
            lines = canvas.wrap(self.message_text, size, box.w - 28)[:BOX_LINES]
        else:
            lines = canvas.wrap(self.message_text, size, self.MESSAGE_WIDTH - 48)
            width = max(canvas.text_size(line, size)[0] for line in lines) + 48
            box = pygame.FRect(self.MESSAGE_X - width / 2, y - (10 + 30 * len(lines)) / 2, width, 10 + 30 * len(lines))
        canvas.box((*PANEL[:3], alpha), box, radius=12)
        step = size + (5 if size == BOX_TEXT else 4)
        top = box.centery - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            canvas.text(line, (box.centerx, top + step * i), size, WHITE, alpha=alpha)
