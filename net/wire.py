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
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import Any

from game.cards import Card
from game.record import MoveRecord
from lang.words import line_to_json

MAX_DEPTH = 12  # deeper data than any view holds is refused


class WireError(ValueError):
    """Data that is not a valid object of the expected type."""


def to_wire(obj: Any) -> Any:
    """`obj` as JSON-ready data (see the module docstring)."""
    return _walk(obj, [])


def wire_and_cards(obj: Any) -> tuple[Any, list[Card]]:
    """`to_wire(obj)` and every card `obj` holds (as often as it holds it), in one walk."""
    found: list[Card] = []
    return _walk(obj, found), found


_PLAIN = frozenset({str, int, float, bool, type(None)})  # types that go on the wire as they are
Walk = Callable[[Any, list[Card]], Any]  # an object's wire data, adding the cards it holds to the list


def _walk(obj: Any, found: list[Card]) -> Any:
    tp = type(obj)
    if tp in _PLAIN:
        return obj
    return (_WALKS.get(tp) or _walk_for(tp))(obj, found)


def _walk_for(tp: type) -> Walk:
    """How an object of type `tp` goes on the wire (worked out once per type)."""
    walk: Walk
    if issubclass(tp, enum.Enum):
        walk = _enum_value
    elif issubclass(tp, bool | int | float | str):
        walk = _same
    elif issubclass(tp, Card):
        walk = _card_to_wire
    elif dataclasses.is_dataclass(tp):
        walk = _dataclass_walk(tp)
    elif issubclass(tp, Mapping):
        walk = _mapping_to_wire
    elif issubclass(tp, list | tuple):
        walk = _list_to_wire
    elif issubclass(tp, set | frozenset):
        walk = _set_to_wire
    else:
        raise TypeError(f"{tp.__name__} cannot go on the wire")
    _WALKS[tp] = walk
    return walk


def _same(obj: Any, found: list[Card]) -> Any:
    return obj


def _enum_value(obj: enum.Enum, found: list[Card]) -> Any:
    return obj.value


def _card_to_wire(card: Card, found: list[Card]) -> list:
    found.append(card)
    return card.to_json()


def _dataclass_walk(tp: type) -> Walk:
    """An object of its fields, in their order, then "@" naming the class."""
    names, class_name = tuple(f.name for f in dataclasses.fields(tp)), tp.__name__

    def walk(obj: Any, found: list[Card]) -> dict:
        data = {}
        for name in names:  # (the look-up of _walk inlined: this is the server's busiest loop)
            value = getattr(obj, name)
            kind = type(value)
            data[name] = value if kind in _PLAIN else (_WALKS.get(kind) or _walk_for(kind))(value, found)
        data["@"] = class_name
        return data
    return walk


def _mapping_to_wire(obj: Mapping, found: list[Card]) -> dict:
    return {str(k.value if isinstance(k, enum.Enum) else k): _walk(v, found) for k, v in obj.items()}


def _list_to_wire(obj: list | tuple, found: list[Card]) -> list:
    items = []
    for item in obj:
        kind = type(item)
        if kind is Card:  # the commonest item
            found.append(item)
            items.append(item.to_json())
        else:
            items.append(item if kind in _PLAIN else (_WALKS.get(kind) or _walk_for(kind))(item, found))
    return items


def _set_to_wire(obj: set | frozenset, found: list[Card]) -> list:
    return sorted(_walk(item, found) for item in obj)


_WALKS: dict[type, Walk] = {}


def from_wire(tp: Any, data: Any, depth: int = 0) -> Any:
    """Rebuild an object of type `tp` from `to_wire` data; WireError if `data` is not one."""
    return _reader(tp)(data, depth)


Read = Callable[[Any, int], Any]  # (data, depth) -> the object it holds; WireError if it holds none


def _reader(tp: Any) -> Read:
    """How data of type `tp` is read (worked out once per type; each reader first checks the depth)."""
    try:
        return _READERS[tp]
    except KeyError:
        reader = _READERS[tp] = _reader_for(tp)
        return reader
    except TypeError:  # a type whose arguments cannot be a key
        return _reader_for(tp)


