"""The War table: two facing stacks, animated battles and wars, start/pause/step, speeds."""
from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.cards import Card
from game.core import Event, Kind
from game.match import Match, saved_line
from game.record import MoveRecord
from game.seats import Seat
from game.war import Battle, WarGame, WarView
from game.war.text import game_over_line, result_lines, result_title, war_name
from scenes.base import Scene
from scenes.legacy_table import TableScene
from scenes.result import ResultScene
from scenes.war.draw import Banner, draw_war_table
from scenes.war.layout import (
    BATTLE_W,
    CARD_W,
    HISTORY_RECT,
    SPEEDS,
    STACK_POS,
    VERDICT_Y,
    Control,
    control_bar,
    row_positions,
)
from scenes.war.stats import WarStatsScene
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.theme import GOLD

MOVE_TIME = 0.32  # a card sliding out of its stack
FLIP_TIME = 0.22
SLOW_FLIP = 0.8  # the deciding cards of a war turn slowly
SUSPENSE = 0.35  # a pause before the deciding cards turn
FAN_STAGGER = 0.12  # face-down cards are laid one by one
BANNER_TIME = 1.0
LOOK_TIME = 0.5  # time to see who won a battle
WAR_LOOK = 1.1
SWEEP_TIME = 0.42
BATTLE_GAP = 0.25  # between two battles while running
INSTANT_BATTLES_PER_FRAME = 300  # "to the end" plays this many per frame, staying responsive
KEY_SPEEDS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
              pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def start_table(app, seats: list[Seat], options: dict, seed: int) -> WarTable:
    """A new deal for these seats and options (what the setup screen starts)."""
    return WarTable(app, Match.new("war", seats, options, seed))


def resume_table(app, match: Match) -> WarTable:
    """The table of a saved match."""
    if not isinstance(match.rules, WarGame):
        raise ValueError("not a War save")
    return WarTable(app, match)


def snapshot(view: WarView) -> dict:
    """The counters the tally shows, as of `view`."""
    return {"battles": view.battles, "battles_won": list(view.battles_won), "wars": view.wars,
            "wars_won": list(view.wars_won), "longest": view.longest_war, "play_time": view.play_time_s}


def seat_of(event: Event) -> int:
    """The seat of a card laid or a pile won: War's rules always name it."""
    if event.player is None:
        raise ValueError(f"War's {event.kind!r} event names no player")
    return event.player


