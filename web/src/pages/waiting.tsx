// What a table waiting for its start awaits, said to whoever looks at it: the players of the
// finished game its rematch waits for ("waiting for sam"), the bots quick play promised with a
// countdown to them, or how many more seats it needs and who may start it.
import { useEffect, useState } from "preact/hooks";
import { call, type TableView } from "../http";
import { useKinds } from "../kinds";

const BOTS_KEY = "cardroom.bots-at.";

/** Keeps when the bots quick play promised come to a table (`bots_at` of its answer). */
export function keepBotsDue(gameId: string, at: string | null | undefined): void {
  if (at) sessionStorage.setItem(BOTS_KEY + gameId, at);
}

function botsDue(gameId: string): number | null {
  const at = sessionStorage.getItem(BOTS_KEY + gameId);
  return at === null ? null : Date.parse(at);
}

/** The seconds left until `due`, counted down once a second (0 once it has passed). */
function useSecondsLeft(due: number | null): number | null {
  const left = (): number | null => (due === null ? null : Math.max(0, Math.ceil((due - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    if (due === null) return;
    const timer = window.setInterval(() => setSeconds(left()), 1000);
    return () => window.clearInterval(timer);
  }, [due]);
  return seconds;
}

/** The people of the finished game a rematch waits for: its seats (bots aside) not seated yet. */
function useAwaited(view: TableView): string[] {
  const [before, setBefore] = useState<string[]>([]);
  useEffect(() => {
    if (!view.rematch_of) return;
    call<TableView>(`/games/${view.rematch_of}`).then(
      (old) => setBefore(old.seats.filter((seat) => !seat.bot).map((seat) => seat.name)),
      () => setBefore([]),
    );
  }, [view.rematch_of]);
  const seated = new Set(view.seats.map((seat) => seat.name));
  return before.filter((name) => !seated.has(name));
}

/** "ada", "ada and bo", "ada, bo and cy". */
function listed(names: string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function seatsWords(view: TableView, fewest: number): string {
  const size = view.setup.seats ?? null;
  const taken = view.seats.length;
  const needed = fewest - taken;
  const more = (count: number): string => `${count} more ${count === 1 ? "player" : "players"}`;
  // A rematch (and any table quick play fills) starts once its last seat is taken.
  const startsFull = view.setup.start_when_full || view.rematch_of !== null;
  if (startsFull && size !== null && taken < size) return `waiting for ${more(size - taken)}: the game starts once every seat is taken`;
  if (needed > 0) return `waiting for ${more(needed)} before the game can start`;
  if (size !== null && taken >= size) return "every seat is taken: waiting for a seated player to start the game";
  return "enough players to start: any seated player may start the game, or wait for more";
}

/** What the table waits for, in words; the countdown to quick play's bots when it promised some. */
export function Waiting({ view, gameId }: { view: TableView; gameId: string }) {
  const kinds = useKinds();
  const awaited = useAwaited(view);
  const seconds = useSecondsLeft(botsDue(gameId));
  const fewest = kinds.find((info) => info.kind === view.kind)?.min_seats ?? 2;
  return (
    <section class="panel waiting" data-testid="waiting">
      {awaited.length ? (
        <p data-testid="awaited">
          Waiting for <strong>{listed(awaited)}</strong> to join the rematch.
        </p>
      ) : null}
      {seconds !== null ? (
        <p data-testid="bots-countdown">{seconds > 0 ? `Bots take the free seats in ${seconds} s if nobody comes.` : "Bots are taking the free seats now."}</p>
      ) : null}
      <p class="quiet" data-testid="seats-awaited">
        {seatsWords(view, fewest)}
      </p>
    </section>
  );
}
