// The MAD board: the 5 x 5 Core as a grid of cards, the Stockpile, each other seat's hand as a
// count (with the cards it picked up from the Core, which are public), the viewer's hand face
// up and the cards each seat holds (fewest wins). A card is placed in two steps: the card,
// then its space. A space where the card would set off a Criticality is marked with the
// number of cards it would pick up; pointing at it marks those cards in the Core.
import { useState } from "preact/hooks";
import type { BoardProps, CommandOf, GameOf } from "./board";
import { Card, Pile, useRovingGrid, useShownWhen, type CardColour } from "./parts";
import { commandWords } from "./words";
import "./mad.css";

type Game = GameOf<"mad">;
type MadCard = Game["hand"][number];
type Element = MadCard["element"];
type Move = CommandOf<"mad">;
type Placement = Extract<Move, { type: "place_card" }>;
/** The Core's spaces row by row, as the rules number them. */
type Spaces = (MadCard | null)[];

const SIZE = 5;
const CRITICAL_MASS = 3;

const ELEMENTS: Record<Element, { colour: CardColour; symbol: string; name: string }> = {
  Pu: { colour: "purple", symbol: "◆", name: "plutonium" },
  Ra: { colour: "green", symbol: "✦", name: "radium" },
  Th: { colour: "blue", symbol: "▲", name: "thorium" },
  U: { colour: "yellow", symbol: "●", name: "uranium" },
};

const END_WORDS: Record<Game["end_reasons"][number], string> = {
  core_emptied: "the Core was emptied",
  core_full: "the Core is full",
  hand_emptied: "a hand was emptied",
  stockpile_short: "the Stockpile ran short",
};

function cardName(card: MadCard): string {
  return `${card.element} ${card.number}`;
}

/** The card in words: "plutonium 5". */
function cardWords(card: MadCard): string {
  return `${ELEMENTS[card.element].name} ${card.number}`;
}

function sameCard(a: MadCard, b: MadCard): boolean {
  return a.element === b.element && a.number === b.number;
}

function spaceName(space: number): string {
  return `row ${Math.floor(space / SIZE) + 1}, column ${(space % SIZE) + 1}`;
}

function isPlacementOf(card: MadCard) {
  return (move: Move): move is Placement => move.type === "place_card" && sameCard(move.card, card);
}

// The Core's geometry and its Criticalities, as the rules state them.

function sides(space: number): number[] {
  const row = Math.floor(space / SIZE);
  const column = space % SIZE;
  const steps: [number, number][] = [[row - 1, column], [row + 1, column], [row, column - 1], [row, column + 1]];
  return steps.filter(([r, c]) => r >= 0 && r < SIZE && c >= 0 && c < SIZE).map(([r, c]) => r * SIZE + c);
}

/** The spaces side-connected to `start` through cards that are `same` as the card there. */
function group(spaces: Spaces, start: number, same: (a: MadCard, b: MadCard) => boolean): Set<number> {
  const origin = spaces[start];
  const found = new Set<number>();
  if (!origin) return found;
  const frontier = [start];
  found.add(start);
  for (let space = frontier.pop(); space !== undefined; space = frontier.pop()) {
    for (const side of sides(space)) {
      const card = spaces[side];
      if (!found.has(side) && card && same(card, origin)) {
        found.add(side);
        frontier.push(side);
      }
    }
  }
  return found;
}

/** The spaces whose cards the placement would pick up: its same-number and same-element
 * groups that hold CRITICAL_MASS cards or more. */
function criticality(spaces: Spaces, card: MadCard, space: number): number[] {
  const after = spaces.map((held, index) => (index === space ? card : held));
  const numbers = group(after, space, (a, b) => a.number === b.number);
  const elements = group(after, space, (a, b) => a.element === b.element);
  const critical = [numbers, elements].filter((found) => found.size >= CRITICAL_MASS);
  return [...new Set(critical.flatMap((found) => [...found]))].sort((a, b) => a - b);
}

// The pieces of the board.

