"""Countersign: the REST API of an e-signature service, as a real-estate brokerage's account uses it
(42 calls).

Plain functions over an in-memory ``State`` of Northgate Realty's Countersign account on Thursday
18 May 2028. Users get a bearer token with the brokerage's integration key and their own secret.
Envelopes are built as drafts (documents, recipients of several types with a routing order, and
tabs such as signHere placed on a document page for a recipient), sent, reminded, corrected,
voided, and signed by their recipients; an in-person signer signs in a hosted session at the
office. Templates hold reusable documents and roles: envelopes are created from them with the
roles filled in, drafts are saved as templates, templates are shared with groups, and bulk send
sends one single-role template to a list. The account also has brands, folders, contacts, an
audit trail per envelope and Connect webhooks; anyone can check a downloaded PDF against the
service's seal, and the service's own information is public.

Replies are JSON objects with camelCase keys (``envelopeId``, ``documentId``, ``recipientId``,
``templateId``) as such APIs write them, lists of them, rows as lists of lists (recipient status,
tabs, groups, audit events), bare values (an envelope's new status, a count) and sentences with a
new id inside (an envelope made from a template, a template saved from a draft, a bulk batch).
Envelope and template ids are both UUIDs; document and recipient ids are both small numbers as
strings. Every refusal is *raised* as a ``CountersignError`` (a subclass per kind, each with the
API's ``error_code``). Connect event names are listed only in a refusal.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import hashlib
from enum import Enum
from typing import Dict, List, Literal, Optional

TODAY = "2028-05-18"
NOW = "2028-05-18T10:00:00Z"
CLIENT_ID = "3f8a2c71-6b0e-4d95-a1c4-9e27d5b08f63"

TabType = Literal["signHere", "initialHere", "dateSigned", "fullName", "text", "checkbox"]
EnvelopeStatus = Literal["created", "sent", "delivered", "completed", "declined", "voided"]


class RecipientType(str, Enum):
    SIGNER = "signer"
    IN_PERSON_SIGNER = "in_person_signer"
    CARBON_COPY = "carbon_copy"
    CERTIFIED_DELIVERY = "certified_delivery"


_SIGNING_TYPES = ("signer", "in_person_signer")
_CONNECT_EVENTS = ("envelope-sent", "envelope-delivered", "envelope-completed", "envelope-declined",
                   "envelope-voided", "recipient-sent", "recipient-delivered", "recipient-completed",
                   "recipient-declined", "recipient-authenticationfailed")


class CountersignError(Exception):
    """An API error: ``error_code`` is the API's code, the message its text."""

    error_code = "UNSPECIFIED_ERROR"

    def __init__(self, message: str, error_code: Optional[str] = None) -> None:
        super().__init__(f"{error_code or self.error_code}: {message}")
        if error_code:
            self.error_code = error_code


class AuthenticationFailed(CountersignError):
    error_code = "AUTHORIZATION_INVALID_TOKEN"


class PermissionDenied(CountersignError):
    error_code = "USER_LACKS_PERMISSIONS"


class ResourceNotFound(CountersignError, LookupError):
    error_code = "RESOURCE_NOT_FOUND"


class InvalidEnvelopeState(CountersignError):
    error_code = "ENVELOPE_NOT_IN_CORRECT_STATE"


class ValidationFailed(CountersignError, ValueError):
    error_code = "INVALID_REQUEST_PARAMETER"


def _uuid(seed: str, n: int) -> str:
    h = hashlib.sha256(f"{seed}:{n}".encode()).hexdigest()
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"


def envelope_id_for(n: int) -> str:
    """The envelope id the n-th new envelope of a fresh state gets (deterministic)."""
    return _uuid("envelope", n)


def template_id_for(n: int) -> str:
    """The template id the n-th new template of a fresh state gets (deterministic)."""
    return _uuid("template", n)


def batch_id_for(n: int) -> str:
    """The bulk batch id the n-th new batch of a fresh state gets (deterministic)."""
    return _uuid("batch", n)


def _recipient(rid, rtype, name, email, order, status="created", signed=None, host=None):
    return {"recipientId": rid, "recipientType": rtype, "name": name, "email": email, "routingOrder": order,
            "status": status, "signedDateTime": signed, "hostName": host}


def _envelope(eid, subject, status, created, sent, docs, recipients, owner, folder, completed=None, tabs=()):
    return {"envelopeId": eid, "emailSubject": subject, "emailBlurb": None, "status": status,
            "createdDateTime": created, "sentDateTime": sent, "completedDateTime": completed,
            "documents": [dict(d) for d in docs], "recipients": [dict(r) for r in recipients],
            "tabs": [dict(t) for t in tabs], "owner": owner, "folderId": folder, "brandId": None,
            "notification": {"reminderDelayDays": 2, "reminderFrequencyDays": 2, "expireAfterDays": 120},
            "voidedReason": None, "next_doc": len(docs) + 1, "next_recipient": len(recipients) + 1,
            "audit": []}


