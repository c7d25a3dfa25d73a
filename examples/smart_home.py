"""A small stateful tool catalog for running LIBRA on your own tools (see the README).

Each tool takes the sandbox ``state`` explicitly; ``PythonRuntime`` hands it a fresh, copyable
``HomeState`` for every test, so induction never touches anything outside that object.

    python examples/smart_home.py            # induce a library and query it
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field


@dataclass
class HomeState:
    users: dict = field(default_factory=lambda: {"alice": "wonderland"})
    session: str | None = None
    alarms: dict = field(default_factory=dict)
    next_id: int = 1
    lights: dict = field(default_factory=lambda: {"kitchen": "off", "bedroom": "off"})


def login(username: str, password: str, state: HomeState) -> dict:
    """Sign in to the home hub with an existing account. Returns the session user."""
    if state.users.get(username) != password:
        return {"error": "invalid credentials"}
    state.session = username
    return {"user": username, "logged_in": True}


def logout(state: HomeState) -> dict:
    """Sign out of the home hub."""
    if state.session is None:
        return {"error": "not logged in"}
    state.session = None
    return {"logged_in": False}


def create_alarm(time: str, label: str, state: HomeState) -> dict:
    """Create a new alarm at time 'HH:MM' with a label. Requires a signed-in user. Returns alarm_id."""
    if state.session is None:
        return {"error": "login required"}
    alarm_id = f"ALM{state.next_id:03d}"
    state.next_id += 1
    state.alarms[alarm_id] = {"time": time, "label": label}
    return {"alarm_id": alarm_id, "time": time}


def update_alarm(alarm_id: str, time: str, state: HomeState) -> dict:
    """Change the time ('HH:MM') of an existing alarm, given its alarm_id."""
    if state.session is None:
        return {"error": "login required"}
    if alarm_id not in state.alarms:
        return {"error": f"no alarm {alarm_id}"}
    state.alarms[alarm_id]["time"] = time
    return {"alarm_id": alarm_id, "time": time}


def delete_alarm(alarm_id: str, state: HomeState) -> dict:
    """Delete an existing alarm by its alarm_id."""
    if state.session is None:
        return {"error": "login required"}
    if state.alarms.pop(alarm_id, None) is None:
        return {"error": f"no alarm {alarm_id}"}
    return {"deleted": alarm_id}


def set_light(room: str, on: bool, state: HomeState) -> dict:
    """Turn the light of a room on or off. Options are: kitchen, bedroom."""
    if room not in state.lights:
        return {"error": f"no room {room}"}
    state.lights[room] = "on" if on else "off"
    return {"room": room, "status": state.lights[room]}


def convert_temperature(celsius: float) -> dict:
    """Convert a temperature from Celsius to Fahrenheit."""
    return {"fahrenheit": celsius * 9 / 5 + 32}


TOOLS = [login, logout, create_alarm, update_alarm, delete_alarm, set_light, convert_temperature]
FIXTURES = {"username": "alice", "password": "wonderland"}  # the seeded test account


def build_runtime():
    """The sandbox runtime over the tools above."""
    from llama_index_libra.runtime.python import PythonRuntime

    return PythonRuntime(TOOLS, HomeState, fixtures=FIXTURES, name="smart-home")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="smart_home.library.json")
    parser.add_argument("--query", default="move my 7am alarm to 8am")
    args = parser.parse_args()

    from llama_index_libra.induction import induce
    from llama_index_libra.retrieval.ranker import ToolRanker

    library, report = induce(build_runtime(), show_progress=True)
    library.save(args.out)
    print(report.summary())
    for r in library.relations:
        fields = "" if r.kind == "state" else f" [{r.provider_field} -> {r.consumer_field}]"
        print(f"  {r.provider} -> {r.consumer} ({r.kind}){fields}")
    ranker = ToolRanker(library.catalog, library=library)
    print(f"\nquery: {args.query}")
    for tool in ranker.rank(args.query, k=4):
        why = "; ".join(p.describe() for p in tool.promotions)
        print(f"  {tool.name:<20} {tool.score:.3f}" + (f"  <- {why}" if why else ""))


if __name__ == "__main__":
    main()
