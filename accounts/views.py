"""The account page and Django's password views, ending API tokens with the old password.

After a password change or reset, every API token of the account is deleted (the clients
using one must log in again) and the other browsers' sessions end by themselves: Django
checks each session's hash of the password. The browser that changed the password keeps
its session (``PasswordChangeView`` calls ``update_session_auth_hash``).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from rest_framework.authtoken.models import Token

from accounts.forms import AccountForm


def end_api_tokens(user) -> None:
    Token.objects.filter(user=user).delete()


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    """``/accounts/profile/``: the e-mail address, and the way to change the password."""
    form = AccountForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your account is saved."))
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})


class PasswordChangeView(auth_views.PasswordChangeView):
    def form_valid(self, form):
        response = super().form_valid(form)
        end_api_tokens(form.user)
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    def form_valid(self, form):
        response = super().form_valid(form)
        end_api_tokens(form.user)
        return response
