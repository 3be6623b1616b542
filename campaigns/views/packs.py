"""A campaign's pack page (issue #30): the pack the campaign plays with, the organiser's
choice of another of theirs (between battles or not: each battle keeps the version it was
scored with), and the way to its house rules, which are its own pack's tables, edited on
the pack's pages one table at a time."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from campaigns import services
from campaigns.forms import CampaignPackForm
from campaigns.views.common import _organised


@login_required
@require_http_methods(["GET", "POST"])
def campaign_pack(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _organised(request, pk)
    form = CampaignPackForm(request.POST or None, campaign=campaign, user=request.user)
    if request.method == "POST" and form.is_valid():
        chosen = form.cleaned_data["pack"]
        try:
            services.campaign_pack_set(
                campaign=campaign, user=request.user, pack=form.packs.get(chosen)
            )
        except services.ServiceError as error:
            form.add_error("pack", error.message)
        else:
            messages.success(request, _("The campaign's pack is saved."))
            return redirect("campaigns:pack", campaign.pk)
    version = campaign.pack_version
    context = {"campaign": campaign, "form": form, "version": version,
               "own": version is not None and version.pack_id == campaign.own_pack_id}  # fmt: skip
    return render(request, "campaigns/pack.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def house_rules(request: HttpRequest, pk: int) -> HttpResponse:
    """The campaign's own pack, made if need be, to edit its house rules on its page."""
    campaign = _organised(request, pk)
    own = services.campaign_own_pack(campaign=campaign, user=request.user)
    return redirect("packs:detail", own.pk)
