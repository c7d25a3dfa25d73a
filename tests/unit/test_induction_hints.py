"""What refusals, plain replies and build outcomes teach: hints.py, reply_values.py, causes.py."""

from types import SimpleNamespace

import pytest
from hypothesis import given, strategies as st

from llama_index_libra.induction.causes import CAUSES, never_succeeded_cause
from llama_index_libra.induction.hints import digits_sample, MAX_HINT_VALUES, error_hints
from llama_index_libra.induction.stated import STATED_AMOUNTS, stated_amounts
from llama_index_libra.induction.field_encoders import leaf_name
from llama_index_libra.induction.reply_values import listed_name, is_sentence, owner_name, reply_name, sentence_values


@pytest.mark.parametrize("message, args, expected", [
    ("unsupported tax class 'x'; expected one of: I, II, III", {"tax_class": "x"}, {"tax_class": ["I", "II", "III"]}),
    ("reason should be either 'no longer needed' or 'ordered by mistake'", {"reason": "r", "order_id": "#1"},
     {"reason": ["no longer needed", "ordered by mistake"]}),
    ("dates are written DD.MM.YYYY", {"start_date": "2025-01-02", "name": "a"}, {"start_date": ["02.01.2025"]}),
    ("priority must be one of 1, 2, 3", {"priority": 9}, {"priority": [1, 2, 3]}),
    ("order not found", {"order_id": "x"}, {}),
    # vocabularies in the other ways messages spell them
    ("Error: unknown payment method 'method'; accepted: card, cash, hsa", {"method": "method", "appointment_id": "A1"},
     {"method": ["card", "cash", "hsa"]}),
    ("unknown test code 'I10'; valid codes: CBC01, LIP02", {"test_code": "I10"}, {"test_code": ["CBC01", "LIP02"]}),
    ("unknown time zone 'x'; known: Europe/London, Asia/Singapore", {"tz": "x", "when": "w"},
     {"tz": ["Europe/London", "Asia/Singapore"]}),
    ("unknown kind 'kind'; kinds are document, file, folder", {"kind": "kind", "query": "q"},
     {"kind": ["document", "file", "folder"]}),
    ("Error: channel must be portal or sms", {"channel": "x", "patient_id": "P1"}, {"channel": ["portal", "sms"]}),
    ("the items are missing", {"x": "y"}, {}),
    ("expected DD/MM/YYYY", {"text": "text"}, {"text": ["15/06/2025"]}),  # the one text input a layout is for
    ("expected DD/MM/YYYY", {"text": "t", "n": 3}, {}),  # several inputs and none named: no guess
    # "use A, B, C" after the refused item of a list input: all of them, then each alone
    ("unknown hazard code(s) ['hazard']; use traffic, water, confined_space", {"hazards": ["hazard"], "job_id": "J-1"},
     {"hazards": [["traffic", "water", "confined_space"], ["traffic"], ["water"], ["confined_space"]]}),
    ("please use the web form", {"x": "y", "z": "w"}, {}),  # no list after it: nothing to learn
])
def test_error_hints(message, args, expected):
    assert error_hints(message, args) == expected


@given(st.text(max_size=300), st.dictionaries(st.text(min_size=1, max_size=8),
                                              st.one_of(st.text(max_size=10), st.integers(), st.booleans()), max_size=3))
def test_error_hints_never_fail(message, args):
    """Any message and arguments: a dict of known inputs to short lists of new values."""
    hints = error_hints(message, args)
    for name, values in hints.items():
        assert name in args and values and len(values) <= MAX_HINT_VALUES + 1
        assert all(v != args[name] for v in values)


@pytest.mark.parametrize("name, description, expected", [
    ("find_user_id_by_email", "Find a user.", "user_id"),
    ("add_person", "Add a person and return its person_id.", "person_id"),
    ("create_note", "Create a note; returns the id.", "note_id"),
    ("get", "", None),
    # a docstring's returns section names a bare reply (Google, Sphinx, NumPy styles)
    ("login", "Open a session.\n\n    Returns:\n        The session token to pass as ``session``.", "session_token"),
    ("sign_off", "Sign off.\n\nReturns:\n    str: A single-use approval code.", "approval_code"),
    ("book", "Book a slot.\n:returns: the new booking reference", "booking_reference"),
    ("open", "Open.\n\nReturns\n-------\nticket_key : str\n    The key.", "ticket_key"),
    ("count_rows", "Count.\n\nReturns:\n    The number of rows.", "rows"),  # no qualified id: the tool's name
    ("register_scanner", "Bind a scanner; floor endpoints take the device token it returns.", "device_token"),
    ("subscribe_updates", "Text a number when it changes; returns the bare subscription id.", "subscription_id"),
    ("login", "Open a session with a user name and password; the reply is the bare session token, which every "
              "other call needs.", "session_token"),
    ("open_ticket", "Open a ticket; the service answers with the ticket number.", "ticket_number"),
    ("open_session", "Open a session.\n:returns: The bare session id.", "session_id"),
    ("normalise_postcode", "A UK postcode as people type it, in the system's format.", "postcode"),
    # NumPy's unnamed return: a line with the type only, then the text
    ("sign_in", "Sign in.\n\n    Returns\n    -------\n    str\n        A session token for the calls that change anything.",
     "session_token"),
    ("issue", "Issue.\n\nReturns\n-------\ndict[str, Any]\n    The new voucher code.", "voucher_code"),
])
def test_reply_name(name, description, expected):
    assert reply_name(SimpleNamespace(name=name, description=description)) == expected


