"""Scripted proofs that Caveat's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime; a refusal is a raised ``DocketError``, a failure everywhere; the tools are coroutines
whose replies are pydantic models, which the runtime awaits and converts).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "hesper")``) and pass ``"$hesper.token"``; replies are read by field (``"$add_client.client_id"``,
``"$open_matter.matter_id"``, ``"$clearance_search.search_id"``, ``"$record_office_action.action_id"``,
``"$record_opposition.opposition_id"``, ``"$raise_invoice.invoice_id"``) and list entries by position and field
(``"$find_client.0.client_id"``, ``"$matters.1.matter_id"``, ``"$attorneys.2.code"``,
``"$office_actions.0.action_id"``, ``"$oppositions.0.opposition_id"``, ``"$invoices.0.invoice_id"``), a class's
accepted terms by position (``"$nice_classes.0.terms.4"``). The positions follow the fresh state's order (records by
id, attorneys by code, each list filtered as the call asks). Every id, code and term is read from a reply; none is
written literally (names, addresses, e-mail addresses, countries, marks, titles, classes, inventors, dates, claims,
amounts, opponents, grounds, advice, responses and letters are written as the staff are told them).

The day: Gwenfro Cider become clients, clear their conflict check, sign up and have GWENFRO searched, specified, paid
for and filed; Oatley Ovenworks become clients and take over OATLEY BAKE; Saltcote move HARBOUR SNUG and a new bottle
design to their parent company; Tiderace Apparel clear their check and open TIDERACE WAVE; Marrowbone Robotics pay for
the gripper patent, which is filed with its inventor, and for the examination of the trolley patent; a new sensor
patent and a new wall sconce design are opened; SALTCOTE is searched, specified and filed; the HARBOUR SNUG report is
answered, the mark published and opposed; MILLRACE OATS is recorded as published and registered; OATLEY BAKE is
registered; SEA PINK GIN's oppositions are defended; CRUMBWELL is renewed once Brindlecombe's money is in; Ms Marwood's
design is filed and her invoice paid, and her MARWOOD file closed.
"""

import caveat_tools as tools

WHO = {"hesper": ("hesper.f", "Docket-Day-14"), "devika": ("devika.s", "Form-TM3-file"),
       "rowena": ("rowena.c", "Nice-Class-33"), "lysander": ("lysander.q", "Claim-One-Gripper"),
       "gwilym": ("gwilym.p", "On-Account-250"), "beatrix": ("beatrix.h", "Senior-Partner-1")}
OT, DE, RO, AN, GW = "$hesper.token", "$devika.token", "$rowena.token", "$lysander.token", "$gwilym.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


CID, MID = "$add_client.client_id", "$open_matter.matter_id"
FOUND, LISTED = "$find_client.0.client_id", "$matters.0.matter_id"

# Gwenfro Cider, new: taken on, checked, engaged; GWENFRO opened, searched, specified, paid for and filed
GWENFRO = [sign_in("hesper"),
           ("add_client", {"token": OT, "name": "Gwenfro Cider Company Ltd", "kind": "company",
                           "address": "Pentrefelin Barns, Cwmhowell", "country": "GB",
                           "email": "hello@gwenfro-cider.example"})]
GW_UPDATED = GWENFRO + [("update_client", {"token": OT, "client_id": CID, "address": "Pentrefelin Barns, Cwmhowell, "
                                                                                     "Powys"})]
GW_CHECKED = GWENFRO + [("conflict_check", {"token": OT, "client_id": CID,
                                            "adverse_parties": ["Crownhall Orchards Ltd"]})]
GW_ENGAGED = GWENFRO + [("record_engagement", {"token": OT, "client_id": CID, "signed_on": "2041-03-01"})]
GW_LEDGER = GWENFRO + [("client_ledger", {"token": OT, "client_id": CID})]
GW_MONEY = GWENFRO + [sign_in("gwilym"), ("take_money_on_account", {"token": GW, "client_id": CID, "amount": 600.0,
                                                                    "paid_by": "bank_transfer"})]
