"""Headless bot clients, for tests and load: each seat a separate connection choosing from the view it
received.

    python -m net.bots --server ws[s]://127.0.0.1:PORT[,ws://...] --tables N --game G [--seats K]
                       [--level normal] [--think MS] [--on-loop]

opens N tables, fills every seat with a networked computer client, plays the games to the end and
prints one JSON line: tables_finished, games_finished, moves, errors, reconnects, rtt_p50_ms,
rtt_p99_ms, rtt_max_ms (a round trip is a move sent to its resulting view received). With several
servers (processes sharing their tables through Redis) the seats of each table are spread over them,
and a bot whose connection is lost joins again, with its seat's token, through the next server.
`--think` makes each bot wait about that long before each move, as a person would (the round trip
does not count it). `--on-loop` has the computers choose on the event loop instead of a worker
thread (quicker for a level that decides in microseconds, as Sota's normal). For a load that lasts
(bench/net.py runs this in processes of its own): `--start-at T --every S` opens table n at
time.monotonic() T + n*S, `--until T` has each table play again until that time and then finish its
game, and `--samples` adds to the line when each move was sent, each round trip with the time its
move was sent, and when each table started playing.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.registry import game_info
from net import protocol as p
from net import tls
from net.conn import BURST, RATE
from net.wire import from_wire, to_wire

GAME_TIMEOUT = 600.0  # seconds a table may take before the bots give up on it
RECONNECTS = 20  # tries a bot makes to come back before it gives up
RECONNECT_PAUSE = 0.2  # seconds between two tries
PACE = 0.9  # a bot sends at most this share of the server's message rate (net/conn.py) ...
PACE_BURST = BURST / 2  # ... and at most this many at once


class Turn(msgspec.Struct, tag_field="type", tag="state"):
    """What a bot reads of a State: the rest is skipped, and the view is decoded only when it is to move."""

    state: int
    over: bool
    to_move: int | None
    view: msgspec.Raw
    record: Any = None


turn_decoder = msgspec.json.Decoder(Turn | p.Welcome | p.Lobby | p.Room | p.Turn | p.Refused | p.Lost | p.Back | p.Said
                                    | p.Bye)


@dataclass
class Tally:
    """What the bots measured (times: time.monotonic(), the same clock in every process of a machine)."""

    tables_finished: int = 0
    games_finished: int = 0
    moves: int = 0
    reconnects: int = 0
    errors: list[str] = field(default_factory=list)
    rtts: list[float] = field(default_factory=list)  # seconds, each move sent to its resulting view
    rtt_sent: list[float] = field(default_factory=list)  # when the move of each round trip was sent
    moves_at: list[float] = field(default_factory=list)  # when each move was sent
    started: list[float] = field(default_factory=list)  # when each table's first game started

    def report(self) -> dict[str, Any]:
        return {"tables_finished": self.tables_finished, "games_finished": self.games_finished,
                "moves": self.moves, "errors": len(self.errors), "reconnects": self.reconnects,
                **percentiles_ms(self.rtts)}

    def samples(self) -> dict[str, Any]:
        """The report with every time measured, for a bench to merge the tallies of several processes."""
        return {**self.report(), "error_texts": self.errors[:20], "rtts": self.rtts, "rtt_sent": self.rtt_sent,
                "moves_at": self.moves_at, "started": self.started}


def percentiles_ms(rtts: list[float]) -> dict[str, float]:
    """rtt_p50_ms, rtt_p99_ms and rtt_max_ms of round trips in seconds."""
    ordered = sorted(rtts) or [0.0]
    return {"rtt_p50_ms": round(statistics.median(ordered) * 1000, 2),
            "rtt_p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 2),
            "rtt_max_ms": round(ordered[-1] * 1000, 2)}


class Games:
    """Whether a table plays again once a game is over: decided once a game, by the first of its bots
    to ask, so that every bot of the table hears the same answer. `until`: a time.monotonic() after
    which no new game starts (None: one game only)."""

    def __init__(self, until: float | None = None) -> None:
        self.until = until
        self.decided: dict[int, bool] = {}

    def again(self, games_over: int) -> bool:
        if games_over not in self.decided:
            self.decided[games_over] = self.until is not None and time.monotonic() < self.until
        return self.decided[games_over]


class Pacer:
    """A bot keeps within the server's message rate, as a well-behaved client does: with no time to think,
    a long game's moves would come faster than the server lets a connection send, and it would be sent
    away ("too many messages"). A token bucket a little slower than the server's."""

    def __init__(self, rate: float = RATE, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.clock, self.sleep = clock, sleep
        self.rate, self.burst = rate * PACE, PACE_BURST
        self.allowance, self.checked = self.burst, clock()

    async def wait(self) -> None:
        """Until one more message may be sent."""
        now = self.clock()
        self.allowance = min(self.burst, self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        if self.allowance < 1:
            delay = (1 - self.allowance) / self.rate
            await self.sleep(delay)
            self.allowance, self.checked = 1.0, now + delay
        self.allowance -= 1


class Bot:
    """One seat's connection: it answers each state in which it is to move with its computer's choice.
    `urls` are the servers it may come back through (the first is the one it is connected to)."""

    def __init__(self, ws: ClientConnection, game: str, level: str, seed: int, tally: Tally,
                 urls: list[str] | None = None, think: float = 0.0, games: Games | None = None,
                 on_loop: bool = False, rate: float = RATE) -> None:
        self.ws = ws
        self.urls = urls or []
        self.think = think
        self.on_loop = on_loop  # the computer chooses on the event loop (a quick level), not on a thread
        self.rng = random.Random(seed)
        self.name = ""
        self.info = game_info(game)
        self.computer = self.info.computer(level if level in self.info.levels else self.info.default_level, seed)
        self.tally = tally
        self.seat: int | None = None
        self.token: str | None = None
        self.code = ""
        self.next_id = 0
        self.sent_at: float | None = None
        self.chosen: tuple[int, Any] | None = None  # (the position's number, the move chosen for it)
        self.games = games or Games()
        self.games_over = 0
        self.playing = True  # a game is being played: its end is yet to come
        self.over = asyncio.Event()  # the last game this bot plays is over
        self.pacer = Pacer(rate)  # the server's message rate (a test's server may allow more)

    async def send(self, message: p.Message) -> None:
        await self.pacer.wait()
        await self.ws.send(p.encoder.encode(message).decode())

    async def receive(self) -> p.Message:
        return p.server_decoder.decode(await self.ws.recv())

    async def welcome(self) -> p.Welcome:
        """Messages until the Welcome (a Refused is an error)."""
        while True:
            message = await self.receive()
            if isinstance(message, p.Welcome):
                self.seat, self.token, self.code = message.seat, message.token, message.code
                return message
            if isinstance(message, p.Refused | p.Bye):
                raise RuntimeError(message.reason)

    async def play(self) -> None:
        """Answer states until the game is over; a lost connection is made again through the next server."""
        while not self.over.is_set():
            with contextlib.suppress(ConnectionClosed):
                await self.answer()
            if not self.over.is_set():
                await self.come_back()

    async def come_back(self) -> None:
        """Join again with this seat's token, through the servers in turn (the move in flight is forgotten)."""
        if not self.urls:
            raise RuntimeError(f"seat {self.seat} lost its connection")
        last: BaseException | None = None
        for attempt in range(1, RECONNECTS + 1):
            try:
                url = self.urls[attempt % len(self.urls)]
                self.ws = await connect(url, max_size=p.MAX_FRAME, **tls.connect_options(url))
                await self.send(p.Join(p.VERSION, self.code, self.name, self.token))
                await self.welcome()
            except (OSError, ConnectionClosed, RuntimeError, TimeoutError) as exc:
                last = exc
                await asyncio.sleep(RECONNECT_PAUSE)
                continue
            self.urls = rotated(self.urls, attempt)
            self.sent_at = None
            self.tally.reconnects += 1
            return
        raise RuntimeError(f"seat {self.seat} could not come back: {last!r}")

    async def choose(self, turn: Turn) -> Any:
        """The move for this position: the one chosen before if it is the same position (its move was
        lost with a connection), so that a game cut in the middle ends as it would have."""
        if self.chosen is not None and self.chosen[0] == turn.state:
            return self.chosen[1]
        view = from_wire(self.info.view_type, msgspec.json.decode(turn.view))
        if self.think:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        move = self.computer.choose(view) if self.on_loop else await asyncio.to_thread(self.computer.choose, view)
        self.chosen = (turn.state, move)
        return move

    async def answer(self) -> None:
        """Answer the states of this connection until it closes or the game is over."""
        async for frame in self.ws:
            message = turn_decoder.decode(frame)
            if isinstance(message, p.Refused | p.Bye):
                self.tally.errors.append(message.reason)
            if not isinstance(message, Turn):
                continue
            if self.sent_at is not None and message.record is not None:
                self.tally.rtts.append(time.monotonic() - self.sent_at)
                self.tally.rtt_sent.append(self.sent_at)
                self.sent_at = None
            if message.over:
                if self.playing and await self.game_over():
                    return
                continue  # (a finished game's state sent again to a bot joining again is no second end)
            self.playing = True
            if message.to_move == self.seat and self.sent_at is None:
                move = await self.choose(message)
                self.sent_at = time.monotonic()
                self.tally.moves += 1
                self.tally.moves_at.append(self.sent_at)
                await self.send(p.Move(self.next_id, message.state, to_wire(move)))
                self.next_id += 1

    async def game_over(self) -> bool:
        """A game is over: True if it was this bot's last; else it asks for another (a new
        game's positions are numbered from 0 again: the move kept for a lost one is forgotten)."""
        self.games_over += 1
        self.playing = False
        if not self.games.again(self.games_over):
            self.over.set()
            return True
        self.chosen = None
        await self.send(p.Again())  # (dealt once every seated bot asked)
        return False


def rotated(urls: list[str], start: int) -> list[str]:
    start %= len(urls)
    return urls[start:] + urls[:start]


async def one_table(urls: list[str], game: str, seats: int, level: str, seed: int, tally: Tally,
                    think: float = 0.0, games: Games | None = None, on_loop: bool = False,
                    rate: float = RATE) -> None:
    """Create a table, fill its seats with bots (seat i through server i, in turn), start it and play
    it to the end (and again, as `games` says)."""
    specs = [p.SeatSpec("you")] + [p.SeatSpec("open")] * (seats - 1)
    games = games or Games()
    bots: list[Bot] = []
    try:
        for i in range(seats):
            mine = rotated(urls, seed + i)
            ws = await connect(mine[0], max_size=p.MAX_FRAME, **tls.connect_options(mine[0]))
            bot = Bot(ws, game, level, seed * 31 + i, tally, mine, think, games, on_loop, rate)
            bot.name = f"Bot {i + 1}"
            bots.append(bot)
            if i == 0:
                await bot.send(p.Create(p.VERSION, bot.name, game, specs))
                await bot.welcome()
                continue
            await bot.send(p.Join(p.VERSION, bots[0].code, bot.name))
            await bot.welcome()  # as a spectator
            await bot.send(p.TakeSeat(i))
            await bot.welcome()
        await bots[0].send(p.Start())
        tally.started.append(time.monotonic())
        timeout = GAME_TIMEOUT + max(0.0, (games.until or 0.0) - time.monotonic())
        await asyncio.wait_for(asyncio.gather(*(bot.play() for bot in bots)), timeout)
        tally.tables_finished += all(bot.over.is_set() for bot in bots)
        tally.games_finished += bots[0].games_over
    finally:
        for bot in bots:
            await bot.ws.close()


async def sleep_until(when: float) -> None:
    """Wait until time.monotonic() is `when` (not at all if it has passed)."""
    await asyncio.sleep(when - time.monotonic())


async def run(urls: str | list[str], tables: int, game: str, seats: int, level: str, seed: int,
              think: float = 0.0, tally: Tally | None = None, start_at: float | None = None, every: float = 0.0,
              until: float | None = None, on_loop: bool = False, rate: float = RATE) -> Tally:
    """Play `tables` tables at once through the servers `urls` (one, or a list), counting in `tally`;
    table n opens at time.monotonic() `start_at` + n * `every` (at once without `start_at`), and
    with `until` each table plays game after game until that time, then finishes the one it plays."""
    urls = [urls] if isinstance(urls, str) else urls
    tally = tally or Tally()

    async def table(n: int) -> None:
        if start_at is not None:
            await sleep_until(start_at + n * every)
        await one_table(urls, game, seats, level, seed + n, tally, think, Games(until), on_loop, rate)

    results = await asyncio.gather(*(table(n) for n in range(tables)), return_exceptions=True)
    tally.errors += [repr(r) for r in results if isinstance(r, BaseException)]
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True,
                        help="the server's ws:// or wss:// address, or several, comma-separated (a wss:// server's "
                             f"certificate is checked: {tls.CA_ENV}=FILE trusts the authorities in FILE too)")
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--game", default="sota")
    parser.add_argument("--seats", type=int, default=0, help="seats a table (default: the game's fewest)")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0, help="milliseconds a bot waits before a move (about)")
    parser.add_argument("--start-at", type=float, help="time.monotonic() at which the first table opens")
    parser.add_argument("--every", type=float, default=0.0, help="seconds between two tables opening")
    parser.add_argument("--until", type=float, help="time.monotonic() until which each table plays again")
    parser.add_argument("--samples", action="store_true", help="add every time measured to the JSON line")
    parser.add_argument("--on-loop", action="store_true", help="computers choose on the event loop, not a thread")
    args = parser.parse_args(argv)
    seats = args.seats or game_info(args.game).min_players
    urls = [url.strip() for url in args.server.split(",") if url.strip()]
    tally = asyncio.run(run(urls, args.tables, args.game, seats, args.level, args.seed, args.think / 1000,
                            start_at=args.start_at, every=args.every, until=args.until, on_loop=args.on_loop))
    print(json.dumps(tally.samples() if args.samples else tally.report()))
    return 0 if not tally.errors else 1


if __name__ == "__main__":
    sys.exit(main())
