"""Scripted proofs that Gambrel's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, with the module's ``FAILURE``: a refusal is an ``Errno``
whose ``errno`` is not zero; the raw replies are dataclasses, which the runtime converts).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "verity")``) and pass ``"$verity.token"``; replies are read by field (``"$register_producer.producer_id"``,
``"$book_kill.booking_id"``, ``"$receive_consignment.consignment.consignment_id"``, ``"$kill_animal.carcass_id"``,
``"$create_order.order_id"``, ``"$open_customer_account.customer_id"``), list entries by position and field
(``"$find_producer.0.producer_id"``, ``"$bookings.0.booking_id"``, ``"$lairage_pens.5.pen"``,
``"$consignments.1.consignment_id"``, ``"$carcasses.0.carcass_id"``, ``"$orders.2.order_id"``,
``"$find_customer.0.customer_id"``), animals and grades by row and column (``"$consignment_detail.animals.0.0"``,
``"$price_grid.rows.16.0"``). The positions follow the fresh state's order (records by id, the grid by class, each
list filtered as the call asks). Every id and class is read from a reply; none is written literally (names, holdings,
addresses, phone numbers, certificates, bank details, ear tags, vehicles, hauliers, weights, temperatures, risk
material, reasons, amounts and messages are written as the staff are told them).

The day: Mrs Adderley registers, her assurance and bank details are kept and her two Luing cattle are booked for
tomorrow and taken in; Sedgwick Brothers' renewed certificate lets them book; the Brocklesbys' shearlings come in
against their booking, are passed fit, killed, inspected, classified and paid for; the Thwaite Ghyll cull cow is
killed first on the cattle line, stripped of its risk material, marked, graded, sold and paid for; the Brocklesby
cattle have their passports checked and are passed fit; the Thwaite Ghyll lambs' food chain information is recorded;
the Cleasby shearling detained yesterday is passed with its lungs trimmed; the Scougall heifer's risk material is
recorded, it is marked, graded and sold, and Mrs Scougall is paid once her bank details are in; Thackwray's beef is
probed, sent and invoiced; Drumlanrig's lamb is allocated, paid for by card and sent; Lowick Wholesale and the new
Oakenclough Farm Shop pass their credit checks and order.
"""

import gambrel_tools as tools

WHO = {"verity": ("verity.o", "Kill-Sheet-24"), "idwal": ("idwal.p", "Pen-Gate-71"), "ilse": ("ilse.v", "Ante-Post-38"),
       "bart": ("bart.k", "Hook-Rail-55"), "morven": ("morven.d", "Fat-Class-3L"),
       "kwabena": ("kwabena.o", "Cold-Store-07"), "hamish": ("hamish.l", "Plant-Boss-90")}
TA, AL, IL, BA = "$verity.token", "$idwal.token", "$ilse.token", "$bart.token"
MO, KW = "$morven.token", "$kwabena.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


COW_SRM = ["spinal_cord", "vertebral_column"]
SHEARLING_SRM = ["ileum", "spleen", "skull", "spinal_cord"]

# Mrs Adderley, new: registered, her assurance and bank details kept, two Luing cattle booked for tomorrow and taken in
ADD = [sign_in("verity"),
       ("register_producer", {"token": TA, "name": "Mrs Rhoslyn Adderley", "holding": "43/077/0152",
                              "address": "Nab End Farm, Hebblecote Moor", "phone": "07700 900377"})]
PID = "$register_producer.producer_id"
ADD_ASSURED = ADD + [("record_assurance", {"token": TA, "producer_id": PID, "scheme": "red_tractor",
                                           "member_number": "RTB-0611904", "expires": "2041-07-31"})]
ADD_BANKED = ADD + [("add_producer_bank", {"token": TA, "producer_id": PID, "account_name": "R Adderley",
                                           "sort_code": "60-44-19", "account_number": "38127705"})]
ADD_STATEMENT = ADD + [("producer_statement", {"token": TA, "producer_id": PID})]
ADD_TEXT = ADD + [("message_producer", {"token": TA, "producer_id": PID,
                                        "text": "Your cattle are booked for Thursday; please come before seven."})]
ADD_BOOKED = ADD_ASSURED + [("book_kill", {"token": TA, "producer_id": PID, "species": "cattle", "head": 2,
                                           "kill_date": "2040-10-18"})]
