// A seat's token, kept in this browser for its game only (localStorage, keyed by game id), so
// a reload or another tab of the same browser plays the same seat; without one the page is a
// spectator's.
const KEY = "cardroom.seat.";

export function seatToken(gameId: string): string | null {
  return localStorage.getItem(KEY + gameId);
}

export function keepSeatToken(gameId: string, token: string): void {
  localStorage.setItem(KEY + gameId, token);
}

export function forgetSeatToken(gameId: string): void {
  localStorage.removeItem(KEY + gameId);
}
