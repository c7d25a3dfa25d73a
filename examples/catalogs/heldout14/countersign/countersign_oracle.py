"""Scripted proofs that Countersign's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the runtime: a raised ``CountersignError`` is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Users
get a token by name (``("get_access_token", {...}, "aisha")``, ``"$aisha.access_token"``; ``"tom"``
for the administrator); dropping ``get_access_token`` drops every token of the path. Objects are
read by field (``"$create_envelope.envelopeId"``, ``"$list_envelopes.0.envelopeId"``,
``"$add_document.documentId"``, ``"$add_recipients.0.recipientId"``,
``"$get_envelope.documents.0.documentId"``, ``"$get_envelope.recipients.inPersonSigners.0.recipientId"``,
``"$get_template.roles.1.roleName"``, ``"$list_contacts.0.emails.0"``,
``"$create_recipient_view.viewId"``), rows by position (``"$get_recipient_status.1.0"``,
``"$list_groups.0.0"``). Ids Countersign only writes inside a sentence are written literally: the
first new envelope of a fresh state (``217fcf77-...``, made from a template), the first saved
template (``ae2906f9-...``) and the first bulk batch (``9e5834ed-...``); each comes from its own
counter, so it is the same in every fresh state, and none exists without its call.
"""

CLIENT_ID = "3f8a2c71-6b0e-4d95-a1c4-9e27d5b08f63"
FIRST_ENVELOPE = "217fcf77-d665-49d0-a248-72ad0f8a475d"
FIRST_TEMPLATE = "ae2906f9-8762-4b78-a45c-69dd7a93fc2b"
FIRST_BATCH = "9e5834ed-238c-4b47-a6a3-bb266e83b1a5"

USERS = {"aisha": ("aisha.khan@northgaterealty.com", "cs_sec_AK-2d8e66b1"),
         "tom": ("tom.becker@northgaterealty.com", "cs_sec_TB-94f1c07e")}


def sign(who: str) -> tuple:
    email, secret = USERS[who]
    return ("get_access_token", {"client_id": CLIENT_ID, "user_email": email, "client_secret": secret}, who)


A, TOM = "$aisha.access_token", "$tom.access_token"
NEW = "$create_envelope.envelopeId"
LISTED = "$list_envelopes.0.envelopeId"


def counter_offer(upto: str) -> list:
    """Aisha finishes the Counter Offer #2 draft (listed as the only draft): the sellers sign, their
    attorney (found in contacts) gets a copy, a signHere tab for each seller, then it is sent."""
    steps = [sign("aisha"), ("list_envelopes", {"access_token": A, "status": "created"})]
    if upto == "update_envelope":
        return steps + [("update_envelope", {"access_token": A, "envelope_id": LISTED,
                                             "email_blurb": "Please review and sign the sellers' counter offer."})]
    if upto == "set_envelope_brand":
        return steps + [("list_brands", {"access_token": A}),
                        ("set_envelope_brand", {"access_token": A, "envelope_id": LISTED,
                                                "brand_id": "$list_brands.1.brandId"})]
    if upto == "set_notification":
        return steps + [("set_notification", {"access_token": A, "envelope_id": LISTED, "reminder_delay_days": 1,
                                              "reminder_frequency_days": 1, "expire_after_days": 3})]
    if upto == "save_as_template":
        return steps + [("save_as_template", {"access_token": A, "envelope_id": LISTED,
                                              "name": "Counter Offer (seller)"})]
    steps.append(("get_envelope", {"access_token": A, "envelope_id": LISTED}))
    if upto == "remove_document":
        return steps + [("remove_document", {"access_token": A, "envelope_id": LISTED,
                                             "document_id": "$get_envelope.documents.0.documentId"})]
    steps.append(("add_recipients", {"access_token": A, "envelope_id": LISTED, "recipient_type": "signer",
                                     "names": ["Gail Meyer", "Ron Meyer"],
                                     "emails": ["gail.meyer@example.com", "ron.meyer@example.com"],
                                     "routing_order": 1}))
    if upto == "add_recipients":
        return steps
    if upto == "list_tabs":
        return steps + [("list_tabs", {"access_token": A, "envelope_id": LISTED,
                                       "recipient_id": "$add_recipients.1.recipientId"})]
    if upto == "remove_recipient":
        return steps + [("get_envelope", {"access_token": A, "envelope_id": LISTED}, "again"),
                        ("remove_recipient", {"access_token": A, "envelope_id": LISTED,
                                              "recipient_id": "$again.recipients.signers.1.recipientId"})]
    steps += [("list_contacts", {"access_token": A, "search_text": "Walsh"}),
              ("add_recipients", {"access_token": A, "envelope_id": LISTED, "recipient_type": "carbon_copy",
                                  "names": ["Denise Walsh"], "emails": ["$list_contacts.0.emails.0"],
                                  "routing_order": 2}, "cc")]
    if upto == "cc":
        return steps
    doc = "$get_envelope.documents.0.documentId"
    steps += [("add_tabs", {"access_token": A, "envelope_id": LISTED, "document_id": doc,
                            "recipient_id": "$add_recipients.0.recipientId", "tab_type": "signHere", "page_number": 3})]
    if upto == "add_tabs":
        return steps
    steps += [("add_tabs", {"access_token": A, "envelope_id": LISTED, "document_id": doc,
                            "recipient_id": "$add_recipients.1.recipientId", "tab_type": "signHere", "page_number": 3,
                            "x_position": 400, "y_position": 700}, "tab2"),
              ("send_envelope", {"access_token": A, "envelope_id": LISTED})]
    return steps


