"""Feedcast: a podcast hosting platform's API, as the Lantern Audio network uses it (39 calls).

Async handlers over an in-memory ``State`` on Thursday 2 September 2027. A member logs in for an
access token; shows are created, imported from another host's RSS feed, given artwork, made public,
private or unlisted; audio files are uploaded once and attached to episodes; episodes get chapters
and transcripts, are published now or scheduled, unpublished and deleted; public shows are
submitted to podcast directories; private shows have subscribers with their own feeds;
collaborators are invited and join; ad campaigns get a creative, markers in episodes and are
activated and paused; downloads are counted; webhooks report events.

Every reply is a JSend envelope: ``{"status": "success", "data": {...}}`` on success; a refusal
is *returned*, never raised, as ``{"status": "fail", "data": {<field>: <why>}}`` for a request the
API will not accept, or ``{"status": "error", "message": ...}`` for a token, permission or lookup
problem. Ids of every kind are six lowercase letters and digits, so a show id, an episode id and a
media id look alike. The directories a show can be submitted to and the events a webhook can
subscribe to are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import asyncio
import hashlib
from enum import Enum
from typing import Any, Literal

TODAY = "2027-09-02"
NOW = "2027-09-02T10:00:00Z"

EpisodeType = Literal["full", "trailer", "bonus"]
EpisodeStatus = Literal["draft", "scheduled", "published", "unpublished"]
MarkerPosition = Literal["pre", "mid", "post"]
MemberRole = Literal["admin", "editor", "analyst"]
Period = Literal["7d", "30d", "90d", "all"]
Language = Literal["en", "es", "fr", "de", "pt"]


class Visibility(str, Enum):
    """Who can hear a show."""

    PUBLIC = "public"
    UNLISTED = "unlisted"
    PRIVATE = "private"


_DIRECTORIES = ("apple_podcasts", "spotify", "amazon_music", "youtube_music", "pocket_casts", "podcast_index")
_EVENTS = ("episode.published", "episode.unpublished", "episode.scheduled", "transcript.completed",
           "download.milestone", "subscriber.added")
_CATEGORIES = [
    ("arts.books", "Arts > Books"), ("comedy", "Comedy"), ("education.how_to", "Education > How To"),
    ("fiction.drama", "Fiction > Drama"), ("fiction.horror", "Fiction > Horror"),
    ("home_garden", "Leisure > Home & Garden"), ("news.local", "News > Local"),
    ("society.documentary", "Society & Culture > Documentary"), ("sports.running", "Sports > Running"),
    ("true_crime", "True Crime"),
]
_IMPORTABLE = {
    "https://feeds.oldhost.example/wild-swimming-diaries.xml": {
        "title": "Wild Swimming Diaries", "author": "Bea Lindqvist", "category": "sports.running", "language": "en",
        "artwork": "https://img.oldhost.example/wsd-3000.jpg",
        "episodes": [("Cold Water, First Dip", 1820), ("The Lake at Dawn", 2210), ("Swimming Through Winter", 2475)],
    },
}


# --------------------------------------------------------------------------- helpers


def _ok(**data: Any) -> dict:
    return {"status": "success", "data": data}


def _fail(**why: str) -> dict:
    return {"status": "fail", "data": why}


def _error(message: str, code: int) -> dict:
    return {"status": "error", "message": message, "code": code}


def _id(state: State, kind: str) -> str:
    n = state.counters[kind]
    state.counters[kind] += 1
    digest = hashlib.sha1(f"{kind}:{n}".encode()).hexdigest()
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(alphabet[int(digest[i:i + 2], 16) % len(alphabet)] for i in range(0, 12, 2))


def _member(state: State, access_token: str, *roles: str) -> tuple[dict | None, dict | None]:
    email = state.tokens.get(access_token)
    if email is None:
        return None, _error("invalid or expired access token", 401)
    m = state.members[email]
    if roles and m["role"] not in roles:
        return None, _error(f"a {m['role']} cannot do this; it needs the {' or '.join(roles)} role", 403)
    return m, None


def _show(state: State, show_id: str) -> tuple[dict | None, dict | None]:
    s = state.shows.get(show_id)
    if s is None:
        return None, _error(f"show {show_id} not found", 404)
    return s, None


def _episode(state: State, episode_id: str) -> tuple[dict | None, dict | None]:
    e = state.episodes.get(episode_id)
    if e is None:
        return None, _error(f"episode {episode_id} not found", 404)
    return e, None


def _show_view(state: State, s: dict) -> dict:
    eps = [e for e in state.episodes.values() if e["show_id"] == s["show_id"]]
    return {"show_id": s["show_id"], "title": s["title"], "author": s["author"], "category": s["category"],
            "language": s["language"], "visibility": s["visibility"], "artwork_url": s["artwork_url"],
            "explicit": s["explicit"], "rss_url": f"https://feeds.feedcast.fm/{s['slug']}.xml",
            "episode_count": len(eps), "published_count": sum(1 for e in eps if e["status"] == "published")}


def _episode_view(state: State, e: dict) -> dict:
    media = state.media.get(e["media_id"]) if e["media_id"] else None
    return {"episode_id": e["episode_id"], "show_id": e["show_id"], "title": e["title"], "type": e["type"],
            "season": e["season"], "number": e["number"], "status": e["status"], "publish_at": e["publish_at"],
            "description": e["description"], "explicit": e["explicit"],
            "audio": None if media is None else {"media_id": media["media_id"], "filename": media["filename"],
                                                 "duration_seconds": media["duration"]},
            "chapters": list(e["chapters"]), "ad_markers": [dict(m) for m in e["markers"]]}


def _slug(title: str) -> str:
    return "-".join("".join(ch.lower() if ch.isalnum() else " " for ch in title).split())


# --------------------------------------------------------------------------- state


class State:
    """Lantern Audio's Feedcast account, Thursday 2 September 2027."""

    def __init__(self) -> None:
        self.counters = {"show": 1, "episode": 1, "media": 1, "token": 1, "invite": 1, "member": 1, "campaign": 1,
                         "marker": 1, "transcript": 1, "subscriber": 1, "webhook": 1, "listing": 1}
        self.members = {
            "nadia@lanternaudio.fm": {"member_id": "", "name": "Nadia Ferreira", "password": "Lantern-Owner-27",
                                      "role": "admin"},
            "owen@lanternaudio.fm": {"member_id": "", "name": "Owen Pike", "password": "Reel2Reel!", "role": "editor"},
            "harriet@lanternaudio.fm": {"member_id": "", "name": "Harriet Cole", "password": "CPM-sells-9",
                                        "role": "analyst"},
        }
        for m in self.members.values():
            m["member_id"] = _id(self, "member")
        self.tokens = {}
        self.shows = {}
        self.episodes = {}
        self.media = {}
        self.invitations = {}
        self.campaigns = {}
        self.transcripts = {}
        self.subscribers = {}
        self.webhooks = {}
        self.listings = []

        def show(title, author, category, visibility, artwork, members):
            sid = _id(self, "show")
            self.shows[sid] = {"show_id": sid, "title": title, "slug": _slug(title), "author": author,
                               "category": category, "language": "en", "visibility": visibility,
                               "artwork_url": artwork, "explicit": False, "members": list(members),
                               "description": ""}
            return sid

        def media(filename, duration):
            mid = _id(self, "media")
            self.media[mid] = {"media_id": mid, "filename": filename, "duration": duration,
                               "size": duration * 16000, "loudness_lufs": -16.0}
            return mid

        def episode(sid, title, number, status, filename, duration, downloads, publish_at=None):
            eid = _id(self, "episode")
            self.episodes[eid] = {"episode_id": eid, "show_id": sid, "title": title, "type": "full", "season": 2,
                                  "number": number, "status": status, "publish_at": publish_at,
                                  "description": "", "explicit": False,
                                  "media_id": media(filename, duration) if filename else None,
                                  "chapters": [], "markers": [], "downloads": downloads}
            return eid

        team = ["nadia@lanternaudio.fm", "owen@lanternaudio.fm", "harriet@lanternaudio.fm"]
        night = show("Night Shift Stories", "Lantern Audio", "fiction.drama", "public",
                     "https://cdn.feedcast.fm/art/night-shift-3000.jpg", team)
        allot = show("The Allotment Hour", "Lantern Audio", "home_garden", "public", None, team)
        extras = show("Lantern Extras", "Lantern Audio", "arts.books", "private",
                      "https://cdn.feedcast.fm/art/extras-1400.jpg", team[:2])
        episode(night, "The Lighthouse Keeper", 1, "published", "nightshift_s02e01.mp3", 2480, 5210,
                "2027-08-05T05:00:00Z")
        episode(night, "Last Bus to Holloway", 2, "published", "nightshift_s02e02.mp3", 2655, 4862,
                "2027-08-12T05:00:00Z")
        episode(night, "The Night Porter", 3, "published", "nightshift_s02e03.mp3", 2390, 3977,
                "2027-08-19T05:00:00Z")
        episode(night, "Switchboard", 4, "draft", None, 0, 0)
        episode(allot, "Saving Tomato Seed", 1, "published", "allotment_e01.mp3", 1750, 612, "2027-08-28T06:00:00Z")
        episode(extras, "Writing Night Shift: a commentary", 1, "published", "extras_e01.mp3", 3105, 188,
                "2027-08-20T12:00:00Z")
        media("nightshift_s02e04_final.mp3", 2545)
        media("harbourcoffee_midroll_45s.mp3", 45)
        self.listings = [{"show_id": night, "directory": "apple_podcasts", "status": "listed"},
                         {"show_id": night, "directory": "spotify", "status": "listed"}]
        for email in ("patron.one@example.com", "patron.two@example.com"):
            sub = _id(self, "subscriber")
            self.subscribers[sub] = {"subscriber_id": sub, "show_id": extras, "email": email, "active": True}
        cid = _id(self, "campaign")
        self.campaigns[cid] = {"campaign_id": cid, "advertiser": "Harbour Coffee Roasters", "cpm_usd": 22.0,
                               "impressions_goal": 40000, "starts": "2027-09-06", "ends": "2027-10-31",
                               "status": "draft", "creative": None, "show_ids": []}


