// The ONEXENO board: the field of placed cards, each drawn from its pattern as it lies turned
// (dark and light border cells around its number, so matching edges meet), the stack, each
// other seat's hand size, taken points and total (and team in the partners game), the seat's
// own hand and the scores. A card is placed in three steps: the card, its turn, then a place.
import { useState } from "preact/hooks";
import type { BoardProps, CommandOf, GameOf } from "./board";
import { useRovingGrid } from "./parts";
import "./onexeno.css";

type Game = GameOf<"onexeno">;
type Move = CommandOf<"onexeno">;
type Placement = Extract<Move, { type: "place_card" }>;
type OnexenoCard = Game["hand"][number];
type Placed = Game["field"][number];
type SeatView = Game["seats"][number];

const CELLS = 8;
const CELL_NAMES = ["top-left", "top", "top-right", "right", "bottom-right", "bottom", "bottom-left", "left"];
/** A card's nine squares in reading order: the border cell shown there, or null for the centre. */
const SQUARES = [0, 1, 2, 7, null, 3, 6, 5, 4];
const TURNS = ["as dealt", "¼ turn", "½ turn", "¾ turn"];
const TEAM_NAMES = ["A", "B", "C"];
/** The field never exceeds SPAN x SPAN cards. */
const SPAN = 5;

/** The border a pattern shows turned `rotation` quarter turns clockwise (bit i: cell i is dark). */
function faceOf(pattern: number, rotation: number): number {
  const shift = 2 * (rotation % 4);
  return ((pattern << shift) | (pattern >> (CELLS - shift))) & 0xff;
}

/** The card as players name it: "the 3 with dark top-left, top and right". */
function cardName(card: OnexenoCard): string {
  const dark = CELL_NAMES.filter((_, cell) => (card.pattern >> cell) & 1);
  if (!dark.length) return "the 0, all light";
  if (dark.length === CELLS) return "the 8, all dark";
  const listed = dark.length === 1 ? dark[0] : `${dark.slice(0, -1).join(", ")} and ${dark[dark.length - 1]}`;
  return `the ${card.value} with dark ${listed}`;
}

function placementsOf(moves: Move[], card: OnexenoCard): Placement[] {
  return moves.filter((move): move is Placement => move.type === "place_card" && move.card.pattern === card.pattern);
}

function rotationsOf(placements: Placement[]): number[] {
  return [...new Set(placements.map((move) => move.rotation))].sort((a, b) => a - b);
}

