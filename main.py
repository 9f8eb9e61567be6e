#!/usr/bin/env python3
"""Card Arcade: `python main.py` opens the window; `--simulate war --games N --seed S` prints JSON.

No `from __future__ import annotations` here, and nothing an older Python cannot read before the
check of the Python version: on Python 3.6 to 3.10 it says what is needed in one sentence."""

import argparse
import logging
import os
import signal
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent))

from version import APP_ID, VERSION  # the path above first

WINDOW_CLASS = APP_ID  # the window's X11 WM_CLASS and Wayland app id = the desktop entry's name and StartupWMClass
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):  # before pygame is imported
    os.environ.setdefault(hint, WINDOW_CLASS)

if TYPE_CHECKING:  # the app (and pygame) is imported only when the window opens
    import ssl

    from net.limits import Limits
    from scenes.app import App
    from scenes.base import Scene

SCHEMA = 1  # of the --simulate JSON; raised when a key changes meaning or goes
NEEDS_SIMULATE = ("games", "seed", "progress")
NEEDS_SERVE = ("port", "record", "saves", "bind", "redis", "joins_per_minute", "parent", "cert", "key",
               "metrics_port", "metrics_bind", "trusted_proxy", "until_empty", "log_level")
SERVE_HOST = "127.0.0.1"  # --bind's default: this machine only
METRICS_HOST = "127.0.0.1"  # --metrics-bind's default: this machine's Prometheus only
SERVE_PORT = 8765
LOG_LEVELS = ("debug", "info", "warning", "error")
SERVE_LOG_LEVEL = "info"  # --log-level's default: tables opened and closed, takeovers, the server stopped
SERVE_LOG_FORMAT = "%(levelname)s %(name)s: %(message)s"  # (journald and container logs add the time)
PARENT_S = 1.0  # how often a hosting window's server looks whether the window still runs
PLAYER1_KEYS = ("wins", "losses", "win_rate", "loss_rate", "battles_won", "battles_won_per_game", "wars_won",
                "wars_won_per_game", "battle_win_rate", "war_win_rate", "longest_win_streak", "longest_loss_streak",
                "current_streak")
ESTIMATES = ("play_time_s", "play_time_s_per_game")
NOT_REPORTED = ("cancelled", "games_requested", "games", "seed", "options")

log = logging.getLogger("card_arcade")
SCREEN_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")  # any of them: a window can be opened
NEEDED_PYTHON = (3, 11)  # pyproject.toml's requires-python; the rules use 3.11's enum.StrEnum among others


def python_problem(version: "tuple[int, ...]") -> "str | None":  # quoted: read by older Pythons
    """One sentence saying why this Python `version` cannot run Card Arcade, or None if it can."""
    if tuple(version[:2]) >= NEEDED_PYTHON:
        return None
    return (f"Card Arcade needs Python {NEEDED_PYTHON[0]}.{NEEDED_PYTHON[1]} or newer, "
            f"this is Python {'.'.join(map(str, version[:3]))} ({sys.executable}).")


if __name__ == "__main__" and python_problem(sys.version_info[:3]):  # before what an older Python cannot run
    print(python_problem(sys.version_info[:3]), file=sys.stderr)
    sys.exit(1)


def pygame_problem() -> str | None:
    """One sentence saying how to install pygame-ce if it cannot be imported, or None if it can: the
    commands for the way this copy was installed (storage.installed)."""
    try:
        import pygame
    except ImportError as exc:
        from storage.installed import install_command

        return f"Card Arcade needs pygame-ce: install it with `{install_command()}` ({exc})."
    if not getattr(pygame, "IS_CE", False):
        from storage.installed import install_command, uninstall_command

        return (f"Card Arcade needs pygame-ce, not pygame: `{uninstall_command('pygame')}`, "
                f"then `{install_command()}`.")
    return None


