// The CNO Cycle board: the reaction piles in the middle, each other seat's table area (its
// face-up cards and its counts) above, the viewer's own below: the play row, the stock's top
// card, the hand's face-up card and its cycling, the neon-20s set aside. There are no turns:
// the bots play while the person looks, so the board is redrawn from every new view. A card
// is laid in two steps: the card, then its pile, a new pile or the set-aside heap.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { BoardProps, CommandOf, GameOf } from "./board";
import { Card, Target, useShownWhen, type CardColour } from "./parts";
import { commandWords } from "./words";
import "./cno.css";

type Game = GameOf<"cno">;
type Area = Game["seats"][number];
type PileView = Game["piles"][number];
type CnoCard = PileView["top"];
type Isotope = CnoCard["isotope"];
type Move = CommandOf<"cno">;
type Lay = Extract<Move, { type: "play_card" | "start_pile" | "set_aside_neon" }>;
type Source = Lay["source"];
type Chosen = { source: Source; card: CnoCard };

const ROW: readonly Source[] = ["row_1", "row_2", "row_3", "row_4"];

/** Deck order: the CNO-I cycle, then the CNO-II/III/IV branches, then the neon leak. */
const ISOTOPES: readonly Isotope[] = ["C12", "N13", "C13", "N14", "O15", "N15", "O16", "F17", "O17", "F18", "O18", "F19", "Ne20"];

/** The pile tops each isotope may be laid on (the rules' `PLAYED_ON`): a card's corner. */
const PLAYED_ON: Record<Isotope, readonly Isotope[]> = {
  C12: ["N15"],
  N13: ["C12"],
  C13: ["N13"],
  N14: ["C13", "O17"],
  O15: ["N14"],
  N15: ["O15", "O18"],
  O16: ["N15", "F19"],
  F17: ["O16"],
  O17: ["F17"],
  F18: ["O17"],
  O18: ["F18"],
  F19: ["O18"],
  Ne20: ["F19"],
};

/** The same relation read from the pile's side: what may be laid on a given top. */
const FOLLOWERS = Object.fromEntries(
  ISOTOPES.map((top) => [top, ISOTOPES.filter((isotope) => PLAYED_ON[isotope].includes(top))]),
) as Record<Isotope, Isotope[]>;

const ELEMENT_COLOURS: Record<string, CardColour> = { C: "black", N: "blue", O: "red", F: "green", Ne: "orange" };

type RoundResult = Game["results"][number];

/** Why a round ended without a Done call. */
const STUCK_WORDS: Record<Exclude<RoundResult["reason"], "done">, string> = {
  stuck: "the table was stuck with someone out of cards",
  loop_guard: "the table stayed stuck after every reset",
};

function roundEndWords(result: RoundResult, names: string[]): string {
  const why = result.reason === "done" ? `${names[result.declared_by ?? -1] ?? "a player"} called Done` : STUCK_WORDS[result.reason];
  return `Round ${result.round} is over: ${why}`;
}

function element(isotope: Isotope): string {
  return isotope.replace(/\d+$/, "");
}

function sameCard(a: CnoCard, b: CnoCard): boolean {
  return a.owner === b.owner && a.isotope === b.isotope && (a.copy ?? 0) === (b.copy ?? 0);
}

