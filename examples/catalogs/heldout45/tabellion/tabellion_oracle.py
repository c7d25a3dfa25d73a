"""Scripted proofs that Tabellion's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, with the module's ``FAILURE``: a refusal is a reply whose
``ACK`` is ``Failure``; the raw replies are pydantic models, which the runtime converts).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "lettice")``) and pass ``"$lettice.token"``; replies are read by field (``"$register_client.client_id"``,
``"$open_matter.matter_id"``, ``"$add_document.document_id"``, ``"$book_appointment.appointment_id"``,
``"$notarise.act_no"``, ``"$submit_apostille.submission_id"``, ``"$raise_invoice.invoice_id"``), list entries by
position and field (``"$find_client.0.client_id"``, ``"$matters.1.matter_id"``, ``"$appointments.0.appointment_id"``,
``"$notaries.1.code"``, ``"$submissions.0.submission_id"``, ``"$invoices.0.invoice_id"``,
``"$translators.0.translator_id"``), rows by row and column (``"$matter_file.documents.0.0"``, ``"$protocol.2.0"``,
``"$free_slots.2.0"``, ``"$fee_schedule.rows.0.0"``). The positions follow the fresh state's order (records by id,
each list filtered as the call asks). Every id and fee code is read from a reply; none is written literally (names,
addresses, e-mail addresses, phone numbers, document numbers and dates, titles, languages, officers, apostille
numbers, amounts, reasons and messages are written as the staff are told them).

The day: Mr Wren registers, is verified, opens a matter, has his declaration witnessed, apostilled on the FCDO's
premium service, collected, invoiced and paid, and his matter is closed; Brinkwater Oyster Company registers, is checked
against the register and names its signatory; Mrs Cardinham's details change, she is verified, screened and checked
in, and her power of attorney is made; Scarrowby Marine is checked against the register, its director signs the
distribution agreement, which is apostilled and legalised for the Emirates; Mr Benedict Yarrow lodges his specimen
signature and Mr Vasko's certified copy goes to the FCDO, and his marriage certificate is added and sent for an
Italian translation; Ms Trewartha's decree absolute is translated into Portuguese and certified, and her appointment
tomorrow is cancelled and moved; Mr Haddadin's apostille comes back, his declaration is legalised for Qatar,
couriered and invoiced; Corvell Line pay their invoice, their matter is closed and a new one opened.
"""

import tabellion_tools as tools

WHO = {"lettice": ("lettice.r", "Ribbon-Seal-62"), "oriel": ("oriel.p", "Protocol-1998"),
       "benedict": ("benedict.y", "Wafer-Red-77"), "jocasta": ("jocasta.f", "Ledger-Sum-40")}
TT, OT, BT, JT = "$lettice.token", "$oriel.token", "$benedict.token", "$jocasta.token"
TODAY, TOMORROW = "2042-05-13", "2042-05-14"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# Mr Wren, new: registered, a matter opened, his declaration witnessed, apostilled, collected, invoiced, paid, closed
CID, MID = "$register_client.client_id", "$open_matter.matter_id"
WREN = [sign_in("lettice"),
        ("register_client", {"token": TT, "name": "Mr Tobiah Wren", "kind": "individual",
                             "address": "9 Netherby Terrace, Mardlecombe MC4 8SL", "email": "tobiah.wren@example.com",
                             "phone": "07700 900512"})]
WREN_UPDATE = WREN + [("update_client", {"token": TT, "client_id": CID, "email": "t.wren@wrenandlowe.example"})]
WREN_EMAIL = WREN + [("send_email", {"token": TT, "client_id": CID, "subject": "Your appointment today",
                                     "body": "Please bring your passport and a council tax bill to our office."})]
WREN_SCREEN = WREN + [sign_in("oriel"), ("aml_screen", {"token": OT, "client_id": CID})]
WREN_VERIFIED = WREN + [sign_in("oriel"),
                        ("verify_identity", {"token": OT, "client_id": CID, "document": "passport",
                                             "number": "561209384", "expires": "2051-03-20",
                                             "address_proof": "council tax bill", "address_proof_date": "2042-04-02"})]
WREN_MATTER = WREN_VERIFIED + [("notaries", {"token": TT}),
                               ("open_matter", {"token": TT, "client_id": CID,
                                                "title": "Statutory declaration of identity for a US bank",
                                                "notary_code": "$notaries.0.code"})]
