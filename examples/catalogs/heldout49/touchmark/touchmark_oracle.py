"""Scripted proofs that Touchmark's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, which awaits the coroutines and records a raised
``AssayOfficeError`` as an error; the raw calls return coroutines, so the proofs run through the runtime alone).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "eulalie")``) and pass ``"$eulalie.token"``; replies are read by field
(``"$register_sponsor.sponsor_id"``, ``"$register_mark.mark_id"``, ``"$receive_parcel.parcel_id"``,
``"$add_lot.lot_id"``, ``"$draw_sample.sample_id"``, ``"$raise_invoice.invoice_id"``), list entries by position and
field (``"$find_sponsor.0.sponsor_id"``, ``"$find_mark.0.mark_id"``, ``"$parcels.1.parcel_id"``,
``"$samples.0.sample_id"``, ``"$invoices.0.invoice_id"``), rows by row and column (``"$parcel_detail.lots.0.0"``,
``"$assay_queue.0.0"``, ``"$fineness_standards.12.0"``, ``"$charges.4.0"``). The positions follow the fresh state's
order (records by id, the assay queue by service then id, each list filtered as the call asks). Every id, standard
and charge code is read from a reply; none is written literally (names, addresses, document numbers, initials,
shields, file names, heights, descriptions, counts, weights, results, instruments, amounts and reasons are written
as the staff are told them).

The day: Rookwood & Quell's wedding bands are laser-marked with the Common Control Mark and their pendants assayed
and pressed, the parcel invoiced and sent on account; Teodora Vask's bangles pass, are punched, invoiced, paid and
collected, her earlier parcel is paid for and she opens an account; Gilt Reliquary Imports renews its registration
and brings platinum bands that fail, and its failed chains are reassayed, broken, returned or reported; Ondine Larkworth
has her identity checked, her mark registered, approved and given artwork or punches, and her first parcel goes
through in a day; a new sponsor, Quarrier & Dace, is registered; certificates are issued.
"""

import touchmark_tools as tools

WHO = {"eulalie": ("eulalie.w", "Parcel-Docket-38"), "quintus": ("quintus.t", "Cupel-Button-51"),
       "isaura": ("isaura.b", "Date-Letter-74"), "mederic": ("mederic.l", "Shield-Punch-26"),
       "corisande": ("corisande.e", "Ledger-Balance-63"), "augustina": ("augustina.h", "Touchstone-Warden-90")}
ET, QT, IT, MT, CT, AT = ("$eulalie.token", "$quintus.token", "$isaura.token", "$mederic.token", "$corisande.token",
                          "$augustina.token")
SP = "$find_sponsor.0.sponsor_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find_sponsor(token: str, name: str) -> tuple:
    return ("find_sponsor", {"token": token, "name": name})


# ---- Rookwood & Quell's PCL-5301: bands by laser with the CCM, pendants assayed and pressed, sent on account

BANDS = [login("eulalie"), find_sponsor(ET, "Rookwood"),
         ("parcels", {"token": ET, "status": "received", "sponsor_id": SP}),
         ("set_convention_marking", {"token": ET, "parcel_id": "$parcels.0.parcel_id", "enabled": True}),
         ("parcel_detail", {"token": ET, "parcel_id": "$parcels.0.parcel_id"}),
         login("isaura"),
         ("mark_lot", {"token": IT, "lot_id": "$parcel_detail.lots.0.0", "method": "laser",
                       "operator": "Isaura Beddoe", "convention_mark": True}),
         login("quintus"), ("assay_queue", {"token": QT}),
         ("draw_sample", {"token": QT, "lot_id": "$assay_queue.0.0", "method": "cupellation"}),
         ("record_assay", {"token": QT, "sample_id": "$draw_sample.sample_id", "result_ppt": 376.4,
                           "instrument": "Cupellation furnace 2"}),
         ("mark_lot", {"token": IT, "lot_id": "$parcel_detail.lots.1.0", "method": "press",
                       "operator": "Isaura Beddoe"}, "press"),
         ("charges", {}), login("corisande"),
         ("raise_invoice", {"token": CT, "parcel_id": "$parcels.0.parcel_id",
                            "charge_codes": ["$charges.0.0", "$charges.4.0", "$charges.5.0"]}),
         ("dispatch_parcel", {"token": ET, "parcel_id": "$parcels.0.parcel_id", "method": "courier",
                              "handed_to": "Ashgate Secure Couriers"})]
