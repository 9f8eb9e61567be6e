"""Take the README's screenshots in the real window, as a player would reach each screen, with
../shared/tools/drive.sh (a private X screen, real clicks and keys).

    python tools/screenshots.py [--out docs/screenshots] [--only NAME[,NAME...]]

Screens at 1280x720: the title, the menu, each game's setup, each table mid-game, each result,
the statistics (of games played here beforehand) with War's and Skyjo's details, the settings and a
rules page; each table again fullscreen at 1920x1080. A result
screen comes from a game saved one computer move before its end (played out here by seeded
computers), resumed from the menu: the computer's last move ends it.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DRIVE = ROOT.parent / "shared" / "tools" / "drive.sh"
TILE_Y = 340  # the menu's tiles are centred at this height
MENU = ["sleep", "2", "key", "Return", "sleep", "1"]  # title -> menu
# A game's tab on the statistics screen is at y=136, More details at (400, 653).


def games() -> tuple[str, ...]:
    """Every game the menu shows, in its order."""
    from scenes.plugins import playable_games

    return playable_games()


def menu_button(label: str) -> list[str]:
    """Click one of the menu's buttons under the tiles (laid out as scenes/menu.py lays them out)."""
    from scenes.app import App
    from scenes.menu import MenuScene

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # laid out headless, as the window lays it out
    os.environ.setdefault("CARD_ARCADE_HOME", tempfile.mkdtemp(prefix="card-arcade-shots-"))
    menu = MenuScene(App((1280, 720)))
    rect = next(w.rect for w in menu.group.widgets if getattr(w, "label", "") == label)
    return ["click", str(round(rect.centerx)), str(round(rect.centery)), "sleep", "1"]


def tile(name: str) -> list[str]:
    """Click the game's tile on the menu (laid out as scenes/menu.py lays it out)."""
    from scenes.menu import tile_rects

    names = games()
    x, _, w, _ = tile_rects(len(names))[names.index(name)]
    return ["click", str(round(x + w / 2)), str(TILE_Y), "sleep", "1"]


def play(name: str) -> list[str]:
    """After the table saved mid-game is resumed (Return on the menu's Resume): what its game asks."""
    from scenes.plugins import game_scenes

    return ["key", "Return", *game_scenes(name).screenshot]


def end_key(name: str) -> str:
    """The key that plays a game without decisions to its end, "" for the others."""
    from scenes.plugins import game_scenes

    return game_scenes(name).end_key


def start_point(name: str) -> tuple[int, int]:
    """Where the setup screen's Start button is (laid out headless, as the window lays it out)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scenes.app import App
    from scenes.setup import setup_scene
    from scenes.widgets_scene import WidgetScene

    app = App((1280, 720))
    setup = setup_scene(app, name)
    if not isinstance(setup, WidgetScene):
        raise SystemExit(f"{name}'s setup screen has no Start button to find")
    app.push(setup, transition=False)
    app.step(1 / 60)
    button = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Start")
    return round(button.rect.centerx), round(button.rect.centery)


def save_before_the_end(name: str, home: Path) -> None:
    """Play a seeded game of computers to its end and save it one computer move before, the other
    seat a human: resumed, the computer's move ends it."""
    from game.registry import game_info, load_game, new_game
    from game.seats import Seat
    from storage.saves import SaveStore

    info = game_info(name)
    for seed in range(1, 60):
        rules = new_game(name, ["Amina", "Computer"], seed)
        players = [info.computer("normal", seed * 2 + i) for i in range(2)]
        before, mover = rules.to_dict(), 0
        while not rules.is_over:
            before, mover = rules.to_dict(), rules.current_player
            rules.apply(players[mover].choose(rules.view(mover)))
        if mover == 1:
            break
    seats = [Seat("Amina"), Seat("Computer", "computer", "normal")]
    load_game(before)  # it loads back
    SaveStore(home).save(name, before, [s.to_json() for s in seats], {"key": f"shot-{name}", "history": []})


def save_mid_game(name: str, home: Path, moves: int = 6) -> None:
    """Play the first moves of a table headless, the human's moves chosen by a computer, so that the
    table saves itself (with its history) mid-game: resumed from the menu, it is as a player left it."""
    os.environ["CARD_ARCADE_HOME"] = str(home)
    from game.registry import game_info
    from harness.start import start_table
    from scenes.app import App
    from scenes.menu import MenuScene
    from scenes.table import Table

    app = App((1280, 720))
    app.push(MenuScene(app), transition=False)
    start_table(app, name, seed="7")  # the same game for both window sizes
    table, info = app.top, game_info(name)
    if not isinstance(table, Table):
        raise SystemExit(f"{name}'s setup screen started no table")
    adviser = info.computer(info.levels[-1], 7)
    for _ in range(moves):
        for _ in range(3000):
            app.step(1 / 60)
            if table.can_act():
                break
        if table.can_act():
            table.play(adviser.choose(table.rules.view(table.rules.current_player)))
    for _ in range(120):
        app.step(1 / 60)
    if table.finished:
        raise SystemExit(f"{name}'s seeded game ended in its first {moves} moves: not a mid-game picture")
    app.shut_down()


