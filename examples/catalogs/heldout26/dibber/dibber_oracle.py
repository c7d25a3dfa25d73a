"""Scripted proofs that Dibber's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts the
dataclass replies and, given the module's ``FAILURE``, records the ``{"err": ..., "why": ...}`` replies
as rejected).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Committee
members sign in by first name (``("sign_in", {...}, "ann")``) and pass ``"$ann.token"``; replies are read
by field (``"$add_applicant.person_id"``, ``"$add_applicant.entry_id"``, ``"$offer_plot.offer_id"``,
``"$start_tenancy.tenancy_id"``, ``"$start_tenancy.first_invoice"``, ``"$end_tenancy.plot_id"``,
``"$send_notice.notice_id"``, ``"$request_structure.request_id"``, ``"$report_water_fault.fault_id"``,
``"$shop_sale.sale_id"``), lists by position and field (``"$find_person.0.person_id"``,
``"$plot_map.2.tenancy_id"``, ``"$waiting_list.0.entry_id"``, ``"$waiting_list.0.offer_id"``,
``"$arrears_list.0.invoice_id"``, ``"$keys_out.1.key_id"``, ``"$water_points.1.fault_id"``,
``"$split_plot.0.plot_id"``, ``"$shop_price_list.3.code"``) and nested rows by field and position
(``"$person_record.invoices.0.0"``, ``"$tenancy_details.notices.0.0"``). Numbers a tool only returns inside
a sentence are written literally: the rent invoice ``IV-5610`` that raise_rent raises first in a fresh
state (``IV-5611`` after a new tenancy's first invoice) and the gate key ``GK-118`` that issue_key hands
out first; each follows from its own counter and none exists without its call. Every other id is read
from a reply.

The day: Mr Tariq Aziz joins the Orchard Lane list, is offered its vacant half plot and takes it, pays
his first invoice, gets a gate key and his rent for the coming year, registers his wife as a
co-worker and takes her off again, asks for a shed (approved) and books manure, then gives the plot
up, hands his key back and the plot is cleared; on another path he declines the offer; his e-mail
address added and an e-mail, and compost from the hut; Mr Colin Ashe offered Fennick Road plot 12,
and on another path half of it once it is split, or plot 5 once it is cleared; plot 5 cleared and
split; Ms Helen Grey accepts her Millbrook offer, and on another path declines it and Ms Bryony Hale is
offered the plot; Mrs Edna Pike's plot inspected as uncultivated, a non-cultivation notice sent and
withdrawn; Mr Ray Dobbs's arrears notice, his old rent paid and manure booked, his non-cultivation
notice withdrawn; Mrs Olive Rhodes's rent raised with the pensioner's concession and paid; Mr George
Abbott's unwaged concession, his gate key back and a polytunnel asked for; Ms Kerry Lund's second
co-worker added and her brother taken off, her new phone, an e-mail and onion sets on her tab,
refunded; Mr Sunil Rao's key back and his tenancy ended; Mrs June Ellis's replacement key; a
Fennick Road trough reported and mended, and the Millbrook trough's ballcock fixed.
"""

import dibber_tools as tools

WHO = {"ann": ("ann.t", "Runner-Bean-12"), "raj": ("raj.m", "Rent-Day-0110"), "bill": ("bill.h", "Water-Butt-7"),
       "jill": ("jill.o", "Compost-Heap-3"), "pat": ("pat.g", "Seed-Potato-55"), "mo": ("mo.s", "Fennick-1921")}
ANN, RAJ, BILL, JILL, PAT, MO = "$ann.token", "$raj.token", "$bill.token", "$jill.token", "$pat.token", "$mo.token"
TODAY = tools.TODAY


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


TA = "$add_applicant.person_id"
TT = "$start_tenancy.tenancy_id"
TARIQ_NEW = ("add_applicant", {"token": ANN, "name": "Mr Tariq Aziz", "address": "22 Larch Close, Kennick",
                               "postcode": "KN4 7LC", "phone": "07700 900622", "sites": ["OL"]})
