"""Scripted proofs that Gazette's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "hilarion")``) and pass ``"$hilarion.token"``; replies are read by field (``"$register_presenter.presenter_id"``,
``"$reserve_name.reservation_id"``, ``"$start_incorporation.incorporation_id"``, ``"$verify_identity.name"`` with
``"$verify_identity.personal_code"`` from the same reply, ``"$examine_incorporation.company_number"``,
``"$issue_auth_code.auth_code"``, ``"$file_accounts.penalty_id"`` with ``"$file_accounts.penalty_amount"``,
``"$propose_strike_off.notice_id"``), list entries by position and field (``"$find_company.0.company_number"``,
``"$find_presenter.0.presenter_id"``, ``"$incorporations.0.incorporation_id"``, ``"$incorporations.0.directors.0.0"``,
``"$penalties.0.penalty_id"``, ``"$gazette_notices.1.notice_id"``), rows by row and column (``"$sic_codes.2.0"``,
``"$control_natures.2.0"``, ``"$company_profile.officers.1.0"``, ``"$company_profile.filings.0.0"``). The positions
follow the fresh state's order (records by id, each list filtered as the call asks). Every id, code and number is read
from a reply; none is written literally (firms, names, dates, document numbers, addresses, e-mail addresses, amounts and
grounds are written as the staff are told them).

The day: a new presenter, Saltwort Formations, incorporates Wherryman Bicycle Works, which is registered, given an
authentication code, a registered e-mail address, a new office and a second director; Cinderford Studio's draft
gets its person with significant control and is registered, and Orache Plant Nursery is examined; Trevanion
Joinery sets its registered e-mail address, files its confirmation statement, loses a director, moves and orders
certified copies; Larchmere Software's late accounts bring a penalty, which is paid; Quernstone Loaves shortens its
first period and files; Oakhanger Consulting is proposed for striking off and a creditor objects, as Mistley Yarns'
director does; Egremont Lettings is dissolved and at once restored; Tregaskis Design is restored.
"""

import gazette_tools as tools

WHO = {"hilarion": ("hilarion.p", "Ledger-Quire-38"), "wilma": ("wilma.o", "Memo-Articles-51"),
       "osmund": ("osmund.s", "Notice-Struck-26"), "thurstan": ("thurstan.g", "Penny-Receipt-73"),
       "sibylla": ("sibylla.h", "Seal-Register-19")}
AT, WT, RT, MT, IT = "$hilarion.token", "$wilma.token", "$osmund.token", "$thurstan.token", "$sibylla.token"
CO = "$find_company.0.company_number"
NEWCO = "$examine_incorporation.company_number"
CODE = "$issue_auth_code.auth_code"
INC = "$start_incorporation.incorporation_id"
LINC = "$incorporations.0.incorporation_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- Saltwort Formations incorporates Wherryman Bicycle Works, which is then registered and changed

WHERRYMAN = [
    login("hilarion"),
    ("register_presenter", {"token": AT, "firm": "Saltwort Formations", "contact": "Yseult Vossberg",
                            "email": "forms@saltwort.example", "phone": "01632 960771"}),
    ("top_up_account", {"token": AT, "presenter_id": "$register_presenter.presenter_id", "amount": 300,
                        "method": "card"}),
    ("reserve_name", {"token": AT, "name": "Wherryman Bicycle Works Limited"}),
    ("sic_codes", {}),
    ("start_incorporation", {"token": AT, "presenter_id": "$register_presenter.presenter_id",
                             "reservation_id": "$reserve_name.reservation_id", "company_type": "private_shares",
                             "registered_office": "14 Chainmakers' Row, Rennick RN2 6JD",
                             "sic_codes": ["$sic_codes.11.0", "$sic_codes.4.0"]}),
    ("attach_articles", {"token": AT, "incorporation_id": INC, "model_articles": True}),
    ("set_share_capital", {"token": AT, "incorporation_id": INC, "holders": ["Rainald Wherryman"], "shares": [100],
                           "nominal_value": 1.0}),
    ("verify_identity", {"token": AT, "full_name": "Rainald Wherryman", "date_of_birth": "2012-02-22",
                         "document": "passport", "document_number": "551923047"}),
    ("propose_director", {"token": AT, "incorporation_id": INC, "name": "$verify_identity.name",
                          "personal_code": "$verify_identity.personal_code",
                          "service_address": "14 Chainmakers' Row, Rennick RN2 6JD"}),
    ("control_natures", {}),
    ("add_psc", {"token": AT, "incorporation_id": INC, "name": "$verify_identity.name",
                 "personal_code": "$verify_identity.personal_code",
                 "natures": ["$control_natures.2.0", "$control_natures.5.0"]}),
    ("submit_incorporation", {"token": AT, "incorporation_id": INC}),
    login("wilma"),
    ("examine_incorporation", {"token": WT, "incorporation_id": INC, "decision": "register"}),
    ("company_profile", {"token": WT, "company_number": NEWCO}),
    ("issue_auth_code", {"token": AT, "company_number": NEWCO}),
    ("set_registered_email", {"token": WT, "company_number": NEWCO, "auth_code": CODE,
                              "email": "rainald@wherryman.example"}),
    ("change_registered_office", {"token": WT, "company_number": NEWCO, "auth_code": CODE,
                                  "address": "Arch 3, Viaduct Yard, Rennick RN2 6JF"}),
    ("verify_identity", {"token": WT, "full_name": "Venetia Wherryman", "date_of_birth": "2014-10-05",
                         "document": "driving_licence", "document_number": "WHERR110054VW9QX"}, "venetia"),
    ("appoint_director", {"token": WT, "company_number": NEWCO, "auth_code": CODE, "name": "$venetia.name",
                          "personal_code": "$venetia.personal_code", "appointed_on": "2054-06-09"})]
