"""The shared Spot and `place`: where a card sprite goes, at once or by tween, and who may see it."""
import dataclasses

import pytest

from game.cards import Card
from sprites.card_sprite import CardSprite
from sprites.spots import FLYING_Z, Spot, hide_face, place, show_card
from sprites.tween import Animator

CARD = Card("spanish", 7, "cups")
UP = Spot(x=300.0, y=200.0, width=60.0, face_up=True, z=5, angle=12.0)
DOWN = Spot(x=300.0, y=200.0, width=60.0, face_up=False, z=5)
HIDDEN = Spot(x=300.0, y=200.0, width=60.0, face_up=False, z=3, visible=False)


def shown_sprite() -> CardSprite:
    """A sprite showing its card face up at (10, 10), as a card in the viewer's hand."""
    return CardSprite(CARD, 10, 10, True, 90, deck="spanish")


def run(animator: Animator, seconds: float, dt: float = 1 / 60) -> None:
    for _ in range(round(seconds / dt)):
        animator.update(dt)


def test_spot_is_built_by_keyword_and_frozen():
    with pytest.raises(TypeError):
        Spot(1.0, 2.0, 60.0, True, 0)  # positional fields are refused
    with pytest.raises(dataclasses.FrozenInstanceError):
        UP.z = 9
    assert Spot(x=1, y=2, width=3, face_up=False, z=4) == Spot(z=4, face_up=False, width=3, y=2, x=1)


@pytest.mark.parametrize("animated", [False, True])
def test_a_face_down_spot_never_keeps_a_card(animated):
    sprite = shown_sprite()
    animator = Animator() if animated else None
    place(sprite, CARD, DOWN, animator)
    assert sprite.card is None and not sprite.face_up and not sprite.showing_face()
    if animator is not None:
        run(animator, 1.0)
        assert sprite.card is None and not sprite.showing_face()


def test_show_card_binds_only_face_up_spots_and_hide_face_forgets():
    sprite = CardSprite(None, deck="spanish")
    show_card(sprite, CARD, DOWN)
    assert sprite.card is None
    show_card(sprite, CARD, UP)
    assert sprite.card == CARD
    sprite.face_up = True
    hide_face(sprite)
    assert sprite.card is None and not sprite.face_up and sprite.flip == 1.0


def test_without_an_animator_the_sprite_is_there_at_once():
    sprite = shown_sprite()
    sprite.lift, sprite.alpha, sprite.scale, sprite.z = 20.0, 40.0, 1.5, 700
    place(sprite, CARD, UP)
    assert sprite.pos == (UP.x, UP.y) and sprite.angle == UP.angle and sprite.width == UP.width
    assert sprite.z == UP.z and sprite.visible and sprite.face_up and sprite.card == CARD
    assert sprite.flip == 1.0 and sprite.lift == 0.0 and sprite.alpha == 255.0 and sprite.scale == 1.0
    place(sprite, CARD, HIDDEN)
    assert sprite.z == HIDDEN.z and not sprite.visible and sprite.card is None


def test_with_an_animator_it_flies_over_the_others_and_lands_with_the_spots_z_and_visibility():
    sprite = CardSprite(None, 10, 10, False, 90, deck="spanish")
    animator = Animator()
    place(sprite, CARD, HIDDEN, animator, duration=0.3)
    assert sprite.pos == (10, 10), "it has not moved yet"
    assert sprite.z == HIDDEN.z + FLYING_Z and sprite.visible, "a moving card is seen, above the rest"
    run(animator, 0.15)
    assert 10 < sprite.x < HIDDEN.x and animator.busy
    run(animator, 0.3)
    assert not animator.busy
    assert sprite.pos == pytest.approx((HIDDEN.x, HIDDEN.y)) and sprite.width == pytest.approx(HIDDEN.width)
    assert sprite.z == HIDDEN.z and not sprite.visible


def test_a_face_up_spot_turns_the_card_up_on_the_way_after_the_delay():
    sprite = CardSprite(None, 10, 10, False, 90, deck="spanish")
    animator = Animator()
    place(sprite, CARD, UP, animator, delay=0.2, duration=0.3)
    assert sprite.card == CARD and sprite.face_up and sprite.flip == 0.0
    run(animator, 0.1)
    assert sprite.pos == (10, 10) and sprite.flip == 0.0, "nothing moves before the delay"
    run(animator, 0.5)
    assert sprite.showing_face() and sprite.angle == pytest.approx(UP.angle)
    assert sprite.z == UP.z and sprite.visible


def test_skipping_the_animation_lands_the_card_too():
    sprite = CardSprite(None, 10, 10, False, 90, deck="spanish")
    animator = Animator()
    place(sprite, CARD, UP, animator, delay=1.0)
    animator.finish_all()
    assert sprite.pos == (UP.x, UP.y) and sprite.z == UP.z and sprite.showing_face()


def test_a_landing_card_takes_its_spot_from_the_live_map_when_given():
    sprite = CardSprite(None, 10, 10, False, 90, deck="spanish")
    animator = Animator()
    spots = {CARD: UP}
    place(sprite, CARD, UP, animator, spots=spots)
    spots[CARD] = HIDDEN  # the table placed the card again, without a new move
    run(animator, 1.0)
    assert sprite.z == HIDDEN.z and not sprite.visible
