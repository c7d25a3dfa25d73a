"""Scripted proofs that Inverter's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts each ``(value,
error)`` pair to a two-item list and records a pair whose error is set as a refusal through the module's ``FAILURE``;
the raw tools are coroutines, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Every reply is a pair, so a reference reads
its first item (``.0``) before anything else. Staff sign in by first name (``("sign_in", {...}, "ruth")``) and pass
``"$ruth.0.token"``; replies are read by field (``"$apply_membership.0.member_id"``,
``"$register_site.0.installation_id"``, ``"$record_reading.0.reading_id"``, ``"$submit_export_claim.0.claim_id"``,
``"$invoice_host.0.invoice_id"``, ``"$propose_motion.0.motion_id"``), a bare list by position (``"$meter_stock.0.0"``,
a meter serial), list entries by position and field (``"$find_member.0.0.member_id"``, ``"$share_offers.0.1.code"``,
``"$tariffs.0.1.code"``, ``"$installations.0.0.installation_id"``, ``"$agm_motions.0.1.motion_id"``,
``"$export_claims.0.0.claim_id"``) and rows of lists by position (``"$withdrawals.0.rows.0.0"``, a withdrawal id;
``"$request_withdrawal.0.rows.0.0"``; ``"$readings.0.2.0"``, a reading id; ``"$installation_detail.0.invoices.0.0"``,
an invoice id). The positions follow the fresh state's order of records by id (filtered as each call asks) and of
``SHARE_OFFERS`` and ``TARIFFS``. Every id, offer code, tariff code and meter serial is read from a reply; none is
written literally (names, e-mail addresses, phone numbers, addresses, postcodes, dates of birth, bank details, share
numbers, roofs, survey results, capacities, rates, terms, meter registers, dates read, sources, amounts, methods,
motion titles, texts and kinds, attendance, votes, subjects, bodies and reasons are written as the officers are told
them). A step saved under a name of its own is a second call of a tool on one path.

The day: Ms Bryony Ackroyd applies; Ruth sells her 500 shares in the Community Buildings offer and Clem admits her,
registers her at the AGM and records her vote for the accounts; on other paths her phone changes, she is written to,
her statement is read, her bank details go on file, or she proposes a motion seconded by Lowri Evans. The 1st Tanwell
Scout Group's hut is registered; Tomasz surveys its roof, Clem signs its agreement, Tomasz fits a meter from the store
and commissions it, Hattie records the logger's first reading, and Anwen claims its export and invoices the scouts, and
records both paid; on other paths it is looked at, its readings are read, the reading is voided or the site
cancelled. Mrs Ivy Chen is admitted; Mr Oliver Brindley buys enough shares to join; Mr Rohan Iyer's bank details go on
file, he asks to withdraw shares, proposes a motion with Lowri Evans (which is withdrawn, opened, voted on or closed),
and is paid his interest; Mrs Edith Talbot's statement is read, she asks to withdraw shares (paid, or cancelled),
attends and votes, and the interest motion is carried and her interest paid; Mr Frank Nuttall is written to and his
withdrawal paid; Ms Sadie Rourke's bank details go on file and her withdrawal is paid, or cancelled; Lowri Evans's
e-mail changes. The leisure centre's roof is surveyed, or the site dropped; Cragg Farm's agreement is signed; the
library gets its meter and is commissioned; St Bride's is looked at, read, its export payment recorded and its invoice
paid; the school's readings are read, its latest voided, its export claimed and it is invoiced; the accounts motion's
vote opens; the online voting motion is withdrawn.
"""

import inverter_tools as tools

WHO = {"ruth": ("ruth.m", "Share-Ledger-100"), "anwen": ("anwen.p", "Balance-Sheet-34"),
       "tomasz": ("tomasz.w", "Inverter-Fan-7"), "hattie": ("hattie.s", "Meter-Torch-21"),
       "clem": ("clem.f", "Minute-Book-9"), "colin": ("colin.b", "Tanwell-Sun-2011")}
RU, AN, TO, HA, CL = "$ruth.0.token", "$anwen.0.token", "$tomasz.0.token", "$hattie.0.token", "$clem.0.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(text: str, who: str = "ruth", name: str = "find_member") -> list:
    return [sign_in(who), ("find_member", {"token": f"${who}.0.token", "text": text}, name)]


FOUND = "$find_member.0.0.member_id"
BRYONY = "$apply_membership.0.member_id"
SCOUTS = "$register_site.0.installation_id"
FIRST = "$installations.0.0.installation_id"

