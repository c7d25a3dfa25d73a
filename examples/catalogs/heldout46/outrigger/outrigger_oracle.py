"""Scripted proofs that Outrigger's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, with the module's ``FAILURE``: a refusal is an envelope
whose ``stat`` is ``fail``; the raw replies are plain dicts, so the plain oracle runs them too).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "sabine")``) and pass ``"$sabine.token"``; replies are read by field (``"$open_account.customer.customer_id"``,
``"$add_site.site.site_id"``, ``"$quote_hire.hire.hire_id"``, ``"$site_survey.survey.survey_id"``,
``"$write_lift_plan.plan.plan_id"``, ``"$apply_permit.application.application_id"``,
``"$report_defect.defect.defect_id"``, ``"$invoice_hire.invoice.invoice_id"``), list entries by position and field
(``"$find_customer.customers.0.customer_id"``, ``"$hires.hires.1.hire_id"``, ``"$cranes.cranes.0.crane_id"``,
``"$operators.operators.3.operator_id"``, ``"$lift_plans.plans.0.plan_id"``,
``"$permits.applications.0.application_id"``, ``"$defects.defects.0.defect_id"``,
``"$invoices.invoices.0.invoice_id"``), rows by row and column (``"$sites.sites.0.0"``, ``"$free_cranes.0.0"``,
``"$rate_card.rows.5.0"``). The positions follow the fresh state's order (records by id, each list filtered as the
call asks). Every id and rate code is read from a reply; none is written literally (names, addresses, e-mail
addresses, phone numbers, postcodes, dates, hours, loads, radii, order numbers, report, card and permit numbers,
amounts, reasons and messages are written as the staff are told them).

The day: Orme Valley Timber Frames open a credit account, pass their credit check, add their site and have a contract
lift quoted, confirmed, surveyed, allocated, planned and its plan approved; St Cuthman's bell lift plan is approved
and the crane goes out; Blackmore's 60-tonne is checked, dispatched, its timesheet recorded, invoiced and paid;
Hartnoll & Dunster pay their deposit, their city crane is confirmed and allocated, the council's permit is recorded
and it goes out; Tregellas pay their overdue invoice and Friday's crane is confirmed; the 35-tonne Liebherr's
thorough examination is recorded and it is allocated; the Tadano's dangerous defect is cleared and it is allocated;
Rhodri Bevan's renewed card is recorded and he is allocated; Elmcroft apply for a permit; hires are moved, cancelled
and invoiced.
"""

import outrigger_tools as tools

WHO = {"sabine": ("sabine.c", "Jib-Angle-41"), "cormac": ("cormac.f", "Radius-Chart-27"),
       "hamish": ("hamish.r", "Grease-Nipple-63"), "anjali": ("anjali.v", "Ledger-Cross-85"),
       "gwendolen": ("gwendolen.t", "Counterweight-19")}
ST, CT, HT, AT = "$sabine.token", "$cormac.token", "$hamish.token", "$anjali.token"
TODAY, WED, THU, FRI = "2043-03-10", "2043-03-11", "2043-03-12", "2043-03-13"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# Orme Valley Timber Frames, new: an account, credit, a site, a contract lift quoted, confirmed, surveyed, allocated,
# planned and approved
OID, OSITE, OHIRE = "$open_account.customer.customer_id", "$add_site.site.site_id", "$quote_hire.hire.hire_id"
ORME = [sign_in("sabine"),
        ("open_account", {"token": ST, "name": "Orme Valley Timber Frames Ltd", "account_type": "credit",
                          "contact": "Ansel Threadgold", "address": "Sawpit Yard, Orme Valley, Ottermead OT7 2RB",
                          "email": "ansel@ormevalley-frames.example", "phone": "01632 961177"})]
ORME_UPDATE = ORME + [("update_customer", {"token": ST, "customer_id": OID, "phone": "07700 900688"})]
ORME_MESSAGE = ORME + [("send_message", {"token": ST, "customer_id": OID, "subject": "Your account with us",
                                         "body": "Your credit account is open; accounts will confirm your limit."})]
