"""What Skyjo writes on the shared score sheet: every round, doubled scores marked, the totals."""
from __future__ import annotations

from game.skyjo.moves import Phase
from game.skyjo.view import RoundScore, SkyjoView
from scenes.sheet import Cell, Row, Sheet
from sprites.theme import CREAM, GOLD, RED


def score_cell(entry: RoundScore, player: int) -> Cell:
    """One player's score of one round; the ender's is marked, red when doubled."""
    text = str(entry.scores[player])
    if player != entry.ender:
        return Cell(text)
    if entry.doubled:
        return Cell(f"{text}  (x2 from {entry.raw[player]})", RED)
    return Cell(f"{text}  (ended)", GOLD)


def title(view: SkyjoView) -> str:
    """After a round: which round; at the end: who won."""
    if view.phase != Phase.GAME_OVER:
        return f"Score sheet after round {view.round_number}"
    best = min(view.totals)
    winners = [view.names[p] for p, total in enumerate(view.totals) if total == best]
    return f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'}!"


def score_sheet(view: SkyjoView) -> Sheet:
    """The sheet over the table between two rounds and at the end of the game."""
    players = range(view.player_count)
    rows = [Row(str(number), [score_cell(entry, p) for p in players])
            for number, entry in enumerate(view.rounds, start=1)]
    best = min(view.totals)
    total = Row("Total", [Cell(str(t), GOLD if t == best else CREAM) for t in view.totals])
    return Sheet(title=title(view), columns=[name[:12] for name in view.names], rows=rows, total=total,
                 note=f"The game ends when someone reaches {view.target}; the lowest total wins.",
                 label_heading="Round")
