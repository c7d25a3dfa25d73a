"""Scripted proofs that Clearway's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned ``"Error: ..."`` string is a
failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
Envelopes are referenced through ``result`` (``"$login.result.session_id"``,
``"$find_shipment.result.shipments.0.0"``, ``"$get_shipment.result.shipment.declaration.mrn"``).
References that Clearway only writes inside a sentence (a new importer ``IMP-2004``, a new shipment
``SH-40504``, a new declaration's MRN ``26DEH1000400914``) are written literally: they are
deterministic in a fresh state and do not exist without the call. A consumer's path is built once
per choice of provider (``path(consumer, **choice)``).
"""

S = "$login.result.session_id"
LOGIN = ("login", {"username": "j.hartmann", "password": "Elbe-Ferry#12"})
UNLOCK = ("unlock_filing_certificate", {"session_id": S, "certificate_pin": "4471"})
BL = {"kessler": "MAEU 227401135", "lindgren": "HLCU HAM 4410782", "moreau": "020-55512398"}
SHIP = "$find_shipment.result.shipments.0.0"
MRN_NEW = "26DEH1000400914"
RATE = ("get_exchange_rate", {"currency": "USD", "month": "2026-11"})
LINES = [{"description": "Mechanical disc brake calipers for bicycles", "quantity": 600, "unit_price": 7.85,
          "origin_country": "CN", "net_mass_kg": 240.0}]


def find(who: str) -> tuple:
    return ("find_shipment", {"session_id": S, "transport_document": BL[who]})


def get(ref: str = SHIP) -> tuple:
    return ("get_shipment", {"session_id": S, "shipment_id": ref})


def importer(how: str, name: str = "Lindgren") -> tuple[list, str]:
    if how == "create":
        return [("normalize_eori", {"raw": "ee 1020 4471 88"}),
                ("screen_party", {"session_id": S, "legal_name": "Baltic Kayak Supply OÜ", "country": "EE"}),
                ("create_importer", {"session_id": S, "legal_name": "Baltic Kayak Supply OÜ",
                                     "eori": "$normalize_eori",
                                     "address": {"street": "Kalaranna 8", "city": "Tallinn", "postal_code": "10415",
                                                 "country": "EE"},
                                     "contact_email": "orders@baltickayak.example",
                                     "screening_id": "$screen_party.result.screening.id"})], "IMP-2004"
    return [("find_importer", {"session_id": S, "query": name})], "$find_importer.result.matches.0.importer.id"


def shipment(how: str, who: str = "lindgren", lines: bool = False) -> tuple[list, str]:
    """Steps that find (or open) a shipment file and the reference to its id."""
    if how == "open":
        steps, imp = importer("find", "Kessler")
        steps = steps + [("list_ports", {"mode": "sea"}), (
            "open_shipment", {"session_id": S, "importer_id": imp, "mode": "sea", "transport_document": "COSU 6402271190",
                              "port_of_entry": "$list_ports.result.ports.0.code", "origin_country": "CN",
                              "eta": "2026-12-09", "currency": "USD"})]
        if lines:
            steps += [RATE, ("add_invoice_lines", {"session_id": S, "shipment_id": "SH-40504",
                                                   "invoice_number": "KP-2026-118",
                                                   "exchange_rate": "$get_exchange_rate.result.eur_per_unit",
                                                   "lines": LINES})]
        return steps, "SH-40504"
    return [find(who)], SHIP


def classified(who: str = "kessler", line: str = "get") -> list:
    """Classify the unclassified line of Kessler's brake sets (or Lindgren's coffee)."""
    query, idx = {"kessler": ("bicycle brakes", 1), "lindgren": ("coffee not roasted", 0)}[who]
    return [find(who), get(), ("search_tariff", {"description": query}), (
        "classify_line", {"session_id": S, "shipment_id": SHIP, "line_no": f"$get_shipment.result.shipment.lines.{idx}.line_no",
                          "commodity_code": "$search_tariff.result.candidates.0.0"})]