# Ms Bryony Ackroyd joins on the day of the AGM
B = [sign_in("ruth"),
     ("apply_membership", {"token": RU, "name": "Ms Bryony Ackroyd", "email": "bryony.ackroyd@example.com",
                           "phone": "07700 961204", "address": "3 Mill Row, Tanwell", "postcode": "TW2 1QF",
                           "date_of_birth": "1991-05-17"})]
B_UPDATE = B + [("update_member", {"token": RU, "member_id": BRYONY, "phone": "07700 961299"})]
B_STATEMENT = B + [("member_statement", {"token": RU, "member_id": BRYONY})]
B_MESSAGE = B + [("message_member", {"token": RU, "member_id": BRYONY, "subject": "Welcome to Tanwell Community Energy",
                                     "body": "Your application is in; the board will admit you once your shares are "
                                             "paid for. The AGM is at seven tonight at the Institute."})]
B_BANK = B + [("record_bank_details", {"token": RU, "member_id": BRYONY, "account_name": "Ms B Ackroyd",
                                       "sort_code": "40-11-62", "account_number": "31926640"})]
B_BUY = B + [("share_offers", {}), ("buy_shares", {"token": RU, "member_id": BRYONY,
                                                   "offer_code": "$share_offers.0.1.code", "shares": 500,
                                                   "method": "bank_transfer"})]
B_ADMIT = B_BUY + [sign_in("clem"), ("admit_member", {"token": CL, "member_id": BRYONY})]
B_ATTEND = B_ADMIT + [("register_attendance", {"token": CL, "member_id": BRYONY, "mode": "in_person"})]
B_VOTE = B_ATTEND + [("agm_motions", {}), ("open_voting", {"token": CL, "motion_id": "$agm_motions.0.0.motion_id"}),
                     ("cast_vote", {"token": CL, "motion_id": "$agm_motions.0.0.motion_id", "member_id": BRYONY,
                                    "vote": "for"})]
B_PROPOSE = B_ADMIT + [("find_member", {"token": CL, "text": "Evans"}),
                       ("propose_motion", {"token": CL, "title": "Solar on the Scout Hut",
                                           "text": "That the board offer the 1st Tanwell Scout Group a roof lease "
                                                   "on the same terms as the library.",
                                           "kind": "ordinary", "proposer_id": BRYONY, "seconder_id": FOUND})]

# the 1st Tanwell Scout Group's hut
S = [sign_in("tomasz"),
     ("register_site", {"token": TO, "host": "1st Tanwell Scout Group", "address": "Scout Hut, Bridge Lane, Tanwell",
                        "postcode": "TW3 4BL", "contact": "Mr Huw Pennant, group scout leader, huw.pennant@example.org",
                        "roof": "metal_sheet"})]
S_DETAIL = S + [("installation_detail", {"token": TO, "installation_id": SCOUTS})]
S_CANCEL = S + [("cancel_site", {"token": TO, "installation_id": SCOUTS,
                                 "reason": "The group is moving to the new community centre next year"})]
S_SURVEY = S + [("survey_roof", {"token": TO, "installation_id": SCOUTS, "result": "suitable", "max_kwp": 9.5,
                                 "notes": "Sound purlins, no shading from the south"})]
S_AGREE = S_SURVEY + [sign_in("clem"), ("sign_host_agreement", {"token": CL, "installation_id": SCOUTS,
                                                                "ppa_rate_p": 12.0, "term_years": 20})]
S_METER = S_AGREE + [("meter_stock", {"token": TO}),
                     ("fit_meter", {"token": TO, "installation_id": SCOUTS, "meter_serial": "$meter_stock.0.0"})]
S_LIVE = S_METER + [("tariffs", {}), ("commission_installation", {"token": TO, "installation_id": SCOUTS, "kwp": 8.2,
                                                                  "tariff_code": "$tariffs.0.1.code"})]
S_READINGS = S_LIVE + [("readings", {"token": TO, "installation_id": SCOUTS})]
S_READ = S_LIVE + [sign_in("hattie"),
                   ("record_reading", {"token": HA, "installation_id": SCOUTS, "generation_kwh": 21.4,
                                       "export_kwh": 14.8, "read_on": "2034-09-21", "source": "remote_logger"})]
S_VOID = S_READ + [("void_reading", {"token": HA, "reading_id": "$record_reading.0.reading_id",
                                     "reason": "The logger was still set to the test meter"})]
