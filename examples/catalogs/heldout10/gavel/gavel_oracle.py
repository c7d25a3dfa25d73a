"""Scripted proofs that Gavel's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned ``{"ok": false, ...}`` is a
failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Dev Patel
(the clerk) signs in as ``clerk`` (``"$clerk.session.token"``) and District Judge Okafor as ``judge``
(``"$judge.session.token"``), unlocking her signing key where a judicial act follows. Ids that
Gavel only writes inside a sentence (the new party ``PTY-3109`` and the new claim ``CV-27-00419``)
are written literally: each comes from its own counter, so it is the same in every fresh state, and
neither exists without the call. A consumer's path is built once per choice of provider.
"""

TODAY = "2027-03-09"
CLERK = ("login", {"username": "dpatel", "password": "Quill&Ledger-22"}, "clerk")
JUDGE = ("login", {"username": "dj.okafor", "password": "Bench-Mark-7781"}, "judge")
CT, JT = "$clerk.session.token", "$judge.session.token"
UNLOCK = ("unlock_signing", {"session_token": JT, "signing_pin": "4417"})
NEW_CASE, NEW_PARTY = "CV-27-00419", "PTY-3109"
CASE = "$search_cases.matches.0.0"

_STAGES = ["issued", "paid", "served", "defended", "allocated", "listed", "heard"]


def sign_in(judge: bool) -> tuple[list, str]:
    return ([JUDGE], JT) if judge else ([CLERK], CT)


def new_claim(tok: str, upto: str = "issued") -> list:
    """Marlow Plant Hire's claim against a newly registered Ffion Jarvis, taken as far as ``upto``."""
    steps = [("search_parties", {"session_token": tok, "name": "Marlow", "postcode": "HW3 8QT"}, "claimant"),
             ("register_party", {"session_token": tok, "full_name": "Ffion Jarvis", "party_type": "sole_trader",
                                 "address": "3 Tanners Row, Harwick", "postcode": "HW2 7JE",
                                 "email": "ffion@jarvisgardens.example"}),
             ("issue_claim", {"session_token": tok, "claimant_party_id": "$claimant.parties.0.party.id",
                              "defendant_party_id": NEW_PARTY, "amount_claimed": 3850.0,
                              "particulars": "Unpaid hire of a 1.5 tonne mini digger and a dumper, March to May "
                                             "2026, under hire agreement MPH-2211."})]
    more = {
        "paid": [("assess_fee", {"session_token": tok, "case_number": NEW_CASE, "fee_event": "issue"}),
                 ("pay_fee", {"session_token": tok, "fee_id": "$assess_fee.fee.id", "amount": "$assess_fee.fee.amount",
                              "method": "fee_account", "payer_reference": "PBA0087712"})],
        "served": [("serve_claim", {"session_token": tok, "case_number": NEW_CASE, "method": "first_class_post",
                                    "served_on": TODAY})],
        "defended": [("file_document", {"session_token": tok, "case_number": NEW_CASE, "document_type": "defence",
                                        "title": "Defence of Ffion Jarvis", "filed_by_party_id": NEW_PARTY})],
        "allocated": [("list_judges", {"track": "small_claims"}),
                      ("allocate_case", {"session_token": tok, "case_number": NEW_CASE,
                                         "judge_id": "$list_judges.judges.0.0"})],
        "listed": [("get_judge_diary", {"session_token": tok, "judge_id": "$list_judges.judges.0.0", "date": TODAY}),
                   ("list_courtrooms", {}),
                   ("list_hearing", {"session_token": tok, "case_number": NEW_CASE,
                                     "hearing_type": "small_claims_hearing",
                                     "slot_id": "$get_judge_diary.diary.slots.2.0",
                                     "courtroom": "$list_courtrooms.courtrooms.2.0"})],
        "heard": [("get_case", {"session_token": tok, "case_number": NEW_CASE}),
                  ("check_in", {"session_token": tok, "hearing_id": "$list_hearing.hearing.id",
                                "party_id": "$get_case.case.parties.0.0"}),
                  ("record_outcome", {"session_token": tok, "hearing_id": "$list_hearing.hearing.id",
                                      "outcome": "heard", "notes": "Defendant did not attend; claim proved on the "
                                                                   "hire agreement and invoices."})],
    }
    for stage in _STAGES[1:_STAGES.index(upto) + 1]:
        steps += more[stage]
    return steps


