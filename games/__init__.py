"""The games as the API publishes them (issue #17): ``GET /api/systems/`` lists them and
``/api/systems/{code}/`` gives each one's catalogue (``games.catalogue``, built from the
registry, ``rules.registry.GameSystem``) and quick-reference card (``games.api``; the
schema's description of a catalogue is ``games.serializers``). No model and no page: an app
of the floor of ``rosters`` and ``campaigns``, whose records and house-rule tables the
catalogue describes."""
