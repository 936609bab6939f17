// Studying a game (docs/study.md): on a finished game's replay, "try from here" forks it at
// the step shown into a sandbox (`POST /games/{id}/forks`), the search bot's hints rank the
// moves of the seat to act at that step, and "forks of this game" lists the sandboxes opened;
// at a sandbox's table, the one who forked it plays every seat with one token,
// may let bots answer for the other seats, asks the search bot for hints and goes back to
// the step it was forked at; a player's own page lists the sandboxes they forked.
import { useEffect, useState } from "preact/hooks";
import { call, sentence, type Schemas, type TableView } from "../http";
import { commandWords } from "../games/words";
import { currentPlayer } from "../player";
import { Refused } from "../refused";
import { Link, navigate } from "../router";
import { keepSeatToken } from "../seats";
import { seatToAct } from "../turn";
import "./study.css";

type SandboxOpened = Schemas["SandboxOpened"];
type SandboxPage = Schemas["SandboxPage"];
type SandboxRow = Schemas["SandboxRow"];
type Hints = Schemas["Hints"];

const HINT_MILLISECONDS = 1500;
const HINTS_SHOWN = 10;
const BOT = "heuristic";

/** The replay's study panel: "try from here" and the hints for the seat to act at a step of
 * a finished game still in play, and the sandboxes forked from the game. */
export function StudyPanel({ gameId, view, over }: { gameId: string; view: TableView; over: boolean }) {
  if (!over) return null;
  const toAct = seatToAct(view);
  return (
    <section class="panel study" aria-label="study this game">
      <h2>Study</h2>
      {view.status === "playing" ? <TryFromHere gameId={gameId} at={view.version} /> : <p class="quiet">Pick a step of the game in play to try it from there.</p>}
      {toAct !== null ? <HintList gameId={gameId} seat={toAct} version={view.version} at={view.version} name={view.seats[toAct]?.name ?? ""} /> : null}
      <ForksOfThisGame gameId={gameId} />
    </section>
  );
}

function TryFromHere({ gameId, at }: { gameId: string; at: number }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const fork = async (): Promise<void> => {
    setRefusal(null);
    try {
      const token = currentPlayer()?.token ?? null;
      const opened = await call<SandboxOpened>(`/games/${gameId}/forks`, { method: "POST", token, body: { at } });
      if (opened.token) keepSeatToken(opened.id, opened.token);
      navigate(`/play/${opened.id}`);
    } catch (error) {
      setRefusal(sentence(error));
    }
  };
  return (
    <div class="study__try">
      <button type="button" class="button button--main" data-testid="try-from-here" onClick={() => void fork()}>
        try from here
      </button>
      <span class="quiet">a sandbox at step {at}: you play every seat</span>
      <Refused sentence={refusal} />
    </div>
  );
}

function ForksOfThisGame({ gameId }: { gameId: string }) {
  const [forks, setForks] = useState<SandboxRow[] | null>(null);
  useEffect(() => {
    call<SandboxPage>(`/games/${gameId}/forks`).then((page) => setForks(page.items), () => setForks([]));
  }, [gameId]);
  if (!forks || forks.length === 0) return null;
  return (
    <div data-testid="forks">
      <h3>Forks of this game</h3>
      <SandboxList rows={forks} />
    </div>
  );
}

function SandboxList({ rows }: { rows: SandboxRow[] }) {
  return (
    <ul class="study__forks">
      {rows.map((row) => (
        <li key={row.game_id}>
          <Link href={`/play/${row.game_id}`}>from step {row.at}</Link> <span class="quiet">{row.finished ? "played out" : "in play"}</span>
        </li>
      ))}
    </ul>
  );
}

/** A player's own sandboxes, on their page. */
export function MySandboxes({ handle }: { handle: string }) {
  const player = currentPlayer();
  const [rows, setRows] = useState<SandboxRow[] | null>(null);
  const mine = player !== null && player.handle === handle;
  useEffect(() => {
    if (!mine) return;
    call<SandboxPage>("/players/me/sandboxes", { token: player.token }).then((page) => setRows(page.items), () => setRows([]));
  }, [mine]);
  if (!mine || !rows || rows.length === 0) return null;
  return (
    <section class="panel" data-testid="my-sandboxes">
      <h2>Your sandboxes</h2>
      <SandboxList rows={rows} />
    </section>
  );
}

/** At a sandbox, the seat whose hand the table shows when it is not the seat to move's:
 * that seat's view, asked for again at each version (null: the seat to move's, streamed). */
export interface SeatShown {
  seat: number | null;
  view: TableView | null;
  show: (seat: number | null) => void;
}