ADD_CANCEL = ADD_BOOKED + [("cancel_booking", {"token": TA, "booking_id": "$book_kill.booking_id",
                                               "reason": "Mrs Adderley's trailer has failed its test"})]
ADD_IN = ADD_BOOKED + [sign_in("idwal"), ("lairage_pens", {"token": AL}),
                       ("receive_consignment", {"token": AL, "booking_id": "$book_kill.booking_id",
                                                "pen": "$lairage_pens.2.pen", "haulier": "Own transport",
                                                "vehicle": "YD15 NEF",
                                                "ear_tags": ["UK 424406 700218", "UK 424406 700225"]})]
ADD_CHECKED = ADD_IN + [("check_passports", {"token": AL,
                                             "consignment_id": "$receive_consignment.consignment.consignment_id"})]

# Sedgwick Brothers' renewed certificate, and their booking for Friday
SEDGWICK = [sign_in("verity"), ("find_producer", {"token": TA, "text": "Sedgwick"}),
           ("record_assurance", {"token": TA, "producer_id": "$find_producer.0.producer_id", "scheme": "red_tractor",
                                 "member_number": "RTB-0377142", "expires": "2041-09-30"}),
           ("book_kill", {"token": TA, "producer_id": "$find_producer.0.producer_id", "species": "cattle", "head": 4,
                          "kill_date": "2040-10-19"})]
BROCK_STATEMENT = [sign_in("verity"), ("find_producer", {"token": TA, "text": "Brocklesby"}),
                  ("producer_statement", {"token": TA, "producer_id": "$find_producer.0.producer_id"})]
CLEASBY_TEXT = [sign_in("verity"), ("find_producer", {"token": TA, "text": "Cleasby"}),
                ("message_producer", {"token": TA, "producer_id": "$find_producer.0.producer_id",
                                      "text": "Friday's six lambs are off; we will ring you to rebook."})]
CLEASBY_CANCEL = [sign_in("verity"), ("bookings", {"token": TA, "status": "booked"}),
                  ("cancel_booking", {"token": TA, "booking_id": "$bookings.1.booking_id",
                                      "reason": "Mr Cleasby's lambs are not finished yet"})]

# the Brocklesbys' shearlings (BK-5103): taken in, passed fit, killed, inspected, classified and paid for
KCN = "$receive_consignment.consignment.consignment_id"
BROCK_IN = [sign_in("idwal"), ("bookings", {"token": AL, "status": "booked"}), ("lairage_pens", {"token": AL}),
           ("receive_consignment", {"token": AL, "booking_id": "$bookings.0.booking_id", "pen": "$lairage_pens.5.pen",
                                    "haulier": "Own transport", "vehicle": "WX17 BDN",
                                    "ear_tags": ["UK0 421170 02211", "UK0 421170 02216"]})]
BROCK_DETAIL = BROCK_IN + [("consignment_detail", {"token": AL, "consignment_id": KCN})]
BROCK_WELFARE = BROCK_IN + [("log_welfare_incident", {"token": AL, "consignment_id": KCN,
                                                    "text": "One shearling lame on the off fore on unloading"})]
BROCK_FCI = BROCK_IN + [("record_fci", {"token": AL, "consignment_id": KCN, "withdrawal_periods_met": True,
                                      "movement_restrictions": False})]
BROCK_FIT = BROCK_FCI + [sign_in("ilse"), ("ante_mortem", {"token": IL, "consignment_id": KCN, "decision": "fit"})]
BROCK_KILLED = BROCK_FIT + [sign_in("bart"), ("start_line", {"token": BA, "species": "sheep"}),
                          ("kill_animal", {"token": BA, "animal_id": "$receive_consignment.animals.0.0"}, "kill1"),
                          ("kill_animal", {"token": BA, "animal_id": "$receive_consignment.animals.1.0"}, "kill2")]
