"""The Skyjo table: the shared table with Skyjo's parts (every grid, the piles, events animated in order).

The grid of the seat in front of the screen is the big one: with one human, always theirs; with
several, the grid of the human whose turn it is, changed only once the last move has landed (with
a "Ben's turn" cue; only those two grids trade places); at a table of computers, the first seat's.
The small grids keep their places.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from game.match import Match
from game.record import MoveRecord
from game.seats import Seat
from game.skyjo import SkyjoGame
from game.skyjo.moves import NextRound, Phase
from game.skyjo.text import hint_reason
from game.skyjo.view import SkyjoView
from lang import N_, _
from scenes.base import Host, Scene
from scenes.result import celebrates
from scenes.sheet import ScoreSheet, Sheet
from scenes.skyjo.draw import Board, SkyjoDrawer, big_label_anchor, message_rect, message_room, scores_line
from scenes.skyjo.input import SkyjoInput, target_of
from scenes.skyjo.layout import (
    DRAW_POS,
    HINT_RECT,
    HISTORY_LINES,
    HISTORY_RECT,
    PILE_W,
    Grids,
    card_spots,
    grid_key,
    small_grid_anchor,
    swap_bottom,
    top_row,
)
from scenes.skyjo.motion import MOVE_TIME, SkyjoMotion, place_card
from scenes.skyjo.sheet import score_sheet
from scenes.table import Network, Table
from scenes.table_parts import Button, Ending, GameParts, TableHost, TableSettings
from sprites.bubble import Anchor
from sprites.spots import Spot, hide_face
from sprites.tween import Step

DEAL_STAGGER = 0.015
HANDOVER_PAUSE = 0.5  # seconds a landed move stays in view before another human's grid comes down
SETTINGS = TableSettings(
    game="skyjo", deck="skyjo", pile_pos=DRAW_POS, card_w=PILE_W, move_time=MOVE_TIME,
    history_rect=HISTORY_RECT, history_lines=HISTORY_LINES, hint_rect=HINT_RECT,
    thinking_mark=False,  # nothing over the big grid: the turn's panel says who is playing
    place_card=place_card,  # the card takes its spot's z at once and turns either way on the way
)


def skyjo_table(app: Host, match: Match[SkyjoGame], network: Network | None = None) -> Table:
    """The table of a Skyjo match: a round nobody has turned a card of is dealt when first shown."""
    return Table(app, match, SkyjoParts, network)


def skyjo_online(app: Host, match: Match[SkyjoGame], network: Network) -> Table:
    """The table of a Skyjo match held on a server."""
    return skyjo_table(app, match, network)


def start_table(app: Host, seats: list[Seat], options: dict, seed: int) -> Table:
    """A new game for these seats, dealt from `seed` (the deal shows when the table does)."""
    return skyjo_table(app, Match.new("skyjo", seats, options, seed))


def resume_table(app: Host, match: Match) -> Table:
    """The table of a saved match."""
    if not isinstance(match.rules, SkyjoGame):
        raise ValueError("not a Skyjo save")
    return skyjo_table(app, match)


def table_settings(players: int) -> TableSettings:
    """The settings of a table of `players`: the message box under the turn's panel (the grids fill
    the middle), growing down into the felt under it."""
    box, room = message_rect(players), message_room(players)
    return dataclasses.replace(SETTINGS, message_box=(box.x, box.y, box.w, box.h),
                               message_room=(room.x, room.y, room.w, room.h))


class SkyjoParts(GameParts):
    """Sprites follow the view; a face-down card's sprite never holds its card. The grid of the
    seat in front of the screen is shown big. Played in rounds: it is its own `Rounds`."""

    input: SkyjoInput  # the game's own controller: its targets and pointer are used here too

    def __init__(self, host: TableHost) -> None:
        super().__init__(host)
        self.settings = table_settings(len(host.seats))
        bottom = host.humans[0] if host.humans else 0  # the seat in front before anyone moved
        self.grids = Grids(bottom, top_row(len(host.seats), bottom), host.match.rules.current_player)
        self.input = SkyjoInput(host, self.grids)
        self.drawer = SkyjoDrawer(self.board)
        self.motion = SkyjoMotion(host, self.grids, self.note)
        self.rounds = self
        self.ending = SkyjoEnding(self)

    def board(self) -> Board:
        """The presentation state the drawer reads."""
        g = self.grids
        return Board(g.active, tuple(g.top_order), g.turn, g.cue, g.banner, self.input.focus_ring(),
                     tuple(self.host.humans))

    # -- view to sprites -----------------------------------------------------------------------
    def begin(self) -> None:
        """A round nobody has turned a card of yet is dealt; any other is laid out at once."""
        view = self.host.view()
        if view.phase == Phase.REVEAL and all(card is None for grid in view.grids for card in grid.cards):
            self.deal()
        else:
            self.settle(animate=False)
        self.input.restore_focus(self.host.match.table_extra.get("focus"))

    def layout(self, view: SkyjoView, bottom: int) -> Mapping[Hashable, Spot]:
        return card_spots(view, self.grids.active, self.grids.top_order)

    def deal(self) -> None:
        """Cards fly from the draw pile to the grids, face down, one after the other."""
        host = self.host
        host.app.sounds.play("deal")
        for sprite in host.sprites.values():
            hide_face(sprite)
            sprite.pos = DRAW_POS
        view = host.view()
        order = [grid_key(p, s) for p in range(view.player_count) for s in view.grids[p].occupied_slots]
        self.settle(stagger=DEAL_STAGGER, order=order)
        host.say(_("Round {number}: everybody turns up two cards.", number=view.round_number))

    def settle(self, animate: bool = True, stagger: float = 0.0, order: Sequence[Hashable] = ()) -> None:
        """Every sprite to where the view puts it; the seat in front comes down (only another
        human's, with a cue) and the panel names whose turn it is."""
        host, g = self.host, self.grids
        bottom = host.seating.bottom
        if bottom != g.active:
            g.top_order = swap_bottom(g.top_order, g.active, bottom)
            g.active = bottom
            g.cue = bottom if animate and host.seats[bottom].is_human else None
        g.turn = host.match.rules.current_player
        g.banner = N_("Last turn!") if host.view().last_turn else ""
        self.input.hover = None
        self.input.point()
        host.sync(animate, stagger, order)

    def note(self, text: str, seconds: float = 4.0) -> None:
        """A message of the table's own, unless a computer's move is being read (its line says it)."""
        if not self.host.message.hold:
            self.host.say(text, seconds)

    # -- moves to animation ------------------------------------------------------------------
    def animate(self, record: MoveRecord) -> None:
        """Each event in turn, the move landing where the view puts it; then, if another human's
        grid comes down, a pause to see it landed; then everything settles."""
        if record.mover == self.grids.cue:
            self.grids.cue = None
        if isinstance(record.move, NextRound):
            self.host.animator.run_steps([(0.0, self.deal)])
            return
        steps: list[Step] = []
        for event in record.events:
            steps += self.motion.event_steps(event)
        if self.coming_bottom() != self.grids.active:
            steps.append((HANDOVER_PAUSE, lambda: None))
        steps.append((MOVE_TIME, self.settle))
        self.host.animator.run_steps(steps)

    def coming_bottom(self) -> int:
        """The seat in front once this move is over: the human to play next, when several share
        the screen (`bottom` follows once the table has seen the move)."""
        host = self.host
        current = host.match.rules.current_player
        if len(host.humans) > 1 and current in host.humans and not self.between_rounds():
            return current
        return host.seating.bottom

    # -- marks, hints, bubbles -----------------------------------------------------------------
    def move_marks(self) -> Iterable[Hashable]:
        """The cards a click may pick now: the piles, then after a draw the slots and the discard."""
        view = self.host.view()
        keys = (self.input.target_key(view, target) for target in self.input.targets())
        return [key for key in keys if key is not None]

    def hint_marks_for(self, move: Any) -> Iterable[Hashable]:
        key = self.input.target_key(self.host.view(), target_of(move))
        return [key] if key is not None else []

    def hint_reason(self, move: Any) -> str:
        rules = self.host.match.rules
        return hint_reason(rules.view(rules.current_player), move)

    def seat_anchor(self, seat: int) -> Anchor:
        """By the name over the seat's grid: a small one's lines, the big one's label."""
        g, host = self.grids, self.host
        if seat != g.active:
            return small_grid_anchor(seat, g.active, g.top_order)
        return big_label_anchor(host.app.canvas, g.big_box(), host.seats[seat].name, g.cue == seat,
                                scores_line(host.view(), seat))

    # -- between rounds and the end ----------------------------------------------------------
    def between_rounds(self) -> bool:
        return self.host.view().phase == Phase.ROUND_OVER

    def next_round(self) -> None:
        if self.between_rounds():
            self.host.play(NextRound())

    def round_sheet(self) -> Sheet:
        """Every round so far."""
        return score_sheet(self.host.view())

    def stats_details(self) -> dict:
        return {"seed": self.host.match.seed, "rounds": self.host.view().round_number}

    def save_extra(self) -> dict:
        return {"focus": self.input.saved_focus()}

    def new_table(self) -> Scene:
        return start_table(self.host.app, self.host.seats, {}, self.host.match.seed + 1)


class SkyjoEnding(Ending):
    """The game ends on the final score sheet, with the result's buttons; the fanfare for the winner's window only."""

    def scene(self, buttons: list[Button]) -> Scene:
        host = self.host
        sound = "win" if celebrates(host.match.rules.result()["winners"], host.humans) else "score"
        return ScoreSheet(host.app, lambda: score_sheet(host.view()), buttons, sound=sound)
