"""Independent pieces of a build on every core, through the standard library's process pool.

A build is mostly cairo drawing, which holds the interpreter, so threads would not help:
each worker is a process. Work goes out as a plain function and picklable arguments (a game,
an SVG text, a cache folder) and comes back as plain values, so the result cannot depend on
which worker ran it or in what order: the files are the same with one worker or many.

With ``jobs=1`` nothing is started and every piece runs at once in this process, which keeps
one-core machines, debuggers and profilers simple.
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import functools
import gc
import multiprocessing
import os
import sys
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")


def default_jobs() -> int:
    """The cores this process may use (``os.process_cpu_count`` where Python has it)."""
    count = getattr(os, "process_cpu_count", os.cpu_count)()
    return max(1, count or 1)


class Workers:
    """A pool of ``jobs`` processes, or none for ``jobs=1``; a context manager that stops its
    workers on the way out, cancelling what has not started if the build failed."""

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        if self.jobs > 1:
            # Forked workers share this process's memory until they write to it, and the
            # garbage collector writes to every object it visits: frozen, what is here now
            # (the imported libraries, mostly) stays shared instead of being copied into each.
            gc.freeze()
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.jobs, mp_context=_context()
            )

    def submit(self, work: Callable[..., T], *args: Any) -> Future[T]:
        if self._pool is not None:
            return self._pool.submit(_giving_back, work, *args)
        done: Future[T] = Future()
        try:
            done.set_result(_giving_back(work, *args))
        except BaseException as error:  # handed to whoever waits, as a pool would
            done.set_exception(error)
        return done

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=kind is not None)
            gc.unfreeze()


def _context() -> multiprocessing.context.BaseContext:
    """``fork`` where it is safe and cheap (Linux): a worker starts with everything this
    process has imported and registered, in milliseconds. Elsewhere the platform's default
    (spawn), which works because every piece of work carries what it needs."""
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _giving_back(work: Callable[..., T], *args: Any) -> T:
    """Run ``work``, then give the memory it freed back to the system. The C
    allocator keeps what a task freed (a page's PDF built by qpdf, a summary's reportlab
    objects, the faces of a language read from the call) for the worker's next allocations,
    and those are not alike: each worker would otherwise hold, to the end of the build, the
    most the largest of its tasks ever needed."""
    try:
        return work(*args)
    finally:
        release()


@functools.cache
def _trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or ``None`` where the C library has none (macOS, Windows,
    musl): there nothing is given back early."""
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
        return trim
    except (AttributeError, OSError, TypeError):  # TypeError: Windows opens no library None
        return None


def release() -> None:
    """Give the memory this process freed back to the system, where the C library can."""
    if (trim := _trim()) is not None:
        trim(0)
