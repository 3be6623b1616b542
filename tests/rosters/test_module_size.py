"""Issue #29, stage 6: the rosters app's modules are of one idea each, none over 400 lines
(the services, views, builder, API and serializers are packages by noun)."""

from pathlib import Path

import rosters

MOST = 400


def test_no_rosters_module_is_over_400_lines():
    root = Path(rosters.__file__).parent
    long = {
        str(path.relative_to(root)): lines
        for path in root.rglob("*.py")
        if "migrations" not in path.parts and (lines := len(path.read_text().splitlines())) > MOST
    }
    assert long == {}
