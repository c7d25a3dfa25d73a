"""Scripted proofs that Fianchetto's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, with the module's ``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "petronella")``) and pass ``"$petronella.token"``; replies are read by field (``"$register_member.member_id"``,
``"$buy_membership.invoice_id"`` with ``"$buy_membership.fee"``, ``"$register_tournament.tournament_id"``,
``"$register_tournament.sanction_invoice"``, ``"$affiliate_club.invoice_id"``, ``"$apply_arbiter_licence.invoice_id"``,
``"$grant_licence.arbiter_id"``, ``"$check.document_id"``, ``"$apply_title.application_id"``,
``"$submit_rating_report.report_id"``, ``"$open_case.case_id"``, ``"$enter_player.entry_id"``, ``"$pair_round.round"``
with ``"$pair_round.boards.0.0"``), list entries by position and field (``"$find_member.0.member_id"``,
``"$tournaments.0.tournament_id"``, ``"$tournaments.0.club_code"``, ``"$invoices.0.invoice_id"`` with
``"$invoices.0.amount"``), rows by row and column (``"$clubs.0.0"``, ``"$time_controls.0.0"``, ``"$rating_list.0.0"``,
``"$arbiters.0.0"``, ``"$entries.3.0"``, ``"$pairings.1.0"`` with ``"$pairings.1.1"`` from the same row). The
positions follow the fresh state's order (records by id, each list filtered as the call asks). Every id, code and
number of the federation's is read from a reply; none is written literally (names, dates, references, amounts,
addresses and notes are written as the staff are told them).

The day: a new junior, Perrin Oakhurst-Levy, joins Wrensford Junior Chess, buys and pays a junior membership, has a
parent's consent recorded and plays the Osterby Spring Rapidplay, which is paired; Quintin Naismith-Nakagawa and
Melisande Entwistle-Bey enter it too and Yorick Penhallick withdraws; Maximilian Ormsby renews; Ragnhild Satterthwaite
changes clubs; Quenmoor Chess Circle renews its affiliation and registers a tournament; Kettlebrook Rooks registers the
Kettlebrook Open; the Wrensford Junior Open gets an arbiter, is paid for, sanctioned and opened; Cressida Marchmont
becomes a club arbiter and is appointed to it; the Marrowgate Street Easter Congress finishes, is reported and rated,
after which Dragomir Achterlonie applies for and is awarded the National Master title; Aurelian Kaminski-Hirst is
suspended; the Kettlebrook Evening Rapid finishes its first round and pairs its second.
"""

import fianchetto_tools as tools

WHO = {"petronella": ("petronella.l", "Gambit-Ledger-42"), "hereward": ("hereward.q", "Castling-Hall-17"),
       "ludovic": ("ludovic.a", "Zugzwang-Clock-63"), "dorothea": ("dorothea.v", "Elo-Table-28"),
       "leopoldine": ("leopoldine.o", "Seminar-Badge-55"), "mungo": ("mungo.t", "Receipt-Rook-91"),
       "osbert": ("osbert.m", "Engine-Watch-36"), "rosamond": ("rosamond.g", "Board-Chair-84")}
PT, IT, LT, DT = "$petronella.token", "$hereward.token", "$ludovic.token", "$dorothea.token"
MT, BT, HT, OT = "$leopoldine.token", "$mungo.token", "$osbert.token", "$rosamond.token"
NEW = "$register_member.member_id"
FOUND = "$find_member.0.member_id"
T0 = "$tournaments.0.tournament_id"
T1 = "$tournaments.1.tournament_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- a new junior joins, pays, has a parent's consent and plays the Osterby Spring Rapidplay

