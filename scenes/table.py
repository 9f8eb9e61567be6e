"""The base of every game table: rules, seats, computer turns, saving, pass screen, game over."""
from __future__ import annotations

import uuid
from typing import Any

import pygame

from game.core import Event, IllegalMove, RulesGame
from game.registry import game_info
from scenes.base import Scene
from scenes.pause import PauseScene
from scenes.result import ResultScene
from scenes.seats import Seat
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM, WHITE
from sprites.tween import Animator

MESSAGE_TIME = 3.5
INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)


class TableScene(Scene):
    """A game in progress. Subclasses set GAME and implement the hooks marked below.

    Flow: a human's input -> `play(move)` -> rules.apply -> save -> `animate(events)`;
    a computer seat moves by itself when the table is idle; while the animator is busy a
    click or key first finishes every animation, then is handled (never lost, never doubled);
    mouse motion and button releases always reach `handle_input` (hover, drags and drops).
    """

    GAME = ""
    SECRET_HANDS = False  # True: between two different humans, a pass screen hides everything
    THINK_TIME = 0.7  # seconds a computer "thinks" before moving (scaled by animation speed)
    MESSAGE_Y = 28.0  # where the message line is centred

    def __init__(self, app, rules: RulesGame, seats: list[Seat], seed: int = 0,
                 extra: dict | None = None) -> None:
        super().__init__(app)
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.extra = extra or {}
        self.game_key = str(self.extra.get("key") or uuid.uuid4().hex)  # names this game in the statistics
        self.animator = Animator(app.settings.animation_scale)
        self.computers = {i: game_info(self.GAME).computer(s.level, seed * 31 + i)
                          for i, s in enumerate(seats) if not s.is_human}
        self.message_text = ""
        self.message_left = 0.0
        self.thinking = 0.0
        self.finished = False
        self.humans = [i for i, s in enumerate(seats) if s.is_human]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.pass_to: int | None = None
        self.check_pass_screen()

    # -- hooks for subclasses ----------------------------------------------------------------
    def animate(self, events: list[Event], move: Any) -> None:
        """Turn the events of a move into tweens (rules already changed)."""

    def draw_table(self, canvas: Canvas) -> None:
        """Draw the table; hands face up only for `self.viewer` (never called on a pass screen)."""

    def handle_input(self, event: pygame.Event) -> None:
        """Input while a human may act (not busy, not passing, game not over)."""

    def describe(self, move: Any, events: list[Event]) -> str:
        """The message line after a computer's move."""
        texts = [e.text for e in events if e.text]
        return " ".join(texts[:2])

    def stats_details(self) -> dict:
        """Extra facts about the finished game for the statistics store."""
        return {"seed": self.seed}

    def save_extra(self) -> dict:
        """Anything beyond the rules the table needs to resume (JSON-safe)."""
        return {"seed": self.seed}

    def result_lines(self) -> list[str]:
        scores = self.rules.result().get("scores", [])
        return [f"{s.name}: {score}" for s, score in zip(self.seats, scores)]

    def new_table(self) -> Scene:
        """The same seats and options, a new deal (Play again)."""
        raise NotImplementedError

    # -- the machinery -------------------------------------------------------------------------
    def enter(self) -> None:
        self.save()

    def say(self, text: str, seconds: float = MESSAGE_TIME) -> None:
        self.message_text, self.message_left = text, seconds

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

    def play(self, move: Any, sprite: CardSprite | None = None) -> bool:
        """Apply a move; on IllegalMove show why and change nothing. True if it was played."""
        mover = self.rules.current_player
        try:
            events = self.rules.apply(move)
        except IllegalMove as exc:
            self.illegal(str(exc), sprite)
            return False
        self.save()
        if mover in self.computers:
            text = self.describe(move, events)
            if text:
                self.say(f"{self.seats[mover].name}: {text}" if not text.startswith(self.seats[mover].name) else text)
        self.animate(events, move)
        if not self.rules.is_over:
            self.check_pass_screen()
        return True

    def check_pass_screen(self) -> None:
        """Hide the table when the next human to act is not the one who last saw it."""
        if not self.SECRET_HANDS or len(self.humans) < 2 or self.rules.is_over:
            if self.humans and self.human_turn:
                self.viewer = self.rules.current_player
            return
        current = self.rules.current_player
        if self.seats[current].is_human and current != self.viewer:
            self.pass_to = current

    def save(self) -> None:
        """Write the game atomically; a finished game stays saved until its statistics are."""
        extra = {**self.save_extra(), "key": self.game_key}
        self.app.saves.save(self.GAME, self.rules.to_dict(), [s.to_json() for s in self.seats], extra)

    def finish(self) -> None:
        """Record the finished game once (its key guards against a second count), then show it."""
        if self.finished:
            return
        self.finished = True
        result = self.rules.result()
        scores, winners = result.get("scores", []), result.get("winners", [])
        self.app.stats.record_game(self.GAME, [
            {"name": s.name, "kind": s.kind, "score": scores[i] if i < len(scores) else None, "won": i in winners}
            for i, s in enumerate(self.seats)], self.stats_details(), key=self.game_key)
        self.app.saves.delete(self.GAME)
        self.show_result()

    def show_result(self) -> None:
        winners = self.rules.result().get("winners", [])
        if len(winners) == 1:
            title = f"{self.seats[winners[0]].name} wins!"
        elif winners:
            title = "A tie: " + " and ".join(self.seats[w].name for w in winners)
        else:
            title = "Game over"
        celebrate = any(self.seats[w].is_human for w in winners) or not self.humans
        self.app.push(ResultScene(self.app, title, self.result_lines(),
                                  [("Play again", lambda: self.app.replace(self.new_table())),
                                   ("Menu", self.app.to_menu)], celebrate))

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(PauseScene(self.app, self.GAME))
            return
        if self.pass_to is not None:
            if event.type in INPUT_EVENTS:
                self.animator.finish_all()  # cards still flying land before the hand is laid out
                self.viewer, self.pass_to = self.pass_to, None
                self.app.sounds.play("flip")
            return
        if event.type in INPUT_EVENTS and self.animator.busy:
            self.animator.finish_all()  # a click or key first ends the animations
        if self.rules.is_over:
            if event.type in INPUT_EVENTS and self.finished:
                self.show_result()
            return
        if not self.animator.busy or event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self.handle_input(event)

    def update(self, dt: float) -> None:
        self.animator.speed = self.app.settings.animation_scale
        self.animator.update(dt)
        self.message_left = max(0.0, self.message_left - dt)
        if self.animator.busy or self.pass_to is not None:
            return
        if self.rules.is_over:
            self.finish()
            return
        player = self.rules.current_player
        if player in self.computers:
            self.thinking += dt
            if self.thinking >= self.THINK_TIME * self.app.settings.animation_scale:
                self.thinking = 0.0
                self.play(self.computers[player].choose(self.rules.view(player)))

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        if self.pass_to is not None:
            self.draw_pass_screen(canvas)
            return
        self.draw_table(canvas)
        if self.message_shown():
            self.draw_message(canvas, self.MESSAGE_Y)

    def message_shown(self) -> bool:
        """Whether the message line is drawn now (a table may hide it behind its own panels)."""
        return True

    def draw_pass_screen(self, canvas: Canvas) -> None:
        name = self.seats[self.pass_to].name
        canvas.box(PANEL, (340, 230, 600, 260), radius=24)
        canvas.box(GOLD, (340, 230, 600, 260), width=3, radius=24)
        canvas.text(f"Pass to {name}", (640, 310), 60, GOLD, bold=True, shadow=True)
        canvas.text("Every hand is hidden.", (640, 380), 28, CREAM)
        canvas.text(f"{name}: click or press a key to see your hand.", (640, 430), 26, TEXT_DIM)

    def draw_message(self, canvas: Canvas, y: float = 28) -> None:
        if self.message_left <= 0 or not self.message_text:
            return
        alpha = int(255 * min(1.0, self.message_left * 2))
        width = min(1100, canvas.text_size(self.message_text, 26)[0] + 48)
        canvas.box((*PANEL[:3], min(PANEL[3], alpha)), (640 - width / 2, y - 20, width, 40), radius=12)
        canvas.text(self.message_text, (640, y), 26, WHITE, alpha=alpha)