GW_MATTER = GW_CHECKED + GW_ENGAGED[len(GWENFRO):] + [
    ("attorneys", {"token": OT}),
    ("open_matter", {"token": OT, "client_id": CID, "kind": "trade_mark", "title": "Gwenfro",
                     "attorney": "$attorneys.2.code"})]
GW_FILE = GW_MATTER + [("matter_file", {"token": OT, "matter_id": MID})]
GW_SEARCHED = GW_MATTER + [sign_in("rowena"), ("clearance_search", {"token": RO, "matter_id": MID, "classes": [33]})]
GW_REPORTED = GW_SEARCHED + [("report_search", {"token": RO, "search_id": "$clearance_search.search_id",
                                                "advice": "Nothing on the registers in class 33 stands in the way."})]
GW_SPEC = [sign_in("devika"), ("nice_classes", {"class_number": 33}),
           ("set_specification", {"token": DE, "matter_id": MID, "nice_class": 33,
                                  "terms": ["$nice_classes.0.terms.4"]})]
GW_FILED = GW_REPORTED + GW_SPEC + [
    sign_in("gwilym"), ("fee_schedule", {"office": "UKIPO"}),
    ("take_money_on_account", {"token": GW, "client_id": CID, "amount": 600.0, "paid_by": "bank_transfer"}),
    ("file_application", {"token": DE, "matter_id": MID, "office": "UKIPO"})]
GW_TIME = GW_MATTER + [sign_in("rowena"), ("record_time", {"token": RO, "matter_id": MID, "minutes": 30,
                                                           "narrative": "First advice on GWENFRO for cider"})]
GW_BILLED = GW_TIME + [sign_in("gwilym"), ("raise_invoice", {"token": GW, "matter_id": MID})]
GW_LETTER = GW_MATTER + [("send_reporting_letter", {"token": OT, "matter_id": MID, "subject": "Your new matter",
                                                    "body": "We have opened a file for GWENFRO and will search it."})]
GW_CLOSED = GW_MATTER + [("close_matter", {"token": OT, "matter_id": MID,
                                           "reason": "Gwenfro have decided to trade under their company name"})]

# Oatley Ovenworks, new: checked, and OATLEY BAKE (M-4107, published) assigned to them
OATLEY = [sign_in("hesper"),
          ("add_client", {"token": OT, "name": "Oatley Ovenworks Ltd", "kind": "company",
                          "address": "Unit 7, Ouseburn Road, Wendleby", "country": "GB",
                          "email": "legal@oatley-ovenworks.example"}),
          ("conflict_check", {"token": OT, "client_id": CID, "adverse_parties": ["Pendower Farm Foods Ltd"]}),
          ("matters", {"token": OT, "stage": "published"}), sign_in("devika"),
          ("record_assignment", {"token": DE, "matter_id": LISTED, "assignee_id": CID, "effective": "2041-03-01"})]

# Saltcote: HARBOUR SNUG (M-4102) and a new bottle design moved to Saltcote Holdings
HOLDINGS = [sign_in("devika"), ("matters", {"token": DE, "kind": "trade_mark", "stage": "filed"}),
            ("find_client", {"token": DE, "text": "Holdings"}),
            ("record_assignment", {"token": DE, "matter_id": LISTED, "assignee_id": FOUND,
                                   "effective": "2041-03-01"})]
BOTTLE = [sign_in("hesper"), ("find_client", {"token": OT, "text": "Saltcote Distillery"}),
          ("attorneys", {"token": OT}),
          ("open_matter", {"token": OT, "client_id": FOUND, "kind": "design",
                           "title": "Gin bottle with a wave shoulder", "attorney": "$attorneys.2.code"}),
          sign_in("devika"), ("file_application", {"token": DE, "matter_id": MID, "office": "UKIPO"}),
          ("find_client", {"token": DE, "text": "Holdings"}, "holdings"),
          ("record_assignment", {"token": DE, "matter_id": MID, "assignee_id": "$holdings.0.client_id",
                                 "effective": "2041-03-01"})]
