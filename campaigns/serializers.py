"""What the campaigns API reads and writes, as DRF serializers.

The ``battle-report/1`` serializers *describe* the document for the OpenAPI schema; the API
reads reports with ``rules.documents.parse_battle_report``, the parser the services use, so
the two can never disagree. They describe what a campaign takes: every side names a
campaign squad by ``squad_id`` (the ``id`` of an entry's squad, not of the player's own).

The other serializers write campaigns, battles, standings and history as the campaign pages
show them; the views pass them rows from ``campaigns.selectors``, which fetch in a fixed
number of queries.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from api.schema import schema_prefix
from api.serializers import DocumentString, NameField, StrictSerializer
from campaigns.models import Battle, BattleSide, Campaign, Entry, HistoryEntry, Player
from campaigns.selectors import BATTLE_SORTS, STANDING_SORTS, describe
from printing.pdf import PAPER_SIZES
from rosters.serializers import (
    ViolationSerializer,
    record_serializer_field,
    roster_document_schema,
)
from rules import systems
from rules.documents import (
    BATTLE_FORMAT,
    MAX_COUNT,
    MAX_MEMBERS,
    MAX_NAME,
    MAX_POINTS_LIMIT,
    MAX_TEXT,
)
from rules.registry import GameSystem, RecordField
from rules.types import MEMBER_STATUSES


def _sorts(keys) -> list[str]:
    return [sort for key in keys for sort in (key, f"-{key}")]


# --- the battle-report/1 document, as a campaign takes it (docs/formats.md)-------------------


_REPORTS: dict[str, type[serializers.Serializer]] = {}


def battle_report_serializer(system: GameSystem) -> type[serializers.Serializer]:
    """The ``battle-report/1`` document of one game as a campaign takes it, for the schema:
    its states and outcomes, its deeds and its own keys (one class per game, made once)."""
    if system.code not in _REPORTS:
        _REPORTS[system.code] = _battle_report_serializer(system)
    return _REPORTS[system.code]


def _report_field(field: RecordField) -> serializers.Field:
    if field.kind == "rolls":
        return serializers.DictField(
            child=serializers.IntegerField(min_value=field.minimum, max_value=field.maximum),
            required=False, help_text=_(field.help or field.label),
        )  # fmt: skip
    return record_serializer_field(field, required=field.required)


def _battle_report_serializer(system: GameSystem) -> type[serializers.Serializer]:
    prefix = schema_prefix(system.code)
    if system.units is not None:  # a game played with units: a casualty names a unit
        named = {"unit": DocumentString(
            max_length=MAX_NAME, help_text=_("A unit of the side's force, listed once."),
        )}  # fmt: skip
    else:
        named = {
            "member": DocumentString(
                max_length=MAX_NAME, help_text=_("A model of the side's squad that fought.")
            ),
            "state": serializers.ChoiceField(choices=list(system.states)),
        }
    own = {f.key: _report_field(f) for f in system.report.casualty}
    casualty = type(f"{prefix}CasualtyDocumentSerializer", (StrictSerializer,), {**named, **own})
    deeds = type(f"{prefix}DeedsDocumentSerializer", (StrictSerializer,), {
        "__doc__": "What one model did in the battle: a count per deed of the game.",
        "member": DocumentString(max_length=MAX_NAME),
        **{
            d.key: serializers.IntegerField(
                min_value=0, max_value=d.maximum or MAX_COUNT, required=False,
                help_text=_(d.help or d.label),
            )
            for d in system.deeds
        },
    })  # fmt: skip
    side = type(f"{prefix}SideDocumentSerializer", (StrictSerializer,), {
        "squad_id": serializers.IntegerField(
            min_value=1, max_value=2**62,
            help_text=_(
                "The id of the campaign squad (an entry's squad_id), not of the player's own "
                "squad."
            ),
        ),
        "outcome": serializers.ChoiceField(choices=list(system.outcomes)),
        "casualties": serializers.ListField(
            child=casualty(), required=False, max_length=MAX_MEMBERS,
            help_text=_("A unit not listed lost nothing.") if system.units is not None
            else _("A model that fought and is not listed ended the battle unhurt."),
        ),
        **({"deeds": serializers.ListField(
            child=deeds(), required=False, max_length=MAX_MEMBERS
        )} if system.deeds else {}),
        **{f.key: _report_field(f) for f in system.report.side},
    })  # fmt: skip
    return type(f"{prefix}BattleReportDocumentSerializer", (StrictSerializer,), {
        "__doc__": f"A {system.name} battle as a battle-report/1 document (docs/formats.md).",
        "format": serializers.ChoiceField(choices=[BATTLE_FORMAT]),
        "system": serializers.ChoiceField(choices=[system.code]),
        "scenario": DocumentString(max_length=MAX_TEXT, blank=True, required=False),
        "played_on": serializers.DateField(required=False, allow_null=True),
        "sides": serializers.ListField(child=side(), min_length=2, max_length=20),
    })  # fmt: skip


def battle_report_schema() -> PolymorphicProxySerializer:
    """Every campaign game's report, told apart by ``system``."""
    return PolymorphicProxySerializer(
        component_name="BattleReportDocument",
        serializers={
            s.code: battle_report_serializer(s) for s in systems() if s.campaign is not None
        },
        resource_type_field_name="system",
    )


