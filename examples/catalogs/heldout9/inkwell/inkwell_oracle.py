"""Scripted proofs that Inkwell's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned ``"Error: ..."`` string is a
failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Ms
Adeyemi signs in (saved as ``funmi``: ``"$funmi.session.key"``); dict replies are referenced
through their fields (``"$open_register.register.id"``), rows by position
(``"$list_my_classes.0.0"``, ``"$get_submissions.submissions.0.0"``) and bare replies whole
(``"$create_rubric"``, ``"$get_report_cycle"``). Ids that Inkwell only writes inside a sentence (a
new assignment ``#4471``, a behaviour entry ``BH-7720``) are written literally: each comes from its
own counter, so it is the same in every fresh state, and none exists without the call. A consumer's
path is built once per choice of provider (``path(consumer, **choice)``).
"""

FUNMI = ("sign_in", {"username": "fadeyemi", "password": "Pythagoras-1987!"}, "funmi")
S = "$funmi.session.key"
CONFIRM = ("confirm_password", {"session_key": S, "password": "Pythagoras-1987!"})
LMC = ("list_my_classes", {"session_key": S})
X1, Y2 = "$list_my_classes.0.0", "$list_my_classes.1.0"  # 10X maths set 1, 10Y maths set 2
ROSTER = {"Amelia Hart": (X1, 0), "Bilal Rahman": (X1, 1), "Chloe Nwosu": (X1, 2), "Eva Lindgren": (X1, 3),
          "Dylan Price": (Y2, 0), "Farah Siddiqui": (Y2, 1), "George Tan": (Y2, 2)}
CYCLE = ("get_report_cycle", {"year_group": 10})
NEW = 4471  # the next assignment number, said only in create_assignment's sentence


def student(name: str, how: str) -> tuple[list, str]:
    """A student found by name, or read off their class roster (the path lists the classes first)."""
    if how == "find":
        return [("find_student", {"session_key": S, "name": name})], "$find_student.matches.0.student.id"
    cls, i = ROSTER[name]
    return [("get_class_roster", {"session_key": S, "class_code": cls})], f"$get_class_roster.{i}.0"


def timetable(date: str) -> tuple:
    return ("get_timetable", {"session_key": S, "date": date})


def assignment(how: str, cls: str, status: str, index: int = 0) -> tuple[list, object]:
    """An assignment of the class listed by status, or a new homework created for it."""
    if how == "create":
        return [("create_assignment", {"session_key": S, "class_code": cls, "title": "Exterior angles of polygons",
                                       "instructions": "Textbook page 84, questions 1-12. Show your working.",
                                       "due_date": "2027-03-10", "max_points": 10, "category": "homework"})], NEW
    return [("list_assignments", {"session_key": S, "class_code": cls, "status": status})], \
        f"$list_assignments.{index}.0"


def rubric(how: str) -> tuple[list, str]:
    if how == "create":
        return [("create_rubric", {"session_key": S, "title": "Polygon angles (10)",
                                   "criteria": [{"name": "Accuracy", "points": 6},
                                                {"name": "Reasoning", "points": 4}]})], "$create_rubric"
    return [("list_rubrics", {"session_key": S, "subject": "maths"})], "$list_rubrics.1.0"