export function Face({ card, action, selected, onClick }: { card: MadCard; action?: string; selected?: boolean; onClick?: () => void }) {
  const { colour, symbol } = ELEMENTS[card.element];
  const corner = `${symbol} ${card.element}`;
  if (action && onClick) {
    return <Card label={String(card.number)} corner={corner} colour={colour} name={cardWords(card)} selected={selected ?? false} action={action} onClick={onClick} />;
  }
  return <Card label={String(card.number)} corner={corner} colour={colour} name={cardWords(card)} />;
}

function OpenCards({ label, cards }: { label: string; cards: MadCard[] }) {
  if (!cards.length) return null;
  return (
    <span class="mad__open" title={`${label}: ${cards.map(cardName).join(", ")}`}>
      <span class="mad__open-label">{label}</span>
      {cards.map((card) => (
        <Face key={cardName(card)} card={card} />
      ))}
    </span>
  );
}

function Opponent({ name, index, seat, toAct, hand }: { name: string; index: number; seat: Game["seats"][number]; toAct: boolean; hand: MadCard[] | undefined }) {
  const count = seat.hand_size;
  return (
    <li class={`mad__opponent${toAct ? " mad__opponent--to-act" : ""}`} data-seat={index}>
      <span class="mad__opponent-name">{name}</span>
      <span class="mad__backs">
        {Array.from({ length: Math.min(count, 8) }, () => <span class="mad__back" />)}
      </span>
      <span class="mad__count">{count} {count === 1 ? "card" : "cards"}</span>
      {hand?.length ? <OpenCards label="hand" cards={hand} /> : <OpenCards label="picked up" cards={seat.picked_up} />}
    </li>
  );
}

/** A space the chosen card may go to, and the spaces whose cards it would pick up there. */
interface Target {
  placement: Placement;
  critical: number[];
}

/** What makes a space one stop of the Core's roving focus (see `useRovingGrid`). */
type CellProps = ReturnType<ReturnType<typeof useRovingGrid>["cell"]>;

interface SpaceProps {
  index: number;
  cell: CellProps;
  card: MadCard | null;
  target: Target | undefined;
  doomed: boolean;
  point(space: number | null): void;
  place(move: Placement): void;
}

function Space({ index, cell, card, target, doomed, point, place }: SpaceProps) {
  const row = Math.floor(index / SIZE);
  const column = index % SIZE;
  const classes = `mad__space${doomed ? " mad__space--doomed" : ""}`;
  const where = spaceName(index);
  if (card) {
    const words = `${where}: ${cardWords(card)}${doomed ? ", would be picked up" : ""}`;
    return (
      <div class={classes} data-row={row} data-column={column} role="img" aria-label={words} {...cell}>
        <Face card={card} />
      </div>
    );
  }
  if (!target) return <div class={classes} data-row={row} data-column={column} role="img" aria-label={`${where}, empty`} {...cell} />;
  const picked = target.critical.length;
  const name = `place ${cardName(target.placement.card)} on ${where}`;
  const words = `${where}, empty: place your ${cardWords(target.placement.card)} here`;
  return (
    <div class={classes} data-row={row} data-column={column}>
      <button
        type="button"
        class={`mad__target${picked ? " mad__target--critical" : ""}`}
        data-action={name}
        data-critical={picked}
        title={picked ? `${name}: a Criticality, you pick up ${picked} cards` : name}
        aria-label={picked ? `${words}, a Criticality (+${picked}): you would pick up ${picked} cards` : words}
        onClick={() => place(target.placement)}
        onMouseEnter={() => point(index)}
        onMouseLeave={() => point(null)}
        {...cell}
        onFocus={() => {
          cell.onFocus();
          point(index);
        }}
        onBlur={() => point(null)}
      >
        {picked ? (
          <>
            <span class="mad__radiation">☢</span>
            <span class="mad__picked">+{picked}</span>
          </>
        ) : (
          <span class="mad__safe">place</span>
        )}
      </button>
    </div>
  );
}

function Stockpile({ size, draw }: { size: number; draw: (() => void) | null }) {
  return (
    <Pile label="Stockpile" count={size}>
      {draw ? <Card label="Draw" back action="draw" onClick={draw} /> : size ? <Card label="" back /> : undefined}
    </Pile>
  );
}

