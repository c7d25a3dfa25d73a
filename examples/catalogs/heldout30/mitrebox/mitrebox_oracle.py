"""Scripted proofs that Mitrebox's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts their
pydantic replies to JSON and reads their ``"Error: ..."`` strings as refusals by its common conventions).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "nadia")``) and pass ``"$nadia.token"``; replies are read by field
(``"$add_customer.customer_id"``, ``"$check_in_artwork.artwork_id"``, ``"$create_quote.quote_id"``,
``"$accept_quote.order_id"``, ``"$accept_quote.deposit_due"``, ``"$take_deposit.balance"``,
``"$order_moulding.po_number"``) and list rows by position and field (``"$find_customer.0.customer_id"``,
``"$artworks.1.artwork_id"``, ``"$quotes.0.quote_id"``, ``"$orders.0.order_id"``, ``"$framers.1.framer_id"``,
``"$moulding_stock.4.code"``, ``"$moulding_catalogue.0.code"``, ``"$mount_boards.3.code"``,
``"$glazing_options.1.code"``). Every id is read from a reply; none is written literally.

The day: Mr Felix Oduya becomes a customer and checks in a signed concert poster, which is priced in black
ash with a snow-white mount and anti-reflective glass, accepted, paid for by half, assigned to Tom, cut,
joined, mounted, glazed, fitted, passed by Owen, paid off and collected (on other paths the quote is revised
or discounted, extras come and go, the order is held and released or cancelled, the glass cracks, Felix
changes his e-mail, is texted, or takes the poster home unframed). Mrs Aldridge goes ahead with her harbour
watercolour's quote (or has it revised or discounted) and has her grandmother's sampler priced to
conservation standard; Dr Webb pays the deposit on his gilt frame, the gold moulding is ordered and
delivered, Ewa takes the job and cuts it (or it is held and released, or cancelled); Isla Fraser's
photograph is finished on Tom's bench and gets d-rings (or a split corner); Rosa Delgado pays off her print
and collects it; Kwame Mensah takes his kente cloth home unframed.
"""

import mitrebox_tools as tools

WHO = {"nadia": ("nadia.k", "Bevel-Edge-45"), "tom": ("tom.r", "Underpinner-2"), "ewa": ("ewa.z", "Gilders-Tip-3"),
       "owen": ("owen.m", "Chapel-St-1994")}
N, T, E, O = "$nadia.token", "$tom.token", "$ewa.token", "$owen.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def mount(code: str) -> str:
    """A reference to a mount board's code in the board list, by its position."""
    return f"$mount_boards.{list(tools.MOUNTS).index(code)}.code"


def glazing(code: str) -> str:
    """A reference to a glazing's code in the glazing list, by its position."""
    return f"$glazing_options.{list(tools.GLAZINGS).index(code)}.code"


def moulding(code: str, finish: str | None = None) -> str:
    """A reference to a moulding's code in the catalogue (filtered by ``finish``), by its position."""
    codes = [c for c, m in tools.MOULDINGS.items() if finish is None or m[3] == finish]
    return f"$moulding_catalogue.{codes.index(code)}.code"


NEW = "$add_customer.customer_id"
FOUND = "$find_customer.0.customer_id"
ORDER = "$accept_quote.order_id"
LISTED = "$orders.0.order_id"

