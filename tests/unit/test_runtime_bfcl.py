"""BFCLRuntime: the 8 classic BFCL classes as a sandbox (conventions, snapshots, diffs, fixtures)."""

from __future__ import annotations

import pickle

import pytest
from jsonpath_ng import parse as jsonpath_parse

pytest.importorskip("bfcl_eval", reason="pip install --no-deps bfcl-eval==2026.3.23 mpmath")

from llama_index_libra.benchmarks.bfcl import load_bfcl_catalog  # noqa: E402
from llama_index_libra.benchmarks.bfcl import BFCLRuntime, classify_bfcl_output  # noqa: E402

ALL_DOORS = ["driver", "passenger", "rear_left", "rear_right"]


@pytest.fixture(scope="module")
def rt() -> BFCLRuntime:
    return BFCLRuntime()


def ok(rt: BFCLRuntime, state, tool: str, **arguments):
    record = rt.call(state, tool, arguments)
    assert record.status == "success", (tool, record.message, record.output)
    return record


# --------------------------------------------------------------------------- catalog and fixtures


def test_catalog_is_the_128_bfcl_tools_and_every_one_dispatches(rt):
    assert len(rt.catalog) == 128
    assert rt.catalog.names == load_bfcl_catalog().names
    for spec in rt.catalog:
        assert rt.partition_of(spec.name) == spec.name.split(".")[0]
    assert set(rt.fresh()) == set(rt.classes) and len(rt.classes) == 8


def test_fixtures_are_read_from_the_default_state(rt):
    fx = rt.fixtures
    assert fx["TwitterAPI"]["username"] == "john" and fx["TwitterAPI"]["password"] == "john123"
    assert fx["MessageAPI"]["users"] == {"Alice": "USR001", "Bob": "USR002", "Catherine": "USR003", "Daniel": "USR004"}
    assert fx["MessageAPI"]["user_ids"] == ["USR001", "USR002", "USR003", "USR004"]
    assert len(fx["TradingBot"]["stock_symbols"]) == 11 and "AAPL" in fx["TradingBot"]["stock_symbols"]
    assert fx["TradingBot"]["order_ids"] == [12345, 12446]
    assert fx["VehicleControlAPI"]["doors"] == ALL_DOORS
    assert "MathAPI" not in fx and "TravelAPI" not in fx  # nothing seeded
    pickle.dumps(fx)


def test_fixtures_follow_a_custom_initial_config():
    config = {
        "TwitterAPI": {"username": "alice", "password": "pw"},
        "GorillaFileSystem": {
            "root": {
                "alex": {
                    "type": "directory",
                    "contents": {
                        "notes.txt": {"type": "file", "content": "hi"},
                        "docs": {"type": "directory", "contents": {"a.md": {"type": "file", "content": ""}}},
                    },
                }
            }
        },
        "TravelAPI": {"credit_card_list": {"card_1": {"card_number": "1", "balance": 10.0}}, "user_first_name": "Ann"},
    }
    rt = BFCLRuntime(config, classes=["TwitterAPI", "GorillaFileSystem", "TravelAPI"])
    assert rt.fixtures["TwitterAPI"]["username"] == "alice"
    fs = rt.fixtures["GorillaFileSystem"]
    assert fs["current_directory"] == "/alex"
    assert fs["file_names"] == ["notes.txt"] and fs["directory_names"] == ["docs"]
    assert fs["paths"] == ["/alex/notes.txt", "/alex/docs", "/alex/docs/a.md"]
    assert rt.fixtures["TravelAPI"] == {"card_ids": ["card_1"], "user_first_name": "Ann"}
    assert len(rt.catalog) == 14 + 18 + 18


def test_initial_config_is_never_aliased_into_a_state():
    config = {"TicketAPI": {"ticket_queue": [{"id": 1, "title": "t", "description": "", "status": "Open", "priority": 1, "created_by": "me"}]}}
    rt = BFCLRuntime(config, classes=["TicketAPI"])
    state = rt.fresh()
    ok(rt, state, "TicketAPI.close_ticket", ticket_id=1)
    assert config["TicketAPI"]["ticket_queue"][0]["status"] == "Open"
    assert rt.fresh()["TicketAPI"].ticket_queue[0]["status"] == "Open"