S_CLAIM = S_READ + [sign_in("anwen"), ("submit_export_claim", {"token": AN, "installation_id": SCOUTS})]
S_CLAIM_PAID = S_CLAIM + [("record_export_payment", {"token": AN, "claim_id": "$submit_export_claim.0.claim_id",
                                                     "amount": 2.74})]
S_INVOICE = S_READ + [sign_in("anwen"), ("invoice_host", {"token": AN, "installation_id": SCOUTS})]
S_INVOICE_PAID = S_INVOICE + [("record_host_payment", {"token": AN, "invoice_id": "$invoice_host.0.invoice_id",
                                                       "amount": 0.79, "method": "bacs"})]

# the sites in the fresh state: SI-301 the school and SI-302 St Bride's (live), SI-303 the leisure centre (proposed),
# SI-304 Cragg Farm (surveyed), SI-305 the library (agreed)
LEISURE = [sign_in("tomasz"), ("installations", {"token": TO, "status": "proposed"})]
LEISURE_SURVEY = LEISURE + [("survey_roof", {"token": TO, "installation_id": FIRST, "result": "suitable",
                                             "max_kwp": 60.0, "notes": "New membrane; ballasted frames, no fixings"})]
LEISURE_CANCEL = LEISURE + [("cancel_site", {"token": TO, "installation_id": FIRST,
                                             "reason": "The council is selling the leisure centre"})]
HOLLOWAY = [sign_in("clem"), ("installations", {"token": CL, "status": "surveyed"}),
            ("sign_host_agreement", {"token": CL, "installation_id": FIRST, "ppa_rate_p": 11.5, "term_years": 20})]
LIBRARY_METER = [sign_in("tomasz"), ("installations", {"token": TO, "status": "agreed"}),
                 ("meter_stock", {"token": TO}),
                 ("fit_meter", {"token": TO, "installation_id": FIRST, "meter_serial": "$meter_stock.0.1"})]
LIBRARY_LIVE = LIBRARY_METER + [("tariffs", {}),
                                ("commission_installation", {"token": TO, "installation_id": FIRST, "kwp": 9.6,
                                                             "tariff_code": "$tariffs.0.1.code"})]
CHURCH = [sign_in("hattie"), ("installations", {"token": HA, "host": "Church"})]
CHURCH_DETAIL = CHURCH + [("installation_detail", {"token": HA, "installation_id": FIRST})]
CHURCH_READ = CHURCH + [("record_reading", {"token": HA, "installation_id": FIRST, "generation_kwh": 46100.0,
                                            "export_kwh": 25410.0, "read_on": "2034-09-20", "source": "site_visit"})]
CHURCH_INVOICE_PAID = [sign_in("anwen"), ("installations", {"token": AN, "host": "Church"}),
                       ("installation_detail", {"token": AN, "installation_id": FIRST}),
                       ("record_host_payment", {"token": AN, "invoice_id": "$installation_detail.0.invoices.0.0",
                                                "amount": 182.0, "method": "cheque"})]
CHURCH_CLAIM_PAID = [sign_in("anwen"), ("export_claims", {"token": AN, "unpaid_only": True}),
                     ("record_export_payment", {"token": AN, "claim_id": "$export_claims.0.0.claim_id",
                                                "amount": 310.5})]
SCHOOL = [sign_in("anwen"), ("installations", {"token": AN, "status": "live"})]
SCHOOL_CLAIM = SCHOOL + [("submit_export_claim", {"token": AN, "installation_id": FIRST})]
SCHOOL_INVOICE = SCHOOL + [("invoice_host", {"token": AN, "installation_id": FIRST})]
SCHOOL_READINGS = [sign_in("hattie"), ("installations", {"token": HA, "status": "live"}),
                   ("readings", {"token": HA, "installation_id": FIRST})]
SCHOOL_VOID = SCHOOL_READINGS + [("void_reading", {"token": HA, "reading_id": "$readings.0.2.0",
                                                   "reason": "The logger's September figure was a day's total"})]

