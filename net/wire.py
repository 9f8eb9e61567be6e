"""Game objects as JSON for the network: views, moves and move records, checked against their types.

A view or a move is a frozen dataclass of the game (game/<name>/view.py, moves.py). `to_wire` turns
one into plain JSON: a card as its save form (`Card.to_json`), an enum as its word, a dataclass as an
object of its fields with "@" naming its class. `from_wire(type, data)` rebuilds it from the type
hints and refuses anything else (a missing or unknown field, a wrong type, a class not allowed
there) with WireError: what comes from the network is a stranger's.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from game.cards import Card
from game.record import MoveRecord

MAX_DEPTH = 12  # deeper data than any view holds is refused


class WireError(ValueError):
    """Data that is not a valid object of the expected type."""


def to_wire(obj: Any) -> Any:
    """`obj` as JSON-ready data (see the module docstring)."""
    if obj is None or isinstance(obj, bool | int | float | str):
        return obj.value if isinstance(obj, enum.Enum) else obj
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, Card):
        return obj.to_json()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        data = {f.name: to_wire(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
        data["@"] = type(obj).__name__
        return data
    if isinstance(obj, Mapping):
        return {str(k.value if isinstance(k, enum.Enum) else k): to_wire(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [to_wire(item) for item in obj]
    if isinstance(obj, set | frozenset):
        return sorted(to_wire(item) for item in obj)
    raise TypeError(f"{type(obj).__name__} cannot go on the wire")


def from_wire(tp: Any, data: Any, depth: int = 0) -> Any:
    """Rebuild an object of type `tp` from `to_wire` data; WireError if `data` is not one."""
    if depth > MAX_DEPTH:
        raise WireError("nested too deep")
    origin = typing.get_origin(tp)
    if tp is Any:
        return _plain(data, depth)
    if origin in (typing.Union, types.UnionType):
        return _union(typing.get_args(tp), data, depth)
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise WireError(f"{data!r} is not one of {typing.get_args(tp)}")
        return data
    if tp is type(None):
        if data is not None:
            raise WireError("expected null")
        return None
    if tp is Card:
        if not isinstance(data, list):
            raise WireError("a card is a list")
        try:
            return Card.from_json(data)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise WireError(f"not a card: {data!r}") from exc
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError as exc:
            raise WireError(f"{data!r} is not a {tp.__name__}") from exc
    if tp in (bool, int, float, str):
        if type(data) is not tp and not (tp is float and type(data) is int):
            raise WireError(f"expected {tp.__name__}, got {type(data).__name__}")
        return data
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass(tp, data, depth)
    if origin is tuple or tp is tuple:
        return _tuple(typing.get_args(tp), data, depth)
    if origin in (set, frozenset):
        return frozenset(from_wire(typing.get_args(tp)[0], item, depth + 1) for item in _list(data))
    if origin in (list, Sequence) or tp is list:
        args = typing.get_args(tp)
        return [from_wire(args[0] if args else Any, item, depth + 1) for item in _list(data)]
    if origin in (dict, Mapping) or tp is dict:
        return _mapping(typing.get_args(tp), data, depth)
    raise WireError(f"no wire form for {tp!r}")


def _list(data: Any) -> list:
    if not isinstance(data, list):
        raise WireError("expected a list")
    return data


def _plain(data: Any, depth: int) -> Any:
    """JSON data of no declared type: kept as it is, once checked to be plain JSON."""
    if depth > MAX_DEPTH:
        raise WireError("nested too deep")
    if isinstance(data, list):
        return [_plain(item, depth + 1) for item in data]
    if isinstance(data, dict):
        return {str(k): _plain(v, depth + 1) for k, v in data.items()}
    if data is None or isinstance(data, bool | int | float | str):
        return data
    raise WireError("not JSON")


def _union(options: tuple, data: Any, depth: int) -> Any:
    if data is None:
        if type(None) in options:
            return None
        raise WireError("null where a value is needed")
    classes = [t for t in options if isinstance(t, type) and dataclasses.is_dataclass(t) and t is not Card]
    if classes and isinstance(data, dict):
        name = data.get("@")
        chosen = next((c for c in classes if c.__name__ == name), None)
        if chosen is None:
            raise WireError(f"{name!r} is not allowed here")
        return _dataclass(chosen, data, depth)
    for option in options:
        if option is type(None) or option in classes:
            continue
        try:
            return from_wire(option, data, depth + 1)
        except WireError:
            continue
    raise WireError(f"{data!r} matches none of {options}")


@functools.cache
def _fields(tp: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(tp)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(tp))


def _dataclass(tp: type, data: Any, depth: int) -> Any:
    if not isinstance(data, dict):
        raise WireError(f"a {tp.__name__} is an object")
    fields = _fields(tp)
    if data.get("@", tp.__name__) != tp.__name__ or set(data) - {"@"} != {name for name, _ in fields}:
        raise WireError(f"not the fields of a {tp.__name__}")
    return tp(**{name: from_wire(hint, data[name], depth + 1) for name, hint in fields})


def _tuple(args: tuple, data: Any, depth: int) -> tuple:
    items = _list(data)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_wire(args[0], item, depth + 1) for item in items)
    if args and len(items) != len(args):
        raise WireError(f"expected {len(args)} items")
    return tuple(from_wire(t, item, depth + 1) for t, item in zip(args or (Any,) * len(items), items, strict=True))


def _mapping(args: tuple, data: Any, depth: int) -> dict:
    if not isinstance(data, dict):
        raise WireError("expected an object")
    key_type, value_type = args if args else (str, Any)
    result = {}
    for key, value in data.items():
        try:
            typed_key = int(key) if key_type is int else from_wire(key_type, key, depth + 1)
        except ValueError as exc:
            raise WireError(f"bad key {key!r}") from exc
        result[typed_key] = from_wire(value_type, value, depth + 1)
    return result


def cards_in(obj: Any) -> set[Card]:
    """Every card an object holds anywhere (a view: the cards its seat may see)."""
    found: set[Card] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
    return found


def redacted_record(record: MoveRecord, seen: set[Card]) -> dict:
    """A move's record as one seat may receive it: its events with every card that seat's views
    (before and after the move) do not show replaced by null; the move itself only if every card
    it names is seen (another seat's move may name a card of its hand)."""
    events = []
    for event in record.events:
        data = to_wire(event)
        data["cards"] = [card.to_json() if card in seen else None for card in event.cards]
        events.append(data)
    move = to_wire(record.move) if cards_in(record.move) <= seen else None
    return {"number": record.number, "mover": record.mover, "move": move, "events": events, "line": record.line}
