"""The classroom tests: the API, many devices at once, and faults, on SQLite and PostgreSQL."""
