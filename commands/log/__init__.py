"""What is stored and how it reads. The event store's ports, the games the service hosts, events
and commands to and from JSON (with the upcasters and the hash chain), the records a command
appends, a game's published log, snapshots and replay at any version. Imports only the domain."""