def seconds_from_save(value: object) -> float:
    """Seconds kept in a save; anything but a number >= 0 counts as none."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 10 ** 9:
        return 0.0
    return float(value)


class WarTable(TableScene[WarGame]):
    """War is watched: the table fights battles when running, or one per step. A battle's line
    (who won it, in words) is said and joins the history when the battle has been shown."""

    GAME = "war"
    FACE_WIDTHS = (BATTLE_W,)  # the battle's cards
    INPUT_WHILE_MOVING = "act"  # Space, the speeds and Tab leave a battle playing on
    HISTORY_RECT = HISTORY_RECT
    MESSAGE_Y = VERDICT_Y  # who won a battle is written under it

    def __init__(self, app, match: Match[WarGame]) -> None:
        super().__init__(app, match)
        extra = match.table_extra
        speed = extra.get("speed_index", 0)
        self.speed_index = speed if isinstance(speed, int) and 0 <= speed < len(SPEEDS) else 0
        self.running = False
        self.to_end = False
        self.gap = 0.0
        self.in_play: list[CardSprite] = []
        self.owners: list[int] = []  # the seat each sprite in play came from
        view = self.view()
        self.shown_counts = list(view.stack_sizes)
        self.tally = snapshot(view)
        self.banner = Banner()
        self.controls: list[Control] = control_bar()
        self.focus = 0
        self.hovered: int | None = None
        self.player = self.humans[0] if self.humans else 0  # whose statistics and hand rating
        self.rating = view.ratings[self.player]
        self.watched = seconds_from_save(extra.get("watched_s"))  # seconds battles played on screen
        unseen = extra.pop("unseen", None)  # earlier versions saved a battle's line not shown yet here
        if isinstance(unseen, str) and unseen:
            match.history.append(saved_line(unseen))  # ValueError if damaged: the save is set aside
        self.unseen = ""  # the newest history line, held back until its battle has been shown

    # -- state shown -----------------------------------------------------------------------
    @property
    def speed(self) -> int:
        return SPEEDS[self.speed_index]

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    # -- the loop --------------------------------------------------------------------------
    def animation_scale(self) -> float:
        """The speed setting's scale, divided by the table's pace (1x to 8x)."""
        return self.app.settings.animation_scale / self.speed

    def tick(self, dt: float) -> None:
        """Fight the next battle when running and the last one has been shown; the base then
        finishes the game once nothing moves."""
        if self.running or self.animator.busy:
            self.watched += dt
        if self.to_end and self.running and not self.rules.is_over:
            self.play_to_end_slice()
            return
        if self.animator.busy:
            return
        self.settle()
        if self.rules.is_over:
            self.running = self.to_end = False
        elif self.running:
            self.gap -= dt
            if self.gap <= 0:
                self.fight()

    def moving(self) -> bool:
        """The battles run (the gap between two is timed here, not by the animator)."""
        return self.running and not self.rules.is_over

    def reveal(self) -> None:
        """Back from the pause menu (or any screen over the table): the battles go on as they were,
        running or paused (while the screen was over the table, the table got no updates)."""
        self.gap = min(self.gap, BATTLE_GAP * self.animation_scale())

    def settle(self) -> None:
        """Between battles: what is shown is exactly the view."""
        self.show_battle_line()
        view = self.view()
        self.in_play, self.owners = [], []
        self.shown_counts = list(view.stack_sizes)
        self.tally = snapshot(view)

    def fight(self) -> None:
        """Play one battle (a whole war included) and animate it."""
        self.gap = BATTLE_GAP * self.animation_scale()
        self.play(Battle())

    def play_to_end_slice(self) -> None:
        self.animator.finish_all()
        self.quiet = True  # no battle of the slice is animated or saved on its own
        for _ in range(INSTANT_BATTLES_PER_FRAME):
            if self.rules.is_over:
                break
            self.match.play(Battle())
        self.quiet = False
        self.save_soon()
        self.settle()
        if self.rules.is_over:
            self.to_end = self.running = False
            self.say(game_over_line(self.view(), self.names()), 6)

    # -- controls --------------------------------------------------------------------------
    def toggle(self) -> None:
        """Start or pause the battles."""
        self.running = not self.running
        if not self.running:
            self.to_end = False
        self.gap = 0.0
        self.say("Running" if self.running else "Paused", 1.2)

    def step(self) -> None:
        """Pause, finish what is moving, and fight exactly one battle."""
        self.running = self.to_end = False
        if self.animator.busy:
            self.animator.finish_all()
        self.settle()
        if not self.rules.is_over:
            self.fight()

    def set_speed(self, index: int) -> None:
        """Change the pace (and leave 'to the end'); running or paused stays as it was."""
        self.speed_index = index
        self.to_end = False
        self.say(f"Speed {self.speed}x", 1.2)
        if not self.finished:
            self.save()  # a resumed table keeps the pace chosen, battle or not

    def play_to_end(self) -> None:
        self.to_end = self.running = True
        self.say("Playing to the end...", 2)

    def act(self, control: Control) -> None:
        self.app.sounds.play("button")
        actions: dict[str, Callable[[], None]] = {
            "toggle": self.toggle, "step": self.step, "end": self.play_to_end,
            "speed": lambda: self.set_speed(SPEEDS.index(control.value))}
        actions[control.action]()

    def control_at(self, pos: tuple[float, float]) -> int | None:
        for i, control in enumerate(self.controls):
            if pygame.FRect(control.rect).collidepoint(pos):
                return i
        return None

    def on_motion(self, pos: tuple[float, float]) -> None:
        self.hovered = self.control_at(pos)

    def on_press(self, pos: tuple[float, float]) -> None:
        index = self.control_at(pos)
        if index is None:
            self.step()  # a click on the table: one battle
        else:
            self.focus = index
            self.act(self.controls[index])

    def on_key(self, key: int, mod: int) -> None:
        if key == pygame.K_SPACE:
            self.toggle()
        elif key == pygame.K_RIGHT:
            self.step()
        elif key in KEY_SPEEDS:
            self.set_speed(KEY_SPEEDS[key])
        elif key in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_speed(min(len(SPEEDS) - 1, self.speed_index + 1))
        elif key in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_speed(max(0, self.speed_index - 1))
        elif key in (pygame.K_e, pygame.K_END):
            self.play_to_end()
        elif key == pygame.K_TAB:
            backwards = bool(mod & pygame.KMOD_SHIFT)
            self.focus = (self.focus + (-1 if backwards else 1)) % len(self.controls)
            self.app.sounds.play("tick")
        elif key in ACTIVATE_KEYS:
            self.act(self.controls[self.focus])

    # -- animation -------------------------------------------------------------------------
    @property
    def history(self) -> list[str]:
        """The battle being shown keeps its line back: it would tell the end of a war before its banner."""
        return self.match.history[:-1] if self.unseen else self.match.history

    def show_battle_line(self) -> None:
        """The battle just shown: say who won it and add it to the history."""
        if self.unseen:
            self.say(self.unseen, 6 if self.rules.is_over else 3.5)
            self.unseen = ""

    def at(self, t: float, action: Callable[[], None]) -> None:
        """Run `action` t seconds (at 1x) into the current battle's animation."""
        self.animator.wait(t, action)

    def sound(self, name: str, up_to_speed: int = 8) -> None:
        if self.speed <= up_to_speed:
            self.app.sounds.play(name)

    def animate(self, record: MoveRecord) -> None:
        """Cards slide out and flip, face-down cards fan out, a war banner, the pile swept."""
        self.show_battle_line()
        self.unseen, events = record.line, record.events
        self.in_play, self.owners = [], []
        faces: dict[int, list[bool]] = {0: [], 1: []}
        for e in events:
            if e.kind in (Kind.PLAY, Kind.FACE_DOWN):
                faces[seat_of(e)].append(e.kind is Kind.PLAY)
        slots = {p: row_positions(faces[p], p) for p in (0, 1)}
        placed = {0: 0, 1: 0}
        t = 0.0
        for e in events:
            if e.kind in (Kind.PLAY, Kind.FACE_DOWN):
                p = seat_of(e)
                i = placed[p]
                placed[p] += 1
                deciding = e.kind is Kind.PLAY and e.amount > 0
                flip = 0.0 if e.kind is Kind.FACE_DOWN else SLOW_FLIP if deciding else FLIP_TIME
                wait = SUSPENSE if deciding else 0.0
                face = e.cards[0] if e.kind is Kind.PLAY else None  # a face-down card stays unknown
                self.launch(face, p, slots[p][i], i, t, flip, wait)
                if e.kind is Kind.FACE_DOWN:
                    t += FAN_STAGGER
                elif p == 1:
                    t += MOVE_TIME + wait + flip
            elif e.kind is Kind.WAR:
                t += 0.3
                self.at(t, self._banner(e.amount))
                t += BANNER_TIME
            elif e.kind in (Kind.SHORT, Kind.OUT):
                self.at(t, self._say(e.text))
            elif e.kind is Kind.WIN_PILE:
                self.at(t, self.show_battle_line)  # under the battle while its cards are still in view
                t += WAR_LOOK if e.amount else LOOK_TIME
                self.at(t, self._sweep(seat_of(e)))
                t += SWEEP_TIME + 0.02 * len(self.in_play)
        self.at(t, self.settle)

    def launch(self, card: Card | None, p: int, slot: tuple[float, float], index: int, t: float, flip: float,
               wait: float) -> None:
        sprite = CardSprite(card, *STACK_POS[p], False, CARD_W)
        sprite.visible = False
        sprite.z = 10 + 2 * index + p
        self.in_play.append(sprite)
        self.owners.append(p)

        def leave() -> None:
            sprite.visible = True
            self.shown_counts[p] = max(0, self.shown_counts[p] - 1)
            if flip:
                self.sound("flip", 2)

        self.at(t, leave)
        sprite.move_to(self.animator, slot, MOVE_TIME, "out_cubic", t)
        self.animator.tween(sprite, "width", BATTLE_W, MOVE_TIME, "out_cubic", t)  # it grows on the way
        if flip:
            sprite.flip_to(self.animator, True, flip, t + MOVE_TIME * 0.6 + wait)

    def _banner(self, depth: int) -> Callable[[], None]:
        def show() -> None:
            self.banner.show(war_name(depth), depth)
            if not self.app.settings.reduced_motion:
                self.animator.tween(self.banner, "scale", 1.0, 0.45, "out_back")
            else:
                self.banner.scale = 1.0
            self.animator.tween(self.banner, "alpha", 255.0, 0.2, "linear")
            self.app.sounds.play("war")
        return show

    def _say(self, text: str, seconds: float = 2.5) -> Callable[[], None]:
        return lambda: self.say(text, seconds)

    def _sweep(self, winner: int) -> Callable[[], None]:
        def sweep() -> None:
            self.show_battle_line()
            target = STACK_POS[winner]
            self.animator.tween(self.banner, "alpha", 0.0, 0.3, "linear")
            deciding = [s for s, p in zip(self.in_play, self.owners, strict=True) if p == winner and s.face_up]
            if deciding:
                deciding[-1].highlight = GOLD
            for k, sprite in enumerate(self.in_play):
                sprite.z -= 100  # under the stack's top card as they arrive
                sprite.flip_to(self.animator, False, SWEEP_TIME * 0.8, 0.02 * k)
                sprite.move_to(self.animator, target, SWEEP_TIME, "in_out_quad", 0.02 * k,
                               self._arrived(sprite, winner))
                self.animator.tween(sprite, "width", CARD_W, SWEEP_TIME, "in_out_quad", 0.02 * k)
            self.sound("slide", 4)
        return sweep

    def _arrived(self, sprite: CardSprite, winner: int) -> Callable[[], None]:
        def arrive() -> None:
            sprite.visible = False
            self.shown_counts[winner] += 1
        return arrive

    # -- the end ---------------------------------------------------------------------------
    def stats_details(self) -> dict:
        view = self.view()
        return {"seed": self.match.seed, "seat": self.player, "players": self.names(),
                "options": view.options.to_dict(), "hand": self.rating, **view.stats(self.player)}

    def save_extra(self) -> dict:
        return {"speed_index": self.speed_index, "watched_s": round(self.watched, 2)}

    def result_lines(self) -> list[str]:
        return result_lines(self.view(), self.names(), self.player, self.watched)

    def result_scene(self) -> Scene:
        """A win names the winner, a draw says why; Statistics opens War's statistics page."""
        winners = self.rules.result()["winners"]
        celebrate = len(winners) == 1 and (self.seats[winners[0]].is_human or not self.humans)
        return ResultScene(self.app, result_title(self.view(), self.names()), self.result_lines(),
                           self.finished_buttons(), celebrate)

    def end_buttons(self) -> list[tuple[str, Callable[[], None]]]:
        again, menu = super().end_buttons()
        return [again, ("Statistics", lambda: self.app.push(WarStatsScene(self.app))), menu]

    def new_table(self) -> Scene:
        options = self.view().options.to_dict()
        if options["deck"] == "custom":
            options["deck"] = "shuffled"
        seed = random.Random(self.match.seed).randrange(1, 10 ** 6)
        return start_table(self.app, self.seats, options, seed)

    def draw_table(self, canvas: Canvas) -> None:
        draw_war_table(canvas, self.app.painter, self.view(), self)
