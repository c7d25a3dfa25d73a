"""Scripted proofs that Epitaph's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime: a refusal raises ``MasonError``, which the runtime records
as an error; the raw replies are plain dicts, so the plain oracle runs them too).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "maud")``) and pass ``"$maud.token"``; replies are read by field (``"$register_client.client_id"``,
``"$open_order.order_id"``, ``"$draw_proof.proof_id"``, ``"$apply_permit.application_id"``,
``"$raise_invoice.invoice_id"``), list entries by position and field (``"$find_client.0.client_id"``,
``"$orders.1.order_id"``, ``"$find_grave.0.grave_id"``, ``"$burial_grounds.1.ground_code"``, ``"$fixers.1.fixer_id"``,
``"$permits.0.application_id"``, ``"$invoices.0.invoice_id"``), rows by row and column (``"$stone_catalogue.rows.3.0"``,
``"$order_file.proofs.0.0"``, ``"$stock.0.0"``, ``"$fixing_slots.0.0"``). The positions follow the fresh state's order
(records by id, each list filtered as the call asks). Every id, ground code and stone code is read from a reply; none
is written literally (names, addresses, phone numbers, e-mail addresses, plots, inscriptions, dates, references,
card numbers, photograph numbers, amounts, reasons and letters are written as the staff are told them).

The day: Mrs Gatenby registers, her husband's grave is found, her order is opened, the stone and wording chosen, the
proof drawn, sent and approved, she signs as owner, pays the permit fee and a deposit, the permit is applied for and
granted, a blank allocated, the letters cut, the fixing booked and made, and the order invoiced, paid and closed; Mrs
Yeoman approves her proof, pays the permit fee, and her stone is allocated and cut; Mrs Penfold's headstone is booked,
fixed, invoiced, paid and closed; Padraig Mulready's registration is renewed and he is booked; Mr Pettifer has the
grave's right transferred to him, signs, and his parents' memorial comes in for Violet's inscription; Mr Thwaite's
slate stone and wording are set for the churchyard and his proof drawn and sent; Mr Siddiqui's order is opened; Mrs
Coulthard settles her invoice and her order is closed.
"""

import epitaph_tools as tools

WHO = {"maud": ("maud.p", "Chisel-Point-33"), "osric": ("osric.f", "Serif-Roman-58"),
       "ewart": ("ewart.g", "Banker-Mason-71"), "niall": ("niall.s", "Ground-Anchor-46"),
       "wilhelmina": ("wilhelmina.c", "Tally-Stick-29"), "edmund": ("edmund.a", "Headstone-Base-12")}
MT, OT, ET, NT, WT = "$maud.token", "$osric.token", "$ewart.token", "$niall.token", "$wilhelmina.token"
TODAY = "2043-05-14"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# Mrs Gatenby, new: registered, her husband's grave found, her order opened and carried through to its close
CID, OID, PID = "$register_client.client_id", "$open_order.order_id", "$draw_proof.proof_id"
GATENBY = [sign_in("maud"),
           ("register_client", {"token": MT, "name": "Mrs Honor Gatenby",
                                "address": "2 Tenter Croft, Kirkhallam KH4 2PL",
                                "phone": "01632 962288", "email": "honor.gatenby@example.co.uk",
                                "relationship": "widow of Raymond Gatenby"})]
GAT_UPDATE = GATENBY + [("update_client", {"token": MT, "client_id": CID, "phone": "07700 900781"})]
GAT_LETTER = GATENBY + [("write_to_client", {"token": MT, "client_id": CID, "subject": "Your husband's headstone",
                                             "body": "Thank you for coming in; we will send the proof by e-mail."})]
GAT_GRAVE = GATENBY + [("burial_grounds", {}),
                       ("find_grave", {"token": MT, "ground_code": "$burial_grounds.0.ground_code", "plot": "F 9"})]
