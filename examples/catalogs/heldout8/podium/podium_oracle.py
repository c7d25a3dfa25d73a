"""Scripted proofs that Podium's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a raised ``PodiumError`` is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). People
sign in with the code from their e-mail; each person's session is saved under their first name
(``"$marta.session.token"``). Ids that Podium only writes inside a sentence (a new submission
``#107``, a new programme session ``S-04``, a new badge ``B-0008``) are written literally: they are
deterministic in a fresh state and do not exist without the call. A consumer's path is built once
per choice of provider (``path(consumer, **choice)``).
"""

C = "nsc26"
PEOPLE = {"marta": ("marta.lindqvist@kth.example", "604918"), "ana": ("ana.sousa@nsc-office.example", "250316"),
          "tomasz": ("t.wren@uw.example", "771205"), "lena": ("lena.okafor@chalmers.example", "118822"),
          "priya": ("priya.raman@aalto.example", "552047")}
PASSWORD = {"marta": "Gotland-Ferry-9", "ana": "Tram28-Lisboa"}


def sign_in(who: str) -> list:
    email, code = PEOPLE[who]
    return [("request_sign_in_code", {"email": email}), ("verify_sign_in_code", {"email": email, "code": code}, who)]


def tok(who: str) -> str:
    return f"${who}.session.token"


def chair(who: str = "marta") -> list:
    role = "program_chair" if who == "marta" else "registration_chair"
    return sign_in(who) + [("elevate_session", {"session_token": tok(who), "role": role, "password": PASSWORD[who]})]


def search(who: str, query: str, save: str = "search_submissions") -> tuple:
    return ("search_submissions", {"session_token": tok(who), "conference_id": C, "query": query}, save)


HIT = "$search_submissions.hits.0.submission.id"
GET_CONF = ("get_conference", {"conference_id": C})
ROOMS = ("list_rooms", {"conference_id": C})
NEW_PAPER = {"conference_id": C, "track": "$get_conference.tracks.3.code",
             "title": "Lessons from Migrating a PLC Fleet to eBPF Telemetry",
             "abstract": "We report on moving 1,200 programmable logic controllers to eBPF-based telemetry.",
             "coauthor_emails": ["mikael.nystrom@ericsson.example"]}


def created(who: str = "lena") -> list:
    return [GET_CONF, ("create_submission", {"session_token": tok(who), **NEW_PAPER})]


def sub_of(how: str, query: str) -> tuple[list, object]:
    """Steps that find (or create) a submission of Lena's and the reference to its id."""
    if how == "create":
        return created(), 107
    return [search("lena", query)], HIT


def decided(sid_query: str = "Zero-Copy", how: str = "search") -> list:
    """Marta accepts a paper (by default #102, whose reviews are all in)."""
    return chair() + [search("marta", sid_query), ("make_decision", {
        "session_token": tok("marta"), "submission_id": HIT, "decision": "accept",
        "note": "Both reviewers in favour; please add the DPDK comparison."})]


def reg_of(how: str, who: str = "priya") -> tuple[list, str, str]:
    """Steps that find (or create) a registration, the reference to its id and to its invoice number."""
    if how == "register":
        return [("list_ticket_types", {"conference_id": C}), ("register_attendee", {
            "session_token": tok(who), "conference_id": C, "ticket_type": "$list_ticket_types.1.code",
            "attendee_name": "Mikael Nyström", "attendee_email": "mikael.nystrom@ericsson.example",
            "discount_code": "NORDIC10"})], "$register_attendee.registration.id", \
            "$register_attendee.registration.invoice.number"
    email = PEOPLE[{"paid": "lena", "unpaid": "priya"}[how]][0]
    return [("find_registration", {"session_token": tok(who), "conference_id": C, "email": email})], \
        "$find_registration.registration_id", "$find_registration.invoice_number"


def paid(how: str, who: str) -> tuple[list, str]:
    """A paid registration: Lena's (already paid), or Priya's or a new one paid now."""
    if how == "paid":
        steps, rid, _ = reg_of("paid", who)
        return steps, rid
    steps, rid, inv = reg_of(how, who)
    return steps + [("get_invoice", {"session_token": tok(who), "invoice_number": inv}),
                    ("pay_invoice", {"session_token": tok(who), "invoice_number": inv,
                                     "amount": "$get_invoice.balance_due", "method": "card"})], rid