def find(tok: str, words: str) -> tuple:
    return ("search_cases", {"session_token": tok, "text": words})


def case_path(consumer: str, how: str) -> list:
    """A path ending in ``consumer`` whose case number comes from ``issue_claim`` or ``search_cases``."""
    judge = consumer == "enter_judgment"
    pre, tok = sign_in(judge)
    issue = how == "issue_claim"
    case = NEW_CASE if issue else CASE
    if consumer == "get_case":
        return pre + (new_claim(tok) if issue else [find(tok, "Achterberg")]) + [
            ("get_case", {"session_token": tok, "case_number": case})]
    if consumer == "assess_fee":
        return pre + (new_claim(tok) if issue else [find(tok, "Achterberg")]) + [
            ("assess_fee", {"session_token": tok, "case_number": case, "fee_event": "issue" if issue else "hearing"})]
    if consumer == "serve_claim":
        return pre + (new_claim(tok, "paid") if issue else [find(tok, "Bevan")]) + [
            ("serve_claim", {"session_token": tok, "case_number": case, "method": "personal" if not issue else
                             "first_class_post", "served_on": "2027-03-08" if not issue else TODAY})]
    if consumer == "set_e_service":
        return pre + (new_claim(tok) if issue else [find(tok, "Wieczorek")]) + [
            ("set_e_service", {"session_token": tok, "case_number": case, "enabled": True})]
    if consumer == "file_document":
        party = "$claimant.parties.0.party.id" if issue else "$search_cases.matches.0.3.0.0"
        return pre + (new_claim(tok) if issue else [find(tok, "Achterberg")]) + [
            ("file_document", {"session_token": tok, "case_number": case,
                               "document_type": "particulars_of_claim" if issue else "expert_report",
                               "title": "Particulars of claim" if issue else "Report of Dr N. Hale MRICS on the roof "
                                                                              "at 9 Mill Lane",
                               "filed_by_party_id": party})]
    if consumer == "list_documents":
        return pre + (new_claim(tok) if issue else [find(tok, "Achterberg")]) + [
            ("list_documents", {"session_token": tok, "case_number": case})]
    if consumer == "refer_to_mediation":
        return pre + (new_claim(tok, "defended") if issue else [find(tok, "Raman")]) + [
            ("refer_to_mediation", {"session_token": tok, "case_number": case})]
    if consumer == "draft_order":
        return pre + (new_claim(tok) if issue else [find(tok, "Achterberg")]) + [
            ("draft_order", {"session_token": tok, "case_number": case,
                             "order_text": "The defendant shall file and serve a defence by 4pm on 23 March 2027."})]
    if consumer == "enter_judgment":
        if issue:
            return pre + new_claim(tok, "heard") + [UNLOCK, (
                "enter_judgment", {"session_token": tok, "case_number": case, "kind": "after_hearing",
                                   "amount": 3850.0, "costs": 410.0})]
        return pre + [find(tok, "Pryce"), UNLOCK, (
            "enter_judgment", {"session_token": tok, "case_number": case, "kind": "default", "amount": 4200.0,
                               "costs": 285.0})]
    if consumer == "send_case_message":
        return pre + (new_claim(tok) if issue else [find(tok, "Wieczorek")]) + [
            ("set_e_service", {"session_token": tok, "case_number": case, "enabled": True}),
            ("get_case", {"session_token": tok, "case_number": case}),
            ("send_case_message", {"session_token": tok, "case_number": case,
                                   "party_ids": ["$get_case.case.parties.1.0"],
                                   "subject": "Your hearing" if not issue else "Claim issued against you",
                                   "body": "Please read the enclosed notice and reply within 14 days."})]
    if consumer == "enter_appearance":
        if issue:
            return pre + new_claim(tok) + [
                ("find_attorney", {"session_token": tok, "name_or_firm": "Asante"}),
                ("enter_appearance", {"session_token": tok, "case_number": case, "party_id": NEW_PARTY,
                                      "attorney_id": "$find_attorney.representatives.0.0"})]
        return appearance("get_case")
    raise KeyError(consumer)


