"""What the host's lobby says about who can join and how (on this network, from elsewhere, on an
online server), and the invite it copies: one line with the code, where, and the cardarcade:// link."""
from __future__ import annotations

import logging

import pygame

from lang import N_, _
from net.address import shown
from net.host_process import is_public
from net.invite import Invite, invite_line
from scenes.base import Host
from scenes.services import Online

log = logging.getLogger("card_arcade.online")

NEARBY = N_("On this network: friends pick this table in Join a table's list, or type the code.")


def invite_for(online: Online) -> Invite:
    """The table's invite: on an online server, its URL; hosted here, this machine's address that
    the most friends can reach (its loopback URL if it listens on this computer only: the code alone
    finds no table when discovery is off)."""
    server = online.server
    if server is None:
        return Invite(online.code, online.url)
    if server.local_only():
        return Invite(online.code, server.url)
    addresses = server.addresses()
    return Invite(online.code, f"ws://{addresses[0]}" if addresses else "")


def who_can_join(online: Online) -> list[str]:
    """Who can join and how, in a few plain lines (saying so when it cannot be known from here)."""
    server = online.server
    if server is None:
        return [_("This table is on the online server {address}: friends anywhere join with the code alone (their "
                  "Settings naming the same server), or with the invite below.", address=shown(online.url))]
    if server.local_only():
        return [_("Only this computer can join: its server listens here alone (Settings: Tables on this network)."),
                _("For friends elsewhere, set an online server in Settings.")]
    addresses = server.addresses()
    public = [a for a in addresses if is_public(a.rsplit(":", 1)[0])]
    if public:
        elsewhere = _("From elsewhere: friends type {address} as the address (unless a firewall here blocks port "
                      "{port}: that cannot be known from here).", address=public[0], port=server.port)
    else:
        elsewhere = _("From elsewhere: only if your router forwards port {port} to {address}, with your internet "
                      "address and that port (whether it does cannot be known from here); or set an online server "
                      "in Settings.", port=server.port, address=addresses[0] if addresses else _("this computer"))
    return [_(NEARBY), elsewhere]


def copy_invite(app: Host, invite: Invite) -> None:
    """Put the invite's line on the clipboard and say so (or say that it could not be)."""
    try:
        pygame.scrap.put_text(invite_line(invite))
    except pygame.error as exc:
        log.warning("the invite could not be copied: %s", exc)
        app.notify(_("The invite could not be copied: send the line on screen."))
        return
    app.notify(_("Invite copied: paste it to your friends."))