ORME_SITES = ORME + [("sites", {"token": ST, "customer_id": OID})]
ORME_STATEMENT = ORME + [("statement", {"token": ST, "customer_id": OID})]
ORME_CREDIT = ORME + [sign_in("anjali"), ("credit_check", {"token": AT, "customer_id": OID, "limit": 12000.0})]
ORME_SITE = ORME_CREDIT + [("add_site", {"token": ST, "customer_id": OID, "name": "Plot 3, Sparrowhawk Heath",
                                         "address": "Plot 3, Sparrowhawk Heath, Ottermead", "postcode": "OT4 9DS",
                                         "on_highway": False})]
ORME_SURVEY = ORME_SITE + [sign_in("cormac"),
                           ("site_survey", {"token": CT, "site_id": OSITE, "ground_bearing_kpa": 200,
                                            "overhead_lines": False,
                                            "notes": "Compacted stone hardstanding by the plot"})]
ORME_QUOTE = ORME_SITE + [("rate_card", {}),
                          ("quote_hire", {"token": ST, "customer_id": OID, "site_id": OSITE, "date": THU,
                                          "crane_class": "C60", "hours": 8.0, "hire_type": "contract_lift",
                                          "extras": ["$rate_card.rows.5.0", "$rate_card.rows.7.0"]})]
ORME_SHEET = ORME_QUOTE + [("hire_sheet", {"token": ST, "hire_id": OHIRE})]
ORME_CONFIRMED = ORME_QUOTE + [("confirm_hire", {"token": ST, "hire_id": OHIRE, "order_ref": "OVTF-0312"})]
ORME_ALLOCATED = ORME_CONFIRMED + [("free_cranes", {"token": ST, "date": THU, "crane_class": "C60"}),
                                   ("operators", {"token": ST, "category": "A60"}),
                                   ("allocate", {"token": ST, "hire_id": OHIRE, "crane_id": "$free_cranes.0.0",
                                                 "operator_id": "$operators.operators.0.operator_id"})]
ORME_PLAN = ORME_ALLOCATED + [sign_in("cormac"),
                              ("site_survey", {"token": CT, "site_id": OSITE, "ground_bearing_kpa": 200,
                                               "overhead_lines": False,
                                               "notes": "Compacted stone hardstanding by the plot"}),
                              ("write_lift_plan", {"token": CT, "hire_id": OHIRE,
                                                   "survey_id": "$site_survey.survey.survey_id",
                                                   "load": "Timber-frame roof cassettes", "load_tonnes": 2.6,
                                                   "radius_m": 16.0, "lifts": 14})]
ORME_APPROVED = ORME_PLAN + [("approve_lift_plan", {"token": CT, "plan_id": "$write_lift_plan.plan.plan_id",
                                                    "accepted_by": "Ansel Threadgold"})]
# the same plan, the hire read from the list of Thursday's confirmed hires
ORME_LISTED_PLAN = ORME_ALLOCATED + [("hires", {"token": ST, "date": THU, "status": "confirmed"}),
                                     sign_in("cormac"),
                                     ("site_survey", {"token": CT, "site_id": OSITE, "ground_bearing_kpa": 200,
                                                      "overhead_lines": False,
                                                      "notes": "Compacted stone hardstanding by the plot"}),
                                     ("write_lift_plan", {"token": CT, "hire_id": "$hires.hires.1.hire_id",
                                                          "survey_id": "$site_survey.survey.survey_id",
                                                          "load": "Timber-frame roof cassettes", "load_tonnes": 2.6,
                                                          "radius_m": 16.0, "lifts": 14})]

# St Cuthman's bell lift today (HJ-50411): its plan approved, the crane out, the timesheet
CUTHMAN = [sign_in("cormac"), ("lift_plans", {"token": CT, "status": "draft"}),
           ("approve_lift_plan", {"token": CT, "plan_id": "$lift_plans.plans.0.plan_id",
                                  "accepted_by": "Rosamund Marchbank"}),
           sign_in("sabine"), ("hires", {"token": ST, "date": TODAY}),
           ("dispatch", {"token": ST, "hire_id": "$hires.hires.1.hire_id"})]
CUTHMAN_SITES = [sign_in("cormac"), ("find_customer", {"token": CT, "text": "Cuthman"}),
                 ("sites", {"token": CT, "customer_id": "$find_customer.customers.0.customer_id"}),
                 ("site_survey", {"token": CT, "site_id": "$sites.sites.0.0", "ground_bearing_kpa": 150,
                                  "overhead_lines": False, "notes": "Tarmac path by the tower; mats needed"})]

