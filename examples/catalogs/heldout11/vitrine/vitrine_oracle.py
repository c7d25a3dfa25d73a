"""Scripted proofs that Vitrine's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned ``{"success": false}`` is a
failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff log
in by name (``("log_in", {...}, "ruth")``) and pass ``"$ruth.session.token"``; dropping ``log_in``
drops every log-in of the path. Replies are referenced through their fields
(``"$search_objects.results.0.object.number"``, ``"$page2.results.0.object.number"`` on the page
after ``"$search_objects.meta.next_cursor"``, ``"$list_loans.loans.0.0"``, ``"$get_loan.loan.agreement.number"``,
``"$create_outgoing_loan.loan.id"``, ``"$list_condition_reports.reports.0.0"``). Numbers Vitrine only
writes inside a sentence (the new entry ``E2028.017``, accession ``2028.9.1``, institution ``INS-0093``,
crate ``K-1142``, image ``IMG-55120``) are written literally: each comes from its own counter, so it
is the same in every fresh state, and none exists without its call.
"""

STAFF = {"ruth": ("ruth.kavanagh@calderbrook.museum", "Accession-1923!"),
         "sol": ("sol.mendes@calderbrook.museum", "Crate&Pallet7"),
         "anika": ("anika.bose@calderbrook.museum", "Retouch-Varnish-3"),
         "imogen": ("imogen.hale@calderbrook.museum", "Director-Hale-2028")}


def login(who: str) -> tuple:
    email, password = STAFF[who]
    return ("log_in", {"email": email, "password": password}, who)


def tok(who: str) -> str:
    return f"${who}.session.token"


RUTH, T = login("ruth"), tok("ruth")
SOL, S = login("sol"), tok("sol")
ANIKA, A = login("anika"), tok("anika")
IMOGEN, D = login("imogen"), tok("imogen")

THORLEY = ("search_objects", {"maker": "Thorley"})
PAGE2 = ("search_objects", {"maker": "Thorley", "cursor": "$search_objects.meta.next_cursor"}, "page2")


def hit(i: int = 0) -> str:
    return f"$search_objects.results.{i}.object.number"


def loans(direction: str = "out", status: str | None = None) -> tuple:
    args = {"session_token": T, "direction": direction}
    if status:
        args["status"] = status
    return ("list_loans", args)


LISTED = "$list_loans.loans.0.0"
NEW_LOAN = "$create_outgoing_loan.loan.id"


def value(i: int = 1) -> tuple:
    return ("set_valuation", {"session_token": T, "object_number": hit(i), "amount": 24000.0, "currency": "GBP",
                              "valuer": "Christie's valuations", "valued_on": "01/03/2028"})


def condition(i: int = 1) -> tuple:
    return ("create_condition_report", {"session_token": T, "object_number": hit(i), "grade": "fair",
                                        "notes": "Stable; the 2019 consolidation lower left is holding"})