SALTCOTE_LEDGER = [sign_in("gwilym"), ("find_client", {"token": GW, "text": "Saltcote Distillery"}),
                   ("client_ledger", {"token": GW, "client_id": FOUND})]

# Tiderace Apparel: checked, engaged, TIDERACE WAVE opened
TIDE = [sign_in("hesper"), ("find_client", {"token": OT, "text": "Tiderace"}),
        ("conflict_check", {"token": OT, "client_id": FOUND, "adverse_parties": ["Pellew Boardriders Ltd"]}),
        ("record_engagement", {"token": OT, "client_id": FOUND, "signed_on": "2041-02-28"}),
        ("attorneys", {"token": OT}),
        ("open_matter", {"token": OT, "client_id": FOUND, "kind": "trade_mark", "title": "Tiderace Wave",
                         "attorney": "$attorneys.2.code"})]
TIDE_ENGAGED = [TIDE[0], TIDE[1], TIDE[3]]

# Marrowbone Robotics: the gripper (M-4103) filed with its inventor; the trolley (M-4104) examined; a new sensor
GRIPPER = [sign_in("devika"), ("matters", {"token": DE, "kind": "patent", "stage": "draft"}),
           ("add_inventor", {"token": DE, "matter_id": LISTED, "name": "Dr Oona Marrowbone", "town": "Wendleby",
                             "nationality": "GB"})]
GRIPPER_FILED = GRIPPER + [sign_in("gwilym"), ("find_client", {"token": GW, "text": "Marrowbone"}),
                           ("take_money_on_account", {"token": GW, "client_id": FOUND, "amount": 310.0,
                                                      "paid_by": "bank_transfer"}),
                           ("file_application", {"token": DE, "matter_id": LISTED, "office": "UKIPO", "claims": 14})]
TROLLEY = [sign_in("gwilym"), ("find_client", {"token": GW, "text": "Marrowbone"}),
           ("take_money_on_account", {"token": GW, "client_id": FOUND, "amount": 100.0, "paid_by": "card"}),
           sign_in("devika"), ("matters", {"token": DE, "kind": "patent", "stage": "filed"}),
           ("request_examination", {"token": DE, "matter_id": LISTED})]
TROLLEY_WITHDRAWN = [sign_in("devika"), ("matters", {"token": DE, "kind": "patent", "stage": "filed"}),
                     ("withdraw_application", {"token": DE, "matter_id": LISTED,
                                               "reason": "Marrowbone have dropped the trolley project"})]
TROLLEY_OA = [sign_in("hesper"), ("matters", {"token": OT, "kind": "patent", "stage": "filed"}),
              ("record_office_action", {"token": OT, "matter_id": LISTED, "kind": "search_report",
                                        "issued": "2041-02-27", "response_due": "2041-06-27"})]
TROLLEY_OA_ANSWERED = TROLLEY_OA + [sign_in("lysander"),
                                    ("respond_to_action", {"token": AN, "action_id": "$record_office_action.action_id",
                                                           "response": "The cited trolleys do not level themselves; "
                                                                       "claim 1 is new."})]
TROLLEY_OA_EXTENDED = TROLLEY_OA + [sign_in("devika"),
                                    ("request_extension", {"token": DE, "action_id": "$record_office_action.action_id",
                                                           "months": 2})]
SENSOR = [sign_in("hesper"), ("find_client", {"token": OT, "text": "Marrowbone"}), ("attorneys", {"token": OT}),
          ("open_matter", {"token": OT, "client_id": FOUND, "kind": "patent", "title": "Soft fruit ripeness sensor",
                           "attorney": "$attorneys.0.code"}),
          sign_in("devika"), ("add_inventor", {"token": DE, "matter_id": MID, "name": "Dr Oona Marrowbone",
                                               "town": "Wendleby", "nationality": "GB"})]
