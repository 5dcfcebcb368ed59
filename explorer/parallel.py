"""Work over cores or machines: :func:`spread` maps a function over calls in this process,
a new ``dask.distributed`` LocalCluster or the cluster at a scheduler's address, with a tqdm
bar; and the seeds of a run's games and bots, from a root seed and an index alone (the same on
any machine). Shared by the simulation, the coach's reviews and fits, and the benchmarks."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from explorer.errors import ExplorerError


class SimulationError(ExplorerError, ValueError):
    """A simulation or a spread run asked for something it cannot do (a bad argument, a
    scheduler that does not answer); nothing was run."""


def game_seed(root: int, index: int) -> int:
    """Game ``index``'s seed: a 63-bit number from the root seed and the index alone."""
    digest = hashlib.blake2b(f"{root}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_seed(seed: int, seat: int) -> int:
    """The seed of a game's bot in ``seat``."""
    return game_seed(seed, 1_000_003 + seat)


@contextmanager
def dask_client(workers: int | None, scheduler: str | None) -> Iterator[Any]:
    """A ``dask.distributed`` client: of a new LocalCluster of ``workers`` single-threaded
    processes (closed after), or of the cluster at ``scheduler`` (a
    :class:`SimulationError` when it does not answer)."""
    from dask.distributed import Client, LocalCluster

    cluster = None
    try:
        if scheduler is None:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=40)
            client = Client(cluster)
        else:
            try:
                client = Client(scheduler, timeout="10s")
            except (OSError, TimeoutError) as error:
                raise SimulationError(f"no Dask scheduler answers at {scheduler}: "
                                      f"{error}") from None
        with client:
            yield client
    finally:
        if cluster is not None:
            cluster.close()


def _run_chunk(fn: Callable[..., Any], chunk: list[tuple[Any, ...]]) -> list[Any]:
    return [fn(*args) for args in chunk]


def spread(fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]], *,
           workers: int | None = None, scheduler: str | None = None, progress: bool = True,
           desc: str = "tasks", unit: str = "task", chunk: int | None = None) -> list[Any]:
    """``[fn(*args) for args in calls]``, in order: in this process, or spread over a new
    ``dask.distributed`` LocalCluster of ``workers`` single-threaded processes, or over the
    cluster at ``scheduler``, in chunks of ``chunk`` calls; a tqdm bar counts the calls done.
    A scheduler that does not answer is a :class:`SimulationError`."""
    from tqdm.auto import tqdm

    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise SimulationError(f"workers must be a whole number of at least 1; found "
                              f"{workers!r}")
    calls = list(calls)
    results: list[Any] = [None] * len(calls)
    with tqdm(total=len(calls), disable=not progress, desc=desc, unit=unit) as bar:
        if workers is None and scheduler is None:
            for number, args in enumerate(calls):
                results[number] = fn(*args)
                bar.update(1)
            return results
        from dask.distributed import as_completed

        size = chunk or max(1, len(calls) // (4 * (workers or 2)))
        spans = [(first, calls[first:first + size]) for first in range(0, len(calls), size)]
        with dask_client(workers, scheduler) as client:
            futures = {client.submit(_run_chunk, fn, part, pure=False): first
                       for first, part in spans}
            for future in as_completed(futures):
                first = futures[future]
                done = future.result()
                results[first:first + len(done)] = done
                bar.update(len(done))
    return results