BROCK_PAID = BROCK_KILLED + [
    ("post_mortem", {"token": IL, "carcass_id": "$kill1.carcass_id", "outcome": "pass"}),
    ("post_mortem", {"token": IL, "carcass_id": "$kill2.carcass_id", "outcome": "pass"}),
    sign_in("morven"), ("price_grid", {"species": "sheep"}),
    ("classify_carcass", {"token": MO, "carcass_id": "$kill1.carcass_id", "conformation": "$price_grid.rows.16.0",
                          "fat_class": "$price_grid.rows.16.1", "hot_weight_kg": 22.6}),
    ("classify_carcass", {"token": MO, "carcass_id": "$kill2.carcass_id", "conformation": "$price_grid.rows.9.0",
                          "fat_class": "$price_grid.rows.9.1", "hot_weight_kg": 24.1}),
    sign_in("verity"), ("settle_consignment", {"token": TA, "consignment_id": KCN})]

# the Thwaite Ghyll cull cow (CN-7699, passed fit): killed first on the cattle line, stripped, marked, graded, sold
COW = "$kill_animal.carcass_id"
COW_KILLED = [sign_in("bart"), ("consignments", {"token": BA, "status": "in_lairage", "species": "cattle"}),
              ("consignment_detail", {"token": BA, "consignment_id": "$consignments.0.consignment_id"}),
              ("start_line", {"token": BA, "species": "cattle"}),
              ("kill_animal", {"token": BA, "animal_id": "$consignment_detail.animals.0.0"})]
COW_SRM_OUT = COW_KILLED + [("remove_srm", {"token": BA, "carcass_id": COW, "items": COW_SRM})]
COW_DETAIL = COW_KILLED + [("carcass_detail", {"token": BA, "carcass_id": COW})]
COW_PM = COW_KILLED + [sign_in("ilse"), ("post_mortem", {"token": IL, "carcass_id": COW, "outcome": "pass"})]
COW_MARKED = COW_PM + [("remove_srm", {"token": BA, "carcass_id": COW, "items": COW_SRM}),
                       ("apply_health_mark", {"token": IL, "carcass_id": COW})]
COW_PROBED = COW_PM + [sign_in("kwabena"), ("record_chill_temp", {"token": KW, "carcass_id": COW,
                                                                  "core_temp_c": 31.5})]
COW_GRADED = COW_PM + [sign_in("morven"), ("price_grid", {"species": "cattle"}),
                       ("classify_carcass", {"token": MO, "carcass_id": COW, "conformation": "$price_grid.rows.25.0",
                                             "fat_class": "$price_grid.rows.25.1", "hot_weight_kg": 318.0})]
COW_PAID = COW_GRADED + [sign_in("verity"),
                         ("settle_consignment", {"token": TA, "consignment_id": "$consignments.0.consignment_id"})]
COW_SOLD = COW_MARKED + COW_GRADED[len(COW_PM):] + [
    sign_in("kwabena"), ("orders", {"token": KW, "status": "open"}),
    ("allocate_carcass", {"token": KW, "order_id": "$orders.2.order_id", "carcass_id": COW})]

# the Brocklesby cattle (CN-7701): passports checked, passed fit, the first killed
BROCK_CATTLE = [sign_in("idwal"), ("consignments", {"token": AL, "status": "in_lairage", "species": "cattle"})]
KCATTLE = "$consignments.1.consignment_id"
BROCK_CATTLE_CHECKED = BROCK_CATTLE + [("check_passports", {"token": AL, "consignment_id": KCATTLE})]
BROCK_CATTLE_FIT = [sign_in("ilse"), ("consignments", {"token": IL, "status": "in_lairage", "species": "cattle"}),
                   ("ante_mortem", {"token": IL, "consignment_id": KCATTLE, "decision": "fit",
                                    "notes": "Three steers, bright and alert"})]
BROCK_CATTLE_KILLED = BROCK_CATTLE_CHECKED + [
    sign_in("ilse"), ("ante_mortem", {"token": IL, "consignment_id": KCATTLE, "decision": "fit"}),
    sign_in("bart"), ("start_line", {"token": BA, "species": "cattle"}),
    ("consignment_detail", {"token": BA, "consignment_id": KCATTLE}),
    ("kill_animal", {"token": BA, "animal_id": "$consignment_detail.animals.0.0"})]
BROCK_CATTLE_WELFARE = BROCK_CATTLE + [("log_welfare_incident", {"token": AL, "consignment_id": KCATTLE,
                                                               "text": "A steer slipped on the ramp; no injury"})]

