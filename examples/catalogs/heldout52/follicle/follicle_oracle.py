"""Scripted proofs that Follicle's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, with the module's ``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "derval")``) and pass ``"$derval.token"``; replies are read by field (``"$talitha.patient_id"``,
``"$screen_t.screening_id"``, ``"$open_cycle.cycle_id"`` with ``"$open_cycle.invoice_id"`` and
``"$open_cycle.fee"``, ``"$invoice_storage.invoice_id"`` with ``"$invoice_storage.amount"``), list entries by position
and field (``"$find_patient.0.patient_id"``, ``"$cycles.1.cycle_id"``, ``"$invoices.0.invoice_id"`` with
``"$invoices.0.amount"``, ``"$storage.0.storage_id"`` with ``"$storage.0.patient_id"``), rows by row and column
(``"$treatment_tariff.1.0"``, ``"$consent_forms.3.0"``, ``"$theatre_list.1.0"``, ``"$donors.1.0"``,
``"$embryos.0.0"``). The positions follow the fresh state's order (records by id, each list filtered as the call
asks). Every id and code of the centre's is read from a reply; none is written literally (names, dates, doses,
measurements, panel references and telephone numbers are written as the staff are told them).

The day: a new couple, Talitha and Goronwy Brenchley, are registered, linked, screened, cleared, consented and start a
self-funded ICSI cycle; Nerida Lammiman is counselled, consents to donor sperm, opens a cycle and has a donor reserved;
Kerenza Satterly-Gaulter pays and starts stimulation; Eirwen Dransfield-Haigh's NHS funding is approved and she starts;
Zilla Friedlander-Mba starts and has her baseline scan; Orianne Vanstraaten is scanned, triggered and booked for
Saturday's theatre; Corvina Rushbrook is booked, collected and her eggs fertilised; Brannagh Holmwood-Kitteridge has a
donor unit reserved, is collected and her eggs injected; Ketura Tarrowby's blastocysts are graded, one transferred and
two frozen; Dympna Blakiston-Sempill's positive test closes her cycle, which is reported; Hafwen Postlethwaite renews
her storage; Caedmon Postlethwaite is linked to her and screened; Orianne Vanstraaten has a new telephone number.
"""

import follicle_tools as tools

WHO = {"derval": ("derval.p", "Consent-Folder-38"), "dagny": ("dagny.c", "Scan-Trolley-51"),
       "abelard": ("abelard.n", "Follicle-Chart-77"), "feodora": ("feodora.m", "Culture-Dish-24"),
       "benedicta": ("benedicta.y", "Quiet-Room-63"), "godwyn": ("godwyn.m", "Invoice-Ledger-19"),
       "maelona": ("maelona.k", "Licence-Holder-86")}
ST, DT, CT, IT = "$derval.token", "$dagny.token", "$abelard.token", "$feodora.token"
BT, FT, YT = "$benedicta.token", "$godwyn.token", "$maelona.token"
FOUND = "$find_patient.0.patient_id"
SCREEN = ["HIV", "HBsAg", "anti-HBc", "HCV"]


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- a new couple: registered, linked, screened, cleared, consented, a self-funded ICSI cycle opened and started

TALITHA = "$talitha.patient_id"
GORONWY = "$goronwy.patient_id"


def couple(funding: str) -> list:
    return [
        login("derval"),
        ("register_patient", {"token": ST, "full_name": "Talitha Brenchley", "date_of_birth": "2024-06-14",
                              "sex": "female", "email": "talitha.brenchley@example.org"}, "talitha"),
        ("register_patient", {"token": ST, "full_name": "Goronwy Brenchley", "date_of_birth": "2022-02-03",
                              "sex": "male", "email": "goronwy.brenchley@example.org"}, "goronwy"),
        ("link_partner", {"token": ST, "patient_id": TALITHA, "partner_id": GORONWY}),
        login("dagny"),
        ("record_screening", {"token": DT, "patient_id": TALITHA, "tests": SCREEN, "taken_on": "2056-03-02"},
         "screen_t"),
        ("record_screening", {"token": DT, "patient_id": GORONWY, "tests": SCREEN, "taken_on": "2056-03-02"},
         "screen_o"),
        login("abelard"),
        ("review_screening", {"token": CT, "screening_id": "$screen_t.screening_id", "cleared": True}, "review_t"),
        ("review_screening", {"token": CT, "screening_id": "$screen_o.screening_id", "cleared": True}, "review_o"),
        ("consent_forms", {}),
        ("sign_consent", {"token": ST, "patient_id": TALITHA, "form_code": "$consent_forms.0.0",
                          "witness": "Derval Pembleton"}, "wt"),
        ("sign_consent", {"token": ST, "patient_id": GORONWY, "form_code": "$consent_forms.1.0",
                          "witness": "Derval Pembleton"}, "mt"),
        ("treatment_tariff", {}),
        ("open_cycle", {"token": ST, "patient_id": TALITHA, "treatment_code": "$treatment_tariff.1.0",
                        "funding": funding, "partner_id": GORONWY}),
    ]