# --------------------------------------------------------------------------- sessions


async def login(email: str, password: str, state: State = None) -> dict:
    """Log in to Feedcast.

    Args:
        email: The member's e-mail address.
        password: The member's password.

    Returns:
        ``data.access_token``, the bearer token every other call of the member takes, and
        ``data.member`` (id, name, role).
    """
    await asyncio.sleep(0)
    m = state.members.get(email.strip().lower())
    if m is None or m["password"] != password:
        return _error("wrong e-mail or password", 401)
    token = "fc_" + _id(state, "token") + _id(state, "token")
    state.tokens[token] = email.strip().lower()
    return _ok(access_token=token, token_type="bearer", expires_in=3600,
               member={"member_id": m["member_id"], "name": m["name"], "role": m["role"]})


async def logout(access_token: str, state: State = None) -> dict:
    """Revoke an access token.

    Args:
        access_token: The token from ``login``.

    Returns:
        ``data.revoked`` true.
    """
    m, err = _member(state, access_token)
    if err:
        return err
    del state.tokens[access_token]
    return _ok(revoked=True, member_id=m["member_id"])


# --------------------------------------------------------------------------- shows


async def list_categories(state: State = None) -> dict:
    """The podcast categories a show can be filed under.

    Returns:
        ``data.categories``: each with its ``code`` and display ``label``.
    """
    return _ok(categories=[{"code": c, "label": label} for c, label in _CATEGORIES])


async def list_shows(access_token: str, state: State = None) -> dict:
    """The shows the member works on.

    Args:
        access_token: The member's token.

    Returns:
        ``data.shows``: each show with its id, visibility, artwork and episode counts.
    """
    m, err = _member(state, access_token)
    if err:
        return err
    email = state.tokens[access_token]
    return _ok(shows=[_show_view(state, s) for s in state.shows.values() if email in s["members"]])


