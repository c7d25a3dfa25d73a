"""Scripted proofs that MeterBook's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the catalog's ``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Bare
replies are referenced whole (``"$open_session"``, ``"$move_in"``, ``"$log_complaint"``); ids that
a call only returns inside a sentence (``Read MR-550213 accepted ...``, ``Bill B-11873 issued
...``, ``Incident INC-77124 raised ...``, ``Appointment AP-2211 booked ...``) are written
literally: each record type has its own sequence, so they are the same in every fresh state, and
the record does not exist without the call.
"""

OS = ("open_session", {"api_key": "nvk_4f1e0c9a77d2", "agent_id": "AG-2207"})
S = "$open_session"
D = "$verify_caller.dpa_ref"
PC = "$normalise_postcode"
READ, BILL, INCIDENT, APPOINTMENT = "MR-550213", "B-11873", "INC-77124", "AP-2211"


def caller(raw_postcode: str, surname: str, dob: str) -> list:
    return [OS, ("normalise_postcode", {"text": raw_postcode}),
            ("find_account", {"session": S, "surname": surname, "postcode": PC}),
            ("parse_date", {"text": dob}, "dob"),
            ("verify_caller", {"session": S, "account_no": "$find_account.0.acct", "postcode": PC,
                               "date_of_birth": "$dob"})]


ELLISON = caller("nv3 7qp", "Ellison", "2 March 1958")      # 4410-2287: dual fuel, owes 86.40, mandate DDI-40977
ACHEBE = caller("NV12HX", "Achebe", "23/11/1987")            # 4410-2519: smart electricity, 132.00 in credit
AS = ("account_summary", {"dpa_ref": D})


def premises(house: str) -> tuple:
    return ("find_premises", {"postcode": PC, "house": house})


METER = "$find_premises.meters.0.0"
PREM = "$find_premises.premises_ref"
READ_ON = ("parse_date", {"text": "12 May 2025"}, "read_on")


def read(serial: str, reading: int, name: str = "submit_read") -> tuple:
    return ("submit_read", {"serial": serial, "reading": reading, "read_date": "$read_on", "source": "customer"}, name)


ELLISON_READS = [premises("14"), READ_ON, read(METER, 10412), read("$find_premises.meters.1.0", 4560, "gas_read")]


def bill(account: str) -> tuple:
    return ("issue_bill", {"session": S, "account_no": account})


BILLED = [OS, ("normalise_postcode", {"text": "nv3 7qp"}),
          ("find_account", {"session": S, "surname": "Ellison", "postcode": PC})] + ELLISON_READS + [
    bill("$find_account.0.acct")]

MOVER = [OS, ("normalise_postcode", {"text": "nv3 7qt"}), premises("7"), ("parse_date", {"text": "4 July 1990"}, "dob"),
         ("parse_date", {"text": "1 May 2025"}, "moving_in"),
         ("move_in", {"session": S, "premises_id": PREM, "full_name": "Olu Bankole", "date_of_birth": "$dob",
                      "move_in_date": "$moving_in"})]
MOVER_BILLED = MOVER + [("parse_date", {"text": "14 May 2025"}, "read_on"), read(METER, 5301),
                        read("$find_premises.meters.1.0", 940, "gas_read"), bill("$move_in")]

VB = ("validate_bank", {"sort_code": "40-22-17", "account_number": "31926818"})
RD = ("recommend_dd", {"dpa_ref": D})
SDD = ("set_up_direct_debit", {"dpa_ref": D, "bank_token": "$validate_bank.token", "amount_gbp": "$recommend_dd",
                               "collection_day": 15})
ACHEBE_DD = ACHEBE + [VB, RD, SDD]


def change(mandate: str) -> tuple:
    return ("change_dd_amount", {"dpa_ref": D, "mandate_ref": mandate, "amount_gbp": "$recommend_dd"})


def cancel(mandate: str) -> tuple:
    return ("cancel_direct_debit", {"dpa_ref": D, "mandate_ref": mandate, "reason": "Paying by card from now on"})


LT = ("list_tariffs", {"fuel": "dual"})
QT = ("quote_tariff", {"dpa_ref": D, "tariff_code": "$list_tariffs.1.code"})
ACHEBE_FRESH_READ = ACHEBE + [premises("Flat 3"), ("parse_date", {"text": "May 13, 2025"}, "read_on"),
                              read(METER, 22480)]

