"""The Kings Corner table: eight piles, hands, animated moves, rounds and the score sheet."""
from __future__ import annotations

from typing import Any

import pygame

from game.cards import Card, french_deck
from game.core import Event
from game.kings_corner import new_game
from game.kings_corner.moves import NextRound
from game.kings_corner.rules import KingsCornerGame as KingsCorner
from game.kings_corner.view import GAME_OVER, PLAY, ROUND_OVER
from scenes.base import Scene
from scenes.kings_corner.draw import draw_table_parts
from scenes.kings_corner.input import TableInput
from scenes.kings_corner.layout import DRAW_POS, MESSAGE_LINE_Y, PILE_W, card_spots
from scenes.kings_corner.sheet import ScoreSheet
from scenes.result import ResultScene
from scenes.seats import Seat
from scenes.table import TableScene
from sprites.canvas import Canvas
from sprites.card_sprite import CardSprite
from sprites.spots import Spot, hide_face, place, show_card

MOVE_TIME = 0.42
DEAL_STAGGER = 0.05
COUNT_PAUSE = 0.7  # after the last card lands, before the counting starts
COUNT_STEP = 0.32  # seconds per counted card
GAME_OVER_PAUSE = 1.4
AUTO_NEXT_ROUND = 2.5  # a table of computers only deals on by itself


def start_table(app, seats: list[Seat], options: dict, seed: int) -> KingsCornerTable:
    """A new game: the first computer seat deals the first round (so a human plays first)."""
    dealer = next((i for i, s in enumerate(seats) if not s.is_human), 1)
    rules = new_game([s.name for s in seats], seed, first_dealer=dealer)
    return KingsCornerTable(app, rules, seats, seed, deal=True)