def appearance(party_from: str) -> list:
    """Kwame Asante of Asante Law comes on the record for Brightwell Roofing on the Achterberg claim."""
    steps = [CLERK, find(CT, "Achterberg"), ("find_attorney", {"session_token": CT, "name_or_firm": "Asante"})]
    if party_from == "search_parties":
        steps.append(("search_parties", {"session_token": CT, "name": "Brightwell"}))
        party = "$search_parties.parties.0.party.id"
    else:
        steps.append(("get_case", {"session_token": CT, "case_number": CASE}))
        party = "$get_case.case.parties.1.0"
    return steps + [("enter_appearance", {"session_token": CT, "case_number": CASE, "party_id": party,
                                          "attorney_id": "$find_attorney.representatives.0.0"})]


def wieczorek_party(tok: str, party_from: str) -> tuple[list, str]:
    """Tomasz Wieczorek's party id, by name or from the case file (case number from search_cases)."""
    if party_from == "search_parties":
        return [("search_parties", {"session_token": tok, "name": "Wieczorek"})], "$search_parties.parties.0.party.id"
    return [("get_case", {"session_token": tok, "case_number": CASE})], "$get_case.case.parties.0.0"


def served_order(party_from: str) -> list:
    """An order on the Wieczorek claim drafted, approved by the judge and served on the claimant by e-mail."""
    pre, party = wieczorek_party(JT, party_from)
    return [JUDGE, find(JT, "Wieczorek"),
            ("set_e_service", {"session_token": JT, "case_number": CASE, "enabled": True}),
            ("draft_order", {"session_token": JT, "case_number": CASE,
                             "order_text": "The claimant may rely on the medical letter dated 20 February 2027 at "
                                           "the hearing."}),
            UNLOCK, ("approve_order", {"session_token": JT, "order_id": "$draft_order.order.id"})] + pre + [
        ("serve_order", {"session_token": JT, "order_id": "$draft_order.order.id", "party_ids": [party]})]


def message(party_from: str) -> list:
    pre, party = wieczorek_party(CT, party_from)
    return [CLERK, find(CT, "Wieczorek"),
            ("set_e_service", {"session_token": CT, "case_number": CASE, "enabled": True})] + pre + [
        ("send_case_message", {"session_token": CT, "case_number": CASE, "party_ids": [party],
                               "subject": "Interpreter for your hearing",
                               "body": "A Polish interpreter will be at Court 3 from 9.30am. Please bring your "
                                       "repair invoices."})]


def hearing(how: str, judge: bool = False) -> tuple[list, str, str, str]:
    """A hearing today: HRG-8840 from the cause list (Wieczorek v Harwick Motors), or a case management
    hearing listed now on the Achterberg claim in District Judge Okafor's free 14:00 slot. Returns the
    steps (signed in), the hearing reference, the case reference and the judge reference."""
    pre, tok = sign_in(judge)
    if how == "search_hearings":
        return ([("search_hearings", {"date": TODAY})] + pre + [("list_judges", {})],
                "$search_hearings.list.0.0", "$search_hearings.list.0.3", "$list_judges.judges.0.0")
    return pre + [find(tok, "Achterberg"), ("list_judges", {"track": "fast_track"}),
                  ("allocate_case", {"session_token": tok, "case_number": CASE, "judge_id": "$list_judges.judges.0.0"}),
                  ("get_judge_diary", {"session_token": tok, "judge_id": "$list_judges.judges.0.0", "date": TODAY}),
                  ("list_courtrooms", {}),
                  ("list_hearing", {"session_token": tok, "case_number": CASE, "hearing_type": "case_management",
                                    "slot_id": "$get_judge_diary.diary.slots.2.0",
                                    "courtroom": "$list_courtrooms.courtrooms.0.0"})], \
        "$list_hearing.hearing.id", CASE, "$list_judges.judges.0.0"