COUPLE = couple("self") + [
    login("godwyn"),
    ("record_payment", {"token": FT, "invoice_id": "$open_cycle.invoice_id", "amount": "$open_cycle.fee",
                        "method": "card"}),
    ("start_stimulation", {"token": CT, "cycle_id": "$open_cycle.cycle_id", "drug": "follitropin_alfa",
                           "daily_dose_iu": 225}),
    ("record_scan", {"token": DT, "cycle_id": "$open_cycle.cycle_id", "follicle_sizes_mm": [5.0, 6.5, 5.5, 7.0],
                     "endometrium_mm": 5.0}),
]
COUPLE_PLAN = couple("self") + [("set_transfer_plan", {"token": CT, "cycle_id": "$open_cycle.cycle_id",
                                                       "embryos_to_transfer": 1})]
COUPLE_NHS = couple("nhs") + [
    login("godwyn"),
    ("approve_funding", {"token": FT, "cycle_id": "$open_cycle.cycle_id", "panel_reference": "ICB-QMH-2056-0181"})]
TALITHA_RECORD = [login("derval"), cut(couple("self"), "talitha")[1], ("patient_record", {"token": ST,
                                                                                           "patient_id": TALITHA})]
TALITHA_COUNSELLED = [login("derval"), cut(couple("self"), "talitha")[1], login("benedicta"),
                      ("counselling", {"token": BT, "patient_id": TALITHA, "kind": "support",
                                       "notes": "Talked through the stress of starting treatment"})]

# ---- Nerida Lammiman: counselled, consents to donor sperm, a cycle opened and a donor reserved

JOCASTA = [
    login("benedicta"),
    ("find_patient", {"token": BT, "text": "Lammiman"}),
    ("counselling", {"token": BT, "patient_id": FOUND, "kind": "implications",
                     "notes": "Implications of treatment with donor sperm for her and any child discussed"}),
    login("derval"),
    ("consent_forms", {}),
    ("sign_consent", {"token": ST, "patient_id": FOUND, "form_code": "$consent_forms.2.0",
                      "witness": "Derval Pembleton"}),
    ("treatment_tariff", {}),
    ("open_cycle", {"token": ST, "patient_id": FOUND, "treatment_code": "$treatment_tariff.2.0", "funding": "self"}),
    login("feodora"),
    ("donors", {"token": IT, "blood_group": "O-"}),
    ("reserve_donor", {"token": IT, "cycle_id": "$open_cycle.cycle_id", "donor_id": "$donors.0.0"}),
]

# ---- cycles already open: paid for, approved, started

CLEMENCY = [
    login("godwyn"),
    ("invoices", {"token": FT, "status": "unpaid"}),
    ("record_payment", {"token": FT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.amount",
                        "method": "bank_transfer"}),
    login("abelard"),
    ("cycles", {"token": CT, "status": "open"}),
    ("start_stimulation", {"token": CT, "cycle_id": "$cycles.1.cycle_id", "drug": "follitropin_delta",
                           "daily_dose_iu": 150}),
]
DELPHINE = [
    login("godwyn"),
    ("cycles", {"token": FT, "status": "open"}),
    ("approve_funding", {"token": FT, "cycle_id": "$cycles.2.cycle_id", "panel_reference": "ICB-QMH-2056-0172"}),
    login("abelard"),
    ("start_stimulation", {"token": CT, "cycle_id": "$cycles.2.cycle_id", "drug": "follitropin_alfa",
                           "daily_dose_iu": 200}),
]
ANOUK = [
    login("abelard"),
    ("cycles", {"token": CT, "status": "open"}),
    ("start_stimulation", {"token": CT, "cycle_id": "$cycles.0.cycle_id", "drug": "menotropin",
                           "daily_dose_iu": 300}),
    login("dagny"),
    ("record_scan", {"token": DT, "cycle_id": "$cycles.0.cycle_id", "follicle_sizes_mm": [4.0, 5.5, 6.0, 5.0],
                     "endometrium_mm": 4.5}),
]

