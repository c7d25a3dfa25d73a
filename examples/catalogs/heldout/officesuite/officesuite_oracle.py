"""Scripted proofs that OfficeSuite's designed prerequisites are real.

Checked with oracle.py's machinery through ``heldout_oracle`` (a ``{"success": false, ...}`` reply
counts as a failure, as the suite means it). Each proof is ``(provider, consumer, steps)``: the
steps succeed in a fresh state, and the consumer fails once every call of the provider is dropped.
"""

import officesuite_tools as _ot

ME = "priya.raman@northwind.example"
SI = ("sign_in", {"email": ME, "password": "Quill-2025!"})
AP = ("sign_in_with_app_password", {"email": ME, "app_password": "qzpt-7mha-2wcx-9kfe"})
AUTH = {"sign_in": ([SI], "$sign_in.data.session.token"),
        "sign_in_with_app_password": ([AP], "$sign_in_with_app_password.token")}
T0 = "$sign_in.data.session.token"


def person(provider: str, t: str, who: str = "Ortega") -> tuple[list, str]:
    """Steps that find a colleague's email address, and the reference to it."""
    if provider == "search_directory":
        return [("search_directory", {"access_token": t, "name": who})], "$search_directory.people.0.email"
    return [("find_contact", {"access_token": t, "query": who.lower()})], "$find_contact.contacts.0.email"


def message(t: str) -> tuple[list, str]:
    return [("search_mail", {"access_token": t, "subject": "budget"})], "$search_mail.messages.0.id"


def document(provider: str, t: str) -> tuple[list, str]:
    if provider == "search_drive":
        return [("search_drive", {"access_token": t, "name_contains": "onboarding"})], "$search_drive.0.id"
    return [("create_document", {"access_token": t, "title": "Renewal terms",
                                 "body": "Contoso renewal: 24 months, 3% uplift."})], "$create_document.document.id"


def email_consumer(c: str, t: str, e: str) -> list:
    msg_steps, msg = message(t)
    doc_steps, doc = document("search_drive", t)
    share = ("share_document", {"access_token": t, "doc_id": doc, "emails": [e], "role": "commenter"})
    slot = ("find_free_slot", {"access_token": t, "attendees": [e], "date": "2025-03-12", "duration_minutes": 30})
    return {
        "send_email": [("send_email", {"access_token": t, "to": [e], "subject": "Budget",
                                       "body": "Hi Tomás, comments on the Q1 draft are coming tomorrow."})],
        "create_draft": [("create_draft", {"access_token": t, "to": [e], "subject": "Agenda", "body": "Draft agenda"})],
        "forward_message": msg_steps + [("forward_message", {"access_token": t, "message_id": msg, "to": [e],
                                                             "note": "FYI"})],
        "find_free_slot": [slot],
        "create_event": [("list_calendars", {"access_token": t}), slot, (
            "create_event", {"access_token": t, "calendar_id": "$list_calendars.calendars.0.0", "title": "Budget sync",
                             "start": "$find_free_slot.slots.0", "duration_minutes": 30, "attendees": [e]})],
        "share_document": doc_steps + [share],
        "add_comment": doc_steps + [share, ("add_comment", {"access_token": t, "doc_id": doc,
                                                            "text": "Can you check section 2?", "mention": [e]})],
    }[c]


def message_consumer(c: str, t: str, msg: str) -> list:
    return {
        "read_message": [("read_message", {"access_token": t, "message_id": msg})],
        "reply_to_message": [("reply_to_message", {"access_token": t, "message_id": msg, "body": "Thanks, on it."})],
        "forward_message": person("search_directory", t, "Mei")[0] + [(
            "forward_message", {"access_token": t, "message_id": msg, "to": ["$search_directory.people.0.email"]})],
        "apply_label": [("create_label", {"access_token": t, "name": "Finance"}),
                        ("apply_label", {"access_token": t, "message_id": msg, "label_id": "$create_label.label_id"})],
        "save_attachment_to_drive": [("read_message", {"access_token": t, "message_id": msg}), (
            "save_attachment_to_drive", {"access_token": t, "message_id": msg,
                                         "attachment_id": "$read_message.message.attachments.0.attachment_id"})],
    }[c]


def doc_consumer(c: str, t: str, doc: str) -> list:
    link = ("set_link_sharing", {"access_token": t, "doc_id": doc, "mode": "view"})
    return {
        "get_document": [("get_document", {"access_token": t, "doc_id": doc})],
        "share_document": person("search_directory", t, "Mei")[0] + [(
            "share_document", {"access_token": t, "doc_id": doc, "emails": ["$search_directory.people.0.email"],
                               "role": "viewer"})],
        "set_link_sharing": [link],
        "get_share_link": [link, ("get_share_link", {"access_token": t, "doc_id": doc})],
        "export_document": [("export_document", {"access_token": t, "doc_id": doc, "fmt": "pdf"})],
        "add_comment": [("add_comment", {"access_token": t, "doc_id": doc, "text": "Updated the intro."})],
    }[c]


