"""CloudPanel: the API behind a small public cloud's console (41 tools).

Projects with billing accounts, service APIs that must be enabled per project, regions and zones,
virtual machines, disks, static addresses, storage buckets and objects, KMS key rings and keys,
service accounts with access keys, IAM grants, managed SQL, DNS zones and records, monitoring
channels and alert policies, and logs. Plain Python functions over an in-memory ``CloudState``.

Conventions, as such an API has them: every call but the pure helpers needs a session ``token``
(from a user sign-in, or from exchanging a service-account access key; service-account tokens are
scoped to their own project and may not touch billing or IAM). Refusals are raised: builtin
exceptions (``PermissionError``, ``LookupError``, ``ValueError``) and ``CloudError`` with a status
code. Replies vary by endpoint: sentences with the new id inside, bare ids, rows as lists, JSON text.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it; the text of ``what`` before its first ``:`` is the kind.
"""

import copy
import enum
import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Literal, Optional


class CloudError(Exception):
    """A refusal with a status code such as FAILED_PRECONDITION or QUOTA_EXCEEDED."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


class Region(enum.Enum):
    EU_WEST_1 = "eu-west-1"
    US_EAST_1 = "us-east-1"
    AP_SOUTH_1 = "ap-south-1"


class MachineType(enum.Enum):
    E2_MICRO = "e2-micro"
    E2_STANDARD_4 = "e2-standard-4"
    N2_STANDARD_8 = "n2-standard-8"
    A2_HIGHGPU_1G = "a2-highgpu-1g"


class DbTier(enum.Enum):
    SHARED = "db-shared"
    STANDARD_2 = "db-standard-2"
    HIGHMEM_4 = "db-highmem-4"


_CPUS = {"e2-micro": 1, "e2-standard-4": 4, "n2-standard-8": 8, "a2-highgpu-1g": 12}
_GPUS = {"a2-highgpu-1g": 1}
_SERVICES = ("compute", "storage", "sql", "dns", "kms", "monitoring")
_ROLES = ("roles/viewer", "roles/editor", "roles/owner", "roles/storage.admin", "roles/cloudsql.client")


def _h(text: str, n: int = 4) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:n]


def _seed_projects() -> dict:
    quotas = {r.value: {"cpus": 24, "gpus": 0, "ip_addresses": 4} for r in Region}
    return {
        "atlas-prod-2291": {"name": "Atlas Production", "billing": "BA-0192-77F3", "services": ["compute", "monitoring"],
                            "quotas": copy.deepcopy(quotas), "iam": {"roles/owner": ["user:dana@acme.io"]}},
        "sandbox-7710": {"name": "Data Sandbox", "billing": None, "services": [],
                         "quotas": copy.deepcopy(quotas), "iam": {"roles/owner": ["user:dana@acme.io"]}},
    }


def _seed_logs() -> list:
    return [
        ["2025-02-27T08:14:03Z", "INFO", "vm-3c9e", "startup script finished"],
        ["2025-03-02T11:40:51Z", "WARNING", "vm-3c9e", "disk /dev/sda1 at 91% capacity"],
        ["2025-03-03T02:05:17Z", "ERROR", "vm-3c9e", "nginx: upstream timed out (110: Connection timed out)"],
    ]


@dataclass
class CloudState:
    users: dict = field(default_factory=lambda: {"dana@acme.io": {"password": "Nimbus!2025", "name": "Dana Okoye"}})
    sessions: dict = field(default_factory=dict)
    billing_accounts: dict = field(default_factory=lambda: {
        "BA-0192-77F3": {"name": "Acme main billing", "open": True},
        "BA-0450-11C0": {"name": "Trial credits (closed)", "open": False}})
    projects: dict = field(default_factory=_seed_projects)
    vms: dict = field(default_factory=lambda: {"vm-3c9e": {
        "project": "atlas-prod-2291", "name": "web-1", "zone": "eu-west-1b", "machine_type": "e2-standard-4",
        "status": "RUNNING", "deletion_protection": True, "nat_ip": "34.76.20.11", "disks": ["disk-web1-boot"]}})
    disks: dict = field(default_factory=lambda: {"disk-web1-boot": {
        "project": "atlas-prod-2291", "zone": "eu-west-1b", "size_gb": 20, "attached_to": "vm-3c9e"}})
    addresses: dict = field(default_factory=lambda: {"34.76.20.11": "atlas-prod-2291"})
    buckets: dict = field(default_factory=dict)
    key_rings: dict = field(default_factory=dict)
    crypto_keys: dict = field(default_factory=dict)
    service_accounts: dict = field(default_factory=dict)
    access_keys: dict = field(default_factory=dict)
    sql_instances: dict = field(default_factory=dict)
    dns_zones: dict = field(default_factory=dict)
    channels: dict = field(default_factory=dict)
    alert_policies: dict = field(default_factory=dict)
    quota_requests: dict = field(default_factory=dict)
    logs: dict = field(default_factory=lambda: {"atlas-prod-2291": _seed_logs()})
    counter: int = 100


State = CloudState


def empty_org_state() -> CloudState:
    """A brand-new organisation: the user and billing accounts exist, but no project yet."""
    s = CloudState()
    s.projects, s.vms, s.disks, s.addresses, s.logs = {}, {}, {}, {}, {}
    return s


FRESH_STATES = {"default": CloudState, "empty_org": empty_org_state}


def _next(state: CloudState) -> int:
    state.counter += 1
    return state.counter


def _principal(state: CloudState, token: str) -> dict:
    p = state.sessions.get(token)
    if p is None:
        raise PermissionError("invalid or expired session token")
    return p


def _user_only(state: CloudState, token: str) -> dict:
    p = _principal(state, token)
    if p["kind"] != "user":
        raise PermissionError("service-account tokens cannot manage billing, projects or IAM")
    return p


def _project(state: CloudState, token: str, project_id: str) -> dict:
    p = _principal(state, token)
    proj = state.projects.get(project_id)
    if proj is None:
        raise LookupError(f"project {project_id} not found")
    if p["kind"] == "sa" and p["project"] != project_id:
        raise PermissionError(f"{p['email']} has no access to project {project_id}")
    return proj


def _service_on(proj: dict, service: str, project_id: str) -> None:
    if service not in proj["services"]:
        raise CloudError("FAILED_PRECONDITION",
                         f"{service} API has not been used in project {project_id} before or it is disabled")


def _vm(state: CloudState, token: str, vm_id: str) -> dict:
    p = _principal(state, token)
    vm = state.vms.get(vm_id)
    if vm is None:
        raise LookupError(f"instance {vm_id} not found")
    if p["kind"] == "sa" and p["project"] != vm["project"]:
        raise PermissionError(f"no access to instance {vm_id}")
    return vm


def _bucket(state: CloudState, token: str, bucket: str) -> dict:
    _principal(state, token)
    b = state.buckets.get(bucket)
    if b is None:
        raise LookupError(f"bucket {bucket} does not exist")
    _project(state, token, b["project"])
    return b


def _enum(cls: type, value, what: str):
    try:
        return cls(value.value if isinstance(value, enum.Enum) else value)
    except ValueError:
        raise ValueError(f"unknown {what} {value!r}; one of: {', '.join(m.value for m in cls)}") from None


def _zone_region(zone: str) -> str:
    m = re.fullmatch(r"([a-z]+-[a-z]+-\d)([abc])", zone or "")
    if not m or m.group(1) not in {r.value for r in Region}:
        raise ValueError(f"unknown zone {zone!r}")
    return m.group(1)


# ----------------------------------------------------------------------------- sessions

def sign_in(email: str, password: str, state: CloudState) -> dict:
    """Sign in to the console as a user.

    Args:
        email: the account email.
        password: the account password.
    """
    u = state.users.get(email.strip().lower())
    if u is None or u["password"] != password:
        raise PermissionError("wrong email or password")
    token = "nmb_" + _h(f"{email}{_next(state)}", 16)
    state.sessions[token] = {"kind": "user", "email": email.strip().lower()}
    return {"session": token, "expires_in": 3600, "user": u["name"]}


def exchange_api_key(key_id: str, key_secret: str, state: CloudState) -> str:
    """Trade a service-account access key for a short-lived token."""
    k = state.access_keys.get(key_id)
    if k is None or k["secret"] != key_secret:
        raise PermissionError("invalid key id or secret")
    sa = state.service_accounts[k["sa"]]
    token = "nmb_sa_" + _h(f"{key_id}{_next(state)}", 16)
    state.sessions[token] = {"kind": "sa", "email": k["sa"], "project": sa["project"]}
    return token


# ----------------------------------------------------------------------------- billing and projects

def list_billing_accounts(token: str, state: CloudState) -> str:
    """Billing accounts visible to the signed-in user (JSON)."""
    _user_only(state, token)
    return json.dumps({"billingAccounts": [{"name": f"billingAccounts/{bid}", "displayName": b["name"], "open": b["open"]}
                                           for bid, b in state.billing_accounts.items()]})


def _billing_id(state: CloudState, billing_account_id: str) -> str:
    bid = billing_account_id.split("/")[-1]
    b = state.billing_accounts.get(bid)
    if b is None:
        raise LookupError(f"billing account {billing_account_id} not found")
    if not b["open"]:
        raise CloudError("FAILED_PRECONDITION", f"billing account {bid} is closed")
    return bid


def create_project(token: str, display_name: str, billing_account_id: str, state: CloudState) -> str:
    """Create a project linked to a billing account. Returns the new project id."""
    _user_only(state, token)
    bid = _billing_id(state, billing_account_id)
    slug = re.sub(r"[^a-z0-9]+", "-", display_name.lower()).strip("-")[:20] or "project"
    pid = f"{slug}-{int(_h(display_name, 6), 16) % 9000 + 1000}"
    if pid in state.projects:
        raise CloudError("ALREADY_EXISTS", f"project {pid} already exists")
    state.projects[pid] = {"name": display_name, "billing": bid, "services": [],
                           "quotas": {r.value: {"cpus": 24, "gpus": 0, "ip_addresses": 4} for r in Region},
                           "iam": {"roles/owner": [f"user:{state.sessions[token]['email']}"]}}
    state.logs[pid] = []
    return pid


def list_projects(token: str, state: CloudState) -> list:
    """Rows of [project_id, display_name, billing_enabled]."""
    p = _principal(state, token)
    return [[pid, pr["name"], pr["billing"] is not None] for pid, pr in state.projects.items()
            if p["kind"] == "user" or p["project"] == pid]


def link_billing(token: str, project_id: str, billing_account_id: str, state: CloudState) -> str:
    """Attach a billing account to a project that has none."""
    _user_only(state, token)
    proj = _project(state, token, project_id)
    bid = _billing_id(state, billing_account_id)
    if proj["billing"] == bid:
        raise ValueError(f"project {project_id} is already linked to {bid}")
    proj["billing"] = bid
    return f"Billing account {bid} is now linked to project {project_id}."


def enable_service(token: str, project_id: str, service: str, state: CloudState) -> str:
    """Enable a service API in a project. Billing must be linked."""
    proj = _project(state, token, project_id)
    if service not in _SERVICES:
        raise ValueError(f"unknown service {service!r}; available: {', '.join(_SERVICES)}")
    if proj["billing"] is None:
        raise CloudError("FAILED_PRECONDITION", f"billing is not enabled for project {project_id}")
    if service in proj["services"]:
        raise ValueError(f"service {service} already enabled")
    proj["services"].append(service)
    return f"Service {service} enabled for {project_id}."


# ----------------------------------------------------------------------------- regions, quotas

def list_regions() -> list:
    """Names of the regions."""
    return [r.value for r in Region]


def list_zones(region: Region) -> dict:
    """Zones of a region."""
    r = _enum(Region, region, "region").value
    return {"region": r, "zones": [f"{r}{z}" for z in "abc"]}


def request_quota_increase(token: str, project_id: str, metric: Literal["cpus", "gpus", "ip_addresses"], region: Region,
                           new_limit: int, state: CloudState) -> str:
    """Ask for a higher quota. Requests up to 8 GPUs, 96 CPUs or 16 addresses per region are approved at once."""
    proj = _project(state, token, project_id)
    r = _enum(Region, region, "region").value
    caps = {"cpus": 96, "gpus": 8, "ip_addresses": 16}
    if metric not in caps:
        raise ValueError(f"unknown metric {metric!r}")
    if not 0 < new_limit <= caps[metric]:
        raise CloudError("QUOTA_EXCEEDED", f"{metric} can be raised to at most {caps[metric]} here; contact sales")
    if new_limit <= proj["quotas"][r][metric]:
        raise ValueError(f"{metric} in {r} is already {proj['quotas'][r][metric]}")
    proj["quotas"][r][metric] = new_limit
    qid = f"QR-{_next(state):04d}"
    state.quota_requests[qid] = {"project": project_id, "metric": metric, "region": r, "limit": new_limit}
    return f"Quota request {qid} approved: {metric} in {r} is now {new_limit}."


# ----------------------------------------------------------------------------- compute

def _nat_ip(state: CloudState) -> str:
    n = _next(state)
    return f"34.{76 + n % 20}.{n % 250}.{(n * 7) % 250 + 2}"


def create_vm(token: str, project_id: str, name: str, zone: str, machine_type: MachineType,
              image: str = "debian-12", state: CloudState = None) -> str:
    """Create and start a virtual machine.

    Args:
        token: session token.
        project_id: the project.
        name: instance name (lowercase letters, digits, dashes).
        zone: a zone such as the ones list_zones returns.
        machine_type: the machine shape.
        image: boot image, debian-12 or ubuntu-24.04.
    """
    proj = _project(state, token, project_id)
    _service_on(proj, "compute", project_id)
    mt = _enum(MachineType, machine_type, "machine type").value
    region = _zone_region(zone)
    if not re.fullmatch(r"[a-z][a-z0-9-]{0,40}", name):
        raise ValueError("instance names use lowercase letters, digits and dashes")
    if image not in ("debian-12", "ubuntu-24.04"):
        raise ValueError(f"unknown image {image!r}")
    if any(v["project"] == project_id and v["name"] == name for v in state.vms.values()):
        raise CloudError("ALREADY_EXISTS", f"an instance named {name} exists")
    used = [v for v in state.vms.values() if v["project"] == project_id and v["zone"].startswith(region)
            and v["status"] == "RUNNING"]
    q = proj["quotas"][region]
    if sum(_GPUS.get(v["machine_type"], 0) for v in used) + _GPUS.get(mt, 0) > q["gpus"]:
        raise CloudError("QUOTA_EXCEEDED", f"quota 'GPUS' exceeded in region {region}: limit {q['gpus']}")
    if sum(_CPUS[v["machine_type"]] for v in used) + _CPUS[mt] > q["cpus"]:
        raise CloudError("QUOTA_EXCEEDED", f"quota 'CPUS' exceeded in region {region}")
    vm_id = "vm-" + _h(f"{project_id}/{name}")
    ip = _nat_ip(state)
    disk = f"disk-{name}-boot"
    state.vms[vm_id] = {"project": project_id, "name": name, "zone": zone, "machine_type": mt, "status": "RUNNING",
                        "deletion_protection": False, "nat_ip": ip, "disks": [disk]}
    state.disks[disk] = {"project": project_id, "zone": zone, "size_gb": 10, "attached_to": vm_id}
    state.addresses[ip] = project_id
    return f"Created VM {vm_id} in {zone}."


def list_vms(token: str, project_id: str, status: Optional[str] = None, state: CloudState = None) -> list:
    """Instances of a project, optionally only those with a status."""
    _project(state, token, project_id)
    if status is not None and status not in ("RUNNING", "TERMINATED"):
        raise ValueError(f"unknown status {status!r}; use RUNNING or TERMINATED")
    return [{"id": vid, "name": v["name"], "status": v["status"]} for vid, v in state.vms.items()
            if v["project"] == project_id and (status is None or v["status"] == status)]


def get_vm(token: str, vm_id: str, state: CloudState) -> dict:
    """Describe an instance."""
    vm = _vm(state, token, vm_id)
    access = [{"name": "external-nat", "natIP": vm["nat_ip"]}] if vm["status"] == "RUNNING" else []
    return {"id": vm_id, "name": vm["name"], "zone": vm["zone"], "machineType": vm["machine_type"],
            "status": vm["status"], "deletionProtection": vm["deletion_protection"],
            "networkInterfaces": [{"network": "default", "accessConfigs": access}],
            "disks": [{"source": d, "boot": i == 0} for i, d in enumerate(vm["disks"])]}


def stop_vm(token: str, vm_id: str, state: CloudState) -> str:
    """Stop an instance."""
    vm = _vm(state, token, vm_id)
    if vm["status"] == "TERMINATED":
        raise ValueError(f"instance {vm_id} is already stopped")
    vm["status"] = "TERMINATED"
    return f"Instance {vm_id} stopped."


def start_vm(token: str, vm_id: str, state: CloudState) -> str:
    """Start a stopped instance."""
    vm = _vm(state, token, vm_id)
    if vm["status"] == "RUNNING":
        raise ValueError(f"instance {vm_id} is already running")
    vm["status"] = "RUNNING"
    return f"Instance {vm_id} started."


def resize_vm(token: str, vm_id: str, machine_type: MachineType, state: CloudState) -> dict:
    """Change the machine type of an instance."""
    vm = _vm(state, token, vm_id)
    mt = _enum(MachineType, machine_type, "machine type").value
    if vm["status"] != "TERMINATED":
        raise CloudError("FAILED_PRECONDITION", "the instance must be stopped to change its machine type")
    if mt == vm["machine_type"]:
        raise ValueError(f"instance {vm_id} already has machine type {mt}")
    vm["machine_type"] = mt
    return {"id": vm_id, "machineType": mt}


def set_deletion_protection(token: str, vm_id: str, enabled: bool, state: CloudState) -> dict:
    """Turn deletion protection of an instance on or off."""
    vm = _vm(state, token, vm_id)
    if vm["deletion_protection"] == bool(enabled):
        raise ValueError(f"deletion protection is already {'on' if enabled else 'off'}")
    vm["deletion_protection"] = bool(enabled)
    return {"id": vm_id, "deletionProtection": bool(enabled)}


def delete_vm(token: str, vm_id: str, state: CloudState) -> str:
    """Delete an instance and its boot disk."""
    vm = _vm(state, token, vm_id)
    if vm["deletion_protection"]:
        raise CloudError("FAILED_PRECONDITION", f"instance {vm_id} has deletion protection enabled")
    del state.vms[vm_id]
    for d in vm["disks"]:
        state.disks.pop(d, None)
    state.addresses.pop(vm["nat_ip"], None)
    return f"Deleted instance {vm_id}."


def create_disk(token: str, project_id: str, zone: str, size_gb: int, state: CloudState) -> str:
    """Create an empty persistent disk."""
    proj = _project(state, token, project_id)
    _service_on(proj, "compute", project_id)
    _zone_region(zone)
    if not 10 <= size_gb <= 2048:
        raise ValueError("size_gb must be between 10 and 2048")
    did = f"disk-{_next(state)}"
    state.disks[did] = {"project": project_id, "zone": zone, "size_gb": size_gb, "attached_to": None}
    return did


def attach_disk(token: str, vm_id: str, disk_id: str, state: CloudState) -> dict:
    """Attach a disk to an instance."""
    vm = _vm(state, token, vm_id)
    d = state.disks.get(disk_id)
    if d is None or d["project"] != vm["project"]:
        raise LookupError(f"disk {disk_id} not found")
    if d["attached_to"] is not None:
        raise CloudError("FAILED_PRECONDITION", f"disk {disk_id} is in use by {d['attached_to']}")
    if d["zone"] != vm["zone"]:
        raise CloudError("INVALID_ARGUMENT", f"disk {disk_id} is in {d['zone']} but the instance is in {vm['zone']}")
    d["attached_to"] = vm_id
    vm["disks"].append(disk_id)
    return {"id": vm_id, "disks": list(vm["disks"])}


def reserve_address(token: str, project_id: str, region: Region, state: CloudState) -> str:
    """Reserve a static external IPv4 address in a region."""
    proj = _project(state, token, project_id)
    r = _enum(Region, region, "region").value
    owned = sum(1 for p in state.addresses.values() if p == project_id)
    if owned >= proj["quotas"][r]["ip_addresses"]:
        raise CloudError("QUOTA_EXCEEDED", "quota 'IN_USE_ADDRESSES' exceeded")
    ip = _nat_ip(state)
    state.addresses[ip] = project_id
    return ip


# ----------------------------------------------------------------------------- storage

def create_bucket(token: str, project_id: str, name: str, location: Region,
                  storage_class: Literal["STANDARD", "NEARLINE", "COLDLINE"] = "STANDARD",
                  state: CloudState = None) -> str:
    """Create a bucket. Options for storage_class are: STANDARD, NEARLINE, COLDLINE."""
    proj = _project(state, token, project_id)
    _service_on(proj, "storage", project_id)
    loc = _enum(Region, location, "location").value
    if storage_class not in ("STANDARD", "NEARLINE", "COLDLINE"):
        raise ValueError(f"unknown storage class {storage_class!r}")
    if not re.fullmatch(r"[a-z0-9][a-z0-9._-]{2,62}", name):
        raise ValueError("bucket names are 3-63 lowercase letters, digits, dots, dashes or underscores")
    if name in state.buckets:
        raise CloudError("ALREADY_EXISTS", f"bucket {name} already exists")
    state.buckets[name] = {"project": project_id, "location": loc, "class": storage_class,
                           "public_access_prevention": True, "kms_key": None, "objects": {}}
    return name


def upload_object(token: str, bucket: str, object_name: str, content: str, state: CloudState) -> dict:
    """Store a text object in a bucket."""
    b = _bucket(state, token, bucket)
    if not object_name or object_name.startswith("/"):
        raise ValueError("object names must not be empty or start with '/'")
    gen = _next(state) * 1000 + 17
    b["objects"][object_name] = {"content": content, "generation": gen, "public": False}
    return {"bucket": bucket, "name": object_name, "generation": gen, "size": len(content.encode())}


def set_public_access_prevention(token: str, bucket: str, enforced: bool, state: CloudState) -> dict:
    """Enforce or lift public access prevention on a bucket (enforced on new buckets)."""
    b = _bucket(state, token, bucket)
    if b["public_access_prevention"] == bool(enforced):
        raise ValueError(f"public access prevention is already {'enforced' if enforced else 'inherited'}")
    b["public_access_prevention"] = bool(enforced)
    return {"bucket": bucket, "publicAccessPrevention": "enforced" if enforced else "inherited"}


def make_object_public(token: str, bucket: str, object_name: str, state: CloudState) -> str:
    """Give allUsers read access to an object."""
    b = _bucket(state, token, bucket)
    obj = b["objects"].get(object_name)
    if obj is None:
        raise LookupError(f"no object {object_name} in {bucket}")
    if b["public_access_prevention"]:
        raise CloudError("FAILED_PRECONDITION", "public access prevention is enforced on this bucket")
    obj["public"] = True
    return f"gs://{bucket}/{object_name} is now public at https://storage.nimbus.example/{bucket}/{object_name}"


def set_bucket_encryption(token: str, bucket: str, kms_key_name: str, state: CloudState) -> dict:
    """Use a customer-managed key for new objects in the bucket."""
    b = _bucket(state, token, bucket)
    key = state.crypto_keys.get(kms_key_name)
    if key is None:
        raise LookupError(f"crypto key {kms_key_name} not found")
    if key["purpose"] != "ENCRYPT_DECRYPT":
        raise CloudError("INVALID_ARGUMENT", "the key's purpose must be ENCRYPT_DECRYPT")
    if key["location"] != b["location"]:
        raise CloudError("INVALID_ARGUMENT", f"the key is in {key['location']}, the bucket in {b['location']}")
    b["kms_key"] = kms_key_name
    return {"bucket": bucket, "encryption": {"defaultKmsKeyName": kms_key_name}}


# ----------------------------------------------------------------------------- kms

def create_key_ring(token: str, project_id: str, location: Region, name: str, state: CloudState) -> dict:
    """Create a KMS key ring."""
    proj = _project(state, token, project_id)
    _service_on(proj, "kms", project_id)
    loc = _enum(Region, location, "location").value
    full = f"projects/{project_id}/locations/{loc}/keyRings/{name}"
    if full in state.key_rings:
        raise CloudError("ALREADY_EXISTS", f"key ring {name} exists")
    state.key_rings[full] = {"project": project_id, "location": loc}
    return {"keyRing": {"name": full, "createTime": "2025-03-04T09:00:00Z"}}


def create_crypto_key(token: str, key_ring: str, name: str,
                      purpose: Literal["ENCRYPT_DECRYPT", "ASYMMETRIC_SIGN"] = "ENCRYPT_DECRYPT",
                      state: CloudState = None) -> str:
    """Create a key in a key ring (key_ring is its full resource name)."""
    kr = state.key_rings.get(key_ring)
    _principal(state, token)
    if kr is None:
        raise LookupError(f"key ring {key_ring} not found")
    _project(state, token, kr["project"])
    if purpose not in ("ENCRYPT_DECRYPT", "ASYMMETRIC_SIGN"):
        raise ValueError(f"unknown purpose {purpose!r}")
    full = f"{key_ring}/cryptoKeys/{name}"
    state.crypto_keys[full] = {"location": kr["location"], "purpose": purpose}
    return full


# ----------------------------------------------------------------------------- iam

def create_service_account(token: str, project_id: str, account_id: str, display_name: str, state: CloudState) -> dict:
    """Create a service account in a project."""
    _user_only(state, token)
    _project(state, token, project_id)
    if not re.fullmatch(r"[a-z][a-z0-9-]{5,29}", account_id):
        raise ValueError("account_id must be 6-30 lowercase letters, digits or dashes, starting with a letter")
    email = f"{account_id}@{project_id}.iam.nimbus.example"
    if email in state.service_accounts:
        raise CloudError("ALREADY_EXISTS", f"{email} exists")
    state.service_accounts[email] = {"project": project_id, "display_name": display_name}
    return {"email": email, "uniqueId": str(10**17 + _next(state)), "displayName": display_name}


def create_access_key(token: str, service_account_email: str, state: CloudState) -> dict:
    """Create an access key for a service account. The secret is shown once."""
    _user_only(state, token)
    sa = state.service_accounts.get(service_account_email)
    if sa is None:
        raise LookupError(f"service account {service_account_email} not found")
    kid = "AK" + _h(f"{service_account_email}{_next(state)}", 10).upper()
    secret = _h(f"secret{kid}", 24)
    state.access_keys[kid] = {"sa": service_account_email, "secret": secret}
    return {"key": {"id": kid, "secret": secret, "serviceAccount": service_account_email}}


def grant_role(token: str, project_id: str, member: str, role: str, state: CloudState) -> str:
    """Grant a role on a project to a member such as user:someone@example.com."""
    _user_only(state, token)
    proj = _project(state, token, project_id)
    if role not in _ROLES:
        raise ValueError(f"unknown role {role!r}; valid roles: {', '.join(_ROLES)}")
    kind, _, email = member.partition(":")
    if kind not in ("user", "serviceAccount", "group") or "@" not in email:
        raise ValueError("member must look like user:EMAIL, serviceAccount:EMAIL or group:EMAIL")
    if kind == "serviceAccount" and email not in state.service_accounts:
        raise LookupError(f"service account {email} does not exist")
    holders = proj["iam"].setdefault(role, [])
    if member in holders:
        raise ValueError(f"{member} already has {role}")
    holders.append(member)
    return f"Granted {role} on {project_id} to {member}."


# ----------------------------------------------------------------------------- sql

def create_sql_instance(token: str, project_id: str, name: str, tier: DbTier, region: Region, state: CloudState) -> str:
    """Create a managed PostgreSQL instance."""
    proj = _project(state, token, project_id)
    _service_on(proj, "sql", project_id)
    t = _enum(DbTier, tier, "tier").value
    r = _enum(Region, region, "region").value
    iid = f"pg-{name}-{_h(project_id + name)}"
    if iid in state.sql_instances:
        raise CloudError("ALREADY_EXISTS", f"instance {name} exists")
    state.sql_instances[iid] = {"project": project_id, "tier": t, "region": r, "databases": ["postgres"]}
    return f"Instance {iid} is ready in {r} ({t})."


def create_database(token: str, instance_id: str, name: str, state: CloudState) -> dict:
    """Create a database in a SQL instance."""
    _principal(state, token)
    inst = state.sql_instances.get(instance_id)
    if inst is None:
        raise LookupError(f"SQL instance {instance_id} not found")
    _project(state, token, inst["project"])
    if name in inst["databases"]:
        raise ValueError(f"database {name} already exists")
    inst["databases"].append(name)
    return {"instance": instance_id, "database": name, "charset": "UTF8"}


# ----------------------------------------------------------------------------- dns

def normalize_domain(domain: str) -> str:
    """Lower-case a domain name and make it fully qualified (trailing dot)."""
    d = domain.strip().lower().rstrip(".")
    if not re.fullmatch(r"([a-z0-9-]+\.)+[a-z]{2,}", d):
        raise ValueError(f"{domain!r} is not a domain name")
    return d + "."


def create_dns_zone(token: str, project_id: str, dns_name: str, description: str, state: CloudState) -> dict:
    """Create a managed DNS zone for a domain."""
    proj = _project(state, token, project_id)
    _service_on(proj, "dns", project_id)
    if not dns_name.endswith(".") or dns_name != dns_name.lower():
        raise ValueError("dns_name must be a fully qualified lower-case name ending with '.'")
    zid = _next(state)
    state.dns_zones[zid] = {"project": project_id, "dns_name": dns_name, "description": description, "records": []}
    return {"id": zid, "dnsName": dns_name, "nameServers": ["ns-cloud-a1.nimbus.example.", "ns-cloud-a2.nimbus.example."]}


def add_dns_record(token: str, zone_id: int, name: str, record_type: Literal["A", "CNAME", "TXT", "MX"],
                   rrdatas: list[str], ttl: int = 300, state: CloudState = None) -> dict:
    """Add a record set to a zone. A records must point at addresses of the zone's project."""
    _principal(state, token)
    z = state.dns_zones.get(zone_id)
    if z is None:
        raise LookupError(f"managed zone {zone_id} not found")
    _project(state, token, z["project"])
    if not name.endswith(z["dns_name"]) or name != name.lower():
        raise ValueError(f"record name must be fully qualified inside {z['dns_name']}")
    if record_type not in ("A", "CNAME", "TXT", "MX"):
        raise ValueError(f"unsupported record type {record_type!r}")
    if not rrdatas:
        raise ValueError("rrdatas must not be empty")
    if record_type == "A":
        for ip in rrdatas:
            if state.addresses.get(ip) != z["project"]:
                raise CloudError("INVALID_ARGUMENT", f"{ip} is not an address of project {z['project']}")
    z["records"].append({"name": name, "type": record_type, "rrdatas": list(rrdatas), "ttl": ttl})
    return {"zone": zone_id, "rrset": {"name": name, "type": record_type, "rrdatas": list(rrdatas), "ttl": ttl}}