def display_problem(environ: Mapping[str, str], platform: str) -> str | None:
    """One sentence when there is no screen to open the window on (Linux: no DISPLAY, no WAYLAND_DISPLAY and
    no SDL_VIDEODRIVER asked for; SDL would fall back to drawing off-screen), or None."""
    if not platform.startswith("linux") or any(environ.get(name) for name in SCREEN_VARIABLES):
        return None
    return ("Card Arcade needs a screen, and none is set here (no DISPLAY or WAYLAND_DISPLAY): run it on the "
            "desktop, or over SSH with `ssh -X`.")


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def ip_address(text: str) -> str:
    import ipaddress  # only for --trusted-proxy: not at every start

    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an IP address: {text!r}") from None


class Parser(argparse.ArgumentParser):
    """Wrong options end with one line on stderr and exit code 2, never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")

    def format_help(self) -> str:
        """The help, with the games found and this user's folders (worked out only when asked: no start-up pays
        for them)."""
        from game.registry import all_games
        from storage.folders import folders_text

        self.description = f"Card Arcade: card games in one window ({', '.join(i.title for i in all_games())})."
        self.epilog = (f"{folders_text()} Set CARD_ARCADE_HOME to keep them all in another folder (the README "
                       "says how to remove them); set CARD_ARCADE_CA to a PEM file to trust its certificate "
                       "authorities too, for a wss:// server whose certificate no public authority signed.")
        return super().format_help()


def language_code(text: str) -> str:
    """--lang's CODE: a language the program speaks."""
    from lang import LANGUAGES, known

    if not known(text):
        raise argparse.ArgumentTypeError(f"unknown language {text!r} (choose from {', '.join(LANGUAGES)}, pseudo)")
    return text


