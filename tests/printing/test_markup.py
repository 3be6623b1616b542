"""The print engine reads our templates' HTML with ``printing.markup`` (#32 item 4): the tree
is the one WeasyPrint's own parser (tinyhtml5) builds, for every kind of PDF, and what
HTML5 would mend goes to WeasyPrint's parser."""

from __future__ import annotations

import datetime

import pytest
import tinyhtml5
from django.template.loader import render_to_string
from weasyprint import HTML

from campaigns import services
from printing import contexts, engine, markup
from printing.pairings import pairings_context
from rosters.demo import demo_rosters
from rules.documents import parse_roster
from tests.campaigns.test_round_pages import enrol_many
from tests.printing.conftest import hostile_document, pdf_text

DAY = datetime.date(2026, 1, 1)


def tree(element) -> tuple:
    return (
        element.tag,
        sorted(element.attrib.items()),
        element.text,
        element.tail,
        [tree(child) for child in element],
    )


def assert_read_alike(html: str) -> None:
    """``markup.parse`` reads ``html`` itself (no fallback), into tinyhtml5's tree."""
    assert tree(markup.parse(html)) == tree(tinyhtml5.parse(html, namespace_html_elements=False))


def sheet(roster, cards=False) -> str:
    return contexts.squad_sheet_html(
        roster, owner="<b>Owner</b>", version=1, cards=cards, today=DAY, notes="a\nb <i>"
    )


DEMOS = {roster.system: roster for roster in reversed(demo_rosters())}


@pytest.mark.parametrize("cards", [False, True], ids=["sheet", "cards"])
@pytest.mark.parametrize("system", sorted(DEMOS))
def test_each_games_sheet_and_cards_are_read_as_weasyprint_reads_them(system, cards):
    assert_read_alike(sheet(DEMOS[system], cards))


@pytest.mark.parametrize("cards", [False, True], ids=["sheet", "cards"])
def test_a_hostile_squad_is_read_as_weasyprint_reads_it(cards):
    assert_read_alike(sheet(parse_roster(hostile_document()), cards))


@pytest.mark.parametrize("system", sorted(contexts.reference_cards()))
def test_each_reference_card_is_read_as_weasyprint_reads_it(system):
    template = contexts.reference_cards()[system]
    assert_read_alike(render_to_string(template, contexts.reference_card_context(system)))


def test_the_campaign_report_is_read_as_weasyprint_reads_it():
    battle = {
        "number": 1, "date": DAY, "scenario": "<b>Ford</b>", "status": "voided",
        "sides": [{"squad": "A & B", "player": "p", "outcome": "win", "vp": 3}],
    }  # fmt: skip
    standing = {
        "rank": 1, "squad": "<script>", "player": "p", "vp": 3, "battles": 1, "wins": 1,
        "draws": 0, "losses": 0, "casualties": 0, "tallies": [],
    }  # fmt: skip
    context = contexts.campaign_report_context(
        campaign_name="C <i>", system_label="Black Sun", organiser="o", standings=[standing],
        battles=[battle], generated=DAY, casualties_label="Casualties", left_out=2,
        page_url="https://example.org/c/1",
    )  # fmt: skip
    assert_read_alike(render_to_string("print/campaign_report.html", context))


@pytest.mark.django_db
def test_the_pairings_sheet_is_read_as_weasyprint_reads_it(campaign, organiser, django_user_model):
    enrol_many(campaign, django_user_model, 3)
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=4)
    services.round_publish(round=round, by=organiser)
    context = pairings_context(campaign, round, paper="a4", generated=DAY)
    assert_read_alike(render_to_string("print/pairings_sheet.html", context))


WHOLE = (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>t</title>\n</head>\n'
    "<body>{}</body>\n</html>\n"
)


@pytest.mark.parametrize(
    "body",
    [
        "<table><tr><td>a</td></tr></table>",  # HTML5 adds the row group
        "<table><col><col>\n<tr><td>a</td></tr></table>",  # and the column group
        "<table><thead><tr><th>a</th></tr></thead>\n<tr><td>b</td></tr></table>",
        "<p>a &amp; b &middot; &lt;c&gt;<br>d</p>\n",
    ],
)
def test_what_html5_adds_to_a_table_is_added_alike(body):
    assert_read_alike(WHOLE.format(body))


@pytest.mark.parametrize(
    "body",
    [
        "<p><div>a block in a paragraph</div></p>",
        "<p>an end tag that closes nothing</p></span>",
        "<table>text in a table<tr><td>a</td></tr></table>",
        "<ul><p>a</p><li>b<li>c</ul>",
        "<!-- a comment --><p>a</p>",
        '<p class="a" class="b">a repeated attribute</p>',
        "<pre>\nthe newline HTML5 drops</pre>",
        "<p>a carriage return\r\n</p>",
    ],
)
def test_what_html5_would_mend_goes_to_weasyprints_parser(body):
    html = WHOLE.format(body)
    with pytest.raises(markup.Unsupported):
        markup.parse(html)

    document = markup.document(html, base_url=engine.BASE_URL, url_fetcher=engine.FETCHER)

    assert type(document) is HTML
    theirs = tinyhtml5.parse(html, namespace_html_elements=False)
    assert tree(document.etree_element) == tree(theirs)


def test_the_document_holds_what_weasyprints_own_holds():
    html = sheet(DEMOS["black-sun"])
    ours = markup.document(html, base_url=engine.BASE_URL, url_fetcher=engine.FETCHER)
    theirs = HTML(string=html, base_url=engine.BASE_URL, url_fetcher=engine.FETCHER)

    assert type(ours) is not HTML  # read by markup.parse
    assert sorted(vars(ours)) == sorted(vars(theirs))
    assert (ours.base_url, ours.media_type) == (theirs.base_url, theirs.media_type)
    ours_pdf = ours.write_pdf(stylesheets=engine.stylesheets()[1])
    theirs_pdf = theirs.write_pdf(stylesheets=engine.stylesheets()[1])
    assert pdf_text(ours_pdf) == pdf_text(theirs_pdf)
