"""How a Memory Match move is shown: flips, a pause to read the cards, then the outcome step by
step; the players' panels follow the animation, not the rules."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from game.core import Event, Kind
from game.memory_match.moves import MemoryEvent, Outcome, Tag, is_standard
from game.memory_match.view import MemoryView
from game.record import MoveRecord
from lang.words import W_
from scenes.memory_match.fx import Effects
from scenes.memory_match.layout import GRID_CARD_H, GRID_CARD_W, card_spots, cell_centre
from scenes.table_parts import TableHost
from sprites.card_sprite import CardSprite
from sprites.tween import Step

FLIP_TIME = 0.3
REVEAL_TIME = 1.4      # both cards stay up this long before the outcome (a click skips the rest)
MIN_READ = 0.8         # ... and at least this long whatever is clicked (unless the speed setting is shorter)
OUTCOME_TIME = 0.6
LONE_PAUSE = 0.9


@dataclass
class Panels:
    """What the players' panels show: scores, whose turn, skips, pairs won, as animated so far."""

    scores: list[int] = field(default_factory=lambda: [0, 0])
    current: int = 0
    skips: list[int] = field(default_factory=lambda: [0, 0])
    pairs: list[int] = field(default_factory=lambda: [0, 0])

    def follow(self, view: MemoryView) -> None:
        """Show the rules state as it is."""
        self.scores, self.current = list(view.scores), view.current_player
        self.skips, self.pairs = list(view.skips), [view.pairs_won(seat) for seat in (0, 1)]


def sprite_at(host: TableHost, cell: int) -> CardSprite | None:
    """The sprite the last sync laid in a grid cell (keyed by the cell while face down, else by
    its card), or None for an empty cell; while a move is shown, the cards of the move's start."""
    centre = cell_centre(cell)
    for key, spot in host.spots.items():
        if spot.width == GRID_CARD_W and (spot.x, spot.y) == centre:
            return host.sprites.get(key)
    return None