# ---- stimulation to theatre: Orianne Vanstraaten triggered and booked, Corvina Rushbrook collected

OTTILIE = [
    login("dagny"),
    ("cycles", {"token": DT, "status": "stimulating"}),
    ("record_scan", {"token": DT, "cycle_id": "$cycles.0.cycle_id",
                     "follicle_sizes_mm": [18.0, 19.5, 17.5, 16.0, 15.0], "endometrium_mm": 9.0}),
    ("record_trigger", {"token": DT, "cycle_id": "$cycles.0.cycle_id", "drug": "hcg",
                        "given_at": "2056-03-09 21:00"}),
    login("derval"),
    ("theatre_list", {"token": ST, "day": "2056-03-11"}),
    ("book_collection", {"token": ST, "cycle_id": "$cycles.0.cycle_id", "slot_code": "$theatre_list.0.0"}),
]
SERAPHINA = [
    login("derval"),
    ("cycles", {"token": ST, "status": "triggered"}),
    ("theatre_list", {"token": ST, "day": "2056-03-09"}),
    ("book_collection", {"token": ST, "cycle_id": "$cycles.0.cycle_id", "slot_code": "$theatre_list.1.0"}),
    login("feodora"),
    ("record_collection", {"token": IT, "cycle_id": "$cycles.0.cycle_id", "eggs_collected": 12, "mature_eggs": 10}),
    ("log_sperm_sample", {"token": IT, "cycle_id": "$cycles.0.cycle_id", "source": "partner",
                          "motile_million": 42.5}),
    ("fertilise", {"token": IT, "cycle_id": "$cycles.0.cycle_id", "method": "IVF"}),
]
VERITY = [
    login("feodora"),
    ("cycles", {"token": IT, "status": "triggered"}),
    ("donors", {"token": IT, "blood_group": "O-"}),
    ("reserve_donor", {"token": IT, "cycle_id": "$cycles.1.cycle_id", "donor_id": "$donors.0.0"}),
    ("record_collection", {"token": IT, "cycle_id": "$cycles.1.cycle_id", "eggs_collected": 9, "mature_eggs": 8}),
    ("log_sperm_sample", {"token": IT, "cycle_id": "$cycles.1.cycle_id", "source": "donor", "motile_million": 14.0}),
    ("fertilise", {"token": IT, "cycle_id": "$cycles.1.cycle_id", "method": "ICSI"}),
]

# ---- the laboratory: Ketura Tarrowby's blastocysts graded, one transferred, two frozen

IMOGEN = [
    login("feodora"),
    ("cycles", {"token": IT, "status": "collected"}),
    ("embryos", {"token": IT, "cycle_id": "$cycles.0.cycle_id"}),
    ("grade_embryo", {"token": IT, "embryo_id": "$embryos.0.0", "grade": "4AA"}, "g1"),
    ("grade_embryo", {"token": IT, "embryo_id": "$embryos.1.0", "grade": "4AB"}, "g2"),
    ("grade_embryo", {"token": IT, "embryo_id": "$embryos.2.0", "grade": "3BB"}, "g3"),
    login("abelard"),
    ("set_transfer_plan", {"token": CT, "cycle_id": "$cycles.0.cycle_id", "embryos_to_transfer": 1}),
    ("transfer_embryo", {"token": CT, "embryo_id": "$embryos.0.0"}),
]
IMOGEN_FREEZE = cut(IMOGEN, "g3") + [
    login("derval"),
    ("find_patient", {"token": ST, "text": "Tarrowby"}),
    ("consent_forms", {}),
    ("sign_consent", {"token": ST, "patient_id": "$find_patient.0.patient_id", "form_code": "$consent_forms.3.0",
                      "witness": "Derval Pembleton", "storage_years": 10}, "ws"),
    ("sign_consent", {"token": ST, "patient_id": "$find_patient.1.patient_id", "form_code": "$consent_forms.4.0",
                      "witness": "Derval Pembleton", "storage_years": 10}, "ms"),
    ("freeze_embryos", {"token": IT, "embryo_ids": ["$embryos.1.0", "$embryos.2.0"]}),
]

# ---- outcomes: Dympna Blakiston-Sempill's test, close and report

