// A game's replay (`/replay/{id}`): the table as a spectator saw it at any version, drawn by
// the kind's own board, with a scrubber that steps by move and by round and plays the game on
// by itself (`replaysteps.tsx`); beside it the log, one line per command told in the table's
// own sentences (the moves numbered, the table's own steps not), and, once the game is over,
// the audit of that log. `?at=N` in the address opens the replay at version N and follows the
// scrubber, so a link shares a moment of the game.
import { useEffect, useRef, useState } from "preact/hooks";
import { call, sentence, type Schemas, type TableView } from "../http";
import { boardFor } from "../games";
import { Seats, StandingsTable } from "../games/parts";
import { useKinds, titleOf } from "../kinds";
import { Refused } from "../refused";
import { Link } from "../router";
import { seatToAct, turnWords } from "../turn";
import { StudyPanel } from "./study";
import { Scrubber, stepsOf, versionSteps, type Step } from "./replaysteps";
import "./replay.css";

type LogRecord = Schemas["LogRecord"];
type GameLog = Schemas["GameLog"];
type AuditReport = Schemas["AuditReport"];
type Failure = Schemas["Failure"];
type VersionedEvent = Schemas["VersionedEvent"];

const LOG_PAGE = 1000;
const CHECK_NAMES: Record<string, string> = {
  seed_commitment: "Seed commitment",
  chance: "Chance",
  hash_chain: "Hash chain",
  commands: "Commands",
  standings: "Standings",
  source_link: "Source link",
};

interface Answer<T> {
  value: T | null;
  problem: string | null;
}

/** What `load` answers, loaded again whenever `key` changes (nothing while it is null). The
 * last value stays until the next arrives, and an answer overtaken by a newer key is dropped. */
function useAnswer<T>(key: string | null, load: () => Promise<T>): Answer<T> {
  const [answer, setAnswer] = useState<Answer<T>>({ value: null, problem: null });
  useEffect(() => {
    if (key === null) return;
    let wanted = true;
    load().then(
      (value) => {
        if (wanted) setAnswer({ value, problem: null });
      },
      (error: unknown) => {
        if (wanted) setAnswer((now) => ({ ...now, problem: sentence(error) }));
      },
    );
    return () => {
      wanted = false;
    };
  }, [key]);
  return answer;
}

function versionInAddress(): number | null {
  const at = Number(new URLSearchParams(location.search).get("at"));
  return Number.isInteger(at) && at >= 1 ? at : null;
}

export function ReplayPage({ gameId }: { gameId: string }) {
  const latest = useAnswer(gameId, () => call<TableView>(`/games/${gameId}`));
  const [wanted, setWanted] = useState(versionInAddress());
  const last = latest.value?.version ?? null;
  const at = last === null ? null : Math.min(Math.max(wanted ?? last, 1), last);
  const shown = useAnswer(at === null ? null : `${at}`, () => call<TableView>(`/games/${gameId}/replay?at=${at}`));
  const over = latest.value?.status === "finished";
  const log = useAnswer(over ? gameId : null, () => wholeLog(gameId));
  const steps = log.value ? stepsOf(log.value.records, log.value.said) : versionSteps(last ?? 0);
  useEffect(() => {
    if (at !== null) history.replaceState(history.state, "", `/replay/${gameId}?at=${at}`);
  }, [at]);

  const problem = latest.value ? shown.problem : latest.problem;
  if (problem && !shown.value) return <Gone sentence={problem} />;
  if (at === null || last === null || !shown.value) return <main class="panel quiet">Opening the replay...</main>;
  const view = shown.value;
  return (
    <main class="replay" data-status={view.status} data-version={view.version}>
      <ReplayHeader view={view} gameId={gameId} over={over} />
      <Scrubber at={at} last={last} steps={steps} scrub={setWanted} />
      <Refused sentence={shown.problem} />
      <section class="replay__table">
        <Seats seats={view.seats} you={null} toAct={seatToAct(view)} />
        <ReplayBoard view={view} />
        {view.status === "finished" ? <FinalStandings view={view} /> : null}
      </section>
      <aside class="replay__side">
        <StudyPanel gameId={gameId} view={view} over={over} />
        {over ? <Audit gameId={gameId} scrub={setWanted} /> : null}
        <Log log={log} steps={log.value ? steps : []} at={at} over={over} scrub={setWanted} />
      </aside>
    </main>
  );
}

function Gone({ sentence }: { sentence: string }) {
  return (
    <main class="panel">
      <Refused sentence={sentence} />
      <Link href="/">back to the lobby</Link>
    </main>
  );
}

function ReplayHeader({ view, gameId, over }: { view: TableView; gameId: string; over: boolean }) {
  const kinds = useKinds();
  return (
    <header class="table-header">
      <h1>{titleOf(kinds, view.kind)} · replay</h1>
      <span class="chip">{turnWords(view)}</span>
      {over ? null : (
        <span class="quiet">
          still being played: <Link href={`/play/${gameId}`}>watch it live</Link>
        </span>
      )}
    </header>
  );
}

