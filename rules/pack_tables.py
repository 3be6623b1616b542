"""What a game's packs may hold (``game-pack/1``, ``docs/formats.md``): the shapes of their
tables, declared by each game in its ``GameSystem.packs`` (``PackRules``), and the read pack.

A pack is a club's numbers for one game (points, weapon cells the seed leaves "—",
scenarios), kept as data: the product invents none. A game declares each table a pack may
hold as a ``PackTable``: an object of parts (``parts``: one number each, a ``Cell``, or a
list of rows, ``Rows``), or a list of rows itself (``rows``); every cell says its kind
(``"code"``, ``"whole"``, ``"text"``), its bounds and, for a code, the game's codes it may
name. ``rules.packs`` reads a document against these shapes; ``games.catalogue`` publishes
them. No game is named here: the tables every game shares (scenarios) are built here from
nothing a game owns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.i18n import gettext_noop as _
from rules.types import Roster, Violation

PACK_FORMAT = "game-pack/1"
COST_MAX = 9999  # the most a points table charges for one thing (as a campaign's house rules)
VP_MIN, VP_MAX = -99, 99  # a victory-point cell (as a campaign's house rules)
INCHES_MAX = 240  # the longest range a weapon cell holds
MAX_ROWS = 300  # rows of one list of a table
MAX_PACK_BYTES = 256 * 1024  # a pack document's JSON text
CODE_LENGTH = 40  # a code of the pack's own (a new weapon, a scenario)
NOTE_LENGTH = 500  # a pack's note, a scenario's description

POINTS, WEAPONS, SCENARIOS = "points", "weapons", "scenarios"  # the tables' ids


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a row, or one number of a table (``PackTable.parts``).

    - ``kind``: ``"code"`` (one of ``choices``, the game's codes; with ``new``, also a code of
      the pack's own: lower-case letters, digits and hyphens), ``"whole"`` (a whole number
      from ``minimum`` to ``maximum``) or ``"text"`` (at most ``length`` characters);
    - ``required``: False when it may be left out or ``null`` ("not given");
    - ``labels``: the English words of ``choices`` (marked for translation), for pickers.
    """

    key: str
    label: str  # English, marked for translation
    kind: str  # "code" | "whole" | "text"
    required: bool = True
    choices: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    new: bool = False
    minimum: int = 0
    maximum: int = COST_MAX
    length: int = 200
    help: str = ""  # English, marked for translation


@dataclass(frozen=True, slots=True)
class Rows:
    """A list of rows, each an object of ``cells``: ``unique``, the cells that name a row (no
    two rows alike); ``named``, the cells a row must give when its first cell is a code of
    the pack's own (a new weapon's name); at most ``most`` rows."""

    key: str  # the part's key, "" when the table itself is the list
    label: str  # English, marked for translation
    cells: tuple[Cell, ...]
    unique: tuple[str, ...]
    named: tuple[str, ...] = ()
    most: int = MAX_ROWS
    help: str = ""
    # Pairs of whole cells (low, high) where a row giving both may not give high below low
    # (an army list's minimum and maximum).
    ordered: tuple[tuple[str, str], ...] = ()
    # How a campaign's house-rule table holds the list (``nested_from_rows``): "nested", an
    # object keyed by the ``unique`` cells in order, its leaves the last cell ({kind:
    # {quality: cost}}); "list", a list of objects with every cell (null when not given);
    # "values", a list of the one cell's values.
    shape: str = "nested"


@dataclass(frozen=True)
class PackTable:
    """One table a game's packs may hold: an object of ``parts`` (each optional; a number left
    out is 0, a list left out is empty) or a list of ``rows``; ``read(checked)`` turns the
    checked JSON into what the game's rules read (a points table of its campaign), or None
    to keep the JSON (frozen)."""

    id: str
    label: str  # English, marked for translation
    help: str
    parts: tuple[Cell | Rows, ...] = ()
    rows: Rows | None = None
    read: Callable[[Any], Any] | None = None
    # True: the table is also the game's campaign house-rule table of the same id (a
    # campaign's rules are read from its pack: ``rules.packs.house_rules_from_pack``), less
    # the parts of ``house_skip``, which only a pack holds.
    house: bool = False
    house_skip: tuple[str, ...] = ()
    # The rule the table sets a roster (an army list's bounds): ``check(roster, read)`` with
    # the table as ``read`` gives it, the violations ``GameSystem.check`` adds.
    check: Callable[[Roster, Any], list[Violation]] | None = None
    # What spans rows, once every cell reads clean: (path inside the table, English template
    # marked for translation, its parameters) for each problem (a range that overlaps).
    check_rows: Callable[[Any], list[tuple[str, str, dict[str, Any]]]] | None = None

    def __post_init__(self) -> None:
        if bool(self.parts) == (self.rows is not None):
            raise ValueError("a pack table is either parts or rows")