def hearing_path(consumer: str, how: str) -> list:
    steps, hid, case, judge = hearing(how)
    if consumer == "book_interpreter":
        return steps + [("book_interpreter", {"session_token": CT, "hearing_id": hid, "language": "polish"})]
    if consumer == "adjourn_hearing":
        return steps + [("get_judge_diary", {"session_token": CT, "judge_id": judge, "date": "2027-03-16"}, "later"),
                        ("adjourn_hearing", {"session_token": CT, "hearing_id": hid,
                                             "new_slot_id": "$later.diary.slots.1.0",
                                             "reason": "Claimant's expert unavailable; adjourned by consent"})]
    steps = steps + [("get_case", {"session_token": CT, "case_number": case}),
                     ("check_in", {"session_token": CT, "hearing_id": hid, "party_id": "$get_case.case.parties.0.0"})]
    if consumer == "check_in":
        return steps
    steps.append(("record_outcome", {"session_token": CT, "hearing_id": hid, "outcome": "heard",
                                     "notes": "Both parties attended; judgment reserved to be handed down in writing."}))
    if consumer == "record_outcome":
        return steps
    return steps + [("order_transcript", {"session_token": CT, "hearing_id": hid,
                                          "requested_by": "Tomasz Wieczorek (claimant)"})]


def check_in_by(party_from: str) -> list:
    pre, party = (wieczorek_party(CT, "search_parties") if party_from == "search_parties" else
                  ([("get_case", {"session_token": CT, "case_number": "$search_hearings.list.0.3"})],
                   "$get_case.case.parties.0.0"))
    return [("search_hearings", {"date": TODAY}), CLERK] + pre + [
        ("check_in", {"session_token": CT, "hearing_id": "$search_hearings.list.0.0", "party_id": party})]


def judgment_path(consumer: str, how: str) -> list:
    """Marlow v Danvers's unpaid judgment JDG-2291 from the case file, or a default judgment entered now
    against Gareth Pryce."""
    if how == "get_case":
        pre, tok = [CLERK, find(CT, "Danvers"), ("get_case", {"session_token": CT, "case_number": CASE})], CT
        jid = "$get_case.case.judgment.id"
    else:
        pre, tok = case_path("enter_judgment", "search_cases"), JT
        jid = "$enter_judgment.judgment.id"
    if consumer == "get_judgment":
        return pre + [("get_judgment", {"session_token": tok, "judgment_id": jid})]
    if consumer == "record_payment_in":
        return pre + [("record_payment_in", {"session_token": tok, "judgment_id": jid, "amount": 500.0,
                                             "paid_on": "2027-03-08"})]
    if consumer == "request_enforcement":
        return pre + [("assess_fee", {"session_token": tok, "case_number": CASE, "fee_event": "enforcement"}),
                      ("pay_fee", {"session_token": tok, "fee_id": "$assess_fee.fee.id",
                                   "amount": "$assess_fee.fee.amount", "method": "card",
                                   "payer_reference": "AUTH 771203"}),
                      ("request_enforcement", {"session_token": tok, "judgment_id": jid,
                                               "method": "warrant_of_control",
                                               "fee_receipt_number": "$pay_fee.receipt.number"})]
    if consumer in ("issue_certificate_of_satisfaction", "close_case"):
        steps = pre + [("get_judgment", {"session_token": tok, "judgment_id": jid}),
                       ("record_payment_in", {"session_token": tok, "judgment_id": jid,
                                              "amount": "$get_judgment.judgment.balance", "paid_on": "2027-03-05"}),
                       ("issue_certificate_of_satisfaction", {"session_token": tok, "judgment_id": jid})]
        if consumer == "close_case":
            steps.append(("close_case", {"session_token": tok, "case_number": CASE,
                                         "reason": "Judgment satisfied; certificate issued"}))
        return steps
    raise KeyError(consumer)


