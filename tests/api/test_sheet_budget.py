"""The API's squad sheet, stopped at the render budget, answers a JSON error, not a PDF."""

from __future__ import annotations

import pytest

from tests.api.conftest import errors

pytestmark = pytest.mark.django_db


def test_a_render_past_the_budget_is_a_json_503(owner_api, squad, settings):
    settings.PDF_RENDER_BUDGET = 0.001  # seconds: every render takes longer

    response = owner_api.get(f"/api/squads/{squad.pk}/sheet/", {"cards": "true"})

    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    [error] = errors(response)
    assert error["code"] == "render-too-long"
    assert error["field"] is None
    assert "took more than 0.001 seconds to print, so it was stopped" in error["message"]
