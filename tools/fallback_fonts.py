"""Write the fallback faces of sprites/fonts/ from Debian's fonts-noto-core package (20201225-1):
Noto Sans Arabic UI regular and bold, copied unchanged, and NotoSansExtra regular and bold: Noto Sans
cut by fontTools' subsetter (pyftsubset's code) to the Latin, Greek and Cyrillic letters and marks
Inter lacks (Cyrillic Supplement's Komi and Abkhaz letters, Latin's rarer extensions). Needs fontTools
(requirements-dev.txt).

Run:
    apt-get download fonts-noto-core && dpkg-deb -x fonts-noto-core_*_all.deb noto
    python tools/fallback_fonts.py noto/usr/share/fonts/truetype/noto [FOLDER]   (default sprites/fonts)
"""
from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = ("Regular", "Bold")
# The blocks of Latin, Greek and Cyrillic letters and marks (and the spaces between words).
BLOCKS = ((0x0020, 0x0020), (0x00A0, 0x00A0), (0x0100, 0x036F), (0x0370, 0x03FF), (0x0400, 0x052F),
          (0x1C80, 0x1C8F), (0x1E00, 0x1FFF), (0x2C60, 0x2C7F), (0x2DE0, 0x2DFF), (0xA640, 0xA69F),
          (0xA720, 0xA7FF), (0xAB30, 0xAB6F))
SPACES = {0x0020, 0x00A0}  # kept though Inter has them: a run of the extra face keeps its spaces


def wanted(noto: Path, inter: list[Path]) -> list[int]:
    """The code points of BLOCKS that Noto Sans has and an Inter file lacks, and the spaces."""
    has = set(TTFont(noto).getBestCmap())
    inter_has = set.intersection(*(set(TTFont(path).getBestCmap()) for path in inter))
    return sorted(c for low, high in BLOCKS for c in range(low, high + 1)
                  if c in has and (c not in inter_has or c in SPACES))


def cut(source: Path, target: Path, unicodes: list[int]) -> None:
    """`source` subset to `unicodes`, every layout feature and the hinting kept."""
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = TTFont(source)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    font.save(target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("noto", type=Path, help="the folder of fonts-noto-core's .ttf files")
    parser.add_argument("folder", type=Path, nargs="?", default=ROOT / "sprites" / "fonts")
    args = parser.parse_args()
    inter = [args.folder / f"Inter-{weight}.otf" for weight in WEIGHTS]
    for weight in WEIGHTS:
        shutil.copyfile(args.noto / f"NotoSansArabicUI-{weight}.ttf", args.folder / f"NotoSansArabicUI-{weight}.ttf")
        noto = args.noto / f"NotoSans-{weight}.ttf"
        cut(noto, args.folder / f"NotoSansExtra-{weight}.ttf", wanted(noto, inter))
        print(f"wrote NotoSansArabicUI-{weight}.ttf and NotoSansExtra-{weight}.ttf in {args.folder}")


if __name__ == "__main__":
    main()
