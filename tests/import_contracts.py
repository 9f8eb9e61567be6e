"""Card Arcade's own import-linter contract type (pyproject.toml `contract_types`): the games' packages
stand alone, found as the registry finds the games, so a new game needs no contract edit."""
from __future__ import annotations

from grimp import ImportGraph
from importlinter.contracts.independence import IndependenceContract
from importlinter.domain import fields
from importlinter.domain.contract import ContractCheck
from importlinter.domain.imports import ModuleExpression

from game.registry import built_in_games


class GamesIndependenceContract(IndependenceContract):
    """An independence contract over `<container>.<game>` for every built-in game (every package inside
    game/, game/registry.py's scan), e.g. `container = "scenes"`."""

    type_name = "games_independence"

    container = fields.ModuleField()
    modules = fields.SetField(subfield=fields.ModuleExpressionField(), required=False)

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        container = self.container.name  # type: ignore[attr-defined]
        self.modules = {ModuleExpression(f"{container}.{game}") for game in built_in_games()}  # type: ignore[assignment]
        return super().check(graph, verbose)