# members in the fresh state (MB-1101 Talbot, MB-1102 Iyer, MB-1103 Evans, MB-1104 Nuttall, MB-1105 Rourke; applicants
# MB-1106 Chen and MB-1107 Brindley); withdrawals requested: 0 WD-61 Nuttall, 1 WD-62 Rourke; motions: 0 MOT-41 the
# accounts, 1 MOT-42 interest, 2 MOT-43 the chair's re-election, 3 MOT-44 online voting
CHEN = find("Chen", "clem") + [("admit_member", {"token": CL, "member_id": FOUND})]
GRANT = find("Brindley") + [("share_offers", {}),
                         ("buy_shares", {"token": RU, "member_id": FOUND, "offer_code": "$share_offers.0.1.code",
                                         "shares": 60, "method": "debit_card"})]
IYER_BANK = find("Iyer", "anwen") + [("record_bank_details", {"token": AN, "member_id": FOUND,
                                                              "account_name": "Mr R Iyer", "sort_code": "30-15-88",
                                                              "account_number": "26405517"})]
IYER_WITHDRAW = find("Iyer") + [("request_withdrawal", {"token": RU, "member_id": FOUND, "shares": 200,
                                                        "reason": "Paying for a new boiler"})]
EVANS_UPDATE = find("Evans") + [("update_member", {"token": RU, "member_id": FOUND,
                                                   "email": "lowri.evans@example.com"})]
TALBOT_STATEMENT = find("Talbot") + [("member_statement", {"token": RU, "member_id": FOUND})]
NUTTALL_MESSAGE = find("Nuttall") + [("message_member", {"token": RU, "member_id": FOUND,
                                                         "subject": "Your share withdrawal",
                                                         "body": "The treasurer will pay your 1,500 pounds into "
                                                                 "your account this week."})]
TALBOT_WITHDRAW = find("Talbot") + [("request_withdrawal", {"token": RU, "member_id": FOUND, "shares": 1000,
                                                            "reason": "Gifting money to her grandchildren"})]
TALBOT_PAID = TALBOT_WITHDRAW + [sign_in("anwen"),
                                 ("approve_withdrawal", {"token": AN,
                                                         "withdrawal_id": "$request_withdrawal.0.rows.0.0"})]
TALBOT_CANCEL = TALBOT_WITHDRAW + [("cancel_withdrawal", {"token": RU,
                                                          "withdrawal_id": "$request_withdrawal.0.rows.0.0"})]
NUTTALL_PAID = [sign_in("anwen"), ("withdrawals", {"token": AN, "status": "requested"}),
                ("approve_withdrawal", {"token": AN, "withdrawal_id": "$withdrawals.0.rows.0.0"})]
ROURKE_PAID = find("Rourke", "anwen") + [
    ("record_bank_details", {"token": AN, "member_id": FOUND, "account_name": "Ms S Rourke", "sort_code": "20-71-09",
                             "account_number": "60913374"}),
    ("withdrawals", {"token": AN, "status": "requested"}),
    ("approve_withdrawal", {"token": AN, "withdrawal_id": "$withdrawals.0.rows.1.0"})]
ROURKE_CANCEL = [sign_in("ruth"), ("withdrawals", {"token": RU, "status": "requested"}),
                 ("cancel_withdrawal", {"token": RU, "withdrawal_id": "$withdrawals.0.rows.1.0"})]
TALBOT_ATTEND = find("Talbot", "clem") + [("register_attendance", {"token": CL, "member_id": FOUND,
                                                                   "mode": "in_person"})]
ACCOUNTS_OPEN = [sign_in("clem"), ("agm_motions", {}),
                 ("open_voting", {"token": CL, "motion_id": "$agm_motions.0.0.motion_id"})]
TALBOT_VOTE = ACCOUNTS_OPEN + [("find_member", {"token": CL, "text": "Talbot"}),
                               ("register_attendance", {"token": CL, "member_id": FOUND, "mode": "in_person"}),
                               ("cast_vote", {"token": CL, "motion_id": "$agm_motions.0.0.motion_id",
                                              "member_id": FOUND, "vote": "for"})]
ONLINE_WITHDRAWN = [sign_in("clem"), ("agm_motions", {"status": "tabled"}),
                    ("withdraw_motion", {"token": CL, "motion_id": "$agm_motions.0.3.motion_id",
                                         "reason": "Mr Iyer will bring it back next year with the rule change "
                                                   "drafted"})]
IYER_MOTION = find("Iyer", "clem") + [
    ("find_member", {"token": CL, "text": "Evans"}, "evans"),
    ("propose_motion", {"token": CL, "title": "A battery at Tanwell Primary School",
                        "text": "That the board cost a battery for the school's installation and report to members "
                                "by March.", "kind": "ordinary", "proposer_id": FOUND,
                        "seconder_id": "$evans.0.0.member_id"})]
