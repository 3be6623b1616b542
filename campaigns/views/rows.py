"""The long tables of the campaign page and a round's page, their rows built here in one pass.

At club size (500 squads, 250 tables) the template engine's cost per row (each ``{{ }}``
resolved, localised and escaped, each ``{% url %}``, ``{% translate %}`` and
``{% csrf_token %}`` run again) was most of the pages' time. Here a row is one string
formatted: its links from one ``reverse`` a page, its words translated once a page. The
markup is what the templates' loops printed, byte for byte (the pages were compared before
and after; tests/campaigns/test_page_rows.py checks the escaping and each row's controls);
the templates say where each piece goes.

Every value from a user (a squad's name, a username, a crew, a scenario) goes through
``escape`` (what ``{{ }}`` does: ``django.utils.html.escape`` is ``html.escape``); a
sentence with a name in it reads as ``{% blocktranslate %}`` renders it, the name escaped and
the translation not. The numbers are printed as the template printed them (``%d``: no
thousands separator, ``USE_THOUSAND_SEPARATOR`` is off).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape  # django.utils.html.escape's own, without its lazy-string wrapper

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from campaigns.models import Pairing, Round, Seat
from campaigns.selectors import Standing

_STANDING = (
    '\n    <tr%s><td class="number">%d</td><td><a href="%s%d/">%s</a>%s</td>'
    '<td class="secondary">%s</td><td class="number">%d</td><td class="number">%d</td>'
    '<td class="number">%d</td><td class="number secondary">%d</td>'
    '<td class="number secondary">%d</td><td class="number secondary">%d</td>%s%s</tr>\n  '
)
_NUMBER_CELL = '<td class="number secondary">%d</td>'


def standing_rows(
    standings: Sequence[Standing], *, entry_prefix: str, show_byes: bool
) -> SafeString:
    """The standings table's rows (``campaign_detail.html``'s tbody), each squad linking to
    ``entry_prefix`` + its entry's pk. Only the names are text (escaped); the rest are
    numbers and this module's markup."""
    prefix = escape(entry_prefix)
    withdrawn = f' <span class="muted">({escape(_("withdrawn"))})</span>'
    return mark_safe("".join(  # noqa: S308 (the names escaped, the rest numbers)
        _STANDING % (
            ' class="withdrawn"' if row.entry.withdrawn else "",
            row.rank, prefix, row.entry.pk, escape(row.squad),
            withdrawn if row.entry.withdrawn else "",
            escape(row.player), row.vp, row.battles, row.wins, row.draws, row.losses,
            row.casualties, "".join(_NUMBER_CELL % n for n in row.tallies.values()),
            _NUMBER_CELL % row.byes if show_byes else "",
        )
        for row in standings
    ))  # fmt: skip


_PLAYER = (
    '\n  <li><span><strong>%s</strong>%s\n    <span class="muted">· %s</span></span>\n    %s</li>\n'
)
_REMOVE = (
    '\n    <form method="get" action="%s%d/remove/" hx-post="%s%d/remove/" hx-confirm="%s" '
    'class="inline"><button class="danger" aria-label="%s">%s</button></form>'
)


def player_rows(
    players: Iterable[tuple[int, int, str]],
    squads: dict[int, list[str]],
    *,
    organiser_id: int,
    remove_prefix: str,
) -> SafeString:
    """The organiser's list of players (``campaign_detail.html``'s ``ul.players``), from
    ``selectors.player_names``: each with their squads still in (``squads``, by user id) and,
    but for the organiser, the button that removes them (``remove_prefix`` + the player's pk
    + ``/remove/``)."""
    prefix = escape(remove_prefix)
    organiser = f' <span class="muted">({escape(_("organiser"))})</span>'
    no_squad = escape(_("no squad yet"))
    ask = _("Remove %(name)s from the campaign? Their squads are withdrawn; their battles stay.")
    label, remove = _("Remove %(name)s"), escape(_("Remove"))
    rows = []
    for pk, user_id, username in players:
        name = {"name": escape(username)}
        mine = user_id == organiser_id
        names = squads.get(user_id)
        rows.append(_PLAYER % (
            name["name"], organiser if mine else "",
            escape(", ".join(names)) if names else no_squad,
            "" if mine else _REMOVE % (prefix, pk, prefix, pk, ask % name, label % name, remove),
        ))  # fmt: skip
    return mark_safe("".join(rows))  # noqa: S308 (the names escaped, the rest markup)


