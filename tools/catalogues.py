"""The catalogues kept up to date in one command: `python tools/catalogues.py` extracts the messages
into locale/card_arcade.pot (pybabel extract, babel.cfg), merges them into each language's .po
(pybabel update) and compiles the .mo files the program reads (pybabel compile); `--compile` only compiles.
tests/i18n checks that the committed .mo files are those the .po files give."""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lang import DOMAIN, ENGLISH, LANGUAGES, LOCALE_DIR  # noqa: E402  (the checkout first on the path)

POT = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = ("_", "n_:1,2", "N_", "W_", "Wn_:1,2", "Wp_:1c,2")
HEADER = ("--copyright-holder=The Card Arcade authors", "--project=Card Arcade", "--msgid-bugs-address="
          "https://github.com/cardarcade/card-arcade/issues")


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def extract() -> None:
    LOCALE_DIR.mkdir(exist_ok=True)
    keywords = [f"--keyword={k}" for k in KEYWORDS]
    pybabel("extract", "--mapping-file=babel.cfg", "--no-default-keywords", *keywords, "--sort-by-file",
            "--no-wrap", "--add-comments=TRANSLATORS:", *HEADER,
            f"--output-file={POT.relative_to(ROOT)}", ".")


def update() -> None:
    for code in LANGUAGES:
        if code == ENGLISH:
            continue
        po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        command = "update" if po.exists() else "init"
        pybabel(command, f"--input-file={POT.relative_to(ROOT)}", f"--output-dir={LOCALE_DIR.relative_to(ROOT)}",
                f"--domain={DOMAIN}", f"--locale={code}", "--no-wrap", *(("--ignore-obsolete",) if po.exists() else ()))


def compile_all() -> None:
    pybabel("compile", f"--directory={LOCALE_DIR.relative_to(ROOT)}", f"--domain={DOMAIN}", "--statistics")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compile", action="store_true", help="only compile the .po files into .mo files")
    args = parser.parse_args(argv)
    if not args.compile:
        extract()
        update()
    compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