SENSOR_EXAMINED = SENSOR + [sign_in("gwilym"),
                            ("take_money_on_account", {"token": GW, "client_id": FOUND, "amount": 310.0,
                                                       "paid_by": "bank_transfer"}),
                            ("file_application", {"token": DE, "matter_id": MID, "office": "UKIPO", "claims": 9}),
                            ("request_examination", {"token": DE, "matter_id": MID})]

# SALTCOTE (M-4101, draft): searched, reported, specified and filed; or dropped
SALT = [sign_in("rowena"), ("matters", {"token": RO, "kind": "trade_mark", "stage": "draft"})]
SALT_SEARCHED = SALT + [("clearance_search", {"token": RO, "matter_id": LISTED, "classes": [32, 33]})]
SALT_REPORTED = SALT_SEARCHED + [("report_search", {"token": RO, "search_id": "$clearance_search.search_id",
                                                    "advice": "SALT COAST is close for drinks; the risk is "
                                                              "moderate and we advise filing."})]
SALT_SPEC = [sign_in("devika"), ("nice_classes", {"class_number": 33}),
             ("set_specification", {"token": DE, "matter_id": LISTED, "nice_class": 33,
                                    "terms": ["$nice_classes.0.terms.0", "$nice_classes.0.terms.1"]})]
SALT_FILED = SALT_REPORTED + SALT_SPEC + [("file_application", {"token": DE, "matter_id": LISTED,
                                                                "office": "UKIPO"})]
SALT_CLOSED = [sign_in("hesper"), ("matters", {"token": OT, "kind": "trade_mark", "stage": "draft"}),
               ("close_matter", {"token": OT, "matter_id": LISTED,
                                 "reason": "Saltcote have decided not to go ahead with SALTCOTE"})]

# Ms Marwood: her lamp design (M-4106) filed, or timed and billed; a new sconce design filed and withdrawn
LAMP = [sign_in("devika"), ("matters", {"token": DE, "kind": "design"}),
        ("file_application", {"token": DE, "matter_id": LISTED, "office": "UKIPO"})]
LAMP_WITHDRAWN = LAMP + [("withdraw_application", {"token": DE, "matter_id": LISTED,
                                                   "reason": "Ms Marwood wants to file it in the EU instead"})]
LAMP_TIME = [sign_in("rowena"), ("matters", {"token": RO, "kind": "design"}),
             ("record_time", {"token": RO, "matter_id": LISTED, "minutes": 42,
                              "narrative": "Preparing the design's representations"})]
LAMP_BILLED = LAMP_TIME + [sign_in("gwilym"), ("raise_invoice", {"token": GW, "matter_id": LISTED})]
SCONCE = [sign_in("hesper"), ("find_client", {"token": OT, "text": "Marwood"}), ("attorneys", {"token": OT}),
          ("open_matter", {"token": OT, "client_id": FOUND, "kind": "design", "title": "Tidewrack wall sconce",
                           "attorney": "$attorneys.2.code"}),
          sign_in("devika"), ("file_application", {"token": DE, "matter_id": MID, "office": "UKIPO"}),
          ("withdraw_application", {"token": DE, "matter_id": MID, "reason": "Filed in error; the drawings were "
                                                                             "the wrong set"})]
QU_EMAIL = [sign_in("hesper"), ("find_client", {"token": OT, "text": "Marwood"}),
            ("update_client", {"token": OT, "client_id": FOUND, "email": "studio@marwood-design.example"})]
QU_PAID = [sign_in("gwilym"), ("invoices", {"token": GW, "unpaid_only": True}),
           ("record_payment", {"token": GW, "invoice_id": "$invoices.0.invoice_id", "amount": 288.0}),
           sign_in("hesper"), ("matters", {"token": OT, "stage": "registered"}),
           ("close_matter", {"token": OT, "matter_id": "$matters.1.matter_id",
                             "reason": "Registered, reported and paid; file closed"})]

