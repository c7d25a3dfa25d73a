"""Scripted proofs that Hustings' designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, which converts the dataclass replies to JSON and records
an ``"Error: ..."`` reply as rejected; the raw replies are dataclasses, so the plain oracle, which reads no such
string, is not run on them).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "ottoline")``) and pass ``"$ottoline.token"``; replies are read by field
(``"$submit_application.application_id"``,
``"$determine_application.elector_number"``, ``"$apply_postal_vote.absent_vote_id"``,
``"$submit_nomination.nomination_id"``, ``"$recruit_staff.worker_id"``, ``"$request_register_copy.order_id"``,
``"$request_register_copy.fee"``) and list entries by position and field (``"$find_property.0.property_ref"``,
``"$applications.1.application_id"``, ``"$find_elector.0.elector_number"``, ``"$absent_voters.0.absent_vote_id"``,
``"$wards.3.code"``, ``"$registered_parties.2.description_id"``, ``"$nominations.0.nomination_id"``,
``"$poll_workers.0.worker_id"``, ``"$polling_stations.4.station_id"``). The positions follow the fresh state's order
(records by id, each list filtered as the call asks). Every id and code is read from a reply; none is written
literally (names, addresses, dates of birth, national insurance numbers, nationalities, documents, decisions,
evidence, reasons, witnesses, dates, officers, quantities, phone numbers, e-mail addresses, roles, courses,
purchasers and formats are written as the staff are told them).

The day: Ms Nankivell applies, matches the national records, is registered, leaves the open register and gets a postal
vote; Mrs Mellinger does not match and is registered on her driving licence; Mr Koziol-Baines matches and Ms Ugarte is
registered on documents; Mrs Drabble goes back into the open register, Mr Marchbank changes his name, Mr Hamerton is
removed; Mrs Sallis applies for a postal vote and Ms Pennock's is verified and granted; Mrs Chaudhry-Weddell's husband
is her proxy. Wilfred Pollexfen-Rowe is nominated for Fellgate with his subscribers, consent and certificate; Jowan
Treloar's seconder, Henrietta Corbishley's consent and Beatrice Onslow-Reade's certificate come in; Yolande Ivey's paper
is checked; Margery Cotterill withdraws. Nominations close; Chantry's and Watermeadow's statements are published,
Watermeadow's papers ordered and its postal packs issued, and postal votes come back. Ms Titchmarsh and Mrs Brisco are
trained and appointed presiding officers; Civic Alliance buy the Abbotsmead open register.
"""

import hustings_tools as tools

WHO = {"ottoline": ("ottoline.f", "Canvass-Form-12"), "kwabena": ("kwabena.o", "Postal-Pack-48"),
       "perpetua": ("perpetua.h", "Nomination-Day-6"), "dafydd": ("dafydd.p", "Ballot-Box-93"),
       "lavinia": ("lavinia.s", "Returning-Off-25")}
OT, KW, PE, DA, LA = "$ottoline.token", "$kwabena.token", "$perpetua.token", "$dafydd.token", "$lavinia.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# Ms Nankivell applies to register at Flat 3, 41 Coopers Yard; she matches the national records and is registered
NANKIVELL = [sign_in("ottoline"), ("find_property", {"token": OT, "text": "Flat 3, 41 Coopers Yard"}),
             ("submit_application", {"token": OT, "property_ref": "$find_property.0.property_ref",
                                     "full_name": "Ms Saoirse Nankivell", "date_of_birth": "1994-02-17",
                                     "national_insurance_number": "JT 48 21 90 B", "nationality": "irish"}),
             ("verify_identity", {"token": OT, "application_id": "$submit_application.application_id"}),
             ("determine_application", {"token": OT, "application_id": "$submit_application.application_id",
                                        "decision": "register"})]
NEW = "$determine_application.elector_number"
NANKIVELL_CLOSED = NANKIVELL + [("open_register_choice", {"token": OT, "elector_number": NEW, "include": False})]
NANKIVELL_RENAMED = NANKIVELL + [("change_name", {"token": OT, "elector_number": NEW,
                                                  "new_name": "Ms Saoirse Nankivell-Ruane",
                                                  "evidence": "marriage certificate"})]
NANKIVELL_TWICE = NANKIVELL + [("remove_elector", {"token": OT, "elector_number": NEW, "reason": "duplicate"})]
NANKIVELL_POSTAL = NANKIVELL + [sign_in("kwabena"),
                                ("apply_postal_vote", {"token": KW, "elector_number": NEW,
                                                       "date_of_birth": "1994-02-17",
                                                       "national_insurance_number": "JT 48 21 90 B"})]
