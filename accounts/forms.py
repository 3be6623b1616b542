from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import KINDS, Notifications

EMAIL_HELP = _("Optional: a forgotten password can be reset only through this address.")


class SignUpForm(UserCreationForm):
    """Django's sign-up form, with the (optional) e-mail address a password reset needs."""

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {"email": EMAIL_HELP}


class AccountForm(forms.ModelForm):
    """The account page: the e-mail address (empty is allowed)."""

    class Meta:
        model = get_user_model()
        fields = ("email",)
        help_texts = {"email": EMAIL_HELP}


class NotificationsForm(forms.ModelForm):
    """The notifications page: each e-mail on or off."""

    class Meta:
        model = Notifications
        fields = KINDS