TARIQ_OFFER = [
    TARIQ_NEW,
    ("plot_map", {"token": ANN, "site": "OL", "status": "vacant"}),
    ("offer_plot", {"token": ANN, "plot_id": "$plot_map.0.plot_id", "entry_id": "$add_applicant.entry_id"}),
]
TARIQ = [
    *sign_ins("ann", "raj", "bill", "pat"),
    ("rent_scale", {}),
    *TARIQ_OFFER,
    ("start_tenancy", {"token": ANN, "offer_id": "$offer_plot.offer_id", "start": TODAY, "signed_by": "Mr Tariq Aziz"}),
    ("tenancy_details", {"token": ANN, "tenancy_id": TT}),
    ("take_payment", {"token": RAJ, "invoice_id": "$start_tenancy.first_invoice", "amount": "$start_tenancy.amount",
                      "method": "card"}),
    ("issue_key", {"token": BILL, "tenancy_id": TT}),
    ("raise_rent", {"token": RAJ, "tenancy_id": TT, "year": 2032}),
    ("add_co_worker", {"token": ANN, "tenancy_id": TT, "name": "Mrs Samira Aziz", "phone": "07700 900623"}),
    ("remove_co_worker", {"token": ANN, "tenancy_id": TT, "name": "Mrs Samira Aziz"}),
    ("request_structure", {"token": ANN, "tenancy_id": TT, "kind": "shed", "width_ft": 4.0, "length_ft": 6.0}),
    ("decide_structure", {"token": ANN, "request_id": "$request_structure.request_id", "approve": True,
                          "conditions": "Timber, stained dark green; on the path side, away from the hedge"}),
    ("book_manure", {"token": PAT, "tenancy_id": TT, "loads": 2}),
    ("return_key", {"token": BILL, "key_id": "GK-118"}),
    ("end_tenancy", {"token": ANN, "tenancy_id": TT,
                     "reason": "Offered a job in Leeds; gives the plot up before he starts"}),
    ("plot_cleared", {"token": BILL, "plot_id": "$end_tenancy.plot_id",
                      "notes": "Only a month's work on it; shed not built; nothing to clear"}),
]
TARIQ_DECLINE = [*sign_ins("ann"), *TARIQ_OFFER,
                 ("decline_offer", {"token": ANN, "offer_id": "$offer_plot.offer_id",
                                    "reason": "Would rather wait for a full plot at Fennick Road"})]
TARIQ_CONTACT = [
    *sign_ins("ann", "pat"),
    ("shop_price_list", {}),
    TARIQ_NEW,
    ("person_record", {"token": ANN, "person_id": TA}),
    ("update_contact", {"token": ANN, "person_id": TA, "email": "tariq.aziz@mail.example"}),
    ("notify_person", {"token": ANN, "person_id": TA, "channel": "email",
                       "message": "You are on the Orchard Lane waiting list; we will write when a plot comes up."}),
    ("shop_sale", {"token": PAT, "items": ["$shop_price_list.3.code"], "quantities": [2], "method": "cash",
                   "person_id": TA}),
]

COLIN = [
    *sign_ins("ann"),
    ("waiting_list", {"token": ANN, "site": "FR"}),
    ("plot_map", {"token": ANN, "site": "FR", "status": "vacant"}),
    ("offer_plot", {"token": ANN, "plot_id": "$plot_map.0.plot_id", "entry_id": "$waiting_list.0.entry_id"}),
]
COLIN_HALF = [
    *sign_ins("ann"),
    ("plot_map", {"token": ANN, "site": "FR", "status": "vacant"}),
    ("split_plot", {"token": ANN, "plot_id": "$plot_map.0.plot_id"}),
    ("waiting_list", {"token": ANN, "site": "FR"}),
    ("offer_plot", {"token": ANN, "plot_id": "$split_plot.0.plot_id", "entry_id": "$waiting_list.0.entry_id"}),
]
PLOT_FIVE = [
    *sign_ins("ann", "bill"),
    ("plot_map", {"token": BILL, "site": "FR", "status": "being_cleared"}),
    ("plot_cleared", {"token": BILL, "plot_id": "$plot_map.0.plot_id",
                      "notes": "Old shed and carpets removed; rubbish skipped; strimmed and rotavated"}),
    ("waiting_list", {"token": ANN, "site": "FR"}),
    ("offer_plot", {"token": ANN, "plot_id": "$plot_map.0.plot_id", "entry_id": "$waiting_list.0.entry_id"}),
]
PLOT_FIVE_SPLIT = cut(PLOT_FIVE, "plot_cleared") + [("split_plot", {"token": ANN, "plot_id": "$plot_map.0.plot_id"})]