def test_classes_subset_and_unknown_names():
    rt = BFCLRuntime(classes=["TwitterAPI"])
    assert len(rt.catalog) == 14 and list(rt.fresh()) == ["TwitterAPI"]
    with pytest.raises(KeyError, match="MathAPI.add"):
        rt.call(rt.fresh(), "MathAPI.add", {"a": 1, "b": 2})
    with pytest.raises(ValueError, match="NoSuchAPI"):
        BFCLRuntime(classes=["NoSuchAPI"])


def test_unknown_tool_raises_key_error_naming_it(rt):
    with pytest.raises(KeyError, match="TwitterAPI.post_twet"):
        rt.call(rt.fresh(), "TwitterAPI.post_twet", {"content": "x"})


# --------------------------------------------------------------------------- failure conventions


def test_exception_is_error(rt):
    rec = rt.call(rt.fresh(), "TravelAPI.compute_exchange_rate", {"base_currency": "USD", "target_currency": "XYZ", "value": 1.0})
    assert rec.status == "error" and rec.message == "ValueError: No available exchange rate for the given currencies."
    rec = rt.call(rt.fresh(), "TravelAPI.get_flight_cost", {"travel_from": "SFO", "travel_to": "XXX", "travel_date": "2024-01-01", "travel_class": "economy"})
    assert rec.status == "error" and rec.message.startswith("ValueError:")
    rec = rt.call(rt.fresh(), "MathAPI.add", {"a": 1})
    assert rec.status == "error" and rec.message.startswith("TypeError:")


def test_error_dict_is_rejected(rt):
    rec = rt.call(rt.fresh(), "GorillaFileSystem.cat", {"file_name": "missing.txt"})
    assert rec.status == "rejected" and "No such file" in rec.message
    rec = rt.call(rt.fresh(), "VehicleControlAPI.get_outside_temperature_from_weather_com", {})
    assert rec.status == "rejected" and rec.message == "404"
    rec = rt.call(rt.fresh(), "TravelAPI.book_flight", {"access_token": "x", "card_id": "c", "travel_date": "2024-01-01", "travel_from": "SFO", "travel_to": "LAX", "travel_class": "economy"})
    assert rec.status == "rejected" and rec.output["booking_status"] is False


def test_list_with_error_dict_is_rejected(rt):
    for tool in ("TicketAPI.get_user_tickets", "TradingBot.get_order_history", "TradingBot.get_transaction_history"):
        rec = rt.call(rt.fresh(), tool, {})
        assert rec.status == "rejected" and "not authenticated" in rec.message, tool


def test_error_string_list_is_rejected(rt):
    state = rt.fresh()
    rec = rt.call(state, "TradingBot.get_watchlist", {})
    assert rec.status == "rejected" and rec.message.startswith("Error: User not authenticated")
    ok(rt, state, "TradingBot.trading_login", username="u", password="p")
    assert ok(rt, state, "TradingBot.get_watchlist").output == {"watchlist": ["NVDA"]}


def test_false_status_flags_are_rejected(rt):
    state = rt.fresh()
    rec = rt.call(state, "TwitterAPI.authenticate_twitter", {"username": "john", "password": "wrong"})
    assert rec.status == "rejected" and rec.message == "authentication_status is false"
    rec = rt.call(state, "MessageAPI.message_login", {"user_id": "USR999"})
    assert rec.status == "rejected" and "USR999" in rec.message
    assert rt.call(state, "TicketAPI.ticket_login", {"username": "", "password": ""}).status == "rejected"
    assert rt.call(state, "TicketAPI.logout", {}).status == "rejected"
    rec = rt.call(state, "TravelAPI.verify_traveler_information", {"first_name": "A", "last_name": "B", "date_of_birth": "1990-01-01", "passport_number": "US1"})
    assert rec.status == "rejected" and "another user" in rec.message
    ok(rt, state, "TwitterAPI.authenticate_twitter", username="john", password="john123")
    assert rt.call(state, "TwitterAPI.follow_user", {"username_to_follow": "alice"}).status == "rejected"
    assert ok(rt, state, "TwitterAPI.follow_user", username_to_follow="carol").output == {"follow_status": True}
    assert rt.call(state, "TwitterAPI.unfollow_user", {"username_to_unfollow": "nobody"}).status == "rejected"