MOTION = "$propose_motion.0.motion_id"
IYER_MOTION_WITHDRAWN = IYER_MOTION + [("withdraw_motion", {"token": CL, "motion_id": MOTION,
                                                            "reason": "The board has agreed to cost it anyway"})]
IYER_MOTION_OPEN = IYER_MOTION + [("open_voting", {"token": CL, "motion_id": MOTION})]
IYER_MOTION_VOTE = IYER_MOTION_OPEN + [("find_member", {"token": CL, "text": "Talbot"}, "talbot"),
                                       ("register_attendance", {"token": CL, "member_id": "$talbot.0.0.member_id",
                                                                "mode": "online"}),
                                       ("cast_vote", {"token": CL, "motion_id": MOTION,
                                                      "member_id": "$talbot.0.0.member_id", "vote": "for"})]
IYER_MOTION_CLOSED = IYER_MOTION_VOTE + [("close_voting", {"token": CL, "motion_id": MOTION})]
INTEREST = [sign_in("clem"), ("agm_motions", {}),
            ("open_voting", {"token": CL, "motion_id": "$agm_motions.0.1.motion_id"}),
            ("find_member", {"token": CL, "text": "Talbot"}),
            ("register_attendance", {"token": CL, "member_id": FOUND, "mode": "in_person"}),
            ("cast_vote", {"token": CL, "motion_id": "$agm_motions.0.1.motion_id", "member_id": FOUND,
                           "vote": "for"}),
            ("close_voting", {"token": CL, "motion_id": "$agm_motions.0.1.motion_id"})]
TALBOT_INTEREST = INTEREST + [sign_in("anwen"), ("pay_interest", {"token": AN, "member_id": FOUND})]
IYER_INTEREST = INTEREST + [sign_in("anwen"), ("find_member", {"token": AN, "text": "Iyer"}, "iyer"),
                            ("record_bank_details", {"token": AN, "member_id": "$iyer.0.0.member_id",
                                                     "account_name": "Mr R Iyer", "sort_code": "30-15-88",
                                                     "account_number": "26405517"}),
                            ("pay_interest", {"token": AN, "member_id": "$iyer.0.0.member_id"})]