def nordhafen(upto: str = "create_outgoing_loan", inst: str = "search_institutions") -> list:
    """The Weir at Calderbrook lent to the Kunsthalle Nordhafen (new facility report first), or to the
    Galway City Museum (registered first), then as far along the loan's life as ``upto``."""
    steps = [RUTH, THORLEY]
    if inst == "search_institutions":
        steps += [("search_institutions", {"session_token": T, "name": "Nordhafen"}),
                  ("record_facility_report", {"session_token": T, "institution_id": "$search_institutions.institutions.0.0",
                                              "report_date": "02/03/2028", "security_ok": True,
                                              "environment_ok": True})]
        iid, title = "$search_institutions.institutions.0.0", "Agnes Thorley and the Northern Light"
    else:
        steps += [("register_institution", {"session_token": T, "name": "Galway City Museum", "city": "Galway",
                                            "country": "Ireland", "contact_email": "registrar@galwaymuseum.example"}),
                  ("record_facility_report", {"session_token": T, "institution_id": "INS-0093",
                                              "report_date": "28/02/2028", "security_ok": True,
                                              "environment_ok": True})]
        iid, title = "INS-0093", "Thorley in the West"
    steps.append(("create_outgoing_loan", {"session_token": T, "institution_id": iid, "exhibition_title": title,
                                           "opens_on": "15/06/2028", "closes_on": "30/09/2028",
                                           "object_numbers": [hit(0)]}))
    chain = [("submit_loan", {"session_token": T, "loan_id": NEW_LOAN}),
             IMOGEN,
             ("decide_loan", {"session_token": D, "loan_id": NEW_LOAN, "decision": "approve",
                              "note": "Approved: an important showing of Thorley abroad"}),
             ("issue_agreement", {"session_token": T, "loan_id": NEW_LOAN, "indemnity": "government indemnity"}),
             ("record_agreement_signed", {"session_token": T, "agreement_number": "$issue_agreement.agreement.number",
                                          "signed_by": "Dr Lena Vogt, Director", "signed_on": "15/03/2028"}),
             ("build_crate", {"session_token": T, "object_numbers": [hit(0)], "crate_type": "travel frame"}),
             ("book_shipment", {"session_token": T, "loan_id": NEW_LOAN, "crate_ids": ["K-1142"],
                                "shipper": "Momart", "ship_on": "10/06/2028", "courier_name": "Sol Mendes"}),
             ("dispatch_loan", {"session_token": T, "loan_id": NEW_LOAN})]
    if upto == "create_outgoing_loan":
        return steps
    if upto == "get_loan":
        return steps + [("get_loan", {"session_token": T, "loan_id": NEW_LOAN})]
    names = [c[0] for c in chain]
    return steps + chain[:names.index(upto) + 1]


def whitcombe(extra: str) -> list:
    """A new draft loan to the Whitcombe Art Gallery: the Weir (``extra="page2"``: then the Calder Valley
    sketchbook, found on the second page of results, added), or Mill Girls at Dinner Hour valued and
    condition-reported first (``extra="ready"``)."""
    if extra == "ready":
        return [RUTH, THORLEY, value(), condition(), ("search_institutions", {"session_token": T, "name": "Whitcombe"}),
                ("create_outgoing_loan", {"session_token": T, "institution_id": "$search_institutions.institutions.0.0",
                                          "exhibition_title": "Mills in Paint", "opens_on": "01/09/2028",
                                          "closes_on": "15/12/2028", "object_numbers": [hit(1)]})]
    return [RUTH, THORLEY, ("search_institutions", {"session_token": T, "name": "Whitcombe"}),
            ("create_outgoing_loan", {"session_token": T, "institution_id": "$search_institutions.institutions.0.0",
                                      "exhibition_title": "Agnes Thorley on Canvas", "opens_on": "01/09/2028",
                                      "closes_on": "15/12/2028", "object_numbers": [hit(0)]}),
            PAGE2, ("add_loan_object", {"session_token": T, "loan_id": NEW_LOAN,
                                        "object_number": "$page2.results.0.object.number"})]


def draft_add(ready: bool = False) -> list:
    """Add to the draft loan LO-2028-02 (Agnes Thorley on Paper): the sketchbook from the second page, or
    Mill Girls at Dinner Hour once valued and condition-reported."""
    if ready:
        return [RUTH, loans("out", "draft"), THORLEY, value(), condition(),
                ("add_loan_object", {"session_token": T, "loan_id": LISTED, "object_number": hit(1)})]
    return [RUTH, loans("out", "draft"), THORLEY, PAGE2,
            ("add_loan_object", {"session_token": T, "loan_id": LISTED, "object_number": "$page2.results.0.object.number"})]


def textile_towns(upto: str) -> list:
    """LO-2027-14 (agreed) to the Royal Pennine Museum: crate its jug, book the shipment, dispatch, return."""
    steps = [RUTH, loans("out", "agreed"), ("get_loan", {"session_token": T, "loan_id": LISTED}),
             ("build_crate", {"session_token": T, "object_numbers": ["$get_loan.loan.objects.0.0"],
                              "crate_type": "climate_case"}),
             ("book_shipment", {"session_token": T, "loan_id": LISTED, "crate_ids": ["K-1142"],
                                "shipper": "Constantine", "ship_on": "18/04/2028", "courier_name": "Sol Mendes"}),
             ("dispatch_loan", {"session_token": T, "loan_id": LISTED}),
             ("record_loan_return", {"session_token": T, "loan_id": LISTED, "returned_on": "15/03/2028",
                                     "condition_note": "Shipment cancelled at the dock; crate unopened"})]
    return steps[:[s[0] for s in steps].index(upto) + 1]