def test_tool_specific_failure_replies_are_rejected(rt):
    state = rt.fresh()
    assert rt.call(state, "TradingBot.trading_logout", {}).status == "rejected"
    assert rt.call(state, "TradingBot.get_symbol_by_name", {"name": "Nope Inc"}).status == "rejected"
    assert ok(rt, state, "TradingBot.get_symbol_by_name", name="Apple").output == {"symbol": "AAPL"}
    assert rt.call(state, "TravelAPI.get_nearest_airport_by_city", {"location": "Atlantis"}).status == "rejected"
    assert rt.call(state, "VehicleControlAPI.get_zipcode_based_on_city", {"city": "Atlantis"}).status == "rejected"
    assert ok(rt, state, "VehicleControlAPI.get_zipcode_based_on_city", city="Rivermist").output == {"zipcode": "83214"}


def test_answers_that_are_false_are_successes(rt):
    state = rt.fresh()
    assert ok(rt, state, "VehicleControlAPI.estimate_drive_feasibility_by_mileage", distance=100.0).output == {"canDrive": False}
    for tool, key in [
        ("MessageAPI.message_get_login_status", "login_status"),
        ("TwitterAPI.posting_get_login_status", "login_status"),
        ("TicketAPI.ticket_get_login_status", "login_status"),
        ("TradingBot.trading_get_login_status", "status"),
        ("TravelAPI.travel_get_login_status", "status"),
    ]:
        assert ok(rt, state, tool).output == {key: False}
    ok(rt, state, "TwitterAPI.authenticate_twitter", username="john", password="john123")
    assert ok(rt, state, "TwitterAPI.posting_get_login_status").output == {"login_status": True}


def test_none_and_empty_dict_outputs_are_successes(rt):
    state = rt.fresh()
    assert ok(rt, state, "GorillaFileSystem.mkdir", dir_name="d").output is None
    ok(rt, state, "GorillaFileSystem.cd", folder="d")
    assert ok(rt, state, "GorillaFileSystem.cd", folder="..").output == {}


def test_math_outputs_with_mpmath_and_decimal_numbers_become_floats(rt):
    state = rt.fresh()
    assert ok(rt, state, "MathAPI.logarithm", value=8, base=2, precision=20).output["result"] == pytest.approx(3.0)
    assert ok(rt, state, "MathAPI.square_root", number=2, precision=20).output["result"] == pytest.approx(2**0.5)
    assert rt.call(state, "MathAPI.divide", {"a": 1, "b": 0}).status == "rejected"


@pytest.mark.parametrize(
    "tool,output,status",
    [
        ("C.f", {"error": "No such file"}, "rejected"),
        ("C.f", [{"error": "x"}], "rejected"),
        ("C.f", ["Error: x"], "rejected"),
        ("C.f", "Error: x", "rejected"),
        ("C.f", {"success": False}, "rejected"),
        ("C.f", {"login_status": False, "message": "no"}, "rejected"),
        ("C.x_get_login_status", {"login_status": False}, "success"),
        ("C.f", {"canDrive": False}, "success"),
        ("C.f", {"status": False}, "success"),
        ("C.f", ["fine", "Errors are words"], "success"),
        ("C.f", None, "success"),
        ("C.f", 3.5, "success"),
        ("C.f", "eval('1/0')", "success"),
    ],
)
def test_classify_bfcl_output(tool, output, status):
    assert classify_bfcl_output(tool, output)[0] == status


# --------------------------------------------------------------------------- scenarios


def test_post_tweet_is_rejected_before_authentication_and_succeeds_after(rt):
    state = rt.fresh()
    rec = rt.call(state, "TwitterAPI.post_tweet", {"content": "hello"})
    assert rec.status == "rejected" and "authenticate" in rec.message and rec.state_changes == []
    ok(rt, state, "TwitterAPI.authenticate_twitter", username="john", password="john123")
    rec = ok(rt, state, "TwitterAPI.post_tweet", content="hello", tags=["#a"])
    assert rec.output == {"id": 0, "username": "john", "content": "hello", "tags": ["#a"], "mentions": []}
    assert {"path": "$.TwitterAPI.tweet_counter", "before": 0, "after": 1} in rec.state_changes
    assert {"path": "$.TwitterAPI.tweets['0']", "after": rec.output} in rec.state_changes