HENRIETTA = [
    login("dagny"),
    ("cycles", {"token": DT, "status": "transferred"}),
    ("record_pregnancy_test", {"token": DT, "cycle_id": "$cycles.0.cycle_id", "result": "positive",
                               "hcg_iu_per_l": 212.0}),
    login("abelard"),
    ("close_cycle", {"token": CT, "cycle_id": "$cycles.0.cycle_id", "outcome": "pregnant"}),
    ("submit_regulator_form", {"token": CT, "cycle_id": "$cycles.0.cycle_id"}),
]

# ---- storage: Hafwen Postlethwaite renews; Caedmon Postlethwaite linked and screened

ROSALIND = [
    login("godwyn"),
    ("storage", {"token": FT, "expiring_before": "2057-01-01"}),
    ("invoice_storage", {"token": FT, "storage_id": "$storage.0.storage_id", "years": 5}),
    ("record_payment", {"token": FT, "invoice_id": "$invoice_storage.invoice_id", "amount": "$invoice_storage.amount",
                        "method": "card"}),
    login("derval"),
    ("consent_forms", {}),
    ("sign_consent", {"token": ST, "patient_id": "$storage.0.patient_id", "form_code": "$consent_forms.3.0",
                      "witness": "Derval Pembleton", "storage_years": 5}),
    login("feodora"),
    ("renew_storage", {"token": IT, "storage_id": "$storage.0.storage_id", "years": 5}),
]
QUENBY = [login("derval"), ("find_patient", {"token": ST, "text": "Postlethwaite"}),
          ("link_partner", {"token": ST, "patient_id": "$find_patient.0.patient_id",
                            "partner_id": "$find_patient.1.patient_id"})]
ESMOND = [login("dagny"), ("find_patient", {"token": DT, "text": "Postlethwaite"}),
          ("record_screening", {"token": DT, "patient_id": "$find_patient.1.patient_id", "tests": SCREEN,
                                "taken_on": "2056-03-06"})]
VERITY_RECORD = [login("maelona"), ("find_patient", {"token": YT, "text": "Holmwood"}),
                 ("patient_record", {"token": YT, "patient_id": FOUND})]
OTTILIE_PHONE = [login("derval"), ("find_patient", {"token": ST, "text": "Vanstraaten"}),
                 ("update_contact", {"token": ST, "patient_id": FOUND, "phone": "07700 900418"})]
HENRIETTA_DETAIL = [login("maelona"), ("cycles", {"token": YT, "status": "transferred"}),
                    ("cycle_detail", {"token": YT, "cycle_id": "$cycles.0.cycle_id"})]