async def create_show(access_token: str, title: str, author: str, category: str, language: Language = "en",
                      explicit: bool = False, state: State = None) -> dict:
    """Create a new, empty show (admins).

    Args:
        access_token: An admin's token.
        title: The show's title.
        author: The author shown in podcast apps.
        category: The category code.
        language: The show's language.
        explicit: Whether the show carries an explicit-content flag.

    Returns:
        ``data.show``: the new show, public, without artwork.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    if category not in dict(_CATEGORIES):
        return _fail(category=f"unknown category {category!r}")
    if not title.strip() or not author.strip():
        return _fail(title="title and author are required")
    if any(s["title"].lower() == title.strip().lower() for s in state.shows.values()):
        return _fail(title=f"you already host a show called {title}")
    sid = _id(state, "show")
    state.shows[sid] = {"show_id": sid, "title": title.strip(), "slug": _slug(title), "author": author.strip(),
                        "category": category, "language": language, "visibility": "public", "artwork_url": None,
                        "explicit": explicit, "members": [e for e, x in state.members.items() if x["role"] == "admin"],
                        "description": ""}
    return _ok(show=_show_view(state, state.shows[sid]))


async def import_show(access_token: str, rss_url: str, state: State = None) -> dict:
    """Move a show to Feedcast from another host by its RSS feed, with its artwork and episodes (admins).

    Args:
        access_token: An admin's token.
        rss_url: The show's feed on the old host.

    Returns:
        ``data.show`` and ``data.imported_episodes`` (the episodes' ids and titles, published).
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    src = _IMPORTABLE.get(rss_url.strip())
    if src is None:
        return _fail(rss_url="the feed could not be fetched or is not a podcast RSS feed")
    if any(s["title"] == src["title"] for s in state.shows.values()):
        return _fail(rss_url=f"{src['title']} has already been imported")
    sid = _id(state, "show")
    state.shows[sid] = {"show_id": sid, "title": src["title"], "slug": _slug(src["title"]), "author": src["author"],
                        "category": src["category"], "language": src["language"], "visibility": "public",
                        "artwork_url": src["artwork"], "explicit": False,
                        "members": [e for e, x in state.members.items() if x["role"] == "admin"], "description": ""}
    imported = []
    for i, (title, duration) in enumerate(src["episodes"]):
        mid = _id(state, "media")
        state.media[mid] = {"media_id": mid, "filename": f"{_slug(title)}.mp3", "duration": duration,
                            "size": duration * 16000, "loudness_lufs": -16.0}
        eid = _id(state, "episode")
        state.episodes[eid] = {"episode_id": eid, "show_id": sid, "title": title, "type": "full", "season": None,
                               "number": i + 1, "status": "published", "publish_at": f"2027-0{i + 5}-01T06:00:00Z",
                               "description": "", "explicit": False, "media_id": mid, "chapters": [], "markers": [],
                               "downloads": 0}
        imported.append({"episode_id": eid, "title": title})
    return _ok(show=_show_view(state, state.shows[sid]), imported_episodes=imported)


async def update_show(access_token: str, show_id: str, title: str | None = None, description: str | None = None,
                      author: str | None = None, explicit: bool | None = None, state: State = None) -> dict:
    """Change a show's details (admins and editors).

    Args:
        access_token: The member's token.
        show_id: The show.
        title: A new title.
        description: A new show description.
        author: A new author name.
        explicit: The explicit-content flag.

    Returns:
        ``data.show`` as it now stands.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    changes = {k: v for k, v in (("title", title), ("description", description), ("author", author),
                                 ("explicit", explicit)) if v is not None and v != s[k]}
    if not changes:
        return _fail(show="nothing to update: the values given are the current ones")
    s.update(changes)
    return _ok(show=_show_view(state, s))


async def set_show_artwork(access_token: str, show_id: str, image_url: str, width_px: int, height_px: int,
                           state: State = None) -> dict:
    """Set a show's cover art: a square JPEG or PNG, 1400 to 3000 pixels a side.

    Args:
        access_token: The member's token.
        show_id: The show.
        image_url: Where the image is.
        width_px: Its width.
        height_px: Its height.

    Returns:
        ``data.show`` with its ``artwork_url``.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    if width_px != height_px or not 1400 <= width_px <= 3000:
        return _fail(image="cover art must be square, between 1400 and 3000 pixels a side")
    if not image_url.lower().endswith((".jpg", ".jpeg", ".png")):
        return _fail(image_url="use a JPEG or PNG image")
    if s["artwork_url"] == image_url:
        return _fail(image_url="that is already the show's artwork")
    s["artwork_url"] = image_url
    return _ok(show=_show_view(state, s))


async def set_show_visibility(access_token: str, show_id: str, visibility: Visibility, state: State = None) -> dict:
    """Make a show public, unlisted (a feed but no directories) or private (subscribers only) (admins).

    Args:
        access_token: An admin's token.
        show_id: The show.
        visibility: The new visibility.

    Returns:
        ``data.show`` with its visibility.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    v = Visibility(visibility).value
    if s["visibility"] == v:
        return _fail(visibility=f"the show is already {v}")
    s["visibility"] = v
    if v != "public":
        for listing in state.listings:
            if listing["show_id"] == show_id:
                listing["status"] = "removed"
    return _ok(show=_show_view(state, s))


# --------------------------------------------------------------------------- media and episodes


async def upload_media(access_token: str, filename: str, duration_seconds: int, size_bytes: int,
                       state: State = None) -> dict:
    """Upload an audio file (MP3 or M4A) to the account's media library.

    Args:
        access_token: The member's token.
        filename: The file's name.
        duration_seconds: Its length.
        size_bytes: Its size.

    Returns:
        ``data.media``: the new file's id, length and measured loudness.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    if not filename.lower().endswith((".mp3", ".m4a")):
        return _fail(filename="upload MP3 or M4A audio")
    if duration_seconds <= 0 or size_bytes <= 0:
        return _fail(file="the file is empty")
    if size_bytes > 500_000_000:
        return _fail(size_bytes="files are limited to 500 MB")
    mid = _id(state, "media")
    state.media[mid] = {"media_id": mid, "filename": filename, "duration": duration_seconds, "size": size_bytes,
                        "loudness_lufs": -16.0}
    return _ok(media={"media_id": mid, "filename": filename, "duration_seconds": duration_seconds,
                      "loudness_lufs": -16.0})


async def list_media(access_token: str, unattached_only: bool = False, state: State = None) -> dict:
    """The account's media library.

    Args:
        access_token: The member's token.
        unattached_only: Only files not yet attached to an episode.

    Returns:
        ``data.media``: each file's id, name, length and the episode it is attached to.
    """
    m, err = _member(state, access_token)
    if err:
        return err
    used = {e["media_id"]: e["episode_id"] for e in state.episodes.values() if e["media_id"]}
    used.update({c["creative"]: c["campaign_id"] for c in state.campaigns.values() if c["creative"]})
    return _ok(media=[{"media_id": x["media_id"], "filename": x["filename"], "duration_seconds": x["duration"],
                       "attached_to": used.get(x["media_id"])}
                      for x in state.media.values() if not (unattached_only and x["media_id"] in used)])


async def create_episode(access_token: str, show_id: str, title: str, episode_type: EpisodeType = "full",
                         season: int | None = None, number: int | None = None, state: State = None) -> dict:
    """Create a draft episode in a show.

    Args:
        access_token: The member's token.
        show_id: The show.
        title: The episode's title.
        episode_type: Full episode, trailer or bonus.
        season: The season number.
        number: The episode number within the season.

    Returns:
        ``data.episode``: the new draft, without audio.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    if not title.strip():
        return _fail(title="an episode needs a title")
    eid = _id(state, "episode")
    state.episodes[eid] = {"episode_id": eid, "show_id": show_id, "title": title.strip(), "type": episode_type,
                           "season": season, "number": number, "status": "draft", "publish_at": None,
                           "description": "", "explicit": s["explicit"], "media_id": None, "chapters": [],
                           "markers": [], "downloads": 0}
    return _ok(episode=_episode_view(state, state.episodes[eid]))


async def list_episodes(access_token: str, show_id: str, status: EpisodeStatus | None = None,
                        state: State = None) -> dict:
    """A show's episodes, newest first.

    Args:
        access_token: The member's token.
        show_id: The show.
        status: Only episodes in this status.

    Returns:
        ``data.episodes``: each episode's id, title, number, status and publish time.
    """
    m, err = _member(state, access_token)
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    eps = [e for e in state.episodes.values() if e["show_id"] == show_id and (status is None or e["status"] == status)]
    return _ok(episodes=[{"episode_id": e["episode_id"], "title": e["title"], "season": e["season"],
                          "number": e["number"], "status": e["status"], "publish_at": e["publish_at"],
                          "has_audio": e["media_id"] is not None} for e in reversed(eps)])


async def get_episode(access_token: str, episode_id: str, state: State = None) -> dict:
    """An episode in full: audio, chapters and ad markers.

    Args:
        access_token: The member's token.
        episode_id: The episode.

    Returns:
        ``data.episode``.
    """
    m, err = _member(state, access_token)
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    return _ok(episode=_episode_view(state, e))


async def update_episode(access_token: str, episode_id: str, title: str | None = None,
                         description: str | None = None, season: int | None = None, number: int | None = None,
                         explicit: bool | None = None, state: State = None) -> dict:
    """Change an episode's title, show notes, numbering or explicit flag.

    Args:
        access_token: The member's token.
        episode_id: The episode.
        title: A new title.
        description: The show notes.
        season: The season number.
        number: The episode number.
        explicit: The explicit-content flag.

    Returns:
        ``data.episode`` as it now stands.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    changes = {k: v for k, v in (("title", title), ("description", description), ("season", season),
                                 ("number", number), ("explicit", explicit)) if v is not None and v != e[k]}
    if not changes:
        return _fail(episode="nothing to update: the values given are the current ones")
    e.update(changes)
    return _ok(episode=_episode_view(state, e))


async def attach_media(access_token: str, episode_id: str, media_id: str, state: State = None) -> dict:
    """Attach an uploaded audio file to an episode (replacing any audio it had before publication).

    Args:
        access_token: The member's token.
        episode_id: The episode.
        media_id: The audio file.

    Returns:
        ``data.episode`` with its audio.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    x = state.media.get(media_id)
    if x is None:
        return _error(f"media {media_id} not found", 404)
    if e["status"] == "published":
        return _fail(episode="unpublish the episode before replacing its audio")
    if e["media_id"] == media_id:
        return _fail(media_id="that file is already the episode's audio")
    if any(o["media_id"] == media_id for o in state.episodes.values()):
        return _fail(media_id="that file is attached to another episode")
    e["media_id"] = media_id
    return _ok(episode=_episode_view(state, e))


async def add_chapters(access_token: str, episode_id: str, chapters: list[str], state: State = None) -> dict:
    """Set an episode's chapter marks, each written ``"mm:ss Title"`` (the first at 00:00).

    Args:
        access_token: The member's token.
        episode_id: An episode with audio.
        chapters: The chapters in order.

    Returns:
        ``data.chapters`` as stored.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    if not e["media_id"]:
        return _fail(episode="chapters are set against the audio: attach audio first")
    duration = state.media[e["media_id"]]["duration"]
    parsed = []
    for c in chapters:
        stamp, _, title = c.partition(" ")
        mm, _, ss = stamp.partition(":")
        if not (mm.isdigit() and ss.isdigit() and title.strip()):
            return _fail(chapters=f"write each chapter as 'mm:ss Title', not {c!r}")
        parsed.append((int(mm) * 60 + int(ss), title.strip()))
    if not parsed or parsed[0][0] != 0:
        return _fail(chapters="the first chapter starts at 00:00")
    if any(b[0] <= a[0] for a, b in zip(parsed, parsed[1:])) or parsed[-1][0] >= duration:
        return _fail(chapters=f"chapters must run in order within the audio's {duration} seconds")
    e["chapters"] = [f"{t // 60:02d}:{t % 60:02d} {title}" for t, title in parsed]
    return _ok(episode_id=episode_id, chapters=list(e["chapters"]))


async def request_transcript(access_token: str, episode_id: str, language: Language = "en",
                             state: State = None) -> dict:
    """Order a machine transcript of an episode's audio.

    Args:
        access_token: The member's token.
        episode_id: An episode with audio.
        language: The spoken language.

    Returns:
        ``data.transcript_id`` and the job's ``status``.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    if not e["media_id"]:
        return _fail(episode="there is no audio to transcribe yet")
    tid = _id(state, "transcript")
    words = state.media[e["media_id"]]["duration"] * 2
    state.transcripts[tid] = {"transcript_id": tid, "episode_id": episode_id, "language": language,
                              "status": "completed", "words": words}
    return _ok(transcript_id=tid, status="queued", estimated_seconds=90)


async def get_transcript(access_token: str, transcript_id: str, output_format: Literal["txt", "srt", "vtt"] = "txt",
                         state: State = None) -> dict:
    """Fetch a finished transcript.

    Args:
        access_token: The member's token.
        transcript_id: The transcript job.
        output_format: Plain text, or SubRip or WebVTT captions.

    Returns:
        ``data.transcript``: status, word count and download URL.
    """
    m, err = _member(state, access_token)
    if err:
        return err
    t = state.transcripts.get(transcript_id)
    if t is None:
        return _error(f"transcript {transcript_id} not found", 404)
    return _ok(transcript={"transcript_id": transcript_id, "episode_id": t["episode_id"], "status": t["status"],
                           "language": t["language"], "words": t["words"],
                           "url": f"https://cdn.feedcast.fm/transcripts/{transcript_id}.{output_format}"})


async def publish_episode(access_token: str, episode_id: str, state: State = None) -> dict:
    """Publish an episode to its show's feed now.

    Args:
        access_token: The member's token.
        episode_id: A draft, scheduled or unpublished episode with audio.

    Returns:
        ``data.episode``, published.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    if e["status"] == "published":
        return _fail(episode="the episode is already published")
    if not e["media_id"]:
        return _fail(episode="an episode needs audio before it can be published")
    e["status"], e["publish_at"] = "published", NOW
    return _ok(episode=_episode_view(state, e))


async def schedule_episode(access_token: str, episode_id: str, publish_at: str, state: State = None) -> dict:
    """Schedule an episode to publish later.

    Args:
        access_token: The member's token.
        episode_id: A draft or unpublished episode with audio.
        publish_at: ISO 8601 date and time, in UTC, after now.

    Returns:
        ``data.episode``, scheduled.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    if e["status"] == "published":
        return _fail(episode="the episode is already published")
    if not e["media_id"]:
        return _fail(episode="an episode needs audio before it can be scheduled")
    if publish_at <= NOW:
        return _fail(publish_at="schedule a time after now")
    e["status"], e["publish_at"] = "scheduled", publish_at
    return _ok(episode=_episode_view(state, e))


async def unpublish_episode(access_token: str, episode_id: str, state: State = None) -> dict:
    """Take a published or scheduled episode off the feed (it becomes ``unpublished``).

    Args:
        access_token: The member's token.
        episode_id: The episode.

    Returns:
        ``data.episode``.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    if e["status"] not in ("published", "scheduled"):
        return _fail(episode=f"the episode is {e['status']}, not on the feed")
    e["status"] = "unpublished"
    return _ok(episode=_episode_view(state, e))


async def delete_episode(access_token: str, episode_id: str, state: State = None) -> dict:
    """Delete an episode that is not on the feed (admins).

    Args:
        access_token: An admin's token.
        episode_id: A draft or unpublished episode.

    Returns:
        ``data.deleted`` true.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    if e["status"] in ("published", "scheduled"):
        return _fail(episode="unpublish the episode before deleting it")
    del state.episodes[episode_id]
    return _ok(deleted=True, episode_id=episode_id)


async def submit_to_directory(access_token: str, show_id: str, directory: str, state: State = None) -> dict:
    """Submit a public show's feed to a podcast directory (admins).

    Args:
        access_token: An admin's token.
        show_id: A public show with artwork and at least one published episode.
        directory: The directory.

    Returns:
        ``data.listing``: the submission and its status.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    if directory not in _DIRECTORIES:
        return _fail(directory=f"unknown directory {directory!r}; Feedcast submits to {', '.join(_DIRECTORIES)}")
    if s["visibility"] != "public":
        return _fail(show=f"the show is {s['visibility']}; only public shows can be listed")
    if not s["artwork_url"]:
        return _fail(show="directories need cover art: set the show's artwork first")
    if not any(e["show_id"] == show_id and e["status"] == "published" for e in state.episodes.values()):
        return _fail(show="directories reject a feed with no published episode")
    if any(x["show_id"] == show_id and x["directory"] == directory and x["status"] != "removed"
           for x in state.listings):
        return _fail(directory=f"the show is already submitted to {directory}")
    listing = {"listing_id": _id(state, "listing"), "show_id": show_id, "directory": directory, "status": "submitted"}
    state.listings.append(listing)
    return _ok(listing=dict(listing))


# --------------------------------------------------------------------------- team


async def invite_collaborator(access_token: str, show_id: str, email: str, role: MemberRole,
                              state: State = None) -> dict:
    """Invite someone to work on a show (admins).

    Args:
        access_token: An admin's token.
        show_id: The show.
        email: The invitee's e-mail address.
        role: What they may do.

    Returns:
        ``data.invitation`` with the ``invite_code`` e-mailed to them.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    email = email.strip().lower()
    if "@" not in email:
        return _fail(email="not an e-mail address")
    if email in s["members"]:
        return _fail(email=f"{email} already works on {s['title']}")
    code = _id(state, "invite") + _id(state, "invite")
    state.invitations[code] = {"invite_code": code, "show_id": show_id, "email": email, "role": role,
                               "status": "pending"}
    return _ok(invitation={"invite_code": code, "show_id": show_id, "email": email, "role": role,
                           "expires": "2027-09-09"})


async def accept_invitation(invite_code: str, name: str, password: str, state: State = None) -> dict:
    """Accept an invitation, creating the invitee's Feedcast login if they have none.

    Args:
        invite_code: The code from the invitation e-mail.
        name: The invitee's name.
        password: A password of at least 10 characters.

    Returns:
        ``data.member``: the new collaborator's member id, e-mail and role.
    """
    inv = state.invitations.get(invite_code)
    if inv is None or inv["status"] != "pending":
        return _error("this invitation is not valid", 404)
    if len(password) < 10:
        return _fail(password="use at least 10 characters")
    m = state.members.get(inv["email"])
    if m is None:
        m = {"member_id": _id(state, "member"), "name": name.strip(), "password": password, "role": inv["role"]}
        state.members[inv["email"]] = m
    state.shows[inv["show_id"]]["members"].append(inv["email"])
    inv["status"] = "accepted"
    return _ok(member={"member_id": m["member_id"], "email": inv["email"], "name": m["name"], "role": m["role"],
                       "show_id": inv["show_id"]})


async def list_collaborators(access_token: str, show_id: str, state: State = None) -> dict:
    """Who works on a show, and invitations still pending.

    Args:
        access_token: The member's token.
        show_id: The show.

    Returns:
        ``data.members`` (member id, name, e-mail, role) and ``data.pending`` (e-mail addresses).
    """
    m, err = _member(state, access_token)
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    return _ok(members=[{"member_id": state.members[e]["member_id"], "name": state.members[e]["name"], "email": e,
                         "role": state.members[e]["role"]} for e in s["members"]],
               pending=[i["email"] for i in state.invitations.values()
                        if i["show_id"] == show_id and i["status"] == "pending"])


async def remove_collaborator(access_token: str, show_id: str, member_id: str, state: State = None) -> dict:
    """Take someone off a show (admins; an admin cannot remove themself).

    Args:
        access_token: An admin's token.
        show_id: The show.
        member_id: The collaborator's member id.

    Returns:
        ``data.removed``: the e-mail address removed.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    email = next((e for e in s["members"] if state.members[e]["member_id"] == member_id), None)
    if email is None:
        return _error(f"member {member_id} does not work on {s['title']}", 404)
    if email == state.tokens[access_token]:
        return _fail(member_id="you cannot remove yourself")
    s["members"].remove(email)
    return _ok(removed=email, show_id=show_id)


async def add_private_subscriber(access_token: str, show_id: str, email: str, state: State = None) -> dict:
    """Give someone their own feed of a private show (admins).

    Args:
        access_token: An admin's token.
        show_id: A private show.
        email: The subscriber's e-mail address.

    Returns:
        ``data.subscriber``: the subscriber id and their personal feed URL.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    if s["visibility"] != "private":
        return _fail(show=f"{s['title']} is {s['visibility']}; subscribers are for private shows")
    email = email.strip().lower()
    if any(x["show_id"] == show_id and x["email"] == email and x["active"] for x in state.subscribers.values()):
        return _fail(email=f"{email} already subscribes")
    sub = _id(state, "subscriber")
    state.subscribers[sub] = {"subscriber_id": sub, "show_id": show_id, "email": email, "active": True}
    return _ok(subscriber={"subscriber_id": sub, "email": email,
                           "feed_url": f"https://feeds.feedcast.fm/p/{s['slug']}/{sub}.xml"})


async def revoke_subscriber(access_token: str, subscriber_id: str, state: State = None) -> dict:
    """Cut off a private subscriber's feed (admins).

    Args:
        access_token: An admin's token.
        subscriber_id: The subscriber.

    Returns:
        ``data.revoked``: the subscriber's e-mail address.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    x = state.subscribers.get(subscriber_id)
    if x is None:
        return _error(f"subscriber {subscriber_id} not found", 404)
    if not x["active"]:
        return _fail(subscriber_id="that feed is already revoked")
    x["active"] = False
    return _ok(revoked=x["email"], subscriber_id=subscriber_id)


# --------------------------------------------------------------------------- advertising


async def create_campaign(access_token: str, advertiser: str, cpm_usd: float, impressions_goal: int, starts: str,
                          ends: str, state: State = None) -> dict:
    """Create a dynamically inserted ad campaign, as a draft (admins).

    Args:
        access_token: An admin's token.
        advertiser: The advertiser's name.
        cpm_usd: Price per thousand impressions, in US dollars.
        impressions_goal: Impressions booked.
        starts: ISO start date.
        ends: ISO end date.

    Returns:
        ``data.campaign``: the draft campaign.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    if cpm_usd <= 0 or impressions_goal <= 0:
        return _fail(campaign="CPM and impressions must be positive")
    if not TODAY <= starts < ends:
        return _fail(dates="the campaign must start today or later and end after it starts")
    cid = _id(state, "campaign")
    state.campaigns[cid] = {"campaign_id": cid, "advertiser": advertiser.strip(), "cpm_usd": cpm_usd,
                            "impressions_goal": impressions_goal, "starts": starts, "ends": ends, "status": "draft",
                            "creative": None, "show_ids": []}
    return _ok(campaign={k: v for k, v in state.campaigns[cid].items()})


async def list_campaigns(access_token: str, status: Literal["draft", "active", "paused", "ended"] | None = None,
                         state: State = None) -> dict:
    """The account's ad campaigns.

    Args:
        access_token: The member's token.
        status: Only campaigns in this status.

    Returns:
        ``data.campaigns``.
    """
    m, err = _member(state, access_token)
    if err:
        return err
    return _ok(campaigns=[dict(c, show_ids=list(c["show_ids"])) for c in state.campaigns.values()
                          if status is None or c["status"] == status])


async def attach_ad_creative(access_token: str, campaign_id: str, media_id: str, state: State = None) -> dict:
    """Use an uploaded audio file, at most 90 seconds long, as a campaign's ad.

    Args:
        access_token: An admin's token.
        campaign_id: The campaign.
        media_id: The ad's audio file.

    Returns:
        ``data.campaign`` with its creative.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    c = state.campaigns.get(campaign_id)
    if c is None:
        return _error(f"campaign {campaign_id} not found", 404)
    x = state.media.get(media_id)
    if x is None:
        return _error(f"media {media_id} not found", 404)
    if x["duration"] > 90:
        return _fail(media_id="an ad creative can be at most 90 seconds long")
    if c["creative"] == media_id:
        return _fail(media_id="that file is already the campaign's creative")
    c["creative"] = media_id
    return _ok(campaign=dict(c, show_ids=list(c["show_ids"])))


async def add_ad_marker(access_token: str, episode_id: str, position: MarkerPosition, offset_seconds: int | None = None,
                        state: State = None) -> dict:
    """Mark where in an episode's audio ads may be inserted (mid-rolls need an offset).

    Args:
        access_token: The member's token.
        episode_id: An episode with audio.
        position: Pre-roll, mid-roll or post-roll.
        offset_seconds: For a mid-roll, where in the audio it goes.

    Returns:
        ``data.marker``: the marker id and where it sits.
    """
    m, err = _member(state, access_token, "admin", "editor")
    if err:
        return err
    e, err = _episode(state, episode_id)
    if err:
        return err
    if not e["media_id"]:
        return _fail(episode="ad markers are placed in the audio: attach audio first")
    duration = state.media[e["media_id"]]["duration"]
    if position == "mid" and (offset_seconds is None or not 0 < offset_seconds < duration):
        return _fail(offset_seconds=f"a mid-roll needs an offset inside the audio's {duration} seconds")
    at = {"pre": 0, "post": duration}.get(position, offset_seconds)
    if any(x["at"] == at for x in e["markers"]):
        return _fail(position="there is already a marker there")
    marker = {"marker_id": _id(state, "marker"), "position": position, "at": at}
    e["markers"].append(marker)
    return _ok(marker=dict(marker, episode_id=episode_id))


async def activate_campaign(access_token: str, campaign_id: str, show_ids: list[str], state: State = None) -> dict:
    """Start a campaign on shows whose published episodes carry ad markers (admins).

    Args:
        access_token: An admin's token.
        campaign_id: A draft or paused campaign with a creative.
        show_ids: The shows to run it on.

    Returns:
        ``data.campaign``, active.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    c = state.campaigns.get(campaign_id)
    if c is None:
        return _error(f"campaign {campaign_id} not found", 404)
    if c["status"] == "active":
        return _fail(campaign="the campaign is already active")
    if not c["creative"]:
        return _fail(campaign="attach the ad creative first")
    if not show_ids:
        return _fail(show_ids="name at least one show")
    for sid in show_ids:
        s, err = _show(state, sid)
        if err:
            return err
        if not any(e["show_id"] == sid and e["status"] == "published" and e["markers"] for e in state.episodes.values()):
            return _fail(show_ids=f"{s['title']} has no published episode with an ad marker")
    c["status"], c["show_ids"] = "active", list(show_ids)
    return _ok(campaign=dict(c, show_ids=list(c["show_ids"])))


async def pause_campaign(access_token: str, campaign_id: str, state: State = None) -> dict:
    """Pause an active campaign (admins).

    Args:
        access_token: An admin's token.
        campaign_id: The campaign.

    Returns:
        ``data.campaign``, paused.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    c = state.campaigns.get(campaign_id)
    if c is None:
        return _error(f"campaign {campaign_id} not found", 404)
    if c["status"] != "active":
        return _fail(campaign=f"the campaign is {c['status']}, not active")
    c["status"] = "paused"
    return _ok(campaign=dict(c, show_ids=list(c["show_ids"])))


# --------------------------------------------------------------------------- analytics and webhooks


async def get_downloads(access_token: str, show_id: str, period: Period = "30d", episode_id: str | None = None,
                        state: State = None) -> dict:
    """Download counts for a show, or one of its episodes.

    Args:
        access_token: The member's token.
        show_id: The show.
        period: The window counted back from today.
        episode_id: Only this episode (an unknown id counts nothing).

    Returns:
        ``data.downloads`` (a total) and ``data.by_episode`` (episode id, title, downloads).
    """
    m, err = _member(state, access_token)
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    share = {"7d": 0.25, "30d": 0.8, "90d": 1.0, "all": 1.0}[period]
    rows = [{"episode_id": e["episode_id"], "title": e["title"], "downloads": int(e["downloads"] * share)}
            for e in state.episodes.values() if e["show_id"] == show_id and e["status"] == "published"
            and (episode_id is None or e["episode_id"] == episode_id)]
    return _ok(show_id=show_id, period=period, downloads=sum(r["downloads"] for r in rows), by_episode=rows)


async def create_webhook(access_token: str, show_id: str, url: str, events: list[str], state: State = None) -> dict:
    """Have Feedcast POST a show's events to a URL (admins).

    Args:
        access_token: An admin's token.
        show_id: The show.
        url: An https URL.
        events: The events to send.

    Returns:
        ``data.webhook``: its id and signing secret.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    s, err = _show(state, show_id)
    if err:
        return err
    if not url.startswith("https://"):
        return _fail(url="webhooks are sent to https URLs only")
    bad = [e for e in events if e not in _EVENTS]
    if bad or not events:
        return _fail(events=f"unknown events {bad}; use any of {', '.join(_EVENTS)}")
    wid = _id(state, "webhook")
    state.webhooks[wid] = {"webhook_id": wid, "show_id": show_id, "url": url, "events": list(events)}
    return _ok(webhook={"webhook_id": wid, "show_id": show_id, "url": url, "events": list(events),
                        "secret": "whsec_" + wid + wid})


async def delete_webhook(access_token: str, webhook_id: str, state: State = None) -> dict:
    """Stop a webhook (admins).

    Args:
        access_token: An admin's token.
        webhook_id: The webhook.

    Returns:
        ``data.deleted`` true.
    """
    m, err = _member(state, access_token, "admin")
    if err:
        return err
    if state.webhooks.pop(webhook_id, None) is None:
        return _error(f"webhook {webhook_id} not found", 404)
    return _ok(deleted=True, webhook_id=webhook_id)


TOOLS = [
    login, logout,
    list_categories, list_shows, create_show, import_show, update_show, set_show_artwork, set_show_visibility,
    upload_media, list_media,
    create_episode, list_episodes, get_episode, update_episode, attach_media, add_chapters, request_transcript,
    get_transcript, publish_episode, schedule_episode, unpublish_episode, delete_episode,
    submit_to_directory,
    invite_collaborator, accept_invitation, list_collaborators, remove_collaborator,
    add_private_subscriber, revoke_subscriber,
    create_campaign, list_campaigns, attach_ad_creative, add_ad_marker, activate_campaign, pause_campaign,
    get_downloads, create_webhook, delete_webhook,
]

FIXTURES = {
    "network": {"name": "Lantern Audio", "host": "Feedcast", "today": "Thursday 2 September 2027"},
    "team": [
        {"name": "Nadia Ferreira", "role": "owner (admin)", "email": "nadia@lanternaudio.fm",
         "password": "Lantern-Owner-27"},
        {"name": "Owen Pike", "role": "producer (editor)", "email": "owen@lanternaudio.fm", "password": "Reel2Reel!"},
        {"name": "Harriet Cole", "role": "ad sales (analyst)", "email": "harriet@lanternaudio.fm",
         "password": "CPM-sells-9"},
    ],
    "shows": ["Night Shift Stories (season 2, weekly fiction)", "The Allotment Hour (gardening)",
              "Lantern Extras (private, for patrons)"],
    "this_week": [
        "Night Shift season 2 episode 4, 'Switchboard', is mixed: nightshift_s02e04_final.mp3 is already uploaded",
        "Harbour Coffee Roasters' 45-second mid-roll read is uploaded and their campaign is waiting",
        "Bea Lindqvist is moving Wild Swimming Diaries to Lantern from "
        "https://feeds.oldhost.example/wild-swimming-diaries.xml",
        "new Allotment Hour artwork: https://cdn.feedcast.fm/art/allotment-hour-3000.png, 3000 x 3000",
        "Maya Osei (maya.osei@example.com) joins as a freelance editor",
        "a new patron for Lantern Extras: sam.rivers@example.com",
    ],
}

_TOKEN = "auth: access token (data.access_token)"
_SHOW = "id lookup/create: show id (data.show.show_id of a new or imported show, or data.shows[i].show_id)"
_EPISODE = "id lookup/create: episode id (data.episode.episode_id of a new episode, or data.episodes[i].episode_id)"
_MEDIA = "id lookup/create: media id (data.media.media_id of an upload, or data.media[i].media_id)"
_CAMPAIGN = "id lookup/create: campaign id (data.campaign.campaign_id, or data.campaigns[i].campaign_id)"
_AUDIO = "state: audio attached to the episode"

_SIGNED_IN = [
    "logout", "list_shows", "create_show", "import_show", "update_show", "set_show_artwork", "set_show_visibility",
    "upload_media", "list_media", "create_episode", "list_episodes", "get_episode", "update_episode", "attach_media",
    "add_chapters", "request_transcript", "get_transcript", "publish_episode", "schedule_episode",
    "unpublish_episode", "delete_episode", "submit_to_directory", "invite_collaborator", "list_collaborators",
    "remove_collaborator", "add_private_subscriber", "revoke_subscriber", "create_campaign", "list_campaigns",
    "attach_ad_creative", "add_ad_marker", "activate_campaign", "pause_campaign", "get_downloads",
    "create_webhook", "delete_webhook",
]

GROUND_TRUTH = (
    [("login", c, _TOKEN) for c in _SIGNED_IN]
    + [("create_show|list_shows|import_show", c, _SHOW) for c in [
        "create_episode", "list_episodes", "set_show_artwork", "submit_to_directory", "get_downloads"]]
    + [("create_show|list_shows", c, _SHOW) for c in [
        "update_show", "set_show_visibility", "invite_collaborator", "list_collaborators", "create_webhook"]]
    + [("create_episode|list_episodes", c, _EPISODE) for c in [
        "get_episode", "update_episode", "attach_media", "add_chapters", "request_transcript", "publish_episode",
        "schedule_episode", "unpublish_episode", "delete_episode", "add_ad_marker"]]
    + [("upload_media|list_media", c, _MEDIA) for c in ["attach_media", "attach_ad_creative"]]
    + [("create_campaign|list_campaigns", c, _CAMPAIGN) for c in ["attach_ad_creative", "activate_campaign",
                                                                  "pause_campaign"]]
    + [("attach_media", c, _AUDIO) for c in ["add_chapters", "request_transcript", "publish_episode",
                                             "schedule_episode", "add_ad_marker"]]
    + [
        ("list_categories", "create_show", "vocabulary: category code (data.categories[i].code)"),
        ("publish_episode", "unpublish_episode", "state: the episode on the feed"),
        ("unpublish_episode", "delete_episode", "state: a published episode taken off the feed first"),
        ("set_show_artwork", "submit_to_directory", "state: the show has cover art"),
        ("publish_episode", "submit_to_directory", "state: the show has a published episode"),
        ("set_show_visibility", "add_private_subscriber", "state: the show made private"),
        ("create_show|list_shows", "add_private_subscriber", _SHOW),
        ("add_private_subscriber", "revoke_subscriber", "id create: subscriber id (data.subscriber.subscriber_id)"),
        ("request_transcript", "get_transcript", "id create: transcript id (data.transcript_id)"),
        ("invite_collaborator", "accept_invitation", "id create: invite code (data.invitation.invite_code)"),
        ("accept_invitation", "login", "state: the invitee's login created"),
        ("accept_invitation|list_collaborators", "remove_collaborator",
         "id lookup/create: member id (data.member.member_id, or data.members[i].member_id)"),
        ("list_shows", "remove_collaborator", "id lookup: show id (data.shows[i].show_id)"),
        ("attach_ad_creative", "activate_campaign", "state: the campaign has its creative"),
        ("add_ad_marker", "activate_campaign", "state: a published episode of the show carries an ad marker"),
        ("list_shows|import_show", "activate_campaign", "id lookup/create: show ids (data.shows[i].show_id)"),
        ("activate_campaign", "pause_campaign", "state: the campaign active"),
        ("create_webhook", "delete_webhook", "id create: webhook id (data.webhook.webhook_id)"),
    ]
)

PLAUSIBLE = {
    ("list_episodes", "get_downloads"), ("create_episode", "get_downloads"), ("get_episode", "publish_episode"),
    ("get_episode", "add_chapters"), ("get_episode", "add_ad_marker"),
    ("list_categories", "update_show"), ("list_shows", "get_episode"),
    ("import_show", "get_episode"), ("import_show", "update_show"), ("import_show", "invite_collaborator"),
    ("import_show", "set_show_visibility"), ("import_show", "list_collaborators"), ("import_show", "create_webhook"),
    ("import_show", "add_private_subscriber"), ("import_show", "add_ad_marker"), ("import_show", "publish_episode"),
    ("list_collaborators", "invite_collaborator"), ("publish_episode", "get_downloads"),
    ("schedule_episode", "unpublish_episode"), ("schedule_episode", "submit_to_directory"),
    ("get_episode", "unpublish_episode"), ("create_show", "activate_campaign"),
    ("get_transcript", "add_chapters"), ("upload_media", "publish_episode"), ("list_media", "publish_episode"),
    ("get_episode", "attach_media"), ("list_shows", "delete_webhook"), ("create_show", "remove_collaborator"),
    ("list_shows", "revoke_subscriber"), ("list_campaigns", "add_ad_marker"),
}