def test_start_engine_needs_locked_doors_and_pressed_brake(rt):
    start = {"ignitionMode": "START"}
    state = rt.fresh()
    assert "doors must be locked" in rt.call(state, "VehicleControlAPI.startEngine", start).message
    ok(rt, state, "VehicleControlAPI.pressBrakePedal", pedalPosition=1.0)
    assert "doors must be locked" in rt.call(state, "VehicleControlAPI.startEngine", start).message

    state = rt.fresh()
    ok(rt, state, "VehicleControlAPI.lockDoors", unlock=False, door=ALL_DOORS)
    assert "Brake pedal" in rt.call(state, "VehicleControlAPI.startEngine", start).message
    ok(rt, state, "VehicleControlAPI.pressBrakePedal", pedalPosition=1.0)
    rec = ok(rt, state, "VehicleControlAPI.startEngine", **start)
    assert rec.output["engineState"] == "running"
    assert rec.state_changes == [{"path": "$.VehicleControlAPI.engine_state", "before": "stopped", "after": "running"}]


def test_state_changes_touch_adds_a_file_and_lock_doors_changes_status(rt):
    state = rt.fresh()
    rec = ok(rt, state, "GorillaFileSystem.touch", file_name="notes.txt")
    assert rec.state_changes == [{"path": "$.GorillaFileSystem.root.contents['notes.txt']", "after": {"type": "file", "content": ""}}]
    rec = ok(rt, state, "GorillaFileSystem.echo", content="hi", file_name="notes.txt")
    assert rec.state_changes == [{"path": "$.GorillaFileSystem.root.contents['notes.txt'].content", "before": "", "after": "hi"}]
    assert ok(rt, state, "GorillaFileSystem.cat", file_name="notes.txt").state_changes == []

    rec = ok(rt, state, "VehicleControlAPI.lockDoors", unlock=False, door=["driver", "rear_left"])
    assert rec.state_changes == [
        {"path": "$.VehicleControlAPI.doorStatus.driver", "before": "unlocked", "after": "locked"},
        {"path": "$.VehicleControlAPI.doorStatus.rear_left", "before": "unlocked", "after": "locked"},
        {"path": "$.VehicleControlAPI.remainingUnlockedDoors", "before": 4, "after": 2},
    ]
    view = rt.view(state)
    for change in rec.state_changes:
        assert [m.value for m in jsonpath_parse(change["path"]).find(view)] == [change["after"]]


def test_view_has_public_data_only_and_partitions_keep_their_class_key(rt):
    state = rt.fresh()
    view = rt.view(state)
    assert list(view) == list(rt.classes)
    assert view["GorillaFileSystem"] == {"root": {"name": "/", "type": "directory", "contents": {}}, "_current_dir": "/"}
    assert view["MathAPI"] == {}
    assert "_random" not in view["MessageAPI"] and "_api_description" not in view["TwitterAPI"]
    assert "_flight_cost_lookup" not in view["TravelAPI"] and "long_context" not in view["TradingBot"]
    assert view["VehicleControlAPI"]["_brakePedalForce"] == 0.0
    assert rt.view(state, "TwitterAPI") == {"TwitterAPI": view["TwitterAPI"]}
    with pytest.raises(KeyError):
        rt.view(state, "NoSuchAPI")


def test_random_draws_change_no_visible_state(rt):
    rec = ok(rt, rt.fresh(), "VehicleControlAPI.get_current_speed")
    assert rec.state_changes == []


# --------------------------------------------------------------------------- snapshots