BANDS_LOT = cut(BANDS, "parcel_detail") + [("lot_detail", {"token": ET, "lot_id": "$parcel_detail.lots.0.0"})]
PENDANTS = cut(BANDS, "parcel_detail") + [
    ("correct_lot", {"token": ET, "lot_id": "$parcel_detail.lots.1.0", "pieces": 38, "weight_g": 58.2})]
PENDANTS_BACK = cut(BANDS, "parcel_detail") + [
    ("return_lot_unmarked", {"token": ET, "lot_id": "$parcel_detail.lots.1.0",
                             "reason": "Rookwood & Quell want the pendants back to re-solder the bails"})]
BANDS_NEW_LOT = cut(BANDS, "parcels") + [
    ("fineness_standards", {}),
    ("add_lot", {"token": ET, "parcel_id": "$parcels.0.parcel_id", "description": "18 carat eternity rings",
                 "standard": "$fineness_standards.2.0", "pieces": 6, "weight_g": 21.3})]
BANDS_CERT = [login("quintus"), find_sponsor(QT, "Rookwood"),
              ("parcels", {"token": QT, "status": "received", "sponsor_id": SP}),
              ("parcel_detail", {"token": QT, "parcel_id": "$parcels.0.parcel_id"}),
              ("samples", {"token": QT, "lot_id": "$parcel_detail.lots.0.0"}),
              ("issue_certificate", {"token": QT, "lot_id": "$parcel_detail.lots.0.0",
                                     "sample_id": "$samples.0.sample_id", "purpose": "export"})]
RK_FILE = [login("eulalie"), find_sponsor(ET, "Rookwood"), ("sponsor_file", {"token": ET, "sponsor_id": SP})]
RK_MARK = [login("augustina"), ("find_mark", {"token": AT, "initials": "RQ"}),
           ("approve_mark", {"token": AT, "mark_id": "$find_mark.0.mark_id"})]

# ---- Teodora Vask: the express bangles in PCL-5302; the unpaid PCL-5300; an account

BANGLES = [login("quintus"), ("samples", {"token": QT, "pending_only": True}),
           ("record_assay", {"token": QT, "sample_id": "$samples.0.sample_id", "result_ppt": 925.6,
                             "instrument": "Titrator 1"}),
           login("isaura"), ("parcels", {"token": IT, "status": "received"}),
           ("parcel_detail", {"token": IT, "parcel_id": "$parcels.1.parcel_id"}),
           ("mark_lot", {"token": IT, "lot_id": "$parcel_detail.lots.0.0", "method": "hand",
                         "operator": "Isaura Beddoe"}),
           ("charges", {}), login("corisande"),
           ("raise_invoice", {"token": CT, "parcel_id": "$parcels.1.parcel_id",
                              "charge_codes": ["$charges.1.0", "$charges.6.0"]}),
           ("take_payment", {"token": CT, "invoice_id": "$raise_invoice.invoice_id", "amount": "$raise_invoice.amount",
                             "method": "card"}),
           login("eulalie"),
           ("dispatch_parcel", {"token": ET, "parcel_id": "$parcels.1.parcel_id", "method": "collect",
                                "handed_to": "Teodora Vask"})]
