"""Live push: Server-Sent Events of games and of the lobby. The hub that feeds them, the feeds
shared by a game's streams, stream tickets and the streams written straight to the server."""
