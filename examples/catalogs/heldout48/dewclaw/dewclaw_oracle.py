"""Scripted proofs that Dewclaw's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, which records a raised built-in exception as an error; the replies are dataclasses,
which the runtime converts to JSON, so the proofs run through the runtime alone).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff log in by first name (``("login",
{...}, "nerys")``) and pass ``"$nerys.token"``; replies are read by field (``"$register_volunteer.volunteer_id"``,
``"$place_puppy.placement_id"``, ``"$register_client.client_id"``, ``"$propose_match.match_id"``,
``"$qualify_partnership.partnership_id"``, ``"$submit_expense.claim_id"``), list entries by position and field
(``"$find_dog.0.dog_id"``, ``"$find_volunteer.0.volunteer_id"``, ``"$placements.0.placement_id"``,
``"$find_client.0.client_id"``, ``"$find_client.0.match_id"``, ``"$find_client.0.partnership_id"``,
``"$expense_claims.0.claim_id"``), rows by row and column (``"$register_litter.pups.0.0"``, ``"$trainers.0.0"``,
``"$centres.1.0"``, ``"$expense_codes.0.0"``, ``"$waiting_list.0.0"``). The positions follow the fresh state's order
(records by id, the waiting list longest waiting first, each list filtered as the call asks). Every id, centre code
and expense code is read from a reply; none is written literally (names, addresses, phone numbers, dates, pups'
names, chip numbers, vets, scores, notes, reasons, amounts and bank details are written as the staff are told them).

The day: Marram's litter is registered; Quaver comes back from Mair Penri, is screened and starts training, and
Quill comes back from Deiniol Powell and starts too; Sedge is chipped, vaccinated and placed with Iolo Parry; Delyth
Rowlands's home is checked and Sidan placed with her; Ripple passes his final assessment, qualifies and is offered
to Angharad Vaughan; Tomos Griffiths joins the waiting list and is matched with Pollen through to a partnership;
Elin Meyrick-Hughes is assessed; Nia Ifans accepts Wicket; Rhodri Bowen's agreement is signed and his
partnership with Nutmeg qualified; Cobnut's aftercare visit is made; Sorrel changes career; the raisers' expenses
are approved and paid, Iolo Parry's bank details entered.
"""

import dewclaw_tools as tools

WHO = {"nerys": ("nerys.g", "Whelping-Box-34"), "ianto": ("ianto.b", "Hip-Score-71"),
       "eirlys": ("eirlys.m", "Kerb-Stop-26"), "caradog": ("caradog.p", "Trial-Walk-53"),
       "siwan": ("siwan.e", "Food-Claim-88"), "heledd": ("heledd.w", "Harness-Up-19")}
NT, IT, FT, CT, ST, HT = ("$nerys.token", "$ianto.token", "$eirlys.token", "$caradog.token", "$siwan.token",
                          "$heledd.token")
TODAY = "2053-05-15"
DOG = "$find_dog.0.dog_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("login", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find_dog(token: str, name: str) -> tuple:
    return ("find_dog", {"token": token, "name": name})


# ---- dogs: the litter, the puppies back from their raisers, training, qualifying

MARRAM = [login("nerys"), find_dog(NT, "Marram"),
          ("register_litter", {"token": NT, "dam_id": DOG, "sire": "Hallamford Tarian", "whelped": "2053-05-14",
                               "pup_names": ["Aeron", "Banw", "Cennen", "Dyfi", "Elan"], "bitches": ["Dyfi", "Elan"]}),
          ("dog_record", {"token": NT, "dog_id": "$register_litter.pups.0.0"})]
RIPPLE_RECORD = [login("eirlys"), find_dog(FT, "Ripple"), ("dog_record", {"token": FT, "dog_id": DOG})]
QUAVER = [login("ianto"), find_dog(IT, "Quaver"),
          ("health_screen", {"token": IT, "dog_id": DOG, "screen": "hips", "result": "5/6"}),
          ("health_screen", {"token": IT, "dog_id": DOG, "screen": "elbows", "result": "0"}, "elbows"),
          login("nerys"), ("find_volunteer", {"token": NT, "surname": "Penri"}),
          ("placements", {"token": NT, "volunteer_id": "$find_volunteer.0.volunteer_id"}),
          ("end_placement", {"token": NT, "placement_id": "$placements.0.placement_id",
                             "reason": "Back at fourteen months for formal training"}),
          login("eirlys"), ("centres", {}), ("trainers", {"token": FT, "centre": "$centres.0.0"}),
          ("start_training", {"token": FT, "dog_id": DOG, "trainer_id": "$trainers.0.0", "centre": "$centres.0.0"})]