# Blackmore's 60-tonne today (HJ-50410): checked, out, its timesheet, invoiced and paid
BLACKMORE = [sign_in("sabine"), ("hires", {"token": ST, "date": TODAY}), sign_in("hamish"),
             ("cranes", {"token": HT, "crane_class": "C60"}),
             ("pre_use_check", {"token": HT, "crane_id": "$cranes.cranes.0.crane_id", "hours_meter": 18262}),
             ("dispatch", {"token": ST, "hire_id": "$hires.hires.0.hire_id"}),
             ("record_timesheet", {"token": ST, "hire_id": "$hires.hires.0.hire_id", "hours_on_site": 8.5,
                                   "signed_by": "Conrad Bellairs"}),
             sign_in("anjali"), ("invoice_hire", {"token": AT, "hire_id": "$hires.hires.0.hire_id"}),
             ("record_payment", {"token": AT, "invoice_id": "$invoice_hire.invoice.invoice_id", "amount": 500.0,
                                 "method": "bank_transfer"})]

# Hartnoll & Dunster's city crane today (HJ-50412): the deposit, confirmed, allocated, the permit, checked, out
HARTNOLL = [sign_in("sabine"), ("hires", {"token": ST, "date": TODAY}),
            ("take_deposit", {"token": ST, "hire_id": "$hires.hires.2.hire_id", "amount": 264.0, "method": "card"}),
            ("confirm_hire", {"token": ST, "hire_id": "$hires.hires.2.hire_id",
                              "order_ref": "Phone order, Maxine Hartnoll"}),
            ("free_cranes", {"token": ST, "date": TODAY, "crane_class": "CITY"}),
            ("operators", {"token": ST, "category": "A60"}),
            ("allocate", {"token": ST, "hire_id": "$hires.hires.2.hire_id", "crane_id": "$free_cranes.0.0",
                          "operator_id": "$operators.operators.3.operator_id"}),
            ("permits", {"token": ST, "status": "applied"}),
            ("record_permit", {"token": ST, "application_id": "$permits.applications.0.application_id",
                               "permit_number": "OT/40877", "conditions": "Barriers and a banksman"}),
            sign_in("hamish"),
            ("pre_use_check", {"token": HT, "crane_id": "$free_cranes.0.0", "hours_meter": 9120}),
            ("dispatch", {"token": ST, "hire_id": "$hires.hires.2.hire_id"})]
# Hartnoll & Dunster: a new quote for Friday at 14 Cloister Lane, a permit applied for, a deposit
HARTNOLL_FRIDAY = [sign_in("sabine"), ("find_customer", {"token": ST, "text": "Hartnoll"}),
                   ("sites", {"token": ST, "customer_id": "$find_customer.customers.0.customer_id"}),
                   ("quote_hire", {"token": ST, "customer_id": "$find_customer.customers.0.customer_id",
                                   "site_id": "$sites.sites.0.0", "date": FRI, "crane_class": "MINI", "hours": 5.0,
                                   "hire_type": "cpa_hire", "extras": []})]
HARTNOLL_PERMIT = HARTNOLL_FRIDAY + [("apply_permit", {"token": ST, "hire_id": OHIRE, "closure": "footway",
                                                       "start_time": "08:00"})]
HARTNOLL_DEPOSIT = HARTNOLL_FRIDAY + [("take_deposit", {"token": ST, "hire_id": OHIRE, "amount": 195.0,
                                                        "method": "card"})]
HARTNOLL_CANCEL = HARTNOLL_FRIDAY + [("cancel_hire", {"token": ST, "hire_id": OHIRE,
                                                      "reason": "The customer found a smaller crane locally"})]
HARTNOLL_MOVE = HARTNOLL_FRIDAY + [("reschedule_hire", {"token": ST, "hire_id": OHIRE, "new_date": "2043-03-16"})]
HARTNOLL_SITE = [sign_in("sabine"), ("find_customer", {"token": ST, "text": "Hartnoll"}),
                 ("add_site", {"token": ST, "customer_id": "$find_customer.customers.0.customer_id",
                               "name": "22 Priory Close", "address": "22 Priory Close, Ottermead",
                               "postcode": "OT2 7DF", "on_highway": True})]

