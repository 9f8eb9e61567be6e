"""Kings Corner hard player's search: every way to play this turn, and the rest of the round played
out on guesses at the hidden cards.

Cards are numbered 0-51 (french_deck order); a pile is only its bottom and top card, which is all
that decides where cards and piles may go next."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from game.cards import Card, french_deck
from game.kings_corner.moves import KING, KING_PENALTY, OTHER_PENALTY, LayCard, Move, MovePile

DECK = french_deck()
INDEX = {card: i for i, card in enumerate(DECK)}
RANK = [c.rank for c in DECK]
# A card's class is (rank, colour); a top takes the class one rank lower and of the other colour.
CLASS = [2 * c.rank + c.is_red for c in DECK]
NEEDS = [2 * (c.rank - 1) + (not c.is_red) if c.rank > 1 else -1 for c in DECK]
PENALTY = [KING_PENALTY if r == KING else OTHER_PENALTY for r in RANK]
EMPTY = -1
NO_PILE = (EMPTY, EMPTY)
SIDE_RANGE = range(4)
CORNER_RANGE = range(4, 8)
EMPTY_SIDE_WEIGHT = 4  # an empty side lets the other player lay any card

Ends = tuple[tuple[int, int], ...]  # each pile's (bottom, top), NO_PILE if empty


@dataclass(frozen=True, slots=True)
class TurnEnd:
    """One way to play this turn: the moves, in order, and the hand and piles they leave."""

    path: tuple[Move, ...]
    hand: tuple[int, ...]
    piles: Ends


def to_ends(piles: Sequence[Sequence[Card]]) -> Ends:
    return tuple((INDEX[p[0]], INDEX[p[-1]]) if p else NO_PILE for p in piles)


def _successors(hand: tuple[int, ...], piles: Ends) -> Iterator[tuple[Move, tuple[int, ...], Ends]]:
    """Every lay and pile move worth trying (one empty side or corner stands for all)."""
    first_side = next((s for s in SIDE_RANGE if piles[s][0] == EMPTY), EMPTY)
    first_corner = next((c for c in CORNER_RANGE if piles[c][0] == EMPTY), EMPTY)
    wanted: dict[int, list[int]] = {}
    for p, (_, top) in enumerate(piles):
        if top != EMPTY:
            wanted.setdefault(NEEDS[top], []).append(p)
    for i, card in enumerate(hand):
        rest = hand[:i] + hand[i + 1:]
        for p in wanted.get(CLASS[card], ()):
            yield LayCard(DECK[card], p + 1), rest, (*piles[:p], (piles[p][0], card), *piles[p + 1:])
        start = first_corner if RANK[card] == KING else first_side
        if start != EMPTY:
            yield LayCard(DECK[card], start + 1), rest, (*piles[:start], (card, card), *piles[start + 1:])
    for s, (bottom, top) in enumerate(piles):
        if bottom == EMPTY:
            continue
        targets = [d for d in wanted.get(CLASS[bottom], ()) if d != s]
        if s < 4 and RANK[bottom] == KING and first_corner != EMPTY:
            targets.append(first_corner)
        for d in targets:
            new = list(piles)
            new[d] = (piles[d][0] if piles[d][0] != EMPTY else bottom, top)
            new[s] = NO_PILE
            yield MovePile(s + 1, d + 1), hand, tuple(new)


def turn_ends(hand: Sequence[Card], piles: Sequence[Sequence[Card]], limit: int) -> list[TurnEnd]:
    """Every different end of this turn (at most `limit`), each by its fewest moves (breadth-first)."""
    start = TurnEnd((), tuple(sorted(INDEX[c] for c in hand)), to_ends(piles))
    ends = [start]
    seen = {_key(start.hand, start.piles)}
    frontier = [start]
    while frontier:
        deeper = []
        for end in frontier:
            if not end.hand:
                continue
            for move, h, ps in _successors(end.hand, end.piles):
                key = _key(h, ps)
                if key in seen:
                    continue
                if len(ends) >= limit:
                    return ends
                seen.add(key)
                ends.append(TurnEnd((*end.path, move), h, ps))
                deeper.append(ends[-1])
        frontier = deeper
    return ends


def _key(hand: tuple[int, ...], piles: Ends) -> tuple:
    return hand, tuple(sorted(piles[:4])), tuple(sorted(piles[4:]))


def openings(unseen: Sequence[Card]) -> list[int]:
    """For each card as a top, how many of the `unseen` cards fit on it."""
    counts = [0] * (2 * KING + 2)
    for card in unseen:
        counts[CLASS[INDEX[card]]] += 1
    return [counts[need] if need >= 0 else 0 for need in NEEDS]


def position_cost(end: TurnEnd, fits: Sequence[int]) -> tuple[int, int, int]:
    """Lower is better: penalty points held, then what the other player could lay next (an empty
    side takes anything, a top takes its unseen fits), then cards held."""
    empty_sides = sum(1 for s in SIDE_RANGE if end.piles[s][0] == EMPTY)
    exposed = sum(fits[top] for _, top in end.piles if top != EMPTY)
    return sum(PENALTY[c] for c in end.hand), EMPTY_SIDE_WEIGHT * empty_sides + exposed, len(end.hand)


def greedy_turn(hand: list[int], bottoms: list[int], tops: list[int]) -> bool:
    """Play the original rules' steps 1-4 (the first candidate each time) in place; True if a move was made."""
    rank, klass, needs = RANK, CLASS, NEEDS
    moved = False
    while hand:
        king = next((c for c in hand if rank[c] == KING), EMPTY)
        side = next((s for s in SIDE_RANGE if bottoms[s] != EMPTY and rank[bottoms[s]] == KING), EMPTY)
        if king != EMPTY or side != EMPTY:
            corner = next((p for p in CORNER_RANGE if bottoms[p] == EMPTY), EMPTY)
            if corner != EMPTY:
                if king != EMPTY:
                    hand.remove(king)
                    bottoms[corner] = tops[corner] = king
                else:
                    bottoms[corner], tops[corner] = bottoms[side], tops[side]
                    bottoms[side] = tops[side] = EMPTY
                moved = True
                continue
        wanted = {needs[t]: p for p, t in enumerate(tops) if t != EMPTY}
        for s in SIDE_RANGE:
            if bottoms[s] != EMPTY and klass[bottoms[s]] in wanted:
                tops[wanted[klass[bottoms[s]]]] = tops[s]
                bottoms[s] = tops[s] = EMPTY
                break
        else:
            for card in hand:
                if klass[card] in wanted:
                    hand.remove(card)
                    tops[wanted[klass[card]]] = card
                    break
            else:
                if EMPTY not in bottoms[:4]:
                    return moved
                side = bottoms.index(EMPTY)
                bottoms[side] = tops[side] = hand.pop(0)
        moved = True
    return moved