WHERRYMAN_ACCOUNT = cut(WHERRYMAN, "register_presenter") + [
    ("presenter_account", {"token": AT, "presenter_id": "$register_presenter.presenter_id"})]

# ---- Cinderford Studio's draft (from the list of drafts) gets its PSC and is registered

CINDERFORD = [login("wilma"), ("incorporations", {"token": WT, "status": "draft"}),
               ("control_natures", {}),
               ("add_psc", {"token": WT, "incorporation_id": LINC, "name": "$incorporations.0.directors.0.0",
                            "personal_code": "$incorporations.0.directors.0.1",
                            "natures": ["$control_natures.2.0", "$control_natures.5.0", "$control_natures.6.0"]}),
               ("submit_incorporation", {"token": WT, "incorporation_id": LINC}),
               ("examine_incorporation", {"token": WT, "incorporation_id": LINC, "decision": "register"})]
CINDERFORD_EDITS = [login("wilma"), ("incorporations", {"token": WT, "status": "draft"}),
                     ("attach_articles", {"token": WT, "incorporation_id": LINC, "model_articles": False,
                                          "document_ref": "ART-BRK-0604"}),
                     ("set_share_capital", {"token": WT, "incorporation_id": LINC,
                                            "holders": ["Ottavia Cinderford", "Silvan Ostrowe"], "shares": [60, 40],
                                            "nominal_value": 1.0}),
                     ("verify_identity", {"token": WT, "full_name": "Silvan Ostrowe", "date_of_birth": "2015-03-17",
                                          "document": "passport", "document_number": "563302918"}),
                     ("propose_director", {"token": WT, "incorporation_id": LINC, "name": "$verify_identity.name",
                                           "personal_code": "$verify_identity.personal_code",
                                           "service_address": "Loft 2, Hawser Wharf, Rennick RN1 5DU"})]
ORACHE = [login("wilma"), ("incorporations", {"token": WT, "status": "submitted"}),
               ("examine_incorporation", {"token": WT, "incorporation_id": LINC, "decision": "register"})]

# ---- Trevanion Joinery: registered e-mail, confirmation statement, a director leaves, a move, certified copies

TREVANION = [login("hilarion"), ("find_company", {"token": AT, "text": "Trevanion"}),
              ("issue_auth_code", {"token": AT, "company_number": CO}),
              login("wilma"),
              ("set_registered_email", {"token": WT, "company_number": CO, "auth_code": CODE,
                                        "email": "accounts@trevanion.example"}),
              ("find_presenter", {"token": WT, "text": "Nettleship"}),
              ("sic_codes", {}),
              ("file_confirmation_statement", {"token": WT, "presenter_id": "$find_presenter.0.presenter_id",
                                               "company_number": CO, "auth_code": CODE, "made_up_to": "2054-06-09",
                                               "sic_codes": ["$sic_codes.2.0", "$sic_codes.3.0"],
                                               "lawful_purpose": True})]
