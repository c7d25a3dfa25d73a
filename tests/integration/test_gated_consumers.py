"""A gate two calls above the consumer: a sign-on every call needs, and a record only a call after it
creates. The consumer succeeds only at the end of ``sign_on -> register -> get_record``; the state test
of the sign-on sees it refused both times, first for the session, then for a record it does not know
yet, and that move past the gate is the sign-on's effect (:func:`passed_gate`)."""

from __future__ import annotations

import pytest

from llama_index_libra.induction import induce
from llama_index_libra.induction.gates import passed_gate
from llama_index_libra.records import InvocationRecord
from llama_index_libra.runtime.python import PythonRuntime


class Ward:
    def __init__(self):
        self.session = None
        self.patients: dict[str, dict] = {}
        self.counter = 7000


def _signed(state: Ward) -> None:
    if state.session is None:
        raise PermissionError("No user is signed on at this workstation")


def sign_on(username: str, password: str, state: Ward) -> dict:
    """Sign a user on (the ward's fixtures hold the credentials)."""
    if (username, password) != ("ntaylor", "Ward12-4410"):
        raise PermissionError("Sign-on refused: unknown user or wrong password")
    state.session = username
    return {"user": "Nia Taylor", "role": "RN"}


def register_patient(name: str, state: Ward) -> dict:
    """Register a patient; returns the new hospital number."""
    _signed(state)
    state.counter += 1
    number = f"H{state.counter}"
    state.patients[number] = {"name": name, "alerts": []}
    return {"hospital_number": number, "name": name}


def get_patient(hospital_number: str, state: Ward) -> dict:
    """A patient's record by hospital number."""
    _signed(state)
    if hospital_number not in state.patients:
        raise LookupError(f"No patient {hospital_number}")
    return {"hospital_number": hospital_number, **state.patients[hospital_number]}


def delete_patient(hospital_number: str, state: Ward) -> dict:
    """Delete a patient record (no sign-on needed in this toy ward, to test the deletion rule)."""
    if state.patients.pop(hospital_number, None) is None:
        raise LookupError(f"No patient {hospital_number}")
    return {"deleted": hospital_number}


FIXTURES = {"staff": [{"username": "ntaylor", "password": "Ward12-4410"}], "patients": [{"name": "Ravi Patel"}]}


def test_a_sign_on_two_calls_above_the_consumer_is_found():
    runtime = PythonRuntime([sign_on, register_patient, get_patient], Ward, fixtures=FIXTURES)
    library, _ = induce(runtime, field_encoder="lexical", executor="serial")
    state = {(r.provider, r.consumer) for r in library.relations if r.kind == "state"}
    assert ("sign_on", "register_patient") in state
    assert ("sign_on", "get_patient") in state
    gated = [r for r in library.relations if (r.provider, r.consumer) == ("sign_on", "get_patient") and r.kind == "state"]
    assert all(r.evidence.get("gate") or r.evidence["after"]["status"] == "success" for r in gated)
    assert ("register_patient", "get_patient") in {(r.provider, r.consumer) for r in library.relations}


def _record(tool: str, message: str | None, status: str = "error") -> InvocationRecord:
    return InvocationRecord(tool=tool, arguments={}, status=status, output=None, message=message)


@pytest.fixture()
def spec():
    return PythonRuntime([get_patient], Ward).catalog.get("get_patient")


def test_passed_gate_reads_a_move_from_the_session_to_the_value(spec):
    call = {"hospital_number": "H7001"}
    before = _record("get_patient", "PermissionError: No user is signed on at this workstation")
    after = _record("get_patient", "LookupError: No patient H7001")
    assert passed_gate(spec, call, before, after, touched=set())
    # the provider acted on the value the consumer is now refused on (a deletion of that record)
    assert not passed_gate(spec, call, before, after, touched={'"H7001"'})
    # refused for the session both times, or first for the value itself: nothing moved past a gate
    assert not passed_gate(spec, call, before, before, touched=set())
    named = _record("get_patient", "Record H7001 is locked")
    assert not passed_gate(spec, call, named, after, touched=set())
    # refused afterwards for something that names none of the call's inputs
    assert not passed_gate(spec, call, before, _record("get_patient", "Service unavailable, try later"), touched=set())


