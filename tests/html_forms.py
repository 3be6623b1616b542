"""What a browser would send for a form of a page left as it is shown: each field's value as
the page fills it in (an input's ``value``, a select's selected option, else its first), so a
test can post a form "untouched" but for the fields a player changes."""

from __future__ import annotations

from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self, action: str) -> None:
        super().__init__()
        self.action = action
        self.inside = False
        self.values: dict[str, str] = {}
        self.selects: dict[str, list[tuple[str, bool]]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("action") == self.action
        if not self.inside:
            return
        if tag == "input" and a.get("type") not in ("submit", "button", "checkbox", "radio"):
            self.values[a["name"]] = a.get("value", "")
        elif tag == "input" and "checked" in a:
            self.values[a["name"]] = a.get("value", "on")
        elif tag == "select":
            self._select = a["name"]
            self.selects[self._select] = []
        elif tag == "option" and self._select:
            self.selects[self._select].append((a.get("value", ""), "selected" in a))

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self._select = None


def shown_values(html: str, action: str) -> dict[str, str]:
    """The fields of the form posting to ``action``, as the page shows them (textareas
    aside)."""
    form = _Form(action)
    form.feed(html)
    values = dict(form.values)
    for name, options in form.selects.items():
        chosen = [value for value, selected in options if selected] or [options[0][0]]
        values[name] = chosen[0]
    values.pop("csrfmiddlewaretoken", None)
    return values


def options(html: str, action: str, name: str) -> list[str]:
    """The values of the options of select ``name`` in the form posting to ``action``."""
    form = _Form(action)
    form.feed(html)
    return [value for value, _ in form.selects.get(name, [])]


def house_table_post(client, campaign, table: str, data: dict):
    """The organiser edits one table of the campaign's house rules as the pages do: the
    campaign's own pack (``campaigns:house_rules``), then the table's form, posted with the
    version the page read (issue #30)."""
    from django.urls import reverse

    from rosters.models import Pack

    made = client.post(reverse("campaigns:house_rules", args=[campaign.pk]))
    pack = Pack.objects.get(pk=int(made["Location"].rstrip("/").rsplit("/", 1)[1]))
    url = reverse("packs:table", args=[pack.pk, table])
    return client.post(url, {"version": str(pack.version), **data})