FELIX = [
    *sign_ins("nadia"),
    ("add_customer", {"token": N, "name": "Mr Felix Oduya", "phone": "07700 900182",
                      "email": "felix.oduya@mail.example"}),
    ("check_in_artwork", {"token": N, "customer_id": NEW, "description": "Signed concert poster, A2", "kind": "print",
                          "width_cm": 42.0, "height_cm": 59.4, "value": 150.0}),
    ("moulding_catalogue", {"finish": "painted"}),
    ("mount_boards", {}),
    ("glazing_options", {}),
    ("create_quote", {"token": N, "artwork_id": "$check_in_artwork.artwork_id",
                      "moulding_code": moulding("M-BLK-20", "painted"), "glazing_code": glazing("GL-AR"),
                      "mount_code": mount("MB-SNOW"), "mount_border_cm": 6.0}),
    ("accept_quote", {"token": N, "quote_id": "$create_quote.quote_id"}),
    ("take_deposit", {"token": N, "order_id": ORDER, "amount": "$accept_quote.deposit_due", "method": "card"}),
    *sign_ins("owen", "tom"),
    ("framers", {"token": O}),
    ("assign_framer", {"token": O, "order_id": ORDER, "framer_id": "$framers.1.framer_id"}),
    ("cut_moulding", {"token": T, "order_id": ORDER}),
    ("join_frame", {"token": T, "order_id": ORDER}),
    ("cut_mount", {"token": T, "order_id": ORDER}),
    ("cut_glass", {"token": T, "order_id": ORDER}),
    ("fit_artwork", {"token": T, "order_id": ORDER}),
    ("quality_check", {"token": O, "order_id": ORDER, "passed": True,
                       "notes": "Corners tight, glass clean, no dust under the glazing"}),
    ("take_payment", {"token": N, "order_id": ORDER, "amount": "$take_deposit.balance", "method": "card"}),
    ("collect_order", {"token": N, "order_id": ORDER, "collected_by": "Mr Felix Oduya"}),
]
FELIX_EMAIL = cut(FELIX, "add_customer") + [("update_customer", {"token": N, "customer_id": NEW,
                                                                  "email": "felix@oduya-music.example"})]
FELIX_HISTORY = cut(FELIX, "add_customer") + [("customer_history", {"token": N, "customer_id": NEW})]
FELIX_TEXT = cut(FELIX, "add_customer") + [
    ("notify_customer", {"token": N, "customer_id": NEW, "channel": "sms",
                         "text": "Mitre & Mount: your quote for the poster is ready to look at."})]
FELIX_TAKES_IT_HOME = cut(FELIX, "check_in_artwork") + [
    ("return_artwork", {"token": N, "artwork_id": "$check_in_artwork.artwork_id",
                        "reason": "Mr Oduya has decided to have it framed at the venue's own framers"})]
FELIX_FLOAT = cut(FELIX, "create_quote") + [("revise_quote", {"token": N, "quote_id": "$create_quote.quote_id",
                                                               "glazing_code": glazing("GL-FLOAT")})]
FELIX_DISCOUNT = cut(FELIX, "create_quote") + [
    *sign_ins("owen"),
    ("apply_discount", {"token": O, "quote_id": "$create_quote.quote_id", "percent": 10,
                        "reason": "Regular at the Chapel Street gallery"})]
FELIX_DETAILS = cut(FELIX, "accept_quote") + [("order_details", {"token": N, "order_id": ORDER})]
FELIX_EXTRAS = cut(FELIX, "accept_quote") + [
    ("add_extra", {"token": N, "order_id": ORDER, "extra": "security_fixings"}),
    ("remove_extra", {"token": N, "order_id": ORDER, "extra": "security_fixings"})]
FELIX_HOLD = cut(FELIX, "accept_quote") + [
    ("hold_order", {"token": N, "order_id": ORDER, "reason": "Felix is checking the mount colour against his wall"}),
    ("release_order", {"token": N, "order_id": ORDER})]
FELIX_CANCELS = cut(FELIX, "take_deposit") + [
    ("cancel_order", {"token": N, "order_id": ORDER, "reason": "The band is sending him a framed copy"})]
FELIX_CRACK = cut(FELIX, "cut_glass") + [
    ("report_damage", {"token": T, "order_id": ORDER, "part": "glass",
                       "note": "Cracked across one corner while fitting the spring clips"})]

DOROTHY = [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Aldridge"}),
           ("quotes", {"token": N, "customer_id": FOUND, "status": "open"}),
           ("accept_quote", {"token": N, "quote_id": "$quotes.0.quote_id", "due": "2031-03-18"})]
DOROTHY_AR = [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Aldridge"}),
              ("quotes", {"token": N, "customer_id": FOUND, "status": "open"}), ("glazing_options", {}),
              ("revise_quote", {"token": N, "quote_id": "$quotes.0.quote_id", "glazing_code": glazing("GL-AR")})]
DOROTHY_DISCOUNT = [*sign_ins("owen"), ("quotes", {"token": O, "status": "open"}),
                    ("apply_discount", {"token": O, "quote_id": "$quotes.0.quote_id", "percent": 15,
                                        "reason": "Framing her late husband's work; second piece with us"})]