GAT_ORDER = GAT_GRAVE + [("open_order", {"token": MT, "client_id": CID, "grave_id": "$find_grave.0.grave_id",
                                         "kind": "new_memorial"})]
GAT_FILE = GAT_ORDER + [("order_file", {"token": MT, "order_id": OID})]
GAT_CANCEL = GAT_ORDER + [("cancel_order", {"token": MT, "order_id": OID,
                                            "reason": "Mrs Gatenby will wait until the ground has settled"})]
GAT_STONE = GAT_ORDER + [("stone_catalogue", {}),
                         ("choose_stone", {"token": MT, "order_id": OID, "stone_code": "$stone_catalogue.rows.0.0"})]
GAT_PRICE = GAT_STONE + [("price_order", {"token": MT, "order_id": OID})]
GAT_WORDING = GAT_STONE + [("set_inscription", {"token": MT, "order_id": OID, "style": "roman", "finish": "gilded",
                                                "lines": ["In loving memory of", "RAYMOND ARTHUR GATENBY",
                                                          "12.3.1951 - 2.4.2043", "Much loved husband and dad"]})]
GAT_PROOF = GAT_WORDING + [sign_in("osric"), ("draw_proof", {"token": OT, "order_id": OID})]
GAT_SENT = GAT_PROOF + [("send_proof", {"token": MT, "proof_id": PID, "by": "email"})]
GAT_APPROVED = GAT_SENT + [("approve_proof", {"token": MT, "proof_id": PID, "approved_by": "Mrs Honor Gatenby"})]
GAT_CONSENT = GAT_APPROVED + [("owner_consent", {"token": MT, "order_id": OID, "owner_name": "Honor Gatenby",
                                                 "signed_on": TODAY})]
GAT_FEE = GAT_CONSENT + [("take_payment", {"token": MT, "order_id": OID, "amount": 95.0, "method": "card",
                                           "purpose": "permit_fee"}, "fee")]
GAT_PERMIT = GAT_FEE + [("apply_permit", {"token": MT, "order_id": OID})]
GAT_GRANTED = GAT_PERMIT + [("record_permit", {"token": MT, "application_id": "$apply_permit.application_id",
                                               "decision": "granted", "reference": "KTC/M/2043/152",
                                               "conditions": "Fix on a ground anchor"})]
GAT_DEPOSIT = GAT_GRANTED + [("take_payment", {"token": MT, "order_id": OID, "amount": 700.0, "method": "card",
                                               "purpose": "deposit"}, "deposit")]
GAT_ALLOCATED = GAT_DEPOSIT + [sign_in("ewart"), ("stock", {"token": ET}),
                               ("allocate_stone", {"token": ET, "order_id": OID, "blank_id": "$stock.2.0"})]
GAT_CUT = GAT_ALLOCATED + [("cut_letters", {"token": ET, "order_id": OID})]
GAT_BOOKED = GAT_CUT + [("fixers", {"token": MT}), ("fixing_slots", {"token": MT, "date": "2043-05-19"}),
                        ("book_fixing", {"token": MT, "order_id": OID, "slot_id": "$fixing_slots.0.0",
                                         "fixer_id": "$fixers.0.fixer_id"})]
GAT_FIXED = GAT_BOOKED + [sign_in("niall"),
                          ("record_fixing", {"token": NT, "order_id": OID, "anchorage": "ground_anchor",
                                             "topple_test_kg": 35, "photo_ref": "PH-5602"})]
GAT_INVOICED = GAT_FIXED + [sign_in("wilhelmina"), ("raise_invoice", {"token": WT, "order_id": OID})]
GAT_SETTLED = GAT_INVOICED + [("settle_invoice", {"token": WT, "invoice_id": "$raise_invoice.invoice_id",
                                                  "amount": 1355.24, "method": "card"})]
GAT_CLOSED = GAT_SETTLED + [("close_order", {"token": WT, "order_id": OID})]

