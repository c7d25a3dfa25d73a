"""Scripted proofs that CopyDesk's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a reply that is a dict with an ``error`` key is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Every
id is read from a reply (``"$create_draft.story.id"``, ``"$find_stories.results.0.0"``).
"""

CLIENT = {"client_id": "cd-web-desk"}
AZ = ("authorize", {**CLIENT, "username": "icarvalho", "password": "Quill&Ink-88"})
EX = ("exchange_code", {**CLIENT, "client_secret": "wd-7f3a9c21e8", "code": "$authorize.code"})
T = "$exchange_code.access_token"
AUTH = [AZ, EX]
SU = ("step_up", {"access_token": T, "otp": "604 218"})
G = "$step_up.grant"

LS = ("list_sections", {})
CD = ("create_draft", {"access_token": T, "headline": "Flood barrier fails on the Esk",
                       "section_code": "$list_sections.sections.0.code", "desk": "news"})
NEW = "$create_draft.story.id"
DRAFT = AUTH + [LS, CD]

BODY = ("The flood barrier on the River Esk failed to close on Tuesday night, letting water into more than forty "
        "homes on Millgate and the lower town. The Environment Agency said a hydraulic fault was to blame and that "
        "engineers had been on site since the early hours. Residents said the sirens sounded too late.")


def fs(query: str) -> tuple:
    return ("find_stories", {"query": query})


FOUND = "$find_stories.results.0.0"


def gs(sid: str) -> tuple:
    return ("get_story", {"story_id": sid})


def co(sid: str) -> tuple:
    return ("check_out_story", {"access_token": T, "story_id": sid})


def ub(sid: str) -> tuple:
    return ("update_body", {"access_token": T, "story_id": sid, "lock_id": "$check_out_story.lock.token",
                            "base_revision": "$get_story.story.revision", "body": BODY})


def summary(sid: str) -> tuple:
    return ("set_summary", {"access_token": T, "story_id": sid,
                            "summary": "Forty homes flooded after the Esk barrier failed to close."})


def tags(sid: str) -> tuple:
    return ("add_tags", {"access_token": T, "story_id": sid, "tag_ids": ["$search_tags.matches.0.tag_id"]})


def byline(sid: str) -> tuple:
    return ("add_byline", {"access_token": T, "story_id": sid, "contributor_id": "$list_staff.staff.0.user_id"})


def submit(sid: str) -> tuple:
    return ("submit_for_edit", {"access_token": T, "story_id": sid})


def assign(sid: str) -> tuple:
    return ("assign_editor", {"access_token": T, "story_id": sid, "editor_id": "$editors.staff.0.user_id"})


def approve(sid: str) -> tuple:
    return ("approve_story", {"access_token": T, "story_id": sid, "note": "Checked the figures with the agency."})


def attach(sid: str, asset: str) -> tuple:
    return ("attach_photo", {"access_token": T, "story_id": sid, "asset_id": asset, "placement": "lead"})


def publish(sid: str) -> tuple:
    return ("publish_story", {"access_token": T, "story_id": sid, "channels": ["web", "app"]})


def embargo(sid: str) -> tuple:
    return ("set_embargo", {"access_token": T, "story_id": sid, "until": "$parse_when.iso"})


def lift(sid: str) -> tuple:
    return ("lift_embargo", {"step_up_grant": G, "story_id": sid, "reason": "Agency lifted its embargo early"})


def schedule(sid: str) -> tuple:
    return ("schedule_story", {"access_token": T, "story_id": sid, "publish_at": "$parse_when.iso"})


def correct(sid: str) -> tuple:
    return ("issue_correction", {"access_token": T, "story_id": sid, "severity": "correction",
                                 "wording": "An earlier version of this story gave the wrong street name."})


def unpublish(sid: str) -> tuple:
    return ("unpublish_story", {"step_up_grant": G, "story_id": sid, "reason": "Court order received"})


def push(sid: str) -> tuple:
    return ("send_push_alert", {"step_up_grant": G, "story_id": sid, "audience": "local",
                                "alert_text": "Esk barrier failure floods forty homes in Harwick"})


def newsletter(sid: str) -> tuple:
    return ("add_to_newsletter", {"access_token": T, "edition_id": "$list_editions.editions.0.edition",
                                  "story_id": sid})


def refer(sid: str) -> tuple:
    return ("refer_to_legal", {"access_token": T, "story_id": sid,
                               "concern": "Quotes a resident blaming a named engineer"})


