// The tournaments (`/tourneys`): those upcoming, running and finished, a list each (from the
// read model, `GET /tournaments?status=`, a page at a time with "show more"), each a link to
// its page; a registered player
// creates one (`POST /tournaments`: a Swiss of rounds or an arena of minutes, tables of a
// kind with a clock) and enters an upcoming one from its line.
import { useState } from "preact/hooks";
import { call, sentence, type KindInfo, type Schemas } from "../http";
import { titleOf, useKinds } from "../kinds";
import { usePlayer, type Player } from "../player";
import { Refused } from "../refused";
import { Link, navigate } from "../router";
import { useRead } from "./scoreboard";
import "./people.css";
import "./tourneys.css";

type Row = Schemas["TournamentRow"];
type Page = Schemas["TournamentPage"];
type Created = Schemas["TournamentCreatedAnswer"];
const STATUSES = ["upcoming", "running", "finished"] as const;

export function TourneysPage() {
  const kinds = useKinds();
  const player = usePlayer();
  return (
    <main class="people tourneys">
      <header class="panel people__header">
        <h1>Tournaments</h1>
        <p class="quiet">Swiss tournaments play a fixed number of rounds; arenas seat you again as soon as your game ends, until the time is up.</p>
      </header>
      {player ? <CreateTournament kinds={kinds} player={player} /> : <SignInFirst />}
      {STATUSES.map((status) => (
        <Listed status={status} kinds={kinds} player={player} />
      ))}
    </main>
  );
}

function SignInFirst() {
  return (
    <section class="panel">
      <p>
        To create or enter a tournament, <Link href="/">play as a registered player</Link> first.
      </p>
    </section>
  );
}

/** One status's tournaments: the first page as the read model answers it, then the pages
 * "show more" reads after it (a tournament listed twice, as the first page moves on, once). */
function Listed({ status, kinds, player }: { status: (typeof STATUSES)[number]; kinds: KindInfo[]; player: Player | null }) {
  const { answer: first, problem } = useRead<Page>(`/tournaments?status=${status}`);
  const [later, setLater] = useState<Page | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const answer = first && withLater(first, later);
  const more = (): void => {
    if (!answer) return;
    call<Page>(`/tournaments?status=${status}&offset=${answer.items.length}`).then(
      (page) => setLater({ items: [...(later?.items ?? []), ...page.items], next_offset: page.next_offset }),
      (error: unknown) => setFailed(sentence(error)),
    );
  };
  return (
    <section class="panel" data-testid={`tourneys-${status}`}>
      <h2>{status.charAt(0).toUpperCase() + status.slice(1)}</h2>
      {problem ? <p class="people__missing">{problem.message}</p> : null}
      {answer === null && !problem ? <p class="quiet">Reading the tournaments...</p> : null}
      {answer !== null && !answer.items.length ? <p class="quiet">None.</p> : null}
      {answer !== null && answer.items.length ? (
        <ul class="tourneys__list">
          {answer.items.map((row) => (
            <li class="tourneys__item" data-tournament={row.tournament_id}>
              <Link href={`/tourneys/${row.tournament_id}`}>
                {titleOf(kinds, row.kind)} {describe(row)}
              </Link>
              <span class="quiet">
                by {row.organiser}, {row.entries} {row.entries === 1 ? "entry" : "entries"}
                {status === "upcoming" ? `, starts ${new Date(row.starts_at).toLocaleTimeString()}` : ""}
              </span>
              {status === "upcoming" && player ? <EnterButton tournamentId={row.tournament_id} player={player} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {answer?.next_offset != null ? (
        <button type="button" class="button button--quiet show-more" data-testid={`more-tourneys-${status}`} onClick={more}>
          show more
        </button>
      ) : null}
      <Refused sentence={failed} />
    </section>
  );
}

function withLater(first: Page, later: Page | null): Page {
  if (!later) return first;
  const listed = new Set(first.items.map((row) => row.tournament_id));
  const items = [...first.items, ...later.items.filter((row) => !listed.has(row.tournament_id))];
  return { items, next_offset: later.next_offset };
}

export function describe(row: { format: string; rounds: number; minutes: number; seats: number }): string {
  const length = row.format === "swiss" ? `Swiss, ${row.rounds} rounds` : `arena, ${row.minutes} min`;
  return `${length}, tables of ${row.seats}`;
}

export function EnterButton({ tournamentId, player }: { tournamentId: string; player: Player }) {
  const [said, setSaid] = useState<string | null>(null);
  const enter = async (): Promise<void> => {
    try {
      await call(`/tournaments/${tournamentId}/entries`, { method: "POST", token: player.token, body: {} });
      navigate(`/tourneys/${tournamentId}`);
    } catch (error) {
      setSaid(sentence(error));
    }
  };
  return (
    <span>
      <button type="button" onClick={() => void enter()} data-testid="enter">
        Enter
      </button>
      <Refused sentence={said} />
    </span>
  );
}

function CreateTournament({ kinds, player }: { kinds: KindInfo[]; player: Player }) {
  const [kind, setKind] = useState("mad");
  const [format, setFormat] = useState<"swiss" | "arena">("swiss");
  const [length, setLength] = useState(3);
  const [seats, setSeats] = useState(2);
  const [turn, setTurn] = useState(60);
  const [grace, setGrace] = useState(15);
  const [startsIn, setStartsIn] = useState(5);
  const [said, setSaid] = useState<string | null>(null);
  const create = async (event: Event): Promise<void> => {
    event.preventDefault();
    const info = kinds.find((each) => each.kind === kind);
    const body = {
      kind,
      format,
      seats,
      starts_in: startsIn * 60,
      ...(format === "swiss" ? { rounds: length } : { minutes: length }),
      ...(info?.clock_schema ? { clock: { turn_seconds: turn, grace_seconds: grace } } : {}),
    };
    try {
      const created = await call<Created>("/tournaments", { method: "POST", token: player.token, body });
      navigate(`/tourneys/${created.tournament_id}`);
    } catch (error) {
      setSaid(sentence(error));
    }
  };
  return (
    <form class="panel tourneys__create" onSubmit={(event) => void create(event)} data-testid="create-tournament">
      <h2>Create a tournament</h2>
      <label class="field">
        <span class="field__name">game</span>
        <select name="kind" value={kind} onChange={(event) => setKind(event.currentTarget.value)}>
          {kinds.map((info) => (
            <option value={info.kind}>{info.title}</option>
          ))}
        </select>
      </label>
      <label class="field">
        <span class="field__name">format</span>
        <select name="format" value={format} onChange={(event) => setFormat(event.currentTarget.value as "swiss" | "arena")}>
          <option value="swiss">Swiss</option>
          <option value="arena">arena</option>
        </select>
      </label>
      <Number name="length" label={format === "swiss" ? "rounds" : "minutes"} value={length} set={setLength} />
      <Number name="seats" label="seats a table" value={seats} set={setSeats} />
      <Number name="turn" label="seconds a turn" value={turn} set={setTurn} />
      <Number name="grace" label="seconds of grace once a turn's time is out" value={grace} set={setGrace} />
      <Number name="starts-in" label="starts in (minutes)" value={startsIn} set={setStartsIn} />
      <button type="submit" class="button--main">
        Create
      </button>
      <Refused sentence={said} />
    </form>
  );
}

function Number({ name, label, value, set }: { name: string; label: string; value: number; set: (value: number) => void }) {
  return (
    <label class="field">
      <span class="field__name">{label}</span>
      <input type="number" name={name} min={0} value={value} onInput={(event) => set(event.currentTarget.valueAsNumber)} />
    </label>
  );
}
