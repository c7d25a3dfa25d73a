"""Scripted proofs that Feedcast's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the runtime, which awaits the coroutines and reads a returned
JSend ``{"status": "fail"}`` or ``{"status": "error"}`` envelope as a refusal by its common
conventions).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Members
log in by first name (``("login", {...}, "nadia")``) and pass ``"$nadia.data.access_token"``;
replies are read through their JSend ``data`` (``"$create_show.data.show.show_id"``,
``"$list_shows.data.shows.1.show_id"``, ``"$list_episodes.data.episodes.0.episode_id"``,
``"$import_show.data.imported_episodes.0.episode_id"``, ``"$accept_invitation.data.member.member_id"``).
Lists are in the API's order: the shows as created (Night Shift Stories, The Allotment Hour,
Lantern Extras), episodes newest first, media as uploaded (unattached: the Switchboard master,
then Harbour Coffee's mid-roll). Every id is read from a reply; none is written literally.
"""

WHO = {"nadia": ("nadia@lanternaudio.fm", "Lantern-Owner-27"), "owen": ("owen@lanternaudio.fm", "Reel2Reel!"),
       "maya": ("maya.osei@example.com", "Edit-the-Night-9")}


def log(who: str) -> tuple:
    email, password = WHO[who]
    return ("login", {"email": email, "password": password}, who)


NADIA, OWEN = "$nadia.data.access_token", "$owen.data.access_token"
WILD = "https://feeds.oldhost.example/wild-swimming-diaries.xml"
ALLOT_ART = {"image_url": "https://cdn.feedcast.fm/art/allotment-hour-3000.png", "width_px": 3000, "height_px": 3000}


def show_of(provider: str, index: int = 0) -> tuple:
    """Steps giving a show id (listed: the index-th of Nadia's shows; created: 'Harbour Lights'; imported:
    Wild Swimming Diaries) and the reference to it."""
    if provider == "list_shows":
        return [("list_shows", {"access_token": NADIA})], f"$list_shows.data.shows.{index}.show_id"
    if provider == "create_show":
        return [("list_categories", {}),
                ("create_show", {"access_token": NADIA, "title": "Harbour Lights", "author": "Lantern Audio",
                                 "category": "$list_categories.data.categories.3.code"})], "$create_show.data.show.show_id"
    return [("import_show", {"access_token": NADIA, "rss_url": WILD})], "$import_show.data.show.show_id"


def on_show(provider: str, consumer: str) -> list:
    """Nadia works on a show given by ``provider``: Night Shift Stories when listed (The Allotment Hour for
    artwork and the directory), a new show, or the imported one."""
    index = 1 if consumer in ("set_show_artwork", "submit_to_directory", "set_show_visibility") else 0
    if consumer == "add_private_subscriber" and provider == "list_shows":
        index = 2
    steps, show = show_of(provider, index)
    steps = [log("nadia")] + steps
    tail = {
        "create_episode": [("create_episode", {"access_token": NADIA, "show_id": show, "title": "Trailer",
                                               "episode_type": "trailer"})],
        "list_episodes": [("list_episodes", {"access_token": NADIA, "show_id": show})],
        "set_show_artwork": [("set_show_artwork", {"access_token": NADIA, "show_id": show, **ALLOT_ART})],
        "get_downloads": [("get_downloads", {"access_token": NADIA, "show_id": show, "period": "30d"})],
        "update_show": [("update_show", {"access_token": NADIA, "show_id": show,
                                         "description": "Stories from the people who work while the city sleeps."})],
        "set_show_visibility": [("set_show_visibility", {"access_token": NADIA, "show_id": show,
                                                         "visibility": "unlisted"})],
        "invite_collaborator": [("invite_collaborator", {"access_token": NADIA, "show_id": show,
                                                         "email": "maya.osei@example.com", "role": "editor"})],
        "list_collaborators": [("list_collaborators", {"access_token": NADIA, "show_id": show})],
        "create_webhook": [("create_webhook", {"access_token": NADIA, "show_id": show,
                                               "url": "https://hooks.lanternaudio.fm/feedcast",
                                               "events": ["episode.published"]})],
        "add_private_subscriber": ([] if provider == "list_shows" else
                                   [("set_show_visibility", {"access_token": NADIA, "show_id": show,
                                                             "visibility": "private"})])
        + [("add_private_subscriber", {"access_token": NADIA, "show_id": show, "email": "sam.rivers@example.com"})],
    }
    if consumer in tail:
        return steps + tail[consumer]
    # submit_to_directory
    if provider == "list_shows":
        steps.append(("set_show_artwork", {"access_token": NADIA, "show_id": show, **ALLOT_ART}))
    elif provider == "create_show":
        steps += [("set_show_artwork", {"access_token": NADIA, "show_id": show,
                                        "image_url": "https://cdn.feedcast.fm/art/harbour-lights-1400.jpg",
                                        "width_px": 1400, "height_px": 1400}),
                  ("create_episode", {"access_token": NADIA, "show_id": show, "title": "The Harbour at Night"}),
                  ("upload_media", {"access_token": NADIA, "filename": "harbour_lights_e01.mp3",
                                    "duration_seconds": 1960, "size_bytes": 31360000}),
                  ("attach_media", {"access_token": NADIA, "episode_id": "$create_episode.data.episode.episode_id",
                                    "media_id": "$upload_media.data.media.media_id"}),
                  ("publish_episode", {"access_token": NADIA,
                                       "episode_id": "$create_episode.data.episode.episode_id"})]
    return steps + [("submit_to_directory", {"access_token": NADIA, "show_id": show, "directory": "spotify"})]


