"""The one-page modern quick-reference card (one-page-modern.md section 6): every item, in
the card's order, with the spec's cells; the tables read from data.py agree with it."""

import pytest

from rules.one_page_modern import data, reference
from rules.one_page_modern.reference import BY_KEY, TABLES, Table, signed

# Section 6, item by item: (columns, rows as printed in English, notes as printed).
SPEC_CARD = {
    "dice": (
        ("Roll", "Result"),
        [
            ["unmodified 6", "always succeeds"],
            ["unmodified 1", "always fails"],
        ],
        [
            "House spirit: when a rule gets in the way of a good game, bend it or leave it out.",
        ],
    ),
    "training": (
        ("Level", "Activation", "Skill"),
        [
            ["Green", "5+", "6+"],
            ["Seasoned", "4+", "5+"],
            ["Veteran", "3+", "4+"],
            ["Elite", "2+", "4+"],
        ],
        [],
    ),
    "turn": (
        ("Step", "What happens"),
        [
            [
                "initiative",
                "each player rolls a d6 plus the scenario's modifiers; ties are rolled again",
            ],
            [
                "first",
                "the highest tries to activate a unit, and goes on until an activation fails",
            ],
            ["then", "the opponent does the same, back and forth, until every unit has tried once"],
        ],
        [
            "Optional: put a marker by each unit once it has tried.",
        ],
    ),
    "activation": (
        ("Modifier", "When"),
        [
            ["+1", "no enemy is visible"],
            ["−1", 'per model more than 3" (8 cm) from the rest of its unit'],
            ["−1", "per pinned model (next activation only)"],
            ["−2", "a vehicle whose crew is stunned (next activation)"],
        ],
        [
            "Roll at least the activation number (the leader's if better).",
            (
                "A failed roll puts the unit On guard; if it has lost more than half its models, "
                'it falls back 6" (15 cm) from the nearest visible enemy, or toward its '
                "deployment zone if none is visible."
            ),
            "Units locked in close combat activate automatically.",
        ],
    ),
    "actions": (
        ("Action", "Move", "Notes"),
        [
            [
                "Walk",
                '6" (15 cm)',
                "may fire a small arm, or throw a grenade, at any point of the move",
            ],
            ["Run", '12" (30 cm)', "no firing, no grenades"],
            [
                "Crouch and sneak",
                '8" (20 cm)',
                "no firing, no grenades; the models count as in light cover",
            ],
            ["On guard", '0"', "may react once in the turn, firing at an enemy moving in sight"],
            [
                "Hit the dirt",
                '3" (8 cm)',
                "into the nearest cover; cover one step better; no firing, no grenades",
            ],
            ["Aimed fire", '0"', "every model of the unit +1 on its shooting dice"],
            ["Assault", '8" (20 cm)', "close with an enemy unit (close combat)"],
        ],
        [
            "One step of cover: light, then medium, then hard.",
        ],
    ),
    "shooting": (
        ("Rule", "Effect"),
        [
            [
                "who fires",
                (
                    "pinned models do not fire; a unit may fire at any enemy model or vehicle in "
                    "sight and split its fire"
                ),
            ],
            ["dice", "each model rolls one d6 per FP, hitting on its skill or better"],
            [
                "saves",
                (
                    "armoured models, or models inside or behind an armoured vehicle, then save; "
                    "if the vehicle saves, its passengers need not"
                ),
            ],
            [
                "failed saves",
                (
                    "each wounds or pins a model, mixed as the firer likes within the unit's "
                    "pinning maximum; never both on one model from one shot"
                ),
            ],
            [
                "cover",
                (
                    'fire into or out of cover only where the models concerned are within 2" (5 '
                    "cm) of its edge"
                ),
            ],
            [
                "deep in cover",
                (
                    'models deeper than 2" (5 cm) may only fire at units sharing that cover '
                    'within 6" (15 cm); both sides count the cover'
                ),
            ],
            ["sight", "some cover blocks sight"],
        ],
        [],
    ),
    "pinning": (
        ("Level", "Most pinned models"),
        [
            ["Green", 1],
            ["Seasoned", 2],
            ["Veteran", 3],
            ["Elite", 4],
        ],
        [
            "A pinned model lies on its side and cannot fire.",
            "Each costs its unit −1 on its next activation roll; it stands up after that roll.",
        ],
    ),
    "cover": (
        ("Cover", "Modifier", "Examples"),
        [
            [
                "Light",
                "+1",
                "scrub, woods, timber buildings, civilian vehicles, wire fences, hedges, holes",
            ],
            ["Medium", "+2", "stone or brick walls, buildings, rubble, trenches"],
            ["Hard", "+3", "bunkers"],
        ],
        [
            "At least half the unit in cover for the unit to count as in cover.",
            "The modifier raises the firer's skill number, never past 6+.",
            "Infantry crosses cover at full speed.",
        ],
    ),
    "close-combat": (
        ("Rule", "Effect"),
        [
            ["how", "only through the Assault action"],
            [
                "moves",
                (
                    'the attacker moves models into base contact with enemies up to 8" (20 cm) '
                    'away; then the defender may move any unengaged model within 3" (8 cm) of an '
                    "attacker"
                ),
            ],
            [
                "dice",
                (
                    "both sides roll at once, one die per model, hitting on skill; models pinned "
                    "before the assault roll separately at −1"
                ),
            ],
            ["hits", "every unsaved hit wounds; cover does not count; no pinning"],
            [
                "next turns",
                (
                    "the fight goes on at the start of each following turn; engaged units are "
                    "activated automatically and cannot activate again that turn, even if they "
                    "win"
                ),
            ],
        ],
        [],
    ),
    "small-arms": (
        ("Weapon", "Range", "FP"),
        [
            ["Pistol or revolver", '8" (20 cm)', 1],
            ["Infantry rifle", '24" (60 cm)', 1],
            ["Assault rifle", '24" (60 cm)', 1],
            ["Sniper rifle", '32" (80 cm)', 2],
            ["Submachine gun", '16" (40 cm)', 3],
            ["Light machine gun", '32" (80 cm)', 3],
            ["Shotgun", '8" (20 cm)', 3],
        ],
        [
            (
                'Some assault rifles carry a grenade launcher: range 16" (40 cm), 3 FP (our '
                "reading: the text gives no FP)."
            ),
            'An assault rifle has 2 FP at 12" (30 cm) or less.',
        ],
    ),
    "support-weapons": (
        ("Weapon", "Range", "FP"),
        [
            ["Heavy machine gun", '32" (80 cm)', 4],
            ["Flamethrower", '8" (20 cm)', 4],
            ["Thrown grenades", '8" (20 cm)', 3],
            ["RPG", '24" (60 cm)', 3],
            ["Anti-tank gun", '32" (80 cm)', 3],
            ["Light mortar", '40" (100 cm)', 3],
            ["Light cannon", '32" (80 cm)', 4],
            ["Heavy cannon", '48" (120 cm)', 6],
        ],
        [
            "Cannons go on tanks or bunkers only.",
            ("A heavy machine gun needs one crew on a vehicle or bunker, two carried by infantry."),
            "Flamethrowers and tanks' cannons ignore cover.",
        ],
    ),
    "personal-armour": (
        ("Armour", "Armour save", "Examples"),
        [
            ["None", "—", ""],
            ["Light", "6+", "ballistic vest, police armour"],
            ["Medium", "5+", "modern military body armour, SWAT"],
            ["Heavy", "4+", "science-fiction carapace"],
            ["Power", "3+", "powered armour"],
            ["Battlesuit", "2+", "tactical battlesuit"],
        ],
        [
            "Saves are rolled once the hits are known.",
            "Armour never slows its wearer.",
        ],
    ),
    "vehicles": (
        ("Armour", "Armour save", "Examples"),
        [
            ["None", "6+", "trucks, cars"],
            ["Light", "5+", "APCs"],
            ["Medium", "4+", "IFVs, light tanks"],
            ["Heavy", "3+", "medium tanks"],
            ["Very heavy", "2+", "heavy tanks"],
        ],
        [
            "Activated like units.",
            (
                'Move up to 12" (30 cm) in the open or 6" (15 cm) through light cover, and fire '
                "one weapon."
            ),
            (
                'Medium and heavy tanks may move 6" (15 cm) through medium cover, but then cannot'
                " fire."
            ),
            "A vehicle that does not move fires all its weapons.",
            "The vehicle's save also covers the troops inside or behind it.",
            "Small arms and heavy machine guns cannot harm armoured vehicles.",
        ],
    ),
    "vehicle-damage": (
        ("d6", "Effect"),
        [
            ["1–2", "crew stunned: −2 on the next activation"],
            ["3", "immobilised for the rest of the game; can still fire"],
            ["4–5", "one weapon destroyed, chosen by the owner"],
            [
                "6",
                (
                    "destroyed: every crew member and passenger gets out and rolls 5+ or its "
                    "personal armour save, whichever is better, or is wounded"
                ),
            ],
        ],
        [
            "Vehicles are never pinned, nor are crew or passengers leaving a destroyed vehicle.",
        ],
    ),
}