def signoff(ticket: str) -> tuple:
    return ("legal_signoff", {"step_up_grant": G, "ticket_id": ticket, "ruling": "cleared",
                              "advice": "Fair comment; keep the engineer unnamed."})


GS = gs(NEW)
ST = ("search_tags", {"query": "flooding"})
LSR = ("list_staff", {"role": "reporter", "desk": "news"})
LSE = ("list_staff", {"role": "editor", "desk": "news"}, "editors")
UP = ("upload_photo", {"access_token": T, "file_name": "esk-barrier.jpg", "caption": "Water over the Esk barrier",
                       "credit": "Priya Raman/Courier"})
CR = ("clear_rights", {"access_token": T, "asset_id": "$upload_photo.asset.id", "licence": "staff"})
SP_BRIDGE = ("search_photos", {"query": "harbour bridge"})
SP_FERRY = ("search_photos", {"query": "ferry terminal"})
PW = ("parse_when", {"text": "6am Thursday 15 May 2025"})
PW_LATER = ("parse_when", {"text": "15/05/2025 18:30"})
LED = ("list_editions", {"newsletter": "morning"})

WRITTEN = DRAFT + [GS, co(NEW), ub(NEW), summary(NEW), ST, tags(NEW), LSR, byline(NEW)]
SUBMITTED = WRITTEN + [submit(NEW)]
IN_EDIT = SUBMITTED + [LSE, assign(NEW)]
APPROVED = IN_EDIT + [approve(NEW)]
READY = APPROVED + [UP, CR, attach(NEW, "$upload_photo.asset.id")]
LIVE = READY + [publish(NEW)]

# ---------------------------------------------------------------- seeded stories found by search
FERRY = fs("ferry strike")      # st-25-0307, a draft with a body and a byline
TRAM = fs("tram delays")        # st-25-0310, submitted
BRIDGE = fs("harbour bridge")   # st-25-0301, published, with comments
LIFEBOAT = fs("lifeboat")       # st-25-0312, approved, lead photo
BANK = fs("Harwick Bank")       # st-25-0311, approved, embargoed
PORT = fs("port expansion")     # st-25-0309, submitted, with an open legal ticket

FOUND_PATHS = {
    "get_story": [FERRY, gs(FOUND)],
    "check_out_story": AUTH + [FERRY, co(FOUND)],
    "update_body": AUTH + [FERRY, gs(FOUND), co(FOUND), ub(FOUND)],
    "set_summary": AUTH + [FERRY, summary(FOUND)],
    "add_tags": AUTH + [FERRY, ("search_tags", {"query": "strikes"}), tags(FOUND)],
    "add_byline": AUTH + [FERRY, LSR, byline(FOUND)],
    "submit_for_edit": AUTH + [FERRY, summary(FOUND), ("search_tags", {"query": "ferries"}), tags(FOUND),
                               submit(FOUND)],
    "assign_editor": AUTH + [TRAM, LSE, assign(FOUND)],
    "approve_story": AUTH + [TRAM, LSE, assign(FOUND), approve(FOUND)],
    "refer_to_legal": AUTH + [FERRY, refer(FOUND)],
    "attach_photo": AUTH + [FERRY, SP_BRIDGE, attach(FOUND, "$search_photos.hits.0.0")],
    "set_embargo": AUTH + [FERRY, PW, embargo(FOUND)],
    "lift_embargo": AUTH + [SU, BANK, lift(FOUND)],
    "publish_story": AUTH + [LIFEBOAT, publish(FOUND)],
    "schedule_story": AUTH + [LIFEBOAT, PW, schedule(FOUND)],
    "issue_correction": AUTH + [BRIDGE, correct(FOUND)],
    "unpublish_story": AUTH + [SU, BRIDGE, unpublish(FOUND)],
    "send_push_alert": AUTH + [SU, BRIDGE, push(FOUND)],
    "add_to_newsletter": AUTH + [BRIDGE, LED, newsletter(FOUND)],
    "list_comments": [BRIDGE, ("list_comments", {"story_id": FOUND})],
}