# Blackmore, new: a city crane today at the leisure centre, quoted, confirmed, allocated, checked, out, invoiced
BLACKMORE_NEW = [sign_in("sabine"), ("find_customer", {"token": ST, "text": "Blackmore"}),
                 ("sites", {"token": ST, "customer_id": "$find_customer.customers.0.customer_id"}),
                 ("quote_hire", {"token": ST, "customer_id": "$find_customer.customers.0.customer_id",
                                 "site_id": "$sites.sites.1.0", "date": TODAY, "crane_class": "CITY", "hours": 4.0,
                                 "hire_type": "cpa_hire", "extras": []}),
                 ("confirm_hire", {"token": ST, "hire_id": OHIRE, "order_ref": "BC-PO-7761"}),
                 ("free_cranes", {"token": ST, "date": TODAY, "crane_class": "CITY"}),
                 ("operators", {"token": ST, "category": "A60"}),
                 ("allocate", {"token": ST, "hire_id": OHIRE, "crane_id": "$free_cranes.0.0",
                               "operator_id": "$operators.operators.3.operator_id"}),
                 sign_in("hamish"),
                 ("pre_use_check", {"token": HT, "crane_id": "$free_cranes.0.0", "hours_meter": 9120}),
                 ("dispatch", {"token": ST, "hire_id": OHIRE}),
                 ("record_timesheet", {"token": ST, "hire_id": OHIRE, "hours_on_site": 4.5,
                                       "signed_by": "Conrad Bellairs"}),
                 sign_in("anjali"), ("invoice_hire", {"token": AT, "hire_id": OHIRE})]

# Tregellas (on stop): their overdue invoice paid, Friday's crane confirmed; Kenver Penhale's new e-mail
TREGELLAS = [sign_in("anjali"), ("invoices", {"token": AT, "status": "unpaid"}),
             ("record_payment", {"token": AT, "invoice_id": "$invoices.invoices.0.invoice_id", "amount": 2973.6,
                                 "method": "bank_transfer"}),
             sign_in("sabine"), ("hires", {"token": ST, "status": "quoted"}),
             ("confirm_hire", {"token": ST, "hire_id": "$hires.hires.2.hire_id", "order_ref": "TSE-2304"})]
TREGELLAS_EMAIL = [sign_in("sabine"), ("find_customer", {"token": ST, "text": "Tregellas"}),
                   ("update_customer", {"token": ST, "customer_id": "$find_customer.customers.0.customer_id",
                                        "email": "kenver.penhale@tregellas-steel.example"})]
TREGELLAS_STATEMENT = [sign_in("anjali"), ("find_customer", {"token": AT, "text": "Tregellas"}),
                       ("statement", {"token": AT, "customer_id": "$find_customer.customers.0.customer_id"})]
TREGELLAS_MESSAGE = [sign_in("sabine"), ("find_customer", {"token": ST, "text": "Tregellas"}),
                     ("send_message", {"token": ST, "customer_id": "$find_customer.customers.0.customer_id",
                                       "subject": "Your account",
                                       "body": "Your account is on stop until the January invoice is paid."})]
# yesterday's completed hire for Tregellas (HJ-50408) invoiced and paid
INVOICED = [sign_in("anjali"), ("hires", {"token": AT, "status": "completed"}),
            ("invoice_hire", {"token": AT, "hire_id": "$hires.hires.0.hire_id"}),
            ("record_payment", {"token": AT, "invoice_id": "$invoice_hire.invoice.invoice_id", "amount": 1868.4,
                                "method": "bank_transfer"})]

# Elmcroft: credit checked, Thursday's crane confirmed; a permit for Bastion Yard applied for and granted
ELMCROFT = [sign_in("anjali"), ("find_customer", {"token": AT, "text": "Elmcroft"}),
            ("credit_check", {"token": AT, "customer_id": "$find_customer.customers.0.customer_id", "limit": 8000.0})]
ELMCROFT_PERMIT = [sign_in("sabine"), ("hires", {"token": ST, "date": THU, "status": "quoted"}),
                   ("hire_sheet", {"token": ST, "hire_id": "$hires.hires.0.hire_id"}),
                   ("apply_permit", {"token": ST, "hire_id": "$hires.hires.0.hire_id", "closure": "lane",
                                     "start_time": "07:30"}),
                   ("record_permit", {"token": ST, "application_id": "$apply_permit.application.application_id",
                                      "permit_number": "OT/40902", "conditions": "Lane closure 07:30 to 15:30"})]