PERRIN = [
    login("petronella"),
    ("clubs", {"token": PT, "town": "Wrensford"}),
    ("register_member", {"token": PT, "full_name": "Perrin Oakhurst-Levy", "date_of_birth": "2043-09-21",
                         "email": "levy.household@example.com", "club_code": "$clubs.0.0"}),
    ("buy_membership", {"token": PT, "member_id": NEW, "tier": "junior"}),
    ("set_parental_consent", {"token": PT, "member_id": NEW, "consent": True,
                              "parent_name": "Gisela Oakhurst-Levy"}),
    login("mungo"),
    ("record_payment", {"token": BT, "invoice_id": "$buy_membership.invoice_id", "amount": "$buy_membership.fee",
                        "method": "card"}),
    login("hereward"),
    ("tournaments", {"token": IT, "status": "sanctioned"}),
    ("enter_player", {"token": IT, "tournament_id": T0, "member_id": NEW})]
PERRIN_RECORD = cut(PERRIN, "register_member") + [("member_record", {"token": PT, "member_id": NEW})]
PERRIN_CERTIFICATE = cut(PERRIN, "register_member") + [
    ("upload_document", {"token": PT, "member_id": NEW, "kind": "birth_certificate", "reference": "BC 2043/WRN/0917",
                         "issued_on": "2043-10-02"})]
PERRIN_WITHDRAWN = PERRIN + [("withdraw_entry", {"token": IT, "entry_id": "$enter_player.entry_id",
                                                 "reason": "a school trip on the day"})]

# ---- juniors and renewals found by name

QUINTIN = [login("petronella"), ("find_member", {"token": PT, "text": "Naismith"}),
            ("set_parental_consent", {"token": PT, "member_id": FOUND, "consent": True,
                                      "parent_name": "Ulric Naismith-Nakagawa"}),
            login("hereward"), ("tournaments", {"token": IT, "status": "sanctioned"}),
            ("enter_player", {"token": IT, "tournament_id": T0, "member_id": FOUND})]
MELISANDE = [login("petronella"), ("find_member", {"token": PT, "text": "Entwistle"}),
              login("mungo"),
              ("invoices", {"token": BT, "status": "unpaid", "payer": FOUND}),
              ("record_payment", {"token": BT, "invoice_id": "$invoices.0.invoice_id",
                                  "amount": "$invoices.0.amount", "method": "card"}),
              login("hereward"), ("tournaments", {"token": IT, "status": "sanctioned"}),
              ("enter_player", {"token": IT, "tournament_id": T0, "member_id": FOUND})]
MAXIMILIAN = [login("petronella"), ("find_member", {"token": PT, "text": "Ormsby"}),
              ("buy_membership", {"token": PT, "member_id": FOUND, "tier": "standard", "season": "2054-55"})]
ACHTERLONIE_RECORD = [login("rosamond"), ("find_member", {"token": OT, "text": "Achterlonie"}),
                      ("member_record", {"token": OT, "member_id": FOUND})]
YORICK = [login("hereward"), ("tournaments", {"token": IT, "status": "sanctioned"}),
         ("entries", {"token": IT, "tournament_id": T0}),
         ("withdraw_entry", {"token": IT, "entry_id": "$entries.3.0", "reason": "family commitments"})]

# ---- Ragnhild Satterthwaite changes clubs

RAGNHILD = [login("petronella"), ("find_member", {"token": PT, "text": "Satterthwaite"}),
            ("clubs", {"token": PT, "town": "Varnholt"}),
            ("transfer_club", {"token": PT, "member_id": FOUND, "club_code": "$clubs.1.0"})]
RAGNHILD_LISTED = [("rating_list", {"name": "Satterthwaite"}), login("petronella"),
                   ("clubs", {"token": PT, "town": "Varnholt"}),
                   ("transfer_club", {"token": PT, "member_id": "$rating_list.0.0", "club_code": "$clubs.1.0"})]

# ---- clubs' tournaments: Quenmoor renews and registers, Kettlebrook registers the Kettlebrook Open