def test_sentence_values():
    assert list(sentence_values("Employee EMP-0016 created.")) == [("employee_id", "EMP-0016")]
    found = list(sentence_values("Bank account BA-0007 added; pay run 7 has 3 payslips worth 12,000.00"))
    assert found == [("bank_account_id", "BA-0007"), ("pay_run_id", 7)]  # counts and amounts are no ids
    assert is_sentence("order placed") and not is_sentence("EMP-0016")
    assert is_sentence("drawer session DS-0419 opened") and is_sentence("Read MR-5 accepted for meter E1.")
    # a reply of values is a value, not a sentence: a postcode, a date, a card number, a name
    for value in ("NV3 7QP", "2 March 1958", "May 13, 2025", "4111 1111 1111 1111", "Margaret Ellison"):
        assert not is_sentence(value), value


@pytest.mark.parametrize("message, args, expected", [
    ("due must be a future YYYY-MM-DDTHH:MM", {"due": "16 May 2025 17:00", "desk": "x"}, {"due": ["2025-05-16T17:00"]}),
    ("until must be YYYY-MM-DDTHH:MM, got '2025-06-15'", {"until": "2025-06-15"}, {"until": ["2025-06-15T10:00"]}),
    ("start: dates are written DD.MM.YYYY", {"start": "May 2, 2025"}, {"start": ["02.05.2025"]}),
    ("slot must be HH:MM", {"slot": "2025-06-01 18:30"}, {"slot": ["18:30"]}),
])
def test_date_time_layouts(message, args, expected):
    assert error_hints(message, args) == expected


@pytest.mark.parametrize("message, args, expected", [
    ("ValueError: start_utc must be UTC ISO 8601, like 2025-06-12T14:00:00Z (see to_utc)",
     {"start_utc": "2025-08-04", "minutes": 60}, {"start_utc": ["2025-06-12T14:00:00Z"]}),
    ("unknown template '482913'; e.g. 'ACK-01'", {"template_code": "482913", "claim": "x"}, {"template_code": ["ACK-01"]}),
    ("currency must be a code such as EUR", {"currency": "euro"}, {"currency": ["EUR"]}),
    ("please describe it like this", {"description": "x"}, {}),
])
def test_values_a_refusal_shows(message, args, expected):
    """A refusal that shows an accepted value ("like 2025-06-12T14:00:00Z") teaches it to the input
    it names; words ("like this") are no values."""
    assert error_hints(message, args) == expected


@pytest.mark.parametrize("message, args, expected", [
    ("ValueError: 422 amount must be the 135.00 due", {"amount": 10, "container": "MSCU 4471203"}, {"amount": [135.0]}),
    ("quantity should equal 4", {"quantity": 1, "sku": "A-1"}, {"quantity": [4]}),
    ("seats: expected exactly 3", {"seats": 1}, {"seats": [3]}),
    ("value must be between 1 and 10", {"value": 0}, {"value": [5]}),  # a range (its midpoint), not a required 1
    ("pin must be 4417-9", {"pin": 1}, {}),
])
def test_a_refusal_naming_the_one_number_an_input_takes(message, args, expected):
    assert error_hints(message, args) == expected


@pytest.mark.parametrize("message, args, expected", [
    ("agreement_version must be the current licence agreement, LA-2029-04",
     {"agreement_version": "agreement_version", "member_id": "M-1043-1"}, {"agreement_version": ["LA-2029-04"]}),
    ("form expected 'P60-B'", {"form": "form", "year": 2024}, {"form": ["P60-B"]}),
    ("tariff only accepts T2; see the tariff sheet", {"tariff": "tariff"}, {"tariff": ["T2"]}),
    # not a code: a word, a number, a time, or a value of the call itself
    ("agreement_version must be the current licence agreement", {"agreement_version": "v"}, {}),
    ("no member M-1043-1", {"member_id": "M-1043-1"}, {}),
    ("start must be at 08:00", {"start": "start"}, {}),
    ("member_id must be M-1043-1's own", {"member_id": "M-1043-1"}, {}),
    # the code must be in the sentence that says what is required
    ("agreement_version must be signed. Ask M-1043-1 to sign LA-1", {"agreement_version": "x", "member_id": "y"}, {}),
])
def test_a_refusal_naming_the_one_code_an_input_takes(message, args, expected):
    """A refusal that names the code an input must take ("must be the current licence agreement,
    LA-2029-04") teaches that code to the input it names; words, numbers, times and the call's own
    values are no such code."""
    assert error_hints(message, args) == expected