def path(c: str, st: str = "roster", cls: str = "list", asg: str = "list", rub: str = "list") -> list:
    """The call path that ends with consumer ``c`` for one choice of providers."""
    if c == "confirm_password":
        return [FUNMI, CONFIRM]
    if c in ("list_my_classes", "list_detention_slots"):
        return [FUNMI, (c, {"session_key": S})]
    if c == "get_timetable":
        return [FUNMI, timetable("2027-03-03")]
    if c in ("get_class_roster", "find_student"):
        return [FUNMI, LMC] + student("Chloe Nwosu", "find" if c == "find_student" else "roster")[0]
    if c in ("get_student_profile", "get_attendance", "log_behaviour"):
        steps, sid = student("Bilal Rahman", st)
        args = {"session_key": S, "student_id": sid}
        if c == "log_behaviour":
            args.update(kind="sanction", points=-2, note="Phone out in the lesson after two warnings")
        return [FUNMI, LMC] + steps + [(c, args)]
    if c == "move_student":
        steps, sid = student("Eva Lindgren", st)
        return [FUNMI, LMC] + steps + [(c, {"session_key": S, "student_id": sid, "from_class_code": X1,
                                            "to_class_code": Y2,
                                            "reason": "Finding the pace of set 1 too fast; agreed with Eva and her "
                                                      "father at parents' evening"})]
    if c in ("get_guardian_contacts", "get_support_plan", "message_guardians"):
        steps, sid = student("Dylan Price", st)
        steps = [FUNMI, CONFIRM, LMC] + steps
        if c == "get_support_plan":
            return steps + [(c, {"session_key": S, "student_id": sid})]
        steps += [("get_guardian_contacts", {"session_key": S, "student_id": sid})]
        if c == "get_guardian_contacts":
            return steps
        return steps + [(c, {"session_key": S, "student_id": sid, "guardian_ids": ["$get_guardian_contacts.guardians.0.id"],
                             "subject": "Dylan's maths homework",
                             "body": "Dylan has missed the last two homework deadlines. Could we talk on the phone "
                                     "this week about how best to support him?"})]
    if c in ("write_report_comment", "submit_reports"):
        steps, sid = student("Chloe Nwosu", st)
        steps = [FUNMI, CYCLE, LMC] + steps + [
            ("write_report_comment", {"session_key": S, "cycle": "$get_report_cycle", "class_code": X1,
                                      "student_id": sid, "attainment": "6", "effort": 2,
                                      "comment": "Chloe has settled well into set 1 and her algebra is now secure."})]
        return steps + ([(c, {"session_key": S, "cycle": "$get_report_cycle", "class_code": X1})]
                        if c == "submit_reports" else [])
    if c in ("record_absence_reason", "mark_register", "open_register"):
        if c == "open_register" and cls == "timetable":
            return [FUNMI, timetable("2027-03-03"), (c, {"session_key": S, "class_code": "$get_timetable.0.1",
                                                         "date": "2027-03-03", "period": "$get_timetable.0.0"})]
        reg = ("open_register", {"session_key": S, "class_code": X1, "date": "2027-03-03", "period": 1})
        if c == "open_register":
            return [FUNMI, LMC, reg]
        if c == "mark_register":
            return [FUNMI, LMC, reg, (c, {"session_key": S, "register_id": "$open_register.register.id",
                                          "absent": ["$open_register.register.students.2.0"],
                                          "late": ["$open_register.register.students.1.0"]})]
        steps, sid = student("Chloe Nwosu", st)
        return [FUNMI, LMC] + steps + [reg, ("mark_register", {"session_key": S, "register_id": "$open_register.register.id",
                                                               "absent": [sid], "late": []}),
                                       (c, {"session_key": S, "student_id": sid, "date": "2027-03-03", "code": "M"})]
    if c in ("create_assignment", "list_assignments", "get_gradebook", "message_class"):
        if c == "create_assignment":
            return [FUNMI, LMC] + assignment("create", Y2, "")[0]
        args = {"session_key": S, "class_code": X1}
        if c == "message_class":
            args.update(subject="Statistics coursework feedback",
                        body="Feedback on your travel survey coursework will be on Inkwell by Friday.")
        return [FUNMI, LMC, (c, args)]
    if c in ("get_assignment", "get_submissions"):
        steps, aid = assignment(asg, X1, "published", 1 if c == "get_assignment" else 0)
        return [FUNMI, LMC] + steps + [(c, {"session_key": S, "assignment_id": aid})]
    if c in ("publish_assignment", "update_assignment_due_date", "attach_rubric"):
        steps, aid = assignment(asg, Y2, "draft")
        if c == "publish_assignment":
            return [FUNMI, LMC] + steps + [(c, {"session_key": S, "assignment_id": aid, "notify_students": True})]
        if c == "update_assignment_due_date":
            return [FUNMI, LMC] + steps + [(c, {"session_key": S, "assignment_id": aid, "new_due_date": "2027-03-12"})]
        rsteps, rid = rubric(rub)
        return [FUNMI, LMC] + steps + rsteps + [(c, {"session_key": S, "assignment_id": aid, "rubric_id": rid})]
    if c in ("create_rubric", "list_rubrics"):
        return [FUNMI] + rubric("create" if c == "create_rubric" else "list")[0]
    if c == "grant_extension":
        steps, aid = assignment(asg, Y2, "draft")
        ssteps, sid = student("George Tan", st)
        return [FUNMI, LMC] + steps + [("publish_assignment", {"session_key": S, "assignment_id": aid,
                                                               "notify_students": True})] + ssteps + [
            (c, {"session_key": S, "assignment_id": aid, "student_id": sid, "new_due_date": "2027-03-12",
                 "reason": "Family bereavement; agreed with his head of year"})]
    if c == "excuse_student":
        steps, aid = assignment(asg, X1, "published")
        ssteps, sid = student("Chloe Nwosu", st)
        return [FUNMI, LMC] + steps + ssteps + [
            (c, {"session_key": S, "assignment_id": aid, "student_ids": [sid],
                 "reason": "In hospital 22-26 February; the work is not required"})]
    if c in ("run_similarity_check", "grade_submission"):
        steps = [FUNMI, LMC, ("list_assignments", {"session_key": S, "class_code": X1, "status": "published"}),
                 ("get_submissions", {"session_key": S, "assignment_id": "$list_assignments.1.0"}),
                 ("run_similarity_check", {"session_key": S, "submission_id": "$get_submissions.submissions.0.0"})]
        if c == "run_similarity_check":
            return steps
        return steps + [(c, {"session_key": S, "submission_id": "$get_submissions.submissions.0.0", "points": 31.0,
                             "feedback": "Clear hypothesis and a sensible sampling plan; tie your conclusion back "
                                         "to the data.", "rubric_scores": [8, 8, 8, 7]})]
    if c == "return_grades":
        return [FUNMI, LMC, ("list_assignments", {"session_key": S, "class_code": X1, "status": "published"}),
                ("get_submissions", {"session_key": S, "assignment_id": "$list_assignments.0.0", "status": "submitted"}),
                ("grade_submission", {"session_key": S, "submission_id": "$get_submissions.submissions.0.0",
                                      "points": 17.0, "feedback": "Good method throughout; one arithmetic slip in Q12."}),
                (c, {"session_key": S, "assignment_id": "$list_assignments.0.0"})]
    if c == "assign_detention":
        steps, sid = student("Bilal Rahman", "find")
        return [FUNMI] + steps + [
            ("log_behaviour", {"session_key": S, "student_id": sid, "kind": "sanction", "points": -2,
                               "note": "Phone out in the lesson after two warnings"}),
            ("list_detention_slots", {"session_key": S}),
            (c, {"session_key": S, "behaviour_entry_id": "BH-7720", "slot_id": "$list_detention_slots.0.0"})]
    if c == "book_room":
        return [FUNMI, ("list_rooms", {}), (c, {"session_key": S, "room_code": "$list_rooms.0.0", "date": "2027-03-05",
                                                "period": 4, "purpose": "Year 10 statistics coursework write-up"})]
    if c == "request_cover":
        return [FUNMI, timetable("2027-03-05"),
                (c, {"session_key": S, "date": "2027-03-05", "periods": ["$get_timetable.0.0", "$get_timetable.1.0"],
                     "reason": "Hospital appointment (planned follow-up)"})]
    raise KeyError(c)


