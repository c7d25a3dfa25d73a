"""Scripted proofs that Repertoire's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned RFC 7807 problem object is a
failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Members
sign in by name (``("login", {...}, "niamh")``) and pass the token through its field
(``"$niamh.access_token"``); dropping ``login`` drops every sign-in of the path. Rows are referenced
by position (``"$search_works.0.0"`` a work id, ``"$list_member_works.rows.1.0"``,
``"$get_work.shares.1.0"`` a share holder's IPI, ``"$list_disputes.0.0"``, ``"$list_licence_types.1.0"``,
``"$get_statement_lines.lines.2.0"`` a line number), dicts by field (``"$search_parties.0.ipi"``,
``"$quote_licence.quote_id"``, ``"$list_licences.0.licence_id"``, ``"$list_bank_accounts.1.bank_account_id"``,
``"$request_payout.payout_id"``, ``"$create_subpublishing_agreement.agreement_id"``) and the bare
balance whole (``"$get_balance"``). Ids Repertoire only writes inside a sentence (the new work
``W-2203001``, Aoife Kerr's IPI ``00873221046``, the dispute ``D-40112``, the licence ``L-55012``)
are written literally: each comes from its own counter, so it is the same in every fresh state, and
none exists without its call.
"""

NEW_WORK = "W-2203001"
NEW_IPI = "00873221046"
NEW_DISPUTE = "D-40112"
NEW_LICENCE = "L-55012"

MEMBERS = {"niamh": ("W-204117", "Harbour#Lights9"), "hl": ("P-30882", "Quay-Side-2208"),
           "ks": ("P-31540", "Kestrel!Songs31"), "joy": ("S-0042", "Registry.Joy.42")}


def sign(who: str) -> tuple:
    number, password = MEMBERS[who]
    return ("login", {"member_number": number, "password": password}, who)


def tok(who: str) -> str:
    return f"${who}.access_token"


N, HL, KS, JOY = tok("niamh"), tok("hl"), tok("ks"), tok("joy")
LMW = "$list_member_works.rows"
SW = "$search_works.0.0"


def salt_road(upto: str) -> list:
    """Niamh corrects Cian Byrne's share on her draft 'Salt Road', adds Harbourline and submits it."""
    steps = [sign("niamh"), ("list_member_works", {"access_token": N, "status": "draft"}),
             ("get_work", {"access_token": N, "work_id": f"{LMW}.0.0"})]
    if upto == "get_work":
        return steps
    steps.append(("remove_share", {"access_token": N, "work_id": f"{LMW}.0.0", "ipi": "$get_work.shares.1.0"}))
    if upto == "remove_share":
        return steps
    steps += [("search_parties", {"name": "Cian Byrne"}),
              ("add_share", {"access_token": N, "work_id": f"{LMW}.0.0", "ipi": "$search_parties.0.ipi", "role": "C",
                             "share": 20.0})]
    if upto == "add_share":
        return steps
    steps += [("search_parties", {"name": "Harbourline", "role": "publisher"}, "publisher"),
              ("add_share", {"access_token": N, "work_id": f"{LMW}.0.0", "ipi": "$publisher.0.ipi", "role": "E",
                             "share": 40.0}),
              ("submit_work", {"access_token": N, "work_id": f"{LMW}.0.0"})]
    return steps


def tidewater(upto: str) -> list:
    """Niamh creates 'Tidewater', registers her co-writer Aoife Kerr, splits it 60/40 and submits it."""
    steps = [sign("niamh"), ("create_work", {"access_token": N, "title": "Tidewater", "duration_s": 236,
                                             "genre": "folk"}),
             ("search_parties", {"name": "Niamh Doyle"}),
             ("add_share", {"access_token": N, "work_id": NEW_WORK, "ipi": "$search_parties.0.ipi", "role": "CA",
                            "share": 60.0})]
    if upto == "add_share":
        return steps
    if upto == "remove_share":
        return steps + [("remove_share", {"access_token": N, "work_id": NEW_WORK, "ipi": "$search_parties.0.ipi"})]
    steps += [("register_party", {"access_token": N, "name": "Aoife Kerr", "role": "composer", "society": "AMR"}),
              ("add_share", {"access_token": N, "work_id": NEW_WORK, "ipi": NEW_IPI, "role": "C", "share": 40.0})]
    if upto == "add_aoife":
        return steps
    steps.append(("submit_work", {"access_token": N, "work_id": NEW_WORK}))
    if upto == "submit_work":
        return steps
    if upto == "register_recording":
        return steps + [("register_recording", {"access_token": N, "work_id": NEW_WORK, "isrc": "IE-AB1-28-00430",
                                                "artist": "Niamh Doyle", "recording_title": "Tidewater",
                                                "duration_s": 236})]
    return steps + [("list_licence_types", {}),
                    ("quote_licence", {"access_token": N, "work_id": NEW_WORK,
                                       "licence_type": "$list_licence_types.3.0", "territories": ["WORLD"],
                                       "term_months": 12})]