@given(st.text(max_size=200))
def test_sentence_values_total(text):
    for name, value in sentence_values(text):
        assert isinstance(name, str) and name and isinstance(value, (str, int))


@pytest.mark.parametrize("errors, runs, cause", [
    ([["Error: order #1 is not delivered", 3]], 3, "state"),
    ([["unsupported currency XYZ", 2]], 2, "vocabulary"),
    ([["TypeError: bad operand", 2]], 2, "crash"),
    ([["ValueError: account 9 not found", 4]], 4, "unknown_value"),
    ([["expected DD/MM/YYYY", 1]], 1, "format"),
    ([["permission denied: log in first", 1]], 1, "credentials"),
    ([["not signed in to the cloud", 1]], 1, "credentials"),
    ([["PermissionError: invalid or missing staff token; sign in first", 62], ["KeyError: 'no booking with id M-1'", 21]],
     83, "unknown_value"),  # some calls got past the sign-in: the booking id is what was missing
    ([["PermissionError: invalid staff token", 9], ["something odd", 1]], 10, "credentials"),
    ([["ValueError: brightness must be between 0.0 and 1.0", 1]], 1, "format"),
    ([["not run: budget spent", 5]], 0, "budget"),
    ([["something odd", 1]], 1, "other"),
    # a record named by the value it got, behind a sign-in some calls passed
    ([["Error: not signed in (session missing or expired)", 259], ["Error: no behaviour entry 'DT-0304'", 109]], 368,
     "unknown_value"),
    ([["NotFound: [not_found] no conference 'Nordic Systems 2026'", 5]], 5, "unknown_value"),
    ([["Error: no search criteria", 3]], 3, "other"),
    ([], 0, "not_run"),
])
def test_never_succeeded_cause(errors, runs, cause):
    assert never_succeeded_cause({"runs": runs, "errors": errors}) == cause and cause in CAUSES


def test_never_run_in_a_spent_budget_is_budget():
    assert never_succeeded_cause({"runs": 0, "errors": []}, budget_spent=True) == "budget"


@pytest.mark.parametrize("message, args, expected", [
    ("ValueError: 'barbell42' is not an email address", {"token": "t", "email": "barbell42"}, {"email": ["alex.morgan@example.com"]}),
    ("phone 07700 900123 is not in E.164 form", {"member_id": "M1", "phone": "07700 900123"}, {"phone": ["+14155550123"]}),
    ("invalid URL", {"callback": "callback"}, {"callback": ["https://example.com/"]}),
    ("no member with email x", {"email": "x"}, {}),  # not a refusal of the value's kind
])
def test_a_refusal_of_a_kind_of_value_teaches_a_sample_of_it(message, args, expected):
    assert error_hints(message, args) == expected


@pytest.mark.parametrize("name, expected", [
    ("create_booking", "booking"), ("find_user_id_by_email", "user"), ("open_support_ticket", "ticket"),
    ("attach_disk", "disk"), ("login", None), ("get_id", None), ("list_branches", "branches"),
])
def test_owner_name(name, expected):
    assert owner_name(SimpleNamespace(name=name, description="")) == expected


@pytest.mark.parametrize("keys, owner, expected", [
    (("ref",), "booking", "booking_ref"), (("id",), "branches", "branch_id"), (("id",), None, "id"),
    (("customer", "id"), "booking", "customer_id"), (("status",), "booking", "status"),
    (("name",), "booking", "name"), (("id",), "vms", "vm_id"),
])
def test_leaf_name_owner(keys, owner, expected):
    assert leaf_name(keys, owner=owner) == expected


@pytest.mark.parametrize("keys, owner, listed, expected", [
    (("data", "id"), "customers", "customers", "customer_id"), (("results", "ref"), "claims", "claims", "claim_ref"),
    (("data", "id"), None, None, "data_id"), (("data", "name"), "customers", "customers", "data_name"),
    (("data", "id"), "certification", None, "data_id"), (("data", "id"), "methods", "payment_methods", "payment_method_id"),
    (("data", "id"), "orders", "work_orders", "work_order_id"),
])
def test_leaf_name_of_a_listing_envelope(keys, owner, listed, expected):
    assert leaf_name(keys, owner=owner, listed=listed) == expected


@pytest.mark.parametrize("name, expected", [
    ("list_payment_methods", "payment_methods"), ("find_work_orders", "work_orders"), ("get_customer", None),
    ("sign_in", None), ("list_api_keys", "api_keys"), ("search_customers_by_email", "customers"),
])
def test_listed_name(name, expected):
    assert listed_name(SimpleNamespace(name=name, description="")) == expected


def test_a_set_valued_input_is_taught_the_whole_vocabulary_then_each_value() -> None:
    """A list input (scopes) whose refusal lists the valid values: all of them at once first (a key
    that every later call accepts), then each alone; never a bare string for a list."""
    hints = error_hints("unknown scope scope; valid scopes: circulation, patrons, fees",
                        {"console_session": "cs_1", "scopes": ["scope"]})
    assert hints == {"scopes": [["circulation", "patrons", "fees"], ["circulation"], ["patrons"], ["fees"]]}