def play_out(hands: tuple[list[int], list[int]], bottoms: list[int], tops: list[int],
             draw: list[int], passes: int, hold: bool) -> tuple[int, int]:
    """hands[1] moves next and both finish the round greedily, except that with `hold`, hands[0]
    lays cards only on a turn where they all go; the penalties (own, other's) at the end."""
    seat = 1
    while True:
        if hold and seat == 0:
            trial = list(hands[0])
            greedy_turn(trial, list(bottoms), list(tops))
            moved = not trial
            if moved:
                hands[0].clear()
        else:
            moved = greedy_turn(hands[seat], bottoms, tops)
        if not hands[seat]:
            break
        if draw:
            hands[seat].append(draw.pop())
            passes = 0
        else:
            passes = 0 if moved else passes + 1
            if passes >= 2:
                break
        seat = 1 - seat
    return sum(PENALTY[c] for c in hands[0]), sum(PENALTY[c] for c in hands[1])


def rollout_scores(ends: Sequence[TurnEnd], unseen: Sequence[Card], other_count: int, passes: int,
                   samples: int, rng: random.Random, value: Callable[[int, int], float]) -> list[float]:
    """For each end of this turn, the mean `value` of the round's penalties (own, other's) when it
    is played out on the same `samples` deals of the unseen cards to the other hand and the draw
    pile: after own draw, the other greedy and oneself either greedy or holding every card until
    they all go in one turn, whichever does better for that end on average."""
    pool = [INDEX[c] for c in unseen]
    greedy = [0.0] * len(ends)
    held = [0.0] * len(ends)
    for _ in range(samples):
        rng.shuffle(pool)
        other, draw = pool[:other_count], pool[other_count:]
        for i, end in enumerate(ends):
            mine, pile = list(end.hand), list(draw)
            if pile:
                mine.append(pile.pop())
                left = 0
            else:
                left = 0 if end.path else passes + 1
            if left >= 2:  # both passed in a row: the round is blocked
                score = value(sum(PENALTY[c] for c in mine), sum(PENALTY[c] for c in other))
                greedy[i] += score
                held[i] += score
                continue
            bottoms = [b for b, _ in end.piles]
            tops = [t for _, t in end.piles]
            greedy[i] += value(*play_out((list(mine), list(other)), list(bottoms), list(tops), list(pile), left, False))
            held[i] += value(*play_out((mine, list(other)), bottoms, tops, pile, left, True))
    return [max(g, h) / samples for g, h in zip(greedy, held, strict=True)]


# The loser's penalty in 1,497 rounds of hard against normal (seeds 20000-20199), and how often hard went out.
LOSER_PENALTY = {1: 13, 2: 277, 3: 280, 4: 256, 5: 180, 6: 131, 7: 110, 8: 59, 9: 23, 10: 13, 11: 26, 12: 26,
                 13: 33, 14: 21, 15: 8, 16: 31, 17: 6, 18: 1, 20: 2, 25: 2}
OUT_SHARE = 0.58


def win_chances(target: int) -> list[list[float]]:
    """chances[a][b]: how likely a player with a penalty points wins against one with b, both below
    `target`, if rounds go as LOSER_PENALTY and OUT_SHARE say."""
    total = sum(LOSER_PENALTY.values())
    chances = [[0.0] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            won = 0.0
            for points, count in LOSER_PENALTY.items():
                share = count / total
                won += OUT_SHARE * share * game_value(chances, a, b + points, target)
                won += (1 - OUT_SHARE) * share * game_value(chances, a + points, b, target)
            chances[a][b] = won
    return chances


def game_value(chances: list[list[float]], a: int, b: int, target: int) -> float:
    """The chance to win with a penalty points against b: 1, 0 or 1/2 once someone reaches `target`."""
    if a >= target or b >= target:
        return 1.0 if a < b else 0.0 if a > b else 0.5
    return chances[a][b]
