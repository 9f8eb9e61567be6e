"""The War table's layout: big stacks facing each other, a centred battle clear of every panel."""
import pygame

from scenes.war.layout import (
    BATTLE_H,
    BATTLE_RECT,
    BATTLE_W,
    CARD_H,
    CARD_W,
    HISTORY_RECT,
    PANEL_RECT,
    STACK_POS,
    VERDICT_Y,
    control_bar,
    row_positions,
)

WINDOW = pygame.FRect(0, 0, 1280, 720)


def card(pos, w, h):
    rect = pygame.FRect(0, 0, w, h)
    rect.center = pos
    return rect


def test_the_stacks_face_each_other_yours_bottom_left_and_the_battle_cards_are_bigger():
    (yx, yy), (cx, cy) = STACK_POS[0], STACK_POS[1]
    assert yx < 640 < cx and yy > cy, "you at the bottom left, the opponent at the top right"
    assert abs((yx + cx) / 2 - 640) < 1, "mirror images about the middle"
    assert CARD_W >= 110 and BATTLE_W > CARD_W


def test_every_battle_row_is_centred_and_stays_in_the_battle_area_clear_of_stacks_and_panels():
    battle = pygame.FRect(BATTLE_RECT)
    assert abs(battle.centerx - 640) < 1 and WINDOW.contains(battle)
    tally = pygame.FRect(PANEL_RECT[0], PANEL_RECT[1], PANEL_RECT[2], 320)
    stacks = [card(STACK_POS[p], CARD_W, CARD_H) for p in (0, 1)]
    for rect in (pygame.FRect(HISTORY_RECT), tally, *stacks, *(pygame.FRect(c.rect) for c in control_bar())):
        assert not rect.colliderect(battle), rect
    for seat in (0, 1):
        for faces in ([True], [False, False, False, True] * 6 + [True]):  # one battle; a sextuple war
            row = row_positions(faces, seat)
            assert abs((row[0][0] + row[-1][0]) / 2 - 640) < 1e-6
            assert all(battle.contains(card(p, BATTLE_W, BATTLE_H)) for p in row), (seat, len(faces))


def test_who_won_is_written_under_the_battle_above_the_controls():
    assert BATTLE_RECT[1] + BATTLE_RECT[3] < VERDICT_Y - 20
    assert min(c.rect[1] for c in control_bar()) > VERDICT_Y + 20