NANKIVELL_PROXY = NANKIVELL + [sign_in("kwabena"), ("find_elector", {"token": KW, "text": "Eldritch"}),
                               ("appoint_proxy", {"token": KW, "elector_number": NEW,
                                                  "proxy_elector_number": "$find_elector.0.elector_number",
                                                  "reason": "Working abroad over polling day"})]
# Mrs Mellinger does not match the national records and is registered on her driving licence
MELLINGER = [sign_in("ottoline"), ("find_property", {"token": OT, "text": "Flat 5, 41 Coopers Yard"}),
             ("submit_application", {"token": OT, "property_ref": "$find_property.0.property_ref",
                                     "full_name": "Mrs Hafsa Mellinger", "date_of_birth": "1977-03-30",
                                     "national_insurance_number": "PW 77 30 18 D", "nationality": "british"}),
             ("verify_identity", {"token": OT, "application_id": "$submit_application.application_id"}),
             ("record_evidence", {"token": OT, "application_id": "$submit_application.application_id",
                                  "documents": ["driving_licence"]}),
             ("determine_application", {"token": OT, "application_id": "$submit_application.application_id",
                                        "decision": "register"})]
# Mr Koziol-Baines (APP-5501) matches; Ms Ugarte (APP-5502) is registered on her documents
KOZIOL = [sign_in("ottoline"), ("applications", {"token": OT, "status": "pending"}),
          ("verify_identity", {"token": OT, "application_id": "$applications.0.application_id"}),
          ("determine_application", {"token": OT, "application_id": "$applications.0.application_id",
                                     "decision": "register"})]
UGARTE = [sign_in("ottoline"), ("applications", {"token": OT, "status": "pending"}),
          ("record_evidence", {"token": OT, "application_id": "$applications.1.application_id",
                               "documents": ["passport", "birth_certificate"]}),
          ("determine_application", {"token": OT, "application_id": "$applications.1.application_id",
                                     "decision": "register"})]
# the register: Mrs Drabble back into the open register, Mr Marchbank's new name, Mr Hamerton removed
DRABBLE = [sign_in("ottoline"), ("find_elector", {"token": OT, "text": "Ottilie Drabble"}),
           ("open_register_choice", {"token": OT, "elector_number": "$find_elector.0.elector_number",
                                     "include": True})]
MARCHBANK = [sign_in("ottoline"), ("find_elector", {"token": OT, "text": "Marchbank"}),
             ("change_name", {"token": OT, "elector_number": "$find_elector.0.elector_number",
                              "new_name": "Mr Peregrine Marchbank-Onwuachi", "evidence": "marriage certificate"})]
HAMERTON = [sign_in("ottoline"), ("find_elector", {"token": OT, "text": "Hamerton"}),
            ("remove_elector", {"token": OT, "elector_number": "$find_elector.0.elector_number",
                                "reason": "deceased"})]
# absent votes: Mrs Sallis applies for a postal vote, which is verified and granted; Ms Pennock's (AV-7704) likewise;
# Mrs Chaudhry-Weddell's husband is her proxy
SALLIS = [sign_in("kwabena"), ("find_elector", {"token": KW, "text": "Rosamund Sallis"}),
          ("apply_postal_vote", {"token": KW, "elector_number": "$find_elector.0.elector_number",
                                 "date_of_birth": "1962-05-11", "national_insurance_number": "WC 62 05 11 B",
                                 "period": "three_years"}),
          ("check_absent_application", {"token": KW, "absent_vote_id": "$apply_postal_vote.absent_vote_id"}),
          ("grant_absent_vote", {"token": KW, "absent_vote_id": "$apply_postal_vote.absent_vote_id"})]
PENNOCK = [sign_in("kwabena"), ("absent_voters", {"token": KW, "kind": "postal"}),
           ("check_absent_application", {"token": KW, "absent_vote_id": "$absent_voters.3.absent_vote_id"}),
           ("grant_absent_vote", {"token": KW, "absent_vote_id": "$absent_voters.3.absent_vote_id"})]
GREER = [sign_in("kwabena"), ("find_elector", {"token": KW, "text": "Chaudhry-Weddell"}),
         ("appoint_proxy", {"token": KW, "elector_number": "$find_elector.1.elector_number",
                            "proxy_elector_number": "$find_elector.0.elector_number",
                            "reason": "Away for work on polling day"})]

