"""Processes as data: background work in roles, and the one builder of a process. Every kind of
background work a process can run, grouped into roles (`catalog`), what that work is built on
(`parts`), and the one builder that makes a process of the `Settings` and a set of roles
(`process`), used by `cardroom serve`, by `cardroom work` and by the tests."""
