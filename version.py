"""The program's version and application id, in one place: `--version`, the title screen, the build,
pyproject.toml, the desktop entry and the AppStream metainfo read them."""

VERSION = "0.1.0"
APP_ID = "io.github.cardarcade.CardArcade"  # reverse DNS: the menu entry's, icon's and metainfo's name, the window's class