# ----------------------------------------------------------------------------- monitoring and logs

def create_notification_channel(token: str, project_id: str, email: str, state: CloudState) -> int:
    """Add an email notification channel to a project."""
    proj = _project(state, token, project_id)
    _service_on(proj, "monitoring", project_id)
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email):
        raise ValueError("not an email address")
    cid = 5000 + _next(state)
    state.channels[cid] = {"project": project_id, "email": email}
    return cid


def create_alert_policy(token: str, project_id: str, display_name: str,
                        metric: Literal["cpu_utilization", "disk_utilization", "uptime_check"],
                        threshold: float, channel_id: int, state: CloudState) -> dict:
    """Alert when a metric crosses a threshold (0-1 for utilization metrics)."""
    proj = _project(state, token, project_id)
    _service_on(proj, "monitoring", project_id)
    if metric not in ("cpu_utilization", "disk_utilization", "uptime_check"):
        raise ValueError(f"unknown metric {metric!r}")
    if metric != "uptime_check" and not 0 < threshold < 1:
        raise ValueError("utilization thresholds are fractions between 0 and 1")
    ch = state.channels.get(channel_id)
    if ch is None or ch["project"] != project_id:
        raise LookupError(f"notification channel {channel_id} not found in {project_id}")
    aid = f"alert-{_next(state)}"
    state.alert_policies[aid] = {"project": project_id, "name": display_name, "metric": metric,
                                 "threshold": threshold, "channel": channel_id}
    return {"name": f"projects/{project_id}/alertPolicies/{aid}", "enabled": True}