def addendum(upto: str, signer_type: str = "signer") -> list:
    """Aisha builds a new envelope: an addendum for Linda Park to sign remotely (or the lease
    renewal for James Wu to sign in person at the office)."""
    person = ("Linda Park", "linda.park@example.com") if signer_type == "signer" else \
        ("James Wu", "jwu.tenant@example.com")
    steps = [sign("aisha"), ("create_envelope", {"access_token": A, "email_subject": "Addendum A - 22 Birch Lane",
                                                 "email_blurb": "Inspection repairs addendum"})]
    if upto == "update_envelope":
        return steps + [("update_envelope", {"access_token": A, "envelope_id": NEW,
                                             "email_subject": "Addendum A (repairs) - 22 Birch Lane"})]
    if upto == "set_envelope_brand":
        return steps + [("list_brands", {"access_token": A}),
                        ("set_envelope_brand", {"access_token": A, "envelope_id": NEW,
                                                "brand_id": "$list_brands.0.brandId"})]
    if upto == "set_notification":
        return steps + [("set_notification", {"access_token": A, "envelope_id": NEW, "reminder_delay_days": 1,
                                              "reminder_frequency_days": 2, "expire_after_days": 10})]
    steps.append(("add_document", {"access_token": A, "envelope_id": NEW, "file_name": "Addendum A.pdf",
                                   "page_count": 2}))
    if upto == "add_document":
        return steps
    if upto == "remove_document":
        return steps + [("remove_document", {"access_token": A, "envelope_id": NEW,
                                             "document_id": "$add_document.documentId"})]
    if upto == "save_as_template_nodoc":
        return steps + [("save_as_template", {"access_token": A, "envelope_id": NEW, "name": "Repairs Addendum"})]
    steps.append(("add_recipients", {"access_token": A, "envelope_id": NEW, "recipient_type": signer_type,
                                     "names": [person[0]], "emails": [person[1]], "routing_order": 1}))
    if upto == "add_recipients":
        return steps
    if upto == "remove_recipient":
        return steps + [("remove_recipient", {"access_token": A, "envelope_id": NEW,
                                              "recipient_id": "$add_recipients.0.recipientId"})]
    steps.append(("add_tabs", {"access_token": A, "envelope_id": NEW, "document_id": "$add_document.documentId",
                               "recipient_id": "$add_recipients.0.recipientId", "tab_type": "signHere",
                               "page_number": 2}))
    if upto == "add_tabs":
        return steps
    if upto == "list_tabs":
        return steps + [("list_tabs", {"access_token": A, "envelope_id": NEW,
                                       "recipient_id": "$add_recipients.0.recipientId"})]
    steps.append(("send_envelope", {"access_token": A, "envelope_id": NEW}))
    if upto == "send_envelope":
        return steps
    if upto == "send_reminder":
        return steps + [("send_reminder", {"access_token": A, "envelope_id": NEW})]
    if upto == "void_envelope":
        return steps + [("void_envelope", {"access_token": A, "envelope_id": NEW,
                                           "voided_reason": "Repairs agreed in the counter offer instead"})]
    return steps + [("create_recipient_view", {"access_token": A, "envelope_id": NEW,
                                               "recipient_id": "$add_recipients.0.recipientId",
                                               "return_url": "https://crm.northgaterealty.com/signed"})]


