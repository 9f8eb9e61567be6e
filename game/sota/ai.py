"""Sota's computer player: easy plays a random legal move (naming a suit it holds), normal plays
with a plan, hard searches ahead over the unseen cards (game/sota/search.py)."""
from __future__ import annotations

import random

from game.cards import Card
from game.sota.moves import DRAW, SEVEN_SUITS, SKIP, WILD, ChooseSuit, Move, Phase, Play
from game.sota.rules import SotaGame
from game.sota.search import Played, Stuck, card_score, determinize, search, suit_held_most
from game.sota.view import SotaView

LEVELS = ("easy", "normal", "hard")
# Playouts per hard decision: an iteration budget, not a clock, so a seed replays the same game.
# Calibrated with bench/ai_ladder.py to keep a decision well under 1.5 s on one core.
HARD_ITERATIONS = 600


class ComputerPlayer:
    """Chooses a move from a SotaView only, so it never sees a hidden card. Its state is its random
    generator and (hard) what it saw the other player do: nothing is shared between players."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {LEVELS}")
        self.level = level
        self.rng = random.Random(seed)
        self._last: tuple[SotaView, Move] | None = None  # hard: its last view and move
        self._played: dict[int, Played] = {}  # hard: each other player's last card, if it did nothing since
        self._stuck: list[Stuck] = []  # hard: what it has seen the others unable to play, oldest first

    def choose(self, view: SotaView) -> Move:
        """One of view.legal_moves."""
        moves = list(view.legal_moves)
        if not moves:
            raise ValueError("no move to choose: it is not this player's turn")
        if self.level == "easy":
            return self._easy(view, moves)
        if self.level == "hard":
            self._stuck = self._observe(view)
            move = search(view, self.rng, HARD_ITERATIONS, self._stuck, list(self._played.values()))
            self._last = (view, move)
            return move
        return self._normal(view, moves)

    def _observe(self, view: SotaView) -> list[Stuck]:
        """What the others could not answer, from what they did since this player's last move."""
        if self._last is None or view.player is None:
            return []
        before, move = self._last
        after = determinize(before, random.Random(0))  # only its public fields are read
        after._apply(move)
        turns = retrace(after, view)
        if turns is None:
            self._played = {}
            return []  # not sure who did what: forget what was seen
        seen = list(self._stuck)
        for seat, what in turns:
            self._played.pop(seat, None)
            if isinstance(what, Stuck):
                seen.append(what)
            elif isinstance(what, Played):  # it played a card, perhaps one it held then
                self._played[seat] = what
                seen = [s if s.seat != seat else Stuck(s.seat, s.cards - 1, s.top, s.suit, s.need)
                        for s in seen if s.seat != seat or s.cards > 1]
        return seen

    def _easy(self, view: SotaView, moves: list[Move]) -> Move:
        """Any legal move, but a Seven names a suit the hand holds (if it holds one)."""
        if view.phase == Phase.SUIT:
            held = [s for s in SEVEN_SUITS if any(c.suit == s for c in view.hand)]
            return ChooseSuit(self.rng.choice(held)) if held else self.rng.choice(moves)
        return self.rng.choice(moves)

    def _normal(self, view: SotaView, moves: list[Move]) -> Move:
        if view.phase == Phase.SUIT:
            return ChooseSuit(best_suit(view))
        plays = [m for m in moves if isinstance(m, Play)]
        if view.phase == Phase.DRAWN or not plays:
            return plays[0] if plays else moves[0]
        if view.pending_draw or view.pending_skips:
            return plays[0]  # pass the Twos or the skip on rather than take them
        victim = view.hand_counts[(view.current_player + 1) % view.num_players]

        def score(move: Play) -> float:
            effect = view.effect(move.card)
            return card_score(move.card, view.hand, effect.kind if effect else "", view.num_players, victim)

        best = max(score(m) for m in plays)
        return self.rng.choice([m for m in plays if score(m) == best])