def online_game(text: str) -> str:
    """--host's GAME: one the registry says is played on other machines (found only when --host is given)."""
    from game.registry import online_games

    if text not in online_games():
        raise argparse.ArgumentTypeError(f"invalid choice: {text!r} (choose from {', '.join(online_games())})")
    return text


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = Parser(description="Card Arcade: card games in one window.")
    parser.add_argument("--version", action="version", version=f"Card Arcade {VERSION}")
    parser.add_argument("--simulate", metavar="GAME", choices=["war"],
                        help="play GAME (war) without a window and print the batch statistics as JSON; "
                             "player1_* keys are the first seat's side")
    parser.add_argument("--games", type=positive_int, help="with --simulate: games to play (default 100)")
    parser.add_argument("--seed", type=whole_number, help="with --simulate: seed of the batch (default 1)")
    parser.add_argument("--progress", action="store_true",
                        help="with --simulate: a progress line on stderr even when it is not a terminal")
    parser.add_argument("--serve", action="store_true",
                        help="run a game server without a window until stopped")
    parser.add_argument("--port", type=whole_number,
                        help=f"with --serve: the port (default {SERVE_PORT}; 0: any free one)")
    parser.add_argument("--record", metavar="DIR", type=Path,
                        help="with --serve: write each table's moves and the texts sent for them to DIR")
    parser.add_argument("--bind", metavar="ADDRESS",
                        help=f"with --serve: the address to listen on (default {SERVE_HOST}: this machine only; "
                             "0.0.0.0: other machines may join)")
    parser.add_argument("--saves", metavar="DIR", type=Path,
                        help="with --serve: keep every table in DIR, and bring back those kept there, so that a "
                             "server stopped or killed and started again goes on where it was")
    parser.add_argument("--joins-per-minute", metavar="N", type=positive_int,
                        help="with --serve: tables one address may open or join in a minute (default 120; more "
                             "for many players behind one address, or for bots)")
    parser.add_argument("--parent", metavar="PID", type=positive_int,
                        help="with --serve: stop when process PID ends (a hosting window starts its server so)")
    parser.add_argument("--until-empty", metavar="SECONDS", type=positive_int,
                        help="with --serve: stop once nobody has been connected for SECONDS (a hosting window's "
                             "server, which goes on for the others after the window closes)")
    from net import limits  # (the standard library only)
    limits.add_options(parser, whole_number)
    parser.add_argument("--redis", metavar="URL",
                        help="with --serve: share the tables with every server process on this Redis "
                             "(redis://HOST:PORT/DB): a client may connect to any of them, and the tables of a "
                             "process that dies or is stopped go on in another")
    parser.add_argument("--cert", metavar="FILE", type=Path,
                        help="with --serve and --key: encrypt the connections (wss://) with this certificate (PEM, "
                             "its chain after it); SIGHUP reads it and the key again (a renewed certificate)")
    parser.add_argument("--key", metavar="FILE", type=Path,
                        help="with --serve and --cert: the certificate's private key")
    parser.add_argument("--trusted-proxy", metavar="ADDRESS", action="append", type=ip_address,
                        help="with --serve: connections from ADDRESS come through a reverse proxy (nginx, Caddy) "
                             "whose X-Forwarded-For says the player's address, which the limits per address count "
                             "(may be given more than once; without it, each connection's own address)")
    parser.add_argument("--log-level", choices=LOG_LEVELS,
                        help=f"with --serve: the least important lines the server writes on stderr (default "
                             f"{SERVE_LOG_LEVEL}; other libraries' from warning)")
    parser.add_argument("--metrics-port", metavar="PORT", type=whole_number,
                        help="with --serve: answer Prometheus (/metrics) and a health check (/healthz) on this "
                             "port too (the game's port answers /healthz as well)")
    parser.add_argument("--metrics-bind", metavar="ADDRESS",
                        help=f"with --metrics-port: the address it listens on (default {METRICS_HOST})")
    parser.add_argument("--lang", metavar="CODE", type=language_code,
                        help="the window's language for this run, not kept in the settings: en, fr, es, de or ar "
                             "(pseudo: every word accented, longer and in brackets, for checking a layout); "
                             "CARD_ARCADE_LANG does the same")
    parser.add_argument("--discovery", choices=["off", "loopback", "all"],
                        help="where tables are announced on the local network and looked for: with --serve "
                             "(default off; all is refused when it listens on a loopback address only), or for "
                             "the window's hosting and joining (default: its setting, all interfaces; off and loopback "
                             "keep a hosted table's server on 127.0.0.1)")
    parser.add_argument("--host", metavar="GAME", type=online_game,
                        help="open the window hosting a table of GAME for friends on other machines, with the "
                             "seats last set up for it (its human seats other than the first are open)")
    parser.add_argument("--join", metavar="CODE_OR_ADDRESS",
                        help="open the window's Join a table screen with this invite code, server address or "
                             "cardarcade:// link")
    parser.add_argument("link", nargs="?", metavar="LINK",
                        help="a cardarcade:// invite link: as --join (what the desktop entry passes)")
    parser.add_argument("--install-desktop", action="store_true",
                        help="add Card Arcade to this user's application menu (Linux: a desktop entry, its icons "
                             "and its AppStream metainfo under $XDG_DATA_HOME, default ~/.local/share), "
                             "running this copy")
    parser.add_argument("--uninstall-desktop", action="store_true",
                        help="take out what --install-desktop put in the application menu")
    parser.add_argument("--frames", type=positive_int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.link is not None:
        if not args.link.lower().startswith("cardarcade:") or args.join:
            parser.error(f"unrecognised argument: {args.link} (only a cardarcade:// link, instead of --join)")
        args.join = args.link
    for mode, needs in (("simulate", NEEDS_SIMULATE), ("serve", NEEDS_SERVE + limits.OPTIONS)):
        given = [f"--{name.replace('_', '-')}" for name in needs if getattr(args, name) not in (None, False)]
        if given and not getattr(args, mode):
            parser.error(f"{', '.join(given)} only goes with --{mode}")
    desktop = [f"--{name}-desktop" for name in ("install", "uninstall") if getattr(args, f"{name}_desktop")]
    others = [name for name in ("simulate", "serve", "host", "join", "discovery", "frames") if getattr(args, name)]
    if desktop and (len(desktop) > 1 or others):
        parser.error(f"{desktop[0]} goes with no other option")
    if args.simulate and args.serve:
        parser.error("--simulate and --serve do not go together")
    if (args.host or args.join) and (args.simulate or args.serve):
        parser.error("--host and --join open the window: not with --simulate or --serve")
    if args.host and args.join:
        parser.error("--host and --join do not go together")
    for option, port in (("--port", args.port), ("--metrics-port", args.metrics_port)):
        if port is not None and not 0 <= port <= 65535:
            parser.error(f"{option} must be from 0 to 65535: {port}")
    if (args.cert is None) != (args.key is None):
        parser.error("--cert and --key go together")
    if args.metrics_bind and args.metrics_port is None:
        parser.error("--metrics-bind only goes with --metrics-port")
    bind = args.bind or SERVE_HOST
    if args.serve and args.discovery == "all" and is_loopback(bind):
        parser.error(f"--discovery all announces tables nobody else can reach: the server listens on {bind} only")
    try:
        args.limits = limits.limits_of(args)
    except ValueError as exc:
        parser.error(str(exc))
    return args


def is_loopback(address: str) -> bool:
    """The address is this machine's alone (a name other than localhost is taken as reachable)."""
    import ipaddress

    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


class Signals:
    """SIGINT (Ctrl+C) and SIGTERM end the program the normal way, with exit code 128 + the signal:
    the handler only records it and stops the app's loop (nothing is written from inside it)."""

    def __init__(self) -> None:
        self.exit_code = 0
        self.app: App | None = None

    def install(self) -> None:
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, self.caught)

    def caught(self, number: int, frame: FrameType | None) -> None:
        self.exit_code = 128 + number
        if self.app is not None:
            self.app.exit_code = self.exit_code
            self.app.running = False

    @property
    def name(self) -> str:
        return signal.Signals(self.exit_code - 128).name


