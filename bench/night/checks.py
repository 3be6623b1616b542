"""The checks after the campaign night: what the database holds against what the players
were told succeeded (lost updates), ``/healthz``, and the server log's statuses and trouble."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

# --- the checks --------------------------------------------------------------------------------


def read_records(record_dir: Path) -> list[dict]:
    records = []
    for path in sorted(record_dir.glob("successes-*.jsonl")):
        records += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return records


def healthz(port: int) -> dict:
    """``/healthz`` as a load balancer reads it: the checks, and the queue's figures."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=60) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:  # 503: it says what fails
        return json.load(error)


def api_get(port: int, path: str, token: str):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Token {token}"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def check(plan: dict, records: list[dict], port: int) -> dict:
    """What the players were told succeeded, against the database (and the standings as the
    API serves them). Each check counts its lost updates (0 expected) and, apart, what the
    database holds that no player heard of (a request cut off when Locust stopped, say)."""
    from campaigns.models import Battle, HistoryEntry
    from rosters.models import Squad

    players = plan["players"]
    campaign_ids = sorted({p["campaign"] for p in players})
    start = {int(pk): v for pk, v in plan["start_versions"].items()}
    by_kind = defaultdict(list)
    for r in records:
        by_kind[r["kind"]].append(r)
    battles = {
        (b.campaign_id, b.number): b
        for b in Battle.objects.filter(campaign_id__in=campaign_ids)
        .select_related("submitted_by")
        .prefetch_related("sides__entry")
    }  # fmt: skip
    confirmed = {key: b for key, b in battles.items() if b.status == Battle.Status.CONFIRMED}
    results: dict[str, dict] = {}

    def result(name: str, what: str, checked: int, lost: int, unheard: int = 0) -> None:
        results[name] = {"what": what, "checked": checked, "lost": lost, "unheard": unheard}

    # 1. Every battle report answered 201 is in the database, sent by that player.
    reported = {(r["campaign"], r["number"]): r for r in by_kind["report"]}
    lost = sum(
        1 for key, r in reported.items()
        if key not in battles or battles[key].submitted_by.username != r["player"]
    )  # fmt: skip
    result("battle reports (201)", "each battle a client got 201 for exists, sent by it",
           len(reported), lost, len(set(battles) - set(reported)))  # fmt: skip

    # 2. Every confirm answered 200 left its battle confirmed.
    confirms = {(r["campaign"], r["number"]): r for r in by_kind["confirm"]}
    lost = sum(1 for key in confirms if key not in confirmed)
    result("confirms (200)", "each battle a client confirmed (200) is confirmed",
           len(confirms), lost, len(set(confirmed) - set(confirms)))  # fmt: skip

    # 3. The standings' VP (the API's, as players read them) are the sums of the confirmed
    #    battles' sides' VP, and those the VP the confirms answered.
    side_vp: Counter[int] = Counter()
    for battle in confirmed.values():
        for side in battle.sides.all():
            side_vp[side.entry.squad_id] += side.total_vp
    told_vp: Counter[int] = Counter()
    for r in by_kind["confirm"]:
        for squad_id, vp in r["vp"].items():
            told_vp[int(squad_id)] += vp
    reader = {p["campaign"]: p["token"] for p in players}
    standings = {}
    for campaign_id in campaign_ids:
        for row in api_get(port, f"/api/campaigns/{campaign_id}/standings/", reader[campaign_id]):
            standings[row["squad_id"]] = row["vp"]
    result("standings VP", "each squad's VP in the standings = sum of its confirmed sides' VP",
           len(standings), sum(1 for s, vp in standings.items() if vp != side_vp[s]))  # fmt: skip
    # A squad in a battle confirmed without its player hearing of it (a request cut off) has
    # VP no client was told of, either sign: it is counted apart, not compared.
    unheard = {
        side.entry.squad_id
        for key, battle in confirmed.items() if key not in confirms
        for side in battle.sides.all()
    }  # fmt: skip
    result("standings VP as told", "each squad's VP in the standings = sum of the VP the "
           "confirms (200) answered for it", len(standings),
           sum(1 for s, vp in standings.items() if s not in unheard and vp != told_vp[s]),
           len(unheard & set(standings)))  # fmt: skip

    # 4. History: rows for every confirmed battle (a "vp" row per side, at least), none for
    #    a battle still pending.
    history = Counter(
        HistoryEntry.objects.filter(battle__campaign_id__in=campaign_ids, kind="vp")
        .values_list("battle__campaign_id", "battle__number")
    )  # fmt: skip
    any_history = set(
        HistoryEntry.objects.filter(battle__campaign_id__in=campaign_ids)
        .values_list("battle__campaign_id", "battle__number")
    )  # fmt: skip
    lost = sum(1 for key, b in confirmed.items() if history[key] != len(b.sides.all()))
    result("history of confirmed battles", "a 'vp' history row per side of each confirmed "
           "battle", len(confirmed), lost)  # fmt: skip
    pending = [key for key, b in battles.items() if b.status == Battle.Status.PENDING]
    result("no history for pending battles", "no history row for a battle still pending",
           len(pending), sum(1 for key in pending if key in any_history))  # fmt: skip

    # 5. Free squads: version = start + renames answered with success; the last name stays.
    renames = Counter(r["squad"] for r in by_kind["rename"])
    last_name = {r["squad"]: r["name"] for r in sorted(by_kind["rename"], key=lambda r: r["at"])}
    free = {p["free_squad"]: p for p in players}
    now = {s.pk: s for s in Squad.objects.filter(pk__in=list(free))}
    expected = {pk: start[pk] + renames[pk] for pk in free}
    result("free squads' versions", "version = start + renames answered with success",
           len(free), sum(max(0, expected[pk] - now[pk].version) for pk in free),
           sum(max(0, now[pk].version - expected[pk]) for pk in free))  # fmt: skip
    result(
        "free squads' names",
        "the name is the last one a rename was answered for",
        len(last_name),
        sum(1 for pk, name in last_name.items() if now[pk].name != name),
    )

    # 6. Campaign squads: confirm applies the battle (campaigns.services._apply), whose
    #    roster_services.squads_touch raises the version of each side's squad by one; nothing
    #    else changes a campaign squad here. So version = start + its confirmed battles.
    fought: Counter[int] = Counter()
    told: Counter[int] = Counter()
    for key, battle in confirmed.items():
        for side in battle.sides.all():
            fought[side.entry.squad_id] += 1
            if key in confirms:
                told[side.entry.squad_id] += 1
    enrolled = [p["campaign_squad"] for p in players]
    versions = dict(Squad.objects.filter(pk__in=enrolled).values_list("pk", "version"))
    result("campaign squads' versions", "version = start + confirmed battles it fought in",
           len(enrolled),
           sum(max(0, start[pk] + fought[pk] - versions[pk]) for pk in enrolled),
           sum(max(0, versions[pk] - start[pk] - fought[pk]) for pk in enrolled))  # fmt: skip
    result("campaign squads' versions as told", "version >= start + battles confirmed (200) "
           "with it", len(enrolled),
           sum(max(0, start[pk] + told[pk] - versions[pk]) for pk in enrolled))  # fmt: skip

    moved_on = len(by_kind["confirm-moved-on"])
    return {"checks": results, "confirm_moved_on": moved_on,
            "battles": {"total": len(battles), "confirmed": len(confirmed),
                        "pending": len(pending)}}  # fmt: skip


def server_log_summary(log_path: Path, run_end: int) -> dict:
    """The statuses of the players' requests in gunicorn's access log (Locust's user agent:
    not the driver's health checks and reads), and the lines that say something broke: while
    the players played (before byte ``run_end`` of the log), and after (the checks, the
    shutdown)."""
    statuses: Counter[str] = Counter()
    trouble: dict[str, list[str]] = {"during": [], "after": []}
    access = re.compile(r'"[A-Z]+ \S+ HTTP/[\d.]+" (\d{3}) ')
    broke = re.compile(
        r'"level": ?"(ERROR|CRITICAL)"|Traceback|WORKER TIMEOUT|\[(ERROR|CRITICAL)\]'
    )
    text = log_path.read_bytes()
    for when, part in (("during", text[:run_end]), ("after", text[run_end:])):
        for line in part.decode(errors="replace").splitlines():
            match = access.search(line)
            if match:
                if "python-requests" in line:
                    statuses[match.group(1)] += 1
            elif broke.search(line):
                trouble[when].append(line[:3000])
    return {"statuses": dict(sorted(statuses.items())), "trouble": trouble}
