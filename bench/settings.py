"""Settings for ``bench/bench_rosters.py``: the project's, with DEBUG off and a bare page.

The bare page (``bench/bare_urls.py``) is the baseline the builder page is measured beside.
"""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.bare_urls"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
