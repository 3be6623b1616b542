"""Translation markers for the rules core.

The rules core must not import Django, yet its labels and messages are shown to players in
English and French. Strings are marked with ``gettext_noop`` so that ``makemessages`` collects
them; the web layer translates them when it shows them (``gettext(violation.template)``).
"""


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it here."""
    return message
