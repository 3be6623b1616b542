"""Every page has its API (issue #17, part 1): each URL a page of the site answers — squads,
campaigns, accounts, PDFs — maps to the API operations that do the same thing through the
same services, or is exempt for a reason written beside it. A new page URL that is in
neither list fails here, and so does an operation named here that the schema lacks.

URLs are known by their name (``namespace:name``), or by their route when they have none.
The admin site and the API itself are not pages of the product.
"""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db

NOT_PAGES = {"admin", "api"}  # namespaces: the site's admin, and the API itself

BUILDER_EDIT = {"squads_update"}  # the builder's edits: PUT the whole squad-roster/1 document

# page URL -> the operationIds (``/api/schema/``) that do what it does
API = {
    # squads
    "rosters:list": {"squads_list"},
    "rosters:create": {"squads_create"},
    "rosters:import": {"squads_import_create"},
    "rosters:builder": {"squads_retrieve", "squads_validate_retrieve"},
    "rosters:edit": {"squads_partial_update"},
    "rosters:delete": {"squads_destroy"},
    "rosters:duplicate": {"squads_duplicate_create"},
    "rosters:public": {"squads_partial_update"},  # is_public
    "rosters:export": {"squads_export_retrieve"},
    "rosters:text": {"squads_text_retrieve"},
    # the builder's one-step undo: a client keeps the document it read and PUTs it back,
    # with If-Match so that a change made since is not overwritten (409)
    "rosters:undo": BUILDER_EDIT,
    "squad_shared": {"shared_retrieve"},
    # the builder's edits of one model, line or unit: the API sends the whole document, read
    # by the same parser and checked by the same rules (a random draw: the catalogue gives
    # the table, GET /api/systems/{code}/)
    **dict.fromkeys(
        [
            "rosters:member_add",
            "rosters:member_update",
            "rosters:member_remove",
            "rosters:member_duplicate",
            "rosters:member_move",
            "rosters:equipment_add",
            "rosters:equipment_remove",
            "rosters:ability_add",
            "rosters:ability_draw",
            "rosters:ability_remove",
            "rosters:unit_add",
            "rosters:unit_update",
            "rosters:unit_remove",
            "rosters:unit_member_add",
            "rosters:unit_member_update",
            "rosters:unit_member_remove",
            "rosters:unit_equipment_add",
            "rosters:unit_equipment_remove",
            "rosters:unit_member_equipment_add",
            "rosters:unit_member_equipment_remove",
        ],
        BUILDER_EDIT,
    ),  # fmt: skip
    # packs (issue #30): a table edited on its page is the whole document PUT with If-Match
    "packs:list": {"packs_list"},
    "packs:create": {"packs_create", "systems_list"},
    "packs:import": {"packs_import_create"},
    "packs:detail": {"packs_retrieve", "packs_update", "systems_retrieve"},  # renamed: PUT
    "packs:table": {"packs_update", "systems_retrieve"},  # the table's shape: pack_tables
    "packs:export": {"packs_export_retrieve"},
    "packs:share": {"packs_share_create"},
    "packs:delete": {"packs_destroy"},
    "packs:shared": {"packs_shared_retrieve", "packs_shared_copy_create"},
    # campaigns
    "campaigns:list": {"campaigns_list"},
    "campaigns:create": {"campaigns_create", "systems_list"},
    "campaigns:join": {"campaigns_join_create"},
    "campaigns:join_link": {"campaigns_join_create"},
    "campaigns:waiting": {"campaigns_waiting_list", "campaigns_waiting_tables_list"},
    "campaigns:detail": {
        "campaigns_retrieve",
        "campaigns_standings_retrieve",
        "campaigns_battles_list",
    },  # fmt: skip
    "campaigns:settings": {"campaigns_partial_update", "systems_retrieve"},
    "campaigns:pack": {"campaigns_pack_retrieve", "campaigns_pack_update"},
    # the campaign's own pack (made from the pack it plays with): PATCH house_rules makes it
    "campaigns:house_rules": {"campaigns_partial_update", "campaigns_pack_retrieve"},
    "campaigns:invite_regenerate": {"campaigns_invite_code_create"},
    "campaigns:enrol": {"campaigns_enrol_create"},
    "campaigns:player_remove": {"campaigns_players_list", "campaigns_players_destroy"},
    "campaigns:battle_new": {"campaigns_battles_create", "systems_retrieve"},
    "campaigns:battle": {"campaigns_battles_retrieve"},
    "campaigns:battle_confirm": {"campaigns_battles_confirm_create"},
    "campaigns:battle_reject": {"campaigns_battles_reject_create"},
    "campaigns:battle_void": {"campaigns_battles_void_create"},
    "campaigns:battle_aftermath": {"campaigns_battles_aftermath_create"},
    "campaigns:after_battle": {
        "campaigns_battles_after_battle_retrieve",
        "campaigns_battles_after_battle_create",
    },
    "campaigns:entry": {"campaigns_squads_retrieve"},
    "campaigns:character": {"campaigns_characters_retrieve"},
    # rounds and pairings (issue #31)
    "campaigns:rounds": {"campaigns_rounds_list", "campaigns_rounds_create"},
    "campaigns:round": {"campaigns_rounds_retrieve"},
    "campaigns:round_publish": {"campaigns_rounds_publish_create"},
    "campaigns:round_swap": {"campaigns_rounds_swap_create"},
    "campaigns:round_withdraw": {"campaigns_rounds_withdraw_create"},
    "campaigns:round_close": {"campaigns_rounds_close_create"},
    "campaigns:round_challenge": {"campaigns_rounds_challenge_create"},
    "campaigns:challenge_accept": {"campaigns_rounds_accept_create"},
    "campaigns:challenge_refuse": {"campaigns_rounds_refuse_create"},
    "campaigns:round_crew": {"campaigns_rounds_crew_create", "campaigns_rounds_retrieve"},
    "campaigns:table_scenario": {"campaigns_rounds_scenario_create"},
    "campaigns:round_pairings_pdf": {"campaigns_rounds_pairings_retrieve"},
    "campaigns:crew_sheet_pdf": {"campaigns_rounds_crew_sheet_retrieve"},
    "campaigns:crew_cards_pdf": {"campaigns_rounds_crew_sheet_retrieve"},  # ?cards=true
    # the timeline page, and its Atom feed: the same events, newest first
    "campaigns:timeline": {"campaigns_timeline_list"},
    "campaigns:timeline_feed": {"campaigns_timeline_list"},
    "campaigns:timeline_feed_token": {"campaigns_timeline_list"},
    # PDFs
    "campaigns:report_pdf": {"campaigns_report_retrieve"},
    "campaigns:book_pdf": {"campaigns_book_retrieve"},
    "print:reference_card": {"systems_reference_retrieve"},
    "print:squad_sheet": {"squads_sheet_retrieve"},
    "print:squad_cards": {"squads_sheet_retrieve"},  # ?cards=true
    "print:shared_sheet": {"shared_sheet_retrieve"},
    "print:shared_cards": {"shared_sheet_retrieve"},  # ?cards=true
    # accounts
    "login": {"auth_token_create"},
    "logout": {"auth_token_destroy"},
    "api_token_create": {"auth_token_create"},  # the account page's token (issue #28, 16)
    "api_token_revoke": {"auth_token_destroy"},
    "notifications": {
        "account_notifications_retrieve",
        "account_notifications_update",
        "account_notifications_partial_update",
    },
}

