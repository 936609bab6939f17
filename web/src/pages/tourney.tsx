// A tournament (`/tourneys/{id}`): its standings with points and tie-breaks, every round's
// tables with their results (each a link to its table while it plays, to its replay once
// over), "your next table" for the player whose entry sits at a table in play, and for its
// organiser, bots to add and the start. It follows `GET /tournaments/{id}/live` and reads
// the tournament again at each event; the stream ends with the tournament.
import { useEffect, useState } from "preact/hooks";
import { call, sentence, type Schemas } from "../http";
import { titleOf, useKinds } from "../kinds";
import { usePlayer, type Player } from "../player";
import { Refused } from "../refused";
import { Link } from "../router";
import { describe, EnterButton } from "./tourneys";
import "./people.css";
import "./tourneys.css";

type View = Schemas["TournamentView"];
type Round = Schemas["TournamentRound"];
type Table = Schemas["TournamentTable"];
const OVER = ["tournament.finished", "tournament.cancelled"];
const FOLLOWED = ["tournament.entered", "tournament.withdrew", "tournament.started", "tournament.round_started", "tournament.game_recorded", "tournament.round_ended", ...OVER];

function useTournament(tournamentId: string): [View | null, string | null, () => void] {
  const [view, setView] = useState<View | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let current = true;
    call<View>(`/tournaments/${tournamentId}`).then(
      (read) => current && (setView(read), setProblem(null)),
      (error: unknown) => current && setProblem(sentence(error)),
    );
    return () => {
      current = false;
    };
  }, [tournamentId, asked]);
  useEffect(() => {
    const source = new EventSource(`/tournaments/${tournamentId}/live`);
    const heard = (message: MessageEvent<string>): void => {
      if (OVER.includes(message.type)) source.close();
      setAsked((count) => count + 1);
    };
    FOLLOWED.forEach((type) => source.addEventListener(type, heard));
    return () => source.close();
  }, [tournamentId]);
  return [view, problem, () => setAsked((count) => count + 1)];
}

export function TourneyPage({ tournamentId }: { tournamentId: string }) {
  const kinds = useKinds();
  const player = usePlayer();
  const [view, problem, reread] = useTournament(tournamentId);
  if (problem && !view) {
    return (
      <main class="people">
        <p class="panel people__missing">{problem}</p>
      </main>
    );
  }
  if (!view) return <main class="people"><p class="quiet">Reading the tournament...</p></main>;
  const mine = player ? view.entries.find((entry) => entry.player === player.handle && !entry.withdrawn) : undefined;
  return (
    <main class="people tourney">
      <header class="panel people__header">
        <h1>
          {titleOf(kinds, view.kind)} tournament
        </h1>
        <p>
          {describe(view)}, organised by {view.organiser}: <strong data-testid="status">{view.status}</strong>
          {view.status === "upcoming" ? `, starts ${new Date(view.starts_at).toLocaleTimeString()}` : ""}
        </p>
        {player ? <Actions view={view} player={player} entered={mine !== undefined} reread={reread} /> : null}
      </header>
      {mine ? <NextTable view={view} entry={mine.entry} /> : null}
      <Standings view={view} />
      <section class="panel">
        <h2>Rounds</h2>
        {view.round_tables.length ? null : <p class="quiet">No table yet.</p>}
        {[...view.round_tables].reverse().map((round) => (
          <RoundTables round={round} view={view} />
        ))}
      </section>
    </main>
  );
}

