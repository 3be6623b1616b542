"""Issue 14, part 2, in Chromium: what the builder does with a value the server refuses, and
with Enter in the add form. Both are about the browser: htmx used to drop a value the
field's own limits refuse (a points limit of -5) without sending it or saying a word, and
the add form came back with its first type (Boss) selected after every add.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rosters.models import Member, Squad
from tests.browser.steps import add_model, create_squad, member, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_negative_points_limit_says_why_at_the_field_until_it_is_fixed(
    page: Page, live_server
) -> None:
    sign_up(page, live_server.url, "pierce")
    create_squad(page, live_server.url, "Hill 937", "us-army")
    limit = page.locator("#squad-points-limit")
    limit.fill("-5")
    limit.press("Tab")
    error = page.locator("#squad-points-limit-error")
    expect(error).to_contain_text("The points limit is a whole number from 1")
    expect(page.locator("#squad-points-limit")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#squad-points-limit")).to_have_value("-5")
    assert Squad.objects.get().points_limit == 200

    page.locator("#squad-points-limit").fill("250")
    page.locator("#squad-points-limit").press("Tab")
    expect(page.locator("#summary .points strong")).to_have_text("0 / 250")
    expect(page.locator("#squad-points-limit-error")).to_have_count(0)


def test_cv_lost_out_of_range_says_why_at_the_field(page: Page, live_server) -> None:
    sign_up(page, live_server.url, "jackson")
    create_squad(page, live_server.url, "Hill 937", "us-army")
    add_model(page, "Mint", "boss")
    expect(page.locator("#add-name")).to_be_focused()  # the add form has settled
    cv_lost = member(page, "Mint").locator('input[name="cv_loss"]')
    cv_lost.fill("11")
    cv_lost.press("Tab")
    field = member(page, "Mint").locator('input[name="cv_loss"][aria-invalid="true"]')
    expect(field).to_have_value("11")
    expect(member(page, "Mint").locator(".field-error")).to_have_text("CV lost: at most 10.")
    assert Member.objects.get().record["cv_loss"] == 0


def test_enter_in_the_add_form_adds_another_of_the_type_just_added(page: Page, live_server) -> None:
    sign_up(page, live_server.url, "chavez")
    create_squad(page, live_server.url, "Hill 937", "us-army")
    add_model(page, "Mint", "boss")
    add_model(page, "Grunt 1", "grunt")
    name = page.locator("form.add-member input[name='name']")
    expect(name).to_have_value("Grunt 2")  # the next number, ready for Enter
    expect(name).to_be_focused()
    name.press("Enter")
    expect(member(page, "Grunt 2")).to_have_count(1)
    name = page.locator("form.add-member input[name='name']")
    name.fill("Hicks")
    name.press("Enter")
    expect(member(page, "Hicks")).to_have_count(1)
    types = dict(Member.objects.values_list("name", "type"))
    assert types == {"Mint": "boss", "Grunt 1": "grunt", "Grunt 2": "grunt", "Hicks": "grunt"}
