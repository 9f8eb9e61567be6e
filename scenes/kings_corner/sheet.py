"""The Kings Corner score sheet: the cards left in hand counted one by one, and every round so far.

The count runs on the table (the hands lie face up there) before the shared ScoreSheet opens; the
sheet's rows are filled from the view, with the round being counted as far as it has got.
"""
from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card
from game.kings_corner.moves import TARGET, Phase, penalty
from game.kings_corner.view import RoundResult
from lang import N_, _
from scenes.sheet import Cell, Row, Sheet
from sprites.theme import CREAM, FOCUS, GOLD, RED

RANK_MARKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
MAX_SHOWN_CARDS = 12  # cards listed in a "left in hand" cell; more are counted as "+n more"
RULE_NOTE = N_("Kings cost 10 penalty points, every other card 1. At 25 the other player wins.")


class PenaltyCount:
    """The last round's penalty cards, `counted` of them already added up."""

    def __init__(self, result: RoundResult, counted_all: bool = False) -> None:
        self.round = result
        self.items: list[tuple[int, Card, int]] = [
            (seat, card, penalty(card)) for seat in (0, 1) for card in result.left[seat]]
        self.counted = len(self.items) if counted_all else 0

    @property
    def done(self) -> bool:
        return self.counted >= len(self.items)

    def count_one(self) -> Card | None:
        """Add the next card's points and return that card; None when every card is counted."""
        if self.done:
            return None
        self.counted += 1
        return self.items[self.counted - 1][1]

    def running(self, seat: int) -> int:
        """The points of `seat` counted so far this round."""
        return sum(points for s, _card, points in self.items[:self.counted] if s == seat)

    def finish(self) -> None:
        self.counted = len(self.items)


def shown_total(penalties: Sequence[int], count: PenaltyCount | None, seat: int) -> int:
    """The seat's penalty total as far as the count has got."""
    if count is None:
        return penalties[seat]
    return penalties[seat] - (count.round.penalties[seat] - count.running(seat))


def cards_text(cards: Sequence[Card]) -> str:
    """A hand left at a round's end, by rank: "K Q 2"."""
    marks = [RANK_MARKS.get(c.rank, str(c.rank)) for c in cards]
    if len(marks) > MAX_SHOWN_CARDS:
        marks = [*marks[:MAX_SHOWN_CARDS], _("+{n} more", n=len(marks) - MAX_SHOWN_CARDS)]
    return " ".join(marks) if marks else _("none")


def fill_sheet(phase: Phase, names: Sequence[str], seats: Sequence[int], rounds: Sequence[RoundResult],
               penalties: Sequence[int], game_number: int, count: PenaltyCount | None,
               auto: bool = False) -> Sheet:
    """The sheet for the seats in `seats` order: a row per round, the cards left in the last
    round's hands once it is over, and the totals (game to 25)."""
    live = count is not None and not count.done
    rows = []
    for number, result in enumerate(rounds, 1):
        last = number == len(rounds)
        if last and live and count is not None:
            cells = [Cell(str(count.running(s)), FOCUS) for s in seats]
        else:
            cells = [Cell(str(result.penalties[s])) for s in seats]
        rows.append(Row(_("Round {number}", number=number), cells))
    over = phase != Phase.PLAY and rounds
    if over:
        rows.append(Row(_("Left in hand"), [Cell(cards_text(rounds[-1].left[s]), CREAM) for s in seats]))
    totals = [shown_total(penalties, count if over else None, s) for s in seats]
    total = Row(_("Total (to {target})", target=TARGET), [Cell(str(t), RED if t >= TARGET else GOLD) for t in totals])
    if over:
        out = rounds[-1].out
        title = (_("Round {number}: {name} lays down every card", number=len(rounds), name=names[out])
                 if out is not None else _("Round {number} is blocked: both players passed", number=len(rounds)))
    else:
        title = _("Score sheet - game {game}", game=game_number)
    if not rounds:
        note = _("No round has ended yet. {rule}", rule=_(RULE_NOTE))
    elif over and auto:
        note = _("The next round starts by itself.")
    else:
        note = _(RULE_NOTE)
    return Sheet(title, [names[s] for s in seats], rows, total, note)