class State:
    """Northgate Realty's Countersign account, Thursday 18 May 2028."""

    def __init__(self) -> None:
        self.users = {
            "tom.becker@northgaterealty.com": {"name": "Tom Becker", "secret": "cs_sec_TB-94f1c07e", "role": "admin",
                                               "userId": "b7e2d4f0-1c9a-4e35-8f62-0d4c9a7e1b53"},
            "aisha.khan@northgaterealty.com": {"name": "Aisha Khan", "secret": "cs_sec_AK-2d8e66b1",
                                               "role": "sender", "userId": "e41c07a9-5f3d-4b8e-a2c6-7d90b1f4e628"},
        }
        self.tokens = {}
        self.account = {"accountId": "7d1f3e9a-88b2-4c04-b5e1-f2a6c90d4b17", "accountName": "Northgate Realty LLC",
                        "plan": "Business Pro", "envelopeAllowance": 250, "envelopesSentThisMonth": 184}
        self.folders = [
            {"folderId": "f0c1a2b3-0001-4d5e-9f60-718293a4b5c6", "name": "Inbox", "type": "inbox"},
            {"folderId": "f0c1a2b3-0002-4d5e-9f60-718293a4b5c6", "name": "Sent Items", "type": "sentitems"},
            {"folderId": "f0c1a2b3-0003-4d5e-9f60-718293a4b5c6", "name": "Drafts", "type": "draft"},
            {"folderId": "8e4d2c1b-7a69-4f58-b3e2-1d0c9b8a7f65", "name": "Closed Deals 2028", "type": "normal"},
            {"folderId": "2b9c8d7e-6f50-4a41-9b32-c4d5e6f70819", "name": "Rentals", "type": "normal"},
        ]
        SENT, DRAFTS = self.folders[1]["folderId"], self.folders[2]["folderId"]
        E1, E2, E3, E4, E5, E6 = (_uuid("fixture", i) for i in range(1, 7))
        self.envelopes = {e["envelopeId"]: e for e in [
            _envelope(E1, "Listing Agreement - 14 Alder Way", "completed", "2028-04-29T15:02:11Z",
                      "2028-04-29T15:10:40Z",
                      [{"documentId": "1", "name": "Exclusive Listing Agreement.pdf", "pages": 6}],
                      [_recipient("1", "signer", "Ruth Ogden", "ruth.ogden@example.net", 1, "completed",
                                  "2028-05-02T09:41:07Z")], "aisha.khan@northgaterealty.com", SENT,
                      completed="2028-05-02T09:41:07Z"),
            _envelope(E2, "Purchase Agreement - 22 Birch Lane", "sent", "2028-05-15T11:20:00Z", "2028-05-15T11:31:52Z",
                      [{"documentId": "1", "name": "Residential Purchase Agreement.pdf", "pages": 11},
                       {"documentId": "2", "name": "Seller Disclosure.pdf", "pages": 4}],
                      [_recipient("1", "signer", "Linda Park", "linda.park@example.com", 1, "completed",
                                  "2028-05-15T19:02:44Z"),
                       _recipient("2", "signer", "Marco Diaz", "marco.diaz@example.com", 1, "delivered"),
                       _recipient("3", "carbon_copy", "Harbor Title Closings", "closings@harbortitle.example", 2)],
                      "aisha.khan@northgaterealty.com", SENT,
                      tabs=[{"tabId": "t-2201", "tabType": "signHere", "documentId": "1", "recipientId": "1",
                             "pageNumber": 11, "value": "signed"},
                            {"tabId": "t-2202", "tabType": "signHere", "documentId": "1", "recipientId": "2",
                             "pageNumber": 11, "value": None}]),
            _envelope(E3, "Lead-Based Paint Disclosure - 7 Cedar Court", "sent", "2028-05-12T08:55:19Z",
                      "2028-05-12T09:00:03Z",
                      [{"documentId": "1", "name": "Lead Paint Disclosure.pdf", "pages": 2}],
                      [_recipient("1", "signer", "Owen Fitzgerald", "owen.fitz@example.org", 1, "delivered"),
                       _recipient("2", "signer", "Grace Fitzgerald", "grace.fitz@example.org", 1, "sent")],
                      "tom.becker@northgaterealty.com", SENT,
                      tabs=[{"tabId": "t-2150", "tabType": "signHere", "documentId": "1", "recipientId": "1",
                             "pageNumber": 2, "value": None},
                            {"tabId": "t-2151", "tabType": "signHere", "documentId": "1", "recipientId": "2",
                             "pageNumber": 2, "value": None}]),
            _envelope(E4, "Counter Offer #2 - 22 Birch Lane", "created", "2028-05-17T16:48:30Z", None,
                      [{"documentId": "1", "name": "Counter Offer 2.pdf", "pages": 3}], [],
                      "aisha.khan@northgaterealty.com", DRAFTS),
            _envelope(E5, "Listing Agreement - 3 Dove Street", "voided", "2028-03-02T10:00:00Z", "2028-03-02T10:05:00Z",
                      [{"documentId": "1", "name": "Exclusive Listing Agreement.pdf", "pages": 6}],
                      [_recipient("1", "signer", "Peter Lyle", "plyle@example.com", 1, "sent")],
                      "tom.becker@northgaterealty.com", SENT),
            _envelope(E6, "Lease Agreement - 90 Harbor Street, Unit 4B", "sent", "2028-05-17T13:15:00Z",
                      "2028-05-17T13:16:21Z",
                      [{"documentId": "1", "name": "Residential Lease - Unit 4B.pdf", "pages": 12}],
                      [_recipient("1", "in_person_signer", "James Wu", "jwu.tenant@example.com", 1, "sent",
                                  host="Aisha Khan")],
                      "aisha.khan@northgaterealty.com", SENT,
                      tabs=[{"tabId": "t-2230", "tabType": "signHere", "documentId": "1", "recipientId": "1",
                             "pageNumber": 12, "value": None}]),
        ]}
        self.envelopes[E5]["voidedReason"] = "Seller withdrew the listing"
        self.envelopes[E6]["emailBlurb"] = "Lease for signing at the office"
        for e in self.envelopes.values():
            e["audit"] = [[e["createdDateTime"], "Envelope created", e["owner"]]]
            if e["sentDateTime"]:
                e["audit"].append([e["sentDateTime"], "Envelope sent", e["owner"]])
            for r in e["recipients"]:
                if r["signedDateTime"]:
                    e["audit"].append([r["signedDateTime"], "Recipient signed", r["email"]])
        self.templates = {t["templateId"]: t for t in [
            {"templateId": _uuid("fixture-template", 1), "name": "Residential Purchase Agreement (Ohio)",
             "description": "Purchase agreement with seller disclosure", "owner": "tom.becker@northgaterealty.com",
             "roles": [{"roleName": "Buyer 1", "routingOrder": 1}, {"roleName": "Buyer 2", "routingOrder": 1},
                       {"roleName": "Seller", "routingOrder": 2}],
             "documents": [{"documentId": "1", "name": "Residential Purchase Agreement.pdf", "pages": 11},
                           {"documentId": "2", "name": "Seller Disclosure.pdf", "pages": 4}],
             "sharedWith": ["4410733"], "lastModified": "2028-01-09"},
            {"templateId": _uuid("fixture-template", 2), "name": "Exclusive Listing Agreement",
             "description": "Six-month exclusive right to sell", "owner": "tom.becker@northgaterealty.com",
             "roles": [{"roleName": "Seller", "routingOrder": 1}, {"roleName": "Listing Agent", "routingOrder": 2}],
             "documents": [{"documentId": "1", "name": "Exclusive Listing Agreement.pdf", "pages": 6}],
             "sharedWith": ["4410721", "4410733"], "lastModified": "2027-11-20"},
            {"templateId": _uuid("fixture-template", 3), "name": "Open House Visitor Waiver",
             "description": "Sign-in and liability waiver for open-house visitors",
             "owner": "aisha.khan@northgaterealty.com", "roles": [{"roleName": "Visitor", "routingOrder": 1}],
             "documents": [{"documentId": "1", "name": "Open House Waiver.pdf", "pages": 1}],
             "sharedWith": [], "lastModified": "2028-04-02"},
            {"templateId": _uuid("fixture-template", 4), "name": "Buyer Representation Agreement",
             "description": "Exclusive buyer agency", "owner": "tom.becker@northgaterealty.com",
             "roles": [{"roleName": "Buyer", "routingOrder": 1}, {"roleName": "Buyer's Agent", "routingOrder": 2}],
             "documents": [{"documentId": "1", "name": "Buyer Representation Agreement.pdf", "pages": 5}],
             "sharedWith": ["4410721"], "lastModified": "2028-02-14"},
        ]}
        self.groups = [["4410721", "Agents", 12], ["4410733", "Transaction Coordinators", 3], ["4410740", "Brokers", 2]]
        self.brands = [
            {"brandId": "c9d8e7f6-1a2b-4c3d-8e4f-5a6b7c8d9e01", "brandName": "Northgate Realty", "isDefault": True},
            {"brandId": "a1b2c3d4-9e8f-4a7b-b6c5-d4e3f2a1b0c9", "brandName": "Northgate Commercial",
             "isDefault": False},
        ]
        self.contacts = [
            {"contactId": "0c5e7a91-2d4f-4b6a-8c1e-3f5a7b9d1e20", "name": "Linda Park",
             "emails": ["linda.park@example.com"], "organization": None},
            {"contactId": "1d6f8b02-3e5a-4c7b-9d2f-4a6b8c0e2f31", "name": "Marco Diaz",
             "emails": ["marco.diaz@example.com"], "organization": None},
            {"contactId": "2e7a9c13-4f6b-4d8c-ae3a-5b7c9d1f3a42", "name": "Harbor Title Closings",
             "emails": ["closings@harbortitle.example"], "organization": "Harbor Title Agency"},
            {"contactId": "3f8bad24-5a7c-4e9d-bf4b-6c8dae2a4b53", "name": "Denise Walsh",
             "emails": ["dwalsh@walshlaw.example", "denise.walsh@example.com"], "organization": "Walsh Law Office"},
            {"contactId": "4a9cbe35-6b8d-4fae-8a5c-7d9ebf3b5c64", "name": "Ruth Ogden",
             "emails": ["ruth.ogden@example.net"], "organization": None},
        ]
        self.bulk_lists = {}
        self.batches = {}
        self.connect = {}
        self.views = {}
        self.counters = {"token": 5100, "envelope": 1, "template": 1, "tab": 2300, "view": 700, "bulk_list": 31,
                         "batch": 1, "connect": 10470, "contact": 1}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _auth(state, access_token):
    email = state.tokens.get(access_token)
    if email is None:
        raise AuthenticationFailed("The access token is invalid, expired or revoked")
    return email, state.users[email]