QUILL = [login("nerys"), ("find_volunteer", {"token": NT, "surname": "Powell"}),
         ("placements", {"token": NT, "volunteer_id": "$find_volunteer.0.volunteer_id"}),
         ("end_placement", {"token": NT, "placement_id": "$placements.0.placement_id",
                            "reason": "Back for formal training"}),
         login("eirlys"), find_dog(FT, "Quill"), ("centres", {}), ("trainers", {"token": FT, "centre": "$centres.0.0"}),
         ("start_training", {"token": FT, "dog_id": DOG, "trainer_id": "$trainers.1.0", "centre": "$centres.0.0"}),
         ("record_assessment", {"token": FT, "dog_id": DOG, "stage": "early", "passed": True,
                                "notes": "Settled quickly; good focus on the harness"})]
RIPPLE = [login("eirlys"), find_dog(FT, "Ripple"),
          ("record_assessment", {"token": FT, "dog_id": DOG, "stage": "final", "passed": True,
                                 "notes": "Clean route through the town centre; steady at kerbs and crossings"}),
          ("qualify_dog", {"token": FT, "dog_id": DOG, "dog_type": "guide"}),
          ("set_matching", {"token": FT, "dog_id": DOG, "available": True}),
          login("caradog"), ("waiting_list", {"token": CT, "need": "guide"}),
          ("propose_match", {"token": CT, "client_id": "$waiting_list.0.0", "dog_id": DOG})]
SORREL = [login("eirlys"), find_dog(FT, "Sorrel"),
          ("withdraw_dog", {"token": FT, "dog_id": DOG, "route": "career_change",
                            "reason": "Has become nervous of traffic"})]

# ---- puppies to their raisers

SEDGE = [login("ianto"), find_dog(IT, "Sedge"),
         ("microchip", {"token": IT, "dog_id": DOG, "chip_number": "956000012392218"}),
         ("record_vaccination", {"token": IT, "dog_id": DOG, "vaccine": "dhp", "given_on": TODAY,
                                 "vet": "Ms Angharad Gruffudd"}),
         login("nerys"), ("find_volunteer", {"token": NT, "surname": "Parry"}),
         ("place_puppy", {"token": NT, "dog_id": DOG, "volunteer_id": "$find_volunteer.0.volunteer_id",
                          "start": TODAY})]
SIDAN = [login("nerys"), ("find_volunteer", {"token": NT, "surname": "Rowlands"}),
         ("home_check", {"token": NT, "volunteer_id": "$find_volunteer.0.volunteer_id", "outcome": "suitable",
                         "notes": "A secure garden and no other dogs"}),
         find_dog(NT, "Sidan"),
         ("place_puppy", {"token": NT, "dog_id": DOG, "volunteer_id": "$find_volunteer.0.volunteer_id",
                          "start": TODAY})]
SIDAN_VISIT = SIDAN + [("visit_report", {"token": NT, "placement_id": "$place_puppy.placement_id",
                                         "progress": "on_track", "notes": "Settling in; sleeping in the kitchen"})]
SIDAN_BACK = SIDAN + [("end_placement", {"token": NT, "placement_id": "$place_puppy.placement_id",
                                         "reason": "The raiser's son turned out to be allergic"})]
QUAVER_VISIT = [login("nerys"), ("placements", {"token": NT}),
                ("visit_report", {"token": NT, "placement_id": "$placements.0.placement_id", "progress": "ahead",
                                  "notes": "Last visit before he comes in; confident on buses"})]
NEW_VOLUNTEER = [login("nerys"),
                 ("register_volunteer", {"token": NT, "name": "Osian Llywelyn", "address": "2 Pen y Bont, Hallam",
                                         "postcode": "HM5 1PB", "phone": "07700 900177", "role": "puppy_raiser",
                                         "email": "osian.llywelyn@example.net"}),
                 ("home_check", {"token": NT, "volunteer_id": "$register_volunteer.volunteer_id",
                                 "outcome": "suitable", "notes": "A flat with a park opposite; works from home"}),
                 find_dog(NT, "Sidan"),
                 ("place_puppy", {"token": NT, "dog_id": DOG, "volunteer_id": "$register_volunteer.volunteer_id",
                                  "start": TODAY}),
                 ("expense_codes", {}),
                 ("submit_expense", {"token": NT, "volunteer_id": "$register_volunteer.volunteer_id",
                                     "month": "2053-05", "items": ["$expense_codes.0.0"], "amounts": [18.6]}),
                 login("siwan"),
                 ("bank_details", {"token": ST, "volunteer_id": "$register_volunteer.volunteer_id",
                                   "account_name": "O Llywelyn", "sort_code": "30-12-88",
                                   "account_number": "40981137"})]