def episode(provider: str, consumer: str) -> list:
    """Owen works on a Night Shift episode: a new bonus episode with a freshly uploaded file
    (``create_episode``), or the Switchboard draft with its master from the media library
    (``list_episodes``; a published episode for unpublishing)."""
    steps = [log("owen"), ("list_shows", {"access_token": OWEN})]
    night = "$list_shows.data.shows.0.show_id"
    if provider == "create_episode":
        steps += [("create_episode", {"access_token": OWEN, "show_id": night, "title": "Night Shift Live",
                                      "episode_type": "bonus", "season": 2})]
        ep = "$create_episode.data.episode.episode_id"
        media = [("upload_media", {"access_token": OWEN, "filename": "nightshift_live_bonus.mp3",
                                   "duration_seconds": 1980, "size_bytes": 31680000})]
        mref = "$upload_media.data.media.media_id"
    else:
        status = "published" if consumer in ("unpublish_episode",) else "draft"
        steps += [("list_episodes", {"access_token": OWEN, "show_id": night, "status": status})]
        ep = "$list_episodes.data.episodes.0.episode_id"
        media = [("list_media", {"access_token": OWEN, "unattached_only": True})]
        mref = "$list_media.data.media.0.media_id"
        if consumer == "unpublish_episode":
            return steps + [("unpublish_episode", {"access_token": OWEN, "episode_id": ep})]
    simple = {
        "get_episode": [("get_episode", {"access_token": OWEN, "episode_id": ep})],
        "update_episode": [("update_episode", {"access_token": OWEN, "episode_id": ep,
                                               "description": "A night operator hears a voice she knows.",
                                               "number": 4 if provider == "list_episodes" else 5})],
        "delete_episode": [log("nadia"), ("delete_episode", {"access_token": NADIA, "episode_id": ep})],
    }
    if consumer in simple:
        return steps + simple[consumer]
    steps += media + [("attach_media", {"access_token": OWEN, "episode_id": ep, "media_id": mref})]
    tail = {
        "attach_media": [],
        "add_chapters": [("add_chapters", {"access_token": OWEN, "episode_id": ep,
                                           "chapters": ["00:00 Cold open", "03:10 The exchange", "31:45 Credits"]})],
        "request_transcript": [("request_transcript", {"access_token": OWEN, "episode_id": ep, "language": "en"})],
        "get_transcript": [("request_transcript", {"access_token": OWEN, "episode_id": ep, "language": "en"}),
                           ("get_transcript", {"access_token": OWEN, "output_format": "srt",
                                               "transcript_id": "$request_transcript.data.transcript_id"})],
        "publish_episode": [("publish_episode", {"access_token": OWEN, "episode_id": ep})],
        "schedule_episode": [("schedule_episode", {"access_token": OWEN, "episode_id": ep,
                                                   "publish_at": "2027-09-09T05:00:00Z"})],
        "add_ad_marker": [("add_ad_marker", {"access_token": OWEN, "episode_id": ep, "position": "mid",
                                             "offset_seconds": 1200})],
        "unpublish_episode": [("publish_episode", {"access_token": OWEN, "episode_id": ep}),
                              ("unpublish_episode", {"access_token": OWEN, "episode_id": ep})],
    }
    return steps + tail[consumer]


