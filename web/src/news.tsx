// The current player's news, on every page: challenges made to them (accept or decline), and a
// badge for each other table where it is their turn. It follows the player's stream
// (`/players/me/live`, with a ticket), which tells what comes after it opened, and starts from
// what stands then (`/players/me/games` and `/players/me/challenges`), read once it is open,
// and again whenever it is opened anew. A table the news names is one the player sits at, so
// the player's token is kept as that table's seat token: it acts for the player's seat.
import { useEffect, useState } from "preact/hooks";
import { call, sentence, type Schemas } from "./http";
import { titleOf, useKinds } from "./kinds";
import { usePlayer, type Player } from "./player";
import { Link, navigate } from "./router";
import { keepSeatToken } from "./seats";
import { setNewsTitle } from "./title";
import "./news.css";

type Notice = Schemas["PlayerNotice"];
type PlayerTablePage = Schemas["PlayerTablePage"];
type ChallengePage = Schemas["ChallengePage"];
/** A challenge made to the player, still open. */
type Offer = Pick<Schemas["ChallengeRow"], "challenge_id" | "challenger" | "kind" | "seats" | "bots">;
type PlayerTicket = Schemas["PlayerTicket"];

const REOPEN_MS = 2000;
const TYPES = ["challenge_issued", "challenge_accepted", "challenge_declined", "challenge_cancelled", "challenge_expired", "game_started", "your_turn", "game_finished"];

/** A challenge of the player's that was accepted: by whom, and the table it opened. */
interface Accepted {
  by: string;
  gameId: string;
}

interface News {
  challenges: Offer[];
  turns: Record<string, number>;
  accepted: Accepted | null;
}

/** The challenge a notice of one issued is about (each such notice names it, its author and its kind). */
function offer(notice: Notice): Offer | null {
  const { challenge_id, challenger, kind, seats, bots } = notice;
  if (!challenge_id || !challenger || !kind) return null;
  return { challenge_id, challenger, kind, seats: seats ?? 2, bots: bots ?? false };
}

function heard(news: News, notice: Notice, me: Player): News {
  const challenges = news.challenges.filter((each) => each.challenge_id !== notice.challenge_id);
  const turns = { ...news.turns };
  const made = notice.type === "challenge_issued" && notice.challenged === me.handle ? offer(notice) : null;
  if (made) challenges.push(made);
  if (notice.game_id && (notice.type === "game_started" || notice.type === "challenge_accepted")) keepSeatToken(notice.game_id, me.token);
  if (notice.type === "your_turn" && notice.game_id) turns[notice.game_id] = notice.version ?? 0;
  if (notice.type === "game_finished" && notice.game_id) delete turns[notice.game_id];
  return { challenges, turns, accepted: acceptance(notice, me) ?? news.accepted };
}

/** The acceptance a notice tells the player of, when it is of their own challenge. */
function acceptance(notice: Notice, me: Player): Accepted | null {
  const mine = notice.type === "challenge_accepted" && notice.challenger === me.handle;
  return mine && notice.game_id && notice.challenged ? { by: notice.challenged, gameId: notice.game_id } : null;
}