def mediation(upto: str) -> list:
    steps = [CLERK, find(CT, "Raman"), ("refer_to_mediation", {"session_token": CT, "case_number": CASE}),
             ("record_mediation_result", {"session_token": CT, "referral_id": "$refer_to_mediation.referral.id",
                                          "result": "settled",
                                          "terms": "Defendant to pay GBP 2,600 in full and final settlement by 6 "
                                                   "April 2027."})]
    if upto == "close_case":
        steps.append(("close_case", {"session_token": CT, "case_number": CASE,
                                     "reason": "Settled at mediation"}))
    return steps


def application(decide: bool) -> list:
    pre, tok = sign_in(decide)
    steps = pre + [find(tok, "Pryce"),
                   ("assess_fee", {"session_token": tok, "case_number": CASE, "fee_event": "application"}),
                   ("pay_fee", {"session_token": tok, "fee_id": "$assess_fee.fee.id", "amount": "$assess_fee.fee.amount",
                                "method": "help_with_fees", "payer_reference": "HWF-M4K-22T"}),
                   ("make_application", {"session_token": tok, "case_number": CASE,
                                         "application_type": "extension_of_time",
                                         "applicant_party_id": "$search_cases.matches.0.3.1.0",
                                         "grounds": "The defendant was in hospital from 5 to 26 February and asks for "
                                                    "14 days to file a defence.",
                                         "fee_receipt_number": "$pay_fee.receipt.number"})]
    if decide:
        steps += [UNLOCK, ("decide_application", {"session_token": tok,
                                                  "application_id": "$make_application.application.id",
                                                  "decision": "granted",
                                                  "reasons": "Good reason shown; no prejudice to the claimant."})]
    return steps


def draft_approve() -> list:
    return [JUDGE, find(JT, "Achterberg"),
            ("draft_order", {"session_token": JT, "case_number": CASE,
                             "order_text": "Allocated to the fast track. Standard disclosure by 6 April 2027; "
                                           "witness statements by 4 May 2027."}),
            UNLOCK, ("approve_order", {"session_token": JT, "order_id": "$draft_order.order.id"})]


def diary(judge_from: str) -> list:
    if judge_from == "list_judges":
        return [("list_judges", {}), CLERK,
                ("get_judge_diary", {"session_token": CT, "judge_id": "$list_judges.judges.0.0", "date": TODAY})]
    return [CLERK, find(CT, "Wieczorek"), ("get_case", {"session_token": CT, "case_number": CASE}),
            ("get_judge_diary", {"session_token": CT, "judge_id": "$get_case.case.judge.id", "date": "2027-03-10"})]


def allocation() -> list:
    return [CLERK, find(CT, "Achterberg"), ("list_judges", {"track": "fast_track"}),
            ("allocate_case", {"session_token": CT, "case_number": CASE, "judge_id": "$list_judges.judges.0.0"})]


def issue_by(how: str) -> list:
    if how == "register_party":
        return [CLERK] + new_claim(CT)
    return [CLERK, ("search_parties", {"session_token": CT, "name": "Marlow", "postcode": "HW3 8QT"}, "claimant"),
            ("search_parties", {"session_token": CT, "name": "Gareth Pryce"}, "defendant"),
            ("issue_claim", {"session_token": CT, "claimant_party_id": "$claimant.parties.0.party.id",
                             "defendant_party_id": "$defendant.parties.0.party.id", "amount_claimed": 640.0,
                             "particulars": "Replacement of a breaker attachment returned damaged on 2 February "
                                            "2027."})]


