"""The campaign night's report: each mode printed, the figures beside issue #32's table,
and ``bench/run.py``'s rows."""

from __future__ import annotations

import json
import sys

# --- both modes, and the report ------------------------------------------------------------------


def cpu_name() -> str:
    from bench.run import cpu_name as name

    return name()


def print_mode(r: dict) -> None:
    out = sys.stderr
    print(f"\n=== mode {r['mode']}: TASK_QUEUE={r['queue']} ({r['users']} users, "
          f"{r['seconds']} s, waits {r['wait']} s; load average {r['load'][0]:.1f} before Locust, "
          f"{r['load'][1]:.1f} after) ===", file=out)  # fmt: skip
    print(f"requests/s over the first {r['window']} s: {r['rps']:.1f} in all, "
          f"{r['rps_without_polls']:.1f} without the 'ask again' polls "
          f"({r['window_requests']} requests, {r['window_polls']} polls); "
          f"errors: {r['errors']} (of {r['requests']} requests in all)", file=out)  # fmt: skip
    print(f"players' actions/s: {r['actions_per_second']:.1f}, of the "
          f"{r['ceiling']:.1f} they would ask of a server answering at once "
          f"({r['actions_per_second'] / r['ceiling']:.0%})", file=out)  # fmt: skip
    print("per kind, over the whole run (the players finishing included):", file=out)
    print(f"{'kind':<34}{'type':>5}{'count':>8}{'fail':>6}{'p50 ms':>9}{'p95 ms':>9}"
          f"{'p99 ms':>9}{'max ms':>9}", file=out)  # fmt: skip
    for name, k in sorted(r["kinds"].items(), key=lambda kv: (kv[1]["type"] == "PDF", kv[0])):
        print(f"{name:<34}{k['type']:>5}{k['count']:>8}{k['failures']:>6}{k['p50']:>9.0f}"
              f"{k['p95']:>9.0f}{k['p99']:>9.0f}{k['max']:>9.0f}", file=out)  # fmt: skip
    for f in r["failures"]:
        print(f"  error: {f['occurrences']} × {f['method']} {f['name']}: {f['error']}", file=out)
    b = r["battles"]
    print(
        f"battles: {b['total']} reported, {b['confirmed']} confirmed, {b['pending']} pending; "
        f"confirms answered 409 battle-state (moved on): {r['confirm_moved_on']}",
        file=out,
    )
    print("lost updates (what the database holds that no client heard of, apart):", file=out)
    for name, c in r["checks"].items():
        extra = f" (+{c['unheard']} unheard)" if c["unheard"] else ""
        print(
            f"  {name:<36}{c['lost']:>4} lost of {c['checked']:<5}{extra}  [{c['what']}]", file=out
        )
    if r["worker"]:
        w = r["worker"]
        print(f"task worker: {w['waiting_at_end']} render tasks still waiting when the players "
              "stopped", file=out)  # fmt: skip
        for origin, o in w["origins"].items():
            print(f"  {origin}: {o['count']} tasks {o['results']}; waited p50 "
                  f"{o['wait_p50']:.0f} ms, p95 {o['wait_p95']:.0f} ms; rendered in p50 "
                  f"{o['render_p50']:.0f} ms", file=out)  # fmt: skip
    print(f"/healthz after the run: {json.dumps(r.get('health'))}", file=out)
    print(f"server's answers to the players, by status: {r['server']['statuses']}", file=out)
    for when, lines in r["server"]["trouble"].items():
        if lines:
            what = "while the players played" if when == "during" else "after (checks, shutdown)"
            print(f"server log, {what}: {len(lines)} lines of trouble, the first:", file=out)
            for line in lines[:10]:
                print("  " + line, file=out)
        else:
            print(f"server log, {when} the run: no error", file=out)
    print(f"(Locust's CSV and the server log are in {r['workdir']})", file=out)


PAGES = ("my squads", "builder", "campaign page", "battles list", "standings")
# Issue #32's table: the same scenario, measured before it (make serve's defaults then: sync
# gunicorn workers, niced task workers, players asking again every 0.5 s).
BEFORE = {
    "requests/s": ("22.7", "12.7"),
    "sheet after an edit, PDF in hand, p50 / p95": ("2.1 s / 2.9 s", "24.3 s / 28.6 s"),
    "the sheet again, PDF in hand, p50 / p95": ("1.9 s / 5.9 s", "115 ms / 26.6 s"),
    "sheet after a battle changed it, PDF in hand, p50 / p95": ("(in the line above)",) * 2,
    "pages p50 / p95 (worst kind)": ("1.9 s / 2.7-5.8 s", "106-178 ms / 1.2-1.6 s"),
    "polls of players waiting for a PDF": ("0", "2,777 in 73 s"),
    "errors / downloads given up": ("0 / 0", "0 / 1"),
    "updates lost (every check)": ("0", "0"),
}
TARGETS = {
    "requests/s": ">= TASK_QUEUE=off's",
    "sheet after an edit, PDF in hand, p50 / p95": "p95 <= 5 s",
    "the sheet again, PDF in hand, p50 / p95": "p95 <= 250 ms",
    "sheet after a battle changed it, PDF in hand, p50 / p95": "(as after an edit)",
    "pages p50 / p95 (worst kind)": "p95 <= 750 ms",
    "polls of players waiting for a PDF": "",
    "errors / downloads given up": "0 / 0",
    "updates lost (every check)": "0",
}


