"""Settings for ``bench/bench_rosters.py``: the project's, with DEBUG off and a baseline page.

The baseline page (``bench/bare_urls.py``) is what the builder page is measured beside.
"""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.bare_urls"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
