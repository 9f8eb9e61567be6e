"""A computer's decision worked out on a worker thread, so the frames keep coming while it thinks."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

THREAD_NAME = "computer-thinks"  # every thought's thread (a test's driver waits for them by this name)


class Thought:
    """Runs `decide()` once on a daemon thread; `ready()` says when its result (or error) is in.

    The table hands the thread a copy of what it may know (a view), never the live rules object,
    so nothing is shared while it runs. A thought whose table has gone is simply dropped."""

    def __init__(self, decide: Callable[[], Any]) -> None:
        self._done = threading.Event()
        self._result: Any = None
        self._error: BaseException | None = None
        threading.Thread(target=self._run, args=(decide,), daemon=True, name=THREAD_NAME).start()

    def _run(self, decide: Callable[[], Any]) -> None:
        try:
            self._result = decide()
        except BaseException as exc:  # handed to the main thread, which shows the crash screen
            self._error = exc
        finally:
            self._done.set()

    def ready(self, wait: float = 0.0) -> bool:
        """Whether the decision is made (waiting at most `wait` seconds for it)."""
        return self._done.wait(wait) if wait > 0 else self._done.is_set()

    def result(self) -> Any:
        """The decision; raises what `decide` raised. Only after `ready()`."""
        if self._error is not None:
            raise self._error
        return self._result
