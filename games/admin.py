from django.contrib import admin
from django.http import HttpRequest

from games.models import Change, Game, Hand, Player, Round, Seat, Steal


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "kind", "decks", "created_at", "finished_at", "version"]
    list_filter = ["kind", "finished_at"]
    search_fields = ["note", "players__name"]
    inlines = [SeatInline]


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0


class StealInline(admin.TabularInline):
    model = Steal
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "game", "number", "updated_at"]
    list_select_related = ["game"]
    inlines = [HandInline, StealInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["__str__", "game", "position"]
    list_select_related = ["game", "player"]


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round"]
    list_select_related = ["round__game", "seat__player"]


@admin.register(Steal)
class StealAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "order"]
    list_select_related = ["round__game", "thief__player", "victim__player"]


@admin.register(Change)
class ChangeAdmin(admin.ModelAdmin):
    """The history is append-only: it can be read here, not edited."""

    list_display = ["__str__", "game", "at"]
    list_filter = ["action"]
    list_select_related = ["game"]

    def has_change_permission(self, request: HttpRequest, obj: Change | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Change | None = None) -> bool:
        return False
