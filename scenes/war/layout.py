"""Where things go on the War table (logical 1280x720): stacks, battle rows, panels, buttons."""
from __future__ import annotations

from dataclasses import dataclass

CARD_W = 84.0
CARD_H = CARD_W / 0.7
STACK_POS = {0: (170.0, 520.0), 1: (170.0, 205.0)}  # you at the bottom, the opponent on top
ROW_Y = {0: 470.0, 1: 255.0}
ROW_LEFT = 390.0  # centre of the first card turned in a battle
ROW_RIGHT = 972.0  # the furthest a card centre may go (rows compress to fit)
DOWN_STEP = 26.0  # face-down cards overlap this much
UP_GAP = 62.0  # a face-up card stands apart so its face shows
BANNER_POS = (690.0, 362.0)
PANEL_RECT = (1030.0, 96.0, 232.0, 520.0)
RATING_RECT = (380.0, 246.0, 620.0, 236.0)
CONTROLS_Y = 648.0
CONTROL_H = 52.0
SPEEDS = (1, 2, 4, 8)


@dataclass(frozen=True, slots=True)
class Control:
    """A button of the control bar: what it does and where it is."""

    action: str  # "toggle", "step", "speed", "end"
    label: str
    rect: tuple[float, float, float, float]
    value: int = 0


def control_bar() -> list[Control]:
    """Start/pause, step, the four speeds and 'to the end', centred along the bottom."""
    specs = [("toggle", "Start  [Space]", 200.0, 0), ("step", "Step  [Right]", 170.0, 0)]
    specs += [("speed", f"{s}x  [{i + 1}]", 92.0, s) for i, s in enumerate(SPEEDS)]
    specs.append(("end", "To the end  [E]", 196.0, 0))
    gap = 10.0
    total = sum(w for _, _, w, _ in specs) + gap * (len(specs) - 1)
    x = 640.0 - total / 2
    controls = []
    for action, label, width, value in specs:
        controls.append(Control(action, label, (x, CONTROLS_Y, width, CONTROL_H), value))
        x += width + gap
    return controls


def row_positions(face_up: list[bool], seat: int) -> list[tuple[float, float]]:
    """Centres of one player's battle cards in play order, compressed to fit the row."""
    steps = []
    for i in range(1, len(face_up)):
        steps.append(UP_GAP if face_up[i] or face_up[i - 1] else DOWN_STEP)
    span = sum(steps)
    room = ROW_RIGHT - ROW_LEFT
    squeeze = min(1.0, room / span) if span else 1.0
    x = ROW_LEFT
    positions = [(x, ROW_Y[seat])]
    for step in steps:
        x += step * squeeze
        positions.append((x, ROW_Y[seat]))
    return positions


def stack_layers(count: int) -> int:
    """How many card backs to draw for a stack's thickness."""
    if count <= 0:
        return 0
    return min(8, 1 + count // 7)