QUENMOOR = [login("petronella"), ("clubs", {"token": PT, "town": "Quenmoor"}),
            ("affiliate_club", {"token": PT, "club_code": "$clubs.0.0", "season": "2054-55"}),
            login("mungo"),
            ("record_payment", {"token": BT, "invoice_id": "$affiliate_club.invoice_id",
                                "amount": "$affiliate_club.amount", "method": "cheque"}),
            login("hereward"), ("time_controls", {}),
            ("register_tournament", {"token": IT, "club_code": "$clubs.0.0", "name": "Quenmoor Summer Allegro",
                                     "venue": "Quenmoor Reading Room", "start_date": "2055-06-19", "rounds": 5,
                                     "time_control": "$time_controls.3.0"})]
KETTLEBROOK_OPEN = [
    ("time_controls", {}), login("hereward"),
    ("clubs", {"token": IT, "town": "Kettlebrook"}),
    ("register_tournament", {"token": IT, "club_code": "$clubs.0.0", "name": "Kettlebrook Open",
                             "venue": "Kettlebrook Library, Meeting Room 2", "start_date": "2055-06-12", "rounds": 7,
                             "time_control": "$time_controls.0.0", "junior_only": False}),
    ("arbiters", {"token": IT, "grade": "national"}),
    ("appoint_arbiter", {"token": IT, "tournament_id": "$register_tournament.tournament_id",
                         "arbiter_id": "$arbiters.0.0"}),
    login("mungo"),
    ("record_payment", {"token": BT, "invoice_id": "$register_tournament.sanction_invoice", "amount": 40.0,
                        "method": "card"}),
    ("sanction_tournament", {"token": IT, "tournament_id": "$register_tournament.tournament_id"}),
    ("set_entries_open", {"token": IT, "tournament_id": "$register_tournament.tournament_id", "open": True}),
    ("find_member", {"token": IT, "text": "Ibbotson"}),
    ("enter_player", {"token": IT, "tournament_id": "$register_tournament.tournament_id", "member_id": FOUND}),
    ("entries", {"token": IT, "tournament_id": "$register_tournament.tournament_id"})]

# ---- the Wrensford Junior Open: an arbiter, its fee, sanctioned, opened, a first entry

WRENSFORD = [
    login("hereward"), ("tournaments", {"token": IT, "status": "draft"}),
    ("arbiters", {"token": IT, "grade": "international"}),
    ("appoint_arbiter", {"token": IT, "tournament_id": T0, "arbiter_id": "$arbiters.0.0"}),
    login("mungo"),
    ("invoices", {"token": BT, "status": "unpaid", "payer": "$tournaments.0.club_code"}),
    ("record_payment", {"token": BT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.amount",
                        "method": "bank_transfer"}),
    ("sanction_tournament", {"token": IT, "tournament_id": T0}),
    ("set_entries_open", {"token": IT, "tournament_id": T0, "open": True}),
    ("find_member", {"token": IT, "text": "Tollemache"}),
    ("enter_player", {"token": IT, "tournament_id": T0, "member_id": FOUND})]
WRENSFORD_ENTRIES = cut(WRENSFORD, "tournaments") + [("entries", {"token": IT, "tournament_id": T0})]

# ---- Cressida Marchmont's club arbiter licence, and her appointment to the Wrensford Junior Open

CRESSIDA = [
    login("leopoldine"), ("find_member", {"token": MT, "text": "Marchmont"}),
    ("apply_arbiter_licence", {"token": MT, "member_id": FOUND, "grade": "club"}),
    ("upload_document", {"token": MT, "member_id": FOUND, "kind": "seminar_certificate",
                         "reference": "ARB-SEM-2055-03", "issued_on": "2055-03-22"}, "seminar"),
    ("upload_document", {"token": MT, "member_id": FOUND, "kind": "safeguarding_check", "reference": "SG-551730-CM",
                         "issued_on": "2055-02-14"}, "check"),
    ("vet_safeguarding", {"token": MT, "document_id": "$check.document_id"}),
    login("mungo"),
    ("record_payment", {"token": BT, "invoice_id": "$apply_arbiter_licence.invoice_id",
                        "amount": "$apply_arbiter_licence.fee", "method": "card"}),
    ("grant_licence", {"token": MT, "application_id": "$apply_arbiter_licence.application_id"}),
    login("hereward"), ("tournaments", {"token": IT, "status": "draft"}),
    ("appoint_arbiter", {"token": IT, "tournament_id": T0, "arbiter_id": "$grant_licence.arbiter_id"})]
