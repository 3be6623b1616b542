"""Downloads of the printed outputs. Public: the quick-reference card of a game system.

Squad sheets of stored squads will be served from here too, through ``rosters.pdf``
(``squad_sheet_pdf(roster, owner=..., version=..., cache_key=f"squad-{pk}", ...)``).
"""

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from rosters.pdf import PAPER_SIZES, NotPrintable, reference_card_pdf


@require_GET
def reference_card(request: HttpRequest, system: str) -> HttpResponse:
    """``/print/reference/<system>.pdf?paper=a4|letter``: the card as a PDF attachment."""
    paper = request.GET.get("paper", "a4")
    if paper not in PAPER_SIZES:
        return HttpResponseBadRequest(_("Paper must be a4 or letter."))
    try:
        pdf = reference_card_pdf(system, paper=paper)
    except NotPrintable:
        raise Http404(_("No quick-reference card for this game.")) from None
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=f"{system}-reference-{paper}.pdf"
    )
    return response