def _ms(value: float) -> str:
    return f"{value / 1000:.1f} s" if value >= 1000 else f"{value:.0f} ms"


def figures(r: dict) -> dict[str, str]:
    """One mode's figures, as issue #32's table names them."""
    kinds = r["kinds"]

    def p50_p95(name: str) -> str:
        k = kinds.get(name)
        return f"{_ms(k['p50'])} / {_ms(k['p95'])}" if k else "-"

    pages = [kinds[n] for n in PAGES if n in kinds]
    given_up = sum(f["occurrences"] for f in r["failures"] if "still on its way" in f["error"])
    return {
        "requests/s": f"{r['rps']:.1f} ({r['rps_without_polls']:.1f} w/o polls)",
        "sheet after an edit, PDF in hand, p50 / p95": p50_p95("edit to PDF in hand"),
        "the sheet again, PDF in hand, p50 / p95": p50_p95("sheet again: PDF in hand"),
        "sheet after a battle changed it, PDF in hand, p50 / p95": p50_p95(
            "sheet after a battle: PDF in hand"
        ),
        "pages p50 / p95 (worst kind)": (
            f"{_ms(min(k['p50'] for k in pages))}-{_ms(max(k['p50'] for k in pages))} / "
            f"{_ms(min(k['p95'] for k in pages))}-{_ms(max(k['p95'] for k in pages))}"
        )
        if pages
        else "-",
        "polls of players waiting for a PDF": f"{r['window_polls']} in {r['window']} s",
        "errors / downloads given up": f"{r['errors']} / {given_up}",
        "updates lost (every check)": str(sum(c["lost"] for c in r["checks"].values())),
    }


def summary_table(a: dict, b: dict) -> str:
    """Both modes' figures beside issue #32's (a Markdown table)."""
    now_a, now_b = figures(a), figures(b)
    lines = [
        f"\nissue #32's table, then this run (load average {b['load'][0]:.1f}/{a['load'][0]:.1f} "
        "before each mode's players, of 2 cores shared: the figures are loaded):",
        "| figure | off, before | off, now | queue, before | queue, now | target |",
        "|---|---|---|---|---|---|",
    ]
    for name, (off_before, queue_before) in BEFORE.items():
        lines.append(f"| {name} | {off_before} | {now_b[name]} | {queue_before} | "
                     f"{now_a[name]} | {TARGETS[name]} |")  # fmt: skip
    return "\n".join(lines)


def rows(results: dict[str, dict]) -> list[list]:
    out = []
    for mode, r in results.items():
        out.append([f"campaign night {mode} ({r['queue']}): requests/s w/o polls",
                    r["rps_without_polls"], "req/s"])  # fmt: skip
        out.append([f"campaign night {mode} ({r['queue']}): requests/s in all", r["rps"],
                    "req/s"])  # fmt: skip
        sheet = r["kinds"].get("sheet after edit", {})
        for p in ("p50", "p95", "p99"):
            out.append([f"campaign night {mode}: sheet after edit {p}", sheet.get(p, 0.0), "ms"])
        out.append([f"campaign night {mode}: sheet after edit max", sheet.get("max", 0.0), "ms"])
        if mode == "A":
            in_hand = r["kinds"].get("edit to PDF in hand", {})
            out.append(["campaign night A: edit to PDF in hand p95", in_hand.get("p95", 0.0),
                        "ms"])  # fmt: skip
        out.append([f"campaign night {mode}: errors", r["errors"], "requests"])
        lost = sum(c["lost"] for c in r["checks"].values())
        out.append([f"campaign night {mode}: lost updates", lost, "updates"])
    if "A" in results and "B" in results and results["B"]["rps_without_polls"]:
        out.append(
            [
                "campaign night: throughput A / B (w/o polls)",
                results["A"]["rps_without_polls"] / results["B"]["rps_without_polls"],
                "x",
            ]
        )
    return out