# Mrs Yeoman (MO-4410): her proof approved, the permit fee, the permit applied for and granted, her stone allocated
# and cut
YID = "$orders.1.order_id"
YEOMAN = [sign_in("maud"), ("orders", {"token": MT, "status": "open"}),
          ("order_file", {"token": MT, "order_id": YID}),
          ("approve_proof", {"token": MT, "proof_id": "$order_file.proofs.0.0", "approved_by": "Mrs Rosalind Yeoman"}),
          ("take_payment", {"token": MT, "order_id": YID, "amount": 95.0, "method": "card", "purpose": "permit_fee"}),
          ("apply_permit", {"token": MT, "order_id": YID})]
YEOMAN_PRICE = cut(YEOMAN, "orders") + [("price_order", {"token": MT, "order_id": YID})]
YEOMAN_LISTED = YEOMAN + [("permits", {"token": MT, "status": "applied"}),
                          ("record_permit", {"token": MT, "application_id": "$permits.0.application_id",
                                             "decision": "granted", "reference": "KTC/M/2043/140"})]
YEOMAN_STONE = YEOMAN + [sign_in("ewart"), ("stock", {"token": ET}),
                         ("allocate_stone", {"token": ET, "order_id": YID, "blank_id": "$stock.0.0"}),
                         ("cut_letters", {"token": ET, "order_id": YID})]

# Mrs Penfold (MO-4406): booked, fixed, invoiced, paid, closed
FID = "$orders.0.order_id"
PENFOLD = [sign_in("maud"), ("orders", {"token": MT, "status": "open"}), ("fixers", {"token": MT}),
           ("fixing_slots", {"token": MT, "date": TODAY}),
           ("book_fixing", {"token": MT, "order_id": FID, "slot_id": "$fixing_slots.0.0",
                            "fixer_id": "$fixers.0.fixer_id"}),
           sign_in("niall"),
           ("record_fixing", {"token": NT, "order_id": FID, "anchorage": "ground_anchor", "topple_test_kg": 40,
                              "photo_ref": "PH-5590"}),
           sign_in("wilhelmina"), ("raise_invoice", {"token": WT, "order_id": FID}),
           ("settle_invoice", {"token": WT, "invoice_id": "$raise_invoice.invoice_id", "amount": 1303.92,
                               "method": "cheque"}),
           ("close_order", {"token": WT, "order_id": FID})]
# Padraig Mulready (FX-2): his registration renewed, then booked for Mrs Penfold's headstone
MULREADY = [sign_in("maud"), ("fixers", {"token": MT}),
            ("record_accreditation", {"token": MT, "fixer_id": "$fixers.1.fixer_id", "scheme": "BRAMM",
                                      "card_number": "BR-19088", "expires": "2044-04-30"}),
            ("orders", {"token": MT, "status": "open"}), ("fixing_slots", {"token": MT, "date": "2043-05-15"}),
            ("book_fixing", {"token": MT, "order_id": FID, "slot_id": "$fixing_slots.0.0",
                             "fixer_id": "$fixers.1.fixer_id"})]

# Mr Pettifer (MO-4412): the right transferred to him, his consent, the memorial taken down, the proof, the permit,
# the letters cut
PET = "$orders.0.order_id"
PETTIFER = [sign_in("maud"), ("find_client", {"token": MT, "text": "Pettifer"}),
            ("orders", {"token": MT, "client_id": "$find_client.0.client_id"}), ("burial_grounds", {}),
            ("find_grave", {"token": MT, "ground_code": "$burial_grounds.0.ground_code", "plot": "B 37"}),
            ("record_transfer", {"token": MT, "grave_id": "$find_grave.0.grave_id", "new_owner": "Gerald Pettifer",
                                 "document": "grant_of_probate", "document_date": "2043-05-08"}),
            ("owner_consent", {"token": MT, "order_id": PET, "owner_name": "Gerald Pettifer", "signed_on": TODAY}),
            sign_in("niall"), ("remove_memorial", {"token": NT, "order_id": PET})]
