"""Median timing helper for the benchmarks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(fn: Callable[[], object], *, repeat: int = 21, number: int = 0) -> float:
    """Median time of one call of ``fn``, over ``repeat`` batches of ``number`` calls."""
    if number == 0:  # calibrate to batches of about 20 ms
        number = 1
        while True:
            start = time.perf_counter()
            for _ in range(number):
                fn()
            if time.perf_counter() - start > 0.02:
                break
            number *= 2
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter() - start) / number)
    return statistics.median(samples)