def test_a_json_text_refusal_teaches_its_listed_values_not_its_quotes() -> None:
    """``{"reason": "...; use one of: a, b", "status": "failed"}``: the vocabulary, not the JSON's
    quoted punctuation ("," and ":" were taught)."""
    message = ('{"reason":"unknown rejection reason \'x\'; use one of: not_a_fit, withdrew, no_show",'
               '"status":"failed"}')
    assert error_hints(message, {"application_id": "A-1", "reason": "x"}) == {"reason": ["not_a_fit", "withdrew", "no_show"]}


@pytest.mark.parametrize("message, args, expected", [
    ("Card number must have 15 or 16 digits", {"card_number": "card_number", "expiry": "09/29"},
     {"card_number": ["4222222222222220"]}),
    ("Sort code needs 6 digits and account number 8", {"sort_code": "x", "account_number": "y", "account_name": "z"},
     {"sort_code": ["422220"], "account_number": ["42222224"]}),
    ("Move-out needs 7 days' notice (2028-03-21 or later)", {"move_out_date": "2028-03-16", "rental_id": "r1"},
     {"move_out_date": ["2028-03-21"]}),
    ("Allow at least seven days (due 2028-05-23 or later)", {"due_date": "2025-06-15", "claim_ref": "c"},
     {"due_date": ["2028-05-23"]}),
    ("No digits here for pin", {"pin": "1234"}, {}),
    ("a theory certificate number has eight digits", {"certificate_number": "x", "passed_on": "2029-08-30"},
     {"certificate_number": ["42222224"]}),  # a count in words
    ("one of the two numbers is wrong: account number needs 8 digits", {"account_number": "y"},
     {"account_number": ["42222224"]}),  # number words that count no digits stay words
    ("INVALID_FIELD: card_last4 is four digits, not 'card_last4'", {"card_last4": "card_last4", "amount": 200.0},
     {"card_last4": ["4226"]}),  # the input named as written in code; the 4 of its name counts nothing
    ("pin_code needs 6 digits", {"pin_code": "x"}, {"pin_code": ["422220"]}),
    # a few numbers offered in a unit that names the input (plural or singular), the value tried left out
    ("FIELD_CUSTOM_VALIDATION_EXCEPTION: a licence runs for 6 or 12 months, not 10", {"boat_id": "B-1", "months": 6},
     {"months": [12]}),
    ("stays of 2, 3 or 7 nights only", {"nights_booked": 5}, {"nights_booked": [2, 3, 7]}),
    ("a lane is hired for 0.5 or 1.5 hour", {"hours": 2.0}, {"hours": [0.5, 1.5]}),
    ("pick 1 or 2 items", {"months": 6}, {}),  # a unit that names no input
    # a time of day the refusal names, to the input that holds one, written as it writes one
    ("E-RULE: 12:00 has not come yet; it is 09:40", {"token": "t", "at": "12:00", "driver": "x"}, {"at": ["09:40"]}),
    ("9:00 is before opening at 10:30", {"at": "9:00"}, {"at": ["10:30"]}),
    ("the slot at 12:00 is taken", {"start": "12:00", "end": "13:00"}, {}),  # only the value tried
])
def test_refusals_that_count_digits_or_name_a_day(message, args, expected):
    assert error_hints(message, args) == expected


def test_digits_samples_have_the_length_asked_and_pass_the_luhn_check():
    def luhn(number: str) -> bool:
        total = 0
        for i, c in enumerate(reversed(number)):
            d = int(c) * (2 if i % 2 else 1)
            total += d - 9 if d > 9 else d
        return total % 10 == 0

    for length in range(1, 41):
        sample = digits_sample(length)
        assert sample is not None and len(sample) == length and sample.isdigit() and luhn(sample)
    assert digits_sample(0) is None and digits_sample(41) is None


def test_named_fields_reads_a_field_the_refusal_names():
    from llama_index_libra.induction.stated import named_fields
    from llama_index_libra.induction.values import Value

    pool = [Value("\x00fixtures", "integration_key", "$.account.integration_key", "3f8a-2c71", "a"),
            Value("\x00fixtures", "email", "$.users[0].email", "tom@example.com", "b"),
            Value("get_user", "user_name", "$.output.user_name", "Tom", "c"),
            Value("login", "integration_key", "$.arguments.integration_key", "echo", "d")]
    assert [v.value for v in named_fields("AuthenticationFailed: INVALID_CLIENT: Unknown integration key", pool)] == ["3f8a-2c71"]
    assert [v.value for v in named_fields("No user name given", pool)] == ["Tom"]
    # a single common word names no field (``email`` in ``bad email``); an argument's echo is no source
    assert named_fields("bad email", pool) == [] and named_fields("Unknown integrations keyring", pool) == []


