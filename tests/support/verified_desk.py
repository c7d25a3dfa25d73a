"""A small registrar desk for the tests of values a transition acts on: a holder verified by PIN
(desk state, no token) before changes to that holder's domains, a switch whose no-op is refused
("already on"), a list input that needs several items of one reply, and API keys whose scopes only a
refusal names. Replies are JSON text or sentences; refusals are ``"Error: ..."`` strings."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

_HOSTED = ["ns1.deskhost.net", "ns2.deskhost.net", "ns3.deskhost.net"]
_SCOPES = ("domains", "billing", "reports")


@dataclass
class DeskState:
    users: dict = field(default_factory=lambda: {
        "u_4471": {"email": "ana@example.com", "pin": "3308", "domains": ["anabakes.com"]},
        "u_5120": {"email": "bo@example.org", "pin": "9162", "domains": ["bocycles.net"]}})
    domains: dict = field(default_factory=lambda: {
        "anabakes.com": {"owner": "u_4471", "auto_renew": True, "nameservers": ["ns1.other.org", "ns2.other.org"]},
        "bocycles.net": {"owner": "u_5120", "auto_renew": True, "nameservers": ["ns1.other.org", "ns2.other.org"]}})
    verified: str | None = None
    keys: dict = field(default_factory=dict)


FAILURE = "Error:"
FIXTURES = {"caller": {"email": "ana@example.com", "support_pin": "3308"}}


def find_user_by_email(email: str, state: DeskState) -> str:
    """The user id of the account with this email."""
    for uid, u in state.users.items():
        if u["email"] == email:
            return uid
    return "Error: no account with that email"


def verify_holder(user_id: str, support_pin: str, state: DeskState) -> str:
    """Verify the account holder by the support PIN they read out; changes to their domains need it."""
    u = state.users.get(user_id)
    if u is None:
        return "Error: user not found"
    if u["pin"] != support_pin:
        return "Error: PIN does not match"
    state.verified = user_id
    return f"Holder {user_id} verified."


def get_account(user_id: str, state: DeskState) -> str:
    """An account's email and domain names."""
    u = state.users.get(user_id)
    if u is None:
        return "Error: user not found"
    return json.dumps({"user_id": user_id, "email": u["email"], "domains": list(u["domains"])})


def _owned(state: DeskState, domain: str):
    d = state.domains.get(domain)
    if d is None:
        return "Error: domain not found"
    if state.verified != d["owner"]:
        return "Error: the holder must be verified first"
    return d


def set_auto_renew(domain: str, enabled: bool, state: DeskState) -> str:
    """Turn a domain's auto-renew on or off."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if d["auto_renew"] == enabled:
        return f"Error: auto-renew is already {'on' if enabled else 'off'}"
    d["auto_renew"] = enabled
    return json.dumps({"domain": domain, "auto_renew": enabled})


def list_hosted_nameservers(state: DeskState) -> str:
    """The desk's own nameserver host names."""
    return json.dumps(_HOSTED)


def set_nameservers(domain: str, nameservers: list[str], state: DeskState) -> str:
    """Point a domain at two to four of the desk's nameservers."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if not 2 <= len(nameservers) <= 4 or len(set(nameservers)) != len(nameservers):
        return "Error: give two to four distinct nameservers"
    if any(n not in _HOSTED for n in nameservers):
        return "Error: only hosted nameservers can be set here"
    d["nameservers"] = list(nameservers)
    return json.dumps({"domain": domain, "nameservers": list(nameservers)})


def create_key(label: str, scopes: list[str], state: DeskState) -> str:
    """Mint an API key with the scopes it may use."""
    bad = [s for s in scopes if s not in _SCOPES]
    if bad or not scopes:
        return f"Error: unknown scope {bad[0] if bad else '(none)'}; valid scopes: {', '.join(_SCOPES)}"
    secret = f"dk_{len(state.keys) + 1:03d}{len(scopes)}"
    state.keys[secret] = list(scopes)
    return json.dumps({"key": {"secret": secret, "scopes": list(scopes)}})


def monthly_report(api_key: str, state: DeskState) -> str:
    """The month's registrations, for a key with the reports scope."""
    scopes = state.keys.get(api_key)
    if scopes is None:
        return "Error: invalid API key"
    if "reports" not in scopes:
        return "Error: this key lacks the 'reports' scope"
    return json.dumps({"registrations": len(state.domains)})


TOOLS = [find_user_by_email, verify_holder, get_account, set_auto_renew, list_hosted_nameservers, set_nameservers,
         create_key, monthly_report]
