"""The shape of the code, checked rather than remembered: the games' import contract finds what it
is for, no import cycles, tables that draw only what a view gives them, tests and benches apart, and
every Python file but the tests' under mypy. Whole-tree tools (ruff, mypy, the import contracts of
pyproject.toml) are CI's own step: tools/static_checks.py."""
import ast
import re
import tomllib
from pathlib import Path

import grimp

from game.registry import built_in_games
from tests.import_contracts import GamesIndependenceContract

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes", "sprites", "storage", "sounds")
MADE_BY_TOOLS = ("build", "dist")  # PyInstaller's folders (.gitignore): no source of ours


def games_graph(*imports: tuple[str, str]) -> grimp.ImportGraph:
    """A graph of every built-in game's rules and scenes packages, with the imports given."""
    graph = grimp.ImportGraph()
    for side in ("game", "scenes"):
        graph.add_module(side)
        for name in built_in_games():
            graph.add_module(f"{side}.{name}")
            graph.add_module(f"{side}.{name}.rules")
    for importer, imported in imports:
        graph.add_import(importer=importer, imported=imported)
    return graph


def test_the_games_contract_finds_every_game_and_breaks_on_one_importing_another():
    """pyproject.toml's games_independence contracts name no game: they cover every package inside game/."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    assert [c["container"] for c in contracts if c["type"] == "games_independence"] == ["game", "scenes"]
    assert {"sota", "war", "skyjo"} <= built_in_games()
    rules, scenes = (GamesIndependenceContract(side, {}, {"container": side}) for side in ("game", "scenes"))
    for contract in (rules, scenes):
        assert contract.check(games_graph(("scenes.war.rules", "game.war")), verbose=False).kept, "its own rules"
    assert not rules.check(games_graph(("game.war.rules", "game.sota")), verbose=False).kept
    assert not scenes.check(games_graph(("scenes.skyjo", "scenes.war.rules")), verbose=False).kept


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles_not_even_through_a_package_or_type_checking():
    built = grimp.build_graph(*PACKAGES)
    graph = {m: set(built.find_modules_directly_imported_by(m)) & built.modules for m in built.modules}
    assert cycles(graph) == []


def test_tables_read_views_not_the_rules_insides():
    inside = re.compile(r"rules\.(hands|draw_pile|piles|grid|grids|discard|taken|stacks)\b")
    found = [f"{path.relative_to(ROOT)}:{n}" for path in (ROOT / "scenes").rglob("*.py")
             for n, line in enumerate(path.read_text().splitlines(), 1) if inside.search(line)]
    assert found == []


def test_mypy_checks_every_python_file_but_the_tests():
    """pyproject.toml's [tool.mypy] files name every top-level module and folder holding Python."""
    checked = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"])
    tops = {path.relative_to(ROOT).parts[0] for pattern in ("*.py", "*.pyw") for path in ROOT.rglob(pattern)
            if not any(part.startswith(".") for part in path.relative_to(ROOT).parts)}
    assert tops - checked - {"tests", *MADE_BY_TOOLS} == set()



def imported_tops(path: Path) -> set[str]:
    """The top-level names a Python file imports anywhere in it (inside functions too)."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module and node.level == 0}
    return {name.split(".")[0] for name in names}


def test_tests_and_benches_never_import_each_other():
    """What both need lives in harness/, which imports neither."""
    apart = {"tests": {"bench"}, "bench": {"tests"}, "harness": {"tests", "bench"}}
    found = [f"{path.relative_to(ROOT)} imports {sorted(tops)}" for folder, forbidden in apart.items()
             for path in sorted((ROOT / folder).rglob("*.py"))
             if (tops := imported_tops(path) & forbidden)]
    assert found == []
