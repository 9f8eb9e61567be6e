"""Invites: a table's code as friends type it, and the one line a host sends them, with its
`cardarcade://` link (the desktop entry hands such a link to `main.py`, which opens the Join screen
filled in from it).

The link's form: `cardarcade://join/CODE` for a table found on the local network by its code alone,
`cardarcade://join/CODE?server=URL` for one on a server (`ws://203.0.113.5:8765`, `wss://cards.example.org`).
"""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, quote, unquote, urlsplit

from lang import _
from lang.words import W_
from net.address import AddressError, shown
from net.server import CODE_LENGTH

SCHEME = "cardarcade"



@dataclass(frozen=True, slots=True)
class Invite:
    """A table's code and the server it is on ("": found on the local network by its code)."""

    code: str
    server: str = ""


def clean_code(text: str) -> str:
    """A typed code without its spaces and dashes, in capitals ("abc 123" is "ABC123")."""
    return "".join(ch for ch in text if ch.isalnum()).upper()


def is_link(text: str) -> bool:
    """Whether `text` holds a `cardarcade:` link: alone, or inside the whole invite line pasted."""
    return f"{SCHEME}:" in text.lower()


def link_in(text: str) -> str:
    """The link inside `text` (the invite line pasted whole: the words after its link's start up to a
    space), or `text` itself when it holds none."""
    start = text.lower().find(f"{SCHEME}:")
    return text[start:].split()[0] if start >= 0 else text


def invite_link(invite: Invite) -> str:
    """The `cardarcade://` link that opens the Join screen on `invite`."""
    link = f"{SCHEME}://join/{invite.code}"
    return f"{link}?server={quote(invite.server, safe=':/[]')}" if invite.server else link


def parse_link(text: str) -> Invite:
    """The invite a `cardarcade://` link holds (alone or in a pasted invite line); AddressError (a
    sentence) if it holds none."""
    parts = urlsplit(link_in(text).strip())
    code = clean_code(unquote(parts.path)) if parts.netloc.lower() == "join" else ""
    servers = parse_qs(parts.query).get("server", [])
    if parts.scheme.lower() != SCHEME or len(code) != CODE_LENGTH or len(servers) > 1:
        raise AddressError(W_("That link is not a Card Arcade invite: it reads cardarcade://join/CODE, "
                              "with ?server=ADDRESS after it for a table on a server."))
    return Invite(code, servers[0].strip() if servers else "")


def invite_line(invite: Invite) -> str:
    """The one line a host sends, in the host's language: the code, where it is, and the link."""
    if invite.server:
        return _("Join my Card Arcade table: code {code} at {address} - {link}", code=invite.code,
                 address=shown(invite.server), link=invite_link(invite))
    return _("Join my Card Arcade table: code {code} - {link}", code=invite.code, link=invite_link(invite))