/** The kind's own board, as a spectator sees it then: a replay offers no move. */
function ReplayBoard({ view }: { view: TableView }) {
  const Board = boardFor(view.kind);
  return (
    <section class="felt">
      {view.game ? null : <p class="replay__note">No game yet: the table waits for its players.</p>}
      <Board view={view} seat={null} legalMoves={[]} send={async () => {}} />
    </section>
  );
}

function FinalStandings({ view }: { view: TableView }) {
  return (
    <section class="panel">
      <h2>Final standings</h2>
      <StandingsTable view={view} />
    </section>
  );
}

function Audit({ gameId, scrub }: { gameId: string; scrub: (version: number) => void }) {
  const { value: report, problem } = useAnswer(gameId, () => call<AuditReport>(`/games/${gameId}/audit`));
  return (
    <section class="panel audit" data-testid="audit" data-ok={report ? String(report.ok) : undefined}>
      <h2>Audit</h2>
      <Refused sentence={problem} />
      {report ? (
        <>
          <p class={`audit__verdict audit__verdict--${report.ok ? "passed" : "failed"}`}>
            {report.ok ? "Every check passed: this log is the game as dealt and played." : "This log does not check out."}
          </p>
          {report.first_failure ? <FirstFailure failure={report.first_failure} scrub={scrub} /> : null}
          <ul class="audit__checks">
            {report.checks.map((check) => (
              <li class={`audit__check audit__check--${check.ok ? "passed" : "failed"}`} data-check={check.name} data-passed={String(check.ok)}>
                <span class="audit__mark" aria-label={check.ok ? "passed" : "failed"}>
                  {check.ok ? "✓" : "✗"}
                </span>
                <span class="audit__name">{CHECK_NAMES[check.name] ?? check.name.replaceAll("_", " ")}</span>
                <span class="audit__detail">{check.detail}</span>
              </li>
            ))}
          </ul>
        </>
      ) : problem ? null : (
        <p class="quiet">Checking the log...</p>
      )}
    </section>
  );
}

function FirstFailure({ failure, scrub }: { failure: Failure; scrub: (version: number) => void }) {
  const version = failure.version;
  return (
    <p class="audit__failure">
      First failure ({failure.check.replaceAll("_", " ")}): {failure.reason}
      {version === null ? null : (
        <>
          {" "}
          <button type="button" class="button--quiet" onClick={() => scrub(version)}>
            see version {version}
          </button>
        </>
      )}
    </p>
  );
}

/** The whole log and each event's narration (the same sentences the table showed). */
async function wholeLog(gameId: string): Promise<{ records: LogRecord[]; said: Map<number, string> }> {
  const records: LogRecord[] = [];
  for (;;) {
    const after = records.at(-1)?.version ?? 0;
    const page = await call<GameLog>(`/games/${gameId}/log?after=${after}&limit=${LOG_PAGE}`);
    records.push(...page.events);
    if (page.events.length < LOG_PAGE) break;
  }
  const said = new Map<number, string>();
  for (let after = 0; ; ) {
    const events = await call<VersionedEvent[]>(`/games/${gameId}/events?after=${after}&limit=${LOG_PAGE}`);
    for (const each of events) said.set(each.version, each.narration);
    after = events.at(-1)?.version ?? after;
    if (events.length < LOG_PAGE) return { records, said };
  }
}

type WholeLog = Awaited<ReturnType<typeof wholeLog>>;

function Log({ log, steps, at, over, scrub }: { log: Answer<WholeLog>; steps: Step[]; at: number; over: boolean; scrub: (version: number) => void }) {
  const { value, problem } = log;
  const records = value?.records;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Keep the current line in view inside the list, without scrolling the page.
    const box = list.current;
    const line = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !line) return;
    if (line.offsetTop < box.scrollTop || line.offsetTop + line.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = line.offsetTop - box.clientHeight / 2;
    }
  }, [at, records]);
  return (
    <section class="panel replay-log" data-testid="log">
      <h2>Log</h2>
      {!over ? <p class="quiet">The log is published once the game is over.</p> : null}
      <Refused sentence={problem} />
      {over && !records && !problem ? <p class="quiet">Reading the log...</p> : null}
      <ol class="replay-log__lines" ref={list}>
        {steps.map((step) => {
          const current = step.from <= at && at <= step.to;
          return (
            <li data-from={step.from} data-to={step.to} aria-current={current ? "step" : undefined} class={`replay-log__line${current ? " replay-log__line--current" : ""}`}>
              <button type="button" class="replay-log__jump" onClick={() => scrub(step.to)}>
                <span class="replay-log__versions">{step.move ? `move ${step.move}` : ""}</span>
                <span class="replay-log__words">{step.told.join(". ")}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