def _env(state, envelope_id):
    e = state.envelopes.get(envelope_id)
    if e is None:
        raise ResourceNotFound(f"Envelope {envelope_id} does not exist", "ENVELOPE_DOES_NOT_EXIST")
    return e


def _draft(e):
    if e["status"] != "created":
        raise InvalidEnvelopeState(f"Envelope is {e['status']}; only a draft (created) envelope can be changed this way")


def _recip(e, recipient_id):
    r = next((r for r in e["recipients"] if r["recipientId"] == recipient_id), None)
    if r is None:
        raise ResourceNotFound(f"Recipient {recipient_id} is not on envelope {e['envelopeId']}",
                               "INVALID_RECIPIENT_ID")
    return r


def _tpl(state, template_id):
    t = state.templates.get(template_id)
    if t is None:
        raise ResourceNotFound(f"Template {template_id} does not exist", "TEMPLATE_ID_INVALID")
    return t


def _summary(e):
    return {"envelopeId": e["envelopeId"], "emailSubject": e["emailSubject"], "status": e["status"],
            "sentDateTime": e["sentDateTime"], "folderId": e["folderId"]}


def _current_order(e):
    pending = [r["routingOrder"] for r in e["recipients"] if r["status"] not in ("completed",)
               and r["recipientType"] != "carbon_copy"]
    return min(pending) if pending else None


def _log(e, event, actor):
    e["audit"].append([NOW, event, actor])


# --------------------------------------------------------------------------- auth and account


def get_access_token(client_id: str, user_email: str, client_secret: str, state: State = None) -> dict:
    """Exchange the account's integration key (client id) and a user's secret for a bearer token.
    The token is valid for an hour and is needed by every other call except signing in person."""
    if client_id != CLIENT_ID:
        raise AuthenticationFailed("Unknown integration key", "INVALID_CLIENT")
    u = state.users.get(user_email.strip().lower())
    if u is None or u["secret"] != client_secret:
        raise AuthenticationFailed("Unknown user or wrong secret", "INVALID_GRANT")
    token = f"eyJ0eXAiOiJNVCJ9.{_next(state, 'token')}.{u['userId'][:8]}"
    state.tokens[token] = user_email.strip().lower()
    return {"access_token": token, "token_type": "Bearer", "expires_in": 3600, "user_id": u["userId"],
            "user_name": u["name"]}


def revoke_access_token(access_token: str, state: State = None) -> str:
    """Revoke a bearer token before it expires (sign out)."""
    email, u = _auth(state, access_token)
    del state.tokens[access_token]
    return f"Token revoked for {u['name']}."


def get_account_info(access_token: str, state: State = None) -> dict:
    """The account's name, plan and how many envelopes have been sent this month out of the plan's
    monthly allowance."""
    _auth(state, access_token)
    return dict(state.account)


# --------------------------------------------------------------------------- envelopes


def create_envelope(access_token: str, email_subject: str, email_blurb: Optional[str] = None,
                    state: State = None) -> dict:
    """Create an empty draft envelope with the subject line its recipients will see. Documents,
    recipients and tabs are added to the draft before it is sent."""
    email, _ = _auth(state, access_token)
    if not email_subject.strip():
        raise ValidationFailed("emailSubject is required")
    if len(email_subject) > 100:
        raise ValidationFailed("emailSubject may be at most 100 characters")
    eid = envelope_id_for(_next(state, "envelope"))
    e = _envelope(eid, email_subject, "created", NOW, None, [], [], email, state.folders[2]["folderId"])
    e["emailBlurb"] = email_blurb
    e["audit"] = [[NOW, "Envelope created", email]]
    state.envelopes[eid] = e
    return {"envelopeId": eid, "status": "created", "createdDateTime": NOW}


def create_envelope_from_template(access_token: str, template_id: str, role_names: List[str], signer_names: List[str],
                                  signer_emails: List[str], email_subject: Optional[str] = None,
                                  state: State = None) -> str:
    """Create a draft envelope from a template, filling each of the template's roles with a person.
    role_names, signer_names and signer_emails are parallel lists, one entry per role; every role of
    the template must be filled. The draft gets the template's documents and tabs and can be sent
    as it is."""
    email, _ = _auth(state, access_token)
    t = _tpl(state, template_id)
    if not (len(role_names) == len(signer_names) == len(signer_emails)):
        raise ValidationFailed("role_names, signer_names and signer_emails must have the same length")
    roles = {r["roleName"]: r for r in t["roles"]}
    for rn in role_names:
        if rn not in roles:
            raise ValidationFailed(f"Role '{rn}' is not a role of template {template_id}", "INVALID_ROLE_NAME")
    missing = [r for r in roles if r not in role_names]
    if missing:
        raise ValidationFailed(f"{len(missing)} role(s) of the template are not filled", "REQUIRED_ROLE_MISSING")
    if any("@" not in m for m in signer_emails):
        raise ValidationFailed("Every signer needs a valid e-mail address", "INVALID_EMAIL_ADDRESS_FOR_RECIPIENT")
    eid = envelope_id_for(_next(state, "envelope"))
    recips, tabs = [], []
    for i, (rn, nm, em) in enumerate(zip(role_names, signer_names, signer_emails), start=1):
        recips.append(_recipient(str(i), "signer", nm, em, roles[rn]["routingOrder"]))
        recips[-1]["roleName"] = rn
        last = t["documents"][0]
        tabs.append({"tabId": f"t-{_next(state, 'tab')}", "tabType": "signHere", "documentId": last["documentId"],
                     "recipientId": str(i), "pageNumber": last["pages"], "value": None})
    e = _envelope(eid, email_subject or t["name"], "created", NOW, None, t["documents"], recips, email,
                  state.folders[2]["folderId"], tabs=tabs)
    e["audit"] = [[NOW, f"Envelope created from template {t['name']}", email]]
    state.envelopes[eid] = e
    return f"Envelope {eid} created as a draft from template '{t['name']}' with {len(recips)} recipients."


def list_envelopes(access_token: str, status: Optional[EnvelopeStatus] = None, search_text: Optional[str] = None,
                   state: State = None) -> List[dict]:
    """Envelopes in the account, most recently changed first, optionally only those in one status
    or whose subject or recipients match some text."""
    _auth(state, access_token)
    rows = []
    for e in state.envelopes.values():
        if status is not None and e["status"] != status:
            continue
        if search_text:
            hay = " ".join([e["emailSubject"]] + [r["name"] + " " + r["email"] for r in e["recipients"]]).lower()
            if search_text.lower() not in hay:
                continue
        rows.append(e)
    rows.sort(key=lambda e: e["sentDateTime"] or e["createdDateTime"], reverse=True)
    return [_summary(e) for e in rows]


