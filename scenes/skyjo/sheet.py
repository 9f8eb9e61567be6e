"""What Skyjo writes on the shared score sheet: every round, doubled scores marked, the totals."""
from __future__ import annotations

from game.skyjo.moves import Phase
from game.skyjo.view import RoundScore, SkyjoView
from lang import _
from scenes.sheet import Cell, Row, Sheet
from sprites.theme import CREAM, GOLD, RED


def score_cell(entry: RoundScore, player: int) -> Cell:
    """One player's score of one round; the ender's is marked, red when doubled."""
    text = str(entry.scores[player])
    if player != entry.ender:
        return Cell(text)
    if entry.doubled:
        return Cell(_("{score}  (x2 from {raw})", score=text, raw=entry.raw[player]), RED)
    return Cell(_("{score}  (ended)", score=text), GOLD)


def title(view: SkyjoView) -> str:
    """After a round: which round; at the end: who won."""
    if view.phase != Phase.GAME_OVER:
        return _("Score sheet after round {number}", number=view.round_number)
    best = min(view.totals)
    winners = [view.names[p] for p, total in enumerate(view.totals) if total == best]
    if len(winners) == 1:
        return _("{name} wins!", name=winners[0])
    if len(winners) == 2:
        return _("{first} and {second} share the win!", first=winners[0], second=winners[1])
    return _("{names} share the win!", names=_(", ").join(winners))


def score_sheet(view: SkyjoView) -> Sheet:
    """The sheet over the table between two rounds and at the end of the game."""
    players = range(view.player_count)
    rows = [Row(str(number), [score_cell(entry, p) for p in players])
            for number, entry in enumerate(view.rounds, start=1)]
    best = min(view.totals)
    total = Row(_("Total"), [Cell(str(t), GOLD if t == best else CREAM) for t in view.totals])
    return Sheet(title=title(view), columns=[name[:12] for name in view.names], rows=rows, total=total,
                 note=_("The game ends when someone reaches {target}; the lowest total wins.", target=view.target),
                 label_heading=_("Round"))
