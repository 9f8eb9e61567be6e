"""Legacy, temporary: the tables not yet made of parts (docs/table-parts.md) run on this until converted.

The base of every game table: the picture and the input of a match, so that each game writes only its own.

The match (game/match.py) is the game in progress; the table listens to it, lays its sprites out from
`self.view()` (the match's view for the seat in front of the screen; `view(None)`, the public view,
while the pass screen hides the table) and turns clicks and keys into moves. The flow of one move:

    input -> on_press / on_key -> play(move) -> match.play -> rules.apply -> MoveRecord
          -> on_move (every listener) -> save_soon, say, animate(record)
    computer seat -> TurnClock: think pause while match.decision() works it out -> play(move)

Its parts: the card sprites (scenes/card_layer.py), who sits in front of the screen and the pass
screen (scenes/seating.py), the message line (scenes/message_line.py), the pace of turns
(scenes/turn_clock.py), the marks and small panels (scenes/table_marks.py). What a game fills is in
`TableHooks` (scenes/legacy_table_hooks.py).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from game.core import IllegalMove
from game.match import Match, RulesT
from game.record import MoveRecord
from scenes.base import Scene
from scenes.card_layer import CardLayer, card_of
from scenes.history import HistoryScene, draw_recent
from scenes.legacy_table_hooks import TableHooks
from scenes.message_line import MESSAGE_TIME, MessageLine
from scenes.pause import PauseScene
from scenes.result import ResultScene
from scenes.seating import PASS_BUTTON, PASS_GUARD, Seating, draw_pass_screen
from scenes.sheet import ScoreSheet, Sheet
from scenes.table import Table
from scenes.table_marks import (
    HINT_COLOUR,
    MARK_COLOUR,
    Layer,
    Mark,
    OthersMoves,
    draw_hint_button,
    draw_place_marks,
    draw_thinking,
    mark_cards,
)
from scenes.turn_clock import TurnClock
from scenes.view_table import TableViewer
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, place
from sprites.tween import Animator

INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)


class TableScene(TableHooks[RulesT]):
    """A game in progress on the screen. A game sets the class attributes of `TableHooks` and fills
    its hooks. Nothing is called from `__init__`: the table is laid out by `begin()` when it is
    first shown."""

    def __init__(self, app, match: Match[RulesT]) -> None:
        super().__init__(app)
        self.match = match
        self.rules: RulesT = match.rules  # the same objects as the match's, never replaced
        self.seats = match.seats
        self.humans = match.humans
        self.cards = CardLayer(self.DECK, self.PILE_POS, self.CARD_W, match.info.deck)
        self.sprites, self.spots = self.cards.sprites, self.cards.spots
        self.animator = Animator(app.settings.animation_scale, app.settings.reduced_motion)
        self.seating = Seating(self.humans, match.info.secret_hands)
        self.message = MessageLine()
        self.clock = TurnClock(match)
        self.keyboard_focus = False  # the focus ring shows once the keyboard is used
        self.started = False
        self.finished = False
        self.quiet = False  # moves played meanwhile are neither animated nor saved one by one
        self.unsaved: tuple | None = None  # the save after a move, written once its frame is shown
        self.sheet_shown = False  # the score sheet opened by itself once this round
        self.hint_marks: list[Mark] = []
        # What the other players' moves changed since the human in front last moved: (mover, marks)
        self.others = OthersMoves(self.humans, match.info.decisions)  # what others' moves changed
        self.hint_button = match.info.decisions and bool(self.humans)  # a game with decisions, a human seated
        self.prepared_scale = 0.0  # the window scale the painter was last asked to paint ahead for
        self._view: tuple[tuple[int, int | None], Any] | None = None  # ((moves played, seat), its view)
        match.listen(self.on_move)

    # -- what the screen shows -----------------------------------------------------------------
    def view(self) -> Any:
        """What the person in front of the screen may know: the only state a table draws (made
        once per move and seat, however often a frame asks)."""
        key = (self.match.moves_played, self.seating.shown_seat)
        if self._view is None or self._view[0] != key:
            self._view = (key, self.match.view(key[1]))
        return self._view[1]

    def my_turn(self) -> bool:
        """The person in front of the screen is to move and has a choice (cards may still move)."""
        current = self.rules.current_player
        return (not self.rules.is_over and current in self.humans and self.seating.pass_to is None
                and self.seating.viewer == current and not self.between_rounds()
                and self.match.chooses(current))

    def can_act(self) -> bool:
        """A human may move now: their turn, a choice to make, nothing moving."""
        return self.my_turn() and not self.animator.busy

    def sync(self, animate: bool = True, stagger: float = 0.0, order: Sequence[Hashable] = ()) -> None:
        """Send every sprite to its spot in `layout()` (see CardLayer.sync)."""
        self.cards.sync(self.layout(), self.place_card, animate, stagger, order)

    def prepare_faces(self) -> None:
        """Have the deck's faces painted ahead at every card width of the table (CardLayer.prepare_faces)."""
        self.prepared_scale = self.app.canvas.scale
        self.cards.prepare_faces(self.app.canvas, self.app.painter, self.FACE_WIDTHS)

    def say(self, text: str, seconds: float = MESSAGE_TIME, hold: bool = False) -> None:
        """Show a message line; `hold` keeps it until the human acts (a computer's move)."""
        self.message.say(text, seconds, hold)
        self.app.request_draw()

    def illegal(self, reason: str, sprite: CardSprite | None = None) -> None:
        """Feedback for a refused move: the reason, a sound, the card shakes (or glows)."""
        self.say(self.refused(reason))
        self.app.sounds.play("illegal")
        if sprite is not None:
            if self.app.settings.reduced_motion:
                sprite.highlight = (230, 80, 80)
                self.animator.wait(0.6, lambda: setattr(sprite, "highlight", None))
            else:
                sprite.shake_it(self.animator)

    # -- hooks whose defaults use the machinery ----------------------------------------------------
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
        return ResultScene(self.app, title, self.result_lines(), self.finished_buttons(), celebrate)

    def finished_buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons of the result or game-over sheet: `end_buttons`, then View table (the final
        position, with a way back to the result)."""
        view_table = lambda: self.app.push(TableViewer(self.app, self.show_result), transition=False)  # noqa: E731
        return [*self.end_buttons(), ("View table", view_table)]

    def end_buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The result's buttons: Play again (`new_table`) and Menu."""
        return [("Play again", lambda: self.app.replace(self.new_table())), ("Menu", self.app.to_menu)]

    def draw_hint_button(self, canvas: Canvas) -> None:
        """The Hint button at HINT_RECT."""
        rect = pygame.FRect(self.HINT_RECT)
        hovered = rect.collidepoint(self.app.canvas.to_logical(pygame.mouse.get_pos()))
        draw_hint_button(canvas, rect, self.match.hint_pending(), hovered, self.my_turn())

    # -- moves -----------------------------------------------------------------------------------
    def enter(self) -> None:
        if not self.started:
            self.started = True
            self.check_pass_screen()
            self.begin()
            self.prepare_faces()
        self.save()

    def play(self, move: Any, sprite: CardSprite | None = None) -> bool:
        """Play a move through the match; on IllegalMove show why and change nothing. True if played."""
        try:
            self.match.submit(move)
        except IllegalMove as exc:
            self.illegal(str(exc), sprite)
            return False
        return True

    def on_move(self, record: MoveRecord) -> None:
        """The match played a move (this table's, a computer's): save it, say it, animate it."""
        self.hint_marks = []
        self.others.note(record, self.change_marks(record))
        if self.quiet:
            return
        self.save_soon()
        self.app.request_draw()
        if record.mover in self.match.computers and record.line:
            self.say(record.line, hold=True)
        else:
            self.message.release()
        self.animate(record)
        self.check_pass_screen()

    def check_pass_screen(self) -> None:
        """Hide the table when the next human to act is not the one who last saw it (the round's end
        is shown to everyone; the next deal decides who sees)."""
        if self.between_rounds() or self.rules.is_over:
            return
        seat = self.rules.current_player
        if self.seating.turn_to(seat, seat in self.humans and self.match.chooses(seat),
                                len(self.history)):
            self.animator.finish_all()  # cards in flight land, then every hand turns its back
            self.sync(animate=False)

    def end_pass_screen(self) -> None:
        """The next player is in front of the screen: show their hand at once."""
        self.animator.finish_all()
        self.seating.pass_done()
        self.app.sounds.play("flip")
        self.sync(animate=False)
        self.viewer_changed()

    def ask_hint(self) -> None:
        """Work out the strongest computer level's move for the human (shown when it is ready)."""
        if not self.hint_button:
            return
        if not self.my_turn():
            self.say("A hint is for your turn.")
            return
        self.match.ask_hint(self.rules.current_player, self.hint_view())

    # -- saving and the end ----------------------------------------------------------------------
    def save(self) -> None:
        """Write the game atomically now."""
        self.unsaved = None
        if self.match.keeps_save:
            self.app.saves.save(*save_payload(self))

    def save_soon(self) -> None:
        """Save the game as it is now, written once the frame being made is shown (after_frame),
        or when the table is left or the program meets a fault."""
        if self.match.keeps_save:
            self.unsaved = json.loads(json.dumps(save_payload(self)))  # a copy the next moves leave alone

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
        if self.match.keeps_save:
            self.app.saves.delete(self.GAME)
        self.animator.wait(self.RESULT_PAUSE, self.show_result)

    def show_result(self) -> None:
        if self.app.top is self:
            self.app.push(self.result_scene())

    def open_sheet(self) -> None:
        """Show the round's score sheet over the table (read every frame): Next round deals on, by
        itself after AUTO_NEXT_ROUND at a table of computers only."""
        if self.round_sheet() is None or self.app.top is not self:
            return
        auto = None if self.humans else self.AUTO_NEXT_ROUND * self.app.settings.animation_scale
        fill = lambda: self.round_sheet() or Sheet("", (), ())  # noqa: E731 - the sheet reads it each frame
        self.app.push(ScoreSheet(self.app, fill, [("Next round", self.next_round)], auto))

    # -- the loop --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(PauseScene(self.app, self.GAME))
            return
        if event.type in INPUT_EVENTS and self.hold_input(event):
            return
        if self.seating.pass_to is not None:
            if self.seating.dismisses(event):  # its own button or key, once its first moments are over
                self.end_pass_screen()
            elif event.type == pygame.MOUSEMOTION:
                self.app.request_draw()  # the button's hover
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
        elif self.between_rounds() and event.type in INPUT_EVENTS and not self.animator.busy:
            self.open_sheet()
        elif (not self.animator.busy or self.INPUT_WHILE_MOVING == "act"
                or event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)):
            self.route_input(event)

    def table_command(self, event: pygame.Event) -> bool:
        """What every table answers: L or a click on the newest moves opens the history, H or the
        Hint button asks for a hint. True if the event was one of these."""
        key = event.key if event.type == pygame.KEYDOWN else None
        click = event.pos if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 else None
        if key == pygame.K_l or (click and self.HISTORY_LINES and pygame.FRect(self.HISTORY_RECT).collidepoint(click)):
            self.app.push(HistoryScene(self.app, self.match.info.title, self.history), transition=False)
            return True
        if key == pygame.K_h or (click and self.hint_button and pygame.FRect(self.HINT_RECT).collidepoint(click)):
            self.ask_hint()
            return True
        return False

    def route_input(self, event: pygame.Event) -> None:
        """One input event to the `on_*` hooks; the keyboard focus shows after a key."""
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
        guarded = self.seating.pass_to is not None and not self.seating.ready
        self.seating.tick(dt)
        if guarded and self.seating.ready:
            self.app.request_draw()  # the pass screen's button comes alive
        self.animator.speed = self.animation_scale()
        self.animator.still = self.app.settings.reduced_motion
        self.animator.update(dt)
        self.message.update(dt)
        hint = self.match.hint() if self.match.hint_pending() else None
        if hint is not None and self.my_turn():
            self.hint_marks = list(self.hint_marks_for(hint))
            self.say(f"Hint: {self.hint_reason(hint)}", hold=True)
            self.save()  # the hint counted for its seat
        self.tick(dt)
        if self.animator.busy or self.seating.pass_to is not None:
            return
        scale = self.app.settings.animation_scale
        if self.rules.is_over:
            self.finish()
        elif self.between_rounds():
            if not self.sheet_shown:
                self.sheet_shown = True
                self.open_sheet()
            if not self.humans and self.app.top is self and self.clock.elapsed(dt, self.AUTO_NEXT_ROUND * scale):
                self.next_round()  # a table of computers deals on by itself (its sheet may be closed)
        else:
            self.sheet_shown = False
            move = self.clock.due_move(dt, self.THINK_TIME * scale)
            if move is not None:
                self.play(move)

    def next_frame(self) -> float | None:
        """0 while cards move; else the seconds to the next dot of "thinking", the message's fade or
        the thinking mark (the loop sleeps until then)."""
        if self.animator.busy or self.moving():
            return 0.0
        waits = [w for w in (self.clock.next_change(), self.message.next_change()) if w is not None]
        if self.seating.pass_to is not None and not self.seating.ready:
            waits.append(PASS_GUARD - self.seating.shown_for)  # its button comes alive then
        return min(waits) if waits else None

    def draw(self, canvas: Canvas) -> None:
        if canvas.scale != self.prepared_scale:
            self.prepare_faces()  # the window changed size: the faces are painted anew
        canvas.felt()
        if self.seating.pass_to is not None:
            hovered = PASS_BUTTON.collidepoint(self.app.canvas.to_logical(pygame.mouse.get_pos()))
            draw_pass_screen(canvas, self.seats[self.seating.pass_to].name, self.seating.since(self.history),
                             self.seating.ready, hovered)
            return
        layers = self.mark_layers()  # once a frame: it asks the rules for the legal moves
        changed = self.others.marks_for(self.seating.viewer)
        mark_cards(self.sprites, layers, changed)
        self.draw_table(canvas)
        draw_place_marks(canvas, layers, changed)
        if self.HISTORY_LINES:
            draw_recent(canvas, self.history, self.HISTORY_RECT, self.HISTORY_LINES)
        if self.hint_button:
            self.draw_hint_button(canvas)
        if self.message_shown():
            draw_message(self, canvas)
        if self.THINKING_MARK and self.clock.thinking():
            name = self.seats[self.rules.current_player].name
            draw_thinking(canvas, name, self.clock.thinking_dots(), (self.MESSAGE_X, self.MESSAGE_Y + 42))
        self.draw_over(canvas)

    def mark_layers(self) -> list[Layer]:
        """The legal moves' marks (on the human's turn, with the setting on), then the hint's over
        them: a hint never hides the other moves."""
        layers: list[Layer] = []
        if self.app.settings.move_marks and self.can_act():
            layers.append((list(self.move_marks()), MARK_COLOUR))
        if self.hint_marks and self.my_turn():
            layers.append((self.hint_marks, HINT_COLOUR))
        return layers


def save_payload(table: TableScene) -> tuple[str, dict, list[dict], dict]:
    """What a table's save holds: the game's name, the rules, the seats and the extra data."""
    data = table.match.to_dict()
    return data["game"], data["rules"], data["seats"], {**table.save_extra(), **data["extra"]}


def draw_message(table: TableScene, canvas: Canvas) -> None:
    """A table's message line, in its MESSAGE_BOX or centred on (MESSAGE_X, MESSAGE_Y)."""
    box = None if table.MESSAGE_BOX is None else pygame.FRect(table.MESSAGE_BOX)
    room = None if table.MESSAGE_ROOM is None else pygame.FRect(table.MESSAGE_ROOM)
    table.message.draw(canvas, box, (table.MESSAGE_X, table.MESSAGE_Y), table.MESSAGE_WIDTH, room)


# Temporary, until every game's table is parts (docs/table-parts.md): what "a table" is to the
# screens and tools that look for one on the stack.
TABLES = (TableScene, Table)
