"""Where one card sits on a table (a Spot), and the step that sends a card sprite there."""
from __future__ import annotations

from dataclasses import dataclass


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