def _report_example() -> dict[str, Any]:
    """A report of the first game with campaign rules, built from its codes."""
    game = next(s for s in systems() if s.campaign is not None)
    first = {
        "squad_id": 12,
        "outcome": game.outcomes[0],
        "casualties": [{"member": "Ling", "state": game.states[-1]}],
    }
    if game.deeds:
        first["deeds"] = [{"member": "Mint", game.deeds[0].key: 2}]
    return {
        "format": BATTLE_FORMAT,
        "system": game.code,
        "scenario": "Patrol at the river",
        "played_on": "2026-11-20",
        "sides": [first, {"squad_id": 13, "outcome": game.outcomes[-1], "casualties": []}],
    }


BATTLE_REPORT_EXAMPLE = _report_example()


# --- input ----------------------------------------------------------------------------------


class JoinSerializer(StrictSerializer):
    code = serializers.CharField(
        max_length=20, help_text=_("The invitation code the organiser gave you.")
    )


class EnrolSerializer(StrictSerializer):
    squad_id = serializers.IntegerField(
        min_value=1, max_value=2**62,
        help_text=_(
            "One of your own squads, not a campaign squad: the campaign plays a copy of it."
        ),
    )  # fmt: skip


class StandingsQuerySerializer(serializers.Serializer):
    sort = serializers.ChoiceField(
        choices=_sorts(STANDING_SORTS), default="rank",
        help_text=_("As the web page sorts: a column, '-' in front for the reverse order."),
    )  # fmt: skip


class BattlesQuerySerializer(serializers.Serializer):
    sort = serializers.ChoiceField(
        choices=_sorts(BATTLE_SORTS), default="-number",
        help_text=_("As the web page's battle log sorts; the newest battle first by default."),
    )  # fmt: skip


class ReportOptionsSerializer(serializers.Serializer):
    paper = serializers.ChoiceField(choices=sorted(PAPER_SIZES), default="a4")


def _campaign_games() -> list[str]:
    return [s.code for s in systems() if s.campaign is not None]


MAX_DESCRIPTION = Campaign._meta.get_field("description").max_length


MAX_CAMPAIGN_NAME = Campaign._meta.get_field("name").max_length


class CampaignSettingsFields(StrictSerializer):
    """The settings the campaign pages' forms set, as the settings page words them."""

    description = serializers.CharField(
        max_length=MAX_DESCRIPTION, required=False, allow_blank=True, trim_whitespace=False
    )
    points_limit = serializers.IntegerField(
        min_value=1, max_value=MAX_POINTS_LIMIT, required=False, allow_null=True,
        help_text=_(
            "Applies to every campaign squad at once; null: none, for a game whose rules "
            "print no points."
        ),
    )  # fmt: skip
    is_public = serializers.BooleanField(required=False, help_text=_("Anyone can read it."))
    apply_at_once = serializers.BooleanField(
        required=False,
        help_text=_("Off: a report waits until the organiser or an opponent confirms it."),
    )
    require_valid_squads = serializers.BooleanField(
        required=False,
        help_text=_("Off: a squad that breaks the rules is enrolled with a warning."),
    )


