"""The program's version, in one place: `--version`, the title screen, the build and pyproject.toml read it."""

VERSION = "0.1.0"