def get_envelope(access_token: str, envelope_id: str, state: State = None) -> dict:
    """An envelope in full: status, documents, and recipients grouped by type, each with its
    recipient id, routing order and status."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    groups: Dict[str, list] = {"signers": [], "inPersonSigners": [], "carbonCopies": [], "certifiedDeliveries": []}
    key = {"signer": "signers", "in_person_signer": "inPersonSigners", "carbon_copy": "carbonCopies",
           "certified_delivery": "certifiedDeliveries"}
    for r in e["recipients"]:
        groups[key[r["recipientType"]]].append({k: r[k] for k in ("recipientId", "name", "email", "routingOrder",
                                                                  "status")})
    return {"envelopeId": e["envelopeId"], "emailSubject": e["emailSubject"], "status": e["status"],
            "sentDateTime": e["sentDateTime"], "completedDateTime": e["completedDateTime"],
            "documents": [dict(d) for d in e["documents"]], "recipients": groups,
            "brandId": e["brandId"], "notification": dict(e["notification"])}


def update_envelope(access_token: str, envelope_id: str, email_subject: Optional[str] = None,
                    email_blurb: Optional[str] = None, state: State = None) -> dict:
    """Change a draft envelope's subject line or message. Refused when nothing would change."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    _draft(e)
    changes = {k: v for k, v in (("emailSubject", email_subject), ("emailBlurb", email_blurb))
               if v is not None and v != e[k]}
    if not changes:
        raise ValidationFailed("Nothing to update", "NO_CHANGES")
    e.update(changes)
    return _summary(e)


def add_document(access_token: str, envelope_id: str, file_name: str, page_count: int, state: State = None) -> dict:
    """Upload a PDF or Word document to a draft envelope. Returns the document's id within the
    envelope (documents are numbered 1, 2, ... in each envelope)."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    _draft(e)
    if not file_name.lower().endswith((".pdf", ".docx")):
        raise ValidationFailed("Only .pdf and .docx files can be uploaded", "FORMAT_CONVERSION_ERROR")
    if not 1 <= page_count <= 200:
        raise ValidationFailed("A document has 1 to 200 pages")
    if any(d["name"] == file_name for d in e["documents"]):
        raise ValidationFailed(f"{file_name} is already in the envelope", "DUPLICATE_DOCUMENT")
    did = str(e["next_doc"])
    e["next_doc"] += 1
    e["documents"].append({"documentId": did, "name": file_name, "pages": page_count})
    return {"documentId": did, "name": file_name, "pages": page_count, "envelopeId": envelope_id}


def remove_document(access_token: str, envelope_id: str, document_id: str, state: State = None) -> List[dict]:
    """Remove a document (and its tabs) from a draft envelope. Returns the documents left."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    _draft(e)
    if not any(d["documentId"] == document_id for d in e["documents"]):
        raise ResourceNotFound(f"Document {document_id} is not in the envelope", "INVALID_DOCUMENT_ID")
    e["documents"] = [d for d in e["documents"] if d["documentId"] != document_id]
    e["tabs"] = [t for t in e["tabs"] if t["documentId"] != document_id]
    return [dict(d) for d in e["documents"]]


def add_recipients(access_token: str, envelope_id: str, recipient_type: RecipientType, names: List[str],
                   emails: List[str], routing_order: int = 1, state: State = None) -> List[dict]:
    """Add recipients of one type to a draft envelope: signers sign remotely from an e-mail link,
    in-person signers sign at the sender's office in a hosted session, carbon copies receive the
    completed documents. names and emails are parallel lists. Recipients with a lower routing
    order get the envelope first. Returns the new recipients with their ids."""
    email, u = _auth(state, access_token)
    e = _env(state, envelope_id)
    _draft(e)
    rtype = RecipientType(recipient_type).value
    if not names or len(names) != len(emails):
        raise ValidationFailed("names and emails must be non-empty lists of the same length")
    if any("@" not in m for m in emails):
        raise ValidationFailed("Every recipient needs a valid e-mail address", "INVALID_EMAIL_ADDRESS_FOR_RECIPIENT")
    if not 1 <= routing_order <= 99:
        raise ValidationFailed("routing_order is 1 to 99")
    taken = {(r["email"].lower(), r["routingOrder"]) for r in e["recipients"]}
    added = []
    for nm, em in zip(names, emails):
        if (em.lower(), routing_order) in taken:
            raise ValidationFailed(f"{em} is already a recipient at routing order {routing_order}",
                                   "DUPLICATE_RECIPIENT")
        rid = str(e["next_recipient"])
        e["next_recipient"] += 1
        r = _recipient(rid, rtype, nm, em, routing_order, host=u["name"] if rtype == "in_person_signer" else None)
        e["recipients"].append(r)
        added.append({k: r[k] for k in ("recipientId", "recipientType", "name", "email", "routingOrder")})
    return added


def update_recipient(access_token: str, envelope_id: str, recipient_id: str, name: Optional[str] = None,
                     email: Optional[str] = None, routing_order: Optional[int] = None, state: State = None) -> dict:
    """Correct a recipient's name, e-mail address or routing order, on a draft or on a sent
    envelope the recipient has not yet signed (a corrected recipient is sent the envelope again).
    Refused when nothing would change."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    if e["status"] not in ("created", "sent", "delivered"):
        raise InvalidEnvelopeState(f"Envelope is {e['status']}; it can no longer be corrected")
    r = _recip(e, recipient_id)
    if r["status"] == "completed":
        raise InvalidEnvelopeState(f"Recipient {recipient_id} has already signed", "RECIPIENT_ALREADY_COMPLETED")
    changes = {k: v for k, v in (("name", name), ("email", email), ("routingOrder", routing_order))
               if v is not None and v != r[k]}
    if not changes:
        raise ValidationFailed("Nothing to update", "NO_CHANGES")
    if "email" in changes and "@" not in changes["email"]:
        raise ValidationFailed("Not a valid e-mail address", "INVALID_EMAIL_ADDRESS_FOR_RECIPIENT")
    r.update(changes)
    if e["status"] != "created":
        r["status"] = "sent"
        _log(e, f"Recipient {recipient_id} corrected and resent", r["email"])
    return {k: r[k] for k in ("recipientId", "recipientType", "name", "email", "routingOrder", "status")}


def remove_recipient(access_token: str, envelope_id: str, recipient_id: str, state: State = None) -> int:
    """Remove a recipient (and their tabs) from a draft envelope. Returns how many recipients are
    left."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    _draft(e)
    _recip(e, recipient_id)
    e["recipients"] = [r for r in e["recipients"] if r["recipientId"] != recipient_id]
    e["tabs"] = [t for t in e["tabs"] if t["recipientId"] != recipient_id]
    return len(e["recipients"])


def add_tabs(access_token: str, envelope_id: str, document_id: str, recipient_id: str, tab_type: TabType,
             page_number: int, x_position: int = 400, y_position: int = 650, tab_label: Optional[str] = None,
             state: State = None) -> dict:
    """Place a field for a signing recipient on a page of a draft envelope's document: a signHere
    or initialHere field, the date signed, the signer's full name, a text box or a checkbox.
    Positions are in points from the page's top left corner."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    _draft(e)
    d = next((d for d in e["documents"] if d["documentId"] == document_id), None)
    if d is None:
        raise ResourceNotFound(f"Document {document_id} is not in the envelope", "INVALID_DOCUMENT_ID")
    r = _recip(e, recipient_id)
    if r["recipientType"] not in _SIGNING_TYPES:
        raise ValidationFailed(f"A {r['recipientType']} recipient cannot have tabs", "INVALID_TAB_RECIPIENT")
    if not 1 <= page_number <= d["pages"]:
        raise ValidationFailed(f"Document {document_id} has {d['pages']} pages", "PAGE_NUMBER_OUT_OF_RANGE")
    if not (0 <= x_position <= 612 and 0 <= y_position <= 792):
        raise ValidationFailed("The position is off the page (612 x 792 points)")
    tab = {"tabId": f"t-{_next(state, 'tab')}", "tabType": tab_type, "documentId": document_id,
           "recipientId": recipient_id, "pageNumber": page_number, "value": None, "tabLabel": tab_label}
    e["tabs"].append(tab)
    return {"tabId": tab["tabId"], "tabType": tab_type, "documentId": document_id, "recipientId": recipient_id,
            "pageNumber": page_number}


def list_tabs(access_token: str, envelope_id: str, recipient_id: str, state: State = None) -> List[list]:
    """A recipient's fields on an envelope, one row per tab:
    [tabId, tabType, documentId, pageNumber, value]."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    _recip(e, recipient_id)
    return [[t["tabId"], t["tabType"], t["documentId"], t["pageNumber"], t["value"]]
            for t in e["tabs"] if t["recipientId"] == recipient_id]