HELEN_ACCEPT = [*sign_ins("ann"), ("waiting_list", {"token": ANN, "site": "MB"}),
                ("start_tenancy", {"token": ANN, "offer_id": "$waiting_list.0.offer_id", "start": "2032-09-18",
                                   "signed_by": "Ms Helen Grey"})]
HELEN_DECLINE = [
    *sign_ins("ann"),
    ("waiting_list", {"token": ANN, "site": "MB"}),
    ("decline_offer", {"token": ANN, "offer_id": "$waiting_list.0.offer_id",
                       "reason": "Moving to Bristol in the new year"}),
    ("waiting_list", {"token": ANN, "site": "MB"}, "again"),
    ("plot_map", {"token": ANN, "site": "MB", "status": "vacant"}),
    ("offer_plot", {"token": ANN, "plot_id": "$plot_map.0.plot_id", "entry_id": "$again.0.entry_id"}),
]

EDNA = [
    *sign_ins("ann", "bill"),
    ("plot_map", {"token": ANN, "site": "FR", "status": "let"}),
    ("record_inspection", {"token": BILL, "plot_id": "$plot_map.1.plot_id", "grade": "uncultivated",
                           "notes": "Grassed over since the spring; fruit cage collapsed"}),
    ("send_notice", {"token": ANN, "tenancy_id": "$plot_map.1.tenancy_id", "kind": "non_cultivation",
                     "text": "Your plot has not been cultivated this season. Please bring at least three quarters of "
                             "it back into cultivation within 28 days, or talk to the secretary."}),
    ("withdraw_notice", {"token": ANN, "notice_id": "$send_notice.notice_id",
                         "reason": "Mrs Pike's grandson is taking it on as her co-worker"}),
]

RAY_NOTICE = [*sign_ins("ann"), ("arrears_list", {"token": ANN}),
              ("send_notice", {"token": ANN, "tenancy_id": "$arrears_list.0.tenancy_id", "kind": "arrears",
                               "text": "Last year's rent is overdue; please pay the 55 pounds within 28 days."})]
RAY_MANURE = [
    *sign_ins("raj", "pat"),
    ("arrears_list", {"token": RAJ}),
    ("take_payment", {"token": RAJ, "invoice_id": "$arrears_list.0.invoice_id", "amount": "$arrears_list.0.balance",
                      "method": "cash"}),
    ("plot_map", {"token": PAT, "site": "MB", "status": "let"}),
    ("book_manure", {"token": PAT, "tenancy_id": "$plot_map.0.tenancy_id", "loads": 3}),
]
RAY_WITHDRAW = [*sign_ins("ann"), ("plot_map", {"token": ANN, "site": "MB"}),
                ("tenancy_details", {"token": ANN, "tenancy_id": "$plot_map.0.tenancy_id"}),
                ("withdraw_notice", {"token": ANN, "notice_id": "$tenancy_details.notices.0.0",
                                     "reason": "Jill saw the plot this week: brambles out and two thirds dug"})]

OLIVE = [
    *sign_ins("raj"),
    ("plot_map", {"token": RAJ, "site": "MB", "status": "let"}),
    ("raise_rent", {"token": RAJ, "tenancy_id": "$plot_map.1.tenancy_id", "year": 2032}),
    ("apply_concession", {"token": RAJ, "invoice_id": "IV-5610", "concession": "pensioner"}),
    ("take_payment", {"token": RAJ, "invoice_id": "IV-5610", "amount": 31.25, "method": "cheque"}),
]