def declared(who: str = "kessler") -> list:
    """Kessler's SH-40501 (or Lindgren's SH-40502, with its power of attorney and safety filing) declared."""
    steps = [LOGIN, UNLOCK] + classified(who)
    if who == "lindgren":
        steps += [("file_safety_declaration", {"session_id": S, "shipment_id": SHIP}),
                  ("find_importer", {"session_id": S, "query": "Lindgren"}),
                  ("record_power_of_attorney", {"session_id": S,
                                                "importer_id": "$find_importer.result.matches.0.importer.id",
                                                "signatory_name": "Karin Lindgren", "signed_on": "2026-11-23",
                                                "representation": "indirect"})]
    return steps + [("calculate_duties", {"session_id": S, "shipment_id": SHIP}),
                    ("submit_declaration", {"session_id": S, "shipment_id": SHIP,
                                            "declared_total_eur": "$calculate_duties.result.total_eur"})]


def mrn(how: str) -> tuple[list, str]:
    """A declaration: Kessler's new one (lodged now), or Moreau's lodged one read off the shipment file."""
    if how == "submit":
        return declared(), MRN_NEW
    return [LOGIN, UNLOCK, find("moreau"), get()], "$get_shipment.result.shipment.declaration.mrn"


def released(how: str = "get") -> tuple[list, str]:
    steps, m = mrn(how)
    steps = steps + [("get_declaration", {"session_id": S, "mrn": m}),
                     ("pay_duties", {"session_id": S, "mrn": m, "method": "bank_transfer",
                                     "amount": "$get_declaration.result.declaration.amount_due"})]
    if how == "get":  # Moreau's declaration also has an open query
        steps += answered(m)
    return steps + [("request_release", {"session_id": S, "mrn": m})], m


def answered(m: str) -> list:
    return [("list_customs_queries", {"session_id": S, "mrn": m}),
            ("attach_document", {"session_id": S, "shipment_id": SHIP, "doc_type": "commercial_invoice",
                                 "file_name": "Moreau-supplier-invoice-CN2611.pdf", "reference": "CN-2611-0042"}),
            ("answer_customs_query", {"session_id": S, "mrn": m, "query_id": "$list_customs_queries.result.queries.0.0",
                                      "answer_text": "Supplier invoice attached; the pens were a clearance lot sold "
                                                     "below list price.",
                                      "document_ids": ["$attach_document.result.document.id"]})]