# the 35-tonne Liebherr (MC-05): its thorough examination, then allocated to Blackmore's Wednesday job (HJ-50414)
EXAMINED = [sign_in("hamish"), ("cranes", {"token": HT, "crane_class": "C30"}),
            ("record_examination", {"token": HT, "crane_id": "$cranes.cranes.0.crane_id", "examined_on": "2043-03-09",
                                    "examiner": "Tennant Lifting Inspection", "report_number": "TLI-81302",
                                    "result": "pass"}),
            sign_in("sabine"), ("hires", {"token": ST, "date": WED}),
            ("operators", {"token": ST, "category": "A60"}),
            ("allocate", {"token": ST, "hire_id": "$hires.hires.0.hire_id", "crane_id": "$cranes.cranes.0.crane_id",
                          "operator_id": "$operators.operators.0.operator_id"})]
EXAMINED_FREE = [sign_in("hamish"), ("free_cranes", {"token": HT, "date": TODAY, "crane_class": "C30"}),
                 ("record_examination", {"token": HT, "crane_id": "$free_cranes.0.0", "examined_on": "2043-03-09",
                                         "examiner": "Tennant Lifting Inspection", "report_number": "TLI-81302",
                                         "result": "pass"})]

# the Tadano (MC-08): its dangerous defect cleared, then allocated to Blackmore's Thursday job (HJ-50415)
CLEARED = [sign_in("hamish"), ("defects", {"token": HT}),
           ("clear_defect", {"token": HT, "defect_id": "$defects.defects.0.defect_id",
                             "repair": "New seal on the front outrigger jack; pressure tested"}),
           sign_in("sabine"), ("hires", {"token": ST, "date": THU}), ("cranes", {"token": ST, "crane_class": "C60"}),
           ("operators", {"token": ST, "category": "A60"}),
           ("allocate", {"token": ST, "hire_id": "$hires.hires.1.hire_id", "crane_id": "$cranes.cranes.1.crane_id",
                         "operator_id": "$operators.operators.2.operator_id"})]
# the mini crawler (MC-03): checked this morning; a minor defect reported and cleared
MINI_CHECK = [sign_in("hamish"), ("free_cranes", {"token": HT, "date": TODAY, "crane_class": "MINI"}),
              ("pre_use_check", {"token": HT, "crane_id": "$free_cranes.0.0", "hours_meter": 2210})]
MINI_DEFECT = [sign_in("hamish"), ("cranes", {"token": HT, "crane_class": "MINI"}),
               ("report_defect", {"token": HT, "crane_id": "$cranes.cranes.0.crane_id",
                                  "description": "Track tension light on the left side", "severity": "minor"}),
               ("clear_defect", {"token": HT, "defect_id": "$report_defect.defect.defect_id",
                                 "repair": "Track tension adjusted"})]
MINI_DEFECT_FREE = [sign_in("sabine"), ("free_cranes", {"token": ST, "date": TODAY, "crane_class": "MINI"}),
                    ("report_defect", {"token": ST, "crane_id": "$free_cranes.0.0",
                                       "description": "Operator reports a cracked mirror", "severity": "advisory"})]

# Rhodri Bevan (OP-22): his renewed A60 card, then allocated with the 60-tonne Liebherr to HJ-50415
CARDED = [sign_in("hamish"), ("operators", {"token": HT, "category": "A60"}),
          ("record_card", {"token": HT, "operator_id": "$operators.operators.1.operator_id", "category": "A60",
                           "card_number": "39920417", "expires": "2048-02-28"}),
          sign_in("sabine"), ("hires", {"token": ST, "date": THU}), ("cranes", {"token": ST, "crane_class": "C60"}),
          ("allocate", {"token": ST, "hire_id": "$hires.hires.1.hire_id", "crane_id": "$cranes.cranes.0.crane_id",
                        "operator_id": "$operators.operators.1.operator_id"})]