def lease(upto: str, how: str = "status") -> list:
    """James Wu signs the Unit 4B lease in person at the office; Aisha downloads the certificate."""
    steps = [sign("aisha"), ("list_envelopes", {"access_token": A, "search_text": "Unit 4B"})]
    if how == "status":
        steps.append(("get_recipient_status", {"access_token": A, "envelope_id": LISTED}))
        rid = "$get_recipient_status.0.0"
    else:
        steps.append(("get_envelope", {"access_token": A, "envelope_id": LISTED}))
        rid = "$get_envelope.recipients.inPersonSigners.0.recipientId"
    if upto == "lookup":
        return steps
    steps.append(("create_recipient_view", {"access_token": A, "envelope_id": LISTED, "recipient_id": rid,
                                            "return_url": "https://crm.northgaterealty.com/signed"}))
    if upto == "create_recipient_view":
        return steps
    steps.append(("sign_in_person", {"view_id": "$create_recipient_view.viewId", "adopted_name": "James Wu"}))
    if upto == "sign_in_person":
        return steps
    steps.append(("download_document", {"access_token": A, "envelope_id": LISTED, "document_id": "certificate"}))
    if upto == "download_document":
        return steps
    return steps + [("validate_document", {"sha256": "$download_document.sha256"})]


def marco(how: str) -> list:
    """Marco Diaz's e-mail on the sent Birch Lane purchase agreement is corrected."""
    steps = [sign("aisha"), ("list_envelopes", {"access_token": A, "status": "sent", "search_text": "Birch"})]
    if how == "status":
        steps.append(("get_recipient_status", {"access_token": A, "envelope_id": LISTED}))
        rid = "$get_recipient_status.1.0"
    else:
        steps.append(("get_envelope", {"access_token": A, "envelope_id": LISTED}))
        rid = "$get_envelope.recipients.signers.1.recipientId"
    return steps + [("update_recipient", {"access_token": A, "envelope_id": LISTED, "recipient_id": rid,
                                          "email": "marco.diaz@diazfamily.example"})]


def birch(consumer: str) -> list:
    steps = [sign("aisha"), ("list_envelopes", {"access_token": A, "status": "sent", "search_text": "Birch"})]
    args = {"access_token": A, "envelope_id": LISTED}
    return steps + [(consumer, args)]


def buyer_rep(upto: str) -> list:
    """A buyer representation agreement for Sam Okafor from the template, with Aisha as agent."""
    steps = [sign("aisha"), ("list_templates", {"access_token": A, "search_text": "Buyer Representation"})]
    tid = "$list_templates.0.templateId"
    steps.append(("get_template", {"access_token": A, "template_id": tid}))
    if upto == "get_template":
        return steps
    steps.append(("create_envelope_from_template", {
        "access_token": A, "template_id": tid,
        "role_names": ["$get_template.roles.0.roleName", "$get_template.roles.1.roleName"],
        "signer_names": ["Sam Okafor", "Aisha Khan"],
        "signer_emails": ["sam.okafor@example.com", "aisha.khan@northgaterealty.com"]}))
    if upto == "create_envelope_from_template":
        return steps
    return steps + [("send_envelope", {"access_token": A, "envelope_id": FIRST_ENVELOPE})]