def path(c: str, imp: str = "find", sh: str = "find", line: str = "get", doc: str = "get", m: str = "get",
         who: str = "kessler", deferment: bool = False) -> list:
    """The call path that ends with consumer ``c`` for one choice of providers."""
    if c == "unlock_filing_certificate":
        return [LOGIN, UNLOCK]
    if c in ("list_brokers", "get_worklist"):
        return [LOGIN, (c, {"session_id": S})]
    if c == "list_inspection_slots":
        return [LOGIN, (c, {"session_id": S, "port_code": "DEHAM"})]
    if c == "screen_party":
        return [LOGIN] + importer("create")[0][1:2]
    if c == "create_importer":
        return [LOGIN] + importer("create")[0]
    if c == "find_importer":
        return [LOGIN] + importer("find")[0]
    if c in ("get_importer", "record_power_of_attorney", "set_deferment_account", "send_client_update"):
        steps, i = importer(imp, "Moreau" if c == "set_deferment_account" else "Lindgren")
        args = {"session_id": S, "importer_id": i}
        if c == "record_power_of_attorney":
            args.update(signatory_name="Karin Lindgren", signed_on="2026-11-23", representation="indirect")
        if c == "set_deferment_account":
            args.update(deferment_number="DAN 6620417")
        if c == "send_client_update":
            args.update(subject="Your coffee shipment HLCU HAM 4410782",
                        body="We need your signed power of attorney before the vessel arrives on 30 November.")
        return [LOGIN] + steps + [(c, args)]
    if c == "open_shipment":
        if imp == "create":
            steps, i = importer("create")
        else:
            steps, i = importer("find", "Kessler")
        return [LOGIN] + steps + [("list_ports", {"mode": "sea"}), (
            c, {"session_id": S, "importer_id": i, "mode": "sea", "transport_document": "COSU 6402271190",
                "port_of_entry": "$list_ports.result.ports.0.code", "origin_country": "CN", "eta": "2026-12-09",
                "currency": "USD"})]
    if c == "find_shipment":
        steps, i = importer("find", "Kessler")
        return [LOGIN] + steps + [(c, {"session_id": S, "importer_id": i})]
    if c in ("get_shipment", "attach_document", "add_shipment_note", "assign_shipment", "cancel_shipment",
             "update_eta", "add_invoice_lines", "file_safety_declaration"):
        steps, s = shipment(sh, lines=(c == "file_safety_declaration"))
        steps = [LOGIN] + steps
        args = {"session_id": S, "shipment_id": s}
        if c == "file_safety_declaration":
            steps.insert(1, UNLOCK)
        elif c == "attach_document":
            args.update(doc_type="packing_list", file_name="PL-5521.pdf", reference="5521")
        elif c == "add_shipment_note":
            args.update(text="Carrier says the vessel skips Rotterdam; expect arrival a day early.")
        elif c == "assign_shipment":
            steps.append(("list_brokers", {"session_id": S}))
            args.update(broker_username="$list_brokers.result.brokers.1.0")
        elif c == "cancel_shipment":
            args.update(reason="Client cancelled the order; goods re-routed to Gdansk.")
        elif c == "update_eta":
            args.update(eta="2026-12-01")
        elif c == "add_invoice_lines":
            steps.append(RATE)
            args.update(invoice_number="5521-B", exchange_rate="$get_exchange_rate.result.eur_per_unit",
                        lines=[{"description": "Green coffee beans, Huila decaf sample bags", "quantity": 10,
                                "unit_price": 240.0, "origin_country": "CO", "net_mass_kg": 600.0}])
        return steps + [(c, args)]
    if c == "classify_line":
        if line == "add":
            steps, s = shipment("open", lines=True)
            return [LOGIN] + steps + [("search_tariff", {"description": "bicycle brakes"}),
                                      (c, {"session_id": S, "shipment_id": s, "line_no": "$add_invoice_lines.result.lines.0.line_no",
                                           "commodity_code": "$search_tariff.result.candidates.0.0"})]
        return [LOGIN] + classified()
    if c == "calculate_duties":
        return [LOGIN] + classified() + [(c, {"session_id": S, "shipment_id": SHIP})]
    if c == "submit_declaration":
        return declared(who)
    if c == "claim_preference":
        if line == "classify":  # the brake sets, classified now
            steps, ln = [LOGIN] + classified(), "$get_shipment.result.shipment.lines.1.line_no"
            code = "$search_tariff.result.candidates.0.0"
        else:
            steps, ln, code = [LOGIN, find("kessler"), get()], 1, "8714920000"
        if doc == "attach":
            steps += [("attach_document", {"session_id": S, "shipment_id": SHIP, "doc_type": "certificate_of_origin",
                                           "file_name": "REX-statement-0871-v2.pdf", "reference": "VNREX0401129"})]
            did = "$attach_document.result.document.id"
        else:
            did = "$get_shipment.result.shipment.documents.2.id"
        return steps + [("get_tariff_measure", {"commodity_code": code, "origin_country": "VN"}),
                        (c, {"session_id": S, "shipment_id": SHIP, "line_no": ln,
                             "preference_code": "$get_tariff_measure.result.preferences.0.preference_code",
                             "origin_document_id": did})]
    if c == "get_declaration":
        steps, x = mrn(m)
        return steps + [(c, {"session_id": S, "mrn": x})]
    if c == "pay_duties":
        steps, x = mrn(m)
        if deferment:
            steps = steps + [("find_importer", {"session_id": S, "query": "Moreau"}), (
                "set_deferment_account", {"session_id": S, "importer_id": "$find_importer.result.matches.0.importer.id",
                                          "deferment_number": "DAN 6620417"})]
        return steps + [("get_declaration", {"session_id": S, "mrn": x}),
                        (c, {"session_id": S, "mrn": x, "method": "deferment" if deferment else "bank_transfer",
                             "amount": "$get_declaration.result.declaration.amount_due"})]
    if c == "request_release":
        return released(m)[0]
    if c == "amend_declaration":
        steps, x = mrn(m)
        return steps + [(c, {"session_id": S, "mrn": x, "line_no": 2 if m == "get" else 1, "field_name": "unit_price",
                             "new_value": "15.80" if m == "get" else "6.25",
                             "reason": "Supplier's final invoice corrects the unit price."})]
    if c == "list_customs_queries":
        steps, x = mrn("get")
        return steps + [(c, {"session_id": S, "mrn": x})]
    if c == "answer_customs_query":
        steps, x = mrn("get")
        return steps + answered(x)
    if c == "book_inspection":
        steps, i = importer("find", "Kessler")
        return [LOGIN] + steps + [("find_shipment", {"session_id": S, "importer_id": i}), get(),
                                  ("list_inspection_slots", {"session_id": S, "port_code": "DEHAM"}),
                                  (c, {"session_id": S, "mrn": "$get_shipment.result.shipment.declaration.mrn",
                                       "slot_id": "$list_inspection_slots.result.slots.1.0"})]
    if c == "bill_client":
        steps, x = released("get")
        return steps + [(c, {"session_id": S, "mrn": x, "brokerage_fee_eur": 145.0,
                             "note": "Air import Frankfurt, customs query handled."})]
    raise KeyError(c)