def test_a_deletion_that_turns_a_status_refusal_into_not_found_is_no_gate():
    runtime = PythonRuntime([sign_on, register_patient, get_patient, delete_patient], Ward, fixtures=FIXTURES)
    library, _ = induce(runtime, field_encoder="lexical", executor="serial")
    gated = {(r.provider, r.consumer) for r in library.relations if r.kind == "state" and r.evidence.get("gate")}
    assert not any(p == "delete_patient" for p, _ in gated), gated


# ------------------------------------------------------------ a deletion that only frees a taken name
class Forge:
    taken = "Repository '{name}' already exists"

    def __init__(self):
        self.repos = {"demo": {"visibility": "public"}}
        self.archived: set[str] = set()


def create_repo(name: str, state: Forge) -> dict:
    """Create a repository with a new name."""
    if name in state.repos:
        raise ValueError(state.taken.format(name=name))
    state.repos[name] = {"visibility": "private"}
    return {"name": name}


def delete_repo(name: str, state: Forge) -> dict:
    """Delete a repository."""
    if state.repos.pop(name, None) is None:
        raise LookupError(f"No repository '{name}'")
    return {"deleted": name}


def archive_repo(name: str, state: Forge) -> dict:
    """Archive a repository (read-only from then on)."""
    if name not in state.repos:
        raise LookupError(f"No repository '{name}'")
    state.archived.add(name)
    return {"archived": name}


def export_archive(name: str, state: Forge) -> dict:
    """Export an archived repository as a tarball."""
    if name not in state.repos:
        raise LookupError(f"No repository '{name}'")
    if name not in state.archived:
        raise ValueError(f"Repository '{name}' is not archived")
    return {"tarball": f"{name}.tar.gz"}


class TerseForge(Forge):
    taken = "repository already exists"  # the name it refuses is not quoted


FORGE = {"repositories": [{"name": "demo"}]}


@pytest.mark.parametrize("factory", [Forge, TerseForge], ids=["quoted", "unquoted"])
def test_a_deletion_that_frees_a_taken_name_is_no_prerequisite_of_creation(factory):
    runtime = PythonRuntime([create_repo, delete_repo, archive_repo, export_archive], factory, fixtures=FORGE)
    library, _ = induce(runtime, field_encoder="lexical", executor="serial")
    state = {(r.provider, r.consumer) for r in library.relations if r.kind == "state"}
    assert ("delete_repo", "create_repo") not in state, state
    # a status set on the very record the consumer needs: a fabricated name fails as unknown, so it stays
    assert ("archive_repo", "export_archive") in state, state


# ------------------------------------------------------------------ a reply that repeats a known value
def _value(tool: str, value: str, args: dict, export: str = "reservation_id"):
    from llama_index_libra._io import canonical_json
    from llama_index_libra.induction.values import Value, call_id

    vj = canonical_json(value)
    return Value(tool, export, f"$.output.{export}", value, f"{tool}\x00{export}\x00{vj}",
                 record=f"{call_id(tool, args)}|$.output")


def test_a_call_that_returns_a_value_its_path_already_took_relays_it():
    from llama_index_libra.induction.values import relayed

    path = ({"tool": "book_assistance", "arguments": {"reservation_id": "MR7QK2P"}},
            {"tool": "cancel_assistance", "arguments": {"assistance_id": "PA-7701"}})
    cancel = _value("cancel_assistance", "MR7QK2P", {"assistance_id": "PA-7701"})
    assert relayed(path, cancel, initial_keys=set())
    # a read in this state of a value the path took is a repeat; the same read inherited from the
    # fresh state (its key among the pool as the state was entered) is where the value came from
    lookup = _value("get_user_details", "MR7QK2P", {"user_id": "u1"})
    assert relayed(path, lookup, initial_keys=set())
    assert not relayed(path, lookup, initial_keys={lookup.key})
    # a value the path made before any call took it (a creation, then a payment on it) is the maker's
    made = ({"tool": "create_order", "arguments": {"item": "tea"}}, {"tool": "pay_order", "arguments": {"order_id": "O-1"}})
    order = _value("create_order", "O-1", {"item": "tea"}, export="order_id")
    assert not relayed(made, order, initial_keys=set())
    # a value no call of the path took is nobody's repeat
    assert not relayed(path, _value("list_trains", "KGX", {}, "origin"), set())