DOROTHY_HISTORY = [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Aldridge"}),
                   ("customer_history", {"token": N, "customer_id": FOUND})]
SAMPLER = [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Aldridge"}),
           ("artworks", {"token": N, "customer_id": FOUND, "status": "in_shop"}),
           ("moulding_catalogue", {"finish": "wood"}), ("mount_boards", {}), ("glazing_options", {}),
           ("create_quote", {"token": N, "artwork_id": "$artworks.1.artwork_id",
                             "moulding_code": moulding("M-OAK-45", "wood"), "glazing_code": glazing("GL-UV99"),
                             "mount_code": mount("MB-CONS-WHT"), "mount_border_cm": 8.0, "standard": "conservation"})]
KWAME_PHOTO = [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Mensah"}),
               ("check_in_artwork", {"token": N, "customer_id": FOUND, "description": "Wedding photograph, 1998",
                                     "kind": "photograph", "width_cm": 30.0, "height_cm": 40.0})]
KWAME_HOME = [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Mensah"}),
              ("artworks", {"token": N, "customer_id": FOUND}),
              ("return_artwork", {"token": N, "artwork_id": "$artworks.0.artwork_id",
                                  "reason": "Taking the kente cloth home unframed for now"})]
SIMON_EMAIL = [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Webb"}),
               ("update_customer", {"token": N, "customer_id": FOUND, "email": "simon.webb@mail.example"})]
SIMON = [*sign_ins("nadia", "owen", "ewa"), ("orders", {"token": N, "status": "awaiting_deposit"}),
         ("take_deposit", {"token": N, "order_id": LISTED, "amount": 82.5, "method": "cash"}),
         ("moulding_stock", {"token": O}),
         ("order_moulding", {"token": O, "moulding_code": "$moulding_stock.4.code", "metres": 6.0}),
         ("receive_delivery", {"token": E, "po_number": "$order_moulding.po_number", "metres_received": 6.0}),
         ("cut_moulding", {"token": E, "order_id": LISTED})]
SIMON_GILT = [*sign_ins("owen"), ("orders", {"token": O, "status": "awaiting_deposit"}), ("framers", {"token": O}),
              ("assign_framer", {"token": O, "order_id": LISTED, "framer_id": "$framers.2.framer_id"})]
SIMON_HOLD = [*sign_ins("nadia"), ("orders", {"token": N, "status": "awaiting_deposit"}),
              ("hold_order", {"token": N, "order_id": LISTED, "reason": "Dr Webb is away until Friday"}),
              ("release_order", {"token": N, "order_id": LISTED})]
SIMON_CANCELS = [*sign_ins("nadia"), ("orders", {"token": N, "status": "awaiting_deposit"}),
                 ("cancel_order", {"token": N, "order_id": LISTED, "reason": "Dr Webb has sold the seascape"})]
ALUMINIUM = [*sign_ins("owen"), ("moulding_catalogue", {"finish": "metal"}),
             ("order_moulding", {"token": O, "moulding_code": moulding("M-ALU-15", "metal"), "metres": 9.0})]
ISLA = [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Fraser"}),
        ("orders", {"token": N, "customer_id": FOUND}),
        ("add_extra", {"token": N, "order_id": LISTED, "extra": "d_rings_and_cord"}),
        ("remove_extra", {"token": N, "order_id": LISTED, "extra": "d_rings_and_cord"})]
ISLA_BENCH = [*sign_ins("tom", "owen"), ("orders", {"token": T, "status": "in_workshop"}),
              ("join_frame", {"token": T, "order_id": LISTED}),
              ("cut_mount", {"token": T, "order_id": LISTED}),
              ("cut_glass", {"token": T, "order_id": LISTED}),
              ("fit_artwork", {"token": T, "order_id": LISTED}),
              ("quality_check", {"token": O, "order_id": LISTED, "passed": True, "notes": "Clean and square"})]
ISLA_CORNER = [*sign_ins("tom"), ("orders", {"token": T, "status": "in_workshop"}),
               ("report_damage", {"token": T, "order_id": LISTED, "part": "moulding",
                                  "note": "Split at a corner in the underpinner; recut from the rack"})]
