"""The pure game domain: deciders, the table lifecycle and the games themselves.

Imports the standard library and msgspec only; time, randomness and I/O arrive as data.
"""