# nominations close; Watermeadow's statement is published, its papers ordered and its postal packs issued
WATERMEADOW = [sign_in("lavinia"), ("election_timetable", {}), ("close_nominations", {"token": LA}),
               sign_in("perpetua"), ("wards", {}),
               ("publish_sopn", {"token": PE, "ward": "$wards.3.code"}),
               ("order_ballot_papers", {"token": PE, "ward": "$wards.3.code", "quantity": 2150}),
               sign_in("kwabena"), ("issue_postal_packs", {"token": KW, "ward": "$wards.3.code"})]
OSWIN_BACK = WATERMEADOW + [("absent_voters", {"token": KW, "kind": "postal", "ward": "$wards.3.code"}),
                            ("record_postal_return", {"token": KW,
                                                      "absent_vote_id": "$absent_voters.0.absent_vote_id"})]
SALLIS_BACK = SALLIS + WATERMEADOW[:-2] + [
    ("issue_postal_packs", {"token": KW, "ward": "$wards.3.code"}),
    ("record_postal_return", {"token": KW, "absent_vote_id": "$apply_postal_vote.absent_vote_id"})]
# Yolande Ivey's paper (NM-202) is checked; nominations close and Chantry's statement is published
CHANTRY = [sign_in("perpetua"), ("nominations", {"token": PE, "status": "received"}),
           ("check_nomination", {"token": PE, "nomination_id": "$nominations.0.nomination_id"}),
           sign_in("lavinia"), ("close_nominations", {"token": LA}), ("wards", {}),
           ("publish_sopn", {"token": PE, "ward": "$wards.1.code"})]

# Wilfred Pollexfen-Rowe is nominated for Fellgate with the Save Fellgate Meadows description
POLLEXFEN = [sign_in("perpetua"), ("wards", {}), ("registered_parties", {}),
            ("submit_nomination", {"token": PE, "ward": "$wards.2.code", "candidate_name": "Wilfred Pollexfen-Rowe",
                                   "home_address": "8 Sluice Street, Wendleford",
                                   "description_id": "$registered_parties.2.description_id"})]
NOM = "$submit_nomination.nomination_id"
POLLEXFEN_PROPOSED = POLLEXFEN + [("find_elector", {"token": PE, "text": "Chaudhry-Weddell"}),
                                ("add_subscriber", {"token": PE, "nomination_id": NOM,
                                                    "elector_number": "$find_elector.0.elector_number",
                                                    "part": "proposer"})]
POLLEXFEN_SECONDED = POLLEXFEN_PROPOSED + [("find_elector", {"token": PE, "text": "Eldritch"}, "ffion"),
                                         ("add_subscriber", {"token": PE, "nomination_id": NOM,
                                                             "elector_number": "$ffion.0.elector_number",
                                                             "part": "seconder"}, "seconded")]
POLLEXFEN_CONSENT = [("record_consent", {"token": PE, "nomination_id": NOM, "witness": "Mr Silas Gumbrell",
                                        "signed_on": "2039-04-04"})]
POLLEXFEN_CERTIFIED = [("record_party_certificate", {"token": PE, "nomination_id": NOM,
                                                    "signed_by": "Ms Hester Quilliam"})]
POLLEXFEN_VALID = POLLEXFEN_SECONDED + POLLEXFEN_CONSENT + POLLEXFEN_CERTIFIED + [
    ("check_nomination", {"token": PE, "nomination_id": NOM})]
POLLEXFEN_OUT = POLLEXFEN + [("withdraw_candidate", {"token": PE, "nomination_id": NOM,
                                                   "witness": "Mr Silas Gumbrell"})]
# the papers in hand: Treloar's seconder (NM-205), Corbishley's consent (NM-204), Onslow-Reade's certificate (NM-206)
TRELOAR = [sign_in("perpetua"), ("nominations", {"token": PE, "status": "received"}),
           ("find_elector", {"token": PE, "text": "Chaudhry-Weddell"}),
           ("add_subscriber", {"token": PE, "nomination_id": "$nominations.2.nomination_id",
                               "elector_number": "$find_elector.0.elector_number", "part": "seconder"}),
           ("check_nomination", {"token": PE, "nomination_id": "$nominations.2.nomination_id"})]
CORBISHLEY = [sign_in("perpetua"), ("nominations", {"token": PE, "status": "received"}),
          ("record_consent", {"token": PE, "nomination_id": "$nominations.1.nomination_id",
                              "witness": "Mr Piers Ockwell", "signed_on": "2039-04-01"}),
          ("check_nomination", {"token": PE, "nomination_id": "$nominations.1.nomination_id"})]