def taken_down() -> list:
    """Owen takes The Night Porter off the feed and Nadia deletes it."""
    return [log("owen"), ("list_shows", {"access_token": OWEN}),
            ("list_episodes", {"access_token": OWEN, "show_id": "$list_shows.data.shows.0.show_id",
                               "status": "published"}),
            ("unpublish_episode", {"access_token": OWEN, "episode_id": "$list_episodes.data.episodes.0.episode_id"}),
            log("nadia"), ("delete_episode", {"access_token": NADIA,
                                               "episode_id": "$list_episodes.data.episodes.0.episode_id"})]


def campaign(provider: str, upto: str, shows: str = "list_shows", creative: str = "list_media") -> list:
    """Nadia runs an ad campaign (Harbour Coffee's draft, or a new one for Greenway Bikes) with a mid-roll
    marker in The Night Porter (or a pre-roll in the first imported Wild Swimming episode)."""
    steps = [log("nadia")]
    if provider == "list_campaigns":
        steps.append(("list_campaigns", {"access_token": NADIA, "status": "draft"}))
        cid = "$list_campaigns.data.campaigns.0.campaign_id"
    else:
        steps.append(("create_campaign", {"access_token": NADIA, "advertiser": "Greenway Bikes", "cpm_usd": 18.0,
                                          "impressions_goal": 25000, "starts": "2027-09-13", "ends": "2027-11-30"}))
        cid = "$create_campaign.data.campaign.campaign_id"
    if creative == "list_media":
        steps.append(("list_media", {"access_token": NADIA, "unattached_only": True}))
        mref = "$list_media.data.media.1.media_id"
    else:
        steps.append(("upload_media", {"access_token": NADIA, "filename": "greenway_bikes_30s.mp3",
                                       "duration_seconds": 30, "size_bytes": 480000}))
        mref = "$upload_media.data.media.media_id"
    steps.append(("attach_ad_creative", {"access_token": NADIA, "campaign_id": cid, "media_id": mref}))
    if upto == "attach_ad_creative":
        return steps
    if shows == "list_shows":
        steps += [("list_shows", {"access_token": NADIA}),
                  ("list_episodes", {"access_token": NADIA, "show_id": "$list_shows.data.shows.0.show_id",
                                     "status": "published"}),
                  ("add_ad_marker", {"access_token": NADIA, "episode_id": "$list_episodes.data.episodes.0.episode_id",
                                     "position": "mid", "offset_seconds": 1200})]
        show = "$list_shows.data.shows.0.show_id"
    else:
        steps += [("import_show", {"access_token": NADIA, "rss_url": WILD}),
                  ("add_ad_marker", {"access_token": NADIA,
                                     "episode_id": "$import_show.data.imported_episodes.0.episode_id",
                                     "position": "pre"})]
        show = "$import_show.data.show.show_id"
    steps.append(("activate_campaign", {"access_token": NADIA, "campaign_id": cid, "show_ids": [show]}))
    if upto == "activate_campaign":
        return steps
    return steps + [("pause_campaign", {"access_token": NADIA, "campaign_id": cid})]


def team(upto: str) -> list:
    """Nadia invites Maya Osei to Night Shift Stories as an editor; Maya joins and logs in; Nadia
    removes her (or Harriet, from the listed team)."""
    steps = [log("nadia"), ("list_shows", {"access_token": NADIA})]
    night = "$list_shows.data.shows.0.show_id"
    if upto == "remove_listed":
        return steps + [("list_collaborators", {"access_token": NADIA, "show_id": night}),
                        ("remove_collaborator", {"access_token": NADIA, "show_id": night,
                                                 "member_id": "$list_collaborators.data.members.2.member_id"})]
    steps += [("invite_collaborator", {"access_token": NADIA, "show_id": night, "email": "maya.osei@example.com",
                                       "role": "editor"}),
              ("accept_invitation", {"invite_code": "$invite_collaborator.data.invitation.invite_code",
                                     "name": "Maya Osei", "password": "Edit-the-Night-9"})]
    if upto == "accept_invitation":
        return steps
    if upto == "login":
        return steps + [log("maya")]
    return steps + [("remove_collaborator", {"access_token": NADIA, "show_id": night,
                                             "member_id": "$accept_invitation.data.member.member_id"})]