# the Thwaite Ghyll lambs (CN-7702): food chain information recorded, then passed fit
LAMBS = [sign_in("idwal"), ("consignments", {"token": AL, "status": "in_lairage", "species": "sheep"}),
         ("record_fci", {"token": AL, "consignment_id": "$consignments.0.consignment_id",
                         "withdrawal_periods_met": True, "movement_restrictions": False})]
LAMBS_FIT = LAMBS + [sign_in("ilse"), ("ante_mortem", {"token": IL, "consignment_id": "$consignments.0.consignment_id",
                                                       "decision": "fit"})]

# the Cleasby shearling detained yesterday (CC-61205): passed with its lungs trimmed, stripped, marked, graded, probed
SHEARLING = [sign_in("ilse"), ("carcasses", {"token": IL, "stage": "killed"}),
             ("post_mortem", {"token": IL, "carcass_id": "$carcasses.0.carcass_id", "outcome": "partial",
                              "trimmed_kg": 1.5, "reason": "pleurisy; lungs condemned"})]
SHEARLING_MARKED = SHEARLING + [sign_in("bart"), ("remove_srm", {"token": BA, "carcass_id": "$carcasses.0.carcass_id",
                                                                 "items": SHEARLING_SRM}),
                                ("apply_health_mark", {"token": IL, "carcass_id": "$carcasses.0.carcass_id"})]
SHEARLING_GRADED = SHEARLING + [sign_in("morven"), ("price_grid", {"species": "sheep"}),
                                ("classify_carcass", {"token": MO, "carcass_id": "$carcasses.0.carcass_id",
                                                      "conformation": "$price_grid.rows.17.0",
                                                      "fat_class": "$price_grid.rows.17.1", "hot_weight_kg": 23.9})]
SHEARLING_PROBED = SHEARLING + [sign_in("kwabena"), ("record_chill_temp", {"token": KW,
                                                                          "carcass_id": "$carcasses.0.carcass_id",
                                                                          "core_temp_c": 12.4})]

# the Scougall heifer (CC-61204, inspected): risk material recorded, marked, graded, sold; Mrs Scougall paid
HEIFER = [sign_in("bart"), ("carcasses", {"token": BA, "stage": "inspected"})]
HEIFER_ID = "$carcasses.0.carcass_id"
HEIFER_SRM_OUT = HEIFER + [("remove_srm", {"token": BA, "carcass_id": HEIFER_ID, "items": COW_SRM})]
HEIFER_MARKED = HEIFER_SRM_OUT + [sign_in("ilse"), ("apply_health_mark", {"token": IL, "carcass_id": HEIFER_ID})]
HEIFER_DETAIL = HEIFER + [("carcass_detail", {"token": BA, "carcass_id": HEIFER_ID})]
HEIFER_GRADED = HEIFER + [sign_in("morven"), ("price_grid", {"species": "cattle"}),
                          ("classify_carcass", {"token": MO, "carcass_id": HEIFER_ID,
                                                "conformation": "$price_grid.rows.16.0",
                                                "fat_class": "$price_grid.rows.16.1", "hot_weight_kg": 329.5})]
HEIFER_SOLD = HEIFER_MARKED + HEIFER_GRADED[len(HEIFER):] + [
    sign_in("kwabena"), ("orders", {"token": KW, "status": "open"}),
    ("allocate_carcass", {"token": KW, "order_id": "$orders.2.order_id", "carcass_id": HEIFER_ID})]
SCOUGALL_PAID = [sign_in("verity"), ("find_producer", {"token": TA, "text": "Scougall"}),
                 ("add_producer_bank", {"token": TA, "producer_id": "$find_producer.0.producer_id",
                                        "account_name": "A Scougall", "sort_code": "09-01-28",
                                        "account_number": "77120456"})] + HEIFER_GRADED + [
    ("consignments", {"token": TA, "status": "killed"}),
    ("settle_consignment", {"token": TA, "consignment_id": "$consignments.2.consignment_id"})]
BROCK_SETTLED = [sign_in("verity"), ("consignments", {"token": TA, "status": "killed"}),
                ("settle_consignment", {"token": TA, "consignment_id": "$consignments.1.consignment_id"})]

