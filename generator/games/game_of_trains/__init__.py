"""Game of Trains: 84 wagons, each a number and one of eight abilities; 4 locomotives."""

from generator.games.game_of_trains.rules import GameOfTrains

__all__ = ["GameOfTrains"]