NEW_PATHS = {
    "get_story": DRAFT + [GS],
    "check_out_story": DRAFT + [co(NEW)],
    "update_body": DRAFT + [GS, co(NEW), ub(NEW)],
    "set_summary": DRAFT + [summary(NEW)],
    "add_tags": DRAFT + [ST, tags(NEW)],
    "add_byline": DRAFT + [LSR, byline(NEW)],
    "submit_for_edit": SUBMITTED,
    "assign_editor": IN_EDIT,
    "approve_story": APPROVED,
    "refer_to_legal": DRAFT + [refer(NEW)],
    "attach_photo": DRAFT + [UP, CR, attach(NEW, "$upload_photo.asset.id")],
    "set_embargo": DRAFT + [PW, embargo(NEW)],
    "lift_embargo": DRAFT + [PW, embargo(NEW), SU, lift(NEW)],
    "publish_story": LIVE,
    "schedule_story": APPROVED + [PW_LATER, schedule(NEW)],
    "issue_correction": LIVE + [correct(NEW)],
    "unpublish_story": LIVE + [SU, unpublish(NEW)],
    "send_push_alert": LIVE + [SU, push(NEW)],
    "add_to_newsletter": LIVE + [LED, newsletter(NEW)],
    "list_comments": DRAFT + [("list_comments", {"story_id": NEW})],
    # consumers that take no story id
    "exchange_code": AUTH,
    "create_draft": DRAFT,
    "step_up": AUTH + [SU],
    "check_in_story": DRAFT + [co(NEW), ("check_in_story", {"access_token": T,
                                                             "lock_id": "$check_out_story.lock.token"})],
    "upload_photo": AUTH + [UP],
    "clear_rights": AUTH + [UP, CR],
    "legal_signoff": DRAFT + [refer(NEW), SU, signoff("$refer_to_legal.referral.ticket")],
    "get_wire_item": [("wire_feed", {}), ("get_wire_item", {"wire_id": "$wire_feed.rows.0.0"})],
    "import_wire": AUTH + [("wire_feed", {"agency": "PA"}), LS,
                           ("import_wire", {"access_token": T, "wire_id": "$wire_feed.rows.0.0",
                                            "section_code": "$list_sections.sections.1.code"})],
    "moderate_comment": AUTH + [BRIDGE, ("list_comments", {"story_id": FOUND, "status": "pending"}),
                                ("moderate_comment", {"access_token": T, "comment_id": "$list_comments.comments.0.0",
                                                      "action": "reject", "reason": "Personal attack on a reader"})],
    "create_assignment": AUTH + [("parse_when", {"text": "16 May 2025 17:00"}),
                                 ("create_assignment", {"access_token": T, "slug": "Esk flood inquiry hearing",
                                                        "desk": "news", "due": "$parse_when.iso"})],
}
NEW_PATHS["assign_reporter"] = NEW_PATHS["create_assignment"] + [
    LSR, ("assign_reporter", {"access_token": T, "assignment_id": "$create_assignment.assignment.ref",
                              "reporter_id": "$list_staff.staff.0.user_id"})]

OVERRIDES = {
    **{("find_stories", c): steps for c, steps in FOUND_PATHS.items()},
    ("search_photos", "clear_rights"): AUTH + [SP_FERRY, ("clear_rights", {"access_token": T,
                                                                           "asset_id": "$search_photos.hits.0.0",
                                                                           "licence": "agency"})],
    ("search_photos", "attach_photo"): FOUND_PATHS["attach_photo"],
    ("get_story", "legal_signoff"): AUTH + [SU, PORT, gs(FOUND), signoff("$get_story.story.legal.ticket")],
    ("legal_signoff", "publish_story"): READY + [refer(NEW), SU, signoff("$refer_to_legal.referral.ticket"),
                                                 publish(NEW)],
}


def _proofs() -> list:
    import copydesk_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), NEW_PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_wire_item", AUTH + [("wire_feed", {"agency": "PA"}), ("get_wire_item", {"wire_id": "$wire_feed.rows.0.0"}),
                              LS, ("import_wire", {"access_token": T, "wire_id": "$wire_feed.rows.0.0",
                                                   "section_code": "$list_sections.sections.1.code"})]),
    ("list_staff", AUTH + [LSR, LS, CD]),
    ("get_story", DRAFT + [GS, summary(NEW)]),
    ("search_photos", AUTH + [SP_BRIDGE, UP, CR]),
    ("list_editions", AUTH + [BRIDGE, LED, correct(FOUND)]),
    ("parse_when", DRAFT + [PW, refer(NEW)]),
    ("list_comments", AUTH + [SU, BRIDGE, ("list_comments", {"story_id": FOUND}), push(FOUND)]),
]
