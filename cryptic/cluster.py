"""A batch on Dask distributed (the optional `cluster` extra): chunks of lines go out to the
workers of a running scheduler (`tcp://host:8786`) or of a local cluster (`local:N`), and
their result lines come back in input order. A worker that dies has its chunk re-run by
the scheduler on another worker; nothing here ever writes a line twice."""

from __future__ import annotations

import contextlib
import functools
import itertools
import logging
import re
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator

import more_itertools

from cryptic.batch import BatchError, Engine, apply_chunk
from cryptic.tuning import AHEAD, CHUNK, CONNECT_SECONDS, POLL_SECONDS, RETRIES, WORKERLESS_SECONDS

ADDRESS = re.compile(r"local:(?P<workers>[0-9]+)|(?:(?:tcp|tls|inproc|ws|wss)://)?[^\s:/]+(?::[0-9]{1,5})?")


def parse_address(text: str) -> int | str:
    """The number of local workers (`local:N`) or a scheduler's address.

    >>> parse_address("local:2"), parse_address("tcp://10.0.0.5:8786"), parse_address("node7:8786")
    (2, 'tcp://10.0.0.5:8786', 'node7:8786')
    """
    match = ADDRESS.fullmatch(text.strip())
    if match is None:
        raise BatchError(f"--cluster {text!r}: expected local:N or a scheduler address such as tcp://host:8786")
    if match["workers"] is None:
        return text.strip()
    workers = int(match["workers"])
    if not 1 <= workers <= 1024:
        raise BatchError(f"--cluster {text!r}: a local cluster needs 1 to 1024 workers")
    return workers


@contextlib.contextmanager
def on_cluster(address: str, prepare: Callable[[], None]) -> Iterator[Engine]:
    """An engine applying functions on the cluster at `address` for the block, each worker
    process prepared (its data loaded) before its first chunk."""
    where = parse_address(address)
    try:
        import distributed
    except ImportError:
        raise BatchError("--cluster needs Dask: pip install 'cryptic-crossword[cluster]'") from None
    quiet_dask()
    with contextlib.ExitStack() as stack:
        if isinstance(where, int):
            prepare()  # once here first: data a worker would build (the index) is built once, not raced for
            cluster = stack.enter_context(distributed.LocalCluster(n_workers=where, threads_per_worker=1, processes=True, dashboard_address=None))
            client = stack.enter_context(distributed.Client(cluster))
        else:
            try:
                client = stack.enter_context(distributed.Client(where, timeout=CONNECT_SECONDS))
            except (OSError, TimeoutError) as e:
                raise BatchError(f"cannot reach the Dask scheduler at {where}: {e}") from None
            if not has_workers(client, WORKERLESS_SECONDS):
                raise BatchError(f"the Dask scheduler at {where} has no workers: start some with `dask worker {where} --nthreads 1`")
        yield lambda function, items: in_order(client, functools.partial(apply_chunk, function, prepare), items)


def in_order(client, chunk: Callable[[list], list], items: Iterable) -> Iterator:
    """The results of `chunk` over items, in order: chunks submitted a few per worker ahead of the one read."""
    chunks = more_itertools.chunked(items, CHUNK)
    workers = max(1, len(client.nthreads()))
    submitted = (client.submit(chunk, c, pure=False, retries=RETRIES) for c in chunks)  # lazily: one chunk per next()
    window = deque(itertools.islice(submitted, AHEAD * workers))
    try:
        while window:
            lines = result(client, window.popleft())
            window.extend(itertools.islice(submitted, 1))
            yield from lines
    finally:
        for future in window:
            future.release()


def result(client, future) -> list:
    """A chunk's results, or a BatchError when the scheduler is gone or the chunk cannot be run."""
    from distributed import TimeoutError as DaskTimeout
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker

    while True:
        try:
            return future.result(timeout=POLL_SECONDS)
        except (DaskTimeout, TimeoutError):
            try:
                gone = client.status not in ("running", "connecting")
                idle = not gone and not has_workers(client, WORKERLESS_SECONDS)
            except OSError:  # the scheduler stopped answering
                gone = True
            if gone:
                raise BatchError("lost the Dask scheduler; the lines written so far are kept") from None
            if idle:
                raise BatchError(f"the Dask scheduler has had no workers for {WORKERLESS_SECONDS} s; the lines written so far are kept") from None
        except KilledWorker:
            raise BatchError("a chunk of clues killed every worker that ran it (out of memory?); the lines written so far are kept") from None
        except (FutureCancelledError, OSError) as e:
            raise BatchError(f"lost the Dask scheduler ({type(e).__name__}); the lines written so far are kept") from None


def has_workers(client, seconds: float) -> bool:
    """Whether the scheduler has a worker, or gets one within `seconds`."""
    end = time.monotonic() + seconds
    while not client.nthreads():
        if time.monotonic() > end:
            return False
        time.sleep(0.5)
    return True


def quiet_dask() -> None:
    """Silence Dask's own logging: its troubles reach the user as one line, from here."""
    names = [name for name in logging.root.manager.loggerDict if name.split(".")[0] in ("distributed", "dask")]
    for name in ["distributed", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
