"""Scripted proofs that CloudPanel's designed prerequisites are real (checked with oracle.py's machinery).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (references to its outputs replaced by control
values). Ids that only appear inside a sentence reply (``Created VM vm-c0bf in ...``) are written
literally: they are deterministic in a fresh state, and without the creating call they do not exist.
"""

P = "atlas-prod-2291"
U = ("sign_in", {"email": "dana@acme.io", "password": "Nimbus!2025"})
UT = "$sign_in.session"
SA = [U,
      ("create_service_account", {"token": UT, "project_id": P, "account_id": "ci-deployer", "display_name": "CI deployer"}),
      ("create_access_key", {"token": UT, "service_account_email": "$create_service_account.email"}),
      ("exchange_api_key", {"key_id": "$create_access_key.key.id", "key_secret": "$create_access_key.key.secret"})]
AUTH = {"sign_in": ([U], UT), "exchange_api_key": (SA, "$exchange_api_key")}

BATCH_VM = "vm-c0bf"      # create_vm(name="batch-1") in atlas-prod-2291
GPU_VM = "vm-c3f0"        # create_vm(name="gpu-1")
SQL = "pg-orders-b541"    # create_sql_instance(name="orders")
LZ = ("list_zones", {"region": "eu-west-1"})
LBA_ID = "$list_billing_accounts.billingAccounts.0.name"


def enable(t: str, service: str, project: str = P) -> tuple:
    return ("enable_service", {"token": t, "project_id": project, "service": service}, f"enable_{service}")


def vm_lookup(provider: str, t: str) -> tuple[list, str]:
    """Steps that give web-1's id (or create a VM), and the reference to the id."""
    return {
        "list_vms": ([("list_vms", {"token": t, "project_id": P})], "$list_vms.0.id"),
        "search_resources": ([("search_resources", {"token": t, "name_contains": "web-1", "kind": "instance"})],
                             "$search_resources.0.id"),
        "create_vm": ([LZ, ("create_vm", {"token": t, "project_id": P, "name": "batch-1", "zone": "$list_zones.zones.0",
                                          "machine_type": "e2-standard-4"})], BATCH_VM),
    }[provider]


def vm_consumer(c: str, t: str, vm: str, created: bool = False) -> list:
    """Calls that use instance id ``vm`` and end with ``c``."""
    stop = ("stop_vm", {"token": t, "vm_id": vm})
    unprotect = [] if created else [("set_deletion_protection", {"token": t, "vm_id": vm, "enabled": False})]
    return {
        "get_vm": [("get_vm", {"token": t, "vm_id": vm})],
        "stop_vm": [stop],
        "start_vm": [stop, ("start_vm", {"token": t, "vm_id": vm})],
        "resize_vm": [stop, ("resize_vm", {"token": t, "vm_id": vm, "machine_type": "n2-standard-8"})],
        "set_deletion_protection": [("set_deletion_protection", {"token": t, "vm_id": vm, "enabled": created})],
        "delete_vm": unprotect + [("delete_vm", {"token": t, "vm_id": vm})],
        "attach_disk": [("get_vm", {"token": t, "vm_id": vm}),
                        ("create_disk", {"token": t, "project_id": P, "zone": "$get_vm.zone", "size_gb": 50}),
                        ("attach_disk", {"token": t, "vm_id": vm, "disk_id": "$create_disk"})],
    }[c]


def bucket(t: str) -> list:
    return [enable(t, "storage"), ("create_bucket", {"token": t, "project_id": P, "name": "atlas-assets-eu",
                                                      "location": "eu-west-1", "storage_class": "STANDARD"})]


B = "$create_bucket"


def key(t: str) -> list:
    return [enable(t, "kms"), ("create_key_ring", {"token": t, "project_id": P, "location": "eu-west-1", "name": "atlas-ring"}),
            ("create_crypto_key", {"token": t, "key_ring": "$create_key_ring.keyRing.name", "name": "assets-key",
                                   "purpose": "ENCRYPT_DECRYPT"})]