def file_steps(provider: str, t: str) -> tuple[list, str]:
    """Steps that put a file in the drive (or find one), and the reference to its id."""
    msg_steps, msg = message(t)
    return {
        "search_drive": ([("search_drive", {"access_token": t, "name_contains": "Q4", "kind": "file"})], "$search_drive.0.id"),
        "upload_file": ([("upload_file", {"access_token": t, "name": "agenda.txt", "content": "1. Budget\n2. Hiring"})],
                        "$upload_file"),
        "save_attachment_to_drive": (msg_steps + message_consumer("save_attachment_to_drive", t, msg),
                                     "$save_attachment_to_drive.file_id"),
        "export_document": (document("search_drive", t)[0] + [("export_document", {
            "access_token": t, "doc_id": "$search_drive.0.id", "fmt": "pdf"})], "$export_document.file.id"),
    }[provider]


def attach(t: str, file_provider: str = "upload_file") -> list:
    who, e = person("search_directory", t)
    steps, f = file_steps(file_provider, t)
    return who + steps + [("create_draft", {"access_token": t, "to": [e], "subject": "Files", "body": "Attached."}),
                          ("add_attachment", {"access_token": t, "draft_id": "$create_draft.draft.id", "file_id": f})]


def event_steps(provider: str, t: str) -> tuple[list, str]:
    if provider == "list_events":
        return [("list_calendars", {"access_token": t}),
                ("list_events", {"access_token": t, "calendar_id": "$list_calendars.calendars.0.0", "date": "2025-03-11"})], \
            "$list_events.events.0.event_id"
    who, e = person("search_directory", t)
    return who + email_consumer("create_event", t, e), "$create_event.event.id"


def recipe(c: str, t: str) -> list:
    """A successful path (after signing in with token ``t``) that ends with ``c``."""
    if c in _ot._EMAIL_USERS:
        who, e = person("search_directory", t)
        return who + email_consumer(c, t, e)
    if c in _ot._MESSAGE_USERS:
        steps, msg = message(t)
        return steps + message_consumer(c, t, msg)
    if c in _ot._DOC_USERS:
        steps, doc = document("search_drive", t)
        return steps + doc_consumer(c, t, doc)
    ev, eid = event_steps("list_events", t)
    return {
        "search_directory": person("search_directory", t)[0],
        "find_contact": person("find_contact", t)[0],
        "add_contact": [("add_contact", {"access_token": t, "name": "Sam Reed", "email": "sam.reed@fabrikam.example",
                                         "company": "Fabrikam"})],
        "search_mail": message(t)[0],
        "add_attachment": attach(t),
        "send_draft": person("search_directory", t)[0] + [
            ("create_draft", {"access_token": t, "to": ["$search_directory.people.0.email"], "subject": "Hello",
                              "body": "Quick note."}),
            ("send_draft", {"access_token": t, "draft_id": "$create_draft.draft.id"})],
        "create_label": [("create_label", {"access_token": t, "name": "Finance"})],
        "set_auto_reply": [("set_auto_reply", {"access_token": t, "enabled": True, "message": "Away until 21 March.",
                                               "start_date": "2025-03-17", "end_date": "2025-03-21"})],
        "list_calendars": [("list_calendars", {"access_token": t})],
        "list_events": ev,
        "find_rooms": [("find_rooms", {"access_token": t, "building": "London"})],
        "book_room": ev + [("find_rooms", {"access_token": t, "building": "London"}),
                           ("book_room", {"access_token": t, "event_id": eid, "room_id": "$find_rooms.rooms.0.room_id"})],
        "list_invitations": [("list_invitations", {"access_token": t})],
        "respond_to_invitation": [("list_invitations", {"access_token": t}),
                                  ("respond_to_invitation", {"access_token": t,
                                                             "event_id": "$list_invitations.invitations.0.0",
                                                             "response": "accepted"})],
        "cancel_event": ev + [("cancel_event", {"access_token": t, "event_id": eid})],
        "create_document": document("create_document", t)[0],
        "search_drive": document("search_drive", t)[0],
        "set_external_sharing": [("set_external_sharing", {"access_token": t, "enabled": True})],
        "create_folder": [("create_folder", {"access_token": t, "name": "Contracts"})],
        "upload_file": [("create_folder", {"access_token": t, "name": "Contracts"}),
                        ("upload_file", {"access_token": t, "name": "terms.txt", "content": "24 months",
                                         "folder_id": "$create_folder"})],
    }[c]