def saved_template(upto: str) -> list:
    """Tom saves a one-signer addendum draft as a template and uses it."""
    steps = [sign("tom"), ("create_envelope", {"access_token": TOM, "email_subject": "Home Warranty Waiver"}),
             ("add_document", {"access_token": TOM, "envelope_id": NEW, "file_name": "Home Warranty Waiver.pdf",
                               "page_count": 1}),
             ("add_recipients", {"access_token": TOM, "envelope_id": NEW, "recipient_type": "signer",
                                 "names": ["Linda Park"], "emails": ["linda.park@example.com"]}),
             ("save_as_template", {"access_token": TOM, "envelope_id": NEW, "name": "Home Warranty Waiver"})]
    if upto == "save_as_template":
        return steps
    if upto == "get_template":
        return steps + [("get_template", {"access_token": TOM, "template_id": FIRST_TEMPLATE})]
    if upto == "create_envelope_from_template":
        return steps + [("create_envelope_from_template", {
            "access_token": TOM, "template_id": FIRST_TEMPLATE, "role_names": ["Signer 1"],
            "signer_names": ["Sam Okafor"], "signer_emails": ["sam.okafor@example.com"]})]
    if upto == "share_template":
        return steps + [("list_groups", {"access_token": TOM}),
                        ("share_template", {"access_token": TOM, "template_id": FIRST_TEMPLATE,
                                            "group_ids": ["$list_groups.0.0"]})]
    return steps + [("create_bulk_send_list", {"access_token": TOM, "name": "Willow Row buyers",
                                               "names": ["Hannah Cole"], "emails": ["hcole@example.com"]}),
                    ("send_bulk", {"access_token": TOM, "bulk_send_list_id": "$create_bulk_send_list.bulkSendListId",
                                   "template_id": FIRST_TEMPLATE})]


def open_house(upto: str) -> list:
    """Aisha bulk-sends the open-house waiver to Saturday's visitors."""
    steps = [sign("aisha"), ("list_templates", {"access_token": A, "search_text": "Open House"}),
             ("create_bulk_send_list", {"access_token": A, "name": "5 Willow Row open house",
                                        "names": ["Hannah Cole", "Victor Osei", "Mei Lin"],
                                        "emails": ["hcole@example.com", "vosei@example.com", "mei.lin@example.com"]}),
             ("send_bulk", {"access_token": A, "bulk_send_list_id": "$create_bulk_send_list.bulkSendListId",
                            "template_id": "$list_templates.0.templateId"})]
    if upto == "send_bulk":
        return steps
    return steps + [("get_bulk_send_batch", {"access_token": A, "batch_id": FIRST_BATCH})]


def share_waiver() -> list:
    """Tom shares the open-house waiver template with the Agents group."""
    return [sign("tom"), ("list_templates", {"access_token": TOM, "search_text": "Open House"}),
            ("list_groups", {"access_token": TOM}),
            ("share_template", {"access_token": TOM, "template_id": "$list_templates.0.templateId",
                                "group_ids": ["$list_groups.0.0"]})]


def connect(upto: str) -> list:
    steps = [sign("tom"), ("create_connect_configuration", {
        "access_token": TOM, "name": "CRM sync", "url": "https://crm.northgaterealty.com/hooks/countersign",
        "events": ["envelope-completed", "envelope-declined"]})]
    if upto == "create":
        return steps
    return steps + [("delete_connect_configuration", {"access_token": TOM,
                                                      "connect_id": "$create_connect_configuration.connectId"})]


def archive() -> list:
    """The completed Alder Way listing agreement goes to the Closed Deals folder."""
    return [sign("aisha"), ("list_envelopes", {"access_token": A, "status": "completed"}),
            ("list_folders", {"access_token": A}),
            ("move_envelopes", {"access_token": A, "envelope_ids": [LISTED], "to_folder_id": "$list_folders.3.folderId"})]


SIMPLE = {
    "revoke_access_token": [sign("aisha"), ("revoke_access_token", {"access_token": A})],
    "get_account_info": [("get_service_information", {}), sign("tom"), ("get_account_info", {"access_token": TOM})],
    "add_contact": [sign("aisha"), ("add_contact", {"access_token": A, "name": "Sam Okafor",
                                                    "emails": ["sam.okafor@example.com"]})],
    "list_contacts": [sign("aisha"), ("list_contacts", {"access_token": A, "search_text": "Title"})],
}

