// What happened at a table, as a person follows it: a running log of every event told in
// words to this viewer (newest last, kept in view), a polite live region that announces each
// new sentence to screen readers, the last move marked on the board with a short animation
// (none under prefers-reduced-motion), and the tab's title and icon showing your turn.
import type { RefObject } from "preact";
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import type { Kind } from "../games/board";
import { placeOf, worthTelling, type Move, type Told } from "../narration";
import "./tablelog.css";

const SHOWN = 200;
const MARK = "last-move";

export function TableLog({ told }: { told: Told[] }) {
  const list = useRef<HTMLOListElement>(null);
  const lines = told.filter(worthTelling).slice(-SHOWN);
  const latest = lines.at(-1);
  useEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [latest?.version]);
  return (
    <section class="panel table-log" aria-labelledby="table-log-title">
      <h2 id="table-log-title">What happened</h2>
      <ol class="table-log__lines" ref={list} data-testid="table-log" tabIndex={0} aria-label="moves so far">
        {lines.map((line) => (
          <li key={line.version} data-event-version={line.version} data-type={line.type} class={line === latest ? "table-log__line table-log__line--latest" : "table-log__line"}>
            {line.narration}
          </li>
        ))}
      </ol>
      <p class="visually-hidden" aria-live="polite" data-testid="announcer">
        {latest?.narration ?? ""}
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

/** What a person must see during play, by kind: the board's prompt and their own hand. */
const PLAY_PARTS: Record<Kind, string[]> = {
  gnono: [".gnono__turn", ".gnono__hand"],
  mad: [".mad__turn", ".mad__hand"],
  onexeno: [".onexeno__turn", ".onexeno__hand"],
  ecliptic: [".ecliptic__turn", ".ecliptic__hand"],
  cno: [".cno__status", ".cno__prompt", ".cno__own"],
};
const SMALLEST = 0.45;
const MARGIN = 8;

/** Scales the board down (never up) so that, the page unscrolled, the prompt and the hand
 * end within the screen: on a laptop or a phone a person plays without scrolling. */
export function useFitToScreen(felt: RefObject<HTMLElement | null>, kind: Kind, playing: boolean, version: number): void {
  useEffect(() => {
    let first = true;
    const fit = (): void => {
      const board = felt.current?.firstElementChild;
      if (!(board instanceof HTMLElement)) return;
      const scale = Number(board.dataset["scale"] ?? 1);
      const parts = PLAY_PARTS[kind].map((part) => board.querySelector(part)).filter((part) => part !== null);
      const top = board.getBoundingClientRect().top + window.scrollY;
      const bottom = Math.max(top, ...parts.map((part) => part.getBoundingClientRect().bottom + window.scrollY));
      const room = window.innerHeight - top - MARGIN;
      const fitted = playing && parts.length ? Math.min(1, Math.max(SMALLEST, (room * scale) / (bottom - top || 1))) : 1;
      // Within one version the board only shrinks: a preview shown under the pointer must
      // not make it sway under the click. Each new version is fitted afresh.
      const wanted = first ? fitted : Math.min(fitted, scale);
      first = false;
      // Scaled as drawn (no reflow, so the scale found is the scale kept); the room the board
      // no longer fills below it is given back.
      board.style.transform = wanted === 1 ? "" : `scale(${wanted})`;
      board.style.transformOrigin = "top center";
      board.style.marginBottom = wanted === 1 ? "" : `${-(1 - wanted) * board.offsetHeight}px`;
      board.dataset["scale"] = String(wanted);
    };
    // Measured at every frame: a board changes under many causes (a card chosen, the latest
    // sentence taking a second line), and measuring a drawn page is cheap.
    let frame = requestAnimationFrame(function again() {
      fit();
      frame = requestAnimationFrame(again);
    });
    return () => cancelAnimationFrame(frame);
  }, [kind, playing, version]);
}

const TITLE = "Cardroom";

/** The tab's title and icon say when it is this viewer's turn, so a person in another tab
 * sees it; both come back when the page is left. */
export function useTurnSignal(yourTurn: boolean, title: string): void {
  useEffect(() => {
    document.title = yourTurn ? `Your turn · ${title} · ${TITLE}` : `${title} · ${TITLE}`;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = yourTurn ? "/assets/icon-turn.svg" : "/assets/icon.svg";
  }, [yourTurn, title]);
  useEffect(
    () => () => {
      document.title = TITLE;
      const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (icon) icon.href = "/assets/icon.svg";
    },
    [],
  );
}