TV_UNPAID = [login("corisande"), find_sponsor(CT, "Teodora"),
             ("invoices", {"token": CT, "status": "unpaid", "sponsor_id": SP}),
             ("take_payment", {"token": CT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.balance",
                               "method": "bacs"}),
             login("eulalie"), ("parcels", {"token": ET, "status": "invoiced", "sponsor_id": SP}),
             ("dispatch_parcel", {"token": ET, "parcel_id": "$parcels.0.parcel_id", "method": "courier",
                                  "handed_to": "Ashgate Secure Couriers"})]
TV_CREDIT = [login("corisande"), find_sponsor(CT, "Teodora"),
             ("open_credit_account", {"token": CT, "sponsor_id": SP, "credit_limit": 2000.0,
                                      "approved_by": "Augustina Heald"}),
             login("eulalie"), ("parcels", {"token": ET, "status": "invoiced", "sponsor_id": SP}),
             ("dispatch_parcel", {"token": ET, "parcel_id": "$parcels.0.parcel_id", "method": "collect",
                                  "handed_to": "Teodora Vask"})]
TV_CONTACT = [login("eulalie"), find_sponsor(ET, "Teodora"),
              ("update_sponsor_contact", {"token": ET, "sponsor_id": SP, "phone": "07700 900198",
                                          "email": "teodora@vaskjewellery.example"})]
TV_ARTWORK = [login("mederic"), ("find_mark", {"token": MT, "initials": "TV"}),
              ("upload_laser_artwork", {"token": MT, "mark_id": "$find_mark.0.mark_id",
                                        "file_name": "teodora-vask-rect.svg", "heights_mm": [0.5, 0.8]})]

# ---- Gilt Reliquary Imports: lapsed, renewed, a new parcel of platinum that fails; the failed chains of PCL-5303

GRI_NEW = [login("eulalie"), find_sponsor(ET, "Gilt"),
           ("renew_registration", {"token": ET, "sponsor_id": SP, "years": 1, "method": "card"}),
           ("find_mark", {"token": ET, "initials": "GRI"}),
           ("receive_parcel", {"token": ET, "sponsor_id": SP, "mark_id": "$find_mark.0.mark_id",
                               "service": "express", "handed_in_by": "Nicodemus Adjei-Bonsu"}),
           ("fineness_standards", {}),
           ("add_lot", {"token": ET, "parcel_id": "$receive_parcel.parcel_id", "description": "Platinum wedding bands",
                        "standard": "$fineness_standards.12.0", "pieces": 10, "weight_g": 52.0}),
           login("quintus"),
           ("draw_sample", {"token": QT, "lot_id": "$add_lot.lot_id", "method": "icp_oes"}),
           ("record_assay", {"token": QT, "sample_id": "$draw_sample.sample_id", "result_ppt": 941.0,
                             "instrument": "Spectrometer A"})]
GRI_REASSAY = GRI_NEW + [("request_reassay", {"token": QT, "lot_id": "$add_lot.lot_id",
                                              "reason": "Gilt Reliquary's refiner disputes the reading"})]
GRI_BREAK = GRI_NEW + [login("isaura"),
                       ("break_lot", {"token": IT, "lot_id": "$add_lot.lot_id",
                                      "reason": "Below platinum 950 on assay"})]
GRI_REPORT = GRI_NEW + [login("augustina"),
                        ("report_to_trading_standards", {"token": AT, "lot_id": "$add_lot.lot_id",
                                                         "officer": "Mr Tiberius Rudkin",
                                                         "grounds": "Sold to retailers as platinum 950"})]
GRI_DETAIL = cut(GRI_NEW, "receive_parcel") + [
    ("parcel_detail", {"token": ET, "parcel_id": "$receive_parcel.parcel_id"})]
GRI_CCM = cut(GRI_NEW, "receive_parcel") + [
    ("set_convention_marking", {"token": ET, "parcel_id": "$receive_parcel.parcel_id", "enabled": True})]
