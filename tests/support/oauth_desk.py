"""A newsroom sign-in in the OAuth style, for the described-input test: ``exchange_code`` documents its
``code`` input as "The code from ``authorize``.", a wording the field encoder scores below tau
against the export ``code`` itself; a draft needs the access token the exchange returns."""

from __future__ import annotations

from dataclasses import dataclass, field

_CLIENTS = {"cd-web-desk": "wd-7f3a9c21e8"}


@dataclass
class DeskState:
    users: dict = field(default_factory=lambda: {"icarvalho": "Quill&Ink-88"})
    codes: dict = field(default_factory=dict)
    tokens: dict = field(default_factory=dict)
    drafts: dict = field(default_factory=dict)


def authorize(client_id: str, username: str, password: str, state: DeskState) -> dict:
    """Start an authorization-code sign-in for a registered client.

    Args:
        client_id: The registered client (the desk web app).
        username: The staff member's user name.
        password: Their password.
    """
    if client_id not in _CLIENTS:
        return {"error": "unauthorized_client", "status": 401}
    if state.users.get(username) != password:
        return {"error": "invalid_grant: wrong username or password", "status": 401}
    code = f"ac_{len(state.codes) + 1:04d}{username[:3]}"
    state.codes[code] = client_id
    return {"code": code, "expires_in": 60}


def exchange_code(client_id: str, client_secret: str, code: str, state: DeskState) -> dict:
    """Exchange an authorization code for a bearer access token.

    Args:
        client_id: The client the code was issued to.
        client_secret: That client's secret.
        code: The code from ``authorize``.
    """
    if _CLIENTS.get(client_id) != client_secret:
        return {"error": "invalid_client", "status": 401}
    if state.codes.pop(code, None) != client_id:
        return {"error": "invalid_grant: code unknown, expired or already used", "status": 400}
    token = f"at_{code[3:]}"
    state.tokens[token] = client_id
    return {"access_token": token, "token_type": "Bearer"}


def list_editions() -> list:
    """Today's newsletter editions and their states."""
    return [{"edition": "morning", "state": "open"}, {"edition": "evening", "state": "sent"}]


def list_comments() -> list:
    """The latest reader comments awaiting moderation."""
    return [{"author": "harbourwatcher", "text": "Shocking."}, {"author": "quaysider", "text": "About time."}]


def list_staff() -> list:
    """The newsroom's staff, by desk."""
    return [{"staff": "Sam Okoro", "desk": "business"}, {"staff": "Ruth Abiola", "desk": "news"}]


def wire_feed() -> list:
    """The agency wire's latest items."""
    return [{"agency": "PA", "slug": "flood-esk"}, {"agency": "Reuters", "slug": "port-strike"}]


def list_sections() -> list:
    """The newsroom's sections, with their codes."""
    return [{"code": "NWS-LOC", "name": "Local news"}, {"code": "SPT-GEN", "name": "Sport"}]


def create_draft(access_token: str, headline: str, state: DeskState) -> dict:
    """Open a draft story."""
    if access_token not in state.tokens:
        return {"error": "invalid or expired token", "status": 401}
    story = f"st-{len(state.drafts) + 1:03d}"
    state.drafts[story] = headline
    return {"story_id": story}


TOOLS = [list_editions, list_comments, list_staff, wire_feed, list_sections, authorize, exchange_code, create_draft]
FIXTURES = {"client_id": "cd-web-desk", "client_secret": "wd-7f3a9c21e8", "username": "icarvalho",
            "password": "Quill&Ink-88", "headline": "Flood barrier fails on the Esk"}
