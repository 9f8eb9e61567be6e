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
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from game.cards import Card
from game.record import MoveRecord

MAX_DEPTH = 12  # deeper data than any view holds is refused


class WireError(ValueError):
    """Data that is not a valid object of the expected type."""


def to_wire(obj: Any) -> Any:
    """`obj` as JSON-ready data (see the module docstring)."""
    convert = _CONVERTERS.get(type(obj))
    if convert is None:
        convert = _CONVERTERS[type(obj)] = _converter(type(obj))
    return convert(obj)


def _converter(tp: type) -> Callable[[Any], Any]:
    """How `to_wire` turns an object of type `tp` into JSON data (worked out once per type)."""
    if issubclass(tp, enum.Enum):
        return _enum_value
    if tp is type(None) or issubclass(tp, bool | int | float | str):
        return _same
    if issubclass(tp, Card):
        return tp.to_json
    if dataclasses.is_dataclass(tp):
        return _dataclass_converter(tp)
    if issubclass(tp, Mapping):
        return _mapping_to_wire
    if issubclass(tp, list | tuple):
        return _list_to_wire
    if issubclass(tp, set | frozenset):
        return _set_to_wire
    raise TypeError(f"{tp.__name__} cannot go on the wire")


def _same(obj: Any) -> Any:
    return obj


def _enum_value(obj: enum.Enum) -> Any:
    return obj.value


def _dataclass_converter(tp: type) -> Callable[[Any], dict]:
    """An object of its fields, in their order, then "@" naming the class."""
    names, class_name = tuple(f.name for f in dataclasses.fields(tp)), tp.__name__

    def convert(obj: Any) -> dict:
        data = {name: to_wire(getattr(obj, name)) for name in names}
        data["@"] = class_name
        return data
    return convert


def _mapping_to_wire(obj: Mapping) -> dict:
    return {str(k.value if isinstance(k, enum.Enum) else k): to_wire(v) for k, v in obj.items()}


def _list_to_wire(obj: list | tuple) -> list:
    return [to_wire(item) for item in obj]


def _set_to_wire(obj: set | frozenset) -> list:
    return sorted(to_wire(item) for item in obj)


_CONVERTERS: dict[type, Callable[[Any], Any]] = {}


def from_wire(tp: Any, data: Any, depth: int = 0) -> Any:
    """Rebuild an object of type `tp` from `to_wire` data; WireError if `data` is not one."""
    if depth > MAX_DEPTH:
        raise WireError("nested too deep")
    if tp is Card:  # the commonest types first, before the slower look at generic types
        return _card(data)
    if tp in _SCALARS:
        return _scalar(tp, data)
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
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError as exc:
            raise WireError(f"{data!r} is not a {tp.__name__}") from exc
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


def _card(data: Any) -> Card:
    if not isinstance(data, list):
        raise WireError("a card is a list")
    try:
        return Card.from_json(data)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise WireError(f"not a card: {data!r}") from exc


def _scalar(tp: type, data: Any) -> Any:
    if type(data) is not tp and not (tp is float and type(data) is int):
        raise WireError(f"expected {tp.__name__}, got {type(data).__name__}")
    return data


_SCALARS = (bool, int, float, str)


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
def _fields(tp: type) -> tuple[tuple[tuple[str, Any], ...], frozenset[str]]:
    """A dataclass's fields with their types, and the set of their names."""
    hints = typing.get_type_hints(tp)
    fields = tuple((f.name, hints[f.name]) for f in dataclasses.fields(tp))
    return fields, frozenset(name for name, _ in fields)


def _dataclass(tp: type, data: Any, depth: int) -> Any:
    if not isinstance(data, dict):
        raise WireError(f"a {tp.__name__} is an object")
    fields, names = _fields(tp)
    if data.get("@", tp.__name__) != tp.__name__ or data.keys() - {"@"} != names:
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
    _collect_cards(obj, found)
    return found


def _collect_cards(obj: Any, found: set[Card]) -> None:
    """Add the cards `obj` holds to `found` (the walk for each type worked out once)."""
    collect = _COLLECTORS.get(type(obj))
    if collect is None:
        collect = _COLLECTORS[type(obj)] = _collector(type(obj))
    collect(obj, found)


def _collector(tp: type) -> Callable[[Any, set[Card]], None]:
    """How `cards_in` walks an object of type `tp`."""
    if issubclass(tp, Card):
        return _add_card
    if dataclasses.is_dataclass(tp):
        names = tuple(f.name for f in dataclasses.fields(tp))
        return lambda obj, found: _collect_items([getattr(obj, name) for name in names], found)
    if issubclass(tp, Mapping):
        return lambda obj, found: _collect_items(obj.values(), found)
    if issubclass(tp, list | tuple | set | frozenset):
        return _collect_items
    return _skip


def _add_card(card: Card, found: set[Card]) -> None:
    found.add(card)


def _collect_items(items: Iterable[Any], found: set[Card]) -> None:
    for item in items:
        if type(item) is Card:
            found.add(item)
        elif not isinstance(item, _NO_CARDS):
            _collect_cards(item, found)


def _skip(obj: Any, found: set[Card]) -> None:
    """An object that holds no card (a number, a text, an enum)."""


_NO_CARDS = (str, int, float, type(None))  # bool and the enums of str or int are among them
_COLLECTORS: dict[type, Callable[[Any, set[Card]], None]] = {}


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