/** The one way a card may lie, when it may lie only one way: then it needs no turning. */
function soleRotation(rotations: number[]): number | null {
  return rotations.length === 1 ? (rotations[0] ?? null) : null;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The part of the table to draw: the field and a free ring around it where it may still grow,
 * and every target (all within it unless the field is empty). */
function windowOf(field: Placed[], targets: Placement[]): Box {
  const cells = field.length ? field : [{ row: 0, col: 0 }];
  const rows = cells.map((cell) => cell.row);
  const cols = cells.map((cell) => cell.col);
  const grow = (low: number, high: number): [number, number] => (high - low + 1 < SPAN ? [low - 1, high + 1] : [low, high]);
  const [top, bottom] = grow(Math.min(...rows), Math.max(...rows));
  const [left, right] = grow(Math.min(...cols), Math.max(...cols));
  return targets.reduce(
    (box, { row, col }) => ({
      top: Math.min(box.top, row),
      bottom: Math.max(box.bottom, row),
      left: Math.min(box.left, col),
      right: Math.max(box.right, col),
    }),
    { top, bottom, left, right },
  );
}

/** A card's face, named in full for a screen reader ("the 3 with dark top and right"), not
 * by the number printed in its middle alone. */
export function CardFace({ card, rotation = 0 }: { card: OnexenoCard; rotation?: number }) {
  const face = faceOf(card.pattern, rotation);
  const words = rotation ? `${cardName(card)}, ${TURNS[rotation]}` : cardName(card);
  return (
    <span class="onexeno__card" title={words} role="img" aria-label={words}>
      {SQUARES.map((cell) =>
        cell === null ? (
          <span class="onexeno__value">{card.value}</span>
        ) : (
          <span class={`onexeno__square onexeno__square--${(face >> cell) & 1 ? "dark" : "light"}`} />
        ),
      )}
    </span>
  );
}

function cellKey(row: number, col: number): string {
  return `${row},${col}`;
}

/** One cell of the field: a placed card, a place the chosen card may go, or an empty cell. */
interface SlotProps {
  placed: Placed | undefined;
  /** A card of the line last taken, shown where it lay until the next card is placed. */
  taken: Placed | undefined;
  takenBy: string;
  target: Placement | undefined;
  /** The cell as players call it: "row 2, column 3", counted from the field drawn. */
  where: string;
  /** What makes the cell one stop of the field's roving focus (see `useRovingGrid`). */
  cell: ReturnType<ReturnType<typeof useRovingGrid>["cell"]>;
  onPlace: (move: Placement) => void;
}

function Slot({ placed, taken, takenBy, target, where, cell, onPlace }: SlotProps) {
  if (placed) {
    const card = `ONEXENO card ${placed.card.value}${placed.rotation ? `, ${TURNS[placed.rotation]}` : ""}`;
    return (
      <span class="onexeno__slot onexeno__slot--card" data-cell={cellKey(placed.row, placed.col)} role="img" aria-label={`${where}, ${card}`} {...cell}>
        <CardFace card={placed.card} rotation={placed.rotation} />
      </span>
    );
  }
  if (taken && !target) {
    const card = `ONEXENO card ${taken.card.value}`;
    return (
      <span class="onexeno__slot onexeno__slot--taken" data-cell={cellKey(taken.row, taken.col)} data-testid="taken" role="img" aria-label={`${where}, ${card} taken by ${takenBy}, now empty`} title={`taken by ${takenBy}`} {...cell}>
        <CardFace card={taken.card} rotation={taken.rotation} />
      </span>
    );
  }
  if (target) {
    return (
      <button type="button" class="onexeno__slot onexeno__target" data-cell={cellKey(target.row, target.col)} data-action={`place at ${where}`} title={`place it here (${where})`} aria-label={`${where}, empty: place your ${target.card.value} here`} onClick={() => onPlace(target)} {...cell}>
        <CardFace card={target.card} rotation={target.rotation} />
      </button>
    );
  }
  return <span class="onexeno__slot" role="img" aria-label={`${where}, empty`} {...cell} />;
}

/** The line last taken off the field, where its cards lay, and who took it in words. */
interface Capture {
  cards: Placed[];
  by: string;
}

function captureOf(game: Game, names: string[], seat: number | null): Capture | null {
  const captured = game.captured;
  if (!captured) return null;
  const by = captured.seat === seat ? "you" : (names[captured.seat] ?? `seat ${captured.seat + 1}`);
  return { cards: [...captured.cards], by };
}

function Field({ field, captured, targets, onPlace }: { field: Placed[]; captured: Capture | null; targets: Placement[]; onPlace: (move: Placement) => void }) {
  const box = windowOf([...field, ...(captured?.cards ?? [])], targets);
  const placed = new Map(field.map((card) => [cellKey(card.row, card.col), card]));
  const taken = new Map((captured?.cards ?? []).map((card) => [cellKey(card.row, card.col), card]));
  const targeted = new Map(targets.map((move) => [cellKey(move.row, move.col), move]));
  const columns = box.right - box.left + 1;
  const { cell, onKeyDown } = useRovingGrid((box.bottom - box.top + 1) * columns, columns);
  return (
    <div class="onexeno__field" role="group" aria-label="the field: arrow keys move between its cells" onKeyDown={onKeyDown}>
      {range(box.top, box.bottom).map((row) => (
        <div class="onexeno__row">
          {range(box.left, box.right).map((col) => (
            <Slot
              placed={placed.get(cellKey(row, col))}
              taken={taken.get(cellKey(row, col))}
              takenBy={captured?.by ?? ""}
              target={targeted.get(cellKey(row, col))}
              where={`row ${row - box.top + 1}, column ${col - box.left + 1}`}
              cell={cell((row - box.top) * columns + col - box.left)}
              onPlace={onPlace}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

function Stack({ size }: { size: number }) {
  return (
    <div class="onexeno__stack" title="the face-down stack: each turn begins with its top card">
      <span class={`onexeno__back${size ? "" : " onexeno__back--empty"}`} />
      <span class="onexeno__label">
        stack <strong class="onexeno__stack-size">{size}</strong>
      </span>
    </div>
  );
}

interface Table {
  game: Game;
  names: string[];
  teams: number;
  toAct: number | null;
  you: number | null;
}

function teamOf(table: Table, seat: number): string | null {
  const { teams, game } = table;
  return teams ? (TEAM_NAMES[seat % (game.seats.length / 2)] ?? null) : null;
}

/** Partners sit opposite each other. */
function isYourPartner({ teams, you, game }: Table, seat: number): boolean {
  const seats = game.seats.length;
  return teams > 0 && you !== null && seat === (you + seats / 2) % seats;
}

function withTeam(table: Table, seat: number): string {
  const team = teamOf(table, seat);
  return team ? `${table.names[seat]} (${team})` : (table.names[seat] ?? "");
}

function SeatFacts({ table, index, seat }: { table: Table; index: number; seat: SeatView }) {
  const team = teamOf(table, index);
  return (
    <span class="onexeno__facts">
      {team ? <span class="onexeno__tag">team {team}</span> : null}
      {isYourPartner(table, index) ? <span class="onexeno__tag">your partner</span> : null}
      {index === table.game.dealer ? <span class="onexeno__tag">dealer</span> : null}
      {seat.benched ? <span class="onexeno__tag onexeno__tag--out">out this hand</span> : null}
      <span>
        taken <strong>{seat.taken_points}</strong>
      </span>
      <span>
        total <strong>{seat.total}</strong>
      </span>
    </span>
  );
}

function Opponent({ table, index, seat }: { table: Table; index: number; seat: SeatView }) {
  const count = seat.hand_size;
  // Once the game is over every hand is open.
  const open = table.game.hands[index] ?? [];
  return (
    <li class={`onexeno__opponent${index === table.toAct ? " onexeno__opponent--to-act" : ""}`} data-seat={index}>
      <span class="onexeno__name">{table.names[index]}</span>
      {open.length ? (
        <span class="onexeno__open" title="the cards left in this hand">
          {open.map((card) => (
            <CardFace card={card} />
          ))}
        </span>
      ) : (
        <span class="onexeno__backs">
          {range(1, Math.min(count, 8)).map(() => (
            <span class="onexeno__back onexeno__back--small" />
          ))}
        </span>
      )}
      <span class="onexeno__count">
        {count} {count === 1 ? "card" : "cards"}
      </span>
      <SeatFacts table={table} index={index} seat={seat} />
    </li>
  );
}

function turnWords(table: Table, seat: number | null, legalMoves: Move[], step: string): string {
  const { game, names } = table;
  if (game.phase === "finished") return "Game over: the last hand stays on the table";
  if (game.turn < 0) {
    const next = (game.dealer + 1) % game.seats.length;
    const dealer = next === seat ? "you deal" : `${names[next]} deals`;
    return `Hand ${game.hand_number} is over: ${dealer} the next`;
  }
  if (game.turn !== seat) return `${names[game.turn]}'s turn`;
  if (!legalMoves.some((move) => move.type === "place_card")) return "Your turn: no card fits, so pass";
  return `Your turn: ${step}`;
}

function Scores({ table, seat }: { table: Table; seat: number | null }) {
  const { game } = table;
  const hands = game.hands_to_play > 1 ? game.history : [];
  return (
    <table class="onexeno__scores" data-testid="scores">
      <caption>
        Scores · hand {game.hand_number} of {game.hands_to_play}
      </caption>
      <thead>
        <tr>
          <th scope="col">{table.teams ? "player (team)" : "player"}</th>
          <th scope="col">taken</th>
          {hands.map((_, number) => (
            <th scope="col">hand {number + 1}</th>
          ))}
          <th scope="col">total</th>
        </tr>
      </thead>
      <tbody>
        {game.seats.map((standing, index) => (
          <tr class={index === seat ? "onexeno__scores--you" : ""} data-seat={index}>
            <th scope="row">{withTeam(table, index)}</th>
            <td>{standing.taken_points}</td>
            {hands.map((scores) => (
              <td>{scores[index]}</td>
            ))}
            <td>{standing.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Choice {
  card: OnexenoCard;
  rotation: number | null;
}

function HandCards({ hand, legalMoves, choice, disabled, onPick }: {
  hand: OnexenoCard[];
  legalMoves: Move[];
  choice: Choice | null;
  disabled: boolean;
  onPick: (card: OnexenoCard) => void;
}) {
  return (
    <div class="onexeno__cards">
      {hand.map((card) =>
        placementsOf(legalMoves, card).length ? (
          <button
            type="button"
            class={`onexeno__pick${choice?.card.pattern === card.pattern ? " onexeno__pick--chosen" : ""}`}
            data-action={`card ${cardName(card)}`}
            title={cardName(card)}
            aria-pressed={choice?.card.pattern === card.pattern}
            disabled={disabled}
            onClick={() => onPick(card)}
          >
            <CardFace card={card} />
          </button>
        ) : (
          <span class="onexeno__held">
            <CardFace card={card} />
          </span>
        ),
      )}
    </div>
  );
}

function Turns({ card, rotations, chosen, disabled, onTurn }: {
  card: OnexenoCard;
  rotations: number[];
  chosen: number | null;
  disabled: boolean;
  onTurn: (rotation: number) => void;
}) {
  return (
    <div class="onexeno__turns">
      <span class="onexeno__label">turn it:</span>
      {rotations.map((rotation) => (
        <button
          type="button"
          class={`onexeno__turn-choice${rotation === chosen ? " onexeno__turn-choice--chosen" : ""}`}
          data-action={`turn ${TURNS[rotation]}`}
          aria-pressed={rotation === chosen}
          disabled={disabled}
          onClick={() => onTurn(rotation)}
        >
          <CardFace card={card} rotation={rotation} />
          <span class="onexeno__turn-words">{TURNS[rotation]}</span>
        </button>
      ))}
    </div>
  );
}

const MOVE_WORDS: Record<string, string> = {
  start_game: "start the game",
  deal_hand: "deal the next hand",
  pass: "pass",
};

function OtherMoves({ moves, stackSize, disabled, onMove }: { moves: Move[]; stackSize: number; disabled: boolean; onMove: (move: Move) => void }) {
  const others = moves.filter((move) => move.type !== "place_card");
  if (!others.length) return null;
  return (
    <div class="onexeno__moves">
      {others.map((move) => (
        <button type="button" class="move" data-action={MOVE_WORDS[move.type] ?? move.type} disabled={disabled} onClick={() => onMove(move)}>
          {MOVE_WORDS[move.type] ?? move.type}
          {move.type === "pass" && stackSize === 0 ? " (for good: the stack is empty)" : ""}
        </button>
      ))}
    </div>
  );
}

export function Board({ view, seat, legalMoves, send }: BoardProps<"onexeno">) {
  const [sending, setSending] = useState(false);
  const [choice, setChoice] = useState<Choice | null>(null);
  const go = (move: Move): void => {
    setSending(true);
    setChoice(null);
    send(move).finally(() => setSending(false));
  };
  const game = view.game;
  const otherMoves = <OtherMoves moves={legalMoves} stackSize={game?.stack_size ?? 0} disabled={sending} onMove={go} />;
  if (!game) return <div class="onexeno">{otherMoves}</div>;

  const table: Table = {
    game,
    names: view.seats.map((s, index) => s?.name ?? `seat ${index + 1}`),
    teams: view.options?.teams ?? 0,
    toAct: game.phase === "playing" && game.turn >= 0 ? game.turn : null,
    you: seat,
  };
  // A choice made before the moves changed holds only while its card may still be placed.
  const placements = choice ? placementsOf(legalMoves, choice.card) : [];
  const chosen = placements.length ? choice : null;
  const rotations = rotationsOf(placements);
  const rotation = chosen?.rotation ?? soleRotation(rotations);
  const targets = rotation === null ? [] : placements.filter((move) => move.rotation === rotation);
  const pick = (card: OnexenoCard): void =>
    setChoice(chosen?.card.pattern === card.pattern ? null : { card, rotation: null });
  const step = !chosen ? "pick a card" : rotation === null ? "turn it" : "place it on a bright spot";
  const yourTurn = seat !== null && table.toAct === seat;
  const own = seat === null ? null : game.seats[seat];
  // Once the game is over every hand is open, the viewer's own among them.
  const hand = seat === null ? [] : game.hand.length ? game.hand : (game.hands[seat] ?? []);

  return (
    <div class="onexeno">
      <ol class="onexeno__opponents">
        {game.seats.map((standing, index) => (index === seat ? null : <Opponent table={table} index={index} seat={standing} />))}
      </ol>

      <div class="onexeno__centre">
        <Field field={game.field} captured={captureOf(game, table.names, seat)} targets={sending ? [] : targets} onPlace={go} />
        <Stack size={game.stack_size} />
      </div>

      <div class="dock">
        <div class={`onexeno__turn${yourTurn ? " onexeno__turn--you" : ""}`}>
          {turnWords(table, seat, legalMoves, step)}
        </div>

        {seat !== null && own ? (
          <div class={`onexeno__hand${yourTurn ? " onexeno__hand--turn" : ""}`} data-seat={seat}>
            <div class="onexeno__hand-head">
              <span class="onexeno__label">
                your hand · {hand.length} {hand.length === 1 ? "card" : "cards"}
                {yourTurn ? " · bright cards fit the field" : ""}
              </span>
              <SeatFacts table={table} index={seat} seat={own} />
            </div>
            <HandCards hand={hand} legalMoves={legalMoves} choice={chosen} disabled={sending} onPick={pick} />
          </div>
        ) : null}

        {chosen && rotations.length > 1 ? (
          <Turns card={chosen.card} rotations={rotations} chosen={rotation} disabled={sending} onTurn={(turn) => setChoice({ card: chosen.card, rotation: turn })} />
        ) : null}

        {otherMoves}
      </div>

      <Scores table={table} seat={seat} />
    </div>
  );
}
