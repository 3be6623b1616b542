import pytest
from django.conf import settings
from django.utils import translation

from campaigns import services as campaign_services


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user(username="mint", password="pw-mint-1970")


@pytest.fixture
def other_user(django_user_model):
    return django_user_model.objects.create_user(username="charlie", password="pw-charlie-1970")


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user(username="orga", password="pw-orga-1970")


@pytest.fixture
def campaign(organiser):
    """A private campaign; its organiser is one of its players, as campaign_create makes it."""
    return campaign_services.campaign_create(organiser=organiser, name="Mekong Delta 1968")


@pytest.fixture(autouse=True)
def _reset_language():
    """LocaleMiddleware leaves the last request's language active in the test thread."""
    yield
    translation.activate(settings.LANGUAGE_CODE)