GEORGE = [*sign_ins("raj"), ("find_person", {"token": RAJ, "text": "Abbott"}),
          ("person_record", {"token": RAJ, "person_id": "$find_person.0.person_id"}),
          ("apply_concession", {"token": RAJ, "invoice_id": "$person_record.invoices.0.0", "concession": "unwaged"})]
GEORGE_KEY = [*sign_ins("bill"), ("keys_out", {"token": BILL, "site": "FR"}),
              ("return_key", {"token": BILL, "key_id": "$keys_out.0.key_id"})]
GEORGE_TUNNEL = [*sign_ins("ann"), ("plot_map", {"token": ANN, "site": "FR", "status": "let"}),
                 ("request_structure", {"token": ANN, "tenancy_id": "$plot_map.0.tenancy_id", "kind": "polytunnel",
                                        "width_ft": 10.0, "length_ft": 18.0})]

KERRY = [
    *sign_ins("ann", "pat"),
    ("find_person", {"token": ANN, "text": "Lund"}),
    ("update_contact", {"token": ANN, "person_id": "$find_person.0.person_id", "phone": "07700 900314"}),
    ("notify_person", {"token": ANN, "person_id": "$find_person.0.person_id", "channel": "email",
                       "message": "We have your new mobile number. The autumn plant swap is on the 25th."}),
    ("shop_price_list", {}),
    ("shop_sale", {"token": PAT, "items": ["$shop_price_list.1.code", "$shop_price_list.6.code"], "quantities": [2, 1],
                   "method": "tab", "person_id": "$find_person.0.person_id"}),
    ("refund_sale", {"token": PAT, "sale_id": "$shop_sale.sale_id", "reason": "Wrong onions; she wanted Sturon"}),
]
KERRY_CO = [
    *sign_ins("ann"),
    ("plot_map", {"token": ANN, "site": "FR", "status": "let"}),
    ("add_co_worker", {"token": ANN, "tenancy_id": "$plot_map.2.tenancy_id", "name": "Miss Freya Lund",
                       "phone": "07700 900316"}),
    ("remove_co_worker", {"token": ANN, "tenancy_id": "$plot_map.2.tenancy_id", "name": "Mr Tom Lund"}),
]

SUNIL = [
    *sign_ins("ann", "bill"),
    ("plot_map", {"token": ANN, "site": "FR", "status": "let"}),
    ("keys_out", {"token": BILL, "site": "FR"}),
    ("return_key", {"token": BILL, "key_id": "$keys_out.1.key_id"}),
    ("end_tenancy", {"token": ANN, "tenancy_id": "$plot_map.3.tenancy_id",
                     "reason": "Moving to a flat in Kennick town centre with no time for the plot"}),
]

JUNE = [*sign_ins("bill"), ("plot_map", {"token": BILL, "site": "OL", "status": "let"}),
        ("issue_key", {"token": BILL, "tenancy_id": "$plot_map.0.tenancy_id"})]