function usePlayerNews(player: Player | null): [News, (update: (news: News) => News) => void] {
  const [news, setNews] = useState<News>({ challenges: [], turns: {}, accepted: null });
  useEffect(() => {
    if (!player) return;
    let source: EventSource | null = null;
    let stopped = false;
    let timer = 0;
    const open = async (): Promise<void> => {
      const granted = await call<PlayerTicket>("/players/me/tickets", { method: "POST", token: player.token });
      if (stopped) return;
      const opened = new EventSource(`/players/me/live?ticket=${encodeURIComponent(granted.ticket)}`);
      source = opened;
      for (const type of TYPES) {
        opened.addEventListener(type, (message: MessageEvent<string>) => setNews((now) => heard(now, JSON.parse(message.data) as Notice, player)));
      }
      opened.onerror = () => {
        if (opened.readyState === EventSource.CLOSED && !stopped) timer = window.setTimeout(() => void open().catch(fail), REOPEN_MS);
      };
      const stood = (stands: News): void => setNews((now) => joined(stands, now));
      const unread = (error: unknown): void => {
        opened.close();
        fail(error);
      };
      opened.addEventListener("open", () => void standing(player).then(stood, unread), { once: true });
    };
    const fail = (error: unknown): void => {
      console.warn(sentence(error));
      if (!stopped) timer = window.setTimeout(() => void open().catch(fail), REOPEN_MS);
    };
    open().catch(fail);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [player?.token]);
  return [news, setNews];
}

/** What stands for the player: their tables where it is their turn, the open challenges made
 * to them. */
async function standing(player: Player): Promise<News> {
  const [tables, challenges] = await Promise.all([
    call<PlayerTablePage>("/players/me/games?limit=200", { token: player.token }),
    call<ChallengePage>("/players/me/challenges?limit=200", { token: player.token }),
  ]);
  return {
    turns: Object.fromEntries(tables.items.filter((each) => each.your_turn).map((each) => [each.game_id, each.version])),
    challenges: challenges.items.filter((each) => each.challenged === player.handle),
    accepted: null,
  };
}

/** What stands, with the challenges heard on the stream meanwhile that it does not hold yet. */
function joined(stands: News, now: News): News {
  const known = new Set(stands.challenges.map((each) => each.challenge_id));
  const challenges = [...stands.challenges, ...now.challenges.filter((each) => !known.has(each.challenge_id))];
  return { turns: stands.turns, challenges, accepted: now.accepted };
}

/** "Challenge from Ada", "2 challenges", "Your turn at another table", "Your turn at 3 other
 * tables", joined: what the tab's title says first while it awaits the player. */
function newsWords(challenges: Offer[], turns: number): string {
  const [first] = challenges;
  const challenged = challenges.length > 1 ? `${challenges.length} challenges` : first ? `Challenge from ${first.challenger}` : "";
  const turned = turns > 1 ? `Your turn at ${turns} other tables` : turns ? "Your turn at another table" : "";
  return [challenged, turned].filter(Boolean).join(" · ");
}

function useNewsTitle(challenges: Offer[], turns: number): void {
  const words = newsWords(challenges, turns);
  useEffect(() => setNewsTitle(words), [words]);
  useEffect(() => () => setNewsTitle(""), []);
}

/** Takes the player to the table their challenge opened, as soon as its acceptance is heard. */
function useTakenToTable(accepted: Accepted | null, here: string | null): void {
  useEffect(() => {
    if (accepted && accepted.gameId !== here) navigate(`/play/${accepted.gameId}`);
  }, [accepted?.gameId]);
}

/** The player's incoming challenges, the acceptance of their own, and the tables elsewhere
 * where it is their turn. */
export function PlayerNews({ here }: { here: string | null }) {
  const player = usePlayer();
  const kinds = useKinds();
  const [news, setNews] = usePlayerNews(player);
  const [problem, setProblem] = useState("");
  const elsewhere = player ? Object.keys(news.turns).filter((gameId) => gameId !== here) : [];
  const offers = player ? news.challenges : [];
  useNewsTitle(offers, elsewhere.length);
  useTakenToTable(player ? news.accepted : null, here);
  if (!player) return null;
  const accepted = news.accepted && news.accepted.gameId === here ? news.accepted : null;
  if (!news.challenges.length && !elsewhere.length && !accepted) return null;
  const answer = async (challenge: Offer, verb: "accept" | "decline"): Promise<void> => {
    setProblem("");
    const body = verb === "decline" ? { reason: "generic" } : undefined;
    try {
      const answered = await call<{ game_id?: string }>(`/challenges/${challenge.challenge_id}/${verb}`, { method: "POST", token: player.token, body });
      setNews((now) => ({ ...now, challenges: now.challenges.filter((each) => each.challenge_id !== challenge.challenge_id) }));
      if (answered.game_id) {
        keepSeatToken(answered.game_id, player.token);
        navigate(`/play/${answered.game_id}`);
      }
    } catch (error) {
      setProblem(sentence(error));
    }
  };
  return (
    <aside class="news" data-testid="news">
      {accepted ? (
        <p class="news__accepted" data-testid="challenge-accepted" role="status">
          {accepted.by} accepted your challenge: this is your table.
        </p>
      ) : null}
      {news.challenges.map((challenge) => (
        <p class="news__challenge" data-testid="challenge" data-challenge={challenge.challenge_id}>
          {challenge.challenger} challenges you to {titleOf(kinds, challenge.kind)} ({challenge.seats} seats{challenge.bots ? ", bots fill the rest" : ""}){" "}
          <button onClick={() => void answer(challenge, "accept")}>Accept</button> <button onClick={() => void answer(challenge, "decline")}>Decline</button>
        </p>
      ))}
      {elsewhere.map((gameId) => (
        <Link href={`/play/${gameId}`} class="news__turn">
          <span data-testid="your-turn-elsewhere">Your turn at another table</span>
        </Link>
      ))}
      {problem ? <p class="news__problem">{problem}</p> : null}
    </aside>
  );
}
