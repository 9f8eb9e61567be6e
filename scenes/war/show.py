"""What the War table shows between two states of the rules: a battle's cards in flight, the stacks'
counts as they leave and reach them, the tally of the last battle shown, the war banner; and the
script that animates one battle."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from game.cards import Card
from game.core import Event, Kind
from game.war import WarView
from game.war.text import out_text, short_text
from scenes.table_parts import TableHost
from scenes.war.draw import Banner
from scenes.war.layout import BATTLE_W, CARD_W, STACK_POS, row_positions
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


def snapshot(view: WarView) -> dict:
    """The counters the tally shows, as of `view`."""
    return {"battles": view.battles, "battles_won": list(view.battles_won), "wars": view.wars,
            "wars_won": list(view.wars_won), "longest": view.longest_war, "play_time": view.play_time_s}


def seat_of(event: Event) -> int:
    """The seat of a card laid or a pile won: War's rules always name it."""
    if event.player is None:
        raise ValueError(f"War's {event.kind!r} event names no player")
    return event.player


class BattleShow:
    """The cards of the battle being shown and the counters as the screen shows them (the view
    already holds the battle's outcome)."""

    def __init__(self, host: TableHost, view: WarView, speed: Callable[[], int]) -> None:
        self.host = host
        self.speed = speed  # the table's pace (1x-8x): the faster ones leave some sounds out
        self.in_play: list[CardSprite] = []
        self.owners: list[int] = []  # the seat each sprite in play came from
        self.shown_counts = list(view.stack_sizes)  # stack sizes as the cards in flight leave or reach them
        self.tally = snapshot(view)  # the counters as of the last battle shown
        self.banner = Banner()

    def settle(self, view: WarView) -> None:
        """Between battles: what is shown is exactly the view."""
        self.in_play, self.owners = [], []
        self.shown_counts = list(view.stack_sizes)
        self.tally = snapshot(view)

    def at(self, t: float, action: Callable[[], None]) -> None:
        """Run `action` t seconds (at 1x) into the current battle's animation."""
        self.host.animator.wait(t, action)

    def sound(self, name: str, up_to_speed: int = 8) -> None:
        if self.speed() <= up_to_speed:
            self.host.app.sounds.play(name)

    def animate(self, events: Sequence[Event], told: Callable[[], None], settled: Callable[[], None]) -> None:
        """Cards slide out and flip, face-down cards fan out, a war banner, the pile swept; `told`
        says the battle's line once its winner shows, `settled` ends it."""
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
                name = self.host.seats[seat_of(e)].name
                self.at(t, self._say(out_text(name) if e.kind is Kind.OUT else short_text(name, e.amount)))
            elif e.kind is Kind.WIN_PILE:
                self.at(t, told)  # under the battle while its cards are still in view
                t += WAR_LOOK if e.amount else LOOK_TIME
                self.at(t, self._sweep(seat_of(e), told))
                t += SWEEP_TIME + 0.02 * len(self.in_play)
        self.at(t, settled)

    def launch(self, card: Card | None, p: int, slot: tuple[float, float], index: int, t: float, flip: float,
               wait: float) -> None:
        animator = self.host.animator
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
        sprite.move_to(animator, slot, MOVE_TIME, "out_cubic", t)
        animator.tween(sprite, "width", BATTLE_W, MOVE_TIME, "out_cubic", t)  # it grows on the way
        if flip:
            sprite.flip_to(animator, True, flip, t + MOVE_TIME * 0.6 + wait)

    def _banner(self, depth: int) -> Callable[[], None]:
        def show() -> None:
            animator = self.host.animator
            self.banner.show(depth)
            if not self.host.app.settings.reduced_motion:
                animator.tween(self.banner, "scale", 1.0, 0.45, "out_back")
            else:
                self.banner.scale = 1.0
            animator.tween(self.banner, "alpha", 255.0, 0.2, "linear")
            self.host.app.sounds.play("war")
        return show

    def _say(self, text: str, seconds: float = 2.5) -> Callable[[], None]:
        return lambda: self.host.say(text, seconds)

    def _sweep(self, winner: int, told: Callable[[], None]) -> Callable[[], None]:
        def sweep() -> None:
            told()
            animator = self.host.animator
            target = STACK_POS[winner]
            animator.tween(self.banner, "alpha", 0.0, 0.3, "linear")
            deciding = [s for s, p in zip(self.in_play, self.owners, strict=True) if p == winner and s.face_up]
            if deciding:
                deciding[-1].highlight = GOLD
            for k, sprite in enumerate(self.in_play):
                sprite.z -= 100  # under the stack's top card as they arrive
                sprite.flip_to(animator, False, SWEEP_TIME * 0.8, 0.02 * k)
                sprite.move_to(animator, target, SWEEP_TIME, "in_out_quad", 0.02 * k,
                               self._arrived(sprite, winner))
                animator.tween(sprite, "width", CARD_W, SWEEP_TIME, "in_out_quad", 0.02 * k)
            self.sound("slide", 4)
        return sweep

    def _arrived(self, sprite: CardSprite, winner: int) -> Callable[[], None]:
        def arrive() -> None:
            sprite.visible = False
            self.shown_counts[winner] += 1
        return arrive