_TABLE = (
    '\n    <tr id="table-%d"><td class="number">%d</td>\n      %s'
    '\n      <td class="scenario">%s</td>\n      <td>%s\n        %s</td></tr>\n  '
)
_SEAT = (
    '<td data-squad="%d"><a href="%s%d/">%s</a> <span class="muted">%s</span>\n        %s\n'
    "        %s%s</td>"
)
_SCENARIO = (
    '<form method="post" action="%s" hx-post="%s" hx-target="#round" hx-swap="outerHTML" '
    'class="inline">%s<input type="hidden" name="table" value="%d"><input name="scenario" '
    'maxlength="200" value="%s" aria-label="%s"%s> <button class="secondary">%s</button></form>'
)


def table_rows(
    tables: Sequence[tuple[Pairing, list[Seat]]],
    *,
    round: Round,
    user_id: int | None,
    can_set_scenario: bool,
    csrf_input: str,
    scenario_list: str = "",
    organiser: bool = False,
) -> SafeString:
    """A round's tables (``round.html``'s ``table.pairings`` tbody): each seat (its squad's
    id in ``data-squad``) with its squad and player, its crew and, for its player while the
    table has no battle, the link that chooses it, and for its player or the campaign's
    ``organiser`` the link that prints it (``printing.crew``) at any time; the scenario (a
    form for the organiser while the round is open); the table's battle, or the link that
    reports it for a player seated there once published, naming the round and the table.
    ``csrf_input`` is the page's ``{% csrf_token %}`` (the scenario forms post);
    ``scenario_list`` the id of the page's ``<datalist>`` of the pack's scenarios, if any."""
    pk, number = round.campaign_id, round.number
    entry_prefix = escape(reverse("campaigns:entry", args=[pk, 0]).removesuffix("0/"))
    battle_prefix = escape(reverse("campaigns:battle", args=[pk, 0]).removesuffix("0/"))
    crew_prefix = escape(reverse("campaigns:round_crew", args=[pk, number, 0]).removesuffix("0/"))
    scenario_url = escape(reverse("campaigns:table_scenario", args=[pk, number]))
    report_url = escape(reverse("campaigns:battle_new", args=[pk]))
    crew_word, choose = escape(_("Crew:")), escape(_("Choose the crew"))
    print_crew = escape(_("Print the crew sheet (PDF)"))
    scenario_of, save = _("Scenario of table %(n)s"), escape(_("Save"))
    battle_n, not_yet = _("Battle %(n)s"), escape(_("not reported yet"))
    report = escape(_("Report this battle"))
    rematch = escape(_("rematch: these two have met before"))
    open_round = round.status != Round.Status.CLOSED
    listed = f' list="{escape(scenario_list)}"' if scenario_list else ""
    published = round.status == Round.Status.PUBLISHED
    rows = []
    for table, seats in tables:
        battle = table.battle
        cells = []
        mine = False
        for seat in seats:
            entry = seat.entry
            chooses = entry.player_id == user_id and open_round and not battle
            mine = mine or entry.player_id == user_id
            crew = escape(", ".join(seat.crew or ()))
            cells.append(_SEAT % (
                entry.squad_id, entry_prefix, entry.pk, escape(entry.squad.name),
                escape(entry.player.get_username()),
                f'<br><span class="crew muted">{crew_word} {crew}</span>' if seat.crew else "",
                f'<br><a class="crew-link" href="{crew_prefix}{entry.pk}/">{choose}</a>'
                if chooses else "",
                f'<br><a class="crew-sheet" href="{crew_prefix}{entry.pk}/sheet.pdf">'
                f"{print_crew}</a>" if organiser or entry.player_id == user_id else "",
            ))  # fmt: skip
        if can_set_scenario:
            scenario = _SCENARIO % (
                scenario_url, scenario_url, csrf_input, table.table, escape(table.scenario),
                scenario_of % {"n": table.table}, listed, save,
            )  # fmt: skip
        else:
            scenario = escape(table.scenario or "—")
        if battle:
            outcome = (
                f'<a href="{battle_prefix}{battle.number}/">{battle_n % {"n": battle.number}}</a>'
                f" · {escape(battle.get_status_display())}"
            )
        else:
            outcome = f'<span class="muted">{not_yet}</span>'
            if published and mine:
                sides = "".join(f"side={seat.entry.pk}&amp;" for seat in seats)
                tied = f"round={number}&amp;table={table.table}"  # the report's table, named
                outcome += (
                    f' · <a class="report-link" href="{report_url}?{sides}{tied}">{report}</a>'
                )
        rows.append(_TABLE % (
            table.table, table.table, "".join(cells), scenario, outcome,
            f'<span class="rematch">{rematch}</span>' if table.forced_rematch else "",
        ))  # fmt: skip
    return mark_safe("".join(rows))  # noqa: S308 (the names escaped, the rest markup)