PETTIFER_CUT = PETTIFER + [sign_in("osric"), ("draw_proof", {"token": OT, "order_id": PET}),
                           ("send_proof", {"token": MT, "proof_id": PID, "by": "post"}),
                           ("approve_proof", {"token": MT, "proof_id": PID, "approved_by": "Mr Gerald Pettifer"}),
                           ("take_payment", {"token": MT, "order_id": PET, "amount": 95.0, "method": "cash",
                                             "purpose": "permit_fee"}),
                           ("apply_permit", {"token": MT, "order_id": PET}),
                           sign_in("ewart"), ("cut_letters", {"token": ET, "order_id": PET})]
PETTIFER_PERMIT = PETTIFER[:-2] + cut(PETTIFER_CUT[len(PETTIFER):], "apply_permit")

# Mr Thwaite (MO-4411, St Wystan's churchyard): slate chosen, wording set, the proof drawn and sent; and a renovation
# of his grandfather's memorial
TID = "$orders.2.order_id"
THWAITE = [sign_in("maud"), ("orders", {"token": MT, "status": "open"}), ("stone_catalogue", {}),
           ("choose_stone", {"token": MT, "order_id": TID, "stone_code": "$stone_catalogue.rows.3.0"}),
           ("set_inscription", {"token": MT, "order_id": TID, "style": "roman", "finish": "incised_painted",
                                "lines": ["In memory of", "MABEL THWAITE", "1936 - 2042", "At peace"]}),
           sign_in("osric"), ("draw_proof", {"token": OT, "order_id": TID})]
THWAITE_SENT = THWAITE + [("order_file", {"token": MT, "order_id": TID}),
                          ("send_proof", {"token": MT, "proof_id": "$order_file.proofs.0.0", "by": "post"})]
THWAITE_APPROVED = THWAITE + [("send_proof", {"token": MT, "proof_id": PID, "by": "post"}),
                              ("approve_proof", {"token": MT, "proof_id": PID, "approved_by": "Mr Lionel Thwaite"})]
THWAITE_CANCEL = cut(THWAITE, "orders") + [("cancel_order", {"token": MT, "order_id": TID,
                                                             "reason": "Mr Thwaite has gone to another mason"})]
RENOVATION = [sign_in("maud"), ("find_client", {"token": MT, "text": "Thwaite"}), ("burial_grounds", {}),
              ("find_grave", {"token": MT, "ground_code": "$burial_grounds.1.ground_code", "deceased": "Ogglethorpe"}),
              ("open_order", {"token": MT, "client_id": "$find_client.0.client_id",
                              "grave_id": "$find_grave.0.grave_id", "kind": "renovation"}),
              sign_in("niall"), ("remove_memorial", {"token": NT, "order_id": OID})]

# Mr Siddiqui: his wife's grave found and an order opened; letters and a new phone number for clients
SIDDIQUI = [sign_in("maud"), ("find_client", {"token": MT, "text": "Siddiqui"}), ("burial_grounds", {}),
            ("find_grave", {"token": MT, "ground_code": "$burial_grounds.0.ground_code", "deceased": "Nasreen"}),
            ("open_order", {"token": MT, "client_id": "$find_client.0.client_id", "grave_id": "$find_grave.0.grave_id",
                            "kind": "new_memorial"})]
YEOMAN_PHONE = [sign_in("maud"), ("find_client", {"token": MT, "text": "Yeoman"}),
                ("update_client", {"token": MT, "client_id": "$find_client.0.client_id", "phone": "07700 900733"})]
SIDDIQUI_LETTER = [sign_in("maud"), ("find_client", {"token": MT, "text": "Siddiqui"}),
                   ("write_to_client", {"token": MT, "client_id": "$find_client.0.client_id",
                                        "subject": "A headstone for Mrs Siddiqui",
                                        "body": "We enclose our catalogue and the cemetery's rules."})]