def test_every_item_of_section_6_in_its_order():
    assert [t.key for t in TABLES] == list(SPEC_CARD)
    assert len(TABLES) == 14
    assert BY_KEY == {t.key: t for t in TABLES}


@pytest.mark.parametrize("key", list(SPEC_CARD))
def test_each_table_prints_the_spec_cells(key):
    columns, rows, notes = SPEC_CARD[key]
    table = BY_KEY[key]

    assert table.columns == columns
    assert [list(row) for row in table.english_rows()] == rows
    assert list(table.english_notes()) == notes


def test_every_table_is_well_formed():
    for table in TABLES:
        assert table.title and table.columns, table.key
        for row in table.rows:
            assert len(row) == len(table.columns), table.key
        assert not table.starred


def test_training_and_pinning_are_read_from_the_data():
    assert [row[1:] for row in BY_KEY["training"].rows] == [
        (data.plus(t.activation), data.plus(t.skill)) for t in data.TRAINING.values()
    ]
    assert [row[1] for row in BY_KEY["pinning"].rows] == [
        t.max_pinned for t in data.TRAINING.values()
    ]


def test_weapons_are_read_from_the_data():
    small = [c for c in data.SMALL_ARMS if c != "underslung-launcher"]
    for key, codes in (("small-arms", small), ("support-weapons", data.SUPPORT_WEAPONS)):
        assert list(BY_KEY[key].rows) == [
            (data.WEAPONS[c].label, data.distance(data.WEAPONS[c].inches), data.WEAPONS[c].fp)
            for c in codes
        ]
    assert dict(BY_KEY["small-arms"].params) == {
        "launcher_range": '16" (40 cm)', "launcher_fp": 3, "close_fp": 2,
        "close_range": '12" (30 cm)',
    }  # fmt: skip