# Blackmore's Thursday bridge job (HJ-50415) moves to Friday
MOVED = [sign_in("sabine"), ("hires", {"token": ST, "date": THU, "status": "confirmed"}),
         ("reschedule_hire", {"token": ST, "hire_id": "$hires.hires.0.hire_id", "new_date": FRI})]
# Elmcroft's Thursday quote (HJ-50409) cancelled
CANCELLED = [sign_in("sabine"), ("hires", {"token": ST, "date": THU, "status": "quoted"}),
             ("cancel_hire", {"token": ST, "hire_id": "$hires.hires.0.hire_id",
                              "reason": "Elmcroft have put the roof off a week"})]

_BODY = [
    # customers and sites
    ("open_account", "update_customer", ORME_UPDATE),
    ("find_customer", "update_customer", TREGELLAS_EMAIL),
    ("open_account", "credit_check", ORME_CREDIT),
    ("find_customer", "credit_check", ELMCROFT),
    ("open_account", "add_site", ORME_SITE),
    ("find_customer", "add_site", HARTNOLL_SITE),
    ("open_account", "sites", ORME_SITES),
    ("find_customer", "sites", cut(HARTNOLL_FRIDAY, "sites")),
    ("open_account", "quote_hire", ORME_QUOTE),
    ("find_customer", "quote_hire", HARTNOLL_FRIDAY),
    ("open_account", "statement", ORME_STATEMENT),
    ("find_customer", "statement", TREGELLAS_STATEMENT),
    ("open_account", "send_message", ORME_MESSAGE),
    ("find_customer", "send_message", TREGELLAS_MESSAGE),
    ("add_site", "quote_hire", ORME_QUOTE),
    ("sites", "quote_hire", HARTNOLL_FRIDAY),
    ("add_site", "site_survey", ORME_SURVEY),
    ("sites", "site_survey", CUTHMAN_SITES),
    ("rate_card", "quote_hire", [("rate_card", {})] + ORME_SITE + ORME_QUOTE[len(ORME_SITE) + 1:]),
    # hires
    ("quote_hire", "hire_sheet", ORME_SHEET),
    ("hires", "hire_sheet", cut(ELMCROFT_PERMIT, "hire_sheet")),
    ("quote_hire", "reschedule_hire", HARTNOLL_MOVE),
    ("hires", "reschedule_hire", MOVED),
    ("quote_hire", "confirm_hire", ORME_CONFIRMED),
    ("hires", "confirm_hire", TREGELLAS),
    ("quote_hire", "take_deposit", HARTNOLL_DEPOSIT),
    ("hires", "take_deposit", cut(HARTNOLL, "take_deposit")),
    ("quote_hire", "cancel_hire", HARTNOLL_CANCEL),
    ("hires", "cancel_hire", CANCELLED),
    ("quote_hire", "apply_permit", HARTNOLL_PERMIT),
    ("hires", "apply_permit", cut(ELMCROFT_PERMIT, "apply_permit")),
    ("quote_hire", "allocate", ORME_ALLOCATED),
    ("hires", "allocate", EXAMINED),
    ("quote_hire", "write_lift_plan", ORME_PLAN),
    ("hires", "write_lift_plan", ORME_LISTED_PLAN),
    ("quote_hire", "dispatch", cut(BLACKMORE_NEW, "dispatch")),
    ("hires", "dispatch", CUTHMAN),
    ("quote_hire", "record_timesheet", cut(BLACKMORE_NEW, "record_timesheet")),
    ("hires", "record_timesheet", cut(BLACKMORE, "record_timesheet")),
    ("quote_hire", "invoice_hire", BLACKMORE_NEW),
    ("hires", "invoice_hire", cut(INVOICED, "invoice_hire")),
    ("credit_check", "confirm_hire", ORME_CONFIRMED),
    ("take_deposit", "confirm_hire", cut(HARTNOLL, "confirm_hire")),
    ("record_payment", "confirm_hire", TREGELLAS),
    # lift planning and permits
    ("site_survey", "write_lift_plan", ORME_PLAN),
    ("allocate", "write_lift_plan", ORME_PLAN),
    ("write_lift_plan", "approve_lift_plan", ORME_APPROVED),
    ("lift_plans", "approve_lift_plan", cut(CUTHMAN, "approve_lift_plan")),
    ("apply_permit", "record_permit", ELMCROFT_PERMIT),
    ("permits", "record_permit", cut(HARTNOLL, "record_permit")),
    # the fleet and operators
    ("cranes", "allocate", EXAMINED),
    ("free_cranes", "allocate", ORME_ALLOCATED),
    ("cranes", "pre_use_check", cut(BLACKMORE, "pre_use_check")),
    ("free_cranes", "pre_use_check", MINI_CHECK),
    ("cranes", "record_examination", cut(EXAMINED, "record_examination")),
    ("free_cranes", "record_examination", EXAMINED_FREE),
    ("cranes", "report_defect", cut(MINI_DEFECT, "report_defect")),
    ("free_cranes", "report_defect", MINI_DEFECT_FREE),
    ("report_defect", "clear_defect", MINI_DEFECT),
    ("defects", "clear_defect", cut(CLEARED, "clear_defect")),
    ("operators", "allocate", ORME_ALLOCATED),
    ("operators", "record_card", cut(CARDED, "record_card")),
    ("record_examination", "allocate", EXAMINED),
    ("record_card", "allocate", CARDED),
    ("confirm_hire", "allocate", ORME_ALLOCATED),
    ("clear_defect", "allocate", CLEARED),
    # going out, timesheets and accounts
    ("allocate", "dispatch", HARTNOLL),
    ("approve_lift_plan", "dispatch", CUTHMAN),
    ("record_permit", "dispatch", HARTNOLL),
    ("pre_use_check", "dispatch", cut(BLACKMORE, "dispatch")),
    ("dispatch", "record_timesheet", cut(BLACKMORE, "record_timesheet")),
    ("record_timesheet", "invoice_hire", cut(BLACKMORE, "invoice_hire")),
    ("invoice_hire", "record_payment", BLACKMORE),
    ("invoices", "record_payment", cut(TREGELLAS, "record_payment")),
]