def test_named_fields_reads_a_short_field_the_refusal_writes_in_capitals():
    from llama_index_libra.induction.stated import named_fields
    from llama_index_libra.induction.values import Value

    pool = [Value("search_prescribers", "npi", "$.output[0].npi", "1427081553", "a"),
            Value("search_prescribers", "id", "$.output[0].id", "P-1", "b")]
    # an acronym is distinctive however short; the same word in lower case, or a vague one, is not
    assert [v.value for v in named_fields("No prescriber with NPI Dr. Alan Price", pool)] == ["1427081553"]
    assert named_fields("no prescriber with npi Dr. Alan Price", pool) == []
    assert named_fields("Missing ID", pool) == []



@given(st.text(max_size=200), st.lists(st.sampled_from(["integration_key", "user_name", "email", "x", "ticket_no"]), max_size=8))
def test_named_fields_never_fail(message, exports):
    from llama_index_libra.induction.stated import NAMED_PER_FIELD, named_fields
    from llama_index_libra.induction.values import Value

    pool = [Value("t", e, f"$.output.{e}", f"v{i}", f"k{i}") for i, e in enumerate(exports)]
    out = named_fields(message, pool)
    assert all(v in pool for v in out)
    assert all(sum(w.export == v.export for w in out) <= NAMED_PER_FIELD for v in out)


def test_a_refusal_that_gives_an_inputs_range_teaches_its_midpoint():
    message = "E400 CHECK THE DIMENSIONS: LOA 2-30 M, BEAM 1-10 M, DRAFT 0.3-4 M"
    # only the input outside its range, by a word of its name; the float range keeps two decimals
    assert error_hints(message, {"loa_m": 10, "beam_m": 10, "draft_m": 10, "name": "x"}) == {"draft_m": [2.15]}
    assert error_hints("party size must be between 1 and 8", {"party_size": 10}) == {"party_size": [4]}
    assert error_hints("nights: 1 to 14, crew 1 and 12", {"nights": 30, "crew": 0}) == {"nights": [7], "crew": [6]}
    # a date is no range, a text input takes none, and a range names no input here
    assert error_hints("expires 2028-05-31 for policy 3", {"policy": 10}) == {}
    assert error_hints("size 1-8", {"size": "x"}) == {}
    assert error_hints("between 1 and 8", {"amount": 10}) == {}
    # the far end after a few words, and a whole value tried as a float: a whole midpoint
    assert error_hints("headcount must be between 1 and the room's 2 seats", {"headcount": 3.0, "booking_id": "BK-1"}) == {"headcount": [1]}
    # the unit after the range names the input (singular or plural), whatever the words before it
    assert error_hints("the gold loan rate lends for 1 to 6 months, not 10", {"months": 10, "pledge_id": "P-1"}) == {"months": [3]}
    assert error_hints("stays last 2-14 nights", {"nights_booked": 30}) == {"nights_booked": [8]}
    assert error_hints("lends for 1 to 6 months", {"months": 4}) == {}  # already inside it
    assert error_hints("between 1 and 8 guests", {"party": 10}) == {}  # a unit that names no input


@given(st.text(max_size=200), st.dictionaries(st.sampled_from(["loa_m", "party_size", "n"]),
                                             st.integers(-50, 50) | st.floats(-50, 50, allow_nan=False)))
def test_hints_for_numbers_never_fail_and_never_repeat_the_value_tried(message, args):
    for name, values in error_hints(message, args).items():
        assert name in args and values and args[name] not in values


@given(st.integers(0, 500), st.integers(1, 500), st.integers(-1000, 1000), st.sampled_from(["months", "month", "nights"]),
       st.sampled_from(["lends for", "runs", "the rate is", ""]))