def to_rfc3339(date: str, time: str = "00:00") -> str:
    """Convert a date (DD/MM/YYYY) and a time (HH:MM, UTC) to an RFC 3339 timestamp."""
    m = re.fullmatch(r"(\d{2})/(\d{2})/(\d{4})", date.strip())
    if not m:
        raise ValueError("expected DD/MM/YYYY")
    t = re.fullmatch(r"([01]\d|2[0-3]):([0-5]\d)", time.strip())
    if not t:
        raise ValueError("expected HH:MM")
    d, mo, y = m.groups()
    if not (1 <= int(mo) <= 12 and 1 <= int(d) <= 31):
        raise ValueError("no such date")
    return f"{y}-{mo}-{d}T{t.group(1)}:{t.group(2)}:00Z"


def query_logs(token: str, project_id: str, since: str,
               severity: Literal["DEFAULT", "INFO", "WARNING", "ERROR"] = "DEFAULT", state: CloudState = None) -> list:
    """Log entries of a project since a time, at or above a severity. Rows: [timestamp, severity, resource, message]."""
    _project(state, token, project_id)
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", since):
        raise ValueError("since must be an RFC 3339 timestamp such as 2025-03-01T00:00:00Z")
    order = ["DEFAULT", "INFO", "WARNING", "ERROR"]
    if severity not in order:
        raise ValueError(f"unknown severity {severity!r}")
    return [row for row in state.logs.get(project_id, [])
            if row[0] >= since and order.index(row[1]) >= order.index(severity)]


