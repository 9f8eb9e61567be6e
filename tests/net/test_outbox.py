"""net/outbox.py on its own (no Redis): what waits is bounded per client and per table, a relayed
client's frame waits for room, and a batch Redis did not take is handed back to be resynced."""
from __future__ import annotations

import asyncio

from net import outbox as net_outbox
from net.outbox import Item, Outbox

STEP_S = 5.0  # the longest a test waits for one thing to happen


def test_a_relayed_clients_frame_waits_for_room_and_goes_once_its_earlier_ones_are_published():
    async def run() -> tuple[bool, bool, list[list]]:
        gate = asyncio.Event()
        published: list[list] = []

        async def publish(messages: list) -> None:
            await gate.wait()
            published.append(messages)

        outbox = Outbox(publish, lambda batch: None)
        publisher = asyncio.create_task(outbox.run())
        for n in range(net_outbox.CONN_IN):
            outbox.put("in", "ABCDEF", {"n": n}, "p:1")
        waiting = asyncio.create_task(outbox.wait_for_room_in("ABCDEF", "p:1"))
        await asyncio.sleep(0.05)
        held = not waiting.done()  # full: its reading waits
        other = asyncio.create_task(outbox.wait_for_room_in("ABCDEF", "p:2"))
        await asyncio.wait_for(other, STEP_S)  # another client of the table is not held up by it
        gate.set()
        await asyncio.wait_for(waiting, STEP_S)
        publisher.cancel()
        return held, outbox.room_out("ABCDEF", "p:1"), published

    held, room, published = asyncio.run(run())
    assert held and room
    assert [m for batch in published for _, _, m in batch] == [{"n": n} for n in range(net_outbox.CONN_IN)]


def test_a_relayed_client_with_conn_out_messages_waiting_has_no_room_and_a_table_with_table_out_neither():
    async def run() -> tuple[bool, bool, bool]:
        outbox = Outbox(lambda messages: asyncio.sleep(0), lambda batch: None)
        for _ in range(net_outbox.CONN_OUT):
            outbox.put("out", "ABCDEF", {}, "p:1")
        client_full = not outbox.room_out("ABCDEF", "p:1") and outbox.room_out("ABCDEF", "p:2")
        for n in range(net_outbox.TABLE_OUT):
            outbox.put("out", "GHJKMN", {}, f"p:{n}")
        table_full = not outbox.room_out("GHJKMN", "p:new")
        return client_full, table_full, outbox.room_out("PQRSTU", "p:new")

    assert asyncio.run(run()) == (True, True, True)


def test_a_batch_redis_did_not_take_is_handed_back_and_counted_out():
    async def run() -> tuple[list[Item], Outbox]:
        lost: list[Item] = []
        done = asyncio.Event()

        async def publish(messages: list) -> None:
            raise ConnectionError("Redis is away")

        def handed_back(batch: list[Item]) -> None:
            lost.extend(batch)
            done.set()

        outbox = Outbox(publish, handed_back)
        publisher = asyncio.create_task(outbox.run())
        outbox.put("in", "ABCDEF", {"frame": "1"}, "p:1")
        outbox.put("out", "ABCDEF", {"text": "2"}, "q:1")
        await asyncio.wait_for(done.wait(), STEP_S)
        await asyncio.sleep(0)
        assert not publisher.done()  # the publisher goes on
        publisher.cancel()
        return lost, outbox

    lost, outbox = asyncio.run(run())
    assert [key for _, _, _, key in lost] == ["p:1", "q:1"]
    assert not outbox.queued and not outbox.queued_tables and not outbox.items
