"""Many tables, one hall: each table publishes its game to an MQTT broker, the hall shows them all.

``link``: the broker's address, the topics and the client every side uses. ``publisher``: a table's side, fed by
the bus and reading the journal, never in the referee's way. ``board``: the hall's side, every table's latest
state and the finished games, kept in SQLite. ``app``: the hall's page and API (Flask, served by waitress).
"""