def search_resources(token: str, name_contains: Optional[str] = None, kind: Optional[str] = None,
                     project_id: Optional[str] = None, state: CloudState = None) -> list:
    """Search projects, instances and buckets visible to the caller."""
    p = _principal(state, token)
    if name_contains is None and kind is None and project_id is None:
        raise ValueError("No search criteria")
    if kind is not None and kind not in ("project", "instance", "bucket"):
        raise ValueError(f"unknown kind {kind!r}; kinds: project, instance, bucket")
    rows = [{"kind": "project", "id": pid, "name": pr["name"], "project": pid} for pid, pr in state.projects.items()]
    rows += [{"kind": "instance", "id": vid, "name": v["name"], "project": v["project"]} for vid, v in state.vms.items()]
    rows += [{"kind": "bucket", "id": b, "name": b, "project": bb["project"]} for b, bb in state.buckets.items()]
    if p["kind"] == "sa":
        rows = [r for r in rows if r["project"] == p["project"]]
    q = (name_contains or "").lower()
    return [r for r in rows if (kind is None or r["kind"] == kind) and (project_id is None or r["project"] == project_id)
            and q in r["name"].lower()]


TOOLS = [
    sign_in, exchange_api_key,
    list_billing_accounts, create_project, list_projects, link_billing, enable_service,
    list_regions, list_zones, request_quota_increase,
    create_vm, list_vms, get_vm, stop_vm, start_vm, resize_vm, set_deletion_protection, delete_vm,
    create_disk, attach_disk, reserve_address,
    create_bucket, upload_object, set_public_access_prevention, make_object_public, set_bucket_encryption,
    create_key_ring, create_crypto_key,
    create_service_account, create_access_key, grant_role,
    create_sql_instance, create_database,
    normalize_domain, create_dns_zone, add_dns_record,
    create_notification_channel, create_alert_policy, to_rfc3339, query_logs, search_resources,
]

