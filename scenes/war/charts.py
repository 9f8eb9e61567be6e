"""War's three statistics charts, drawn with the shared charts of scenes/stats_charts.py (axes
with tick values, units, a legend)."""
from __future__ import annotations

import pygame

from lang import N_, _, n_
from scenes.stats_charts import RATE, Bar, bar_chart, line_chart
from sprites.theme import GOLD

LENGTH_COLOUR = (120, 210, 255)


def length_bars(game_lengths: dict, bucket: int, max_bars: int = 30) -> list[tuple[str, float]]:
    """Game-length histogram bars with empty buckets filled in, merged to at most `max_bars`."""
    counts = {int(start): n for start, n in game_lengths.items()}
    if not counts:
        return []
    width = bucket
    while max(counts) // width + 1 > max_bars:
        width *= 2
    merged = [0] * (max(counts) // width + 1)
    for start, n in counts.items():
        merged[start // width] += n
    return [(str(i * width), float(n)) for i, n in enumerate(merged)]


def depth_chart(canvas, rect, war_depths: dict) -> list[pygame.FRect]:
    """How many wars reached each depth (1 = a single war, 2 = a double war...), on a log scale."""
    bars = [Bar(str(depth), float(n), GOLD) for depth, n in sorted(war_depths.items(), key=lambda d: int(d[0]))]
    return bar_chart(canvas, rect, _("Wars by depth"), bars, y_unit=_("wars (log scale)"),
                     x_unit=_("depth: 1 single, 2 double..."), legend=[(_("wars"), GOLD, "bar")], log=True, values=True)


def rate_chart(canvas, rect, curve: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The first human seat's win rate after each game."""
    games = int(curve[-1][0]) if curve else 0
    return line_chart(canvas, rect, _("Win rate over time"), curve,
                      x_unit=n_("{n} game played, oldest first", "{n} games played, oldest first", games),
                      name=N_("win rate"), colour=RATE, even="50%")


def length_chart(canvas, rect, game_lengths: dict, bucket: int) -> list[pygame.FRect]:
    """How many games lasted how many battles, in bars of `bucket` battles (wider when there are many)."""
    lengths = length_bars(game_lengths, bucket)
    width = int(lengths[1][0]) if len(lengths) > 1 else bucket
    bars = [Bar(label, value, LENGTH_COLOUR) for label, value in lengths]
    return bar_chart(canvas, rect, _("Game lengths"), bars, y_unit=_("games"),
                     x_unit=_("battles per game, bars of {width}", width=width),
                     legend=[(_("games"), LENGTH_COLOUR, "bar")])