class CampaignCreateSerializer(CampaignSettingsFields):
    """A new campaign: you organise it and are its first player."""

    name = NameField(max_length=MAX_CAMPAIGN_NAME)
    system = serializers.ChoiceField(
        choices=_campaign_games(), required=False,
        help_text=_("A game with campaign rules; the first one by default."),
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = _campaign_games()  # as registered now
        self.fields["points_limit"].help_text = _(
            "Defaults to the game's usual limit (none for a game without points)."
        )


class CampaignChangeSerializer(CampaignSettingsFields):
    """The campaign's settings and house rules; a key left out keeps its value."""

    name = NameField(max_length=MAX_CAMPAIGN_NAME, required=False)
    house_rules = serializers.DictField(
        child=serializers.JSONField(allow_null=True), required=False,
        help_text=_(
            "The game's campaign tables (GET /api/systems/{code}/ lists them with their "
            "defaults); replaces the campaign's. A table that is an object may give only "
            "some of its keys: the others keep their default; null or the default itself "
            "brings a table back to its default. Checked by the game's rules: an error names "
            "its path, e.g. house_rules.<table>.<key>."
        ),
    )  # fmt: skip


# --- campaigns ------------------------------------------------------------------------------


class CampaignSerializer(serializers.ModelSerializer):
    """A campaign in a list: who organises it and its main settings."""

    organiser = serializers.CharField(source="organiser.get_username", read_only=True)

    class Meta:
        model = Campaign
        fields = ["id", "name", "system", "organiser", "points_limit", "is_public", "created"]
        read_only_fields = fields


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.get_username")
    joined = serializers.DateTimeField()


class PlayerSquadSerializer(serializers.Serializer):
    squad_id = serializers.IntegerField(help_text=_("The campaign squad."))
    name = serializers.CharField()


class ManagedPlayerSerializer(serializers.ModelSerializer):
    """A player as the organiser manages them: the id to remove them by, and their squads
    still in the campaign."""

    # ``context["squads"]``: user id -> the player's squads not withdrawn, as dicts;
    # ``context["organiser_id"]``.

    username = serializers.CharField(source="user.get_username")
    is_organiser = serializers.SerializerMethodField()
    squads = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ["id", "username", "joined", "is_organiser", "squads"]
        read_only_fields = fields

    def get_is_organiser(self, player: Player) -> bool:
        return player.user_id == self.context["organiser_id"]

    @extend_schema_field(PlayerSquadSerializer(many=True))
    def get_squads(self, player: Player) -> list[dict[str, Any]]:
        return self.context["squads"].get(player.user_id, [])


class RemovedSerializer(serializers.Serializer):
    """A player removed: their squads are withdrawn, their battles still count."""

    username = serializers.CharField()
    withdrawn = serializers.ListField(
        child=serializers.CharField(), help_text=_("The names of the squads withdrawn.")
    )
    pending = serializers.IntegerField(
        help_text=_("Reports naming them that still wait for your decision.")
    )


class EntrySerializer(serializers.ModelSerializer):
    """A squad enrolled in the campaign: the campaign's own copy, which battles change."""

    squad_id = serializers.IntegerField(
        help_text=_(
            "The campaign squad: name it in battle reports; its owner reads it at "
            "/api/squads/{squad_id}/."
        )
    )
    squad = serializers.CharField(source="squad.name", help_text=_("The squad's name."))
    faction = serializers.CharField(source="squad.faction")
    player = serializers.CharField(source="player.get_username")

    class Meta:
        model = Entry
        fields = ["id", "squad_id", "squad", "faction", "player", "enrolled"]
        read_only_fields = fields


class AftermathSerializer(StrictSerializer):
    """What happened to a model after a battle that asks for it, as the battle page records
    it: its status and the keys of its record the game lets a player set then."""

    status = serializers.ChoiceField(
        choices=list(MEMBER_STATUSES), required=False, help_text=_("Left out: kept.")
    )
    record = serializers.DictField(
        child=serializers.JSONField(allow_null=True), required=False,
        help_text=_(
            "Keys of the game's member record (GET /api/systems/{code}/, member_record) "
            "that the game records after a battle; checked as the builder checks them."
        ),
    )  # fmt: skip


class EnrolledSerializer(EntrySerializer):
    """A squad just enrolled, with the rules its campaign copy breaks: enrolled all the same
    (unless the campaign requires valid squads), it cannot report a battle until fixed."""

    valid = serializers.SerializerMethodField(help_text=_("The copy breaks no rule."))
    violations = serializers.SerializerMethodField(
        help_text=_("The rules the copy breaks, each naming its model (null: the squad).")
    )

    class Meta(EntrySerializer.Meta):
        fields = [*EntrySerializer.Meta.fields, "valid", "violations"]
        read_only_fields = fields

    def get_valid(self, entry: Entry) -> bool:
        return not self.context["violations"]

    @extend_schema_field(ViolationSerializer(many=True))
    def get_violations(self, entry: Entry) -> list[dict[str, Any]]:
        return ViolationSerializer(self.context["violations"], many=True).data


class CampaignDetailSerializer(CampaignSerializer):
    """A campaign with its settings, players and squads."""

    # The view passes players, entries, is_player and is_organiser in the context.

    house_rules = serializers.JSONField(
        read_only=True,
        help_text=_("The organiser's changes to the game's campaign tables; {}: the defaults."),
    )
    players = serializers.SerializerMethodField()
    entries = serializers.SerializerMethodField()
    is_organiser = serializers.SerializerMethodField(help_text=_("You organise it."))
    is_player = serializers.SerializerMethodField(help_text=_("You play in it."))
    invite_code = serializers.SerializerMethodField(
        help_text=_("For the organiser only: the code that lets others join.")
    )

    class Meta(CampaignSerializer.Meta):
        fields = [
            *CampaignSerializer.Meta.fields, "description", "apply_at_once",
            "require_valid_squads", "house_rules",
            "battles_numbered", "battles_applied", "is_organiser", "is_player", "invite_code",
            "players", "entries",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(PlayerSerializer(many=True))
    def get_players(self, campaign: Campaign) -> list[dict[str, Any]]:
        return PlayerSerializer(self.context["players"], many=True).data

    @extend_schema_field(EntrySerializer(many=True))
    def get_entries(self, campaign: Campaign) -> list[dict[str, Any]]:
        return EntrySerializer(self.context["entries"], many=True).data

    def get_is_organiser(self, campaign: Campaign) -> bool:
        return self.context["is_organiser"]

    def get_is_player(self, campaign: Campaign) -> bool:
        return self.context["is_player"]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_invite_code(self, campaign: Campaign) -> str | None:
        return campaign.invite_code if self.context["is_organiser"] else None


# --- battles --------------------------------------------------------------------------------


class BattleSideSerializer(serializers.ModelSerializer):
    """A side of a battle; the VP and the placing come when the battle is applied."""

    squad_id = serializers.IntegerField(source="entry.squad_id")
    squad = serializers.CharField(source="entry.squad.name")
    player = serializers.CharField(source="entry.player.get_username")
    vp = serializers.IntegerField(
        source="total_vp", allow_null=True, help_text=_("Mission VP minus the VP lost.")
    )
    placing = serializers.SerializerMethodField()

    class Meta:
        model = BattleSide
        fields = [
            "squad_id", "squad", "player", "outcome", "mission_vp", "casualty_vp", "vp",
            "placing", "casualties",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(
        serializers.ChoiceField(choices=BattleSide.Placing.values, allow_null=True)
    )
    def get_placing(self, side: BattleSide) -> str | None:
        return side.placing or None


class BattleStatusField(serializers.ChoiceField):
    """A battle's status, documented as the ``BattleStatusEnum`` component."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=Battle.Status.choices, read_only=True, **kwargs)


class BattleStatusFieldExtension(OpenApiSerializerFieldExtension):
    """Its own enum component: drf-spectacular would otherwise name every enum of a field
    called ``status`` after the field and warn that the squads' member status collides."""

    target_class = BattleStatusField

    def map_serializer_field(self, auto_schema, direction):
        component = ResolvedComponent(
            name="BattleStatusEnum",
            type=ResolvedComponent.SCHEMA,
            object="BattleStatusEnum",
            schema={
                "type": "string",
                "enum": Battle.Status.values,
                "description": _(
                    "pending: waiting for confirmation; confirmed: applied; rejected; voided: "
                    "applied, then undone."
                ),
            },
        )
        auto_schema.registry.register_on_missing(component)
        return component.ref


class EntryBattleSerializer(serializers.Serializer):
    """A battle the squad fought (a rejected report left out)."""

    number = serializers.IntegerField(source="battle.number")
    status = BattleStatusField(source="battle.status")
    outcome = serializers.CharField()
    vp = serializers.IntegerField(source="total_vp", allow_null=True)
    placing = serializers.SerializerMethodField()

    @extend_schema_field(
        serializers.ChoiceField(choices=BattleSide.Placing.values, allow_null=True)
    )
    def get_placing(self, side: BattleSide) -> str | None:
        return side.placing or None


class CampaignSquadSerializer(EnrolledSerializer):
    """A campaign squad as the campaign's readers see it: its models as a squad-roster/1
    document, the rules it breaks in the campaign, and its battles."""

    # ``context``: roster (the document), points, violations, battles (BattleSide rows)

    withdrawn = serializers.DateTimeField(
        allow_null=True, help_text=_("Set when its player was removed: it fights no more.")
    )
    points = serializers.SerializerMethodField(
        help_text=_("Its points in the campaign (a house-rule points table where there is "
                    "one); null: not costed.")
    )  # fmt: skip
    limit = serializers.IntegerField(source="squad.points_limit", allow_null=True)
    valid = serializers.SerializerMethodField(help_text=_("It breaks no rule."))
    roster = serializers.SerializerMethodField()
    battles = serializers.SerializerMethodField()

    class Meta(EnrolledSerializer.Meta):
        fields = [*EntrySerializer.Meta.fields, "withdrawn", "points", "limit", "valid",
                  "violations", "roster", "battles"]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_points(self, entry: Entry) -> int | None:
        return self.context["points"]

    @extend_schema_field(roster_document_schema())
    def get_roster(self, entry: Entry) -> dict[str, Any]:
        return self.context["roster"]

    @extend_schema_field(EntryBattleSerializer(many=True))
    def get_battles(self, entry: Entry) -> list[dict[str, Any]]:
        return EntryBattleSerializer(self.context["battles"], many=True).data


def _username(user) -> str | None:
    return user.get_username() if user is not None else None


class BattleSerializer(serializers.ModelSerializer):
    """A battle in the log, with its sides."""

    status = BattleStatusField()
    submitted_by = serializers.SerializerMethodField()
    decided_by = serializers.SerializerMethodField()
    sides = BattleSideSerializer(many=True)

    class Meta:
        model = Battle
        fields = [
            "number", "status", "scenario", "played_on", "submitted_by", "submitted_at",
            "decided_by", "decided_at", "voided_at", "sides",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(serializers.CharField())
    def get_submitted_by(self, battle: Battle) -> str:
        return battle.submitted_by.get_username()

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_decided_by(self, battle: Battle) -> str | None:
        return _username(battle.decided_by)


class WaitingBattleSerializer(BattleSerializer):
    """A report waiting for your decision, with the campaign it belongs to."""

    campaign_id = serializers.IntegerField()
    campaign = serializers.CharField(source="campaign.name", help_text=_("Its name."))

    class Meta(BattleSerializer.Meta):
        fields = ["campaign_id", "campaign", *BattleSerializer.Meta.fields]
        read_only_fields = fields


class HistorySerializer(serializers.ModelSerializer):
    """One change a battle made to a squad or a model."""

    # ``context["system"]``: the campaign's game, for the words of ``text``.

    squad_id = serializers.IntegerField(source="entry.squad_id")
    member_id = serializers.IntegerField(allow_null=True)
    member = serializers.SerializerMethodField(help_text=_("The model; null for the squad."))
    field = serializers.SerializerMethodField(
        help_text=_(
            "What changed: status, abilities or a key of the game's member record; null "
            "for a record only."
        )
    )
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    text = serializers.SerializerMethodField(help_text=_("As the campaign pages word it."))

    class Meta:
        model = HistoryEntry
        fields = ["seq", "squad_id", "member_id", "member", "kind", "field", "before", "after",
                  "roll", "text"]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_member(self, entry: HistoryEntry) -> str | None:
        return entry.member.name if entry.member is not None else None

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_field(self, entry: HistoryEntry) -> str | None:
        return entry.field or None

    def get_text(self, entry: HistoryEntry) -> str:
        return describe(entry, self.context["system"])


class BattleDetailSerializer(BattleSerializer):
    """A battle with its report as sent and every change it made, in order."""

    # The battle comes from campaigns.selectors.battle_detail (history prefetched).

    voided_by = serializers.SerializerMethodField()
    report = serializers.SerializerMethodField()
    history = serializers.SerializerMethodField()

    class Meta(BattleSerializer.Meta):
        fields = [*BattleSerializer.Meta.fields, "voided_by", "report", "history"]
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_voided_by(self, battle: Battle) -> str | None:
        return _username(battle.voided_by)

    @extend_schema_field(battle_report_schema())
    def get_report(self, battle: Battle) -> Any:
        return battle.report

    @extend_schema_field(HistorySerializer(many=True))
    def get_history(self, battle: Battle) -> list[dict[str, Any]]:
        return HistorySerializer(battle.history.all(), many=True, context=self.context).data


# --- standings and characters ---------------------------------------------------------------


class StandingSerializer(serializers.Serializer):
    """A squad's totals over the campaign's confirmed battles."""

    rank = serializers.IntegerField(help_text=_("Squads equal on VP and wins share a rank."))
    squad_id = serializers.IntegerField(source="entry.squad_id")
    squad = serializers.CharField()
    player = serializers.CharField()
    vp = serializers.IntegerField()
    battles = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    casualties = serializers.IntegerField()
    tallies = serializers.DictField(
        child=serializers.IntegerField(),
        help_text=_("The game's own columns of the standings, by key (none for some games)."),
    )


class TimelineSerializer(HistorySerializer):
    battle = serializers.IntegerField(source="battle.number")
    battle_status = BattleStatusField(
        source="battle.status", help_text=_("A voided battle's changes were undone.")
    )

    class Meta(HistorySerializer.Meta):
        fields = ["battle", "battle_status", "seq", "kind", "field", "before", "after", "roll",
                  "text"]  # fmt: skip
        read_only_fields = fields


class CharacterSerializer(serializers.Serializer):
    """A model of a campaign squad and its history, battle by battle."""

    # ``context["system"]`` and ``context["timeline"]``

    id = serializers.IntegerField()
    name = serializers.CharField()
    type = serializers.CharField()
    status = serializers.CharField()
    record = serializers.JSONField(
        help_text=_("The game's own values of the model (its member record), every key.")
    )
    squad_id = serializers.IntegerField()
    squad = serializers.CharField(source="squad.name")
    player = serializers.CharField(source="squad.owner.get_username")
    timeline = serializers.SerializerMethodField()

    @extend_schema_field(TimelineSerializer(many=True))
    def get_timeline(self, member) -> list[dict[str, Any]]:
        return TimelineSerializer(self.context["timeline"], many=True, context=self.context).data