PATRON = [log("nadia"), ("list_shows", {"access_token": NADIA}),
          ("add_private_subscriber", {"access_token": NADIA, "show_id": "$list_shows.data.shows.2.show_id",
                                      "email": "sam.rivers@example.com"}),
          ("revoke_subscriber", {"access_token": NADIA,
                                 "subscriber_id": "$add_private_subscriber.data.subscriber.subscriber_id"})]
ALLOT_PRIVATE = [log("nadia"), ("list_shows", {"access_token": NADIA}),
                 ("set_show_visibility", {"access_token": NADIA, "show_id": "$list_shows.data.shows.1.show_id",
                                          "visibility": "private"}),
                 ("add_private_subscriber", {"access_token": NADIA, "show_id": "$list_shows.data.shows.1.show_id",
                                             "email": "allotment.friend@example.com"})]
HOOK = on_show("list_shows", "create_webhook") + [
    ("delete_webhook", {"access_token": NADIA, "webhook_id": "$create_webhook.data.webhook.webhook_id"})]

_BODY = [("list_categories", "create_show", [log("nadia")] + show_of("create_show")[0])]
for _c in ["create_episode", "list_episodes", "set_show_artwork", "submit_to_directory", "get_downloads"]:
    for _p in ["create_show", "list_shows", "import_show"]:
        _BODY.append((_p, _c, on_show(_p, _c)))
for _c in ["update_show", "set_show_visibility", "invite_collaborator", "list_collaborators", "create_webhook",
           "add_private_subscriber"]:
    for _p in ["create_show", "list_shows"]:
        _BODY.append((_p, _c, on_show(_p, _c)))
for _c in ["get_episode", "update_episode", "attach_media", "add_chapters", "request_transcript", "publish_episode",
           "schedule_episode", "unpublish_episode", "add_ad_marker"]:
    for _p in ["create_episode", "list_episodes"]:
        _BODY.append((_p, _c, episode(_p, _c)))
_BODY += [
    ("create_episode", "delete_episode", episode("create_episode", "delete_episode")),
    ("list_episodes", "delete_episode", episode("list_episodes", "delete_episode")),
    ("upload_media", "attach_media", episode("create_episode", "attach_media")),
    ("list_media", "attach_media", episode("list_episodes", "attach_media")),
    ("upload_media", "attach_ad_creative", campaign("list_campaigns", "attach_ad_creative", creative="upload_media")),
    ("list_media", "attach_ad_creative", campaign("list_campaigns", "attach_ad_creative")),
    ("create_campaign", "attach_ad_creative", campaign("create_campaign", "attach_ad_creative", creative="upload_media")),
    ("list_campaigns", "attach_ad_creative", campaign("list_campaigns", "attach_ad_creative", creative="upload_media")),
    ("create_campaign", "activate_campaign", campaign("create_campaign", "activate_campaign")),
    ("list_campaigns", "activate_campaign", campaign("list_campaigns", "activate_campaign")),
    ("create_campaign", "pause_campaign", campaign("create_campaign", "pause_campaign")),
    ("list_campaigns", "pause_campaign", campaign("list_campaigns", "pause_campaign")),
]
for _c in ["add_chapters", "request_transcript", "publish_episode", "schedule_episode", "add_ad_marker"]:
    _BODY.append(("attach_media", _c, episode("create_episode", _c)))
