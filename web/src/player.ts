// The registered player this browser plays as (`POST /players` answers their handle and
// token once), kept in localStorage so every table taken from here counts for them.
import { useEffect, useState } from "preact/hooks";

export interface Player {
  handle: string;
  token: string;
}

const KEY = "cardroom.player";
const CHANGED = "cardroom-player";

export function currentPlayer(): Player | null {
  const kept = localStorage.getItem(KEY);
  return kept ? (JSON.parse(kept) as Player) : null;
}

export function keepPlayer(player: Player): void {
  localStorage.setItem(KEY, JSON.stringify(player));
  window.dispatchEvent(new Event(CHANGED));
}

export function forgetPlayer(): void {
  localStorage.removeItem(KEY);
  window.dispatchEvent(new Event(CHANGED));
}

/** The current player, followed as they register or are forgotten anywhere on the page. */
export function usePlayer(): Player | null {
  const [player, setPlayer] = useState(currentPlayer());
  useEffect(() => {
    const reread = (): void => setPlayer(currentPlayer());
    window.addEventListener(CHANGED, reread);
    window.addEventListener("storage", reread);
    return () => {
      window.removeEventListener(CHANGED, reread);
      window.removeEventListener("storage", reread);
    };
  }, []);
  return player;
}
