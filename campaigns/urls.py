"""Campaign pages: standings, battle reports, squads, characters, settings (issue #4). The
report PDF (``report_pdf``) is printing's, mounted in this namespace by ``config.urls``."""

from django.urls import path

from campaigns import views

app_name = "campaigns"

urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("new/", views.campaign_create, name="create"),
    path("join/", views.campaign_join, name="join"),
    path("waiting/", views.waiting_list, name="waiting"),
    path("join/<str:code>/", views.campaign_join, name="join_link"),
    path("<int:pk>/", views.campaign_detail, name="detail"),
    path("<int:pk>/settings/", views.campaign_settings, name="settings"),
    path("<int:pk>/pack/", views.campaign_pack, name="pack"),
    path("<int:pk>/house-rules/", views.house_rules, name="house_rules"),
    path("<int:pk>/invite/", views.invite_regenerate, name="invite_regenerate"),
    path("<int:pk>/enrol/", views.campaign_enrol, name="enrol"),
    path("<int:pk>/players/<int:player_pk>/remove/", views.player_remove, name="player_remove"),
    path("<int:pk>/battles/new/", views.battle_new, name="battle_new"),
    path("<int:pk>/battles/<int:number>/", views.battle_detail, name="battle"),
    path("<int:pk>/battles/<int:number>/confirm/", views.battle_confirm, name="battle_confirm"),
    path("<int:pk>/battles/<int:number>/reject/", views.battle_reject, name="battle_reject"),
    path("<int:pk>/battles/<int:number>/void/", views.battle_void, name="battle_void"),
    path(
        "<int:pk>/battles/<int:number>/aftermath/<int:member_pk>/",
        views.battle_aftermath,
        name="battle_aftermath",
    ),
    path("<int:pk>/battles/<int:number>/after/", views.after_battle, name="after_battle"),
    path("<int:pk>/rounds/", views.round_list, name="rounds"),
    path("<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<int:pk>/rounds/<int:number>/publish/", views.round_publish, name="round_publish"),
    path("<int:pk>/rounds/<int:number>/swap/", views.round_swap, name="round_swap"),
    path("<int:pk>/rounds/<int:number>/withdraw/", views.round_withdraw, name="round_withdraw"),
    path("<int:pk>/rounds/<int:number>/close/", views.round_close, name="round_close"),
    path("<int:pk>/rounds/<int:number>/challenge/", views.round_challenge, name="round_challenge"),
    path("<int:pk>/rounds/<int:number>/accept/", views.challenge_accept, name="challenge_accept"),
    path("<int:pk>/rounds/<int:number>/refuse/", views.challenge_refuse, name="challenge_refuse"),
    path("<int:pk>/rounds/<int:number>/crew/<int:entry_pk>/", views.round_crew, name="round_crew"),
    path("<int:pk>/rounds/<int:number>/scenario/", views.table_scenario, name="table_scenario"),
    path("<int:pk>/timeline/", views.campaign_timeline, name="timeline"),
    path("<int:pk>/timeline.atom", views.timeline_feed, name="timeline_feed"),
    path("<int:pk>/timeline/<str:token>.atom", views.timeline_feed, name="timeline_feed_token"),
    path("<int:pk>/squads/<int:entry_pk>/", views.entry_detail, name="entry"),
    path("<int:pk>/characters/<int:member_pk>/", views.character_detail, name="character"),
]