@dataclass(frozen=True)
class PackRules:
    """What a game's packs may hold (``GameSystem.packs``): its ``tables``; ``points(roster,
    table)``, the roster's points under the pack's points table as ``read`` gives it, and
    ``violation(points, limit)``, the game's over-the-limit violation or None."""

    tables: tuple[PackTable, ...] = ()
    points: Callable[[Roster, Any], int] | None = None
    violation: Callable[[int, int | None], Violation | None] | None = None

    def table(self, table_id: str) -> PackTable | None:
        for table in self.tables:
            if table.id == table_id:
                return table
        return None

    @property
    def for_squads(self) -> bool:
        """Whether a squad built with one of the game's packs changes: its packs may hold a
        table that costs it (``points``) or prints on its sheet (``weapons``); a game whose
        packs hold campaign tables only offers no pack on a squad's form."""
        return self.points is not None or self.table(WEAPONS) is not None


@dataclass(frozen=True)
class Pack:
    """A pack as read (``rules.packs.parse_pack``): ``tables`` the checked JSON of each table
    it holds (read-only: objects as mappings, lists as tuples), ``read`` each as the game's
    rules read it; ``example`` and ``note`` as the document says (made-up values to replace)."""

    system: str
    name: str
    version: str
    tables: Mapping[str, Any]
    read: Mapping[str, Any]
    example: bool = False
    note: str = ""


def rows_from_nested(table: PackTable, data: Mapping[str, Any]) -> dict[str, Any]:
    """A table of parts from a campaign's house-rule table of the same parts, where a list's
    rows are nested objects keyed by its ``unique`` cells in order (``{kind: {quality:
    cost}}``) and a number is itself: what a pack holds of today's house rules. ``data`` is
    checked already (``parse_house_rules``); the result is checked by ``parse_pack``."""
    out: dict[str, Any] = {}
    for part in table.parts:
        if part.key not in data or data[part.key] is None:
            continue
        value = data[part.key]
        if isinstance(part, Cell):
            out[part.key] = value
            continue
        if part.shape == "list":
            out[part.key] = [{k: v for k, v in row.items() if v is not None} for row in value]
        elif part.shape == "values":
            out[part.key] = [{part.cells[0].key: v} for v in value]
        else:
            out[part.key] = _flatten(value, part.unique, part.cells[-1].key, {})
    return out


def _flatten(node: Any, keys: tuple[str, ...], value_key: str, row: dict[str, Any]) -> list:
    """The rows of a nested object keyed by ``keys`` in order, its leaves under ``value_key``."""
    if not keys:
        return [{**row, value_key: node}]
    return [
        found
        for code, inner in node.items()
        for found in _flatten(inner, keys[1:], value_key, {**row, keys[0]: code})
    ]