def best_suit(view: SotaView) -> str:
    """The suit this hand holds most of, Sevens aside; ties go to the picker order."""
    return suit_held_most(view.hand, dict(view.effects))


ANY_SUIT = "?"  # a Seven's suit the viewer never learnt (the next card was a Seven too)
MAX_RETRACE_STEPS = 5000  # a history this hard to retrace is forgotten instead


def bumped(counts: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    """`counts` with `seat`'s changed by `by`."""
    return (*counts[:seat], counts[seat] + by, *counts[seat + 1:])


def retrace(after: SotaGame, now: SotaView) -> list[tuple[int, Stuck | Played | None]] | None:
    """The others' turns between `after` (the table as the viewer's last move left it: only its
    public fields are read) and `now`: in order, each seat that played (None) or could not answer
    (a Stuck). None when the cards played since are not on top of the old pile (a reshuffle), when
    a drawn card may have been played at once, or when two histories fit what the viewer sees."""
    me = now.player
    old = len(after.discard)
    if me is None or now.play_drawn or tuple(after.discard) != now.discard[:old]:
        return None
    new = now.discard[old:]
    effects = dict(now.effects)
    found: list[list[tuple[int, Stuck | Played | None]]] = []
    steps = 0

    def kind(card: Card) -> str:
        effect = effects.get(card.rank)
        return effect.kind if effect else ""

    def walk(seat: int, i: int, top: Card, suit: str | None, pending: int, skips: int, counts: tuple[int, ...],
             draws: int, turns: list[tuple[int, Stuck | Played | None]]) -> None:
        nonlocal steps
        steps += 1
        if len(found) > 1 or steps > MAX_RETRACE_STEPS:
            return
        if seat == me:
            if (i, counts, pending, skips) == (len(new), now.hand_counts, now.pending_draw, now.pending_skips):
                found.append(turns)
            return
        n = len(counts)
        if i < len(new):
            card, k = new[i], kind(new[i])
            fits = (k == DRAW and now.stacking if pending else k == SKIP if skips else
                    k == WILD or suit == ANY_SUIT or (card.suit == suit if suit else
                                                      card.suit == top.suit or card.rank == top.rank))
            left = bumped(counts, seat, -1)
            if fits and left[seat] > 0:
                named = None
                if k == WILD:
                    after_it = new[i + 1] if i + 1 < len(new) else None
                    named = (now.active_suit if after_it is None else
                             ANY_SUIT if kind(after_it) == WILD else after_it.suit)
                step = 0 if k == SKIP and n == 2 else 1
                walk((seat + step) % n, i + 1, card, named, pending + (effects[card.rank].amount if k == DRAW else 0),
                     skips + (k == SKIP and n > 2), left, draws,
                     [*turns, (seat, Played(seat, card, top, suit, counts[(seat + 1) % n], bool(pending or skips)))])
        if pending:
            took = min(pending, draws)
            more = bumped(counts, seat, took)
            stuck = Stuck(seat, counts[seat], top, suit, DRAW) if now.stacking else None
            walk((seat + 1) % n, i, top, suit, 0, skips, more, draws - took,
                 [*turns, (seat, stuck)])
        elif skips:
            walk((seat + skips) % n, i, top, suit, pending, 0, counts, draws,
                 [*turns, (seat, Stuck(seat, counts[seat], top, suit, SKIP))])
        else:
            more = bumped(counts, seat, int(draws > 0))
            stuck = Stuck(seat, counts[seat], top, suit) if suit != ANY_SUIT else None
            walk((seat + 1) % n, i, top, suit, pending, skips, more, max(0, draws - 1),
                 [*turns, (seat, stuck)])

    walk(after.current, 0, after.top_card, after.active_suit, after.pending_draw, after.pending_skips,
         tuple(len(h) for h in after.hands), len(after.draw_pile), [])
    return found[0] if len(found) == 1 else None


__all__ = ["LEVELS", "ComputerPlayer", "best_suit"]