def send_envelope(access_token: str, envelope_id: str, state: State = None) -> str:
    """Send a draft envelope to its recipients. It needs at least one document and one signing
    recipient, and every signing recipient needs a signHere tab. Returns the envelope's new
    status."""
    email, _ = _auth(state, access_token)
    e = _env(state, envelope_id)
    _draft(e)
    if not e["documents"]:
        raise InvalidEnvelopeState("The envelope has no documents", "ENVELOPE_HAS_NO_DOCUMENTS")
    signers = [r for r in e["recipients"] if r["recipientType"] in _SIGNING_TYPES]
    if not signers:
        raise InvalidEnvelopeState("The envelope has no signing recipients", "ENVELOPE_HAS_NO_SIGNERS")
    for r in signers:
        if not any(t["recipientId"] == r["recipientId"] and t["tabType"] == "signHere" for t in e["tabs"]):
            raise InvalidEnvelopeState(f"Recipient {r['recipientId']} ({r['name']}) has no signHere tab",
                                       "SIGNER_HAS_NO_SIGNATURE_TAB")
    if state.account["envelopesSentThisMonth"] >= state.account["envelopeAllowance"]:
        raise PermissionDenied("The monthly envelope allowance is used up", "ENVELOPE_ALLOWANCE_EXCEEDED")
    state.account["envelopesSentThisMonth"] += 1
    e["status"], e["sentDateTime"] = "sent", NOW
    e["folderId"] = state.folders[1]["folderId"]
    first = _current_order(e)
    for r in e["recipients"]:
        if r["routingOrder"] == first:
            r["status"] = "sent"
    _log(e, "Envelope sent", email)
    return "sent"


def get_recipient_status(access_token: str, envelope_id: str, state: State = None) -> List[list]:
    """Where each recipient of an envelope stands, one row per recipient:
    [recipientId, name, recipientType, routingOrder, status, signedDateTime]."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    return [[r["recipientId"], r["name"], r["recipientType"], r["routingOrder"], r["status"], r["signedDateTime"]]
            for r in e["recipients"]]


def send_reminder(access_token: str, envelope_id: str, state: State = None) -> int:
    """E-mail a reminder to every recipient of a sent envelope whose turn it is and who has not yet
    signed. Returns how many were reminded."""
    email, _ = _auth(state, access_token)
    e = _env(state, envelope_id)
    if e["status"] not in ("sent", "delivered"):
        raise InvalidEnvelopeState(f"Envelope is {e['status']}; only a sent envelope can be reminded")
    order = _current_order(e)
    due = [r for r in e["recipients"] if r["routingOrder"] == order and r["status"] in ("sent", "delivered")
           and r["recipientType"] == "signer"]
    if not due:
        raise InvalidEnvelopeState("Nobody is waiting to sign remotely", "NO_RECIPIENTS_TO_REMIND")
    _log(e, f"Reminder sent to {len(due)} recipient(s)", email)
    return len(due)


def void_envelope(access_token: str, envelope_id: str, voided_reason: str, state: State = None) -> str:
    """Void a sent envelope that is not yet completed, so that nobody can sign it. Recipients are
    told the reason."""
    email, _ = _auth(state, access_token)
    e = _env(state, envelope_id)
    if e["status"] not in ("sent", "delivered"):
        raise InvalidEnvelopeState(f"Envelope is {e['status']}; only a sent, uncompleted envelope can be voided")
    if not voided_reason.strip():
        raise ValidationFailed("A voided reason is required", "VOIDED_REASON_REQUIRED")
    e["status"], e["voidedReason"] = "voided", voided_reason
    _log(e, "Envelope voided", email)
    return f"Envelope {envelope_id} voided: {voided_reason}"


def create_recipient_view(access_token: str, envelope_id: str, recipient_id: str, return_url: str,
                          state: State = None) -> dict:
    """Start a hosted signing session for an in-person signer of a sent envelope, on the sender's
    screen. Returns the session's URL and view id; the session lasts five minutes."""
    email, u = _auth(state, access_token)
    e = _env(state, envelope_id)
    if e["status"] not in ("sent", "delivered"):
        raise InvalidEnvelopeState(f"Envelope is {e['status']}; signing sessions are for sent envelopes")
    r = _recip(e, recipient_id)
    if r["recipientType"] != "in_person_signer":
        raise ValidationFailed("Remote signers sign from their e-mail; only in-person signers can be hosted",
                               "RECIPIENT_NOT_IN_PERSON")
    if r["status"] == "completed":
        raise InvalidEnvelopeState(f"Recipient {recipient_id} has already signed", "RECIPIENT_ALREADY_COMPLETED")
    if r["routingOrder"] != _current_order(e):
        raise InvalidEnvelopeState("It is not this recipient's turn yet", "RECIPIENT_NOT_IN_SEQUENCE")
    if not return_url.startswith("https://"):
        raise ValidationFailed("return_url must be an https URL")
    vid = f"vw_{_next(state, 'view')}"
    state.views[vid] = {"envelopeId": envelope_id, "recipientId": recipient_id, "used": False, "host": u["name"]}
    return {"url": f"https://app.countersign.example/signing/{vid}?host={u['userId'][:8]}", "viewId": vid,
            "expiresInSeconds": 300}


def sign_in_person(view_id: str, adopted_name: str, state: State = None) -> str:
    """The in-person signer adopts a signature and signs every tab in an open hosted session (no
    token: the session is the signer's). The name adopted must be the recipient's name."""
    v = state.views.get(view_id)
    if v is None or v["used"]:
        raise ResourceNotFound("The signing session does not exist or has ended", "INVALID_SIGNING_SESSION")
    e = state.envelopes[v["envelopeId"]]
    r = _recip(e, v["recipientId"])
    if adopted_name.strip().lower() != r["name"].lower():
        raise ValidationFailed("The adopted signature must be in the recipient's own name", "SIGNATURE_NAME_MISMATCH")
    v["used"] = True
    r["status"], r["signedDateTime"] = "completed", NOW
    for t in e["tabs"]:
        if t["recipientId"] == r["recipientId"]:
            t["value"] = "signed"
    _log(e, "Recipient signed in person", r["email"])
    if all(x["status"] == "completed" for x in e["recipients"] if x["recipientType"] in _SIGNING_TYPES):
        e["status"], e["completedDateTime"] = "completed", NOW
        for x in e["recipients"]:
            if x["recipientType"] == "carbon_copy":
                x["status"] = "completed"
        _log(e, "Envelope completed", "system")
    else:
        order = _current_order(e)
        for x in e["recipients"]:
            if x["routingOrder"] == order and x["status"] == "created":
                x["status"] = "sent"
    return f"{r['name']} signed envelope {e['envelopeId']}; the envelope is now {e['status']}."


