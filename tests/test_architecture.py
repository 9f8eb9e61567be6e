"""The shape of the code, checked rather than remembered: import contracts (pyproject.toml), no
import cycles, tables that draw only what a view gives them, ruff clean, and mypy clean over every
Python file but the tests."""
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
from importlinter.cli import lint_imports

from game.registry import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes", "sprites", "storage", "sounds")
MADE_BY_TOOLS = ("build", "dist")  # PyInstaller's folders (.gitignore): no source of ours


def test_import_contracts_hold():
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


def test_every_built_in_game_stands_alone_in_the_contracts():
    """pyproject.toml's independence contracts name the packages of every built-in game."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    independent = [set(c["modules"]) for c in contracts if c["type"] == "independence"]
    for side in ("game", "scenes"):
        assert {f"{side}.{name}" for name in BUILT_IN} in independent, f"{side}.<game> packages are not all named"


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


def test_ruff_is_clean():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-3000:]


def test_mypy_checks_every_python_file_but_the_tests():
    """pyproject.toml's [tool.mypy] files name every top-level module and folder holding Python."""
    checked = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"])
    tops = {path.relative_to(ROOT).parts[0] for pattern in ("*.py", "*.pyw") for path in ROOT.rglob(pattern)
            if not any(part.startswith(".") for part in path.relative_to(ROOT).parts)}
    assert tops - checked - {"tests", *MADE_BY_TOOLS} == set()


def test_mypy_is_clean_over_the_whole_tree():
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-3000:]