WREN_FILE = WREN_MATTER + [("matter_file", {"token": TT, "matter_id": MID})]
WREN_MONEY = WREN_MATTER + [("take_money", {"token": TT, "matter_id": MID, "amount": 75.0, "method": "card"})]
WREN_DOC = WREN_MATTER + [("add_document", {"token": TT, "matter_id": MID, "title": "Statutory declaration of identity",
                                            "language": "English", "pages": 2, "destination": "United States"})]
WREN_BOOKED = WREN_DOC + [("free_slots", {"token": TT, "date": TODAY}),
                          ("book_appointment", {"token": TT, "matter_id": MID, "slot_id": "$free_slots.2.0",
                                                "attendees": ["Mr Tobiah Wren"]})]
WREN_CANCEL = WREN_BOOKED + [("cancel_appointment", {"token": TT, "appointment_id": "$book_appointment.appointment_id",
                                                     "reason": "Mr Wren is kept at work this afternoon"})]
WREN_IN = WREN_BOOKED + [("check_in", {"token": TT, "appointment_id": "$book_appointment.appointment_id",
                                       "attendees_present": ["Mr Tobiah Wren"]})]
WREN_ACT = WREN_IN + [("notarise", {"token": OT, "document_id": "$add_document.document_id", "act": "signature"})]
WREN_SENT = WREN_ACT + [("take_money", {"token": TT, "matter_id": MID, "amount": 75.0, "method": "card"}),
                        ("submit_apostille", {"token": TT, "act_no": "$notarise.act_no", "service": "premium"})]
WREN_BACK = WREN_SENT + [("record_apostille", {"token": TT, "submission_id": "$submit_apostille.submission_id",
                                               "apostille_number": "J0433802", "issued": TODAY})]
WREN_OUT = WREN_BACK + [("dispatch", {"token": TT, "matter_id": MID, "method": "collection"})]
WREN_INVOICED = WREN_OUT + [sign_in("jocasta"), ("fee_schedule", {}),
                            ("raise_invoice", {"token": JT, "matter_id": MID, "fee_codes": ["$fee_schedule.rows.0.0"]})]
WREN_PAID = WREN_INVOICED + [("pay_invoice", {"token": JT, "invoice_id": "$raise_invoice.invoice_id", "amount": 114.0,
                                              "method": "card"})]
WREN_CLOSED = WREN_PAID + [("close_matter", {"token": JT, "matter_id": MID})]

# Brinkwater Oyster Company, new: registered, checked against the register, its signatory recorded
BRINKWATER = [sign_in("lettice"),
            ("register_client", {"token": TT, "name": "Brinkwater Oyster Company Ltd", "kind": "company",
                                 "address": "The Oyster Stores, Pollardstow Hard MC7 3TQ",
                                 "email": "orders@brinkwater-oysters.example", "phone": "01632 960530",
                                 "company_number": "12208841"}),
            sign_in("oriel"), ("verify_company", {"token": OT, "client_id": CID}),
            ("record_signatory", {"token": OT, "client_id": CID, "officer_name": "Gideon Halsewell",
                                  "authority": "board_resolution", "resolution_date": "2042-05-09"})]

# Mrs Cardinham (CL-2201, M-6102): new mobile, verified, screened, checked in, her power of attorney made
FID = "$find_client.0.client_id"
CARDINHAM = [sign_in("lettice"), ("find_client", {"token": TT, "text": "Cardinham"})]
MAR_UPDATE = CARDINHAM + [("update_client", {"token": TT, "client_id": FID, "phone": "07700 900447"})]
MAR_EMAIL = CARDINHAM + [("send_email", {"token": TT, "client_id": FID, "subject": "Your appointment at eleven",
                                        "body": "Please bring your passport and a recent bank statement."})]
MAR_SCREEN = CARDINHAM + [sign_in("oriel"), ("aml_screen", {"token": OT, "client_id": FID})]
MAR_VERIFIED = CARDINHAM + [sign_in("oriel"),
                           ("verify_identity", {"token": OT, "client_id": FID, "document": "passport",
                                                "number": "507733192", "expires": "2048-09-15",
                                                "address_proof": "bank statement", "address_proof_date": "2042-04-30"})]
MAR_IN = MAR_VERIFIED + [("aml_screen", {"token": OT, "client_id": FID}),
                         ("appointments", {"token": TT, "date": TODAY, "status": "booked"}),
                         ("check_in", {"token": TT, "appointment_id": "$appointments.0.appointment_id",
                                       "attendees_present": ["Mrs Elspeth Cardinham"]})]
MAR_FILE = [sign_in("oriel"), ("matters", {"token": OT, "status": "open"}),
            ("matter_file", {"token": OT, "matter_id": "$matters.1.matter_id"})]
