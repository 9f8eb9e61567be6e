"""A connection that joins no table in time is closed; one at a table stays."""
from __future__ import annotations

import asyncio

from net import protocol as p
from tests.net.clients import Client, loose_server, open_table, serving


def test_a_connection_that_joins_no_table_in_time_is_closed():
    async def main() -> None:
        async with serving(loose_server(join_s=0.3)) as url:
            idle = await Client.open(url)
            host, _, _ = await open_table(url, "sota", ["you", "computer"], seed=3)
            code, reason, _ = await idle.closed()
            assert (code, reason) == (1008, "you joined no table in time")
            await host.send(p.Phrase(0))
            assert (await host.until(p.Said)).phrase == 0  # the one at a table stays
            await host.close()

    asyncio.run(main())
