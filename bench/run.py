"""``make bench``: print the project's speed figures and the machine they ran on.

Not a test: it asserts nothing and prints medians so that notes can record them. Each
benchmark module exposes ``run() -> list[tuple[str, float, str]]`` rows (name, value, unit).
"""

from __future__ import annotations

import importlib
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MODULES = [
    "bench.bench_rules",
    "bench.bench_necromunda",
    "bench.bench_pairing",
    "bench.bench_rosters",
    "bench.bench_print",
    "bench.bench_print_limits",
    "bench.bench_print_styles",
    "bench.bench_units",
    "bench.bench_campaigns",
    "bench.bench_rounds",
    "bench.bench_throttle",
    "bench.bench_prerender",
    "bench.bench_campaign_night",
    "bench.bench_fuzz",
]


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main() -> None:
    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"CPU: {cpu_name()}, {os.cpu_count()} cores; {platform.system()} {platform.release()}")
    print()
    only = sys.argv[1:]
    for name in MODULES:
        if only and not any(word in name for word in only):
            continue
        module = importlib.import_module(name)
        for label, value, unit in module.run():
            print(f"{label:<62} {value:>10.2f} {unit}")


if __name__ == "__main__":
    main()