function Tally({ names, seats, you, toAct }: { names: string[]; seats: Game["seats"]; you: number | null; toAct: number | null }) {
  const fewest = Math.min(...seats.map((seat) => seat.hand_size));
  return (
    <table class="mad__tally">
      <caption>Cards in hand · fewest wins</caption>
      <tbody>
        {seats.map((seat, index) => (
          <tr class={`${index === you ? "mad__tally--you" : ""}${index === toAct ? " mad__tally--to-act" : ""}`} data-seat={index}>
            <th scope="row">{names[index]}</th>
            <td>{seat.hand_size}</td>
            <td class="mad__lead">{seat.hand_size === fewest ? "★ fewest" : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function turnWords(game: Game, names: string[], seat: number | null, canDraw: boolean): string {
  if (game.phase === "finished") {
    return `Game over: ${game.end_reasons.map((reason) => END_WORDS[reason]).join(", ")}`;
  }
  if (game.turn === null) return "Waiting for the deal";
  if (game.turn !== seat) return `${names[game.turn]}'s turn`;
  if (game.must_place) return `Your turn: place the ${cardName(game.must_place)} you drew`;
  if (canDraw) return "Your turn: no card fits, draw from the Stockpile";
  return game.phase === "proliferation"
    ? "Your turn: place a card on a space with no card beside it"
    : "Your turn: place a card beside one sharing its number or element";
}

const PHASE_WORDS: Record<Game["phase"], string> = {
  dealing: "dealing",
  proliferation: "Nuclear Proliferation",
  escalation: "Nuclear Escalation",
  finished: "game over",
};

/** Each space the chosen card may go to, with the spaces of the Criticalities it would set
 * off there (none in Nuclear Proliferation). */
function targetsOf(moves: Move[], card: MadCard | null, spaces: Spaces, phase: Game["phase"]): Map<number, Target> {
  const placements = card ? moves.filter(isPlacementOf(card)) : [];
  return new Map(
    placements.map((placement) => {
      const space = placement.row * SIZE + placement.column;
      const critical = phase === "escalation" ? criticality(spaces, placement.card, space) : [];
      return [space, { placement, critical }];
    }),
  );
}

function Core({ spaces, targets, pointed, point, place }: { spaces: Spaces; targets: Map<number, Target>; pointed: number | null; point(space: number | null): void; place(move: Placement): void }) {
  const doomed = new Set(pointed === null ? [] : (targets.get(pointed)?.critical ?? []));
  const { cell, onKeyDown } = useRovingGrid(spaces.length, SIZE);
  return (
    <div class="mad__core" role="group" aria-label="the Core: arrow keys move between its spaces" onKeyDown={onKeyDown}>
      {spaces.map((card, index) => (
        <Space key={index} index={index} cell={cell(index)} card={card} target={targets.get(index)} doomed={doomed.has(index)} point={point} place={place} />
      ))}
    </div>
  );
}

function Legend() {
  return (
    <ul class="mad__legend">
      {Object.entries(ELEMENTS).map(([element, { colour, symbol, name }]) => (
        <li key={element}>
          <span class={`mad__swatch card--${colour}`}>{symbol}</span> {element} {name}
        </li>
      ))}
    </ul>
  );
}

function Hint({ card, targets }: { card: MadCard; targets: Map<number, Target> }) {
  const critical = [...targets.values()].some((target) => target.critical.length);
  return (
    <div class="mad__hint">
      Choose a space for your {cardName(card)}
      {critical ? " · ☢ +n: a Criticality, you would pick up its n cards" : ""}
    </div>
  );
}

interface OwnHandProps {
  hand: MadCard[];
  picked: MadCard[];
  selected: MadCard | null;
  yourTurn: boolean;
  placeable(card: MadCard): boolean;
  choose(card: MadCard | null): void;
}

function OwnHand({ hand, picked, selected, yourTurn, placeable, choose }: OwnHandProps) {
  const isSelected = (card: MadCard): boolean => selected !== null && sameCard(selected, card);
  const isPublic = (card: MadCard): boolean => picked.some((seen) => sameCard(seen, card));
  return (
    <div class="mad__hand">
      <div class="mad__label">
        your hand · {hand.length} {hand.length === 1 ? "card" : "cards"}
        {picked.length ? " · ◉ picked up, seen by all" : ""}
      </div>
      <div class={`mad__cards${yourTurn ? " mad__cards--turn cards--dim" : ""}`}>
        {hand.map((card) => (
          <span key={cardName(card)} class={`mad__held${isPublic(card) ? " mad__held--public" : ""}`}>
            {placeable(card) ? (
              <Face card={card} action={`select ${cardName(card)}`} selected={isSelected(card)} onClick={() => choose(isSelected(card) ? null : card)} />
            ) : (
              <Face card={card} />
            )}
          </span>
        ))}
      </div>
    </div>
  );
}

function OtherMoves({ moves, sending, go }: { moves: Move[]; sending: boolean; go(move: Move): void }) {
  return (
    <div class="mad__moves">
      {moves.map((move) => (
        <button type="button" class="move" data-action={commandWords(move)} disabled={sending} onClick={() => go(move)}>
          {commandWords(move)}
        </button>
      ))}
    </div>
  );
}

export function Board({ view, seat, legalMoves, send }: BoardProps<"mad">) {
  const [sending, setSending] = useState(false);
  const [chosen, setChosen] = useState<MadCard | null>(null);
  const [pointed, setPointed] = useState<number | null>(null);
  const centre = useShownWhen<HTMLDivElement>(chosen !== null);
  const go = (move: Move): void => {
    setSending(true);
    setChosen(null);
    setPointed(null);
    send(move).finally(() => setSending(false));
  };
  const game = view.game;
  const others = legalMoves.filter((move) => move.type !== "place_card" && move.type !== "draw_cards");
  const otherMoves = <OtherMoves moves={others} sending={sending} go={go} />;
  if (!game) return <div class="mad">{otherMoves}</div>;

  const names = view.seats.map((s, index) => s?.name ?? `seat ${index + 1}`);
  const spaces: Spaces = game.core.flat();
  const placeable = (card: MadCard): boolean => !sending && legalMoves.some(isPlacementOf(card));
  const selected = chosen && placeable(chosen) ? chosen : null;
  const targets = targetsOf(legalMoves, selected, spaces, game.phase);
  const drawMove = legalMoves.find((move) => move.type === "draw_cards");
  const toAct = game.phase === "finished" ? null : game.turn;
  const yourTurn = seat !== null && toAct === seat;
  // Once the game is over every hand is open, the viewer's own among them.
  const hand = seat === null ? [] : game.hand.length ? game.hand : (game.hands[seat] ?? []);

  return (
    <div class="mad">
      <ol class="mad__opponents">
        {game.seats.map((seatView, index) =>
          index === seat ? null : (
            <Opponent key={index} name={names[index] ?? ""} index={index} seat={seatView} toAct={index === toAct} hand={game.hands[index]} />
          ),
        )}
      </ol>

      <div class="mad__centre" ref={centre}>
        <Core spaces={spaces} targets={targets} pointed={pointed} point={setPointed} place={go} />
        <div class="mad__side">
          <span class={`mad__phase mad__phase--${game.phase}`}>{PHASE_WORDS[game.phase]}</span>
          <Stockpile size={game.stockpile_size} draw={drawMove && !sending ? () => go(drawMove) : null} />
          <Legend />
        </div>
      </div>

      <div class="dock">
        <div class={`mad__turn${yourTurn ? " mad__turn--you" : ""}`}>{turnWords(game, names, seat, Boolean(drawMove))}</div>
        {selected ? <Hint card={selected} targets={targets} /> : null}
        {otherMoves}

        {seat !== null ? (
          <OwnHand
            hand={hand}
            picked={game.seats[seat]?.picked_up ?? []}
            selected={selected}
            yourTurn={yourTurn}
            placeable={placeable}
            choose={setChosen}
          />
        ) : null}
      </div>

      <Tally names={names} seats={game.seats} you={seat} toAct={toAct} />
    </div>
  );
}
