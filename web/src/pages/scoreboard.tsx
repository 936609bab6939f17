// A kind's scoreboard (`/boards/{kind}`): its players by games won, then points, or by rating
// (a tab each), a page at a time, each name linking to the player's page; links above switch
// to another kind's board.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { call, Refusal, sentence, type KindInfo, type Schemas } from "../http";
import { titleOf, useKinds } from "../kinds";
import { Link } from "../router";
import { familiar, NEWCOMER, spread } from "../rating";
import "./people.css";

type Board = Schemas["ScoreboardPage"];
type Entry = Schemas["ScoreboardRow"];
type Ratings = Schemas["RatingPage"];
type Rated = Schemas["RatingRow"];
type Tab = "wins" | "ratings";

const PER_PAGE = 25;

export interface Read<T> {
  answer: T | null;
  problem: Refusal | null;
}

/** The answer of `GET path`, read again whenever `path` changes; a refusal is kept as such
 * (anything else, an unreachable service say, becomes a refusal holding its sentence). */
export function useRead<T>(path: string): Read<T> {
  const [read, setRead] = useState<Read<T>>({ answer: null, problem: null });
  useEffect(() => {
    let current = true;
    call<T>(path).then(
      (answer) => current && setRead({ answer, problem: null }),
      (error: unknown) => current && setRead({ answer: null, problem: asRefusal(error) }),
    );
    return () => {
      current = false;
    };
  }, [path]);
  return read;
}

function asRefusal(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  return new Refusal({ type: "about:blank", title: "unreachable", status: 0, detail: sentence(error), code: "unreachable" });
}

export function PlayerLink({ name }: { name: string }) {
  return <Link href={`/people/${encodeURIComponent(name)}`}>{name}</Link>;
}

export function ScoreboardPage({ kind }: { kind: string }) {
  const kinds = useKinds();
  const [tab, setTab] = useState<Tab>("wins");
  const known = !kinds.length || kinds.some((info) => info.kind === kind);
  const title = titleOf(kinds, kind);
  return (
    <main class="people">
      <header class="panel people__header">
        <h1>{known ? `${title} scoreboard` : "Scoreboards"}</h1>
        <KindSwitcher kinds={kinds} shown={kind} />
      </header>
      <section class="panel">
        <Tabs shown={tab} show={setTab} />
        {tab === "wins" ? <Paged<Board> path={`/scoreboards/${encodeURIComponent(kind)}`} kind={kind} show={(items, first) => <Ranking entries={items} first={first} title={title} />} /> : null}
        {tab === "ratings" ? <Paged<Ratings> path={`/ratings/${encodeURIComponent(kind)}`} kind={kind} show={(items, first) => <RatingRanking entries={items} first={first} title={title} />} /> : null}
      </section>
    </main>
  );
}

interface PagedProps<Page extends { items: unknown[]; next_offset: number | null }> {
  path: string;
  kind: string;
  show: (items: Page["items"], first: number) => ComponentChildren;
}

/** A ranking read a page at a time from `path`, shown by `show`. */
function Paged<Page extends { items: unknown[]; next_offset: number | null }>({ path, kind, show }: PagedProps<Page>) {
  const [offset, setOffset] = useState(0);
  const { answer, problem } = useRead<Page>(`${path}?limit=${PER_PAGE}&offset=${offset}`);
  if (problem) {
    return <p class="people__missing" data-testid="missing">{problem.problem.code === "unknown_kind" ? `No game called “${kind}” is played here; pick one above.` : problem.message}</p>;
  }
  if (answer === null) return <p class="quiet">Reading the scoreboard...</p>;
  return (
    <>
      {show(answer.items, offset + 1)}
      <Pager offset={offset} next={answer.next_offset} go={setOffset} />
    </>
  );
}

function Tabs({ shown, show }: { shown: Tab; show: (tab: Tab) => void }) {
  const tabs: Tab[] = ["wins", "ratings"];
  return (
    <nav class="board-tabs" role="tablist">
      {tabs.map((tab) => (
        <button type="button" role="tab" aria-selected={tab === shown} class={`board-tabs__tab${tab === shown ? " board-tabs__tab--shown" : ""}`} data-tab={tab} onClick={() => show(tab)}>
          {tab}
        </button>
      ))}
    </nav>
  );
}

function KindSwitcher({ kinds, shown }: { kinds: KindInfo[]; shown: string }) {
  return (
    <nav class="kind-switcher" aria-label="scoreboards">
      {kinds.map((info) =>
        info.kind === shown ? (
          <span class="kind-switcher__kind kind-switcher__kind--shown" aria-current="page">
            {info.title}
          </span>
        ) : (
          <Link href={`/boards/${info.kind}`} class="kind-switcher__kind">
            {info.title}
          </Link>
        ),
      )}
    </nav>
  );
}

function Ranking({ entries, first, title }: { entries: Entry[]; first: number; title: string }) {
  if (!entries.length && first === 1) return <p class="quiet">No game of {title} has finished yet.</p>;
  return (
    <>
      <table class="ranking" data-testid="scoreboard">
        <thead>
          <tr>
            <th class="ranking__number">rank</th>
            <th>player</th>
            <th class="ranking__number">games</th>
            <th class="ranking__number">wins</th>
            <th class="ranking__number">points</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr data-player={entry.player} class={first + index <= 3 ? "ranking__podium" : ""}>
              <td class="ranking__number" data-field="rank">{first + index}</td>
              <td class="ranking__name" data-field="player"><PlayerLink name={entry.player} /></td>
              <td class="ranking__number" data-field="played">{entry.played}</td>
              <td class="ranking__number" data-field="won">{entry.won}</td>
              <td class="ranking__number" data-field="points">{entry.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="quiet people__note">Ranked by games won, then by points.</p>
    </>
  );
}


function RatingRanking({ entries, first, title }: { entries: Rated[]; first: number; title: string }) {
  if (!entries.length && first === 1) return <p class="quiet">No rated game of {title} has finished yet.</p>;
  return (
    <>
      <table class="ranking" data-testid="ratings">
        <thead>
          <tr>
            <th class="ranking__number">rank</th>
            <th>player</th>
            <th class="ranking__number">rating</th>
            <th class="ranking__number"><abbr title="uncertainty">±</abbr></th>
            <th class="ranking__number">games</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr data-player={entry.player} class={first + index <= 3 ? "ranking__podium" : ""}>
              <td class="ranking__number" data-field="rank">{first + index}</td>
              <td class="ranking__name" data-field="player"><PlayerLink name={entry.player} /></td>
              <td class="ranking__number" data-field="rating">{familiar(entry.ordinal)}</td>
              <td class="ranking__number ranking__wide" data-field="uncertainty">{spread(entry.sigma)}</td>
              <td class="ranking__number" data-field="played">{entry.played}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="quiet people__note">
        Ranked by rating: a newcomer starts at {NEWCOMER}, and the rating rises as a player proves their skill (the uncertainty shrinks with every game). Casual seats are not rated.
      </p>
    </>
  );
}

function Pager({ offset, next, go }: { offset: number; next: number | null; go: (offset: number) => void }) {
  if (offset === 0 && next === null) return null;
  return (
    <nav class="pager">
      <button type="button" class="button button--quiet" disabled={offset === 0} onClick={() => go(Math.max(0, offset - PER_PAGE))}>
        previous
      </button>
      <button type="button" class="button button--quiet" disabled={next === null} onClick={() => next !== null && go(next)}>
        next
      </button>
    </nav>
  );
}
