"""Scripted proofs that Lingohouse's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the pydantic replies and
records a raised ``AgencyError`` as an error).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("pm_login", {...}, "nadia")``) and pass the token field (``"$nadia.token"``);
models are read by field (``"$create_client.client_id"``, ``"$accept_quote.project_id"``,
``"$run_qa.issues.0.no"``, ``"$get_client.open_quotes.0.quote_id"``,
``"$get_project.assignments.0.assignment_id"``) and lists of models by position and field
(``"$search_clients.0.client_id"``, ``"$list_projects.1.project_id"``, ``"$search_linguists.0.linguist_id"``,
``"$list_language_pairs.3.code"``). The two assignments of one project are saved by role
(``"translator"``, ``"reviewer"``) and two resolved QA issues as ``"fix1"``, ``"fix2"``. Every id is
read from a reply; none is written literally.

Three projects run from the first contact to the money: Ostara Games (registered now, English into
Polish, translated and reviewed, its terms set by finance) to a paid invoice; Harbour Pharma's new
patient leaflet (found by name, certified German, sworn translator) to delivery; and Harbour's
certified project already in progress (picked from the list) through QA, certificate, delivery, invoice
and a credit note. Kessler's manual in progress gives the paths of reviews, holds, deadlines and
cancellation; Brightwater's delivered contract those of complaints and rework.
"""

import lingohouse_tools as tools

WHO = {"nadia": ("nadia.rahman@lingohouse.co.uk", "Quill-2231"), "owen": ("owen.price@lingohouse.co.uk", "Ledger-5519")}
N, O = "$nadia.token", "$owen.token"
OSTARA = {"company": "Ostara Games Ltd", "contact_name": "Rhys Bevan", "email": "rhys@ostaragames.com", "country": "GB",
          "vat_number": "GB 402 8817 60"}
EN_PL, EN_DE, DE_EN = "$list_language_pairs.3.code", "$list_language_pairs.0.code", "$list_language_pairs.4.code"


