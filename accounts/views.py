"""Sign-up, the account page (with the player's API token), Django's password views ending
API tokens with the old password, and the favicon.

A sign-up keeps the ``next`` it was sent with (an invitation link asks an anonymous player to
log in, and a new player goes on from there to sign up): once the account exists it lands
there, as a log-in would, if ``next`` stays on this site; else on ``LOGIN_REDIRECT_URL``, the
one place both a log-in and a sign-up land by default.

After a password change or reset, every API token of the account is deleted (the clients
using one must log in again) and the other browsers' sessions end by themselves: Django
checks each session's hash of the password. The browser that changed the password keeps
its session (``PasswordChangeView`` calls ``update_session_auth_hash``). A reset also
forgets the account's failed log-ins (``accounts.limits``): its owner logs in at once, even
while others' guesses hold the account over its limit. Reset requests are limited per
address and per e-mail address: each sends a mail.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.templatetags.static import static
from django.utils.decorators import method_decorator
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from rest_framework.authtoken.models import Token

from accounts import services
from accounts.forms import AccountForm, NotificationsForm, SignUpForm
from accounts.limits import forget_failures, limit_password_reset, limit_signup
from accounts.models import notifications_of

FAVICON = "img/favicon.svg"


def safe_next(request: HttpRequest) -> str:
    """The ``next`` of the form (else of the address) when it leads to a page of this site,
    else ``""``: never a redirect to another site (the check Django's ``LoginView`` makes)."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    on_this_site = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if on_this_site else ""


@require_http_methods(["GET", "POST"])
@limit_signup
def signup(request: HttpRequest) -> HttpResponse:
    """``/accounts/signup/``: create an account (the e-mail address is optional) and log in at
    once, then go on to ``next``; sign-ups are limited per client address
    (``RATE_LIMITS["signup"]``)."""
    next_url = safe_next(request)
    landing = next_url or resolve_url(settings.LOGIN_REDIRECT_URL)
    if request.user.is_authenticated:
        return redirect(landing)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        login(request, form.save())
        return redirect(landing)
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


@require_safe
@cache_control(max_age=24 * 60 * 60)
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers and tools ask for without reading the page's
    ``<link rel="icon">``: the SVG icon under its static (in production, hashed) address.
    Not permanent, since that address changes with the file; cached a day."""
    return redirect(static(FAVICON))


NEW_TOKEN = "new_api_token"  # the session key that holds a new token until it is shown


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    """``/accounts/profile/``: the e-mail address, the way to change the password, and the
    API token: whether there is one, the new one once (just after it was made), and the
    forms that make and revoke it."""
    form = AccountForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your account is saved."))
        return redirect("profile")
    context = {
        "form": form,
        "has_token": Token.objects.filter(user=request.user).exists(),
        "new_token": request.session.pop(NEW_TOKEN, None),
    }
    return render(request, "accounts/profile.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def notifications(request: HttpRequest) -> HttpResponse:
    """``/accounts/notifications/``: which e-mails the player gets (each on until turned off),
    and the address they go to."""
    form = NotificationsForm(request.POST or None, instance=notifications_of(request.user))
    if request.method == "POST" and form.is_valid():
        services.notifications_write(user=request.user, **form.cleaned_data)
        messages.success(request, _("Your notifications are saved."))
        return redirect("notifications")
    return render(request, "accounts/notifications.html", {"form": form})


@login_required
@require_POST
def api_token_create(request: HttpRequest) -> HttpResponse:
    """A new API token for the player, replacing the one before (which stops working): the
    account page shows it once."""
    request.session[NEW_TOKEN] = services.api_token_replace(user=request.user)
    return redirect("profile")


@login_required
@require_POST
def api_token_revoke(request: HttpRequest) -> HttpResponse:
    """Delete the player's API token: every client that sends it gets a 401."""
    services.api_token_revoke(user=request.user)
    messages.success(request, _("Your API token is revoked: no client can use it any more."))
    return redirect("profile")


class PasswordChangeView(auth_views.PasswordChangeView):
    def form_valid(self, form):
        response = super().form_valid(form)
        services.api_token_revoke(user=form.user)
        return response


@method_decorator(limit_password_reset, name="dispatch")
class PasswordResetView(auth_views.PasswordResetView):
    pass


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    def form_valid(self, form):
        response = super().form_valid(form)
        services.api_token_revoke(user=form.user)
        forget_failures(form.user.get_username())
        return response
