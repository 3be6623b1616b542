"""What a game's catalogue says (``games.catalogue``), for the OpenAPI schema of
``/api/systems/`` (``games.api``): serializers that describe the answer, never read a body."""

from __future__ import annotations

import dataclasses

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from rules.registry import DocumentLimits

KINDS = ["count", "member", "adjustments", "code", "flag", "text", "rolls"]


class CodeLabelSerializer(serializers.Serializer):
    code = serializers.CharField()
    label = serializers.CharField(help_text=_("In the request's language."))


class PriceSerializer(serializers.Serializer):
    """What the builder says a thing costs: its text and the numbers in it."""

    text = serializers.CharField(help_text=_("As the builder's pickers show it, translated."))
    values = serializers.DictField(child=serializers.IntegerField())


class RecordFieldSerializer(serializers.Serializer):
    """One key of a record (a model's, a unit's, a deed or a battle report's): its kind says
    its JSON type and what it may hold."""

    key = serializers.CharField(help_text=_("The key in the document."))
    label = serializers.CharField()
    help = serializers.CharField(allow_blank=True)
    kind = serializers.ChoiceField(
        choices=KINDS,
        help_text=_(
            "count: a whole number from minimum to maximum; member: another model's name or "
            "null; adjustments: an object of whole numbers keyed by the choices; code: one of "
            "the choices or null; flag: true or false; text: free text; rolls: an object of "
            "dice keyed by model names."
        ),
    )
    default = serializers.JSONField(allow_null=True, help_text=_("Its value when left out."))
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    required = serializers.BooleanField()
    choices = CodeLabelSerializer(many=True)


class FactionItemsSerializer(serializers.Serializer):
    faction = serializers.CharField(allow_null=True, help_text=_("null: in any faction."))
    items = serializers.ListField(child=serializers.CharField())


class StartingAbilitiesSerializer(serializers.Serializer):
    count = serializers.IntegerField(
        allow_null=True, help_text=_("How many a new model has; null: the game says nothing.")
    )
    drawn = serializers.BooleanField(help_text=_("Drawn at random rather than chosen."))
    choices = serializers.ListField(child=serializers.CharField())


class CatalogueModelTypeSerializer(CodeLabelSerializer):
    cost = PriceSerializer(allow_null=True, help_text=_("null: the game prints no costs."))
    least = serializers.IntegerField(allow_null=True, help_text=_("The fewest a squad has."))
    most = serializers.IntegerField(allow_null=True, help_text=_("The most; null: any number."))
    items = FactionItemsSerializer(many=True, help_text=_("The items it may take, by faction."))
    starting_abilities = StartingAbilitiesSerializer()


class CatalogueItemSerializer(CodeLabelSerializer):
    cost = PriceSerializer(allow_null=True, help_text=_("null: the game prints no costs."))


class CatalogueAbilitySerializer(CodeLabelSerializer):
    effect = serializers.CharField(allow_blank=True)
    needs_detail = serializers.BooleanField(help_text=_("Its roster entry must carry a detail."))


class RangeSerializer(serializers.Serializer):
    least = serializers.IntegerField(help_text=_("The fewest."))
    most = serializers.IntegerField(allow_null=True, help_text=_("The most; null: any number."))


class CarrySerializer(serializers.Serializer):
    """What a model or a unit must (or may at most) hold."""

    items = serializers.ListField(
        child=serializers.CharField(), help_text=_("Item codes, counted together.")
    )
    least = serializers.IntegerField(help_text=_("The fewest of them it holds."))
    most = serializers.IntegerField(
        allow_null=True, help_text=_("The most of them it holds; null: any number.")
    )
    per = serializers.ChoiceField(
        choices=["model", "unit"],
        help_text=_(
            "model: counted on each model of a member entry; unit: over the whole unit, its "
            "models' equipment and its own together."
        ),
    )


