"""Pieces every app shares that belong to none of them: the services' error classes
(``errors``), the rules' messages in the reader's language (``messages``) and the limits on
what one client may ask (``limits``). The ground floor, beside ``api``: it imports ``rules``
and no app (``tests/test_layers.py``)."""