def on_work(consumer: str, how: str) -> list:
    """A registered work found by a public search or in the member's own list, then ``consumer``."""
    who = {"get_work": "niamh", "add_alternate_title": "niamh", "register_recording": "niamh",
           "open_dispute": "niamh" if how == "list" else "ks", "withdraw_work": "hl", "quote_licence": "hl",
           "list_licences": "hl", "submit_cue_sheet": "hl", "assign_works_to_agreement": "hl"}[consumer]
    t = tok(who)
    title = {"get_work": "Harbour", "add_alternate_title": "Low Tide", "register_recording": "Low Tide",
             "open_dispute": "Copper Kettle", "withdraw_work": "Paper Boats", "quote_licence": "Harbour Lights",
             "list_licences": "Harbour Lights", "submit_cue_sheet": "Paper Boats",
             "assign_works_to_agreement": "Harbour Lights"}[consumer]
    # rows of the member's own list, sorted by title: Niamh (Harbour Lights, Low Tide, Salt Road, Winter Pier),
    # Harbourline (Copper Kettle Blues, Glass Orchard, Harbour Lights, Low Tide, Paper Boats | Winter Pier)
    row = {"get_work": 0, "add_alternate_title": 1, "register_recording": 1, "open_dispute": 1, "withdraw_work": 4,
           "quote_licence": 2, "list_licences": 2, "submit_cue_sheet": 4, "assign_works_to_agreement": 2}[consumer]
    steps = [sign(who)]
    if how == "search":
        steps.append(("search_works", {"title": title}))
        work = SW
    else:
        steps.append(("list_member_works", {"access_token": t}))
        work = f"{LMW}.{row}.0"
    if consumer == "quote_licence":
        steps.append(("list_licence_types", {}))
    if consumer == "submit_cue_sheet":
        second = ("search_works", {"title": "Glass Orchard"}, "second") if how == "search" else None
        if second:
            steps.append(second)
    if consumer == "assign_works_to_agreement":
        steps += [("search_parties", {"name": "Nordlicht"}),
                  ("create_subpublishing_agreement", {"access_token": t, "subpublisher_ipi": "$search_parties.0.ipi",
                                                      "territories": ["DE", "AT", "CH"], "share": 20.0,
                                                      "start_date": "2028-08-01", "end_date": "2031-07-31"})]
        if how == "search":
            steps.append(("search_works", {"title": "Low Tide"}, "second"))
    args = {
        "get_work": {"work_id": work},
        "add_alternate_title": {"work_id": work, "title": "Marea Baja", "title_type": "TT"},
        "register_recording": {"work_id": work, "isrc": "IE-AB1-28-00422", "artist": "Niamh Doyle",
                               "recording_title": "Low Tide (Live at Whelan's)", "duration_s": 221},
        "open_dispute": ({"work_id": work, "claimed_share": 40.0,
                          "grounds": "I wrote the melody and most of the lyric; the 30/20 split with Cian was "
                                     "entered before the bridge was rewritten"} if how == "list" else
                         {"work_id": work, "claimed_share": 25.0,
                          "grounds": "Kestrel administers Ruth Ashby's lyric catalogue under a 2027 agreement; the "
                                     "author share is registered to the wrong publisher"}),
        "withdraw_work": {"work_id": work, "reason": "Registered twice; the same song as 'Paper Boat Song'"},
        "quote_licence": {"work_id": work, "licence_type": "$list_licence_types.1.0", "territories": ["GB", "IE"],
                          "term_months": 24},
        "list_licences": {"work_id": work},
        "submit_cue_sheet": {"production_title": "The Estuary, series 2 episode 4", "broadcaster": "RTE One",
                             "work_ids": [work, "$second.0.0" if how == "search" else f"{LMW}.1.0"],
                             "durations_s": [48, 95]},
        "assign_works_to_agreement": {"agreement_id": "$create_subpublishing_agreement.agreement_id",
                                      "work_ids": [work, "$second.0.0" if how == "search" else f"{LMW}.3.0"]},
    }[consumer]
    return steps + [(consumer, {"access_token": t, **args})]