# ---- expenses

IOLO_CLAIM = [login("nerys"), find_dog(NT, "Sidan"), ("find_volunteer", {"token": NT, "surname": "Parry"}),
                ("place_puppy", {"token": NT, "dog_id": DOG, "volunteer_id": "$find_volunteer.0.volunteer_id",
                                 "start": TODAY}),
                ("expense_codes", {}),
                ("submit_expense", {"token": NT, "volunteer_id": "$find_volunteer.0.volunteer_id", "month": "2053-05",
                                    "items": ["$expense_codes.0.0"], "amounts": [22.4]}),
                login("siwan"), ("approve_expense", {"token": ST, "claim_id": "$submit_expense.claim_id"}),
                ("bank_details", {"token": ST, "volunteer_id": "$find_volunteer.0.volunteer_id",
                                  "account_name": "I Parry", "sort_code": "20-56-14", "account_number": "70318842"}),
                ("pay_expense", {"token": ST, "claim_id": "$submit_expense.claim_id"})]
IOLO_BANK = [login("siwan"), ("find_volunteer", {"token": ST, "surname": "Parry"}),
               ("bank_details", {"token": ST, "volunteer_id": "$find_volunteer.0.volunteer_id",
                                 "account_name": "I Parry", "sort_code": "20-56-14", "account_number": "70318842"})]
MAIR_CLAIM = [login("siwan"), ("expense_claims", {"token": ST, "status": "submitted"}),
              ("approve_expense", {"token": ST, "claim_id": "$expense_claims.0.claim_id"}),
              ("pay_expense", {"token": ST, "claim_id": "$expense_claims.0.claim_id"})]
EMRYS_PAY = [login("siwan"), ("expense_claims", {"token": ST, "status": "approved"}),
             ("pay_expense", {"token": ST, "claim_id": "$expense_claims.0.claim_id"})]

# ---- clients, matches and partnerships

TOMOS = [login("caradog"), ("find_client", {"token": CT, "surname": "Griffiths"}), ("centres", {}),
         ("add_to_waiting_list", {"token": CT, "client_id": "$find_client.0.client_id", "centre": "$centres.0.0"}),
         find_dog(CT, "Pollen"),
         ("propose_match", {"token": CT, "client_id": "$find_client.0.client_id", "dog_id": DOG}),
         ("record_trial_walk", {"token": CT, "match_id": "$propose_match.match_id", "outcome": "accept",
                                "notes": "Pollen alerted him to the kitchen timer twice on the walk home"}),
         ("start_team_training", {"token": CT, "match_id": "$propose_match.match_id", "start_date": TODAY}),
         ("sign_agreement", {"token": CT, "match_id": "$propose_match.match_id", "signed_by": "Tomos Griffiths"}),
         ("qualify_partnership", {"token": CT, "match_id": "$propose_match.match_id"}),
         ("aftercare_visit", {"token": CT, "partnership_id": "$qualify_partnership.partnership_id",
                              "outcome": "working_well", "notes": "First day at home together went smoothly"})]
NEW_CLIENT = [login("caradog"),
              ("register_client", {"token": CT, "name": "Morfudd Huws", "address": "11 Glan yr Afon, Hallam",
                                   "postcode": "HM4 2GA", "phone": "07700 900288", "need": "hearing"}),
              ("assess_client", {"token": CT, "client_id": "$register_client.client_id", "outcome": "suitable",
                                 "notes": "Profoundly deaf; lives alone; active and keen"}),
              ("centres", {}),
              ("add_to_waiting_list", {"token": CT, "client_id": "$register_client.client_id",
                                       "centre": "$centres.0.0"}),
              find_dog(CT, "Pollen"),
              ("propose_match", {"token": CT, "client_id": "$register_client.client_id", "dog_id": DOG})]