TREVANION_FEE = [login("hilarion"), ("find_company", {"token": AT, "text": "Trevanion"}),
                  ("issue_auth_code", {"token": AT, "company_number": CO}),
                  ("find_presenter", {"token": AT, "text": "Wimbush"}),
                  ("top_up_account", {"token": AT, "presenter_id": "$find_presenter.0.presenter_id", "amount": 50,
                                      "method": "bank_transfer"}),
                  login("wilma"),
                  ("set_registered_email", {"token": WT, "company_number": CO, "auth_code": CODE,
                                            "email": "accounts@trevanion.example"}),
                  ("sic_codes", {}),
                  ("file_confirmation_statement", {"token": WT, "presenter_id": "$find_presenter.0.presenter_id",
                                                   "company_number": CO, "auth_code": CODE,
                                                   "made_up_to": "2054-06-09", "sic_codes": ["$sic_codes.2.0"],
                                                   "lawful_purpose": True})]
TREVANION_LEAVES = [login("hilarion"), ("find_company", {"token": AT, "text": "Trevanion"}),
                     ("issue_auth_code", {"token": AT, "company_number": CO}),
                     ("company_profile", {"token": AT, "company_number": CO}),
                     login("wilma"),
                     ("terminate_appointment", {"token": WT, "company_number": CO, "auth_code": CODE,
                                                "officer_id": "$company_profile.officers.1.0",
                                                "resigned_on": "2054-06-05"})]
TREVANION_MOVES = cut(TREVANION, "issue_auth_code") + [login("wilma"),
    ("change_registered_office", {"token": WT, "company_number": CO, "auth_code": CODE,
                                  "address": "Unit 9, Kilnworks, Rennick RN2 5WQ"})]
TREVANION_DIRECTOR = cut(TREVANION, "issue_auth_code") + [login("wilma"),
    ("verify_identity", {"token": WT, "full_name": "Jocosa Trevanion", "date_of_birth": "2023-05-11",
                         "document": "passport", "document_number": "560117284"}),
    ("appoint_director", {"token": WT, "company_number": CO, "auth_code": CODE, "name": "$verify_identity.name",
                          "personal_code": "$verify_identity.personal_code", "appointed_on": "2054-06-08"})]
TREVANION_PROFILE = [login("hilarion"), ("find_company", {"token": AT, "text": "Trevanion"}),
                      ("company_profile", {"token": AT, "company_number": CO})]
COPIES = [login("hilarion"), ("find_presenter", {"token": AT, "text": "Wimbush"}),
          ("top_up_account", {"token": AT, "presenter_id": "$find_presenter.0.presenter_id", "amount": 30,
                              "method": "card"}),
          ("find_company", {"token": AT, "text": "Trevanion"}),
          ("company_profile", {"token": AT, "company_number": CO}),
          ("order_certified_copy", {"token": AT, "presenter_id": "$find_presenter.0.presenter_id",
                                    "company_number": CO, "filing_id": "$company_profile.filings.0.0", "copies": 2})]
NEW_COPIES = cut(WHERRYMAN, "top_up_account") + [
    ("find_company", {"token": AT, "text": "Trevanion"}),
    ("company_profile", {"token": AT, "company_number": CO}),
    ("order_certified_copy", {"token": AT, "presenter_id": "$register_presenter.presenter_id", "company_number": CO,
                              "filing_id": "$company_profile.filings.1.0", "copies": 1})]

# ---- Larchmere Software's late accounts and their penalty; Quernstone Loaves' shorter first period

LARCHMERE = [login("hilarion"), ("find_company", {"token": AT, "text": "Larchmere"}),
             ("issue_auth_code", {"token": AT, "company_number": CO}),
             login("wilma"),
             ("file_accounts", {"token": WT, "company_number": CO, "auth_code": CODE, "made_up_to": "2053-06-30",
                                "accounts_type": "small", "turnover": 412000, "net_assets": 88500}),
             login("thurstan"),
             ("pay_penalty", {"token": MT, "penalty_id": "$file_accounts.penalty_id",
                              "amount": "$file_accounts.penalty_amount", "method": "card"})]
QUERNSTONE = [login("hilarion"), ("find_company", {"token": AT, "text": "Quernstone"}),
             ("issue_auth_code", {"token": AT, "company_number": CO}),
             login("wilma"),
             ("change_accounting_date", {"token": WT, "company_number": CO, "auth_code": CODE,
                                         "made_up_to": "2054-03-31"}),
             ("file_accounts", {"token": WT, "company_number": CO, "auth_code": CODE, "made_up_to": "2054-03-31",
                                "accounts_type": "micro", "turnover": 96300, "net_assets": 4100})]