_BODY = [
    # draft envelope ids: a new draft, or the listed one
    ("create_envelope", "add_document", addendum("add_document")),
    ("list_envelopes", "add_document", [sign("aisha"), ("list_envelopes", {"access_token": A, "status": "created"}),
                                        ("add_document", {"access_token": A, "envelope_id": LISTED,
                                                          "file_name": "Seller Disclosure Update.pdf",
                                                          "page_count": 2})]),
    ("create_envelope", "remove_document", addendum("remove_document")),
    ("list_envelopes", "remove_document", counter_offer("remove_document")),
    ("create_envelope", "add_recipients", addendum("add_recipients")),
    ("list_envelopes", "add_recipients", counter_offer("add_recipients")),
    ("create_envelope", "remove_recipient", addendum("remove_recipient")),
    ("list_envelopes", "remove_recipient", counter_offer("remove_recipient")),
    ("create_envelope", "add_tabs", addendum("add_tabs")),
    ("list_envelopes", "add_tabs", counter_offer("add_tabs")),
    ("create_envelope", "list_tabs", addendum("list_tabs")),
    ("list_envelopes", "list_tabs", counter_offer("list_tabs")),
    ("create_envelope", "update_envelope", addendum("update_envelope")),
    ("list_envelopes", "update_envelope", counter_offer("update_envelope")),
    ("create_envelope", "set_envelope_brand", addendum("set_envelope_brand")),
    ("list_envelopes", "set_envelope_brand", counter_offer("set_envelope_brand")),
    ("create_envelope", "set_notification", addendum("set_notification")),
    ("list_envelopes", "set_notification", counter_offer("set_notification")),
    ("create_envelope", "save_as_template", saved_template("save_as_template")),
    ("list_envelopes", "save_as_template", counter_offer("save_as_template")),
    ("create_envelope", "send_envelope", addendum("send_envelope")),
    ("list_envelopes", "send_envelope", counter_offer("send_envelope")),
    ("create_envelope_from_template", "send_envelope", buyer_rep("send_envelope")),
    # listed envelope ids
    ("list_envelopes", "get_envelope", lease("lookup", how="envelope")),
    ("list_envelopes", "get_recipient_status", lease("lookup")),
    ("list_envelopes", "update_recipient", marco("status")),
    ("list_envelopes", "send_reminder", birch("send_reminder")),
    ("list_envelopes", "void_envelope", [sign("aisha"), ("list_envelopes", {"access_token": A, "search_text": "Cedar"}),
                                         ("void_envelope", {"access_token": A, "envelope_id": LISTED,
                                                            "voided_reason": "The buyers withdrew; sale cancelled"})]),
    ("list_envelopes", "create_recipient_view", lease("create_recipient_view")),
    ("list_envelopes", "download_document", lease("download_document")),
    ("list_envelopes", "get_audit_events", birch("get_audit_events")),
    ("list_envelopes", "move_envelopes", archive()),
    # templates
    ("list_templates", "get_template", buyer_rep("get_template")),
    ("save_as_template", "get_template", saved_template("get_template")),
    ("list_templates", "create_envelope_from_template", buyer_rep("create_envelope_from_template")),
    ("save_as_template", "create_envelope_from_template", saved_template("create_envelope_from_template")),
    ("list_templates", "share_template", share_waiver()),
    ("save_as_template", "share_template", saved_template("share_template")),
    ("list_templates", "send_bulk", open_house("send_bulk")),
    ("save_as_template", "send_bulk", saved_template("send_bulk")),
    # documents and recipients by id
    ("add_document", "add_tabs", addendum("add_tabs")),
    ("get_envelope", "add_tabs", counter_offer("add_tabs")),
    ("add_document", "remove_document", addendum("remove_document")),
    ("get_envelope", "remove_document", counter_offer("remove_document")),
    ("add_recipients", "add_tabs", addendum("add_tabs")),
    ("add_recipients", "remove_recipient", addendum("remove_recipient")),
    ("get_envelope", "remove_recipient", counter_offer("remove_recipient")),
    ("add_recipients", "list_tabs", addendum("list_tabs")),
    ("get_recipient_status", "list_tabs", [sign("aisha"), ("list_envelopes", {"access_token": A, "search_text": "Unit 4B"}),
                                           ("get_recipient_status", {"access_token": A, "envelope_id": LISTED}),
                                           ("list_tabs", {"access_token": A, "envelope_id": LISTED,
                                                          "recipient_id": "$get_recipient_status.0.0"})]),
    ("get_envelope", "update_recipient", marco("envelope")),
    ("get_recipient_status", "update_recipient", marco("status")),
    ("get_envelope", "create_recipient_view", lease("create_recipient_view", how="envelope")),
    ("get_recipient_status", "create_recipient_view", lease("create_recipient_view")),
    # states
    ("add_document", "send_envelope", addendum("send_envelope")),
    ("add_recipients", "send_envelope", addendum("send_envelope")),
    ("add_tabs", "send_envelope", counter_offer("send_envelope")),
    ("send_envelope", "send_reminder", addendum("send_reminder")),
    ("send_envelope", "void_envelope", addendum("void_envelope")),
    ("send_envelope", "create_recipient_view", addendum("create_recipient_view", signer_type="in_person_signer")),
    ("create_recipient_view", "sign_in_person", lease("sign_in_person")),
    ("sign_in_person", "download_document", lease("download_document")),
    ("download_document", "validate_document", lease("validate_document")),
    ("add_document", "save_as_template", saved_template("save_as_template")),
    # the rest
    ("get_template", "create_envelope_from_template", buyer_rep("create_envelope_from_template")),
    ("list_groups", "share_template", share_waiver()),
    ("list_brands", "set_envelope_brand", counter_offer("set_envelope_brand")),
    ("list_folders", "move_envelopes", archive()),
    ("create_bulk_send_list", "send_bulk", open_house("send_bulk")),
    ("send_bulk", "get_bulk_send_batch", open_house("get_bulk_send_batch")),
    ("create_connect_configuration", "delete_connect_configuration", connect("delete")),
    ("list_contacts", "add_recipients", counter_offer("cc")),
]