ONSLOW = [sign_in("perpetua"), ("nominations", {"token": PE, "status": "received"}),
          ("record_party_certificate", {"token": PE, "nomination_id": "$nominations.3.nomination_id",
                                        "signed_by": "Ms Hester Quilliam"}),
          ("check_nomination", {"token": PE, "nomination_id": "$nominations.3.nomination_id"})]
COTTERILL = [sign_in("perpetua"), ("nominations", {"token": PE, "status": "valid"}),
             ("withdraw_candidate", {"token": PE, "nomination_id": "$nominations.4.nomination_id",
                                     "witness": "Mrs Eunice Grindrod"})]

# poll staff: Ms Titchmarsh (PW-412) trained and appointed to Watermeadow; Mrs Brisco recruited, trained and
# appointed to Fellgate
TITCHMARSH = [sign_in("dafydd"), ("poll_workers", {"token": DA, "role": "presiding_officer", "unassigned": True}),
              ("record_training", {"token": DA, "worker_id": "$poll_workers.0.worker_id",
                                   "course": "presiding_officer", "completed_on": "2039-04-02"}),
              ("polling_stations", {"token": DA}),
              ("appoint_to_station", {"token": DA, "worker_id": "$poll_workers.0.worker_id",
                                      "station_id": "$polling_stations.4.station_id"})]
BRISCO = [sign_in("dafydd"),
            ("recruit_staff", {"token": DA, "name": "Mrs Oluwaseun Brisco", "phone": "07700 900738",
                               "email": "seun.brisco@example.com", "role": "presiding_officer"}),
            ("record_training", {"token": DA, "worker_id": "$recruit_staff.worker_id",
                                 "course": "presiding_officer", "completed_on": "2039-04-02"}),
            ("polling_stations", {"token": DA}),
            ("appoint_to_station", {"token": DA, "worker_id": "$recruit_staff.worker_id",
                                    "station_id": "$polling_stations.3.station_id"})]

# Civic Alliance buy the Abbotsmead open register as data
CIVIC = [sign_in("perpetua"), ("wards", {}),
         ("request_register_copy", {"token": PE, "purchaser": "Civic Alliance", "ward": "$wards.0.code",
                                    "format": "data"}),
         ("record_register_fee", {"token": PE, "order_id": "$request_register_copy.order_id",
                                  "amount": "$request_register_copy.fee"}),
         ("release_register_copy", {"token": PE, "order_id": "$request_register_copy.order_id"})]