ELIN = [login("caradog"), ("find_client", {"token": CT, "surname": "Meyrick"}),
          ("assess_client", {"token": CT, "client_id": "$find_client.0.client_id", "outcome": "suitable",
                             "notes": "Uses a wheelchair outdoors; a dog would help with doors and dropped items"}),
          ("centres", {}),
          ("add_to_waiting_list", {"token": CT, "client_id": "$find_client.0.client_id", "centre": "$centres.1.0"})]
IFANS = [login("caradog"), ("find_client", {"token": CT, "surname": "Ifans"}),
        ("record_trial_walk", {"token": CT, "match_id": "$find_client.0.match_id", "outcome": "accept",
                               "notes": "Walked well together through the market; she wants to go ahead"}),
        ("start_team_training", {"token": CT, "match_id": "$find_client.0.match_id", "start_date": "2053-05-19"})]
BOWEN = [login("caradog"), ("find_client", {"token": CT, "surname": "Bowen"}),
        ("sign_agreement", {"token": CT, "match_id": "$find_client.0.match_id",
                            "signed_by": "Geraint and Non Bowen, his parents"}),
        ("qualify_partnership", {"token": CT, "match_id": "$find_client.0.match_id"}),
        ("aftercare_visit", {"token": CT, "partnership_id": "$qualify_partnership.partnership_id",
                             "outcome": "support_needed", "notes": "Nutmeg unsettled by the new school run"})]
BOWEN_RETIRE = cut(BOWEN, "qualify_partnership") + [
    ("retire_dog", {"token": CT, "partnership_id": "$qualify_partnership.partnership_id",
                    "reason": "Nutmeg has a heart murmur and is to retire early"})]
EUAN = [login("caradog"), ("find_client", {"token": CT, "surname": "Llewellyn"}),
        ("aftercare_visit", {"token": CT, "partnership_id": "$find_client.0.partnership_id",
                             "outcome": "working_well", "notes": "Annual visit: Cobnut is working well"})]
EUAN_RETIRE = [login("caradog"), ("find_client", {"token": CT, "surname": "Llewellyn"}),
               ("retire_dog", {"token": CT, "partnership_id": "$find_client.0.partnership_id",
                               "reason": "Cobnut is slowing down at eleven"})]