_OWN = {"sign_out": [sign_in("gwendolen"), ("sign_out", {"token": "$gwendolen.token"})]}


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
    # Blackmore e-mailed before their 60-tonne goes out
    ("send_message", cut(BLACKMORE, "pre_use_check")
     + [("find_customer", {"token": ST, "text": "Blackmore"}),
        ("send_message", {"token": ST, "customer_id": "$find_customer.customers.0.customer_id",
                          "subject": "Your crane today", "body": "The 60-tonne leaves the yard at seven."}),
        cut(BLACKMORE, "dispatch")[-1]]),
    # Orme Valley's statement read before their crane is allocated
    ("statement", ORME_ALLOCATED[:-1] + [("statement", {"token": ST, "customer_id": OID})] + ORME_ALLOCATED[-1:]),
    # the rate card read before Blackmore's timesheet is recorded
    ("rate_card", cut(BLACKMORE, "dispatch") + [("rate_card", {})] + cut(BLACKMORE, "record_timesheet")[-1:]),
    # the open defects read before Tregellas' crane is confirmed
    ("defects", TREGELLAS[:-1] + [("defects", {"token": ST})] + TREGELLAS[-1:]),
    # the lift plans read before yesterday's Tregellas invoice is paid
    ("lift_plans", INVOICED[:-1] + [("lift_plans", {"token": AT})] + INVOICED[-1:]),
    # Tregellas' e-mail changed before their crane is confirmed
    ("update_customer", TREGELLAS[:-1] + [("find_customer", {"token": ST, "text": "Tregellas"}),
                                          ("update_customer", {"token": ST,
                                                               "customer_id": "$find_customer.customers.0.customer_id",
                                                               "email": "kenver.penhale@tregellas-steel.example"})]
     + TREGELLAS[-1:]),
    # a minor defect reported on the mini crawler before Blackmore's 60-tonne goes out
    ("report_defect", cut(BLACKMORE, "pre_use_check")
     + [("free_cranes", {"token": HT, "date": TODAY, "crane_class": "MINI"}),
        ("report_defect", {"token": HT, "crane_id": "$free_cranes.0.0",
                           "description": "Track tension light on the left side", "severity": "minor"}),
        cut(BLACKMORE, "dispatch")[-1]]),
    # Elmcroft's credit checked before Hartnoll & Dunster's deposit is taken
    ("credit_check", cut(HARTNOLL, "hires") + ELMCROFT + cut(HARTNOLL, "take_deposit")[-1:]),
]