# Mrs Coulthard (MO-4405): her invoice settled and her order closed
COULTHARD = [sign_in("wilhelmina"), ("invoices", {"token": WT, "status": "unpaid"}),
             ("settle_invoice", {"token": WT, "invoice_id": "$invoices.0.invoice_id", "amount": 1284.2,
                                 "method": "bank_transfer"}),
             ("orders", {"token": WT, "status": "fixed"}),
             ("close_order", {"token": WT, "order_id": "$orders.0.order_id"})]

_BODY = [
    # clients and graves
    ("register_client", "update_client", GAT_UPDATE),
    ("find_client", "update_client", YEOMAN_PHONE),
    ("register_client", "open_order", GAT_ORDER),
    ("find_client", "open_order", SIDDIQUI),
    ("register_client", "write_to_client", GAT_LETTER),
    ("find_client", "write_to_client", SIDDIQUI_LETTER),
    ("find_grave", "open_order", SIDDIQUI),
    ("find_grave", "record_transfer", cut(PETTIFER, "record_transfer")),
    ("burial_grounds", "find_grave", [("burial_grounds", {})] + cut(SIDDIQUI, "find_grave")[:2]
     + cut(SIDDIQUI, "find_grave")[3:]),
    ("stone_catalogue", "choose_stone", cut(THWAITE, "choose_stone")),
    # orders
    ("open_order", "order_file", GAT_FILE),
    ("orders", "order_file", cut(YEOMAN, "order_file")),
    ("open_order", "choose_stone", GAT_STONE),
    ("orders", "choose_stone", cut(THWAITE, "choose_stone")),
    ("open_order", "set_inscription", GAT_WORDING),
    ("orders", "set_inscription", cut(THWAITE, "set_inscription")),
    ("open_order", "price_order", GAT_PRICE),
    ("orders", "price_order", YEOMAN_PRICE),
    ("open_order", "draw_proof", GAT_PROOF),
    ("orders", "draw_proof", THWAITE),
    ("open_order", "owner_consent", GAT_CONSENT),
    ("orders", "owner_consent", cut(PETTIFER, "owner_consent")),
    ("open_order", "take_payment", GAT_FEE),
    ("orders", "take_payment", cut(YEOMAN, "take_payment")),
    ("open_order", "apply_permit", GAT_PERMIT),
    ("orders", "apply_permit", YEOMAN),
    ("open_order", "allocate_stone", GAT_ALLOCATED),
    ("orders", "allocate_stone", cut(YEOMAN_STONE, "allocate_stone")),
    ("open_order", "remove_memorial", RENOVATION),
    ("orders", "remove_memorial", PETTIFER),
    ("open_order", "cut_letters", GAT_CUT),
    ("orders", "cut_letters", YEOMAN_STONE),
    ("open_order", "book_fixing", GAT_BOOKED),
    ("orders", "book_fixing", cut(PENFOLD, "book_fixing")),
    ("open_order", "record_fixing", GAT_FIXED),
    ("orders", "record_fixing", cut(PENFOLD, "record_fixing")),
    ("open_order", "raise_invoice", GAT_INVOICED),
    ("orders", "raise_invoice", cut(PENFOLD, "raise_invoice")),
    ("open_order", "close_order", GAT_CLOSED),
    ("orders", "close_order", COULTHARD),
    ("open_order", "cancel_order", GAT_CANCEL),
    ("orders", "cancel_order", THWAITE_CANCEL),
    # proofs and design
    ("draw_proof", "send_proof", GAT_SENT),
    ("order_file", "send_proof", THWAITE_SENT),
    ("draw_proof", "approve_proof", GAT_APPROVED),
    ("order_file", "approve_proof", cut(YEOMAN, "approve_proof")),
    ("choose_stone", "draw_proof", THWAITE),
    ("set_inscription", "draw_proof", THWAITE),
    ("send_proof", "approve_proof", THWAITE_APPROVED),
    # consent, money and permits
    ("record_transfer", "owner_consent", cut(PETTIFER, "owner_consent")),
    ("owner_consent", "apply_permit", PETTIFER_PERMIT),
    ("owner_consent", "remove_memorial", PETTIFER),
    ("approve_proof", "apply_permit", YEOMAN),
    ("take_payment", "apply_permit", YEOMAN),
    ("apply_permit", "record_permit", GAT_GRANTED),
    ("permits", "record_permit", YEOMAN_LISTED),
    # the workshop
    ("stock", "allocate_stone", cut(YEOMAN_STONE, "allocate_stone")),
    ("take_payment", "allocate_stone", GAT_ALLOCATED),
    ("approve_proof", "cut_letters", YEOMAN_STONE),
    ("allocate_stone", "cut_letters", YEOMAN_STONE),
    ("remove_memorial", "cut_letters", PETTIFER_CUT),
    # fixing and accounts
    ("fixing_slots", "book_fixing", cut(PENFOLD, "book_fixing")),
    ("fixers", "book_fixing", cut(PENFOLD, "book_fixing")),
    ("fixers", "record_accreditation", cut(MULREADY, "record_accreditation")),
    ("record_accreditation", "book_fixing", MULREADY),
    ("record_permit", "book_fixing", GAT_BOOKED),
    ("cut_letters", "book_fixing", GAT_BOOKED),
    ("book_fixing", "record_fixing", cut(PENFOLD, "record_fixing")),
    ("record_fixing", "raise_invoice", cut(PENFOLD, "raise_invoice")),
    ("record_fixing", "close_order", PENFOLD),
    ("raise_invoice", "settle_invoice", cut(PENFOLD, "settle_invoice")),
    ("invoices", "settle_invoice", cut(COULTHARD, "settle_invoice")),
    ("settle_invoice", "close_order", COULTHARD),
]

