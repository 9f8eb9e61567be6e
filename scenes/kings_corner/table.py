"""The Kings Corner table: eight piles, hands, animated moves, the count at a round's end."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace
from typing import Any

import pygame

from game.cards import Card
from game.core import Kind
from game.kings_corner.moves import LayCard, MovePile, NextRound, Phase
from game.kings_corner.rules import KingsCornerGame
from game.kings_corner.text import hint_reason, with_group_marks
from game.match import Match
from game.record import MoveRecord
from game.seats import Seat
from game.words import plural
from scenes.base import Scene
from scenes.card_layer import card_of
from scenes.kings_corner.draw import draw_control, draw_table_parts
from scenes.kings_corner.input import KingsCornerInput
from scenes.kings_corner.layout import (
    BUTTON_RECTS,
    DRAW_POS,
    HINT_RECT,
    HISTORY_RECT,
    MESSAGE_LINE_Y,
    PILE_W,
    card_spots,
    draw_pile_rect,
    pile_rect,
    seat_anchor,
)
from scenes.kings_corner.sheet import PenaltyCount, fill_sheet
from scenes.legacy_table import TableScene
from scenes.sheet import ScoreSheet, Sheet
from scenes.table_marks import Mark
from sprites.bubble import Anchor
from sprites.canvas import Canvas
from sprites.card_faces import CardPainter
from sprites.card_sprite import CardSprite
from sprites.spots import FLIP_SHARE, Spot, place
from sprites.theme import FOCUS

DEAL_STAGGER = 0.05
COUNT_PAUSE = 0.7  # after the last card lands, before the counting starts
COUNT_STEP = 0.32  # seconds per counted card
COUNT_LIFT = 8.0  # the card being counted stands up a little
LAID_FLIP_SHARE = 0.2  # a computer's card turns face up in the first fifth of its flight
GATHER_SPOT = Spot(x=DRAW_POS[0], y=DRAW_POS[1], width=PILE_W, face_up=False, z=0)


def start_table(app, seats: list[Seat], options: dict, seed: int) -> KingsCornerTable:
    """A new game: the first computer seat deals the first round (so a human plays first)."""
    dealer = next((i for i, s in enumerate(seats) if not s.is_human), 1)
    return KingsCornerTable(app, Match.new("kings_corner", seats, {"first_dealer": dealer}, seed), deal=True)


def resume_table(app, match: Match) -> KingsCornerTable:
    """The table of a saved match."""
    if not isinstance(match.rules, KingsCornerGame):
        raise ValueError("not a Kings Corner save")
    return KingsCornerTable(app, match)


class KingsCornerTable(TableScene[KingsCornerGame]):
    """Only the cards the view shows have identities; the other hand and the draw pile are backs."""

    GAME = "kings_corner"
    DECK = "french"
    PILE_POS = DRAW_POS
    CARD_W = PILE_W
    MOVE_TIME = 0.42
    THINK_TIME = 1.2  # after each move has landed: about 1.6 s per computer move at normal speed
    MESSAGE_Y = MESSAGE_LINE_Y
    HISTORY_RECT = HISTORY_RECT
    HINT_RECT = HINT_RECT
    RESULT_PAUSE = 1.4  # the counted table stays in view before the result
    AUTO_NEXT_ROUND = 2.5  # a table of computers only deals on by itself

    def __init__(self, app, match: Match[KingsCornerGame], deal: bool = False) -> None:
        super().__init__(app, match)
        self.deal_first = deal
        self.count: PenaltyCount | None = None  # the cards left at a round's end, counted one by one
        self.input = KingsCornerInput(self)

    # -- input: the controller's hooks, and what it picked and points at (drawn, and read by tests)
    def on_motion(self, pos: tuple[float, float]) -> None:
        self.input.on_motion(pos)

    def on_press(self, pos: tuple[float, float]) -> None:
        self.input.on_press(pos)

    def on_release(self, pos: tuple[float, float]) -> None:
        self.input.on_release(pos)

    def on_key(self, key: int, mod: int) -> None:
        self.input.on_key(key, mod)

    def reveal(self) -> None:
        super().reveal()
        self.input.reveal()

    # -- what the table shows ------------------------------------------------------------------
    @property
    def painter(self) -> CardPainter:
        return self.app.painter

    @property
    def four_colour(self) -> bool:
        """Four-colour suits are on: the faces and the rules words name the colour groups' marks."""
        return bool(self.app.settings.four_colour)

    def legal_moves(self) -> list[Any]:
        """The viewer's moves on their turn, from their view (drawing never reads the rules)."""
        return list(self.view().legal_moves)

    def layout(self) -> Mapping[Hashable, Spot]:
        return card_spots(self.view(), self.seating.bottom)

    def begin(self) -> None:
        """Deal a new game from the draw pile, or lay out a resumed one (its count already done)."""
        view = self.view()
        if view.phase != Phase.PLAY and view.rounds:
            self.count = PenaltyCount(view.rounds[-1], counted_all=True)
        if self.deal_first:
            self.deal()
        else:
            self.sync(animate=False)

    def deal(self) -> None:
        """Every card back on the draw pile, face down, then the new round flies out card by card."""
        for sprite in self.sprites.values():
            self.animator.cancel(sprite)
            sprite.highlight = None
            place(sprite, None, GATHER_SPOT)
        self.spots.clear()
        self.sync(animate=True, stagger=DEAL_STAGGER, order=self.deal_order())
        self.app.sounds.play("deal")

    def deal_order(self) -> list[Hashable]:
        """The sprite keys in the order of a deal: one card at a time to each hand, the player who
        did not deal first, then one card on each side pile."""
        view = self.view()
        hands: list[list[Hashable]] = []
        for seat in (0, 1):
            cards = view.shown_hand(seat)
            hidden: list[Hashable] = [("hand", seat, i) for i in range(view.hand_counts[seat])]
            hands.append(list(cards) if cards is not None else hidden)
        first = 1 - view.dealer
        order: list[Hashable] = []
        for i in range(max(len(h) for h in hands)):
            order += [hands[seat][i] for seat in (first, 1 - first) if i < len(hands[seat])]
        return order + [card for pile in view.piles for card in pile]

    def place_card(self, sprite: CardSprite, key: Hashable, spot: Spot, delay: float, animate: bool) -> None:
        """A card leaving a hand seen from the back (the computer's) turns face up as it sets off, so
        the card is seen flying to its pile, not only once it lies there."""
        from_hidden_hand = sprite.card is None and isinstance(key, Card) and spot.face_up
        place(sprite, card_of(key), spot, self.animator if animate else None, delay, self.MOVE_TIME, self.spots,
              key, LAID_FLIP_SHARE if from_hidden_hand else FLIP_SHARE)

    # -- moves -------------------------------------------------------------------------------
    def refused(self, reason: str) -> str:
        """The reason names the colour marks on four-colour faces; a dragged card or pile snaps back."""
        self.sync(animate=True)
        return with_group_marks(reason) if self.four_colour else reason

    # -- what the player may do --------------------------------------------------------------
    def move_marks(self) -> list[Mark]:
        """While a card or pile is picked up, the piles that take it; otherwise the hand cards
        and the piles that have a legal move."""
        piles = self.view().piles
        if self.input.selected is not None:
            return [pile_rect(n, len(piles[n - 1]) + 1) for n in self.input.legal_targets(self.input.selected)]
        moves = self.legal_moves()
        cards = dict.fromkeys(m.card for m in moves if isinstance(m, LayCard))
        sources = dict.fromkeys(m.src for m in moves if isinstance(m, MovePile))
        return [*cards, *(pile_rect(n, len(piles[n - 1])) for n in sources)]

    def hint_marks_for(self, move: Any) -> list[Mark]:
        """The card and the pile it goes on, the two piles of a pile move, or the draw pile."""
        piles = self.view().piles
        if isinstance(move, LayCard):
            return [move.card, pile_rect(move.pile, len(piles[move.pile - 1]) + 1)]
        if isinstance(move, MovePile):
            return [pile_rect(move.src, len(piles[move.src - 1])), pile_rect(move.dst, len(piles[move.dst - 1]) + 1)]
        return [draw_pile_rect(), pygame.FRect(BUTTON_RECTS["draw"])]

    def hint_reason(self, move: Any) -> str:
        return hint_reason(move, self.view())

    def animate(self, record: MoveRecord) -> None:
        move, events = record.move, record.events
        self.input.clear_selection()
        if isinstance(move, NextRound):
            self.count = None
            self.app.sounds.play("shuffle")
            self.deal()
            return
        if not self.match.is_computer(record.mover):
            self.say(record.line)  # a human's own move, in words
        kinds = {e.kind for e in events}
        if kinds & {Kind.LAY, Kind.MOVE_PILE, Kind.UNDO}:
            self.app.sounds.play("slide")
        elif Kind.DRAW in kinds:
            self.app.sounds.play("deal")
        elif Kind.PASS in kinds:
            self.app.sounds.play("tick")
        self.sync(animate=True)
        if Kind.ROUND_OVER in kinds:
            self.start_counting()

    # -- the round's end ---------------------------------------------------------------------
    def start_counting(self) -> None:
        """Count the cards left in hand one by one on the table (both hands lie face up), holding
        the table busy meanwhile; a click finishes the count at once."""
        view = self.view()
        self.count = PenaltyCount(view.rounds[-1])
        self.animator.wait(COUNT_PAUSE, self.count_next)

    def count_next(self) -> None:
        count = self.count
        if count is None:
            return
        for sprite in self.sprites.values():
            sprite.lift = 0.0
        card = count.count_one()
        if card is None:
            for sprite in self.sprites.values():
                sprite.highlight = None  # every card back on its row, unmarked, under the sheet
            self.app.sounds.play("score")
            return
        counted = self.sprites.get(card)
        if counted is not None:
            counted.highlight = FOCUS
            counted.lift = COUNT_LIFT
        self.app.sounds.play("tick")
        self.animator.wait(COUNT_STEP, self.count_next)

    def between_rounds(self) -> bool:
        return self.view().phase == Phase.ROUND_OVER

    def next_round(self) -> None:
        if self.between_rounds():
            self.animator.finish_all()
            self.play(NextRound())

    def round_sheet(self) -> Sheet:
        return self.fill_sheet(auto=not self.humans)

    def show_sheet(self) -> None:
        """The score sheet during a round (S or the button): every round so far."""
        if self.view().phase == Phase.PLAY and self.app.top is self:
            self.app.push(ScoreSheet(self.app, self.fill_sheet, [("Back to the table", lambda: None)]))

    def fill_sheet(self, auto: bool = False) -> Sheet:
        view = self.view()
        bottom = self.seating.bottom
        return fill_sheet(view.phase, view.names, (bottom, 1 - bottom), view.rounds, view.penalties,
                          view.game_number, self.count if view.phase != Phase.PLAY else None, auto)

    def message_shown(self) -> bool:
        """Only while a round is played (the hint line tells the count at its end)."""
        return self.view().phase == Phase.PLAY

    def draw_table(self, canvas: Canvas) -> None:
        draw_table_parts(self, canvas)

    def seat_anchor(self, seat: int) -> Anchor:
        return seat_anchor(seat, self.seating.bottom, self.view().hand_counts)

    def draw_hint_button(self, canvas: Canvas) -> None:
        """The Hint button, drawn like the table's other buttons (greyed out when not your turn)."""
        rect = pygame.FRect(self.HINT_RECT)
        hovered = rect.collidepoint(self.app.canvas.to_logical(pygame.mouse.get_pos()))
        label = "Thinking..." if self.match.hint_pending() else "Hint"
        draw_control(canvas, rect, label, "H", False, hovered, self.my_turn())

    # -- the end -----------------------------------------------------------------------------
    def result_scene(self) -> Scene:
        """The game's score sheet, round by round with the hands left in the last, titled with the
        winner and asking to play again (Yes, No, View table)."""
        winners = self.rules.result()["winners"]
        title = f"{self.seats[winners[0]].name} wins the game!" if len(winners) == 1 else "The game is a tie"

        def fill() -> Sheet:
            sheet = self.fill_sheet()
            return replace(sheet, title=title, note=" ".join(self.result_lines()))

        return ScoreSheet(self.app, fill, self.finished_buttons(), sound="win")

    def end_buttons(self) -> list[tuple[str, Callable[[], None]]]:
        return [("Yes", lambda: self.app.replace(self.new_table())), ("No", self.goodbye)]

    def goodbye(self) -> None:
        self.app.notify("Thanks for playing Kings Corner.")
        self.app.to_menu()

    def result_lines(self) -> list[str]:
        penalties = self.rules.result()["penalties"]
        lines = [f"{s.name}: {plural(p, 'penalty point')}." for s, p in zip(self.seats, penalties, strict=True)]
        lines.append(f"{plural(len(self.view().rounds), 'round')}. Play again?")
        return lines

    def stats_details(self) -> dict:
        view = self.view()
        return {"seed": self.match.seed, "rounds": len(view.rounds), "game_number": view.game_number,
                "levels": [s.level if not s.is_human else "human" for s in self.seats]}

    def new_table(self) -> Scene:
        """The next game: penalties back to zero, dealt by who did not deal the last round."""
        match = Match(self.rules.play_again(), self.seats, self.match.seed + 1)
        return KingsCornerTable(self.app, match, deal=True)