def test_armour_cover_actions_and_vehicles_are_read_from_the_data():
    assert [r[1] for r in BY_KEY["personal-armour"].rows] == [
        data.plus(a.save) for a in data.ARMOUR.values()
    ]
    assert [r[1] for r in BY_KEY["vehicles"].rows] == [
        data.plus(v.save) for v in data.VEHICLE_ARMOUR.values()
    ]
    assert [r[1] for r in BY_KEY["cover"].rows] == [signed(c.modifier) for c in data.COVER.values()]
    assert [r[1] for r in BY_KEY["actions"].rows] == [
        data.distance(a.inches) for a in data.ACTIONS.values()
    ]
    assert dict(BY_KEY["vehicles"].params) == {
        "open": data.distance(12), "light": data.distance(6), "medium": data.distance(6),
    }  # fmt: skip
    assert dict(BY_KEY["close-combat"].params) == {"assault": '8" (20 cm)'}
    assert dict(BY_KEY["cover"].params) == {"cap": "6+"}


def test_templates_with_params_stay_untranslated_until_printed():
    # the raw rows keep their placeholders, for the translation catalogue
    assert "%(assault)s" in BY_KEY["close-combat"].rows[1][1]
    assert "%(open)s" in BY_KEY["vehicles"].notes[1]


def test_a_table_without_params_prints_as_given():
    table = Table("t", "T", ("A",), (("x",),), notes=("50% off",))

    assert table.english_rows() == (("x",),)
    assert table.english_notes() == ("50% off",)


@pytest.mark.parametrize(("value", "text"), [(1, "+1"), (0, "0"), (-2, "−2")])
def test_signed(value, text):
    assert signed(value) == text
    assert reference.MINUS in signed(-1)