def progress_line(stream: TextIO):
    """A progress callback: one line rewritten in place on a terminal, a line per 10% otherwise."""
    terminal = stream.isatty()
    start = "\r" if terminal else ""
    shown = [-1]

    def show(done: int, total: int) -> None:
        percent = done * 100 // max(total, 1)
        if not terminal and percent // 10 == shown[0]:
            return
        shown[0] = percent // 10
        end = "\n" if not terminal or done >= total else ""
        stream.write(f"{start}simulating: {done:,} of {total:,} games ({percent}%){end}")
        stream.flush()

    return show


def war_report(stats: dict) -> dict:
    """The --simulate JSON: a schema number and what was asked first; totals from player1's side
    (the first seat) named so; estimates named so; distributions in numeric order."""
    report: dict = {"schema": SCHEMA, "program": f"Card Arcade {VERSION}", "game": "war", "games": stats["games"],
                    "seed": stats["seed"], "options": stats["options"]}
    for key, value in stats.items():
        if key in NOT_REPORTED:
            continue
        if key in PLAYER1_KEYS:
            key = f"player1_{key}"
        elif key in ESTIMATES:
            key = f"estimated_{key}"
        report[key] = value
    return report


def simulate(games: int, seed: int, progress: bool, signals: Signals) -> int:
    """Play a War batch without a window and print war_report's JSON (nothing if a signal stops it)."""
    from game.war.sim import simulate as simulate_war

    stderr = sys.stderr  # None in a windowed build
    show = progress_line(stderr) if stderr is not None and (progress or stderr.isatty()) else None
    stats = simulate_war(games, seed, progress=show, cancel=lambda: signals.exit_code != 0)
    if signals.exit_code:
        print(f"interrupted by {signals.name} after {stats['games']:,} of {games:,} games", file=sys.stderr)
        return signals.exit_code
    import json

    print(json.dumps(war_report(stats), indent=1))
    return 0


def log_to_stderr(level: str) -> None:
    """--serve's log on stderr (journald keeps it): Card Arcade's lines from `level` up, other libraries'
    warnings and errors; a second call (main() run again in one process) changes the level only."""
    root = logging.getLogger()
    if not any(getattr(handler, "card_arcade_serve", False) for handler in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter(SERVE_LOG_FORMAT))
        handler.card_arcade_serve = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    root.setLevel(logging.WARNING)
    log.setLevel(level.upper())


