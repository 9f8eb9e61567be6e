"""The program's version and application id, in one place: `--version`, the title screen, the build,
pyproject.toml, the desktop entry and the AppStream metainfo read them."""

VERSION = "0.1.0"
# reverse DNS: the name of the menu entry, the icon and the metainfo, and the window's class
APP_ID = "io.github.cardarcade.CardArcade"
