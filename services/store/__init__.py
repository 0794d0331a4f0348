"""Storage: the writable state store (`state`, SQLite or PostgreSQL) with its guard and admin,
thread bindings and locks, and the read-only DuckDB (`db`) with its build and check."""