def login(who: str) -> tuple:
    email, password = WHO[who]
    return ("pm_login", {"email": email, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def qa(project: str) -> list:
    return [("run_qa", {"token": N, "project_id": project}),
            ("resolve_qa_issue", {"token": N, "qa_id": "$run_qa.qa_id", "issue_no": "$run_qa.issues.0.no",
                                  "resolution": "fixed", "note": "Corrected the dosage figure"}, "fix1"),
            ("resolve_qa_issue", {"token": N, "qa_id": "$run_qa.qa_id", "issue_no": "$run_qa.issues.1.no",
                                  "resolution": "false_positive", "note": "Different context, both renderings right"},
             "fix2")]


def ostara() -> list:
    """Ostara Games registered, terms set, file analysed, quoted, accepted, translated, reviewed, QA'd,
    delivered, invoiced and paid."""
    client, project = "$create_client.client_id", "$accept_quote.project_id"
    return [("list_language_pairs", {}), login("nadia"),
            ("create_client", {"token": N, **OSTARA}),
            login("owen"),
            ("set_payment_terms", {"token": O, "client_id": client, "days": 30, "po_required": False}),
            ("upload_source", {"token": N, "client_id": client, "filename": "ostara_ui_strings_v12.xlsx",
                               "word_count": 8200, "file_type": "xlsx"}),
            ("analyse_files", {"token": N, "file_ids": ["$upload_source.file_id"], "pair_code": EN_PL}),
            ("create_quote", {"token": N, "client_id": client, "analysis_id": "$analyse_files.analysis_id",
                              "service": "translation_review", "turnaround": "standard"}),
            ("send_quote", {"token": N, "quote_id": "$create_quote.quote_id", "to_email": "rhys@ostaragames.com",
                            "note": "As discussed, Polish UI strings with a second-linguist review"}),
            ("accept_quote", {"token": N, "quote_id": "$create_quote.quote_id"}),
            ("search_linguists", {"token": N, "pair_code": EN_PL, "specialism": "games"}),
            ("assign_linguist", {"token": N, "project_id": project, "linguist_id": "$search_linguists.0.linguist_id",
                                 "role": "translator", "due": "2028-11-13"}, "translator"),
            ("assign_linguist", {"token": N, "project_id": project, "linguist_id": "$search_linguists.1.linguist_id",
                                 "role": "reviewer", "due": "2028-11-14"}, "reviewer"),
            ("receive_translation", {"token": N, "assignment_id": "$translator.assignment_id",
                                     "filename": "ostara_ui_strings_v12_pl.xliff", "words_done": 8200}),
            ] + qa(project) + [
            ("approve_review", {"token": N, "assignment_id": "$reviewer.assignment_id", "score": 92,
                                "comments": "Natural, consistent UI register; two string-length fixes made"}),
            ("deliver_to_client", {"token": N, "project_id": project, "recipients": ["rhys@ostaragames.com"],
                                   "message": "Polish UI strings attached, reviewed and QA-checked"}),
            ("raise_invoice", {"token": O, "project_id": project}),
            ("record_payment", {"token": O, "invoice_no": "$raise_invoice.invoice_no", "amount": "$raise_invoice.total",
                                "method": "bacs"}),
            ]


def ostara_to(consumer: str, extra: list) -> list:
    """Ostara's path up to ``consumer``'s predecessor stage, then ``extra``."""
    return cut(ostara(), consumer) + extra


def leaflet() -> list:
    """Harbour Pharma (found by name): the new leaflet analysed, quoted certified, accepted with its PO,
    given to a sworn translator, QA'd, certified and delivered."""
    client, project = "$search_clients.0.client_id", "$accept_quote.project_id"
    return [("list_language_pairs", {}), login("nadia"),
            ("search_clients", {"token": N, "name": "Harbour"}),
            ("upload_source", {"token": N, "client_id": client, "filename": "HP-PIL-0207_v2.docx", "word_count": 2600,
                               "file_type": "docx"}),
            ("analyse_files", {"token": N, "file_ids": ["$upload_source.file_id"], "pair_code": EN_DE}),
            ("create_quote", {"token": N, "client_id": client, "analysis_id": "$analyse_files.analysis_id",
                              "service": "certified", "turnaround": "standard"}),
            ("send_quote", {"token": N, "quote_id": "$create_quote.quote_id", "to_email": "e.marsh@harbourpharma.co.uk"}),
            ("accept_quote", {"token": N, "quote_id": "$create_quote.quote_id", "client_po": "HP-PO-44851"}),
            ("search_linguists", {"token": N, "pair_code": EN_DE, "specialism": "pharma", "sworn_only": True}),
            ("assign_linguist", {"token": N, "project_id": project, "linguist_id": "$search_linguists.0.linguist_id",
                                 "role": "translator", "due": "2028-11-12"}, "translator"),
            ("receive_translation", {"token": N, "assignment_id": "$translator.assignment_id",
                                     "filename": "HP-PIL-0207_v2_de.sdlxliff", "words_done": 2600}),
            ] + qa(project) + [
            ("certify_translation", {"token": N, "project_id": project, "declaration_by": "Katrin Vogel"}),
            ("deliver_to_client", {"token": N, "project_id": project, "recipients": ["e.marsh@harbourpharma.co.uk"],
                                   "message": "Certified German leaflet and certificate attached"}),
            ]


def harbour_running() -> list:
    """Harbour's certified project in progress (first in-progress project): QA, certificate, delivery,
    invoice, credit note."""
    project = "$list_projects.0.project_id"
    return [login("nadia"), ("list_projects", {"token": N, "status": "in_progress"})] + qa(project) + [
        ("certify_translation", {"token": N, "project_id": project, "declaration_by": "Katrin Vogel"}),
        ("deliver_to_client", {"token": N, "project_id": project, "recipients": ["e.marsh@harbourpharma.co.uk"],
                               "message": "Certified German translation with certificate"}),
        login("owen"),
        ("raise_invoice", {"token": O, "project_id": project}),
        ("issue_credit_note", {"token": O, "invoice_no": "$raise_invoice.invoice_no", "amount": 35.7,
                               "reason": "Goodwill: one day late against the promised date"}),
    ]


KESSLER = "$list_projects.1.project_id"


def kessler(*tail: tuple) -> list:
    """Kessler's manual in progress (second in-progress project), then ``tail``."""
    return [login("nadia"), ("list_projects", {"token": N, "status": "in_progress"})] + list(tail)


def kessler_review() -> list:
    return [("list_language_pairs", {})] + kessler(
        ("search_linguists", {"token": N, "pair_code": DE_EN, "specialism": "technical"}),
        ("assign_linguist", {"token": N, "project_id": KESSLER, "linguist_id": "$search_linguists.1.linguist_id",
                             "role": "reviewer", "due": "2028-11-22"}),
        ("get_project", {"token": N, "project_id": KESSLER}),
        ("receive_translation", {"token": N, "assignment_id": "$get_project.assignments.0.assignment_id",
                                 "filename": "kessler_manual_de-en.sdlxliff", "words_done": 11800}),
        ("approve_review", {"token": N, "assignment_id": "$get_project.assignments.1.assignment_id", "score": 88,
                            "comments": "Accurate; a few terminology preferences noted"}))


HOLD = ("put_on_hold", {"token": N, "project_id": KESSLER, "reason": "Machine launch moved to January"})
RELEASE = ("release_hold", {"token": N, "project_id": KESSLER})


def brightwater(*tail: tuple) -> list:
    """Brightwater's delivered contract (the only delivered project), then ``tail``."""
    return [login("nadia"), ("list_projects", {"token": N, "status": "delivered"})] + list(tail)


COMPLAINT = ("log_complaint", {"token": N, "project_id": "$list_projects.0.project_id", "category": "accuracy",
                               "description": "Clause 14.2 renders 'indemnify' as 'compenser'; should be 'garantir'"})


def harbour(*tail: tuple) -> list:
    return [login("nadia"), ("search_clients", {"token": N, "name": "Harbour"})] + list(tail)


HC = "$search_clients.0.client_id"
NEW = "$create_client.client_id"
ACC = "$accept_quote.project_id"


def new_client(*tail: tuple) -> list:
    return [("list_language_pairs", {}), login("nadia"), ("create_client", {"token": N, **OSTARA})] + list(tail)


def accepted(*tail: tuple) -> list:
    return cut(ostara(), "accept_quote") + list(tail)


_CLIENT = {
    "get_client": ({}, ),
    "add_contact": ({"name": "Sian Lloyd", "email": "sian@ostaragames.com", "role": "finance"}, ),
    "list_glossaries": ({}, ),
}


def client_path(consumer: str, how: str) -> list:
    if consumer in ("set_payment_terms", "upload_source", "create_quote"):
        if how == "create":
            return cut(ostara(), consumer)
        if consumer == "set_payment_terms":
            return [login("owen"), ("search_clients", {"token": O, "name": "Harbour"}),
                    ("set_payment_terms", {"token": O, "client_id": HC, "days": 45, "po_required": True})]
        return cut(leaflet(), consumer)
    ref = NEW if how == "create" else HC
    start = new_client() if how == "create" else harbour()
    if consumer == "create_glossary":
        name = "Ostara UI terms" if how == "create" else "Harbour device terms"
        pair = EN_PL if how == "create" else EN_DE
        if how == "search":
            start = [("list_language_pairs", {})] + start
        return start + [("create_glossary", {"token": N, "client_id": ref, "name": name, "pair_code": pair})]
    extra = _CLIENT[consumer][0]
    if consumer == "add_contact" and how == "search":
        extra = {"name": "Tom Reyes", "email": "t.reyes@harbourpharma.co.uk", "role": "reviewer"}
    return start + [(consumer, {"token": N, "client_id": ref, **extra})]


def project_path(consumer: str, how: str) -> list:
    if how == "accept":
        simple = {
            "get_project": [("get_project", {"token": N, "project_id": ACC})],
            "extend_deadline": [("extend_deadline", {"token": N, "project_id": ACC, "new_due": "2028-11-17",
                                                     "reason": "Ostara added a patch note file"})],
            "put_on_hold": [("put_on_hold", {"token": N, "project_id": ACC, "reason": "Waiting for string freeze"})],
            "release_hold": [("put_on_hold", {"token": N, "project_id": ACC, "reason": "Waiting for string freeze"}),
                             ("release_hold", {"token": N, "project_id": ACC})],
            "cancel_project": [("cancel_project", {"token": N, "project_id": ACC, "reason": "Game cancelled"})],
            "attach_glossary": [("create_glossary", {"token": N, "client_id": NEW, "name": "Ostara UI terms",
                                                     "pair_code": EN_PL}),
                                ("attach_glossary", {"token": N, "project_id": ACC,
                                                     "glossary_id": "$create_glossary.glossary_id"})],
        }
        if consumer in simple:
            return accepted(*simple[consumer])
        if consumer == "certify_translation":
            return cut(leaflet(), consumer)
        if consumer == "log_complaint":
            return cut(ostara(), "deliver_to_client") + [
                ("log_complaint", {"token": N, "project_id": ACC, "category": "terminology",
                                   "description": "'Loot' translated three different ways"})]
        return cut(ostara(), consumer)
    # from the list
    if consumer in ("run_qa", "certify_translation", "deliver_to_client"):
        return cut(harbour_running(), consumer)
    if consumer == "raise_invoice":
        return [login("owen"), ("list_projects", {"token": O, "status": "delivered"}),
                ("raise_invoice", {"token": O, "project_id": "$list_projects.0.project_id"})]
    if consumer == "log_complaint":
        return brightwater(COMPLAINT)
    if consumer == "assign_linguist":
        return cut(kessler_review(), consumer)
    if consumer == "attach_glossary":
        return [login("nadia"), ("list_projects", {"token": N, "status": "in_progress"}),
                ("search_clients", {"token": N, "name": "Harbour"}),
                ("list_glossaries", {"token": N, "client_id": HC}),
                ("attach_glossary", {"token": N, "project_id": "$list_projects.0.project_id",
                                     "glossary_id": "$list_glossaries.0.glossary_id"})]
    simple = {
        "get_project": [("get_project", {"token": N, "project_id": KESSLER})],
        "extend_deadline": [("extend_deadline", {"token": N, "project_id": KESSLER, "new_due": "2029-01-19",
                                                 "reason": "Machine launch moved to January"})],
        "put_on_hold": [HOLD],
        "release_hold": [HOLD, RELEASE],
        "cancel_project": [("cancel_project", {"token": N, "project_id": KESSLER, "reason": "Client withdrew"})],
    }
    return kessler(*simple[consumer])


REWORK_BW = brightwater(COMPLAINT, ("get_project", {"token": N, "project_id": "$list_projects.0.project_id"}),
                        ("request_rework", {"token": N, "complaint_id": "$log_complaint.complaint_id",
                                            "assignment_id": "$get_project.assignments.0.assignment_id",
                                            "due": "2028-11-13"}))
REWORK_OS = cut(ostara(), "deliver_to_client") + [
    ("log_complaint", {"token": N, "project_id": ACC, "category": "terminology",
                       "description": "'Loot' translated three different ways"}),
    ("request_rework", {"token": N, "complaint_id": "$log_complaint.complaint_id",
                        "assignment_id": "$translator.assignment_id", "due": "2028-11-15"})]

_BODY = (
    [(p, c, client_path(c, how)) for c in tools.CLIENT_CONSUMERS
     for p, how in (("search_clients", "search"), ("create_client", "create"))]
    + [(p, c, project_path(c, how)) for c in tools.PROJECT_CONSUMERS
       for p, how in (("accept_quote", "accept"), ("list_projects", "list"))]
    + [
        ("list_language_pairs", "analyse_files", cut(ostara(), "analyse_files")),
        ("list_language_pairs", "search_linguists", cut(ostara(), "search_linguists")),
        ("list_language_pairs", "create_glossary", client_path("create_glossary", "create")),
        ("create_quote", "send_quote", cut(ostara(), "send_quote")),
        ("get_client", "send_quote", cut(leaflet(), "create_quote") + [
            ("get_client", {"token": N, "client_id": HC}),
            ("send_quote", {"token": N, "quote_id": "$get_client.open_quotes.1.quote_id",
                            "to_email": "e.marsh@harbourpharma.co.uk"})]),
        ("create_quote", "accept_quote", cut(ostara(), "accept_quote")),
        ("get_client", "accept_quote", harbour(("get_client", {"token": N, "client_id": HC}),
                                               ("accept_quote", {"token": N,
                                                                 "quote_id": "$get_client.open_quotes.0.quote_id",
                                                                 "client_po": "HP-PO-44817"}))),
        ("assign_linguist", "receive_translation", cut(ostara(), "receive_translation")),
        ("get_project", "receive_translation", cut(kessler_review(), "receive_translation")),
        ("assign_linguist", "approve_review", cut(ostara(), "approve_review")),
        ("get_project", "approve_review", kessler_review()),
        ("assign_linguist", "request_rework", REWORK_OS),
        ("get_project", "request_rework", REWORK_BW),
        ("create_glossary", "add_term", new_client(
            ("create_glossary", {"token": N, "client_id": NEW, "name": "Ostara UI terms", "pair_code": EN_PL}),
            ("add_term", {"token": N, "glossary_id": "$create_glossary.glossary_id", "source_term": "loot",
                          "target_term": "lup"}))),
        ("list_glossaries", "add_term", harbour(
            ("list_glossaries", {"token": N, "client_id": HC}),
            ("add_term", {"token": N, "glossary_id": "$list_glossaries.0.glossary_id", "source_term": "batch record",
                          "target_term": "Chargenprotokoll"}))),
        ("create_glossary", "attach_glossary", project_path("attach_glossary", "accept")),
        ("list_glossaries", "attach_glossary", project_path("attach_glossary", "list")),
        ("upload_source", "analyse_files", cut(ostara(), "analyse_files")),
        ("analyse_files", "create_quote", cut(ostara(), "create_quote")),
        ("search_linguists", "assign_linguist", cut(ostara(), "assign_linguist")),
        ("run_qa", "resolve_qa_issue", cut(ostara(), "resolve_qa_issue")),
        ("raise_invoice", "record_payment", ostara()),
        ("raise_invoice", "issue_credit_note", harbour_running()),
        ("log_complaint", "request_rework", REWORK_BW),
        ("send_quote", "accept_quote", cut(ostara(), "accept_quote")),
        ("set_payment_terms", "accept_quote", cut(ostara(), "accept_quote")),
        ("receive_translation", "run_qa", cut(ostara(), "run_qa")),
        ("receive_translation", "approve_review", cut(ostara(), "approve_review")),
        ("run_qa", "deliver_to_client", cut(ostara(), "deliver_to_client")),
        ("resolve_qa_issue", "deliver_to_client", cut(ostara(), "deliver_to_client")),
        ("run_qa", "certify_translation", cut(harbour_running(), "certify_translation")),
        ("resolve_qa_issue", "certify_translation", cut(harbour_running(), "certify_translation")),
        ("approve_review", "deliver_to_client", cut(ostara(), "deliver_to_client")),
        ("certify_translation", "deliver_to_client", cut(harbour_running(), "deliver_to_client")),
        ("deliver_to_client", "raise_invoice", cut(ostara(), "raise_invoice")),
        ("deliver_to_client", "log_complaint", project_path("log_complaint", "accept")),
        ("put_on_hold", "release_hold", kessler(HOLD, RELEASE)),
    ]
)

_OWN = {"pm_logout": [login("owen"), ("pm_logout", {"token": O})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "pm_login":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("pm_login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY


def _with(steps: list, before: str, extra: list) -> list:
    i = next(i for i, s in enumerate(steps) if s[0] == before)
    return steps[:i] + extra + steps[i:]


NON_PREREQUISITES = [
    ("list_language_pairs", [("list_language_pairs", {})] + harbour(
        ("upload_source", {"token": N, "client_id": HC, "filename": "HP-PIL-0207_v2.docx", "word_count": 2600,
                           "file_type": "docx"}),
        ("analyse_files", {"token": N, "file_ids": ["$upload_source.file_id"], "pair_code": "EN>DE"}),
        ("create_quote", {"token": N, "client_id": HC, "analysis_id": "$analyse_files.analysis_id",
                          "service": "certified", "turnaround": "standard"}))),
    ("get_project", [login("nadia"), ("list_projects", {"token": N, "status": "in_progress"}),
                     ("get_project", {"token": N, "project_id": "$list_projects.0.project_id"}),
                     ("run_qa", {"token": N, "project_id": "$list_projects.0.project_id"})]),
    ("search_linguists", kessler(("search_linguists", {"token": N, "pair_code": "DE>EN"}),
                                 ("get_project", {"token": N, "project_id": KESSLER}),
                                 ("receive_translation", {"token": N,
                                                          "assignment_id": "$get_project.assignments.0.assignment_id",
                                                          "filename": "kessler_manual_de-en.sdlxliff",
                                                          "words_done": 11800}))),
    ("add_contact", _with(cut(harbour_running(), "deliver_to_client"), "deliver_to_client", [
        ("search_clients", {"token": N, "name": "Harbour"}),
        ("add_contact", {"token": N, "client_id": HC, "name": "Tom Reyes", "email": "t.reyes@harbourpharma.co.uk",
                         "role": "reviewer"})])),
    ("put_on_hold", kessler(HOLD, ("extend_deadline", {"token": N, "project_id": KESSLER, "new_due": "2029-01-19",
                                                       "reason": "Machine launch moved to January"}))),
    ("extend_deadline", kessler(("extend_deadline", {"token": N, "project_id": KESSLER, "new_due": "2028-12-01",
                                                     "reason": "More figures to come"}),
                                ("search_linguists", {"token": N, "pair_code": "DE>EN", "specialism": "technical"}),
                                ("assign_linguist", {"token": N, "project_id": KESSLER,
                                                     "linguist_id": "$search_linguists.1.linguist_id",
                                                     "role": "reviewer", "due": "2028-11-22"}))),
    ("get_client", _with(cut(leaflet(), "create_quote"), "create_quote",
                         [("get_client", {"token": N, "client_id": HC})])),
]