class KingsCornerTable(TableInput, TableScene):
    """Only the viewer's hand is given card identities; the other hand and the draw pile are backs."""

    GAME = "kings_corner"
    THINK_TIME = 0.9
    MESSAGE_Y = MESSAGE_LINE_Y

    def __init__(self, app, rules: KingsCorner, seats: list[Seat], seed: int = 0,
                 extra: dict | None = None, deal: bool = False) -> None:
        TableScene.__init__(self, app, rules, seats, seed, extra)
        self.rules: KingsCorner = rules
        self.sprites = {card: CardSprite(None, *DRAW_POS, False, PILE_W, deck="french")
                        for card in french_deck()}
        self.spots: dict[Card, Spot] = {}
        self.sheet: ScoreSheet | None = None
        self.sheet_open = False  # the score sheet shown on request during a round
        self.next_round_wait = 0.0
        self.mover = 0
        TableInput.__init__(self)
        self.shown_viewer = self.viewer
        if rules.phase != PLAY:
            self.sheet = ScoreSheet(rules, counted_all=True)
        self.sync(animate=deal, stagger=DEAL_STAGGER if deal else 0.0)
        if deal:
            app.sounds.play("deal")

    def begin(self) -> None:
        """Laid out by __init__ (to be moved onto TableScene.sync)."""

    # -- who sees what ---------------------------------------------------------------------
    @property
    def top_seat(self) -> int:
        return 1 - self.bottom

    def shown_seats(self) -> set[int]:
        """Both hands once the round is over; else only the viewer's (none on the pass screen)."""
        if self.rules.phase != PLAY:
            return {0, 1}
        if self.pass_to is not None or self.viewer is None:
            return set()
        return {self.viewer}

    def sync(self, animate: bool = True, stagger: float = 0.0, order: list[Card] = ()) -> None:
        """Send every sprite to its spot; a card's identity goes only to face-up sprites.

        Cards in `order` leave one after the other (the deal); the rest move together."""
        spots = card_spots(self.rules, self.bottom, self.shown_seats())
        rank = {card: i for i, card in enumerate(order)}
        for card, spot in spots.items():
            sprite = self.sprites[card]
            unchanged = self.spots.get(card) == spot and sprite.pos == (spot.x, spot.y)
            self.spots[card] = spot
            if animate and unchanged:
                show_card(sprite, card, spot)
                sprite.z = spot.z
                continue
            place(sprite, card, spot, self.animator if animate else None, rank.get(card, 0) * stagger,
                  MOVE_TIME, self.spots)

    def gather(self) -> None:
        """Every card back on the draw pile, face down, before a new deal flies out."""
        for sprite in self.sprites.values():
            self.animator.cancel(sprite)
            hide_face(sprite)
            sprite.pos, sprite.angle, sprite.width = DRAW_POS, 0.0, PILE_W
            sprite.lift, sprite.highlight, sprite.visible = 0.0, None, True
        self.spots.clear()

    def check_pass_screen(self) -> None:
        if self.rules.phase == ROUND_OVER:
            return  # both hands are on the score sheet; the next deal decides who sees
        super().check_pass_screen()
        if self.pass_to is not None:
            for hand in self.rules.hands:
                for card in hand:
                    hide_face(self.sprites[card])

    # -- moves -----------------------------------------------------------------------------
    def can_act(self) -> bool:
        """A human may move now: their turn, their hand shown, no sheet in the way."""
        return (self.human_turn and self.rules.phase == PLAY and self.pass_to is None
                and self.viewer == self.rules.current_player and not self.sheet_open)

    def play(self, move: Any, sprite: CardSprite | None = None) -> bool:
        self.mover = self.rules.current_player
        human = self.mover not in self.computers
        played = super().play(move, sprite)
        if played and human and not isinstance(move, NextRound):
            self.say(self.last_text)
        if not played:
            self.sync(animate=True)  # a dragged card or pile snaps back
        return played

    def describe(self, move: Any, events: list[Event]) -> str:
        """The first thing that happened, e.g. "Computer moves pile 3 onto pile 6."."""
        texts = [e.text for e in events if e.text]
        return texts[0] if texts else ""

    def animate(self, events: list[Event], move: Any) -> None:
        self.last_text = self.describe(move, events)
        self.clear_selection()
        kinds = [e.kind for e in events]
        if "shuffle" in kinds:
            self.sheet = None
            self.app.sounds.play("shuffle")
            self.gather()
            deal_order = [e.cards[0] for e in events if e.kind == "deal"]
            self.sync(animate=True, stagger=DEAL_STAGGER, order=deal_order)
            self.app.sounds.play("deal")
            return
        if "lay" in kinds or "move_pile" in kinds or "undo" in kinds:
            self.app.sounds.play("slide")
        elif "draw" in kinds:
            self.app.sounds.play("deal")
        elif "pass" in kinds:
            self.app.sounds.play("tick")
        self.sync(animate=True)
        if "round_over" in kinds:
            self.start_counting(events)

    # -- the score sheet -------------------------------------------------------------------
    def start_counting(self, events: list[Event]) -> None:
        """Count the penalty cards one by one onto the sheet, holding the table busy meanwhile."""
        self.sheet = ScoreSheet(self.rules)
        self.animator.wait(COUNT_PAUSE, self.count_next)

    def count_next(self) -> None:
        sheet = self.sheet
        if sheet is None:
            return
        if sheet.count_one():
            self.app.sounds.play("tick")
            self.animator.wait(COUNT_STEP, self.count_next)
            return
        self.app.sounds.play("score")
        if self.rules.phase == GAME_OVER:
            self.animator.wait(GAME_OVER_PAUSE)

    def next_round(self) -> None:
        if self.rules.phase == ROUND_OVER and not self.animator.busy:
            self.play(NextRound())

    def toggle_sheet(self) -> None:
        if self.rules.phase == PLAY:
            self.sheet_open = not self.sheet_open

    # -- the loop --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.pass_to is None and self.viewer != self.shown_viewer:
            self.shown_viewer = self.viewer  # a new player revealed their hand: show it at once
            self.clear_selection()
            self.sync(animate=False)
        if self.rules.phase != ROUND_OVER:
            super().update(dt)
            return
        self.animator.speed = self.app.settings.animation_scale
        self.animator.update(dt)
        self.message_left = max(0.0, self.message_left - dt)
        if not self.humans and not self.animator.busy:
            self.next_round_wait += dt
            if self.next_round_wait >= AUTO_NEXT_ROUND * self.app.settings.animation_scale:
                self.next_round_wait = 0.0
                self.next_round()

    def message_shown(self) -> bool:
        """Only while a round is played and the score sheet is closed (it would cover the sheet)."""
        return self.rules.phase == PLAY and not self.sheet_open

    def draw_table(self, canvas: Canvas) -> None:
        draw_table_parts(self, canvas)

    # -- the end ---------------------------------------------------------------------------
    def show_result(self) -> None:
        if self.app.top is not self:
            return  # the result is already showing
        result = self.rules.result()
        winners = result["winners"]
        if len(winners) == 1:
            title = f"{self.seats[winners[0]].name} wins the game!"
        else:
            title = "The game is a tie"
        celebrate = any(self.seats[w].is_human for w in winners) or not self.humans
        self.app.push(ResultScene(self.app, title, self.result_lines(),
                                  [("Yes", lambda: self.app.replace(self.new_table())),
                                   ("No", self.goodbye)], celebrate))

    def goodbye(self) -> None:
        self.app.notify("Thanks for playing Kings Corner.")
        self.app.to_menu()

    def result_lines(self) -> list[str]:
        penalties = self.rules.result()["penalties"]
        lines = [f"{s.name}: {p} penalty points" for s, p in zip(self.seats, penalties)]
        lines.append(f"{len(self.rules.rounds)} rounds. Play again?")
        return lines

    def stats_details(self) -> dict:
        return {"seed": self.seed, "rounds": len(self.rules.rounds),
                "game_number": self.rules.game_number,
                "levels": [s.level if not s.is_human else "human" for s in self.seats]}

    def new_table(self) -> Scene:
        """The next game: penalties back to zero, dealt by who did not deal the last round."""
        return KingsCornerTable(self.app, self.rules.play_again(), self.seats, self.seed + 1,
                                deal=True)

    def key_handled_by_sheet(self, event: pygame.Event) -> bool:
        """Enter, Space or N deal the next round while the sheet shows the round's end."""
        if self.rules.phase == ROUND_OVER and event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
            if self.humans:
                self.next_round()
            return True
        return False
