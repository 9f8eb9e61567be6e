"""The Sota table: the shared table with Sota's parts (hands, piles, the Seven's suit picker)."""
from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import pygame

from game.core import Kind
from game.match import Match
from game.record import MoveRecord
from game.seats import Seat
from game.sota import ChooseSuit, Draw, Play, SotaGame
from game.sota.moves import EndReason, Phase
from game.sota.text import hint_reason, move_words
from game.sota.view import SotaView
from lang import _, n_
from scenes.base import Host, Scene
from scenes.sota.draw import SotaDrawer, plate_anchor
from scenes.sota.input import SotaInput
from scenes.sota.layout import (
    ACTION_RECT,
    CARD_W,
    DRAW_POS,
    HINT_RECT,
    HISTORY_RECT,
    MESSAGE_Y,
    card_spots,
    draw_pile_key,
    draw_pile_rect,
    hand_keys,
    picker_rects,
)
from scenes.table import Network, Table
from scenes.table_marks import Mark
from scenes.table_parts import GameParts, TableHost, TableSettings
from sprites.bubble import Anchor
from sprites.spots import Spot

DEAL_STAGGER = 0.05
SETTINGS = TableSettings(
    game="sota", deck="spanish", pile_pos=DRAW_POS, card_w=CARD_W, move_time=0.38,
    # A computer's card lies on the pile, named in the message, this long before the next move
    # (at normal speed): long enough to read it, and four computer moves take about 8 s.
    think_time=1.6,
    result_pause=1.6,  # the hands, shown at the end, stay in view before the result
    history_rect=HISTORY_RECT, hint_rect=HINT_RECT,
    message_pos=(640.0, MESSAGE_Y),  # the message just over your hand
    thinking_mark=False,  # nothing under the message line (your hand is there): the status panel says it
)


def sota_table(app: Host, match: Match[SotaGame], deal: bool = False, network: Network | None = None) -> Table:
    """The table of a Sota match: a new deal is dealt out when first shown (`deal`), a saved or
    networked one laid out."""
    return Table(app, match, lambda host: SotaParts(host, deal), network)


def sota_online(app: Host, match: Match[SotaGame], network: Network) -> Table:
    """The table of a Sota match held on a server."""
    return sota_table(app, match, network=network)


def start_table(app: Host, seats: list[Seat], options: dict, seed: int) -> Table:
    """A new deal for these seats and options (what the setup screen starts)."""
    return sota_table(app, Match.new("sota", seats, options, seed), deal=True)


def resume_table(app: Host, match: Match) -> Table:
    """The table of a saved match."""
    if not isinstance(match.rules, SotaGame):
        raise ValueError("not a Sota save")
    return sota_table(app, match)


class SotaParts(GameParts):
    """Only the viewer's hand is ever given card identities (every hand once the game is over)."""

    settings = SETTINGS
    input: SotaInput  # the game's own controller: its pointer and lifts are read here too

    def __init__(self, host: TableHost, deal: bool = False) -> None:
        super().__init__(host)
        self.deal = deal
        self.input = SotaInput(host)
        self.drawer = SotaDrawer(self.input.pointer)

    def public(self) -> SotaView:
        """What everyone may know (pending draws, the options), whoever sits in front."""
        return self.host.match.view(None)

    def layout(self, view: SotaView, bottom: int) -> Mapping[Hashable, Spot]:
        return card_spots(view, bottom)

    def begin(self) -> None:
        """A new game deals the hands round by round from the pile; a resumed one is laid out."""
        if not self.deal:
            self.host.sync(animate=False)
            self.input.restore_focus(self.host.match.table_extra.get("focus"))
            return
        view = self.host.view()
        hands = [hand_keys(view, seat) for seat in range(view.num_players)]
        order = [hand[i] for i in range(max(map(len, hands))) for hand in hands if i < len(hand)]
        self.host.sync(stagger=DEAL_STAGGER, order=[*order, view.top_card])
        self.host.app.sounds.play("deal")

    def animate(self, record: MoveRecord) -> None:
        """Sounds, the message for a human's move (the table says a computer's), then every card slides."""
        host, mover, move = self.host, record.mover, record.move
        if not host.match.is_computer(mover):
            host.say(move_words(record.after, host.match.names, mover, move, record.events))
        elif isinstance(move, Play) and record.after.phase == Phase.SUIT:
            host.say(move_words(record.after, host.match.names, mover, move, record.events), hold=True)
        kinds = [e.kind for e in record.events]
        sounds = host.app.sounds
        if Kind.RESHUFFLE in kinds:
            sounds.play("shuffle")
        if Kind.PLAY in kinds:
            sounds.play("slide")
        elif Kind.DRAW in kinds:
            sounds.play("deal")
        elif Kind.SKIP in kinds or Kind.PASS in kinds:
            sounds.play("tick")
        self.input.hovered = None
        self.input.chosen_suit = None  # a picker opened by this move starts on the most held suit
        host.sync(stagger=0.12 if Kind.DRAW in kinds else 0.0)

    def tick(self, dt: float) -> None:
        self.input.lift_pointed()

    def move_marks(self) -> Iterable[Mark]:
        """Playable cards, the draw pile when drawing is the move, the button for the others."""
        view = self.host.view()
        if view.phase == Phase.SUIT:
            return []
        return [mark for move in view.legal_moves for mark in self.hint_marks_for(move)]

    def hint_marks_for(self, move: Any) -> Iterable[Mark]:
        if isinstance(move, Play):
            return [move.card]
        if isinstance(move, ChooseSuit):
            return [pygame.FRect(dict(picker_rects())[move.suit])]
        view = self.host.view()
        if isinstance(move, Draw) and not view.pending_draw:  # a card from the pile, not the button's Draw 2
            key = draw_pile_key(view)
            return [key] if key is not None else [pygame.FRect(draw_pile_rect()).inflate(-12, -12)]
        return [pygame.FRect(ACTION_RECT)]

    def hint_reason(self, move: Any) -> str:
        return hint_reason(self.host.view(), [s.name for s in self.host.seats], move)

    def seat_anchor(self, seat: int) -> Anchor:
        host = self.host
        return plate_anchor(host.app.canvas, host.seats, host.view(), seat, host.seating.bottom)

    def result_lines(self) -> list[str]:
        result = self.host.match.rules.result()
        lines = []
        for seat, (s, left) in enumerate(zip(self.host.seats, result["scores"], strict=True)):
            if seat in result["winners"]:
                lines.append(n_("{name}: {n} card left - wins", "{name}: {n} cards left - wins", left, name=s.name))
            else:
                lines.append(n_("{name}: {n} card left", "{name}: {n} cards left", left, name=s.name))
        if result["reason"] == EndReason.ALL_PASSED:
            lines.append(_("Everyone passed in a row: the fewest cards win."))
        return lines

    def stats_details(self) -> dict:
        view, match = self.public(), self.host.match
        return {"seed": match.seed, "players": view.num_players, "reason": match.rules.result()["reason"],
                "stacking": view.stacking, "play_drawn": view.play_drawn}

    def save_extra(self) -> dict:
        return {"focus": self.input.saved_focus()}

    def new_table(self) -> Scene:
        seed = random.Random(self.host.match.seed).randrange(1, 10 ** 6)
        view = self.public()
        options = {"stacking": view.stacking, "play_drawn": view.play_drawn}
        return start_table(self.host.app, self.host.seats, options, seed)