def dns(t: str, address: list, ip: str) -> list:
    return [enable(t, "dns"), ("normalize_domain", {"domain": "Acme-Shop.com"}),
            ("create_dns_zone", {"token": t, "project_id": P, "dns_name": "$normalize_domain", "description": "shop"}),
            ("normalize_domain", {"domain": "www.acme-shop.com"}, "nd_www"), *address,
            ("add_dns_record", {"token": t, "zone_id": "$create_dns_zone.id", "name": "$nd_www", "record_type": "A",
                                "rrdatas": [ip]})]


def recipe(c: str, t: str) -> list:
    """A successful path (after authentication with token ``t``) that ends with ``c``."""
    lv, vm = vm_lookup("list_vms", t)
    upload = ("upload_object", {"token": t, "bucket": B, "object_name": "index.html", "content": "<h1>Atlas</h1>"})
    unprevent = ("set_public_access_prevention", {"token": t, "bucket": B, "enforced": False})
    channel = ("create_notification_channel", {"token": t, "project_id": P, "email": "oncall@acme.io"})
    if c in ("get_vm", "stop_vm", "start_vm", "resize_vm", "set_deletion_protection", "delete_vm", "attach_disk"):
        return lv + vm_consumer(c, t, vm)
    return {
        "list_billing_accounts": [("list_billing_accounts", {"token": t})],
        "create_project": [("list_billing_accounts", {"token": t}),
                           ("create_project", {"token": t, "display_name": "Orion Analytics", "billing_account_id": LBA_ID})],
        "link_billing": [("list_billing_accounts", {"token": t}), ("list_projects", {"token": t}),
                         ("link_billing", {"token": t, "project_id": "$list_projects.1.0", "billing_account_id": LBA_ID})],
        "create_service_account": [("create_service_account", {"token": t, "project_id": P, "account_id": "backup-runner",
                                                               "display_name": "Backups"})],
        "create_access_key": [("create_service_account", {"token": t, "project_id": P, "account_id": "backup-runner",
                                                          "display_name": "Backups"}),
                              ("create_access_key", {"token": t, "service_account_email": "$create_service_account.email"})],
        "grant_role": [("grant_role", {"token": t, "project_id": P, "member": "user:lee@acme.io", "role": "roles/viewer"})],
        "list_projects": [("list_projects", {"token": t})],
        "enable_service": [enable(t, "storage")],
        "request_quota_increase": [("request_quota_increase", {"token": t, "project_id": P, "metric": "gpus",
                                                               "region": "eu-west-1", "new_limit": 2})],
        "create_vm": vm_lookup("create_vm", t)[0],
        "list_vms": lv,
        "create_disk": [LZ, ("create_disk", {"token": t, "project_id": P, "zone": "$list_zones.zones.1", "size_gb": 50})],
        "reserve_address": [("reserve_address", {"token": t, "project_id": P, "region": "eu-west-1"})],
        "create_bucket": bucket(t),
        "upload_object": bucket(t) + [upload],
        "set_public_access_prevention": bucket(t) + [unprevent],
        "make_object_public": bucket(t) + [upload, unprevent,
                                           ("make_object_public", {"token": t, "bucket": B, "object_name": "index.html"})],
        "set_bucket_encryption": bucket(t) + key(t) + [
            ("set_bucket_encryption", {"token": t, "bucket": B, "kms_key_name": "$create_crypto_key"})],
        "create_key_ring": key(t)[:2],
        "create_crypto_key": key(t),
        "create_sql_instance": [enable(t, "sql"), ("create_sql_instance", {"token": t, "project_id": P, "name": "orders",
                                                                           "tier": "db-standard-2", "region": "eu-west-1"})],
        "create_database": [enable(t, "sql"), ("create_sql_instance", {"token": t, "project_id": P, "name": "orders",
                                                                       "tier": "db-standard-2", "region": "eu-west-1"}),
                            ("create_database", {"token": t, "instance_id": SQL, "name": "orders"})],
        "create_dns_zone": dns(t, [], "")[:3],
        "add_dns_record": dns(t, [("reserve_address", {"token": t, "project_id": P, "region": "eu-west-1"})],
                              "$reserve_address"),
        "create_notification_channel": [channel],
        "create_alert_policy": [channel, ("create_alert_policy", {
            "token": t, "project_id": P, "display_name": "High CPU", "metric": "cpu_utilization", "threshold": 0.9,
            "channel_id": "$create_notification_channel"})],
        "query_logs": [("to_rfc3339", {"date": "02/03/2025"}),
                       ("query_logs", {"token": t, "project_id": P, "since": "$to_rfc3339", "severity": "WARNING"})],
        "search_resources": [("search_resources", {"token": t, "name_contains": "web"})],
    }[c]


