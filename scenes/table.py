"""The shared table: the picture and the input of a match, composed with a game's parts.

The match (game/match.py) is the game in progress; the table listens to it, lays the sprites out
from `view()` (the match's view for the seat in front of the screen; `view(None)`, the public view,
while the pass screen hides the table) and hands clicks and keys to the game's input controller,
which turns them into moves. The flow of one move:

    input -> game.input.on_press / on_key -> table.play(move) -> match.play -> rules.apply
          -> MoveRecord -> on_move (every listener) -> save_soon, say, game.animate(record)
    computer seat -> TurnClock: think pause while match.decision() works it out -> play(move)

Its parts: the card sprites (scenes/card_layer.py), who sits in front of the screen and the pass
screen (scenes/seating.py), the message line (scenes/message_line.py), the pace of turns
(scenes/turn_clock.py), the marks and small panels (scenes/table_marks.py), and the game's own
(`GameParts`, scenes/table_parts.py). A networked table is this table with a `RemoteMatch` and a
`Network` part (scenes/online/table.py).
"""
from __future__ import annotations

import json
from collections.abc import Hashable, Sequence
from typing import Any, Protocol

import pygame

from game.cards import Card
from game.core import IllegalMove
from game.match import Match
from game.places import Hand
from game.record import MoveRecord
from lang import N_, _
from lang.words import W_, Line
from scenes.base import Host, Scene
from scenes.card_layer import CardLayer, card_of
from scenes.history import HistoryScene, draw_recent
from scenes.message_line import MESSAGE_TIME, MessageLine
from scenes.pause import PauseScene
from scenes.result import ResultScene
from scenes.seating import GUARD_WAKE, PASS_BUTTON, Seating, draw_pass_screen
from scenes.sheet import ScoreSheet, Sheet
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
from scenes.table_parts import Button, GameParts, PartsFactory, Shown
from scenes.turn_clock import TurnClock
from scenes.view_table import TableViewer
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.spots import Spot
from sprites.tween import Animator

INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)


class Network(Protocol):
    """What a networked table adds (scenes/online/table.py): the server deals, phrases show."""

    def handle_key(self, table: Table, event: pygame.Event) -> bool:
        """A key the network takes (phrases, autoplay): True if it was one."""
        ...

    def may_deal(self, table: Table) -> bool:
        """Whether this screen deals the next round now (else it says who does)."""
        ...

    def moved(self, table: Table) -> None:
        """A move arrived (a round dealt by another closes the score sheet here)."""
        ...

    def end_buttons(self, table: Table) -> list[Button]:
        """The result's buttons."""
        ...

    def draw(self, table: Table, canvas: Canvas) -> None:
        """Over the table: the phrases players sent, by their seats."""
        ...


