"""Where things go on the War table (logical 1280x720): stacks, battle rows, panels, buttons."""
from __future__ import annotations

from dataclasses import dataclass

from lang import N_

CARD_W = 110.0  # the stacks: big enough to watch from the sofa
CARD_H = CARD_W / 0.7
BATTLE_W = 130.0  # the cards of a battle, bigger still
BATTLE_H = BATTLE_W / 0.7
CENTRE_X = 640.0
# you at the bottom left (under the tally, with room for its lines set larger in a small window),
# the opponent top right
STACK_POS = {0: (150.0, 480.0), 1: (1130.0, 200.0)}
ROW_Y = {0: 440.0, 1: 200.0}  # each player's battle row, level with their stack
ROW_HALF_SPAN = 272.0  # the furthest a battle card's centre goes from the middle (rows compress)
DOWN_STEP = 28.0  # face-down cards overlap this much
UP_GAP = 84.0  # a face-up card stands apart so its face shows
BANNER_POS = (CENTRE_X, (ROW_Y[0] + ROW_Y[1]) / 2)
BATTLE_RECT = (CENTRE_X - ROW_HALF_SPAN - BATTLE_W / 2 - 12, ROW_Y[1] - BATTLE_H / 2 - 12,
               2 * ROW_HALF_SPAN + BATTLE_W + 24, ROW_Y[0] - ROW_Y[1] + BATTLE_H + 24)
VERDICT_Y = BATTLE_RECT[1] + BATTLE_RECT[3] + 26  # who won the battle, under it (the message line)
PANEL_RECT = (14.0, 14.0, 250.0, 0.0)  # the tally, top left: its height follows its lines
HISTORY_RECT = (996.0, 380.0, 270.0, 150.0)  # the newest battles, bottom right
RATING_W = 620.0
CONTROLS_Y = 642.0  # the key help under them has room for type set taller (accents, Arabic)
CONTROL_H = 52.0
HINT_Y = (CONTROLS_Y + CONTROL_H + 720.0) / 2  # the key help line, between the controls and the window's foot
SPEEDS = (1, 2, 4, 8)


@dataclass(frozen=True, slots=True)
class Control:
    """A button of the control bar: what it does and where it is."""

    action: str  # "toggle", "step", "speed", "end"
    label: str  # a message, worded as it is drawn (a speed's is no word: "2x  [2]")
    rect: tuple[float, float, float, float]
    value: int = 0


def control_bar() -> list[Control]:
    """Start/pause, step, the four speeds and 'to the end', centred along the bottom."""
    specs = [("toggle", N_("Start  [Space]"), 200.0, 0), ("step", N_("Step  [Right]"), 170.0, 0)]
    specs += [("speed", f"{s}x  [{i + 1}]", 92.0, s) for i, s in enumerate(SPEEDS)]
    specs.append(("end", N_("To the end  [E]"), 196.0, 0))
    gap = 10.0
    total = sum(w for _, _, w, _ in specs) + gap * (len(specs) - 1)
    x = 640.0 - total / 2
    controls = []
    for action, label, width, value in specs:
        controls.append(Control(action, label, (x, CONTROLS_Y, width, CONTROL_H), value))
        x += width + gap
    return controls


def row_positions(face_up: list[bool], seat: int) -> list[tuple[float, float]]:
    """Centres of one player's battle cards in play order: a row centred on the table, compressed
    to fit between the stacks and panels."""
    steps = []
    for i in range(1, len(face_up)):
        steps.append(UP_GAP if face_up[i] or face_up[i - 1] else DOWN_STEP)
    span = sum(steps)
    squeeze = min(1.0, 2 * ROW_HALF_SPAN / span) if span else 1.0
    x = CENTRE_X - span * squeeze / 2
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