def played_games(home: Path, per_game: int = 6) -> None:
    """Play `per_game` whole games of every game headless at instant speed, the human's moves chosen
    by a normal computer, so that the statistics hold what a player's would (wins and losses)."""
    os.environ["CARD_ARCADE_HOME"] = str(home)
    import pygame

    from game.registry import game_info
    from harness.start import start_table
    from scenes.app import App
    from scenes.menu import MenuScene
    from scenes.table import Table

    app = App((1280, 720))
    app.settings.animation_speed = "instant"
    for name in games():
        for k in range(per_game):
            app.reset(MenuScene(app))
            start_table(app, name, seed=str(k))
            table = app.top
            if not isinstance(table, Table):
                raise SystemExit(f"{name}'s setup screen started no table")
            adviser = game_info(name).computer("normal", k)
            if end_key(name):  # a game without decisions: the human watches it to the end
                key = end_key(name)
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(key), mod=0,
                                                     unicode=key, scancode=0))
            for _ in range(200_000):
                if table.finished:
                    break
                app.step(1 / 60)
                if table.between_rounds() and app.top is not table:
                    app.pop()
                    table.next_round()
                elif table.can_act():
                    table.play(adviser.choose(table.rules.view(table.rules.current_player)))
            app.stats.flush(force=True)
    app.shut_down()


def drive(actions: list[str], home: Path, screen: str = "1600x900x24") -> None:
    """Run the game on a screen of `screen`, doing `actions`; a 1600x900 screen opens the 1280x720 window."""
    env = dict(os.environ, CARD_ARCADE_HOME=str(home), CARD_ARCADE_DISCOVERY="off")  # never announced or looked for
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("SDL_AUDIODRIVER", None)
    command = ["bash", str(DRIVE), "-S", screen, "-n", "Card Arcade", "-g", "2",
               "-c", f"{sys.executable} {ROOT / 'main.py'}", *actions]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    shot = Path(actions[-1])
    if not shot.exists():  # drive.sh ends the app after the last action: its own exit code is no failure
        raise SystemExit(f"no {shot.name}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")


def scaled(actions: list[str], factor: float) -> list[str]:
    """The same actions with every click's point scaled (a logical point in a bigger window)."""
    result, i = [], 0
    while i < len(actions):
        result.append(actions[i])
        if actions[i] == "click":
            result += [str(round(int(v) * factor)) for v in actions[i + 1:i + 3]]
            i += 2
        i += 1
    return result


def fresh_home(**settings) -> Path:
    """A data folder of its own, with these settings."""
    from storage.settings import Settings, save_settings

    home = Path(tempfile.mkdtemp(prefix="card-arcade-shots-"))
    save_settings(home, Settings(**{"discovery": "off", **settings}))
    return home


def shots(out: Path) -> dict[str, list[str]]:
    """Each picture's drive.sh actions (the home folder is made for each)."""
    def png(name: str) -> str:
        return str(out / f"{name}.png")

    stats = menu_button("Statistics")
    plan = {
        "title": ["sleep", "3", "winshot", png("title")],
        "menu": [*MENU, "sleep", "3", "winshot", png("menu")],
        "statistics": [*MENU, *stats, "winshot", png("statistics")],
        "statistics_war": [*MENU, *stats, "click", "640", "136", "sleep", "1", "click", "400", "653", "sleep", "1",
                           "winshot", png("statistics_war")],
        "statistics_skyjo": [*MENU, *stats, "click", "840", "136", "sleep", "1", "click", "400", "653", "sleep", "1",
                             "winshot", png("statistics_skyjo")],
        "settings": [*MENU, *menu_button("Settings"), "winshot", png("settings")],
    }
    for name in games():
        plan[f"setup_{name}"] = [*MENU, *tile(name), "winshot", png(f"setup_{name}")]
        plan[f"table_{name}"] = [*MENU, *tile(name), *play(name), "winshot", png(f"table_{name}")]
        plan[f"result_{name}"] = result_actions(name, out)
    plan["rules_sota"] = [*MENU, *tile("sota"),
                          "click", *map(str, start_point("sota")), "sleep", "2", "key", "Escape", "sleep", "1",
                          "key", "Down", "key", "Return", "sleep", "1", "key", "Next", "sleep", "0.5",
                          "winshot", png("rules_sota")]
    return plan


def result_actions(name: str, out: Path) -> list[str]:
    """The result screen: a game saved one move before its end, resumed; a game without decisions
    started from its setup and watched to the end."""
    if end_key(name):
        return [*MENU, *tile(name), "click", *map(str, start_point(name)), "sleep", "2", "key", end_key(name),
                "sleep", "6", "winshot", str(out / f"result_{name}.png")]
    return [*MENU, *tile(name), "key", "Return", "sleep", "9", "winshot", str(out / f"result_{name}.png")]


def saved(home: Path, when: str, game: str) -> None:
    """Fill `home` in a child process: a save "mid" game or one move before the "end", or the
    statistics of whole games played ("stats")."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, __file__, "--save", when, game, str(home)], check=True, env=env,
                   capture_output=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--only", default="", help="comma-separated picture names")
    parser.add_argument("--save", nargs=3, metavar=("WHEN", "GAME", "HOME"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.save:  # in a process of its own: its save's lock goes with it
        when, game, home = args.save
        if when == "stats":
            played_games(Path(home))
        else:
            (save_mid_game if when == "mid" else save_before_the_end)(game, Path(home))
        return 0
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = set(filter(None, args.only.split(",")))
    for name, actions in shots(out).items():
        if wanted and name not in wanted:
            continue
        home = fresh_home()
        if name.startswith("result_") and not end_key(name.removeprefix("result_")):
            saved(home, "end", name.removeprefix("result_"))
        if name.startswith("table_"):
            saved(home, "mid", name.removeprefix("table_"))
        if name.startswith("statistics"):
            saved(home, "stats", "all")
        drive(actions, home)
        print("took", name, flush=True)
        if name.startswith("table_"):
            home = fresh_home(fullscreen=True)
            saved(home, "mid", name.removeprefix("table_"))
            drive([*scaled(actions[:-2], 1.5), "winshot", str(out / f"{name}_1080p.png")],
                  home, screen="1920x1080x24")
            print("took", name + "_1080p", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