def nested_from_rows(
    parts: tuple[Cell | Rows, ...], checked: Mapping[str, Any], skip: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The other way: a checked table of ``parts`` as a campaign's house-rule table, each
    list of rows nested by its ``unique`` cells (``rows_from_nested`` gives it back)."""
    out: dict[str, Any] = {}
    for part in parts:
        if part.key not in checked or part.key in skip:
            continue
        if isinstance(part, Cell):
            out[part.key] = checked[part.key]
            continue
        if part.shape == "list":
            out[part.key] = [
                {c.key: row.get(c.key) for c in part.cells} for row in checked[part.key]
            ]
            continue
        if part.shape == "values":
            out[part.key] = [row[part.cells[0].key] for row in checked[part.key]]
            continue
        value_key = part.cells[-1].key
        tree: dict[str, Any] = {}
        for row in checked[part.key]:
            node = tree
            for key in part.unique[:-1]:
                node = node.setdefault(row[key], {})
            node[row[part.unique[-1]]] = row[value_key]
        out[part.key] = tree
    return out


def campaign_points_table(
    label: str,
    help: str,
    parts: tuple[Cell | Rows, ...],
    parse: Callable[[Any], Any],
    skip: tuple[str, ...] = (),
) -> PackTable:
    """A points table that holds what the game's campaign points table holds, as rows: read
    by the campaign's own reader (``parse_house_rules``), so that a pack costs a roster as a
    campaign with the same table does, and today's tables move into packs unchanged."""

    def read(checked: Mapping[str, Any]) -> Any:
        return parse({POINTS: nested_from_rows(parts, checked, skip)})

    return PackTable(POINTS, label, help, parts=parts, read=read, house=True, house_skip=skip)


def house_table(table_id: str, label: str, help: str, parts: tuple[Cell | Rows, ...]) -> PackTable:
    """A table a pack holds as the game's campaign house-rule table ``table_id`` holds it
    (its lists shaped as ``Rows.shape`` says): a campaign reads it from its pack."""
    return PackTable(table_id, label, help, parts=parts, house=True)


def label_of(labels: Mapping[str, str], table: str, key: str) -> str:
    """A house-rule key's words from the game's campaign ``labels`` (English, marked for
    translation there): ``house:<table>.<key>``, ``deed:<key>``, ``outcome:<key>``, else
    the key as people say it."""
    for name in (f"house:{table}.{key}", f"deed:{key}", f"outcome:{key}"):
        if labels.get(name):
            return labels[name]
    return key.replace("_", " ").replace("-", " ").capitalize()


def numbers_table(
    table_id: str,
    label: str,
    help: str,
    keys: Mapping[str, Any],
    labels: Mapping[str, str],
    minimum: int = VP_MIN,
    maximum: int = VP_MAX,
) -> PackTable:
    """A house-rule table of whole numbers under ``keys`` (a victory-point table): each
    optional, one left out keeping the game's default."""
    cells = tuple(
        Cell(key, label_of(labels, table_id, key), "whole", required=False,
             minimum=minimum, maximum=maximum)
        for key in keys
    )  # fmt: skip
    return house_table(table_id, label, help, cells)


def campaign_costing(points: Callable[[Roster, Any], int | None]) -> Callable[[Roster, Any], int]:
    """``PackRules.points`` of a table read as a campaign's house rules: the campaign's
    ``campaign_points`` of them (a pack with a points table always costs)."""

    def cost(roster: Roster, house_rules: Any) -> int:
        return points(roster, house_rules) or 0

    return cost


def rows_of(table: Any, part: str) -> tuple[Mapping[str, Any], ...]:
    """The rows of list ``part`` of a checked table (none when the pack leaves it out)."""
    return tuple(table.get(part, ()))


def costs_by(rows: tuple[Mapping[str, Any], ...], *keys: str) -> dict[Any, int]:
    """A points list as a mapping: the row's ``keys`` cells (one key: its value) -> cost."""
    if len(keys) == 1:
        return {row[keys[0]]: row["cost"] for row in rows}
    return {tuple(row[k] for k in keys): row["cost"] for row in rows}


def cost_rows(key: str, label: str, *codes: Cell, help: str = "") -> Rows:
    """A points list: a cost per code (or per combination of ``codes``)."""
    cost = Cell("cost", _("Cost"), "whole", maximum=COST_MAX)
    return Rows(key, label, (*codes, cost), unique=tuple(c.key for c in codes), help=help)


def code_cell(key: str, label: str, rows: Mapping[str, Any], *, new: bool = False) -> Cell:
    """A cell naming one of the game's codes (``rows``: code -> row with ``.label``)."""
    labels = {code: row.label for code, row in rows.items()}
    return Cell(key, label, "code", choices=tuple(rows), labels=labels, new=new)


def whole_cell(key: str, label: str, minimum: int, maximum: int, help: str = "") -> Cell:
    """An optional whole number (a weapon's cell a pack may leave "—")."""
    return Cell(key, label, "whole", required=False, minimum=minimum, maximum=maximum, help=help)


NAME_CELL = Cell(
    "name", _("Name"), "text", required=False, length=60,
    help=_("required for a code the game does not have"),
)  # fmt: skip
NOTES_CELL = Cell("notes", _("Notes"), "text", required=False, length=200)


def weapons_table(weapons: Mapping[str, Any], *cells: Cell, help: str) -> PackTable:
    """A weapon-profile table: a row per weapon of the game (its cells the seed leaves "—")
    or new to the pack (``name`` then required), with ``cells`` the game's own."""
    weapon = code_cell("weapon", _("Weapon"), weapons, new=True)
    rows = Rows(
        "", _("Weapon profiles"), (weapon, NAME_CELL, *cells, NOTES_CELL),
        unique=("weapon",), named=("name",),
    )  # fmt: skip
    return PackTable(WEAPONS, _("Weapon profiles"), help, rows=rows)


def vp_cell(key: str, label: str, required: bool = True) -> Cell:
    return Cell(key, label, "whole", required=required, minimum=VP_MIN, maximum=VP_MAX)


# Scenarios: the same shape in every game (nothing uses them yet; a campaign's battle
# reports and set-up will).
SCENARIOS_TABLE = PackTable(
    SCENARIOS,
    _("Scenarios"),
    _("A scenario's name, what it is about, and its victory points."),
    rows=Rows(
        "",
        _("Scenarios"),
        (
            Cell("scenario", _("Code"), "code", new=True),
            Cell("name", _("Name"), "text", length=60),
            Cell("description", _("Description"), "text", required=False, length=NOTE_LENGTH),
            vp_cell("win", _("VP for a win")),
            vp_cell("draw", _("VP for a draw")),
            vp_cell("loss", _("VP for a loss")),
            vp_cell("objective", _("VP per objective held"), required=False),
        ),
        unique=("scenario",),
    ),
)
