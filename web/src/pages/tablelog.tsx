// What happened at a table, as a person follows it: a running log of every event told in
// words to this viewer (newest last, kept in view, the whole game long; a run of the same
// minor event told as one line, "Ada turned over 6 cards"), a polite live region that announces each
// new sentence to screen readers, the last move marked on the board with a short animation
// (none under prefers-reduced-motion), and the tab's title and icon showing your turn.
import type { RefObject } from "preact";
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { lineWords, logLines, placeOf, worthTelling, type Move, type Told } from "../narration";
import { setPageTitle, SITE_TITLE } from "../title";
import "./tablelog.css";

const MARK = "last-move";

export function TableLog({ told }: { told: Told[] }) {
  const list = useRef<HTMLOListElement>(null);
  const lines = logLines(told);
  const latest = lines.at(-1);
  useEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [latest?.version]);
  const latestWords = latest ? lineWords(latest) : "";
  return (
    <section class="panel table-log" aria-labelledby="table-log-title">
      <h2 id="table-log-title">What happened</h2>
      <ol class="table-log__lines" ref={list} data-testid="table-log" tabIndex={0} aria-label="moves so far">
        {lines.map((line) => (
          <li key={line.version - line.count} data-event-version={line.version} data-type={line.type} data-count={line.count} class={line === latest ? "table-log__line table-log__line--latest" : "table-log__line"}>
            {lineWords(line)}
          </li>
        ))}
      </ol>
      <p class="visually-hidden" aria-live="polite" data-testid="announcer">
        {latestWords}
      </p>
    </section>
  );
}

/** The latest sentence alone, above the board on a narrow screen, where the log lies below
 * it (screen readers hear it from the log's live region, so it is hidden from them). */
export function LatestLine({ told }: { told: Told[] }) {
  const latest = told.filter(worthTelling).at(-1);
  return (
    <p class="table-latest" aria-hidden="true" data-testid="latest">
      {latest?.narration ?? ""}
    </p>
  );
}

/** Marks where the last move put its card, inside `felt`, after every drawing of the board
 * (the board draws its own classes, so the mark is put back each time). */
export function useLastMoveMark(felt: RefObject<HTMLElement | null>, move: Move | null): void {
  useLayoutEffect(() => {
    const box = felt.current;
    if (!box) return;
    const place = move ? box.querySelector<HTMLElement>(placeOf(move)) : null;
    for (const marked of Array.from(box.querySelectorAll<HTMLElement>(`.${MARK}`))) {
      if (marked !== place) {
        marked.classList.remove(MARK);
        delete marked.dataset["lastMove"];
      }
    }
    if (!place || !move || place.dataset["lastMove"] === String(move.version)) return;
    // A new move on the same place plays the animation again: the class comes off first.
    place.classList.remove(MARK);
    void place.offsetWidth;
    place.classList.add(MARK);
    place.dataset["lastMove"] = String(move.version);
  });
}

/** The tab's title and icon say when it is this viewer's turn, so a person in another tab
 * sees it; both come back when the page is left. */
export function useTurnSignal(yourTurn: boolean, title: string): void {
  useEffect(() => {
    setPageTitle(yourTurn ? `Your turn · ${title} · ${SITE_TITLE}` : `${title} · ${SITE_TITLE}`);
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = yourTurn ? "/assets/icon-turn.svg" : "/assets/icon.svg";
  }, [yourTurn, title]);
  useEffect(
    () => () => {
      setPageTitle(null);
      const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (icon) icon.href = "/assets/icon.svg";
    },
    [],
  );
}