MAR_ACT = MAR_IN + MAR_FILE[1:] + [("notarise", {"token": OT, "document_id": "$matter_file.documents.0.0",
                                                 "act": "power_of_attorney"})]

# Scarrowby Marine (CL-2202, M-6103): checked, its director signs, apostilled on the premium service, legalised
SCARROWBY = [sign_in("oriel"), ("find_client", {"token": OT, "text": "Scarrowby"}),
             ("verify_company", {"token": OT, "client_id": FID}),
             ("record_signatory", {"token": OT, "client_id": FID, "officer_name": "Ruairi Penvose",
                                   "authority": "board_resolution", "resolution_date": "2042-05-07"}),
             sign_in("lettice"), ("appointments", {"token": TT, "date": TODAY, "status": "booked"}),
             ("check_in", {"token": TT, "appointment_id": "$appointments.1.appointment_id",
                           "attendees_present": ["Ruairi Penvose"]}),
             ("matters", {"token": TT, "status": "open"}),
             ("matter_file", {"token": TT, "matter_id": "$matters.2.matter_id"}),
             ("notarise", {"token": OT, "document_id": "$matter_file.documents.0.0", "act": "company_execution",
                           "signatory_id": "$record_signatory.signatory_id"}),
             ("take_money", {"token": TT, "matter_id": "$matters.2.matter_id", "amount": 225.0,
                             "method": "bank_transfer"}),
             ("submit_apostille", {"token": TT, "act_no": "$notarise.act_no", "service": "premium"}),
             ("record_apostille", {"token": TT, "submission_id": "$submit_apostille.submission_id",
                                   "apostille_number": "J0433815", "issued": TODAY}),
             ("destinations", {}), ("legalise", {"token": TT, "act_no": "$notarise.act_no"})]

SCAR_ARABIC = [sign_in("lettice"), ("matters", {"token": TT, "status": "open"}),
               ("matter_file", {"token": TT, "matter_id": "$matters.2.matter_id"}),
               ("receive_translation", {"token": TT, "translation_id": "$matter_file.translations.0.0",
                                        "words": 5180})]

# Mr Vasko (CL-2203, M-6104, NA-0842 by Mr Yarrow): the specimen lodged, the fee paid, the copy sent to the FCDO
VASKO = [sign_in("benedict"), ("notaries", {"token": BT}), ("lodge_specimen", {"token": BT,
                                                                              "notary_code": "$notaries.1.code"}),
         ("matters", {"token": BT, "status": "open"}),
         ("take_money", {"token": BT, "matter_id": "$matters.3.matter_id", "amount": 45.0, "method": "card"}),
         ("protocol", {"token": BT}),
         ("submit_apostille", {"token": BT, "act_no": "$protocol.2.0", "service": "standard"})]
# his marriage certificate, added and sent for an Italian translation
VASKO_MARRIAGE = [sign_in("lettice"), ("matters", {"token": TT, "status": "open"}),
                  ("add_document", {"token": TT, "matter_id": "$matters.3.matter_id",
                                    "title": "Marriage certificate, Mardlecombe register office", "language": "English",
                                    "pages": 1, "destination": "Italy"}),
                  ("translators", {"token": TT, "language": "Italian"}),
                  ("order_translation", {"token": TT, "document_id": "$add_document.document_id",
                                         "translator_id": "$translators.0.translator_id",
                                         "target_language": "Italian"})]

# Ms Trewartha (CL-2204, M-6105): the decree translated and certified; tomorrow's appointment cancelled and moved
TREWARTHA = [sign_in("lettice"), ("matters", {"token": TT, "status": "open"}),
              ("matter_file", {"token": TT, "matter_id": "$matters.4.matter_id"}),
              ("translators", {"token": TT, "language": "Portuguese"}),
              ("order_translation", {"token": TT, "document_id": "$matter_file.documents.0.0",
                                     "translator_id": "$translators.0.translator_id", "target_language": "Portuguese"}),
              ("receive_translation", {"token": TT, "translation_id": "$order_translation.translation_id",
                                       "words": 640}),
              sign_in("oriel"), ("notarise", {"token": OT, "document_id": "$matter_file.documents.0.0",
                                              "act": "translation_certificate"})]
KET_CANCEL = [sign_in("lettice"), ("appointments", {"token": TT, "date": TOMORROW}),
              ("cancel_appointment", {"token": TT, "appointment_id": "$appointments.0.appointment_id",
                                      "reason": "Ms Trewartha cannot come at ten"})]