PROOFS: list = []
for _c in _ot._MAIL_TOKEN + _ot._DRIVE_TOKEN:
    for _p, (_steps, _t) in AUTH.items():
        PROOFS.append((_p, _c, _steps + recipe(_c, _t)))
for _p in ("search_directory", "find_contact"):
    _steps, _e = person(_p, T0)
    PROOFS += [(_p, _c, [SI] + _steps + email_consumer(_c, T0, _e)) for _c in _ot._EMAIL_USERS]
_steps, _msg = message(T0)
PROOFS += [("search_mail", _c, [SI] + _steps + message_consumer(_c, T0, _msg)) for _c in _ot._MESSAGE_USERS]
for _p in ("search_drive", "create_document"):
    _steps, _doc = document(_p, T0)
    PROOFS += [(_p, _c, [SI] + _steps + doc_consumer(_c, T0, _doc)) for _c in _ot._DOC_USERS]
for _p in ("search_drive", "upload_file", "save_attachment_to_drive", "export_document"):
    PROOFS.append((_p, "add_attachment", [SI] + attach(T0, _p)))
for _p in ("list_events", "create_event"):
    _steps, _eid = event_steps(_p, T0)
    PROOFS += [
        (_p, "book_room", [SI] + _steps + [("find_rooms", {"access_token": T0, "building": "London"}),
                                           ("book_room", {"access_token": T0, "event_id": _eid,
                                                          "room_id": "$find_rooms.rooms.0.room_id"})]),
        (_p, "cancel_event", [SI] + _steps + [("cancel_event", {"access_token": T0, "event_id": _eid})]),
    ]

_CONVERTED = [SI, ("list_calendars", {"access_token": T0}), *person("find_contact", T0, "Blake")[0],
              ("convert_timezone", {"time": "2025-03-12T10:00", "from_tz": "America/New_York", "to_tz": "Europe/London"}),
              ("create_event", {"access_token": T0, "calendar_id": "$list_calendars.calendars.0.0",
                                "title": "Contoso renewal call", "start": "$convert_timezone", "duration_minutes": 45,
                                "attendees": ["$find_contact.contacts.0.email"]})]
_EXTERNAL = [SI, *document("search_drive", T0)[0], *person("find_contact", T0, "Blake")[0],
             ("set_external_sharing", {"access_token": T0, "enabled": True}),
             ("share_document", {"access_token": T0, "doc_id": "$search_drive.0.id",
                                 "emails": ["$find_contact.contacts.0.email"], "role": "viewer"})]
PROOFS += [
    ("read_message", "save_attachment_to_drive", [SI] + recipe("save_attachment_to_drive", T0)),
    ("create_draft", "add_attachment", [SI] + recipe("add_attachment", T0)),
    ("create_draft", "send_draft", [SI] + recipe("send_draft", T0)),
    ("create_folder", "upload_file", [SI] + recipe("upload_file", T0)),
    ("create_label", "apply_label", [SI] + recipe("apply_label", T0)),
    ("list_calendars", "create_event", [SI] + recipe("create_event", T0)),
    ("list_calendars", "list_events", [SI] + recipe("list_events", T0)),
    ("find_free_slot", "create_event", [SI] + recipe("create_event", T0)),
    ("convert_timezone", "create_event", _CONVERTED),
    ("find_rooms", "book_room", [SI] + recipe("book_room", T0)),
    ("list_invitations", "respond_to_invitation", [SI] + recipe("respond_to_invitation", T0)),
    ("set_external_sharing", "share_document", _EXTERNAL),
    ("set_link_sharing", "get_share_link", [SI] + recipe("get_share_link", T0)),
    ("share_document", "add_comment", [SI] + recipe("add_comment", T0)),
]

NON_PREREQUISITES = [
    ("convert_timezone", [SI, ("convert_timezone", {"time": "2025-03-12T10:00", "from_tz": "Europe/London",
                                                    "to_tz": "Asia/Singapore"}), *recipe("send_email", T0)]),
    ("find_rooms", [SI, ("find_rooms", {"access_token": T0, "min_capacity": 6}), *recipe("reply_to_message", T0)]),
    ("list_invitations", [SI, ("list_invitations", {"access_token": T0}), *recipe("get_document", T0)]),
    ("read_message", [SI, *message(T0)[0], ("read_message", {"access_token": T0, "message_id": "$search_mail.messages.0.id"}),
                      ("reply_to_message", {"access_token": T0, "message_id": "$search_mail.messages.0.id", "body": "Ok"})]),
]
