"""Scripted proofs that DepotLink's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Most
tools reply with a bare id or token, referenced as ``"$tool"``.
"""

from __future__ import annotations

L = ("login", {"username": "m.vermeulen", "password": "Dock!2291"})
S = "$login"
SITES = ("list_sites", {"country": "NL"})
SITE = "$list_sites.0.site_code"
DEV = ("register_scanner", {"session": S, "site_code": SITE, "device_serial": "ZB-TC52-0093"})
D = "$register_scanner"
SIGN = ("supervisor_sign_off", {"session": S, "badge_id": "SUP-0413", "pin": "7730"})
AC = "$supervisor_sign_off"
BOTTLE = ("search_items", {"text": "stainless bottle"})
SKU = "$search_items.0.sku"
LOCATE = ("locate_stock", {"sku": SKU, "site_code": SITE})
BIN = "$locate_stock.0.bin"

# ---------------------------------------------------------------- outbound: order -> carton -> label -> manifest
O = "$search_orders.0.order_id"
C = "$pack_carton"
Q = "$rate_shop.0.quote_id"
T = "$buy_label"


def packed(customer: str, lines: int) -> list:
    """From sign-in to a packed carton of ``customer``'s new order with ``lines`` pick tasks."""
    picks = [("confirm_pick", {"device_token": D, "task_id": f"$get_wave.tasks.{i}.task_id",
                               "qty": f"$get_wave.tasks.{i}.qty"}, f"pick{i}") for i in range(lines)]
    return [L, SITES, DEV, ("search_orders", {"customer": customer, "status": "new"}),
            ("release_order", {"session": S, "order_id": O}),
            ("allocate_order", {"session": S, "order_id": O}),
            ("create_wave", {"session": S, "order_ids": [O]}),
            ("get_wave", {"wave_id": "$create_wave"}), *picks,
            ("convert_weight", {"value": 11.9, "from_unit": "lb", "to_unit": "kg"}),
            ("pack_carton", {"device_token": D, "order_id": O, "box": "M", "weight_kg": "$convert_weight"})]


RATE = ("rate_shop", {"carton_id": C, "service": "standard"})
BUY = ("buy_label", {"session": S, "carton_id": C, "quote_id": Q})
CAFE = packed("Cafe Lente", 1)            # NL, no paperwork
BRIGHTWELL = packed("Brightwell", 2)      # GB: customs invoice
BERGWELT = packed("Bergwelt", 1)          # DE, lithium batteries: DG declaration
CUSTOMS = [("classify_commodity", {"description": "merino base layer crew"}, "hs1"),
           ("classify_commodity", {"description": "insulated stainless bottle"}, "hs2"),
           ("country_code", {"country_name": "United Kingdom"}),
           ("create_customs_invoice", {"session": S, "carton_id": C, "hs_codes": ["$hs1.hs_code", "$hs2.hs_code"],
                                       "destination_country": "$country_code", "declared_value_eur": 314.0})]
DG = [("get_item", {"sku": "LB-7740"}),
      ("declare_dangerous_goods", {"session": S, "carton_id": C, "un_number": "$get_item.un_number"})]
LABELLED = CAFE + [RATE, BUY]
MANIFEST = LABELLED + [("open_manifest", {"session": S, "site_code": SITE, "carrier": "$rate_shop.0.carrier"}),
                       ("add_to_manifest", {"session": S, "manifest_id": "$open_manifest", "tracking_number": T})]
CLOSED = MANIFEST + [("close_manifest", {"session": S, "manifest_id": "$open_manifest"})]

# ---------------------------------------------------------------- inbound: PO -> appointment -> LPN -> bin
FPO = ("find_purchase_orders", {"supplier": "Voltaris", "status": "open"})
PO = "$find_purchase_orders.0.po_number"
SLOTS = ("list_dock_slots", {"site_code": SITE, "date": "2025-03-11"})
BOOK = ("book_dock_appointment", {"session": S, "po_number": PO, "door": "$list_dock_slots.0.door",
                                  "start": "$list_dock_slots.0.start"})
CHECKIN = ("check_in_trailer", {"session": S, "appointment_id": "$book_dock_appointment", "trailer_plate": "bx-27-lk"})
ASN = ("get_asn", {"po_number": PO})
RECEIVE = ("receive_goods", {"device_token": D, "appointment_id": "$book_dock_appointment",
                             "sku": "$find_purchase_orders.0.lines.0.sku", "qty": 40, "lot": "$get_asn.lines.0.lot"})
RECEIVED = [L, SITES, DEV, FPO, ASN, SLOTS, BOOK, CHECKIN, RECEIVE]
PUTAWAY = RECEIVED + [("suggest_putaway", {"lpn": "$receive_goods"}),
                      ("putaway", {"device_token": D, "lpn": "$receive_goods", "bin_code": "$suggest_putaway"})]

