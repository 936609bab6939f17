"""Given/when/then tests of Ecliptic's rules, one module per part of the rules."""
