"""Batch simulation of War: a fast engine on card values, the same rules and RNG use as WarGame."""
from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable

from game.cards import french_deck
from game.war.deck import HAND_SIZE, WarOptions, card_value, fixed_pickup, trick_ranks
from game.war.rules import position_key
from game.war.summary import Summary
from game.war.view import SECONDS_PER_BATTLE, SECONDS_PER_WAR

ProgressFn = Callable[[int, int], None]
CancelFn = Callable[[], bool]


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a batch: game i of simulate(seed=S) is new_game(..., seeds[i])."""
    master = random.Random(seed)
    return [master.getrandbits(32) for _ in range(games)]


def deal_values(options: WarOptions, rng: random.Random) -> tuple[list[int], list[int]]:
    """The two hands as values, dealt exactly as new_game deals its cards from the same RNG."""
    if options.deck == "trick":
        first, second = trick_ranks(options.variant)
        return ([card_value(r, options.ace) for r in first],
                [card_value(r, options.ace) for r in second])
    values = [card_value(c.rank, options.ace) for c in french_deck()]
    rng.shuffle(values)
    return values[:HAND_SIZE], values[HAND_SIZE:]


def play_values(hands: tuple[list[int], list[int]], options: WarOptions,
                rng: random.Random) -> dict:
    """Play one whole game on values and return WarGame.stats() for seat 0."""
    stacks = (deque(hands[0]), deque(hands[1]))
    d0, d1 = stacks
    per_war = options.cards_per_war
    fixed = options.pickup == "fixed"
    shuffle = rng.shuffle
    seen = {position_key((hands[0], hands[1]))} if fixed else set()
    battles = won0 = wars = wars_won0 = 0
    depths: Counter[int] = Counter()
    reason, outcome = "cards", ""
    while not outcome:
        battles += 1
        a, b = d0.popleft(), d1.popleft()
        pile0, pile1 = [a], [b]
        laid = [([a], [b])]  # stage by stage, for the fixed pickup order
        depth = 0
        while a == b:
            depth += 1
            if depth == 1:
                wars += 1
            n0, n1 = len(d0), len(d1)
            if not n0 or not n1:
                break
            k0, k1 = min(n0, per_war), min(n1, per_war)
            for _ in range(k0):
                pile0.append(d0.popleft())
            for _ in range(k1):
                pile1.append(d1.popleft())
            a, b = pile0[-1], pile1[-1]
            laid += [(pile0[-k0:-1], pile1[-k1:-1]), ([a], [b])]
        if a == b:  # a war with someone out of cards
            if not d0 and not d1:
                depths[depth] += 1
                reason, outcome = "both_out", "draw"
                break
            winner = 0 if d0 else 1
        else:
            winner = 0 if a > b else 1
        if fixed:
            won = fixed_pickup(laid, winner)
        else:
            won = pile0 + pile1
            shuffle(won)
        stacks[winner].extend(won)
        if winner == 0:
            won0 += 1
            wars_won0 += depth > 0
        if depth:
            depths[depth] += 1
        if not d0:
            outcome = "loss"
        elif not d1:
            outcome = "win"
        elif fixed:
            key = bytes(d0) + b"|" + bytes(d1)
            if key in seen:
                reason, outcome = "endless", "draw"
            seen.add(key)
    return {
        "outcome": outcome, "reason": reason, "battles": battles, "battles_won": won0,
        "wars": wars, "wars_won": wars_won0, "double_wars": depths[2], "triple_wars": depths[3],
        "quadruple_wars": depths[4], "deeper_wars": sum(n for d, n in depths.items() if d >= 5),
        "longest_war": max(depths, default=0),
        "war_depths": {str(d): depths[d] for d in sorted(depths)},
        "play_time_s": SECONDS_PER_BATTLE * battles + SECONDS_PER_WAR * wars,
    }


def play_seeded(seed: int, options: WarOptions) -> dict:
    """The statistics of new_game(players, seed, **options) played to its end, computed fast."""
    rng = random.Random(seed)
    return play_values(deal_values(options, rng), options, rng)


class BatchSimulation:
    """A batch of games run a slice at a time (for a responsive window), then summarized."""

    def __init__(self, games: int, seed: int, **options: str) -> None:
        if not isinstance(games, int) or games < 0:
            raise ValueError("the number of games must be a whole number >= 0")
        self.options = WarOptions(**options)
        self.games = games
        self.seed = seed
        self.seeds = game_seeds(seed, games)
        self.done = 0
        self.cancelled = False
        self.summary = Summary()

    @property
    def finished(self) -> bool:
        return self.cancelled or self.done >= self.games

    def run(self, count: int) -> bool:
        """Play up to `count` more games; True when the batch is finished."""
        stop = min(self.games, self.done + count)
        while not self.cancelled and self.done < stop:
            self.summary.add(play_seeded(self.seeds[self.done], self.options))
            self.done += 1
        return self.finished

    def cancel(self) -> None:
        self.cancelled = True

    def result(self) -> dict:
        """The batch statistics so far, with what was asked and whether it was cancelled."""
        data = self.summary.as_dict()
        data.update({"games_requested": self.games, "seed": self.seed,
                     "options": self.options.to_dict(), "cancelled": self.cancelled})
        return data


def simulate(games: int, seed: int, progress: ProgressFn | None = None,
             cancel: CancelFn | None = None, **options: str) -> dict:
    """Play `games` games without animation and return their batch statistics (JSON-safe).

    `progress(done, total)` is called about every 1% and at the end; `cancel()` returning True
    stops the batch early (the result then has cancelled=True and counts the games played).
    """
    batch = BatchSimulation(games, seed, **options)
    step = max(1, games // 100)
    while not batch.finished:
        if cancel is not None and cancel():
            batch.cancel()
            break
        batch.run(step)
        if progress is not None:
            progress(batch.done, games)
    return batch.result()