# page URL -> why the API has no operation for it
EXEMPT = {
    "home": "the landing page: it only links to the others",
    "healthz": "the load balancer's probe, not a page of the product",
    "favicon.ico": "the browser's tab icon",
    "manifest": "the web app manifest: what a phone needs to install the site",
    "service_worker": "the browser's offline copy of the pages",
    "offline": "what the service worker shows for a PDF never downloaded on the device",
    "set_language": "the language menu: an API client sends Accept-Language",
    "signup": "accounts are made in the browser (sign-up limits per address); the API "
    "authenticates an account that exists",
    "profile": "the account's e-mail address and password: kept to the browser, where the "
    "password is typed again (it ends the account's API tokens)",
    **dict.fromkeys(
        ["password_change", "password_change_done"],
        "a password is changed in the browser, where the old one is typed; it ends the "
        "account's API tokens",
    ),
    **dict.fromkeys(
        [
            "password_reset",
            "password_reset_done",
            "password_reset_confirm",
            "password_reset_complete",
        ],
        "a reset goes through a mailed link that the browser opens",
    ),  # fmt: skip
}


def page_urls() -> set[str]:
    """Every URL of the site outside the admin and the API: its name, or its route."""
    found = set()

    def walk(patterns, namespace: str | None, route: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = pattern.namespace
                if inner in NOT_PAGES:
                    continue
                name = f"{namespace}:{inner}" if namespace and inner else inner or namespace
                walk(pattern.url_patterns, name, route + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                if pattern.name:
                    found.add(f"{namespace}:{pattern.name}" if namespace else pattern.name)
                else:
                    found.add(route + str(pattern.pattern))

    walk(get_resolver().url_patterns, None, "")
    return found


@pytest.fixture(scope="module")
def operation_ids() -> set[str]:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {op["operationId"] for item in schema["paths"].values() for op in item.values()}


def test_every_page_url_has_an_api_operation_or_a_reason():
    pages = page_urls()

    unlisted = pages - API.keys() - EXEMPT.keys()
    assert unlisted == set(), "a page URL with no API operation and no exemption"
    assert API.keys() & EXEMPT.keys() == set()


def test_the_lists_name_only_urls_that_exist():
    pages = page_urls()

    assert (API.keys() | EXEMPT.keys()) - pages == set()


def test_every_operation_named_is_in_the_schema(operation_ids):
    named = set().union(*API.values())

    assert named - operation_ids == set()


def test_every_exemption_says_why():
    assert all(len(reason) > 10 for reason in EXEMPT.values())


def test_the_walk_finds_the_pages_and_leaves_the_api_out():
    pages = page_urls()

    assert {"rosters:builder", "campaigns:settings", "print:squad_sheet", "login"} <= pages
    assert not any(page.startswith(("api:", "admin:")) for page in pages)
