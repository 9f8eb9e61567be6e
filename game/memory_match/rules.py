"""Memory Match rules object: the 4x4 grid, two flips a turn, the outcome table, choices, skips."""
from __future__ import annotations

import random
from typing import Any

from game.cards import Card, memory_deck, rng_to_json
from game.core import Event, Kind, RulesGame
from game.memory_match.moves import (
    CHOICES,
    GRID_SIZE,
    LONE_SCORES,
    OUTCOMES,
    Choice,
    Choose,
    Flip,
    MemoryEvent,
    Move,
    Outcome,
    Tag,
    classify,
    is_standard,
)
from game.memory_match.text import CHOSEN_WORDS, where
from game.memory_match.view import MemoryView, Reveal
from lang import _

NAME = "memory_match"
SAVE_VERSION = 1


class MemoryMatchGame(RulesGame[Move]):
    """A game of Memory Match for two players; all of its state, none of its pixels."""

    NAME = NAME

    def __init__(self, players: list[str], grid: list[Card | None], starter: int,
                 rng: random.Random) -> None:
        self.players = list(players)
        self.grid: list[Card | None] = list(grid)
        self.rng = rng
        self.starter = starter
        self.current = starter
        self.scores = [0, 0]
        self.skips = [0, 0]
        self.flipped: list[int] = []
        self.pending_choice: Outcome | None = None  # the outcome whose choice waits
        self.taken: list[list[Card]] = [[], []]
        self.log: list[Reveal] = []
        self.turn = 1

    # --- the protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return all(card is None for card in self.grid)

    def legal_moves(self) -> list[Move]:
        """Flips of face-down cards in cell order, or the two options of a pending choice."""
        if self.is_over:
            return []
        if self.pending_choice is not None:
            return [Choose(option) for option in CHOICES[self.pending_choice]]
        return [Flip(i) for i in range(GRID_SIZE) if self.grid[i] is not None and i not in self.flipped]

    def explain_illegal(self, move: Any) -> str:
        """A reason a player can read for why `move` is refused."""
        if self.is_over:
            return _("The game is over.")
        if isinstance(move, Flip):
            if self.pending_choice is not None:
                return _("Choose one of the two options first.")
            if not isinstance(move.index, int) or not 0 <= move.index < GRID_SIZE:
                return _("There is no card there.")
            if self.grid[move.index] is None:
                return _("The card at {place} has been removed.", place=where(move.index))
            return _("The card at {place} is already face up.", place=where(move.index))
        if isinstance(move, Choose):
            if self.pending_choice is None:
                return _("There is nothing to choose now.")
            return _("That is not one of the two options.")
        return _("That is not a Memory Match move.")

    def result(self) -> dict:
        """Scores, the winners (both seats on a tie), and whether it was a tie."""
        best = max(self.scores)
        winners = [p for p in (0, 1) if self.scores[p] == best]
        return {"scores": list(self.scores), "winners": winners, "tie": len(winners) == 2,
                "players": list(self.players)}

    def view(self, player: int | None = None) -> MemoryView:
        """What `player` (None: a spectator) may know: never the identity of a face-down card."""
        face_up = tuple(self.grid[i] if i in self.flipped else None for i in range(GRID_SIZE))
        return MemoryView(
            player=player, players=tuple(self.players), starter=self.starter, scores=tuple(self.scores),
            current_player=self.current, present=tuple(c is not None for c in self.grid),
            face_up=face_up, flipped=tuple(self.flipped), pending_choice=self.pending_choice,
            skips=tuple(self.skips), turn=self.turn, log=tuple(self.log),
            taken=tuple(tuple(pile) for pile in self.taken), is_over=self.is_over)

    # --- playing ------------------------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        if isinstance(move, Choose):
            return list(self._choose(move.option))
        return list(self._flip(move.index))

    def _flip(self, index: int) -> list[MemoryEvent]:
        card = self.grid[index]
        assert card is not None
        player = self.current
        self.flipped.append(index)
        self.log.append(Reveal(index, card, player, self.turn))
        events = [MemoryEvent(Kind.FLIP, player, (card,), cells=(index,), text=str(card))]
        if len(self.flipped) == 2:
            events += self._resolve()
        return events

    def _resolve(self) -> list[MemoryEvent]:
        """Apply the outcome-table row of the two face-up cards."""
        player = self.current
        first, second = self.flipped
        first_card, second_card = self.grid[first], self.grid[second]
        assert first_card is not None and second_card is not None
        cards = (first_card, second_card)
        outcome = classify(*cards)
        score, turn, leave = OUTCOMES[outcome]
        events = [MemoryEvent(Kind.OUTCOME, player, cards, cells=(first, second), tag=outcome)]
        if turn == "choose":
            self.pending_choice = outcome
            events.append(MemoryEvent(Kind.CHOOSE, player, cards, cells=(first, second), tag=outcome))
            return events
        if leave == "both":
            leaving = [first, second]
        elif leave == "special":
            leaving = [i for i in (first, second) if not is_standard(self.grid[i])]  # type: ignore[arg-type]
        else:
            leaving = []
        staying = [i for i in (first, second) if i not in leaving]
        events += self._score(player, score, (first, second), outcome)
        events += self._remove(player, leaving)
        if staying:
            events.append(MemoryEvent(Kind.TURN_DOWN, player, tuple(self.grid[i] for i in staying),  # type: ignore[misc]
                                      cells=tuple(staying)))
        self.flipped = []
        return events + self._after_turn(turn)

    def _choose(self, option: Choice) -> list[MemoryEvent]:
        player = self.current
        outcome = self.pending_choice
        assert outcome is not None
        score, turn = CHOICES[outcome][option]
        cells = tuple(self.flipped)
        events = [MemoryEvent(Kind.CHOSEN, player, cells=cells, text=CHOSEN_WORDS[(outcome, option)], tag=option)]
        events += self._score(player, score, cells, option)
        events += self._remove(player, list(cells))
        if turn == "skip":
            self.skips[player] += 1
            events.append(MemoryEvent(Kind.SKIP_PENDING, player, amount=self.skips[player]))
            turn = "end"
        self.pending_choice = None
        self.flipped = []
        return events + self._after_turn(turn)

    def _score(self, player: int, amount: int, cells: tuple[int, ...],
               reason: Outcome | Choice | Tag) -> list[MemoryEvent]:
        self.scores[player] += amount
        return [MemoryEvent(Kind.SCORE, player, cells=cells, amount=amount, tag=reason)]

    def _remove(self, player: int, cells: list[int]) -> list[MemoryEvent]:
        if not cells:
            return []
        cards = tuple(self.grid[i] for i in cells)
        for i in cells:
            self.grid[i] = None
        self.taken[player].extend(cards)  # type: ignore[arg-type]
        return [MemoryEvent(Kind.REMOVE, player, cards, cells=tuple(cells))]  # type: ignore[arg-type]

    def _after_turn(self, turn: str) -> list[MemoryEvent]:
        """Pass the turn if it ends (honouring skips), flip a lone last card, announce the end."""
        events: list[MemoryEvent] = []
        if turn == "end" and not self.is_over:
            events += self._pass_turn()
        remaining = [i for i in range(GRID_SIZE) if self.grid[i] is not None]
        if len(remaining) == 1:
            events += self._flip_lone(remaining[0])
        if self.is_over:
            result = self.result()
            winner = None if result["tie"] else result["winners"][0]
            events.append(MemoryEvent(Kind.GAME_OVER, winner, tag=Tag.TIE if result["tie"] else Tag.WIN))
        return events

    def _pass_turn(self) -> list[MemoryEvent]:
        events: list[MemoryEvent] = []
        nxt = 1 - self.current
        while self.skips[nxt] > 0:
            self.skips[nxt] -= 1
            self.turn += 1
            events.append(MemoryEvent(Kind.SKIP, nxt, amount=self.skips[nxt]))
            nxt = 1 - nxt
        self.current = nxt
        self.turn += 1
        events.append(MemoryEvent(Kind.TURN, nxt))
        return events

    def _flip_lone(self, index: int) -> list[MemoryEvent]:
        """The last card on the grid is flipped for the player to move: Bonus +1, Penalty -1."""
        card = self.grid[index]
        assert card is not None and not is_standard(card)
        player = self.current
        self.log.append(Reveal(index, card, player, self.turn))
        events = [MemoryEvent(Kind.FLIP, player, (card,), cells=(index,), text=str(card), tag=Tag.LONE)]
        events += self._score(player, LONE_SCORES[card.rank], (index,), Tag.LONE)
        return events + self._remove(player, [index])

    # --- saving -------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Complete JSON-safe state, RNG included."""
        return {
            "game": NAME, "version": SAVE_VERSION, "players": list(self.players),
            "grid": [c.to_json() if c else None for c in self.grid],
            "starter": self.starter, "current": self.current, "scores": list(self.scores),
            "skips": list(self.skips), "flipped": list(self.flipped),
            "pending_choice": self.pending_choice,
            "taken": [[c.to_json() for c in pile] for pile in self.taken],
            "log": [[r.index, r.card.to_json(), r.player, r.turn] for r in self.log],
            "turn": self.turn, "rng": rng_to_json(self.rng),
        }

    def check_invariants(self) -> None:
        """Grid plus taken piles hold the 16 cards once each; the turn state is consistent."""
        cards = [c for c in self.grid if c is not None] + self.taken[0] + self.taken[1]
        assert sorted(cards) == sorted(memory_deck()), "the 16 cards are not all there exactly once"
        assert len(self.grid) == GRID_SIZE
        assert len(self.flipped) <= 2 and len(set(self.flipped)) == len(self.flipped)
        assert all(self.grid[i] is not None for i in self.flipped), "a flipped cell is empty"
        assert (self.pending_choice is not None) == (len(self.flipped) == 2)
        if self.pending_choice:
            ranks = {self.grid[i].rank for i in self.flipped}  # type: ignore[union-attr]
            assert classify(*(self.grid[i] for i in self.flipped)) == self.pending_choice, ranks  # type: ignore[arg-type]
        assert self.current in (0, 1) and all(s >= 0 for s in self.skips)
        assert sum(1 for c in self.grid if c is not None) != 1, "a lone card was left unflipped"
        for pile in self.taken:
            standards = sorted(c.rank for c in pile if is_standard(c))
            assert standards[::2] == standards[1::2], "standards leave only in pairs"
