"""Translation markers for the rules core.

The rules core must not import Django, yet its labels and messages are shown to players in
English and French. Strings are marked with ``gettext_noop`` so that ``makemessages`` collects
them; the web layer translates them when it shows them (``gettext(violation.template)``).

What a game's sheet and card print is plain Python too: every label is translated through
the ``translate`` function (``Translate``) the caller passes (Django's ``gettext``), exactly
where it is printed, and every number comes from the game's rules: the templates compute
none.
"""

from collections.abc import Callable

# How the rules core translates a label it prints: the caller's ``gettext``.
Translate = Callable[[str], str]


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it here."""
    return message


# The detail of a drawn ability that needs one (a hated enemy) until the player
# names it: stored as this English text, like a code, and translated where it is shown.
TO_BE_NAMED = gettext_noop("to be named")