CRESSIDA_LISTED = [("rating_list", {"name": "Marchmont"}), login("leopoldine"),
                   ("apply_arbiter_licence", {"token": MT, "member_id": "$rating_list.0.0", "grade": "club"})]

# ---- the Marrowgate Street Easter Congress finishes, is reported and rated; the Kettlebrook Evening Rapid goes on

EASTER = [
    login("ludovic"), ("tournaments", {"token": LT, "status": "running"}),
    ("pairings", {"token": LT, "tournament_id": T0, "round_no": 4}),
    ("record_result", {"token": LT, "tournament_id": T0, "round_no": "$pairings.1.0", "board": "$pairings.1.1",
                       "result": "0-1"}),
    ("record_result", {"token": LT, "tournament_id": T0, "round_no": "$pairings.2.0", "board": "$pairings.2.1",
                       "result": "1/2-1/2"}, "board3"),
    ("close_tournament", {"token": LT, "tournament_id": T0}),
    ("submit_rating_report", {"token": LT, "tournament_id": T0,
                              "arbiter_notes": "No incidents apart from a fair-play complaint about round 3."}),
    login("dorothea"),
    ("rate_tournament", {"token": DT, "report_id": "$submit_rating_report.report_id"})]
EVENING = [
    login("ludovic"), ("tournaments", {"token": LT, "status": "running"}),
    ("pairings", {"token": LT, "tournament_id": T1, "round_no": 1}),
    ("record_result", {"token": LT, "tournament_id": T1, "round_no": "$pairings.1.0", "board": "$pairings.1.1",
                       "result": "1-0"}),
    ("pair_round", {"token": LT, "tournament_id": T1}),
    ("record_result", {"token": LT, "tournament_id": T1, "round_no": "$pair_round.round",
                       "board": "$pair_round.boards.0.0", "result": "1/2-1/2"}, "round2")]
OSTERBY = [login("ludovic"), ("tournaments", {"token": LT, "status": "sanctioned"}),
           ("pair_round", {"token": LT, "tournament_id": T0})]
EASTER_STANDINGS = [login("osbert"), ("tournaments", {"token": HT, "status": "running"}),
                    ("standings", {"token": HT, "tournament_id": T0})]

# ---- Dragomir Achterlonie's National Master title, once the Easter Congress is rated


def _norms(token: str, member: str) -> list:
    return [("upload_document", {"token": token, "member_id": member, "kind": "norm_certificate",
                                 "reference": ref, "issued_on": day}, name)
            for name, ref, day in (("norm1", "NORM-2053-117", "2053-06-04"), ("norm2", "NORM-2054-042", "2054-03-19"),
                                   ("norm3", "NORM-2055-009", "2055-01-27"))]


NORMS = ["$norm1.document_id", "$norm2.document_id", "$norm3.document_id"]
DRAGOMIR = EASTER + [("rating_list", {"name": "Achterlonie"})] + _norms(DT, "$rating_list.0.0") + [
    ("apply_title", {"token": DT, "member_id": "$rating_list.0.0", "title": "NM", "norm_documents": NORMS}),
    login("mungo"),
    ("record_payment", {"token": BT, "invoice_id": "$apply_title.invoice_id", "amount": "$apply_title.fee",
                        "method": "card"}),
    ("award_title", {"token": DT, "application_id": "$apply_title.application_id"})]
DRAGOMIR_FOUND = EASTER + [("find_member", {"token": DT, "text": "Achterlonie"})] + _norms(DT, FOUND) + [
    ("apply_title", {"token": DT, "member_id": FOUND, "title": "NM", "norm_documents": NORMS})]