# What a tester is handed: the console account, the production project's id, what the team calls things.
FIXTURES = {
    "email": "dana@acme.io",
    "password": "Nimbus!2025",
    "project_id": "atlas-prod-2291",
    "sandbox_project_name": "Data Sandbox",
    "vm_name": "web-1",
    "domain": "acme-shop.com",
    "oncall_email": "oncall@acme.io",
    "incident_date": "02/03/2025",
}

_USER_ONLY = ["list_billing_accounts", "create_project", "link_billing", "create_service_account",
              "create_access_key", "grant_role"]
_ANY_TOKEN = ["list_projects", "enable_service", "request_quota_increase", "create_vm", "list_vms", "get_vm", "stop_vm",
              "start_vm", "resize_vm", "set_deletion_protection", "delete_vm", "create_disk", "attach_disk",
              "reserve_address", "create_bucket", "upload_object", "set_public_access_prevention", "make_object_public",
              "set_bucket_encryption", "create_key_ring", "create_crypto_key", "create_sql_instance", "create_database",
              "create_dns_zone", "add_dns_record", "create_notification_channel", "create_alert_policy", "query_logs",
              "search_resources"]
_VM_ID_USERS = ["get_vm", "stop_vm", "start_vm", "resize_vm", "set_deletion_protection", "delete_vm", "attach_disk"]