# ---------------------------------------------------------------- counts and bins
COUNTED = [L, SITES, DEV, BOTTLE, LOCATE, ("create_cycle_count", {"session": S, "bins": [BIN]}),
           ("record_count", {"device_token": D, "count_id": "$create_cycle_count", "bin_code": BIN, "counted": 196})]
POSTED = COUNTED + [SIGN, ("approve_count", {"session": S, "count_id": "$create_cycle_count", "approval_code": AC})]
BLOCKED = [L, SITES, BOTTLE, LOCATE, ("block_bin", {"session": S, "bin_code": BIN, "reason": "pallet hit by forklift"})]
UNBLOCKED = BLOCKED + [("unblock_bin", {"session": S, "bin_code": BIN})]

# ---------------------------------------------------------------- returns
RMA = [L, SITES, DEV, ("search_orders", {"customer": "Brightwell", "status": "shipped"}),
       ("get_order", {"order_id": O}),
       ("create_rma", {"session": S, "order_id": O, "sku": "$get_order.lines.0.sku", "qty": 1,
                       "reason": "Zip on the tent door does not close"}),
       ("inspect_return", {"device_token": D, "rma_id": "$create_rma", "notes": "door zip torn, fabric fine"}),
       ("dispose_return", {"session": S, "rma_id": "$create_rma", "disposition": "$inspect_return.recommended"})]

# A successful path ending with each consumer.
PATHS = {
    "supervisor_sign_off": [L, SIGN],
    "register_scanner": [L, SITES, DEV],
    "block_bin": BLOCKED,
    "unblock_bin": UNBLOCKED,
    "create_cycle_count": COUNTED[:-1],
    "record_count": COUNTED,
    "approve_count": POSTED,
    "book_dock_appointment": [L, FPO, SITES, SLOTS, BOOK],
    "check_in_trailer": [L, FPO, SITES, SLOTS, BOOK, CHECKIN],
    "get_asn": [FPO, ASN],
    "list_dock_slots": [SITES, SLOTS],
    "receive_goods": RECEIVED,
    "suggest_putaway": PUTAWAY[:-1],
    "putaway": PUTAWAY,
    "get_item": [BOTTLE, ("get_item", {"sku": SKU})],
    "get_stock": [SITES, BOTTLE, ("get_stock", {"sku": SKU, "site_code": SITE})],
    "locate_stock": [BOTTLE, ("locate_stock", {"sku": SKU})],
    "get_order": [("search_orders", {"customer": "Cafe"}), ("get_order", {"order_id": O})],
    "release_order": CAFE[:5],
    "allocate_order": CAFE[:6],
    "create_wave": CAFE[:7],
    "get_wave": CAFE[:8],
    "confirm_pick": CAFE[:9],
    "pack_carton": CAFE,
    "rate_shop": CAFE + [RATE],
    "declare_dangerous_goods": BERGWELT + DG,
    "create_customs_invoice": BRIGHTWELL + CUSTOMS,
    "buy_label": LABELLED,
    "void_label": LABELLED + [SIGN, ("void_label", {"session": S, "tracking_number": T, "approval_code": AC})],
    "track_parcel": LABELLED + [("track_parcel", {"tracking_number": T})],
    "open_manifest": MANIFEST[:-1],
    "add_to_manifest": MANIFEST,
    "close_manifest": CLOSED,
    "create_rma": RMA[:-2],
    "inspect_return": RMA[:-1],
    "dispose_return": RMA,
}

# Proofs that need a particular order: paperwork only some parcels need.
SPECIAL = {
    ("declare_dangerous_goods", "buy_label"): BERGWELT + DG + [RATE, BUY],
    ("create_customs_invoice", "buy_label"): BRIGHTWELL + CUSTOMS + [RATE, BUY],
}


def _proofs() -> list:
    import depotlink_tools as m  # the catalog beside this file

    out = []
    for providers, consumer, _ in m.GROUND_TRUTH:
        for p in providers.split("|"):
            out.append((p, consumer, SPECIAL.get((p, consumer), PATHS[consumer])))
    return out


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_item", [BOTTLE, ("get_item", {"sku": SKU}), SITES, ("get_stock", {"sku": SKU, "site_code": SITE})]),
    ("get_order", [L, ("search_orders", {"customer": "Cafe"}), ("get_order", {"order_id": O}),
                   ("release_order", {"session": S, "order_id": O})]),
    ("classify_commodity", CAFE + [("classify_commodity", {"description": "stainless bottle"}), RATE, BUY]),
    ("country_code", CAFE + [("country_code", {"country_name": "Netherlands"}), RATE, BUY]),
    ("supervisor_sign_off", [L, SITES, BOTTLE, LOCATE, SIGN,
                             ("block_bin", {"session": S, "bin_code": BIN, "reason": "spill"})]),
    ("find_purchase_orders", [FPO, SITES, SLOTS]),
    ("track_parcel", [("track_parcel", {"tracking_number": "1ZUP000000190"})] + RMA[:-2]),
]