_BODY += [
    ("publish_episode", "unpublish_episode", episode("create_episode", "unpublish_episode")),
    ("unpublish_episode", "delete_episode", taken_down()),
    ("set_show_artwork", "submit_to_directory", on_show("list_shows", "submit_to_directory")),
    ("publish_episode", "submit_to_directory", on_show("create_show", "submit_to_directory")),
    ("set_show_visibility", "add_private_subscriber", ALLOT_PRIVATE),
    ("add_private_subscriber", "revoke_subscriber", PATRON),
    ("request_transcript", "get_transcript", episode("create_episode", "get_transcript")),
    ("invite_collaborator", "accept_invitation", team("accept_invitation")),
    ("accept_invitation", "login", team("login")),
    ("accept_invitation", "remove_collaborator", team("remove_invited")),
    ("list_collaborators", "remove_collaborator", team("remove_listed")),
    ("list_shows", "remove_collaborator", team("remove_listed")),
    ("attach_ad_creative", "activate_campaign", campaign("list_campaigns", "activate_campaign")),
    ("add_ad_marker", "activate_campaign", campaign("list_campaigns", "activate_campaign")),
    ("list_shows", "activate_campaign", campaign("create_campaign", "activate_campaign", creative="upload_media")),
    ("import_show", "activate_campaign", campaign("list_campaigns", "activate_campaign", shows="import_show")),
    ("activate_campaign", "pause_campaign", campaign("list_campaigns", "pause_campaign")),
    ("create_webhook", "delete_webhook", HOOK),
]

# calls that are only ever providers get a short proof of their own for the session
_READS = {
    "list_shows": [log("owen"), ("list_shows", {"access_token": OWEN})],
    "import_show": [log("nadia"), ("import_show", {"access_token": NADIA, "rss_url": WILD})],
    "upload_media": [log("owen"), ("upload_media", {"access_token": OWEN, "filename": "allotment_e02.mp3",
                                                    "duration_seconds": 1690, "size_bytes": 27040000})],
    "list_media": [log("owen"), ("list_media", {"access_token": OWEN})],
    "create_campaign": campaign("create_campaign", "activate_campaign")[:2],
    "list_campaigns": [log("nadia"), ("list_campaigns", {"access_token": NADIA})],
}


def _auth_proofs() -> list:
    """A token proof for every call that needs one: the first path above that ends with it."""
    import feedcast_tools as tools

    out = [("login", "logout", [log("owen"), ("logout", {"access_token": OWEN})])]
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "login" and consumer != "logout":
            steps = _READS.get(consumer) or next(s for _, c, s in _BODY if c == consumer)
            out.append(("login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

_NIGHT_PUBLISHED = [log("owen"), ("list_shows", {"access_token": OWEN}),
                    ("list_episodes", {"access_token": OWEN, "show_id": "$list_shows.data.shows.0.show_id",
                                       "status": "published"})]

NON_PREREQUISITES = [
    # an optional filter: an episode id narrows the count, an unknown one only counts nothing
    ("list_episodes", _NIGHT_PUBLISHED + [
        ("get_downloads", {"access_token": OWEN, "show_id": "$list_shows.data.shows.0.show_id", "period": "7d",
                           "episode_id": "$list_episodes.data.episodes.0.episode_id"})]),
    # looking at the episode before publishing it changes nothing
    ("get_episode", episode("list_episodes", "publish_episode")[:-1] + [
        ("get_episode", {"access_token": OWEN, "episode_id": "$list_episodes.data.episodes.0.episode_id"}),
        episode("list_episodes", "publish_episode")[-1]]),
    # chapters are set against the audio, not the transcript
    ("get_transcript", episode("create_episode", "get_transcript") + [
        episode("create_episode", "add_chapters")[-1]]),
    # the team list is not needed to invite someone new
    ("list_collaborators", on_show("list_shows", "list_collaborators") + [
        on_show("list_shows", "invite_collaborator")[-1]]),
    # download figures are not needed to take an episode off the feed
    ("get_downloads", _NIGHT_PUBLISHED + [
        ("get_downloads", {"access_token": OWEN, "show_id": "$list_shows.data.shows.0.show_id"}),
        ("unpublish_episode", {"access_token": OWEN, "episode_id": "$list_episodes.data.episodes.0.episode_id"})]),
    # a marker goes into an episode whatever campaign is waiting
    ("list_campaigns", [log("nadia"), ("list_campaigns", {"access_token": NADIA, "status": "draft"}),
                        ("list_shows", {"access_token": NADIA}),
                        ("list_episodes", {"access_token": NADIA, "show_id": "$list_shows.data.shows.0.show_id",
                                           "status": "published"}),
                        ("add_ad_marker", {"access_token": NADIA,
                                           "episode_id": "$list_episodes.data.episodes.0.episode_id",
                                           "position": "post"})]),
]
