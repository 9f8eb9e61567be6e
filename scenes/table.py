"""The base of every game table: the picture and the input of a match, so that each game writes only its own.

The match (game/match.py) is the game in progress; the table listens to it, lays its sprites out from
`self.view()` (the match's view for the seat in front of the screen; `view(None)`, the public view,
while the pass screen hides the table) and turns clicks and keys into moves. The flow of one move:

    input -> on_press / on_key -> play(move) -> match.play -> rules.apply -> MoveRecord
          -> on_move (every listener) -> save_soon, say, animate(record)
    computer seat -> think pause while match.decision() works it out -> play(move)   (same path)

`sync()` sends every card sprite to where `layout()` puts it (scenes/card_layer.py).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Generic

import pygame

from game.core import IllegalMove
from game.match import Match, RulesT
from game.record import MoveRecord
from game.seats import Seat
from scenes.base import Scene
from scenes.card_layer import CardLayer, card_of
from scenes.history import HistoryScene, draw_recent
from scenes.pause import PauseScene
from scenes.result import ResultScene
from scenes.sheet import ScoreSheet, Sheet
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, place
from sprites.theme import CARD_W, CREAM, GOLD, HIGHLIGHT, PANEL, TEXT_DIM, WHITE
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

Step = tuple[float, Callable[[], None]]  # do the action, then wait this many seconds


class TableScene(Scene, Generic[RulesT]):
    """A game in progress. A game sets the class attributes and fills the hooks below it.

    Hooks (all optional): `layout`, `place_card`, `begin`, `animate`, `draw_table`, `on_motion`,
    `on_press`, `on_release`, `on_key`, `move_marks`, `hint_marks_for`, `hint_reason`, `hint_view`,
    `between_rounds`, `next_round`, `round_sheet`, `viewer_changed`, `tick`, `history`,
    `result_scene`, `result_lines`, `stats_details`, `save_extra`, `new_table`, `animation_scale`,
    `message_shown`, `message_box`. Nothing is called from `__init__`: the table is laid out
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

    def __init__(self, app, match: Match[RulesT]) -> None:
        super().__init__(app)
        self.match = match
        self.rules: RulesT = match.rules  # the same objects as the match's, never replaced
        self.seats = match.seats
        self.cards = CardLayer(self.DECK, self.PILE_POS, self.CARD_W, match.info.deck)
        self.sprites, self.spots = self.cards.sprites, self.cards.spots
        self.animator = Animator(app.settings.animation_scale)
        self.keyboard_focus = False  # the focus ring shows once the keyboard is used
        self.message_text = ""
        self.message_left = 0.0
        self.message_hold = False  # a computer's message stays until the human acts
        self.waited = 0.0  # seconds a computer has thought, or a round's end has waited
        self.started = False
        self.finished = False
        self.quiet = False  # moves played meanwhile are neither animated nor saved one by one
        self.unsaved: dict | None = None  # the game after a move, to write once its frame is shown
        self.sheet_shown = False  # the score sheet opened by itself once this round
        self.humans = match.humans
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.pass_to: int | None = None
        self.hint_marks: list[Mark] = []
        self.prepared_scale = 0.0  # the window scale the painter was last asked to paint ahead for
        self._view: tuple[tuple[int, int | None], Any] | None = None  # ((moves played, seat), its view)
        match.listen(self.on_move)

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

    def animate(self, record: MoveRecord) -> None:
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

    def move_marks(self) -> Iterable[Mark]:
        """What has a legal move now (cards by key, empty piles by rect), marked on a human turn."""
        return ()

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        """What to highlight for a hinted move."""
        return ()

    def hint_reason(self, move: Any) -> str:
        """One line saying what the hinted move is and why it is good."""
        return str(move)

    def between_rounds(self) -> bool:
        """True while a round is over and the next waits for the score sheet."""
        return False

    def next_round(self) -> None:
        """Deal the next round (from the score sheet)."""

    def round_sheet(self) -> Sheet | None:
        """What the score sheet shows between two rounds (read every frame), or None for no sheet."""
        return None

    @property
    def history(self) -> list[str]:
        """The move history as the table shows it (a table may hold back a move it has not shown yet)."""
        return self.match.history

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
        return {"seed": self.match.seed}

    def save_extra(self) -> dict:
        """Anything beyond the match the table needs to resume (JSON-safe), read back from
        `match.table_extra`."""
        return {}

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
        """What the person in front of the screen may know: the only state a table draws (made
        once per move and seat, however often a frame asks)."""
        key = (self.match.moves_played, self.shown_seat)
        if self._view is None or self._view[0] != key:
            self._view = (key, self.match.view(self.shown_seat))
        return self._view[1]

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
                and not self.between_rounds() and self.match.forced_move() is None)

    def can_act(self) -> bool:
        """A human may move now: their turn, a choice to make, nothing moving."""
        return self.my_turn() and not self.animator.busy

    # -- cards to sprites ------------------------------------------------------------------------
    def sync(self, animate: bool = True, stagger: float = 0.0, order: Sequence[Hashable] = ()) -> None:
        """Send every sprite to its spot in `layout()` (see CardLayer.sync)."""
        self.cards.sync(self.layout(), self.place_card, animate, stagger, order)

    def prepare_faces(self) -> None:
        """Have the deck's faces painted ahead at every card width of the table (CardLayer.prepare_faces)."""
        self.prepared_scale = self.app.canvas.scale
        self.cards.prepare_faces(self.app.canvas, self.app.painter, self.FACE_WIDTHS)

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
        """Play a move through the match; on IllegalMove show why and change nothing. True if played."""
        try:
            self.match.play(move)
        except IllegalMove as exc:
            self.illegal(str(exc), sprite)
            return False
        return True

    def on_move(self, record: MoveRecord) -> None:
        """The match played a move (this table's, a computer's): save it, say it, animate it."""
        self.hint_marks = []
        if self.quiet:
            return
        self.save_soon()
        self.app.request_draw()
        if record.mover in self.match.computers and record.line:
            self.say(record.line, hold=True)
        elif self.message_hold:
            self.message_hold, self.message_left = False, min(self.message_left, 1.0)
        self.animate(record)
        if not self.rules.is_over:
            self.check_pass_screen()

    def check_pass_screen(self) -> None:
        """Hide the table when the next human to act is not the one who last saw it."""
        if self.between_rounds():
            return  # the round's end is shown to everyone; the next deal decides who sees
        if not self.match.info.secret_hands or len(self.humans) < 2 or self.rules.is_over:
            if self.humans and self.human_turn:
                self.viewer = self.rules.current_player
            return
        current = self.rules.current_player
        if self.seats[current].is_human and current != self.viewer and self.match.forced_move() is None:
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
        """What a save holds: the game's name, the rules, the seats and the extra data."""
        data = self.match.to_dict()
        return data["game"], data["rules"], data["seats"], {**self.save_extra(), **data["extra"]}

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
        details = {**self.stats_details(), "hints": list(self.match.hints_used)}
        self.app.stats.record_game(self.GAME, self.match.result_seats(), details, key=self.match.key)
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
            self.app.push(HistoryScene(self.app, self.match.info.title, self.history), transition=False)
            return True
        if key == pygame.K_h or (click and self.hint_offered() and pygame.FRect(self.HINT_RECT).collidepoint(click)):
            self.ask_hint()
            return True
        return False

    def hint_offered(self) -> bool:
        """A game with decisions and a human at the table shows the Hint button."""
        return self.match.info.decisions and bool(self.humans)

    def ask_hint(self) -> None:
        """Work out the strongest computer level's move for the human (shown when it is ready)."""
        if not self.hint_offered():
            return
        if not self.my_turn():
            self.say("A hint is for your turn.")
            return
        self.match.ask_hint(self.rules.current_player, self.hint_view())

    def hint_view(self) -> Any:
        """What the hint may know: the seat's own view (a table may know less, as Memory Match)."""
        return self.match.view(self.rules.current_player)

    def show_hint(self, move: Any) -> None:
        """The hint's answer is in: highlight it and say why (the match counted it)."""
        if not self.my_turn():
            return
        self.hint_marks = list(self.hint_marks_for(move))
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
        if self.match.hint_pending():
            hint = self.match.hint()
            if hint is not None:
                self.show_hint(hint)
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
        computer = self.match.is_computer(self.rules.current_player)
        forced = None if computer else self.match.forced_move()
        if not computer and forced is None:
            return
        self.waited += dt
        move = self.match.decision() if computer else forced  # a computer starts thinking at once
        if self.waited < self.THINK_TIME * self.app.settings.animation_scale:
            return
        if computer and move is None:
            move = self.match.decision(wait=0.004)
            if move is None:
                return
        self.waited = 0.0
        self.play(move)

    def next_frame(self) -> float | None:
        """0 while cards move; else the seconds to the next dot of "thinking", the message's fade or
        the thinking mark (the loop sleeps until then)."""
        if self.animator.busy:
            return 0.0
        waits = []
        if self.thinking():  # its dots change three times a second
            waits.append((int(self.waited * 3) + 1) / 3 - self.waited)
        elif self.match.thinking():
            waits.append(THINKING_MARK_AFTER - self.waited)
        if self.message_left > 0 and not self.message_hold:
            waits.append(max(0.0, self.message_left - MESSAGE_FADE))
        return min(waits) if waits else None

    def thinking(self) -> bool:
        """A computer has been on its turn long enough to show that it thinks."""
        return self.match.thinking() and self.waited >= THINKING_MARK_AFTER

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
        label = "Thinking..." if self.match.hint_pending() else "Hint  [H]"
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