def test_a_range_before_a_unit_teaches_a_value_inside_it_to_the_input_the_unit_names(lo, width, current, unit, words):
    hi = lo + width
    message = f"{words} {lo} to {hi} {unit}, not {current}".strip()
    hints = error_hints(message, {"months": current, "pledge_id": "P-1"})
    named = unit.rstrip("s") == "month"
    if named and not lo <= current <= hi:
        assert hints == {"months": [(lo + hi) // 2]}
    else:
        assert "months" not in hints


def test_a_validation_exception_name_is_not_a_list_and_a_later_list_is_read():
    # "ValidationFailed" starts with "valid": the list is the one after "use one of"
    message = "ValidationFailed: [validation] unknown reason code 'CGF-27'; use one of INELIGIBLE_ORG, OUTSIDE_AREA, DUPLICATE"
    hints = error_hints(message, {"application_id": "A-1", "reason_code": "CGF-27"})
    assert hints == {"reason_code": ["INELIGIBLE_ORG", "OUTSIDE_AREA", "DUPLICATE"]}


def test_a_day_not_after_the_handed_today_teaches_the_next_week_in_the_values_layout():
    from llama_index_libra.induction.hints import LATER_DAYS, as_date, handed_today
    from llama_index_libra.induction.handed import fixture_values

    today = handed_today(fixture_values({"league": {"name": "Riverside", "today": "Wednesday 11 October 2028"}}))
    assert today == as_date("2028-10-11")
    hints = error_hints("Error: fixtures are scheduled for a future date", {"match_date": "2025-06-15", "pitch": 1}, today=today)
    assert hints == {"match_date": [f"2028-10-{d}" for d in range(12, 12 + LATER_DAYS)]}
    assert error_hints("E400 ARRIVAL MUST BE TODAY OR LATER", {"arrive": "17.07.2027"}, today=as_date("2027-07-17"))["arrive"][-7] == "18.07.2027"
    # without a handed today, nothing to count from
    assert error_hints("Error: fixtures are scheduled for a future date", {"match_date": "2025-06-15"}) == {}


@given(st.dates(min_value=__import__("datetime").date(1900, 1, 1), max_value=__import__("datetime").date(2200, 1, 1)),
       st.sampled_from(["%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y", "%Y%m%d"]))
def test_later_days_are_after_today_and_written_alike(today, fmt):
    import datetime as dt

    from llama_index_libra.induction.hints import later_days

    start = dt.datetime(today.year, today.month, today.day)
    days = later_days(dt.date(2020, 1, 2).strftime(fmt), start)
    assert len(days) == 7 and all(dt.datetime.strptime(d, fmt) > start for d in days)
    assert len({dt.datetime.strptime(d, fmt).weekday() for d in days}) == 7


def test_an_isoformat_refusal_teaches_an_iso_day_the_handed_today_first():
    from llama_index_libra.induction.hints import as_date

    message = "ValueError: Invalid isoformat string: 'arrive'"
    assert error_hints(message, {"arrive": "arrive", "nights": 10}, today=as_date("Saturday 17 July 2027")) == {"arrive": ["2027-07-17"]}
    assert error_hints(message, {"arrive": "arrive", "nights": 10}) == {"arrive": ["2025-06-15"]}


def test_a_one_sided_bound_teaches_itself_to_the_input_it_names():
    args = {"vessel_id": "V1", "third_party_cover_gbp": 10, "nights": 2}
    assert error_hints("E212 THIRD PARTY COVER MUST BE AT LEAST 3,000,000 GBP", args) == {"third_party_cover_gbp": [3000000]}
    assert error_hints("quantity must be at most 4", {"quantity": 10}) == {"quantity": [4]}
    assert error_hints("quantity must be at most 4", {"quantity": 3}) == {}  # already inside
    assert error_hints("amount must be at least 50.5", {"amount": 10}) == {"amount": [50.5]}
    assert error_hints("deposit must be at least 50", {"amount": 10}) == {}  # names no input


@given(st.integers(-10**7, 10**7), st.integers(-10**7, 10**7), st.booleans())
def test_a_bound_hint_always_lies_on_the_right_side(current, bound, lower):
    words = "at least" if lower else "at most"
    shown = f"{bound:,}"
    hints = error_hints(f"cover must be {words} {shown}", {"cover": current})
    for value in hints.get("cover", []):
        assert value == bound and (current < bound if lower else current > bound)


def test_a_services_own_verb_introduces_a_list_and_capitals_are_tried_in_lower_case_too():
    # "the yard offers A, B, C": a list of what the service accepts, after its own verb
    hints = error_hints("unknown services 'wash'; the yard offers pressure_wash, antifoul, anodes",
                        {"services": ["wash"], "vessel_id": "V1"})
    assert hints == {"services": [["pressure_wash", "antifoul", "anodes"], ["pressure_wash"], ["antifoul"], ["anodes"]]}
    # a refusal written in capitals may have raised the case of the values it lists
    shouted = error_hints("E270 UNKNOWN SERVICES WASH; THE YARD OFFERS PRESSURE_WASH, ANTIFOUL, ANODES",
                          {"services": ["wash"], "vessel_id": "V1"})["services"]
    assert shouted[:2] == [["PRESSURE_WASH", "ANTIFOUL", "ANODES"], ["pressure_wash", "antifoul", "anodes"]]
    assert shouted[2:4] == [["PRESSURE_WASH"], ["pressure_wash"]]
    assert error_hints("E306 UNKNOWN GRADE 'X'; WE SELL DIESEL, PETROL", {"grade": "X"})["grade"] == ["DIESEL", "diesel", "PETROL", "petrol"]
    # a verb with no list of several after it teaches nothing
    assert error_hints("this berth offers shore power", {"berth": "B1"}) == {}


def test_booked_from_tomorrow_teaches_the_days_after_the_handed_today():
    from llama_index_libra.induction.hints import as_date

    hints = error_hints("E271 LIFTS ARE BOOKED FROM TOMORROW, MONDAY TO SATURDAY", {"lift_date": "2027-07-17", "vessel_id": "V1"},
                        today=as_date("2027-07-17"))
    assert hints["lift_date"][:2] == ["2027-07-18", "2027-07-19"]


def test_a_list_is_taught_to_the_input_whose_item_the_refusal_repeats_unquoted():
    # no input is quoted or named ("question codes" is not "yes_answers"): the one whose item it repeats
    message = '{"code":"INVALID_ARGUMENT","message":"unknown question codes 30433390; codes are FEVER_14D, NEW_MEDICATION, TRAVEL"}'
    hints = error_hints(message, {"appointment_ref": "71004512", "pulse": 10, "yes_answers": ["30433390"]})
    assert list(hints) == ["yes_answers"] and hints["yes_answers"][0] == ["FEVER_14D", "NEW_MEDICATION", "TRAVEL"]
    # a short value (10) repeated by chance targets nothing
    assert error_hints("unknown codes 10; codes are A1, B2, C3", {"pulse": 10, "ref": "R-1"}) == {}


def test_ids_written_as_a_range_teach_its_two_ends():
    # the refusal repeats the refused id and names the range the ids take
    assert error_hints("no turbine FO-56 (SB-01 to SB-20)", {"token": "t1", "turbine_id": "FO-56", "limit_mw": 6.2}) == \
        {"turbine_id": ["SB-01", "SB-20"]}
    assert error_hints("unknown room 'R7'; rooms are R100-R199", {"room": "R7"})["room"][:2] == ["R100", "R199"]
    # ends of other prefixes or widths are no range of ids, and a numeric range is left to the range hint
    assert error_hints("no turbine FO-56 (SB-01 to TX-20)", {"turbine_id": "FO-56", "x": 1}) == {}
    assert "loa_m" in error_hints("E400 CHECK THE DIMENSIONS: LOA 2-30 M, BEAM 1-10 M", {"loa_m": 50, "beam_m": 20})


def test_an_unquoted_example_in_groups_is_shown_whole():
    from llama_index_libra.induction.hints import error_hints

    hints = error_hints("NI number must look like QQ 12 34 56 C", {"ni_number": "ni_number", "token": "t"})
    assert hints == {"ni_number": ["QQ 12 34 56 C"]}
    assert error_hints("Enter a postcode like NV3 7QP.", {"postcode": "x"}) == {"postcode": ["NV3 7QP"]}


def test_pieces_of_text_in_an_examples_layout_are_found():
    from llama_index_libra.induction.shapes import layout_matches

    note = "Dylan Pryce, new claimant, 5 Canal Wharf, AW1 9BD, born 21/07/1990, NI number JZ 50 41 88 D; phone 07700 900247"
    assert layout_matches("QQ 12 34 56 C", [note]) == ["JZ 50 41 88 D"]
    assert layout_matches("QQ 12 34 56 C", ["WE774310B"]) == ["WE774310B"]  # the same groups, unspaced
    assert layout_matches("QQ 12 34 56 C", ["no such number here", "QQ 12 34 56 C"]) == []  # never the example itself
    assert layout_matches("12345", [note]) == []  # digits alone: too little layout to go on


@given(st.text(max_size=12), st.lists(st.text(max_size=60), max_size=4))
def test_layout_matches_are_distinct_pieces_of_the_texts(example, texts):
    from llama_index_libra.induction.shapes import layout_matches

    found = layout_matches(example, texts)
    assert len(found) == len(set(found)) and example not in found
    assert all(any(m in t for t in texts) for m in found)


@pytest.mark.parametrize("message,args,expected", [
    # a period not ended yet: the days, or months, before the service's today, nearest first
    ("the return for 2031-05 is drawn up after the month ends", {"period": "2031-05"}, {"period": ["2031-04", "2031-03"]}),
    ("the period is still open", {"day": "2031-05-13"}, {"day": ["2031-05-12", "2031-05-11", "2031-05-10",
                                                                "2031-05-09", "2031-05-08", "2031-05-07", "2031-05-06"]}),
    # a month in the past: the months after today's
    ("invoices are raised for a future month", {"month": "05/2031"}, {"month": ["06/2031", "07/2031"]}),
    # "must be in the past" asks for an earlier day only; "cannot be in the past" for a later one only
    ("the reading date must be in the past", {"day": "2031-05-13"}, {"day": ["2031-05-12", "2031-05-11", "2031-05-10",
                                                                            "2031-05-09", "2031-05-08", "2031-05-07", "2031-05-06"]}),
    ("a visit cannot be in the past", {"day": "2031-05-13"}, {"day": ["2031-05-14", "2031-05-15", "2031-05-16",
                                                                     "2031-05-17", "2031-05-18", "2031-05-19", "2031-05-20"]}),
    # a window that opens today: the days after it
    ("a tenancy starts between today and 14 days from now", {"start": "2030-01-01"},
     {"start": ["2031-05-14", "2031-05-15", "2031-05-16", "2031-05-17", "2031-05-18", "2031-05-19", "2031-05-20"]}),
])
def test_a_refusal_of_an_open_or_past_period_teaches_the_periods_around_today(message, args, expected):
    import datetime as dt

    assert error_hints(message, args, today=dt.datetime(2031, 5, 13)) == expected


@pytest.mark.parametrize("message,expected", [
    ('{"code": "not_found", "message": "no hire PH-2226", "status": 404}', "not_found; no hire PH-2226"),
    # a view's (body, status) pair, as a runtime converts it: a list
    ('[{"message": "times are HH:MM, 24-hour clock", "reason": "BAD_TIME"}, 422]', "times are HH:MM, 24-hour clock; BAD_TIME"),
    ('["quote QH-2226 is accepted", 409]', "quote QH-2226 is accepted"),
    ("[1, 2]", "[1, 2]"),  # no words: as it is
    ("no hire PH-2226", "no hire PH-2226"),
])
def test_refusal_text_reads_dicts_and_lists(message, expected):
    from llama_index_libra.induction.hints import refusal_text

    assert refusal_text(message) == expected


def test_a_list_refusal_teaches_as_a_dict_does():
    from llama_index_libra.induction.causes import cause_of

    listed = '[{"message": "dates are YYYY-MM-DD", "reason": "BAD_DATE"}, 422]'
    assert cause_of(listed) == "format"
    assert error_hints(listed, {"day": "day"}) == error_hints('{"message": "dates are YYYY-MM-DD"}', {"day": "day"})


@pytest.mark.parametrize("message,args,expected", [
    # the amount a refusal states, for the call's only numeric input
    ("RuleBroken: [RULE] the deposit is 25% of the stay: 33.25 pounds", {"ref": "R-28-0655", "amount": 10}, {"amount": [33.25]}),
    ("Error: the balance on INV-2 is 41.50.", {"invoice": "INV-2", "amount": 10.0}, {"amount": [41.5]}),
    ("RuntimeError: £88.00 is still to pay on TB-6101", {"booking_id": "TB-6101", "amount": 20.0}, {"amount": [88.0]}),
    ("storage of GBP 1,250.00 is unpaid on C-1", {"amount": 10}, {"amount": [1250]}),
    # the input whose value it repeats as an amount, not the other numeric input
    ("CourtError: FEE-2 is £45.00, not £10.00", {"nights": 3, "amount": 10.0}, {"amount": [45.0]}),
    # the input it names, when it repeats none
    ("the amount must be the quoted total, 310.00", {"nights": 3, "amount": 20.0}, {"amount": [310.0]}),
    # several numeric inputs, none named or repeated: nobody's
    ("the fee is 12.00", {"nights": 3, "amount": 10.0}, {}),
    # no amount: ids, times, days, percentages and plain counts are none
    ("booking R-28-0655 arrives on 2028-07-29 at 09:00", {"ref": "R-1", "amount": 10}, {}),
    ("the deposit is 25% of the stay", {"amount": 10}, {}),
    ("a touring stay is at most 28 nights", {"amount": 10}, {}),
    ("draft must be 0.3-4 m", {"draft_m": 10}, {}),
    # the call's own value is no amount it teaches; text inputs take none
    ("the deposit is 10.00 pounds", {"amount": 10}, {}),
    ("the balance is 41.50 pounds", {"ref": "R-1"}, {}),
])
def test_stated_amounts(message, args, expected):
    assert stated_amounts(message, args) == expected


@given(st.text(max_size=200), st.dictionaries(st.sampled_from(["amount", "nights", "ref", "paid"]),
                                              st.one_of(st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
                                                        st.text(max_size=12), st.booleans()), max_size=4))
def test_stated_amounts_never_fail_and_only_teach_numeric_inputs_other_values(message, args):
    out = stated_amounts(message, args)
    for name, values in out.items():
        current = args[name]
        assert isinstance(current, (int, float)) and not isinstance(current, bool)
        assert 0 < len(values) <= STATED_AMOUNTS
        assert all(isinstance(v, (int, float)) and abs(v - float(current)) >= 0.005 for v in values)


@pytest.mark.parametrize("message, args, expected", [
    ("VolunteerError: days is a list of mon, tue, sun", {"token": "t", "days": ["days"]},
     {"days": [["mon", "tue", "sun"], ["mon"], ["tue"], ["sun"]]}),
    # the verb before the list is not a value ("named from passport")
    ("documents are named from passport, driving_licence", {"documents": ["x"]},
     {"documents": [["passport", "driving_licence"], ["passport"], ["driving_licence"]]}),
    ("codes are A1, B2, C3", {"code": "x"}, {"code": ["A1", "B2", "C3"]}),
])
def test_vocabularies_a_refusal_lists_after_a_verb(message, args, expected):
    assert error_hints(message, args) == expected


@pytest.mark.parametrize("message", [
    "StatusCodeError (404): unknown member M-1",
    "StatusCodeError [404]: unknown member M-1",
    "client.errors.StatusCodeError: unknown member M-1",
    "StatusCodeError: unknown member M-1",
])
def test_cause_of_reads_past_an_exception_type_with_a_code(message):
    """An exception's type names a class (its words, here "Status", say nothing of why), with a code in
    parentheses or brackets, or a module path, as well as bare: the rest of the message says why."""
    from llama_index_libra.induction.causes import cause_of

    assert cause_of(message) == "unknown_value"
