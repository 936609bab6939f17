// A table (`/play/{id}`): the header, the seats with their clocks, the kind's board and, once
// the game is over, the standings and the rematch. The seat's token kept for this game makes
// the page that seat's; without one it is a spectator's, who may take a free seat before the
// start.
import { useEffect, useRef, useState } from "preact/hooks";
import { call, sentence, type Command, type TableView } from "../http";
import { boardFor } from "../games";
import { HowToPlay, SCORING } from "../games/rules";
import { Seats, StandingsTable } from "../games/parts";
import { useKinds, titleOf } from "../kinds";
import { useGameStream } from "../live";
import { Refused } from "../refused";
import { Link } from "../router";
import { forgetSeatToken, hostToken, seatToken } from "../seats";
import { seatToAct, turnWords } from "../turn";
import { TurnAlertToggle, useTurnAlert } from "../turnalert";
import { Clock, GraceWarning } from "./clock";
import { Rematch } from "./rematch";
import { Series } from "./series";
import { SandboxPanel, useSeatShown } from "./study";
import { HostControls } from "./hosting";
import { TakeSeat } from "./seating";
import { Waiting } from "./waiting";
import { LatestLine, TableLog, useLastMoveMark, useTurnSignal } from "./tablelog";

export function TablePage({ gameId }: { gameId: string }) {
  const [token, setToken] = useState(seatToken(gameId));
  const { view, problem, told, lastMove } = useGameStream(gameId, token);
  const seatShown = useSeatShown(gameId, token, view);
  const kinds = useKinds();
  const felt = useRef<HTMLElement>(null);
  useLastMoveMark(felt, lastMove);
  const yourTurn = view !== null && view.you !== null && view.status === "playing" && view.legal_moves.length > 0;
  const title = view ? titleOf(kinds, view.kind) : "a table";
  useTurnSignal(yourTurn, title);
  useTurnAlert(yourTurn, title);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The version a move was sent at: its answer comes before the view it leads to, and until
  // that view arrives the moves shown are the old ones, so none are offered meanwhile.
  const [sentAt, setSentAt] = useState<number | null>(null);
  const moved = useRef(false);
  useFocusKept(felt, view?.version ?? 0, moved);
  useEffect(() => {
    // A token that holds no seat here (another database, say) is dropped: the page watches.
    if (problem?.problem.code !== "wrong_token") return;
    forgetSeatToken(gameId);
    setToken(null);
  }, [problem]);
  if (problem) return <main class="panel"><Refused sentence={problem.message} /><Link href="/">back to the lobby</Link></main>;
  if (!view) return <main class="panel quiet">Opening the table...</main>;

  const send = async (command: Command): Promise<void> => {
    setRefusal(null);
    setSentAt(view.version);
    moved.current = true;
    try {
      await call(`/games/${gameId}/commands`, { method: "POST", token, body: command });
    } catch (error) {
      setRefusal(sentence(error));
      setSentAt(null);
    }
  };
  const moving = (sentAt !== null && view.version <= sentAt) || (view.every_seat && view.you !== null && !!view.seats[view.you]?.bot);
  const away = view.legal_moves.some((move) => move.type === RETURN.type);
  const Board = boardFor(view.kind);
  return (
    <main class="table-page" data-status={view.status} data-version={view.version}>
      <Header view={view} />
      <Seats seats={view.seats} you={view.you} toAct={seatToAct(view)} notes={(seat) => <Clock clock={view.clock} seat={seat} />} />
      <GraceWarning clock={view.clock} seat={view.you} />
      {away ? <BackToTable send={send} /> : null}
      {view.status === "open" ? <Waiting view={view} gameId={gameId} /> : null}
      {view.status === "open" || view.status === "new" ? <Seating view={view} gameId={gameId} seated={() => setToken(seatToken(gameId))} /> : null}
      <SandboxPanel view={view} gameId={gameId} token={token} seatShown={seatShown} />
      <Refused sentence={refusal} />
      {view.status === "finished" ? <Standings view={view} gameId={gameId} token={token} /> : <LatestLine told={told} />}
      <div class="table-play">
        <section class="felt" ref={felt} tabIndex={-1} aria-label="the table">
          <Board view={seatShown.view ?? view} seat={(seatShown.view ?? view).you} legalMoves={moving ? [] : (seatShown.view ?? view).legal_moves} send={send} />
        </section>
        <TableLog told={told} />
      </div>
    </main>
  );
}

