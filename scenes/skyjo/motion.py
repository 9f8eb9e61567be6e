"""How a Skyjo move is shown: each event of it in turn, as steps of the table's animator."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

from game.cards import Card
from game.core import Event, Kind
from game.places import Slot
from game.skyjo.moves import Tag
from game.skyjo.text import last_turn_text, starter_words
from lang import _
from scenes.skyjo.layout import DISCARD_POS, FLYING_Z, PILE_W, Grids, draw_key, grid_boxes, grid_key, held_place
from scenes.table_parts import Pos, TableHost
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, place
from sprites.theme import GOLD
from sprites.tween import Animator, Step

MOVE_TIME = 0.32
FLIP_TIME = 0.25
GLOW_TIME = 0.6
FINAL_FLIP_GAP = 0.12


def slot_of(event: Event) -> int:
    """The slot of the grid an event's `dst` or `src` is."""
    place = event.dst if isinstance(event.dst, Slot) else event.src
    assert isinstance(place, Slot)
    return place.index


class SkyjoMotion:
    """The steps that show one event: cards fly face up, turn, glow and go to the discard pile;
    notes and sounds on the way. `note` says a line of the table's own."""

    def __init__(self, host: TableHost, grids: Grids, note: Callable[[str], None]) -> None:
        self.host = host
        self.grids = grids
        self.note = note

    def event_steps(self, event: Event) -> list[Step]:
        kind = event.kind
        if kind in (Kind.TAKE, Kind.DRAW):
            assert event.player is not None
            pos, width = held_place(event.player, self.grids.active, self.grids.top_order)
            key = self.top_draw_key() if kind is Kind.DRAW else None
            return [(MOVE_TIME, lambda: self.fly(self.host.cards.claim(event.cards[0], key), event.cards[0], pos,
                                                 width, "slide"))]
        if kind is Kind.DISCARD:
            return [(MOVE_TIME, lambda: self.fly(self.host.cards.claim(event.cards[0]), event.cards[0], DISCARD_POS,
                                                 PILE_W, "slide"))]
        if kind is Kind.EXCHANGE:
            return [(MOVE_TIME, lambda: self.show_exchange(event))]
        if kind is Kind.FLIP and event.tag == Tag.FINAL:  # the round is over: no "Last turn!" any more
            return [(0.0, self.end_banner), (FINAL_FLIP_GAP, lambda: self.show_flip(event))]
        if kind is Kind.FLIP:
            return [(FLIP_TIME, lambda: self.show_flip(event))]
        if kind is Kind.COLUMN:
            return [(GLOW_TIME, lambda: self.glow(event)),
                    (MOVE_TIME, lambda: self.show_column(event))]
        if kind is Kind.RESHUFFLE:
            return [(0.0, lambda: self.announce(_("The discard pile is shuffled into a new draw pile."), "shuffle"))]
        if kind is Kind.LAST_TURN:
            return [(0.0, lambda: self.announce(last_turn_text(self.name(event)), "war"))]
        if kind is Kind.STARTER:
            return [(0.0, lambda: self.note(str(starter_words(self.name(event), self.host.view().round_number,
                                                               event.amount))))]
        if kind in (Kind.ROUND_OVER, Kind.GAME_OVER):
            return [(0.0, self.end_banner), (0.2, lambda: self.host.app.sounds.play("score"))]
        return []

    def top_draw_key(self) -> Hashable | None:
        """The key of the draw pile's top sprite as last laid out."""
        indexes = [key[1] for key in self.host.sprites if isinstance(key, tuple) and key[0] == "draw"]
        return draw_key(max(indexes)) if indexes else None

    def name(self, event: Event) -> str:
        """The name of the seat an event is about."""
        return self.host.seats[event.player].name if event.player is not None else ""

    def announce(self, text: str, sound: str) -> None:
        """A note with its sound (the sound plays even while a computer's line is read)."""
        self.note(text)
        self.host.app.sounds.play(sound)

    def end_banner(self) -> None:
        self.grids.banner = ""

    def fly(self, sprite: CardSprite, card: Card, pos: Pos, width: float, sound: str = "") -> None:
        """A card flies face up over everything to `pos`."""
        animator = self.host.animator
        sprite.visible, sprite.z, sprite.lift, sprite.highlight = True, FLYING_Z, 0.0, None
        sprite.card = card
        sprite.flip_to(animator, True, FLIP_TIME)
        sprite.move_to(animator, pos, MOVE_TIME)
        animator.tween(sprite, "width", width, MOVE_TIME, "out_cubic")
        if sound:
            self.host.app.sounds.play(sound)

    def show_exchange(self, event: Event) -> None:
        new, old = event.cards
        assert event.player is not None
        slot = slot_of(event)
        box = grid_boxes(self.grids.active, self.grids.top_order)[event.player]
        self.fly(self.host.cards.claim(new), new, box.slot_centre(slot), box.card_w, "slide")
        old_sprite = self.host.cards.claim(old, grid_key(event.player, slot))
        self.fly(old_sprite, old, DISCARD_POS, PILE_W)
        old_sprite.z = FLYING_Z + 1

    def show_flip(self, event: Event) -> None:
        card = event.cards[0]
        assert event.player is not None
        sprite = self.host.cards.claim(card, grid_key(event.player, slot_of(event)))
        sprite.card = card
        sprite.flip_to(self.host.animator, True, FLIP_TIME)
        self.host.app.sounds.play("flip")

    def glow(self, event: Event) -> None:
        for card in event.cards:
            sprite = self.host.cards.claim(card)
            sprite.card, sprite.highlight = card, GOLD
            sprite.flip_to(self.host.animator, True, 0.01)
            sprite.lift_to(self.host.animator, 8.0)
        self.host.app.sounds.play("score")
        assert event.player is not None
        self.note(f"{self.host.seats[event.player].name} completes a column of {event.amount}s: "
                  "it goes to the discard pile.")

    def show_column(self, event: Event) -> None:
        for i, card in enumerate(event.cards):
            sprite = self.host.cards.claim(card)
            self.fly(sprite, card, DISCARD_POS, PILE_W)
            sprite.z = FLYING_Z + 2 + i
            sprite.lift = 0.0


def place_card(sprite: CardSprite, card: Card | None, spot: Spot, animator: Animator | None = None,
               delay: float = 0.0, duration: float = MOVE_TIME, spots: Mapping[Hashable, Spot] | None = None,
               key: Hashable = None) -> None:
    """Skyjo's own move to a spot (its `TableSettings.place_card`): the card takes its spot's z at
    once and turns either way on the way; one turning face down (an open discard reshuffled) keeps
    its card until the flip is done."""
    if animator is None:
        place(sprite, card, spot)
        return
    if spot.face_up:
        sprite.card = card
    sprite.visible = spot.visible or sprite.visible
    sprite.z = spot.z
    if sprite.face_up != spot.face_up:
        sprite.flip_to(animator, spot.face_up, FLIP_TIME, delay, on_done=lambda: after_flip(sprite, spot))
    sprite.move_to(animator, (spot.x, spot.y), duration, "out_cubic", delay,
                   on_done=lambda: setattr(sprite, "visible", spot.visible))
    animator.tween(sprite, "width", spot.width, duration, "out_cubic", delay)


def after_flip(sprite: CardSprite, spot: Spot) -> None:
    """A card turned face down lets go of its card once the flip is done."""
    if not spot.face_up:
        sprite.card = None