class MemoryMotion:
    """The steps that show a move, and the reading pause a click cannot cut short."""

    def __init__(self, host: TableHost, panels: Panels, effects: Effects) -> None:
        self.host = host
        self.panels = panels
        self.effects = effects
        self.reading_left = 0.0  # seconds the two turned-up cards stay up whatever is clicked

    def steps(self, record: MoveRecord) -> list[Step]:
        """Flips first; with two cards up, a pause to read them (a click cannot cut it below
        MIN_READ); then the outcome, step by step."""
        host = self.host
        steps: list[Step] = []
        events = record.events
        reveal = [e for e in events if isinstance(e, MemoryEvent) and e.kind is Kind.FLIP and e.tag != Tag.LONE]
        for event in reveal:
            steps.append((FLIP_TIME, partial(self.show_flip, event)))
        rest = [e for e in events if isinstance(e, MemoryEvent) and e not in reveal]
        outcome = next((e for e in rest if e.kind is Kind.OUTCOME), None)
        if outcome is not None:
            scale = host.app.settings.animation_scale
            self.reading_left = FLIP_TIME * len(reveal) * scale + min(MIN_READ, REVEAL_TIME * scale)
            line, computer = record.words, host.match.is_computer(record.mover)
            steps.append((REVEAL_TIME, lambda: host.say(line, 4.0, hold=computer)))
        for event in rest:
            steps += self.outcome_steps(event)
        return steps

    def name_of(self, event: Event) -> str:
        return self.host.seats[event.player].name if event.player is not None else ""

    def show_flip(self, event: MemoryEvent) -> None:
        sprite = sprite_at(self.host, event.cells[0])
        assert sprite is not None
        sprite.card = event.cards[0]
        sprite.lift = 0.0
        sprite.z = 50 + sprite.z % 50
        sprite.flip_to(self.host.animator, True, FLIP_TIME)
        self.host.app.sounds.play("flip")

    def outcome_steps(self, event: MemoryEvent) -> list[Step]:
        name, host = self.name_of(event), self.host
        if event.kind is Kind.SCORE:
            return [(0.0, lambda: self.show_score(event))]
        if event.kind is Kind.REMOVE:
            return [(OUTCOME_TIME, lambda: self.show_removal(event))]
        if event.kind is Kind.TURN_DOWN:
            return [(FLIP_TIME, lambda: self.show_turn_down(event))]
        if event.kind is Kind.FLIP:  # the lone last card
            return [(FLIP_TIME + LONE_PAUSE, partial(self.show_lone, event))]
        if event.kind is Kind.CHOOSE:
            said = (W_("Two Bonus cards! {name} chooses.", name=name) if event.tag == Outcome.TWO_BONUS
                    else W_("Two Penalty cards! {name} chooses.", name=name))
            return [(0.0, lambda: host.say(said, 5.0))]
        if event.kind is Kind.CHOSEN:  # the choice rewrote the turn's line of the history
            line = host.match.lines[-1] if host.match.lines else ""
            return [(0.0, lambda: host.say(line, 4.0, hold=event.player in host.match.computers))]
        if event.kind is Kind.SKIP_PENDING:
            return [(0.0, lambda: self.set_skips(event.player, event.amount))]
        if event.kind is Kind.SKIP:
            return [(0.9, partial(self.show_skip, event))]
        if event.kind is Kind.TURN:
            return [(0.0, lambda: self.set_current(event.player))]
        return []

    def show_lone(self, event: MemoryEvent) -> None:
        self.host.say(W_("The last card is flipped for {name}.", name=self.name_of(event)), 3.0)
        self.show_flip(event)

    def show_skip(self, event: MemoryEvent) -> None:
        self.set_skips(event.player, event.amount)
        self.host.say(W_("{name} skips this turn.", name=self.name_of(event)), 3.0)
        self.host.app.sounds.play("tick")

    def set_skips(self, player: int | None, amount: int) -> None:
        if player is not None:
            self.panels.skips[player] = amount

    def set_current(self, player: int | None) -> None:
        if player is not None:
            self.panels.current = player

    def show_score(self, event: MemoryEvent) -> None:
        if event.player is not None:
            self.panels.scores[event.player] += event.amount
        cells = event.cells or (0,)
        xs = [cell_centre(c)[0] for c in cells]
        ys = [cell_centre(c)[1] for c in cells]
        self.effects.float_text(event.amount, (sum(xs) / len(xs), sum(ys) / len(ys)))
        if event.amount:
            self.host.app.sounds.play("score" if event.amount > 0 else "lose")

    def show_removal(self, event: MemoryEvent) -> None:
        """A won pair flies to its winner's pile; a Bonus bursts; a Penalty crumbles away."""
        host = self.host
        animator, spots = host.animator, card_spots(host.view())
        if event.player is not None:
            self.panels.pairs[event.player] += sum(1 for c in event.cards if is_standard(c)) // 2
        for cell, card in zip(event.cells, event.cards, strict=True):
            sprite = sprite_at(host, cell)
            assert sprite is not None
            sprite.card, sprite.face_up, sprite.flip = card, True, 1.0
            if is_standard(card):
                spot = spots[card]
                sprite.z = 500 + spot.z
                sprite.move_to(animator, (spot.x, spot.y), OUTCOME_TIME, "in_out_cubic")
                animator.tween(sprite, "width", spot.width, OUTCOME_TIME, "in_out_cubic")
                host.app.sounds.play("slide")
            elif card.rank == 7:
                self.effects.burst(sprite.pos)
                animator.tween(sprite, "scale", 1.6, OUTCOME_TIME * 0.7, "out_quad")
                sprite.fade_to(animator, 0.0, OUTCOME_TIME * 0.7)
            else:
                self.effects.crumble(sprite.pos, GRID_CARD_W, GRID_CARD_H)
                animator.tween(sprite, "pos", (sprite.x, sprite.y + 80), OUTCOME_TIME, "in_quad")
                animator.tween(sprite, "angle", 28.0, OUTCOME_TIME, "in_quad")
                animator.tween(sprite, "scale", 0.5, OUTCOME_TIME, "in_quad")
                sprite.fade_to(animator, 0.0, OUTCOME_TIME)

    def show_turn_down(self, event: MemoryEvent) -> None:
        for cell in event.cells:
            sprite = sprite_at(self.host, cell)
            assert sprite is not None
            sprite.flip_to(self.host.animator, False, FLIP_TIME, on_done=lambda s=sprite: setattr(s, "card", None))
