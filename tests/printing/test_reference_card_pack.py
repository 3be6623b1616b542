"""A quick-reference card with a club's pack (#30 stage 3): the pack's weapon names, notes
and name are user text, escaped on the card; without a pack the card's context is today's."""

import json
from pathlib import Path

from django.template.loader import render_to_string

from printing.pdf import reference_card_context, reference_cards
from rules.packs import parse_pack

PACKS = Path(__file__).resolve().parents[2] / "docs" / "packs"
HOSTILE = '<script>alert("x")</script> 50% %(x)s'


def hostile_pack(system: str):
    document = json.loads((PACKS / f"{system}.json").read_text(encoding="utf-8"))
    document["name"] = HOSTILE
    for row in document["tables"]["weapons"]:
        if "name" in row:
            row["name"] = HOSTILE
            row["notes"] = HOSTILE
    return parse_pack(document)


def test_a_pack_s_text_is_escaped_on_every_card():
    for system in ("bolt-action", "necromunda", "one-page-modern"):
        context = reference_card_context(system, pack=hostile_pack(system))
        html = render_to_string(reference_cards()[system], context)

        assert "<script>" not in html
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; 50% %(x)s" in html
        assert 'class="from-pack"' in html and 'class="pack-mark"' in html


def test_without_a_pack_the_context_is_today_s():
    for system in reference_cards():
        context = reference_card_context(system)

        assert "from-pack" not in render_to_string(reference_cards()[system], context)


def test_a_black_sun_pack_changes_nothing_on_its_card():
    document = {"format": "game-pack/1", "system": "black-sun", "name": "x", "version": "1",
                "tables": {}}  # fmt: skip

    assert reference_card_context("black-sun", pack=parse_pack(document)) == (
        reference_card_context("black-sun")
    )