_OWN = {"sign_out": [sign_in("edmund"), ("sign_out", {"token": "$edmund.token"})]}


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
    # the fixers read before Mrs Yeoman's permit fee is taken
    ("fixers", cut(YEOMAN, "approve_proof") + [("fixers", {"token": MT})] + cut(YEOMAN, "take_payment")[-1:]),
    # Mr Siddiqui written to before Mrs Penfold's headstone is fixed
    ("write_to_client", cut(PENFOLD, "record_fixing")[:-1] + SIDDIQUI_LETTER[1:] + cut(PENFOLD, "record_fixing")[-1:]),
    # the yard's stock read before Mr Thwaite's proof is drawn
    ("stock", THWAITE[:-1] + [("stock", {"token": OT})] + THWAITE[-1:]),
    # Mrs Yeoman's phone number changed before her permit is applied for
    ("update_client", YEOMAN[:-1] + YEOMAN_PHONE[1:] + YEOMAN[-1:]),
    # the free fixing slots read before Mr Pettifer's memorial is taken down
    ("fixing_slots", PETTIFER[:-1] + [("fixing_slots", {"token": NT})] + PETTIFER[-1:]),
    # Mrs Gatenby's order priced before her proof is drawn
    ("price_order", GAT_WORDING + [("price_order", {"token": MT, "order_id": OID})] + GAT_PROOF[len(GAT_WORDING):]),
    # Mrs Coulthard looked up before her invoice is settled
    ("find_client", cut(COULTHARD, "invoices") + [("find_client", {"token": WT, "text": "Coulthard"})]
     + cut(COULTHARD, "settle_invoice")[-1:]),
    # the permits read before Padraig Mulready's registration is renewed
    ("permits", cut(MULREADY, "fixers") + [("permits", {"token": MT})] + cut(MULREADY, "record_accreditation")[-1:]),
]