def acquisition(upto: str, how: str = "list_entries") -> list:
    """The Farrow jugs (E2028.011, listed) or Mrs Stott's pattern book (a new entry, E2028.017): decision,
    accession (2028.9.1), then placing, reporting, valuing or photographing the new object."""
    if how == "list_entries":
        steps = [RUTH, ("list_entries", {"session_token": T, "reason": "acquisition_consideration"})]
        entry, minute = "$list_entries.entries.0.0", "Collections Committee 14/03/2028, minute 6"
        acc = ("accession_object", {"session_token": T, "entry_number": entry,
                                    "title": "Harvest jug with slip-trailed decoration", "maker": "Calderbrook Pottery",
                                    "object_name": "jug", "date_made": "c.1870", "department": "decorative_arts",
                                    "acquisition_method": "purchase",
                                    "credit_line": "Purchased from Mr Declan Farrow, 2028"})
    else:
        steps = [RUTH, ("create_entry", {"session_token": T, "depositor_name": "Mrs Hilary Stott",
                                         "depositor_email": "h.stott@example.net",
                                         "reason": "acquisition_consideration",
                                         "description": "Hollins & Co. loom pattern book, c.1885",
                                         "received_on": "13/03/2028", "object_count": 1})]
        entry, minute = "E2028.017", "Collections Committee 14/03/2028, minute 7"
        acc = ("accession_object", {"session_token": T, "entry_number": entry, "title": "Loom pattern book",
                                    "maker": "Hollins & Co.", "object_name": "pattern book", "date_made": "c.1885",
                                    "department": "social_history", "acquisition_method": "gift",
                                    "credit_line": "Given by Mrs Hilary Stott, 2028"})
    steps += [("record_acquisition_decision", {"session_token": T, "entry_number": entry, "decision": "approve",
                                               "committee_minute": minute})]
    if upto == "record_acquisition_decision":
        return steps
    steps.append(acc)
    new = "2028.9.1"
    tails = {
        "move_object": [("list_locations", {"session_token": T}),
                        ("move_object", {"session_token": T, "object_number": new,
                                         "location_code": "$list_locations.locations.2.0",
                                         "reason": "From the packing bay to the ceramics store"})],
        "create_condition_report": [("create_condition_report", {"session_token": T, "object_number": new,
                                                                 "grade": "good", "notes": "Slight glaze crazing"})],
        "set_valuation": [("set_valuation", {"session_token": T, "object_number": new, "amount": 1800.0,
                                             "currency": "GBP", "valuer": "Tennants", "valued_on": "27/02/2028"})],
        "upload_image": [("upload_image", {"session_token": T, "object_number": new, "filename": "2028-9-1_front.tif",
                                           "photographer": "Sol Mendes"})],
    }
    return steps + tails.get(upto, [])


def spaniels(upto: str, how: str = "list_condition_reports") -> list:
    """Anika Bose treats the Staffordshire spaniels (the listed poor report), or the ammonite (a new report
    grading it unstable)."""
    if how == "list_condition_reports":
        steps = [ANIKA, ("search_objects", {"keyword": "spaniels"}),
                 ("list_condition_reports", {"session_token": A, "object_number": hit(0)})]
        rep, proposal = "$list_condition_reports.reports.0.0", "Rejoin the left ear with Paraloid B-72; consolidate enamel"
    else:
        steps = [ANIKA, ("search_objects", {"keyword": "ammonite"}),
                 ("create_condition_report", {"session_token": A, "object_number": hit(0), "grade": "unstable",
                                              "notes": "Pyrite decay: white efflorescence and cracking on the keel"})]
        rep, proposal = "$create_condition_report.report.id", "Anoxic treatment, consolidation and dry storage"
    if upto in ("list_condition_reports", "create_condition_report"):
        return steps
    steps.append(("request_treatment", {"session_token": A, "object_number": hit(0), "condition_report_id": rep,
                                        "proposal": proposal}))
    if upto == "complete_treatment":
        steps.append(("complete_treatment", {"session_token": A, "job_number": "$request_treatment.job.number",
                                             "treatment_notes": "Ear rejoined; flaking enamel consolidated",
                                             "hours": 6.5}))
    return steps