CHOICE = {
    "create_importer": {"imp": "create"}, "open_shipment": {"sh": "open"}, "add_invoice_lines": {"line": "add"},
    "attach_document": {"doc": "attach"}, "submit_declaration": {"m": "submit"},
    "classify_line": {"line": "classify"}, "record_power_of_attorney": {"who": "lindgren"},
    "file_safety_declaration": {"who": "lindgren"}, "set_deferment_account": {"deferment": True},
}


def _proofs() -> list:
    import clearway_tools as m  # the catalog beside this file

    return [(p, c, path(c, **CHOICE.get(p, {}))) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_importer", [LOGIN, ("find_importer", {"session_id": S, "query": "Kessler"}),
                      ("get_importer", {"session_id": S, "importer_id": "$find_importer.result.matches.0.importer.id"}),
                      ("find_shipment", {"session_id": S,
                                         "importer_id": "$find_importer.result.matches.0.importer.id"})]),
    ("get_worklist", [LOGIN, ("get_worklist", {"session_id": S}), find("lindgren"),
                      ("cancel_shipment", {"session_id": S, "shipment_id": SHIP, "reason": "Order cancelled."})]),
    ("list_ports", [LOGIN, ("list_ports", {}), find("kessler"), get(), ("search_tariff", {"description": "bicycle brakes"}),
                    ("classify_line", {"session_id": S, "shipment_id": SHIP,
                                       "line_no": "$get_shipment.result.shipment.lines.1.line_no",
                                       "commodity_code": "$search_tariff.result.candidates.0.0"})]),
    ("get_tariff_measure", [LOGIN, find("kessler"), get(), ("search_tariff", {"description": "bicycle brakes"}),
                            ("get_tariff_measure", {"commodity_code": "$search_tariff.result.candidates.0.0",
                                                    "origin_country": "VN"}),
                            ("classify_line", {"session_id": S, "shipment_id": SHIP,
                                               "line_no": "$get_shipment.result.shipment.lines.1.line_no",
                                               "commodity_code": "$search_tariff.result.candidates.0.0"})]),
    ("add_shipment_note", [LOGIN, find("moreau"),
                           ("add_shipment_note", {"session_id": S, "shipment_id": SHIP, "text": "Client called."}),
                           get(), ("get_declaration", {"session_id": S,
                                                       "mrn": "$get_shipment.result.shipment.declaration.mrn"})]),
    ("get_declaration", [LOGIN, UNLOCK, find("moreau"), get(),
                         ("get_declaration", {"session_id": S, "mrn": "$get_shipment.result.shipment.declaration.mrn"}),
                         ("amend_declaration", {"session_id": S, "mrn": "$get_shipment.result.shipment.declaration.mrn",
                                                "line_no": 2, "field_name": "unit_price", "new_value": "15.80",
                                                "reason": "Supplier's final invoice."})]),
]