_BODY = [
    # members
    ("apply_membership", "update_member", B_UPDATE),
    ("find_member", "update_member", EVANS_UPDATE),
    ("apply_membership", "member_statement", B_STATEMENT),
    ("find_member", "member_statement", TALBOT_STATEMENT),
    ("apply_membership", "message_member", B_MESSAGE),
    ("find_member", "message_member", NUTTALL_MESSAGE),
    ("apply_membership", "record_bank_details", B_BANK),
    ("find_member", "record_bank_details", IYER_BANK),
    # shares and withdrawals
    ("apply_membership", "buy_shares", B_BUY),
    ("find_member", "buy_shares", GRANT),
    ("share_offers", "buy_shares", B_BUY),
    ("apply_membership", "admit_member", B_ADMIT),
    ("find_member", "admit_member", CHEN),
    ("buy_shares", "admit_member", B_ADMIT),
    ("find_member", "request_withdrawal", IYER_WITHDRAW),
    ("request_withdrawal", "approve_withdrawal", TALBOT_PAID),
    ("withdrawals", "approve_withdrawal", NUTTALL_PAID),
    ("record_bank_details", "approve_withdrawal", ROURKE_PAID),
    ("request_withdrawal", "cancel_withdrawal", TALBOT_CANCEL),
    ("withdrawals", "cancel_withdrawal", ROURKE_CANCEL),
    # sites and installations
    ("register_site", "survey_roof", S_SURVEY),
    ("installations", "survey_roof", LEISURE_SURVEY),
    ("register_site", "sign_host_agreement", S_AGREE),
    ("installations", "sign_host_agreement", HOLLOWAY),
    ("survey_roof", "sign_host_agreement", S_AGREE),
    ("register_site", "fit_meter", S_METER),
    ("installations", "fit_meter", LIBRARY_METER),
    ("meter_stock", "fit_meter", S_METER),
    ("sign_host_agreement", "fit_meter", S_METER),
    ("register_site", "commission_installation", S_LIVE),
    ("installations", "commission_installation", LIBRARY_LIVE),
    ("tariffs", "commission_installation", S_LIVE),
    ("sign_host_agreement", "commission_installation", S_LIVE),
    ("fit_meter", "commission_installation", LIBRARY_LIVE),
    ("register_site", "installation_detail", S_DETAIL),
    ("installations", "installation_detail", CHURCH_DETAIL),
    ("register_site", "cancel_site", S_CANCEL),
    ("installations", "cancel_site", LEISURE_CANCEL),
    # readings
    ("register_site", "record_reading", S_READ),
    ("installations", "record_reading", CHURCH_READ),
    ("commission_installation", "record_reading", S_READ),
    ("register_site", "readings", S_READINGS),
    ("installations", "readings", SCHOOL_READINGS),
    ("record_reading", "void_reading", S_VOID),
    ("readings", "void_reading", SCHOOL_VOID),
    # export claims and host invoices
    ("register_site", "submit_export_claim", S_CLAIM),
    ("installations", "submit_export_claim", SCHOOL_CLAIM),
    ("record_reading", "submit_export_claim", S_CLAIM),
    ("submit_export_claim", "record_export_payment", S_CLAIM_PAID),
    ("export_claims", "record_export_payment", CHURCH_CLAIM_PAID),
    ("register_site", "invoice_host", S_INVOICE),
    ("installations", "invoice_host", SCHOOL_INVOICE),
    ("record_reading", "invoice_host", S_INVOICE),
    ("invoice_host", "record_host_payment", S_INVOICE_PAID),
    ("installation_detail", "record_host_payment", CHURCH_INVOICE_PAID),
    # the AGM
    ("apply_membership", "propose_motion", B_PROPOSE),
    ("find_member", "propose_motion", IYER_MOTION),
    ("admit_member", "propose_motion", B_PROPOSE),
    ("propose_motion", "withdraw_motion", IYER_MOTION_WITHDRAWN),
    ("agm_motions", "withdraw_motion", ONLINE_WITHDRAWN),
    ("apply_membership", "register_attendance", B_ATTEND),
    ("find_member", "register_attendance", TALBOT_ATTEND),
    ("admit_member", "register_attendance", B_ATTEND),
    ("propose_motion", "open_voting", IYER_MOTION_OPEN),
    ("agm_motions", "open_voting", ACCOUNTS_OPEN),
    ("apply_membership", "cast_vote", B_VOTE),
    ("find_member", "cast_vote", TALBOT_VOTE),
    ("propose_motion", "cast_vote", IYER_MOTION_VOTE),
    ("agm_motions", "cast_vote", TALBOT_VOTE),
    ("open_voting", "cast_vote", B_VOTE),
    ("register_attendance", "cast_vote", B_VOTE),
    ("propose_motion", "close_voting", IYER_MOTION_CLOSED),
    ("agm_motions", "close_voting", INTEREST),
    ("cast_vote", "close_voting", INTEREST),
    ("find_member", "pay_interest", TALBOT_INTEREST),
    ("record_bank_details", "pay_interest", IYER_INTEREST),
    ("close_voting", "pay_interest", TALBOT_INTEREST),
]

_OWN = {"sign_out": [sign_in("hattie"), ("sign_out", {"token": HA})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the export tariffs are read before Mrs Talbot's statement
    ("tariffs", TALBOT_STATEMENT[:2] + [("tariffs", {}), TALBOT_STATEMENT[-1]]),
    # the export claims are read before Mr Nuttall's withdrawal is paid
    ("export_claims", NUTTALL_PAID[:2] + [("export_claims", {"token": AN}), NUTTALL_PAID[-1]]),
    # the share offers are read before St Bride's meters are read
    ("share_offers", CHURCH + [("share_offers", {}), CHURCH_READ[-1]]),
    # the AGM motions are read before Mrs Chen is admitted
    ("agm_motions", CHEN[:2] + [("agm_motions", {}), CHEN[-1]]),
    # the installations are listed before Mr Iyer's bank details go on file
    ("installations", IYER_BANK[:2] + [("installations", {"token": AN}), IYER_BANK[-1]]),
    # the AGM motions are read before Cragg Farm's agreement is signed
    ("agm_motions", HOLLOWAY[:2] + [("agm_motions", {}), HOLLOWAY[-1]]),
    # the school's readings are read before St Bride's export payment is recorded
    ("readings", CHURCH_CLAIM_PAID[:2] + [("installations", {"token": AN, "status": "live"}),
                                          ("readings", {"token": AN, "installation_id": FIRST}),
                                          CHURCH_CLAIM_PAID[-1]]),
]