def ellen_marsh(upto: str) -> list:
    steps = [RUTH, ("search_objects", {"keyword": "Ellen Marsh"}),
             ("get_object", {"session_token": T, "object_number": hit(0)}),
             ("set_image_rights", {"session_token": T, "image_id": "$get_object.object.images.0.id",
                                   "licence": "public_domain"}),
             ("publish_object", {"session_token": T, "object_number": hit(0)})]
    return steps[:[s[0] for s in steps].index(upto) + 1]


def ammonite_image(upto: str) -> list:
    steps = [SOL, ("search_objects", {"keyword": "ammonite"}),
             ("upload_image", {"session_token": S, "object_number": hit(0), "filename": "2011-88_front.tif",
                               "photographer": "Sol Mendes"}),
             RUTH, ("set_image_rights", {"session_token": T, "image_id": "IMG-55120", "licence": "CC-BY"})]
    return steps[:[s[0] for s in steps].index(upto) + 1]


def exhibition(how: str) -> list:
    if how == "list_exhibitions":
        return [RUTH, ("list_exhibitions", {"session_token": T, "status": "planned"}), THORLEY,
                ("add_to_exhibition", {"session_token": T, "exhibition_code": "$list_exhibitions.exhibitions.0.0",
                                       "object_numbers": [hit(0), hit(1)]})]
    return [RUTH, ("list_locations", {"session_token": T, "kind": "gallery"}),
            ("create_exhibition", {"session_token": T, "title": "Calderbrook Potters", "gallery_code":
                                   "$list_locations.locations.2.0", "opens_on": "01/05/2028", "closes_on": "30/09/2028"}),
            ("search_objects", {"keyword": "jug"}),
            ("add_to_exhibition", {"session_token": T, "exhibition_code": "$create_exhibition.exhibition.code",
                                   "object_numbers": [hit(0)]})]


def incoming(how: str) -> list:
    if how == "list_loans":
        return [RUTH, loans("in", "active"), ("extend_loan", {"session_token": T, "loan_id": LISTED,
                                                              "new_end": "30/06/2028"})]
    if how == "create_entry":
        return [RUTH, ("create_entry", {"session_token": T, "depositor_name": "Calderbrook Methodist Circuit",
                                        "depositor_email": "circuit.office@example.org", "reason": "loan_in",
                                        "description": "Twelve communion tokens, 1790s", "received_on": "14/03/2028",
                                        "object_count": 12}),
                ("create_incoming_loan", {"session_token": T, "entry_number": "E2028.017",
                                          "lender_name": "Calderbrook Methodist Circuit", "due_back_on": "31/08/2028",
                                          "insurance_value": 3000.0})]
    steps = [RUTH, ("list_entries", {"session_token": T, "reason": "loan_in"}),
             ("create_incoming_loan", {"session_token": T, "entry_number": "$list_entries.entries.0.0",
                                       "lender_name": "St Oswin's Church, Calderbrook", "due_back_on": "30/09/2028",
                                       "insurance_value": 85000.0})]
    if how == "extend":
        steps.append(("extend_loan", {"session_token": T, "loan_id": "$create_incoming_loan.loan.id",
                                      "new_end": "31/12/2028"}))
    return steps


PATHS = {}
PROOFS = []


def prove(provider: str, steps: list) -> None:
    consumer = steps[-1][0]
    PATHS.setdefault(consumer, steps)
    PROOFS.append((provider, consumer, steps))


