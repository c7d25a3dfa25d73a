"""Synthetic AppWorld worlds from AppWorld's own model factories (runs in the AppWorld environment).

One person, the supervisor, has an account in every chosen app (same name, email and phone number,
a password per app, as AppWorld's worlds do), a few other people have accounts too, and every table
of an app gets ``size`` records owned by the supervisor where the table has an owner, with the
records they depend on (``*_id`` fields) made first. The supervisor app stores the supervisor's
profile and the app passwords. Everything is seeded (Python, Faker and the factories), so the same
seed gives the same world. What cannot be made (a factory that needs data it cannot invent) is
skipped and reported in the returned facts under ``_skipped``.
"""

from __future__ import annotations

import inspect
import random

import inflection

MAX_DEPTH = 4
RETRIES = 20


def _set_seed(seed: int) -> None:
    from appworld.common.random import set_random_seed

    set_random_seed(seed, python=True, faker_=True, model_factory=True)


def _models(module) -> list:
    """The table models of an app's models module, in the order the module defines them."""
    base = module.SQLModel
    found = []
    for _, cls in inspect.getmembers(module, inspect.isclass):
        if cls is not base and issubclass(cls, base) and getattr(cls, "__table__", None) is not None \
                and cls.__module__ == module.__name__:
            found.append(cls)
    return sorted(found, key=lambda c: inspect.getsourcelines(c)[1])


def _dependency_class(model, field: str):
    lookup = model.field_mapping().get(field, field)
    name = inflection.camelize(lookup.removesuffix("_ids").removesuffix("_id"))
    return getattr(inspect.getmodule(model), name, None), lookup.endswith("_ids")


def _required_links(model) -> list[str]:
    required = set(model.schema().get("required") or [])
    return [n for n in model.__fields__ if (n.endswith("_id") or n.endswith("_ids")) and n in required]


def _clock_fields(model) -> dict:
    """Datetime fields the model's factory does not fill: the world's (frozen) now.

    polyfactory cannot draw a datetime while freezegun replaces the class, and the worlds are built
    with time frozen at the world's date, so such fields get that date."""
    from datetime import datetime

    from appworld.common.datetime import DateTime

    factory = model.factory()
    out = {}
    for name, field in model.__fields__.items():
        kind = getattr(field, "type_", None)
        if isinstance(kind, type) and issubclass(kind, datetime) and not hasattr(factory, name):
            out[name] = DateTime.now()
    return out


def make(model, overrides: dict, depth: int = 0):
    """Save one ``model`` record (and the records it needs); None when the factory cannot make one."""
    if depth > MAX_DEPTH:
        return None
    for _ in range(RETRIES):
        values = dict(overrides)
        ok = True
        for field in _required_links(model):
            if field in values:
                continue
            owner = overrides.get("user_id")
            dep, many = _dependency_class(model, field)
            if dep is None or dep is model:
                ok = False
                break
            if dep.__name__ == "User" and owner is not None:
                values[field] = [owner] if many else owner
                continue
            inner = {"user_id": owner} if owner is not None and "user_id" in dep.__fields__ else {}
            made = make(dep, inner, depth + 1)
            if made is None:
                ok = False
                break
            values[field] = [made.id] if many else made.id
        if not ok:
            return None
        values = {k: v for k, v in values.items() if k in model.__fields__}
        values.update({k: v for k, v in _clock_fields(model).items() if k not in values})
        try:
            record = model.factory().build(**values)
            model.save_all([record])
            return record
        except Exception:  # noqa: BLE001 - a duplicate drawn by Faker, or a validation: draw again
            continue
    return None


def build(world, apps: list[str], seed: int, size: int, full: set | None = None) -> dict:
    """Fill the live databases of ``apps``; return the public facts (accounts and passwords).

    Apps outside ``full`` (those loaded only because the others notify people through them) get
    the supervisor's account and nothing else. Every app with a login gets AppWorld's company
    notification accounts (its password-reset and verification messages come from them)."""
    full = set(apps) if full is None else set(full)
    from faker import Faker

    _set_seed(seed)
    faker = Faker()
    first, last = faker.first_name(), faker.last_name()
    person = {
        "first_name": first,
        "last_name": last,
        "email": f"{first}.{last}@gmail.com".lower(),
        "phone_number": "".join(random.choices("123456789", k=10)),
    }
    facts: dict = {"supervisor": dict(person)}
    skipped: list[str] = []
    passwords: dict[str, str] = {}
    for app in sorted(apps):
        if app in ("api_docs", "supervisor"):
            continue
        _set_seed(seed + sum(map(ord, app)))
        module = world.models[app]
        api = world.import_apis_module(app)
        login_by = getattr(api, "login_by", None)
        user_model = getattr(module, "User", None)
        owner = None
        if user_model is not None:
            password = f"{app[:3]}-{random.randrange(10**6, 10**7)}"
            fields = {k: v for k, v in person.items() if k in user_model.__fields__}
            if "verified" in user_model.__fields__:
                fields["verified"] = True
            fields["password"] = password
            owner_record = make(user_model, fields)
            if owner_record is None:
                skipped.append(f"{app}.User")
                continue
            owner = owner_record.id
            passwords[app] = password
            account = {"password": password}
            if login_by:
                account["username"] = person[login_by]
            account.update({k: v for k, v in fields.items() if k in ("email", "phone_number")})
            facts[app] = account
            if app not in full:
                continue
            for _ in range(size):  # other people of the world
                extra = {"verified": True} if "verified" in user_model.__fields__ else {}
                if make(user_model, extra) is None:
                    skipped.append(f"{app}.User(other)")
        for model in _models(module):
            if model is user_model:
                continue
            overrides = {"user_id": owner} if owner is not None and "user_id" in model.__fields__ else {}
            made = sum(make(model, overrides) is not None for _ in range(size))
            if not made:
                skipped.append(f"{app}.{model.__name__}")
    from appworld.apps.api_lib import CompanyNotifier

    for app in sorted(full):
        if getattr(world.import_apis_module(app), "login_by", None):
            try:
                CompanyNotifier(app).create_accounts(skip_if_exists=True)
            except Exception:  # noqa: BLE001 - a notification app that is not loaded
                skipped.append(f"{app}.notifications")
    if "supervisor" in world.models:
        _supervisor(world.models["supervisor"], person, passwords, size, skipped)
    facts["_skipped"] = skipped
    return facts


def _supervisor(module, person: dict, passwords: dict, size: int, skipped: list) -> None:
    """The supervisor's profile, app passwords, addresses and payment cards."""
    fields = {k: v for k, v in person.items() if k in module.Supervisor.__fields__}
    supervisor = make(module.Supervisor, fields)
    if supervisor is None:
        skipped.append("supervisor.Supervisor")
    # an open task, as every AppWorld world has one (show_active_task, complete_task)
    elif make(module.Task, {"supervisor_id": supervisor.id, "instruction": "Finish the open errands.",
                            "status": None}) is None:
        skipped.append("supervisor.Task")
    for app, password in sorted(passwords.items()):
        if make(module.AccountPassword, {"account_name": app, "password": password}) is None:
            skipped.append(f"supervisor.AccountPassword({app})")
    for model in (module.Address, module.PaymentCard):
        made = sum(make(model, {}) is not None for _ in range(size))
        if not made:
            skipped.append(f"supervisor.{model.__name__}")