ROSA = [*sign_ins("nadia"), ("orders", {"token": N, "status": "ready"}),
        ("take_payment", {"token": N, "order_id": LISTED, "amount": 74.5, "method": "card"}),
        ("collect_order", {"token": N, "order_id": LISTED, "collected_by": "Mrs Rosa Delgado"})]
ROSA_DETAILS = [*sign_ins("nadia"), ("orders", {"token": N, "status": "ready"}),
                ("order_details", {"token": N, "order_id": LISTED})]
ROSA_TEXT = [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Delgado"}),
             ("notify_customer", {"token": N, "customer_id": FOUND, "channel": "sms",
                                  "text": "Mitre & Mount: your print is framed and ready to collect."})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers
_ADDED = {"update_customer": FELIX_EMAIL, "customer_history": FELIX_HISTORY, "notify_customer": FELIX_TEXT,
          "check_in_artwork": FELIX}
_FOUND = {"update_customer": SIMON_EMAIL, "customer_history": DOROTHY_HISTORY, "notify_customer": ROSA_TEXT,
          "check_in_artwork": KWAME_PHOTO}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("add_customer", _c, cut(_ADDED[_c], _c))
    _add("find_customer", _c, cut(_FOUND[_c], _c))

# artwork
_add("check_in_artwork", "create_quote", cut(FELIX, "create_quote"))
_add("artworks", "create_quote", SAMPLER)
_add("check_in_artwork", "return_artwork", FELIX_TAKES_IT_HOME)
_add("artworks", "return_artwork", KWAME_HOME)

# quotes
_CREATED = {"revise_quote": FELIX_FLOAT, "apply_discount": FELIX_DISCOUNT, "accept_quote": FELIX}
_LISTED_QUOTES = {"revise_quote": DOROTHY_AR, "apply_discount": DOROTHY_DISCOUNT, "accept_quote": DOROTHY}
for _c in tools.QUOTE_CONSUMERS:
    _add("create_quote", _c, cut(_CREATED[_c], _c))
    _add("quotes", _c, cut(_LISTED_QUOTES[_c], _c))

# orders
_ACCEPTED = {"order_details": FELIX_DETAILS, "take_deposit": FELIX, "take_payment": FELIX, "add_extra": FELIX_EXTRAS,
             "remove_extra": FELIX_EXTRAS, "hold_order": FELIX_HOLD, "release_order": FELIX_HOLD,
             "cancel_order": FELIX_CANCELS, "collect_order": FELIX, "assign_framer": FELIX, "cut_moulding": FELIX,
             "join_frame": FELIX, "cut_mount": FELIX, "cut_glass": FELIX, "fit_artwork": FELIX,
             "quality_check": FELIX, "report_damage": FELIX_CRACK}
_LISTED_ORDERS = {"order_details": ROSA_DETAILS, "take_deposit": SIMON, "take_payment": ROSA, "add_extra": ISLA,
                  "remove_extra": ISLA, "hold_order": SIMON_HOLD, "release_order": SIMON_HOLD,
                  "cancel_order": SIMON_CANCELS, "collect_order": ROSA, "assign_framer": SIMON_GILT,
                  "cut_moulding": SIMON, "join_frame": ISLA_BENCH, "cut_mount": ISLA_BENCH, "cut_glass": ISLA_BENCH,
                  "fit_artwork": ISLA_BENCH, "quality_check": ISLA_BENCH, "report_damage": ISLA_CORNER}
for _c in tools.ORDER_CONSUMERS:
    _add("accept_quote", _c, cut(_ACCEPTED[_c], _c))
    _add("orders", _c, cut(_LISTED_ORDERS[_c], _c))

# framers, purchase orders, vocabularies
_add("framers", "assign_framer", cut(FELIX, "assign_framer"))
_add("order_moulding", "receive_delivery", cut(SIMON, "receive_delivery"))
_add("moulding_catalogue", "create_quote", cut(FELIX, "create_quote"))
_add("glazing_options", "create_quote", cut(FELIX, "create_quote"))
_add("mount_boards", "create_quote", SAMPLER)
_add("moulding_catalogue", "order_moulding", ALUMINIUM)
_add("moulding_stock", "order_moulding", cut(SIMON, "order_moulding"))

# states
_add("take_deposit", "cut_moulding", cut(FELIX, "cut_moulding"))
_add("take_deposit", "cut_mount", cut(FELIX, "cut_mount"))
_add("take_deposit", "cut_glass", cut(FELIX, "cut_glass"))
_add("take_deposit", "take_payment", cut(FELIX, "take_payment"))
_add("receive_delivery", "cut_moulding", SIMON)
_add("cut_moulding", "join_frame", cut(FELIX, "join_frame"))
_add("join_frame", "fit_artwork", cut(ISLA_BENCH, "fit_artwork"))
_add("cut_mount", "fit_artwork", cut(FELIX, "fit_artwork"))
_add("cut_glass", "fit_artwork", cut(ISLA_BENCH, "fit_artwork"))
_add("assign_framer", "fit_artwork", cut(FELIX, "fit_artwork"))
_add("fit_artwork", "quality_check", cut(FELIX, "quality_check"))
_add("quality_check", "collect_order", FELIX)
_add("take_payment", "collect_order", ROSA)
_add("hold_order", "release_order", SIMON_HOLD)
_add("add_extra", "remove_extra", ISLA)
_add("cut_glass", "report_damage", FELIX_CRACK)
_add("cut_mount", "report_damage", cut(FELIX, "cut_mount") + [
    ("report_damage", {"token": T, "order_id": ORDER, "part": "mount",
                       "note": "Overcut at the bottom left corner of the window"})])
_add("cut_moulding", "report_damage", cut(FELIX, "cut_moulding") + [
    ("report_damage", {"token": T, "order_id": ORDER, "part": "moulding",
                       "note": "A knot in one length; the long side is to be cut again"})])

_OWN = {"sign_out": [sign_in("ewa"), ("sign_out", {"token": E})]}


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
    # Dr Webb's history is read before his e-mail is added
    ("customer_history", [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Webb"}),
                          ("customer_history", {"token": N, "customer_id": FOUND}),
                          ("update_customer", {"token": N, "customer_id": FOUND, "email": "simon.webb@mail.example"})]),
    # Isla's order is read in full before the d-rings go on
    ("order_details", [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Fraser"}),
                       ("orders", {"token": N, "customer_id": FOUND}),
                       ("order_details", {"token": N, "order_id": LISTED}),
                       ("add_extra", {"token": N, "order_id": LISTED, "extra": "d_rings_and_cord"})]),
    # the moulding racks are checked before the glass is cut; glass needs no moulding
    ("moulding_stock", [*sign_ins("tom"), ("orders", {"token": T, "status": "in_workshop"}),
                        ("moulding_stock", {"token": T}), ("cut_glass", {"token": T, "order_id": LISTED})]),
    # Kwame's quotes are looked at before his photograph is checked in
    ("quotes", [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Mensah"}),
                ("quotes", {"token": N, "customer_id": FOUND}),
                ("check_in_artwork", {"token": N, "customer_id": FOUND, "description": "Wedding photograph, 1998",
                                      "kind": "photograph", "width_cm": 30.0, "height_cm": 40.0})]),
    # the framers are listed before Isla's mount is cut; cutting a mount names no framer
    ("framers", [*sign_ins("tom"), ("framers", {"token": T}), ("orders", {"token": T, "status": "in_workshop"}),
                 ("cut_mount", {"token": T, "order_id": LISTED})]),
    # the mount boards are read before only the glazing of Mrs Aldridge's quote changes
    ("mount_boards", [*sign_ins("nadia"), ("quotes", {"token": N, "status": "open"}), ("mount_boards", {}),
                      ("glazing_options", {}),
                      ("revise_quote", {"token": N, "quote_id": "$quotes.0.quote_id", "glazing_code": glazing("GL-AR")})]),
    # Rosa's artwork is listed before she is texted
    ("artworks", [*sign_ins("nadia"), ("find_customer", {"token": N, "text": "Delgado"}),
                  ("artworks", {"token": N, "customer_id": FOUND}),
                  ("notify_customer", {"token": N, "customer_id": FOUND, "channel": "sms",
                                       "text": "Your print is ready"})]),
]