function Header({ view }: { view: TableView }) {
  const kinds = useKinds();
  const who = view.you === null ? "watching" : `you are ${view.seats[view.you]?.name ?? `seat ${view.you}`}`;
  return (
    <header class="table-header">
      <h1>{titleOf(kinds, view.kind)}</h1>
      <span class="chip" data-testid="turn">
        {turnWords(view)}
      </span>
      <span class="quiet">{who}</span>
      {view.you !== null && view.status !== "finished" ? <TurnAlertToggle /> : null}
      <HowToPlay kind={view.kind} title={titleOf(kinds, view.kind)} />
    </header>
  );
}

function Seating({ view, gameId, seated }: { view: TableView; gameId: string; seated: () => void }) {
  if (view.you !== null && !hostToken(gameId)) return null; // seated, and not the host: nothing to do here
  return (
    <section class="panel seating">
      {view.you === null ? <TakeSeat gameId={gameId} onSeated={seated} /> : null}
      <HostControls gameId={gameId} />
    </section>
  );
}

/** After a move the element that had the focus (the card played, the place it went) may be
 * gone: the focus then goes to the first move the board offers, else to the board itself, so
 * a keyboard's player carries on from the table rather than from the top of the page. */
function useFocusKept(felt: { current: HTMLElement | null }, version: number, moved: { current: boolean }): void {
  useEffect(() => {
    const box = felt.current;
    const focused = document.activeElement;
    if (!box || !moved.current) return;
    moved.current = false;
    if (focused && focused !== document.body && focused.isConnected) return;
    const next = box.querySelector<HTMLElement>("[data-action]:not([disabled]), [tabindex='0']");
    (next ?? box).focus({ preventScroll: true });
  }, [version]);
}

const RETURN = { type: "return_to_table" } as const;

function BackToTable({ send }: { send: (command: Command) => Promise<void> }) {
  return (
    <section class="panel seating">
      <span>You were away: after a short grace, your turns are played for you until you say you are back.</span>
      <button type="button" class="button" data-action="return_to_table" onClick={() => void send(RETURN)}>
        I am back
      </button>
    </section>
  );
}

function Standings({ view, gameId, token }: { view: TableView; gameId: string; token: string | null }) {
  return (
    <section class="panel end-screen" data-testid="result">
      <h2 data-testid="outcome">{outcomeWords(view)}</h2>
      <StandingsTable view={view} />
      <Series view={view} />
      <p class="quiet" data-testid="scoring">{SCORING[view.kind]}</p>
      {view.sandbox ? null : <Rematch view={view} gameId={gameId} token={token} />}
      <p>
        <Link href={`/replay/${gameId}`}>replay this game</Link> ·{" "}
        <Link href="/">back to the lobby</Link>
      </p>
    </section>
  );
}

/** Who won, said to this viewer: "You won", "Ada won; you came 2nd", "Ada and Bo share first place". */
function outcomeWords(view: TableView): string {
  const name = (seat: number): string => (seat === view.you ? "you" : (view.seats[seat]?.name ?? `seat ${seat + 1}`));
  const first = view.standings.filter((standing) => standing.place === 1).map((standing) => name(standing.seat));
  const won = first.length === 1 ? `${first[0]} won` : `${first.join(" and ")} share first place`;
  const yours = view.standings.find((standing) => standing.seat === view.you && standing.place !== 1);
  const said = yours ? `${won}; you came ${ordinal(yours.place)}` : won;
  return said.startsWith("you") ? `Y${said.slice(1)}` : said;
}

function ordinal(place: number): string {
  const suffix = place % 100 >= 11 && place % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][place % 10] ?? "th");
  return `${place}${suffix}`;
}
