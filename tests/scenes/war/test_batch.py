"""The batch simulation's page tells the batch's own streaks, not those of no games."""
from game.war.sim import simulate
from scenes.war.stats import totals_lines


def test_a_batchs_streaks_come_from_its_games():
    batch = simulate(200, 1)
    first_column = totals_lines(batch)[0]
    best = next(line for line in first_column if line.startswith("Best streak"))
    assert batch["wins"] > 50 and best != "Best streak: 0 wins", best
    assert best.startswith(f"Best streak: {batch['longest_win_streak']} wins")
    assert next(line for line in first_column if line.startswith("Streak now")) != "Streak now: -"