class Table(Scene):
    """A game in progress on the screen: the shared machinery and the game's `GameParts`, built by
    `parts(self)`. Nothing of the game runs in `__init__`: `begin()` lays the table out when it is
    first shown."""

    def __init__(self, app: Host, match: Match[Any], parts: PartsFactory, network: Network | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.rules = match.rules  # the same object as the match's, never replaced
        self.seats = match.seats
        self.humans = match.humans
        self.network = network
        self.pace = 1.0  # the game may change these two from its parts' __init__ on (War)
        self.held_lines = 0
        self.game: GameParts = parts(self)
        self.settings = s = self.game.settings
        self.cards = CardLayer(s.deck, s.pile_pos, s.card_w, match.info.deck)
        self.sprites, self.spots = self.cards.sprites, self.cards.spots
        self.animator = Animator(app.settings.animation_scale, app.settings.reduced_motion)
        self.seating = Seating(self.humans, match.info.secret_hands)
        self.message = MessageLine()
        self.clock = TurnClock(match)
        self.keyboard_focus = False  # the focus ring shows once the keyboard is used
        self.quiet = False  # moves played meanwhile are neither animated nor saved one by one
        self.started = False
        self.finished = False
        self.unsaved: tuple | None = None  # the save after a move, written once its frame is shown
        self.sheet_shown = False  # the score sheet opened by itself once this round
        self.hint_marks: list[Mark] = []
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

    @property
    def history(self) -> list[str]:
        """The move history as the table shows it: the `held_lines` newest wait for their move to be shown."""
        history = self.match.history
        return history[:len(history) - self.held_lines] if self.held_lines else history

    def between_rounds(self) -> bool:
        """A round is over and the next waits for the score sheet."""
        return self.game.rounds is not None and self.game.rounds.between_rounds()

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
        """Send every sprite to its spot in the game's layout (see CardLayer.sync)."""
        layout, s = self.game.layout(self.view(), self.seating.bottom), self.settings

        def place_one(sprite: CardSprite, key: Hashable, spot: Spot, delay: float, animate: bool) -> None:
            s.place_card(sprite, card_of(key), spot, self.animator if animate else None, delay, s.move_time,
                         self.spots, key)

        self.cards.sync(layout, place_one, animate, stagger, order)

    def prepare_faces(self) -> None:
        """Have the deck's faces painted ahead at every card width of the table (CardLayer.prepare_faces)."""
        self.prepared_scale = self.app.canvas.scale
        self.cards.prepare_faces(self.app.canvas, self.app.painter, self.settings.face_widths)

    def say(self, text: Line, seconds: float = MESSAGE_TIME, hold: bool = False) -> None:
        """Show a message line (Words are worded as it is drawn); `hold` keeps it until the human acts (a
        computer's move)."""
        self.message.say(text, seconds, hold)
        self.app.request_draw()

    def illegal(self, reason: str, sprite: CardSprite | None = None) -> None:
        """Feedback for a refused move: the reason, a sound, the card shakes (or glows)."""
        self.say(self.game.input.refused(reason))
        self.app.sounds.play("illegal")
        if sprite is not None:
            if self.app.settings.reduced_motion:
                sprite.highlight = (230, 80, 80)
                self.animator.wait(0.6, lambda: setattr(sprite, "highlight", None))
            else:
                sprite.shake_it(self.animator)

    # -- moves -----------------------------------------------------------------------------------
    def enter(self) -> None:
        if not self.started:
            self.started = True
            self.check_pass_screen()
            self.game.begin()
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
        """The match played a move (this table's, a computer's, a remote one): save, say, animate it."""
        self.hint_marks = []
        self.others.note(record, laid_cards(record))
        if self.quiet:
            return
        self.save_soon()
        self.app.request_draw()
        if record.mover in self.match.computers and record.line:
            self.say(record.words, hold=True)
        else:
            self.message.release()
        self.game.animate(record)
        self.check_pass_screen()
        if self.network is not None:
            self.network.moved(self)

    def check_pass_screen(self) -> None:
        """Hide the table when the next human to act is not the one who last saw it (the round's end
        is shown to everyone; the next deal decides who sees)."""
        if self.between_rounds() or self.rules.is_over:
            return
        seat = self.rules.current_player
        if self.seating.turn_to(seat, seat in self.humans and self.match.chooses(seat), len(self.history)):
            self.animator.finish_all()  # cards in flight land, then every hand turns its back
            self.sync(animate=False)

    def end_pass_screen(self) -> None:
        """The next player is in front of the screen: show their hand at once."""
        self.animator.finish_all()
        self.seating.pass_done()
        self.app.sounds.play("flip")
        self.sync(animate=False)
        self.game.input.viewer_changed()

    def ask_hint(self) -> None:
        """Work out the strongest computer level's move for the human (shown when it is ready)."""
        if not self.hint_button:
            return
        if not self.my_turn():
            self.say(W_("A hint is for your turn."))
            return
        self.match.ask_hint(self.rules.current_player, self.game.hint_view())

    def next_round(self) -> None:
        """The score sheet's Next round (a networked table may leave it to another screen)."""
        rounds = self.game.rounds
        if rounds is None or not rounds.between_rounds():
            return
        if self.network is None or self.network.may_deal(self):
            rounds.next_round()

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
        details = {**self.game.stats_details(), "hints": list(self.match.hints_used)}
        self.app.stats.record_game(self.settings.game, self.match.result_seats(), details, key=self.match.key)
        if self.match.keeps_save:
            self.app.saves.delete(self.settings.game)
        self.animator.wait(self.settings.result_pause, lambda: self.show_result(first=True))

    def show_result(self, first: bool = False) -> None:
        """The result over the finished table; shown again (back from View table, a click at the table, a
        vote for another game), it is quiet: no second fanfare nor celebration."""
        if self.app.top is self:
            scene = self.game.ending.scene(self.finished_buttons())
            if not first and isinstance(scene, ResultScene):
                scene.hush()
            self.app.push(scene)

    def finished_buttons(self) -> list[Button]:
        """The result's buttons: the game's ending's or the network's; then View table (the final
        position, with a way back to the result)."""
        buttons = self.game.ending.buttons() if self.network is None else self.network.end_buttons(self)
        view_table = lambda: self.app.push(TableViewer(self.app, self.show_result), transition=False)  # noqa: E731
        return [*buttons, (N_("View table"), view_table)]

    def open_sheet(self) -> None:
        """Show the round's score sheet over the table (read every frame): Next round deals on, by
        itself after auto_next_round at a table of computers only."""
        rounds = self.game.rounds
        if rounds is None or rounds.round_sheet() is None or self.app.top is not self:
            return
        auto = None if self.humans else self.settings.auto_next_round * self.app.settings.animation_scale
        fill = lambda: rounds.round_sheet() or Sheet("", (), ())  # noqa: E731 - the sheet reads it each frame
        self.app.push(ScoreSheet(self.app, fill, [(N_("Next round"), self.next_round)], auto))

    # -- the loop --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(PauseScene(self.app, self.settings.game))
            return
        if self.network is not None and event.type == pygame.KEYDOWN and self.network.handle_key(self, event):
            return
        if self.seating.guard.blocks(event):  # the screen just changed: input waits until it is seen
            return
        if event.type in INPUT_EVENTS and self.game.input.hold_input(event):
            return
        if self.seating.pass_to is not None:
            if self.seating.dismisses(event):  # its own button or key, once its first moments are over
                self.end_pass_screen()
            elif event.type == pygame.MOUSEMOTION:
                self.app.request_draw()  # the button's hover
            return
        if self.table_command(event):
            return
        moving = self.settings.input_while_moving
        if event.type in INPUT_EVENTS and self.animator.busy and moving != "act":
            self.animator.finish_all()
            if moving == "only_finish" and not self.rules.is_over:
                return
        if self.rules.is_over:
            if event.type in INPUT_EVENTS and self.finished:
                self.show_result()
        elif self.between_rounds() and event.type in INPUT_EVENTS and not self.animator.busy:
            self.open_sheet()
        elif (not self.animator.busy or moving == "act"
                or event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)):
            self.route_input(event)

    def table_command(self, event: pygame.Event) -> bool:
        """What every table answers: L or a click on the newest moves opens the history, H or the
        Hint button asks for a hint. True if the event was one of these."""
        key = event.key if event.type == pygame.KEYDOWN else None
        click = event.pos if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 else None
        s = self.settings
        if key == pygame.K_l or (click and s.history_lines and pygame.FRect(s.history_rect).collidepoint(click)):
            self.app.push(HistoryScene(self.app, self.match.info.title, self.history), transition=False)
            return True
        if key == pygame.K_h or (click and self.hint_button and pygame.FRect(s.hint_rect).collidepoint(click)):
            self.ask_hint()
            return True
        return False

    def route_input(self, event: pygame.Event) -> None:
        """One input event to the game's input controller; the keyboard focus shows after a key."""
        controls = self.game.input
        if event.type == pygame.MOUSEMOTION:
            self.keyboard_focus = False
            controls.on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard_focus = False
            controls.on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            controls.on_release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.keyboard_focus = True
            controls.on_key(event.key, event.dict.get("mod", 0))

    def update(self, dt: float) -> None:
        guarded = self.seating.pass_to is not None and not self.seating.ready
        self.seating.tick(dt)
        if guarded and self.seating.ready:
            self.app.request_draw()  # the pass screen's button comes alive
        self.animator.speed = self.app.settings.animation_scale / self.pace
        self.animator.still = self.app.settings.reduced_motion
        self.animator.update(dt)
        self.message.update(dt)
        hint = self.match.hint() if self.match.hint_pending() else None
        if hint is not None and self.my_turn():
            self.hint_marks = list(self.game.hint_marks_for(hint))
            self.say(_("Hint: {reason}", reason=self.game.hint_reason(hint)), hold=True)
            self.save()  # the hint counted for its seat
        self.game.tick(dt)
        if not (self.animator.busy or self.seating.pass_to is not None):
            self.advance(dt)

    def advance(self, dt: float) -> None:
        """Nothing moves: the game ends, the round's sheet opens, or a computer's turn comes."""
        scale = self.app.settings.animation_scale
        if self.rules.is_over:
            self.finish()
        elif self.between_rounds():
            if not self.sheet_shown:
                self.sheet_shown = True
                self.open_sheet()
            wait = self.settings.auto_next_round * scale
            if not self.humans and self.app.top is self and self.clock.elapsed(dt, wait):
                self.next_round()  # a table of computers deals on by itself (its sheet may be closed)
        else:
            self.sheet_shown = False
            move = self.clock.due_move(dt, self.settings.think_time * scale)
            if move is not None:
                self.play(move)

    def reveal(self) -> None:
        super().reveal()
        self.seating.guard.forget()  # the keys released over the screen above never came here
        self.game.reveal()

    def next_frame(self) -> float | None:
        """0 while cards move; else the seconds to the next dot of "thinking", the message's fade or
        the input guard's next step (the loop sleeps until then)."""
        if self.animator.busy or self.game.moving():
            return 0.0
        waits = [w for w in (self.clock.next_change(), self.message.next_change()) if w is not None]
        if self.seating.guard.left > 0:
            waits.append(min(self.seating.guard.left, GUARD_WAKE))  # the pass screen's button, the hand, come alive
        return min(waits) if waits else None

    def shown(self) -> Shown:
        """What a drawer is told besides the view."""
        thinking = ""
        if self.clock.thinking():
            thinking = _("{name} is thinking{dots}", name=self.seats[self.rules.current_player].name,
                         dots=self.clock.thinking_dots())
        return Shown(self.sprites, self.app.painter, self.seats, self.seating.bottom, self.my_turn(),
                     self.keyboard_focus, thinking, not self.humans)

    def draw(self, canvas: Canvas) -> None:
        if canvas.scale != self.prepared_scale:
            self.prepare_faces()  # the window changed size: the faces are painted anew
        canvas.felt()
        if self.seating.pass_to is not None:
            hovered = PASS_BUTTON.collidepoint(self.app.canvas.to_logical(pygame.mouse.get_pos()))
            draw_pass_screen(canvas, self.seats[self.seating.pass_to].name, self.seating.since(self.history),
                             self.seating.ready, hovered)
            return
        s, view, drawer, shown = self.settings, self.view(), self.game.drawer, self.shown()
        layers = self.mark_layers()  # once a frame: it asks the rules for the legal moves
        changed = self.others.marks_for(self.seating.viewer)
        mark_cards(self.sprites, layers, changed)
        drawer.draw(canvas, view, shown)
        draw_place_marks(canvas, layers, changed)
        if s.history_lines:
            draw_recent(canvas, self.history, s.history_rect, s.history_lines)
        if self.hint_button and not s.own_hint_button and not self.rules.is_over:  # a finished game has no hint
            hovered = pygame.FRect(s.hint_rect).collidepoint(self.app.canvas.to_logical(pygame.mouse.get_pos()))
            draw_hint_button(canvas, pygame.FRect(s.hint_rect), self.match.hint_pending(), hovered, shown.my_turn)
        viewed = isinstance(self.app.top, TableViewer)  # its corner is the way back's; the moves show the last line
        if drawer.message_shown(view) and not viewed:
            draw_message(self, canvas)
        if s.thinking_mark and shown.thinking:
            name = self.seats[self.rules.current_player].name
            draw_thinking(canvas, name, self.clock.thinking_dots(), (s.message_pos[0], s.message_pos[1] + 42))
        if drawer.draw_over(canvas, view, shown):  # the marks and the message read over the game's own dialog
            draw_place_marks(canvas, layers)
            draw_message(self, canvas)
        if self.network is not None:
            self.network.draw(self, canvas)

    def mark_layers(self) -> list[Layer]:
        """The legal moves' marks (on the human's turn, with the setting on), then the hint's over
        them: a hint never hides the other moves."""
        layers: list[Layer] = []
        if self.app.settings.move_marks and self.can_act():
            layers.append((list(self.game.move_marks()), MARK_COLOUR))
        if self.hint_marks and self.my_turn():
            layers.append((self.hint_marks, HINT_COLOUR))
        return layers


def save_payload(table: Table) -> tuple[str, dict, list[dict], dict]:
    """What a table's save holds: the game's name, the rules, the seats and the extra data."""
    data = table.match.to_dict()
    # The table's own keys now win over those it was resumed with (`match.table_extra`).
    return data["game"], data["rules"], data["seats"], {**data["extra"], **table.game.save_extra()}


def laid_cards(record: MoveRecord) -> list[Card]:
    """What another player's move changed, marked until the human acts: every card its events laid
    somewhere other than a hand."""
    return [card for e in record.events if e.dst is not None and not isinstance(e.dst, Hand) for card in e.cards]


def draw_message(table: Table, canvas: Canvas) -> None:
    """A table's message line, in its message_box or centred on message_pos."""
    s = table.settings
    box = None if s.message_box is None else pygame.FRect(s.message_box)
    room = None if s.message_room is None else pygame.FRect(s.message_room)
    table.message.draw(canvas, box, s.message_pos, s.message_width, room)