class ShareSerializer(serializers.Serializer):
    """A faction's rule on the share of a squad's models that carry an item."""

    item = serializers.CharField()
    bound = serializers.ChoiceField(
        choices=["least", "most"],
        help_text=_("least: at least this share of the models carry it; most: at most."),
    )
    numerator = serializers.IntegerField()
    denominator = serializers.IntegerField()


class CatalogueFactionSerializer(CodeLabelSerializer):
    shares = ShareSerializer(many=True, help_text=_("Empty: the faction sets no share."))


class CatalogueUnitKindSerializer(CodeLabelSerializer):
    members = serializers.BooleanField(
        help_text=_("True: the unit lists its models; false: it carries its own equipment.")
    )
    keys = serializers.ListField(
        child=serializers.CharField(), help_text=_("The unit record's keys it may carry.")
    )
    required = serializers.ListField(
        child=serializers.CharField(), help_text=_("The keys it must carry.")
    )
    defaults = serializers.DictField(
        child=serializers.JSONField(allow_null=True),
        help_text=_("Each key's value when left out, for this kind."),
    )
    models = RangeSerializer(help_text=_("How many models a unit of this kind has."))
    items = serializers.ListField(
        child=serializers.CharField(), allow_null=True,
        help_text=_("The items a unit of this kind may hold; null: any."),
    )  # fmt: skip
    carries = CarrySerializer(
        many=True, help_text=_("What it must (or may at most) hold, beside which items.")
    )


class CatalogueUnitsSerializer(serializers.Serializer):
    kinds = CatalogueUnitKindSerializer(many=True)
    default_kind = serializers.CharField(
        allow_null=True, help_text=_("The kind of a unit that gives none; null: required.")
    )
    record = RecordFieldSerializer(many=True)


CatalogueLimitsSerializer = type(
    "CatalogueLimitsSerializer",
    (serializers.Serializer,),
    {
        "__doc__": "How much one roster may hold (limits of this service, not of the game).",
        **{f.name: serializers.IntegerField() for f in dataclasses.fields(DocumentLimits)},
    },
)


class CatalogueBattleSerializer(serializers.Serializer):
    """The game's words of a battle-report/1 document."""

    states = CodeLabelSerializer(many=True, help_text=_("A model's end-of-battle states."))
    outcomes = CodeLabelSerializer(many=True, help_text=_("A side's mission outcomes."))
    deeds = RecordFieldSerializer(many=True, help_text=_("The keys of a side's deeds."))
    casualty = RecordFieldSerializer(many=True, help_text=_("A casualty's own keys."))
    side = RecordFieldSerializer(many=True, help_text=_("A side's own keys."))


class HouseRuleKeySerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    default = serializers.JSONField(allow_null=True)


class HouseRuleTableSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    default = serializers.JSONField(allow_null=True)
    keys = HouseRuleKeySerializer(many=True, help_text=_("Empty for a table that is a list."))


class HouseRulesSerializer(serializers.Serializer):
    defaults = serializers.DictField(
        child=serializers.JSONField(allow_null=True),
        help_text=_("Every table at its default: a campaign's house_rules change these."),
    )
    tables = HouseRuleTableSerializer(many=True)


class PackCellSerializer(serializers.Serializer):
    """One cell of a pack table's rows, or one number of a table (game-pack/1)."""

    key = serializers.CharField(help_text=_("The key in the pack."))
    label = serializers.CharField()
    help = serializers.CharField(allow_blank=True)
    kind = serializers.ChoiceField(
        choices=["code", "whole", "text"],
        help_text=_(
            "code: one of the choices (or, when new is true, a code of the pack's own: "
            "lower-case letters, digits and hyphens); whole: a whole number from minimum to "
            "maximum; text: at most length characters."
        ),
    )
    required = serializers.BooleanField(help_text=_("False: it may be left out or null."))
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    length = serializers.IntegerField(allow_null=True)
    new = serializers.BooleanField(help_text=_("A code the game does not have is allowed."))
    choices = CodeLabelSerializer(many=True)