# one canonical path per consumer (the first one built), reused for the sign-in and signing proofs
PATHS = {}
PROOFS = []


def prove(provider: str, steps: list) -> None:
    consumer = steps[-1][0]
    PATHS.setdefault(consumer, steps)
    PROOFS.append((provider, consumer, steps))


for _c in ["get_case", "assess_fee", "serve_claim", "set_e_service", "file_document", "list_documents",
           "refer_to_mediation", "draft_order", "enter_judgment", "send_case_message", "enter_appearance"]:
    for _how in ("search_cases", "issue_claim"):
        prove(_how, case_path(_c, _how))
for _how in ("search_parties", "get_case"):
    prove(_how, appearance(_how))
    prove(_how, check_in_by(_how))
    prove(_how, message(_how))
    prove(_how, served_order(_how))
for _c in ["check_in", "book_interpreter", "adjourn_hearing", "record_outcome", "order_transcript"]:
    for _how in ("search_hearings", "list_hearing"):
        prove(_how, hearing_path(_c, _how))
for _c in ["get_judgment", "record_payment_in", "request_enforcement"]:
    for _how in ("get_case", "enter_judgment"):
        prove(_how, judgment_path(_c, _how))
for _how in ("search_parties", "register_party"):
    prove(_how, issue_by(_how))
prove("find_attorney", appearance("get_case"))
prove("search_cases", application(False))
prove("list_judges", allocation())
prove("list_judges", diary("list_judges"))
prove("get_case", diary("get_case"))
prove("get_judge_diary", hearing("list_hearing")[0])
prove("get_judge_diary", hearing_path("adjourn_hearing", "search_hearings"))
prove("list_courtrooms", hearing("list_hearing")[0])
prove("assess_fee", [CLERK, find(CT, "Achterberg"),
                     ("assess_fee", {"session_token": CT, "case_number": CASE, "fee_event": "hearing"}),
                     ("pay_fee", {"session_token": CT, "fee_id": "$assess_fee.fee.id",
                                  "amount": "$assess_fee.fee.amount", "method": "fee_account",
                                  "payer_reference": "PBA0031984"})])
prove("pay_fee", application(False))
prove("pay_fee", judgment_path("request_enforcement", "get_case"))
prove("make_application", application(True))
prove("draft_order", draft_approve())
prove("draft_order", served_order("get_case"))
prove("refer_to_mediation", mediation("record_mediation_result"))
prove("pay_fee", [CLERK] + new_claim(CT, "served"))
prove("serve_claim", [CLERK] + new_claim(CT, "defended"))
prove("file_document", [CLERK] + new_claim(CT, "allocated"))
prove("file_document", [CLERK] + new_claim(CT, "defended") + [
    ("refer_to_mediation", {"session_token": CT, "case_number": NEW_CASE})])
prove("allocate_case", hearing("list_hearing")[0])
prove("check_in", hearing_path("record_outcome", "search_hearings"))
prove("record_outcome", hearing_path("order_transcript", "search_hearings"))
prove("record_outcome", [("search_hearings", {"date": TODAY}), JUDGE,
                         ("get_case", {"session_token": JT, "case_number": "$search_hearings.list.0.3"}),
                         ("check_in", {"session_token": JT, "hearing_id": "$search_hearings.list.0.0",
                                       "party_id": "$get_case.case.parties.0.0"}),
                         ("record_outcome", {"session_token": JT, "hearing_id": "$search_hearings.list.0.0",
                                             "outcome": "heard", "notes": "Heard with a Polish interpreter; claim "
                                                                          "proved in part."}),
                         UNLOCK, ("enter_judgment", {"session_token": JT, "case_number": "$search_hearings.list.0.3",
                                                     "kind": "after_hearing", "amount": 1980.0, "costs": 115.0})])