function sourceWords(source: Source): string {
  return source.startsWith("row_") ? `row ${source.slice(4)}` : source;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function isLay(move: Move): move is Lay {
  return move.type === "play_card" || move.type === "start_pile" || move.type === "set_aside_neon";
}

/** The moves that lay `card` from `source`: onto a pile, onto a new pile, or aside. */
function laysOf(moves: Move[], { source, card }: Chosen): Lay[] {
  return moves.filter((move): move is Lay => isLay(move) && move.source === source && sameCard(move.card, card));
}

/** The round's score if it ended now, as the rules count it, from what the view shows. */
function scoreNow(game: Game, seat: number): number {
  const area = game.seats[seat];
  if (!area) return 0;
  const left = area.hand_size + area.stock_size + area.row.filter((card) => card !== null).length;
  const bonus = game.piles.filter((pile) => pile.closed && pile.top.owner === seat).reduce((sum, pile) => sum + pile.size, 0);
  return 2 * area.played - left + bonus;
}

interface FaceProps {
  card: CnoCard;
  /** Where the card lies, in words ("your play row, place 2"): the name of a card that is not
   * a button begins with it (a button is named by what it shows, inside a group named so). */
  where?: string;
  small?: boolean;
  selected?: boolean;
  action?: string;
  onClick?: () => void;
}

export function Face({ card, where, small, selected, action, onClick }: FaceProps) {
  const colour = ELEMENT_COLOURS[element(card.isotope)] ?? "white";
  const corner = small ? undefined : `on ${PLAYED_ON[card.isotope].join(" ")}`;
  const name = where ? `${where}: ${[card.isotope, corner].filter(Boolean).join(" ")}` : undefined;
  const look = { label: card.isotope, colour, ...(corner ? { corner } : {}), ...(name ? { name } : {}) };
  const face = action && onClick ? <Card {...look} selected={selected ?? false} action={action} onClick={onClick} /> : <Card {...look} />;
  return small ? <span class="cno__small">{face}</span> : face;
}

function Slot({ label, where, children }: { label: string; where: string; children?: ComponentChildren }) {
  return (
    <div class="cno__slot" role="group" aria-label={where}>
      {children ?? <span class="card card--empty" role="img" aria-label={`${where}, empty`} />}
      <span class="cno__slot-label">{label}</span>
    </div>
  );
}

interface SourceProps {
  source: Source;
  card: CnoCard | null;
  label: string;
  where: string;
  moves: Move[];
  chosen: Chosen | null;
  choose: (chosen: Chosen) => void;
}

/** A face-up card of the viewer's own: clickable while it can be laid somewhere. */
function SourceCard({ source, card, label, where, moves, chosen, choose }: SourceProps) {
  if (!card) return <Slot label={label} where={where} />;
  const playable = laysOf(moves, { source, card }).length > 0;
  const selected = chosen !== null && chosen.source === source && sameCard(chosen.card, card);
  return (
    <Slot label={label} where={where}>
      {playable ? (
        <Face card={card} selected={selected} action={`${card.isotope} from ${sourceWords(source)}`} onClick={() => choose({ source, card })} />
      ) : (
        <Face card={card} where={where} />
      )}
    </Slot>
  );
}

function Backs({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span class="cno__backs" title={`${plural(count, "card")} face down`}>
      {Array.from({ length: Math.min(count, 5) }, () => <span class="cno__back" />)}
    </span>
  );
}

function Mini({ card, where }: { card: CnoCard | null; where?: string }) {
  if (card) return where ? <Face card={card} where={where} small /> : <Face card={card} small />;
  const empty = where ? <span class="card card--empty" role="img" aria-label={`${where}, empty`} /> : <span class="card card--empty" />;
  return <span class="cno__small">{empty}</span>;
}

function MiniGroup({ label, field, children }: { label: string; field?: string; children: ComponentChildren }) {
  return (
    <div class="cno__mini-group">
      <span class="cno__mini-cards">{children}</span>
      <span class="cno__mini-label" data-field={field}>{label}</span>
    </div>
  );
}

/** Once the game is over every card is shown: what each seat had left in hand and stock. */
function Leftovers({ area }: { area: Area }) {
  if (!area.hand || !area.stock) return null;
  const left = [...area.hand, ...area.stock];
  return (
    <div class="cno__leftovers">
      <span class="cno__group-label">left in hand and stock · {left.length}</span>
      <span class="cno__leftover-cards">{left.map((card) => <Mini card={card} />)}</span>
    </div>
  );
}

function Opponent({ game, seat, name }: { game: Game; seat: number; name: string }) {
  const area = game.seats[seat] as Area;
  return (
    <li class="cno__opponent" data-seat={seat}>
      <span class="cno__opponent-name">{name}</span>
      <div class="cno__opponent-table">
        <MiniGroup label="play row">{area.row.map((card, index) => <Mini card={card} where={`${name}'s play row, place ${index + 1}`} />)}</MiniGroup>
        <MiniGroup label={`stock ${area.stock_size}`} field="stock">
          <Mini card={area.stock_top} where={`${name}'s stock, top card`} />
        </MiniGroup>
        <MiniGroup label={`hand ${area.hand_size}`} field="hand">
          <Mini card={area.hand_top} where={`${name}'s hand, top card`} />
          <Backs count={area.hand_size - 1} />
        </MiniGroup>
      </div>
      <span class="cno__counts">
        <span data-field="laid">laid {area.played}</span>
        <span data-field="aside">set aside {area.set_aside.length}</span>
      </span>
      <Leftovers area={area} />
    </li>
  );
}

interface PilesProps {
  game: Game;
  names: string[];
  targets: Lay[];
  go: (move: Move) => void;
}

function Piles({ game, names, targets, go }: PilesProps) {
  const onto = (index: number) => targets.find((move) => move.type === "play_card" && move.pile === index);
  const fresh = targets.find((move) => move.type === "start_pile");
  return (
    <div class="cno__piles">
      <div class="cno__piles-label">
        reaction piles · {game.piles.length} of {game.max_piles}
      </div>
      <ol class="cno__pile-list">
        {game.piles.map((pile, index) => (
          <Pile pile={pile} index={index} owner={names[pile.top.owner] ?? ""} move={onto(index)} go={go} />
        ))}
        {fresh ? (
          <li class="cno__pile">
            <Target label="new pile" action="new pile" onClick={() => go(fresh)} />
          </li>
        ) : null}
      </ol>
    </div>
  );
}

function Pile({ pile, index, owner, move, go }: { pile: PileView; index: number; owner: string; move: Lay | undefined; go: (move: Move) => void }) {
  const takes = pile.closed ? "closed by neon" : `takes ${FOLLOWERS[pile.top.isotope].join(" ")}`;
  const where = `pile ${index + 1}, topped by ${owner}`;
  return (
    <li class={`cno__pile${pile.closed ? " cno__pile--closed cards--dim" : ""}${move ? " cno__pile--target" : ""}`} data-pile={index} title={`topped by ${owner}`}>
      {move ? (
        <span class="cno__pile-card" role="group" aria-label={where}>
          <Face card={pile.top} action={`pile ${index + 1}`} onClick={() => go(move)} />
        </span>
      ) : (
        <Face card={pile.top} where={where} />
      )}
      <span class="cno__pile-size">{plural(pile.size, "card")}</span>
      <span class="cno__pile-takes">{takes}</span>
    </li>
  );
}

function Status({ game, seat, names, moves, finished }: { game: Game; seat: number | null; names: string[]; moves: Move[]; finished: boolean }) {
  const last = game.results[game.results.length - 1];
  const ended = last ? roundEndWords(last, names) : "";
  if (finished) {
    const best = Math.max(...game.totals);
    const winners = names.filter((_, index) => game.totals[index] === best);
    return <div class="cno__status">{ended}. {winners.join(" and ")} {winners.length === 1 ? "wins" : "share the win"}.</div>;
  }
  if (game.phase !== "playing") return <div class="cno__status">{ended ? `${ended}. Deal the next round.` : "Waiting for the deal."}</div>;
  if (seat === null) return <div class="cno__status">No turns: everyone plays at once.</div>;
  const lays = new Set(moves.filter(isLay).map((move) => move.source)).size;
  const words = lays
    ? `Your turn, any time: ${plural(lays, "card")} of yours can be laid now`
    : moves.some((move) => move.type === "cycle_hand")
      ? "Your turn, any time: nothing to lay, cycle your hand"
      : "Nothing you can lay: the others play on";
  return (
    <div class={`cno__status${lays ? " cno__status--you" : ""}`}>
      {words}
      {game.resets ? <span class="cno__resets"> · stuck, rows reset {game.resets} of {game.reset_limit}</span> : null}
    </div>
  );
}

interface OwnProps {
  area: Area;
  live: boolean;
  moves: Move[];
  chosen: Chosen | null;
  choose: (chosen: Chosen) => void;
  go: (move: Move) => void;
}

function Group({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="cno__group">
      <div class="cno__group-label">{label}</div>
      {children}
    </div>
  );
}

function OwnArea({ area, live, moves, chosen, choose, go }: OwnProps) {
  const cycle = moves.find((move) => move.type === "cycle_hand");
  const source = (name: Source, card: CnoCard | null, label: string, where: string) => (
    <SourceCard source={name} card={card} label={label} where={where} moves={moves} chosen={chosen} choose={choose} />
  );
  return (
    <div class={`cno__own${live ? " cno__own--live cards--dim" : ""}`}>
      <Group label="your play row">
        <div class="cno__cards">{ROW.map((name, index) => source(name, area.row[index] ?? null, `${index + 1}`, `your play row, place ${index + 1}`))}</div>
      </Group>
      <Group label={`stock · ${area.stock_size}`}>
        <div class="cno__cards cno__cards--stacked">
          {source("stock", area.stock_top, "top", "your stock, top card")}
          <Backs count={area.stock_size - 1} />
        </div>
      </Group>
      <Group label={`hand · ${area.hand_size}`}>
        <div class="cno__cards cno__cards--stacked">
          {source("hand", area.hand_top, "top", "your hand, top card")}
          <Backs count={area.hand_size - 1} />
        </div>
        {cycle ? (
          <button type="button" class="move cno__cycle" data-action="cycle hand" title="put the top card under the hand" onClick={() => go(cycle)}>
            ↻ cycle
          </button>
        ) : null}
      </Group>
      <Group label={`set aside · ${area.set_aside.length}`}>
        <div class="cno__cards">
          <Mini card={area.set_aside[area.set_aside.length - 1] ?? null} where="your set-aside heap, top card" />
        </div>
      </Group>
    </div>
  );
}

function Scores({ game, seat, names }: { game: Game; seat: number | null; names: string[] }) {
  const series = game.rounds > 1 || game.target_score > 0;
  return (
    <table class="cno__scores">
      <caption>
        Round {game.round} of {game.rounds}
        {game.target_score ? ` · first to ${game.target_score}` : ""}
      </caption>
      <thead>
        <tr>
          <th scope="col">player</th>
          <th scope="col">laid</th>
          <th scope="col">{game.phase === "playing" ? "score now" : "round"}</th>
          {series ? <th scope="col">total</th> : null}
        </tr>
      </thead>
      <tbody>
        {names.map((name, index) => (
          <tr class={index === seat ? "cno__scores--you" : ""} data-seat={index}>
            <th scope="row">{name}</th>
            <td>{game.seats[index]?.played ?? 0}</td>
            <td>{game.phase === "playing" ? scoreNow(game, index) : (game.results[game.results.length - 1]?.scores[index] ?? 0)}</td>
            {series ? <td>{game.totals[index]}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The second step of laying the chosen card: the piles light up; a neon-20 may go aside. */
function Prompt({ chosen, targets, go }: { chosen: Chosen; targets: Lay[]; go: (move: Move) => void }) {
  const aside = targets.find((move) => move.type === "set_aside_neon");
  const onPiles = targets.length > (aside ? 1 : 0);
  return (
    <div class="cno__prompt">
      <span>
        Your {chosen.card.isotope} from {sourceWords(chosen.source)}:{onPiles ? " pick a bright pile" : ""}
        {onPiles && aside ? " or" : ""}
      </span>
      {aside ? <Target label="set it aside" action="set aside" onClick={() => go(aside)} /> : null}
    </div>
  );
}

/** The moves that concern the whole table: the start, Done, the next round's deal. */
function TableMoves({ moves, go }: { moves: Move[]; go: (move: Move) => void }) {
  const shown = moves.filter((move) => move.type === "start_game" || move.type === "declare_done" || move.type === "deal_round");
  return (
    <div class="cno__moves">
      {shown.map((move) => (
        <button type="button" class={`move${move.type === "declare_done" ? " cno__done" : ""}`} data-action={commandWords(move)} onClick={() => go(move)}>
          {move.type === "declare_done" ? "Done! end the round now" : commandWords(move)}
        </button>
      ))}
    </div>
  );
}

export function Board({ view, seat, legalMoves, send }: BoardProps<"cno">) {
  const [sending, setSending] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const piles = useShownWhen<HTMLDivElement>(chosen !== null);
  const go = (move: Move): void => {
    setSending(true);
    setChosen(null);
    send(move).finally(() => setSending(false));
  };
  const moves = sending ? [] : legalMoves;
  const tableMoves = <TableMoves moves={moves} go={go} />;
  const game = view.game;
  if (!game) return <div class="cno">{tableMoves}</div>;

  const names = view.seats.map((s, index) => s?.name ?? `seat ${index + 1}`);
  const targets = chosen ? laysOf(moves, chosen) : [];
  const choose = (card: Chosen): void => {
    const lays = laysOf(moves, card);
    const [only] = lays;
    if (lays.length === 1 && only) go(only);
    else setChosen(chosen && chosen.source === card.source && sameCard(chosen.card, card.card) ? null : card);
  };
  const own = seat !== null ? game.seats[seat] : undefined;

  return (
    <div class="cno">
      <ol class="cno__opponents">
        {game.seats.map((_, index) => (index === seat ? null : <Opponent game={game} seat={index} name={names[index] ?? ""} />))}
      </ol>
      <div ref={piles}>
        <Piles game={game} names={names} targets={targets} go={go} />
      </div>
      <div class="dock">
        <Status game={game} seat={seat} names={names} moves={legalMoves} finished={view.status === "finished"} />
        {chosen && targets.length ? <Prompt chosen={chosen} targets={targets} go={go} /> : null}
        {tableMoves}
        {own ? <OwnArea area={own} live={game.phase === "playing"} moves={moves} chosen={chosen} choose={choose} go={go} /> : null}
      </div>
      {own ? <Leftovers area={own} /> : null}
      <Scores game={game} seat={seat} names={names} />
    </div>
  );
}