def licensing(upto: str) -> list:
    """Harbourline quotes and issues a short-film licence for 'Harbour Lights'."""
    steps = [("list_licence_types", {}), sign("hl"), ("search_works", {"title": "Harbour Lights"}),
             ("quote_licence", {"access_token": HL, "work_id": SW, "licence_type": "$list_licence_types.1.0",
                                "territories": ["GB", "IE"], "term_months": 24})]
    if upto == "quote_licence":
        return steps
    steps.append(("issue_licence", {"access_token": HL, "quote_id": "$quote_licence.quote_id",
                                    "licensee_name": "Brightwater Films Ltd",
                                    "licensee_email": "clearances@brightwaterfilms.co.uk"}))
    if upto == "issue_licence":
        return steps
    return steps + [("revoke_licence", {"access_token": HL, "licence_id": NEW_LICENCE,
                                        "reason": "Issued on the wrong quote; reissuing"})]


def tidewater_tv(upto: str) -> list:
    """Harbourline revokes Tidewater Productions' TV licence on 'Harbour Lights' (then withdraws the work)."""
    steps = [sign("hl"), ("search_works", {"title": "Harbour Lights"}),
             ("list_licences", {"access_token": HL, "work_id": SW}),
             ("revoke_licence", {"access_token": HL, "licence_id": "$list_licences.0.licence_id",
                                 "reason": "Fees unpaid since March; breach of clause 7"})]
    if upto == "revoke_licence":
        return steps
    return steps + [("withdraw_work", {"access_token": HL, "work_id": SW,
                                       "reason": "Withdrawn at the writers' request pending a re-registration"})]


def winter_pier(how: str) -> list:
    """The dispute on 'Winter Pier' ends (resolved by Joy or withdrawn by Kestrel); Harbourline quotes."""
    if how == "resolve":
        steps = [sign("joy"), ("list_disputes", {"access_token": JOY, "status": "open"}),
                 ("resolve_dispute", {"access_token": JOY, "dispute_id": "$list_disputes.0.0", "outcome": "rejected",
                                      "note": "No evidence of a third writer; camp attendance alone is not authorship"})]
    else:
        steps = [sign("ks"), ("list_disputes", {"access_token": KS}),
                 ("withdraw_dispute", {"access_token": KS, "dispute_id": "$list_disputes.0.0"})]
    return steps + [sign("hl"), ("search_works", {"title": "Winter Pier"}), ("list_licence_types", {}),
                    ("quote_licence", {"access_token": HL, "work_id": SW, "licence_type": "$list_licence_types.0.0",
                                       "territories": ["GB"], "term_months": 12})]


def niamh_dispute(then: str) -> list:
    steps = on_work("open_dispute", "list")
    if then == "resolve_dispute":
        return steps + [sign("joy"), ("resolve_dispute", {"access_token": JOY, "dispute_id": NEW_DISPUTE,
                                                          "outcome": "settled",
                                                          "note": "Writers agreed 40/10 between them"})]
    return steps + [("withdraw_dispute", {"access_token": N, "dispute_id": NEW_DISPUTE})]