prove("approve_order", served_order("get_case"))
prove("record_payment_in", judgment_path("issue_certificate_of_satisfaction", "get_case"))
prove("issue_certificate_of_satisfaction", judgment_path("close_case", "get_case"))
prove("record_mediation_result", mediation("close_case"))
prove("set_e_service", message("get_case"))
prove("set_e_service", served_order("get_case"))

_SESSION = ["unlock_signing", "search_parties", "register_party", "find_attorney", "enter_appearance", "issue_claim",
            "search_cases", "get_case", "assess_fee", "pay_fee", "serve_claim", "set_e_service", "send_case_message",
            "file_document", "list_documents", "allocate_case", "get_judge_diary", "list_hearing", "adjourn_hearing",
            "book_interpreter", "check_in", "record_outcome", "order_transcript", "make_application",
            "decide_application", "draft_order", "approve_order", "serve_order", "enter_judgment", "get_judgment",
            "request_enforcement", "record_payment_in", "issue_certificate_of_satisfaction", "refer_to_mediation",
            "record_mediation_result", "close_case"]
_EXTRA = {
    "unlock_signing": draft_approve()[:3] + [UNLOCK],
    "search_parties": issue_by("search_parties")[:2],
    "register_party": [CLERK] + new_claim(CT)[:2],
    "find_attorney": appearance("get_case")[:3],
    "issue_claim": [CLERK] + new_claim(CT),
    "search_cases": [CLERK, find(CT, "Achterberg")],
    "list_hearing": hearing("list_hearing")[0],
}
for _c in _SESSION:
    _path = PATHS.get(_c) or _EXTRA[_c]
    prove("login", _path)
for _c in ["decide_application", "approve_order", "enter_judgment"]:
    prove("unlock_signing", PATHS[_c])

NON_PREREQUISITES = [
    ("list_courtrooms", [("list_courtrooms", {}), CLERK, find(CT, "Achterberg"),
                         ("get_case", {"session_token": CT, "case_number": CASE})]),
    ("find_attorney", [CLERK, ("find_attorney", {"session_token": CT, "name_or_firm": "Lloyd"}), find(CT, "Pryce"),
                       ("list_documents", {"session_token": CT, "case_number": CASE})]),
    ("get_judgment", [CLERK, find(CT, "Danvers"), ("get_case", {"session_token": CT, "case_number": CASE}),
                      ("get_judgment", {"session_token": CT, "judgment_id": "$get_case.case.judgment.id"}),
                      ("assess_fee", {"session_token": CT, "case_number": CASE, "fee_event": "enforcement"})]),
    ("book_interpreter", [("search_hearings", {"date": TODAY}), CLERK,
                          ("book_interpreter", {"session_token": CT, "hearing_id": "$search_hearings.list.0.0",
                                                "language": "polish"}),
                          ("get_case", {"session_token": CT, "case_number": "$search_hearings.list.0.3"}),
                          ("check_in", {"session_token": CT, "hearing_id": "$search_hearings.list.0.0",
                                        "party_id": "$get_case.case.parties.0.0"})]),
    ("search_parties", [CLERK, ("search_parties", {"session_token": CT, "name": "Achterberg"}),
                        find(CT, "Achterberg"),
                        ("file_document", {"session_token": CT, "case_number": CASE,
                                           "document_type": "witness_statement", "title": "Statement of S. Achterberg",
                                           "filed_by_party_id": "$search_cases.matches.0.3.0.0"})]),
    ("unlock_signing", [JUDGE, UNLOCK, find(JT, "Achterberg"),
                        ("draft_order", {"session_token": JT, "case_number": CASE,
                                         "order_text": "Trial window 1 to 12 November 2027; time estimate two days."})]),
    ("set_e_service", [CLERK, find(CT, "Wieczorek"),
                       ("set_e_service", {"session_token": CT, "case_number": CASE, "enabled": True}),
                       ("draft_order", {"session_token": CT, "case_number": CASE,
                                        "order_text": "Permission to the defendant to rely on the service log."})]),
]