# ---- fair play: Aurelian Kaminski-Hirst

AURELIAN = [login("osbert"), ("tournaments", {"token": HT, "status": "running"}),
            ("find_member", {"token": HT, "text": "Kaminski"}),
            ("open_case", {"token": HT, "member_id": FOUND, "tournament_id": T0,
                           "allegation": "Seen with a phone in the washroom during round 3; his moves match an "
                                         "engine's first choice."}),
            ("decide_case", {"token": HT, "case_id": "$open_case.case_id", "outcome": "suspended", "months": 6})]
AURELIAN_LISTED = [("rating_list", {"name": "Kaminski"}), login("osbert"),
                   ("tournaments", {"token": HT, "status": "running"}),
                   ("open_case", {"token": HT, "member_id": "$rating_list.0.0", "tournament_id": T0,
                                  "allegation": "Seen with a phone in the washroom during round 3."})]

_BODY = [
    *[(p, c, s) for p, c, s in [
        ("register_member", "member_record", PERRIN_RECORD),
        ("find_member", "member_record", ACHTERLONIE_RECORD),
        ("register_member", "buy_membership", cut(PERRIN, "buy_membership")),
        ("find_member", "buy_membership", MAXIMILIAN),
        ("register_member", "set_parental_consent", cut(PERRIN, "set_parental_consent")),
        ("find_member", "set_parental_consent", cut(QUINTIN, "set_parental_consent")),
        ("register_member", "upload_document", PERRIN_CERTIFICATE),
        ("find_member", "upload_document", cut(CRESSIDA, "seminar")),
        ("register_member", "enter_player", PERRIN),
        ("find_member", "enter_player", MELISANDE),
        ("find_member", "transfer_club", RAGNHILD),
        ("rating_list", "transfer_club", RAGNHILD_LISTED),
        ("find_member", "apply_title", DRAGOMIR_FOUND),
        ("rating_list", "apply_title", cut(DRAGOMIR, "apply_title")),
        ("find_member", "apply_arbiter_licence", cut(CRESSIDA, "apply_arbiter_licence")),
        ("rating_list", "apply_arbiter_licence", CRESSIDA_LISTED),
        ("find_member", "open_case", cut(AURELIAN, "open_case")),
        ("rating_list", "open_case", AURELIAN_LISTED),
        ("register_tournament", "appoint_arbiter", cut(KETTLEBROOK_OPEN, "appoint_arbiter")),
        ("tournaments", "appoint_arbiter", cut(WRENSFORD, "appoint_arbiter")),
        ("register_tournament", "sanction_tournament", cut(KETTLEBROOK_OPEN, "sanction_tournament")),
        ("tournaments", "sanction_tournament", cut(WRENSFORD, "sanction_tournament")),
        ("register_tournament", "set_entries_open", cut(KETTLEBROOK_OPEN, "set_entries_open")),
        ("tournaments", "set_entries_open", cut(WRENSFORD, "set_entries_open")),
        ("register_tournament", "enter_player", cut(KETTLEBROOK_OPEN, "enter_player")),
        ("tournaments", "enter_player", QUINTIN),
        ("register_tournament", "entries", KETTLEBROOK_OPEN),
        ("tournaments", "entries", WRENSFORD_ENTRIES),
        ("tournaments", "pairings", cut(EASTER, "pairings")),
        ("tournaments", "pair_round", OSTERBY),
        ("tournaments", "record_result", cut(EASTER, "record_result")),
        ("tournaments", "standings", EASTER_STANDINGS),
        ("tournaments", "close_tournament", cut(EASTER, "close_tournament")),
        ("tournaments", "submit_rating_report", cut(EASTER, "submit_rating_report")),
        ("tournaments", "open_case", AURELIAN_LISTED),
        ("clubs", "register_member", cut(PERRIN, "register_member")),
        ("clubs", "transfer_club", RAGNHILD),
        ("clubs", "register_tournament", cut(KETTLEBROOK_OPEN, "register_tournament")),
        ("clubs", "affiliate_club", cut(QUENMOOR, "affiliate_club")),
        ("invoices", "record_payment", cut(MELISANDE, "record_payment")),
        ("buy_membership", "record_payment", cut(PERRIN, "record_payment")),
        ("pair_round", "record_result", EVENING),
        ("pairings", "record_result", cut(EASTER, "record_result")),
        ("submit_rating_report", "rate_tournament", EASTER),
        ("upload_document", "vet_safeguarding", cut(CRESSIDA, "vet_safeguarding")),
        ("apply_arbiter_licence", "grant_licence", cut(CRESSIDA, "grant_licence")),
        ("apply_title", "award_title", DRAGOMIR),
        ("open_case", "decide_case", AURELIAN),
        ("arbiters", "appoint_arbiter", cut(KETTLEBROOK_OPEN, "appoint_arbiter")),
        ("grant_licence", "appoint_arbiter", CRESSIDA),
        ("enter_player", "withdraw_entry", PERRIN_WITHDRAWN),
        ("entries", "withdraw_entry", YORICK),
        ("time_controls", "register_tournament", cut(KETTLEBROOK_OPEN, "register_tournament")),
        ("record_payment", "register_tournament", QUENMOOR),
        ("record_payment", "sanction_tournament", cut(WRENSFORD, "sanction_tournament")),
        ("record_payment", "enter_player", PERRIN),
        ("record_payment", "grant_licence", cut(CRESSIDA, "grant_licence")),
        ("record_payment", "award_title", DRAGOMIR),
        ("upload_document", "apply_title", cut(DRAGOMIR, "apply_title")),
        ("upload_document", "grant_licence", cut(CRESSIDA, "grant_licence")),
        ("vet_safeguarding", "grant_licence", cut(CRESSIDA, "grant_licence")),
        ("appoint_arbiter", "sanction_tournament", cut(WRENSFORD, "sanction_tournament")),
        ("sanction_tournament", "set_entries_open", cut(WRENSFORD, "set_entries_open")),
        ("set_entries_open", "enter_player", WRENSFORD),
        ("set_parental_consent", "enter_player", PERRIN),
        ("record_result", "pair_round", cut(EVENING, "pair_round")),
        ("record_result", "close_tournament", cut(EASTER, "close_tournament")),
        ("close_tournament", "submit_rating_report", cut(EASTER, "submit_rating_report")),
        ("rate_tournament", "apply_title", cut(DRAGOMIR, "apply_title")),
    ]]
]

