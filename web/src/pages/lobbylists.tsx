// The lobby's lists, each paged by the service and shown a page at a time with "show more":
// the tables waiting for players (live: a longer list is a longer first page of the lobby's
// stream), the games in play and the finished ones (`/tables`, page after page by offset).
// Each table says its game, its age and its options in words; a finished game its winner,
// their score and the date.
import { useEffect, useState } from "preact/hooks";
import { call, sentence, type KindInfo, type LobbyPage, type LobbyTable, type TablePage, type TableSummary } from "../http";
import { titleOf } from "../kinds";
import { Link } from "../router";
import { hostToken, seatNumber } from "../seats";
import { BotButtons, TakeSeat } from "./seating";
import { ageWords, dateWords, optionWords, resultWords } from "./tablewords";

/** How many tables a list shows at first, and how many more each "show more" adds. */
export const PAGE = 6;
/** Games in play or finished shown at first, a row of them on a laptop; "show more" adds a `PAGE`. */
const FIRST_GAMES = 3;

/** The time now, again every half minute: ages in words stay true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ShowMore({ more, list }: { more: (() => void) | null; list: string }) {
  if (!more) return null;
  return (
    <button type="button" class="button button--quiet show-more" data-testid={`more-${list}`} onClick={more}>
      show more
    </button>
  );
}

export function OpenTables({ kinds, page, more }: { kinds: KindInfo[]; page: LobbyPage; more: () => void }) {
  const now = useNow();
  if (!page.items.length) return <p class="quiet">No table is waiting: open one above.</p>;
  return (
    <>
      <ul class="tables" data-testid="open-tables">
        {page.items.map((entry) => (
          <OpenTable kinds={kinds} entry={entry} now={now} />
        ))}
      </ul>
      <ShowMore more={page.next_offset === null ? null : more} list="open" />
    </>
  );
}

function OpenTable({ kinds, entry, now }: { kinds: KindInfo[]; entry: LobbyTable; now: number }) {
  const taken = entry.seats.length;
  const mine = seatNumber(entry.game_id) !== null;
  const host = hostToken(entry.game_id);
  return (
    <li class="table-entry" data-game={entry.game_id} data-kind={entry.kind}>
      <div class="table-entry__head">
        <strong>{titleOf(kinds, entry.kind)}</strong>
        <span class="quiet" data-testid="age">
          opened {ageWords(entry.created_at, now)}
        </span>
      </div>
      <div class="table-entry__options" data-testid="options">
        {optionWords(entry)}
      </div>
      <div class="table-entry__seats">
        {entry.seats.map((name) => (
          <span class="chip">{name}</span>
        ))}
        {entry.free_seats ? <span class="chip chip--free">{entry.free_seats} free</span> : <span class="chip" data-testid="full">full, waiting for its start</span>}
        <span class="quiet">
          {taken} of {entry.max_seats} seats taken{taken < entry.min_seats ? `, ${entry.min_seats} needed to start` : ""}
        </span>
      </div>
      <div class="table-entry__actions">
        {mine || !entry.free_seats ? null : <TakeSeat gameId={entry.game_id} />}
        {host ? <BotButtons gameId={entry.game_id} host={host} /> : null}
        <Link href={`/play/${entry.game_id}`} class={mine ? "button" : "button button--quiet"}>
          {mine ? "resume" : "watch"}
        </Link>
      </div>
    </li>
  );
}

/** One status's games, the first page read again whenever the lobby changes (a table that
 * starts leaves it) or the page comes back into view, keeping as many as were shown; the
 * next page added by `more`. */
export function usePagedTables(status: "playing" | "finished", kind: string, lobby: unknown, visible: number): [TablePage, () => void] {
  const [page, setPage] = useState<TablePage>({ items: [], next_offset: null });
  const read = (offset: number, limit: number): Promise<TablePage> => {
    const query = new URLSearchParams({ status, limit: String(limit), offset: String(offset), ...(kind ? { kind } : {}) });
    return call<TablePage>(`/tables?${query.toString()}`);
  };
  const shown = page.items.length;
  useEffect(() => {
    read(0, Math.max(FIRST_GAMES, shown)).then(setPage, (error: unknown) => console.warn(sentence(error)));
  }, [lobby, visible, kind]);
  const more = (): void => {
    read(shown, PAGE).then(
      (next) => setPage({ items: [...page.items, ...next.items], next_offset: next.next_offset }),
      (error: unknown) => console.warn(sentence(error)),
    );
  };
  return [page, more];
}

interface GameListProps {
  kinds: KindInfo[];
  page: TablePage;
  more: () => void;
  link: "play" | "replay";
  empty: string;
}

export function GameList({ kinds, page, more, link, empty }: GameListProps) {
  if (!page.items.length) return <p class="quiet">{empty}</p>;
  return (
    <>
      <ul class="tables" data-testid={`${link === "play" ? "playing" : "finished"}-tables`}>
        {page.items.map((game) => (
          <li class="table-entry" data-game={game.game_id} data-kind={game.kind}>
            <div class="table-entry__head">
              <strong>{titleOf(kinds, game.kind)}</strong>
              {link === "replay" ? <span class="quiet" data-testid="finished-at">{dateWords(game.last_activity)}</span> : null}
            </div>
            {link === "replay" ? <div data-testid="result">{resultWords(game)}</div> : null}
            <div class="table-entry__seats">
              {game.seats.map((name, seat) => (
                <span class={`chip${game.to_act.includes(seat) ? " chip--to-act" : ""}`}>{name}</span>
              ))}
              <GameLink game={game} link={link} />
            </div>
          </li>
        ))}
      </ul>
      <ShowMore more={page.next_offset === null ? null : more} list={link === "play" ? "playing" : "finished"} />
    </>
  );
}

/** Replay a finished game; in play, this browser's own games say "your turn" or "resume",
 * the others "watch". */
function GameLink({ game, link }: { game: TableSummary; link: "play" | "replay" }) {
  const seat = link === "play" ? seatNumber(game.game_id) : null;
  const words = seat === null ? (link === "play" ? "watch" : "replay") : game.to_act.includes(seat) ? "your turn" : "resume";
  return (
    <Link href={`/${link}/${game.game_id}`} class={seat === null ? "button button--quiet" : "button"} testId="game-link">
      {words}
    </Link>
  );
}