_BODY = [
    # dogs
    ("find_dog", "dog_record", RIPPLE_RECORD),
    ("register_litter", "dog_record", MARRAM),
    ("find_dog", "microchip", cut(SEDGE, "microchip")),
    ("find_dog", "record_vaccination", cut(SEDGE, "record_vaccination")),
    ("find_dog", "place_puppy", SIDAN),
    ("find_dog", "health_screen", cut(QUAVER, "health_screen")),
    ("find_dog", "start_training", QUAVER),
    ("find_dog", "record_assessment", QUILL),
    ("find_dog", "qualify_dog", cut(RIPPLE, "qualify_dog")),
    ("find_dog", "set_matching", cut(RIPPLE, "set_matching")),
    ("find_dog", "withdraw_dog", SORREL),
    ("find_dog", "propose_match", RIPPLE),
    ("find_dog", "register_litter", cut(MARRAM, "register_litter")),
    # volunteers and placements
    ("find_volunteer", "home_check", cut(SIDAN, "home_check")),
    ("register_volunteer", "home_check", cut(NEW_VOLUNTEER, "home_check")),
    ("find_volunteer", "place_puppy", SIDAN),
    ("register_volunteer", "place_puppy", cut(NEW_VOLUNTEER, "place_puppy")),
    ("find_volunteer", "submit_expense", cut(IOLO_CLAIM, "submit_expense")),
    ("register_volunteer", "submit_expense", cut(NEW_VOLUNTEER, "submit_expense")),
    ("find_volunteer", "bank_details", IOLO_BANK),
    ("register_volunteer", "bank_details", NEW_VOLUNTEER),
    ("placements", "end_placement", cut(QUAVER, "end_placement")),
    ("place_puppy", "end_placement", SIDAN_BACK),
    ("placements", "visit_report", QUAVER_VISIT),
    ("place_puppy", "visit_report", SIDAN_VISIT),
    ("trainers", "start_training", QUAVER),
    # clients, matches, partnerships
    ("find_client", "assess_client", cut(ELIN, "assess_client")),
    ("register_client", "assess_client", cut(NEW_CLIENT, "assess_client")),
    ("find_client", "add_to_waiting_list", cut(TOMOS, "add_to_waiting_list")),
    ("register_client", "add_to_waiting_list", cut(NEW_CLIENT, "add_to_waiting_list")),
    ("find_client", "propose_match", cut(TOMOS, "propose_match")),
    ("register_client", "propose_match", NEW_CLIENT),
    ("propose_match", "record_trial_walk", cut(TOMOS, "record_trial_walk")),
    ("find_client", "record_trial_walk", cut(IFANS, "record_trial_walk")),
    ("propose_match", "start_team_training", cut(TOMOS, "start_team_training")),
    ("find_client", "start_team_training", IFANS),
    ("propose_match", "sign_agreement", cut(TOMOS, "sign_agreement")),
    ("find_client", "sign_agreement", cut(BOWEN, "sign_agreement")),
    ("propose_match", "qualify_partnership", cut(TOMOS, "qualify_partnership")),
    ("find_client", "qualify_partnership", cut(BOWEN, "qualify_partnership")),
    ("qualify_partnership", "aftercare_visit", TOMOS),
    ("find_client", "aftercare_visit", EUAN),
    ("qualify_partnership", "retire_dog", BOWEN_RETIRE),
    ("find_client", "retire_dog", EUAN_RETIRE),
    # expense claims
    ("submit_expense", "approve_expense", cut(IOLO_CLAIM, "approve_expense")),
    ("expense_claims", "approve_expense", cut(MAIR_CLAIM, "approve_expense")),
    ("submit_expense", "pay_expense", IOLO_CLAIM),
    ("expense_claims", "pay_expense", EMRYS_PAY),
    # vocabulary, vetting, documents, payment
    ("centres", "start_training", QUAVER),
    ("centres", "add_to_waiting_list", ELIN),
    ("expense_codes", "submit_expense", cut(IOLO_CLAIM, "submit_expense")),
    ("home_check", "place_puppy", SIDAN),
    ("assess_client", "add_to_waiting_list", ELIN),
    ("health_screen", "start_training", QUAVER),
    ("sign_agreement", "qualify_partnership", cut(BOWEN, "qualify_partnership")),
    ("bank_details", "pay_expense", IOLO_CLAIM),
    # states and the setting
    ("microchip", "place_puppy", SEDGE),
    ("record_vaccination", "place_puppy", SEDGE),
    ("end_placement", "start_training", cut(QUILL, "start_training")),
    ("start_training", "record_assessment", QUILL),
    ("record_assessment", "qualify_dog", cut(RIPPLE, "qualify_dog")),
    ("qualify_dog", "set_matching", cut(RIPPLE, "set_matching")),
    ("add_to_waiting_list", "propose_match", cut(TOMOS, "propose_match")),
    ("record_trial_walk", "start_team_training", IFANS),
    ("record_trial_walk", "sign_agreement", cut(TOMOS, "sign_agreement")),
    ("start_team_training", "qualify_partnership", cut(TOMOS, "qualify_partnership")),
    ("approve_expense", "pay_expense", MAIR_CLAIM),
    ("place_puppy", "submit_expense", cut(IOLO_CLAIM, "submit_expense")),
    ("set_matching", "propose_match", RIPPLE),
]

_OWN = {"logout": [login("heledd"), ("logout", {"token": HT})]}


def _auth_proofs() -> list:
    """A login proof for every call that needs a token: its own short path, else the shortest path above that
    reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "login":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the centres read before Sedge is microchipped
    ("centres", [("centres", {})] + cut(SEDGE, "microchip")),
    # Cobnut's aftercare visit made before Quill starts training
    ("aftercare_visit", EUAN + cut(QUILL, "start_training")),
    # Sorrel withdrawn before Ripple qualifies
    ("withdraw_dog", SORREL + cut(RIPPLE, "qualify_dog")),
    # Marram's litter registered before Mair Penri's claim is approved
    ("register_litter", MARRAM + cut(MAIR_CLAIM, "approve_expense")),
    # Iolo Parry's bank details entered before Mair Penri's claim is approved
    ("bank_details", IOLO_BANK + cut(MAIR_CLAIM, "approve_expense")),
    # Quaver's raiser visited before Tomos Griffiths joins the waiting list
    ("visit_report", QUAVER_VISIT + cut(TOMOS, "add_to_waiting_list")),
    # the expense codes read before Nia Ifans's team training is booked
    ("expense_codes", [("expense_codes", {})] + IFANS),
    # Delyth Rowlands's home checked before Rhodri Bowen's agreement is signed
    ("home_check", cut(SIDAN, "home_check") + cut(BOWEN, "sign_agreement")),
]
