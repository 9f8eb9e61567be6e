"""Kings Corner's rounds on the table: the cards left in hand counted one by one at a round's end,
and the score sheet between two rounds or asked for during one."""
from __future__ import annotations

from game.kings_corner.moves import NextRound, Phase
from game.kings_corner.view import KingsCornerView
from lang import N_
from scenes.kings_corner.sheet import PenaltyCount, fill_sheet
from scenes.sheet import ScoreSheet, Sheet
from scenes.table_parts import TableHost
from sprites.theme import FOCUS

COUNT_PAUSE = 0.7  # after the last card lands, before the counting starts
COUNT_STEP = 0.32  # seconds per counted card
COUNT_LIFT = 8.0  # the card being counted stands up a little


class RoundEnd:
    """The `Rounds` part of Kings Corner's table, and the count it shows."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.count: PenaltyCount | None = None  # the cards left at a round's end, counted one by one

    def view(self) -> KingsCornerView:
        return self.host.view()

    def between_rounds(self) -> bool:
        return self.view().phase == Phase.ROUND_OVER

    def next_round(self) -> None:
        self.host.animator.finish_all()
        self.host.play(NextRound())

    def round_sheet(self) -> Sheet:
        return self.fill_sheet(auto=not self.host.humans)

    def show_sheet(self) -> None:
        """The score sheet during a round (S or the button): every round so far."""
        if self.view().phase == Phase.PLAY and self.host.app.top is self.host:
            self.host.app.push(ScoreSheet(self.host.app, self.fill_sheet, [(N_("Back to the table"), lambda: None)]))

    def fill_sheet(self, auto: bool = False) -> Sheet:
        view = self.view()
        bottom = self.host.seating.bottom
        return fill_sheet(view.phase, view.names, (bottom, 1 - bottom), view.rounds, view.penalties,
                          view.game_number, self.count if view.phase != Phase.PLAY else None, auto)

    def start_counting(self) -> None:
        """Count the cards left in hand one by one on the table (both hands lie face up), holding
        the table busy meanwhile; a click finishes the count at once."""
        self.count = PenaltyCount(self.view().rounds[-1])
        self.host.animator.wait(COUNT_PAUSE, self.count_next)

    def count_next(self) -> None:
        count, host = self.count, self.host
        if count is None:
            return
        for sprite in host.sprites.values():
            sprite.lift = 0.0
        card = count.count_one()
        if card is None:
            for sprite in host.sprites.values():
                sprite.highlight = None  # every card back on its row, unmarked, under the sheet
            host.app.sounds.play("score")
            return
        counted = host.sprites.get(card)
        if counted is not None:
            counted.highlight = FOCUS
            counted.lift = COUNT_LIFT
        host.app.sounds.play("tick")
        host.animator.wait(COUNT_STEP, self.count_next)