# ---- striking off: Oakhanger Consulting proposed and objected to; Mistley Yarns objected to; Egremont dissolved

OAKHANGER = [login("osmund"), ("find_company", {"token": RT, "text": "Oakhanger"}),
             ("propose_strike_off", {"token": RT, "company_number": CO, "reason": "overdue_filings"}),
             ("object_to_strike_off", {"token": RT, "notice_id": "$propose_strike_off.notice_id",
                                       "objector": "Foolscap Office Supplies",
                                       "grounds": "Owed 3,800 pounds for stationery and a printer lease"})]
MISTLEY = [login("osmund"), ("gazette_notices", {"token": RT}),
           ("object_to_strike_off", {"token": RT, "notice_id": "$gazette_notices.1.notice_id",
                                     "objector": "Norberta Mistley",
                                     "grounds": "The overdue accounts are with the auditors and will be filed"})]
EGREMONT = [login("osmund"), ("gazette_notices", {"token": RT}),
           ("dissolve_company", {"token": RT, "notice_id": "$gazette_notices.0.notice_id"}),
           login("hilarion"), ("find_company", {"token": AT, "text": "Egremont"}),
           ("issue_auth_code", {"token": AT, "company_number": CO}),
           login("wilma"),
           ("file_accounts", {"token": WT, "company_number": CO, "auth_code": CODE, "made_up_to": "2052-12-31",
                              "accounts_type": "micro", "turnover": 61200, "net_assets": 15300}),
           login("thurstan"),
           ("pay_penalty", {"token": MT, "penalty_id": "$file_accounts.penalty_id",
                            "amount": "$file_accounts.penalty_amount", "method": "card"}),
           ("apply_restoration", {"token": RT, "company_number": CO, "applicant": "Zuleika Egremont",
                                  "former_director": True, "fee_paid": 250.0})]

# ---- Tregaskis Design restored: its accounts delivered and both penalties paid

TREGASKIS = [login("hilarion"), ("find_company", {"token": AT, "text": "Tregaskis"}),
             ("issue_auth_code", {"token": AT, "company_number": CO}),
             login("wilma"),
             ("file_accounts", {"token": WT, "company_number": CO, "auth_code": CODE, "made_up_to": "2052-10-31",
                                "accounts_type": "micro", "turnover": 58000, "net_assets": -2300}),
             login("thurstan"),
             ("penalties", {"token": MT, "company_number": CO, "status": "unpaid"}),
             ("pay_penalty", {"token": MT, "penalty_id": "$penalties.0.penalty_id", "amount": "$penalties.0.amount",
                              "method": "bank_transfer"}),
             ("pay_penalty", {"token": MT, "penalty_id": "$penalties.1.penalty_id", "amount": "$penalties.1.amount",
                              "method": "bank_transfer"}, "second_payment"),
             login("osmund"),
             ("apply_restoration", {"token": RT, "company_number": CO, "applicant": "Petronel Tregaskis",
                                    "former_director": True, "fee_paid": 250.0})]
TREGASKIS_PENALTY = [login("thurstan"), ("find_company", {"token": MT, "text": "Tregaskis"}),
                     ("penalties", {"token": MT, "company_number": CO, "status": "unpaid"}),
                     ("pay_penalty", {"token": MT, "penalty_id": "$penalties.0.penalty_id",
                                      "amount": "$penalties.0.amount", "method": "bank_transfer"})]

# ---- the entries and their proofs (the sign-in proofs are derived below)

