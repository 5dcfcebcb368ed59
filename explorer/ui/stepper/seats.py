"""The step-through page's seats, new games, saving and loading (:class:`SeatControls`, a part
of :class:`explorer.ui.stepper.page.Stepper`)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as widgets

from explorer.errors import IllegalAction
from explorer.ui.session import SEAT_KINDS, PlaySession
from explorer.ui.stepper.texts import (
    GENDER_CHOICES,
    SEAT_LABELS,
)

if TYPE_CHECKING:
    pass


class SeatControls:
    """Who sits where, a new game or a rematch, a save and a load, for the
    :class:`~explorer.ui.stepper.page.Stepper`."""

    def restart(self) -> None:
        """Back to the start (the scenario's position, or a new game with the same seed)."""
        game_id, players, seed, _seats, scenario, options = self.start
        self.session = PlaySession.start(game_id, players, seed, self.session.seats, scenario,
                                         **options)
        self.session.show_every_hand = bool(self.every_hand.value)
        self.refresh()

    # ---- new games, saving and loading ----------------------------------------------------

    def _new_game_form(self) -> widgets.VBox:
        rules = self.session.game.rules
        self.new_players = widgets.Dropdown(
            options=rules.player_counts(self.session.game.options),
            value=self.session.game.players, description="Players",
            layout=widgets.Layout(width="160px"))
        self.new_players.add_class("stepper-new-players")
        self.new_seed = widgets.BoundedIntText(value=self.session.game.seed % 10**9, min=0,
                                               max=10**9, description="Seed",
                                               layout=widgets.Layout(width="200px"))
        self.new_seed.add_class("stepper-new-seed")
        self.new_seats = widgets.HBox()
        self.new_genders = widgets.HBox()  # Lair of the Rat-King only
        guard = self.message.guard
        self.new_players.observe(guard(lambda _: self._new_seat_boxes()), names="value")
        start = widgets.Button(description="Start the new game", button_style="primary",
                               icon="play")
        start.add_class("stepper-new-start")
        start.on_click(guard(lambda _: self.start_new_game()))
        form = widgets.VBox([widgets.HBox([self.new_players, self.new_seed]), self.new_seats,
                             self.new_genders, start], layout=widgets.Layout(display="none"))
        form.add_class("stepper-new-form")
        self._new_seat_boxes()
        return form

    def _new_seat_boxes(self) -> None:
        players = self.new_players.value
        current = [b.value for b in self.new_seats.children]
        kinds = [current[s] if s < len(current) else ("human" if s == 0 else "heuristic")
                 for s in range(players)]
        boxes = []
        for seat, kind in enumerate(kinds):
            box = widgets.Dropdown(options=[(SEAT_LABELS[k], k) for k in SEAT_KINDS],
                                   value=kind, description=f"Player {seat + 1}",
                                   layout=widgets.Layout(width="250px"))
            box.add_class("stepper-new-seat")
            boxes.append(box)
        self.new_seats.children = boxes
        if self.session.game.game_id == "rat_king":
            self._new_gender_boxes(players)

    def _new_gender_boxes(self, players: int) -> None:
        """Each player's gender (Lair of the Rat-King): as chosen so far, else the current
        game's, else not given."""
        current = [b.value for b in self.new_genders.children]
        if not current:
            current = [g or "" for g in self.session.game.options.get("genders") or []]
        boxes = []
        for seat in range(players):
            box = widgets.Dropdown(options=GENDER_CHOICES,
                                   value=current[seat] if seat < len(current) else "",
                                   description=f"Player {seat + 1} is",
                                   layout=widgets.Layout(width="250px"))
            box.add_class("stepper-new-gender")
            boxes.append(box)
        self.new_genders.children = boxes

    def toggle_new_game(self) -> None:
        """Show (or hide) the new game's options."""
        shown = self.new_game_form.layout.display != "none"
        self.new_game_form.layout.display = "none" if shown else "flex"

    def start_new_game(self) -> None:
        """Start the game the form describes (every value checked)."""
        options = None
        if self.session.game.game_id == "rat_king":
            chosen = [b.value for b in self.new_genders.children]
            if all(chosen):
                options = {"genders": chosen}
            elif any(chosen):
                raise IllegalAction("Choose female or male for every player, or leave every "
                                    "player's gender not given")
            else:
                options = {"genders": None}  # a ME card is then neither (ruling rk-53)
        self.session.new_game(self.new_players.value, self.new_seed.value,
                              [b.value for b in self.new_seats.children], options)
        self._seat_dropdowns(self.session.seats)
        self.new_game_form.layout.display = "none"
        self.refresh(scroll=True)
        self.message.show(f"A new game: {self.session.game.players} players, seed "
                          f"{self.session.game.seed}.")

    def rematch(self) -> None:
        """The same game again with the next seed."""
        self.session.rematch()
        self.refresh(scroll=True)
        self.message.show(f"A rematch: seed {self.session.game.seed}.")

    def _save_file(self) -> tuple[str, str]:
        game = self.session.game
        return f"{game.game_id}-seed{game.seed}-step{game.steps}.json", self.session.save()

    def _error(self, error: Exception) -> None:
        self.message.show(f"The game could not be saved: {error}", "error")

    def _load(self, name: str, text: str) -> None:
        self.session.load(text)
        self._seat_dropdowns(self.session.seats)
        self.refresh(advance=False, scroll=True)
        self.message.show(f"Game loaded from {name}: step {self.session.game.steps}.")

    def _refused(self, why: str) -> None:
        self.message.show(why, "error")

    # ---- seats ----------------------------------------------------------------------------

    def _seat_dropdowns(self, seats: list[str]) -> None:
        guard = self.message.guard
        boxes = []
        for seat, kind in enumerate(seats):
            box = widgets.Dropdown(options=[(SEAT_LABELS[k], k) for k in SEAT_KINDS],
                                   value=kind, description=f"Player {seat + 1}",
                                   layout=widgets.Layout(width="250px"))
            box.add_class("stepper-seat")
            box.observe(guard(lambda _: self._seats_changed()), names="value")
            boxes.append(box)
        self.seat_boxes = boxes
        self.seat_row.children = boxes
        if hasattr(self, "confirm_row"):  # a new game or a load: a question left is dropped
            self._seats_asked = None
            self.confirm_row.layout.display = "none"

    def _seats_changed(self) -> None:
        """A seat's dropdown changed: nothing is played yet; the page asks first (Go ahead
        applies it: :meth:`confirm_seats`; Cancel sets the dropdowns back)."""
        if self._setting_back:
            return
        chosen = [box.value for box in self.seat_boxes]
        if chosen == self.session.seats:
            self.confirm_row.layout.display = "none"
            self._seats_asked = None
            return
        self._seats_asked = chosen
        changes = []
        for seat, (was, now) in enumerate(zip(self.session.seats, chosen, strict=True)):
            if was != now:
                who = "you" if now == "human" else SEAT_LABELS[now]
                changes.append(f"Player {seat + 1} becomes {who}")
        plays = "" if "human" in chosen and self._person_decides_with(chosen) else \
            " and the bots will play on now" if "human" in chosen else \
            " and the bots will play on now, to the end of the game"
        self.confirm_text.value = (f"<span>{html.escape('; '.join(changes))}"
                                   f"{plays}.</span>")
        self.confirm_row.layout.display = "flex"

    def _person_decides_with(self, seats: list[str]) -> bool:
        """With ``seats``, a person's decision is what is pending (nothing would be played)."""
        game = self.session.game
        return (not game.is_over and not game.is_chance
                and seats[game.current_player] == "human")

    def confirm_seats(self) -> None:
        """Apply the seats asked for (the bots then play on to a person's decision)."""
        if self._seats_asked is None:
            raise IllegalAction("no change of seats is waiting")
        seats, self._seats_asked = self._seats_asked, None
        self.confirm_row.layout.display = "none"
        self.session.set_seats(seats)
        self._draw_buttons()
        self.refresh(scroll=True)

    def cancel_seats(self) -> None:
        """Set the seat dropdowns back to who plays now; nothing changes."""
        self._seats_asked = None
        self.confirm_row.layout.display = "none"
        self._setting_back = True
        try:
            for box, kind in zip(self.seat_boxes, self.session.seats, strict=True):
                box.value = kind
        finally:
            self._setting_back = False

    def _pace_changed(self) -> None:
        """The pace applies from the person's next step; nothing is played now."""
        if self.pace.value == "choice":
            self.message.show("From your next choice on, every roll and draw up to your "
                              "following choice is made at once and summed up.")
        else:
            self.message.show("You roll each roll and draw each card yourself.")

    def _every_hand(self) -> None:
        self.session.show_every_hand = bool(self.every_hand.value)
        self.refresh(advance=False)

    def seat_name(self, seat: int | None) -> str:
        """"Player 2 (you)", "Player 1 (the heuristic bot)"."""
        if seat is None:
            return "Nobody"
        kind = self.session.seats[seat]
        who = "you" if kind == "human" and self.session.seats.count("human") == 1 else \
            SEAT_LABELS[kind]
        return f"Player {seat + 1} ({who})"