def _tools_module():
    import cloudpanel_tools
    return cloudpanel_tools


_gt = _tools_module()
PROOFS: list = []
for _c in _gt._USER_ONLY:
    PROOFS.append(("sign_in", _c, [U] + recipe(_c, UT)))
for _c in _gt._ANY_TOKEN:
    for _p, (_steps, _t) in AUTH.items():
        PROOFS.append((_p, _c, _steps + recipe(_c, _t)))
for _p in ("list_vms", "search_resources", "create_vm"):
    _steps, _vm = vm_lookup(_p, UT)
    for _c in _gt._VM_ID_USERS:
        PROOFS.append((_p, _c, [U] + _steps + vm_consumer(_c, UT, _vm, created=_p == "create_vm")))

_LV, _VM = vm_lookup("list_vms", UT)
_GPU = [U, LZ, ("request_quota_increase", {"token": UT, "project_id": P, "metric": "gpus", "region": "eu-west-1",
                                           "new_limit": 2}),
        ("create_vm", {"token": UT, "project_id": P, "name": "gpu-1", "zone": "$list_zones.zones.0",
                       "machine_type": "a2-highgpu-1g"})]
_SANDBOX = [U, ("list_billing_accounts", {"token": UT}), ("list_projects", {"token": UT}),
            ("link_billing", {"token": UT, "project_id": "$list_projects.1.0", "billing_account_id": LBA_ID})]