# objects
prove("search_objects", ellen_marsh("get_object"))
prove("search_objects", spaniels("list_condition_reports"))
prove("search_objects", nordhafen())
prove("search_objects", draft_add())
prove("search_objects", exhibition("list_exhibitions"))
prove("search_objects", ellen_marsh("publish_object"))
prove("search_objects", [RUTH, ("search_objects", {"keyword": "duplicate"}),
                         ("propose_deaccession", {"session_token": T, "object_number": hit(0),
                                                  "reason": "Duplicate of the shuttle on display; no provenance",
                                                  "committee_minute": "Collections Committee 14/03/2028, minute 9"})])
prove("search_objects", [SOL, ("search_objects", {"keyword": "spaniels"}), ("list_locations", {"session_token": S}),
                         ("move_object", {"session_token": S, "object_number": hit(0),
                                          "location_code": "$list_locations.locations.5.0",
                                          "reason": "To the conservation studio for treatment"})])
prove("search_objects", spaniels("create_condition_report", how="create_condition_report"))
prove("search_objects", [RUTH, THORLEY, value()])
prove("search_objects", ammonite_image("upload_image"))
prove("search_objects", [SOL, THORLEY, ("build_crate", {"session_token": S, "object_numbers": [hit(0)],
                                                        "crate_type": "travel_frame"})])
for _c in ("move_object", "create_condition_report", "set_valuation", "upload_image"):
    prove("accession_object", acquisition(_c))
prove("get_loan", textile_towns("build_crate"))
# entries and accessioning
prove("list_entries", acquisition("record_acquisition_decision"))
prove("create_entry", acquisition("record_acquisition_decision", "create_entry"))
prove("list_entries", acquisition("accession_object"))
prove("create_entry", acquisition("accession_object", "create_entry"))
prove("list_entries", incoming("create"))
prove("create_entry", incoming("create_entry"))
prove("record_acquisition_decision", acquisition("accession_object"))
# institutions and loans out
prove("search_institutions", nordhafen()[:4])
prove("register_institution", nordhafen(inst="register_institution")[:4])
prove("search_institutions", nordhafen())
prove("register_institution", nordhafen(inst="register_institution"))
prove("record_facility_report", nordhafen())
prove("set_valuation", whitcombe("ready"))
prove("create_condition_report", whitcombe("ready"))
prove("set_valuation", draft_add(ready=True))
prove("create_condition_report", draft_add(ready=True))
prove("create_outgoing_loan", nordhafen("get_loan"))
prove("list_loans", [RUTH, loans("out"), ("get_loan", {"session_token": T, "loan_id": LISTED})])
prove("create_outgoing_loan", whitcombe("page2"))
prove("list_loans", draft_add())
prove("create_outgoing_loan", nordhafen("submit_loan"))
prove("list_loans", [RUTH, loans("out", "draft"), ("submit_loan", {"session_token": T, "loan_id": LISTED})])
prove("create_outgoing_loan", nordhafen("decide_loan"))
prove("list_loans", [IMOGEN, ("list_loans", {"session_token": D, "direction": "out", "status": "submitted"}),
                     ("decide_loan", {"session_token": D, "loan_id": LISTED, "decision": "approve",
                                      "note": "Approved for the Lille textile exhibition"})])
prove("create_outgoing_loan", nordhafen("issue_agreement"))
prove("list_loans", [RUTH, loans("out", "approved"), ("issue_agreement", {"session_token": T, "loan_id": LISTED,
                                                                          "indemnity": "commercial"})])
prove("create_outgoing_loan", nordhafen("book_shipment"))
prove("list_loans", textile_towns("book_shipment"))
prove("create_outgoing_loan", nordhafen("dispatch_loan"))
prove("list_loans", textile_towns("dispatch_loan"))
prove("submit_loan", nordhafen("decide_loan"))
prove("decide_loan", nordhafen("issue_agreement"))
prove("issue_agreement", nordhafen("record_agreement_signed"))
prove("get_loan", [RUTH, loans("out", "agreement_issued"), ("get_loan", {"session_token": T, "loan_id": LISTED}),
                   ("record_agreement_signed", {"session_token": T, "agreement_number": "$get_loan.loan.agreement.number",
                                                "signed_by": "Mr Owen Pryor, Registrar", "signed_on": "14/03/2028"})])