GRI_WITHDRAW = cut(GRI_NEW, "receive_parcel") + [
    ("withdraw_parcel", {"token": ET, "parcel_id": "$receive_parcel.parcel_id",
                         "reason": "Gilt Reliquary sent the wrong box"})]
GRI_WITHDRAW_LISTED = cut(GRI_NEW, "receive_parcel") + [
    ("parcels", {"token": ET, "status": "received", "sponsor_id": SP}),
    ("withdraw_parcel", {"token": ET, "parcel_id": "$parcels.1.parcel_id",
                         "reason": "Gilt Reliquary sent the wrong box"})]
GRI_LOT = cut(GRI_NEW, "add_lot") + [("lot_detail", {"token": ET, "lot_id": "$add_lot.lot_id"})]
GRI_CORRECT = cut(GRI_NEW, "add_lot") + [
    ("correct_lot", {"token": ET, "lot_id": "$add_lot.lot_id", "pieces": 9, "weight_g": 46.8})]
GRI_BACK = cut(GRI_NEW, "add_lot") + [
    ("return_lot_unmarked", {"token": ET, "lot_id": "$add_lot.lot_id", "reason": "Unfinished edges; not acceptable"})]
GRI_PUNCHES = [login("mederic"), ("find_mark", {"token": MT, "initials": "GRI"}),
               ("order_punches", {"token": MT, "mark_id": "$find_mark.0.mark_id", "heights_mm": [0.8, 1.2]})]
GRI_SUSPEND = [login("augustina"), ("find_mark", {"token": AT, "initials": "GRI"}),
               ("suspend_mark", {"token": AT, "mark_id": "$find_mark.0.mark_id",
                                 "reason": "Importer under investigation by trading standards"})]
CHAINS = [login("quintus"), find_sponsor(QT, "Gilt"),
          ("parcels", {"token": QT, "status": "received", "sponsor_id": SP}),
          ("parcel_detail", {"token": QT, "parcel_id": "$parcels.0.parcel_id"})]
CHAINS_REASSAY = CHAINS + [("request_reassay", {"token": QT, "lot_id": "$parcel_detail.lots.0.0",
                                                "reason": "Solder in the sample; a clean link is wanted"})]
CHAINS_BREAK = CHAINS + [login("isaura"),
                         ("break_lot", {"token": IT, "lot_id": "$parcel_detail.lots.0.0",
                                        "reason": "Below 14 carat on assay"})]
CHAINS_REPORT = CHAINS + [login("augustina"),
                          ("report_to_trading_standards", {"token": AT, "lot_id": "$parcel_detail.lots.0.0",
                                                           "officer": "Mr Tiberius Rudkin",
                                                           "grounds": "Chains invoiced to shops as 14 carat"})]

# ---- Ondine Larkworth: identity, mark, approval, artwork or punches, a same-day parcel