KET_MOVED = [sign_in("lettice"), ("matters", {"token": TT, "status": "open"}),
             ("free_slots", {"token": TT, "date": TOMORROW}),
             ("book_appointment", {"token": TT, "matter_id": "$matters.4.matter_id", "slot_id": "$free_slots.1.0",
                                   "attendees": ["Ms Saoirse Trewartha"]})]

# Mr Haddadin (CL-2206, M-6100, NA-0838, FC-1705 sent): the apostille back, legalised for Qatar, couriered, invoiced
HADDADIN = [sign_in("lettice"), ("submissions", {"token": TT, "status": "sent"}),
            ("record_apostille", {"token": TT, "submission_id": "$submissions.0.submission_id",
                                  "apostille_number": "J0431176", "issued": "2042-05-12"}),
            ("matters", {"token": TT, "status": "open"}),
            ("take_money", {"token": TT, "matter_id": "$matters.0.matter_id", "amount": 95.0,
                            "method": "bank_transfer"}),
            ("protocol", {"token": TT}),
            ("legalise", {"token": TT, "act_no": "$protocol.1.0"}),
            ("dispatch", {"token": TT, "matter_id": "$matters.0.matter_id", "method": "courier",
                          "address": "11 Chandlers Yard, Mardlecombe MC1 3RT"})]
HADDADIN_INVOICE = [sign_in("jocasta"), ("matters", {"token": JT, "status": "open"}), ("fee_schedule", {}),
                    ("raise_invoice", {"token": JT, "matter_id": "$matters.0.matter_id",
                                       "fee_codes": ["$fee_schedule.rows.0.0", "$fee_schedule.rows.7.0",
                                                     "$fee_schedule.rows.9.0"]})]

# Corvell Line (CL-2205, M-6101 dispatched, IV-3810 unpaid): paid and closed; a new matter for another ship
CORVELL = [sign_in("jocasta"), ("invoices", {"token": JT, "status": "unpaid"}),
           ("pay_invoice", {"token": JT, "invoice_id": "$invoices.0.invoice_id", "amount": 285.0,
                            "method": "bank_transfer"}),
           ("matters", {"token": JT, "status": "dispatched"}),
           ("close_matter", {"token": JT, "matter_id": "$matters.0.matter_id"})]
CORVELL_NEW = [sign_in("lettice"), ("find_client", {"token": TT, "text": "Corvell"}), ("notaries", {"token": TT}),
               ("open_matter", {"token": TT, "client_id": FID, "title": "Bill of sale of MV Corvell Plover for Japan",
                                "notary_code": "$notaries.0.code"})]

