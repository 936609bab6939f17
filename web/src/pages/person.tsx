// A player's page (`/people/{name}`): their record at each kind they have finished a game of,
// with their most recent games of that kind, each linking to its replay.
import { type KindInfo, type Schemas } from "../http";
import { titleOf, useKinds } from "../kinds";
import { Link } from "../router";
import { useRead } from "./scoreboard";
import "./people.css";

type PlayerRecord = Schemas["PlayerRecord"];
type KindRecord = Schemas["PlayerKind"];
type PlayedGame = Schemas["PlayerGame"];

const RECENT = 50;

export function PersonPage({ name }: { name: string }) {
  const kinds = useKinds();
  const { answer, problem } = useRead<PlayerRecord>(`/players/${encodeURIComponent(name)}?recent=${RECENT}`);
  return (
    <main class="people" data-testid="person">
      <header class="panel people__header">
        <h1>{name}</h1>
        {answer ? <p class="quiet">{totals(answer.kinds)}</p> : null}
      </header>
      {problem ? (
        <section class="panel">
          <p class="people__missing" data-testid="missing">{problem.problem.code === "not_found" ? `Nobody named “${name}” has finished a game here yet.` : problem.message}</p>
          <Link href="/">back to the lobby</Link>
        </section>
      ) : answer === null ? (
        <section class="panel quiet">Reading their games...</section>
      ) : (
        answer.kinds.map((record) => (
          <KindSection kinds={kinds} record={record} games={answer.recent_games.filter((game) => game.kind === record.kind)} />
        ))
      )}
    </main>
  );
}

function totals(records: KindRecord[]): string {
  const played = records.reduce((sum, record) => sum + record.played, 0);
  const won = records.reduce((sum, record) => sum + record.won, 0);
  return `${count(played, "game")} finished, ${count(won, "win")}`;
}

function count(number: number, noun: string): string {
  return `${number} ${noun}${number === 1 ? "" : "s"}`;
}

function KindSection({ kinds, record, games }: { kinds: KindInfo[]; record: KindRecord; games: PlayedGame[] }) {
  return (
    <section class="panel person-kind" data-kind={record.kind}>
      <header class="person-kind__header">
        <h2>{titleOf(kinds, record.kind)}</h2>
        <Link href={`/boards/${record.kind}`}>scoreboard</Link>
      </header>
      <p class="person-kind__record">
        <span class="chip" data-field="played">{count(record.played, "game")}</span>
        <span class="chip" data-field="won">{count(record.won, "win")}</span>
        <span class="chip" data-field="points">{count(record.points, "point")}</span>
      </p>
      {games.length ? (
        <ul class="played-games">
          {games.map((game) => (
            <PlayedGameRow game={game} />
          ))}
        </ul>
      ) : (
        <p class="quiet">None of their latest games was of this kind.</p>
      )}
    </section>
  );
}

function PlayedGameRow({ game }: { game: PlayedGame }) {
  const won = game.place === 1;
  return (
    <li class="played-game" data-game={game.game_id}>
      <span class={`chip${won ? " chip--to-act" : ""}`} data-field="result">
        {won ? "won" : `${ordinal(game.place)} place`}
      </span>
      <span data-field="score">score {game.score}</span>
      <time class="quiet" dateTime={game.finished_at}>
        {new Date(game.finished_at).toLocaleString()}
      </time>
      <Link href={`/replay/${game.game_id}`} class="button button--quiet played-game__replay">
        replay
      </Link>
    </li>
  );
}

function ordinal(place: number): string {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ["th", "st", "nd", "rd"][place % 10] ?? "th";
  return `${place}${suffix}`;
}
