// Taking a seat at an open table, as the registered player (player.ts) or by name, and seating
// bots on its other seats. The seat's token is kept for that game (seats.ts) and the page
// moves to the table. The name is one for the whole page (`useYourName`): the lobby's one
// field sets it for quick play, for opening a table and for a seat taken from the lobby.
import { useEffect, useState } from "preact/hooks";
import { call, sentence, type SeatGranted } from "../http";
import { currentPlayer, usePlayer } from "../player";
import { Refused } from "../refused";
import { navigate } from "../router";
import { keepSeatToken } from "../seats";

export const BOT_KINDS = ["random", "heuristic", "search"] as const;
const NAME_KEY = "cardroom.name";

function rememberedName(): string {
  return localStorage.getItem(NAME_KEY) ?? "";
}

const SUGGESTIONS = ["Ace", "Jack", "Joker", "Queen", "King", "Trump", "Wild"];
const NAMED = "cardroom-name";
let chosenName: string | null = null;

/** A name offered to a first visitor, so they can play at once: "Joker 417". */
function suggestedName(): string {
  const word = SUGGESTIONS[Math.floor(Math.random() * SUGGESTIONS.length)] ?? "Guest";
  return `${word} ${100 + Math.floor(Math.random() * 900)}`;
}

/** The name this page plays under (the one last played with, else a suggestion), shared by
 * every field that shows it; setting it anywhere sets it everywhere. */
export function useYourName(): [string, (name: string) => void] {
  chosenName ??= rememberedName() || suggestedName();
  const [name, setShown] = useState(chosenName);
  useEffect(() => {
    const reread = (): void => setShown(chosenName ?? "");
    window.addEventListener(NAMED, reread);
    return () => window.removeEventListener(NAMED, reread);
  }, []);
  const setName = (next: string): void => {
    chosenName = next;
    window.dispatchEvent(new Event(NAMED));
  };
  return [name, setName];
}

export function rememberName(name: string): void {
  localStorage.setItem(NAME_KEY, name);
}

/** Takes a seat for the registered player, or else for a person named `name`, and keeps its
 * token; answers the seat number. */
export async function takeSeat(gameId: string, name: string): Promise<number> {
  const player = currentPlayer();
  const body = player ? {} : { name };
  const granted = await call<SeatGranted>(`/games/${gameId}/seats`, { method: "POST", token: player?.token ?? null, body });
  if (granted.token) keepSeatToken(gameId, granted.token, granted.seat);
  if (!player) rememberName(name);
  return granted.seat;
}

/** Seats a bot, as the host (whose token a bot's seat needs once someone sits). */
export async function seatBot(gameId: string, bot: string, host: string | null): Promise<void> {
  await call<SeatGranted>(`/games/${gameId}/seats`, { method: "POST", token: host, body: { bot } });
}

export function TakeSeat({ gameId, onSeated }: { gameId: string; onSeated?: () => void }) {
  const player = usePlayer();
  const [name, setName] = useYourName();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: Event): void => {
    event.preventDefault();
    takeSeat(gameId, name.trim())
      .then(() => (onSeated ? onSeated() : navigate(`/play/${gameId}`)))
      .catch((error: unknown) => setRefusal(sentence(error)));
  };
  return (
    <form class="inline-form" onSubmit={submit} data-testid="take-seat">
      {player ? null : (
        <input name="player" aria-label="your name" placeholder="your name" value={name} maxLength={40} required onInput={(event) => setName(event.currentTarget.value)} />
      )}
      <button type="submit" class="button">{player ? `take a seat as ${player.handle}` : "take a seat"}</button>
      <Refused sentence={refusal} />
    </form>
  );
}

/** The host's buttons that seat a bot: shown to the host only (`hostToken`). */
export function BotButtons({ gameId, host }: { gameId: string; host: string }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = (bot: string): void => {
    setRefusal(null);
    seatBot(gameId, bot, host).catch((error: unknown) => setRefusal(sentence(error)));
  };
  return (
    <span class="bot-buttons">
      {BOT_KINDS.map((bot) => (
        <button type="button" class="button button--quiet" data-bot={bot} onClick={() => add(bot)}>
          + {bot} bot
        </button>
      ))}
      <Refused sentence={refusal} />
    </span>
  );
}