# Thackwray's beef (OR-4401, CC-61202 allocated at 9.1 degrees): probed, sent and invoiced
BEEF = [sign_in("kwabena"), ("orders", {"token": KW, "status": "open"}),
        ("carcasses", {"token": KW, "stage": "allocated"}),
        ("record_chill_temp", {"token": KW, "carcass_id": "$carcasses.0.carcass_id", "core_temp_c": 6.2}),
        ("dispatch_order", {"token": KW, "order_id": "$orders.0.order_id", "vehicle": "VN20 CHL",
                            "driver": "Wilf Ulverston"})]
BEEF_INVOICED = BEEF + [sign_in("verity"), ("invoice_order", {"token": TA, "order_id": "$orders.0.order_id"})]
BEEF_PROBED = cut(BEEF, "record_chill_temp")

# Friday's beef for Thackwray (OR-4403): a marked carcass allocated and sent
FRIDAY_BEEF = [sign_in("kwabena"), ("carcasses", {"token": KW, "stage": "marked", "species": "cattle"}),
               ("orders", {"token": KW, "status": "open"}),
               ("allocate_carcass", {"token": KW, "order_id": "$orders.2.order_id",
                                     "carcass_id": "$carcasses.0.carcass_id"}),
               ("dispatch_order", {"token": KW, "order_id": "$orders.2.order_id", "vehicle": "VN20 CHL",
                                   "driver": "Wilf Ulverston"})]

# Drumlanrig's lamb (OR-4402, proforma): allocated, paid for by card, sent
LAMB_ORDER = [sign_in("kwabena"), ("carcasses", {"token": KW, "stage": "marked", "species": "sheep"}),
              ("orders", {"token": KW, "status": "open"}),
              ("allocate_carcass", {"token": KW, "order_id": "$orders.1.order_id",
                                    "carcass_id": "$carcasses.0.carcass_id"}),
              sign_in("verity"), ("take_payment", {"token": TA, "order_id": "$orders.1.order_id",
                                                  "amount": "$allocate_carcass.amount_due", "method": "card"}),
              ("dispatch_order", {"token": KW, "order_id": "$orders.1.order_id", "vehicle": "SF22 OPR",
                                  "driver": "Kwabena Ofori"})]

# a new order for Drumlanrig: taken, allocated, paid, sent and invoiced
DRUM = [sign_in("verity"), ("find_customer", {"token": TA, "text": "Drumlanrig"}),
        ("create_order", {"token": TA, "customer_id": "$find_customer.0.customer_id", "species": "sheep",
                          "carcasses_wanted": 1, "delivery_date": "2040-10-18"}),
        sign_in("kwabena"), ("carcasses", {"token": KW, "stage": "marked", "species": "sheep"}),
        ("allocate_carcass", {"token": KW, "order_id": "$create_order.order_id",
                              "carcass_id": "$carcasses.0.carcass_id"}),
        ("take_payment", {"token": TA, "order_id": "$create_order.order_id", "amount": "$allocate_carcass.amount_due",
                          "method": "bank_transfer"}),
        ("dispatch_order", {"token": KW, "order_id": "$create_order.order_id", "vehicle": "SF22 OPR",
                            "driver": "Kwabena Ofori"}),
        ("invoice_order", {"token": TA, "order_id": "$create_order.order_id"})]

# Lowick Wholesale's credit check, and their order; the Oakenclough Farm Shop, new
LOWICK = [sign_in("verity"), ("find_customer", {"token": TA, "text": "Lowick"}),
          ("credit_check", {"token": TA, "customer_id": "$find_customer.0.customer_id"}),
          ("create_order", {"token": TA, "customer_id": "$find_customer.0.customer_id", "species": "cattle",
                            "carcasses_wanted": 2, "delivery_date": "2040-10-19"})]
OAKEN = [sign_in("verity"), ("open_customer_account", {"token": TA, "name": "Oakenclough Farm Shop",
                                                      "address": "Oakenclough, Swaledge", "phone": "01632 960877",
                                                      "terms": "monthly"}),
         ("credit_check", {"token": TA, "customer_id": "$open_customer_account.customer_id"}),
         ("create_order", {"token": TA, "customer_id": "$open_customer_account.customer_id", "species": "sheep",
                           "carcasses_wanted": 1, "delivery_date": "2040-10-19"})]

