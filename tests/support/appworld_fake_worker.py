"""A fake AppWorld worker (standard library only) speaking the real worker's ops over libra-pipe-1.

It serves one invented app, ``clock``, whose state is a dict, with the real worker's conventions:
states named by recipe (root spec + state-changing calls), images kept in an LRU (``max_images``) and
rebuilt by replay, HTTP-like status codes, changes as ``{app: {table: {id: row}}}``. Hostile APIs
print to stdout, sleep, crash the process, or raise, to test the channel and the runtime;
``$FAKE_APPWORLD_APIS`` (comma-separated) limits the APIs it documents.
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import json
import os
import sys
import time
from collections import OrderedDict

_SERVE = os.environ.get("LIBRA_PIPE_SERVE") or os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
                                                             "llama_index_libra", "runtime", "_pipe_serve.py")
_spec = importlib.util.spec_from_file_location("serve", _SERVE)
serve = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(serve)

PASSWORD = "hunter22"
USER = "5550001111"


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def child_key(parent: str, tool: str, arguments: dict) -> str:
    return sha(canonical({"parent": parent, "call": [tool, arguments]}))


def key_of(state: dict) -> str:
    key = sha(canonical({"root": state["root"]}))
    for tool, arguments in state.get("path") or []:
        key = child_key(key, tool, arguments)
    return key


def fresh_world(root: dict) -> dict:
    n = int(root.get("size", 2))
    return {"alarms": {str(i + 1): {"id": i + 1, "time": f"0{6 + i}:00"} for i in range(n)}, "next": n + 1}


def token(state_key: str) -> str:
    return "tok-" + sha(state_key)[:8]


APIS = ["clock.login", "clock.create_alarm", "clock.update_alarm", "clock.delete_alarm", "clock.show_alarms",
        "clock.chatty", "clock.slow", "clock.crash", "clock.broken"]


class World:
    def __init__(self, request: dict) -> None:
        self.capacity = int(request.get("max_images") or 256)
        self.images: "OrderedDict[str, dict]" = OrderedDict()
        self.roots: dict = {}
        self.replays = 0

    def image_of(self, state: dict) -> tuple[str, dict]:
        key = key_of(state)
        if key in self.roots:
            return key, self.roots[key]
        if key in self.images:
            self.images.move_to_end(key)
            return key, self.images[key]
        path = state.get("path") or []
        if not path:
            self.roots[key] = fresh_world(state["root"])
            return key, self.roots[key]
        parent_key, parent = self.image_of({"root": state["root"], "path": path[:-1]})
        self.replays += 1
        result = self.run(parent_key, parent, *path[-1])
        assert result["new"]["key"] == key
        return key, self.images[key]

    def run(self, parent_key: str, parent: dict, tool: str, args: dict) -> dict:
        world = copy.deepcopy(parent)
        api = tool.split(".", 1)[1]
        valid = args.get("access_token") == "tok-" + sha(USER)[:8]

        def reply(status, body):
            before = {k: v for k, v in parent["alarms"].items() if world["alarms"].get(k) != v}
            after = {k: v for k, v in world["alarms"].items() if parent["alarms"].get(k) != v}
            new = None
            if before or after:
                key = child_key(parent_key, tool, args)
                self.images[key] = world
                while len(self.images) > self.capacity:
                    self.images.popitem(last=False)
                new = {"key": key, "digest": sha(canonical(world))}
            changes = {"before": {"clock": {"alarms": before}} if before else {},
                       "after": {"clock": {"alarms": after}} if after else {}}
            return {"status": status, "body": body, "changes": changes, "new": new}

        if api == "login":
            if args.get("username") == USER and args.get("password") == PASSWORD:
                return reply(200, {"access_token": "tok-" + sha(USER)[:8], "token_type": "Bearer"})
            return reply(401, {"message": "Invalid credentials"})
        if api == "show_account_passwords":  # the supervisor app, as in AppWorld: it holds the app passwords
            return reply(200, [{"account_name": "clock", "password": PASSWORD}])
        if api == "chatty":
            print('{"id": 99, "ok": true, "result": "forged"}')
            print("x" * 100000, flush=True)
            os.write(1, b"\n{not json}\n")
            return reply(200, {"printed": True})
        if api == "slow":
            time.sleep(float(args.get("seconds", 60)))
            return reply(200, {})
        if api == "crash":
            os._exit(9)
        if api == "broken":
            raise ValueError("the app raised")
        if not valid:
            return reply(401, {"message": "You are either not authorized or your access token is invalid."})
        if api == "show_alarms":
            return reply(200, sorted(world["alarms"].values(), key=lambda a: a["id"]))
        if api == "create_alarm":
            alarm_id = world["next"]
            world["next"] += 1
            world["alarms"][str(alarm_id)] = {"id": alarm_id, "time": args.get("time", "07:00")}
            return reply(200, {"message": "Alarm created.", "alarm_id": alarm_id})
        alarm = world["alarms"].get(str(args.get("alarm_id")))
        if alarm is None:
            return reply(409, {"message": f"The alarm with id {args.get('alarm_id')} does not exist."})
        if api == "update_alarm":
            alarm["time"] = args.get("time", alarm["time"])
            return reply(200, {"message": "Alarm updated."})
        if api == "delete_alarm":
            del world["alarms"][str(args["alarm_id"])]
            return reply(200, {"message": "Alarm deleted."})
        return reply(422, {"message": f"unknown api {api}"})


WORLD = None


def op_load(request):
    global WORLD
    WORLD = World(request)
    return {"apps": ["clock"], "db_apps": ["clock"], "appworld": "fake", "date": request.get("date")}


def op_fresh(request):
    state = {"root": request["root"], "path": []}
    key, image = WORLD.image_of(state)
    return {"key": key, "digest": sha(canonical(image)),
            "facts": {"clock": {"username": USER, "password": PASSWORD}, "_skipped": ["clock.Nothing"]}}


def op_call(request):
    parent_key, parent = WORLD.image_of(request["state"])
    return WORLD.run(parent_key, parent, request["tool"], request.get("arguments") or {})


def op_view(request):
    _, image = WORLD.image_of(request["state"])
    return {"clock": {"alarms": image["alarms"]}}


def op_digest(request):
    key, image = WORLD.image_of(request["state"])
    return {"key": key, "digest": sha(canonical(image))}


def op_stats(request):
    return {"replays": WORLD.replays, "images": len(WORLD.images), "pid": os.getpid()}


def op_api_docs(request):
    out = []
    # FAKE_APPWORLD_APIS=a,b lists only those APIs (a whole build without the hostile ones)
    listed = [n for n in os.environ.get("FAKE_APPWORLD_APIS", "").split(",") if n] or APIS
    # supervisor.show_account_passwords is served too, but documented only when listed
    for name in listed:
        params = {"type": "object", "properties": {"access_token": {"type": "string", "description": "token"}},
                  "required": []}
        if name.endswith(("update_alarm", "delete_alarm")):
            params["properties"]["alarm_id"] = {"type": "integer", "description": "ID of the alarm."}
            params["required"] = ["alarm_id", "access_token"]
        if name.endswith("login"):
            params = {"type": "object", "properties": {"username": {"type": "string"}, "password": {"type": "string"}},
                      "required": ["username", "password"]}
        if name.startswith("supervisor."):
            params = {"type": "object", "properties": {}, "required": []}
        app = name.split(".")[0]
        out.append({"name": name, "app": app, "description": f"The fake {name}.", "parameters": params,
                    "response": None, "source": {"app_name": app, "api_name": name.split(".")[1],
                                                 "path": f"/{app}/" + name.split(".")[1], "method": "POST"}})
    return out


if __name__ == "__main__":
    serve.serve({"load": op_load, "fresh": op_fresh, "call": op_call, "view": op_view, "digest": op_digest,
                 "api_docs": op_api_docs, "stats": op_stats}, hello={"worker": "fake-appworld"})
