// A player's page (`/people/{name}`): their record and rating at each kind they have finished a
// game of, with their most recent games of that kind, each linking to its replay, and the
// changes their latest rated games made to their ratings.
import { type KindInfo, type Schemas } from "../http";
import { titleOf, useKinds } from "../kinds";
import { Link } from "../router";
import { familiar, familiarChange, spread } from "../rating";
import { ChallengeButton } from "./challenge";
import { useRead } from "./scoreboard";
import "./people.css";
import { MySandboxes } from "./study";

type PlayerRecord = Schemas["PlayerRecord"];
type KindRecord = Schemas["PlayerKind"];
type PlayedGame = Schemas["PlayerGame"];
type Rating = Schemas["PlayerRating"];
type RatingChange = Schemas["RatingChange"];

const RECENT = 50;

export function PersonPage({ name }: { name: string }) {
  const kinds = useKinds();
  const { answer, problem } = useRead<PlayerRecord>(`/players/${encodeURIComponent(name)}?recent=${RECENT}`);
  return (
    <main class="people" data-testid="person">
      <header class="panel people__header">
        <h1>{name}</h1>
        <ChallengeButton handle={name} />
        {answer ? <p class="quiet">{totals(answer.kinds)}</p> : null}
      </header>
      <MySandboxes handle={name} />
      {problem ? (
        <section class="panel">
          <p class="people__missing" data-testid="missing">{problem.problem.code === "not_found" ? `Nobody named “${name}” has finished a game here yet.` : problem.message}</p>
          <Link href="/">back to the lobby</Link>
        </section>
      ) : answer === null ? (
        <section class="panel quiet">Reading their games...</section>
      ) : (
        <>
          {answer.kinds.map((record) => (
            <KindSection
              kinds={kinds}
              record={record}
              rating={answer.ratings.find((rating) => rating.kind === record.kind)}
              games={answer.recent_games.filter((game) => game.kind === record.kind)}
            />
          ))}
          {answer.rating_changes.length ? <RatingChanges kinds={kinds} changes={answer.rating_changes} /> : null}
        </>
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

interface KindSectionProps {
  kinds: KindInfo[];
  record: KindRecord;
  rating: Rating | undefined;
  games: PlayedGame[];
}

function KindSection({ kinds, record, rating, games }: KindSectionProps) {
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
        {rating ? (
          <span class="chip" data-field="rating" title={count(rating.played, "rated game")}>
            rating {familiar(rating.ordinal)} ({spread(rating.sigma)})
          </span>
        ) : null}
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

function RatingChanges({ kinds, changes }: { kinds: KindInfo[]; changes: RatingChange[] }) {
  return (
    <section class="panel" data-testid="rating-changes">
      <h2>Recent rating changes</h2>
      <ul class="rating-changes">
        {changes.map((change) => (
          <li class="rating-change" data-game={change.game_id}>
            <span class={change.change >= 0 ? "rating-change__up" : "rating-change__down"} data-field="change">
              {familiarChange(change.change)}
            </span>
            <span>
              {titleOf(kinds, change.kind)}: rating {familiar(change.ordinal)}
            </span>
            <time class="quiet" dateTime={change.finished_at}>
              {new Date(change.finished_at).toLocaleString()}
            </time>
            <Link href={`/replay/${change.game_id}`}>replay</Link>
          </li>
        ))}
      </ul>
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