_GET = [U, *_LV, ("get_vm", {"token": UT, "vm_id": _VM})]
PROOFS += [
    ("sign_in", "exchange_api_key", SA),
    ("create_service_account", "create_access_key", SA[:3]),
    ("create_access_key", "exchange_api_key", SA),
    ("list_billing_accounts", "create_project", [U] + recipe("create_project", UT)),
    ("list_billing_accounts", "link_billing", [U] + recipe("link_billing", UT)),
    ("list_projects", "link_billing", [U] + recipe("link_billing", UT)),
    ("search_resources", "link_billing", [U, ("list_billing_accounts", {"token": UT}),
                                          ("search_resources", {"token": UT, "name_contains": "sandbox", "kind": "project"}),
                                          ("link_billing", {"token": UT, "project_id": "$search_resources.0.id",
                                                            "billing_account_id": LBA_ID})]),
    ("link_billing", "enable_service", _SANDBOX + [enable(UT, "compute", "$list_projects.1.0")]),
    ("enable_service", "create_bucket", [U] + recipe("create_bucket", UT)),
    ("enable_service", "create_key_ring", [U] + recipe("create_key_ring", UT)),
    ("enable_service", "create_sql_instance", [U] + recipe("create_sql_instance", UT)),
    ("enable_service", "create_dns_zone", [U] + recipe("create_dns_zone", UT)),
    ("stop_vm", "start_vm", [U] + recipe("start_vm", UT)),
    ("stop_vm", "resize_vm", [U] + recipe("resize_vm", UT)),
    ("set_deletion_protection", "delete_vm", [U] + recipe("delete_vm", UT)),
    ("request_quota_increase", "create_vm", _GPU),
    ("list_zones", "create_vm", [U] + recipe("create_vm", UT)),
    ("get_vm", "create_vm", _GET + [("create_vm", {"token": UT, "project_id": P, "name": "web-2", "zone": "$get_vm.zone",
                                                   "machine_type": "e2-micro"})]),
    ("list_zones", "create_disk", [U] + recipe("create_disk", UT)),
    ("get_vm", "create_disk", _GET + [("create_disk", {"token": UT, "project_id": P, "zone": "$get_vm.zone", "size_gb": 20})]),
    ("create_disk", "attach_disk", [U] + recipe("attach_disk", UT)),
    ("get_vm", "attach_disk", [U] + recipe("attach_disk", UT)),
    ("reserve_address", "add_dns_record", [U] + recipe("add_dns_record", UT)),
    ("get_vm", "add_dns_record", [U] + dns(UT, [*_LV, ("get_vm", {"token": UT, "vm_id": _VM})],
                                           "$get_vm.networkInterfaces.0.accessConfigs.0.natIP")),
    ("create_dns_zone", "add_dns_record", [U] + recipe("add_dns_record", UT)),
    ("normalize_domain", "create_dns_zone", [U] + recipe("create_dns_zone", UT)),
    ("normalize_domain", "add_dns_record", [U] + recipe("add_dns_record", UT)),
    ("create_bucket", "upload_object", [U] + recipe("upload_object", UT)),
    ("create_bucket", "set_public_access_prevention", [U] + recipe("set_public_access_prevention", UT)),
    ("create_bucket", "make_object_public", [U] + recipe("make_object_public", UT)),
    ("create_bucket", "set_bucket_encryption", [U] + recipe("set_bucket_encryption", UT)),
    ("upload_object", "make_object_public", [U] + recipe("make_object_public", UT)),
    ("set_public_access_prevention", "make_object_public", [U] + recipe("make_object_public", UT)),
    ("create_key_ring", "create_crypto_key", [U] + recipe("create_crypto_key", UT)),
    ("create_crypto_key", "set_bucket_encryption", [U] + recipe("set_bucket_encryption", UT)),
    ("create_sql_instance", "create_database", [U] + recipe("create_database", UT)),
    ("create_notification_channel", "create_alert_policy", [U] + recipe("create_alert_policy", UT)),
    ("to_rfc3339", "query_logs", [U] + recipe("query_logs", UT)),
]

_NEW = [U, ("list_billing_accounts", {"token": UT}),
        ("create_project", {"token": UT, "display_name": "Orion Analytics", "billing_account_id": LBA_ID})]
VARIANT_PROOFS = [
    ("create_project", "enable_service", _NEW + [enable(UT, "compute", "$create_project")], "empty_org"),
    ("create_project", "create_service_account", _NEW + [("create_service_account", {
        "token": UT, "project_id": "$create_project", "account_id": "etl-runner", "display_name": "ETL"})], "empty_org"),
    ("create_project", "list_vms", _NEW + [("list_vms", {"token": UT, "project_id": "$create_project"})], "empty_org"),
]

# Calls that a path makes but does not need: the oracle must not call them prerequisites.
NON_PREREQUISITES = [
    ("list_regions", [("list_regions", {}), U, *_LV, ("stop_vm", {"token": UT, "vm_id": _VM})]),
    ("normalize_domain", [("normalize_domain", {"domain": "acme-shop.com"}), U, *_LV, ("get_vm", {"token": UT, "vm_id": _VM})]),
    ("list_zones", [U] + recipe("make_object_public", UT)[:1] + [LZ] + recipe("make_object_public", UT)[1:]),
    ("create_notification_channel", [U, ("create_notification_channel", {"token": UT, "project_id": P, "email": "a@acme.io"}),
                                     *recipe("query_logs", UT)]),
]
