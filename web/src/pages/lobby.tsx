// The lobby (`/`): who this browser plays as and quick play, open a table, the tables waiting
// for players (live, from `/lobby/live`), the games in play (this browser's own to resume,
// the others to watch) and the finished ones to replay, each list a page at a time and all
// of them for one game or every game; the games hosted here in a line each (seats, typical
// length, how to play), and each kind's scoreboard.
import { useEffect, useState } from "preact/hooks";
import type { KindInfo } from "../http";
import { useKinds } from "../kinds";
import { useLobbyStream } from "../live";
import { Link } from "../router";
import { CreateTable } from "./create";
import { GameList, OpenTables, PAGE, usePagedTables } from "./lobbylists";
import { PlayAs } from "./player";

export function Lobby() {
  const kinds = useKinds();
  const [kind, setKind] = useState("");
  const [openShown, setOpenShown] = useState(PAGE);
  const lobby = useLobbyStream(kind, openShown);
  const visible = useVisibleAgain();
  const [playing, morePlaying] = usePagedTables("playing", kind, lobby, visible);
  const [finished, moreFinished] = usePagedTables("finished", kind, lobby, visible);
  const choose = (chosen: string): void => {
    setKind(chosen);
    setOpenShown(PAGE);
  };
  return (
    <main class="lobby">
      <h1 class="visually-hidden">The lobby: play, open a table or watch</h1>
      <PlayAs kinds={kinds} />
      <CreateTable kinds={kinds} />
      <Scoreboards kinds={kinds} />
      <KindFilter kinds={kinds} kind={kind} choose={choose} />
      <section class="panel lobby__wide">
        <h2>Tables waiting for players</h2>
        {lobby === null ? <p class="quiet">Looking for tables...</p> : <OpenTables kinds={kinds} page={lobby} more={() => setOpenShown(openShown + PAGE)} />}
      </section>
      <section class="panel lobby__wide">
        <h2>In play</h2>
        <GameList kinds={kinds} page={playing} more={morePlaying} link="play" empty="No game is being played." />
      </section>
      <section class="panel lobby__wide">
        <h2>Finished</h2>
        <GameList kinds={kinds} page={finished} more={moreFinished} link="replay" empty="No game has finished yet." />
      </section>
      <Kinds kinds={kinds} />
    </main>
  );
}

/** Where the games played go: each kind's scoreboard, and every finished game as data. */
function Scoreboards({ kinds }: { kinds: KindInfo[] }) {
  return (
    <section class="panel">
      <h2>Scoreboards</h2>
      <nav class="kind-switcher" data-testid="scoreboard-links">
        {kinds.map((info) => (
          <Link href={`/boards/${info.kind}`} class="kind-switcher__kind">
            {info.title}
          </Link>
        ))}
      </nav>
      <h2>Datasets</h2>
      <p>
        <Link href="/data" testId="datasets-link">
          Download every finished game
        </Link>{" "}
        as data, a file per game and month.
      </p>
    </section>
  );
}

/** The one filter of the lobby's lists: a game, or every game. */
function KindFilter({ kinds, kind, choose }: { kinds: KindInfo[]; kind: string; choose: (kind: string) => void }) {
  return (
    <section class="panel lobby__wide lobby-filter">
      <label class="inline-form">
        <span class="field__name">Tables of</span>
        <select name="kind-filter" value={kind} onChange={(event) => choose(event.currentTarget.value)}>
          <option value="">every game</option>
          {kinds.map((info) => (
            <option value={info.kind}>{info.title}</option>
          ))}
        </select>
      </label>
    </section>
  );
}

/** A count that grows each time the page comes back into view: the lists are read again. */
function useVisibleAgain(): number {
  const [visible, setVisible] = useState(0);
  useEffect(() => {
    const again = (): void => {
      if (document.visibilityState === "visible") setVisible((n) => n + 1);
    };
    document.addEventListener("visibilitychange", again);
    return () => document.removeEventListener("visibilitychange", again);
  }, []);
  return visible;
}

function Kinds({ kinds }: { kinds: KindInfo[] }) {
  return (
    <section class="panel lobby__wide">
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