def _auth_proofs() -> list:
    """A token proof for every signed-in call: the first path above that ends with it (or a short one)."""
    import countersign_tools as tools

    out = []
    for fn in tools.TOOLS:
        name = fn.__name__
        if name in tools._PUBLIC:
            continue
        steps = SIMPLE.get(name) or {"list_envelopes": birch("get_audit_events")[:2],
                                     "list_templates": buyer_rep("get_template")[:2],
                                     "list_groups": share_waiver()[:1] + [("list_groups", {"access_token": TOM})],
                                     "list_brands": counter_offer("set_envelope_brand")[:1] + [
                                         ("list_brands", {"access_token": A})],
                                     "list_folders": archive()[:1] + [("list_folders", {"access_token": A})],
                                     "create_envelope": addendum("create")[:2],
                                     "create_bulk_send_list": [open_house("send_bulk")[0],
                                                               open_house("send_bulk")[2]],
                                     "create_connect_configuration": connect("create"),
                                     }.get(name)
        if steps is None:
            steps = next(s for _, c, s in _BODY if c == name)
        out.append(("get_access_token", name, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the account's allowance is informative; sending does not need it read first
    ("get_account_info", addendum("send_envelope")[:1] + [("get_account_info", {"access_token": A})]
     + addendum("send_envelope")[1:]),
    # a recipient's status is not needed to remind an envelope
    ("get_recipient_status", birch("get_recipient_status") + [("send_reminder", {"access_token": A,
                                                                                 "envelope_id": LISTED})]),
    # the template's details are not needed to bulk-send it
    ("get_template", open_house("send_bulk")[:2] + [("get_template", {"access_token": A,
                                                                      "template_id": "$list_templates.0.templateId"})]
     + open_house("send_bulk")[2:]),
    # listing a recipient's tabs is not needed to send
    ("list_tabs", addendum("send_envelope")[:-1] + [("list_tabs", {"access_token": A, "envelope_id": NEW,
                                                                   "recipient_id": "$add_recipients.0.recipientId"}),
                                                    addendum("send_envelope")[-1]]),
    # a contact is not needed for a recipient whose e-mail is known
    ("list_contacts", addendum("add_document") + [("list_contacts", {"access_token": A, "search_text": "Park"}),
                                                  addendum("add_recipients")[-1]]),
    # the audit trail is not needed to void
    ("get_audit_events", [sign("aisha"), ("list_envelopes", {"access_token": A, "search_text": "Cedar"}),
                          ("get_audit_events", {"access_token": A, "envelope_id": LISTED}),
                          ("void_envelope", {"access_token": A, "envelope_id": LISTED,
                                             "voided_reason": "The buyers withdrew"})]),
]
