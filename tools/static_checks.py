#!/usr/bin/env python3
"""The static checks, CI's step after the tests: ruff, mypy over every Python file but the tests
(pyproject.toml's [tool.mypy] files) and the import contracts (pyproject.toml's [tool.importlinter]).

    .venv/bin/python tools/static_checks.py

Each runs even when one before it failed; the exit code is 1 if any failed. Runs from the
checkout's folder whatever the current one.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
CHECKS = {
    "ruff": ["-m", "ruff", "check", "--no-cache", "."],
    "mypy": ["-m", "mypy"],
    "import contracts": ["-c", LINT_IMPORTS, "--no-cache", "--no-logo"],
}


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args(argv)
    failed = [name for name, args in CHECKS.items()
              if subprocess.run([sys.executable, *args], cwd=ROOT, check=False).returncode != 0]
    if failed:
        print(f"static checks failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