def _reader_for(tp: Any) -> Read:
    if tp is Card:
        return _read_card
    if tp in _SCALARS:
        return functools.partial(_read_scalar, tp)
    origin = typing.get_origin(tp)
    if tp is Any:
        return _plain
    if origin in (typing.Union, types.UnionType):
        return _union_reader(typing.get_args(tp))
    if origin is typing.Literal:
        return functools.partial(_read_literal, typing.get_args(tp))
    if tp is type(None):
        return _read_none
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return functools.partial(_read_enum, tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_reader(tp)
    if origin is tuple or tp is tuple:
        return _tuple_reader(typing.get_args(tp))
    if origin in (set, frozenset):
        return _items_reader(typing.get_args(tp)[0], frozenset)
    if origin in (list, Sequence) or tp is list:
        args = typing.get_args(tp)
        return _items_reader(args[0] if args else Any, list)
    if origin in (dict, Mapping) or tp is dict:
        return functools.partial(_read_mapping, typing.get_args(tp))
    return functools.partial(_read_nothing, tp)


_READERS: dict[Any, Read] = {}


def _deep(depth: int) -> None:
    if depth > MAX_DEPTH:
        raise WireError("nested too deep")


def _read_card(data: Any, depth: int) -> Card:
    _deep(depth)
    return _card(data)


def _card(data: Any) -> Card:
    if not isinstance(data, list):
        raise WireError("a card is a list")
    exact = (len(data) == 4 and type(data[0]) is str and type(data[1]) is int and type(data[2]) is str
             and type(data[3]) is int)
    if exact and (card := _CARDS.get(tuple(data))) is not None:
        return card
    try:
        card = Card.from_json(data)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise WireError(f"not a card: {data!r}") from exc
    if exact and len(_CARDS) < CARDS_KEPT:
        _CARDS[tuple(data)] = card
    return card


CARDS_KEPT = 4096  # cards read are kept to be given again (they are frozen): at most this many
_CARDS: dict[tuple, Card] = {}


def _read_scalar(tp: type, data: Any, depth: int) -> Any:
    _deep(depth)
    if type(data) is not tp and not (tp is float and type(data) is int):
        raise WireError(f"expected {tp.__name__}, got {type(data).__name__}")
    return data


_SCALARS = (bool, int, float, str)


def _read_literal(values: tuple, data: Any, depth: int) -> Any:
    _deep(depth)
    if data not in values:
        raise WireError(f"{data!r} is not one of {values}")
    return data


def _read_none(data: Any, depth: int) -> None:
    _deep(depth)
    if data is not None:
        raise WireError("expected null")


def _read_enum(tp: type[enum.Enum], data: Any, depth: int) -> Any:
    _deep(depth)
    try:
        return tp(data)
    except ValueError as exc:
        raise WireError(f"{data!r} is not a {tp.__name__}") from exc


def _read_nothing(tp: Any, data: Any, depth: int) -> Any:
    _deep(depth)
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


def _union_reader(options: tuple) -> Read:
    """A union: null if it allows None; an object names its class with "@" among the dataclasses;
    anything else, the first other option it is."""
    classes = {t.__name__: t for t in reversed(options)
               if isinstance(t, type) and dataclasses.is_dataclass(t) and t is not Card}
    others = tuple(t for t in options if t is not type(None) and t not in classes.values())
    none_allowed = type(None) in options
    readers: list[Read] = []  # the others' readers, found at the first read (one may be this union)

    def read(data: Any, depth: int) -> Any:
        _deep(depth)
        if data is None:
            if none_allowed:
                return None
            raise WireError("null where a value is needed")
        if classes and isinstance(data, dict):
            name = data.get("@")
            chosen = classes.get(name) if isinstance(name, str) else None
            if chosen is None:
                raise WireError(f"{name!r} is not allowed here")
            return _reader(chosen)(data, depth)
        if len(readers) != len(others):
            readers[:] = [_reader(option) for option in others]
        for reader in readers:
            try:
                return reader(data, depth + 1)
            except WireError:
                continue
        raise WireError(f"{data!r} matches none of {options}")
    return read


@functools.cache
def _fields(tp: type) -> tuple[tuple[tuple[str, Any], ...], frozenset[str]]:
    """A dataclass's fields with their types, and the set of their names."""
    hints = typing.get_type_hints(tp)
    fields = tuple((f.name, hints[f.name]) for f in dataclasses.fields(tp))
    return fields, frozenset(name for name, _ in fields)


def _dataclass_reader(tp: type) -> Read:
    readers: list[tuple[str, Read]] = []  # each field's, found at the first read (a field may be of tp)

    def read(data: Any, depth: int) -> Any:
        _deep(depth)
        if not isinstance(data, dict):
            raise WireError(f"a {tp.__name__} is an object")
        fields, names = _fields(tp)
        if data.get("@", tp.__name__) != tp.__name__ or data.keys() - {"@"} != names:
            raise WireError(f"not the fields of a {tp.__name__}")
        if not readers:
            readers.extend((name, _reader(hint)) for name, hint in fields)
        return tp(**{name: reader(data[name], depth + 1) for name, reader in readers})
    return read


def _tuple_reader(args: tuple) -> Read:
    if len(args) == 2 and args[1] is Ellipsis:
        return _items_reader(args[0], tuple)

    def read(data: Any, depth: int) -> tuple:
        _deep(depth)
        items = _list(data)
        if args and len(items) != len(args):
            raise WireError(f"expected {len(args)} items")
        return tuple(_reader(t)(item, depth + 1) for t, item in zip(args or (Any,) * len(items), items, strict=True))
    return read


def _items_reader(item_type: Any, kind: Callable[[Iterable[Any]], Any]) -> Read:
    """A tuple of any length, a list or a (frozen)set of items of one type."""
    found: list[Read] = []  # the items' reader, found at the first read (an item may be of this type)

    def read(data: Any, depth: int) -> Any:
        _deep(depth)
        items = _list(data)
        if not found:
            found.append(_reader(item_type))
        item, deeper = found[0], depth + 1
        read_items = [item(value, deeper) for value in items]
        return read_items if kind is list else kind(read_items)
    return read


def _read_mapping(args: tuple, data: Any, depth: int) -> dict:
    _deep(depth)
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


class CardsSeen:
    """The cards some views showed, for `card in seen`: by identity first (a view holds the game's own
    card objects, and so does a move's record), by equality when that fails (a set, made then)."""

    __slots__ = ("_cards", "_equal", "_ids")

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards = list(cards)  # held, so that no other object takes one of their ids
        self._ids = {id(card) for card in self._cards}
        self._equal: set[Card] | None = None

    def __contains__(self, card: object) -> bool:
        if id(card) in self._ids:
            return True
        if self._equal is None:
            self._equal = set(self._cards)
        return card in self._equal


class RedactedRecord:
    """A move's record as each seat may receive it: its events with every card that seat's views
    (before and after the move) do not show replaced by null; the move itself only if every card it
    names is seen (another seat's move may name a card of its hand). What every seat's copy shares
    is worked out once."""

    def __init__(self, record: MoveRecord) -> None:
        self.record = record
        self.events = [(to_wire(event), event.cards) for event in record.events]
        self.move, self.move_cards = wire_and_cards(record.move)

    def for_seat(self, before: Container[Card], after: Container[Card]) -> dict:
        """The record for a seat whose views showed `before` and `after` the move."""
        events = []
        for data, cards in self.events:
            shown = [wire if card in after or card in before else None
                     for card, wire in zip(cards, data["cards"], strict=True)]
            events.append({**data, "cards": shown})
        move = self.move if all(card in after or card in before for card in self.move_cards) else None
        record = self.record
        return {"number": record.number, "mover": record.mover, "move": move, "events": events,
                "line": line_to_json(record.words)}
