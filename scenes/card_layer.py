"""The card sprites of a table, kept where its layout puts them.

A card the viewer may see is keyed by its `Card`; one seen from the back by any other hashable key
(e.g. ("hand", seat, index)), so the sprite holds no face. When a key goes and another comes (a card
drawn from the back, a card turned up, a hand hidden for the pass screen), the nearest sprite that
lost its key takes it.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence

from game.cards import Card
from sprites.canvas import Canvas
from sprites.card_faces import CardPainter
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, show_card
from sprites.theme import CARD_ASPECT

Placer = Callable[[CardSprite, Hashable, Spot, float, bool], None]  # (sprite, key, spot, delay, animate)


def card_of(key: Hashable) -> Card | None:
    """The card a sprite key names, or None for a card seen from the back."""
    return key if isinstance(key, Card) else None


class CardLayer:
    """Sprites by key and the spot each was last sent to; `sync` sends them where a layout says."""

    def __init__(self, deck: str, pile_pos: tuple[float, float], card_w: float,
                 cards: Callable[[], Sequence[Card]]) -> None:
        """`deck` names the backs new sprites show; `cards` gives every card whose face a table may
        show (the game's `GameInfo.deck`), painted ahead."""
        self.deck = deck
        self.cards = cards
        self.pile_pos = pile_pos
        self.card_w = card_w
        self.sprites: dict[Hashable, CardSprite] = {}
        self.spots: dict[Hashable, Spot] = {}

    def sync(self, spots: Mapping[Hashable, Spot], place: Placer, animate: bool = True, stagger: float = 0.0,
             order: Sequence[Hashable] = ()) -> None:
        """Send every sprite to its spot; only a face-up spot gives a sprite its card. With `order`
        (a deal), those cards leave one after the other, `stagger` seconds apart; otherwise each card
        that moves leaves `stagger` after the one before."""
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
            place(sprite, key, spot, delay, animate)
            moved += 1

    def claim(self, card: Card, old_key: Hashable | None = None) -> CardSprite:
        """The sprite of a card coming into sight before the layout says where it goes (a move shown
        step by step): the one at `old_key` (its back) takes the card's key, else a new one."""
        if card in self.sprites:
            return self.sprites[card]
        sprite = self.sprites.pop(old_key, None) if old_key is not None else None
        self.spots.pop(old_key, None)
        if sprite is None:
            sprite = CardSprite(None, *self.pile_pos, False, self.card_w, deck=self.deck)
        self.sprites[card] = sprite
        return sprite

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
                self.sprites[key] = CardSprite(None, *self.pile_pos, False, self.card_w, deck=self.deck)

    def prepare_faces(self, canvas: Canvas, painter: CardPainter, widths: Sequence[float] = ()) -> None:
        """Have the faces in view painted first (under the opening veil), then every other face of the
        deck and its back in idle time at each card width in use, so that no moving frame waits."""
        def size(width: float) -> tuple[int, int]:
            px = max(2, canvas.px(width))
            return (px, max(2, round(px / CARD_ASPECT)))

        deck = self.deck or "french"
        for key, spot in self.spots.items():  # in view: painted under the opening veil
            card = card_of(key) if spot.face_up else None
            painter.prepare([card or deck], size(spot.width), soon=True)
        faces = list({(c.deck, c.rank, c.suit): c for c in self.cards()}.values())
        every = {self.card_w, *widths, *(spot.width for spot in self.spots.values())}
        for width in sorted(every, reverse=True):
            painter.prepare([*faces, deck], size(width))