_BODY = [
    # presenters
    ("register_presenter", "top_up_account", cut(WHERRYMAN, "top_up_account")),
    ("find_presenter", "top_up_account", cut(COPIES, "top_up_account")),
    ("register_presenter", "presenter_account", WHERRYMAN_ACCOUNT),
    ("find_presenter", "presenter_account", [
        login("thurstan"), ("find_presenter", {"token": MT, "text": "Nettleship"}),
        ("presenter_account", {"token": MT, "presenter_id": "$find_presenter.0.presenter_id"})]),
    ("register_presenter", "start_incorporation", cut(WHERRYMAN, "start_incorporation")),
    ("find_presenter", "start_incorporation", [
        login("hilarion"), ("find_presenter", {"token": AT, "text": "Quickform"}),
        ("reserve_name", {"token": AT, "name": "Petrel Rock Lettings Ltd"}),
        ("sic_codes", {}),
        ("start_incorporation", {"token": AT, "presenter_id": "$find_presenter.0.presenter_id",
                                 "reservation_id": "$reserve_name.reservation_id", "company_type": "private_shares",
                                 "registered_office": "5 Coble Lane, Portskerra RN5 3QT",
                                 "sic_codes": ["$sic_codes.8.0"]})]),
    ("register_presenter", "file_confirmation_statement", cut(WHERRYMAN, "top_up_account") + [
        ("find_company", {"token": AT, "text": "Trevanion"}),
        ("issue_auth_code", {"token": AT, "company_number": CO}),
        login("wilma"),
        ("set_registered_email", {"token": WT, "company_number": CO, "auth_code": CODE,
                                  "email": "accounts@trevanion.example"}),
        ("sic_codes", {}),
        ("file_confirmation_statement", {"token": WT, "presenter_id": "$register_presenter.presenter_id",
                                         "company_number": CO, "auth_code": CODE, "made_up_to": "2054-06-09",
                                         "sic_codes": ["$sic_codes.2.0"], "lawful_purpose": True})]),
    ("find_presenter", "file_confirmation_statement", TREVANION),
    ("register_presenter", "order_certified_copy", NEW_COPIES),
    ("find_presenter", "order_certified_copy", COPIES),
    # incorporations
    ("start_incorporation", "attach_articles", cut(WHERRYMAN, "attach_articles")),
    ("incorporations", "attach_articles", cut(CINDERFORD_EDITS, "attach_articles")),
    ("start_incorporation", "set_share_capital", cut(WHERRYMAN, "set_share_capital")),
    ("incorporations", "set_share_capital", cut(CINDERFORD_EDITS, "set_share_capital")),
    ("start_incorporation", "propose_director", cut(WHERRYMAN, "propose_director")),
    ("incorporations", "propose_director", CINDERFORD_EDITS),
    ("start_incorporation", "add_psc", cut(WHERRYMAN, "add_psc")),
    ("incorporations", "add_psc", cut(CINDERFORD, "add_psc")),
    ("start_incorporation", "submit_incorporation", cut(WHERRYMAN, "submit_incorporation")),
    ("incorporations", "submit_incorporation", cut(CINDERFORD, "submit_incorporation")),
    ("start_incorporation", "examine_incorporation", cut(WHERRYMAN, "examine_incorporation")),
    ("incorporations", "examine_incorporation", ORACHE),
    # companies
    ("examine_incorporation", "company_profile", cut(WHERRYMAN, "company_profile")),
    ("find_company", "company_profile", TREVANION_PROFILE),
    ("examine_incorporation", "issue_auth_code", cut(WHERRYMAN, "issue_auth_code")),
    ("find_company", "issue_auth_code", cut(TREVANION, "issue_auth_code")),
    ("examine_incorporation", "set_registered_email", cut(WHERRYMAN, "set_registered_email")),
    ("find_company", "set_registered_email", cut(TREVANION, "set_registered_email")),
    ("examine_incorporation", "change_registered_office", cut(WHERRYMAN, "change_registered_office")),
    ("find_company", "change_registered_office", TREVANION_MOVES),
    ("examine_incorporation", "appoint_director", WHERRYMAN),
    ("find_company", "appoint_director", TREVANION_DIRECTOR),
    ("find_company", "terminate_appointment", TREVANION_LEAVES),
    ("find_company", "change_accounting_date", cut(QUERNSTONE, "change_accounting_date")),
    ("find_company", "file_confirmation_statement", TREVANION_FEE),
    ("find_company", "file_accounts", cut(LARCHMERE, "file_accounts")),
    ("find_company", "penalties", cut(TREGASKIS_PENALTY, "penalties")),
    ("find_company", "propose_strike_off", cut(OAKHANGER, "propose_strike_off")),
    ("find_company", "apply_restoration", TREGASKIS),
    ("find_company", "order_certified_copy", COPIES),
    # authentication codes
    ("issue_auth_code", "set_registered_email", cut(TREVANION, "set_registered_email")),
    ("issue_auth_code", "change_registered_office", TREVANION_MOVES),
    ("issue_auth_code", "appoint_director", TREVANION_DIRECTOR),
    ("issue_auth_code", "terminate_appointment", TREVANION_LEAVES),
    ("issue_auth_code", "change_accounting_date", cut(QUERNSTONE, "change_accounting_date")),
    ("issue_auth_code", "file_confirmation_statement", TREVANION),
    ("issue_auth_code", "file_accounts", cut(LARCHMERE, "file_accounts")),
    # other ids
    ("reserve_name", "start_incorporation", cut(WHERRYMAN, "start_incorporation")),
    ("company_profile", "terminate_appointment", TREVANION_LEAVES),
    ("company_profile", "order_certified_copy", COPIES),
    ("penalties", "pay_penalty", TREGASKIS_PENALTY),
    ("file_accounts", "pay_penalty", LARCHMERE),
    ("propose_strike_off", "object_to_strike_off", OAKHANGER),
    ("gazette_notices", "object_to_strike_off", MISTLEY),
    ("gazette_notices", "dissolve_company", cut(EGREMONT, "dissolve_company")),
    # vocabularies
    ("sic_codes", "start_incorporation", cut(WHERRYMAN, "start_incorporation")),
    ("sic_codes", "file_confirmation_statement", TREVANION),
    ("control_natures", "add_psc", cut(WHERRYMAN, "add_psc")),
    # vetting, documents, settings
    ("verify_identity", "propose_director", cut(WHERRYMAN, "propose_director")),
    ("verify_identity", "add_psc", cut(WHERRYMAN, "add_psc")),
    ("verify_identity", "appoint_director", TREVANION_DIRECTOR),
    ("attach_articles", "submit_incorporation", cut(WHERRYMAN, "submit_incorporation")),
    ("file_accounts", "apply_restoration", TREGASKIS),
    ("set_registered_email", "file_confirmation_statement", TREVANION),
    ("change_accounting_date", "file_accounts", QUERNSTONE),
    # state and payment
    ("set_share_capital", "submit_incorporation", cut(WHERRYMAN, "submit_incorporation")),
    ("propose_director", "submit_incorporation", cut(WHERRYMAN, "submit_incorporation")),
    ("add_psc", "submit_incorporation", cut(CINDERFORD, "submit_incorporation")),
    ("submit_incorporation", "examine_incorporation", cut(WHERRYMAN, "examine_incorporation")),
    ("dissolve_company", "apply_restoration", EGREMONT),
    ("top_up_account", "submit_incorporation", cut(WHERRYMAN, "submit_incorporation")),
    ("top_up_account", "file_confirmation_statement", TREVANION_FEE),
    ("top_up_account", "order_certified_copy", COPIES),
    ("pay_penalty", "apply_restoration", TREGASKIS),
]