KILN = [OS, ("normalise_postcode", {"text": "NV2 5LD"}), premises("22"),
        ("report_outage", {"session": S, "premises_id": PREM, "symptoms": ["NO_SUPPLY"],
                           "notes": "Whole house off since 9am, neighbours too"})]
OUTAGE_CHECK = [("normalise_postcode", {"text": "nv3 7qp"}), ("outage_check", {"postcode": PC})]
INC = "$outage_check.incidents.0.0"


def status(ref: str) -> tuple:
    return ("outage_status", {"incident_ref": ref})


def subscribe(ref: str) -> tuple:
    return ("subscribe_updates", {"incident_ref": ref, "mobile": "07700 900321"})


SLOTS = ("appointment_slots", {"premises_id": PREM, "job": "smart_install"})
BOOKED = ELLISON + [premises("14"), SLOTS,
                    ("book_appointment", {"dpa_ref": D, "slot_id": "$appointment_slots.0.0", "job": "smart_install",
                                          "access_notes": "Meter cupboard under the stairs; dog is friendly"})]
COMPLAINT = ELLISON + [("log_complaint", {"dpa_ref": D, "category": "billing",
                                          "summary": "Estimated gas bill in April was far too high"})]
CMP = "$log_complaint"
ACK = ("acknowledge_complaint", {"session": S, "complaint_ref": CMP})

PATHS = {
    "verify_caller": ELLISON,
    "find_account": ELLISON[:3],
    "find_premises": [("normalise_postcode", {"text": "nv3 7qp"}), premises("14")],
    "outage_check": OUTAGE_CHECK,
    "account_summary": ELLISON + [AS],
    "submit_read": [("normalise_postcode", {"text": "nv3 7qp"}), premises("14"), READ_ON, read(METER, 10412)],
    "read_history": [("normalise_postcode", {"text": "nv3 7qp"}), premises("14"), ("read_history", {"serial": METER})],
    "estimate_read": [("normalise_postcode", {"text": "nv3 7qp"}), premises("14"),
                      ("parse_date", {"text": "31 May 2025"}), ("estimate_read", {"serial": METER,
                                                                                  "on_date": "$parse_date"})],
    "dispute_read": ELLISON + ELLISON_READS[:3] + [("dispute_read", {
        "dpa_ref": D, "read_id": READ, "reason": "I read the wrong dial, it should be 10214"})],
    "quote_tariff": ELLISON + [LT, QT],
    "switch_tariff": ELLISON + [LT, QT, ("switch_tariff", {"dpa_ref": D, "quote_ref": "$quote_tariff.quote"})],
    "recommend_dd": ELLISON + [RD],
    "set_up_direct_debit": ACHEBE_DD,
    "change_dd_amount": ACHEBE_DD + [change("$set_up_direct_debit")],
    "cancel_direct_debit": ACHEBE_DD + [cancel("$set_up_direct_debit")],
    "issue_bill": BILLED,
    "get_bill": BILLED + [("get_bill", {"bill_no": BILL})],
    "take_card_payment": ELLISON + [("tokenise_card", {"card_number": "4111 1111 1111 1111", "expiry": "09/27",
                                                       "cvv": "737"}),
                                    ("take_card_payment", {"dpa_ref": D, "card_token": "$tokenise_card",
                                                           "amount_gbp": 86.40})],
    "set_up_payment_plan": ELLISON + [("parse_date", {"text": "1 June 2025"}, "first"),
                                      ("set_up_payment_plan", {"dpa_ref": D, "instalments": 3,
                                                               "first_date": "$first"})],
    "refund_credit": ACHEBE_FRESH_READ + [AS, ("refund_credit", {"dpa_ref": D,
                                                                 "amount_gbp": "$account_summary.balance_gbp"})],
    "report_outage": KILN,
    "outage_status": KILN + [status(INCIDENT)],
    "subscribe_updates": KILN + [subscribe(INCIDENT)],
    "claim_compensation": ACHEBE + [("outage_check", {"postcode": PC}),
                                    ("claim_compensation", {"dpa_ref": D, "incident_ref": INC})],
    "add_to_psr": ELLISON + [("psr_needs", {}), ("add_to_psr", {"dpa_ref": D, "needs": ["$psr_needs.1.0"],
                                                                "nominee": "Ruth Ellison (daughter) 07700 900654"})],
    "move_in": MOVER,
    "move_out": ELLISON + [("parse_date", {"text": "31 May 2025"}, "leaving"),
                           ("move_out", {"dpa_ref": D, "move_out_date": "$leaving",
                                         "forwarding_address": "12 Harbour Walk, Northvale NV1 4TT"})],
    "appointment_slots": [("normalise_postcode", {"text": "nv3 7qp"}), premises("14"), SLOTS],
    "book_appointment": BOOKED,
    "record_meter_exchange": BOOKED + [("record_meter_exchange", {
        "session": S, "appointment_ref": APPOINTMENT, "old_serial": METER, "new_serial": "E25S00417",
        "old_final_read": 10420, "new_opening_read": 0})],
    "log_complaint": COMPLAINT,
    "acknowledge_complaint": COMPLAINT + [ACK],
    "add_goodwill": COMPLAINT + [("add_goodwill", {"session": S, "complaint_ref": CMP, "amount_gbp": 30.0,
                                                   "note": "Estimate was not checked against the photo she sent"})],
    "close_complaint": COMPLAINT + [ACK, ("close_complaint", {"session": S, "complaint_ref": CMP,
                                                              "resolution": "Bill re-issued on actual reads"})],
}

