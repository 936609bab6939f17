// The datasets (`/data`): every kind's finished games, a file per calendar month (UTC), with
// its game count, size and SHA-256 (of the games so far for a month still going), each a download link
// (`GET /datasets/{kind}/{YYYY-MM}.ndjson.gz`; the format is in docs/datasets.md).
import { type Schemas } from "../http";
import { titleOf, useKinds } from "../kinds";
import { useRead } from "./scoreboard";
import "./people.css";

type Dataset = Schemas["DatasetMonth"];

function size(bytes: number | null): string {
  if (bytes === null) return "not built yet";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function DataPage() {
  const kinds = useKinds();
  const { answer, problem } = useRead<Dataset[]>("/datasets");
  return (
    <main class="people">
      <header class="panel people__header">
        <h1>Datasets</h1>
        <p class="quiet">
          Every finished game, one JSON line each (its options, seats, standings, seed and whole log), gzip-compressed, a file per kind and month. A file verifies offline with
          <code> cardroom verify FILE</code>.
        </p>
      </header>
      <section class="panel">
        {problem ? <p class="people__missing">{problem.message}</p> : null}
        {answer === null && !problem ? <p class="quiet">Reading the datasets...</p> : null}
        {answer !== null && !answer.length ? <p class="quiet" data-testid="no-datasets">No game has finished yet.</p> : null}
        {answer !== null && answer.length ? (
          <table class="ranking" data-testid="datasets">
            <thead>
              <tr>
                <th>game</th>
                <th>month</th>
                <th class="ranking__number">games</th>
                <th class="ranking__number">size</th>
                <th>SHA-256</th>
                <th>file</th>
              </tr>
            </thead>
            <tbody>
              {answer.map((each) => (
                <tr data-kind={each.kind} data-month={each.month}>
                  <td>{titleOf(kinds, each.kind)}</td>
                  <td>{each.month}{each.ended ? "" : " (so far)"}</td>
                  <td class="ranking__number" data-field="games">{each.games}</td>
                  <td class="ranking__number">
                    {size(each.size)}
                    {!each.ended && each.file_games !== null ? <span class="quiet"> ({each.file_games} games)</span> : null}
                  </td>
                  <td>{each.sha256 ? <code title={each.sha256}>{each.sha256.slice(0, 12)}…</code> : <span class="quiet">once built</span>}</td>
                  <td>
                    <a href={each.url} download class="button button--quiet" data-testid="download">
                      download
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </main>
  );
}
