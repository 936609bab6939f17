// The lobby (`/`): who this browser plays as and quick play, the games hosted here in a line
// each (seats, typical length), open a table, the tables waiting for players (live, from
// `/lobby/live`), the games in play (this browser's own to resume, the others to watch), the
// finished ones to replay, and each kind's scoreboard.
import { useEffect, useState } from "preact/hooks";
import { call, sentence, type KindInfo, type LobbyTable, type TablePage, type TableSummary } from "../http";
import { useKinds, titleOf } from "../kinds";
import { useLobbyStream } from "../live";
import { Link } from "../router";
import { hostToken, seatNumber } from "../seats";
import { CreateTable } from "./create";
import { PlayAs } from "./player";
import { BotButtons, TakeSeat } from "./seating";

const LISTED = 20;

export function Lobby() {
  const kinds = useKinds();
  const lobby = useLobbyStream();
  const [playing, finished] = useTables(lobby);
  return (
    <main class="lobby">
      <PlayAs kinds={kinds} />
      <CreateTable kinds={kinds} />
      <section class="panel">
        <h2>Tables waiting for players</h2>
        {lobby === null ? <p class="quiet">Looking for tables...</p> : <OpenTables kinds={kinds} entries={lobby.items} />}
      </section>
      <section class="panel">
        <h2>In play</h2>
        <GameList kinds={kinds} games={playing} link="play" empty="No game is being played." />
      </section>
      <Kinds kinds={kinds} />
      <section class="panel">
        <h2>Finished</h2>
        <GameList kinds={kinds} games={finished} link="replay" empty="No game has finished yet." />
      </section>
      <section class="panel">
        <h2>Scoreboards</h2>
        <nav class="kind-switcher" data-testid="scoreboard-links">
          {kinds.map((info) => (
            <Link href={`/boards/${info.kind}`} class="kind-switcher__kind">
              {info.title}
            </Link>
          ))}
        </nav>
      </section>
    </main>
  );
}

/** Games in play and finished, read again whenever the lobby changes (a table that starts
 * leaves the lobby) and when the page comes back into view. */
function useTables(trigger: unknown): [TableSummary[], TableSummary[]] {
  const [tables, setTables] = useState<[TableSummary[], TableSummary[]]>([[], []]);
  const [visible, setVisible] = useState(0);
  useEffect(() => {
    const again = (): void => {
      if (document.visibilityState === "visible") setVisible((n) => n + 1);
    };
    document.addEventListener("visibilitychange", again);
    return () => document.removeEventListener("visibilitychange", again);
  }, []);
  useEffect(() => {
    const page = (status: string): Promise<TableSummary[]> =>
      call<TablePage>(`/tables?status=${status}&limit=${LISTED}`).then((answer) => answer.items);
    Promise.all([page("playing"), page("finished")]).then(setTables, (error: unknown) => console.warn(sentence(error)));
  }, [trigger, visible]);
  return tables;
}

function OpenTables({ kinds, entries }: { kinds: KindInfo[]; entries: LobbyTable[] }) {
  if (!entries.length) return <p class="quiet">No table is waiting: open one above.</p>;
  const byKind = [...new Set(entries.map((entry) => entry.kind))];
  return (
    <>
      {byKind.map((kind) => (
        <div class="kind-group">
          <h3>{titleOf(kinds, kind)}</h3>
          <ul class="tables">
            {entries.filter((entry) => entry.kind === kind).map((entry) => (
              <OpenTable entry={entry} />
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

function Kinds({ kinds }: { kinds: KindInfo[] }) {
  return (
    <section class="panel">
      <h2>The games</h2>
      <ul class="kinds" data-testid="kinds">
        {kinds.map((info) => (
          <li class="kinds__kind" data-kind={info.kind}>
            <h3 class="kinds__title">{info.title}</h3>
            <p class="kinds__blurb">{info.blurb}</p>
            <p class="quiet kinds__facts">
              {info.min_seats === info.max_seats ? info.min_seats : `${info.min_seats} to ${info.max_seats}`} players ·
              about {info.minutes[0]} to {info.minutes[1]} minutes
            </p>
            <Link href={`/rules/${info.kind}`} class="button button--quiet kinds__rules">
              How to play {info.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OpenTable({ entry }: { entry: LobbyTable }) {
  const taken = entry.seats.length;
  const mine = seatNumber(entry.game_id) !== null;
  const host = hostToken(entry.game_id);
  return (
    <li class="table-entry" data-game={entry.game_id}>
      <div class="table-entry__seats">
        {entry.seats.map((name) => (
          <span class="chip">{name}</span>
        ))}
        {Array.from({ length: entry.free_seats }, () => (
          <span class="chip chip--free">free</span>
        ))}
      </div>
      <div class="quiet">
        {taken} of {entry.max_seats} seats taken{taken < entry.min_seats ? `, ${entry.min_seats} needed to start` : ""}
      </div>
      <div class="table-entry__actions">
        {mine ? null : <TakeSeat gameId={entry.game_id} />}
        {host ? <BotButtons gameId={entry.game_id} host={host} /> : null}
        <Link href={`/play/${entry.game_id}`} class={mine ? "button" : "button button--quiet"}>
          {mine ? "resume" : "watch"}
        </Link>
      </div>
    </li>
  );
}

function GameList({ kinds, games, link, empty }: { kinds: KindInfo[]; games: TableSummary[]; link: "play" | "replay"; empty: string }) {
  if (!games.length) return <p class="quiet">{empty}</p>;
  return (
    <ul class="tables">
      {games.map((game) => (
        <li class="table-entry" data-game={game.game_id}>
          <strong>{titleOf(kinds, game.kind)}</strong>
          <div class="table-entry__seats">
            {game.seats.map((name, seat) => (
              <span class={`chip${game.to_act.includes(seat) ? " chip--to-act" : ""}`}>{name}</span>
            ))}
          </div>
          <GameLink game={game} link={link} />
        </li>
      ))}
    </ul>
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