def path(c: str, sub: str = "search", person: str = "pc", review: str = "list", prog: str = "list",
         reg: str = "find", submit: bool = False, add: bool = False, rev: bool = False, decide: bool = False,
         pay: bool = False) -> list:
    """The call path that ends with consumer ``c`` for one choice of providers."""
    if c == "verify_sign_in_code":
        return sign_in("tomasz")
    if c == "elevate_session":
        return chair()
    if c in ("get_my_profile", "list_my_reviews"):
        return sign_in("tomasz") + [(c, {"session_token": tok("tomasz")})]
    if c == "update_my_profile":
        return sign_in("tomasz") + [(c, {"session_token": tok("tomasz"),
                                         "bio": "Tomasz works on memory disaggregation and tail latency."})]
    if c == "find_people":
        return sign_in("marta") + [(c, {"session_token": tok("marta"), "name": "Claire"})]
    if c == "create_submission":
        return sign_in("lena") + created()
    if c == "search_submissions":
        return sign_in("lena") + [search("lena", "Learned Index")]
    if c in ("get_submission", "withdraw_submission"):
        steps, sid = sub_of(sub, "Learned Index")
        args = {"session_token": tok("lena"), "submission_id": sid}
        if c == "withdraw_submission":
            args["reason"] = "Merged into our SYS submission #101; withdrawing the duplicate draft."
        return sign_in("lena") + steps + [(c, args)]
    if c == "submit_submission":
        steps, sid = sub_of(sub, "Kernel Bypass")
        return sign_in("lena") + steps + [(c, {"session_token": tok("lena"), "submission_id": sid,
                                               "pdf_file_name": "plc-gateways.pdf", "page_count": 10})]
    if c == "declare_conflict":
        steps, sid = sub_of(sub, "Tail-Latency")
        return sign_in("lena") + steps + [
            ("find_people", {"session_token": tok("lena"), "name": "Claire Dubois"}),
            (c, {"session_token": tok("lena"), "submission_id": sid, "person_id": "$find_people.0.0",
                 "relation": "family_or_friend"})]
    if c == "email_authors":
        if sub == "create":
            steps, sid = sign_in("lena") + created(), 107
        else:
            steps, sid = [search("marta", "Zero-Copy")], HIT
        return chair() + steps + [(c, {"session_token": tok("marta"), "submission_ids": [sid],
                                       "subject": "NSC 2026: shepherding of your paper",
                                       "body": "Dear authors, Felix Brandt will shepherd your paper this round."})]
    if c == "list_pc_members":
        return sign_in("marta") + [(c, {"session_token": tok("marta"), "conference_id": C, "track": "SEC"})]
    if c == "add_pc_member":
        return chair() + [GET_CONF, ("find_people", {"session_token": tok("marta"), "name": "Priya Raman"}),
                          (c, {"session_token": tok("marta"), "conference_id": C, "person_id": "$find_people.0.0",
                               "track": "$get_conference.tracks.2.code"})]
    if c == "assign_reviewer":
        steps = chair()
        if submit:  # Lena submits her industry draft; Felix reviews industry papers
            steps = sign_in("lena") + [search("lena", "Kernel Bypass"), (
                "submit_submission", {"session_token": tok("lena"), "submission_id": HIT,
                                      "pdf_file_name": "plc-gateways.pdf", "page_count": 10})] + steps
            pid_steps = [("find_people", {"session_token": tok("marta"), "name": "Felix"})]
            return steps + pid_steps + [(c, {"session_token": tok("marta"), "submission_id": HIT,
                                             "person_id": "$find_people.0.0"})]
        steps = steps + [search("marta", "Post-Quantum")]
        if add:
            steps += [GET_CONF, ("find_people", {"session_token": tok("marta"), "name": "Priya Raman"}),
                      ("add_pc_member", {"session_token": tok("marta"), "conference_id": C,
                                         "person_id": "$find_people.0.0", "track": "$get_conference.tracks.2.code"})]
            pid = "$find_people.0.0"
        elif person == "find":
            steps += [("find_people", {"session_token": tok("marta"), "name": "Claire Dubois"})]
            pid = "$find_people.0.0"
        else:
            steps += [("list_pc_members", {"session_token": tok("marta"), "conference_id": C, "track": "SEC"})]
            pid = "$list_pc_members.0.0"
        return steps + [(c, {"session_token": tok("marta"), "submission_id": HIT, "person_id": pid})]
    if c == "submit_review":
        if review == "assign":  # Marta adds Tomasz (NET committee) as a third reviewer of #102
            return chair() + [search("marta", "Zero-Copy"),
                              ("find_people", {"session_token": tok("marta"), "name": "Tomasz"}),
                              ("assign_reviewer", {"session_token": tok("marta"), "submission_id": HIT,
                                                   "person_id": "$find_people.0.0"})] + sign_in("tomasz") + [
                (c, {"session_token": tok("tomasz"), "review_id": "$assign_reviewer.assignment.review_id",
                     "overall": 1, "confidence": "medium",
                     "comments": "The verified core is convincing; the evaluation is thin on small packets."})]
        return sign_in("tomasz") + [("list_my_reviews", {"session_token": tok("tomasz")}), (
            c, {"session_token": tok("tomasz"), "review_id": "$list_my_reviews.0.0", "overall": 1,
                "confidence": "high", "comments": "Clear contribution; the tail model needs a sensitivity study."})]
    if c == "get_reviews":
        return chair() + [search("marta", "Tail-Latency"), (c, {"session_token": tok("marta"), "submission_id": HIT})]
    if c == "make_decision":
        if rev:
            return path("submit_review") + chair() + [search("marta", "Tail-Latency"), (c, {
                "session_token": tok("marta"), "submission_id": HIT, "decision": "accept",
                "note": "Accept; address the sensitivity study in the camera-ready."})]
        return decided()
    if c == "send_reviewer_reminder":
        if review == "assign":
            steps = chair() + [search("marta", "Post-Quantum"), (
                "list_pc_members", {"session_token": tok("marta"), "conference_id": C, "track": "SEC"}), (
                "assign_reviewer", {"session_token": tok("marta"), "submission_id": HIT,
                                    "person_id": "$list_pc_members.0.0"})]
            rid = "$assign_reviewer.assignment.review_id"
        else:
            steps = chair() + [search("marta", "Tail-Latency"),
                               ("get_reviews", {"session_token": tok("marta"), "submission_id": HIT})]
            rid = "$get_reviews.reviews.1.review_id"
        return steps + [(c, {"session_token": tok("marta"), "review_ids": [rid],
                             "message": "Reviews are due on Thursday; please submit yours or tell me if you cannot."})]
    if c == "upload_camera_ready":
        if decide:
            steps, sid = decided(), HIT
        else:
            steps, sid = [], HIT
        return steps + sign_in("lena") + [search("lena", "Zero-Copy" if decide else "Energy Accounting"), (
            c, {"session_token": tok("lena"), "submission_id": sid, "pdf_file_name": "final.pdf",
                "page_count": 12, "copyright_form_signed": True})]
    if c == "confirm_presenter":
        steps = decided() if decide else []
        query = "Zero-Copy" if decide else "Energy Accounting"
        if pay:  # Lena names Priya, whose student registration is paid now
            pay_steps, _ = paid("unpaid", "lena")
            return steps + sign_in("lena") + pay_steps + [search("lena", query), (
                c, {"session_token": tok("lena"), "submission_id": HIT, "presenter_email": PEOPLE["priya"][0]})]
        return steps + sign_in("lena") + [search("lena", query), (
            c, {"session_token": tok("lena"), "submission_id": HIT, "presenter_email": PEOPLE["lena"][0]})]
    if c == "list_program":
        return [("list_conferences", {}), (c, {"conference_id": C, "day": "2026-06-16"})]
    if c == "create_program_session":
        return chair() + [ROOMS, (c, {"session_token": tok("marta"), "conference_id": C,
                                      "title": "Storage and persistence", "room": "$list_rooms.rooms.2.code",
                                      "day": "2026-06-17", "start": "10:00", "minutes": 90})]
    if c in ("schedule_talk", "move_program_session"):
        steps = chair()
        if prog == "create":
            steps += path("create_program_session")[len(chair()):]
            psid = "S-04"
        else:
            steps += [("list_program", {"conference_id": C})]
            psid = "$list_program.days.0.sessions.1.id"
        if c == "move_program_session":
            return steps + [ROOMS, (c, {"session_token": tok("marta"), "program_session_id": psid,
                                        "room": "$list_rooms.rooms.3.code", "start": "15:00"})]
        if decide:
            steps = decided() + steps[len(chair()):]
        else:
            steps += [search("marta", "Energy Accounting")]
        return steps + [(c, {"session_token": tok("marta"), "program_session_id": psid, "submission_id": HIT,
                             "minutes": 20})]
    if c == "publish_program":
        return chair() + [("list_conferences", {}), (c, {"session_token": tok("marta"), "conference_id": C})]
    if c == "register_attendee":
        return sign_in("priya") + reg_of("register")[0]
    if c == "find_registration":
        return sign_in("priya") + reg_of("unpaid")[0]
    if c in ("get_invoice", "pay_invoice"):
        steps, _, inv = reg_of("register" if reg == "register" else "unpaid")
        steps = sign_in("priya") + steps + [("get_invoice", {"session_token": tok("priya"), "invoice_number": inv})]
        if c == "get_invoice":
            return steps
        return steps + [(c, {"session_token": tok("priya"), "invoice_number": inv, "amount": "$get_invoice.balance_due",
                             "method": "bank_transfer"})]
    if c == "request_invitation_letter":
        if reg == "register":
            steps, rid = paid("register", "priya")
        elif pay:
            steps, rid = paid("unpaid", "priya")
        else:
            steps, rid = paid("paid", "lena")
            return sign_in("lena") + steps + [(c, {"session_token": tok("lena"), "registration_id": rid,
                                                   "passport_number": "A07718254", "nationality": "Nigerian"})]
        return sign_in("priya") + steps + [(c, {"session_token": tok("priya"), "registration_id": rid,
                                                "passport_number": "N4471920", "nationality": "Indian"})]
    if c in ("issue_badge", "cancel_registration", "check_in"):
        if c == "cancel_registration":
            steps, rid, _ = reg_of("unpaid" if reg == "find" else "register", "ana")
            return chair("ana") + steps + [(c, {"session_token": tok("ana"), "registration_id": rid,
                                                "reason": "Visa refused; attendee cannot travel."})]
        if c == "check_in" and not pay and reg == "find" and prog != "badge":
            return chair("ana") + [(c, {"session_token": tok("ana"), "badge_number": "B-0007"})]
        if reg == "register":
            steps, rid = paid("register", "ana")
        elif pay:
            steps, rid = paid("unpaid", "ana")
        else:
            steps, rid = paid("paid", "ana")
        steps = chair("ana") + steps + [("issue_badge", {"session_token": tok("ana"), "registration_id": rid})]
        if c == "check_in":
            return steps + [(c, {"session_token": tok("ana"), "badge_number": "B-0008"})]
        return steps
    raise KeyError(c)