# HARBOUR SNUG (M-4102, filed): the report answered or extended, the mark published and opposed; its time billed
SNUG_ANSWERED = [sign_in("rowena"), ("office_actions", {"token": RO, "open_only": True}),
                 ("respond_to_action", {"token": RO, "action_id": "$office_actions.0.action_id",
                                        "response": "HARBOUR SNUG and HARBOUR NIGHTS differ in sound and meaning."})]
SNUG_EXTENDED = [sign_in("devika"), ("office_actions", {"token": DE, "open_only": True}),
                 ("request_extension", {"token": DE, "action_id": "$office_actions.0.action_id", "months": 1})]
SNUG_PUBLISHED = SNUG_ANSWERED + [sign_in("hesper"),
                                  ("matters", {"token": OT, "kind": "trade_mark", "stage": "filed"}),
                                  ("record_acceptance", {"token": OT, "matter_id": LISTED,
                                                         "published_on": "2041-03-01"})]
SNUG_OPPOSED = SNUG_PUBLISHED + [("record_opposition", {"token": OT, "matter_id": LISTED,
                                                        "opponent": "Veltmann Getranke AG", "grounds": ["s5(2)"]})]
SNUG_BILLED = [sign_in("gwilym"), ("matters", {"token": GW, "kind": "trade_mark", "stage": "filed"}),
               ("raise_invoice", {"token": GW, "matter_id": LISTED}),
               ("record_payment", {"token": GW, "invoice_id": "$raise_invoice.invoice_id",
                                   "amount": "$raise_invoice.amount"})]

# MILLRACE OATS (M-4110, filed): published in December, registered in February
MILLRACE = [sign_in("hesper"), ("matters", {"token": OT, "kind": "trade_mark", "stage": "filed"}),
            ("record_acceptance", {"token": OT, "matter_id": "$matters.1.matter_id", "published_on": "2040-12-20"}),
            ("record_registration", {"token": OT, "matter_id": "$matters.1.matter_id",
                                     "registered_on": "2041-02-21"})]

# OATLEY BAKE (M-4107) registered; SEA PINK GIN (M-4108) opposed again and defended; the Thrift & Lanyon opposition
OATLEY_REGISTERED = [sign_in("hesper"), ("matters", {"token": OT, "stage": "published"}),
                     ("record_registration", {"token": OT, "matter_id": LISTED, "registered_on": "2041-02-20"})]
OATLEY_FILE = [sign_in("hesper"), ("matters", {"token": OT, "stage": "published"}),
               ("matter_file", {"token": OT, "matter_id": "$matters.1.matter_id"})]
SEAPINK = [sign_in("hesper"), ("matters", {"token": OT, "stage": "published"}),
           ("record_opposition", {"token": OT, "matter_id": "$matters.1.matter_id",
                                  "opponent": "Kernow Coast Drinks Ltd", "grounds": ["s5(2)", "s5(3)"]})]
SEAPINK_DEFENDED = SEAPINK + [sign_in("rowena"), ("file_counterstatement", {
    "token": RO, "opposition_id": "$record_opposition.opposition_id",
    "text": "Denied: SEA PINK GIN and SALT COAST are not similar."})]
THRIFT = [sign_in("rowena"), ("oppositions", {"token": RO, "status": "counterstatement_due"}),
          ("file_counterstatement", {"token": RO, "opposition_id": "$oppositions.0.opposition_id",
                                     "text": "Every ground is denied; the goods and the marks differ."})]

