"""Median timing helper for the benchmarks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(
    fn: Callable[[], object],
    *,
    repeat: int = 21,
    number: int = 0,
    timer: Callable[[], float] = time.perf_counter,
) -> float:
    """Median time of one call of ``fn``, over ``repeat`` batches of ``number`` calls;
    ``timer=time.process_time`` gives the CPU time the process spent, which other
    processes sharing the cores do not inflate as they do the elapsed time."""
    if number == 0:  # calibrate to batches of about 20 ms
        number = 1
        while True:
            start = timer()
            for _ in range(number):
                fn()
            if timer() - start > 0.02:
                break
            number *= 2
    samples = []
    for _ in range(repeat):
        start = timer()
        for _ in range(number):
            fn()
        samples.append((timer() - start) / number)
    return statistics.median(samples)