SHEEP_LINE_STOPPED = [sign_in("bart"), ("start_line", {"token": BA, "species": "sheep"}),
                      ("stop_line", {"token": BA, "species": "sheep", "reason": "Hock cutter broken; fitter called"})]

_BODY = [
    # producers and bookings
    ("register_producer", "record_assurance", ADD_ASSURED),
    ("find_producer", "record_assurance", cut(SEDGWICK, "record_assurance")),
    ("register_producer", "add_producer_bank", ADD_BANKED),
    ("find_producer", "add_producer_bank", cut(SCOUGALL_PAID, "add_producer_bank")),
    ("register_producer", "producer_statement", ADD_STATEMENT),
    ("find_producer", "producer_statement", BROCK_STATEMENT),
    ("register_producer", "message_producer", ADD_TEXT),
    ("find_producer", "message_producer", CLEASBY_TEXT),
    ("register_producer", "book_kill", ADD_BOOKED),
    ("find_producer", "book_kill", SEDGWICK),
    ("record_assurance", "book_kill", SEDGWICK),
    ("book_kill", "receive_consignment", ADD_IN),
    ("bookings", "receive_consignment", BROCK_IN),
    ("book_kill", "cancel_booking", ADD_CANCEL),
    ("bookings", "cancel_booking", CLEASBY_CANCEL),
    ("lairage_pens", "receive_consignment", BROCK_IN),
    # consignments
    ("receive_consignment", "record_fci", BROCK_FCI),
    ("consignments", "record_fci", LAMBS),
    ("receive_consignment", "check_passports", ADD_CHECKED),
    ("consignments", "check_passports", BROCK_CATTLE_CHECKED),
    ("receive_consignment", "consignment_detail", BROCK_DETAIL),
    ("consignments", "consignment_detail", cut(COW_KILLED, "consignment_detail")),
    ("receive_consignment", "ante_mortem", BROCK_FIT),
    ("consignments", "ante_mortem", BROCK_CATTLE_FIT),
    ("receive_consignment", "log_welfare_incident", BROCK_WELFARE),
    ("consignments", "log_welfare_incident", BROCK_CATTLE_WELFARE),
    ("receive_consignment", "settle_consignment", BROCK_PAID),
    ("consignments", "settle_consignment", BROCK_SETTLED),
    ("record_fci", "ante_mortem", LAMBS_FIT),
    # the line
    ("receive_consignment", "kill_animal", cut(BROCK_KILLED, "kill1")),
    ("consignment_detail", "kill_animal", COW_KILLED),
    ("check_passports", "kill_animal", BROCK_CATTLE_KILLED),
    ("ante_mortem", "kill_animal", BROCK_CATTLE_KILLED),
    ("start_line", "kill_animal", COW_KILLED),
    ("start_line", "stop_line", SHEEP_LINE_STOPPED),
    ("kill_animal", "settle_consignment", COW_PAID),
    ("classify_carcass", "settle_consignment", COW_PAID),
    ("add_producer_bank", "settle_consignment", SCOUGALL_PAID),
    # carcasses
    ("kill_animal", "remove_srm", COW_SRM_OUT),
    ("carcasses", "remove_srm", HEIFER_SRM_OUT),
    ("kill_animal", "post_mortem", COW_PM),
    ("carcasses", "post_mortem", SHEARLING),
    ("kill_animal", "apply_health_mark", COW_MARKED),
    ("carcasses", "apply_health_mark", HEIFER_MARKED),
    ("kill_animal", "classify_carcass", COW_GRADED),
    ("carcasses", "classify_carcass", HEIFER_GRADED),
    ("kill_animal", "record_chill_temp", COW_PROBED),
    ("carcasses", "record_chill_temp", BEEF_PROBED),
    ("kill_animal", "carcass_detail", COW_DETAIL),
    ("carcasses", "carcass_detail", HEIFER_DETAIL),
    ("kill_animal", "allocate_carcass", COW_SOLD),
    ("carcasses", "allocate_carcass", cut(FRIDAY_BEEF, "allocate_carcass")),
    ("price_grid", "classify_carcass", HEIFER_GRADED),
    ("remove_srm", "apply_health_mark", HEIFER_MARKED),
    ("post_mortem", "apply_health_mark", SHEARLING_MARKED),
    ("post_mortem", "classify_carcass", SHEARLING_GRADED),
    ("post_mortem", "record_chill_temp", SHEARLING_PROBED),
    ("apply_health_mark", "allocate_carcass", HEIFER_SOLD),
    ("classify_carcass", "allocate_carcass", HEIFER_SOLD),
    # customers and orders
    ("open_customer_account", "credit_check", cut(OAKEN, "credit_check")),
    ("find_customer", "credit_check", cut(LOWICK, "credit_check")),
    ("open_customer_account", "create_order", OAKEN),
    ("find_customer", "create_order", LOWICK),
    ("credit_check", "create_order", LOWICK),
    ("create_order", "allocate_carcass", cut(DRUM, "allocate_carcass")),
    ("orders", "allocate_carcass", cut(FRIDAY_BEEF, "allocate_carcass")),
    ("create_order", "take_payment", cut(DRUM, "take_payment")),
    ("orders", "take_payment", cut(LAMB_ORDER, "take_payment")),
    ("create_order", "dispatch_order", cut(DRUM, "dispatch_order")),
    ("orders", "dispatch_order", BEEF),
    ("create_order", "invoice_order", DRUM),
    ("orders", "invoice_order", BEEF_INVOICED),
    ("record_chill_temp", "dispatch_order", BEEF),
    ("allocate_carcass", "dispatch_order", FRIDAY_BEEF),
    ("allocate_carcass", "take_payment", cut(LAMB_ORDER, "take_payment")),
    ("take_payment", "dispatch_order", LAMB_ORDER),
    ("dispatch_order", "invoice_order", BEEF_INVOICED),
]