GROUND_TRUTH = (
    [("sign_in", c, "auth: user session token (service-account tokens are refused)") for c in _USER_ONLY]
    + [("sign_in|exchange_api_key", c, "auth: session token") for c in _ANY_TOKEN]
    + [("list_vms|search_resources|create_vm", c, "id lookup/create: vm_id (web-1 is known by name only)")
       for c in _VM_ID_USERS]
    + [
        ("sign_in", "exchange_api_key", "transitive: creating a service account and its key needs a user session"),
        ("create_service_account", "create_access_key", "create-before-use: service account email"),
        ("create_access_key", "exchange_api_key", "two values: key id and secret of the same key (nested)"),
        ("list_billing_accounts", "create_project", "id lookup: billing account id (JSON text reply)"),
        ("list_billing_accounts", "link_billing", "id lookup: billing account id (JSON text reply)"),
        ("list_projects|search_resources", "link_billing", "id lookup: the Data Sandbox project's id (rows)"),
        ("link_billing", "enable_service", "state: billing must be linked (Data Sandbox has none)"),
        ("enable_service", "create_bucket", "state: storage API must be enabled"),
        ("enable_service", "create_key_ring", "state: kms API must be enabled"),
        ("enable_service", "create_sql_instance", "state: sql API must be enabled"),
        ("enable_service", "create_dns_zone", "state: dns API must be enabled"),
        ("stop_vm", "start_vm", "state: instance must be stopped"),
        ("stop_vm", "resize_vm", "state: instance must be stopped"),
        ("set_deletion_protection", "delete_vm", "setting: deletion protection must be off (on for web-1)"),
        ("request_quota_increase", "create_vm", "setting: GPU quota is 0 until raised (a2-highgpu-1g)"),
        ("list_zones|get_vm", "create_vm", "id lookup: zone"),
        ("list_zones|get_vm", "create_disk", "id lookup: zone"),
        ("create_disk", "attach_disk", "create-before-use: disk id (bare string reply)"),
        ("get_vm", "attach_disk", "two values: the disk must be in the instance's zone"),
        ("reserve_address|get_vm", "add_dns_record", "id lookup: an address of the project (nested natIP or bare reply)"),
        ("create_dns_zone", "add_dns_record", "create-before-use: zone id (int)"),
        ("normalize_domain", "create_dns_zone", "format: fully qualified domain name"),
        ("normalize_domain", "add_dns_record", "format: fully qualified record name"),
        ("create_bucket", "upload_object", "create-before-use: bucket (no bucket exists)"),
        ("create_bucket", "set_public_access_prevention", "create-before-use: bucket"),
        ("create_bucket", "make_object_public", "create-before-use: bucket"),
        ("create_bucket", "set_bucket_encryption", "create-before-use: bucket"),
        ("upload_object", "make_object_public", "create-before-use: object"),
        ("set_public_access_prevention", "make_object_public", "setting: public access prevention must be lifted"),
        ("create_key_ring", "create_crypto_key", "create-before-use: key ring resource name (nested)"),
        ("create_crypto_key", "set_bucket_encryption", "create-before-use: key resource name (bare string reply)"),
        ("create_sql_instance", "create_database", "create-before-use: instance id inside a sentence"),
        ("create_notification_channel", "create_alert_policy", "create-before-use: channel id (bare int reply)"),
        ("to_rfc3339", "query_logs", "format: RFC 3339 timestamp (the user gives DD/MM/YYYY)"),
    ]
)