_OWN = {"sign_out": [login("sibylla"), ("sign_out", {"token": IT})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above that
    reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the SIC codes read before Larchmere's late accounts are filed
    ("sic_codes", [("sic_codes", {})] + LARCHMERE),
    # Oakhanger proposed for striking off before Quernstone changes its accounting date
    ("propose_strike_off", cut(OAKHANGER, "propose_strike_off") + QUERNSTONE),
    # Mistley Yarns objected to before Cinderford's PSC is added
    ("object_to_strike_off", MISTLEY + cut(CINDERFORD, "add_psc")),
    # Trevanion's profile read before its registered office moves
    ("company_profile", TREVANION_PROFILE + cut(TREVANION_MOVES, "change_registered_office")[1:]),
    # Tregaskis's penalty paid before Trevanion's confirmation statement is filed
    ("pay_penalty", TREGASKIS_PENALTY + TREVANION),
    # a name reserved before Mistley Yarns is objected to
    ("reserve_name", [login("hilarion"), ("reserve_name", {"token": AT, "name": "Razorbill Joinery Ltd"})] + MISTLEY),
    # Larchmere's accounts filed before Egremont is dissolved
    ("file_accounts", cut(LARCHMERE, "file_accounts") + cut(EGREMONT, "dissolve_company")),
    # Nettleship Quelch's account read before Wherryman is incorporated
    ("presenter_account", [login("thurstan"), ("find_presenter", {"token": MT, "text": "Nettleship"}),
                           ("presenter_account", {"token": MT, "presenter_id": "$find_presenter.0.presenter_id"})] +
     cut(WHERRYMAN, "submit_incorporation")),
]
