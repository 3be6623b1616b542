from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in at once."""
    if request.user.is_authenticated:
        return redirect("rosters:list")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("rosters:list")
    return render(request, "registration/signup.html", {"form": form})