# CRUMBWELL (M-4105, registered, due 18 March): Brindlecombe's money in, renewed; a letter to them
CRUMB = [sign_in("gwilym"), ("find_client", {"token": GW, "text": "Brindlecombe"}),
         ("take_money_on_account", {"token": GW, "client_id": FOUND, "amount": 200.0, "paid_by": "bank_transfer"}),
         sign_in("devika"), ("matters", {"token": DE, "stage": "registered"}),
         ("renew_registration", {"token": DE, "matter_id": LISTED})]
CRUMB_LETTER = [sign_in("rowena"), ("matters", {"token": RO, "stage": "registered"}),
                ("send_reporting_letter", {"token": RO, "matter_id": LISTED, "subject": "CRUMBWELL renewal",
                                           "body": "CRUMBWELL is due for renewal on 18 March; please send the fee."})]

_BODY = [
    # clients
    ("add_client", "update_client", GW_UPDATED),
    ("find_client", "update_client", QU_EMAIL),
    ("add_client", "conflict_check", GW_CHECKED),
    ("find_client", "conflict_check", cut(TIDE, "conflict_check")),
    ("add_client", "record_engagement", GW_ENGAGED),
    ("find_client", "record_engagement", TIDE_ENGAGED),
    ("add_client", "take_money_on_account", GW_MONEY),
    ("find_client", "take_money_on_account", cut(GRIPPER_FILED, "take_money_on_account")),
    ("add_client", "client_ledger", GW_LEDGER),
    ("find_client", "client_ledger", SALTCOTE_LEDGER),
    ("add_client", "open_matter", GW_MATTER),
    ("find_client", "open_matter", TIDE),
    ("add_client", "record_assignment", OATLEY),
    ("find_client", "record_assignment", HOLDINGS),
    ("attorneys", "open_matter", TIDE),
    ("conflict_check", "open_matter", TIDE),
    ("record_engagement", "open_matter", TIDE),
    ("conflict_check", "record_assignment", OATLEY),
    # matters
    ("open_matter", "matter_file", GW_FILE),
    ("matters", "matter_file", OATLEY_FILE),
    ("open_matter", "clearance_search", GW_SEARCHED),
    ("matters", "clearance_search", SALT_SEARCHED),
    ("open_matter", "set_specification", GW_MATTER + GW_SPEC),
    ("matters", "set_specification", SALT + SALT_SPEC),
    ("open_matter", "add_inventor", SENSOR),
    ("matters", "add_inventor", GRIPPER),
    ("open_matter", "file_application", GW_FILED),
    ("matters", "file_application", LAMP),
    ("open_matter", "request_examination", SENSOR_EXAMINED),
    ("matters", "request_examination", TROLLEY),
    ("open_matter", "record_assignment", BOTTLE),
    ("matters", "record_assignment", HOLDINGS),
    ("open_matter", "withdraw_application", SCONCE),
    ("matters", "withdraw_application", TROLLEY_WITHDRAWN),
    ("open_matter", "record_time", GW_TIME),
    ("matters", "record_time", LAMP_TIME),
    ("open_matter", "raise_invoice", GW_BILLED),
    ("matters", "raise_invoice", cut(SNUG_BILLED, "raise_invoice")),
    ("open_matter", "send_reporting_letter", GW_LETTER),
    ("matters", "send_reporting_letter", CRUMB_LETTER),
    ("open_matter", "close_matter", GW_CLOSED),
    ("matters", "close_matter", SALT_CLOSED),
    ("matters", "record_office_action", TROLLEY_OA),
    ("matters", "record_acceptance", cut(MILLRACE, "record_acceptance")),
    ("matters", "record_opposition", SEAPINK),
    ("matters", "record_registration", OATLEY_REGISTERED),
    ("matters", "renew_registration", CRUMB),
    # searches, filings and the life of a right
    ("clearance_search", "report_search", SALT_REPORTED),
    ("nice_classes", "set_specification", SALT + SALT_SPEC),
    ("report_search", "file_application", SALT_FILED),
    ("set_specification", "file_application", SALT_FILED),
    ("add_inventor", "file_application", GRIPPER_FILED),
    ("take_money_on_account", "file_application", GRIPPER_FILED),
    ("file_application", "request_examination", SENSOR_EXAMINED),
    ("take_money_on_account", "request_examination", TROLLEY),
    ("file_application", "withdraw_application", LAMP_WITHDRAWN),
    ("file_application", "record_assignment", BOTTLE),
    ("record_office_action", "respond_to_action", TROLLEY_OA_ANSWERED),
    ("office_actions", "respond_to_action", SNUG_ANSWERED),
    ("record_office_action", "request_extension", TROLLEY_OA_EXTENDED),
    ("office_actions", "request_extension", SNUG_EXTENDED),
    ("respond_to_action", "record_acceptance", SNUG_PUBLISHED),
    ("record_acceptance", "record_opposition", SNUG_OPPOSED),
    ("record_acceptance", "record_registration", MILLRACE),
    ("record_opposition", "file_counterstatement", SEAPINK_DEFENDED),
    ("oppositions", "file_counterstatement", THRIFT),
    ("take_money_on_account", "renew_registration", CRUMB),
    # time and money
    ("record_time", "raise_invoice", LAMP_BILLED),
    ("raise_invoice", "record_payment", SNUG_BILLED),
    ("invoices", "record_payment", cut(QU_PAID, "record_payment")),
    ("record_payment", "close_matter", QU_PAID),
]

