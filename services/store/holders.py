"""Who holds a claim: `host:pid:...` ids for leases and claims in the state store, and whether the
process behind one is gone (so a waiter on the same host can take over at once instead of waiting
for the claim to expire). Shared by the thread lock and the desk's idempotency keys."""
from __future__ import annotations

import os
import socket


def holder_gone(holder: str) -> bool:
    """True when `holder` (`host:pid:...`) was a process of this host that no longer runs; False for
    another host, this process, or a process alive under another user."""
    host, _, rest = holder.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit() or int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, owned by another user
        return False
    return False
