"""Where settings, statistics and saved games live, written safely."""
