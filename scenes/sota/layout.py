"""Where every Sota card belongs on the 1280x720 table: a pure function of the view."""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from game.cards import SPANISH_SUITS, Card
from game.sota.view import SotaView
from sprites.spots import Spot, pile_spots

CARD_W = 110.0  # the piles
HAND_W = 116.0  # the hand in front of the screen
SMALL_W = 58.0
PILES_Y = 296.0
DRAW_POS = (570.0, PILES_Y)  # the piles side by side, centred on the table
DISCARD_POS = (710.0, PILES_Y)
HAND_Y = 595.0  # the lowest card (the fan's ends, turned, the pointed one raised) stays over the name plate
HAND_SPAN = 900.0  # widest the bottom fan may get
HAND_STEP = HAND_W + 10.0  # from one bottom card to the next when there is room: side by side
MESSAGE_Y = 468.0  # the message line: between the piles and your hand
SHOWN_PILE = 4  # cards drawn of each pile; the ones under them are hidden (same look)
ACTION_RECT = (535.0, 410.0, 210.0, 38.0)  # the button for Draw / Take the skip / Keep / Pass
# A row of three as high as each other: the moves and the Hint button, the piles on their mat, the status.
SIDE_W, SIDE_TOP, SIDE_H, SIDE_GAP = 260.0, 206.0, 200.0, 30.0
HISTORY_RECT = (DRAW_POS[0] - CARD_W / 2 - SIDE_GAP - SIDE_W, SIDE_TOP, SIDE_W, 150.0)  # the newest moves
HINT_RECT = (HISTORY_RECT[0], SIDE_TOP + SIDE_H - 40, 132.0, 40.0)
STATUS_RECT = (DISCARD_POS[0] + CARD_W / 2 + SIDE_GAP, SIDE_TOP, SIDE_W, SIDE_H)
MAT_RECT = (DRAW_POS[0] - CARD_W / 2 - 18, SIDE_TOP, DISCARD_POS[0] - DRAW_POS[0] + CARD_W + 36, SIDE_H)


@dataclass(frozen=True, slots=True)
class SeatPlace:
    """Where a seat's hand is fanned and where its name plate goes."""

    x: float
    y: float
    vertical: bool
    plate: tuple[float, float]


def display_order(hand: Sequence[Card]) -> list[Card]:
    """A shown hand sorted by suit, then rank."""
    return sorted(hand, key=lambda c: (SPANISH_SUITS.index(c.suit), c.rank))


def seat_places(count: int, bottom: int) -> dict[int, SeatPlace]:
    """The place of every seat, the `bottom` seat in front of the screen, the others around."""
    around = {
        2: [SeatPlace(640, 92, False, (640, 176))],
        3: [SeatPlace(380, 92, False, (380, 176)), SeatPlace(900, 92, False, (900, 176))],
        4: [SeatPlace(120, 300, True, (120, 470)), SeatPlace(640, 92, False, (640, 176)),
            SeatPlace(1160, 300, True, (1160, 470))],
    }[count]
    places = {bottom: SeatPlace(640, HAND_Y, False, (640, 706))}
    for k, place in enumerate(around, start=1):
        places[(bottom + k) % count] = place
    return places


def bottom_fan(count: int) -> list[tuple[float, float, float]]:
    """(x, y, angle) of each card of the front hand: a gentle arc."""
    if count == 0:
        return []
    step = min(HAND_STEP, HAND_SPAN / max(1, count - 1))
    left = 640 - step * (count - 1) / 2
    fan = []
    for i in range(count):
        t = 0.0 if count == 1 else (2 * i / (count - 1) - 1)
        fan.append((left + i * step, HAND_Y + 3 * t * t, -5.0 * t))
    return fan


def small_fan(count: int, place: SeatPlace, face_up: bool = False) -> list[tuple[float, float, float]]:
    """(x, y, angle) of each card of a seat around the table (spread wider once revealed)."""
    span = 240.0 if place.vertical else 280.0
    widest = (30.0 if place.vertical else 40.0) if face_up else (22.0 if place.vertical else 26.0)
    step = min(widest, span / max(1, count - 1))
    first = -step * (count - 1) / 2
    if place.vertical:
        return [(place.x, place.y + first + i * step, 90.0) for i in range(count)]
    return [(place.x + first + i * step, place.y, 0.0) for i in range(count)]


def pile_tilt(card: Card) -> float:
    """A small fixed tilt per card so the discard pile looks thrown, the same every time."""
    return ((card.rank * 7 + SPANISH_SUITS.index(card.suit) * 13) % 15) - 7.0


def hand_keys(view: SotaView, seat: int) -> list[Hashable]:
    """The sprite keys of a seat's hand in fan order: its cards if the view shows them, else backs."""
    shown = view.hands[seat]
    if shown is not None:
        return list(display_order(shown))
    return [("hand", seat, i) for i in range(view.hand_counts[seat])]


def draw_pile_key(view: SotaView) -> Hashable | None:
    """The key of the draw pile's top card (seen from the back), None if the pile is empty."""
    return ("draw", view.draw_count - 1) if view.draw_count else None


def card_spots(view: SotaView, bottom: int) -> dict[Hashable, Spot]:
    """Every card's spot: a hand the view shows is face up (keyed by card), any other is backs."""
    spots: dict[Hashable, Spot] = {}
    spots.update(pile_spots([("draw", i) for i in range(view.draw_count)], DRAW_POS, width=CARD_W, face_up=False,
                            z=0, shown=SHOWN_PILE, step=0.35))
    for i, card in enumerate(view.discard):
        depth = len(view.discard) - 1 - i
        spots[card] = Spot(x=DISCARD_POS[0], y=DISCARD_POS[1], width=CARD_W, face_up=True, z=100 + i,
                           angle=pile_tilt(card), visible=depth < SHOWN_PILE)
    places = seat_places(view.num_players, bottom)
    for seat in range(view.num_players):
        face_up = view.hands[seat] is not None
        keys = hand_keys(view, seat)
        if seat == bottom:
            for i, (key, (x, y, angle)) in enumerate(zip(keys, bottom_fan(len(keys)), strict=True)):
                spots[key] = Spot(x=x, y=y, width=HAND_W, face_up=face_up, z=600 + i, angle=angle)
        else:
            fan = small_fan(len(keys), places[seat], face_up)
            for i, (key, (x, y, angle)) in enumerate(zip(keys, fan, strict=True)):
                spots[key] = Spot(x=x, y=y, width=SMALL_W, face_up=face_up, z=300 + i, angle=angle)
    return spots


PICKER_PANEL = (DRAW_POS[0] - CARD_W / 2 - 18, 206.0, 512.0, 210.0)  # over the piles and the status


def picker_rects() -> list[tuple[str, tuple[float, float, float, float]]]:
    """The four suit buttons of the Seven's suit picker, in SPANISH_SUITS order."""
    left = PICKER_PANEL[0] + 20
    return [(suit, (left + i * 118.0, PICKER_PANEL[1] + 62, 104.0, 116.0)) for i, suit in enumerate(SPANISH_SUITS)]


def draw_pile_rect() -> tuple[float, float, float, float]:
    """Where a click means the draw pile (also when it is empty: a reshuffle refills it)."""
    h = CARD_W / 0.7
    return (DRAW_POS[0] - CARD_W / 2 - 6, DRAW_POS[1] - h / 2 - 6, CARD_W + 12, h + 12)