_BODY = [
    # the register
    ("find_property", "submit_application", cut(NANKIVELL, "submit_application")),
    ("submit_application", "verify_identity", cut(NANKIVELL, "verify_identity")),
    ("applications", "verify_identity", cut(KOZIOL, "verify_identity")),
    ("submit_application", "record_evidence", cut(MELLINGER, "record_evidence")),
    ("applications", "record_evidence", cut(UGARTE, "record_evidence")),
    ("submit_application", "determine_application", NANKIVELL),
    ("applications", "determine_application", KOZIOL),
    ("verify_identity", "determine_application", NANKIVELL),
    ("record_evidence", "determine_application", UGARTE),
    ("verify_identity", "record_evidence", cut(MELLINGER, "record_evidence")),
    ("determine_application", "change_name", NANKIVELL_RENAMED),
    ("find_elector", "change_name", MARCHBANK),
    ("determine_application", "open_register_choice", NANKIVELL_CLOSED),
    ("find_elector", "open_register_choice", DRABBLE),
    ("determine_application", "remove_elector", NANKIVELL_TWICE),
    ("find_elector", "remove_elector", HAMERTON),
    ("determine_application", "apply_postal_vote", NANKIVELL_POSTAL),
    ("find_elector", "apply_postal_vote", cut(SALLIS, "apply_postal_vote")),
    ("determine_application", "appoint_proxy", NANKIVELL_PROXY),
    ("find_elector", "appoint_proxy", GREER),
    # absent votes
    ("apply_postal_vote", "check_absent_application", cut(SALLIS, "check_absent_application")),
    ("absent_voters", "check_absent_application", cut(PENNOCK, "check_absent_application")),
    ("apply_postal_vote", "grant_absent_vote", SALLIS),
    ("absent_voters", "grant_absent_vote", PENNOCK),
    ("check_absent_application", "grant_absent_vote", PENNOCK),
    ("apply_postal_vote", "record_postal_return", SALLIS_BACK),
    ("absent_voters", "record_postal_return", OSWIN_BACK),
    ("issue_postal_packs", "record_postal_return", OSWIN_BACK),
    ("grant_absent_vote", "record_postal_return", SALLIS_BACK),
    # nominations, the statements and the ballot papers
    ("wards", "submit_nomination", POLLEXFEN),
    ("registered_parties", "submit_nomination", POLLEXFEN),
    ("submit_nomination", "add_subscriber", cut(POLLEXFEN_PROPOSED, "add_subscriber")),
    ("nominations", "add_subscriber", cut(TRELOAR, "add_subscriber")),
    ("find_elector", "add_subscriber", cut(TRELOAR, "add_subscriber")),
    ("submit_nomination", "record_consent", POLLEXFEN + POLLEXFEN_CONSENT),
    ("nominations", "record_consent", cut(CORBISHLEY, "record_consent")),
    ("submit_nomination", "record_party_certificate", POLLEXFEN + POLLEXFEN_CERTIFIED),
    ("nominations", "record_party_certificate", cut(ONSLOW, "record_party_certificate")),
    ("submit_nomination", "check_nomination", POLLEXFEN_VALID),
    ("nominations", "check_nomination", cut(CHANTRY, "check_nomination")),
    ("submit_nomination", "withdraw_candidate", POLLEXFEN_OUT),
    ("nominations", "withdraw_candidate", COTTERILL),
    ("add_subscriber", "check_nomination", TRELOAR),
    ("record_consent", "check_nomination", CORBISHLEY),
    ("record_party_certificate", "check_nomination", ONSLOW),
    ("check_nomination", "publish_sopn", CHANTRY),
    ("close_nominations", "publish_sopn", cut(WATERMEADOW, "publish_sopn")),
    ("wards", "publish_sopn", cut(WATERMEADOW, "publish_sopn")),
    ("publish_sopn", "order_ballot_papers", cut(WATERMEADOW, "order_ballot_papers")),
    ("wards", "order_ballot_papers", cut(WATERMEADOW, "order_ballot_papers")),
    ("order_ballot_papers", "issue_postal_packs", WATERMEADOW),
    ("wards", "issue_postal_packs", WATERMEADOW),
    # poll staff
    ("recruit_staff", "record_training", cut(BRISCO, "record_training")),
    ("poll_workers", "record_training", cut(TITCHMARSH, "record_training")),
    ("recruit_staff", "appoint_to_station", BRISCO),
    ("poll_workers", "appoint_to_station", TITCHMARSH),
    ("polling_stations", "appoint_to_station", TITCHMARSH),
    ("record_training", "appoint_to_station", BRISCO),
    # the open register for sale
    ("wards", "request_register_copy", cut(CIVIC, "request_register_copy")),
    ("request_register_copy", "record_register_fee", cut(CIVIC, "record_register_fee")),
    ("request_register_copy", "release_register_copy", CIVIC),
    ("record_register_fee", "release_register_copy", CIVIC),
]

_OWN = {"sign_out": [sign_in("dafydd"), ("sign_out", {"token": DA})],
        "find_elector": [sign_in("ottoline"), ("find_elector", {"token": OT, "text": "Sallis"})],
        "nominations": [sign_in("perpetua"), ("nominations", {"token": PE})]}


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
    # the timetable read before Yolande Ivey's paper is checked
    ("election_timetable", CHANTRY[:2] + [("election_timetable", {})] + CHANTRY[2:3]),
    # the party descriptions read before Watermeadow's statement is published
    ("registered_parties", WATERMEADOW[:5] + [("registered_parties", {})] + WATERMEADOW[5:6]),
    # the wards read before Mrs Drabble goes back into the open register
    ("wards", DRABBLE[:2] + [("wards", {})] + DRABBLE[2:]),
    # the postal votes read before Ms Nankivell's application to register is taken
    ("absent_voters", NANKIVELL[:2] + [("absent_voters", {"token": OT, "kind": "postal"})] + NANKIVELL[2:3]),
    # the timetable read before Mrs Sallis applies for her postal vote
    ("election_timetable", SALLIS[:2] + [("election_timetable", {})] + SALLIS[2:3]),
    # the nominations read before nominations close
    ("nominations", [sign_in("lavinia"), ("nominations", {"token": LA, "status": "received"}),
                     ("close_nominations", {"token": LA})]),
    # the staff list read before Mrs Brisco is recruited
    ("poll_workers", BRISCO[:1] + [("poll_workers", {"token": DA})] + BRISCO[1:2]),
    # the timetable read before Margery Cotterill withdraws
    ("election_timetable", COTTERILL[:2] + [("election_timetable", {})] + COTTERILL[2:]),
]
