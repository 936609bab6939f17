"""Given/when/then tests of ONEXENO, one module per part of its rules."""