export function useSeatShown(gameId: string, token: string | null, view: TableView | null): SeatShown {
  const [seat, show] = useState<number | null>(null);
  const [seen, setSeen] = useState<TableView | null>(null);
  const other = view !== null && view.every_seat && seat !== null && seat !== view.you;
  useEffect(() => {
    if (!other) return setSeen(null);
    let wanted = true;
    call<TableView>(`/games/${gameId}?seat=${seat}`, { token }).then((answer) => wanted && setSeen(answer), () => wanted && setSeen(null));
    return () => {
      wanted = false;
    };
  }, [other, seat, view?.version]);
  return { seat, view: other ? seen : null, show };
}

/** A sandbox's controls at its table: where it was forked from, whose hand the table shows,
 * who answers for the other seats, and the search bot's hints for the seat shown. */
export function SandboxPanel({ view, gameId, token, seatShown }: { view: TableView; gameId: string; token: string | null; seatShown: SeatShown }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const source = view.sandbox;
  if (!source) return null;
  const playing = view.status === "playing" && view.every_seat;
  const botsAnswer = view.seats.some((seat) => seat.bot);
  const hand = async (): Promise<void> => {
    setRefusal(null);
    const bots = view.seats.map((_, seat) => (botsAnswer || seat === view.you ? null : BOT));
    try {
      await call(`/games/${gameId}/commands`, { method: "POST", token, body: { type: "hand_seats", bots } });
    } catch (error) {
      setRefusal(sentence(error));
    }
  };
  return (
    <section class="panel study" aria-label="sandbox" data-testid="sandbox">
      <p>
        A sandbox of <Link href={`/replay/${source.source}?at=${source.at}`}>step {source.at} of its game</Link>: chance goes on from a seed of its own.
        {view.every_seat ? " You play every seat: the table shows the hand of the seat to move." : null}
      </p>
      {view.every_seat ? (
        <div class="study__switch" role="group" aria-label="whose hand the table shows">
          {view.seats.map((seat, number) => {
            const shown = (seatShown.view ?? view).you === number;
            return (
              <button type="button" key={number} class="button button--quiet" aria-pressed={shown} data-testid={`see-seat-${number}`} onClick={() => seatShown.show(number === view.you ? null : number)}>
                {seat.name}'s hand
              </button>
            );
          })}
        </div>
      ) : null}
      {playing ? (
        <div class="study__switch" role="group" aria-label="who plays the other seats">
          <button type="button" class="button" aria-pressed={!botsAnswer} data-testid="every-seat" disabled={!botsAnswer} onClick={() => void hand()}>
            play for every seat
          </button>
          <button type="button" class="button" aria-pressed={botsAnswer} data-testid="bots-answer" disabled={botsAnswer} onClick={() => void hand()}>
            let bots answer
          </button>
        </div>
      ) : null}
      <Refused sentence={refusal} />
      {playing && view.you !== null ? <HintList gameId={gameId} seat={view.you} version={view.version} name={view.seats[view.you]?.name ?? ""} /> : null}
    </section>
  );
}

/** The search bot's ranking of a seat's moves, asked for with a button: at a sandbox as it
 * stands, or (`at`) at a version of a finished game. */
function HintList({ gameId, seat, version, at, name }: { gameId: string; seat: number; version: number; at?: number; name: string }) {
  const [hints, setHints] = useState<Hints | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [all, setAll] = useState(false);
  useEffect(() => setHints(null), [version, seat]);
  const ask = async (): Promise<void> => {
    setRefusal(null);
    setAsking(true);
    try {
      const step = at === undefined ? "" : `&at=${at}`;
      setHints(await call<Hints>(`/games/${gameId}/hints?seat=${seat}${step}&milliseconds=${HINT_MILLISECONDS}`));
    } catch (error) {
      setRefusal(sentence(error));
    }
    setAsking(false);
  };
  return (
    <div class="study__hints">
      <button type="button" class="button" data-testid="show-hints" disabled={asking} onClick={() => void ask()}>
        {asking ? "thinking..." : `show hints for ${name}`}
      </button>
      <Refused sentence={refusal} />
      {hints ? (
        <ol class="study__ranked" data-testid="hints" data-moves={hints.moves.length} aria-label={`moves for ${name}, best first`}>
          {(all ? hints.moves : hints.moves.slice(0, HINTS_SHOWN)).map((hint, index) => (
            <li key={index}>
              <span>{commandWords(hint.move)}</span>{" "}
              <span class="quiet">
                {Math.round(hint.estimate * 100)}% · {hint.samples === 1 ? "1 sample" : `${hint.samples} samples`}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {hints && hints.moves.length > HINTS_SHOWN ? (
        <button type="button" class="button button--quiet" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? "the best ten" : `all ${hints.moves.length} moves`}
        </button>
      ) : null}
    </div>
  );
}
