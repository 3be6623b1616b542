from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts.forms import SignUpForm
from accounts.limits import limit_signup
from rules import systems


def home(request: HttpRequest) -> HttpResponse:
    """The welcome page, with every game the service carries and its reference card."""
    games = [
        {
            "code": game.code,
            "name": game.name,
            "reference": game.printing is not None and game.printing.reference_template,
        }
        for game in systems()
    ]
    return render(request, "home.html", {"games": games})


@require_http_methods(["GET", "POST"])
@limit_signup
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account (the e-mail address is optional) and log in at once; sign-ups are
    limited per client address (``RATE_LIMITS["signup"]``)."""
    if request.user.is_authenticated:
        return redirect("rosters:list")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("rosters:list")
    return render(request, "registration/signup.html", {"form": form})