_BODY = [
    # patients: found or registered
    ("find_patient", "patient_record", VERITY_RECORD),
    ("register_patient", "patient_record", TALITHA_RECORD),
    ("find_patient", "link_partner", QUENBY),
    ("register_patient", "link_partner", cut(COUPLE, "link_partner")),
    ("find_patient", "record_screening", ESMOND),
    ("register_patient", "record_screening", cut(COUPLE, "record_screening")),
    ("find_patient", "sign_consent", cut(JOCASTA, "sign_consent")),
    ("register_patient", "sign_consent", cut(COUPLE, "sign_consent")),
    ("find_patient", "counselling", cut(JOCASTA, "counselling")),
    ("register_patient", "counselling", TALITHA_COUNSELLED),
    ("find_patient", "open_cycle", cut(JOCASTA, "open_cycle")),
    ("register_patient", "open_cycle", cut(COUPLE, "open_cycle")),
    # cycles: opened today or listed
    ("open_cycle", "approve_funding", COUPLE_NHS),
    ("cycles", "approve_funding", cut(DELPHINE, "approve_funding")),
    ("open_cycle", "start_stimulation", cut(COUPLE, "start_stimulation")),
    ("cycles", "start_stimulation", CLEMENCY),
    ("open_cycle", "reserve_donor", JOCASTA),
    ("cycles", "reserve_donor", cut(VERITY, "reserve_donor")),
    ("open_cycle", "set_transfer_plan", COUPLE_PLAN),
    ("cycles", "set_transfer_plan", cut(IMOGEN, "set_transfer_plan")),
    ("open_cycle", "record_scan", COUPLE),
    ("cycles", "record_scan", ANOUK),
    ("cycles", "record_trigger", cut(OTTILIE, "record_trigger")),
    ("cycles", "book_collection", cut(SERAPHINA, "book_collection")),
    ("cycles", "record_collection", cut(SERAPHINA, "record_collection")),
    ("cycles", "log_sperm_sample", cut(SERAPHINA, "log_sperm_sample")),
    ("cycles", "fertilise", SERAPHINA),
    ("cycles", "record_pregnancy_test", cut(HENRIETTA, "record_pregnancy_test")),
    ("cycles", "close_cycle", cut(HENRIETTA, "close_cycle")),
    ("cycles", "submit_regulator_form", HENRIETTA),
    # embryos and storage
    ("embryos", "grade_embryo", cut(IMOGEN, "g1")),
    ("embryos", "transfer_embryo", IMOGEN),
    ("embryos", "freeze_embryos", IMOGEN_FREEZE),
    ("storage", "invoice_storage", cut(ROSALIND, "invoice_storage")),
    ("storage", "renew_storage", ROSALIND),
    # invoices, screens, donors and vocabularies
    ("open_cycle", "record_payment", cut(COUPLE, "record_payment")),
    ("invoices", "record_payment", cut(CLEMENCY, "record_payment")),
    ("invoice_storage", "record_payment", cut(ROSALIND, "record_payment")),
    ("record_screening", "review_screening", cut(COUPLE, "review_t")),
    ("donors", "reserve_donor", JOCASTA),
    ("treatment_tariff", "open_cycle", cut(COUPLE, "open_cycle")),
    ("consent_forms", "sign_consent", cut(COUPLE, "wt")),
    ("theatre_list", "book_collection", OTTILIE),
    # vetting, documents, state, payment, approval and setting
    ("review_screening", "open_cycle", cut(COUPLE, "open_cycle")),
    ("sign_consent", "open_cycle", cut(JOCASTA, "open_cycle")),
    ("sign_consent", "freeze_embryos", IMOGEN_FREEZE),
    ("sign_consent", "renew_storage", ROSALIND),
    ("link_partner", "open_cycle", cut(COUPLE, "open_cycle")),
    ("counselling", "reserve_donor", JOCASTA),
    ("record_payment", "start_stimulation", CLEMENCY),
    ("approve_funding", "start_stimulation", DELPHINE),
    ("record_payment", "renew_storage", ROSALIND),
    ("start_stimulation", "record_scan", ANOUK),
    ("record_scan", "record_trigger", cut(OTTILIE, "record_trigger")),
    ("record_trigger", "book_collection", OTTILIE),
    ("book_collection", "record_collection", cut(SERAPHINA, "record_collection")),
    ("record_collection", "fertilise", SERAPHINA),
    ("log_sperm_sample", "fertilise", SERAPHINA),
    ("reserve_donor", "log_sperm_sample", cut(VERITY, "log_sperm_sample")),
    ("grade_embryo", "transfer_embryo", IMOGEN),
    ("grade_embryo", "freeze_embryos", IMOGEN_FREEZE),
    ("set_transfer_plan", "transfer_embryo", IMOGEN),
    ("record_pregnancy_test", "close_cycle", cut(HENRIETTA, "close_cycle")),
    ("close_cycle", "submit_regulator_form", HENRIETTA),
]

_OWN = {
    "sign_out": [login("maelona"), ("sign_out", {"token": YT})],
    "update_contact": OTTILIE_PHONE,
    "cycle_detail": HENRIETTA_DETAIL,
}


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
    # the tariff read before Dympna Blakiston-Sempill's form is submitted
    ("treatment_tariff", [("treatment_tariff", {})] + HENRIETTA),
    # Orianne Vanstraaten's telephone number changed before her collection is booked
    ("update_contact", OTTILIE_PHONE + OTTILIE),
    # Dympna Blakiston-Sempill's test recorded before Corvina Rushbrook's eggs are fertilised
    ("record_pregnancy_test", cut(HENRIETTA, "record_pregnancy_test") + SERAPHINA),
    # Nerida Lammiman counselled before Brannagh Holmwood-Kitteridge's eggs are injected
    ("counselling", cut(JOCASTA, "counselling") + VERITY),
    # an embryo of Ketura Tarrowby's graded before Dympna Blakiston-Sempill's form is submitted
    ("grade_embryo", cut(IMOGEN, "g1") + HENRIETTA),
    # Eirwen Dransfield-Haigh's funding approved before Hafwen Postlethwaite's storage is renewed
    ("approve_funding", cut(DELPHINE, "approve_funding") + ROSALIND),
    # the donors listed before Ketura Tarrowby's transfer
    ("donors", [login("feodora"), ("donors", {"token": IT})] + IMOGEN),
    # today's theatre list read before Brannagh Holmwood-Kitteridge's record is read
    ("theatre_list", [login("derval"), ("theatre_list", {"token": ST, "day": "2056-03-09"})] + VERITY_RECORD),
]
