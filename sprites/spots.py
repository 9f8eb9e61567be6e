"""Where one card sits on a table (a Spot), and the step that sends a card sprite there."""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.cards import Card
    from sprites.card_sprite import CardSprite
    from sprites.tween import Animator

MOVE_TIME = 0.4  # seconds a placed card takes to reach its spot (tables pass their own)
FLYING_Z = 1000  # added to a moving card's z: it flies over every card at rest
FLIP_SHARE = 0.8  # a card turning face up on the way takes this share of the move


@dataclass(frozen=True, slots=True, kw_only=True)
class Spot:
    """Where one card sits and how it shows: centre, width, side, drawing order, tilt, drawn or not."""

    x: float
    y: float
    width: float
    face_up: bool
    z: int
    angle: float = 0.0
    visible: bool = True


def pile_spots(keys: Sequence[Hashable], pos: tuple[float, float], *, width: float, face_up: bool, z: int,
               shown: int, step: float, rise: int = 12, angles: Sequence[float] = ()) -> dict[Hashable, Spot]:
    """A pile, bottom card first: each card `step` up and left of the one below (up to `rise`
    steps, so a tall pile keeps its place); only the top `shown` cards are drawn."""
    count = len(keys)
    return {key: Spot(x=pos[0] - min(i, rise) * step, y=pos[1] - min(i, rise) * step, width=width,
                      face_up=face_up, z=z + i, angle=angles[i] if angles else 0.0,
                      visible=count - 1 - i < shown)
            for i, key in enumerate(keys)}


def hide_face(sprite: CardSprite) -> None:
    """Forget the sprite's card and show its back at once, without a flip: nobody may see it."""
    sprite.card, sprite.face_up, sprite.flip = None, False, 1.0


def show_card(sprite: CardSprite, card: Card | None, spot: Spot) -> None:
    """Give the sprite its card only on a face-up spot; on a face-down spot hide the face at once."""
    if spot.face_up and card is not None:
        sprite.card = card
    else:
        hide_face(sprite)


def place(sprite: CardSprite, card: Card | None, spot: Spot, animator: Animator | None = None,
          delay: float = 0.0, duration: float = MOVE_TIME, spots: Mapping[Hashable, Spot] | None = None,
          key: Hashable = None, flip_share: float = FLIP_SHARE) -> None:
    """Send a sprite to its spot: at once without an animator, else a tween after `delay` seconds.

    A moving card flies over the others, turns face up on the way if its spot is face up, and
    takes its spot's z and visibility when it lands: from `spots` (the table's live map, under
    `key`, by default the card) as it is by then, if given, since the table may have placed the
    card again meanwhile.
    A face-down spot never keeps the card. `flip_share`: the share of the move the turn takes (a
    small one shows the face for most of the flight).
    """
    show_card(sprite, card, spot)
    sprite.lift = 0.0
    if animator is None:
        sprite.pos, sprite.angle, sprite.width = (spot.x, spot.y), spot.angle, spot.width
        sprite.face_up, sprite.flip = spot.face_up, 1.0
        sprite.z, sprite.visible = spot.z, spot.visible
        sprite.alpha, sprite.scale = 255.0, 1.0
        return

    def land() -> None:
        now = spot if spots is None else spots.get(card if key is None else key, spot)
        sprite.z, sprite.visible = now.z, now.visible

    sprite.z = spot.z + FLYING_Z
    sprite.visible = True
    sprite.move_to(animator, (spot.x, spot.y), duration, "out_cubic", delay, land)
    animator.tween(sprite, "angle", spot.angle, duration, "out_cubic", delay)
    animator.tween(sprite, "width", spot.width, duration, "out_cubic", delay)
    if spot.face_up and not sprite.face_up:
        sprite.flip_to(animator, True, duration * flip_share, delay)
