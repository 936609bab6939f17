// The live streams the pages follow: a game's views (`/games/{id}/live?include=view`, with a
// stream ticket for a seat) and the lobby's first page (`/lobby/live`). EventSource reconnects
// by itself after a dropped connection, resuming with Last-Event-ID; a stream it gives up on
// (an expired ticket is refused) is opened again with a fresh ticket after the last version seen.
// A finished game's stream stays open until its rematch is opened (`until=rematch`), so the
// end screen offers the rematch as soon as another seat opens it.
import { useEffect, useState } from "preact/hooks";
import { call, Refusal, sentence, type LobbyPage, type StreamTicket, type TableView } from "./http";
import { MOVES, type Move, type Told } from "./narration";

const REOPEN_MS = 1000;

export interface GameStream {
  view: TableView | null;
  /** Why the game cannot be shown (no such game, a token that holds no seat here...). */
  problem: Refusal | null;
  /** Every event so far in words, as this viewer is told it, oldest first. */
  told: Told[];
  /** The latest event that put a card on the board. */
  lastMove: Move | null;
}

export function useGameStream(gameId: string, token: string | null): GameStream {
  const [stream, setStream] = useState<GameStream>({ view: null, problem: null, told: [], lastMove: null });
  useEffect(() => {
    let source: EventSource | null = null;
    let stopped = false;
    let last = 0;
    let done = false;
    let timer = 0;
    const open = async (): Promise<void> => {
      const query = new URLSearchParams({ include: "view", until: "rematch", after: String(last) });
      if (token) {
        const granted = await call<StreamTicket>(`/games/${gameId}/tickets`, { method: "POST", token });
        query.set("ticket", granted.ticket);
      }
      if (stopped) return;
      const opened = new EventSource(`/games/${gameId}/live?${query}`);
      source = opened;
      opened.addEventListener("view", (message: MessageEvent<string>) => {
        const view = JSON.parse(message.data) as TableView;
        last = view.version;
        done = settled(view);
        if (done) opened.close();
        setStream((now) => ({ ...now, view, problem: null }));
      });
      opened.addEventListener("narration", (message: MessageEvent<string>) => {
        const told = JSON.parse(message.data) as Told;
        // A stream opened again resends what followed the last view: keep each version once.
        setStream((now) => ((now.told.at(-1)?.version ?? 0) >= told.version ? now : { ...now, told: [...now.told, told] }));
      });
      for (const type of Object.values(MOVES).flat()) {
        opened.addEventListener(type, (message: MessageEvent<string>) => {
          const lastMove = { version: Number(message.lastEventId), type, event: JSON.parse(message.data) as Record<string, unknown> };
          setStream((now) => ({ ...now, lastMove }));
        });
      }
      opened.onerror = () => {
        if (opened.readyState === EventSource.CLOSED && !stopped && !done) reopen();
      };
    };
    const reopen = (): void => {
      // A stream refused for good: say why if the game itself refuses us, else try again.
      call<TableView>(`/games/${gameId}`, { token })
        .then(() => void (timer = window.setTimeout(() => void open().catch(fail), REOPEN_MS)))
        .catch(fail);
    };
    const fail = (error: unknown): void => {
      if (stopped) return;
      if (error instanceof Refusal) setStream((now) => ({ ...now, problem: error }));
      else timer = window.setTimeout(() => void open().catch(fail), REOPEN_MS);
      console.warn(sentence(error));
    };
    open().catch(fail);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [gameId, token]);
  return stream;
}

/** Whether nothing more will happen at the table: cancelled or expired before its start, or
 * finished with its rematch opened. */
function settled(view: TableView): boolean {
  return view.status === "cancelled" || view.status === "expired" || (view.status === "finished" && view.rematch !== null);
}

/** The lobby's first `limit` tables (of `kind`, or of every kind when it is empty), pushed
 * whenever a table opens, fills or starts; a new stream for a new kind or limit. */
export function useLobbyStream(kind: string, limit: number): LobbyPage | null {
  const [page, setPage] = useState<LobbyPage | null>(null);
  useEffect(() => {
    const query = new URLSearchParams({ limit: String(limit), ...(kind ? { kind } : {}) });
    const source = new EventSource(`/lobby/live?${query.toString()}`);
    source.addEventListener("lobby", (message: MessageEvent<string>) => {
      setPage(JSON.parse(message.data) as LobbyPage);
    });
    return () => source.close();
  }, [kind, limit]);
  return page;
}