def download_document(access_token: str, envelope_id: str, document_id: str, state: State = None) -> dict:
    """Download one of an envelope's documents by its id, "combined" for all of them in one PDF, or
    "certificate" for the certificate of completion (completed envelopes only)."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    if document_id == "certificate":
        if e["status"] != "completed":
            raise InvalidEnvelopeState("The certificate of completion exists once the envelope is completed",
                                       "ENVELOPE_NOT_COMPLETED")
        name, pages = f"Certificate of Completion - {e['emailSubject']}.pdf", 3
    elif document_id == "combined":
        name, pages = f"{e['emailSubject']}.pdf", sum(d["pages"] for d in e["documents"])
    else:
        d = next((d for d in e["documents"] if d["documentId"] == document_id), None)
        if d is None:
            raise ResourceNotFound(f"Document {document_id} is not in the envelope", "INVALID_DOCUMENT_ID")
        name, pages = d["name"], d["pages"]
    digest = hashlib.sha256(f"{envelope_id}:{document_id}:{e['status']}".encode()).hexdigest()
    return {"fileName": name, "pages": pages, "sha256": digest, "contentType": "application/pdf"}


def validate_document(sha256: str, state: State = None) -> dict:
    """Check that a PDF is a genuine, unaltered document sealed by Countersign, from the SHA-256
    hash of the downloaded file. Public: needs no token. Refused when no completed envelope has a
    document with that hash."""
    digest = sha256.strip().lower()
    for e in state.envelopes.values():
        if e["status"] != "completed":
            continue
        for did in [d["documentId"] for d in e["documents"]] + ["combined", "certificate"]:
            if hashlib.sha256(f"{e['envelopeId']}:{did}:completed".encode()).hexdigest() == digest:
                return {"valid": True, "envelopeId": e["envelopeId"], "emailSubject": e["emailSubject"],
                        "documentId": did, "sealedDateTime": e["completedDateTime"]}
    raise ResourceNotFound("No document sealed by Countersign has this hash; it may have been altered",
                           "DOCUMENT_NOT_VALIDATED")


def get_service_information() -> dict:
    """The API's versions and base URL and whether the service is up. Public: needs no token."""
    return {"service": "Countersign eSignature REST API", "apiVersion": "v2.1",
            "baseUrl": "https://api.countersign.example/restapi/v2.1", "status": "operational",
            "region": "us-east"}


def get_audit_events(access_token: str, envelope_id: str, state: State = None) -> List[list]:
    """The envelope's audit trail, one row per event: [timestamp, event, actor]."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    return [list(a) for a in e["audit"]]


def set_notification(access_token: str, envelope_id: str, reminder_delay_days: int, reminder_frequency_days: int,
                     expire_after_days: int, state: State = None) -> dict:
    """Set a draft or sent envelope's automatic reminders (first after reminder_delay_days, then every
    reminder_frequency_days) and when it expires. Refused when nothing would change."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    if e["status"] not in ("created", "sent", "delivered"):
        raise InvalidEnvelopeState(f"Envelope is {e['status']}")
    if not (0 <= reminder_delay_days <= 999 and 0 <= reminder_frequency_days <= 999 and 1 <= expire_after_days <= 999):
        raise ValidationFailed("Days are 0 to 999 (expiry 1 to 999)")
    new = {"reminderDelayDays": reminder_delay_days, "reminderFrequencyDays": reminder_frequency_days,
           "expireAfterDays": expire_after_days}
    if new == e["notification"]:
        raise ValidationFailed("Those are the envelope's settings already", "NO_CHANGES")
    e["notification"] = new
    return dict(new)


def list_brands(access_token: str, state: State = None) -> List[dict]:
    """The account's brands (logo, colours and e-mail wording applied to envelopes)."""
    _auth(state, access_token)
    return [dict(b) for b in state.brands]


def set_envelope_brand(access_token: str, envelope_id: str, brand_id: str, state: State = None) -> dict:
    """Apply one of the account's brands to a draft envelope."""
    _auth(state, access_token)
    e = _env(state, envelope_id)
    _draft(e)
    b = next((b for b in state.brands if b["brandId"] == brand_id), None)
    if b is None:
        raise ResourceNotFound(f"Brand {brand_id} does not exist", "BRAND_NOT_FOUND")
    if e["brandId"] == brand_id:
        raise ValidationFailed(f"The envelope already uses {b['brandName']}", "NO_CHANGES")
    e["brandId"] = brand_id
    return {"envelopeId": envelope_id, "brandId": brand_id, "brandName": b["brandName"]}


def list_folders(access_token: str, state: State = None) -> List[dict]:
    """The account's envelope folders."""
    _auth(state, access_token)
    return [dict(f) for f in state.folders]


def move_envelopes(access_token: str, envelope_ids: List[str], to_folder_id: str, state: State = None) -> int:
    """Move envelopes to a folder. Returns how many were moved."""
    _auth(state, access_token)
    f = next((f for f in state.folders if f["folderId"] == to_folder_id), None)
    if f is None:
        raise ResourceNotFound(f"Folder {to_folder_id} does not exist", "FOLDER_NOT_FOUND")
    if not envelope_ids:
        raise ValidationFailed("Give at least one envelope")
    envs = [_env(state, eid) for eid in envelope_ids]
    moving = [e for e in envs if e["folderId"] != to_folder_id]
    if not moving:
        raise ValidationFailed(f"Those envelopes are already in {f['name']}", "NO_CHANGES")
    for e in moving:
        e["folderId"] = to_folder_id
    return len(moving)


# --------------------------------------------------------------------------- templates


def list_templates(access_token: str, search_text: Optional[str] = None, state: State = None) -> List[dict]:
    """Templates the user can use (their own and those shared with their groups), optionally
    only those whose name matches some text."""
    email, u = _auth(state, access_token)
    out = []
    for t in state.templates.values():
        if search_text and search_text.lower() not in t["name"].lower():
            continue
        out.append({"templateId": t["templateId"], "name": t["name"], "description": t["description"],
                    "lastModified": t["lastModified"]})
    return out


def get_template(access_token: str, template_id: str, state: State = None) -> dict:
    """A template in full: its documents and its roles, each with a role name and routing order."""
    _auth(state, access_token)
    t = _tpl(state, template_id)
    return {"templateId": t["templateId"], "name": t["name"], "description": t["description"],
            "roles": [dict(r) for r in t["roles"]], "documents": [dict(d) for d in t["documents"]],
            "sharedWithGroups": list(t["sharedWith"])}


def save_as_template(access_token: str, envelope_id: str, name: str, state: State = None) -> str:
    """Save an envelope's documents and recipients as a new template; each signing recipient
    becomes a role ("Signer 1", "Signer 2", ...). The envelope needs at least one document."""
    email, _ = _auth(state, access_token)
    e = _env(state, envelope_id)
    if not e["documents"]:
        raise InvalidEnvelopeState("An envelope without documents cannot be saved as a template",
                                   "ENVELOPE_HAS_NO_DOCUMENTS")
    if any(t["name"].lower() == name.strip().lower() for t in state.templates.values()):
        raise ValidationFailed(f"A template named '{name}' already exists", "DUPLICATE_TEMPLATE_NAME")
    signers = [r for r in e["recipients"] if r["recipientType"] in _SIGNING_TYPES]
    tid = template_id_for(_next(state, "template"))
    state.templates[tid] = {"templateId": tid, "name": name.strip(), "description": f"Saved from {e['emailSubject']}",
                            "owner": email,
                            "roles": [{"roleName": f"Signer {i}", "routingOrder": r["routingOrder"]}
                                      for i, r in enumerate(signers, start=1)],
                            "documents": [dict(d) for d in e["documents"]], "sharedWith": [],
                            "lastModified": TODAY}
    return f"Saved '{name.strip()}' as template {tid} with {len(e['documents'])} document(s)."