ONDINE = [login("mederic"), find_sponsor(MT, "Ondine"),
          ("check_identity", {"token": MT, "sponsor_id": SP, "director": "Ondine Larkworth", "document": "passport",
                              "document_number": "533218764"}),
          ("register_mark", {"token": MT, "sponsor_id": SP, "initials": "OM", "shield": "oval"}),
          login("augustina"), ("approve_mark", {"token": AT, "mark_id": "$register_mark.mark_id"}),
          ("upload_laser_artwork", {"token": MT, "mark_id": "$register_mark.mark_id",
                                    "file_name": "ondine-larkworth-oval.svg", "heights_mm": [0.6, 1.0]}),
          login("eulalie"),
          ("receive_parcel", {"token": ET, "sponsor_id": SP, "mark_id": "$register_mark.mark_id", "service": "same_day",
                              "handed_in_by": "Ondine Larkworth"}),
          ("fineness_standards", {}),
          ("add_lot", {"token": ET, "parcel_id": "$receive_parcel.parcel_id", "description": "Britannia silver rings",
                       "standard": "$fineness_standards.8.0", "pieces": 6, "weight_g": 34.5}),
          login("quintus"), ("draw_sample", {"token": QT, "lot_id": "$add_lot.lot_id", "method": "titration"}),
          ("record_assay", {"token": QT, "sample_id": "$draw_sample.sample_id", "result_ppt": 958.9,
                            "instrument": "Titrator 1"}),
          ("issue_certificate", {"token": QT, "lot_id": "$add_lot.lot_id", "sample_id": "$draw_sample.sample_id",
                                 "purpose": "sponsor_records"}),
          login("isaura"),
          ("mark_lot", {"token": IT, "lot_id": "$add_lot.lot_id", "method": "laser", "operator": "Isaura Beddoe"}),
          ("charges", {}), login("corisande"),
          ("raise_invoice", {"token": CT, "parcel_id": "$receive_parcel.parcel_id",
                             "charge_codes": ["$charges.1.0", "$charges.4.0", "$charges.7.0", "$charges.8.0"]}),
          ("take_payment", {"token": CT, "invoice_id": "$raise_invoice.invoice_id", "amount": "$raise_invoice.amount",
                            "method": "card"}),
          ("dispatch_parcel", {"token": ET, "parcel_id": "$receive_parcel.parcel_id", "method": "collect",
                               "handed_to": "Ondine Larkworth"})]
_ONDINE_HAND = [s for s in cut(ONDINE, "record_assay") if s[0] != "upload_laser_artwork"]
ONDINE_HAND = (_ONDINE_HAND[:6] + [("order_punches", {"token": MT, "mark_id": "$register_mark.mark_id",
                                                      "heights_mm": [0.8, 1.2]})]
               + _ONDINE_HAND[6:] + [login("isaura"),
                                     ("mark_lot", {"token": IT, "lot_id": "$add_lot.lot_id", "method": "hand",
                                                   "operator": "Isaura Beddoe"})])
ONDINE_SUSPEND = cut(ONDINE, "register_mark") + [
    login("augustina"), ("suspend_mark", {"token": AT, "mark_id": "$register_mark.mark_id",
                                          "reason": "Shield too close to another sponsor's"})]

# ---- Quarrier & Dace, a new sponsor

QUARRIER = [login("eulalie"),
           ("register_sponsor", {"token": ET, "company": "Quarrier & Dace", "kind": "manufacturer",
                                 "address": "3 Bellows Court, Ashgate", "postcode": "AS4 8BC", "phone": "0161 496 0744",
                                 "email": "studio@quarrierdace.example"}),
           login("mederic"),
           ("check_identity", {"token": MT, "sponsor_id": "$register_sponsor.sponsor_id", "director": "Seraphine Dace",
                               "document": "passport", "document_number": "548120937"}),
           ("register_mark", {"token": MT, "sponsor_id": "$register_sponsor.sponsor_id", "initials": "Q&D",
                              "shield": "oval"}),
           login("augustina"), ("approve_mark", {"token": AT, "mark_id": "$register_mark.mark_id"}),
           ("receive_parcel", {"token": ET, "sponsor_id": "$register_sponsor.sponsor_id",
                               "mark_id": "$register_mark.mark_id", "service": "standard",
                               "handed_in_by": "Seraphine Dace"})]
QUARRIER_FILE = cut(QUARRIER, "register_sponsor") + [
    ("sponsor_file", {"token": ET, "sponsor_id": "$register_sponsor.sponsor_id"})]
QUARRIER_CONTACT = cut(QUARRIER, "register_sponsor") + [
    ("update_sponsor_contact", {"token": ET, "sponsor_id": "$register_sponsor.sponsor_id", "phone": "0161 496 0745"})]
QUARRIER_CREDIT = cut(QUARRIER, "check_identity") + [
    login("corisande"), ("open_credit_account", {"token": CT, "sponsor_id": "$register_sponsor.sponsor_id",
                                                "credit_limit": 1500.0, "approved_by": "Augustina Heald"})]
