// A seat's token, kept in this browser for its game only (localStorage, keyed by game id), so
// a reload or another tab of the same browser plays the same seat; without one the page is a
// spectator's. The seat's number is kept beside it, so the lobby knows which of its games are
// this browser's and whose turn they wait for, and whether it hosts them (the first seat).
const KEY = "cardroom.seat.";
const NUMBER_KEY = "cardroom.seat-number.";
export const HOST = 0;

export function seatToken(gameId: string): string | null {
  return localStorage.getItem(KEY + gameId);
}

export function keepSeatToken(gameId: string, token: string, seat?: number): void {
  localStorage.setItem(KEY + gameId, token);
  if (seat !== undefined) localStorage.setItem(NUMBER_KEY + gameId, String(seat));
}

export function forgetSeatToken(gameId: string): void {
  localStorage.removeItem(KEY + gameId);
  localStorage.removeItem(NUMBER_KEY + gameId);
}

/** The seat this browser holds at a game, when it took it from here. */
export function seatNumber(gameId: string): number | null {
  const kept = localStorage.getItem(NUMBER_KEY + gameId);
  return kept === null || seatToken(gameId) === null ? null : Number(kept);
}

/** The host's token, when this browser holds the first seat of the game. */
export function hostToken(gameId: string): string | null {
  return seatNumber(gameId) === HOST ? seatToken(gameId) : null;
}