def statement(upto: str) -> list:
    steps = [sign("niamh"), ("list_statements", {"access_token": N, "year": 2028})]
    if upto == "list_statements":
        return steps
    steps.append(("get_statement_lines", {"access_token": N, "statement_id": "$list_statements.0.statement_id",
                                          "page": 2}))
    if upto == "get_statement_lines":
        return steps
    return steps + [("raise_statement_query", {"access_token": N, "statement_id": "$list_statements.0.statement_id",
                                               "line_no": "$get_statement_lines.lines.2.0",
                                               "message": "RTE Radio 1 played Harbour Lights at least six times in "
                                                          "March (Ray D'Arcy show) but this line pays nothing"})]


def payout(upto: str, account: int = 1) -> list:
    """Niamh verifies her Starling account with the 37p test deposit and is paid her balance."""
    steps = [sign("niamh"), ("list_bank_accounts", {"access_token": N})]
    if account == 1:
        steps.append(("verify_bank_account", {"access_token": N, "bank_account_id": "$list_bank_accounts.1.bank_account_id",
                                              "deposit_pence": 37}))
    if upto == "verify_bank_account":
        return steps
    steps += [("get_balance", {"access_token": N}),
              ("request_payout", {"access_token": N, "amount": "$get_balance",
                                  "bank_account_id": f"$list_bank_accounts.{account}.bank_account_id"})]
    if upto == "request_payout":
        return steps
    return steps + [("cancel_payout", {"access_token": N, "payout_id": "$request_payout.payout_id"})]


def nordlicht(upto: str) -> list:
    steps = [sign("hl"), ("search_parties", {"name": "Nordlicht"}),
             ("create_subpublishing_agreement", {"access_token": HL, "subpublisher_ipi": "$search_parties.0.ipi",
                                                 "territories": ["DE", "AT", "CH"], "share": 20.0,
                                                 "start_date": "2028-08-01", "end_date": "2031-07-31"})]
    return steps


PROOFS = []


def prove(provider: str, steps: list) -> None:
    PROOFS.append((provider, steps[-1][0], steps))


# the bearer token
SIGNED_IN = {
    "logout": [sign("niamh"), ("logout", {"access_token": N})],
    "get_member_profile": [sign("niamh"), ("get_member_profile", {"access_token": N})],
    "update_contact_details": [sign("niamh"), ("update_contact_details", {"access_token": N,
                                                                          "phone": "+353 87 555 0420"})],
    "register_party": tidewater("add_aoife")[:5],
    "list_member_works": [sign("hl"), ("list_member_works", {"access_token": HL, "page": 2})],
    "create_work": tidewater("add_share")[:2],
    "add_share": salt_road("add_share"),
    "remove_share": salt_road("remove_share"),
    "submit_work": salt_road("submit_work"),
    "get_work": on_work("get_work", "search"),
    "add_alternate_title": on_work("add_alternate_title", "search"),
    "withdraw_work": on_work("withdraw_work", "search"),
    "register_recording": on_work("register_recording", "search"),
    "open_dispute": on_work("open_dispute", "search"),
    "list_disputes": [sign("joy"), ("list_disputes", {"access_token": JOY, "status": "open"})],
    "resolve_dispute": winter_pier("resolve")[:3],
    "withdraw_dispute": winter_pier("withdraw")[:3],
    "quote_licence": licensing("quote_licence"),
    "issue_licence": licensing("issue_licence"),
    "list_licences": on_work("list_licences", "search"),
    "revoke_licence": tidewater_tv("revoke_licence"),
    "submit_cue_sheet": on_work("submit_cue_sheet", "search"),
    "list_statements": statement("list_statements"),
    "get_statement_lines": statement("get_statement_lines"),
    "raise_statement_query": statement("raise_statement_query"),
    "get_balance": [sign("niamh"), ("get_balance", {"access_token": N})],
    "add_bank_account": [sign("niamh"), ("add_bank_account", {"access_token": N, "sort_code": "90-15-43",
                                                              "account_number": "61380274",
                                                              "account_name": "Niamh Doyle"})],
    "list_bank_accounts": payout("verify_bank_account")[:2],
    "verify_bank_account": payout("verify_bank_account"),
    "request_payout": payout("request_payout"),
    "cancel_payout": payout("cancel_payout"),
    "create_subpublishing_agreement": nordlicht("create"),
    "assign_works_to_agreement": on_work("assign_works_to_agreement", "list"),
    "send_member_message": [sign("niamh"), ("search_parties", {"name": "Cian"}),
                            ("send_member_message", {"access_token": N, "to_ipi": "$search_parties.0.ipi",
                                                     "subject": "Salt Road split",
                                                     "body": "Hi Cian, I've corrected your share on Salt Road to 20% "
                                                             "as we agreed in Dingle. Niamh"})],
}
for _consumer, _steps in SIGNED_IN.items():
    prove("login", _steps)

