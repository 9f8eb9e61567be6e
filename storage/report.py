"""What the stores tell the player: a trouble once when it starts, once when it is over."""
from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger("card_arcade.storage")
SAVING = "saving"  # what can fail: games and settings cannot be written
STATISTICS = "statistics"  # the statistics file cannot take a row


class Reporter:
    """Passes messages to `notify` (the App's notices), or keeps them in `warnings` without one.

    `failed(what, text)` says `text` only if `what` was not failing already, so a disk that stays
    full is reported once, not after every move; `worked(what, text)` ends it (saying `text`)."""

    def __init__(self, notify: Callable[[str], None] | None = None) -> None:
        self.notify = notify
        self.warnings: list[str] = []
        self.failing: dict[str, str] = {}

    def say(self, text: str) -> None:
        if self.notify is None:
            log.warning(text)
            self.warnings.append(text)
        else:
            self.notify(text)

    def failed(self, what: str, text: str) -> None:
        if what not in self.failing:
            self.failing[what] = text
            self.say(text)
        else:
            log.info("still failing (%s): %s", what, text)

    def worked(self, what: str, text: str = "") -> None:
        if self.failing.pop(what, None) is not None and text:
            self.say(text)
