"""AppWorld's public API docs as catalog records (runs in the AppWorld environment).

Per public API: AppWorld's own standard doc (``appworld.api_docs.prepare_api_docs``: description,
parameters with types, defaults and constraints, success/failure examples) as the published doc, the
input JSON Schema from its ``function_calling`` format with ``required`` taken from the standard doc,
and the JSON Schema of the 200 response from the app's OpenAPI document.
"""

from __future__ import annotations


def _plain(value):
    """A JSON copy without jsonref proxies and without pydantic's ``title`` noise."""
    import jsonref

    if isinstance(value, jsonref.JsonRef):
        return _plain(value.__subject__)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k != "title" or not isinstance(v, str)}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _responses(app: str) -> dict:
    """api name -> JSON Schema of its 200 response, from the app's OpenAPI document."""
    import jsonref
    from appworld.common.utils import import_apis_module

    spec = jsonref.replace_refs(import_apis_module(app).app.openapi())
    out = {}
    for methods in spec["paths"].values():
        for doc in methods.values():
            name = doc.get("summary", "").lower().replace(" ", "_")
            schema = ((doc.get("responses") or {}).get("200") or {}).get("content", {}).get("application/json", {}).get("schema")
            if name and schema:
                out[name] = _plain(schema)
    return out


def export(apps=None) -> list:
    """One record per public API of ``apps`` (default: every app), in AppWorld's order."""
    from appworld.api_docs import prepare_api_docs
    from appworld.apps import get_all_apps

    records = []
    for app in apps or get_all_apps():
        standard = prepare_api_docs(app)
        if not standard:
            continue
        calling = {d["function"]["name"].split("__", 1)[1]: d["function"] for d in prepare_api_docs(app, format="function_calling")}
        responses = _responses(app)
        for doc in standard:
            api = doc["api_name"]
            fn = calling.get(api) or {"parameters": {"type": "object", "properties": {}}}
            properties = {}
            for name, schema in (_plain(fn["parameters"]).get("properties") or {}).items():
                properties[name] = schema
            for p in doc["parameters"]:  # descriptions from the standard doc (login's are only there)
                entry = properties.setdefault(p["name"], {"type": p["type"]})
                entry.setdefault("description", p["description"])
            required = [p["name"] for p in doc["parameters"] if p["required"]]
            parameters = {"type": "object", "properties": properties, "required": required}
            records.append({
                "name": f"{app}.{api}",
                "app": app,
                "description": doc["description"],
                "parameters": parameters,
                "response": responses.get(api),
                "source": doc,
            })
    return records