def serve(bind: str, port: int, record: Path | None, saves: Path | None, discovery: str, signals: Signals,
          redis_url: str | None = None, joins_per_minute: int | None = None, parent: int | None = None,
          cert: "tuple[Path, Path] | None" = None, metrics_at: "tuple[str, int] | None" = None,
          proxies: "frozenset[str]" = frozenset(), until_empty: "int | None" = None,
          limits: "Limits | None" = None) -> int:
    """Run the game server (no window, no pygame) on `bind` until SIGINT or SIGTERM; one line says its
    port. Tables are kept in `saves` (if given) and those kept there are brought back first. With
    discovery "loopback", its tables waiting for players are announced on 127.0.0.1 (mDNS). With
    `redis_url`, it shares its tables with the other processes on that Redis (SIGTERM hands them over).
    With `cert` (certificate and key files), connections are encrypted; with `metrics_at` (address,
    port), Prometheus metrics are served there (the next line says where); the X-Forwarded-For of a
    connection from one of `proxies` says whom it comes from. With `until_empty`, it stops once nobody
    has been connected for that many seconds."""
    import asyncio
    import contextlib
    import importlib.util

    for option, wanted, module in (("--redis", redis_url, "redis"),
                                   ("--metrics-port", metrics_at, "prometheus_client")):
        if wanted is not None and importlib.util.find_spec(module) is None:  # the server extra is not installed
            from storage.installed import install_command

            print(f"Card Arcade's {option} needs {module}: install it with `{install_command('server')}`.",
                  file=sys.stderr)
            return 1
    from net.server import Server, run
    from net.tls import server_context

    tls = None
    if cert is not None:
        try:
            tls = server_context(*cert)
        except OSError as exc:  # ssl.SSLError too: a key that is not the certificate's
            print(f"Card Arcade could not read the certificate {cert[0]} and its key {cert[1]}: {exc}", file=sys.stderr)
            return 1

    def server_for(advertiser: object) -> Server:
        joins = {} if joins_per_minute is None else {"joins_per_minute": joins_per_minute}
        server = Server(record, listener=advertiser, saves=saves, limits=limits, **joins)  # type: ignore[arg-type]
        server.proxies = proxies
        if redis_url is not None:  # redis is imported only then
            from net.cluster import Cluster
            from net.shared import SharedTables

            server.shared = SharedTables(server, Cluster(redis_url))
        return server

    async def until_stopped() -> None:
        task, loop = asyncio.current_task(), asyncio.get_running_loop()
        assert task is not None
        def stop(number: int) -> None:
            signals.caught(number, None)
            task.cancel()

        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, stop, number)
        if tls is not None and cert is not None and hasattr(signal, "SIGHUP"):
            loop.add_signal_handler(signal.SIGHUP, reread_certificate, tls, cert)
        if parent is not None:
            loop.create_task(watch_parent(parent, lambda: stop(signal.SIGTERM)))
        try:
            async with contextlib.AsyncExitStack() as stack:
                advertiser = None
                if discovery != "off":  # zeroconf is imported only then
                    from net.discovery import Advertiser

                    advertiser = await stack.enter_async_context(Advertiser(discovery))
                server = server_for(advertiser)
                if until_empty is not None:
                    from net.host_process import watch_empty

                    loop.create_task(watch_empty(server, lambda: stop(signal.SIGTERM), until_empty))
                pages = None
                if metrics_at is not None:  # prometheus_client is imported only then
                    from net.pages import METRICS_PATH, operator_port

                    try:
                        pages = await stack.enter_async_context(operator_port(server, *metrics_at))
                    except OSError as exc:
                        print(f"Card Arcade could not serve its metrics on {metrics_at[0]} port {metrics_at[1]}: "
                              f"{exc}", file=sys.stderr)
                        signals.exit_code = 1
                        return

                def ready(bound: int) -> None:
                    if advertiser is not None:
                        advertiser.port = bound
                    lines = [f"Card Arcade server listening on {bind}:{bound}{' (wss://)' if tls else ''}"]
                    if pages is not None and metrics_at is not None:
                        lines.append(f"Card Arcade metrics on http://{metrics_at[0]}:{pages}{METRICS_PATH}")
                    print("\n".join(lines), flush=True)  # in one write: whoever reads the first has the second

                await run(bind, port, server, ready, tls)
        except OSError as exc:  # the port is taken, or Redis cannot be reached (net.cluster.ClusterError)
            print(f"Card Arcade could not serve on {bind} port {port}: {exc}", file=sys.stderr)
            signals.exit_code = 1
        except asyncio.CancelledError:
            log.info("server stopped by %s", signals.name)

    asyncio.run(until_stopped())
    return signals.exit_code