prove("record_agreement_signed", nordhafen("book_shipment"))
prove("build_crate", textile_towns("book_shipment"))
prove("book_shipment", textile_towns("dispatch_loan"))
prove("dispatch_loan", textile_towns("record_loan_return"))
prove("list_loans", [RUTH, loans("out", "dispatched"),
                     ("record_loan_return", {"session_token": T, "loan_id": LISTED, "returned_on": "02/03/2028",
                                             "condition_note": "Returned in good order; checked against the "
                                                               "outgoing report"})])
prove("list_loans", incoming("list_loans"))
prove("create_incoming_loan", incoming("extend"))
# locations, conservation, exhibitions, images
prove("list_locations", PATHS["move_object"])
prove("list_locations", exhibition("create_exhibition")[:3])
prove("list_condition_reports", spaniels("request_treatment"))
prove("create_condition_report", spaniels("request_treatment", how="create_condition_report"))
prove("request_treatment", spaniels("complete_treatment"))
prove("list_exhibitions", exhibition("list_exhibitions"))
prove("create_exhibition", exhibition("create_exhibition"))
prove("get_object", ellen_marsh("set_image_rights"))
prove("upload_image", ammonite_image("set_image_rights"))
prove("set_image_rights", ellen_marsh("publish_object"))
# log-in
_EXTRA = {"list_entries": [RUTH, ("list_entries", {"session_token": T})],
          "create_entry": acquisition("record_acquisition_decision", "create_entry")[:2],
          "list_locations": [RUTH, ("list_locations", {"session_token": T})],
          "search_institutions": nordhafen()[:3], "register_institution": nordhafen(inst="register_institution")[:3],
          "list_loans": [RUTH, loans("out")], "list_exhibitions": [RUTH, ("list_exhibitions", {"session_token": T})],
          "create_exhibition": exhibition("create_exhibition")[:3],
          "create_incoming_loan": incoming("create")}
for _t in ("list_entries", "get_object", "create_entry", "record_acquisition_decision", "accession_object",
           "list_locations", "move_object", "create_condition_report", "list_condition_reports", "request_treatment",
           "complete_treatment", "set_valuation", "search_institutions", "register_institution",
           "record_facility_report", "create_outgoing_loan", "add_loan_object", "get_loan", "list_loans", "submit_loan",
           "decide_loan", "issue_agreement", "record_agreement_signed", "build_crate", "book_shipment", "dispatch_loan",
           "record_loan_return", "create_incoming_loan", "extend_loan", "create_exhibition", "list_exhibitions",
           "add_to_exhibition", "upload_image", "set_image_rights", "publish_object", "propose_deaccession"):
    prove("log_in", _EXTRA.get(_t) or PATHS[_t])
PROOFS.sort(key=lambda p: p[0] != "log_in")

NON_PREREQUISITES = [
    ("list_locations", [RUTH, ("list_locations", {"session_token": T}), THORLEY,
                        ("get_object", {"session_token": T, "object_number": hit(0)})]),
    ("get_object", [RUTH, THORLEY, ("get_object", {"session_token": T, "object_number": hit(1)}), value()]),
    ("search_institutions", [RUTH, ("search_institutions", {"session_token": T, "name": "Whitcombe"}),
                             loans("out", "draft"), ("submit_loan", {"session_token": T, "loan_id": LISTED})]),
    ("list_exhibitions", [RUTH, ("list_exhibitions", {"session_token": T}),
                          ("list_entries", {"session_token": T, "reason": "acquisition_consideration"}),
                          ("record_acquisition_decision", {"session_token": T, "entry_number": "$list_entries.entries.0.0",
                                                           "decision": "approve", "committee_minute": "minute 6"})]),
    ("list_condition_reports", [RUTH, THORLEY, ("list_condition_reports", {"session_token": T, "object_number": hit(0)}),
                                value()]),
    ("get_loan", [RUTH, loans("out", "dispatched"), ("get_loan", {"session_token": T, "loan_id": LISTED}),
                  ("record_loan_return", {"session_token": T, "loan_id": LISTED, "returned_on": "02/03/2028",
                                          "condition_note": "Good order"})]),
]