def list_groups(access_token: str, state: State = None) -> List[list]:
    """The account's user groups, one row per group: [groupId, groupName, userCount]."""
    _auth(state, access_token)
    return [list(g) for g in state.groups]


def share_template(access_token: str, template_id: str, group_ids: List[str], state: State = None) -> List[str]:
    """Share a template with user groups (account administrators only). Returns the names of the
    groups it is now shared with."""
    email, u = _auth(state, access_token)
    if u["role"] != "admin":
        raise PermissionDenied("Only account administrators can share templates")
    t = _tpl(state, template_id)
    known = {g[0]: g[1] for g in state.groups}
    for gid in group_ids:
        if gid not in known:
            raise ResourceNotFound(f"Group {gid} does not exist", "INVALID_GROUP_ID")
    new = [g for g in group_ids if g not in t["sharedWith"]]
    if not new:
        raise ValidationFailed("The template is already shared with those groups", "NO_CHANGES")
    t["sharedWith"].extend(new)
    return [known[g] for g in t["sharedWith"]]


# --------------------------------------------------------------------------- bulk send


def create_bulk_send_list(access_token: str, name: str, names: List[str], emails: List[str],
                          state: State = None) -> dict:
    """Create a bulk send list of people (names and emails are parallel lists)."""
    _auth(state, access_token)
    if not names or len(names) != len(emails):
        raise ValidationFailed("names and emails must be non-empty lists of the same length")
    if any("@" not in m for m in emails):
        raise ValidationFailed("Every entry needs a valid e-mail address")
    lid = _uuid("bulk-list", _next(state, "bulk_list"))
    state.bulk_lists[lid] = {"name": name, "rows": [[n, m] for n, m in zip(names, emails)]}
    return {"bulkSendListId": lid, "name": name, "recipientCount": len(names)}


def send_bulk(access_token: str, bulk_send_list_id: str, template_id: str, state: State = None) -> str:
    """Send one envelope per person on a bulk send list, made from a template with a single signing
    role. Returns a sentence with the batch id."""
    email, _ = _auth(state, access_token)
    lst = state.bulk_lists.get(bulk_send_list_id)
    if lst is None:
        raise ResourceNotFound(f"Bulk send list {bulk_send_list_id} does not exist", "BULK_SEND_LIST_NOT_FOUND")
    t = _tpl(state, template_id)
    if len(t["roles"]) != 1:
        raise ValidationFailed("Bulk send needs a template with exactly one role", "BULK_SEND_TEMPLATE_ROLES")
    n = len(lst["rows"])
    if state.account["envelopesSentThisMonth"] + n > state.account["envelopeAllowance"]:
        raise PermissionDenied("This batch would exceed the monthly envelope allowance", "ENVELOPE_ALLOWANCE_EXCEEDED")
    state.account["envelopesSentThisMonth"] += n
    ids = []
    for person, mail in lst["rows"]:
        eid = envelope_id_for(_next(state, "envelope"))
        r = _recipient("1", "signer", person, mail, 1, "sent")
        r["roleName"] = t["roles"][0]["roleName"]
        e = _envelope(eid, t["name"], "sent", NOW, NOW, t["documents"], [r], email, state.folders[1]["folderId"],
                      tabs=[{"tabId": f"t-{_next(state, 'tab')}", "tabType": "signHere", "documentId": "1",
                             "recipientId": "1", "pageNumber": t["documents"][0]["pages"], "value": None}])
        e["audit"] = [[NOW, "Envelope sent (bulk)", email]]
        state.envelopes[eid] = e
        ids.append(eid)
    bid = batch_id_for(_next(state, "batch"))
    state.batches[bid] = {"batchId": bid, "list": lst["name"], "template": t["name"], "envelopeIds": ids}
    return f"Bulk send batch {bid} queued: {n} envelopes from '{t['name']}' to list '{lst['name']}'."


def get_bulk_send_batch(access_token: str, batch_id: str, state: State = None) -> dict:
    """How a bulk send batch went: how many envelopes were sent and their ids."""
    _auth(state, access_token)
    b = state.batches.get(batch_id)
    if b is None:
        raise ResourceNotFound(f"Batch {batch_id} does not exist", "BULK_SEND_BATCH_NOT_FOUND")
    return {"batchId": batch_id, "status": "processed", "sent": len(b["envelopeIds"]), "failed": 0,
            "envelopeIds": list(b["envelopeIds"])}


# --------------------------------------------------------------------------- connect and contacts


def create_connect_configuration(access_token: str, name: str, url: str, events: List[str],
                                 state: State = None) -> dict:
    """Create a Connect webhook that posts envelope and recipient events to a URL (account
    administrators only)."""
    email, u = _auth(state, access_token)
    if u["role"] != "admin":
        raise PermissionDenied("Only account administrators can configure Connect")
    if not url.startswith("https://"):
        raise ValidationFailed("Connect only posts to https URLs", "INVALID_CONNECT_URL")
    bad = [ev for ev in events if ev not in _CONNECT_EVENTS]
    if not events or bad:
        raise ValidationFailed(f"Unknown event(s) {bad}; events are " + ", ".join(_CONNECT_EVENTS),
                               "INVALID_CONNECT_EVENT")
    cid = str(_next(state, "connect"))
    state.connect[cid] = {"connectId": cid, "name": name, "url": url, "events": list(events), "enabled": True}
    return {"connectId": cid, "name": name, "url": url, "events": list(events), "enabled": True}


def delete_connect_configuration(access_token: str, connect_id: str, state: State = None) -> str:
    """Delete a Connect webhook (account administrators only)."""
    email, u = _auth(state, access_token)
    if u["role"] != "admin":
        raise PermissionDenied("Only account administrators can configure Connect")
    if connect_id not in state.connect:
        raise ResourceNotFound(f"Connect configuration {connect_id} does not exist", "CONNECT_CONFIG_NOT_FOUND")
    c = state.connect.pop(connect_id)
    return f"Connect configuration {connect_id} ({c['name']}) deleted."


def add_contact(access_token: str, name: str, emails: List[str], organization: Optional[str] = None,
                state: State = None) -> dict:
    """Add a person to the account's shared address book."""
    _auth(state, access_token)
    if not emails or any("@" not in m for m in emails):
        raise ValidationFailed("A contact needs at least one valid e-mail address")
    if any(set(m.lower() for m in emails) & set(x.lower() for x in c["emails"]) for c in state.contacts):
        raise ValidationFailed("A contact with that e-mail address already exists", "DUPLICATE_CONTACT")
    cid = _uuid("contact", _next(state, "contact"))
    state.contacts.append({"contactId": cid, "name": name, "emails": list(emails), "organization": organization})
    return {"contactId": cid, "name": name, "emails": list(emails), "organization": organization}


def list_contacts(access_token: str, search_text: Optional[str] = None, state: State = None) -> List[dict]:
    """People in the account's shared address book, optionally only those whose name or
    organization matches some text."""
    _auth(state, access_token)
    out = []
    for c in state.contacts:
        hay = f"{c['name']} {c['organization'] or ''}".lower()
        if search_text and search_text.lower() not in hay:
            continue
        out.append({"contactId": c["contactId"], "name": c["name"], "emails": list(c["emails"]),
                    "organization": c["organization"]})
    return out


