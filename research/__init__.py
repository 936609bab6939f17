"""What researchers import, with no server. The learning environment over the pure games (a
PettingZoo AEC environment of every kind) and the replay of a dataset's games through it; no
server."""