# ------------------------------------------------------------ a switch back to a state the path left
class Car:
    valet = False

    def __init__(self):
        self.valet_mode = type(self).valet
        self.places: list[str] = []


class ValetCar(Car):
    valet = True


def enable_valet_mode(state: Car) -> dict:
    """Lock the car's personal data while a valet drives it."""
    if state.valet_mode:
        raise ValueError("Valet mode is already on")
    state.valet_mode = True
    return {"valet_mode": True}


def disable_valet_mode(state: Car) -> dict:
    """Unlock the car's personal data."""
    if not state.valet_mode:
        raise ValueError("Valet mode is already off")
    state.valet_mode = False
    return {"valet_mode": False}


def save_place(name: str, state: Car) -> dict:
    """Save a place to the navigation favourites."""
    if state.valet_mode:
        raise PermissionError("Not available in valet mode")
    state.places.append(name)
    return {"saved": name, "count": len(state.places)}


@pytest.mark.parametrize("factory, expected", [(Car, False), (ValetCar, True)], ids=["fresh-off", "fresh-on"])
def test_a_switch_back_to_a_state_the_path_left_is_no_prerequisite(factory, expected):
    runtime = PythonRuntime([enable_valet_mode, disable_valet_mode, save_place], factory,
                            fixtures={"places": [{"name": "Home"}]})
    library, _ = induce(runtime, field_encoder="lexical", executor="serial")
    state = {(r.provider, r.consumer) for r in library.relations if r.kind == "state"}
    # valet mode off in the fresh state: disabling it only undoes the path's own enable_valet_mode;
    # on in the fresh state: disabling it is what every saved place needs
    assert (("disable_valet_mode", "save_place") in state) is expected, state


def set_volume(level: int, state: Car) -> dict:
    """Set the audio volume (0-10)."""
    if not 0 <= level <= 10:
        raise ValueError("Volume must be between 0 and 10")
    state.volume = level
    return {"volume": level}


def test_an_undo_after_other_calls_is_caught_by_the_fresh_state():
    """``enable_valet_mode``, then the volume, then ``disable_valet_mode``: the state differs from every
    state the path went through, yet ``save_place`` ran in the fresh state with the same arguments."""
    runtime = PythonRuntime([enable_valet_mode, set_volume, disable_valet_mode, save_place], Car,
                            fixtures={"places": [{"name": "Home"}]})
    library, _ = induce(runtime, field_encoder="lexical", executor="serial")
    state = {(r.provider, r.consumer) for r in library.relations if r.kind == "state"}
    assert ("disable_valet_mode", "save_place") not in state, state


# ------------------------------------------------------------ a refusal that names the field to use
class Api:
    def __init__(self):
        self.tokens: set[str] = set()


KEY = "3f8a2c71-6b0e-4d95"


def get_access_token(client_id: str, user_email: str, state: Api) -> dict:
    """Exchange the account's integration key (client id) for a bearer token."""
    if client_id != KEY:
        raise PermissionError("INVALID_CLIENT: Unknown integration key")
    if user_email != "tom@example.com":
        raise PermissionError("Unknown user")
    state.tokens.add("tok-1")
    return {"access_token": "tok-1"}


def list_envelopes(access_token: str, state: Api) -> list:
    """The account's envelopes."""
    if access_token not in state.tokens:
        raise PermissionError("The access token is invalid")
    return [{"envelope_id": "e-1"}]


def test_a_refusal_that_names_a_fixture_field_gets_its_value():
    runtime = PythonRuntime([get_access_token, list_envelopes], Api,
                            fixtures={"account": {"name": "Northgate Realty", "plan": "Business Pro", "service": "Countersign",
                                                  "today": "18 May 2028", "integration_key": KEY},
                                      "users": [{"name": "Tom Becker", "email": "tom@example.com", "secret": "cs-94f1"},
                                                {"name": "Aisha Khan", "email": "aisha@example.com", "secret": "cs-2d8e"}]})
    library, report = induce(runtime, field_encoder="lexical", executor="serial")
    assert "get_access_token" not in report.never_succeeded
    assert ("get_access_token", "list_envelopes") in {(r.provider, r.consumer) for r in library.relations}