TOOLS = [
    get_service_information, get_access_token, revoke_access_token, get_account_info,
    create_envelope, create_envelope_from_template, list_envelopes, get_envelope, update_envelope,
    add_document, remove_document, add_recipients, update_recipient, remove_recipient, add_tabs, list_tabs,
    send_envelope, get_recipient_status, send_reminder, void_envelope, create_recipient_view, sign_in_person,
    download_document, validate_document, get_audit_events, set_notification, list_brands, set_envelope_brand, list_folders,
    move_envelopes,
    list_templates, get_template, save_as_template, list_groups, share_template,
    create_bulk_send_list, send_bulk, get_bulk_send_batch,
    create_connect_configuration, delete_connect_configuration, add_contact, list_contacts,
]

FIXTURES = {
    "account": {"name": "Northgate Realty LLC", "service": "Countersign e-signature", "today": "Thursday 18 May 2028",
                "integration_key": CLIENT_ID},
    "users": [
        {"name": "Tom Becker", "role": "broker and account administrator", "email": "tom.becker@northgaterealty.com",
         "secret": "cs_sec_TB-94f1c07e"},
        {"name": "Aisha Khan", "role": "agent", "email": "aisha.khan@northgaterealty.com",
         "secret": "cs_sec_AK-2d8e66b1"},
    ],
    "deals": [
        "Purchase Agreement for 22 Birch Lane: buyers Linda Park and Marco Diaz, Marco has not signed; Marco's new "
        "e-mail is marco.diaz@diazfamily.example",
        "Counter Offer #2 for 22 Birch Lane (a draft): to the sellers, Gail and Ron Meyer "
        "(gail.meyer@example.com, ron.meyer@example.com), copy Denise Walsh, the sellers' attorney",
        "Lease of 90 Harbor Street, Unit 4B: the tenant James Wu is at the office to sign in person",
        "Lead-based paint disclosure for 7 Cedar Court with Owen and Grace Fitzgerald: the sale fell through",
        "a new buyer, Sam Okafor (sam.okafor@example.com), with Aisha Khan as buyer's agent",
        "open house at 5 Willow Row on Saturday: visitors Hannah Cole (hcole@example.com), Victor Osei "
        "(vosei@example.com) and Mei Lin (mei.lin@example.com)",
    ],
    "webhook": {"url": "https://crm.northgaterealty.com/hooks/countersign", "wants": "completed and declined envelopes"},
}

_TOKEN = "auth: bearer token (access_token)"
_PUBLIC = ("get_service_information", "get_access_token", "sign_in_person", "validate_document")
_SIGNED_IN = [fn.__name__ for fn in TOOLS if fn.__name__ not in _PUBLIC]
_DRAFT = "id lookup/create: draft envelope id (envelopeId of a new draft, or of a listed one)"
_LISTED = "id lookup: envelope id (envelopeId)"
_TEMPLATE = "id lookup/create: template id (templateId, or the id in the saved-template sentence)"

GROUND_TRUTH = (
    [("get_access_token", c, _TOKEN) for c in _SIGNED_IN]
    + [("create_envelope|list_envelopes", c, _DRAFT) for c in [
        "add_document", "remove_document", "add_recipients", "remove_recipient", "add_tabs", "list_tabs",
        "update_envelope", "set_envelope_brand", "set_notification", "save_as_template"]]
    + [("list_envelopes", c, _LISTED) for c in [
        "get_envelope", "get_recipient_status", "update_recipient", "send_reminder", "void_envelope",
        "create_recipient_view", "download_document", "get_audit_events", "move_envelopes"]]
    + [("list_templates|save_as_template", c, _TEMPLATE) for c in [
        "get_template", "create_envelope_from_template", "share_template", "send_bulk"]]
    + [
        ("create_envelope|list_envelopes|create_envelope_from_template", "send_envelope",
         "id lookup/create: draft envelope id (envelopeId, or the id in the from-template sentence)"),
        ("add_document|get_envelope", "add_tabs", "id lookup/create: document id (documentId; documents[i])"),
        ("add_document|get_envelope", "remove_document", "id lookup/create: document id (documentId; documents[i])"),
        ("add_recipients", "add_tabs", "id create: recipient id (recipientId)"),
        ("add_recipients|get_envelope", "remove_recipient",
         "id lookup/create: recipient id (recipientId; recipients.<type>[i])"),
        ("add_recipients|get_recipient_status", "list_tabs", "id lookup/create: recipient id (recipientId; row [0])"),
        ("get_envelope|get_recipient_status", "update_recipient",
         "id lookup: recipient id (recipients.signers[i].recipientId; row [0])"),
        ("get_envelope|get_recipient_status", "create_recipient_view",
         "id lookup: recipient id (recipients.inPersonSigners[i].recipientId; row [0])"),
        ("add_document", "send_envelope", "state: the envelope has a document"),
        ("add_recipients", "send_envelope", "state: the envelope has a signing recipient"),
        ("add_tabs", "send_envelope", "state: every signer has a signHere tab"),
        ("send_envelope", "send_reminder", "state: the envelope sent"),
        ("send_envelope", "void_envelope", "state: the envelope sent"),
        ("send_envelope", "create_recipient_view", "state: the envelope sent"),
        ("create_recipient_view", "sign_in_person", "id create: signing session (viewId)"),
        ("sign_in_person", "download_document", "state: the envelope completed (certificate of completion)"),
        ("download_document", "validate_document", "value: the downloaded file's hash (sha256)"),
        ("add_document", "save_as_template", "state: the envelope has a document"),
        ("get_template", "create_envelope_from_template", "vocabulary: the template's role names (roles[i].roleName)"),
        ("list_groups", "share_template", "id lookup: group id (row [0])"),
        ("list_brands", "set_envelope_brand", "id lookup: brand id (brandId)"),
        ("list_folders", "move_envelopes", "id lookup: folder id (folderId)"),
        ("create_bulk_send_list", "send_bulk", "id create: bulk send list id (bulkSendListId)"),
        ("send_bulk", "get_bulk_send_batch", "id create: batch id (in the batch sentence)"),
        ("create_connect_configuration", "delete_connect_configuration", "id create: Connect id (connectId)"),
        ("list_contacts", "add_recipients", "value: a contact's e-mail address (emails[0])"),
    ]
)

PLAUSIBLE = {
    ("create_envelope_from_template", "add_document"), ("create_envelope_from_template", "add_recipients"),
    ("create_envelope_from_template", "add_tabs"), ("create_envelope_from_template", "update_envelope"),
    ("create_envelope_from_template", "set_envelope_brand"), ("create_envelope_from_template", "set_notification"),
    ("create_envelope_from_template", "get_envelope"), ("create_envelope", "get_envelope"),
    ("create_envelope", "get_recipient_status"), ("create_envelope", "send_reminder"),
    ("create_envelope", "void_envelope"), ("create_envelope", "download_document"),
    ("create_envelope", "get_audit_events"), ("create_envelope", "move_envelopes"),
    ("create_envelope", "create_recipient_view"), ("add_recipients", "create_recipient_view"),
    ("add_recipients", "update_recipient"), ("get_recipient_status", "remove_recipient"),
    ("get_envelope", "list_tabs"), ("get_recipient_status", "add_tabs"), ("list_tabs", "send_envelope"),
    ("get_template", "send_bulk"), ("list_templates", "get_envelope"), ("get_envelope", "download_document"),
    ("get_recipient_status", "send_reminder"), ("get_recipient_status", "void_envelope"),
    ("list_contacts", "update_recipient"), ("list_contacts", "create_bulk_send_list"),
    ("list_contacts", "create_envelope_from_template"), ("send_envelope", "get_recipient_status"),
    ("get_bulk_send_batch", "get_envelope"), ("send_bulk", "get_envelope"), ("get_account_info", "send_envelope"),
    ("get_account_info", "send_bulk"), ("list_groups", "list_templates"), ("get_envelope", "validate_document"),
}
