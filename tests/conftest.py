import pytest


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user(username="mint", password="pw-mint-1970")


@pytest.fixture
def other_user(django_user_model):
    return django_user_model.objects.create_user(username="charlie", password="pw-charlie-1970")