OVERRIDES = {
    ("move_in", "verify_caller"): MOVER + [("verify_caller", {"session": S, "account_no": "$move_in", "postcode": PC,
                                                              "date_of_birth": "$dob"})],
    ("move_in", "issue_bill"): MOVER_BILLED,
    ("account_summary", "submit_read"): ELLISON + [AS, READ_ON, read("$account_summary.meters.0.0", 10412)],
    ("account_summary", "read_history"): ELLISON + [AS, ("read_history", {"serial": "$account_summary.meters.1.0"})],
    ("account_summary", "estimate_read"): ELLISON + [AS, ("parse_date", {"text": "31 May 2025"}),
                                                     ("estimate_read", {"serial": "$account_summary.meters.0.0",
                                                                        "on_date": "$parse_date"})],
    ("account_summary", "report_outage"): ELLISON + [AS, ("report_outage", {
        "session": S, "premises_id": "$account_summary.premises_ref", "symptoms": ["FLICKERING", "PARTIAL_SUPPLY"]})],
    ("account_summary", "appointment_slots"): ELLISON + [AS, ("appointment_slots", {
        "premises_id": "$account_summary.premises_ref", "job": "safety_check"})],
    ("account_summary", "change_dd_amount"): ELLISON + [AS, RD, change("$account_summary.direct_debit.mandate")],
    ("account_summary", "cancel_direct_debit"): ELLISON + [AS, cancel("$account_summary.direct_debit.mandate")],
    ("cancel_direct_debit", "set_up_direct_debit"): ELLISON + [AS, cancel("$account_summary.direct_debit.mandate"),
                                                               VB, RD, SDD],
    ("read_history", "dispute_read"): ELLISON + [premises("14"),
                                                 ("read_history", {"serial": "$find_premises.meters.1.0"}),
                                                 ("dispute_read", {"dpa_ref": D, "read_id": "$read_history.1.0",
                                                                   "reason": "Nobody read the gas meter in April"})],
    ("account_summary", "get_bill"): ELLISON + [AS, ("get_bill", {"bill_no": "$account_summary.bills.1.0"})],
    ("outage_check", "outage_status"): OUTAGE_CHECK + [status(INC)],
    ("outage_check", "subscribe_updates"): OUTAGE_CHECK + [subscribe(INC)],
}


def _proofs() -> list:
    import meterbook_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("read_history", [("normalise_postcode", {"text": "nv3 7qp"}), premises("14"), ("read_history", {"serial": METER}),
                      READ_ON, read(METER, 10412)]),
    ("list_tariffs", ELLISON + [LT, RD]),
    ("account_summary", ACHEBE + [AS, VB, RD, SDD]),
    ("psr_needs", ELLISON + [("psr_needs", {}), COMPLAINT[-1]]),
    ("outage_status", KILN + [status(INCIDENT), subscribe(INCIDENT)]),
    ("estimate_read", [("normalise_postcode", {"text": "nv3 7qp"}), premises("14"), READ_ON,
                       ("estimate_read", {"serial": METER, "on_date": "$read_on"}), read(METER, 10412)]),
    ("get_bill", ELLISON + [AS, ("get_bill", {"bill_no": "$account_summary.bills.1.0"})]
     + PATHS["take_card_payment"][-2:]),
]
