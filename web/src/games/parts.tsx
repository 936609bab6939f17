// Shared pieces for the boards, styled by app.css (classes only: no inline styles).
//
// - `Card`: one card face. `label` is what is printed on it ("5", "Wild", "N13"); `colour`
//   tints it from a fixed palette; `corner` is an optional small second label (a suit, a
//   sign). Without `onClick` it is plain; with one it is a button, and `action` becomes its
//   `data-action` (see the clicking convention in board.ts). `selected` raises it (the first
//   step of a two-step move, exposed as `aria-pressed`); `back` shows the card face down.
//   `name` is what it is in words ("red Skip"): the accessible name of a card that is not a
//   button (a button is named by what it shows, which must then say as much).
// - `Hand`: a row of cards that wraps on narrow screens; `label` names it ("your hand").
// - `Pile`: a stack seen from above: its top card (or an empty place) and how many it holds.
// - `Seats`: the players around the table, the one to act and the viewer's own marked.
// - `Target`: an empty place to click for the second step of a move (`action` required).
// - `useRovingGrid`: arrow keys move the focus between the cells of a grid, which is one tab
//   stop (a roving tabindex); each cell's focusable element spreads `cell(index)`.
// - `useShownWhen`: on a narrow screen, the element it refers to scrolls to the top of the
//   screen when `shown` turns true (the board a chosen card goes to, above the hand's dock).
// - `StandingsTable`: a finished game's standings by place (`data-testid="standings"`, the
//   table the browser tests read), the viewer's own row marked.
import type { ComponentChildren, RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import "./parts.css";
import type { TableView } from "../http";

export type CardColour =
  | "red" | "blue" | "green" | "yellow" | "purple" | "orange" | "black" | "white" | "grey";

interface CardProps {
  label: string;
  colour?: CardColour;
  corner?: string;
  action?: string;
  selected?: boolean;
  back?: boolean;
  name?: string;
  onClick?: () => void;
}

export function Card({ label, colour = "white", corner, action, selected, back, name, onClick }: CardProps) {
  const classes = ["card", `card--${colour}`, selected ? "card--selected" : "", back ? "card--back" : ""].join(" ");
  const face = back ? null : (
    <>
      <span class="card__label">{label}</span>
      {corner ? <span class="card__corner">{corner}</span> : null}
    </>
  );
  const words = back ? "a card face down" : (name ?? label);
  if (!onClick) {
    return name || back ? <span class={classes} title={words} role="img" aria-label={words}>{face}</span> : <span class={classes} title={words}>{face}</span>;
  }
  return (
    <button type="button" class={classes} data-action={action ?? label} onClick={onClick} title={name ?? label} aria-pressed={selected ?? false}>
      {face}
    </button>
  );
}

export function Hand({ label, children }: { label?: string; children: ComponentChildren }) {
  return (
    <div class="hand">
      {label ? <div class="hand__label">{label}</div> : null}
      <div class="hand__cards">{children}</div>
    </div>
  );
}

export function Pile({ label, count, children }: { label: string; count: number; children?: ComponentChildren }) {
  return (
    <div class="pile">
      <div class="pile__top">{children ?? <span class="card card--empty" />}</div>
      <div class="pile__label">
        {label} <span class="pile__count">{count}</span>
      </div>
    </div>
  );
}

export function Target({ label, action, onClick }: { label: string; action: string; onClick: () => void }) {
  return (
    <button type="button" class="target" data-action={action} onClick={onClick}>
      {label}
    </button>
  );
}

const STEPS: Record<string, (columns: number) => number> = {
  ArrowRight: () => 1,
  ArrowLeft: () => -1,
  ArrowDown: (columns) => columns,
  ArrowUp: (columns) => -columns,
};

/** Arrow keys within a grid of `count` cells, `columns` a row: ArrowLeft and ArrowRight keep
 * to the row, ArrowUp and ArrowDown to the column; Home and End go to the row's ends. The
 * focusable element of each cell spreads `cell(index)`; the grid's element takes `onKeyDown`. */
export function useRovingGrid(count: number, columns: number) {
  const [active, setActive] = useState(0);
  const current = Math.max(0, Math.min(active, count - 1));
  const cell = (index: number) => ({
    tabIndex: index === current ? 0 : -1,
    "data-grid-cell": index,
    onFocus: () => setActive(index),
  });
  const onKeyDown = (event: KeyboardEvent): void => {
    const rowStart = current - (current % columns);
    const target =
      event.key === "Home" ? rowStart
      : event.key === "End" ? Math.min(rowStart + columns, count) - 1
      : current + (STEPS[event.key]?.(columns) ?? Number.NaN);
    const sameRow = event.key === "ArrowLeft" || event.key === "ArrowRight" ? Math.floor(target / columns) === Math.floor(current / columns) : true;
    if (Number.isNaN(target) || target < 0 || target >= count || !sameRow) return;
    event.preventDefault();
    setActive(target);
    (event.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-grid-cell="${target}"]`)?.focus();
  };
  return { cell, onKeyDown };
}

interface SeatsProps {
  seats: { name: string; bot?: string | null }[];
  you: number | null;
  toAct?: number | null;
  notes?: (seat: number) => ComponentChildren;
}

export function Seats({ seats, you, toAct = null, notes }: SeatsProps) {
  return (
    <ol class="seats">
      {seats.map((seat, index) => (
        <li class={`seat${index === toAct ? " seat--to-act" : ""}${index === you ? " seat--you" : ""}`} data-seat={index}>
          <span class="seat__name">{seat.name}</span>
          {seat.bot ? <span class="seat__bot">{seat.bot} bot</span> : null}
          {index === you ? <span class="seat__you">you</span> : null}
          {notes ? <span class="seat__notes">{notes(index)}</span> : null}
        </li>
      ))}
    </ol>
  );
}

export function StandingsTable({ view }: { view: TableView }) {
  const ordered = [...view.standings].sort((a, b) => a.place - b.place || a.seat - b.seat);
  return (
    <table class="standings" data-testid="standings">
      <thead>
        <tr>
          <th>place</th>
          <th>player</th>
          <th>score</th>
        </tr>
      </thead>
      <tbody>
        {ordered.map((standing) => (
          <tr data-seat={standing.seat} class={standing.seat === view.you ? "standings--you" : ""}>
            <td data-field="place">{standing.place}</td>
            <td data-field="name">{view.seats[standing.seat]?.name}</td>
            <td data-field="score">{standing.score}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Narrow screens: those where the hand's dock covers the lower part of the table. */
const NARROW = "(max-width: 40rem)";

/** On a narrow screen the hand's dock (sticky at the bottom) covers the lower part of the
 * table, so once a card is chosen the board it goes to is scrolled to the top of the screen,
 * its targets above the dock. */
export function useShownWhen<T extends HTMLElement>(shown: boolean): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!shown || !ref.current || !window.matchMedia(NARROW).matches) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    ref.current.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }, [shown]);
  return ref;
}