function Actions({ view, player, entered, reread }: { view: View; player: Player; entered: boolean; reread: () => void }) {
  const [said, setSaid] = useState<string | null>(null);
  const act = async (path: string, method: "POST" | "DELETE", body?: unknown): Promise<void> => {
    try {
      await call(`/tournaments/${view.tournament_id}${path}`, { method, token: player.token, body });
      setSaid(null);
      reread();
    } catch (error) {
      setSaid(sentence(error));
    }
  };
  const organiser = view.organiser === player.handle;
  const open = view.status === "upcoming";
  return (
    <div class="tourney__actions">
      {open && !entered ? <EnterButton tournamentId={view.tournament_id} player={player} /> : null}
      {entered && (open || view.status === "running") ? (
        <button type="button" class="button--quiet" onClick={() => void act("/entries/me", "DELETE")} data-testid="withdraw">
          Withdraw
        </button>
      ) : null}
      {organiser && open ? (
        <>
          <button type="button" class="button--quiet" onClick={() => void act("/entries", "POST", { bot: "heuristic" })} data-testid="add-bot">
            Add a bot
          </button>
          <button type="button" class="button--main" onClick={() => void act("/start", "POST")} data-testid="start">
            Start now
          </button>
        </>
      ) : null}
      <Refused sentence={said} />
    </div>
  );
}

function NextTable({ view, entry }: { view: View; entry: string }) {
  const table = view.round_tables.flatMap((round) => round.tables).find((each) => each.results === null && each.entries.includes(entry));
  if (!table) return null;
  return (
    <section class="panel tourney__next" data-testid="next-table">
      <h2>Your next table</h2>
      <p>
        <Link href={`/play/${table.game_id}`} class="button button--main">
          Play at seat {table.entries.indexOf(entry) + 1}
        </Link>
      </p>
    </section>
  );
}

function Standings({ view }: { view: View }) {
  return (
    <section class="panel">
      <h2>Standings</h2>
      <div class="ranking-wrap">
        <table class="ranking" data-testid="standings">
          <thead>
            <tr>
              <th class="ranking__number">rank</th>
              <th>entry</th>
              <th class="ranking__number">points</th>
              <th class="ranking__number">
                <abbr title="Buchholz: the points of every opponent met">BH</abbr>
              </th>
              <th class="ranking__number">
                <abbr title="Sonneborn-Berger: the points of the opponents beaten, twice, and tied with">SB</abbr>
              </th>
              <th class="ranking__number">games</th>
            </tr>
          </thead>
          <tbody>
            {view.standings.map((row) => (
              <tr data-entry={row.entry}>
                <td class="ranking__number">{row.rank}</td>
                <td>
                  {row.name}
                  {row.withdrawn ? <span class="quiet"> (withdrawn)</span> : null}
                </td>
                <td class="ranking__number" data-field="points">{row.points}</td>
                <td class="ranking__number">{row.buchholz}</td>
                <td class="ranking__number">{row.sonneborn_berger}</td>
                <td class="ranking__number">{row.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RoundTables({ round, view }: { round: Round; view: View }) {
  const names = new Map(view.entries.map((entry) => [entry.entry, entry.name]));
  return (
    <section data-testid="round" data-round={round.round}>
      <h3>
        {view.format === "swiss" ? "Round" : "Pairing"} {round.round}
        {round.over ? "" : " (in play)"}
      </h3>
      <div class="tourney__tables">
        {round.tables.map((table) => (
          <TableCard table={table} names={names} />
        ))}
      </div>
      {round.byes.length ? <p class="quiet">Bye: {round.byes.map((entry) => names.get(entry) ?? entry).join(", ")}</p> : null}
    </section>
  );
}

function TableCard({ table, names }: { table: Table; names: Map<string, string> }) {
  const results = new Map((table.results ?? []).map((result) => [result.entry, result]));
  const over = table.results !== null;
  return (
    <div class="tourney__table" data-game={table.game_id}>
      <Link href={over ? `/replay/${table.game_id}` : `/play/${table.game_id}`}>{over ? "replay" : "watch the table"}</Link>
      <ol>
        {table.entries.map((entry) => {
          const result = results.get(entry);
          return (
            <li>
              {names.get(entry) ?? entry}
              {result ? <span class="quiet"> place {result.place}, {result.points} points</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
