"""Accounts: sign-up, the account page, password changes, and the limits on log-in,
sign-up and PDF routes (``accounts.limits``)."""