GROUND_TRUTH_VARIANTS = [
    ("create_project", "enable_service", "create-before-use: no project in a new organisation", "empty_org"),
    ("create_project", "create_service_account", "create-before-use: no project in a new organisation", "empty_org"),
    ("create_project", "list_vms", "create-before-use: no project in a new organisation", "empty_org"),
]

PLAUSIBLE = {
    ("create_vm", "list_vms"), ("create_vm", "search_resources"), ("create_project", "list_projects"),
    ("create_project", "search_resources"), ("create_bucket", "search_resources"), ("stop_vm", "list_vms"),
    ("stop_vm", "get_vm"), ("start_vm", "get_vm"), ("resize_vm", "get_vm"), ("set_deletion_protection", "get_vm"),
    ("attach_disk", "get_vm"), ("delete_vm", "list_vms"), ("list_regions", "list_zones"),
    ("list_regions", "create_bucket"), ("list_regions", "reserve_address"), ("list_regions", "create_key_ring"),
    ("list_regions", "request_quota_increase"), ("list_regions", "create_sql_instance"),
    ("create_service_account", "grant_role"), ("enable_service", "create_vm"), ("enable_service", "create_disk"),
    ("link_billing", "create_vm"), ("get_vm", "create_bucket"), ("get_vm", "reserve_address"),
    ("create_project", "link_billing"), ("list_projects", "enable_service"), ("search_resources", "enable_service"),
    ("create_vm", "add_dns_record"), ("start_vm", "add_dns_record"), ("delete_vm", "reserve_address"),
    ("stop_vm", "create_vm"), ("delete_vm", "create_vm"), ("stop_vm", "set_deletion_protection"),
    ("list_vms", "search_resources"), ("search_resources", "list_vms"),
}