_OWN = {"sign_out": [sign_in("bart"), ("sign_out", {"token": BA})],
        "lairage_pens": [sign_in("idwal"), ("lairage_pens", {"token": AL})],
        "kill_sheet": [sign_in("verity"), ("kill_sheet", {"token": TA, "kill_date": "2040-10-16"})],
        "stop_line": SHEEP_LINE_STOPPED}


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
    # yesterday's kill sheet read before the Brocklesby cattle are settled
    ("kill_sheet", BROCK_SETTLED[:2] + [("kill_sheet", {"token": TA, "kill_date": "2040-10-16"})] + BROCK_SETTLED[2:]),
    # the cattle price grid read before Sedgwick Brothers book
    ("price_grid", SEDGWICK[:3] + [("price_grid", {"species": "cattle"})] + SEDGWICK[3:]),
    # Mrs Scougall texted before her bank details are kept
    ("message_producer", SCOUGALL_PAID[:2] + [("message_producer", {"token": TA,
                                                                    "producer_id": "$find_producer.0.producer_id",
                                                                    "text": "Please send your bank details."})]
     + SCOUGALL_PAID[2:3]),
    # yesterday's kill sheet read before the Brocklesby cattle are passed fit
    ("kill_sheet", BROCK_CATTLE_FIT[:2] + [("kill_sheet", {"token": IL, "kill_date": "2040-10-16"})]
     + BROCK_CATTLE_FIT[2:]),
    # a welfare incident logged before the cull cow is killed
    ("log_welfare_incident", COW_KILLED[:3] + [sign_in("idwal"), ("log_welfare_incident", {
        "token": AL, "consignment_id": "$consignments.0.consignment_id",
        "text": "The cow went down in the pen and got up again"})] + COW_KILLED[3:]),
    # the pens read before Thackwray's beef is sent
    ("lairage_pens", BEEF[:4] + [("lairage_pens", {"token": KW})] + BEEF[4:]),
    # Lowick's credit checked before Drumlanrig pay for their lamb
    ("credit_check", cut(LAMB_ORDER, "verity") + [("find_customer", {"token": TA, "text": "Lowick"}),
                                                 ("credit_check", {"token": TA,
                                                                   "customer_id": "$find_customer.0.customer_id"})]
     + cut(LAMB_ORDER, "take_payment")[5:]),
    # Mrs Scougall's statement read before her heifer is graded
    ("producer_statement", HEIFER + [sign_in("verity"), ("find_producer", {"token": TA, "text": "Scougall"}),
                                     ("producer_statement", {"token": TA,
                                                             "producer_id": "$find_producer.0.producer_id"})]
     + HEIFER_GRADED[len(HEIFER):]),
]
