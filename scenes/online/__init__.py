"""Playing with friends on other machines: hosting, joining, the lobby and the networked table."""