# registered works by public search or from the member's list
for _consumer in ("get_work", "add_alternate_title", "withdraw_work", "register_recording", "open_dispute",
                  "quote_licence", "list_licences", "submit_cue_sheet", "assign_works_to_agreement"):
    prove("search_works", on_work(_consumer, "search"))
    prove("list_member_works", on_work(_consumer, "list"))

# drafts, shares and registration
prove("create_work", tidewater("add_share"))
prove("list_member_works", salt_road("add_share"))
prove("create_work", tidewater("remove_share"))
prove("list_member_works", salt_road("remove_share"))
prove("create_work", tidewater("submit_work"))
prove("list_member_works", salt_road("submit_work"))
prove("search_parties", salt_road("add_share"))
prove("register_party", tidewater("add_aoife"))
prove("get_member_profile", [sign("niamh"), ("create_work", {"access_token": N, "title": "Tidewater", "duration_s": 236}),
                             ("get_member_profile", {"access_token": N}),
                             ("add_share", {"access_token": N, "work_id": NEW_WORK, "ipi": "$get_member_profile.ipi",
                                            "role": "CA", "share": 60.0})])
prove("get_work", salt_road("remove_share"))
prove("search_parties", SIGNED_IN["send_member_message"])
prove("search_parties", nordlicht("create"))
prove("add_share", salt_road("submit_work"))
prove("submit_work", tidewater("register_recording"))
prove("submit_work", tidewater("quote_licence"))

# disputes and licences
prove("resolve_dispute", winter_pier("resolve"))
prove("withdraw_dispute", winter_pier("withdraw"))
prove("list_licence_types", licensing("quote_licence"))
prove("quote_licence", licensing("issue_licence"))
prove("issue_licence", licensing("revoke_licence"))
prove("list_licences", tidewater_tv("revoke_licence"))
prove("revoke_licence", tidewater_tv("withdraw_work"))
prove("open_dispute", niamh_dispute("resolve_dispute"))
prove("list_disputes", winter_pier("resolve")[:3])
prove("open_dispute", niamh_dispute("withdraw_dispute"))
prove("list_disputes", winter_pier("withdraw")[:3])

# royalties and payouts
prove("list_statements", statement("get_statement_lines"))
prove("list_statements", statement("raise_statement_query"))
prove("get_statement_lines", statement("raise_statement_query"))
prove("list_bank_accounts", payout("verify_bank_account"))
prove("list_bank_accounts", payout("request_payout", account=0))
prove("verify_bank_account", payout("request_payout"))
prove("get_balance", payout("request_payout", account=0))
prove("request_payout", payout("cancel_payout"))
prove("create_subpublishing_agreement", on_work("assign_works_to_agreement", "search"))

# Designed non-prerequisites: each path succeeds, and still succeeds without the first tool.
NON_PREREQUISITES = [
    ("get_member_profile", [sign("niamh"), ("get_member_profile", {"access_token": N}),
                            ("list_member_works", {"access_token": N}),
                            ("get_work", {"access_token": N, "work_id": f"{LMW}.0.0"})]),
    ("list_licence_types", [("list_licence_types", {})] + tidewater_tv("revoke_licence")),
    ("search_parties", [("search_parties", {"name": "Tom Ashby"})] + on_work("register_recording", "search")),
    ("get_balance", [sign("niamh"), ("get_balance", {"access_token": N})] + payout("verify_bank_account")[1:]),
    ("search_works", [("search_works", {"title": "Winter"})] + winter_pier("resolve")[:3]),
    ("list_statements", [sign("niamh"), ("list_statements", {"access_token": N})]
     + payout("request_payout", account=0)[1:]),
    ("add_bank_account", SIGNED_IN["add_bank_account"] + payout("request_payout")[1:]),
]
