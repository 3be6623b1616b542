"""Accounts: sign-up, the account page, password changes, the API token (``accounts.api``)
and the limits on log-in, sign-up and password resets (``accounts.limits``; the client's
address, the 429 page and the PDF limit are ``core.limits``)."""
