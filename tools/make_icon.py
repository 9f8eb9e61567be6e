"""Write the application icon, painted by sprites/app_icon.py: assets/icons/N.png at every size an
icon theme asks for (16 to 512 px), assets/icon.png (256 px), assets/icon.ico holding 16 to 256 px, and
assets/icons/scalable.svg, the same picture drawn as shapes (the theme's scalable size).

Run: python tools/make_icon.py [FOLDER]   (default assets)
"""
from __future__ import annotations

import argparse
import math
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # hicolor's sizes: 48 its minimum, 512 its biggest
ICON_SIZE = 256  # icon.png's, the biggest an ICO holds
ICO_SIZES = tuple(size for size in SIZES if size <= ICON_SIZE)


def write_ico(pngs: list[Path], ico: Path) -> None:
    """An ICO file holding the square PNGs, smallest first (Windows Vista and later read PNG icons)."""
    images = [png.read_bytes() for png in pngs]
    offset = 6 + 16 * len(images)
    entries = b""
    for data in images:
        width, height = struct.unpack(">II", data[16:24])
        entries += struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    ico.write_bytes(struct.pack("<HHH", 0, 1, len(images)) + entries + b"".join(images))


SVG_SIZE = 512  # the SVG's own units: sprites/app_icon.py's shapes at this size


def colour(rgb: tuple[int, ...]) -> str:
    return "#" + "".join(f"{c:02x}" for c in rgb[:3])


def icon_svg() -> str:
    """The icon of sprites/app_icon.py as SVG: its table and fan of cards from the same measures and
    colours, shape for shape (the pygame painting stays the pixel icons' source)."""
    from sprites import app_icon as icon

    w = SVG_SIZE
    rim, felt = icon.DISC_RADIUS * w, 0.43 * w
    parts = [f'<circle cx="{w / 2}" cy="{w / 2}" r="{r:.2f}" fill="{colour(c)}"/>' for r, c in (
        (rim, icon.WOOD_DARK), (rim - 0.012 * w, icon.WOOD_LIGHT), (felt + 0.008 * w, icon.WOOD_DARK))]
    for step in range(24):
        share = step / 23
        parts.append(f'<circle cx="{w / 2}" cy="{w / 2 - 0.04 * w * share:.2f}" r="{felt * (1 - 0.75 * share):.2f}" '
                     f'fill="{colour(icon._blend(icon.FELT_EDGE, icon.FELT_CENTRE, share ** 0.7))}"/>')
    card_w, card_h = round(0.33 * w), round(0.46 * w)
    corner, edge = icon._corner(card_w), max(round(card_w * 0.02), 1)
    reach = 0.33 * w
    for angle, face in zip(icon.FAN_ANGLES, ("back", "hearts", "spades"), strict=True):
        radians = math.radians(angle)
        cx, cy = w / 2 - reach * math.sin(radians), 0.80 * w - reach * math.cos(radians)
        turn = f"rotate({-angle} {{x:.2f}} {{y:.2f}})"
        parts.append(f'<rect x="{cx + 0.012 * w - card_w / 2:.2f}" y="{cy + 0.018 * w - card_h / 2:.2f}" '
                     f'width="{card_w}" height="{card_h}" rx="{corner}" fill="#000" '
                     f'fill-opacity="{icon.SHADOW[3] / 255:.3f}" '
                     f'transform="{turn.format(x=cx + 0.012 * w, y=cy + 0.018 * w)}"/>')
        parts.append(f'<g transform="{turn.format(x=cx, y=cy)} translate({cx - card_w / 2:.2f} {cy - card_h / 2:.2f})">'
                     f'{card_svg(face, card_w, card_h, corner, edge)}</g>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{w}" viewBox="0 0 {w} {w}">\n'
            + "\n".join(parts) + "\n</svg>\n")


