"""The Kings Corner table: the shared table with Kings Corner's parts (eight piles, hands, animated
moves, the count at a round's end)."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import replace
from typing import Any

import pygame

from game.cards import Card
from game.core import Kind
from game.kings_corner.moves import LayCard, MovePile, NextRound, Phase
from game.kings_corner.rules import KingsCornerGame
from game.kings_corner.text import hint_reason
from game.kings_corner.view import KingsCornerView
from game.match import Match
from game.record import MoveRecord
from game.seats import Seat
from lang import N_, _, n_
from scenes.base import Host, Scene
from scenes.kings_corner.draw import HintButton, KingsCornerDrawer, Look
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
from scenes.kings_corner.rounds import RoundEnd
from scenes.kings_corner.sheet import PenaltyCount
from scenes.result import celebrates
from scenes.sheet import ScoreSheet, Sheet
from scenes.table import Network, Table
from scenes.table_marks import Mark
from scenes.table_parts import Button, Ending, GameParts, TableHost, TableSettings
from sprites.bubble import Anchor
from sprites.card_sprite import CardSprite
from sprites.spots import FLIP_SHARE, Spot, place
from sprites.tween import Animator

DEAL_STAGGER = 0.05
MOVE_TIME = 0.42
LAID_FLIP_SHARE = 0.2  # a computer's card turns face up in the first fifth of its flight
GATHER_SPOT = Spot(x=DRAW_POS[0], y=DRAW_POS[1], width=PILE_W, face_up=False, z=0)


def lay_card(sprite: CardSprite, card: Card | None, spot: Spot, animator: Animator | None = None,
             delay: float = 0.0, duration: float = MOVE_TIME, spots: Mapping[Hashable, Spot] | None = None,
             key: Hashable = None) -> None:
    """A card leaving a hand seen from the back (the computer's) turns face up as it sets off, so
    the card is seen flying to its pile, not only once it lies there (`TableSettings.place_card`)."""
    from_hidden_hand = sprite.card is None and card is not None and spot.face_up
    flip_share = LAID_FLIP_SHARE if from_hidden_hand else FLIP_SHARE
    place(sprite, card, spot, animator, delay, duration, spots, key, flip_share)


SETTINGS = TableSettings(
    game="kings_corner", deck="french", pile_pos=DRAW_POS, card_w=PILE_W, move_time=MOVE_TIME,
    think_time=1.2,  # after each move has landed: about 1.6 s per computer move at normal speed
    message_pos=(640.0, MESSAGE_LINE_Y), history_rect=HISTORY_RECT, hint_rect=HINT_RECT,
    own_hint_button=True,  # drawn like the table's other buttons (scenes/kings_corner/draw.py)
    result_pause=1.4,  # the counted table stays in view before the result
    auto_next_round=2.5,  # a table of computers only deals on by itself
    place_card=lay_card,
)


def kings_corner_table(app: Host, match: Match[KingsCornerGame], deal: bool = False,
                       network: Network | None = None) -> Table:
    """The table of a Kings Corner match: a new deal is dealt out when first shown (`deal`), a
    saved or networked one laid out."""
    return Table(app, match, lambda host: KingsCornerParts(host, deal), network)


def kings_corner_online(app: Host, match: Match[KingsCornerGame], network: Network) -> Table:
    """The table of a Kings Corner match held on a server."""
    return kings_corner_table(app, match, network=network)


def start_table(app: Host, seats: list[Seat], options: dict, seed: int) -> Table:
    """A new game: the first computer seat deals the first round (so a human plays first)."""
    dealer = next((i for i, s in enumerate(seats) if not s.is_human), 1)
    return kings_corner_table(app, Match.new("kings_corner", seats, {"first_dealer": dealer}, seed), deal=True)


def resume_table(app: Host, match: Match) -> Table:
    """The table of a saved match."""
    if not isinstance(match.rules, KingsCornerGame):
        raise ValueError("not a Kings Corner save")
    return kings_corner_table(app, match)


class KingsCornerParts(GameParts):
    """Only the cards the view shows have identities; the other hand and the draw pile are backs."""

    settings = SETTINGS
    input: KingsCornerInput  # its selection is read for the marks
    rounds: RoundEnd

    def __init__(self, host: TableHost, deal: bool = False) -> None:
        super().__init__(host)
        self.deal_first = deal
        self.rounds = RoundEnd(host)
        self.input = KingsCornerInput(host, self.rounds.show_sheet, self.four_colour)
        self.drawer = KingsCornerDrawer(self.look)
        self.ending = KingsCornerEnding(self)

    def four_colour(self) -> bool:
        """Four-colour suits are on: the faces and the rules words name the colour groups' marks."""
        return bool(self.host.app.settings.four_colour)

    def look(self) -> Look:
        """What the drawer reads beside the view."""
        host = self.host
        hint = None
        if host.match.info.decisions and host.humans:  # the table's Hint button shows (Table.hint_button)
            mouse = host.app.canvas.to_logical(pygame.mouse.get_pos())
            hint = HintButton(host.match.hint_pending(), pygame.FRect(HINT_RECT).collidepoint(mouse))
        return Look(self.input.pointer(), self.rounds.count, self.four_colour(), hint)

    def view(self) -> KingsCornerView:
        return self.host.view()

    def layout(self, view: KingsCornerView, bottom: int) -> Mapping[Hashable, Spot]:
        return card_spots(view, bottom)

    def begin(self) -> None:
        """Deal a new game from the draw pile, or lay out a resumed one (its count already done)."""
        view = self.view()
        if view.phase != Phase.PLAY and view.rounds:
            self.rounds.count = PenaltyCount(view.rounds[-1], counted_all=True)
        if self.deal_first:
            self.deal()
        else:
            self.host.sync(animate=False)
            self.input.keys.restore_focus(self.host.match.table_extra.get("focus"))

    def deal(self) -> None:
        """Every card back on the draw pile, face down, then the new round flies out card by card."""
        host = self.host
        for sprite in host.sprites.values():
            host.animator.cancel(sprite)
            sprite.highlight = None
            place(sprite, None, GATHER_SPOT)
        host.spots.clear()
        host.sync(animate=True, stagger=DEAL_STAGGER, order=self.deal_order())
        host.app.sounds.play("deal")

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

    def reveal(self) -> None:
        self.input.reveal()

    # -- what the player may do --------------------------------------------------------------
    def move_marks(self) -> Iterable[Mark]:
        """While a card or pile is picked up, the piles that take it; otherwise the hand cards
        and the piles that have a legal move."""
        view, selected = self.view(), self.input.selected
        piles = view.piles
        if selected is not None:
            return [pile_rect(n, len(piles[n - 1]) + 1) for n in self.input.legal_targets(selected)]
        moves = view.legal_moves
        cards = dict.fromkeys(m.card for m in moves if isinstance(m, LayCard))
        sources = dict.fromkeys(m.src for m in moves if isinstance(m, MovePile))
        return [*cards, *(pile_rect(n, len(piles[n - 1])) for n in sources)]

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
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
        host, move, events = self.host, record.move, record.events
        self.input.clear_selection()
        if isinstance(move, NextRound):
            self.rounds.count = None
            host.app.sounds.play("shuffle")
            self.deal()
            return
        if not host.match.is_computer(record.mover):
            host.say(record.words)  # a human's own move, in words (worded again after a language switch)
        kinds = {e.kind for e in events}
        sounds = host.app.sounds
        if kinds & {Kind.LAY, Kind.MOVE_PILE, Kind.UNDO}:
            sounds.play("slide")
        elif Kind.DRAW in kinds:
            sounds.play("deal")
        elif Kind.PASS in kinds:
            sounds.play("tick")
        host.sync(animate=True)
        if Kind.ROUND_OVER in kinds:
            self.rounds.start_counting()

    def seat_anchor(self, seat: int) -> Anchor:
        return seat_anchor(seat, self.host.seating.bottom, self.view().hand_counts)

    # -- the end -----------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        penalties = self.host.match.rules.result()["penalties"]
        lines = [n_("{name}: {n} penalty point.", "{name}: {n} penalty points.", p, name=s.name)
                 for s, p in zip(self.host.seats, penalties, strict=True)]
        lines.append(n_("{n} round. Play again?", "{n} rounds. Play again?", len(self.view().rounds)))
        return lines

    def stats_details(self) -> dict:
        view, match = self.view(), self.host.match
        return {"seed": match.seed, "rounds": len(view.rounds), "game_number": view.game_number,
                "levels": [s.level if not s.is_human else "human" for s in self.host.seats]}

    def save_extra(self) -> dict:
        return {"focus": self.input.keys.saved_focus()}

    def new_table(self) -> Scene:
        """The next game: penalties back to zero, dealt by who did not deal the last round."""
        match = self.host.match
        return kings_corner_table(self.host.app, Match(match.rules.play_again(), self.host.seats, match.seed + 1),
                                  deal=True)


def one_after_another(sentences: list[str]) -> str:
    """Sentences one after the other, as the current language writes them."""
    text = sentences[0] if sentences else ""
    for sentence in sentences[1:]:
        # TRANSLATORS: two sentences one after the other ("Amina: 27 penalty points. 8 rounds. Play again?")
        text = _("{first} {second}", first=text, second=sentence)
    return text


class KingsCornerEnding(Ending):
    """The game's score sheet, round by round with the hands left in the last, titled with the
    winner and asking to play again (Yes, No, View table)."""

    parts: KingsCornerParts

    def scene(self, buttons: list[Button]) -> Scene:
        host, parts = self.host, self.parts
        winners = host.match.rules.result()["winners"]

        def fill() -> Sheet:
            title = _("{name} wins the game!", name=host.seats[winners[0]].name) if len(winners) == 1 else \
                _("The game is a tie")
            sheet = parts.rounds.fill_sheet()
            return replace(sheet, title=title, note=one_after_another(parts.result_lines()))

        return ScoreSheet(host.app, fill, buttons, sound="win" if celebrates(winners, host.humans) else "score")

    def buttons(self) -> list[Button]:
        return [(N_("Yes"), lambda: self.host.app.replace(self.parts.new_table())), (N_("No"), self.goodbye)]

    def goodbye(self) -> None:
        self.host.app.notify(_("Thanks for playing Kings Corner."))
        self.host.app.to_menu()