_BODY = [
    # clients
    ("register_client", "update_client", WREN_UPDATE),
    ("find_client", "update_client", MAR_UPDATE),
    ("register_client", "verify_identity", WREN_VERIFIED),
    ("find_client", "verify_identity", MAR_VERIFIED),
    ("register_client", "verify_company", cut(BRINKWATER, "verify_company")),
    ("find_client", "verify_company", cut(SCARROWBY, "verify_company")),
    ("register_client", "record_signatory", BRINKWATER),
    ("find_client", "record_signatory", cut(SCARROWBY, "record_signatory")),
    ("register_client", "aml_screen", WREN_SCREEN),
    ("find_client", "aml_screen", MAR_SCREEN),
    ("register_client", "open_matter", WREN_MATTER),
    ("find_client", "open_matter", CORVELL_NEW),
    ("register_client", "send_email", WREN_EMAIL),
    ("find_client", "send_email", MAR_EMAIL),
    ("verify_company", "record_signatory", cut(SCARROWBY, "record_signatory")),
    # matters
    ("open_matter", "matter_file", WREN_FILE),
    ("matters", "matter_file", MAR_FILE),
    ("open_matter", "add_document", WREN_DOC),
    ("matters", "add_document", cut(VASKO_MARRIAGE, "add_document")),
    ("open_matter", "take_money", WREN_MONEY),
    ("matters", "take_money", cut(VASKO, "take_money")),
    ("open_matter", "book_appointment", WREN_BOOKED),
    ("matters", "book_appointment", KET_MOVED),
    ("open_matter", "dispatch", WREN_OUT),
    ("matters", "dispatch", HADDADIN),
    ("open_matter", "raise_invoice", WREN_INVOICED),
    ("matters", "raise_invoice", HADDADIN_INVOICE),
    ("open_matter", "close_matter", WREN_CLOSED),
    ("matters", "close_matter", CORVELL),
    ("notaries", "open_matter", WREN_MATTER),
    # documents, appointments and acts
    ("add_document", "notarise", WREN_ACT),
    ("matter_file", "notarise", MAR_ACT),
    ("add_document", "order_translation", VASKO_MARRIAGE),
    ("matter_file", "order_translation", cut(TREWARTHA, "order_translation")),
    ("translators", "order_translation", cut(TREWARTHA, "order_translation")),
    ("order_translation", "receive_translation", cut(TREWARTHA, "receive_translation")),
    ("matter_file", "receive_translation", SCAR_ARABIC),
    ("free_slots", "book_appointment", WREN_BOOKED),
    ("book_appointment", "check_in", WREN_IN),
    ("appointments", "check_in", MAR_IN),
    ("book_appointment", "cancel_appointment", WREN_CANCEL),
    ("appointments", "cancel_appointment", KET_CANCEL),
    ("record_signatory", "notarise", cut(SCARROWBY, "notarise")),
    ("verify_identity", "notarise", WREN_ACT),
    ("aml_screen", "notarise", MAR_ACT),
    ("check_in", "notarise", MAR_ACT),
    ("receive_translation", "notarise", TREWARTHA),
    # apostilles, legalisation and dispatch
    ("notarise", "submit_apostille", WREN_SENT),
    ("protocol", "submit_apostille", VASKO),
    ("notarise", "legalise", SCARROWBY),
    ("protocol", "legalise", cut(HADDADIN, "legalise")),
    ("notaries", "lodge_specimen", cut(VASKO, "lodge_specimen")),
    ("lodge_specimen", "submit_apostille", VASKO),
    ("take_money", "submit_apostille", VASKO),
    ("take_money", "legalise", cut(HADDADIN, "legalise")),
    ("submit_apostille", "record_apostille", WREN_BACK),
    ("submissions", "record_apostille", cut(HADDADIN, "record_apostille")),
    ("record_apostille", "legalise", cut(HADDADIN, "legalise")),
    ("record_apostille", "dispatch", WREN_OUT),
    ("legalise", "dispatch", HADDADIN),
    # accounts
    ("fee_schedule", "raise_invoice", HADDADIN_INVOICE),
    ("notarise", "raise_invoice", WREN_INVOICED),
    ("raise_invoice", "pay_invoice", WREN_PAID),
    ("invoices", "pay_invoice", cut(CORVELL, "pay_invoice")),
    ("dispatch", "close_matter", WREN_CLOSED),
    ("pay_invoice", "close_matter", CORVELL),
]

_OWN = {"sign_out": [sign_in("jocasta"), ("sign_out", {"token": JT})]}


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
    # the destinations list read before Mr Wren's declaration is added
    ("destinations", WREN_MATTER + [("destinations", {})] + WREN_DOC[len(WREN_MATTER):]),
    # the fee schedule read before Mr Vasko's money is taken
    ("fee_schedule", cut(VASKO, "matters") + [("fee_schedule", {})] + cut(VASKO, "take_money")[4:]),
    # Mr Vasko e-mailed before his certified copy goes to the FCDO
    ("send_email", VASKO[:-1] + [("find_client", {"token": BT, "text": "Vasko"}),
                                 ("send_email", {"token": BT, "client_id": FID, "subject": "Your degree certificate",
                                                 "body": "It goes to the FCDO today for its apostille."})]
     + VASKO[-1:]),
    # Ms Trewartha's appointment tomorrow cancelled before Mrs Cardinham's power of attorney is made
    ("cancel_appointment", MAR_ACT[:-1] + [("appointments", {"token": TT, "date": TOMORROW}, "tomorrow"),
                                           ("cancel_appointment", {"token": TT,
                                                                   "appointment_id": "$tomorrow.0.appointment_id",
                                                                   "reason": "Ms Trewartha cannot come at ten"})]
     + MAR_ACT[-1:]),
    # the protocol read before Mrs Cardinham is checked in
    ("protocol", MAR_IN[:-1] + [("protocol", {"token": TT, "since": TODAY})] + MAR_IN[-1:]),
    # Mr Vasko screened before his certified copy goes to the FCDO
    ("aml_screen", VASKO[:-1] + [("find_client", {"token": BT, "text": "Vasko"}),
                                 ("aml_screen", {"token": BT, "client_id": FID})] + VASKO[-1:]),
    # the unpaid invoices read before Mr Haddadin's declaration is legalised
    ("invoices", cut(HADDADIN, "protocol") + [("invoices", {"token": TT, "status": "unpaid"})]
     + cut(HADDADIN, "legalise")[6:]),
    # the translators read before Corvell Line's matter is closed
    ("translators", CORVELL[:-1] + [("translators", {"token": JT, "language": "Arabic"})] + CORVELL[-1:]),
]