_OWN = {"sign_out": [login("rosamond"), ("sign_out", {"token": OT})]}


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
    # the time controls read before Ragnhild Satterthwaite changes clubs
    ("time_controls", [("time_controls", {})] + RAGNHILD),
    # Yorick Penhallick withdrawn from the Osterby Spring Rapidplay before the Easter Congress closes
    ("withdraw_entry", YORICK + cut(EASTER, "close_tournament")),
    # Aurelian Kaminski-Hirst suspended before Maximilian Ormsby renews
    ("decide_case", AURELIAN + MAXIMILIAN),
    # Quenmoor's affiliation renewed before the new junior is entered
    ("affiliate_club", cut(QUENMOOR, "affiliate_club") + PERRIN),
    # the Easter Congress's standings read before the Kettlebrook Evening Rapid pairs round 2
    ("standings", EASTER_STANDINGS + cut(EVENING, "pair_round")),
    # a member's record read before Aurelian Kaminski-Hirst's case is decided
    ("member_record", ACHTERLONIE_RECORD + AURELIAN),
    # Maximilian Ormsby's membership sold before the Wrensford Junior Open is sanctioned
    ("buy_membership", MAXIMILIAN + cut(WRENSFORD, "sanction_tournament")),
    # the arbiters listed before the Easter Congress is rated
    ("arbiters", [login("rosamond"), ("arbiters", {"token": OT})] + EASTER),
]
