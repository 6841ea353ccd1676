from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from games.models import Change, Game, GameQuerySet, Hand, Player, Round, Seat, Steal


class TouchesGames(admin.ModelAdmin):
    """An admin edit changes what phones and printed sheets have seen: every game it
    touches gets a new version, so stale forms are refused and cached sheets re-rendered."""

    def games_of(self, obj: Any) -> GameQuerySet:
        raise NotImplementedError

    # The admin saves an object's inlines after the object itself: touch once, after both.
    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        self.games_of(form.instance).touch()

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        games = list(self.games_of(obj).values_list("pk", flat=True))
        super().delete_model(request, obj)
        Game.objects.filter(pk__in=games).touch()

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        """The list's "Delete selected": every game any of them touched."""
        games = {pk for obj in queryset for pk in self.games_of(obj).values_list("pk", flat=True)}
        super().delete_queryset(request, queryset)
        Game.objects.filter(pk__in=games).touch()


@admin.register(Player)
class PlayerAdmin(TouchesGames):
    list_display = ["name", "created_at"]
    search_fields = ["name"]

    def games_of(self, obj: Player) -> GameQuerySet:
        return Game.objects.filter(players=obj)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(TouchesGames):
    list_display = ["__str__", "kind", "decks", "created_at", "finished_at", "version"]
    list_filter = ["kind", "finished_at"]
    search_fields = ["note", "players__name"]
    inlines = [SeatInline]
    # Only changes move the version on: a form loaded before another change must not
    # write an older one back (what was worked out is kept under each version).
    readonly_fields = ["version"]

    def games_of(self, obj: Game) -> GameQuerySet:
        return Game.objects.filter(pk=obj.pk)


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0


class StealInline(admin.TabularInline):
    model = Steal
    extra = 0


@admin.register(Round)
class RoundAdmin(TouchesGames):
    list_display = ["__str__", "game", "number", "updated_at"]
    list_select_related = ["game"]
    inlines = [HandInline, StealInline]

    def games_of(self, obj: Round) -> GameQuerySet:
        return Game.objects.filter(pk=obj.game_id)


@admin.register(Seat)
class SeatAdmin(TouchesGames):
    list_display = ["__str__", "game", "position"]
    list_select_related = ["game", "player"]

    def games_of(self, obj: Seat) -> GameQuerySet:
        return Game.objects.filter(pk=obj.game_id)


@admin.register(Hand)
class HandAdmin(TouchesGames):
    list_display = ["__str__", "round"]
    list_select_related = ["round__game", "seat__player"]

    def games_of(self, obj: Hand) -> GameQuerySet:
        return Game.objects.filter(rounds__hands=obj)


@admin.register(Steal)
class StealAdmin(TouchesGames):
    list_display = ["__str__", "round", "order"]
    list_select_related = ["round__game", "thief__player", "victim__player"]

    def games_of(self, obj: Steal) -> GameQuerySet:
        return Game.objects.filter(rounds__steals=obj)


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