GRI_RENEW = cut(GRI_NEW, "renew_registration")

_BODY = [
    # sponsors
    ("find_sponsor", "sponsor_file", RK_FILE),
    ("register_sponsor", "sponsor_file", QUARRIER_FILE),
    ("find_sponsor", "update_sponsor_contact", TV_CONTACT),
    ("register_sponsor", "update_sponsor_contact", QUARRIER_CONTACT),
    ("find_sponsor", "check_identity", cut(ONDINE, "check_identity")),
    ("register_sponsor", "check_identity", cut(QUARRIER, "check_identity")),
    ("find_sponsor", "register_mark", cut(ONDINE, "register_mark")),
    ("register_sponsor", "register_mark", cut(QUARRIER, "register_mark")),
    ("find_sponsor", "receive_parcel", cut(GRI_NEW, "receive_parcel")),
    ("register_sponsor", "receive_parcel", QUARRIER),
    ("find_sponsor", "open_credit_account", TV_CREDIT[:3]),
    ("register_sponsor", "open_credit_account", QUARRIER_CREDIT),
    ("find_sponsor", "renew_registration", GRI_RENEW),
    # marks
    ("register_mark", "approve_mark", cut(ONDINE, "approve_mark")),
    ("find_mark", "approve_mark", RK_MARK),
    ("register_mark", "upload_laser_artwork", cut(ONDINE, "upload_laser_artwork")),
    ("find_mark", "upload_laser_artwork", TV_ARTWORK),
    ("register_mark", "order_punches", cut(ONDINE_HAND, "order_punches")),
    ("find_mark", "order_punches", GRI_PUNCHES),
    ("register_mark", "suspend_mark", ONDINE_SUSPEND),
    ("find_mark", "suspend_mark", GRI_SUSPEND),
    ("register_mark", "receive_parcel", cut(ONDINE, "receive_parcel")),
    ("find_mark", "receive_parcel", cut(GRI_NEW, "receive_parcel")),
    # parcels
    ("receive_parcel", "parcel_detail", GRI_DETAIL),
    ("parcels", "parcel_detail", cut(BANDS, "parcel_detail")),
    ("receive_parcel", "set_convention_marking", GRI_CCM),
    ("parcels", "set_convention_marking", cut(BANDS, "set_convention_marking")),
    ("receive_parcel", "withdraw_parcel", GRI_WITHDRAW),
    ("parcels", "withdraw_parcel", GRI_WITHDRAW_LISTED),
    ("receive_parcel", "add_lot", cut(GRI_NEW, "add_lot")),
    ("parcels", "add_lot", BANDS_NEW_LOT),
    ("receive_parcel", "raise_invoice", cut(ONDINE, "raise_invoice")),
    ("parcels", "raise_invoice", cut(BANDS, "raise_invoice")),
    ("receive_parcel", "dispatch_parcel", ONDINE),
    ("parcels", "dispatch_parcel", TV_UNPAID),
    # lots
    ("add_lot", "lot_detail", GRI_LOT),
    ("parcel_detail", "lot_detail", BANDS_LOT),
    ("add_lot", "correct_lot", GRI_CORRECT),
    ("parcel_detail", "correct_lot", PENDANTS),
    ("add_lot", "request_reassay", GRI_REASSAY),
    ("parcel_detail", "request_reassay", CHAINS_REASSAY),
    ("add_lot", "report_to_trading_standards", GRI_REPORT),
    ("parcel_detail", "report_to_trading_standards", CHAINS_REPORT),
    ("add_lot", "break_lot", GRI_BREAK),
    ("parcel_detail", "break_lot", CHAINS_BREAK),
    ("add_lot", "return_lot_unmarked", GRI_BACK),
    ("parcel_detail", "return_lot_unmarked", PENDANTS_BACK),
    ("add_lot", "mark_lot", cut(ONDINE, "mark_lot")),
    ("parcel_detail", "mark_lot", cut(BANDS, "mark_lot")),
    ("add_lot", "issue_certificate", cut(ONDINE, "issue_certificate")),
    ("parcel_detail", "issue_certificate", BANDS_CERT),
    ("add_lot", "draw_sample", cut(GRI_NEW, "draw_sample")),
    ("assay_queue", "draw_sample", cut(BANDS, "draw_sample")),
    # samples and invoices
    ("draw_sample", "record_assay", cut(BANDS, "record_assay")),
    ("samples", "record_assay", cut(BANGLES, "record_assay")),
    ("draw_sample", "issue_certificate", cut(ONDINE, "issue_certificate")),
    ("samples", "issue_certificate", BANDS_CERT),
    ("raise_invoice", "take_payment", cut(BANGLES, "take_payment")),
    ("invoices", "take_payment", cut(TV_UNPAID, "take_payment")),
    # vocabularies
    ("fineness_standards", "add_lot", cut(ONDINE, "add_lot")),
    ("charges", "raise_invoice", cut(BANGLES, "raise_invoice")),
    # vetting, approval, payments, the document, the setting
    ("check_identity", "register_mark", cut(QUARRIER, "register_mark")),
    ("approve_mark", "receive_parcel", QUARRIER),
    ("take_payment", "dispatch_parcel", TV_UNPAID),
    ("open_credit_account", "dispatch_parcel", TV_CREDIT),
    ("renew_registration", "receive_parcel", cut(GRI_NEW, "receive_parcel")),
    ("upload_laser_artwork", "mark_lot", cut(ONDINE, "mark_lot")),
    ("set_convention_marking", "mark_lot", cut(BANDS, "mark_lot")),
    # states
    ("record_assay", "mark_lot", cut(BANDS, "press")),
    ("record_assay", "issue_certificate", cut(ONDINE, "issue_certificate")),
    ("record_assay", "break_lot", GRI_BREAK),
    ("record_assay", "request_reassay", GRI_REASSAY),
    ("record_assay", "report_to_trading_standards", GRI_REPORT),
    ("order_punches", "mark_lot", ONDINE_HAND),
    ("approve_mark", "upload_laser_artwork", cut(ONDINE, "upload_laser_artwork")),
    ("approve_mark", "order_punches", cut(ONDINE_HAND, "order_punches")),
    ("mark_lot", "raise_invoice", cut(BANGLES, "raise_invoice")),
    ("raise_invoice", "dispatch_parcel", BANDS),
]