_OWN = {"sign_out": [sign_in("lysander"), ("sign_out", {"token": AN})],
        "attorneys": [sign_in("hesper"), ("attorneys", {"token": OT})],
        "docket": [sign_in("hesper"), ("docket", {"token": OT, "due_before": "2041-04-01"})],
        "office_actions": [sign_in("rowena"), ("office_actions", {"token": RO, "open_only": True})],
        "oppositions": [sign_in("rowena"), ("oppositions", {"token": RO})],
        "invoices": [sign_in("gwilym"), ("invoices", {"token": GW, "unpaid_only": True})],
        "matters": [sign_in("hesper"), ("matters", {"token": OT})]}


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
    # the UK office's fees read before CRUMBWELL is renewed
    ("fee_schedule", CRUMB[:5] + [("fee_schedule", {"office": "UKIPO"})] + CRUMB[5:]),
    # the docket read before Marrowbone's money is taken
    ("docket", cut(GRIPPER_FILED, "find_client")[len(GRIPPER):] + [("docket", {"token": GW})]
     + cut(GRIPPER_FILED, "take_money_on_account")[-1:]),
    # a letter sent on the trolley patent before it is withdrawn
    ("send_reporting_letter", TROLLEY_WITHDRAWN[:2] + [
        sign_in("rowena"), ("send_reporting_letter", {"token": RO, "matter_id": LISTED,
                                                      "subject": "Your trolley patent",
                                                      "body": "As instructed, we will withdraw the application."})]
     + TROLLEY_WITHDRAWN[2:]),
    # the classes read before the HARBOUR SNUG report is answered
    ("nice_classes", SNUG_ANSWERED[:2] + [("nice_classes", {"class_number": 33})] + SNUG_ANSWERED[2:]),
    # the oppositions read before the SALTCOTE search is reported
    ("oppositions", SALT_SEARCHED + [("oppositions", {"token": RO})] + SALT_REPORTED[len(SALT_SEARCHED):]),
    # Saltcote found before the HARBOUR SNUG report's time is extended
    ("find_client", SNUG_EXTENDED[:2] + [("find_client", {"token": DE, "text": "Saltcote"})] + SNUG_EXTENDED[2:]),
    # Ms Marwood's e-mail changed before the Thrift & Lanyon opposition is defended
    ("update_client", QU_EMAIL + THRIFT),
    # Brindlecombe's money taken before OATLEY BAKE is registered
    ("take_money_on_account", cut(CRUMB, "take_money_on_account") + OATLEY_REGISTERED),
]
