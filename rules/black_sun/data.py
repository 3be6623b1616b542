"""Black Sun game data: model types, equipment, weapons, armour, abilities and factions.

Encodes sections 2-6 of ``docs/games/black-sun.md`` (rulebook: "Composition de l'escouade",
"Table des équipements", "Les Armes", "Armure", "Les capacités", "Les Factions"). Every entry
carries its code from ``docs/formats.md``, an English label and a short effect in our own words.
Labels and effects are marked for translation; the web layer translates them for display.

To change a number, change it here: the functions in this package read only these tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.i18n import gettext_noop as _
from rules.registry import DocumentLimits, RecordField

# --- model types (1.1) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ModelType:
    code: str
    label: str
    min_count: int
    max_count: int | None  # None: any number
    cost: int
    cv: int
    ep: int
    starting_abilities: int
    chosen: bool  # True: picked from the advantages; False: drawn from the whole table
    key_character: bool
    may_wear_armour: bool = True
    heal_value: int | None = None
    specialist_value: int | None = None


def _index(*rows):
    return MappingProxyType({row.code: row for row in rows})


MODEL_TYPES: Mapping[str, ModelType] = _index(
    ModelType("boss", _("Boss"), 1, 1, 50, 5, 4, 2, chosen=True, key_character=True),
    ModelType("top", _("Top"), 0, 3, 25, 4, 3, 1, chosen=False, key_character=True),
    ModelType("veteran", _("Veteran"), 0, 2, 15, 4, 4, 1, chosen=False, key_character=False),
    ModelType("grunt", _("Grunt"), 0, None, 10, 3, 3, 0, chosen=False, key_character=False),
    ModelType(
        "recruit", _("Recruit"), 0, 3, 5, 2, 2, 0,
        chosen=False, key_character=False, may_wear_armour=False,
    ),
    ModelType(
        "doc", _("Doc"), 0, 1, 25, 2, 3, 1, chosen=False, key_character=True, heal_value=3
    ),
    ModelType(
        "specialist", _("Specialist"), 0, 1, 30, 2, 2, 2,
        chosen=True, key_character=True, specialist_value=3,
    ),
)  # fmt: skip

SQUAD_MIN_MODELS = 6
SQUAD_MAX_MODELS = 15
NAME = _("Black Sun")  # the game's name, translated where it is shown
DEFAULT_POINTS_LIMIT = 200

# What each model carries beside the common envelope (``RecordField``): the keys of the
# squad-roster/1 document, the fields of ``rules.types.Member`` and of the campaign history.
# The maxima are the document's: far above what a campaign gives (4.3, 4.5; a model dies
# long before it loses 10 CV), they keep an export importable.
MAX_RP = 10_000
MAX_CV_LOSS = 10
MEMBER_RECORD = (
    RecordField("rp", _("RP"), "count", default=0, maximum=MAX_RP),  # reputation points
    RecordField("cv_loss", _("CV lost"), "count", default=0, maximum=MAX_CV_LOSS),  # for good
    RecordField("assists", _("Assists"), "member", default=None),  # an assistant gunner's gun
)

# What a battle report says each model did (4.3, reputation): the ``deeds`` of a side of
# battle-report/1, each a count (up to the document's 99).
DEEDS = (
    RecordField(
        "out_of_action",
        _("Out of action"),
        "count",
        default=0,
        help=_("enemy models put out of action"),
    ),  # fmt: skip
    RecordField("malice", _("Malice"), "count", default=0),
    RecordField("sarcasm", _("Sarcasm"), "count", default=0),
    RecordField("wealth", _("Wealth"), "count", default=0),
)

# A battle report's own keys (``ReportRules``): a casualty a medic treated (section 5) and
# the survival dice a side rolled at the table, by model.
TREATED = RecordField("treated", _("Treated"), "flag", default=False)
SURVIVAL_ROLLS = RecordField(
    "survival_rolls", _("Survival d6"), "rolls", minimum=1, maximum=6,
    help=_("leave empty and the server rolls"),
)  # fmt: skip

# How much one roster may hold: limits of the service, not rules (``DocumentLimits``). Each
# is far above what the rules let a squad reach, legal or still being built, whatever its
# points limit; together they keep the heaviest sheet a document can ask for to a few seconds
# (bench/bench_print_limits.py), where 100 full models took 30 s or more.
#
# - members, 40: 15 models count (1.1); the dead stay on the roster for good, and a squad
#   being built may run over: 40 leaves room for 25 of them;
# - equipment, 8 lines a model: one line per item. EP (at most 4) pay for at most 4 items
#   beside the free knife, grenades and telekinetic throw: a legal model lists at most 6;
# - count, 99: unchanged from the first version (a count does not lengthen the sheet):
#   grenades are counted one by one, and a US Army model carries at most 8 bought + 2 free;
# - abilities, 12 a model: at most 2 starting abilities; a campaign adds one per survival
#   roll of 2 (a lasting injury, 4 to draw from) or 6 (Frightening scars, once): 7 with the
#   default tables;
# - squad equipment, 100 lines, and squad abilities, 50: a full legal squad starts with at
#   most 10 abilities (Boss 2, 3 Tops, 2 Veterans, Doc, Specialist 2) and lists about 2 or 3
#   lines a model, 6 at the very most (90 lines for 15 models); a campaign adds about one
#   ability a battle and recruits to replace the dead. These two keep the heaviest sheet
#   near 2 s (160 and 80 took over 3 s).
DOCUMENT_LIMITS = DocumentLimits(
    members=40, equipment=8, count=99, abilities=12, squad_equipment=100, squad_abilities=50
)

# --- weapons (1.3) --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WeaponProfile:
    code: str
    label: str
    range: str
    impact: int
    dice_stationary: str
    dice_moving: str
    suppression: bool = False


WEAPON_PROFILES: Mapping[str, WeaponProfile] = _index(
    WeaponProfile("pistol", _("Pistol"), '9"', 1, "1", "1"),
    WeaponProfile(
        "bolt-action-rifle", _("Bolt-action rifle"), '36"', 1,
        _('2 up to 36"'), _("cannot fire moving"),
    ),
    WeaponProfile(
        "shotgun-slug", _("Combat shotgun, slug"), '18"', 2,
        _('2 (1 at 18"+)'), _('1 (9" max)'),
    ),
    WeaponProfile(
        "shotgun-shot", _("Combat shotgun, shot"), '18"', 1,
        _('3 (2 at 18"+)'), _('2 (9" max)'),
    ),
    WeaponProfile("smg", _("SMG"), '24"', 1, _('2 (1 at 24"+)'), _('2 (12" max)')),
    WeaponProfile(
        "assault-rifle", _("Assault rifle"), '36"', 1, _('3 (1 at 36"+)'), _('2 (18" max)')
    ),
    WeaponProfile(
        "light-machine-gun", _("Light machine gun (SAW)"), '48"', 1,
        _("6 on bipod, else 4"), _('2 (24" max)'), suppression=True,
    ),
    WeaponProfile(
        "heavy-machine-gun", _("Heavy machine gun (MG)"), '72"', 2,
        _("8, tripod only (2 actions to set up)"), _("cannot fire moving"), suppression=True,
    ),
    WeaponProfile(
        "grenade-launcher", _("Grenade launcher"), '9-36"', 1,
        _('2" or 3" blast template'), _("template"), suppression=True,
    ),
    WeaponProfile(
        "flamethrower", _("Flamethrower"), _('24" max'), 2,
        _("cone template"), _("cannot fire advancing"),
    ),
    WeaponProfile("hand-grenade", _("Hand grenade (thrown)"), '9"', 1, _('2" blast template'), "-"),
    WeaponProfile(
        "telekinetic-throw", _("Telekinetic earth throw"), '9-18"', 2,
        _('3 d6, 3" template'), "-",
    ),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class OffTableWeapon:
    label: str
    range: str
    impact: int
    template: str


OFF_TABLE_WEAPONS: tuple[OffTableWeapon, ...] = (
    OffTableWeapon(_("Light mortar"), '12-72"', 2, '4"'),
    OffTableWeapon(_("Heavy mortar"), '12-72"', 3, '6"'),
    OffTableWeapon(_("Light artillery"), '72"', 3, '4"'),
    OffTableWeapon(_("Medium artillery"), _("no limit"), 4, '6"'),
    OffTableWeapon(_("Heavy artillery"), _("no limit"), 6, '8"'),
)

# --- equipment (1.2) ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Item:
    code: str
    label: str
    ep: int  # per unit; grenades: per started pair (see GRENADES_PER_EP)
    note: str = ""
    profiles: tuple[str, ...] = ()  # WEAPON_PROFILES printed for it
    factions: frozenset[str] | None = None  # None: every faction may take it
    types: frozenset[str] | None = None  # None: every model type may take it
    armour: int | None = None  # armour value it gives
    needs_assistant: bool = False  # machine gun and flamethrower need an AG


GRENADES = "grenades"
GRENADES_PER_EP = 2

ITEMS: Mapping[str, Item] = _index(
    Item("knife", _("Knife, club or tomahawk"), 0, _("secondary weapon; every model has one")),
    Item(GRENADES, _("Grenades"), 1, _("1 EP per 2 grenades; area effect"), ("hand-grenade",)),
    Item("pistol", _("Pistol"), 1, profiles=("pistol",)),
    Item("bolt-action-rifle", _("Bolt-action rifle (BR)"), 2, profiles=("bolt-action-rifle",)),
    Item("assault-rifle", _("Assault rifle (AR)"), 2, profiles=("assault-rifle",)),
    Item("smg", _("Submachine gun (SMG)"), 1, profiles=("smg",)),
    Item(
        "body-armour", _("Body armour (flak vest)"), 1,
        _("raises armour from 1 to 2; never on a Recruit"), armour=2,
    ),
    Item(
        "machine-gun", _("Machine gun (SAW or MG)"), 2, _("needs an assistant gunner"),
        ("light-machine-gun", "heavy-machine-gun"), needs_assistant=True,
    ),
    Item(
        "grenade-launcher", _("Grenade launcher (GL)"), 1, _("US Army only"),
        ("grenade-launcher",), factions=frozenset({"us-army"}),
    ),
    Item(
        "flamethrower", _("Flamethrower"), 3, _("needs an assistant gunner"),
        ("flamethrower",), needs_assistant=True,
    ),
    Item("shotgun", _("Shotgun"), 2, _("fires slug or shot"), ("shotgun-slug", "shotgun-shot")),
    Item(
        "telekinetic-throw", _("Telekinetic earth throw"), 0, _("Fury Bugs Boss only"),
        ("telekinetic-throw",), factions=frozenset({"fury-bugs"}), types=frozenset({"boss"}),
    ),
)  # fmt: skip
# The items served by an assistant gunner (section 2): the builder's crew-partner items
# (``BuilderChoices.partnered_items``), and what ``validation.py`` checks.
PARTNERED_ITEMS = frozenset(code for code, item in ITEMS.items() if item.needs_assistant)

BASE_ARMOUR = 1


@dataclass(frozen=True, slots=True)
class ArmourLevel:
    value: int
    label: str


ARMOUR_LEVELS: tuple[ArmourLevel, ...] = (
    ArmourLevel(1, _("no protection (default)")),
    ArmourLevel(2, _("helmet and flak vest (body armour)")),
    ArmourLevel(3, _("light armour: helmet, torso and legs; hard chitin")),
    ArmourLevel(4, _("combat armour: full plates; a large armoured monster")),
)

# --- abilities (2) --------------------------------------------------------------------------

ADVANTAGE = "advantage"
DISADVANTAGE = "disadvantage"


@dataclass(frozen=True, slots=True)
class AbilityDef:
    code: str
    label: str
    kind: str  # ADVANTAGE or DISADVANTAGE
    effect: str
    needs_detail: bool = False  # "Hates enemy" names the hated enemy


ABILITIES: Mapping[str, AbilityDef] = _index(
    AbilityDef("skilled", _("Skilled"), ADVANTAGE, _("+1 d6")),
    AbilityDef("mean", _("Mean"), ADVANTAGE, _("double RP for malicious deeds")),
    AbilityDef("wisecracker", _("Wisecracker"), ADVANTAGE, _("double RP for sarcasm")),
    AbilityDef("aggressive", _("Aggressive"), ADVANTAGE, _("+1 damage in close combat")),
    AbilityDef("steady", _("Steady"), ADVANTAGE, _("CV +1 on nerve (guts) tests")),
    AbilityDef(
        "stout-hearted", _("Stout-hearted"), ADVANTAGE,
        _("not affected by frightening or terrifying tests"),
    ),
    AbilityDef("duck-feet", _("Duck feet"), ADVANTAGE, _('+2" when moving through water')),
    AbilityDef("lynx-eye", _("Lynx eye"), ADVANTAGE, _("+1 modifier when shooting")),
    AbilityDef(
        "fearless", _("Fearless"), ADVANTAGE,
        _("ignores frightening creatures; terrifying ones only CV -1"),
    ),
    AbilityDef(
        "brawler", _("Brawler"), ADVANTAGE, _("no penalty unarmed or with improvised weapons")
    ),
    AbilityDef(
        "frightening-scars", _("Frightening scars"), ADVANTAGE,
        _('Grunts and Recruits facing him within 6" test as against "frightening"'),
    ),
    AbilityDef("good-walker", _("Good walker"), ADVANTAGE, _('moves +1 d6"')),
    AbilityDef("fast", _("Fast"), ADVANTAGE, _('+1 d6" when running')),
    AbilityDef("martial-arts", _("Martial arts"), ADVANTAGE, _("+1 d6 defending in close combat")),
    AbilityDef("lucky", _("Lucky"), ADVANTAGE, _("one free re-roll each turn")),
    AbilityDef("agile", _("Agile"), ADVANTAGE, _("rough terrain counts as open ground")),
    AbilityDef(
        "camouflage", _("Camouflage"), ADVANTAGE, _("one column left when spotted or aimed at")
    ),
    AbilityDef("strong", _("Strong"), ADVANTAGE, _("CV +1 for feats of strength")),
    AbilityDef("meticulous", _("Meticulous"), ADVANTAGE, _("ignores weapon-jam results")),
    AbilityDef(
        "good-swimmer", _("Good swimmer"), ADVANTAGE,
        _('swims 2d6" (highest); may dive for objects'),
    ),
    AbilityDef("sure-shot", _("Sure shot"), ADVANTAGE, _("+1 d6 when shooting while walking")),
    AbilityDef("marksman", _("Marksman"), ADVANTAGE, _("+1 CV when shooting stationary")),
    AbilityDef("grenadier", _("Grenadier"), ADVANTAGE, _("one column left when throwing")),
    AbilityDef("tough-skin", _("Tough skin"), ADVANTAGE, _("-1 damage per hit")),
    AbilityDef("coward", _("Coward"), DISADVANTAGE, _("CV -1 on nerve tests")),
    AbilityDef("crippled", _("Crippled"), DISADVANTAGE, _("-1 d6 in close combat")),
    AbilityDef("cruel", _("Cruel"), DISADVANTAGE, _("gives no quarter and gets none")),
    AbilityDef(
        "cursed", _("Cursed"), DISADVANTAGE,
        _("the opponent may demand a re-roll in any close-combat round"),
    ),
    AbilityDef("weak", _("Weak"), DISADVANTAGE, _("+1 to every wound-effect roll against him")),
    AbilityDef(
        "greedy", _("Greedy"), DISADVANTAGE,
        _("always goes after loot; double RP for gaining wealth"),
    ),
    AbilityDef(
        "hates-enemy", _("Hates enemy"), DISADVANTAGE,
        _("always charges the hated enemy, named before the mission or campaign"),
        needs_detail=True,
    ),
    AbilityDef("lame", _("Lame"), DISADVANTAGE, _('-1 d6" movement, or -1" (minimum)')),
    AbilityDef("bad-shot", _("Bad shot"), DISADVANTAGE, _("one column right with a firearm")),
)  # fmt: skip

ADVANTAGES = tuple(code for code, a in ABILITIES.items() if a.kind == ADVANTAGE)
DISADVANTAGES = tuple(code for code, a in ABILITIES.items() if a.kind == DISADVANTAGE)
# A random ability is drawn uniformly from the whole table (docs/games/black-sun.md 2, Reading).
RANDOM_ABILITY_TABLE = ADVANTAGES + DISADVANTAGES

# --- factions (3) ---------------------------------------------------------------------------

HIVE_MIND = _("hive mind")
NORMAL = _("normal (may become inspired or demoralised)")


@dataclass(frozen=True, slots=True)
class Faction:
    """A faction (3): how its models communicate, its special rules as the sheet prints
    them, the grenades it gives free and the items its squad must carry."""

    code: str
    label: str
    communication: str
    special_rules: str  # printed on the sheet
    free_grenades: int = 0  # grenades every model gets free
    # (item, numerator, denominator): carriers x denominator >= models x numerator
    min_share: tuple[tuple[str, int, int], ...] = ()
    # (item, numerator, denominator): carriers x denominator <= models x numerator
    max_share: tuple[tuple[str, int, int], ...] = ()


FACTIONS: Mapping[str, Faction] = _index(
    Faction(
        "us-army", _("US Army"), NORMAL,
        _("Superior firepower: 2 free grenades per model, may take grenade launchers, "
          "may arm every model with an assault rifle."),
        free_grenades=2,
    ),
    Faction(
        "viet-cong", _("Viet Cong / NVA"), NORMAL,
        _("Hidden units: start in ambush and may regain ambush by staying still in cover."),
        min_share=(("bolt-action-rifle", 1, 2),),
        max_share=(("smg", 1, 10),),
    ),
    Faction(
        "adaro", _("Adaro"), NORMAL,
        _('Tough: ignores its first "out of action" result. -1" move on land, '
          "normal move in water."),
        min_share=(("bolt-action-rifle", 1, 2),),
    ),
    Faction(
        "fury-bugs", _("Fury Bugs"), HIVE_MIND,
        _("Hive mind activation column; +1 d6 per bug in close combat; "
          "+1 d6 when running. Only the Boss may take the telekinetic earth throw."),
    ),
)  # fmt: skip