TROUGH = [
    *sign_ins("bill"),
    ("water_points", {"token": BILL, "site": "FR"}),
    ("report_water_fault", {"token": BILL, "tap_id": "$water_points.1.tap_id",
                            "fault": "Trough cracked along the base; leaking", "turn_off": True}),
    ("fix_water_fault", {"token": BILL, "fault_id": "$report_water_fault.fault_id",
                         "work_done": "Trough replaced with the spare from the Millbrook store"}),
]
BALLCOCK = [*sign_ins("jill"), ("water_points", {"token": JILL, "site": "MB"}),
            ("fix_water_fault", {"token": JILL, "fault_id": "$water_points.1.fault_id",
                                 "work_done": "New ballcock valve fitted; trough filling and stopping properly"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# people
_NEW = {"update_contact": TARIQ_CONTACT, "person_record": TARIQ_CONTACT, "notify_person": TARIQ_CONTACT,
        "shop_sale": TARIQ_CONTACT}
_FOUND = {"update_contact": KERRY, "person_record": GEORGE, "notify_person": KERRY, "shop_sale": KERRY}
for _c in tools.PERSON_CONSUMERS:
    _add("add_applicant", _c, cut(_NEW[_c], _c))
    _add("find_person", _c, cut(_FOUND[_c], _c))

# tenancies
_LISTED = {"tenancy_details": RAY_WITHDRAW, "add_co_worker": KERRY_CO, "remove_co_worker": KERRY_CO,
           "end_tenancy": SUNIL, "request_structure": GEORGE_TUNNEL, "raise_rent": OLIVE, "issue_key": JUNE,
           "book_manure": RAY_MANURE}
for _c in tools.TENANCY_CONSUMERS:
    _add("start_tenancy", _c, cut(TARIQ, _c))
    _add("plot_map", _c, cut(_LISTED[_c], _c))

# plots, offers, notices, invoices, keys, structures, water, the hut
_add("plot_map", "record_inspection", cut(EDNA, "record_inspection"))
_add("plot_map", "split_plot", cut(COLIN_HALF, "split_plot"))
_add("add_applicant", "offer_plot", cut(TARIQ, "offer_plot"))
_add("waiting_list", "offer_plot", COLIN)
_add("plot_map", "offer_plot", COLIN)
_add("split_plot", "offer_plot", COLIN_HALF)
_add("offer_plot", "decline_offer", TARIQ_DECLINE)
_add("waiting_list", "decline_offer", cut(HELEN_DECLINE, "decline_offer"))
_add("offer_plot", "start_tenancy", cut(TARIQ, "start_tenancy"))
_add("waiting_list", "start_tenancy", HELEN_ACCEPT)
_add("end_tenancy", "plot_cleared", TARIQ)
_add("plot_map", "plot_cleared", cut(PLOT_FIVE, "plot_cleared"))
_add("plot_map", "send_notice", cut(EDNA, "send_notice"))
_add("arrears_list", "send_notice", RAY_NOTICE)
_add("start_tenancy", "take_payment", cut(TARIQ, "take_payment"))
_add("raise_rent", "take_payment", OLIVE)
_add("arrears_list", "take_payment", cut(RAY_MANURE, "take_payment"))
_add("raise_rent", "apply_concession", cut(OLIVE, "apply_concession"))
_add("person_record", "apply_concession", GEORGE)
_add("issue_key", "return_key", cut(TARIQ, "return_key"))
_add("keys_out", "return_key", GEORGE_KEY)
_add("send_notice", "withdraw_notice", EDNA)
_add("tenancy_details", "withdraw_notice", RAY_WITHDRAW)
_add("request_structure", "decide_structure", cut(TARIQ, "decide_structure"))
_add("water_points", "report_water_fault", cut(TROUGH, "report_water_fault"))
_add("report_water_fault", "fix_water_fault", TROUGH)
_add("water_points", "fix_water_fault", BALLCOCK)
_add("shop_sale", "refund_sale", KERRY)
_add("shop_price_list", "shop_sale", cut(KERRY, "shop_sale"))

# states
_add("take_payment", "issue_key", cut(TARIQ, "issue_key"))
_add("return_key", "end_tenancy", SUNIL)
_add("plot_cleared", "offer_plot", PLOT_FIVE)
_add("plot_cleared", "split_plot", PLOT_FIVE_SPLIT)
_add("decline_offer", "offer_plot", HELEN_DECLINE)
_add("record_inspection", "send_notice", cut(EDNA, "send_notice"))
_add("add_co_worker", "remove_co_worker", cut(TARIQ, "remove_co_worker"))
_add("take_payment", "book_manure", RAY_MANURE)
_add("update_contact", "notify_person", cut(TARIQ_CONTACT, "notify_person"))

_OWN = {"sign_out": [sign_in("mo"), ("sign_out", {"token": MO})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or min((cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)),
                                              key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("rent_scale", cut(TARIQ, "offer_plot")),
    ("tenancy_details", cut(TARIQ, "issue_key")),
    ("raise_rent", cut(TARIQ, "add_co_worker")),
    ("decide_structure", cut(TARIQ, "book_manure")),
    ("person_record", cut(TARIQ_CONTACT, "update_contact")),
    ("notify_person", cut(KERRY, "shop_sale")),
    ("shop_price_list", cut(TARIQ_CONTACT, "update_contact")),
]