def card_svg(face: str, card_w: int, card_h: int, corner: int, edge: int) -> str:
    """One card of the fan at (0, 0): its edge, its white face, and a back or an ace."""
    from sprites import app_icon as icon

    inner_w, inner_h = card_w - 2 * edge, card_h - 2 * edge
    shapes = [f'<rect width="{card_w}" height="{card_h}" rx="{corner}" fill="{colour(icon.CARD_EDGE)}"/>',
              f'<rect x="{edge}" y="{edge}" width="{inner_w}" height="{inner_h}" rx="{corner - edge}" '
              f'fill="{colour(icon.CARD_WHITE)}"/>']
    if face == "back":
        inset = round(inner_w * 0.16) // 2
        x, y, pw, ph = edge + inset, edge + inset, inner_w - 2 * inset, inner_h - 2 * inset
        radius = max(round(pw * 0.06), 1)
        step, width = max(pw / 5, 4), max(round(pw * 0.025), 1)
        lines, offset = [], float(-ph)
        while offset < pw + ph:  # both diagonals through (x + offset, y), cut at the panel's sides
            start, end = max(0.0, -offset), min(ph, pw - offset)
            left, right = x + offset + start, x + offset + end
            if start < end:
                lines.append(f"M{left:.2f} {y + start:.2f}L{right:.2f} {y + end:.2f}"
                             f"M{left:.2f} {y + ph - start:.2f}L{right:.2f} {y + ph - end:.2f}")
            offset += step
        shapes += [f'<rect x="{x}" y="{y}" width="{pw}" height="{ph}" rx="{radius}" fill="{colour(icon.BACK_RED)}"/>',
                   f'<path d="{"".join(lines)}" stroke="{colour(icon.BACK_LINE)}" stroke-width="{width}"/>']
        return "".join(shapes)
    red = face == "hearts"
    fill = colour(icon.SUIT_RED if red else icon.SUIT_BLACK)
    pip = heart_svg if red else spade_svg
    shapes.append(pip(edge + inner_w / 2, edge + inner_h // 2, inner_w * 0.56, fill))
    letter_w, letter_h = inner_w * 0.16, inner_w * 0.2
    left, top = edge + inner_w * 0.08, edge + inner_w * 0.08
    bar = top + letter_h * 0.62
    strokes = (f"M{left:.2f} {top + letter_h:.2f}L{left + letter_w / 2:.2f} {top:.2f}L{left + letter_w:.2f} "
               f"{top + letter_h:.2f}M{left + letter_w * 0.2:.2f} {bar:.2f}H{left + letter_w * 0.8:.2f}")
    shapes.append(f'<path d="{strokes}" fill="none" stroke="{fill}" stroke-width="{max(round(letter_w * 0.2), 1)}"/>')
    shapes.append(pip(left + letter_w / 2, top + letter_h + inner_w * 0.12, inner_w * 0.16, fill))
    return "".join(shapes)


def heart_svg(x: float, y: float, size: float, fill: str) -> str:
    """sprites/app_icon.py's heart: two circles over a triangle."""
    r = 0.27 * size
    return (f'<g fill="{fill}"><circle cx="{x - 0.23 * size:.2f}" cy="{y - 0.16 * size:.2f}" r="{r:.2f}"/>'
            f'<circle cx="{x + 0.23 * size:.2f}" cy="{y - 0.16 * size:.2f}" r="{r:.2f}"/>'
            f'<path d="M{x - 0.49 * size:.2f} {y - 0.08 * size:.2f}H{x + 0.49 * size:.2f}'
            f'L{x:.2f} {y + 0.46 * size:.2f}Z"/></g>')


def spade_svg(x: float, y: float, size: float, fill: str) -> str:
    """sprites/app_icon.py's spade: two circles under a triangle, and a stem."""
    r = 0.27 * size
    return (f'<g fill="{fill}"><circle cx="{x - 0.23 * size:.2f}" cy="{y + 0.06 * size:.2f}" r="{r:.2f}"/>'
            f'<circle cx="{x + 0.23 * size:.2f}" cy="{y + 0.06 * size:.2f}" r="{r:.2f}"/>'
            f'<path d="M{x - 0.49 * size:.2f} {y - 0.02 * size:.2f}H{x + 0.49 * size:.2f}L{x:.2f} {y - 0.5 * size:.2f}Z'
            f'M{x:.2f} {y + 0.1 * size:.2f}L{x - 0.17 * size:.2f} {y + 0.5 * size:.2f}H{x + 0.17 * size:.2f}Z"/></g>')


def main(argv: list[str] | None = None) -> Path:
    """Paint the icon at every size and save the PNGs and the ICO; returns the folder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "assets",
                        help="where to write them (default assets)")
    folder = parser.parse_args(argv).folder
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window needed to paint and save
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from sprites.app_icon import paint_app_icon

    (folder / "icons").mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        pygame.image.save(paint_app_icon(size), str(folder / "icons" / f"{size}.png"))
    (folder / "icon.png").write_bytes((folder / "icons" / f"{ICON_SIZE}.png").read_bytes())
    write_ico([folder / "icons" / f"{size}.png" for size in ICO_SIZES], folder / "icon.ico")
    (folder / "icons" / "scalable.svg").write_text(icon_svg(), encoding="utf-8")
    print(f"{folder}: icons/ at {', '.join(map(str, SIZES))} px and scalable.svg, icon.png and icon.ico")
    return folder


if __name__ == "__main__":
    main()