_OWN = {"sign_out": [login("augustina"), ("sign_out", {"token": AT})]}


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
    # the charges read before Gilt Reliquary's mark is suspended
    ("charges", [("charges", {})] + GRI_SUSPEND),
    # Gilt Reliquary's mark suspended before Rookwood & Quell's parcel is sent
    ("suspend_mark", GRI_SUSPEND + BANDS),
    # Rookwood & Quell's file read before Gilt Reliquary renews its registration
    ("sponsor_file", RK_FILE + GRI_RENEW),
    # Rookwood & Quell's pendants recounted before their bands are certified
    ("correct_lot", PENDANTS + BANDS_CERT),
    # Teodora Vask's phone changed before Gilt Reliquary's platinum is entered
    ("update_sponsor_contact", TV_CONTACT + cut(GRI_NEW, "add_lot")),
    # Gilt Reliquary's chains reported before Ondine Larkworth's mark is approved
    ("report_to_trading_standards", CHAINS_REPORT + cut(ONDINE, "approve_mark")),
    # the standards read before Teodora Vask's phone number is changed
    ("fineness_standards", [("fineness_standards", {})] + TV_CONTACT),
    # a lot of Rookwood & Quell's looked at before Gilt Reliquary's mark is suspended
    ("lot_detail", BANDS_LOT + GRI_SUSPEND),
]