# the choice of providers each provider's proofs are built with (the default path holds the others)
CHOICE = {"find_student": {"st": "find"}, "get_timetable": {"cls": "timetable"}, "create_assignment": {"asg": "create"},
          "create_rubric": {"rub": "create"}}


def _proofs() -> list:
    import inkwell_tools as m  # the catalog beside this file

    return [(p, c, path(c, **CHOICE.get(p, {}))) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

_BILAL = [FUNMI, ("find_student", {"session_key": S, "name": "Bilal Rahman"})]
_SID = "$find_student.matches.0.student.id"
_SANCTION = ("log_behaviour", {"session_key": S, "student_id": _SID, "kind": "sanction", "points": -1,
                               "note": "Late to the lesson without a note"})

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_student_profile", _BILAL + [("get_student_profile", {"session_key": S, "student_id": _SID}), _SANCTION]),
    ("get_assignment", [FUNMI, LMC] + assignment("list", Y2, "draft")[0] + [
        ("get_assignment", {"session_key": S, "assignment_id": "$list_assignments.0.0"}),
        ("publish_assignment", {"session_key": S, "assignment_id": "$list_assignments.0.0", "notify_students": False})]),
    ("list_rooms", [("list_rooms", {}), FUNMI, timetable("2027-03-05"),
                    ("request_cover", {"session_key": S, "date": "2027-03-05", "periods": ["$get_timetable.1.0"],
                                       "reason": "Trip to the county maths challenge"})]),
    ("get_gradebook", [FUNMI, LMC, ("get_gradebook", {"session_key": S, "class_code": X1}),
                       ("list_assignments", {"session_key": S, "class_code": X1})]),
    ("confirm_password", _BILAL[:1] + [CONFIRM] + _BILAL[1:] + [("get_attendance", {"session_key": S, "student_id": _SID})]),
    ("get_report_cycle", [CYCLE, FUNMI, LMC, ("get_class_roster", {"session_key": S, "class_code": X1})]),
    ("list_detention_slots", _BILAL + [("list_detention_slots", {"session_key": S}), _SANCTION]),
]