def reread_certificate(tls: "ssl.SSLContext", cert: "tuple[Path, Path]") -> None:
    """Read the certificate and key again (SIGHUP: a renewed certificate); the connections opened
    from now on show it. If they cannot be read, the one in use stays."""
    try:
        tls.load_cert_chain(*cert)
    except OSError as exc:
        log.error("the certificate %s and key %s could not be read again: %s", cert[0], cert[1], exc)
        return
    log.info("the certificate %s was read again", cert[0])


async def watch_parent(pid: int, stop: Callable[[], None]) -> None:
    """Call `stop` once process `pid` has ended (looked at every PARENT_S seconds)."""
    import asyncio

    while parent_alive(pid):
        await asyncio.sleep(PARENT_S)
    log.info("the process that started this server (%d) has ended", pid)
    stop()


def parent_alive(pid: int) -> bool:
    """Process `pid` still runs (on Windows, where no signal 0 exists, it is taken as running)."""
    if sys.platform == "win32":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def play(max_frames: int | None, signals: Signals, host: str | None = None, join: str | None = None) -> int:
    problem = display_problem(os.environ, sys.platform) or pygame_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    from scenes.app import App
    from scenes.title import TitleScene

    try:
        app = App(size=None)  # a window that fits the desktop
    except Exception as exc:  # before the window there is no error screen
        log.exception("start-up failed")
        print(f"Card Arcade could not start: {exc}", file=sys.stderr)
        return 1
    signals.app = app
    if signals.exit_code:  # a signal while the window opened
        app.exit_code, app.running = signals.exit_code, False
    first: Scene = TitleScene(app)
    if host or join:
        from scenes.menu import MenuScene
        from scenes.online.join import join_scene
        from scenes.online.lobby import host_lobby
        from scenes.setup import SetupScene

        app.push(MenuScene(app), transition=False)  # what Leave and Back come back to
        if host:  # the seats and options last set up for the game
            setup = SetupScene(app, host)
            first = host_lobby(app, host, setup.seats(), setup.chosen_options(), setup.turn_s())
        else:
            first = join_scene(app, join or "")
    code = app.run(first, max_frames=max_frames)
    if signals.exit_code:
        log.info("stopped by %s", signals.name)
    elif code:
        print(f"Card Arcade stopped after an error; the details are in {app.log_path}", file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    problem = python_problem(sys.version_info[:3])
    if problem:  # before anything of the program is imported: the rules need 3.11
        print(problem, file=sys.stderr)
        return 1
    args = parse_args(argv)
    if args.lang:
        os.environ["CARD_ARCADE_LANG"] = args.lang  # lang.ENV: read when the window opens
    signals = Signals()
    signals.install()
    if args.simulate:
        games = 100 if args.games is None else args.games
        return simulate(games, 1 if args.seed is None else args.seed, args.progress, signals)
    if args.serve:
        log_to_stderr(args.log_level or SERVE_LOG_LEVEL)
        return serve(args.bind or SERVE_HOST, SERVE_PORT if args.port is None else args.port, args.record, args.saves,
                     args.discovery or "off", signals, args.redis, args.joins_per_minute, args.parent,
                     None if args.cert is None else (args.cert, args.key),
                     None if args.metrics_port is None else (args.metrics_bind or METRICS_HOST, args.metrics_port),
                     frozenset(args.trusted_proxy or ()), args.until_empty, args.limits)
    if args.install_desktop or args.uninstall_desktop:
        from storage.desktop import run as install_desktop

        return install_desktop(Path(__file__).resolve(), undo=args.uninstall_desktop)
    if args.discovery:
        os.environ["CARD_ARCADE_DISCOVERY"] = args.discovery  # scenes.online.session.DISCOVERY_ENV
    return play(args.frames, signals, args.host, args.join)


if __name__ == "__main__":
    sys.exit(main())