def test_snapshot_restore_isolation(rt):
    state = rt.fresh()
    ok(rt, state, "TwitterAPI.authenticate_twitter", username="john", password="john123")
    snap = rt.snapshot(state)
    digest = rt.digest(state)
    ok(rt, state, "TwitterAPI.post_tweet", content="after the snapshot")
    ok(rt, state, "GorillaFileSystem.touch", file_name="x")
    a, b = rt.restore(snap), rt.restore(snap)
    assert a is not b and rt.digest(a) == rt.digest(b) == digest != rt.digest(state)
    ok(rt, a, "TwitterAPI.post_tweet", content="only in a")
    assert b["TwitterAPI"].tweets == {} and rt.restore(snap)["TwitterAPI"].tweets == {}
    assert rt.digest(rt.restore(snap)) == digest
    assert rt.digest(rt.fresh()) == rt.digest(rt.fresh())


def test_generated_ids_are_reproducible_after_restore(rt):
    def run(state):
        ok(rt, state, "MessageAPI.message_login", user_id="USR001")
        msg = ok(rt, state, "MessageAPI.send_message", receiver_id="USR002", message="hi").output["message_id"]
        auth = ok(rt, state, "TravelAPI.authenticate_travel", client_id="c", client_secret="s", refresh_token="r", grant_type="read_write", user_first_name="A", user_last_name="B").output
        card = ok(rt, state, "TravelAPI.register_credit_card", access_token=auth["access_token"], card_number="4111", expiration_date="12/2030", cardholder_name="A B", card_verification_number=123).output
        ok(rt, state, "TicketAPI.ticket_login", username="u", password="p")
        ticket = ok(rt, state, "TicketAPI.create_ticket", title="t").output["id"]
        return msg, auth["access_token"], card["card_id"], ticket

    first = run(rt.fresh())
    assert run(rt.fresh()) == first
    # restoring a mid-run snapshot continues the same id sequence
    state = rt.fresh()
    ok(rt, state, "MessageAPI.message_login", user_id="USR001")
    ok(rt, state, "MessageAPI.send_message", receiver_id="USR002", message="one")
    snap = rt.snapshot(state)
    ids = [ok(rt, rt.restore(snap), "MessageAPI.send_message", receiver_id="USR003", message="two").output["message_id"] for _ in range(2)]
    assert ids[0] == ids[1]
    assert ids[0] == ok(rt, state, "MessageAPI.send_message", receiver_id="USR003", message="two").output["message_id"]


def test_omitted_mutable_defaults_do_not_leak_between_sandboxes(rt):
    state = rt.fresh()
    ok(rt, state, "TwitterAPI.authenticate_twitter", username="john", password="john123")
    ok(rt, state, "TwitterAPI.post_tweet", content="first")
    ok(rt, state, "TwitterAPI.mention", tweet_id=0, mentioned_usernames=["@bob"])
    other = rt.fresh()
    ok(rt, other, "TwitterAPI.authenticate_twitter", username="john", password="john123")
    assert ok(rt, other, "TwitterAPI.post_tweet", content="second").output["mentions"] == []


def test_runtime_and_snapshots_pickle(rt):
    state = rt.fresh()
    ok(rt, state, "GorillaFileSystem.touch", file_name="a")
    snap = pickle.loads(pickle.dumps(rt.snapshot(state)))
    assert rt.digest(rt.restore(snap)) == rt.digest(state)
    clone = pickle.loads(pickle.dumps(rt))
    assert clone.catalog.names == rt.catalog.names and rt.digest(clone.fresh()) == rt.digest(rt.fresh())


def test_long_context_mode_loads_the_extensions():
    rt = BFCLRuntime(classes=["TravelAPI"], long_context=True)
    assert len(rt.fixtures["TravelAPI"]["card_ids"]) > 0
    assert rt.digest(rt.fresh()) == rt.digest(rt.restore(rt.snapshot(rt.fresh())))


def test_set_reprs_in_replies_are_sorted_so_records_do_not_depend_on_the_hash_seed():
    from llama_index_libra.benchmarks.bfcl.runtime import _sorted_set_reprs

    reply = {"error": "Invalid travel class. Must be one of {'first', 'economy', 'business'}", "n": 1}
    assert _sorted_set_reprs(reply) == {"error": "Invalid travel class. Must be one of {'business', 'economy', 'first'}", "n": 1}
    assert _sorted_set_reprs(["{'b', 'a'} and {x}"]) == ["{'a', 'b'} and {x}"]
