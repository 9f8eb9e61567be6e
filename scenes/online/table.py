"""A game's table playing a match held on a server: the game's own table (`Table` with its parts)
fed by a `RemoteMatch` (net/remote.py), with `OnlinePart` as its network part: the phrases players
send drawn as speech bubbles by their seats, the turn time left by the seat to move, Play again a vote
of the players, the next round dealt by the seat whose move it is."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from lang import N_, _
from net.remote import RemoteMatch
from scenes.base import Host, Scene
from scenes.plugins import game_scenes
from scenes.sheet import ScoreSheet
from scenes.table import Table
from sprites.bubble import Anchor, draw_bubble
from sprites.canvas import Canvas
from sprites.turn_timer import CLOCK_SIZE, draw_mark, draw_turn_clock, mark_size, tag_boxes


class OnlinePart:
    """A lets a computer play this seat's turns (and takes them back; F1-F4, the quick phrases, are the
    session's: they work on the result over the table too);
    Play again is any player's to ask (the server deals once every player asked); Menu leaves the
    table; the seat to move shows its turn time left."""

    def __init__(self, app: Host) -> None:
        self.app = app

    def handle_key(self, table: Table, event: pygame.Event) -> bool:
        online = self.app.online
        if online is None:
            return False
        if event.key == pygame.K_a:
            online.toggle_autoplay()
            return True
        return False

    def may_deal(self, table: Table) -> bool:
        """A seat of this screen deals the next round; else it says who does."""
        match = table.match
        if isinstance(match, RemoteMatch) and match.to_move is not None and match.to_move not in match.here:
            table.say(_("Waiting for {name} to deal the next round.", name=table.seats[match.to_move].name))
            return False
        return True

    def moved(self, table: Table) -> None:
        """A round dealt by another player closes the score sheet still open here."""
        sheet = self.app.top
        if isinstance(sheet, ScoreSheet) and self.app.scenes[-2:-1] == [table] and not (
                table.between_rounds() or table.rules.is_over):
            sheet.close()

    def end_buttons(self, table: Table) -> list[tuple[str, Callable[[], None]]]:
        online = self.app.online
        buttons = []
        if online is not None and online.seat is not None:
            buttons.append((N_("Play again"), lambda: self.ask_again(table)))
        return [*buttons, (N_("Menu"), self.app.to_menu)]

    def ask_again(self, table: Table) -> None:
        """A vote: it deals once every player asked. The result stays meanwhile, the vote's band over it
        saying whom it waits for."""
        online = self.app.online
        if online is not None:
            online.ask_again()
            table.show_result()

    def draw(self, table: Table, canvas: Canvas) -> None:
        """By each seat's plate: its phrase's bubble, then its turn clock and its mark."""
        online = self.app.online
        if online is None:
            return
        turn = online.turn_left if not table.rules.is_over else None
        said = {phrase.seat: _(phrase.text) for phrase in online.phrases}
        for seat, player in enumerate(table.seats):
            anchor = phrase_anchor(table, seat)
            if anchor is None:
                continue
            bubble = None
            if seat in said:
                with canvas.layer(f"phrase of seat {seat}"):  # over the table, on purpose
                    bubble = draw_bubble(canvas, anchor, said[seat], player.name)
            clock = turn[1] if turn is not None and turn[0] == seat else None
            mark = online.seat_mark(seat)
            shown = _(mark) if mark else ""
            sizes = ([CLOCK_SIZE] if clock is not None else []) + ([mark_size(canvas, shown)] if mark else [])
            if sizes:
                with canvas.layer(f"tags of seat {seat}"):
                    boxes = tag_boxes(anchor, sizes, bubble)
                    if clock is not None:
                        draw_turn_clock(canvas, boxes.pop(0), clock, player.name)
                    if mark:
                        draw_mark(canvas, boxes[0], mark, player.name, shown)


def phrase_anchor(table: Any, seat: int) -> Anchor | None:
    """Where `seat`'s phrase shows as a bubble: by its seat while the table is on top and in view
    (no menu over it, no pass screen); None: in the notice band."""
    if table.app.top is not table or table.seating.pass_to is not None or not 0 <= seat < len(table.seats):
        return None
    return table.game.seat_anchor(seat)


def online_table(app: Host, game: str, match: RemoteMatch) -> Any:
    """The game's table for a match held on a server: its `GameScenes.online` with this network
    part."""
    make = game_scenes(game).online
    if make is None:
        raise ValueError(f"{game} is not played online")
    return make(app, match, OnlinePart(app))


def relay(table: Any) -> None:
    """A state that is not the next move (back after a lost connection): lay the table out anew."""
    if not table.started:
        return
    table.animator.finish_all()
    table.check_pass_screen()
    table.game.begin()


def is_online_table(scene: Scene | None) -> bool:
    """A table playing a match held on a server."""
    return isinstance(scene, Table) and scene.network is not None