class PackRowsSerializer(serializers.Serializer):
    """A list of rows of a pack table."""

    cells = PackCellSerializer(many=True)
    unique = serializers.ListField(
        child=serializers.CharField(), help_text=_("The cells that name a row: no two alike.")
    )
    named = serializers.ListField(
        child=serializers.CharField(),
        help_text=_("The cells a row must give when its first cell is a code of the pack's own."),
    )
    ordered = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2),
        help_text=_("Pairs of cells [low, high]: a row giving both gives high no lower than low."),
    )
    most = serializers.IntegerField(help_text=_("The most rows."))


class PackPartSerializer(serializers.Serializer):
    """One part of a pack table that is an object: one number or a list of rows."""

    key = serializers.CharField()
    label = serializers.CharField()
    help = serializers.CharField(allow_blank=True)
    cell = PackCellSerializer(allow_null=True, help_text=_("A number; null: a list of rows."))
    rows = PackRowsSerializer(allow_null=True, help_text=_("A list of rows; null: a number."))


class PackTableSerializer(serializers.Serializer):
    """A table a pack of the game may hold (game-pack/1)."""

    id = serializers.CharField(help_text=_("Its key under the pack's tables."))
    label = serializers.CharField()
    help = serializers.CharField(allow_blank=True)
    rows = PackRowsSerializer(
        allow_null=True, help_text=_("The table is this list of rows; null: it is the parts.")
    )
    parts = PackPartSerializer(
        many=True, help_text=_("The table is an object of these parts, each optional.")
    )


class SystemSerializer(serializers.Serializer):
    """A game in the list."""

    code = serializers.CharField()
    name = serializers.CharField()
    lists = serializers.ChoiceField(
        choices=["members", "units"], help_text=_("What a roster lists: models or units.")
    )
    costed = serializers.BooleanField(help_text=_("False: the game prints no points."))
    default_points_limit = serializers.IntegerField(allow_null=True)
    campaigns = serializers.BooleanField(help_text=_("The game has campaign rules."))
    url = serializers.URLField(help_text=_("Its catalogue."))


class SystemCatalogueSerializer(SystemSerializer):
    """Everything a client needs to build a legal roster and a battle report for the game."""

    factions = CatalogueFactionSerializer(
        many=True, allow_null=True, help_text=_("null: the faction is free text.")
    )
    roster_size = RangeSerializer(
        help_text=_(
            "How many living models a squad has, or units a force has in a game of units; "
            "most null: only the limits."
        )
    )
    model_types = CatalogueModelTypeSerializer(
        many=True, help_text=_("Empty for a game of units (their models have no type).")
    )
    items = CatalogueItemSerializer(many=True)
    equipment_labels = serializers.BooleanField(
        help_text=_("An equipment line may carry the player's own label.")
    )
    abilities = CatalogueAbilitySerializer(many=True)
    ability_sources = serializers.ListField(child=serializers.CharField())
    random_abilities = serializers.ListField(
        child=serializers.CharField(), help_text=_("The random-ability table, roll 1 first.")
    )
    member_statuses = CodeLabelSerializer(many=True)
    member_record = RecordFieldSerializer(
        many=True, help_text=_("The game's own keys of a model (or of a unit's member).")
    )
    units = CatalogueUnitsSerializer(allow_null=True, help_text=_("null: a game of models."))
    limits = CatalogueLimitsSerializer()
    battle = CatalogueBattleSerializer()
    house_rules = HouseRulesSerializer(
        allow_null=True, help_text=_("null: the game has no campaign rules.")
    )
    pack_tables = PackTableSerializer(
        many=True, help_text=_("The tables a club's pack (game-pack/1) may hold for the game.")
    )
    reference_card = serializers.URLField(
        allow_null=True, help_text=_("Its quick-reference card (PDF); null: none.")
    )
