"""The long schemathesis run (issue #17, part 5): every check, stateless and stateful.

CI runs a bounded pass (``scripts/fuzz_live.py --max-examples 2``); this is the long one, on
SQLite and on PostgreSQL. Each run is ``scripts/fuzz_live.py``'s: a fresh database (a SQLite
file, or a database of its own on the PostgreSQL server at ``PG``, dropped afterwards),
gunicorn with two workers, an account seeded with its token and, for every game with
campaign rules, squads built from the game's catalogue, a campaign, a battle waiting and one
confirmed; then ``schemathesis run`` with the project's ``schemathesis.toml`` (every check,
the exemptions written there), phases examples, coverage, fuzzing and stateful, bounded by
``--max-examples`` per operation. The request bodies cover every game's documents: the
schema describes a roster or a battle report per game (a ``oneOf`` on ``system``), and the
fuzzer draws from each.

It prints, per database, the requests the server answered (its access log, the seeding left
out), the time, the 5xx and the failures schemathesis found, each with its operation, check,
response and the curl line that reproduces it (to standard error, with schemathesis's own
report, as they come). The issue's figure: at least 20,000 requests with 0 failures of any
kind; the default bound gives that on each database.

    .venv/bin/python -m bench.bench_fuzz [--max-examples 500] [--databases sqlite,postgres]
        [--seed N]

``run()`` gives ``bench/run.py`` its rows (label, value, unit).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from api_walkthrough import Failed  # noqa: E402  (scripts/)
from fuzz_live import Options, fuzz  # noqa: E402

PG = "postgres://postgres@127.0.0.1:5432/fuzz"
DATABASES = {"sqlite": None, "postgres": PG}
MAX_EXAMPLES = 500  # per operation and phase: about 20,000 requests (2 would be 3,200)


def measure(max_examples: int, databases: list[str], seed: int | None) -> list[tuple]:
    rows: list[tuple] = []
    for name in databases:
        options = Options(
            max_examples=max_examples, database_url=DATABASES[name], seed=seed,
            output=sys.stderr,
        )  # fmt: skip
        try:
            outcome = fuzz(options)
        except Failed as error:
            print(f"bench_fuzz: {name}: {error}", file=sys.stderr)
            raise
        for operation, report in outcome.failures:
            print(f"* {name}: {operation}\n    {report}", file=sys.stderr, flush=True)
        rows += [
            (f"fuzz {name}: requests (max-examples {max_examples})", outcome.requests, "req"),
            (f"fuzz {name}: duration", outcome.seconds, "s"),
            (f"fuzz {name}: requests per second", outcome.requests / outcome.seconds, "req/s"),
            (f"fuzz {name}: 5xx answers", outcome.server_errors, ""),
            (f"fuzz {name}: schemathesis failures", len(outcome.failures), ""),
        ]
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-examples", type=int, default=MAX_EXAMPLES)
    parser.add_argument("--databases", default=",".join(DATABASES))
    parser.add_argument("--seed", type=int)
    args = parser.parse_args(argv)
    rows = measure(args.max_examples, args.databases.split(","), args.seed)
    for label, value, unit in rows:
        print(f"{label:<62} {value:>10.2f} {unit}", file=sys.stderr)
    print(json.dumps(rows))  # the last line: run()'s rows


def run() -> list[tuple[str, float, str]]:
    """For ``bench/run.py``: the figures, measured in a child interpreter (its report goes to
    standard error as it comes)."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.bench_fuzz"], cwd=ROOT, stdout=subprocess.PIPE,
        text=True, check=True,
    )  # fmt: skip
    return [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]


if __name__ == "__main__":
    main()