CHOICE = {
    "create_submission": {"sub": "create"}, "find_people": {"person": "find"}, "assign_reviewer": {"review": "assign"},
    "create_program_session": {"prog": "create"}, "register_attendee": {"reg": "register"},
    "submit_submission": {"submit": True}, "add_pc_member": {"add": True}, "submit_review": {"rev": True},
    "make_decision": {"decide": True}, "pay_invoice": {"pay": True}, "issue_badge": {"prog": "badge"},
}


def _proofs() -> list:
    import podium_tools as m  # the catalog beside this file

    return [(p, c, path(c, **CHOICE.get(p, {}))) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_my_profile", sign_in("lena") + [("get_my_profile", {"session_token": tok("lena")}),
                                          search("lena", "Learned Index"),
                                          ("get_submission", {"session_token": tok("lena"), "submission_id": HIT})]),
    ("get_submission", chair() + [search("marta", "Zero-Copy"),
                                  ("get_submission", {"session_token": tok("marta"), "submission_id": HIT}),
                                  ("make_decision", {"session_token": tok("marta"), "submission_id": HIT,
                                                     "decision": "accept", "note": "Accept."})]),
    ("list_conferences", [("list_conferences", {}), ("get_conference", {"conference_id": C})]),
    ("list_program", chair() + [("list_program", {"conference_id": C}), ROOMS,
                                ("create_program_session", {"session_token": tok("marta"), "conference_id": C,
                                                            "title": "Storage and persistence",
                                                            "room": "$list_rooms.rooms.2.code", "day": "2026-06-17",
                                                            "start": "10:00", "minutes": 90})]),
    ("get_reviews", chair() + [search("marta", "Zero-Copy"),
                               ("get_reviews", {"session_token": tok("marta"), "submission_id": HIT}),
                               ("make_decision", {"session_token": tok("marta"), "submission_id": HIT,
                                                  "decision": "accept", "note": "Accept."})]),
    ("list_pc_members", chair() + [("list_pc_members", {"session_token": tok("marta"), "conference_id": C}),
                                   GET_CONF, ("find_people", {"session_token": tok("marta"), "name": "Priya Raman"}),
                                   ("add_pc_member", {"session_token": tok("marta"), "conference_id": C,
                                                      "person_id": "$find_people.0.0",
                                                      "track": "$get_conference.tracks.2.code"})]),
    ("find_registration", chair("ana") + [("find_registration", {"session_token": tok("ana"), "conference_id": C,
                                                                  "email": PEOPLE["lena"][0]}),
                                          ("check_in", {"session_token": tok("ana"), "badge_number": "B-0007"})]),
]
